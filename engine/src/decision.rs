//! Decisions: what the engine asks a player, with every legal option.
use crate::ids::PlayerId;
use crate::value::Value;
use serde::{Deserialize, Serialize};

/// What kind of question a decision is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecisionKind {
    /// The turn player picks one action (e.g. main-phase actions, 503.3).
    Action,
    /// Choose among options (targets, cards, yes/no, numbers) for a rule or an effect.
    Choose,
    /// Rock-paper-scissors (919): all listed players answer at once and in secret.
    Janken,
}

/// One legal answer: a label for people and a value for the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opt {
    pub label: String,
    pub value: Value,
}

/// A question to one or more players. With several players, each answers on their own
/// and no one sees another's answer until all have answered (simultaneous, hidden).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub players: Vec<PlayerId>,
    pub kind: DecisionKind,
    pub prompt: String,
    pub clause: Option<String>,
    /// Shared (`Arc`): the journal, a pending question and forks hold one list.
    pub options: std::sync::Arc<Vec<Opt>>,
    /// How many options to pick (inclusive bounds); usually exactly 1.
    pub min: u16,
    pub max: u16,
}

impl Decision {
    /// Checks one player's picks: indices in range, no repeats, count within bounds.
    pub fn validate(&self, picks: &[u16]) -> Result<(), String> {
        let n = picks.len() as u16;
        if n < self.min || n > self.max {
            return Err(if self.min == self.max {
                format!("pick exactly {} option(s), got {n}", self.min)
            } else {
                format!(
                    "pick between {} and {} options, got {n}",
                    self.min, self.max
                )
            });
        }
        for (i, p) in picks.iter().enumerate() {
            if *p as usize >= self.options.len() {
                return Err(format!(
                    "option {} does not exist (there are {})",
                    p + 1,
                    self.options.len()
                ));
            }
            if picks[..i].contains(p) {
                return Err(format!("option {} picked twice", p + 1));
            }
        }
        Ok(())
    }
}

/// The answers to one decision: one list of picks per asked player, in `players` order.
pub type Answer = Vec<Vec<u16>>;
