//! 汎用TCG setup (403): redraw without a unit in hand (403.3a) and its compensation (403.3b).
mod common;
use common::*;
use fuda_engine::def::card::parse_cards;
use fuda_engine::def::deck::{check_deck, parse_deck};
use fuda_engine::{DecisionKind, Defs, Game, Status};
use std::path::Path;
use std::sync::Arc;

/// P1's deck has one unit and 49 commands, so P1 almost surely redraws; P2's is the starter deck.
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
