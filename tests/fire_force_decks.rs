//! 炎炎ノ消防隊 deck construction (402.2b, 403.1a): two decks per player, each with its own rules,
//! in one deck file — the 40-card deck (`cards:`) and the 5-card flame deck (`flame:`).
mod common;
use fuda::bundle::Bundle;
use fuda_engine::def::deck::{check_deck, parse_deck};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/fire-force")
}

/// The Company 8 starter deck with each `(from, to)` text replaced.
fn company8(edits: &[(&str, &str)]) -> String {
    let mut text =
        std::fs::read_to_string(dir().join("decks/8th-company.yaml")).expect("starter deck");
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

/// Each problem as `[clause] message @ line:column`.
fn problems(text: &str) -> Vec<String> {
    let b = Bundle::load(&dir()).expect("the game loads");
    let file = Path::new("deck.yaml");
    let d = parse_deck(file, text, &b.defs.cards).expect("parses");
    check_deck(&b.defs.game, &b.defs.cards, &d)
        .into_iter()
        .map(|p| {
            let at = p.location(file, text);
            format!("{p} @ {}:{}", at.line, at.column)
        })
        .collect()
}

/// The line (1-based) of the first `needle` after `list`.
fn line_of(text: &str, list: &str, needle: &str) -> usize {
    let from = text.find(list).expect("list");
    text[..from + text[from..].find(needle).expect("entry")]
        .matches('\n')
        .count()
        + 1
}

/// 402.2, 402.2b, 403.1a: both starter decks (the constructed format) are legal, each with a 5-card flame deck; the flame deck
/// starts the game in its own zone (404.1a) and the 40 cards in the deck.
#[test]
fn starter_decks_are_legal_and_the_flame_deck_starts_in_its_zone() {
    let b = Bundle::load(&dir()).expect("the game loads");
    for name in ["8th-company", "evangelist"] {
        assert!(b.deck(name).is_ok(), "starter deck {name} is legal");
    }
    assert!(problems(&company8(&[])).is_empty());
    let d = b.deck("8th-company").expect("deck");
    let game = b.new_game([&d, &d], 1);
    let g = &b.defs.game;
    let count = |zone: &str, p| {
        let z = g.zone_index(zone).expect("zone");
        game.st.zones[g.zone_id(z, p, 0).0 as usize].len()
    };
    assert_eq!((count("deck", 0), count("flame_deck", 0)), (40, 5));
    assert_eq!((count("deck", 1), count("flame_deck", 1)), (40, 5));
}

/// 402.2b-3: at most 2 of a card number in the deck, at the entry that breaks it; 403.1a-3: the
/// flame deck may hold any number of copies of one card.
#[test]
fn copies_are_limited_in_the_deck_only() {
    let text = company8(&[("FF-001: 2", "FF-001: 3"), ("FF-002: 2", "FF-002: 1")]);
    let at = line_of(&text, "cards:", "FF-001");
    assert_eq!(
        problems(&text),
        vec![format!(
            "[402.2b-3] 同じカードは2枚まで (at most 2 copies): 森羅日下部 ×3 @ {at}:3"
        )]
    );
    let five = company8(&[
        ("FF-F01: 3", "FF-F01: 5"),
        ("  FF-F02: 2   # 第三世代の炎\n", ""),
    ]);
    assert!(problems(&five).is_empty(), "{:?}", problems(&five));
}

/// 402.2b-2, 403.1a-2: the deck has exactly 40 cards and the flame deck exactly 5; each error
/// points at its own list.
#[test]
fn each_deck_has_its_own_size() {
    let text = company8(&[("FF-001: 2", "FF-001: 1"), ("FF-F01: 3", "FF-F01: 2")]);
    let cards = line_of(&text, "cards:", "cards:");
    let flame = line_of(&text, "flame:", "flame:");
    assert_eq!(
        problems(&text),
        vec![
            format!("[402.2b-2] デッキは40枚ちょうど (a deck has exactly 40 cards); this one has 39 @ {cards}:1"),
            format!("[403.1a-2] 炎デッキは5枚ちょうど (a flame deck has exactly 5 cards); this one has 4 @ {flame}:1"),
        ]
    );
}

/// 402.2b-1, 403.1a-1: no flame card in the deck, nothing but flame cards in the flame deck;
/// each error points at the entry in its list.
#[test]
fn each_deck_holds_only_its_types() {
    let text = company8(&[
        ("FF-001: 2", "FF-001: 1\n  FF-F02: 1"),
        ("FF-F01: 3", "FF-F01: 2\n  FF-001: 1"),
    ]);
    let in_deck = line_of(&text, "cards:", "FF-F02");
    let in_flame = line_of(&text, "flame:", "FF-001");
    let p = problems(&text);
    assert!(
        p.contains(&format!(
            "[402.2b-1] 第三世代の炎 (FF-F02) is of a type a deck may not contain @ {in_deck}:3"
        )),
        "{p:?}"
    );
    assert!(
        p.contains(&format!("[403.1a-1] 森羅日下部 (FF-001) is of a type a flame deck may not contain @ {in_flame}:3")),
        "{p:?}"
    );
}

/// 403.1: every player brings a flame deck: a deck file without `flame:` is refused, and a list
/// the game does not declare is named where it is.
#[test]
fn a_missing_flame_deck_or_an_unknown_list_is_an_error() {
    let start = company8(&[]);
    let cut = start.find("flame:").expect("flame list");
    let p = problems(&start[..cut]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("[403.1a-2] 炎デッキがない (this deck file has no flame deck)"),
        "{p:?}"
    );
    let p = problems(&format!("{start}flames: {{ FF-F01: 1 }}\n"));
    assert!(
        p.iter()
            .any(|l| l.contains("has no list `flames`; its further decks are: flame")),
        "{p:?}"
    );
}

/// What a designer sees: `fuda check` names the deck file, line and column.
#[test]
fn fuda_check_names_file_line_and_column() {
    let tmp = std::env::temp_dir().join(format!("fuda-ff-decks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    for sub in ["packs/core", "decks", "rules"] {
        std::fs::create_dir_all(tmp.join(sub)).expect("dirs");
    }
    for entry in walk(&dir()) {
        let rel = entry.strip_prefix(dir()).expect("inside");
        if rel.starts_with("scenarios") || rel.starts_with("decks") {
            continue;
        }
        std::fs::create_dir_all(tmp.join(rel).parent().expect("parent")).expect("dir");
        std::fs::copy(&entry, tmp.join(rel)).expect("copy");
    }
    let text = company8(&[("FF-F01: 3", "FF-F01: 2\n  FF-001: 1")]);
    std::fs::write(tmp.join("decks/bad.yaml"), &text).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["check", &tmp.display().to_string()])
        .output()
        .expect("run fuda");
    assert!(!out.status.success(), "an illegal deck fails the check");
    let out =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    let line = line_of(&text, "flame:", "FF-001");
    assert!(
        out.contains(&format!(
            "decks/bad.yaml:{line}:3: illegal deck: [403.1a-1]"
        )),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

fn walk(d: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(d).expect("read dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
