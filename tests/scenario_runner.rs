//! The scenario runner's own behaviour: a wrong expectation fails readably.
use std::process::Command;

fn fuda_test(path: &std::path::Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .arg("test")
        .arg(path)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fuda-scn-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let p = dir.join(format!("{name}.yaml"));
    std::fs::write(&p, text).expect("write");
    p
}

const BATTLE: &str = r#"
name: 有利はダメージを2倍にする
setup:
  turn: 3
  p1:
    main: { card: GT-001, energy: 1 }
  p2:
    main: GT-013
do:
  - p1: end
  - p1: skill 火炎斬
expect:
"#;

/// A deliberately wrong expectation: the failure shows the expression, both sides' actual
/// values, and the end of the log.
#[test]
fn a_wrong_expectation_shows_what_differed_and_the_log() {
    let p = write(
        "wrong",
        &format!("{BATTLE}  - p2.main.damage == 300\n  - log: \"[1003.2]\"\n  - winner: p1\n"),
    );
    let (code, out) = fuda_test(&p);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAIL ") && out.contains("有利はダメージを2倍にする"),
        "{out}"
    );
    assert!(
        out.contains("expected: p2.main.damage == 300\n      actual: p2.main.damage is 200"),
        "{out}"
    );
    assert!(
        out.contains("expected a log line containing: [1003.2]\n      actual: none"),
        "{out}"
    );
    assert!(
        out.contains("expected winner: p1\n      actual: none"),
        "{out}"
    );
    assert!(
        out.contains("log (last 25 of") && out.contains("[704.3c-1]"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("0 passed, 1 failed"), "{out}");
}

/// A decision that no option matches names the options there are.
#[test]
fn an_unknown_decision_lists_the_options() {
    let p = write("nomatch", "name: x\nsetup:\n  p1: { main: GT-001 }\n  p2: { main: GT-013 }\ndo:\n  - p1: charge 森の小人\n");
    let (code, out) = fuda_test(&p);
    assert_eq!(code, 1);
    assert!(
        out.contains("step 1 (p1: charge 森の小人): no option matches"),
        "{out}"
    );
    assert!(out.contains("メインフェイズを終了"), "{out}");
}

/// `picks:` pins a decision's bounds: the main phase's action takes exactly one option, so
/// `p1: 1` holds and `p1: 0-2` fails showing the bounds there are; a malformed one says how to write it.
#[test]
fn picks_checks_the_decisions_bounds() {
    let scenario = |picks: &str| {
        format!("name: x\nsetup:\n  p1: {{ main: GT-001 }}\n  p2: {{ main: GT-013 }}\nexpect:\n  - picks: \"{picks}\"\n")
    };
    let (code, out) = fuda_test(&write("picks1", &scenario("p1: 1")));
    assert_eq!(code, 0, "{out}");
    let (code, out) = fuda_test(&write("picks2", &scenario("p1: 0-2")));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("expected p1 to pick 0-2\n      actual: 1-1"),
        "{out}"
    );
    let (code, out) = fuda_test(&write("picks3", &scenario("p2: 1")));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("actual: no decision for that player"), "{out}");
    let (_, out) = fuda_test(&write("picks4", &scenario("p1: two")));
    assert!(out.contains("should read `p1: 2` or `p1: 0-2`"), "{out}");
}

/// Unknown keys and cards are errors that say where and what to fix.
#[test]
fn broken_scenarios_say_what_to_fix() {
    let p = write(
        "typo",
        "name: x\nsetup:\n  p1: { main: GT-001 }\nexpekt: []\n",
    );
    let (_, out) = fuda_test(&p);
    assert!(
        out.contains("typo.yaml:4:1: unknown field `expekt`"),
        "{out}"
    );
    let p = write(
        "card",
        "name: x\nsetup:\n  p1: { main: GT-01 }\n  p2: { main: GT-013 }\n",
    );
    let (_, out) = fuda_test(&p);
    assert!(out.contains("setup: p1: unknown card \"GT-01\""), "{out}");
}

/// docs/schemas/scenario.schema.json is the schema of the scenario types (`fuda schema`).
#[test]
fn the_committed_scenario_schema_is_current() {
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .arg("schema")
        .output()
        .expect("runs");
    let committed = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schemas/scenario.schema.json"),
    )
    .expect("file");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        committed,
        "run `cargo run -- schema > docs/schemas/scenario.schema.json`"
    );
}

