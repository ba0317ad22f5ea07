//! The instruction loop: runs the game's program until a player must decide.
use crate::decision::{Decision, DecisionKind};
use crate::def::program::{Cond, Instr};
use crate::def::raw::VarReset;
use crate::error::RunError;
use crate::game::{Game, Status};
use crate::host::{Fail, Host};
use crate::state::Outcome;
use crate::value::Value;
use indexmap::IndexMap;
use std::sync::Arc;

impl Game {
    /// Runs until a player must decide or the game ends (the process/response loop).
    pub fn advance(&mut self, host: &dyn Host) -> Result<Status, RunError> {
        // A new stretch of play: the budgets count from here to the next decision.
        self.reset_budget();
        self.budget.in_stretch = true;
        let r = self.run_stretch(host);
        self.budget.in_stretch = false;
        r
    }

    fn run_stretch(&mut self, host: &dyn Host) -> Result<Status, RunError> {
        let defs = Arc::clone(&self.defs);
        let program = &defs.game.program;
        loop {
            if let Some(o) = &self.st.outcome {
                return Ok(Status::Over(o.clone()));
            }
            if !self.take_answers() {
                return Ok(Status::Decide);
            }
            self.step();
            if self.over_budget()? {
                continue;
            }
            if self.st.end_turn_now {
                self.end_turn_at_once();
                continue;
            }
            // An open priority window runs before the program goes on.
            if !self.st.windows.is_empty() {
                let done = self.window_step(host)?;
                self.over_budget()?;
                if !done && self.st.outcome.is_none() {
                    return Ok(Status::Decide);
                }
                continue;
            }
            // An additional phase, or the way back from one (4.10.3).
            if self.phase_transition() {
                continue;
            }
            let Some(instr) = program.instrs.get(self.st.pc as usize) else {
                return Err(RunError::Definition(format!(
                    "program counter {} out of range",
                    self.st.pc
                )));
            };
            let done = match instr {
                Instr::Do { hook, .. } => self.unit(host, |g, h| {
                    h.call(g, hook, &[])?;
                    g.st.pc += 1;
                    Ok(())
                })?,
                Instr::Event { name, clause } => {
                    self.log_line(clause.as_deref(), format!("「{name}」"));
                    let mut data = IndexMap::new();
                    data.insert(
                        "turn_player".to_string(),
                        Value::Int(self.st.turn_player as i64 + 1),
                    );
                    self.raise(name, Value::Map(data));
                    self.st.pc += 1;
                    true
                }
                Instr::RuleCheck { .. } => match self.rule_check(host)? {
                    None => {
                        self.st.pc += 1;
                        true
                    }
                    Some(done) => done,
                },
                Instr::Priority { group, clause } => {
                    // A phase or turn an effect already ended has no window (4.10).
                    match self.st.end_requested {
                        crate::state::EndRequest::None => {
                            self.open_window(group, self.st.turn_player, true, clause.clone())
                        }
                        crate::state::EndRequest::Phase => {
                            self.end_now();
                            self.st.pc += 1;
                        }
                        crate::state::EndRequest::Turn => {
                            self.end_now();
                        }
                    }
                    true
                }
                Instr::Expire { duration, clause } => {
                    match duration {
                        None => self.expire_effects(clause.as_deref()),
                        Some(d) => {
                            self.expire_duration_cited(d, clause.as_deref());
                        }
                    }
                    self.st.pc += 1;
                    true
                }
                Instr::Actions {
                    group,
                    clause,
                    exit,
                } => self.unit(host, |g, h| {
                    g.take_action(h, group, clause.as_deref(), *exit)
                })?,
                Instr::Jump(t) => {
                    self.st.pc = *t;
                    true
                }
                Instr::JumpIf { cond, target, note } => self.unit(host, |g, h| {
                    if g.test(h, cond)? {
                        if let Some((clause, text)) = note {
                            g.log_line(clause.as_deref(), text.clone());
                        }
                        g.st.pc = *target;
                    } else {
                        g.st.pc += 1;
                    }
                    Ok(())
                })?,
                Instr::JumpUnless { cond, target } => self.unit(host, |g, h| {
                    g.st.pc = if g.test(h, cond)? {
                        g.st.pc + 1
                    } else {
                        *target
                    };
                    Ok(())
                })?,
                Instr::EndSetup => {
                    self.log_line(None, "準備完了 (setup done)".into());
                    self.st.pc += 1;
                    true
                }
                Instr::BeginTurn => {
                    if !self.skip_turn_here() {
                        self.st.plan.given_this_turn = 0;
                        self.begin_turn();
                    }
                    true
                }
                Instr::PhaseStart(i) if self.skip_here(*i) => true,
                Instr::PhaseStart(i) => {
                    if self.st.end_requested == crate::state::EndRequest::Phase {
                        self.st.end_requested = crate::state::EndRequest::None;
                    }
                    let ph = &defs.game.phase_names[*i as usize];
                    self.st.phase = Some(*i);
                    self.st.step = None;
                    self.log_line(ph.clause.as_deref(), ph.named.label());
                    self.st.pc += 1;
                    true
                }
                Instr::StepStart(p, s) => {
                    let (named, clause) = &defs.game.phase_names[*p as usize].steps[*s as usize];
                    self.st.step = Some(*s);
                    self.log_line(clause.as_deref(), named.label());
                    self.st.pc += 1;
                    true
                }
                Instr::EndTurn => {
                    let tp = self.st.turn_player;
                    self.log_line(None, format!("ターン{}終了 (end of turn)", self.st.turn));
                    self.st.turn_player = (tp + 1) % defs.game.players;
                    self.st.phase = None;
                    self.st.step = None;
                    self.st.pc += 1;
                    true
                }
            };
            self.over_budget()?;
            if !done && self.st.outcome.is_none() {
                return Ok(Status::Decide);
            }
        }
    }

