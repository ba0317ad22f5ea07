//! Monte-Carlo tree search (UCT): a budget of playouts per decision, each descending the tree
//! of single-answer decisions on a fork, then playing at random for a bounded number of
//! decisions and scoring the end position (a result, else the game's `evaluate` hook).
//!
//! Like the greedy agent it searches the true fork, hidden cards included. The playout budget
//! keeps it deterministic for a seed.
use super::greedy::outcome_score;
use super::{evaluate, Agent, RandomAgent};
use fuda_engine::{Game, Host, PlayerId, Status};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

pub const DEFAULT_PLAYOUTS: u32 = 32;
/// Random decisions in a playout before the position is scored.
const PLAYOUT_DEPTH: u32 = 24;
/// UCB1 exploration constant.
const EXPLORE: f64 = 1.4;
/// `evaluate` differences of this size count as a 73 % / 27 % edge.
const EVAL_SCALE: f64 = 200.0;

pub struct MctsAgent {
    rng: ChaCha8Rng,
    playouts: u32,
    fallback: RandomAgent,
}

struct Node {
    /// Who answers this node's decision; `None` for a node the tree does not expand.
    player: Option<PlayerId>,
    visits: u32,
    /// Sum of playout results from the searching player's side, in [0, 1].
    value: f64,
    /// Child node per option, once tried.
    children: Vec<Option<usize>>,
}

impl MctsAgent {
    pub fn new(seed: u64, playouts: u32) -> Self {
        MctsAgent {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x6A09_E667_F3BC_C908),
            playouts,
            fallback: RandomAgent::new(seed),
        }
    }

    fn node_for(game: &Game) -> Node {
        match game.decision() {
            Some(d) if d.players.len() == 1 && d.min == 1 && d.max == 1 => Node {
                player: Some(d.players[0]),
                visits: 0,
                value: 0.0,
                children: vec![None; d.options.len()],
            },
            _ => Node {
                player: None,
                visits: 0,
                value: 0.0,
                children: Vec::new(),
            },
        }
    }

    /// The child to descend into: an untried option first (at random), else best UCB1.
    fn select(&mut self, nodes: &[Node], at: usize, me: PlayerId) -> u16 {
        let node = &nodes[at];
        let untried: Vec<u16> = (0..node.children.len() as u16)
            .filter(|&i| node.children[i as usize].is_none())
            .collect();
        if !untried.is_empty() {
            return untried[(self.rng.next_u64() % untried.len() as u64) as usize];
        }
        let ln = (node.visits.max(1) as f64).ln();
        let mine = node.player == Some(me);
        let mut best = (f64::MIN, 0u16);
        for (i, c) in node.children.iter().enumerate() {
            let Some(c) = c else { continue };
            let ch = &nodes[*c];
            let mean = ch.value / ch.visits.max(1) as f64;
            let q = if mine { mean } else { 1.0 - mean };
            let ucb = q + EXPLORE * (ln / ch.visits.max(1) as f64).sqrt();
            if ucb > best.0 {
                best = (ucb, i as u16);
            }
        }
        best.1
    }

    /// Plays at random from `game` and scores the end for `me` in [0, 1].
    fn playout(&mut self, game: &mut Game, host: &dyn Host, me: PlayerId) -> f64 {
        for _ in 0..PLAYOUT_DEPTH {
            match game.advance(host) {
                Ok(Status::Over(o)) => return win_share(outcome_score(&o, me)),
                Ok(Status::Decide) => {
                    for p in game.waiting_for() {
                        let picks = self.fallback.pick(game, p);
                        if game.submit(p, picks).is_err() {
                            return 0.5;
                        }
                    }
                }
                Err(_) => return 0.5,
            }
        }
        match game.advance(host) {
            Ok(Status::Over(o)) => win_share(outcome_score(&o, me)),
            Ok(Status::Decide) => {
                let e = evaluate(game, host, me).unwrap_or(0) as f64;
                1.0 / (1.0 + (-e / EVAL_SCALE).exp())
            }
            Err(_) => 0.5,
        }
    }
}

fn win_share(score: i64) -> f64 {
    match score.signum() {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    }
}

impl Agent for MctsAgent {
    /// Without a host there is nothing to search with: a random answer.
    fn pick(&mut self, game: &Game, player: PlayerId) -> Vec<u16> {
        self.fallback.pick(game, player)
    }

    fn pick_with(&mut self, game: &Game, host: &dyn Host, me: PlayerId) -> Vec<u16> {
        let root = Self::node_for(game);
        if root.player != Some(me) {
            return self.fallback.pick(game, me);
        }
        if root.children.len() == 1 {
            return vec![0];
        }
        let mut nodes = vec![root];
        for _ in 0..self.playouts {
            let mut fork = game.clone();
            let mut path = vec![0usize];
            let mut at = 0usize;
            // Descend while the node is expanded and has children.
            let result = loop {
                if nodes[at].children.is_empty() {
                    break self.playout(&mut fork, host, me);
                }
                let Some(p) = nodes[at].player else {
                    break self.playout(&mut fork, host, me);
                };
                let i = self.select(&nodes, at, me);
                if fork.submit(p, vec![i]).is_err() {
                    break 0.5;
                }
                let over = match fork.advance(host) {
                    Ok(Status::Over(o)) => Some(win_share(outcome_score(&o, me))),
                    Ok(Status::Decide) => None,
                    Err(_) => Some(0.5),
                };
                let child = match nodes[at].children[i as usize] {
                    Some(c) => c,
                    None => {
                        nodes.push(Self::node_for(&fork));
                        let c = nodes.len() - 1;
                        nodes[at].children[i as usize] = Some(c);
                        path.push(c);
                        break over.unwrap_or_else(|| self.playout(&mut fork, host, me));
                    }
                };
                path.push(child);
                at = child;
                if let Some(r) = over {
                    break r;
                }
            };
            for n in path {
                nodes[n].visits += 1;
                nodes[n].value += result;
            }
        }
        // The most visited option.
        let best = nodes[0]
            .children
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (nodes[c].visits, std::cmp::Reverse(i), i)))
            .max()
            .map(|(_, _, i)| i as u16);
        match best {
            Some(i) => vec![i],
            None => self.fallback.pick(game, me),
        }
    }
}
