//! Sources (813.5 'KO'd by'), last-known information (812), prohibitions (104.4), and number
//! and order choices inside effects (104.5).
mod common;
use common::*;

/// 813.5a: the unit whose skill damage was followed by a KO in the next rule process KO'd it.
#[test]
fn kod_by_damage_in_the_next_rule_process_813_5a() {
    let mut t = T::empty(3);
    let hunter = t.place(P1, "GT-161", "main", 0);
    t.energy(hunter, 1);
    t.place(P2, "GT-010", "main", 0); // HP 100 (水): 草 has advantage → 180
    t.place(P2, "GT-011", "standby", 0);
    let hand = t.count(P1, "hand");
    t.end_main();
    t.act(P1, "狩りの矢");
    t.act(P2, "森の小人");
    assert!(t.logged("807.3", "「勝鬨」をプレイ"));
    assert_eq!(t.count(P1, "hand"), hand + 1);
}

/// 813.5a: damage earlier, KO later by another cause, is not 'KO'd by' the damage's source.
#[test]
fn earlier_damage_does_not_count_813_5a() {
    let mut t = T::empty(3);
    let hunter = t.place(P1, "GT-161", "main", 0);
    t.energy(hunter, 1);
    let d = t.place(P2, "GT-013", "main", 0); // HP 400: survives the arrow
    t.place(P2, "GT-011", "standby", 0);
    t.end_main();
    t.act(P1, "狩りの矢");
    assert!(!t.ko(d));
    // Later, the unit is KO'd by a rule process without new damage from the hunter.
    t.with(|g| g.st.objects[d.card as usize].counters[0] = 400);
    t.run();
    assert!(!t.logged("807.3", "「勝鬨」をプレイ"));
}

/// 813.5b, 909: 「処刑宣告」 KOs a damaged unit; the tactic is the source.
#[test]
fn a_ko_effect_kos_813_5b() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-162", "hand", 0);
    let d = t.place(P2, "GT-013", "main", 0);
    t.place(P2, "GT-011", "standby", 0);
    t.with(|g| g.st.objects[d.card as usize].counters[0] = 150);
    t.act(P1, "コマンドをプレイ: 処刑宣告");
    t.act(P1, "古樹の守り手");
    assert!(t.ko(d));
    assert!(t.logged("909.1", "効果によりKO"));
}

/// 104.4: 「不動」 — a prohibited action is not done (the tactic resolves, nothing happens).
#[test]
fn prohibited_actions_are_not_done_104_4() {
    let mut t = T::empty(1);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "GT-144", "hand", 0);
    let statue = t.place(P2, "GT-163", "main", 0);
    t.act(P1, "コマンドをプレイ: 足払い");
    assert_eq!(t.orientation(statue), "normal");
    assert!(t.logged("104.4", "「不動」により"));
}

/// 812.1: 「帰還の一撃」 returns a unit to hand, then uses its HP as it last was in the area,
/// including the +30 of 炎の剣 set on it (a continuous effect then applying).
#[test]
fn last_known_information_includes_effects_812_1() {
    let mut t = T::empty(3);
    t.place(P1, "GT-001", "main", 0);
    let s = t.place(P1, "GT-002", "standby", 0); // 火の粉の妖精 HP 120
    t.place(P1, "GT-164", "hand", 0);
    let d = t.place(P2, "GT-013", "main", 0);
    t.with(|g| {
        let deck = g
            .defs
            .game
            .zone_id(g.defs.game.zone_index("deck").expect("deck"), P1, 0);
        let c = g.zone_cards(deck)[0];
        g.st.objects[c as usize].def = *g.defs.cards.by_id.get("GT-146").expect("炎の剣") as u16;
        let id = g.obj_id(c);
        g.attach(id, s, 1).map_err(|_| ()).expect("set");
    });
    assert_eq!(t.g.field(s.card, "hp").as_int(), Some(150));
    t.act(P1, "コマンドをプレイ: 帰還の一撃");
    t.act(P1, "火の粉の妖精");
    assert_eq!(
        t.damage(d),
        150,
        "120 + 30 from the set, as last known (812.1)"
    );
    assert!(t.g.current(s).is_none(), "it is a new object in the hand");
    assert_eq!(
        t.g.last_known(s).map(|l| l.obj.zone),
        Some(
            t.g.defs
                .game
                .zone_id(t.g.defs.game.zone_index("standby").expect("z"), P1, 0)
        )
    );
}

