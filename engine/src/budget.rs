//! Budgets a game's data cannot dodge (docs/abilities.md, "Limits a card meets").
//!
//! Everything is counted in steps, never in time, so the same seed and choices meet a limit at
//! the same point on every machine. The per-stretch counters cover the play between two
//! decisions: they are not saved, and start from zero at each [`Game::advance`], which runs
//! from one decision to the next (a save is taken at a decision, so a restored game counts
//! exactly as the original did).
use crate::error::RunError;
use crate::game::Game;
use crate::state::Outcome;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};

/// Options one decision may list (cards, labels, a number range).
/// Script work (VM instruction units) that counts as one kernel step toward `loop_limit`:
/// 100,000 steps are then at most 10⁸ units between two decisions (about 1–4 s), while a
/// whole ordinary stretch of the 汎用TCG costs well under 1,000 steps.
pub const WORK_PER_STEP: u64 = 1_000;

pub const MAX_OPTIONS: usize = 10_000;
/// Bytes of one `k.log` line.
pub const MAX_LOG_LINE: usize = 4096;
/// `k.log` lines between two decisions.
pub const MAX_LOG_LINES: u32 = 100_000;
/// Bytes of `k.log` text between two decisions.
pub const MAX_LOG_BYTES: u64 = 4 << 20;
/// Bytes of `k.log` text in a whole game (kept in the state, so a restored game counts on).
pub const MAX_GAME_LOG_BYTES: u64 = 64 << 20;
/// Bytes of data scripts hand the kernel to keep between two decisions: event and delayed
/// trigger data, continuous effects, choice labels and values, loss reasons.
pub const MAX_DATA_BYTES: u64 = 8 << 20;
/// Bytes of data in one thing a script asks the kernel to keep (an event's or a delayed
/// trigger's data, a continuous effect), so what lives on in the state stays small.
pub const MAX_ITEM_BYTES: usize = 16 << 10;
/// `k.event` calls between two decisions.
pub const MAX_EVENTS: u32 = 10_000;
/// Continuous effects created (`k.add_effect`) between two decisions.
pub const MAX_NEW_EFFECTS: u32 = 1_000;
/// Delayed triggers created (`k.delay`) between two decisions.
pub const MAX_NEW_DELAYED: u32 = 1_000;
/// Continuous effects alive at once in a game.
pub const MAX_LIVE_EFFECTS: usize = 2_000;
/// Delayed triggers waiting at once in a game.
pub const MAX_LIVE_DELAYED: usize = 2_000;
/// Trigger occurrences waiting to be played at once (807.2).
pub const MAX_PENDING_TRIGGERS: usize = 1_000;
/// Expression steps (nodes and `where` items) between two decisions, all evaluations together.
pub const MAX_EXPR_STEPS: u64 = 10_000_000;
/// Kernel steps between two decisions when the game does not say (`loop_limit.steps`).
pub const DEFAULT_LOOP_STEPS: u64 = 100_000;

/// The game's `loop_limit`: how much play without a decision is a loop nobody can stop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoopLimit {
    /// Kernel steps (program instructions, rule-check passes, events, triggers played, card
    /// hook calls) between two decisions.
    pub steps: u64,
    /// The clause that makes such a loop a draw (e.g. 1101.1c); None: the game stops with an
    /// error naming the card whose hook ran last.
    pub clause: Option<String>,
}

impl Default for LoopLimit {
    fn default() -> Self {
        LoopLimit {
            steps: DEFAULT_LOOP_STEPS,
            clause: None,
        }
    }
}

/// What a script asks the kernel to keep, charged against the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// A `k.log` line of this many bytes.
    Log(usize),
    /// Data of about this many bytes ([`crate::value::Value::approx_size`]).
    Data(usize),
    /// Data of one event, delayed trigger or continuous effect: also at most [`MAX_ITEM_BYTES`].
    Item(usize),
    Event,
    Effect,
    Delayed,
}

/// Counters since the last decision (never saved; see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    steps: u64,
    logs: u32,
    log_bytes: u64,
    data_bytes: u64,
    events: u32,
    effects: u32,
    delayed: u32,
    expr_steps: Cell<u64>,
    /// Evaluations that ran out of steps (characteristics computed then are not cached).
    exhausted: Cell<u64>,
    /// The state generation whose characteristics this stretch has paid for.
    charged_gen: Cell<Option<u64>>,
    /// Inside `advance` (outside it, views and agents evaluate without stretch counters).
    pub(crate) in_stretch: bool,
    /// A rule process hook is running (`k.rule_check` is refused there).
    pub(crate) in_rule_process: bool,
    /// The card hook that ran last, for the error when the game declares no loop clause.
    last_hook: Option<String>,
    /// A limit met where no error can be returned (an expression in a condition): the
    /// game stops with it at the next step.
    tripped: RefCell<Option<RunError>>,
}

/// The read-chargeable counts of a stretch at one point ([`Game::budget_mark`]).
#[derive(Clone, Copy, Debug)]
pub struct BudgetMark {
    expr_steps: u64,
    exhausted: u64,
    charged_gen: Option<u64>,
    tripped: bool,
}

