//! Continuous effects (809) from static abilities and resolved abilities: layers, dependency,
//! timestamps, dynamic sets, durations, printed values, and their end on main → standby.
mod common;
use common::*;
use fuda_engine::effects::{Duration, Effect, Op, Scope};
use fuda_engine::{ObjId, Value};

fn hp(t: &T, c: ObjId) -> i64 {
    t.g.field(c.card, "hp").as_int().expect("hp")
}

fn attrs(t: &T, c: ObjId) -> Vec<String> {
    t.g.field(c.card, "attributes")
        .as_list()
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}

/// 805.1, 809.4, 809.6: 「炎の軍旗」 gives the controller's 炎 units in the area HP+30, also
/// units that arrive later; printed HP is unchanged; a unit that leaves loses it.
#[test]
fn static_ability_applies_to_all_matching_cards_809_4() {
    let mut t = T::empty(1);
    let banner = t.place(P1, "GT-111", "main", 0);
    t.place(P1, "GT-002", "hand", 0);
    let theirs = t.place(P2, "GT-012", "main", 0); // 草: not 炎
    t.run();
    assert_eq!(hp(&t, banner), 230, "its own 炎 unit too");
    assert_eq!(hp(&t, theirs), 210);
    t.act(P1, "ユニットを出す: 火の粉の妖精");
    let sprite = t.zone(P1, "standby", 0)[0];
    assert_eq!(hp(&t, sprite), 150, "809.4: arrives with the effect");
    assert_eq!(
        t.g.printed(sprite.card, "hp"),
        Value::Int(120),
        "809.6: printed HP"
    );
    t.with(|g| {
        let hand = g
            .defs
            .game
            .zone_id(g.defs.game.zone_index("hand").expect("hand"), P1, 0);
        let _ = g.move_card(banner, hand, fuda_engine::verbs::Position::Top);
    });
    assert_eq!(
        hp(&t, sprite),
        120,
        "the source left the area: the ability is no longer valid (802.2)"
    );
}

/// 809.3a: 「萌える炎」 (草 units gain 炎) applies before 「炎への水の加護」 (炎 units gain 水) whatever
/// their timestamps, because the second's scope depends on the first.
#[test]
fn dependency_orders_effects_before_timestamps_809_3a() {
    for water_first in [true, false] {
        let mut t = T::empty(1);
        let (a, b) = if water_first {
            ("GT-113", "GT-112")
        } else {
            ("GT-112", "GT-113")
        };
        t.place(P1, a, "standby", 0);
        t.place(P1, b, "standby", 1);
        let grass = t.place(P1, "GT-011", "main", 0); // 森の小人: 草
        t.place(P2, "GT-012", "main", 0);
        t.run();
        assert_eq!(
            attrs(&t, grass),
            vec!["草", "炎", "水"],
            "water_first = {water_first}"
        );
        assert_eq!(
            t.g.printed(grass.card, "attributes"),
            Value::List(vec![Value::Str("草".into())])
        );
    }
}

/// 809.3b, 809.3b-1: with no dependency, the earlier effect applies first. 「呪縛」 (HP becomes
/// 100) and 「鼓舞」 (HP+30): 130 if the knight came first, 100 if the banner-bearer did.
#[test]
fn timestamp_orders_independent_effects_809_3b() {
    for knight_first in [true, false] {
        let mut t = T::empty(1);
        let knight = if knight_first {
            let k = t.place(P1, "GT-114", "main", 0);
            t.place(P1, "GT-115", "standby", 0);
            k
        } else {
            t.place(P1, "GT-115", "standby", 0);
            t.place(P1, "GT-114", "main", 0)
        };
        t.place(P2, "GT-012", "main", 0);
        t.run();
        assert_eq!(
            hp(&t, knight),
            if knight_first { 130 } else { 100 },
            "knight_first = {knight_first}"
        );
    }
}

/// 918, 809.8a, 1003.1: 「衰弱の呪い」 lowers the opponent's main unit's HP by 100 this turn; at
/// HP ≤ 0 it is KO'd by the rule process; otherwise the HP comes back at 505.3a.
#[test]
fn hp_down_this_turn_kos_at_zero_and_expires_809_8a() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-116", "hand", 0);
    let frog = t.place(P2, "GT-010", "main", 0); // HP 100
    t.place(P2, "GT-011", "standby", 0);
    t.run();
    t.act(P1, "ユニットを出す: 衰弱の魔女");
    assert!(t.ko(frog), "HP 100 − 100 = 0: KO'd (1003.1)");
    assert!(t.logged("1003.1", "HP 0 ≤ 0"));

    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-116", "hand", 0);
    let knight = t.place(P2, "GT-007", "main", 0); // HP 280
    t.run();
    t.act(P1, "ユニットを出す: 衰弱の魔女");
    assert_eq!(hp(&t, knight), 180);
    t.end_main(); // 505.3a ends it
    assert_eq!(hp(&t, knight), 280);
    assert!(t.logged("505.3a", "持続効果1個が終了"));
}

