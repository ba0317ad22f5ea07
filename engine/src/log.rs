//! The event log: every rule step the engine performs, with the clause it applies.
use serde::{Deserialize, Serialize};
use std::fmt;

/// One line of the log, e.g. `[1003.2] 炎の剣士 is KO'd`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u32,
    pub clause: Option<String>,
    pub text: String,
}

impl fmt::Display for LogEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.clause {
            Some(c) => write!(f, "[{c}] {}", self.text),
            None => write!(f, "{}", self.text),
        }
    }
}
