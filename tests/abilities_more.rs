//! More semantics on starter cards: zone-move triggers seeing the card as it was (807.5),
//! triggered EX skills and the success check (813.3, 920.1), stun (908, 703.1, 802.2a),
//! partial execution and zero amounts (104.2), and a mid-effect save of a card's choice.
mod common;
use common::*;
use fuda_engine::{DecisionKind, Game, SavedGame};

/// 807.5a–b, 812: 「英霊の帰還」 sees itself as it was in the area: HP 180 + 30 from 炎の軍旗手's
/// static ability = 210 ≥ 200, so it draws; without the banner (180) it does not.
#[test]
fn zone_move_trigger_sees_the_card_as_it_was_807_5() {
    for banner in [true, false] {
        let mut t = T::empty(3);
        t.place(P1, if banner { "GT-111" } else { "GT-001" }, "main", 0);
        let spirit = t.place(P1, "GT-165", "standby", 0);
        t.place(P1, "GT-164", "hand", 0);
        t.place(P2, "GT-013", "main", 0);
        assert_eq!(
            t.g.field(spirit.card, "hp").as_int(),
            Some(if banner { 210 } else { 180 })
        );
        let hand = t.count(P1, "hand");
        t.act(P1, "コマンドをプレイ: 帰還の一撃");
        t.act(P1, "英霊の魂");
        assert_eq!(
            t.logged("807.3", "「英霊の帰還」をプレイ"),
            banner,
            "banner = {banner}"
        );
        let expected = hand - 1 + 1 + usize::from(banner); // tactic played, spirit back, maybe a draw
        assert_eq!(t.count(P1, "hand"), expected);
    }
}

/// 813.3, 920.1, 804.2c-31: a triggered EX skill gets the success check; 「封印」 makes it fail
/// when its controller wins the janken (920.2b: no effect).
#[test]
fn triggered_ex_skill_gets_the_success_check_920() {
    for p1_wins in [true, false] {
        let mut t = T::empty(2); // P2's turn; P1's turn 3 comes next
        t.with(|g| g.st.turn_player = P2);
        let maiden = t.place(P1, "GT-166", "main", 0);
        let d = t.place(P2, "GT-007", "main", 0);
        t.with(|g| {
            g.st.objects[maiden.card as usize].counters[0] = 100;
            let deck = g
                .defs
                .game
                .zone_id(g.defs.game.zone_index("deck").expect("deck"), P2, 0);
            let c = g.zone_cards(deck)[0];
            g.st.objects[c as usize].def =
                *g.defs.cards.by_id.get("GT-147").expect("封印の護符") as u16;
            let id = g.obj_id(c);
            g.attach(id, d, 1).map_err(|_| ()).expect("set");
        });
        t.end_main();
        t.act(P2, "使用しない"); // end of turn 2; turn 3 starts: 「雷精の加護」 triggers
        assert_eq!(t.kind(), DecisionKind::Janken, "920.1b-1");
        if p1_wins {
            t.janken("パー", "グー");
            assert_eq!(t.damage(maiden), 70);
        } else {
            t.janken("グー", "パー");
            assert!(t.logged("920.2b", "「雷精の加護」は失敗"));
            assert_eq!(t.damage(maiden), 100);
        }
    }
}

/// 908.1, 703.1, 802.2a: 「雷鳴の一撃」 stuns the opponent's main unit: it declares no skill, and
/// its EX skills are invalid while stunned.
#[test]
fn stun_stops_skills_and_ex_skills_908() {
    let mut t = T::empty(3);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-145", "hand", 0);
    let monk = t.place(P2, "GT-155", "main", 0);
    t.energy(monk, 1);
    t.act(P1, "コマンドをプレイ: 雷鳴の一撃");
    assert_eq!(t.orientation(monk), "stun");
    assert!(!t.g.ability_valid(monk.card, 0), "802.2a");
    t.end_main();
    t.act(P1, "使用しない");
    t.janken("グー", "グー");
    t.janken("グー", "チョキ"); // P1 wins: P2's unit stays stunned (505.3b)
    assert_eq!(t.orientation(monk), "stun");
    // P2's turn 4, its main phase: no EX skill while stunned (802.2a) …
    assert_eq!((t.g.st.turn, t.g.st.turn_player), (4, P2));
    assert!(t.has_option("メインフェイズを終了"), "{:?}", t.options());
    assert!(!t.has_option("「癒しの祈り」"), "no EX skill while stunned");
    // … and in its battle phase the stunned main unit declares no skill (703.1).
    t.end_main();
    assert!(t.logged("703.1", "スタン"), "{:?}", t.lines());
}

/// 807.1–807.3 with a duration: 「闘気」 gives HP+50 for the turn it triggers in (809.8a).
#[test]
fn turn_start_trigger_makes_a_this_turn_effect() {
    let mut t = T::empty(2);
    t.with(|g| g.st.turn_player = P2);
    let brawler = t.place(P1, "GT-117", "main", 0);
    t.place(P2, "GT-007", "main", 0);
    t.end_main();
    t.act(P2, "使用しない");
    assert_eq!(t.g.st.turn, 3);
    assert_eq!(t.g.field(brawler.card, "hp").as_int(), Some(250));
    t.end_main();
    t.act(P1, "使用しない"); // … the end phase of turn 3
    assert_eq!(
        t.g.field(brawler.card, "hp").as_int(),
        Some(200),
        "ended at 505.3a"
    );
}

/// 104.2: do as much as possible — drawing 2 from a 1-card deck draws 1 and fails the rest
/// (so the player loses at the next rule process, 1002.1); 0 damage is not dealt, so nothing
/// triggers on it.
#[test]
fn partial_execution_and_zero_amounts_104_2() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-141", "hand", 0);
    t.place(P2, "GT-011", "main", 0);
    t.deck_size(P1, 1);
    t.act(P1, "コマンドをプレイ: 作戦会議");
    assert!(t.logged("904.2", "1枚引く"));
    assert!(t.logged("1002.1", "P1は必要な枚数を引けなかった"));

    let mut t = T::empty(3);
    let a = t.place(P1, "GT-008", "main", 0); // 静かな祈り: 0 damage
    t.place(P2, "GT-106", "main", 0); // 「反撃」 on damage
    t.with(|g| g.st.turn_player = P1);
    let _ = a;
    t.end_main();
    t.act(P1, "静かな祈り");
    assert!(
        !t.logged("807.2", "反撃"),
        "0 damage is not dealt: no trigger"
    );
}

/// The state is Clone + serde while a card's effect waits for a choice: saved as JSON,
/// restored, and continued, it ends the same as the original.
#[test]
fn a_card_effect_waiting_for_a_choice_saves_and_resumes() {
    let mut t = T::empty(1);
    let main = t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-002", "standby", 0);
    t.place(P1, "GT-143", "hand", 0);
    t.place(P2, "GT-011", "main", 0);
    t.with(|g| g.st.objects[main.card as usize].counters[0] = 100);
    t.act(P1, "コマンドをプレイ: 応急手当");
    assert!(
        !t.g.journal.entries.is_empty(),
        "inside the tactic's effect"
    );
    let json = serde_json::to_string(&t.g.save()).expect("json");
    let saved: SavedGame = serde_json::from_str(&json).expect("parse");
    let mut copy = T {
        b: bundle(),
        g: Game::restore(t.b.defs.clone(), saved).expect("restore"),
    };
    for x in [&mut t, &mut copy] {
        x.act(P1, "炎の剣士");
        x.end_main();
    }
    assert_eq!(t.lines(), copy.lines());
    assert_eq!(t.damage(main), 50);
}
