//! Agents that answer decisions. Each has its own seeded RNG, so games stay reproducible.
use fuda_engine::{Game, PlayerId};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Something that picks answers to decisions.
pub trait Agent {
    /// Option indices for `player`'s part of the pending decision.
    fn pick(&mut self, game: &Game, player: PlayerId) -> Vec<u16>;
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
