//! Playing pending triggered abilities in a rule check (汎用TCG 807.3, 811.2b–c), by the game's
//! `triggers:` policy: one at a time, the turn player's first (the default), or in batches
//! (all of the turn player's, then all of the other's; triggers that arise meanwhile wait for
//! the next batch, Fire Force 1002.1b); a trigger whose card left is skipped when the game says.
use crate::decision::Opt;
use crate::def::ability::hook_name;
use crate::def::kernel_clauses::KStep;
use crate::def::timing::{SourceLeft, TriggerOrder};
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::ids::{ObjId, PlayerId};
use crate::state::PendingTrigger;
use crate::value::Value;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A trigger of the batch being played (`triggers.order: batches`): which one, how many of its
/// count belong to the batch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchEntry {
    pub source: ObjId,
    pub def: u16,
    pub ability: u16,
    pub left: u32,
}

impl Game {
    /// Resolves a trigger the chain held (`triggers.onto_chain`): the item as the resolve hook
    /// got it. Errors when it is not such an item.
    pub fn resolve_trigger_item(&mut self, host: &dyn Host, item: &Value) -> Result<(), Fail> {
        let bad = || {
            Fail::Run(crate::error::RunError::Definition(
                "k.resolve_trigger: not a pending trigger item (kind \"trigger\")".into(),
            ))
        };
        let values = item.get("values").ok_or_else(bad)?;
        let def = values.get("def").and_then(Value::as_int).ok_or_else(bad)?;
        let index = values
            .get("index")
            .and_then(Value::as_int)
            .ok_or_else(bad)?;
        let source = item
            .get("source")
            .and_then(Value::as_int)
            .and_then(|h| self.handle_id(h))
            .ok_or_else(bad)?;
        let controller = item.get("controller").and_then(Value::as_int).unwrap_or(1);
        let ok = usize::try_from(def)
            .ok()
            .and_then(|d| self.defs.cards.cards.get(d))
            .is_some_and(|c| usize::try_from(index).is_ok_and(|i| i < c.abilities.len()))
            && (source.card as usize) < self.st.objects.len()
            && (1..=self.defs.game.players as i64).contains(&controller);
        if !ok {
            return Err(bad());
        }
        let t = PendingTrigger {
            controller: (controller - 1) as PlayerId,
            source,
            def: def as u16,
            ability: index as u16,
            count: 1,
            events: Vec::new(),
            delayed_data: values.get("data").cloned().filter(|d| *d != Value::Null),
            from_skill: false,
        };
        let event = values.get("event").cloned().unwrap_or_default();
        self.resolve_triggered_effect(host, &t, event)
    }

    /// The pending triggers as scripts see them: {source, ability, controller, count}.
    pub fn pending_triggers_value(&self) -> Value {
        Value::List(
            self.st
                .triggers
                .iter()
                .filter(|t| t.count > 0)
                .map(|t| {
                    let a = &self.defs.cards.cards[t.def as usize].abilities[t.ability as usize];
                    let mut m = IndexMap::new();
                    m.insert("source".to_string(), Value::Int(self.handle(t.source)));
                    m.insert("ability".to_string(), Value::Str(a.name.clone()));
                    m.insert(
                        "controller".to_string(),
                        Value::Int(t.controller as i64 + 1),
                    );
                    m.insert("count".to_string(), Value::Int(t.count as i64));
                    Value::Map(m)
                })
                .collect(),
        )
    }

    /// Plays pending triggers until none is left (`k.play_triggers()`); returns how many.
    pub fn play_triggers_now(&mut self, host: &dyn Host) -> Result<usize, Fail> {
        let mut n = 0;
        while n < crate::budget::MAX_PENDING_TRIGGERS * 4 {
            self.check_condition_triggers();
            if !self.play_one_trigger(host)? {
                break;
            }
            n += 1;
        }
        Ok(n)
    }

