//! ヴィクトリースパーク deck construction (5.1.2.1.1–5.1.2.1.3): exactly 50 cards, at most 4 of
//! one card, where one card is one name with one title whatever else its prints differ in.
use fuda::bundle::Bundle;
use fuda_engine::def::deck::{check_deck, parse_deck};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/victory-spark")
}

/// The starfall starter deck with each `(from, to)` text replaced.
fn starfall(edits: &[(&str, &str)]) -> String {
    let mut text =
        std::fs::read_to_string(dir().join("decks/starfall.yaml")).expect("starter deck");
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

/// Each problem as `[clause] message`.
fn problems(text: &str) -> Vec<String> {
    let b = Bundle::load(&dir()).expect("the game loads");
    let file = Path::new("deck.yaml");
    let d = parse_deck(file, text, &b.defs.cards).expect("parses");
    check_deck(&b.defs.game, &b.defs.cards, &d)
        .into_iter()
        .map(|p| p.to_string())
        .collect()
}

/// 5.1.2.1.1: the starter decks are legal, and a deck is exactly 50 cards: 51 and 49 are not.
#[test]
fn a_deck_is_exactly_fifty_cards() {
    let b = Bundle::load(&dir()).expect("the game loads");
    for name in ["starfall", "robots", "twilight"] {
        assert!(b.deck(name).is_ok(), "starter deck {name} is legal");
    }
    assert!(problems(&starfall(&[])).is_empty());
    let more = problems(&starfall(&[("VS-208: 1", "VS-208: 2")]));
    assert_eq!(more.len(), 1, "{more:?}");
    assert!(
        more[0].starts_with("[5.1.2.1.1]") && more[0].contains("51"),
        "{more:?}"
    );
    let fewer = problems(&starfall(&[("VS-208: 1", "VS-208: 0")]));
    assert!(
        fewer
            .iter()
            .any(|p| p.starts_with("[5.1.2.1.1]") && p.contains("49")),
        "{fewer:?}"
    );
}

/// 5.1.2.1.2: at most 4 cards of one name and one title.
#[test]
fn at_most_four_of_a_card() {
    let p = problems(&starfall(&[
        ("VS-001: 4", "VS-001: 5"),
        ("VS-208: 1", "VS-208: 0"),
    ]));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("[5.1.2.1.2]") && p[0].contains("天城ツバサ ×5"),
        "{p:?}"
    );
}

/// 5.1.2.1.3: two prints with the same name and title (VS-001 and VS-008, 天城ツバサ <剣士>) are
/// one card for the limit, whatever else differs (level, ATK, text): 3 + 2 is 5, too many.
#[test]
fn prints_with_the_same_name_and_title_count_together() {
    let p = problems(&starfall(&[
        ("VS-001: 4", "VS-001: 3\n  VS-008: 2"),
        ("VS-208: 1", "VS-208: 0"),
    ]));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("[5.1.2.1.2]") && p[0].contains("×5"),
        "{p:?}"
    );
    // 2 + 2 of the two prints is within the limit.
    let ok = problems(&starfall(&[("VS-001: 4", "VS-001: 2\n  VS-008: 2")]));
    assert!(ok.is_empty(), "{ok:?}");
}
