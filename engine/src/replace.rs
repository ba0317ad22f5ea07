//! Replacement effects (810): before an event happens, the replacements that apply to it are
//! applied one at a time, each at most once per original event (810.3), in the order the
//! affected card's controller or the affected player chooses (810.2).
use crate::decision::Opt;
use crate::def::ability::{hook_name, AbilityKind};
use crate::expr::GameEnv;
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::ids::{CardIdx, PlayerId};
use crate::value::Value;
use indexmap::IndexMap;
use std::sync::Arc;

impl Game {
    /// Static replacement abilities that apply to `event` now, not yet applied to it.
    fn replacements_for(
        &self,
        kind: &str,
        event: &Value,
        applied: &[(CardIdx, u16)],
    ) -> Vec<(CardIdx, u16)> {
        let mut out = Vec::new();
        for card in 0..self.st.objects.len() as CardIdx {
            let def = &self.defs.cards.cards[self.st.objects[card as usize].def as usize];
            for (ai, a) in def.abilities.iter().enumerate() {
                if a.kind != AbilityKind::Static
                    || a.replaces.as_deref() != Some(kind)
                    || applied.contains(&(card, ai as u16))
                {
                    continue;
                }
                if !self.ability_valid(card, ai) {
                    continue;
                }
                let holds = match &a.condition {
                    None => true,
                    Some((expr, src)) => {
                        let env = GameEnv {
                            game: self,
                            this: Some(self.obj_id(card)),
                            controller: self.st.objects[card as usize].controller,
                            event: Some(event),
                            data: None,
                            chars: None,
                            // A card's condition reads with its controller's knowledge (303.3).
                            viewer: Some(self.st.objects[card as usize].controller),
                        };
                        env.test(expr, src).unwrap_or(false)
                    }
                };
                if holds {
                    out.push((card, ai as u16));
                }
            }
        }
        out
    }

    /// 810.2: who chooses — the controller of the card the event applies to, else the player.
    fn affected_player(&self, event: &Value) -> PlayerId {
        if let Some(id) = event
            .get("card")
            .and_then(Value::as_int)
            .and_then(|h| self.handle_id(h))
        {
            if let Some(o) = self.st.objects.get(id.card as usize) {
                return o.controller;
            }
        }
        match event.get("player").and_then(Value::as_int) {
            Some(p @ 1..=2) => (p - 1) as PlayerId,
            _ => self.st.turn_player,
        }
    }

    /// Runs the replacement process on `event` (a map with `kind`). Returns the event that
    /// happens instead (possibly changed), or None when nothing of it happens (810.1).
    pub fn replace(&mut self, host: &dyn Host, mut event: Value) -> Result<Option<Value>, Fail> {
        let Some(kind) = event
            .get("kind")
            .and_then(Value::as_str)
            .map(str::to_string)
        else {
            return Err(Fail::Run(crate::RunError::Definition(
                "k.replace needs an event with a `kind`".into(),
            )));
        };
        let defs = Arc::clone(&self.defs);
        let mut applied: Vec<(CardIdx, u16)> = Vec::new();
        loop {
            let candidates = self.replacements_for(&kind, &event, &applied);
            if candidates.is_empty() {
                return Ok(Some(event));
            }
            let chooser = self.affected_player(&event);
            let pick = if candidates.len() == 1 {
                0
            } else {
                let options = candidates
                    .iter()
                    .map(|&(c, ai)| {
                        let a = &defs.cards.cards[self.st.objects[c as usize].def as usize]
                            .abilities[ai as usize];
                        Opt {
                            label: format!("「{}」 ({})", a.name, self.name(c)),
                            value: Value::Int(c as i64),
                        }
                    })
                    .collect();
                let picks = self.choose(
                    chooser,
                    "先に適用する置換効果 (replacement to apply first)",
                    self.kc(crate::def::kernel_clauses::KStep::ReplacementOrder)
                        .as_deref(),
                    options,
                    1,
                    1,
                )?;
                picks.first().copied().unwrap_or(0) as usize
            };
            let (card, ai) = candidates[pick];
            applied.push((card, ai));
            let def = self.st.objects[card as usize].def as usize;
            let a = &defs.cards.cards[def].abilities[ai as usize];
            let controller = self.st.objects[card as usize].controller;
            if a.optional {
                let options = vec![
                    Opt {
                        label: format!("「{}」を適用する (apply)", a.name),
                        value: Value::Bool(true),
                    },
                    Opt {
                        label: "適用しない (do not apply)".into(),
                        value: Value::Bool(false),
                    },
                ];
                let picks = self.choose(
                    controller,
                    "置換効果を適用するか (may)",
                    self.kc(crate::def::kernel_clauses::KStep::ReplacementOptional)
                        .as_deref(),
                    options,
                    1,
                    1,
                )?;
                if picks.first() != Some(&0) {
                    continue;
                }
            }
            self.log_line(
                self.kc(crate::def::kernel_clauses::KStep::Replacement)
                    .as_deref(),
                format!(
                    "{}の「{}」で置換 (replaces {kind})",
                    self.name(card),
                    a.name
                ),
            );
            let mut ctx = IndexMap::new();
            ctx.insert(
                "self".to_string(),
                Value::Int(self.handle(self.obj_id(card))),
            );
            ctx.insert("controller".to_string(), Value::Int(controller as i64 + 1));
            ctx.insert("event".to_string(), event.clone());
            let original = event.clone();
            let check = |_: &Game, r: &Value| crate::card_error::check_replaced(&original, r);
            let Some(r) = self.call_card_hook(
                host,
                &hook_name(def, ai as usize, "replace"),
                &[Value::Map(ctx)],
                &check,
            )?
            else {
                continue; // the hook failed: this replacement does not apply
            };
            match r {
                Value::Map(mut m) => {
                    m.entry("kind".to_string())
                        .or_insert(Value::Str(kind.clone()));
                    event = Value::Map(m);
                }
                _ => return Ok(None), // nil or false (checked): nothing of it happens
            }
        }
    }
}
