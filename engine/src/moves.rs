//! Moves beyond a single `move_card`: exchanging two cards' places (914.1; Gate Ruler 15-11),
//! and the state a card takes by the game's `move_rules:` (Gate Ruler 15-3a-2).
use crate::game::Game;
use crate::host::Fail;
use crate::ids::{CardIdx, ObjId};

impl Game {
    /// Exchanges the zones of two top-level cards (914.1); objects stay the same between areas.
    pub fn swap(&mut self, a: ObjId, b: ObjId) -> Result<bool, Fail> {
        let ca = self.live(a)?;
        let cb = self.live(b)?;
        let za = self.st.objects[ca as usize].zone;
        let zb = self.st.objects[cb as usize].zone;
        let defs = std::sync::Arc::clone(&self.defs);
        if !(defs.game.zone_def(za).area && defs.game.zone_def(zb).area) || ca == cb {
            return Ok(false);
        }
        if self.refuse_absent(ca, zb)
            || self.refuse_absent(cb, za)
            || self.refuse_foreign(ca, zb)
            || self.refuse_foreign(cb, za)
        {
            return Ok(false);
        }
        self.touch();
        for (c, from, to) in [(ca, za, zb), (cb, zb, za)] {
            let list = &mut self.st.zones[from.0 as usize];
            if let Some(i) = list.iter().position(|&x| x == c) {
                list.remove(i);
            }
            self.st.zones[to.0 as usize].push(c);
            self.st.objects[c as usize].zone = to;
            let id = self.obj_id(c);
            for att in self.attachments(id, None) {
                self.st.objects[att.card as usize].zone = to;
            }
        }
        self.settle_control(ca);
        self.settle_control(cb);
        let (ka, kb) = (defs.game.zone_parts(za).0, defs.game.zone_parts(zb).0);
        self.apply_move_rules(ca, ka, kb);
        self.apply_move_rules(cb, kb, ka);
        // Each card moved: a `移動` event for each, raised after both moves.
        for (c, from, to) in [(ca, za, zb), (cb, zb, za)] {
            let id = self.obj_id(c);
            self.raise_moved(id, id, from, to);
        }
        Ok(true)
    }

    /// `move_rules:`: a card that moved from zone kind `from` to `to` takes the orientation a
    /// matching rule names, if it is not already in it (logged with the rule's clause).
    pub(crate) fn apply_move_rules(&mut self, card: CardIdx, from: usize, to: usize) {
        let defs = std::sync::Arc::clone(&self.defs);
        for r in &defs.game.move_rules {
            if r.from.is_some_and(|z| z != from) || r.to.is_some_and(|z| z != to) {
                continue;
            }
            let o = &mut self.st.objects[card as usize];
            if o.orientation == r.orientation {
                continue;
            }
            o.orientation = r.orientation;
            self.touch();
            let name = self.name(card).to_string();
            let or = &defs.game.orientations[r.orientation as usize];
            let en = or.name_en.as_deref().unwrap_or(&or.id);
            let (zf, zt) = (&defs.game.zones[from].named, &defs.game.zones[to].named);
            self.log_line(
                r.clause.as_deref(),
                format!(
                    "{}から{}に移った{name}は{} ({name} moved from the {} to the {} is {en})",
                    zf.name,
                    zt.name,
                    or.name,
                    zf.name_en.as_deref().unwrap_or(&zf.id),
                    zt.name_en.as_deref().unwrap_or(&zt.id),
                ),
            );
        }
    }

    /// Whether a zone instance exists (Gate Ruler 15-3a-1: every declared zone does, until an
    /// effect or a regulation says otherwise).
    pub fn zone_exists(&self, zone: crate::ids::ZoneId) -> bool {
        self.st.absent_zones.binary_search(&zone).is_err()
    }

    /// Makes a zone instance exist or not; cards already in it stay there.
    pub fn set_zone_exists(&mut self, zone: crate::ids::ZoneId, on: bool) -> bool {
        let at = self.st.absent_zones.binary_search(&zone);
        match (at, on) {
            (Ok(i), true) => {
                self.st.absent_zones.remove(i);
            }
            (Err(i), false) => self.st.absent_zones.insert(i, zone),
            _ => return false,
        }
        self.touch();
        true
    }

