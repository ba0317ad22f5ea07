//! ヴィクトリースパーク (cards/victory-spark) in random play: games end by a rule of the game
//! (8.2.2, 8.2.3, 1.2.3, 1.2.5, 9.1.2), no card errs, every clause the log cites is one of the
//! game's, and a game saved while a cancel waits in the resolution zone (3.8, 11.1) resumes
//! identically in another process. What each rule does exactly is in the scenarios under
//! cards/victory-spark/scenarios/.
mod common;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/victory-spark")
}

const DECKS: [&str; 2] = ["robots", "starfall"];

/// 8.2.1–8.2.3, 1.2.3, 1.2.5, 9.1.2: how a game may end; every clause cited exists in the
/// game's checklist (none of another game's); no card script errs.
#[test]
fn random_games_end_by_a_rule_and_cite_only_the_games_clauses() {
    common::random_games_cite_only_their_clauses(
        &dir(),
        DECKS,
        0..6,
        &["8.2.2", "8.2.3", "1.2.3", "1.2.5", "9.1.2"],
    );
}

/// A game saved at a decision taken while a cancel waits in the resolution zone (11.1) resumes
/// in another process and ends with the same log, byte for byte.
#[test]
fn a_save_with_a_cancel_in_the_pool_resumes_identically_in_another_process() {
    let cancel_waits = |g: &fuda_engine::Game| g.st.chain.iter().any(|i| i.kind == "cancel");
    assert!(
        (1..12).any(|seed| common::save_resumes_identically(&dir(), DECKS, seed, cancel_waits)),
        "some decision with a cancel waiting"
    );
}
