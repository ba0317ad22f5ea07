//! Triggered abilities (807) on starter cards: counting, order, 累積しない, delayed and condition
//! triggers, and triggers that resolve after their card moved.
mod common;
use common::*;
use fuda_engine::DecisionKind;

/// 807.1–807.3: 「偵察」 triggers at its controller's turn start and is played at the next rule
/// check (502.3), after the draw phase's draw.
#[test]
fn turn_start_trigger_is_played_at_the_next_rule_check_807_2() {
    let mut t = T::empty(1);
    t.place(P1, "GT-101", "main", 0);
    t.place(P2, "GT-011", "main", 0);
    t.run();
    t.end_main(); // turn 2 is P2's: no trigger (its `if` is false)
    assert!(!t.logged("807.2", "偵察"));
    t.end_main();
    t.act(P2, "使用しない");
    assert_eq!(t.g.st.turn, 3);
    let lines = t.lines();
    let turn3 = lines
        .iter()
        .position(|l| l.contains("ターン3 (turn 3)"))
        .expect("turn 3");
    let at = |needle: &str| {
        turn3
            + lines[turn3..]
                .iter()
                .position(|l| l.contains(needle))
                .unwrap_or_else(|| panic!("{needle}: {lines:#?}"))
    };
    assert!(at("[502.1] P1は1枚引く") < at("[807.2] 見張りの斥候の「偵察」が誘発"));
    assert!(
        at("[807.2] 見張りの斥候の「偵察」が誘発")
            < at("[807.3] P1: 見張りの斥候の「偵察」をプレイ")
    );
    assert!(at("[807.3] P1: 見張りの斥候の「偵察」をプレイ") < at("[503] メインフェイズ"));
    assert_eq!(
        t.count(P1, "hand"),
        2,
        "the draw phase's card and the trigger's"
    );
}

/// 807.8: 「遺志」 triggers when its unit is KO'd and is played after the rule processes, although
/// the unit is now KO'd (its abilities no longer valid).
#[test]
fn a_trigger_is_played_after_its_card_was_kod_807_8() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-001", "main", 0);
    t.energy(a, 1);
    let d = t.place(P2, "GT-102", "main", 0);
    t.place(P2, "GT-011", "standby", 0);
    t.with(|g| g.st.objects[d.card as usize].counters[0] = 150);
    t.run();
    t.end_main();
    t.act(P1, "火炎斬"); // 100 ≥ 200 − 150: KO
    assert!(t.ko(d));
    assert_eq!(
        t.g.waiting_for(),
        vec![P2],
        "1004.1 replacement first (rule processes before triggers)"
    );
    let hand = t.count(P2, "hand");
    t.act(P2, "森の小人"); // … then turn 4: P2 draws 1 more in its draw phase
    assert!(t.logged("807.3", "不屈の番兵の「遺志」をプレイ"));
    assert!(t.logged("904.2", "2枚引く (draws 2) — 遺志"));
    assert_eq!(t.count(P2, "hand"), hand + 2 + 1);
}

/// 807.2: each occurrence adds one to the trigger count; the ability is played that many times.
#[test]
fn each_occurrence_adds_one_to_the_count_807_2() {
    let mut t = T::empty(3);
    let s = t.place(P1, "GT-106", "main", 0);
    let target = t.place(P2, "GT-013", "main", 0);
    t.run();
    t.raise("ダメージを受けた", s);
    t.raise("ダメージを受けた", s);
    assert_eq!(t.g.st.triggers.len(), 1);
    assert_eq!(t.g.st.triggers[0].count, 2);
    t.run();
    t.end_main();
    assert_eq!(t.damage(target), 40, "「反撃」 played twice");
}

/// 807.2a: 累積しない — while 「弔いの炎」 is triggered, more KOs do not add to it.
#[test]
fn non_cumulative_ex_skill_triggers_once_807_2a() {
    let mut t = T::empty(3);
    t.place(P1, "GT-001", "main", 0);
    let m = t.place(P2, "GT-011", "main", 0);
    let s1 = t.place(P2, "GT-012", "standby", 0);
    t.place(P2, "GT-014", "standby", 1);
    t.place(P2, "GT-103", "standby", 2);
    t.with(|g| {
        g.st.objects[m.card as usize].counters[0] = 130;
        g.st.objects[s1.card as usize].counters[0] = 210;
    });
    t.run();
    let hand = t.count(P2, "hand");
    t.end_main(); // 702.2: both KO'd at once (1003.2), two KOした events
    t.act(P2, "花園の精霊");
    assert!(t.logged("807.2a", "累積しない"));
    assert_eq!(
        t.g.log
            .iter()
            .filter(|l| l.text.contains("「弔いの炎」をプレイ"))
            .count(),
        1
    );
    assert_eq!(t.count(P2, "hand"), hand + 1);
}