    /// A move into a zone that does not exist does not happen (logged); true if refused.
    pub(crate) fn refuse_absent(&mut self, card: CardIdx, zone: crate::ids::ZoneId) -> bool {
        if self.zone_exists(zone) {
            return false;
        }
        let name = self.name(card).to_string();
        let label = self.defs.game.zone_label(zone);
        self.log_line(
            self.kc(crate::def::kernel_clauses::KStep::NoZone).as_deref(),
            format!("{label}は存在しないので{name}は移動しない ({name} does not move: that zone does not exist)"),
        );
        true
    }

    /// Moves several cards at once (Gate Ruler 15-11; 東方VISION 3.3.5): every move is checked
    /// first (the card is current, its zone exists, the zone has room counting the cards that
    /// leave it in the same move), every card's last-known information is kept, all cards move,
    /// and only then are their `移動` events raised, in list order. With `all_or_nothing`, one
    /// move that cannot be made makes none (None); otherwise those are skipped (their entry
    /// None).
    pub fn move_all(
        &mut self,
        moves: &[(ObjId, crate::ids::ZoneId, crate::verbs::Position)],
        all_or_nothing: bool,
    ) -> Result<Option<Vec<Option<ObjId>>>, Fail> {
        let defs = std::sync::Arc::clone(&self.defs);
        let mut ok = vec![true; moves.len()];
        for (i, &(id, zone, _)) in moves.iter().enumerate() {
            let Some(o) = self.current(id) else {
                ok[i] = false;
                continue;
            };
            let from = o.zone;
            if !self.zone_exists(zone)
                || (defs.game.own_zones_only.is_some() && self.is_foreign(id.card, zone))
            {
                ok[i] = false;
                continue;
            }
            if let Some(cap) = defs.game.zone_def(zone).capacity {
                let leaving = |c: CardIdx| moves.iter().any(|&(m, z, _)| m.card == c && z != zone);
                let staying = self.st.zones[zone.0 as usize]
                    .iter()
                    .filter(|&&c| c != id.card && !leaving(c))
                    .count();
                let coming = moves[..i]
                    .iter()
                    .filter(|&&(m, z, _)| {
                        z == zone && self.current(m).is_some_and(|o| o.zone != zone)
                    })
                    .count();
                if from != zone && staying + coming >= cap as usize {
                    ok[i] = false;
                }
            }
        }
        if all_or_nothing && ok.iter().any(|&k| !k) {
            if let Some(i) = ok.iter().position(|&k| !k) {
                let (id, zone, _) = moves[i];
                if self.current(id).is_some() && !self.zone_exists(zone) {
                    self.refuse_absent(id.card, zone);
                }
            }
            return Ok(None);
        }
        for (i, &(id, _, _)) in moves.iter().enumerate() {
            if ok[i] {
                self.remember(id.card);
            }
        }
        self.batch = Some(Vec::new());
        // One move: the cards share one timestamp (809.3b; Victory Spark 8.5 ties).
        self.batch_ts = Some(self.timestamp());
        let mut out = Vec::with_capacity(moves.len());
        let mut failed = None;
        for (i, &(id, zone, pos)) in moves.iter().enumerate() {
            if !ok[i] || self.current(id).is_none() {
                out.push(None);
                continue;
            }
            match self.move_card(id, zone, pos) {
                Ok(moved) => out.push(moved),
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        let events = self.batch.take().unwrap_or_default();
        self.batch_ts = None;
        if let Some(e) = failed {
            return Err(e);
        }
        self.order_ties(&out)?;
        for (name, data) in events {
            self.raise(&name, data);
        }
        Ok(Some(out))
    }

    /// Whether `zone` belongs to a player other than the card's owner (a shared zone never does).
    pub fn is_foreign(&self, card: CardIdx, zone: crate::ids::ZoneId) -> bool {
        let (_, player, _) = self.defs.game.zone_parts(zone);
        player.is_some_and(|p| p != self.st.objects[card as usize].owner)
    }

    /// `own_zones_only`: a move into another player's zone does not happen (logged); true if
    /// refused.
    pub(crate) fn refuse_foreign(&mut self, card: CardIdx, zone: crate::ids::ZoneId) -> bool {
        let Some(clause) = self.defs.game.own_zones_only.clone() else {
            return false;
        };
        if !self.is_foreign(card, zone) {
            return false;
        }
        let name = self.name(card).to_string();
        let label = self.defs.game.zone_label(zone);
        self.log_line(
            clause.as_deref(),
            format!("{name}は他のプレイヤーの領域({label})に置かれない ({name} does not enter another player's zone)"),
        );
        true
    }
}
