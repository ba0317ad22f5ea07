//! The event log: every rule step the engine performs, with the clause it applies.
use crate::ids::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One line of the log, e.g. `[1003.2] 炎の剣士 is KO'd`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u32,
    pub clause: Option<String>,
    pub text: String,
    /// Players (bit per seat) who alone may read `text`, 0 for everyone: a choice that names a
    /// card only its chooser sees (a hand card charged face down, 305.3, 905.2). The others
    /// read `public` instead.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub private_to: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<String>,
}

/// Text safe for a terminal: control characters (escape sequences, C1 controls, DEL) in card
/// data or script output become `�`; a tab or newline becomes a space.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| match c {
                '\n' | '\t' | '\r' => ' ',
                c if c.is_control() => '\u{FFFD}',
                c => c,
            })
            .collect(),
    )
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

impl LogEntry {
    /// Whether `viewer` may read the whole line (None: an omniscient observer may).
    pub fn readable_by(&self, viewer: Option<PlayerId>) -> bool {
        self.private_to == 0 || viewer.is_none_or(|v| self.private_to & (1 << v) != 0)
    }

    /// The line as `viewer` may read it.
    pub fn seen_by(&self, viewer: Option<PlayerId>) -> LogEntry {
        if self.readable_by(viewer) {
            return self.clone();
        }
        LogEntry {
            turn: self.turn,
            clause: self.clause.clone(),
            text: self
                .public
                .clone()
                .unwrap_or_else(|| "(非公開 private)".to_string()),
            private_to: 0,
            public: None,
        }
    }
}

impl fmt::Display for LogEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.clause {
            Some(c) => write!(f, "[{c}] {}", self.text),
            None => write!(f, "{}", self.text),
        }
    }
}