    /// The pending triggers `p` may play now: every one of theirs, or in batch mode those of the
    /// current batch (a new batch starts from everything pending when the last one is done).
    fn playable_triggers(&mut self, p: PlayerId) -> Vec<usize> {
        let mine = |t: &PendingTrigger| t.controller == p && t.count > 0;
        if self.defs.game.triggers.order != TriggerOrder::Batches {
            return (0..self.st.triggers.len())
                .filter(|&i| mine(&self.st.triggers[i]))
                .collect();
        }
        (0..self.st.triggers.len())
            .filter(|&i| {
                let t = &self.st.triggers[i];
                mine(t)
                    && self.st.trigger_batch.iter().any(|b| {
                        b.left > 0
                            && b.source == t.source
                            && b.def == t.def
                            && b.ability == t.ability
                    })
            })
            .collect()
    }

    /// In batch mode: when the batch is done, the next one is everything pending now.
    fn refill_batch(&mut self) {
        if self.defs.game.triggers.order != TriggerOrder::Batches
            || self.st.trigger_batch.iter().any(|b| b.left > 0)
        {
            return;
        }
        self.st.trigger_batch = self
            .st
            .triggers
            .iter()
            .filter(|t| t.count > 0)
            .map(|t| BatchEntry {
                source: t.source,
                def: t.def,
                ability: t.ability,
                left: t.count,
            })
            .collect();
    }

    /// 811.2b–c: the turn player plays one of their pending triggers, else the other player.
    /// Returns whether one was played (the rule check then starts over, 807.3a).
    pub(crate) fn play_one_trigger(&mut self, host: &dyn Host) -> Result<bool, Fail> {
        let tp = self.st.turn_player;
        self.refill_batch();
        for p in [tp, 1 - tp] {
            let mine = self.playable_triggers(p);
            if mine.is_empty() {
                continue;
            }
            let pick = if mine.len() == 1 {
                mine[0]
            } else {
                let options = mine
                    .iter()
                    .map(|&i| {
                        let t = &self.st.triggers[i];
                        let a =
                            &self.defs.cards.cards[t.def as usize].abilities[t.ability as usize];
                        Opt {
                            label: format!(
                                "「{}」 ({})",
                                a.name, self.defs.cards.cards[t.def as usize].named.name
                            ),
                            value: Value::Int(i as i64),
                        }
                    })
                    .collect();
                let picks = self.choose(
                    p,
                    "プレイする誘発能力 (triggered ability to play)",
                    self.kc(KStep::TriggerPlay).as_deref(),
                    options,
                    1,
                    1,
                )?;
                mine[picks.first().copied().unwrap_or(0) as usize]
            };
            self.resolve_trigger(host, pick)?;
            return Ok(true);
        }
        Ok(false)
    }

