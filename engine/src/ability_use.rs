//! Using abilities from the game's script: validity per ability (802), count limits (803),
//! conditions, and running an ability's hooks with its context.
use crate::def::ability::{hook_name, AbilityDef};
use crate::def::card::ABILITIES;
use crate::expr::GameEnv;
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::ids::{CardIdx, ObjId};
use crate::value::Value;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// (card definition, ability) of a card hook's registry name.
fn parse_hook(hook: &str) -> Option<(u16, u16)> {
    let mut p = hook.split(':');
    match (p.next(), p.next(), p.next()) {
        (Some("card"), Some(c), Some(a)) => Some((c.parse().ok()?, a.parse().ok()?)),
        _ => None,
    }
}

/// How often an ability of an object was played in a turn (803.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbilityUse {
    pub source: ObjId,
    pub ability: u16,
    pub turn: u32,
    pub count: u32,
}

impl Game {
    /// Whether ability `ability` of `card` is valid now: its card's abilities are (802.1–2), and
    /// for an EX skill the game's `ex_skill_valid_if` about its unit holds (e.g. 802.2a stun).
    pub fn ability_valid(&self, card: CardIdx, ability: usize) -> bool {
        let o = &self.st.objects[card as usize];
        let a = &self.defs.cards.cards[o.def as usize].abilities[ability];
        if a.defining {
            return true; // 805.2: in every zone
        }
        // 905.2, 306.7b: a card attached face down in a face-down role (energy) is private to
        // all; it is energy, not a unit or an enhancement in the area (802.2), so its own
        // abilities do nothing (and cannot reveal it by triggering).
        if o.attached_to.is_some()
            && !o.face_up
            && self
                .defs
                .game
                .roles
                .get(o.role as usize)
                .is_some_and(|r| r.face_down)
        {
            return false;
        }
        let here = match &a.zones {
            // 802.3: valid in the zones it names (an attached card is where its unit is).
            Some(zones) => {
                let zone = o
                    .attached_to
                    .and_then(|u| self.current(u))
                    .map_or(o.zone, |u| u.zone);
                let id = &self.defs.game.zone_def(zone).named.id;
                zones.iter().any(|z| z == id)
            }
            // 東方VISION 12.4.1: 【】 text survives what negates the rest of the card.
            None if a.unnegatable => self.in_valid_zone(card),
            None => self.abilities_valid(card),
        };
        if !here || !self.ability_kept(card, &a.name) {
            return false;
        }
        if !a.ex_skill {
            return true;
        }
        let Some((expr, src)) = &self.defs.game.ex_skill_valid_if else {
            return true;
        };
        let holder = o.attached_to.unwrap_or(o.id(card));
        let env = GameEnv {
            game: self,
            this: Some(holder),
            controller: o.controller,
            event: None,
            data: None,
            chars: None,
            viewer: None,
        };
        env.test(expr, src).unwrap_or(false)
    }

    /// 809.1c: whether `card` still has the ability `name`: no continuous effect took it out
    /// of the card's `abilities` (only where a layer lists that field).
    pub fn ability_kept(&self, card: CardIdx, name: &str) -> bool {
        if self.defs.game.abilities_layer.is_none() || self.computing_chars.get() {
            return true;
        }
        let by_effect =
            || (self.st.effects.iter()).any(|e| e.changes.iter().any(|(f, _)| f == ABILITIES));
        if !self.defs.cards.changes_abilities && !by_effect() {
            return true;
        }
        has_name(self.characteristics().changed(card, ABILITIES), name)
    }

    /// The index of the ability named `name` on `card`.
    pub fn ability_index(&self, card: CardIdx, name: &str) -> Option<usize> {
        let def = &self.defs.cards.cards[self.st.objects[card as usize].def as usize];
        def.abilities.iter().position(|a| a.name == name)
    }

    pub fn ability_def(&self, card: CardIdx, ability: usize) -> &AbilityDef {
        &self.defs.cards.cards[self.st.objects[card as usize].def as usize].abilities[ability]
    }

    /// The ability's `if:` condition about `event` (true if it has none).
    pub fn ability_condition(
        &self,
        card: ObjId,
        ability: usize,
        event: Option<&Value>,
    ) -> Result<bool, String> {
        let a = self.ability_def(card.card, ability);
        match &a.condition {
            None => Ok(true),
            Some((expr, src)) => {
                let controller = self.st.objects[card.card as usize].controller;
                let env = GameEnv {
                    game: self,
                    this: Some(card),
                    controller,
                    event,
                    data: None,
                    chars: None,
                    viewer: Some(controller),
                };
                env.test(expr, src)
            }
        }
    }

    /// 903.1: shows a card to all players until the effect now resolving ends. Returns false if
    /// everyone already sees it (903.2: nothing happens).
    pub fn reveal(&mut self, id: ObjId) -> bool {
        let Some(o) = self.current(id).copied() else {
            return false;
        };
        if (0..self.defs.game.players).all(|p| self.can_see(p, id.card)) {
            return false;
        }
        self.st.temp_reveals.push((id, o.revealed));
        self.st.objects[id.card as usize].revealed = 0xff;
        self.touch();
        true
    }

    /// A pending item leaves the chain: a card revealed to play it (`reveal: true`) is hidden
    /// again if it is still where it was (Victory Spark 4.5.3).
    pub(crate) fn end_item_reveal(&mut self, item: &crate::chain::PendingItem) {
        let (Some(mask), Some(src)) = (item.revealed, item.source) else {
            return;
        };
        if self.current(src).is_some() {
            self.st.objects[src.card as usize].revealed = mask;
            self.touch();
            let name = self.name(src.card).to_string();
            self.log_line(
                self.kc(crate::def::kernel_clauses::KStep::RevealEnd)
                    .as_deref(),
                format!("{name}は非公開に戻る (hidden again)"),
            );
        }
    }

