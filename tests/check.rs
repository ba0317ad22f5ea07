//! `fuda check`: a pack with many mistakes gets every one reported, located, with a hint.
use std::process::Command;

fn check(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .arg("check")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

#[test]
fn the_built_in_game_has_no_problems() {
    let (code, out) = check(&["cards/generic-tcg"]);
    assert_eq!((code, out.trim()), (0, "no problems found"));
}

/// Every kind of mistake in tests/fixtures/broken-pack is reported at its place.
#[test]
fn a_broken_pack_gets_every_mistake_located() {
    let (code, out) = check(&[
        "tests/fixtures/broken-pack",
        "--game",
        "cards/generic-tcg",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let diags: Vec<serde_json::Value> = serde_json::from_str(&out).expect("json");
    let found = |file: &str, line: u64, col: u64, text: &str| {
        diags.iter().any(|d| {
            d["file"].as_str().is_some_and(|f| f.ends_with(file))
                && d["line"] == line
                && d["column"] == col
                && d["message"].as_str().is_some_and(|m| m.contains(text))
        })
    };
    let expected = [
        ("cards.yaml", 5, 5, "unknown field \"hpp\""),
        ("cards.yaml", 12, 5, "expected an integer, found a string"),
        ("cards.yaml", 16, 9, "needs the field \"retreat_cost\""),
        ("cards.yaml", 24, 11, "unknown card type \"monster\""),
        ("cards.yaml", 25, 9, "duplicate card id \"BR-003\""),
        ("cards.yaml", 32, 14, "unknown subtype \"trap\""),
        ("cards.yaml", 33, 9, "which is in no layer"),
        ("cards.yaml", 44, 33, "amount: unknown name \"別名\""),
        ("cards.yaml", 53, 34, "expected an expression after \"==\""),
        ("cards.yaml", 67, 1, "Lua: 'end' expected"),
        ("cards.yaml", 71, 15, "needs `when: <event>`"),
        (
            "cards.yaml",
            82,
            18,
            "cannot use \"missing.lua\": no such file",
        ),
        ("typo.yaml", 9, 9, "unknown field `wehn`"),
        ("pack.yaml", 5, 13, "for the game \"generic-tcg-x\""),
        ("pack.yaml", 5, 38, "needs generic-tcg version >=9"),
        ("decks/unknown-card.yaml", 4, 3, "\"GT-0001\""),
        ("decks/short.yaml", 2, 1, "[402.2b]"),
        ("decks/short.yaml", 4, 3, "[402.2c]"),
    ];
    for (file, line, col, text) in expected {
        assert!(
            found(file, line, col, text),
            "{file}:{line}:{col} {text}\n{out}"
        );
    }
    assert_eq!(diags.len(), expected.len(), "no other problems: {out}");
    let hints: Vec<&str> = diags.iter().filter_map(|d| d["hint"].as_str()).collect();
    assert!(
        hints.contains(&"did you mean \"hp\"?")
            && hints.contains(&"did you mean \"when\"?")
            && hints.contains(&"did you mean \"GT-001\"?"),
        "{hints:?}"
    );
}

/// The terminal output (no colour when not a terminal): each problem with its source line,
/// the text underlined and the hint.
#[test]
fn the_check_report_reads_well() {
    let (code, out) = check(&["tests/fixtures/broken-pack", "--game", "cards/generic-tcg"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("broken_pack_report", out);
}

/// Issue 9 (class 7): what would fail only in a game is found by `check`, located: a bad or
/// misspelt card expression (`target:` too), a zone that does not exist, bytes that are not
/// UTF-8, a value of the wrong type for a field, a hook naming a missing Lua function.
#[test]
fn card_mistakes_that_would_fail_in_a_game_are_found() {
    let dir = std::env::temp_dir().join(format!("fuda-check-errors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    let cards = r#"cards:
  - id: EP-001
    name: 悪い強化
    type: command
    subtype: enhancement
    target: '"炎" in 属x'
  - id: EP-002
    name: 悪い条件
    type: unit
    hp: 100
    attributes: [炎]
    retreat_cost: 0
    skills:
      - { name: 打つ, cost: 0, damage: 10 }
    abilities:
      - name: 幽霊
        kind: static
        zones: [bogus]
        if: event.card == self and self.hpp > 0
        modify_damage: "@hooks.lua:missing"
      - name: 重い
        kind: static
        modify:
          - { field: hp, set: [1, 2] }
  - id: EP-003
    name: 壊れた式
    type: command
    subtype: enhancement
    target: '属性 =='
"#;
    std::fs::write(dir.join("cards.yaml"), cards).expect("write");
    std::fs::write(
        dir.join("hooks.lua"),
        "return { present = function() end }\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("bad.yaml"),
        b"cards:\n  - id: EP-9\n    name: \xff\xfe\n",
    )
    .expect("write");
    let path = dir.to_string_lossy().to_string();
    let (code, out) = check(&[&path, "--game", "cards/generic-tcg", "--format", "json"]);
    assert_eq!(code, 1);
    let diags: Vec<serde_json::Value> = serde_json::from_str(&out).expect("json");
    let found = |file: &str, line: u64, col: u64, text: &str| {
        diags.iter().any(|d| {
            d["file"].as_str().is_some_and(|f| f.ends_with(file))
                && d["line"] == line
                && d["column"] == col
                && d["message"].as_str().is_some_and(|m| m.contains(text))
        })
    };
    let expected = [
        ("cards.yaml", 6, 21, "target: unknown name \"属x\""),
        ("cards.yaml", 18, 17, "lists the zone \"bogus\""),
        ("cards.yaml", 19, 41, "if: unknown name \"hpp\""),
        ("cards.yaml", 20, 25, "has no function \"missing\""),
        (
            "cards.yaml",
            24,
            15,
            "set \"hp\": needs an integer, not list",
        ),
        ("cards.yaml", 29, 19, "target: expected an expression"),
        ("bad.yaml", 3, 11, "invalid UTF-8 (byte 0xff)"),
    ];
    for (file, line, col, text) in expected {
        assert!(
            found(file, line, col, text),
            "{file}:{line}:{col} {text}\n{out}"
        );
    }
    assert_eq!(diags.len(), expected.len(), "no other problems: {out}");
    let hints: Vec<&str> = diags.iter().filter_map(|d| d["hint"].as_str()).collect();
    assert!(
        hints
            .iter()
            .any(|h| h.starts_with("did you mean \"属性\"?"))
            && hints.iter().any(|h| h.starts_with("did you mean \"hp\"?")),
        "{hints:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- Issue 10: each silent failure of ../shared/notes/designer-trial.md is now found. ----

/// A pack in a fresh folder (`files`: path → text; a pack.yaml is added), checked against the
/// 汎用TCG: the exit code and the problems (file, line, column, message, hint).
fn check_pack(
    name: &str,
    files: &[(&str, &str)],
) -> (i32, Vec<(String, u64, u64, String, String)>) {
    let dir = std::env::temp_dir().join(format!("fuda-trial-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("decks")).expect("mkdir");
    let manifest = "id: trial\nname: 試し\nversion: 0.1.0\ngame: { id: generic-tcg, version: \">=1.2, <2\" }\n";
    std::fs::write(dir.join("pack.yaml"), manifest).expect("write");
    for (f, text) in files {
        std::fs::write(dir.join(f), text).expect("write");
    }
    let path = dir.to_string_lossy().to_string();
    let (code, out) = check(&[&path, "--game", "cards/generic-tcg", "--format", "json"]);
    let diags: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    let diags = diags
        .iter()
        .map(|d| {
            let file = d["file"].as_str().unwrap_or("");
            let rel = file.rsplit_once(&format!("{name}-{}/", std::process::id()));
            (
                rel.map_or(file, |(_, r)| r).to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
                d["message"].as_str().unwrap_or("").to_string(),
                d["hint"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    (code, diags)
}

/// A unit card TR-001 of the 汎用TCG with `abilities` (YAML list items, 6 spaces in); its
/// first ability starts on line 11.
fn unit_with(abilities: &str) -> String {
    format!(
        "cards:\n  - id: TR-001\n    name: 見張り\n    type: unit\n    hp: 100\n    attributes: [炎]\n    retreat_cost: 0\n    skills:\n      - {{ name: 打つ, cost: 0, damage: 10 }}\n    abilities:\n{abilities}"
    )
}

/// `fuda check` exits 1 with exactly one problem: at `file:line:col`, saying `text`, hinting `hint`.
fn assert_one(name: &str, files: &[(&str, &str)], at: (&str, u64, u64), text: &str, hint: &str) {
    let (code, diags) = check_pack(name, files);
    assert_eq!(code, 1, "{diags:?}");
    assert_eq!(diags.len(), 1, "{diags:?}");
    let (file, line, col, message, h) = &diags[0];
    assert_eq!((file.as_str(), *line, *col), at, "{message}");
    assert!(message.contains(text), "{message}");
    assert!(h.contains(hint), "{h}");
}

/// 807.2: a misspelt event in `when:` never fired; now it names the declared event it meant.
#[test]
fn a_misspelt_event_is_found() {
    let card = unit_with("      - name: 誤字\n        kind: triggered\n        when: ユニットを出す\n        effect: |\n          rules.draw(controller, 1)\n");
    assert_one(
        "event",
        &[("cards.yaml", &card)],
        ("cards.yaml", 13, 15),
        "declares no event \"ユニットを出す\"",
        "did you mean \"ユニットを出した\"?",
    );
}

/// `event.x` must be data the event carries (ユニットを出した: card, player).
#[test]
fn event_data_the_event_does_not_carry_is_found() {
    let card = unit_with("      - name: 鍵\n        kind: triggered\n        when: ユニットを出した\n        if: event.crad == self\n        effect: |\n          rules.draw(controller, 1)\n");
    assert_one(
        "eventkey",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 19),
        "has no data \"crad\"",
        "did you mean \"card\"?",
    );
}

/// An unknown name in `if:` (`this`) was silently false.
#[test]
fn an_unknown_name_in_a_condition_is_found() {
    let card = unit_with("      - name: 名前\n        kind: triggered\n        when: ユニットを出した\n        if: event.card == this\n        effect: |\n          rules.draw(controller, 1)\n");
    assert_one(
        "this",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 27),
        "unknown name \"this\"",
        "self",
    );
}

/// 704.3b: a `modify_damage` hook without `return` changed nothing.
#[test]
fn a_typed_hook_without_return_is_found() {
    let card = unit_with("      - name: 返さない\n        kind: static\n        modify_damage: |\n          local d = event.damage + 10\n");
    assert_one(
        "return",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 11),
        "never returns a value",
        "return <int>",
    );
}

/// A `cost:` hook was accepted and never run.
#[test]
fn a_hook_the_game_never_runs_is_found() {
    let card = unit_with("      - name: 費用\n        kind: activated\n        cost: |\n          return true\n        effect: |\n          rules.draw(controller, 1)\n");
    assert_one(
        "cost",
        &[("cards.yaml", &card)],
        ("cards.yaml", 13, 9),
        "never runs a `cost` hook",
        "modify_damage",
    );
}

/// A key given twice in a deck kept the last value.
#[test]
fn a_duplicate_key_in_a_deck_is_found() {
    let deck = "name: テスト\ncards:\n  GT-001: 2\n  GT-002: 4\n  GT-001: 4\n";
    assert_one(
        "dupkey",
        &[("decks/d.yaml", deck)],
        ("decks/d.yaml", 5, 3),
        "\"GT-001\" is given twice",
        "remove or rename",
    );
}

/// `count(my.grave)` in an activated ability's `if:` stopped the whole game.
#[test]
fn an_undeclared_zone_in_a_condition_is_found() {
    let card = unit_with("      - name: 墓\n        kind: activated\n        if: count(my.grave) > 0\n        effect: |\n          rules.draw(controller, 1)\n");
    assert_one(
        "grave",
        &[("cards.yaml", &card)],
        ("cards.yaml", 13, 22),
        "unknown name \"grave\"",
        "",
    );
}

/// A deck listing a card by name dumped every id.
#[test]
fn a_deck_listing_a_card_by_name_gets_its_id() {
    let deck = "name: テスト\ncards:\n  炎の剣士: 4\n";
    assert_one(
        "byname",
        &[("decks/d.yaml", deck)],
        ("decks/d.yaml", 3, 3),
        "lists \"炎の剣士\"",
        "\"炎の剣士\" is GT-001; write `GT-001: 4`",
    );
}

/// `effect: "hooks.lua:go"` without its `@` was a Lua error on a blank line.
#[test]
fn a_file_reference_without_at_is_found() {
    let card = unit_with("      - name: 無印\n        kind: triggered\n        when: ユニットを出した\n        effect: \"hooks.lua:go\"\n");
    let lib = "return { go = function() end }\n";
    assert_one(
        "noat",
        &[("cards.yaml", &card), ("hooks.lua", lib)],
        ("cards.yaml", 14, 18),
        "is not Lua",
        "write \"@hooks.lua:go\"",
    );
}

/// A script raising an event the game does not declare.
#[test]
fn an_undeclared_event_raised_in_lua_is_found() {
    let card = unit_with("      - name: 合図\n        kind: activated\n        effect: |\n          k.event(\"出した\", { card = self })\n");
    assert_one(
        "raise",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 19),
        "declares no event \"出した\"",
        "events",
    );
}

/// A `k.*` function that does not exist.
#[test]
fn an_unknown_kernel_function_is_found() {
    let card = unit_with("      - name: 関数\n        kind: activated\n        effect: |\n          k.draww(controller, 1)\n");
    assert_one(
        "kfn",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 13),
        "no function `k.draww`",
        "did you mean \"draw\"?",
    );
}

/// A zone id in Lua the game does not declare.
#[test]
fn an_undeclared_zone_in_lua_is_found() {
    let card = unit_with("      - name: 移す\n        kind: activated\n        effect: |\n          k.move(self, controller, \"grave\")\n");
    assert_one(
        "luazone",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 36),
        "declares no zone \"grave\"",
        "discard",
    );
}

/// Two declarations with the same name (a role and a field called `flame`) are a load error.
#[test]
fn a_name_declared_twice_is_found() {
    let file = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/cards/generic-tcg/game.yaml"
    ));
    let src = std::fs::read_to_string(file).expect("read");
    let text = src.replace(
        "  - { id: set, name: セット, name_en: set }",
        "  - { id: hp, name: セット, name_en: set }",
    );
    assert_ne!(text, src);
    let err = fuda_engine::def::load::parse_game(file, &text).expect_err("a collision");
    assert_eq!(err.0.len(), 1, "{err:?}");
    let e = &err.0[0];
    assert!(
        e.message
            .contains("\"hp\" is both the card field \"hp\" and an attachment role"),
        "{}",
        e.message
    );
    assert_eq!(
        e.location.line,
        text.lines()
            .position(|l| l.contains("id: hp, name: セット"))
            .expect("line") as usize
            + 1
    );
}

/// One bad key in one card's ability is reported where it is; the file's other cards still
/// load (no cascade of "no pack defines it" in decks), and a deck listing the broken card says so.
#[test]
fn one_broken_card_does_not_hide_the_others() {
    let card = |id: &str, when_key: &str| {
        format!("  - id: {id}\n    name: 札{id}\n    type: unit\n    hp: 100\n    attributes: [炎]\n    retreat_cost: 0\n    skills:\n      - {{ name: 打つ, cost: 0, damage: 10 }}\n    abilities:\n      - name: 引く\n        kind: triggered\n        {when_key}: ユニットを出した\n        effect: |\n          rules.draw(controller, 1)\n")
    };
    let cards = format!(
        "cards:\n{}{}{}",
        card("TR-1", "when"),
        card("TR-2", "wehn"),
        card("TR-3", "when")
    );
    let deck = "name: テスト\ncards:\n  TR-1: 4\n  TR-2: 4\n  TR-3: 4\n";
    let (code, diags) = check_pack("cascade", &[("cards.yaml", &cards), ("decks/d.yaml", deck)]);
    assert_eq!(code, 1);
    let found: Vec<(&str, u64, u64)> = diags.iter().map(|d| (d.0.as_str(), d.1, d.2)).collect();
    assert_eq!(
        found,
        [("cards.yaml", 27, 9), ("decks/d.yaml", 4, 3)],
        "{diags:?}"
    );
    assert!(
        diags[0].3.contains("unknown field `wehn`")
            && diags[0].4.contains("did you mean \"when\"?"),
        "{diags:?}"
    );
    assert!(
        diags[1]
            .3
            .contains("\"TR-2\", a card that has errors itself"),
        "{diags:?}"
    );
}

/// `if:` is about the game: a card's field written bare (`hp`, read as `self.hp` in
/// `applies_to:`) would fail in every game; check says how to write it.
#[test]
fn a_bare_field_in_a_condition_is_found() {
    let card = unit_with("      - name: 裸\n        kind: triggered\n        when: ユニットを出した\n        if: hp > 100\n        effect: |\n          rules.draw(controller, 1)\n");
    assert_one(
        "bare",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 13),
        "\"hp\" alone names no card here",
        "write `self.hp`",
    );
}

/// A function in a card's Lua file that no ability names (its name in the YAML misspelt, or
/// dead code) is a warning: shown, with the exit code 0.
#[test]
fn a_lua_function_no_ability_uses_is_a_warning() {
    let card = unit_with(
        "      - name: 号令\n        kind: activated\n        effect: \"@hooks.lua:go\"\n",
    );
    let lib = "local F = {}\nfunction F.go() F.helper() end\nfunction F.helper() end\nfunction F.goo() end\nreturn F\n";
    let (code, diags) = check_pack("unused", &[("cards.yaml", &card), ("hooks.lua", lib)]);
    assert_eq!(code, 0, "{diags:?}");
    assert_eq!(diags.len(), 1, "{diags:?}");
    let (file, line, col, message, hint) = &diags[0];
    assert_eq!(
        (file.as_str(), *line, *col),
        ("hooks.lua", 4, 12),
        "{message}"
    );
    assert!(message.contains("no ability uses `goo`"), "{message}");
    assert!(hint.contains("@hooks.lua:goo"), "{hint}");
}

/// Issue 11: a game may declare at most 32 object flags (one bit each); a 33rd is a load error,
/// not a crash when the flag is set.
#[test]
fn too_many_object_flags_are_refused() {
    let dir = std::env::temp_dir().join(format!("fuda-flags-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/race");
    for f in ["game.yaml", "rules.lua"] {
        std::fs::copy(src.join(f), dir.join(f)).expect("copy");
    }
    let flags: Vec<String> = (0..33)
        .map(|i| format!("{{ id: f{i}, name: f{i} }}"))
        .collect();
    let game = std::fs::read_to_string(dir.join("game.yaml")).expect("read")
        + &format!("object_flags: [{}]\n", flags.join(", "));
    std::fs::write(dir.join("game.yaml"), game).expect("write");
    let (code, out) = check(&[&dir.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("at most 32 object flags"), "{out}");
}

/// Issue 11: a duration the game does not declare, named in Lua (`k.expire`), is found.
#[test]
fn an_undeclared_duration_in_lua_is_found() {
    let card = unit_with("      - name: 期限\n        kind: activated\n        effect: |\n          k.expire(\"combat\")\n");
    assert_one(
        "duration",
        &[("cards.yaml", &card)],
        ("cards.yaml", 14, 20),
        "declares no duration \"combat\"",
        "durations",
    );
}

/// Issue 11: an ability kind that is neither the kernel's nor one the game names in
/// `ability_kinds:` is found, with the kinds there are.
#[test]
fn an_unknown_ability_kind_is_found() {
    let card = unit_with("      - name: 謎\n        kind: triggerd\n        when: ユニットを出した\n        effect: |\n          rules.draw(controller, 1)\n");
    assert_one(
        "kind",
        &[("cards.yaml", &card)],
        ("cards.yaml", 12, 9),
        "unknown kind \"triggerd\"",
        "did you mean \"triggered\"?",
    );
}
