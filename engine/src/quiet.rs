//! A rule check that can only find nothing again is not run (issue 14). When every rule process
//! of a check returned false, no trigger was played and nothing changed (state and log), the
//! state it saw is kept. A later check that sees the same state would do the same nothing, so
//! the kernel skips it. Rule processes are functions of the state (scripts keep nothing
//! between calls), so this changes no outcome and no log line. Only what no script can read is
//! set aside when comparing — the program counter, the change counter, the check's own cursor,
//! the declared-loop bookkeeping and the `k.log` byte count — and where play stands (the phase,
//! the step and the priority windows) when no process of that check read it. Forks and saves
//! carry the kept state, so a restored game skips exactly the checks the original would have.
use crate::game::Game;
use crate::state::State;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The state a quiet rule check saw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuietCheck {
    pub state: State,
    /// What of where play stands its processes read ([`READ_PHASE`], …); the rest is set aside.
    pub read: u8,
}

/// A process read the phase or the step.
pub const READ_PHASE: u8 = 1;
/// A process read how many priority windows are open (the chain's depth).
pub const READ_DEPTH: u8 = 2;
/// A process read a window's holder or state.
pub const READ_WINDOWS: u8 = 4;
const READ_ALL: u8 = READ_PHASE | READ_DEPTH | READ_WINDOWS;

/// What is set aside while comparing states.
struct Aside {
    pc: u32,
    generation: u64,
    cursor: Option<crate::state::RuleCheckCursor>,
    acted: bool,
    loops: crate::loops::LoopState,
    log_bytes: u64,
    phase: Option<(Option<u16>, Option<u16>)>,
    windows: Option<Vec<crate::priority::Window>>,
}

/// A window with nothing in it but its place (for a check that read only the depth).
fn placeholder() -> crate::priority::Window {
    crate::priority::Window {
        group: String::new(),
        holder: 0,
        passes: 0,
        resolving: false,
        checked: false,
        from_program: false,
        given: false,
        clause: None,
    }
}

fn set_aside(st: &mut State, read: u8) -> Aside {
    let windows = match (read & READ_WINDOWS != 0, read & READ_DEPTH != 0) {
        (true, _) => None,
        (false, true) => {
            let n = st.windows.len();
            Some(std::mem::replace(
                &mut st.windows,
                (0..n).map(|_| placeholder()).collect(),
            ))
        }
        (false, false) => Some(std::mem::take(&mut st.windows)),
    };
    Aside {
        pc: std::mem::take(&mut st.pc),
        generation: std::mem::take(&mut st.generation),
        cursor: st.rule_check.take(),
        acted: std::mem::take(&mut st.rule_check_acted),
        loops: std::mem::take(&mut st.loops),
        log_bytes: std::mem::take(&mut st.card_log_bytes),
        phase: (read & READ_PHASE == 0).then(|| (st.phase.take(), st.step.take())),
        windows,
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
    if let Some(w) = a.windows {
        st.windows = w;
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
        let aside = set_aside(&mut self.st, q.read);
        let same = self.st == q.state;
        put_back(&mut self.st, aside);
        same
    }

    /// A fresh rule check begins.
    pub(crate) fn check_begins(&mut self) -> CheckStart {
        self.position_read.set(0);
        let aside = set_aside(&mut self.st, READ_ALL);
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
        let aside = set_aside(&mut self.st, READ_ALL);
        let unchanged = self.st == start.state;
        put_back(&mut self.st, aside);
        if !unchanged {
            return;
        }
        let read = self.position_read.get();
        let mut state = start.state;
        drop(set_aside(&mut state, read));
        self.quiet = Some(Arc::new(QuietCheck { state, read }));
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
        self.note_read(READ_PHASE);
        self.st.phase
    }

    /// The phase and step now, noted as read.
    pub fn step_now(&self) -> (Option<u16>, Option<u16>) {
        self.note_read(READ_PHASE);
        (self.st.phase, self.st.step)
    }

    /// The priority windows now, noted as read.
    pub fn windows_now(&self) -> &[crate::priority::Window] {
        self.note_read(READ_WINDOWS);
        &self.st.windows
    }

    /// How many priority windows are open, noted as read.
    pub fn window_depth_now(&self) -> usize {
        self.note_read(READ_DEPTH);
        self.st.windows.len()
    }

    fn note_read(&self, what: u8) {
        self.position_read.set(self.position_read.get() | what);
    }
}