    /// The effect ended: cards it revealed are hidden again (unless they moved, 903.1).
    pub fn end_reveals(&mut self) {
        for (id, mask) in std::mem::take(&mut self.st.temp_reveals) {
            if self.current(id).is_some() {
                self.st.objects[id.card as usize].revealed = mask;
            }
        }
        self.touch();
    }

    /// 104.4: whether a valid static ability prohibits `action` for `event` (e.g. "cannot be
    /// rested"). Returns the prohibiting card and ability name.
    pub fn prohibited(&self, action: &str, event: &Value) -> Option<(CardIdx, String)> {
        for card in 0..self.st.objects.len() as CardIdx {
            let def = &self.defs.cards.cards[self.st.objects[card as usize].def as usize];
            for (ai, a) in def.abilities.iter().enumerate() {
                if a.prohibits.iter().any(|p| p == action)
                    && self.ability_valid(card, ai)
                    && self
                        .ability_condition(self.obj_id(card), ai, Some(event))
                        .unwrap_or(false)
                {
                    return Some((card, a.name.clone()));
                }
            }
        }
        None
    }

    /// Times the ability of this object was played this turn.
    pub fn uses_this_turn(&self, card: ObjId, ability: usize) -> u32 {
        self.st
            .uses
            .iter()
            .find(|u| u.source == card && u.ability as usize == ability && u.turn == self.st.turn)
            .map_or(0, |u| u.count)
    }

    /// Records one use (803.1); old turns' records are dropped.
    pub fn record_use(&mut self, card: ObjId, ability: usize) {
        let turn = self.st.turn;
        self.st.uses.retain(|u| u.turn == turn);
        match self
            .st
            .uses
            .iter_mut()
            .find(|u| u.source == card && u.ability as usize == ability)
        {
            Some(u) => u.count = u.count.saturating_add(1),
            None => self.st.uses.push(AbilityUse {
                source: card,
                ability: ability as u16,
                turn,
                count: 1,
            }),
        }
        self.touch();
    }

    /// Runs `hook` of an ability with `{self, controller, event}` and returns what it returns.
    pub fn run_ability(
        &mut self,
        host: &dyn Host,
        card: ObjId,
        ability: usize,
        hook: &str,
        event: Value,
    ) -> Result<Value, Fail> {
        let defs = Arc::clone(&self.defs);
        if !defs.game.runs_card_hook(hook) {
            return Err(Fail::Run(crate::RunError::Definition(format!(
                "k.run_ability: \"{hook}\" is not a card hook kind the game declares \
                 (game.yaml `card_hooks:`), so cards cannot give it"
            ))));
        }
        let def = self.st.objects[card.card as usize].def as usize;
        let a = &defs.cards.cards[def].abilities[ability];
        if a.hook(hook).is_none() {
            return Ok(Value::Null);
        }
        let mut ctx = IndexMap::new();
        ctx.insert("self".to_string(), Value::Int(self.handle(card)));
        // A card that has moved runs as it last was (812).
        let controller = match (self.current(card), self.last_known(card)) {
            (None, Some(l)) => l.obj.controller,
            _ => self.st.objects[card.card as usize].controller,
        };
        ctx.insert("controller".to_string(), Value::Int(controller as i64 + 1));
        ctx.insert("event".to_string(), event);
        let name = hook_name(def, ability, hook);
        // The result goes to the game's script: it must be what `card_hooks:` declares.
        let check = |g: &Game, v: &Value| g.check_hook_result(&name, v);
        Ok(self
            .call_card_hook(host, &name, &[Value::Map(ctx)], &check)?
            .unwrap_or_default())
    }

    /// Calls a card's hook. A script error, or a result `check` refuses, ends only that card's
    /// action: what the hook did is undone, the error is logged (card, ability, hook,
    /// file:line), and None is returned; the game goes on.
    pub fn call_card_hook(
        &mut self,
        host: &dyn Host,
        hook: &str,
        args: &[Value],
        check: &dyn Fn(&Game, &Value) -> Result<(), String>,
    ) -> Result<Option<Value>, Fail> {
        self.step_copy();
        self.note_hook(hook);
        let before = self.st.clone();
        let log_len = self.log.len();
        self.st.card_hook_depth += 1;
        let running = parse_hook(hook);
        if let Some(r) = running {
            self.st.running.push(r);
        }
        let r = host
            .call(self, hook, args)
            .and_then(|v| match check(self, &v) {
                Ok(()) => Ok(v),
                Err(message) => Err(Fail::Run(crate::RunError::Script {
                    hook: hook.to_string(),
                    message,
                })),
            });
        if running.is_some() {
            self.st.running.pop();
        }
        self.st.card_hook_depth = self.st.card_hook_depth.saturating_sub(1);
        if self.st.card_hook_depth == 0 {
            self.end_reveals();
        }
        match r {
            Err(Fail::Run(e)) => {
                let text = self.card_error_text(hook, &e);
                self.st = before;
                self.log.truncate(log_len);
                self.touch();
                self.log_card_error(&text, false);
                Ok(None)
            }
            Err(Fail::Interrupt) => Err(Fail::Interrupt),
            Err(Fail::Undo) => Err(Fail::Undo),
            Err(Fail::Stop) => Err(Fail::Stop),
            Ok(v) => Ok(Some(v)),
        }
    }
}

/// Whether a computed `abilities` value (none: as printed) still names `name` (809.1c).
pub fn has_name(abilities: Option<&Value>, name: &str) -> bool {
    match abilities {
        None => true,
        Some(Value::List(l)) => l.iter().any(|v| v.as_str() == Some(name)),
        Some(_) => false,
    }
}