impl Game {
    /// Starts the counters of a new stretch of play (at each decision).
    pub(crate) fn reset_budget(&mut self) {
        self.budget = Budget::default();
    }

    /// Charges what a script asks the kernel to keep; the error names the limit.
    pub fn charge(&mut self, what: Charge) -> Result<(), String> {
        let b = &mut self.budget;
        let (used, max, what) = match what {
            Charge::Log(len) => {
                if len > MAX_LOG_LINE {
                    return Err(format!(
                        "k.log: a line of {len} bytes is longer than the limit of {MAX_LOG_LINE}"
                    ));
                }
                if self.st.card_log_bytes.saturating_add(len as u64) > MAX_GAME_LOG_BYTES {
                    return Err(format!(
                        "more than {MAX_GAME_LOG_BYTES} bytes of k.log text in this game (the limit)"
                    ));
                }
                self.st.card_log_bytes = self.st.card_log_bytes.saturating_add(len as u64);
                let b = &mut self.budget;
                b.logs = b.logs.saturating_add(1);
                b.log_bytes = b.log_bytes.saturating_add(len as u64);
                if b.log_bytes > MAX_LOG_BYTES {
                    return Err(format!(
                        "more than {MAX_LOG_BYTES} bytes of k.log text since the last decision (the limit)"
                    ));
                }
                (b.logs, MAX_LOG_LINES, "k.log lines")
            }
            Charge::Item(len) if len > MAX_ITEM_BYTES => {
                return Err(format!(
                    "{len} bytes of data in one event, delayed trigger or effect (the limit is {MAX_ITEM_BYTES})"
                ));
            }
            Charge::Item(len) | Charge::Data(len) => {
                b.data_bytes = b.data_bytes.saturating_add(len as u64);
                if b.data_bytes > MAX_DATA_BYTES {
                    return Err(format!(
                        "more than {MAX_DATA_BYTES} bytes of data handed to the kernel since the last decision (the limit)"
                    ));
                }
                return Ok(());
            }
            Charge::Event => {
                b.events = b.events.saturating_add(1);
                (b.events, MAX_EVENTS, "k.event calls")
            }
            Charge::Effect => {
                b.effects = b.effects.saturating_add(1);
                if self.st.effects.len() >= MAX_LIVE_EFFECTS {
                    return Err(format!(
                        "k.add_effect: the game already has {MAX_LIVE_EFFECTS} continuous effects (the limit)"
                    ));
                }
                (b.effects, MAX_NEW_EFFECTS, "k.add_effect calls")
            }
            Charge::Delayed => {
                b.delayed = b.delayed.saturating_add(1);
                if self.st.delayed.len() >= MAX_LIVE_DELAYED {
                    return Err(format!(
                        "k.delay: the game already has {MAX_LIVE_DELAYED} delayed triggers (the limit)"
                    ));
                }
                (b.delayed, MAX_NEW_DELAYED, "k.delay calls")
            }
        };
        if used > max {
            return Err(format!(
                "more than {max} {what} since the last decision (the limit)"
            ));
        }
        Ok(())
    }

    /// Counts one kernel step (checked by [`Game::over_budget`]).
    pub(crate) fn step(&mut self) {
        self.budget.steps = self.budget.steps.saturating_add(1);
    }

    /// Work a script host did for the game (VM instructions, priced as its sandbox prices
    /// them): one kernel step per [`WORK_PER_STEP`] units, so hooks that keep causing each
    /// other (a card whose effect triggers itself) meet the loop limit in bounded time however
    /// much each call spends inside its own budget.
    pub fn charge_work(&mut self, units: u64) {
        self.budget.steps = self.budget.steps.saturating_add(units / WORK_PER_STEP);
    }

    /// A copy of the state is about to be taken (to undo a card's failed hook, or to replay a
    /// unit of work): it costs a step per 64 pending triggers, effects and delayed triggers, so
    /// a stretch that keeps thousands of them waiting meets the loop limit in bounded time.
    pub(crate) fn step_copy(&mut self) {
        let items = self.st.triggers.len() + self.st.effects.len() + self.st.delayed.len();
        self.budget.steps = self.budget.steps.saturating_add(1 + (items / 64) as u64);
    }

    /// Remembers the card hook about to run, for the loop error.
    pub(crate) fn note_hook(&mut self, hook: &str) {
        if self.budget.last_hook.as_deref() != Some(hook) {
            self.budget.last_hook = Some(hook.to_string());
        }
    }

    /// Stops the game at the next step with `e` (from code that cannot return an error).
    pub(crate) fn trip(&self, e: RunError) {
        if !self.budget.in_stretch {
            return;
        }
        let mut t = self.budget.tripped.borrow_mut();
        if t.is_none() {
            *t = Some(e);
        }
    }

