//! Compiling a game's procedures (setup, phases, steps and their instructions) into the flat
//! program the kernel runs (program.rs), checking each instruction against the declarations.
use super::load::Cx;
use super::program::{Cond, Instr};
use super::raw::*;

pub(super) struct Compiler<'a, 'b> {
    pub(super) cx: &'a mut Cx<'b>,
    pub(super) out: &'a mut Vec<Instr>,
    pub(super) groups: &'a [String],
    pub(super) ending: &'a [String],
    pub(super) durations: &'a [String],
}

impl Compiler<'_, '_> {
    pub(super) fn cond(&mut self, c: &str) -> Cond {
        let c = c.trim();
        if let Some(rest) = c.strip_prefix("not ") {
            return Cond::Not(Box::new(self.cond(rest)));
        }
        match c {
            "kernel.first_turn_of_game" => Cond::FirstTurnOfGame,
            "kernel.first_turn_of_player" => Cond::FirstTurnOfPlayer,
            "kernel.rule_check_acted" => Cond::RuleCheckActed,
            k if k.starts_with("kernel.") => {
                self.cx.err(
                    k,
                    format!("unknown built-in condition \"{k}\""),
                    Some("built-ins: kernel.first_turn_of_game, kernel.first_turn_of_player, kernel.rule_check_acted".into()),
                );
                Cond::FirstTurnOfGame
            }
            h => Cond::Hook(self.cx.hook(h)),
        }
    }

    pub(super) fn block(&mut self, steps: &[RawStep], exit: Option<u32>) {
        for s in steps {
            self.step(s, exit);
        }
    }

    fn step(&mut self, s: &RawStep, exit: Option<u32>) {
        let kinds = [
            s.expire.is_some(),
            s.do_.is_some(),
            s.event.is_some(),
            s.rule_check.is_some(),
            s.actions.is_some(),
            s.priority.is_some(),
            s.loop_.is_some(),
            s.if_.is_some(),
        ];
        let n = kinds.iter().filter(|k| **k).count();
        if n != 1 {
            let what = s.name.clone().or(s.clause.clone()).unwrap_or_default();
            self.cx.err(
                &what,
                format!("a step must have exactly one of do, event, rule_check, expire, actions, priority, loop, if (found {n})"),
                None,
            );
            return;
        }
        if let Some(x) = &s.expire {
            if x != "this_turn" && !self.durations.iter().any(|d| d == x) {
                let known = self.durations.iter().map(String::as_str);
                self.cx.err(
                    x,
                    format!("expire: unknown duration \"{x}\""),
                    Some(format!(
                        "use `expire: this_turn` or a duration the game declares in `durations:` ({})",
                        crate::def::card::did_you_mean(x, std::iter::once("this_turn").chain(known))
                    )),
                );
            }
            self.out.push(Instr::Expire {
                duration: (x != "this_turn").then(|| x.clone()),
                clause: s.clause.clone(),
            });
        } else if let Some(h) = &s.do_ {
            let hook = self.cx.hook(h);
            self.out.push(Instr::Do {
                hook,
                clause: s.clause.clone(),
            });
        } else if let Some(e) = &s.event {
            self.out.push(Instr::Event {
                name: e.clone(),
                clause: s.clause.clone(),
            });
        } else if let Some(c) = &s.rule_check {
            let clause = (!c.is_empty()).then(|| c.clone());
            self.out.push(Instr::RuleCheck { clause });
        } else if let Some(g) = &s.actions {
            if !self.groups.iter().any(|x| x == g) {
                self.cx.err(
                    g,
                    format!("no action belongs to the group \"{g}\""),
                    Some("declare actions with `group: <name>`".into()),
                );
            }
            if exit.is_none() && self.ending.iter().any(|x| x == g) {
                self.cx.err(g, format!("the group \"{g}\" has an action with ends_loop, but it is not inside a loop"), None);
            }
            self.out.push(Instr::Actions {
                group: g.clone(),
                clause: s.clause.clone(),
                exit,
            });
        } else if let Some(g) = &s.priority {
            if !self.groups.iter().any(|x| x == g) {
                self.cx.err(
                    g,
                    format!("no action belongs to the group \"{g}\""),
                    Some("declare actions with `group: <name>`".into()),
                );
            }
            self.out.push(Instr::Priority {
                group: g.clone(),
                clause: s.clause.clone(),
            });
        } else if let Some(body) = &s.loop_ {
            let start = self.out.len() as u32;
            // The exit address is patched once the body is compiled.
            let placeholder = u32::MAX;
            let body_start = self.out.len();
            self.block(body, Some(placeholder));
            match &s.until {
                Some(c) => {
                    let cond = self.cond(c);
                    self.out.push(Instr::JumpUnless {
                        cond,
                        target: start,
                    });
                }
                None => self.out.push(Instr::Jump(start)),
            }
            let end = self.out.len() as u32;
            for i in &mut self.out[body_start..] {
                if let Instr::Actions { exit: Some(e), .. } = i {
                    if *e == placeholder {
                        *e = end;
                    }
                }
            }
        } else if let Some(c) = &s.if_ {
            let cond = self.cond(c);
            let at = self.out.len();
            self.out.push(Instr::JumpUnless {
                cond: cond.clone(),
                target: 0,
            });
            self.block(&s.then, exit);
            let jump_end = self.out.len();
            self.out.push(Instr::Jump(0));
            let else_start = self.out.len() as u32;
            self.block(&s.else_, exit);
            let end = self.out.len() as u32;
            if let Instr::JumpUnless { target, .. } = &mut self.out[at] {
                *target = else_start;
            }
            if let Instr::Jump(t) = &mut self.out[jump_end] {
                *t = end;
            }
        }
    }
}
