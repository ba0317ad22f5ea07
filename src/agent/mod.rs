//! Agents that answer decisions. Each has its own seeded RNG, so games stay reproducible.
mod greedy;
mod mcts;

pub use greedy::GreedyAgent;
pub use mcts::MctsAgent;

use fuda_engine::{Game, Host, PlayerId};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::str::FromStr;

/// Something that picks answers to decisions.
pub trait Agent {
    /// Option indices for `player`'s part of the pending decision.
    fn pick(&mut self, game: &Game, player: PlayerId) -> Vec<u16>;
    /// The same, with the host, for agents that look ahead on forks of the game.
    fn pick_with(&mut self, game: &Game, _host: &dyn Host, player: PlayerId) -> Vec<u16> {
        self.pick(game, player)
    }
}

/// Picks uniformly among the legal options (and a uniform count within the bounds).
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Agent for RandomAgent {
    fn pick(&mut self, game: &Game, _player: PlayerId) -> Vec<u16> {
        let Some(d) = game.decision() else {
            return Vec::new();
        };
        let n = d.options.len() as u64;
        let span = (d.max - d.min) as u64 + 1;
        let count = d.min as u64 + self.rng.next_u64() % span;
        let mut pool: Vec<u16> = (0..n as u16).collect();
        let mut out = Vec::new();
        for _ in 0..count.min(n) {
            let i = (self.rng.next_u64() % pool.len() as u64) as usize;
            out.push(pool.swap_remove(i));
        }
        out.sort();
        out
    }
}

/// An agent by name, as `fuda sim --agents` and `fuda play --vs` take it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AgentSpec {
    /// Uniformly random legal answers.
    Random,
    /// One move ahead on forks, scored by the game's `evaluate` hook.
    Greedy,
    /// Monte-Carlo tree search with a budget of playouts per decision.
    Mcts { playouts: u32 },
}

impl AgentSpec {
    /// A fresh agent for one seat of one game.
    pub fn build(self, seed: u64) -> Box<dyn Agent> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Greedy => Box::new(GreedyAgent::new(seed)),
            AgentSpec::Mcts { playouts } => Box::new(MctsAgent::new(seed, playouts)),
        }
    }
}

impl std::fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Greedy => write!(f, "greedy"),
            AgentSpec::Mcts { playouts } => write!(f, "mcts:{playouts}"),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (name, arg) = s.split_once(':').unwrap_or((s, ""));
        match (name, arg) {
            ("random", "") => Ok(AgentSpec::Random),
            ("greedy", "") => Ok(AgentSpec::Greedy),
            ("mcts", "") => Ok(AgentSpec::Mcts {
                playouts: mcts::DEFAULT_PLAYOUTS,
            }),
            ("mcts", n) => match n.parse::<u32>() {
                Ok(p) if p > 0 => Ok(AgentSpec::Mcts { playouts: p }),
                _ => Err(format!(
                    "\"{s}\": the MCTS budget is a number of playouts per decision, e.g. mcts:64"
                )),
            },
            _ => Err(format!(
                "unknown agent \"{s}\": one of random, greedy, mcts, mcts:<playouts>"
            )),
        }
    }
}

/// The seed of seat `p`'s agent in the game played from `seed` (kept from the first version so
/// old runs reproduce).
pub fn seat_seed(seed: u64, p: PlayerId) -> u64 {
    seed.wrapping_mul(2).wrapping_add(1 + p as u64)
}

/// The game's score of the position for `player` (its `evaluate` hook), if it has one.
pub fn evaluate(game: &mut Game, host: &dyn Host, player: PlayerId) -> Option<i64> {
    let hook = game.defs.game.evaluate.clone()?;
    let v = host
        .call(game, &hook, &[fuda_engine::Value::Int(player as i64 + 1)])
        .ok()?;
    v.as_int()
}
