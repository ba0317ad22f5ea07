//! Issue 9, class 7: a card's error is the card's. A wrong-typed result, a bad value for a
//! field, an illegal API or library call, an expression that fails: each cancels that card's
//! action with an error naming the card, ability, hook and the card's file:line — never the
//! rules files — and the game goes on (docs/abilities.md).
mod common;
use common::race::hostile_race;
use common::*;
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::Bundle;
use fuda::sim::play_out;
use fuda_engine::{ObjId, Status};

/// Extra cards: an attacker whose skill 打撃 (50) runs `hooks`, and a defender with `abilities`.
fn cards(hooks: &str, abilities: &str) -> String {
    let ind = |s: &str| s.replace('\n', "\n        ");
    format!(
        "cards:
  - id: X-001
    name: 悪い闘士
    type: unit
    hp: 100
    attributes: [雷]
    retreat_cost: 0
    skills:
      - {{ name: 打撃, cost: 0, damage: 50 }}
    abilities:
      - name: 打撃の技
        kind: skill
        skill: 打撃
        {}
  - id: X-002
    name: 悪い守り手
    type: unit
    hp: 400
    attributes: [草]
    retreat_cost: 0
    skills:
      - {{ name: 受け, cost: 0, damage: 10 }}
    abilities:
      - name: 受けの技
        kind: skill
        skill: 受け
        effect: |
          return nil
      {}
",
        ind(hooks),
        abilities.replace('\n', "\n      ")
    )
}

/// P1's turn 3: X-001 attacks X-002 with 打撃; returns the game, the defender and the log
/// length before the skill.
fn attack(hooks: &str, abilities: &str) -> (T, ObjId, usize) {
    let mut t = T::empty_with(3, &cards(hooks, abilities));
    t.place(P1, "X-001", "main", 0);
    let d = t.place(P2, "X-002", "main", 0);
    t.end_main();
    let from = t.g.log.len();
    let status = t.act(P1, "打撃");
    assert!(matches!(status, Status::Decide), "the game goes on");
    (t, d, from)
}

/// The card error logged since `from`: it names the card (id and name), the ability, the hook
/// and the card's file:line, and no rules file.
fn card_error(t: &T, from: usize, card: &str, ability: &str, hook: &str) -> String {
    let lines = t.log_from(from);
    let line = lines
        .iter()
        .find(|l| l.contains("スクリプトエラー") && l.contains(card))
        .unwrap_or_else(|| panic!("no error of {card}: {lines:#?}"))
        .clone();
    assert!(
        line.contains(&format!("「{ability}」 {hook}")) && line.contains("extra.yaml:"),
        "{line}"
    );
    assert!(
        !line.contains("rules/") && !line.contains(".lua"),
        "the rules are not blamed: {line}"
    );
    line
}

#[test]
fn modify_damage_returning_a_string_is_the_cards_error() {
    let (t, d, from) = attack("modify_damage: |\n  return \"lots\"", "");
    let l = card_error(&t, from, "card X-001 悪い闘士", "打撃の技", "modify_damage");
    assert!(
        l.contains("returns an integer") && l.contains("not string"),
        "{l}"
    );
    assert_eq!(t.damage(d), 50, "the change is cancelled, the damage dealt");
}

#[test]
fn a_skill_base_returning_a_table_is_the_cards_error() {
    let (t, d, from) = attack("base: |\n  return { 1, 2 }", "");
    let l = card_error(&t, from, "card X-001 悪い闘士", "打撃の技", "base");
    assert!(l.contains("not list"), "{l}");
    assert_eq!(t.damage(d), 0, "no base damage: 704.3a-2");
}

#[test]
fn the_opponents_damage_change_returning_a_string_is_the_cards_error() {
    let (t, d, from) = attack(
        "effect: |\n  return nil",
        "- name: 鉄の皮
  kind: static
  if: event.defender == self
  modify_damage: |
    return \"none\"",
    );
    card_error(&t, from, "card X-002 悪い守り手", "鉄の皮", "modify_damage");
    assert_eq!(t.damage(d), 50);
}

