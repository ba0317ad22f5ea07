//! Skills with text (801.1e) in the damage step (704.3–704.5), EX skills (606, 802.2a, 803),
//! the success check with janken (920), and rest / stun effects with the 505.3b recovery.
mod common;
use common::*;
use fuda_engine::{DecisionKind, ObjId};

/// P1's turn 3: `attacker` with `energy` against P2's `defender`; at the skill decision.
fn battle(attacker: &str, energy: usize, defender: &str) -> (T, ObjId, ObjId) {
    let mut t = T::empty(3);
    let a = t.place(P1, attacker, "main", 0);
    t.energy(a, energy);
    let d = t.place(P2, defender, "main", 0);
    t.end_main();
    (t, a, d)
}

/// 704.3b, 704.3c: 「熱血拳」 50 + 30 = 80 before advantage, ×2 after: 160.
#[test]
fn damage_change_before_advantage_704_3b() {
    let (mut t, _, d) = battle("GT-151", 1, "GT-013"); // 炎 vs 草 (HP 400)
    t.act(P1, "熱血拳");
    assert_eq!(t.damage(d), 160);
    assert!(t.logged("704.3b-1", "ダメージ 50 → 80"));
    assert!(t.logged("704.3c-1", "→ 160"));
}

/// 704.3a-1, 916.4a: "(50)×" per energy: 3 energy → 150, dealt once (one damage event).
#[test]
fn damage_per_energy_is_one_application_916_4a() {
    let (mut t, _, d) = battle("GT-152", 3, "GT-123"); // 鉄壁: −30 once per damage event
    t.act(P1, "雷光連撃");
    assert_eq!(
        t.damage(d),
        120,
        "150 dealt as one application, reduced once"
    );
    assert_eq!(
        t.g.log
            .iter()
            .filter(|l| l.text.contains("「鉄壁」で置換"))
            .count(),
        1
    );
}

/// 704.3b-2, 704.3b-3: the opponent's damage changes come after the turn player's own; the turn
/// player orders each group.
#[test]
fn opponents_damage_changes_come_second_704_3b_2() {
    let (mut t, _, d) = battle("GT-151", 1, "GT-154"); // 熱血拳 +30; 鋼の守り −20 (P2's)
    t.act(P1, "熱血拳");
    assert_eq!(t.damage(d), 60, "50 + 30 − 20");
    let lines = t.lines();
    let own = lines
        .iter()
        .position(|l| l.starts_with("[704.3b-1]"))
        .expect("own");
    let theirs = lines
        .iter()
        .position(|l| l.starts_with("[704.3b-2]"))
        .expect("theirs");
    assert!(own < theirs);
}

/// 704.4, 704.5: after the main unit's damage, the skill's damage to other units (no
/// advantage), then its other effects (stun).
#[test]
fn other_units_damage_then_other_effects_704_4_704_5() {
    let (mut t, _, d) = battle("GT-153", 2, "GT-012"); // 雷 vs 草: no advantage
    let s = t.place(P2, "GT-011", "standby", 0);
    t.act(P1, "雷嵐");
    assert_eq!(t.damage(d), 60);
    assert_eq!(t.damage(s), 20);
    assert_eq!(t.orientation(d), "stun");
    let lines = t.lines();
    let at = |c: &str| lines.iter().position(|l| l.starts_with(c)).expect(c);
    assert!(at("[704.3d]") < at("[704.4]") && at("[704.4]") < at("[908.1]"));
}

/// 920.1b, 920.1b-1, 703.3b: 「封印」 makes the opponent's skill fail if they lose a janken played
/// during the success check; a failed skill skips the damage step ("used a skill" never occurs).
#[test]
fn a_skill_fails_by_janken_920() {
    for p2_wins in [true, false] {
        let mut t = T::empty(3);
        let a = t.place(P1, "GT-001", "main", 0);
        t.energy(a, 1);
        let d = t.place(P2, "GT-007", "main", 0);
        // 封印の護符 set on P2's main unit (a deck card re-pointed to it, then attached as a set).
        t.with(|g| {
            let deck = g
                .defs
                .game
                .zone_id(g.defs.game.zone_index("deck").expect("deck"), P2, 0);
            let c = g.zone_cards(deck)[0];
            g.st.objects[c as usize].def = *g.defs.cards.by_id.get("GT-147").expect("card") as u16;
            let id = g.obj_id(c);
            g.attach(id, d, 1).map_err(|_| ()).expect("set");
        });
        t.end_main();
        t.act(P1, "火炎斬");
        assert_eq!(t.kind(), DecisionKind::Janken, "920.1b-1: janken now");
        if p2_wins {
            t.janken("グー", "パー"); // P2 (the talisman's controller) wins: the skill fails
            assert!(t.logged("920.1b", "失敗"));
            assert_eq!(t.damage(d), 0);
            assert!(
                !t.logged("704.1", "スキルを使った"),
                "no damage step (703.3b)"
            );
        } else {
            t.janken("パー", "グー");
            assert_eq!(t.damage(d), 100);
        }
    }
}

/// 606, 803.1: an activated EX skill, once per turn; 802.2a: not while its unit is stunned.
#[test]
fn activated_ex_skill_once_per_turn_and_not_when_stunned_606() {
    let mut t = T::empty(3);
    let monk = t.place(P1, "GT-155", "main", 0);
    t.place(P2, "GT-007", "main", 0);
    t.with(|g| g.st.objects[monk.card as usize].counters[0] = 50);
    t.act(P1, "癒しの僧侶の「癒しの祈り」");
    assert!(
        t.logged("806.2b", "成功"),
        "from a skill: one success check (813.3)"
    );
    assert_eq!(t.damage(monk), 20);
    assert!(!t.has_option("「癒しの祈り」"), "1ターンに1回 (803.1)");
    let mut t = T::empty(3);
    let monk = t.place(P1, "GT-155", "main", 0);
    t.place(P2, "GT-007", "main", 0);
    t.with(|g| g.st.objects[monk.card as usize].orientation = 2);
    assert!(
        !t.has_option("「癒しの祈り」"),
        "802.2a: a stunned unit's EX skills are invalid"
    );
}

/// 908, 505.3b: 「足払い」 rests the opponent's main unit; it cannot use a skill (703.1) and at
/// the end of its owner's turn... the recovery janken happens at each end phase.
#[test]
fn rest_effect_and_end_phase_recovery_908_505_3b() {
    let mut t = T::empty(3);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-144", "hand", 0);
    let d = t.place(P2, "GT-007", "main", 0);
    t.act(P1, "足払い (戦術)");
    assert_eq!(t.orientation(d), "rest");
    assert!(t.logged("908.1", "レスト"));
    t.end_main();
    t.act(P1, "使用しない");
    assert_eq!(
        t.kind(),
        DecisionKind::Janken,
        "505.3b at the end of P1's turn, for P2's main unit"
    );
    t.janken("グー", "パー"); // P2 wins its recovery janken
    assert_eq!(t.orientation(d), "normal");
}
