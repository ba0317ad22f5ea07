//! The greedy agent: tries each option on a fork of the game, runs it to the next decision and
//! keeps the option whose position the game's `evaluate` hook scores best.
//!
//! It sees the whole fork, hidden cards included (the deck order decides what a draw brings),
//! so it is a benchmark opponent, not a fair player.
use super::{evaluate, Agent, RandomAgent};
use fuda_engine::{Game, Host, Outcome, PlayerId, Status};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Score of a won position: above anything `evaluate` returns.
pub(crate) const WIN: i64 = 1 << 40;

pub struct GreedyAgent {
    rng: ChaCha8Rng,
    fallback: RandomAgent,
}

impl GreedyAgent {
    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15),
            fallback: RandomAgent::new(seed),
        }
    }
}

/// Score for `player` of the position `game` reaches after it runs to the next decision.
pub(crate) fn settle_score(game: &mut Game, host: &dyn Host, player: PlayerId) -> i64 {
    match game.advance(host) {
        Ok(Status::Over(o)) => outcome_score(&o, player),
        Ok(Status::Decide) => evaluate(game, host, player).unwrap_or(0),
        Err(_) => -WIN,
    }
}

pub(crate) fn outcome_score(o: &Outcome, player: PlayerId) -> i64 {
    match o.winner() {
        Some(w) if w == player => WIN,
        Some(_) => -WIN,
        None => 0,
    }
}

impl Agent for GreedyAgent {
    /// Without a host there is nothing to look ahead with: a random answer.
    fn pick(&mut self, game: &Game, player: PlayerId) -> Vec<u16> {
        self.fallback.pick(game, player)
    }

    fn pick_with(&mut self, game: &Game, host: &dyn Host, player: PlayerId) -> Vec<u16> {
        let Some(d) = game.decision() else {
            return Vec::new();
        };
        // Simultaneous secret answers (919) and multi-picks are answered at random.
        if d.players.len() != 1 || d.min != 1 || d.max != 1 || game.defs.game.evaluate.is_none() {
            return self.fallback.pick(game, player);
        }
        if d.options.len() == 1 {
            return vec![0];
        }
        let mut best: Vec<u16> = Vec::new();
        let mut best_score = i64::MIN;
        for i in 0..d.options.len() as u16 {
            let mut fork = game.clone();
            if fork.submit(player, vec![i]).is_err() {
                continue;
            }
            let s = settle_score(&mut fork, host, player);
            if s > best_score {
                best_score = s;
                best.clear();
            }
            if s == best_score {
                best.push(i);
            }
        }
        if best.is_empty() {
            return self.fallback.pick(game, player);
        }
        let i = (self.rng.next_u64() % best.len() as u64) as usize;
        vec![best[i]]
    }
}