/// Issue 10: `fuda test --accept` writes a new snapshot after showing it; the next run passes,
/// and a changed log fails again until accepted.
#[test]
fn accept_writes_a_new_snapshot_after_showing_it() {
    let path = write(
        "accept",
        &format!("{BATTLE}  - p2.main.damage == 200\nsnapshot: true\n"),
    );
    let snap = path.with_extension("snap");
    let _ = std::fs::remove_file(&snap);
    let (code, out) = fuda_test(&path);
    assert_eq!(code, 1, "no snapshot yet fails: {out}");
    assert!(out.contains("fuda test --accept"), "{out}");
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["test", "--accept"])
        .arg(&path)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("accepted") && text.contains("[704.3c-1]"),
        "the new log is shown: {text}"
    );
    assert!(snap.is_file() && !path.with_extension("snap.new").exists());
    assert_eq!(fuda_test(&path).0, 0, "the accepted snapshot matches");
    let _ = std::fs::remove_dir_all(path.parent().expect("dir"));
}

fn fuda_test_args(args: &[&str], path: &std::path::Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .arg("test")
        .args(args)
        .arg(path)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

/// Expectations that already hold before the first step show nothing about the steps: a
/// warning, an error under --strict, silenced only by saying why (`holds_from_start:`).
#[test]
fn expectations_that_hold_before_the_steps_are_flagged() {
    let weak = format!("{BATTLE}  - \"p2.main.hp == 400\"\n");
    let p = write("weak", &weak);
    let (code, out) = fuda_test(&p);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("warning: every expectation already holds before the first step"),
        "{out}"
    );
    let (code, out) = fuda_test_args(&["--strict"], &p);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL"), "{out}");
    // One expectation the steps make true is enough.
    let strong = format!("{weak}  - \"p2.main.damage == 200\"\n");
    let (code, out) = fuda_test_args(&["--strict"], &write("strong", &strong));
    assert_eq!(code, 0, "{out}");
    // Or the file says why nothing should change.
    let said = weak.replace(
        "do:",
        "holds_from_start: \"HP is printed; the attack must not change it\"\ndo:",
    );
    let (code, out) = fuda_test_args(&["--strict"], &write("said", &said));
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("warning"), "{out}");
}

/// `fuda test <game folder>` runs the game's scenarios/ only: its game.yaml, card files and
/// decks are not read as scenarios.
#[test]
fn a_game_folder_runs_its_scenarios_folder() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out) = fuda_test(&root.join("tests/games/riposte"));
    let (code2, out2) = fuda_test(&root.join("tests/games/riposte/scenarios"));
    assert_eq!((code, code2), (0, 0), "{out}\n{out2}");
    let last = |o: &str| o.lines().last().unwrap_or_default().to_string();
    assert_eq!(last(&out), last(&out2));
    assert!(last(&out).ends_with("passed, 0 failed"), "{out}");
    assert!(!out.contains("game.yaml"), "{out}");
}

/// A card script that fails cancels its action and the game goes on, so the expectations could
/// still hold over a broken card: the scenario fails unless a `log:` expectation names the error.
#[test]
fn a_script_error_fails_the_scenario_unless_expected() {
    let p = write(
        "broken-card",
        r#"
name: 壊れたカード
cards: [cards.yaml]
setup:
  turn: 3
  p1:
    main: GT-001
    hand: [TS-001]
  p2:
    main: GT-013
do:
  - p1: play 壊れた札
expect:
  - p1.discard.name == ["壊れた札"]
"#,
    );
    let cards = p.with_file_name("cards.yaml");
    std::fs::write(
        &cards,
        r#"cards:
  - id: TS-001
    name: 壊れた札
    name_en: Broken Card
    type: command
    subtype: tactic
    text: 何もしない (reads a card that is not there).
    abilities:
      - name: 壊れた札
        kind: command
        effect: |
          k.exists(nil)
"#,
    )
    .expect("write");
    let (code, out) = fuda_test(&p);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("a script failed while the scenario ran") && out.contains("k.exists"),
        "{out}"
    );
    let text = std::fs::read_to_string(&p).expect("read");
    std::fs::write(&p, format!("{text}  - log: \"k.exists: argument 1\"\n")).expect("write");
    let (code, out) = fuda_test(&p);
    assert_eq!(code, 0, "named in a `log:` expectation: {out}");
}