/// 807.3: the turn player's triggers are played before the other player's, and the turn
/// player chooses the order among theirs.
#[test]
fn turn_player_chooses_and_goes_first_807_3() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-106", "main", 0);
    let b = t.place(P1, "GT-106", "standby", 0);
    let c = t.place(P2, "GT-106", "main", 0);
    t.run();
    t.raise("ダメージを受けた", c);
    t.raise("ダメージを受けた", a);
    t.raise("ダメージを受けた", b);
    t.run();
    t.end_main();
    assert_eq!(t.kind(), DecisionKind::Choose);
    assert_eq!(t.g.waiting_for(), vec![P1]);
    assert_eq!(t.options().len(), 2, "P1's two 「反撃」 (807.3)");
    t.pick(P1, "反撃");
    t.run();
    let lines = t.lines();
    let plays: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("「反撃」をプレイ"))
        .collect();
    assert!(plays.len() >= 3, "{plays:#?}");
    assert!(
        plays[0].starts_with("[807.3] P1") && plays[1].starts_with("[807.3] P1"),
        "{plays:#?}"
    );
    assert!(
        plays[2].starts_with("[807.3] P2"),
        "P2's trigger after P1's: {plays:#?}"
    );
}

/// 807.6, 807.6a: 「時の種」 creates a delayed trigger for the end of the next turn; it fires
/// once, at the end of turn 2, and not again.
#[test]
fn delayed_trigger_fires_once_at_the_end_of_the_next_turn_807_6() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-104", "hand", 0);
    t.place(P2, "GT-011", "main", 0);
    t.run();
    t.act(P1, "ユニットを出す: 時の術師");
    assert!(t.logged("807.6", "時の芽吹き"), "{:#?}", t.lines());
    assert_eq!(t.g.st.delayed.len(), 1);
    t.end_main(); // end of turn 1: not yet
    assert!(!t.logged("807.3", "時の芽吹き"));
    let hand = t.count(P1, "hand");
    t.end_main();
    t.act(P2, "使用しない"); // end of turn 2
    assert!(t.logged("807.3", "「時の芽吹き」をプレイ"));
    assert!(t.logged("904.2", "時の芽吹き"));
    assert_eq!(
        t.count(P1, "hand"),
        hand + 1 + 1,
        "the delayed draw, then turn 3's draw phase"
    );
    let fired_at =
        t.g.log
            .iter()
            .find(|l| l.text.contains("「時の芽吹き」をプレイ"))
            .map(|l| l.turn);
    assert_eq!(fired_at, Some(2), "at the end of the next turn");
    assert!(t.g.st.delayed.is_empty(), "807.6a: only once");
}

/// 807.7, 807.7a: 「渇望」 triggers when its controller's hand is empty and it is not already
/// triggered; after it is played it triggers again the next time the hand is empty.
#[test]
fn condition_trigger_807_7() {
    let mut t = T::empty(1);
    t.place(P1, "GT-105", "main", 0);
    t.place(P1, "GT-001", "hand", 0);
    t.place(P1, "GT-002", "hand", 0);
    t.place(P2, "GT-011", "main", 0);
    t.run();
    t.act(P1, "ユニットを出す: 炎の剣士");
    assert!(!t.logged("807.2", "渇望"), "one card still in hand");
    t.act(P1, "ユニットを出す: 火の粉の妖精"); // hand now empty: the next rule check (503.2) triggers it
    assert_eq!(
        t.g.log
            .iter()
            .filter(|l| l.text.contains("「渇望」をプレイ"))
            .count(),
        1
    );
    assert_eq!(t.count(P1, "hand"), 1, "drew 1");
    // Empty again (the drawn card goes out): it triggers again.
    let unit = t.g.zone_cards(t.g.defs.game.zone_id(
        t.g.defs.game.zone_index("hand").expect("hand"),
        P1,
        0,
    ))[0];
    let id = t.g.obj_id(unit);
    t.with(|g| {
        let discard =
            g.defs
                .game
                .zone_id(g.defs.game.zone_index("discard").expect("discard"), P1, 0);
        g.move_card(id, discard, fuda_engine::verbs::Position::Top)
            .map_err(|_| ())
            .expect("move");
    });
    t.run();
    t.end_main(); // next rule check: 702? no battle on turn 1; 505.2 rule check
    assert_eq!(
        t.g.log
            .iter()
            .filter(|l| l.text.contains("「渇望」をプレイ"))
            .count(),
        2
    );
}
