//! 汎用TCG setup (403): redraw without a unit in hand (403.3a) and its compensation (403.3b).
mod common;
use common::*;
use fuda_engine::def::card::parse_cards;
use fuda_engine::def::deck::{check_deck, parse_deck};
use fuda_engine::{DecisionKind, Defs, Game, Status};
use std::path::Path;
use std::sync::Arc;

/// 403.3a, 403.3b: P1's deck has one unit and 49 commands, so P1 almost surely redraws; P2's
/// is the starter deck. P2 draws the difference in redraws.
#[test]
fn redraw_without_a_unit_and_compensation_403_3() {
    let b = bundle();
    let mut cards = b.defs.cards.clone();
    let mut pack = String::from("cards:\n");
    for i in 1..=13 {
        pack.push_str(&format!(
            "  - {{ id: CMD-{i:02}, name: 作戦{i}, type: command, subtype: tactic }}\n"
        ));
    }
    parse_cards(&b.defs.game, Path::new("commands.yaml"), &pack, &mut cards)
        .expect("commands load");
    let mut list = String::from("name: ほぼコマンド\ncards:\n  GT-001: 1\n");
    for i in 1..=13 {
        list.push_str(&format!("  CMD-{i:02}: {}\n", if i == 13 { 1 } else { 4 }));
    }
    let few_units = parse_deck(Path::new("few-units.yaml"), &list, &cards).expect("deck parses");
    let defs = Arc::new(Defs {
        game: b.defs.game.clone(),
        cards,
    });
    assert!(
        check_deck(&defs.game, &defs.cards, &few_units).is_empty(),
        "legal: 50 cards, ≥ 1 unit (402.2)"
    );
    let starter = b.deck("water-grass").expect("deck");

    let mut g = Game::new(defs, [&few_units, &starter], 2);
    loop {
        match g.advance(&b.host).expect("runs") {
            Status::Decide if g.decision().expect("decision").kind == DecisionKind::Action => break,
            Status::Decide => {
                for p in g.waiting_for() {
                    g.submit(p, vec![0]).expect("legal");
                }
            }
            Status::Over(o) => panic!("{o:?}"),
        }
    }
    let redraws = g.st.players[0].vars[b.defs.game.player_var("redraws").expect("var")];
    assert!(redraws >= 1, "P1 redrew (403.3a)");
    let lines: Vec<String> = g.log.iter().map(|l| l.to_string()).collect();
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("[403.3a] P1は手札にユニットが無いので引き直す"))
            .count() as i64,
        redraws
    );
    assert!(
        lines.iter().any(|l| l
            == &format!(
                "[403.3b] P2は引き直し回数の差{redraws}枚を引く (draws the redraw difference)"
            )),
        "{lines:#?}"
    );
    let main = g.zone_cards(g.defs.game.zone_id(
        g.defs.game.zone_index("main").expect("zone"),
        0,
        0,
    ))[0];
    assert_eq!(
        g.name(main),
        "炎の剣士",
        "P1's only unit became its main unit"
    );
    // Hands after setup: 5 − 1 placed, plus the compensation for P2 (then turn 1's draw for the first player).
    let hand = |p: u8| {
        g.zone_cards(
            g.defs
                .game
                .zone_id(g.defs.game.zone_index("hand").expect("zone"), p, 0),
        )
        .len() as i64
    };
    let first = g.st.turn_player;
    let draw = |p: u8| i64::from(p == first);
    assert_eq!(hand(0), 4 + draw(0));
    assert_eq!(hand(1), 4 + redraws + draw(1));
}

/// 403.1–403.6: each player shuffles and draws 5 (403.1, 403.2), puts one unit from hand face down
/// into the main area (403.3), a random player goes first (403.4), the main units are turned face
/// up (403.5), and the first player's turn 1 begins (403.6). Also 402.1: each player's deck.
#[test]
fn setup_in_order_403() {
    let b = bundle();
    let d1 = b.deck("vanilla/flame-thunder").expect("402.1: P1's deck");
    let d2 = b.deck("vanilla/water-grass").expect("402.1: P2's deck");
    let mut g = b.new_game([&d1, &d2], 11);
    let mut seen_face_down = false;
    loop {
        match g.advance(&b.host).expect("runs") {
            Status::Decide if g.decision().expect("decision").kind == DecisionKind::Action => break,
            Status::Decide => {
                // 403.3: the placed unit is face down and only its owner knows it.
                let st = g.position();
                for p in 0..2u8 {
                    let main =
                        g.defs
                            .game
                            .zone_id(g.defs.game.zone_index("main").expect("zone"), p, 0);
                    if let Some(&c) = st.zones[main.0 as usize].first() {
                        assert!(!st.objects[c as usize].face_up);
                        assert!(
                            g.can_see(p, c) && !g.can_see(1 - p, c),
                            "403.3: face down, known to its owner"
                        );
                        seen_face_down = true;
                    }
                }
                for p in g.waiting_for() {
                    g.submit(p, vec![0]).expect("legal");
                }
            }
            Status::Over(o) => panic!("{o:?}"),
        }
    }
    assert!(seen_face_down, "P2 decided while P1's unit lay face down");
    let lines: Vec<String> = g.log.iter().map(|l| l.to_string()).collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle}: {lines:#?}"))
    };
    assert!(
        at("[403.2] P1はデッキをシャッフルし、5枚引く") < at("[403.3] P1はユニットを1枚裏向き")
    );
    assert!(at("[403.3] P2はユニットを1枚裏向き") < at("[403.4]"));
    assert!(at("[403.4]") < at("[403.5] P1のメイン・ユニット"));
    assert!(at("[403.5] P2のメイン・ユニット") < at("━━ ターン1"));
    let first = g.st.first_player.expect("403.4: someone goes first");
    assert!(lines[at("[403.4]")].starts_with(&format!("[403.4] P{}が先攻", first + 1)));
    assert_eq!(
        (g.st.turn, g.st.turn_player),
        (1, first),
        "403.6: the first player's turn 1"
    );
    for p in 0..2u8 {
        let main = g
            .defs
            .game
            .zone_id(g.defs.game.zone_index("main").expect("zone"), p, 0);
        let c = g.zone_cards(main)[0];
        assert!(
            g.st.objects[c as usize].face_up && g.can_see(1 - p, c),
            "403.5: face up"
        );
        let deck = g
            .defs
            .game
            .zone_id(g.defs.game.zone_index("deck").expect("zone"), p, 0);
        let hand = g
            .defs
            .game
            .zone_id(g.defs.game.zone_index("hand").expect("zone"), p, 0);
        let drew = u32::from(p == first); // turn 1's draw (502.1)
        assert_eq!(
            g.zone_cards(hand).len() as u32,
            4 + drew,
            "403.2: 5 drawn, 1 placed"
        );
        assert_eq!(g.zone_cards(deck).len() as u32, 45 - drew);
    }
    // 403.1: the decks were shuffled: the same seed gives the same order, another seed another.
    let order = |seed: u64| {
        let mut g = b.new_game([&d1, &d2], seed);
        let _ = g.advance(&b.host);
        let deck = g
            .defs
            .game
            .zone_id(g.defs.game.zone_index("deck").expect("zone"), 0, 0);
        g.position().zones[deck.0 as usize]
            .iter()
            .map(|&c| g.st.objects[c as usize].def)
            .collect::<Vec<_>>()
    };
    assert_eq!(order(11), order(11));
    assert_ne!(order(11), order(12));
}
