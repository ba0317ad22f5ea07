//! 東方VISION (cards/touhou-vision) on the kernel's timing primitives: random games end by a
//! rule, cite only the game's own clauses, build interferences three deep, and a game saved
//! in the middle of an interference resumes identically in another process.
mod common;
use fuda::bundle::Bundle;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/touhou-vision")
}

/// Every game ends by a rule of the game (1.5.3.a LP, 1.5.3.b deck out), no card errs, every
/// clause the log cites is one of the game's (none of the 汎用TCG's), and some interference
/// reaches three items.
#[test]
fn random_games_end_by_a_rule_and_cite_only_the_games_clauses() {
    let games = common::random_games_cite_only_their_clauses(
        &dir(),
        ["hakurei", "scarlet"],
        0..6,
        &["1.5.3.a", "1.5.3.b", "1.5.4.a"],
    );
    let mut deepest = 0;
    for g in &games {
        for l in &g.log {
            if let Some(n) = l
                .text
                .strip_prefix("干渉")
                .and_then(|r| r.split(':').next())
            {
                deepest = deepest.max(n.parse::<u32>().unwrap_or(0));
            }
        }
    }
    assert!(deepest >= 3, "the deepest interference had {deepest} items");
}

/// A game saved while three items wait on the interference resumes in another process and
/// ends with the same log, byte for byte.
#[test]
fn a_save_mid_interference_resumes_identically_in_another_process() {
    let deep = |g: &fuda_engine::Game| g.st.chain.len() >= 3;
    assert!(
        (0..40).any(|s| common::save_resumes_identically(&dir(), ["hakurei", "scarlet"], s, deep)),
        "some game builds an interference of 3"
    );
}

/// 1.2.2, 1.2.2.a, 1.2.2.b: a deck is exactly 50 cards with at most 3 of one name. Both starter
/// decks are legal; 49 cards, or 4 copies of a name, are refused with the clause.
#[test]
fn deck_construction_is_checked() {
    use fuda_engine::def::deck::{check_deck, parse_deck};
    let b = Bundle::load(&dir()).expect("the game loads");
    for name in ["hakurei", "scarlet"] {
        b.deck(name).expect("a legal starter deck");
    }
    let problems = |text: &str| -> Vec<String> {
        let d = parse_deck(Path::new("deck.yaml"), text, &b.defs.cards).expect("parses");
        check_deck(&b.defs.game, &b.defs.cards, &d)
            .into_iter()
            .map(|p| p.to_string())
            .collect()
    };
    let scarlet = std::fs::read_to_string(dir().join("decks/scarlet.yaml")).expect("read");
    let short = scarlet.replace("TV-003: 3", "TV-003: 2");
    assert!(
        problems(&short).iter().any(|p| p.contains("[1.2.2.a]")),
        "{:?}",
        problems(&short)
    );
    let four = scarlet
        .replace("TV-003: 3", "TV-003: 4")
        .replace("TV-004: 3", "TV-004: 2");
    assert!(
        problems(&four).iter().any(|p| p.contains("[1.2.2.b]")),
        "{:?}",
        problems(&four)
    );
}