    fn resolve_trigger(&mut self, host: &dyn Host, index: usize) -> Result<(), Fail> {
        self.step();
        let t = &mut self.st.triggers[index];
        t.count -= 1;
        let key = (t.source, t.def, t.ability);
        if let Some(b) = self
            .st
            .trigger_batch
            .iter_mut()
            .find(|b| b.left > 0 && (b.source, b.def, b.ability) == key)
        {
            b.left -= 1;
        }
        let event = if t.events.is_empty() {
            Value::Null
        } else {
            t.events.remove(0)
        };
        let t = t.clone();
        if t.count == 0 {
            self.st.triggers.remove(index);
        }
        let defs = Arc::clone(&self.defs);
        let a = &defs.cards.cards[t.def as usize].abilities[t.ability as usize];
        let card_name = &defs.cards.cards[t.def as usize].named.name;
        // A trigger whose card has left its zone (a new object now) is not played when the
        // game says so (東方VISION 7.4.7.d); delayed triggers are not tied to their card.
        if defs.game.triggers.source_left == SourceLeft::Skip
            && t.delayed_data.is_none()
            && self.current(t.source).is_none()
        {
            self.log_line(
                self.kc(KStep::TriggerSourceLeft).as_deref(),
                format!(
                    "{card_name}の「{}」: カードが移動したので解決しない (its card left: not played)",
                    a.name
                ),
            );
            return Ok(());
        }
        // `optional: true` ("may"): its controller chooses whether to play it; declined, this
        // occurrence is gone (Victory Spark 4.5.1; Fire Force 908.3a's "may pay").
        if a.optional {
            let options = vec![
                Opt {
                    label: format!("「{}」をプレイする (play)", a.name),
                    value: Value::Bool(true),
                },
                Opt {
                    label: "プレイしない (do not play)".into(),
                    value: Value::Bool(false),
                },
            ];
            let picks = self.choose(
                t.controller,
                "任意の誘発能力をプレイするか (may)",
                self.kc(KStep::TriggerPlay).as_deref(),
                options,
                1,
                1,
            )?;
            if picks.first() == Some(&1) {
                self.log_line(
                    self.kc(KStep::TriggerPlay).as_deref(),
                    format!(
                        "P{}: {card_name}の「{}」をプレイしない (declines the triggered ability)",
                        t.controller + 1,
                        a.name
                    ),
                );
                return Ok(());
            }
        }
        self.log_line(
            self.kc(KStep::TriggerPlay).as_deref(),
            format!(
                "P{}: {card_name}の「{}」をプレイ (plays the triggered ability)",
                t.controller + 1,
                a.name
            ),
        );
        // `triggers.onto_chain`: the played trigger waits on the chain as a pending item; the
        // game's resolve hook resolves it with `k.resolve_trigger(item)`.
        if defs.game.triggers.onto_chain && defs.game.chain.is_some() {
            let mut values = IndexMap::new();
            values.insert("ability".to_string(), Value::Str(a.name.clone()));
            values.insert("def".to_string(), Value::Int(t.def as i64));
            values.insert("index".to_string(), Value::Int(t.ability as i64));
            values.insert("event".to_string(), event);
            values.insert("data".to_string(), t.delayed_data.unwrap_or_default());
            self.push_item(crate::chain::NewItem {
                kind: "trigger".into(),
                name: a.name.clone(),
                source: Some(t.source),
                controller: t.controller,
                targets: Vec::new(),
                values: Value::Map(values),
                chooses: Vec::new(),
            })
            .map_err(|e| Fail::Run(crate::error::RunError::Definition(e)))?;
            // `reveal: true` (Victory Spark 4.5.1): a hidden card is shown to play its ability,
            // and stays shown while the ability waits (4.5.3).
            if a.reveal {
                let before = self.current(t.source).map(|o| o.revealed);
                let hidden = (0..defs.game.players).any(|p| !self.can_see(p, t.source.card));
                if let (Some(mask), true) = (before, hidden) {
                    if let Some(item) = self.st.chain.last_mut() {
                        item.revealed = Some(mask);
                        self.st.objects[t.source.card as usize].revealed = 0xff;
                        self.touch();
                        self.log_line(
                            self.kc(KStep::Reveal).as_deref(),
                            format!(
                                "P{}は{card_name}を公開する (reveals the card)",
                                t.controller + 1
                            ),
                        );
                    }
                }
            }
            return Ok(());
        }
        self.resolve_triggered_effect(host, &t, event)
    }

    /// Resolves a pending trigger's effect (the success check first for a skill's, 920.1).
    fn resolve_triggered_effect(
        &mut self,
        host: &dyn Host,
        t: &PendingTrigger,
        event: Value,
    ) -> Result<(), Fail> {
        let defs = Arc::clone(&self.defs);
        let a = &defs.cards.cards[t.def as usize].abilities[t.ability as usize];
        // 813.3, 920.1, 804.2c-31: a triggered EX skill gets the game's success check first.
        if a.ex_skill || t.from_skill {
            if let Some(check) = &defs.game.skill_success_check {
                let args = [
                    Value::Int(self.handle(t.source)),
                    Value::Str(a.name.clone()),
                ];
                if !crate::run::truthy(&host.call(self, check, &args)?) {
                    self.log_line(
                        self.kc(KStep::SuccessCheckFails).as_deref(),
                        format!("「{}」は失敗: 効果を適用しない (fails: no effect)", a.name),
                    );
                    return Ok(());
                }
            }
        }
        let mut ctx = IndexMap::new();
        ctx.insert("self".to_string(), Value::Int(self.handle(t.source)));
        ctx.insert(
            "controller".to_string(),
            Value::Int(t.controller as i64 + 1),
        );
        ctx.insert("event".to_string(), event);
        ctx.insert(
            "data".to_string(),
            t.delayed_data.clone().unwrap_or_default(),
        );
        self.call_card_hook(
            host,
            &hook_name(t.def as usize, t.ability as usize, "effect"),
            &[Value::Map(ctx)],
            &|_, _| Ok(()),
        )?;
        Ok(())
    }
}
