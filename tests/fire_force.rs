//! 炎炎ノ消防隊 TCG (cards/fire-force) in random play: games end by a rule of the game (1302,
//! or 1401.1c), no card errs, every clause the log cites is one of the game's, and a game saved in
//! the middle of an attack (702) resumes identically in another process. What each rule does
//! exactly is in the scenarios under cards/fire-force/scenarios/.
mod common;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/fire-force")
}

const DECKS: [&str; 2] = ["8th-company", "evangelist"];

/// 1302.1, 1302.2, 103.3, 1401.1c: how a game may end; every clause cited exists in the
/// game's checklist (none of the 汎用TCG's); no card script errs.
#[test]
fn random_games_end_by_a_rule_and_cite_only_the_games_clauses() {
    common::random_games_cite_only_their_clauses(
        &dir(),
        DECKS,
        0..6,
        &["1302.1", "1302.2", "103.3", "1401.1c"],
    );
}

/// A game saved at a decision inside the attack procedure (702.1x: defense, the 【反撃】 window,
/// support) resumes in another process and ends with the same log, byte for byte.
#[test]
fn a_save_mid_attack_resumes_identically_in_another_process() {
    let in_attack = |g: &fuda_engine::Game| {
        g.log
            .iter()
            .rev()
            .find_map(|l| l.clause.as_deref())
            .is_some_and(|c| c.starts_with("702.1"))
    };
    assert!(
        common::save_resumes_identically(&dir(), DECKS, 3, in_attack),
        "some decision inside an attack"
    );
}
