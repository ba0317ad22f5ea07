//! Events and triggered abilities (807): counting triggers, delayed and condition triggers,
//! and playing them in the rule check (807.3, 811.2b–c).
use crate::def::ability::{AbilityDef, AbilityKind};
use crate::def::kernel_clauses::KStep;
use crate::expr::GameEnv;
use crate::game::Game;
use crate::ids::{CardIdx, ObjId, PlayerId};
use crate::state::{DelayedTrigger, PendingTrigger};
use crate::value::Value;
use std::sync::Arc;

impl Game {
    /// Whether the abilities of `card` are valid now (802.2): it is in an area zone, or attached
    /// to a unit that is. The game's `valid_if` (e.g. 802.2a stun) is checked per ability.
    pub fn abilities_valid(&self, card: CardIdx) -> bool {
        self.in_valid_zone(card) && self.valid_if_holds(card)
    }

    /// Whether `card` is where abilities work (802.2): in an area zone, or attached to a unit
    /// that is.
    pub fn in_valid_zone(&self, card: CardIdx) -> bool {
        let o = &self.st.objects[card as usize];
        let zone = match o.attached_to {
            Some(u) => match self.current(u) {
                Some(unit) => unit.zone,
                None => return false,
            },
            None => o.zone,
        };
        self.defs.game.zone_def(zone).area
    }

    /// The game's `ability_valid_if` about `card` (true without one), for abilities valid in
    /// the area (an ability naming its `zones:` is valid there whatever it says).
    pub fn valid_if_holds(&self, card: CardIdx) -> bool {
        let o = &self.st.objects[card as usize];
        match &self.defs.game.ability_valid_if {
            None => true,
            Some((expr, src)) => {
                let id = self.obj_id(card);
                let env = GameEnv {
                    game: self,
                    this: Some(id),
                    controller: o.controller,
                    event: None,
                    data: None,
                    chars: None,
                    viewer: None,
                };
                env.test(expr, src).unwrap_or(false)
            }
        }
    }

    /// Whether the ability `ai` of the card an event is about is valid for it (807.5): one that
    /// names its `zones:` only if the object the event names (now, or as it was when it left)
    /// is in one of them (Victory Spark 7.1.1: a 〔手札〕 auto does not trigger from the ring);
    /// one that names none wherever the event names the card (a KO'd unit's own
    /// 「KOされたとき」, a spell's "when this is cast"). Only the zone is judged: the event itself
    /// may have changed the rest.
    fn subject_ability_valid(&self, subject: ObjId, ai: usize) -> bool {
        let def = self.st.objects[subject.card as usize].def as usize;
        let a = &self.defs.cards.cards[def].abilities[ai];
        let Some(zones) = &a.zones else {
            return true;
        };
        if a.defining {
            return true;
        }
        let obj = match self.current(subject) {
            Some(o) => o,
            None => match self.last_known(subject) {
                Some(l) => &l.obj,
                None => return true,
            },
        };
        let zone = match obj.attached_to {
            Some(u) => match self.current(u).map(|o| o.zone) {
                Some(z) => z,
                None => match self.last_known(u) {
                    Some(h) => h.obj.zone,
                    None => return true,
                },
            },
            None => obj.zone,
        };
        let id = &self.defs.game.zone_def(zone).named.id;
        zones.iter().any(|z| z == id)
    }

    /// The abilities that would trigger on `name` with `data` now: valid where they are (the
    /// event's subject judged as the event names it, 807.5), whose condition holds, and, for a
    /// `once_per_turn` event, that have not triggered on it this turn (with the key to record).
    #[allow(clippy::type_complexity)]
    fn listening(
        &mut self,
        name: &str,
        data: &Value,
    ) -> Vec<(ObjId, usize, usize, PlayerId, Option<(ObjId, u16, u16)>)> {
        let defs = Arc::clone(&self.defs);
        let listeners = defs.cards.triggers_for(name);
        let mut out = Vec::new();
        if listeners.is_empty() {
            return out;
        }
        // `once_per_turn`: an ability triggers on this event at most once a turn per object.
        let once = (defs.game.events.iter())
            .position(|e| e.id == name && e.once_per_turn)
            .map(|i| i as u16);
        // The card the event is about is judged as it was when it happened (807.5).
        let subject = data
            .get("card")
            .and_then(Value::as_int)
            .and_then(|h| self.handle_id(h));
        for card in 0..self.st.objects.len() as CardIdx {
            let def = self.st.objects[card as usize].def as usize;
            if !listeners.iter().any(|(d, _)| *d == def) {
                continue;
            }
            let is_subject = subject.is_some_and(|s| s.card == card);
            for &(_, ai) in listeners.iter().filter(|(d, _)| *d == def) {
                let valid = match subject {
                    Some(s) if is_subject => self.subject_ability_valid(s, ai),
                    _ => self.ability_valid(card, ai),
                };
                if !valid {
                    continue;
                }
                let ability = &defs.cards.cards[def].abilities[ai];
                // The subject's own ability sees itself as the event names it (807.5).
                let id = match subject {
                    Some(s) if is_subject => s,
                    _ => self.obj_id(card),
                };
                let key = once.map(|ev| (id, ai as u16, ev));
                if key.is_some_and(|k| self.st.once_triggered.contains(&k)) {
                    continue;
                }
                let controller = self.st.objects[card as usize].controller;
                if self.condition_holds(ability, id, controller, Some(data), None) {
                    out.push((id, def, ai, controller, key));
                }
            }
        }
        out
    }

