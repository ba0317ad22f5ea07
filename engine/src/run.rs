//! The instruction loop: runs the game's program until a player must decide.
use crate::decision::{Decision, DecisionKind, Opt};
use crate::def::program::{Cond, Instr};
use crate::def::raw::VarReset;
use crate::error::RunError;
use crate::game::{Game, Status};
use crate::host::{Fail, Host};
use crate::state::{Outcome, RuleCheckCursor};
use crate::value::Value;
use indexmap::IndexMap;
use std::sync::Arc;

/// Passes of one rule check after which it is a loop nobody can stop (e.g. 1101.1c); unlike the
/// steps of `loop_limit`, passes are kept in the state, so they count across decisions.
pub const MAX_RULE_CHECK_PASSES: u32 = 10_000;

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
                Instr::RuleCheck { .. } => self.rule_check(host)?,
                Instr::Expire { clause } => {
                    self.expire_effects(clause.as_deref());
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
                    self.begin_turn();
                    true
                }
                Instr::PhaseStart(i) => {
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
        self.touch();
        let tp = self.st.turn_player;
        self.st.first_player.get_or_insert(tp);
        let turns = &mut self.st.players[tp as usize].turns;
        *turns = turns.saturating_add(1);
        for (i, v) in defs.game.player_vars.iter().enumerate() {
            if v.reset == VarReset::Turn {
                for p in &mut self.st.players {
                    p.vars[i] = 0;
                }
            }
        }
        for (i, v) in defs.game.game_vars.iter().enumerate() {
            if v.reset == VarReset::Turn {
                self.st.game_vars[i] = 0;
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

    /// 811: rule processes in the declared order, repeated while any acted; then triggers.
    fn rule_check(&mut self, host: &dyn Host) -> Result<bool, RunError> {
        let defs = Arc::clone(&self.defs);
        let procs = &defs.game.rule_processes;
        loop {
            self.step();
            if self.over_budget()? {
                return Ok(true);
            }
            let cur = *self
                .st
                .rule_check
                .get_or_insert_with(RuleCheckCursor::default);
            if cur.process as usize >= procs.len() {
                let restart = RuleCheckCursor {
                    process: 0,
                    pass_acted: false,
                    acted: true,
                    passes: cur.passes + 1,
                };
                if restart.passes > MAX_RULE_CHECK_PASSES {
                    self.loop_end(&format!(
                        "a rule check still acting after {MAX_RULE_CHECK_PASSES} passes"
                    ))?;
                    return Ok(true);
                }
                if cur.pass_acted {
                    self.st.rule_check = Some(restart);
                    continue;
                }
                // 811.2b–c: triggers, TP's first, one at a time; then start over (807.3a).
                let mut played = false;
                let done = self.unit(host, |g, h| {
                    g.check_condition_triggers();
                    played = g.play_one_trigger(h)?;
                    if played {
                        g.st.rule_check = Some(restart);
                    }
                    g.settle_losses();
                    Ok(())
                })?;
                if !done || self.st.outcome.is_some() {
                    return Ok(done);
                }
                if played {
                    continue;
                }
                self.st.rule_check_acted = cur.acted;
                self.st.rule_check = None;
                self.st.pc += 1;
                return Ok(true);
            }
            let proc = &procs[cur.process as usize];
            let done = self.unit(host, |g, h| {
                let acted = truthy(&h.call(g, &proc.hook, &[])?);
                if let Some(c) = &mut g.st.rule_check {
                    c.process += 1;
                    c.pass_acted |= acted;
                    c.acted |= acted;
                }
                g.settle_losses();
                Ok(())
            })?;
            if !done || self.st.outcome.is_some() {
                return Ok(done);
            }
        }
    }

    /// 103.1–103.3: a player who met a loss condition loses; both at once is a draw.
    pub(crate) fn settle_losses(&mut self) {
        if self.st.outcome.is_some() {
            return;
        }
        let lost: Vec<usize> = (0..self.st.players.len())
            .filter(|&p| self.st.players[p].lost.is_some())
            .collect();
        match lost.len() {
            0 => {}
            1 => {
                let p = lost[0];
                let (clause, reason) = self.st.players[p].lost.clone().unwrap_or_default();
                self.end(Outcome::Win {
                    winner: (1 - p) as u8,
                    clause,
                    reason: format!("P{} lost: {reason}", p + 1),
                });
            }
            _ => {
                let reasons: Vec<String> = lost
                    .iter()
                    .filter_map(|&p| {
                        self.st.players[p]
                            .lost
                            .as_ref()
                            .map(|(c, r)| format!("P{} [{c}] {r}", p + 1))
                    })
                    .collect();
                self.end(Outcome::Draw {
                    clause: self
                        .kc(crate::def::kernel_clauses::KStep::SimultaneousLoss)
                        .unwrap_or_default(),
                    reason: format!(
                        "両プレイヤーが同時に敗北条件を満たした (both lost at once): {}",
                        reasons.join("; ")
                    ),
                });
            }
        }
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
        let decision = if self.journal.cursor < self.journal.entries.len() {
            // Replaying: the recorded decision already holds the options.
            None
        } else {
            let mut options = Vec::new();
            for (ai, a) in defs
                .game
                .actions
                .iter()
                .enumerate()
                .filter(|(_, a)| a.group == group)
            {
                let listed = match &a.options {
                    Some(h) => host.call(self, h, &[Value::Int(tp as i64 + 1)])?,
                    None => Value::List(vec![Value::Map(IndexMap::new())]),
                };
                for o in listed.as_list() {
                    let label = match o.get("label").and_then(Value::as_str) {
                        Some(l) => format!("{}: {l}", a.named.name),
                        None => a.named.label(),
                    };
                    let mut m = IndexMap::new();
                    m.insert("action".to_string(), Value::Int(ai as i64));
                    m.insert("args".to_string(), o.clone());
                    options.push(Opt {
                        label,
                        value: Value::Map(m),
                    });
                }
            }
            if options.is_empty() {
                return Err(Fail::Run(RunError::Definition(format!(
                    "no legal action in group \"{group}\""
                ))));
            }
            if options.len() > crate::budget::MAX_OPTIONS {
                return Err(Fail::Run(RunError::Definition(format!(
                    "{} actions in group \"{group}\": more than the limit of {} options",
                    options.len(),
                    crate::budget::MAX_OPTIONS
                ))));
            }
            Some(Decision {
                players: vec![tp],
                kind: DecisionKind::Action,
                prompt: "行動を選ぶ (choose an action)".into(),
                clause: clause.map(str::to_string),
                options,
                min: 1,
                max: 1,
            })
        };
        let (d, answer) = match decision {
            Some(d) => self.ask(d)?,
            None => self.ask(placeholder())?,
        };
        let pick = answer.first().and_then(|a| a.first()).copied().unwrap_or(0) as usize;
        let Some(opt) = d.options.get(pick) else {
            return Err(Fail::Run(RunError::Definition(
                "answer out of range".into(),
            )));
        };
        let ai = opt.value.get("action").and_then(Value::as_int).unwrap_or(0);
        let args = opt.value.get("args").cloned().unwrap_or_default();
        let Some(a) = usize::try_from(ai)
            .ok()
            .and_then(|i| defs.game.actions.get(i))
        else {
            return Err(Fail::Run(RunError::Definition(format!(
                "a recorded answer names action {ai}, which the game does not have"
            ))));
        };
        if let Some(h) = &a.perform {
            host.call(self, h, &[Value::Int(tp as i64 + 1), args])?;
        }
        self.st.pc = match (a.ends_loop, exit) {
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
        options: vec![],
        min: 1,
        max: 1,
    }
}

/// Lua-style truth: everything but null and false is true.
pub fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Null | Value::Bool(false))
}
