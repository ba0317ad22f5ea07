//! A hand-coded Rust implementation of the *vanilla* 汎用TCG rules (cards without text), used
//! **only as the baseline of the benchmarks** (`fuda bench`, `benches/engine.rs`,
//! `tests/native_baseline.rs`). It is not an engine and not a second source of truth: the game
//! is what `cards/generic-tcg/game.yaml` and `rules/*.lua` say.
//!
//! It follows the same flow and asks the same kinds of decisions as the data-driven game, so a
//! uniformly random agent faces the same choices: the main unit at setup (403.3), the main-phase
//! action menu (charge 602 / put a unit 603 / retreat 605 with its energy choice 915.1b / end
//! 607), the skill choice limited by energy (703.2), the new main unit (1004.1), the order of
//! orphaned energy into the discard pile (309.3), janken for end-phase recovery (505.3b; never
//! reached in vanilla games, where nothing rests or stuns). Damage is doubled by 有利 (704.3c),
//! KO at damage ≥ HP (1003.2), losses by a failed draw (1002.1) or a failed replacement
//! (1002.2), settled after each rule process (103.3: both at once is a draw).
//!
//! Card statistics come from the engine's loaded definitions ([`NativeDecks::from_bundle`]), so
//! both implementations play the same decks. The shuffle (Fisher–Yates on a ChaCha8 seeded with
//! the game's seed), the option order and the agents' draws are the engine's, so with the same
//! seed a native game is in practice the same game as fuda's, move for move;
//! `tests/native_baseline.rs` checks (loosely) that game length and win rates agree.
mod processes;
mod rules;
mod state;

pub use rules::play;
pub use state::{NativeCard, NativeDecks, NativeResult, Skill};

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The two players' random agents, drawing exactly as [`crate::agent::RandomAgent`] does
/// (one draw for the count within the bounds, one per pick), seeded as `fuda sim` seeds them.
pub(crate) struct Agents {
    rng: [ChaCha8Rng; 2],
    /// Answers given (a janken counts one per player, as in the engine's loop).
    pub decisions: u64,
    /// Every answer in order (player and picks), hashed: [`moves_hash`].
    pub moves: u64,
}

/// Folds one answer (the player and the option indices picked) into a hash of a game's
/// answers, the same for the native baseline and the engine (`tests/native_baseline.rs`).
pub fn moves_hash(h: u64, player: usize, picks: &[usize]) -> u64 {
    let mut h = (h ^ (player as u64 + 1)).wrapping_mul(0x0100_0000_01b3);
    h = (h ^ picks.len() as u64).wrapping_mul(0x0100_0000_01b3);
    for &p in picks {
        h = (h ^ (p as u64 + 0x100)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

impl Agents {
    pub(crate) fn new(seed: u64) -> Agents {
        Agents {
            rng: [
                ChaCha8Rng::seed_from_u64(seed.wrapping_mul(2).wrapping_add(1)),
                ChaCha8Rng::seed_from_u64(seed.wrapping_mul(2).wrapping_add(2)),
            ],
            decisions: 0,
            moves: 0xcbf2_9ce4_8422_2325,
        }
    }

    /// One option among `n` (n ≥ 1).
    pub(crate) fn pick(&mut self, p: usize, n: usize) -> usize {
        self.decisions += 1;
        let r = &mut self.rng[p];
        let _count = r.next_u64(); // the count within [1, 1]
        let i = (r.next_u64() % n as u64) as usize;
        self.moves = moves_hash(self.moves, p, &[i]);
        i
    }

    /// Exactly `k` distinct options among `n`, sorted.
    pub(crate) fn pick_k(&mut self, p: usize, n: usize, k: usize) -> Vec<usize> {
        self.decisions += 1;
        let r = &mut self.rng[p];
        let _count = r.next_u64();
        let mut pool: Vec<usize> = (0..n).collect();
        let mut out = Vec::with_capacity(k);
        for _ in 0..k.min(n) {
            let i = (r.next_u64() % pool.len() as u64) as usize;
            out.push(pool.swap_remove(i));
        }
        out.sort_unstable();
        self.moves = moves_hash(self.moves, p, &out);
        out
    }
}
