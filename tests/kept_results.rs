//! A hook answered by its kept result (scripting/src/memo.rs) changes no game: in every hosted
//! game, random games played with the memo and with every hook run write the same log, byte for
//! byte, and end the same way; so do games whose agent plays out forks of the game on the same
//! host between its own moves.
mod common;
use fuda::agent::{seat_seed, Agent, MctsAgent, RandomAgent};
use fuda::bundle::Bundle;
use fuda_engine::{Game, Status};
use std::path::Path;

/// Plays `seed` between the agents `make` gives; returns the log.
fn play(b: &Bundle, decks: [&str; 2], seed: u64, make: fn(u64) -> Box<dyn Agent>) -> String {
    let (x, y) = (
        b.deck(decks[0]).expect("deck"),
        b.deck(decks[1]).expect("deck"),
    );
    let mut g: Game = b.new_game([&x, &y], seed);
    let mut agents = [make(seat_seed(seed, 0)), make(seat_seed(seed, 1))];
    for _ in 0..5_000 {
        match g.advance(&b.host).expect("no engine error") {
            Status::Over(_) => break,
            Status::Decide => {
                for p in g.waiting_for() {
                    let picks = agents[p as usize].pick_with(&g, &b.host, p);
                    g.submit(p, picks).expect("legal answer");
                }
            }
        }
    }
    assert!(g.outcome().is_some(), "the game ends");
    g.log.iter().map(|l| format!("{l}\n")).collect()
}

fn random(seed: u64) -> Box<dyn Agent> {
    Box::new(RandomAgent::new(seed))
}

fn same_games(game: &str, decks: [&str; 2], seeds: std::ops::Range<u64>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cards")
        .join(game);
    let b = Bundle::load(&dir).expect("the game loads");
    fuda_scripting::reset_hook_stats();
    for seed in seeds {
        b.host.keep_results(true);
        let kept = play(&b, decks, seed, random);
        b.host.keep_results(false);
        let run = play(&b, decks, seed, random);
        assert_eq!(kept, run, "{game} seed {seed}");
    }
    assert!(
        fuda_scripting::hook_stats().kept > 0,
        "{game}: some hook call was answered by its kept result"
    );
}

#[test]
fn kept_results_change_no_generic_tcg_game() {
    same_games("generic-tcg", ["flame-thunder", "water-grass"], 0..6);
}

#[test]
fn kept_results_change_no_fire_force_game() {
    same_games("fire-force", ["8th-company", "evangelist"], 0..4);
}

#[test]
fn kept_results_change_no_touhou_vision_game() {
    same_games("touhou-vision", ["hakurei", "scarlet"], 0..3);
}

#[test]
fn kept_results_change_no_victory_spark_game() {
    same_games("victory-spark", ["robots", "starfall"], 0..3);
}

/// A search agent plays forks of the game out on the same host between its moves, so the
/// kept results it finds were made by other positions (and other seeds' handles): every
/// read is asked of the game at hand, and the games are the same as without the memo.
#[test]
fn kept_results_made_by_forks_change_no_searched_game() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/generic-tcg");
    let b = Bundle::load(&dir).expect("the game loads");
    let mcts: fn(u64) -> Box<dyn Agent> = |s| Box::new(MctsAgent::new(s, 3));
    for seed in 0..2 {
        b.host.keep_results(true);
        let kept = play(&b, ["flame-thunder", "water-grass"], seed, mcts);
        b.host.keep_results(false);
        let run = play(&b, ["flame-thunder", "water-grass"], seed, mcts);
        assert_eq!(kept, run, "seed {seed}");
    }
}
