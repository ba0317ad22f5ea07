//! Commands (604, 804): strategies once per turn, tactics, enhancements (not in a player's first
//! turn, targets per 804.2b-1, set on the unit), and where played cards go.
mod common;
use common::*;
use fuda_engine::DecisionKind;

fn board(turn: u32) -> T {
    let mut t = T::empty(turn);
    t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-007", "main", 0);
    t
}

/// 604.3, 803.2, 804.2c-1: a strategy resolves, goes to the discard pile, and only one per turn.
#[test]
fn strategy_once_per_turn_804_2c_1() {
    let mut t = board(1);
    t.place(P1, "GT-141", "hand", 0);
    t.place(P1, "GT-141", "hand", 0);
    t.run();
    let hand = t.count(P1, "hand");
    t.act(P1, "作戦会議 (戦略)");
    assert_eq!(t.count(P1, "hand"), hand - 1 + 2);
    assert_eq!(t.count(P1, "discard"), 1, "804.2c-1: to the discard pile");
    assert!(t.logged("804.2a", "作戦会議をプレイ"));
    assert!(
        !t.has_option("作戦会議 (戦略)"),
        "604.3: one strategy per turn"
    );
}

/// 604.1, 601.2: tactics are not limited; a tactic's choice happens inside its effect.
#[test]
fn tactics_resolve_with_choices_inside_the_effect() {
    let mut t = board(1);
    let main = t.zone(P1, "main", 0)[0];
    t.with(|g| g.st.objects[main.card as usize].counters[0] = 120);
    t.place(P1, "GT-143", "hand", 0);
    t.place(P1, "GT-142", "hand", 0);
    t.run();
    t.act(P1, "応急手当 (戦術)");
    assert_eq!(
        t.kind(),
        DecisionKind::Choose,
        "the target is chosen while the tactic resolves"
    );
    t.act(P1, "炎の剣士");
    assert_eq!(t.damage(main), 70);
    t.act(P1, "火炎瓶 (戦術)");
    let theirs = t.zone(P2, "main", 0)[0];
    assert_eq!(
        t.damage(theirs),
        30,
        "30 damage, and no advantage outside the battle (§12.17)"
    );
}

/// 604.4: no enhancement during a player's own first turn (turn 2 is P2's first turn too).
#[test]
fn no_enhancement_in_a_players_first_turn_604_4() {
    let mut t = board(1);
    t.place(P1, "GT-146", "hand", 0);
    t.run();
    assert!(!t.has_option("炎の剣 (強化)"), "P1's first turn");
    let mut t = board(3);
    t.place(P1, "GT-146", "hand", 0);
    t.run();
    assert!(
        t.has_option("炎の剣 (強化) → 炎の剣士"),
        "{:?}",
        t.options()
    );
}

/// 804.2b-1: the target has the information the enhancement asks for (炎), has been in the area
/// since the turn began, and has no card set on it this turn; 804.2c-2 sets it; its static HP+30
/// and its skill count as the unit's (801.1g-1).
#[test]
fn enhancement_targets_and_set_804_2b() {
    let mut t = board(3);
    t.place(P1, "GT-002", "standby", 0); // 炎, in the area since before the turn
    t.place(P1, "GT-016", "standby", 1); // 雷光のネズミ, 雷: not 炎
    t.place(P1, "GT-146", "hand", 0);
    t.place(P1, "GT-146", "hand", 0);
    t.place(P1, "GT-003", "hand", 0);
    t.run();
    t.act(P1, "ユニットを出す: 紅蓮の魔導士"); // 炎, but put out this turn
    let opts: Vec<String> = t
        .options()
        .into_iter()
        .filter(|o| o.contains("(強化)"))
        .collect();
    assert!(
        opts.iter().any(|o| o.ends_with("→ 炎の剣士"))
            && opts.iter().any(|o| o.ends_with("→ 火の粉の妖精")),
        "{opts:?}"
    );
    assert!(
        !opts
            .iter()
            .any(|o| o.ends_with("雷光のネズミ") || o.ends_with("紅蓮の魔導士")),
        "{opts:?}"
    );
    t.act(P1, "炎の剣 (強化) → 炎の剣士");
    let main = t.zone(P1, "main", 0)[0];
    assert_eq!(t.g.attachments(main, Some(1)).len(), 1, "set (905.3)");
    assert_eq!(
        t.g.field(main.card, "hp").as_int(),
        Some(330),
        "the set's static ability"
    );
    assert!(
        !t.options().iter().any(|o| o.contains("(強化) → 炎の剣士")),
        "one set per unit per turn: {:?}",
        t.options()
    );
    t.energy(main, 1);
    t.end_main();
    assert!(
        t.has_option("炎剣一閃"),
        "the set's skill is the unit's (703.2a-1): {:?}",
        t.options()
    );
}
