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
        ("decks/short.yaml", 2, 1, "[402.2c]"),
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
