//! 汎用TCG: turn structure and main-phase actions (500–505, 600–607), on boards built card by card.
mod common;
use common::*;
use fuda_engine::{DecisionKind, Status};

/// 504.1: the game's first turn has no battle phase; the second player's first turn does.
#[test]
fn no_battle_phase_on_the_first_turn_504_1() {
    let mut t = T::empty(1);
    let a = t.place(P1, "GT-001", "main", 0);
    t.energy(a, 1);
    let b = t.place(P2, "GT-014", "main", 0);
    t.energy(b, 1);
    t.run();
    let from = t.g.log.len();
    t.end_main();
    let turn1 = t.log_from(from);
    assert!(
        turn1
            .iter()
            .any(|l| l == "[504.1] バトルフェイズをスキップ (skipped)"),
        "{turn1:#?}"
    );
    assert!(
        !turn1.iter().any(|l| l.starts_with("[703")),
        "no skill step on turn 1: {turn1:#?}"
    );
    assert_eq!(t.damage(b), 0);
    // Turn 2 is P2's: it ends its main phase and gets a skill step.
    assert_eq!(t.g.st.turn, 2);
    assert_eq!(t.g.st.turn_player, P2);
    t.end_main();
    assert_eq!(t.kind(), DecisionKind::Choose);
    assert!(t.has_option("花びらの舞"), "{:?}", t.options());
}

/// 602.1, 602.2: charge attaches one hand card as energy and draws one, once per turn.
#[test]
fn charge_once_per_turn_then_draw_602() {
    let mut t = T::empty(1);
    let main = t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-002", "hand", 0);
    t.place(P1, "GT-003", "hand", 0);
    t.place(P2, "GT-011", "main", 0); // so the game goes on after the charge
    t.run();
    let deck = t.count(P1, "deck");
    t.act(P1, "チャージ: 火の粉の妖精 → 炎の剣士");
    assert_eq!(
        t.energy_count(main),
        1,
        "one card attached as energy (602.1, 905.2)"
    );
    assert_eq!(
        t.count(P1, "hand"),
        2,
        "one card left the hand, one was drawn"
    );
    assert_eq!(t.count(P1, "deck"), deck - 1);
    let energy = t.g.attachments(main, Some(0))[0];
    assert!(
        !t.g.st.objects[energy.card as usize].face_up,
        "energy is face down (905.2)"
    );
    assert!(
        !t.g.can_see(P1, energy.card) && !t.g.can_see(P2, energy.card),
        "energy is private to all (306.7b)"
    );
    assert!(t.logged("602.1", "1枚引く"));
    // Charge is absent for 602.2 alone: the game goes on, P1 is choosing its main-phase
    // action, and it still has hand cards and a unit to charge.
    assert!(t.g.outcome().is_none(), "the game goes on");
    assert!(t.has_option("メインフェイズを終了"), "{:?}", t.options());
    assert!(t.count(P1, "hand") > 0);
    assert!(
        !t.has_option("チャージ"),
        "602.2: only once per turn: {:?}",
        t.options()
    );
}

/// 602.2 is per turn: the next turn of the same player may charge again.
#[test]
fn charge_is_available_again_next_turn_602_2() {
    let mut t = T::empty(3);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-002", "hand", 0);
    t.place(P2, "GT-011", "main", 0);
    t.run();
    t.act(P1, "チャージ");
    assert!(!t.has_option("チャージ"));
    t.end_main();
    t.act(P1, "使用しない");
    // P2's turn 4: P2 ends it at once; P1's turn 5 offers charge again.
    t.end_main();
    t.act(P2, "使用しない");
    assert_eq!(t.g.st.turn, 5);
    assert!(t.has_option("チャージ"), "{:?}", t.options());
}

/// 308.1, 603.1, 603.2: four standby areas of one unit each; putting units stops when full.
#[test]
fn standby_capacity_is_four_308_1() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-011", "main", 0);
    for id in ["GT-002", "GT-003", "GT-016", "GT-017", "GT-018"] {
        t.place(P1, id, "hand", 0);
    }
    t.run();
    for slot in 1..=4 {
        t.act(P1, &format!("→ スタンバイ・エリア{slot}"));
    }
    for slot in 0..4 {
        assert_eq!(
            t.zone(P1, "standby", slot).len(),
            1,
            "standby {} holds one unit",
            slot + 1
        );
    }
    assert_eq!(t.count(P1, "hand"), 1);
    assert!(
        !t.has_option("ユニットを出す"),
        "603.1: no free standby area: {:?}",
        t.options()
    );
}

