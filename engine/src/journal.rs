//! Choices inside effects (design note 1): a unit of work runs from a snapshot; a question it
//! asks interrupts it, and once answered the unit runs again from the snapshot with the answers
//! recorded in the journal, so every decision point is a plain, saveable state.
use crate::decision::{Answer, Decision};
use crate::error::RunError;
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::log::LogEntry;
use crate::state::State;
use serde::{Deserialize, Serialize};

/// The answers recorded since the last point where no effect was half done (design note 1).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Journal {
    /// The state (and log length) when the current unit of work began.
    pub snapshot: Option<Box<(State, usize)>>,
    pub entries: Vec<(Decision, Answer)>,
    #[serde(skip)]
    pub cursor: usize,
}

/// A decision waiting for answers; simultaneous decisions collect one answer per player.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pending {
    pub decision: Decision,
    pub answers: Vec<Option<Vec<u16>>>,
    /// The position when the question was asked, if an effect was half done: what players
    /// see while they decide (the replay itself starts from the journal's snapshot).
    pub at: Option<Box<State>>,
    /// Log lines written by the half-done effect before the question.
    pub log_at: Vec<LogEntry>,
}

impl Game {
    /// Asks a decision inside a unit of work: returns the recorded answer when replaying,
    /// otherwise marks the game interrupted so the kernel restores the state and asks. Options
    /// a declared loop bars here (9.1.3) are not offered; the picks returned index `decision`.
    pub fn ask(&mut self, decision: Decision) -> Result<(Decision, Answer), Fail> {
        match self.loop_filter(&decision) {
            None => self.ask_as_is(decision),
            Some((filtered, kept)) => {
                let (_, answer) = self.ask_as_is(filtered)?;
                let answer = answer
                    .into_iter()
                    .map(|ps| {
                        ps.into_iter()
                            .filter_map(|i| kept.get(i as usize).copied())
                            .collect()
                    })
                    .collect();
                Ok((decision, answer))
            }
        }
    }

    fn ask_as_is(&mut self, decision: Decision) -> Result<(Decision, Answer), Fail> {
        // A question with players asked (not a replay placeholder) and nothing to choose
        // was never recorded: the only legal answer is no pick (104.2).
        let empty = decision.options.is_empty() || decision.max == 0;
        if empty && !decision.players.is_empty() {
            let answer = vec![Vec::new(); decision.players.len()];
            return Ok((decision, answer));
        }
        if let Some(e) = self.journal.entries.get(self.journal.cursor) {
            let e = e.clone();
            // A recorded answer must fit the question asked now (a tampered or foreign save).
            if !decision.players.is_empty()
                && (e.0.players != decision.players || e.0.options.len() != decision.options.len())
                || crate::save_check::check_entry(&e.0, &e.1).is_err()
            {
                return Err(Fail::Run(crate::error::RunError::Definition(
                    "a recorded answer does not fit the question asked (a save of another game or version?)"
                        .into(),
                )));
            }
            self.journal.cursor += 1;
            self.log_answer(&e.0, &e.1);
            self.loop_note(&e.0, &e.1);
            return Ok(e);
        }
        // A declared loop repeating (9.1.3): its recorded answers are given again.
        if let Some(picks) = self.loop_answer(&decision) {
            self.log_answer(&decision, &picks);
            self.loop_note(&decision, &picks);
            return Ok((decision, picks));
        }
        if empty {
            return Err(Fail::Run(crate::error::RunError::Definition(
                "a question to no player while no answer is recorded".into(),
            )));
        }
        self.interrupted = Some(decision);
        Err(Fail::Interrupt)
    }

    /// Logs who chose what (janken hands are logged by the janken verb when revealed).
    fn log_answer(&mut self, d: &Decision, answer: &Answer) {
        if d.kind == crate::decision::DecisionKind::Janken {
            return;
        }
        for (p, picks) in d.players.iter().zip(answer) {
            let labels: Vec<&str> = picks
                .iter()
                .filter_map(|&i| d.options.get(i as usize))
                .map(|o| o.label.as_str())
                .collect();
            let text = if labels.is_empty() {
                "—".to_string()
            } else {
                labels.join("、")
            };
            // 305.3, 905.2: a pick naming a card the others do not see is theirs to not read.
            let private = {
                let secret = self.secret_names(*p);
                labels.iter().any(|l| secret.iter().any(|n| l.contains(n)))
            };
            self.log_line(d.clause.as_deref(), format!("P{} ▶ {text}", p + 1));
            if private {
                if let Some(l) = self.log.last_mut() {
                    l.private_to = 1 << p;
                    l.public = Some(format!("P{} ▶ (非公開の選択 private choice)", p + 1));
                }
            }
        }
    }

    /// Runs one unit of work that may ask players; see [`Journal`].
    pub(crate) fn unit<F>(&mut self, host: &dyn Host, f: F) -> Result<bool, RunError>
    where
        F: FnOnce(&mut Game, &dyn Host) -> Result<(), Fail>,
    {
        if self.journal.snapshot.is_none() {
            self.step_copy();
            self.journal.snapshot = Some(Box::new((self.st.clone(), self.log.len())));
        }
        self.journal.cursor = 0;
        let r = f(self, host);
        if let Some(d) = self.interrupted.take() {
            // A question asked first wins; the unit runs again once it is answered.
            self.undo = None;
            let mut at = None;
            let mut log_at = Vec::new();
            if let Some(snap) = &self.journal.snapshot {
                at = Some(Box::new(std::mem::replace(&mut self.st, snap.0.clone())));
                log_at = self.log.split_off(snap.1.min(self.log.len()));
            }
            let n = d.players.len();
            self.pending = Some(Pending {
                decision: d,
                answers: vec![None; n],
                at,
                log_at,
            });
            return Ok(false);
        }
        if let Some(reason) = self.undo.take() {
            // What was being done cannot be completed: back to before it, as a rule.
            if let Some(snap) = self.journal.snapshot.take() {
                self.st = snap.0;
                self.log.truncate(snap.1);
            }
            self.journal = Journal::default();
            self.touch();
            self.log_line(
                self.kc(crate::def::kernel_clauses::KStep::Undo).as_deref(),
                format!("{reason}: 取り消す (undone)"),
            );
            return match r {
                Err(Fail::Run(e)) => Err(e),
                _ => Ok(true),
            };
        }
        self.journal = Journal::default();
        match r {
            Ok(()) => Ok(true),
            Err(Fail::Interrupt) => Err(RunError::Definition(
                "a hook was interrupted without a decision".into(),
            )),
            Err(Fail::Run(e)) => Err(e),
            Err(Fail::Undo) | Err(Fail::Stop) => Ok(true),
        }
    }

    /// Moves a fully answered pending decision into the journal.
    pub(crate) fn take_answers(&mut self) -> bool {
        let Some(p) = &self.pending else {
            return true;
        };
        if p.answers.iter().any(|a| a.is_none()) {
            return false;
        }
        let Some(p) = self.pending.take() else {
            return false;
        };
        let answer: Answer = p
            .answers
            .into_iter()
            .map(|a| a.unwrap_or_default())
            .collect();
        self.journal.entries.push((p.decision, answer));
        true
    }
}