#[test]
fn a_fails_hook_returning_a_string_is_the_cards_error() {
    let (t, d, from) = attack(
        "effect: |\n  return nil",
        "- name: 封じ
  kind: static
  if: event.unit.controller != my
  fails: |
    return \"yes\"",
    );
    card_error(&t, from, "card X-002 悪い守り手", "封じ", "fails");
    assert_eq!(t.damage(d), 50, "the skill did not fail");
}

#[test]
fn a_replacement_changing_a_fields_type_is_the_cards_error() {
    for (body, needle) in [
        (
            "event.amount = \"big\"\n    return event",
            "`amount` is string",
        ),
        ("return 5", "not integer"),
    ] {
        let (t, d, from) = attack(
            "effect: |\n  return nil",
            &format!(
                "- name: 身代わり
  kind: static
  replaces: damage
  if: event.card == self
  replace: |
    {body}"
            ),
        );
        let l = card_error(&t, from, "card X-002 悪い守り手", "身代わり", "replace");
        assert!(l.contains(needle), "{l}");
        assert_eq!(t.damage(d), 50, "the replacement does not apply");
    }
}

#[test]
fn an_effect_setting_hp_to_a_list_is_refused_at_the_call() {
    let (t, _, from) = attack(
        "effect: |\n  k.add_effect{ source = self, targets = { self }, modify = { { field = \"hp\", set = { 1, 2 } } } }",
        "",
    );
    let l = card_error(&t, from, "card X-001 悪い闘士", "打撃の技", "effect");
    assert!(
        l.contains("\"hp\"") && l.contains("needs an integer"),
        "{l}"
    );
    assert!(t.g.st.effects.is_empty(), "no effect was made");
}

#[test]
fn a_bad_call_of_the_rules_library_is_placed_in_the_card() {
    let (t, d, from) = attack(
        "effect: |\n  local x = 1\n  rules.deal_damage(event.defender, \"abc\")",
        "",
    );
    let l = card_error(&t, from, "card X-001 悪い闘士", "打撃の技", "effect");
    // The attacker's card starts on line 2; its effect's second line is line 16.
    assert!(l.contains("extra.yaml:16:"), "{l}");
    assert_eq!(t.damage(d), 50);
}

#[test]
fn an_illegal_api_call_is_placed_in_the_card() {
    let (t, _, from) = attack("effect: |\n  k.move(self, 1, \"bogus\")", "");
    let l = card_error(&t, from, "card X-001 悪い闘士", "打撃の技", "effect");
    assert!(
        l.contains("unknown zone") && l.contains("extra.yaml:15:"),
        "{l}"
    );
}

#[test]
fn an_if_that_fails_at_run_time_is_the_cards_error() {
    let (t, d, from) = attack(
        "effect: |\n  return nil",
        "- name: 変な守り
  kind: static
  if: event.defender == self and event.amount > \"x\"
  modify_damage: |
    return 0",
    );
    let lines = t.log_from(from);
    let l = lines
        .iter()
        .find(|l| {
            l.contains("スクリプトエラー") && l.contains("card X-002 悪い守り手「変な守り」 if")
        })
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(l.contains("extra.yaml:") && !l.contains("rules/"), "{l}");
    assert_eq!(t.damage(d), 50, "the condition does not hold");
}

#[test]
fn an_enhancement_target_that_fails_at_run_time_is_the_cards_error() {
    let yaml = "cards:
  - id: X-003
    name: 悪い強化
    type: command
    subtype: enhancement
    target: 'hp > \"x\"'
";
    let mut t = T::empty_with(3, yaml);
    t.place(P1, "GT-001", "main", 0);
    t.place(P2, "GT-007", "main", 0);
    t.place(P1, "GT-002", "standby", 0);
    t.place(P1, "X-003", "hand", 0);
    assert!(matches!(t.run(), Status::Decide));
    assert!(!t.has_option_ro("悪い強化 (強化)"), "no target");
    // Found while the game lists the options: shown with the decision it is asked at.
    let errors: Vec<String> =
        t.g.visible_log()
            .filter(|l| l.text.contains("スクリプトエラー"))
            .map(|l| l.to_string())
            .collect();
    assert_eq!(errors.len(), 1, "logged once: {errors:#?}");
    let l = &errors[0];
    assert!(
        l.contains("card X-003 悪い強化 field target")
            && l.contains("extra.yaml:6:")
            && !l.contains("rules/"),
        "{l}"
    );
    assert!(matches!(t.end_main(), Status::Decide), "the game goes on");
}