/// 809.3b-3: an effect on "all 炎 units" made by a triggered ability also applies to units that
/// become 炎 units in the area later in the turn.
#[test]
fn dynamic_effect_picks_up_later_cards_809_3b_3() {
    let mut t = T::empty(1);
    let main = t.place(P1, "GT-001", "main", 0); // 炎 300
    t.place(P1, "GT-118", "hand", 0);
    t.place(P1, "GT-002", "hand", 0);
    t.place(P2, "GT-012", "main", 0);
    t.run();
    t.act(P1, "ユニットを出す: 烽火の伝令");
    assert_eq!(hp(&t, main), 320);
    t.act(P1, "ユニットを出す: 火の粉の妖精");
    let sprite = t.zone(P1, "standby", 1)[0];
    assert_eq!(
        hp(&t, sprite),
        140,
        "entered after the effect was made, and gets it"
    );
}

/// 302.3b: a non-static effect on the main unit ends when it moves to standby (retreat); a
/// static ability's effect keeps applying there.
#[test]
fn effects_end_when_the_main_unit_moves_to_standby_302_3b() {
    let mut t = T::empty(3);
    let brawler = t.place(P1, "GT-117", "main", 0); // 「闘気」 HP+50 this turn at P1's turn start
    t.energy(brawler, 1);
    t.place(P1, "GT-111", "standby", 0); // 炎の軍旗: 炎 units HP+30 (static)
    t.place(P2, "GT-012", "main", 0);
    t.run();
    // Turn 3 began before the board was set up; make the trigger's effect by hand as it would.
    t.with(|g| {
        g.add_effect(Effect {
            source: brawler,
            controller: P1,
            timestamp: 0,
            scope: Scope::Locked(vec![brawler]),
            changes: vec![("hp".into(), Op::Add(50))],
            duration: Duration::ThisTurn(3),
            while_cond: None,
            label: "「闘気」".into(),
            base: false,
        })
        .expect("created");
    });
    assert_eq!(hp(&t, brawler), 280, "200 + 50 + 30");
    t.act(P1, "闘気の拳士 ⇄ 炎の軍旗手");
    assert_eq!(
        hp(&t, brawler),
        230,
        "HP+50 ended (302.3b); the banner's +30 stays"
    );
    assert!(t.logged("302.3b", "持続効果が終了"));
}

/// 809.8: an effect for a specified later turn applies only during that turn.
#[test]
fn effect_for_a_specified_turn_809_8() {
    let mut t = T::empty(1);
    let main = t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-012", "main", 0);
    t.run();
    t.with(|g| {
        g.add_effect(Effect {
            source: main,
            controller: P1,
            timestamp: 0,
            scope: Scope::Locked(vec![main]),
            changes: vec![("hp".into(), Op::Add(100))],
            duration: Duration::Turn(2),
            while_cond: None,
            label: "次の相手のターン".into(),
            base: false,
        })
        .expect("created");
    });
    assert_eq!(hp(&t, main), 300, "not yet");
    t.end_main();
    assert_eq!(t.g.st.turn, 2);
    assert_eq!(hp(&t, main), 400, "during turn 2");
    t.end_main();
    t.act(P2, "使用しない");
    assert_eq!(hp(&t, main), 300, "over after turn 2");
}

/// 809.7: an "as long as (this card …)" effect is not created if the condition already fails at
/// resolution, and stops applying when it fails later.
#[test]
fn as_long_as_effects_809_7() {
    let mut t = T::empty(1);
    let main = t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-012", "main", 0);
    t.run();
    let effect = |cond: &str| Effect {
        source: main,
        controller: P1,
        timestamp: 0,
        scope: Scope::Locked(vec![main]),
        changes: vec![("hp".into(), Op::Add(100))],
        duration: Duration::Permanent,
        while_cond: Some(cond.into()),
        label: "「かぎり」".into(),
        base: false,
    };
    t.with(|g| {
        assert_eq!(
            g.add_effect(effect("self.orientation == \"rest\"")),
            Ok(false)
        )
    });
    assert!(t.logged("809.7", "発生しない"));
    t.with(|g| {
        assert_eq!(
            g.add_effect(effect("self.orientation == \"normal\"")),
            Ok(true)
        )
    });
    assert_eq!(hp(&t, main), 400);
    t.with(|g| g.st.objects[main.card as usize].orientation = 1);
    assert_eq!(
        hp(&t, main),
        300,
        "the condition failed: it no longer applies"
    );
}
