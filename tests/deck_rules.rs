//! 汎用TCG deck construction (402.2): exactly 50 cards, at most 4 of one name and type, ≥ 1 unit.
mod common;
use fuda_engine::def::card::{parse_cards, CardDb};
use fuda_engine::def::deck::{check_deck, parse_deck};
use std::path::Path;

const PACK: &str = r#"
cards:
  - { id: U1, name: 炎の剣士, type: unit, hp: 300, attributes: [炎], retreat_cost: 1, skills: [{ name: 斬, cost: 1, damage: 100 }] }
  - { id: U2, name: 炎の剣士, type: unit, hp: 200, attributes: [炎], retreat_cost: 0, skills: [{ name: 斬, cost: 0, damage: 50 }] }
  - { id: U3, name: 水の精, type: unit, hp: 100, attributes: [水], retreat_cost: 0, skills: [{ name: 泡, cost: 0, damage: 10 }] }
  - { id: C1, name: 炎の剣士, type: command, subtype: tactic }
  - { id: C2, name: 作戦会議, type: command, subtype: strategy }
  - id: U4
    name: 群れなす小鬼
    type: unit
    hp: 50
    attributes: [地]
    retreat_cost: 0
    skills: [{ name: 群がる, cost: 0, damage: 10 }]
    abilities:
      - { name: 枚数制限なし, kind: static, text: デッキにこのカードを何枚でも入れられる。 }
"#;

fn problems(deck: &str) -> Vec<String> {
    let b = common::bundle();
    let mut db = CardDb::default();
    parse_cards(&b.defs.game, Path::new("pack.yaml"), PACK, &mut db).expect("pack loads");
    let d = parse_deck(Path::new("deck.yaml"), deck, &db).expect("deck parses");
    check_deck(&b.defs.game, &db, &d)
        .into_iter()
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn a_legal_deck_has_no_problems_402_2() {
    assert_eq!(
        problems("name: ok\ncards: { U1: 4, U3: 4, C2: 4, C1: 4 }\n").len(),
        1,
        "16 cards: only the size"
    );
    let b = common::bundle();
    for name in [
        "flame-thunder",
        "water-grass",
        "vanilla/flame-thunder",
        "vanilla/water-grass",
    ] {
        assert!(b.deck(name).is_ok(), "starter deck {name} is legal");
    }
}

#[test]
fn deck_must_have_exactly_50_cards_402_2b() {
    let p = problems("name: short\ncards: { U3: 4 }\n");
    assert_eq!(
        p,
        vec!["[402.2b] デッキは50枚ちょうど (a deck has exactly 50 cards); this one has 4"]
    );
}

/// 402.2c counts cards with the same name *and* type together, even with different ids.
#[test]
fn at_most_four_of_the_same_name_and_type_402_2c() {
    let p = problems("name: x\ncards: { U1: 3, U2: 2, U3: 4 }\n");
    assert!(
        p.contains(&"[402.2c] 同じカードは4枚まで (at most 4 copies): 炎の剣士 ×5".to_string()),
        "{p:?}"
    );
    // Same name, different type: a command 炎の剣士 does not count with the units.
    let p = problems("name: x\ncards: { U1: 4, C1: 4, U3: 4 }\n");
    assert!(!p.iter().any(|l| l.starts_with("[402.2c]")), "{p:?}");
}

/// 402.3: an ability that replaces a deck-construction rule (群れなす小鬼's 「枚数制限なし」: any
/// number of copies) applies at construction: 12 copies are legal, where 12 of a card without it
/// break 402.2c. The deck is checked before the game only, so the card losing the ability in a
/// game (809.1c) changes nothing about it.
#[test]
fn an_ability_can_replace_the_copy_limit_at_construction_402_3() {
    let p = problems("name: x\ncards: { U4: 12, U3: 4 }\n");
    assert!(!p.iter().any(|l| l.starts_with("[402.2c]")), "{p:?}");
    let p = problems("name: x\ncards: { U3: 12 }\n");
    assert!(
        p.contains(&"[402.2c] 同じカードは4枚まで (at most 4 copies): 水の精 ×12".to_string()),
        "{p:?}"
    );
}

#[test]
fn at_least_one_unit_402_2d() {
    let p = problems("name: x\ncards: { C2: 4 }\n");
    assert!(
        p.contains(
            &"[402.2d] ユニットが1枚以上必要 (at least 1 unit card(s)); this deck has 0"
                .to_string()
        ),
        "{p:?}"
    );
}

#[test]
fn unknown_card_in_a_deck_names_the_file_line_and_column() {
    let b = common::bundle();
    let mut db = CardDb::default();
    parse_cards(&b.defs.game, Path::new("pack.yaml"), PACK, &mut db).expect("pack loads");
    let e = parse_deck(
        Path::new("deck.yaml"),
        "name: x\ncards:\n  U1: 4\n  U9: 2\n",
        &db,
    )
    .expect_err("U9 does not exist");
    assert_eq!(
        e.to_string(),
        "error: deck.yaml:4:3: the deck lists \"U9\", which no loaded pack defines\n  hint: did you mean \"U1\"?"
    );
}

#[test]
fn card_errors_name_the_field_and_location() {
    let b = common::bundle();
    let mut db = CardDb::default();
    let bad = "cards:\n  - id: X1\n    name: 壊れたカード\n    type: unit\n    hp: many\n    attributes: [炎]\n    retreat_cost: 0\n    skils: []\n";
    let e =
        parse_cards(&b.defs.game, Path::new("bad.yaml"), bad, &mut db).expect_err("broken card");
    let text = e.to_string();
    assert!(
        text.contains("bad.yaml:5:5: card X1: field \"hp\": expected an integer, found a string"),
        "{text}"
    );
    assert!(
        text.contains(
            "bad.yaml:8:5: card X1: unknown field \"skils\"\n  hint: did you mean \"skills\"?"
        ),
        "{text}"
    );
    // The misspelled "skils" is reported once, not again as a missing "skills".
    assert!(!text.contains("needs the field \"skills\""), "{text}");
}
