//! A rule check that can only find nothing again is not run (issue 14). When every rule process
//! of a check returned false, no trigger was played and nothing changed (state and log), the
//! state it saw is kept. A later check that sees the same state would do the same nothing, so
//! the kernel skips it. Rule processes are functions of the state (scripts keep nothing
//! between calls), so this changes no outcome and no log line. Only what no script can read is
//! set aside when comparing — the program counter, the change counter, the check's own cursor,
//! the declared-loop bookkeeping and the `k.log` byte count — and the phase and step when no
//! process of that check read them. Forks and saves carry the kept state, so a restored game
//! skips exactly the checks the original would have.
use crate::game::Game;
use crate::state::State;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The state a quiet rule check saw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuietCheck {
    pub state: State,
    /// No process read the phase or step: those are set aside too.
    pub phase_free: bool,
}

/// What is set aside while comparing states.
struct Aside {
    pc: u32,
    generation: u64,
    cursor: Option<crate::state::RuleCheckCursor>,
    acted: bool,
    loops: crate::loops::LoopState,
    log_bytes: u64,
    phase: Option<(Option<u16>, Option<u16>)>,
}

fn set_aside(st: &mut State, phase_free: bool) -> Aside {
    Aside {
        pc: std::mem::take(&mut st.pc),
        generation: std::mem::take(&mut st.generation),
        cursor: st.rule_check.take(),
        acted: std::mem::take(&mut st.rule_check_acted),
        loops: std::mem::take(&mut st.loops),
        log_bytes: std::mem::take(&mut st.card_log_bytes),
        phase: phase_free.then(|| (st.phase.take(), st.step.take())),
    }
}

fn put_back(st: &mut State, a: Aside) {
    st.pc = a.pc;
    st.generation = a.generation;
    st.rule_check = a.cursor;
    st.rule_check_acted = a.acted;
    st.loops = a.loops;
    st.card_log_bytes = a.log_bytes;
    if let Some((phase, step)) = a.phase {
        st.phase = phase;
        st.step = step;
    }
}

/// Where a fresh rule check started: its state (set aside as for comparing) and log length.
pub(crate) struct CheckStart {
    state: State,
    log_len: usize,
}

impl Game {
    /// Whether a rule check starting now would find the same nothing as the last quiet one.
    pub(crate) fn check_is_quiet(&mut self) -> bool {
        let Some(q) = self.quiet.clone() else {
            return false;
        };
        let aside = set_aside(&mut self.st, q.phase_free);
        let same = self.st == q.state;
        put_back(&mut self.st, aside);
        same
    }

    /// A fresh rule check begins.
    pub(crate) fn check_begins(&mut self) -> CheckStart {
        self.phase_read.set(false);
        let aside = set_aside(&mut self.st, false);
        let state = self.st.clone();
        put_back(&mut self.st, aside);
        CheckStart {
            state,
            log_len: self.log.len(),
        }
    }

    /// The check that began at `start` ended with no process acting and no trigger played:
    /// if it changed nothing either, it is kept as the last quiet check.
    pub(crate) fn check_ended_quiet(&mut self, start: CheckStart) {
        if self.log.len() != start.log_len {
            return;
        }
        let aside = set_aside(&mut self.st, false);
        let unchanged = self.st == start.state;
        put_back(&mut self.st, aside);
        if !unchanged {
            return;
        }
        let phase_free = !self.phase_read.get();
        let mut state = start.state;
        if phase_free {
            state.phase = None;
            state.step = None;
        }
        self.quiet = Some(Arc::new(QuietCheck { state, phase_free }));
    }

    /// Forgets the last quiet check, so the next rule check runs in full (tests compare the
    /// two; a reload of rules or cards does it, since they may find something now).
    pub fn forget_quiet_checks(&mut self) {
        self.quiet = None;
    }

    /// Whether a quiet rule check is kept (tests).
    pub fn has_quiet_check(&self) -> bool {
        self.quiet.is_some()
    }

    /// The phase now, noted as read (a rule check that reads it depends on it).
    pub fn phase_now(&self) -> Option<u16> {
        self.phase_read.set(true);
        self.st.phase
    }

    /// The phase and step now, noted as read.
    pub fn step_now(&self) -> (Option<u16>, Option<u16>) {
        self.phase_read.set(true);
        (self.st.phase, self.st.step)
    }
}
