//! 東方VISION deck construction (1.2): the deck, the optional sideboard and deck-construction
//! effects (デッキ1枚制限), all declared in game.yaml's `deck:` and checked by the kernel.
mod common;
use fuda::bundle::Bundle;
use fuda_engine::def::deck::{check_deck, parse_deck};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/touhou-vision")
}

/// The construction problems of a deck file's text, each `[clause] message`.
fn problems(b: &Bundle, text: &str) -> Vec<String> {
    let d = parse_deck(Path::new("deck.yaml"), text, &b.defs.cards).expect("parses");
    check_deck(&b.defs.game, &b.defs.cards, &d)
        .into_iter()
        .map(|p| p.to_string())
        .collect()
}

/// The scarlet starter deck with `swap` applied to its card list, and `sideboard` lines.
fn scarlet(swap: &[(&str, &str)], sideboard: &str) -> String {
    let mut text = std::fs::read_to_string(dir().join("decks/scarlet.yaml")).expect("read");
    for (from, to) in swap {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    if !sideboard.is_empty() {
        text.push_str("sideboard:\n");
        text.push_str(sideboard);
    }
    text
}

fn cites(problems: &[String], clause: &str) -> bool {
    problems.iter().any(|p| p.contains(&format!("[{clause}]")))
}

/// 1.2.2.c, 10.24.2.a, 10.24.3: a card with デッキ1枚制限 (陰陽宝玉 TV-301) may be in a deck once;
/// beside it, up to 2 陰陽宝玉 without the restriction (TV-302) keep the name's limit of 3
/// (1.2.2.b); a second TV-301, or a fourth 陰陽宝玉, is refused with its clause.
#[test]
fn one_per_deck_allows_one_copy_and_the_name_limit_still_counts() {
    let b = Bundle::load(&dir()).expect("the game loads");
    let one_and_two = scarlet(&[("TV-207: 3", "TV-207: 0\n  TV-301: 1\n  TV-302: 2")], "");
    assert_eq!(problems(&b, &one_and_two), Vec::<String>::new());
    let two = scarlet(&[("TV-207: 3", "TV-207: 1\n  TV-301: 2")], "");
    let p = problems(&b, &two);
    assert!(cites(&p, "10.24.2.a"), "{p:?}");
    let four = scarlet(
        &[
            ("TV-207: 3", "TV-207: 0\n  TV-301: 1\n  TV-302: 3"),
            ("TV-210: 1", "TV-210: 0"),
        ],
        "",
    );
    let p = problems(&b, &four);
    assert!(cites(&p, "1.2.2.b") && !cites(&p, "10.24.2.a"), "{p:?}");
}

/// 1.2.4, 1.2.5, 1.2.5.a: a sideboard is optional; one that is prepared holds exactly 10 cards
/// (9 is refused). 1.2.5.b: at most 3 of a name over the deck and the sideboard together.
/// 1.2.5.c: デッキ1枚制限 counts over both too.
#[test]
fn a_sideboard_is_optional_exactly_ten_and_counted_with_the_deck() {
    let b = Bundle::load(&dir()).expect("the game loads");
    let none = scarlet(&[], "");
    assert_eq!(problems(&b, &none), Vec::<String>::new());
    let ten = "  TV-001: 3\n  TV-002: 3\n  TV-010: 3\n  TV-301: 1\n";
    assert_eq!(problems(&b, &scarlet(&[], ten)), Vec::<String>::new());
    let nine = "  TV-001: 3\n  TV-002: 3\n  TV-010: 3\n";
    let p = problems(&b, &scarlet(&[], nine));
    assert!(cites(&p, "1.2.5.a"), "{p:?}");
    // 3 チルノ in the deck and 1 in the sideboard: legal in each alone, not together.
    let fourth = "  TV-001: 3\n  TV-002: 3\n  TV-010: 3\n  TV-003: 1\n";
    let p = problems(&b, &scarlet(&[], fourth));
    assert!(cites(&p, "1.2.5.b") && !cites(&p, "1.2.2.b"), "{p:?}");
    // One TV-301 in the deck and one in the sideboard.
    let deck_one = scarlet(&[("TV-207: 3", "TV-207: 2\n  TV-301: 1")], ten);
    let p = problems(&b, &deck_one);
    assert!(cites(&p, "1.2.5.c") && !cites(&p, "10.24.2.a"), "{p:?}");
}

/// 1.2.4, 3.9.1: the sideboard's cards start the game in their owner's sideboard zone, not in
/// the deck; the opponent sees how many there are but not which (3.9.3).
#[test]
fn the_sideboard_starts_in_its_zone() {
    let b = Bundle::load(&dir()).expect("the game loads");
    let text = scarlet(&[], "  TV-001: 3\n  TV-002: 3\n  TV-010: 3\n  TV-301: 1\n");
    let deck = parse_deck(Path::new("deck.yaml"), &text, &b.defs.cards).expect("parses");
    let plain = b.deck("hakurei").expect("deck");
    let game = b.new_game([&deck, &plain], 7);
    let g = &b.defs.game;
    let zone = |name: &str, p: u8| {
        let z = g
            .zones
            .iter()
            .position(|z| z.named.id == name)
            .expect("zone");
        game.st.zones[g.zone_id(z, p, 0).0 as usize].len()
    };
    assert_eq!((zone("sideboard", 0), zone("deck", 0)), (10, 50));
    assert_eq!((zone("sideboard", 1), zone("deck", 1)), (0, 50));
}

/// 1.2.2.b, 1.2.5.b: a construction error names the file, line and column of the entry that
/// breaks the rule — in the deck's list, or in the sideboard's.
#[test]
fn a_deck_error_points_at_its_entry() {
    let b = Bundle::load(&dir()).expect("the game loads");
    let line_of = |text: &str, needle: &str, after: &str| -> usize {
        let from = text.find(after).expect("list");
        text[..from + text[from..].find(needle).expect("entry")]
            .lines()
            .count()
    };
    for (text, clause, needle, list) in [
        (
            scarlet(
                &[("TV-003: 3", "TV-003: 4"), ("TV-004: 3", "TV-004: 2")],
                "",
            ),
            "1.2.2.b",
            "TV-003",
            "cards:",
        ),
        (
            scarlet(&[], "  TV-001: 3\n  TV-002: 3\n  TV-010: 3\n  TV-003: 1\n"),
            "1.2.5.b",
            "TV-003",
            "sideboard:",
        ),
    ] {
        let d = parse_deck(Path::new("deck.yaml"), &text, &b.defs.cards).expect("parses");
        let problems = check_deck(&b.defs.game, &b.defs.cards, &d);
        let p = problems
            .iter()
            .find(|p| p.clause == clause)
            .unwrap_or_else(|| panic!("{problems:?}"));
        let loc = p.location(Path::new("deck.yaml"), &text);
        assert_eq!(loc.line, line_of(&text, needle, list), "{clause}: {loc}");
        assert_eq!(loc.column, 3, "{clause}: {loc}");
    }
}