    /// How many abilities would trigger if `name` happened now with `data` (Victory Spark
    /// 6.8.1.5: an end-of-turn auto not yet met this turn keeps the end phase going).
    pub fn would_trigger(&mut self, name: &str, data: &Value) -> usize {
        self.listening(name, data).len()
    }

    /// An event happens (a trigger condition occurs, 807.2): every valid triggered ability that
    /// listens to it and whose `if` holds gets one more trigger; matching delayed triggers too.
    pub fn raise(&mut self, name: &str, data: Value) {
        if let Some(q) = &mut self.batch {
            q.push((name.to_string(), data));
            return;
        }
        self.step();
        let defs = Arc::clone(&self.defs);
        for (id, def, ai, controller, key) in self.listening(name, &data) {
            if let Some(key) = key {
                self.st.once_triggered.push(key);
            }
            self.add_trigger(id, def as u16, ai as u16, controller, data.clone(), None);
        }
        let mut i = 0;
        while i < self.st.delayed.len() {
            // Only a delayed trigger waiting for this event is copied (its data may be large).
            if self.st.delayed[i].event != name {
                i += 1;
                continue;
            }
            let d = self.st.delayed[i].clone();
            let ability = &defs.cards.cards[d.def as usize].abilities[d.ability as usize];
            if d.event == name
                && self.condition_holds(ability, d.source, d.controller, Some(&data), Some(&d.data))
            {
                if d.once {
                    self.st.delayed.remove(i);
                } else {
                    i += 1;
                }
                let from_skill = d.from_skill;
                self.add_trigger(
                    d.source,
                    d.def,
                    d.ability,
                    d.controller,
                    data.clone(),
                    Some(d.data),
                );
                if from_skill {
                    if let Some(t) = self.st.triggers.last_mut() {
                        t.from_skill = true;
                    }
                }
            } else {
                i += 1;
            }
        }
    }

    /// The trigger's `if:`; an error in it is the card's (logged) and it does not hold.
    fn condition_holds(
        &mut self,
        ability: &AbilityDef,
        this: ObjId,
        controller: PlayerId,
        event: Option<&Value>,
        data: Option<&Value>,
    ) -> bool {
        let Some((expr, src)) = &ability.condition else {
            return true;
        };
        let env = GameEnv {
            game: self,
            this: Some(this),
            controller,
            event,
            data,
            chars: None,
            viewer: Some(controller),
        };
        match env.test(expr, src) {
            Ok(b) => b,
            Err(e) => {
                let what = format!("「{}」 if", ability.name);
                self.card_expr_error(this.card, &what, &ability.condition_at, &e);
                false
            }
        }
    }

