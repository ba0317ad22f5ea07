//! The rule check (汎用TCG 811): the game's rule processes in their declared order, repeated
//! while any acts, then pending triggers; and the settlement of losses (`losses:`).
use crate::def::kernel_clauses::KStep;
use crate::def::timing::Simultaneous;
use crate::error::RunError;
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::run::truthy;
use crate::state::{Outcome, RuleCheckCursor};
use std::sync::Arc;

/// Passes of one rule check after which it is a loop nobody can stop (e.g. 1101.1c); unlike the
/// steps of `loop_limit`, passes are kept in the state, so they count across decisions.
pub const MAX_RULE_CHECK_PASSES: u32 = 10_000;

impl Game {
    /// 811: rule processes in the declared order, repeated while any acted; then triggers.
    /// None when it has finished; else whether play goes on without a decision.
    pub(crate) fn rule_check(&mut self, host: &dyn Host) -> Result<Option<bool>, RunError> {
        let defs = Arc::clone(&self.defs);
        let procs = &defs.game.rule_processes;
        // A fresh check that would find the same nothing as the last quiet one is skipped
        // (engine/src/quiet.rs); one that begins here and ends without a decision may be kept.
        let mut start = None;
        if self.st.rule_check.is_none() {
            if self.check_is_quiet() {
                // As the check's first pass would: one step, and a limit met stops here.
                self.step();
                if self.over_budget()? {
                    return Ok(Some(true));
                }
                self.st.rule_check_acted = false;
                return Ok(None);
            }
            start = Some(self.check_begins());
        }
        loop {
            self.step();
            if self.over_budget()? {
                return Ok(Some(true));
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
                    return Ok(Some(true));
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
                    return Ok(Some(done));
                }
                if played {
                    continue;
                }
                self.st.rule_check_acted = cur.acted;
                self.st.rule_check = None;
                if let (false, Some(start)) = (cur.acted, start) {
                    self.check_ended_quiet(start);
                }
                return Ok(None);
            }
            let proc = &procs[cur.process as usize];
            let done = self.unit(host, |g, h| {
                g.budget.in_rule_process = true;
                let r = h.call(g, &proc.hook, &[]);
                g.budget.in_rule_process = false;
                let acted = truthy(&r?);
                if let Some(c) = &mut g.st.rule_check {
                    c.process += 1;
                    c.pass_acted |= acted;
                    c.acted |= acted;
                }
                g.settle_losses();
                Ok(())
            })?;
            if !done || self.st.outcome.is_some() {
                return Ok(Some(done));
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
                let clause = self.kc(KStep::SimultaneousLoss).unwrap_or_default();
                let tp = self.st.turn_player;
                let winner = match self.defs.game.losses.simultaneous {
                    Simultaneous::Draw => None,
                    Simultaneous::NonTurnPlayerWins => Some((tp + 1) % 2),
                    Simultaneous::TurnPlayerWins => Some(tp),
                };
                let reason = format!(
                    "両プレイヤーが同時に敗北条件を満たした (both lost at once): {}",
                    reasons.join("; ")
                );
                self.end(match winner {
                    None => Outcome::Draw { clause, reason },
                    Some(winner) => Outcome::Win {
                        winner,
                        clause,
                        reason,
                    },
                });
            }
        }
    }

    /// A rule check run to its end inside a hook (`k.rule_check()`, Fire Force 802.1c): rule
    /// processes until none acts, then pending triggers one at a time, again until nothing
    /// happens. Returns whether anything acted. Not inside a rule process.
    pub fn rule_check_now(&mut self, host: &dyn Host) -> Result<bool, Fail> {
        if self.budget.in_rule_process {
            return Err(Fail::Run(RunError::Definition(
                "k.rule_check inside a rule process (a rule check is already running)".into(),
            )));
        }
        let defs = Arc::clone(&self.defs);
        let mut acted = false;
        for _ in 0..MAX_RULE_CHECK_PASSES {
            self.step();
            let mut pass_acted = false;
            for proc in &defs.game.rule_processes {
                self.budget.in_rule_process = true;
                let r = host.call(self, &proc.hook, &[]);
                self.budget.in_rule_process = false;
                pass_acted |= truthy(&r?);
                self.settle_losses();
                if self.st.outcome.is_some() {
                    return Ok(true);
                }
            }
            if pass_acted {
                acted = true;
                continue;
            }
            self.check_condition_triggers();
            let played = self.play_one_trigger(host)?;
            self.settle_losses();
            if !played || self.st.outcome.is_some() {
                return Ok(acted || played);
            }
            acted = true;
        }
        Err(Fail::Run(RunError::Definition(format!(
            "k.rule_check still acting after {MAX_RULE_CHECK_PASSES} passes"
        ))))
    }
}
