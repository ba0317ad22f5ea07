//! Replacement effects (810): instead of an event, its replacement happens; who chooses the
//! order; each applies once; optional ones; and a replacement loop nobody can stop (1101.1c).
mod common;
use common::*;
use fuda_engine::{DecisionKind, Outcome, Status};

/// 810.1: 「身代わり」 — the main unit is not KO'd; the doll is discarded and the damage removed.
#[test]
fn instead_of_being_kod_810_1() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-001", "main", 0);
    t.energy(a, 1);
    let d = t.place(P2, "GT-010", "main", 0); // HP 100
    let doll = t.place(P2, "GT-121", "standby", 0);
    t.run();
    t.end_main();
    t.act(P1, "火炎斬");
    assert!(!t.ko(d));
    assert_eq!(t.damage(d), 0);
    assert!(t.g.current(doll).is_none(), "the doll left the area");
    assert_eq!(t.count(P2, "discard"), 1);
    assert!(t.logged("810.1", "身代わり人形の「身代わり」で置換"));
    assert!(!t.logged("1003.2", "泡吹きガエルはKO"));
}

/// 810.3 ("may"): 「転生の炎」 is optional; applying it discards two energy (ordered by their
/// owner, 309.3) and heals.
#[test]
fn optional_replacement_810_3() {
    for apply in [true, false] {
        let mut t = T::empty(3);
        let a = t.place(P1, "GT-005", "main", 0); // 竜の爪 110
        t.energy(a, 2);
        let d = t.place(P2, "GT-122", "main", 0); // HP 240
        t.energy(d, 2);
        t.place(P2, "GT-011", "standby", 0);
        t.with(|g| g.st.objects[d.card as usize].counters[0] = 200);
        t.end_main();
        t.act(P1, "竜の爪");
        assert_eq!(t.kind(), DecisionKind::Choose);
        assert_eq!(t.g.waiting_for(), vec![P2], "its controller decides");
        if apply {
            t.act(P2, "適用する");
            // 309.3: the two energy cards go to the discard pile at once; P2 orders them.
            assert_eq!(t.g.waiting_for(), vec![P2], "the owner orders the discards");
            assert_eq!(t.options().len(), 2);
            t.act(P2, "");
            assert!(!t.ko(d));
            assert_eq!((t.damage(d), t.energy_count(d)), (0, 0));
        } else {
            t.act(P2, "適用しない");
            assert!(t.ko(d));
        }
    }
}

/// 810.1: a replacement can change the event: 「鉄壁」 takes 30 off the damage.
#[test]
fn replacement_changes_the_amount() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-001", "main", 0);
    t.energy(a, 1);
    let d = t.place(P2, "GT-123", "main", 0);
    t.end_main();
    t.act(P1, "火炎斬");
    assert_eq!(t.damage(d), 70);
}

/// 810.2, 810.3: with two replacements for one damage, the affected card's controller chooses
/// which applies first; each applies once: 100 − 30 − 20 = 50.
#[test]
fn affected_controller_orders_replacements_each_once_810_2() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-001", "main", 0);
    t.energy(a, 1);
    let d = t.place(P2, "GT-123", "main", 0);
    t.place(P2, "GT-124", "standby", 0);
    t.end_main();
    t.act(P1, "火炎斬");
    assert_eq!(t.kind(), DecisionKind::Choose);
    assert_eq!(t.g.waiting_for(), vec![P2]);
    assert_eq!(t.options().len(), 2);
    t.act(P2, "守りの加護");
    assert_eq!(t.damage(d), 50);
    let lines = t.lines();
    let first = lines
        .iter()
        .position(|l| l.contains("「守りの加護」で置換"))
        .expect("applied");
    let second = lines
        .iter()
        .position(|l| l.contains("「鉄壁」で置換"))
        .expect("applied");
    assert!(first < second, "in the chosen order");
}

/// 1101.1c: a replacement that keeps the KO from ever happening without fixing its cause makes
/// the rule check loop forever; nobody can stop it, so the game is a draw.
#[test]
fn a_forced_loop_is_a_draw_1101_1c() {
    let undying = r#"
cards:
  - id: T-1
    name: 不滅の影
    type: unit
    hp: 100
    attributes: [闇]
    retreat_cost: 0
    skills: [{ name: 影, cost: 0, damage: 10 }]
    abilities:
      - name: 不滅
        kind: static
        replaces: ko
        if: event.card == self
        replace: |
          return nil
"#;
    let mut t = T::empty_with(3, undying);
    t.place(P1, "GT-001", "main", 0);
    let d = t.place(P2, "T-1", "main", 0);
    t.with(|g| g.st.objects[d.card as usize].counters[0] = 100);
    match t.end_main() {
        Status::Over(Outcome::Draw { clause, .. }) => assert_eq!(clause, "1101.1c"),
        s => panic!("{s:?}"),
    }
}
