//! A game's actions (`actions:`): the options each offers a player, with their cost checked
//! before they are offered (`can_pay`), and performing one, paying first (`pay`): a cost that
//! cannot be paid undoes the action as a rule (`k.undo`).
use crate::decision::Opt;
use crate::def::timing::Who;
use crate::error::RunError;
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::ids::PlayerId;
use crate::run::truthy;
use crate::value::Value;
use indexmap::IndexMap;
use std::sync::Arc;

impl Game {
    /// The options of the actions of `group` that `p` may take now (as the turn player when
    /// `priority` is false, else as the holder of priority, by each action's `who:`).
    pub(crate) fn action_options(
        &mut self,
        host: &dyn Host,
        p: PlayerId,
        group: &str,
        priority: bool,
    ) -> Result<Vec<Opt>, Fail> {
        let defs = Arc::clone(&self.defs);
        let tp = self.st.turn_player;
        let mut options = Vec::new();
        for (ai, a) in defs.game.actions.iter().enumerate() {
            let allowed = !priority
                || match a.who {
                    Who::TurnPlayer => p == tp,
                    Who::NonTurnPlayer => p != tp,
                    Who::Any => true,
                };
            if a.group != group || !allowed {
                continue;
            }
            let pv = Value::Int(p as i64 + 1);
            let listed = match &a.options {
                Some(h) => host.call(self, h, &[pv.clone()])?,
                None => Value::List(vec![Value::Map(IndexMap::new())]),
            };
            for o in listed.into_list() {
                if let Some(h) = &a.can_pay {
                    if !truthy(&host.call(self, h, &[pv.clone(), o.clone()])?) {
                        continue;
                    }
                }
                let label = match o.get("label").and_then(Value::as_str) {
                    Some(l) => format!("{}: {l}", a.named.name),
                    None => a.named.label(),
                };
                let mut m = IndexMap::new();
                m.insert("action".to_string(), Value::Int(ai as i64));
                m.insert("args".to_string(), o);
                options.push(Opt {
                    label,
                    value: Value::Map(m),
                });
            }
        }
        if options.len() > crate::budget::MAX_OPTIONS {
            return Err(Fail::Run(RunError::Definition(format!(
                "{} options for the actions of \"{group}\": more than the limit of {}",
                options.len(),
                crate::budget::MAX_OPTIONS
            ))));
        }
        Ok(options)
    }

    /// Performs the action an option names for `p`: pays its cost, then its perform hook.
    /// Returns the action's index.
    pub(crate) fn perform_action(
        &mut self,
        host: &dyn Host,
        p: PlayerId,
        opt: &Opt,
    ) -> Result<usize, Fail> {
        let defs = Arc::clone(&self.defs);
        let ai = opt
            .value
            .get("action")
            .and_then(Value::as_int)
            .unwrap_or(-1);
        let args = opt.value.get("args").cloned().unwrap_or_default();
        let Some((i, a)) = usize::try_from(ai)
            .ok()
            .and_then(|i| defs.game.actions.get(i).map(|a| (i, a)))
        else {
            return Err(Fail::Run(RunError::Definition(format!(
                "a recorded answer names action {ai}, which the game does not have"
            ))));
        };
        let pv = Value::Int(p as i64 + 1);
        if let Some(h) = &a.pay {
            if !truthy(&host.call(self, h, &[pv.clone(), args.clone()])?) {
                self.request_undo(&format!(
                    "P{}の「{}」はコストを支払えない (the cost cannot be paid)",
                    p + 1,
                    opt.label
                ));
                return Err(Fail::Undo);
            }
        }
        if let Some(h) = &a.perform {
            host.call(self, h, &[pv, args])?;
        }
        Ok(i)
    }
}
