//! Attempts (`k.try`): an instruction an effect cannot carry out is not done, and the effect
//! goes on (Gate Ruler 15-16a-1; 東方VISION 11.3.13; Fire Force 903.7).
use crate::game::Game;
use crate::state::State;

/// The state and log length before an attempt began.
pub struct Attempt {
    st: Box<State>,
    log_len: usize,
}

impl Game {
    pub fn attempt_begin(&self) -> Attempt {
        Attempt {
            st: Box::new(self.st.clone()),
            log_len: self.log.len(),
        }
    }

    /// Ends an attempt: if what it did asked to be undone (`k.undo`), the state and the log go
    /// back to its beginning, the reason is logged, and this returns true.
    pub fn attempt_end(&mut self, a: Attempt) -> bool {
        let Some(reason) = self.undo.take() else {
            return false;
        };
        self.st = *a.st;
        self.log.truncate(a.log_len);
        self.touch();
        self.log_line(
            self.kc(crate::def::kernel_clauses::KStep::Undo).as_deref(),
            format!("{reason}: 行わない (not done)"),
        );
        true
    }
}