/// The race game (no battle, no layers): an illegal call in a card's trigger, whole games.
#[test]
fn race_games_go_on_past_a_cards_illegal_call() {
    let dir = hostile_race(
        "errors",
        &[("bad_zone", "local a = 1\nk.move(self, 1, \"nowhere\")")],
        &[],
    );
    let b = Bundle::load(&dir).expect("loads");
    let d = b.deck("low").expect("deck");
    for seed in 0..3 {
        let mut g = b.new_game([&d, &d], seed);
        let mut agents: [Box<dyn Agent>; 2] = [
            Box::new(RandomAgent::new(seed)),
            Box::new(RandomAgent::new(seed + 5)),
        ];
        play_out(&mut g, &b.host, &mut agents).expect("the game goes on");
        assert!(g.outcome().is_some());
        for l in g.log.iter().filter(|l| l.text.contains("スクリプトエラー")) {
            assert!(
                l.text.contains("card H-0 悪意0「bad_zone」 effect")
                    && l.text.contains("numbers.yaml:")
                    && !l.text.contains("rules.lua"),
                "{}",
                l.text
            );
        }
    }
}

#[test]
fn a_trigger_condition_that_fails_is_the_cards_error() {
    let yaml = "cards:
  - id: X-004
    name: 悪い見張り
    type: unit
    hp: 100
    attributes: [草]
    retreat_cost: 0
    skills:
      - { name: 見る, cost: 0, damage: 10 }
    abilities:
      - name: 見張り
        kind: triggered
        when: ターン開始時
        if: turn > \"x\"
        effect: |
          rules.draw(controller, 1, \"x\")
";
    let mut t = T::empty_with(3, yaml);
    let u = t.place(P1, "X-004", "main", 0);
    let from = t.g.log.len();
    t.raise("ターン開始時", u);
    let lines = t.log_from(from);
    let l = lines
        .iter()
        .find(|l| l.contains("スクリプトエラー"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(
        l.contains("card X-004 悪い見張り「見張り」 if") && l.contains("extra.yaml:14:"),
        "{l}"
    );
    assert!(t.g.st.triggers.is_empty(), "it did not trigger");
}

#[test]
fn an_effect_with_a_misspelt_applies_to_is_refused_at_the_call() {
    let (t, _, from) = attack(
        "effect: |\n  k.add_effect{ source = self, applies_to = \"hpp > 0\", modify = { { field = \"hp\", add = 10 } } }",
        "",
    );
    let l = card_error(&t, from, "card X-001 悪い闘士", "打撃の技", "effect");
    assert!(
        l.contains("unknown name \"hpp\"") && l.contains("extra.yaml:15:"),
        "{l}"
    );
    assert!(t.g.st.effects.is_empty());
}

/// Issue 10, item 6: a wrong argument to a `k.*` function is said with the function, the
/// parameter and its signature, in the card's line (never "bad argument #3: error converting
/// Lua string to i64").
#[test]
fn a_wrong_argument_to_the_kernel_names_the_function_and_parameter() {
    let dir = hostile_race(
        "badarg",
        &[(
            "bad_arg",
            "local a = 1\nk.add_counter(self, \"dmg\", \"たくさん\")",
        )],
        &[],
    );
    let b = Bundle::load(&dir).expect("loads");
    let d = b.deck("low").expect("deck");
    let mut g = b.new_game([&d, &d], 1);
    let mut agents: [Box<dyn Agent>; 2] =
        [Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(6))];
    play_out(&mut g, &b.host, &mut agents).expect("the game goes on");
    let line = g
        .log
        .iter()
        .find(|l| l.text.contains("スクリプトエラー"))
        .expect("the card's error is logged");
    assert!(
        line.text.contains("card H-0 悪意0「bad_arg」 effect")
            && line.text.contains("numbers.yaml:")
            && line.text.contains(
                "k.add_counter: argument 3 (n) should be a whole number, not text; \
                 its signature: k.add_counter(c, name, n) → changed"
            ),
        "{}",
        line.text
    );
}