/// 605.1, 915.1b–c, 302.3a, 302.3a-1: retreat discards energy equal to the retreat cost, swaps
/// the units (same objects, attachments kept) and the old main unit recovers; 605.2 once per turn.
#[test]
fn retreat_pays_cost_swaps_and_recovers_605() {
    let mut t = T::empty(3);
    let main = t.place(P1, "GT-003", "main", 0); // 紅蓮の魔導士, retreat cost 1
    t.energy(main, 2);
    let s1 = t.place(P1, "GT-002", "standby", 0);
    t.place(P1, "GT-016", "standby", 1);
    t.place(P2, "GT-011", "main", 0); // so the game goes on after the retreat
    t.with(|g| g.st.objects[main.card as usize].orientation = 1); // rested
    t.run();
    t.act(P1, "紅蓮の魔導士 ⇄ 火の粉の妖精");
    // Two energy, cost 1: P1 chooses which to discard (915.1b).
    assert_eq!(t.kind(), DecisionKind::Choose);
    assert_eq!(t.options().len(), 2);
    t.pick(P1, "");
    t.run();
    assert_eq!(
        t.zone(P1, "main", 0),
        vec![s1],
        "火の粉の妖精 is the main unit (915.1c)"
    );
    assert_eq!(
        t.zone(P1, "standby", 0),
        vec![main],
        "same object after area → area (302.3)"
    );
    assert_eq!(
        t.energy_count(main),
        1,
        "one energy discarded, the other stays attached (302.3a)"
    );
    assert_eq!(t.count(P1, "discard"), 1);
    assert_eq!(
        t.orientation(main),
        "normal",
        "main → standby recovers (302.3a-1)"
    );
    assert!(t.logged("302.3a-1", "復帰"));
    // Retreat is absent for 605.2 alone: the game goes on, and the new main unit (retreat
    // cost 0) could otherwise retreat to a live standby unit (605.3 holds).
    assert!(t.g.outcome().is_none(), "the game goes on");
    assert!(t.has_option("メインフェイズを終了"), "{:?}", t.options());
    assert!(
        !t.has_option("退却"),
        "605.2: once per turn: {:?}",
        t.options()
    );
}

/// 605.3, 915.1a: no retreat without enough energy, without a non-KO'd standby unit, or when stunned.
#[test]
fn retreat_is_unavailable_when_it_cannot_be_completed_605_3() {
    let mut t = T::empty(3);
    let main = t.place(P1, "GT-005", "main", 0); // retreat cost 2
    t.energy(main, 1);
    let s = t.place(P1, "GT-002", "standby", 0);
    t.run();
    assert!(!t.has_option("退却"), "cost 2 with 1 energy (605.3)");
    t.energy(main, 1);
    t.run();
    assert!(t.has_option("退却"));
    t.with(|g| g.st.objects[main.card as usize].orientation = 2);
    t.run();
    assert!(
        !t.has_option("退却"),
        "a stunned main unit cannot retreat (915.1a)"
    );
    t.with(|g| {
        g.st.objects[main.card as usize].orientation = 0;
        g.st.objects[s.card as usize].flags = 1; // KO'd
    });
    t.run();
    assert!(!t.has_option("退却"), "no non-KO'd standby unit (605.3)");
}

/// 505.3b: a player whose main unit is rested plays janken with the opponent; winning recovers it.
#[test]
fn end_phase_janken_recovers_the_winner_505_3b() {
    let mut t = T::empty(1);
    let a = t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-011", "main", 0);
    t.with(|g| g.st.objects[a.card as usize].orientation = 1);
    t.run();
    t.end_main();
    assert_eq!(t.kind(), DecisionKind::Janken);
    assert_eq!(
        t.g.waiting_for(),
        vec![P1, P2],
        "both answer at once, in secret (919)"
    );
    t.janken("グー", "グー"); // あいこ: again
    assert_eq!(t.kind(), DecisionKind::Janken);
    t.janken("パー", "チョキ"); // P2 wins: no recovery
    assert_eq!(t.orientation(a), "rest");
    assert!(t.logged("505.3b", "復帰しない"));
    // Turn 2 (P2): at its end P1's main unit is still rested, so P1 plays janken again.
    t.end_main();
    t.act(P2, "使用しない");
    t.janken("グー", "チョキ");
    assert_eq!(t.orientation(a), "normal");
    assert!(t.logged("907.1", "復帰"));
}

/// 703.1: a rested main unit declares no skill; the battle goes to its end step.
#[test]
fn rested_main_unit_cannot_use_a_skill_703_1() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-001", "main", 0);
    t.energy(a, 1);
    let b = t.place(P2, "GT-011", "main", 0);
    t.with(|g| g.st.objects[a.card as usize].orientation = 1);
    t.run();
    t.end_main();
    assert!(t.logged("703.1", "レスト"));
    assert_eq!(t.damage(b), 0);
    assert_eq!(
        t.kind(),
        DecisionKind::Janken,
        "505.3b comes next, with no skill decision"
    );
}

/// 103.4: a player may resign at any decision; the opponent wins.
#[test]
fn resignation_103_4() {
    let mut t = T::new(5);
    t.g.resign(P2);
    match t.run() {
        Status::Over(o) => {
            assert_eq!(o.winner(), Some(P1));
            assert!(t.logged("103.4", "投了"));
        }
        s => panic!("{s:?}"),
    }
}

/// 602.1 with an empty hand has two readings (digest §12.32), chosen by the game setting
/// `charge_with_empty_hand`: 0 (default) no charge; 1 the draw is still done (104.2).
#[test]
fn charge_with_an_empty_hand_follows_the_game_setting_602_1() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-011", "main", 0);
    t.run();
    assert!(
        !t.has_option("チャージ"),
        "default reading: nothing to attach, no charge"
    );

    let b = bundle()
        .with_setting("charge_with_empty_hand", 1)
        .expect("setting exists");
    t.g = fuda_engine::Game::restore(b.defs.clone(), t.g.save()).expect("same game");
    t.b = b;
    t.g.edit(|_| {}).expect("recompute the options");
    t.run();
    t.act(P1, "手札なし");
    assert_eq!(t.count(P1, "hand"), 1, "drew 1");
    assert!(t.logged("104.2", "つけられない"));
    assert!(!t.has_option("チャージ"), "still once per turn (602.2)");
}