    fn add_trigger(
        &mut self,
        source: ObjId,
        def: u16,
        ability: u16,
        controller: PlayerId,
        event: Value,
        delayed: Option<Value>,
    ) {
        let defs = Arc::clone(&self.defs);
        let a = &defs.cards.cards[def as usize].abilities[ability as usize];
        // 807.2a: 累積しない — no more triggers while that skill name's count is 1 or more.
        if a.non_cumulative
            && self.st.triggers.iter().any(|t| {
                t.controller == controller
                    && t.count > 0
                    && defs.cards.cards[t.def as usize].abilities[t.ability as usize].name == a.name
            })
        {
            self.log_line(
                self.kc(KStep::NonCumulative).as_deref(),
                format!("「{}」は累積しない (does not stack)", a.name),
            );
            return;
        }
        let name = self.name(source.card).to_string();
        let max = crate::budget::MAX_PENDING_TRIGGERS;
        let same = self.st.triggers.iter().position(|t| {
            t.source == source && t.def == def && t.ability == ability && t.delayed_data.is_none()
        });
        let full = match same {
            Some(i) if delayed.is_none() => self.st.triggers[i].events.len() >= max,
            _ => self.st.triggers.len() >= max,
        };
        if full {
            // A flood: the game stops with this error at its next step.
            self.trip(crate::error::RunError::Script {
                hook: format!(
                    "card {} {name} 「{}」",
                    defs.cards.cards[def as usize].named.id, a.name
                ),
                message: format!("more than {max} triggers waiting to be played (a trigger flood)"),
            });
            return;
        }
        self.log_line(
            self.kc(KStep::Trigger).as_deref(),
            format!("{name}の「{}」が誘発 (triggers)", a.name),
        );
        if delayed.is_none() {
            if let Some(t) = same.and_then(|i| self.st.triggers.get_mut(i)) {
                t.count = t.count.saturating_add(1);
                t.events.push(event);
                return;
            }
        }
        self.st.triggers.push(PendingTrigger {
            controller,
            source,
            def,
            ability,
            count: 1,
            events: vec![event],
            delayed_data: delayed,
            from_skill: false,
        });
    }

    /// 807.7: condition triggers of valid cards trigger when their condition holds and they
    /// are not already triggered.
    pub(crate) fn check_condition_triggers(&mut self) {
        let defs = Arc::clone(&self.defs);
        if !defs
            .cards
            .cards
            .iter()
            .any(|c| c.abilities.iter().any(|a| a.when_state.is_some()))
        {
            return;
        }
        for card in 0..self.st.objects.len() as CardIdx {
            let def = self.st.objects[card as usize].def as usize;
            for (ai, a) in defs.cards.cards[def].abilities.iter().enumerate() {
                let Some((expr, src)) = &a.when_state else {
                    continue;
                };
                if !self.ability_valid(card, ai) {
                    continue;
                }
                let id = self.obj_id(card);
                let controller = self.st.objects[card as usize].controller;
                let pending = self
                    .st
                    .triggers
                    .iter()
                    .any(|t| t.source == id && t.ability == ai as u16 && t.count > 0)
                    // 807.7 (Victory Spark 7.5.9.1): played onto the chain, it is still
                    // triggered while its item waits there.
                    || self.st.chain.iter().any(|i| {
                        i.kind == "trigger"
                            && i.source == Some(id)
                            && i.values.get("index").and_then(Value::as_int) == Some(ai as i64)
                    });
                let env = GameEnv {
                    game: self,
                    this: Some(id),
                    controller,
                    event: None,
                    data: None,
                    chars: None,
                    viewer: Some(controller),
                };
                if !pending && env.test(expr, src).unwrap_or(false) {
                    self.add_trigger(id, def as u16, ai as u16, controller, Value::Null, None);
                }
            }
        }
    }

    /// 807.6: an effect creates a delayed trigger from the ability named `name` on the card
    /// of `source` (a `kind: delayed` ability).
    pub fn create_delayed(
        &mut self,
        source: ObjId,
        controller: PlayerId,
        name: &str,
        once: bool,
        data: Value,
    ) -> Result<(), String> {
        let def = self.st.objects[source.card as usize].def;
        let card = &self.defs.cards.cards[def as usize];
        let Some(ai) = card
            .abilities
            .iter()
            .position(|a| a.name == name && a.kind == AbilityKind::Delayed)
        else {
            return Err(format!(
                "{} has no delayed ability 「{name}」",
                card.named.id
            ));
        };
        let event = card.abilities[ai].when.clone().unwrap_or_default();
        self.log_line(
            self.kc(KStep::Delayed).as_deref(),
            format!("遅発誘発能力「{name}」を作成 (delayed trigger until 「{event}」)"),
        );
        // 813.3: made by an EX skill or a skill ability → from a skill.
        let from_skill = self.st.running.last().is_some_and(|&(d, a)| {
            let ab = &self.defs.cards.cards[d as usize].abilities[a as usize];
            ab.ex_skill || ab.kind == AbilityKind::Skill
        });
        self.st.delayed.push(DelayedTrigger {
            controller,
            source,
            def,
            ability: ai as u16,
            event,
            once,
            data,
            from_skill,
        });
        Ok(())
    }
}
