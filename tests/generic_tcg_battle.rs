//! 汎用TCG: battle (700–705), rule processes (1000–1005) and the result of the game (103).
mod common;
use common::*;
use fuda_engine::{DecisionKind, Outcome, Status};

/// P1's turn 3 with `attacker` (+energy) against P2's `defender`; ends P1's main phase.
fn battle(
    attacker: &str,
    energy: usize,
    defender: &str,
) -> (T, fuda_engine::ObjId, fuda_engine::ObjId) {
    let mut t = T::empty(3);
    let a = t.place(P1, attacker, "main", 0);
    t.energy(a, energy);
    let d = t.place(P2, defender, "main", 0);
    t.run();
    t.end_main();
    assert_eq!(t.kind(), DecisionKind::Choose, "skill step (703.2)");
    (t, a, d)
}

/// 703.2a-2: only skills whose cost is at most the unit's energy can be declared.
#[test]
fn skill_needs_energy_at_least_its_cost_703_2a_2() {
    let (t, _, _) = battle("GT-003", 1, "GT-007"); // 火球 cost 1, 紅蓮の業火 cost 3
    let opts = t.options();
    assert!(opts.iter().any(|o| o.starts_with("火球")), "{opts:?}");
    assert!(
        !opts.iter().any(|o| o.starts_with("紅蓮の業火")),
        "{opts:?}"
    );
    assert!(
        opts.iter().any(|o| o.contains("使用しない")),
        "703.2b: no skill is always allowed"
    );
    let (t, _, _) = battle("GT-003", 3, "GT-007");
    assert!(t.has_option_ro("紅蓮の業火"));
}

/// 704.3a, 704.3d: skill damage is dealt to the opponent's main unit as damage markers.
#[test]
fn skill_damage_without_advantage_704_3a() {
    let (mut t, _, d) = battle("GT-001", 1, "GT-007"); // 炎 火炎斬 100 vs 水 (no advantage)
    t.act(P1, "火炎斬");
    assert_eq!(t.damage(d), 100);
    assert!(!t.logged("704.3c-1", ""));
}

/// 704.3c-1: the defender has an attribute in the attacker's 有利: damage ×2, after modifiers.
#[test]
fn advantage_doubles_damage_704_3c() {
    let (mut t, _, d) = battle("GT-001", 1, "GT-013"); // 炎 (有利 草) vs 草 HP 400
    t.act(P1, "火炎斬");
    assert_eq!(t.damage(d), 200);
    assert!(t.logged("704.3c-1", "ダメージ2倍 → 200"));
}

/// 704.3c-1 with two attributes on each side: still a single ×2 (digest §12.36).
#[test]
fn advantage_with_two_matching_attributes_doubles_once() {
    let (mut t, _, d) = battle("GT-029", 2, "GT-032"); // 炎/雷 (有利 草/水) vs 草/闇
    t.act(P1, "雷炎の爪"); // 110
    assert_eq!(t.damage(d), 220);
}

/// 704.3a-2: a skill with 0 damage deals nothing and skips modifiers and advantage.
#[test]
fn zero_damage_skill_skips_the_calculation_704_3a_2() {
    let mut t = T::empty(4); // P2's turn: P2 holds 氷結の巫女 (静かな祈り 0/0)
    t.with(|g| g.st.turn_player = P2);
    let d = t.place(P1, "GT-001", "main", 0); // 炎: 氷結の巫女 (有利 炎) would double
    t.place(P2, "GT-008", "main", 0);
    t.run();
    t.end_main();
    t.act(P2, "静かな祈り");
    assert_eq!(t.damage(d), 0);
    assert!(t.logged("704.3a-2", "スキルダメージが0"));
}

/// 1003.2, 909.1, 909.1a, 306.7a-1: damage ≥ HP KOs the unit: face down, normal orientation,
/// markers removed; it stays in the area. 1005.2: its energy is discarded.
#[test]
fn ko_when_damage_reaches_hp_removes_markers_1003_2() {
    let (mut t, _, d) = battle("GT-001", 1, "GT-010"); // 100 vs HP 100
    t.energy(d, 1);
    t.place(P2, "GT-011", "standby", 0);
    t.run();
    t.act(P1, "火炎斬");
    assert!(t.ko(d), "1003.2: damage 100 ≥ HP 100");
    assert_eq!(t.damage(d), 0, "909.1a: damage markers removed");
    let o = t.g.st.objects[d.card as usize];
    assert!(
        !o.face_up && o.orientation == 0,
        "306.7a-1: face down, normal orientation"
    );
    assert!(
        t.g.can_see(P1, d.card) && t.g.can_see(P2, d.card),
        "306.7a-1: its face is public to all"
    );
    assert!(t.logged("1003.2", "ダメージ 100 ≥ HP 100"));
    assert_eq!(
        t.count(P2, "discard"),
        0,
        "1005 runs after the replacement process (1001.2 order)"
    );
    t.act(P2, "森の小人");
    assert_eq!(
        t.count(P2, "discard"),
        1,
        "1005.2: the KO'd unit's energy is discarded"
    );
    assert!(t.logged("1005.2", "エネルギー"));
}

/// 1003.2 is 'damage ≥ HP': one less than HP is not a KO.
#[test]
fn damage_one_below_hp_is_not_a_ko_1003_2() {
    let (mut t, _, d) = battle("GT-001", 1, "GT-008"); // 炎 100 vs 氷結の巫女 (水) HP 200
    t.with(|g| g.st.objects[d.card as usize].counters[0] = 99);
    t.run();
    t.act(P1, "火炎斬"); // 99 + 100 = 199 < 200
    assert_eq!(t.damage(d), 199);
    assert!(!t.ko(d));
}