    fn begin_turn(&mut self) {
        let defs = Arc::clone(&self.defs);
        if self.st.turn >= defs.game.turn_limit {
            let limit = defs.game.turn_limit;
            self.end(Outcome::Draw {
                clause: "turn limit".into(),
                reason: format!("ターン上限 {limit} に達した (turn limit {limit} reached; not a rule of the game)"),
            });
            return;
        }
        self.st.turn += 1;
        self.loop_new_turn();
        self.st.once_triggered.clear();
        self.st.end_requested = crate::state::EndRequest::None;
        self.touch();
        let tp = self.st.turn_player;
        self.st.first_player.get_or_insert(tp);
        let turns = &mut self.st.players[tp as usize].turns;
        *turns = turns.saturating_add(1);
        for (i, v) in defs.game.player_vars.iter().enumerate() {
            if v.reset == VarReset::Turn {
                for p in &mut self.st.players {
                    p.vars[i] = v.initial;
                }
            }
        }
        for (i, v) in defs.game.game_vars.iter().enumerate() {
            if v.reset == VarReset::Turn {
                self.st.game_vars[i] = v.initial;
            }
        }
        self.log_line(
            None,
            format!(
                "━━ ターン{} (turn {}): P{} ━━",
                self.st.turn,
                self.st.turn,
                tp + 1
            ),
        );
        self.st.pc += 1;
    }

    /// Evaluates a condition of the program.
    fn test(&mut self, host: &dyn Host, cond: &Cond) -> Result<bool, Fail> {
        Ok(match cond {
            Cond::FirstTurnOfGame => self.st.turn == 1,
            Cond::FirstTurnOfPlayer => self.st.players[self.st.turn_player as usize].turns == 1,
            Cond::RuleCheckActed => self.st.rule_check_acted,
            Cond::Not(c) => !self.test(host, c)?,
            Cond::Hook(h) => truthy(&host.call(self, h, &[])?),
        })
    }

    /// The turn player chooses one action of `group` and it is performed.
    fn take_action(
        &mut self,
        host: &dyn Host,
        group: &str,
        clause: Option<&str>,
        exit: Option<u32>,
    ) -> Result<(), Fail> {
        let defs = Arc::clone(&self.defs);
        let tp = self.st.turn_player;
        let key = self.loop_find(tp)?;
        let decision = if self.journal.cursor < self.journal.entries.len() {
            // Replaying: the recorded decision already holds the options.
            None
        } else {
            let options = self.action_options(host, tp, group, false)?;
            if options.is_empty() {
                return Err(Fail::Run(RunError::Definition(format!(
                    "no legal action in group \"{group}\""
                ))));
            }
            Some(Decision {
                players: vec![tp],
                kind: DecisionKind::Action,
                prompt: "行動を選ぶ (choose an action)".into(),
                clause: clause.map(str::to_string),
                options: options.into(),
                min: 1,
                max: 1,
            })
        };
        let (d, answer) = match decision {
            Some(d) => self.ask(d)?,
            None => {
                self.loop_mark(tp, key);
                self.ask(placeholder())?
            }
        };
        let pick = answer.first().and_then(|a| a.first()).copied().unwrap_or(0) as usize;
        let Some(opt) = d.options.get(pick) else {
            return Err(Fail::Run(RunError::Definition(
                "answer out of range".into(),
            )));
        };
        let ai = self.perform_action(host, tp, opt)?;
        self.st.pc = match (defs.game.actions[ai].ends_loop, exit) {
            (true, Some(e)) => e,
            _ => self.st.pc + 1,
        };
        Ok(())
    }
}

fn placeholder() -> Decision {
    Decision {
        players: vec![],
        kind: DecisionKind::Action,
        prompt: String::new(),
        clause: None,
        options: Default::default(),
        min: 1,
        max: 1,
    }
}

/// Lua-style truth: everything but null and false is true.
pub fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Null | Value::Bool(false))
}