/// 104.5, choices inside effects: a number (never below 0) and an order, answered mid-effect.
#[test]
fn number_and_order_choices_104_5() {
    let cards = r#"
cards:
  - id: T-2
    name: 占い師
    type: command
    subtype: tactic
    abilities:
      - name: 占い
        kind: command
        effect: |
          local n = k.choose_number(controller, -3, 2, { prompt = "何枚引く？", clause = "104.5" })
          rules.draw(controller, n, "占い")
          local hand = k.cards(controller, "hand")
          local order = k.choose_order(controller, hand, { prompt = "順番" })
          for _, c in ipairs(order) do k.move(c, controller, "deck", nil, "bottom") end
"#;
    let mut t = T::empty_with(1, cards);
    t.place(P1, "GT-001", "main", 0);
    t.place(P1, "T-2", "hand", 0);
    t.place(P2, "GT-011", "main", 0);
    t.act(P1, "コマンドをプレイ: 占い師");
    assert_eq!(
        t.options(),
        vec!["0", "1", "2"],
        "104.5: integers of 0 or more"
    );
    t.act(P1, "2");
    assert_eq!(t.count(P1, "hand"), 2);
    let first = t.options()[1].clone();
    t.act(P1, &first);
    assert_eq!(
        t.count(P1, "hand"),
        0,
        "both went to the deck's bottom in the chosen order"
    );
    let deck = t.zone(P1, "deck", 0);
    assert!(
        first.starts_with(&t.name_of(deck[1])),
        "{first} then the other: {:?}",
        deck.iter()
            .take(2)
            .map(|d| t.name_of(*d))
            .collect::<Vec<_>>()
    );
}

/// 104.3: being told to enter a state one is already in is not entering it: recovering a unit
/// that is already normal raises no 復帰した event. Also: math.random uses the game's RNG.
#[test]
fn same_state_is_not_a_new_state_104_3() {
    let cards = r#"
cards:
  - id: T-3
    name: 気付け薬
    type: command
    subtype: tactic
    abilities:
      - name: 気付け
        kind: command
        effect: |
          local m = rules.main_unit(controller)
          rules.recover(m)
          k.log(nil, "乱数 ", math.random(6), " ", math.random(10, 12))
  - id: T-4
    name: 復帰の見張り
    type: unit
    hp: 100
    attributes: [光]
    retreat_cost: 0
    skills: [{ name: 見張り, cost: 0, damage: 10 }]
    abilities:
      - name: 見張り
        kind: triggered
        when: 復帰した
        effect: |
          rules.draw(controller, 1, "見張り")
"#;
    for rested in [false, true] {
        let mut t = T::empty_with(1, cards);
        let m = t.place(P1, "T-4", "main", 0);
        t.place(P1, "T-3", "hand", 0);
        t.place(P2, "GT-011", "main", 0);
        if rested {
            t.with(|g| g.st.objects[m.card as usize].orientation = 1);
        }
        t.act(P1, "コマンドをプレイ: 気付け薬");
        assert_eq!(t.logged("907.1", "復帰"), rested);
        assert_eq!(
            t.logged("807.3", "「見張り」をプレイ"),
            rested,
            "rested = {rested}"
        );
        assert!(t.g.log.iter().any(|l| l.text.starts_with("乱数 ")));
    }
}

/// 905 (attaching): a card attached to another keeps the cards attached to it — they follow it
/// as the new object it became, into its new place — and no card is attached to itself through
/// another card (nothing would be left in a zone).
#[test]
fn an_attached_card_keeps_its_attachments_905() {
    let mut t = T::empty(3);
    let a = t.place(P1, "GT-001", "main", 0);
    t.energy(a, 1);
    let b = t.place(P1, "GT-002", "standby", 0);
    let energy = t.g.attachments(a, None)[0];
    let mut moved = None;
    t.with(|g| moved = g.attach(a, b, 1).map_err(|_| ()).expect("attach"));
    let a2 = moved.expect("attached");
    assert_eq!(
        t.g.attachments(a2, None),
        vec![energy],
        "the energy follows"
    );
    assert_eq!(
        t.g.st.objects[energy.card as usize].zone, t.g.st.objects[b.card as usize].zone,
        "into the place of the card it is now on"
    );
    t.with(|g| {
        let r = g.attach(a2, energy, 1).map_err(|_| ()).expect("attach");
        assert_eq!(r, None, "not onto its own attachment");
    });
    assert!(fuda_engine::game::check_state(&t.g.defs, &t.g.st).is_ok());
}
