//! The timing primitives on variants of tests/games/riposte: triggers that wait on the chain as
//! pending items (`triggers.onto_chain`).
use std::path::{Path, PathBuf};
use std::process::Command;

/// A copy of riposte in a fresh folder with `edit` applied to its game.yaml.
fn riposte_with(name: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/riposte");
    let dst = std::env::temp_dir().join(format!("fuda-timing-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dst);
    for sub in ["", "packs", "packs/basic", "decks", "scenarios"] {
        std::fs::create_dir_all(dst.join(sub)).expect("mkdir");
        for e in std::fs::read_dir(src.join(sub)).expect("read").flatten() {
            if e.path().is_file() {
                std::fs::copy(e.path(), dst.join(sub).join(e.file_name())).expect("copy");
            }
        }
    }
    let game = std::fs::read_to_string(dst.join("game.yaml")).expect("read");
    std::fs::write(dst.join("game.yaml"), edit(game)).expect("write");
    dst
}

/// With `triggers.onto_chain`, played triggers wait on the chain above the spell that caused
/// them and resolve last in, first out with it; one raised while the chain resolves goes on top
/// and resolves next. (`fuda test` runs from inside the game folder: its scenarios find the game
/// in the current folder.)
#[test]
fn triggers_can_wait_on_the_chain() {
    let dir = riposte_with("onto-chain", |g| {
        g.replace(
            "triggers: { source_left: skip, order: batches }",
            "triggers: { source_left: skip, order: batches, onto_chain: true }",
        )
    });
    let scenario = r#"
name: triggers on the chain
setup:
  turn: 1
  p1: { hand: [R-001], shield: [R-101, R-103], vars: { life: 10 } }
  p2: { shield: [R-102], vars: { life: 10 } }
do:
  - p1: cast 火花
  - expect:
      - chain_size == 3
  - p2: pass
  - p1: pass
expect:
  - order: ["[X4] 応酬2: P1の「見張り」 (trigger)", "[X4] 応酬3: P2の「物見」 (trigger)", "物見が見た", "見張りが合図を送る", "伝令が走る", "P2に1点"]
"#;
    let (ok, text) = run_scenario(&dir, "onto-chain", scenario);
    assert!(ok, "{text}");
}

/// Runs `scenario` with `fuda test --log` inside the game folder `dir` (its scenarios find the
/// game in the current folder), then removes the folder; whether it passed, and what it printed.
fn run_scenario(dir: &Path, name: &str, scenario: &str) -> (bool, String) {
    let file = format!("scenarios/{name}.yaml");
    std::fs::write(dir.join(&file), scenario).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["test", &file, "--log"])
        .current_dir(dir)
        .output()
        .expect("runs");
    let _ = std::fs::remove_dir_all(dir);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

/// 807.7 with `triggers.onto_chain` (Victory Spark 7.5.9.1): a condition trigger played onto the
/// chain counts as triggered while its item waits, so the rule checks before priority do not
/// trigger it again; it triggers once, and its effect (a draw) ends the condition. (The turn's
/// draw gives P1 a second spell; the hand is empty once both are cast.)
#[test]
fn a_condition_trigger_waiting_on_the_chain_is_not_triggered_again() {
    let dir = riposte_with("state-on-chain", |g| {
        g.replace(
            "triggers: { source_left: skip, order: batches }",
            "triggers: { source_left: skip, order: batches, onto_chain: true }",
        )
    });
    let pack = dir.join("packs/basic/spells.yaml");
    let mut cards = std::fs::read_to_string(&pack).expect("pack");
    cards.push_str(
        r#"  - id: R-301
    name: 空手の見張り
    name_en: Empty-Handed Lookout
    type: spell
    damage: 0
    text: 手札が0枚のとき、カードを1枚引く。
    abilities:
      - name: 空手の見張り
        kind: triggered
        when_state: count(my.hand) == 0
        effect: |
          k.log("X7.1", "空手の見張りが引く (the lookout draws)")
          k.draw(controller, 1)
"#,
    );
    std::fs::write(&pack, cards).expect("write");
    let scenario = r#"
name: a condition trigger on the chain
setup:
  turn: 1
  p1: { hand: [R-001], shield: [R-301], deck: [R-002, R-002], vars: { life: 10 } }
  p2: { vars: { life: 10 } }
do:
  - p1: cast 火花
  - p2: pass
  - p1: cast 雷撃
  - expect:
      - chain_size == 3
  - p2: pass
  - p1: pass
expect:
  - p1.hand.count == 1
"#;
    let (ok, text) = run_scenario(&dir, "state-on-chain", scenario);
    assert!(ok, "{text}");
    assert_eq!(text.matches("空手の見張りが引く").count(), 1, "{text}");
}