    /// What reads may have charged this stretch so far (expression steps, the generation whose
    /// characteristics it paid for, a tripped limit): reads tried and then made again (a kept
    /// hook result that turned out stale, scripting's memo) give their charges back with
    /// [`Game::budget_back_to`], so the counts are those of a run without the trial.
    pub fn budget_mark(&self) -> BudgetMark {
        let b = &self.budget;
        BudgetMark {
            expr_steps: b.expr_steps.get(),
            exhausted: b.exhausted.get(),
            charged_gen: b.charged_gen.get(),
            tripped: b.tripped.borrow().is_some(),
        }
    }

    /// Back to the counts of `mark` (see [`Game::budget_mark`]).
    pub fn budget_back_to(&self, mark: BudgetMark) {
        let b = &self.budget;
        b.expr_steps.set(mark.expr_steps);
        b.exhausted.set(mark.exhausted);
        b.charged_gen.set(mark.charged_gen);
        if !mark.tripped {
            b.tripped.borrow_mut().take();
        }
    }

    /// Whether a limit has tripped (the game stops at its next step).
    pub(crate) fn budget_tripped(&self) -> bool {
        self.budget.tripped.borrow().is_some()
    }

    /// Expression steps left between two decisions, for one evaluation.
    pub(crate) fn expr_allowance(&self) -> u64 {
        if !self.budget.in_stretch {
            return fuda_grammar::MAX_STEPS;
        }
        MAX_EXPR_STEPS
            .saturating_sub(self.budget.expr_steps.get())
            .min(fuda_grammar::MAX_STEPS)
    }

    pub(crate) fn charge_expr(&self, used: u64, exhausted: bool) {
        let b = &self.budget;
        b.expr_steps.set(b.expr_steps.get().saturating_add(used));
        if exhausted {
            b.exhausted.set(b.exhausted.get() + 1);
        }
    }

    /// Expression steps charged so far and evaluations that ran out, to measure one
    /// computation of characteristics.
    pub(crate) fn expr_mark(&self) -> (u64, u64) {
        (self.budget.expr_steps.get(), self.budget.exhausted.get())
    }

    /// Whether cached characteristics of generation `gen`, which took `cost` expression steps
    /// to compute, may be used now. A stretch pays for each generation it uses once, cached or
    /// not, so the counts do not depend on what views or an earlier stretch computed (a
    /// restored game counts as the original); when they do not fit, the caller recomputes and
    /// meets the limit exactly where a fresh computation would.
    pub(crate) fn use_cached_chars(&self, gen: u64, cost: u64) -> bool {
        let b = &self.budget;
        if !b.in_stretch || b.charged_gen.get() == Some(gen) {
            return true;
        }
        if b.expr_steps.get().saturating_add(cost) > MAX_EXPR_STEPS {
            return false;
        }
        b.expr_steps.set(b.expr_steps.get() + cost);
        b.charged_gen.set(Some(gen));
        true
    }

    /// After computing the characteristics of generation `gen` from `mark`: their cost, and
    /// whether they may be cached (no evaluation ran out of steps).
    pub(crate) fn chars_computed(&self, gen: u64, mark: (u64, u64)) -> (u64, bool) {
        let b = &self.budget;
        if b.in_stretch {
            b.charged_gen.set(Some(gen));
        }
        (
            b.expr_steps.get().saturating_sub(mark.0),
            b.exhausted.get() == mark.1,
        )
    }

    /// Whether the stretch allowance (not one evaluation's) is what ran out.
    pub(crate) fn expr_stretch_spent(&self) -> bool {
        self.budget.expr_steps.get() >= MAX_EXPR_STEPS
    }

    /// After each step of [`Game::advance`]: a tripped limit stops the game with its error; a
    /// stretch over the game's `loop_limit` ends it as the game declares. Returns whether the
    /// game ended.
    pub(crate) fn over_budget(&mut self) -> Result<bool, RunError> {
        if let Some(e) = self.budget.tripped.borrow_mut().take() {
            return Err(e);
        }
        let limit = &self.defs.game.loop_limit;
        if self.budget.steps <= limit.steps || self.st.outcome.is_some() {
            return Ok(false);
        }
        let steps = limit.steps;
        self.loop_end(&format!("{steps} steps without a decision"))?;
        Ok(true)
    }

    /// A loop nobody can stop: a draw citing the game's declared clause, or else an error
    /// naming the card hook that ran last.
    pub(crate) fn loop_end(&mut self, what: &str) -> Result<(), RunError> {
        match self.defs.game.loop_limit.clause.clone() {
            Some(clause) => {
                self.end(Outcome::Draw {
                    clause,
                    reason: format!(
                        "終わらないループ: 誰も止められない (a loop nobody can stop: {what})"
                    ),
                });
                Ok(())
            }
            None => {
                let last = match &self.budget.last_hook {
                    Some(h) => format!(
                        "; the card hook that ran last: {}",
                        self.defs.describe_hook(h)
                    ),
                    None => String::new(),
                };
                Err(RunError::Definition(format!(
                    "the game loops: {what}{last} (declare `loop_limit: {{ clause: … }}` in game.yaml to make this a draw)"
                )))
            }
        }
    }
}

#[cfg(test)]
#[path = "budget_tests.rs"]
mod tests;
