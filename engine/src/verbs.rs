//! Game actions as kernel verbs (900–920 in the 汎用TCG's terms, but generic): the only way
//! scripts change the state. Each verb logs what it does when the rules name it.
use crate::decision::{Decision, DecisionKind, Opt};
use crate::def::game::Visibility;
use crate::error::RunError;
use crate::game::Game;
use crate::host::Fail;
use crate::ids::{CardIdx, ObjId, PlayerId, ZoneId};
use crate::state::MAX_COUNTERS;
use crate::value::Value;
use rand_core::Rng;

/// The event every zone change raises (807.5), with `card`, `new`, `from`, `to`, `player`.
pub const MOVED: &str = "移動";

/// Where a moved card goes in an ordered zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    Top,
    Bottom,
}

impl Game {
    /// The current object of a physical card, or None if `id` is stale (302.3).
    pub fn current(&self, id: ObjId) -> Option<&crate::state::Obj> {
        self.st
            .objects
            .get(id.card as usize)
            .filter(|o| o.incarnation == id.incarnation)
    }

    pub fn obj_id(&self, card: CardIdx) -> ObjId {
        self.st.objects[card as usize].id(card)
    }

    pub(crate) fn live(&self, id: ObjId) -> Result<CardIdx, Fail> {
        match self.current(id) {
            Some(_) => Ok(id.card),
            None => Err(Fail::Run(RunError::Definition(format!(
                "object {} no longer exists (it changed zones)",
                self.handle(id)
            )))),
        }
    }

    /// The card's name in Japanese (its definition's name).
    pub fn name(&self, card: CardIdx) -> &str {
        &self.defs.cards.cards[self.st.objects[card as usize].def as usize]
            .named
            .name
    }

    pub fn zone_cards(&self, zone: ZoneId) -> &[CardIdx] {
        &self.st.zones[zone.0 as usize]
    }

