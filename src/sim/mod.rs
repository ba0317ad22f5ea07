//! Playing games between agents to the end, and many games at once (`fuda sim`).
pub mod cli;
pub mod merge;
pub mod plot;
pub mod record;
pub mod runner;
pub mod stats;

use crate::agent::Agent;
use fuda_engine::{Game, Host, Outcome, RunError, Status};

/// Plays `game` to its end with one agent per seat.
pub fn play_out(
    game: &mut Game,
    host: &dyn Host,
    agents: &mut [Box<dyn Agent>; 2],
) -> Result<Outcome, RunError> {
    loop {
        match game.advance(host)? {
            Status::Over(o) => return Ok(o),
            Status::Decide => {
                for p in game.waiting_for() {
                    let picks = agents[p as usize].pick_with(game, host, p);
                    game.submit(p, picks).map_err(|e| {
                        RunError::Definition(format!(
                            "agent for P{} answered illegally: {e}",
                            p + 1
                        ))
                    })?;
                }
            }
        }
    }
}

/// Totals over many games.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u64,
    pub wins: [u64; 2],
    pub draws: u64,
    pub turn_limit: u64,
    pub turns: u64,
    pub first_player_wins: u64,
    /// Card script errors (each cancelled that card's action; the game went on).
    pub script_errors: u64,
}

impl Summary {
    pub fn add(&mut self, game: &Game, outcome: &Outcome) {
        self.games += 1;
        self.turns += game.st.turn as u64;
        self.script_errors += game.log.iter().filter(|l| l.text.starts_with("⚠")).count() as u64;
        match outcome {
            Outcome::Win { winner, .. } => {
                self.wins[*winner as usize] += 1;
                if game.st.first_player == Some(*winner) {
                    self.first_player_wins += 1;
                }
            }
            Outcome::Draw { clause, .. } => {
                self.draws += 1;
                if clause == "turn limit" {
                    self.turn_limit += 1;
                }
            }
        }
    }
}