/// 1004.1: a KO'd main unit is swapped with a non-KO'd standby unit its player chooses; the
/// KO'd unit stays, face down, in that standby area.
#[test]
fn kod_main_unit_is_replaced_from_standby_1004_1() {
    let (mut t, _, d) = battle("GT-001", 1, "GT-010");
    t.place(P2, "GT-011", "standby", 0);
    let s2 = t.place(P2, "GT-014", "standby", 1);
    t.run();
    t.act(P1, "火炎斬");
    assert_eq!(t.kind(), DecisionKind::Choose);
    assert_eq!(
        t.g.waiting_for(),
        vec![P2],
        "the KO'd unit's player chooses"
    );
    assert_eq!(t.options().len(), 2);
    t.act(P2, "花園の精霊");
    assert_eq!(t.zone(P2, "main", 0), vec![s2]);
    assert_eq!(
        t.zone(P2, "standby", 1),
        vec![d],
        "the KO'd unit takes the standby area"
    );
    assert!(t.logged("1004.1", "入れ替える"));
}

/// 1004.1 + 1002.2: with no non-KO'd standby unit the replacement cannot be done and that
/// player loses at the next rule process.
#[test]
fn loss_when_no_replacement_is_possible_1002_2() {
    let (mut t, _, _) = battle("GT-001", 1, "GT-010");
    let ko = t.place(P2, "GT-011", "standby", 0);
    t.with(|g| g.st.objects[ko.card as usize].flags = 1); // already KO'd: cannot replace
    t.run();
    match t.act(P1, "火炎斬") {
        Status::Over(Outcome::Win { winner, clause, .. }) => {
            assert_eq!(winner, P1);
            assert_eq!(clause, "1002.2");
        }
        s => panic!("{s:?}"),
    }
}

/// 1002.1: a player who could not draw in the draw phase loses at the rule check of 502.3,
/// before the main phase.
#[test]
fn loss_when_the_draw_phase_draw_fails_1002_1() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-011", "main", 0);
    t.deck_size(P2, 0);
    t.run();
    match t.end_main() {
        Status::Over(Outcome::Win { winner, clause, .. }) => {
            assert_eq!((winner, clause.as_str()), (P1, "1002.1"));
        }
        s => panic!("{s:?}"),
    }
    assert!(t.logged("904.1", "デッキ置き場が空で引けない"));
    let turn2: Vec<_> =
        t.g.log
            .iter()
            .filter(|l| l.turn == 2)
            .map(|l| l.to_string())
            .collect();
    assert!(
        !turn2.iter().any(|l| l.starts_with("[503]")),
        "the game ends before P2's main phase: {turn2:#?}"
    );
}

/// 1002.1: the draw of a charge (602.1) can fail too; the loss comes at the next rule check.
#[test]
fn loss_when_the_charge_draw_fails_1002_1() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-002", "hand", 0);
    t.place(P2, "GT-011", "main", 0);
    t.deck_size(P1, 0);
    t.run();
    match t.act(P1, "チャージ") {
        Status::Over(Outcome::Win { winner, clause, .. }) => {
            assert_eq!((winner, clause.as_str()), (P2, "1002.1"))
        }
        s => panic!("{s:?}"),
    }
}

/// 103.3: both players meet a loss condition in the same rule process: the game is a draw.
/// Both main units are KO'd at once and neither player has a standby unit (1004, 1002.2).
#[test]
fn both_players_lose_at_once_is_a_draw_103_3() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-001", "main", 0);
    let b = t.place(P2, "GT-011", "main", 0);
    t.with(|g| {
        g.st.objects[a.card as usize].counters[0] = 300;
        g.st.objects[b.card as usize].counters[0] = 130;
    });
    t.run();
    match t.end_main() {
        Status::Over(Outcome::Draw { clause, reason }) => {
            assert_eq!(clause, "103.3");
            assert!(reason.contains("1002.2"), "{reason}");
        }
        s => panic!("{s:?}"),
    }
    assert!(t.logged("1003.2", "炎の剣士"));
    assert!(t.logged("1003.2", "森の小人"));
}

/// 103.3 with failed draws: both players failed a required draw since the last rule process.
#[test]
fn both_failed_draws_is_a_draw_103_3() {
    let mut t = T::empty(3);
    t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-011", "main", 0);
    t.with(|g| {
        g.st.players[0].failed_draw = true;
        g.st.players[1].failed_draw = true;
    });
    t.run();
    match t.end_main() {
        Status::Over(Outcome::Draw { clause, .. }) => assert_eq!(clause, "103.3"),
        s => panic!("{s:?}"),
    }
}

/// 1004.2: a player with no unit in the main area moves a non-KO'd standby unit there.
#[test]
fn empty_main_area_is_filled_from_standby_1004_2() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    let s = t.place(P2, "GT-011", "standby", 2);
    t.run();
    t.act(P1, "メインフェイズを終了");
    assert_eq!(t.g.waiting_for(), vec![P2]);
    t.act(P2, "森の小人");
    assert_eq!(
        t.zone(P2, "main", 0),
        vec![s],
        "same object: standby → main is area → area (302.3)"
    );
    assert!(t.logged("1004.2", "メイン・エリアに移動"));
}