    /// Cards attached to `unit`, in the order they were attached, optionally of one role.
    pub fn attachments(&self, unit: ObjId, role: Option<u8>) -> Vec<ObjId> {
        let mut v: Vec<(u32, ObjId)> = self
            .st
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.attached_to == Some(unit) && role.is_none_or(|r| o.role == r))
            .map(|(i, o)| (o.attach_seq, o.id(i as CardIdx)))
            .collect();
        v.sort();
        v.into_iter().map(|(_, id)| id).collect()
    }

    /// 812: keeps the object as it is now (with its continuous effects, if it is in an area or
    /// another public zone, where effects may apply: Victory Spark 3.8.5, the ring) as
    /// last-known information, before it becomes a new object.
    pub(crate) fn remember(&mut self, card: CardIdx) {
        let obj = self.st.objects[card as usize];
        let zd = self.defs.game.zone_def(obj.zone);
        let fields = if zd.area || zd.visibility == crate::def::game::Visibility::Public {
            self.characteristics().changed_fields(card)
        } else {
            Vec::new()
        };
        let n = self.st.objects.len();
        let lki = &mut *self.st.lki;
        if lki.len() < n {
            lki.resize(n, None);
        }
        lki[card as usize] = Some(std::sync::Arc::new(crate::state::Lki {
            incarnation: obj.incarnation,
            obj,
            fields,
        }));
    }

    /// Last-known information of a card's previous object (812), if `id` names it.
    pub fn last_known(&self, id: ObjId) -> Option<&crate::state::Lki> {
        self.st
            .lki
            .get(id.card as usize)?
            .as_deref()
            .filter(|l| l.incarnation == id.incarnation)
    }

    /// A field of the object `id` names: now, or as last known if it has left (812).
    pub fn field_of(&self, id: ObjId, name: &str) -> Option<Value> {
        if self.current(id).is_some() {
            return Some(self.field(id.card, name));
        }
        let l = self.last_known(id)?;
        Some(match l.fields.iter().find(|(k, _)| k == name) {
            Some((_, v)) => v.clone(),
            None => self.defs.cards.cards[l.obj.def as usize]
                .field(name)
                .clone(),
        })
    }

    /// Moves a card to `zone`. Returns its new object, or None if the zone is full (104.2).
    /// 302.3: the object stays the same only on a move between two area zones.
    pub fn move_card(
        &mut self,
        id: ObjId,
        zone: ZoneId,
        pos: Position,
    ) -> Result<Option<ObjId>, Fail> {
        let card = self.live(id)?;
        let defs = std::sync::Arc::clone(&self.defs);
        if self.refuse_absent(card, zone) || self.refuse_foreign(card, zone) {
            return Ok(None);
        }
        let to = defs.game.zone_def(zone);
        let from_zone = self.st.objects[card as usize].zone;
        let attached = self.st.objects[card as usize].attached_to.is_some();
        let batch = self.batch.is_some();
        if let (Some(cap), false) = (to.capacity, batch) {
            let here = self.st.zones[zone.0 as usize]
                .iter()
                .filter(|&&c| c != card)
                .count();
            if here >= cap as usize {
                return Ok(None);
            }
        }
        let from_pos = self.position_in(from_zone, card);
        let keep = defs.game.zone_def(from_zone).area
            && to.area
            && (!attached || defs.game.attachment_keeps_object);
        // 804.2a-1: remember what effects gave the card before it enters such a zone.
        let kept = to
            .keeps_effects
            .then(|| self.characteristics().changed_fields(card));
        // 812: as it is before it leaves (a simultaneous move remembered every card before the
        // first).
        if !keep && !batch {
            self.remember(card);
        }
        if !attached {
            self.st.zones[from_zone.0 as usize].retain(|&c| c != card);
        }
        let list = &mut self.st.zones[zone.0 as usize];
        match pos {
            Position::Top => list.push(card),
            Position::Bottom => list.insert(0, card),
        }
        let turn = self.st.turn;
        let ts = match (keep, self.batch_ts) {
            (true, _) => 0,
            (false, Some(ts)) => ts,
            (false, None) => self.timestamp(),
        };
        self.touch();
        let o = &mut self.st.objects[card as usize];
        o.zone = zone;
        o.attached_to = None;
        if !keep {
            o.timestamp = ts;
            o.incarnation = o.incarnation.wrapping_add(1);
            o.orientation = 0;
            o.face_up = matches!(to.visibility, crate::def::game::Visibility::Public);
            o.revealed = 0;
            o.flags = 0;
            o.counters = [0; MAX_COUNTERS];
            o.vars = [0; crate::state::MAX_OBJECT_VARS];
            o.since_turn = turn;
            o.controller = o.owner; // 105.3a: a new object is controlled by its owner
        }
        let new_id = o.id(card);
        if keep {
            // 302.3a: attachments move with the unit.
            for a in self.attachments(new_id, None) {
                self.st.objects[a.card as usize].zone = zone;
            }
        }
        self.settle_control(card);
        let from_kind = defs.game.zone_parts(from_zone).0;
        let to_kind = defs.game.zone_parts(zone).0;
        self.apply_move_rules(card, from_kind, to_kind);
        if let Some(fields) = kept {
            self.st.kept_effects.retain(|(id, _)| id.card != card);
            if !fields.is_empty() {
                self.st.kept_effects.push((new_id, fields));
            }
        }
        // 807.5: the zone-move event names the card as it was in the public zone or the area
        // when it leaves one for a hidden zone or a non-area zone (807.5a–b), else as it is in
        // its new zone (807.5c). `new` is always the new object.
        let from_def = defs.game.zone_def(from_zone);
        let looks_back = (from_def.visibility == Visibility::Public
            && to.visibility != Visibility::Public)
            || (from_def.area && !to.area);
        let named = if looks_back { id } else { new_id };
        self.raise_moved_from(named, new_id, from_zone, zone, from_pos);
        Ok(Some(new_id))
    }

    /// Where a top-level card lies in an ordered zone: `top`, `bottom`, or its place from the
    /// top (1 = top); None in an unordered zone or for an attached card.
    fn position_in(&self, zone: ZoneId, card: CardIdx) -> Option<Value> {
        if !self.defs.game.zone_def(zone).ordered {
            return None;
        }
        let list = &self.st.zones[zone.0 as usize];
        let i = list.iter().position(|&c| c == card)?;
        Some(if i + 1 == list.len() {
            Value::Str("top".into())
        } else if i == 0 {
            Value::Str("bottom".into())
        } else {
            Value::Int((list.len() - i) as i64)
        })
    }

    /// Raises `移動` (807.5) for a card that went from `from` to `to`: `card` names it as the
    /// event sees it, `new` is its object now, `player` its owner.
    pub(crate) fn raise_moved(&mut self, card: ObjId, new: ObjId, from: ZoneId, to: ZoneId) {
        self.raise_moved_from(card, new, from, to, None);
    }

    /// [`Game::raise_moved`] with where the card was in its ordered zone (`from_pos`). The
    /// event also says why it moved (`cause`: `effect` while a card's hook runs, else `rule`,
    /// unless the script said otherwise, with `by`), and the slots of zones that have several.
    pub(crate) fn raise_moved_from(
        &mut self,
        card: ObjId,
        new: ObjId,
        from: ZoneId,
        to: ZoneId,
        from_pos: Option<Value>,
    ) {
        let defs = std::sync::Arc::clone(&self.defs);
        let g = &defs.game;
        let mut data = indexmap::IndexMap::new();
        data.insert("card".to_string(), Value::Int(self.handle(card)));
        data.insert("new".to_string(), Value::Int(self.handle(new)));
        data.insert(
            "from".to_string(),
            Value::Str(g.zone_def(from).named.id.clone()),
        );
        data.insert(
            "to".to_string(),
            Value::Str(g.zone_def(to).named.id.clone()),
        );
        let owner = self.st.objects[new.card as usize].owner;
        data.insert("player".to_string(), Value::Int(owner as i64 + 1));
        let (cause, by) = match &self.move_cause {
            Some((c, by)) => (c.clone(), *by),
            None if self.st.card_hook_depth > 0 => ("effect".to_string(), None),
            None => ("rule".to_string(), None),
        };
        data.insert("cause".to_string(), Value::Str(cause));
        if let Some(by) = by {
            data.insert("by".to_string(), Value::Int(self.handle(by)));
        }
        if let Some(p) = from_pos {
            data.insert("from_pos".to_string(), p);
        }
        for (key, z) in [("from_slot", from), ("to_slot", to)] {
            if g.zone_def(z).count > 1 {
                let slot = g.zone_parts(z).2;
                data.insert(key.to_string(), Value::Int(slot as i64 + 1));
            }
        }
        self.raise(MOVED, Value::Map(data));
    }

    /// Draws `n` cards one at a time (904). Returns how many were drawn; a shortfall marks a
    /// failed draw for the loss rule (e.g. 1002.1).
    pub fn draw(&mut self, player: PlayerId, n: i64) -> Result<i64, Fail> {
        let defs = std::sync::Arc::clone(&self.defs);
        let deck = defs.game.zone_id(defs.game.draw_from, player, 0);
        let hand = defs.game.zone_id(defs.game.draw_to, player, 0);
        let mut drawn = 0;
        for _ in 0..n.max(0) {
            let Some(&top) = self.st.zones[deck.0 as usize].last() else {
                self.st.players[player as usize].failed_draw = true;
                let clause = defs.game.draw_clause.clone();
                let zone = &defs.game.zones[defs.game.draw_from].named;
                let en = zone.name_en.as_deref().unwrap_or(&zone.id);
                self.log_line(
                    clause.as_deref(),
                    format!(
                        "P{}は{}が空で引けない (cannot draw: the {en} is empty)",
                        player + 1,
                        zone.name
                    ),
                );
                break;
            };
            let id = self.obj_id(top);
            self.move_card(id, hand, Position::Top)?;
            drawn += 1;
        }
        Ok(drawn)
    }

    /// Shuffles a zone with the game's seeded RNG (Fisher–Yates). The cards of a zone that is
    /// not public become new objects, known to no one: nothing that named one before the
    /// shuffle (a handle, a reveal) finds it after (302.3, 303.3).
    pub fn shuffle(&mut self, zone: ZoneId) {
        if let Some(at) = self.st.stacked.iter().position(|s| s.zone == zone) {
            let order = self.st.stacked.remove(at).order;
            self.stack(zone, &order);
        } else {
            let list = &mut self.st.zones[zone.0 as usize];
            for i in (1..list.len()).rev() {
                let j = (self.st.rng.next_u64() % (i as u64 + 1)) as usize;
                list.swap(i, j);
            }
        }
        if self.defs.game.zone_def(zone).visibility != crate::def::game::Visibility::Public {
            for &c in &self.st.zones[zone.0 as usize] {
                let o = &mut self.st.objects[c as usize];
                o.incarnation = o.incarnation.wrapping_add(1);
                o.revealed = 0;
            }
            self.touch();
        }
    }

    /// Puts the zone's cards in `order` (definitions, top first); cards it does not name, or
    /// names more often than the zone holds them, stay below in their order.
    fn stack(&mut self, zone: ZoneId, order: &[u16]) {
        let mut rest = self.st.zones[zone.0 as usize].clone();
        rest.reverse(); // top first
        let mut top = Vec::new();
        for &def in order {
            if let Some(i) = rest
                .iter()
                .position(|&c| self.st.objects[c as usize].def == def)
            {
                top.push(rest.remove(i));
            }
        }
        top.extend(rest);
        top.reverse(); // bottom first again
        self.st.zones[zone.0 as usize] = top;
    }

    /// A uniform random integer in 1..=n from the game's RNG (0 if n < 1). A scenario's
    /// scripted result (`State.stacked_randoms`) comes first; one outside 1..=n is an error.
    pub fn random(&mut self, n: i64) -> Result<i64, String> {
        if n < 1 {
            return Ok(0);
        }
        if let Some(v) = self.stacked_random(1, n)? {
            return Ok(v);
        }
        Ok((self.st.rng.next_u64() % n as u64) as i64 + 1)
    }

    /// A number in `lo..=hi` from the game's RNG, for any bounds (the full i64 range too);
    /// the same draws as `lo - 1 + random(hi - lo + 1)` where that does not overflow.
    pub fn random_range(&mut self, lo: i64, hi: i64) -> Result<i64, String> {
        if hi < lo {
            return Ok(lo);
        }
        if let Some(v) = self.stacked_random(lo, hi)? {
            return Ok(v);
        }
        let span = (hi as i128 - lo as i128 + 1) as u128;
        let r = self.st.rng.next_u64();
        Ok(match u64::try_from(span) {
            Ok(n) => (lo as i128 + (r % n) as i128) as i64,
            // 2^64 numbers: every draw is one of them.
            Err(_) => lo.wrapping_add(r as i64),
        })
    }

    /// The next scripted random result, if a scenario stacked one.
    fn stacked_random(&mut self, lo: i64, hi: i64) -> Result<Option<i64>, String> {
        if self.st.stacked_randoms.is_empty() {
            return Ok(None);
        }
        let v = self.st.stacked_randoms.remove(0);
        if v < lo || v > hi {
            return Err(format!(
                "the scenario's scripted random result {v} is not in {lo}..{hi} (setup: randoms:)"
            ));
        }
        Ok(Some(v))
    }

    /// Sets the orientation; returns false if it already was that (104.3: no new state).
    pub fn set_orientation(&mut self, id: ObjId, o: u8) -> Result<bool, Fail> {
        let c = self.live(id)?;
        let obj = &mut self.st.objects[c as usize];
        if obj.orientation == o {
            return Ok(false);
        }
        obj.orientation = o;
        self.touch();
        Ok(true)
    }

    pub fn set_flag(&mut self, id: ObjId, flag: usize, on: bool) -> Result<bool, Fail> {
        let c = self.live(id)?;
        let obj = &mut self.st.objects[c as usize];
        let was = obj.has_flag(flag);
        if on {
            obj.flags |= 1 << flag;
        } else {
            obj.flags &= !(1 << flag);
        }
        if was != on {
            self.touch();
        }
        Ok(was != on)
    }

    /// Adds to a counter (negative removes); never below 0. Returns the amount changed.
    pub fn add_counter(&mut self, id: ObjId, counter: usize, n: i64) -> Result<i64, Fail> {
        let c = self.live(id)?;
        let v = &mut self.st.objects[c as usize].counters[counter];
        let before = *v as i64;
        // Saturating: a huge amount fills the counter, it never wraps (same in every build).
        *v = before.saturating_add(n).clamp(0, i32::MAX as i64) as i32;
        let changed = *v as i64 - before;
        if changed != 0 {
            self.touch();
        }
        Ok(changed)
    }

    pub fn clear_counters(&mut self, id: ObjId) -> Result<(), Fail> {
        let c = self.live(id)?;
        let counters = &mut self.st.objects[c as usize].counters;
        if counters.iter().any(|&n| n != 0) {
            *counters = [0; MAX_COUNTERS];
            self.touch();
        }
        Ok(())
    }

    /// Turns a card face up or down; `revealed` sets who sees it regardless (303.2, 303.3).
    pub fn set_face(&mut self, id: ObjId, face_up: bool, revealed: u8) -> Result<(), Fail> {
        let c = self.live(id)?;
        let o = &mut self.st.objects[c as usize];
        if (o.face_up, o.revealed) != (face_up, revealed) {
            o.face_up = face_up;
            o.revealed = revealed;
            self.touch();
        }
        Ok(())
    }

    /// Records that a player meets a loss condition; the kernel settles the result (103).
    pub fn lose(&mut self, player: PlayerId, clause: &str, reason: &str) {
        let p = &mut self.st.players[player as usize];
        if p.lost.is_none() {
            p.lost = Some((clause.to_string(), reason.to_string()));
        }
        if self.defs.game.losses.timing == crate::def::timing::LossTiming::Immediate {
            self.settle_losses();
        }
    }

    /// Asks `player` to choose between `min` and `max` of `options` (910, 104.5).
    pub fn choose(
        &mut self,
        player: PlayerId,
        prompt: &str,
        clause: Option<&str>,
        options: Vec<Opt>,
        min: u16,
        max: u16,
    ) -> Result<Vec<u16>, Fail> {
        if options.len() > crate::budget::MAX_OPTIONS {
            return Err(Fail::Run(RunError::Definition(format!(
                "a choice of {} options is more than the limit of {}",
                options.len(),
                crate::budget::MAX_OPTIONS
            ))));
        }
        let max = max.min(options.len() as u16);
        let min = min.min(max);
        let d = Decision {
            players: vec![player],
            kind: DecisionKind::Choose,
            prompt: prompt.to_string(),
            clause: clause.map(str::to_string),
            options: options.into(),
            min,
            max,
        };
        let (_, answer) = self.ask(d)?;
        Ok(answer.into_iter().next().unwrap_or_default())
    }

    /// Janken (919) between two players, replayed on a tie. Returns the winner.
    pub fn janken(
        &mut self,
        a: PlayerId,
        b: PlayerId,
        clause: Option<&str>,
    ) -> Result<PlayerId, Fail> {
        const HANDS: [&str; 3] = ["グー", "チョキ", "パー"];
        loop {
            let d = Decision {
                players: vec![a, b],
                kind: DecisionKind::Janken,
                prompt: "じゃんけん (rock-paper-scissors)".into(),
                clause: clause.map(str::to_string),
                options: std::sync::Arc::new(
                    HANDS
                        .iter()
                        .map(|h| Opt {
                            label: h.to_string(),
                            value: Value::Str(h.to_string()),
                        })
                        .collect(),
                ),
                min: 1,
                max: 1,
            };
            let (_, ans) = self.ask(d)?;
            let ha = ans.first().and_then(|x| x.first()).copied().unwrap_or(0) as usize % 3;
            let hb = ans.get(1).and_then(|x| x.first()).copied().unwrap_or(0) as usize % 3;
            let text = format!(
                "じゃんけん: P{} {} / P{} {}",
                a + 1,
                HANDS[ha],
                b + 1,
                HANDS[hb]
            );
            if ha == hb {
                self.log_line(
                    self.kc(crate::def::kernel_clauses::KStep::Janken)
                        .as_deref(),
                    format!("{text} → あいこ (tie, again)"),
                );
                continue;
            }
            // グー beats チョキ, チョキ beats パー, パー beats グー.
            let winner = if (ha + 1) % 3 == hb { a } else { b };
            self.log_line(
                self.kc(crate::def::kernel_clauses::KStep::Janken)
                    .as_deref(),
                format!("{text} → P{}の勝ち (P{} wins)", winner + 1, winner + 1),
            );
            return Ok(winner);
        }
    }

    pub fn player_var(&self, player: PlayerId, var: usize) -> i64 {
        self.st.players[player as usize].vars[var]
    }
    pub fn set_player_var(&mut self, player: PlayerId, var: usize, v: i64) {
        if self.st.players[player as usize].vars[var] != v {
            self.touch();
            self.st.players[player as usize].vars[var] = v;
        }
    }
    pub fn game_var(&self, var: usize) -> i64 {
        self.st.game_vars[var]
    }
    pub fn set_game_var(&mut self, var: usize, v: i64) {
        if self.st.game_vars[var] != v {
            self.touch();
            self.st.game_vars[var] = v;
        }
    }
}
