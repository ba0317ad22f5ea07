//! `fuda mutate` on the small test game `tests/games/pool`: mutants are played on copies (the
//! game's files are untouched), the report adds up, a run is deterministic and resumes from
//! its results file.
use serde_json::Value;
use std::process::Command;

/// The sample both tests play: 12 mutants of the pool game's rules.lua, seed 2.
const SAMPLE: [&str; 6] = ["--only", "rules.lua", "--max", "12", "--seed", "2"];

fn mutate(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args([
            "mutate",
            "--game",
            "tests/games/pool",
            "--json",
            "--jobs",
            "2",
        ])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("fuda mutate runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let v = serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out.status.code().unwrap_or(-1), v)
}

#[test]
fn mutants_are_played_reported_and_resumed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/pool");
    let before = std::fs::read_to_string(dir.join("rules.lua")).unwrap();
    let out = std::env::temp_dir().join(format!("fuda-mutate-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let mut args = SAMPLE.to_vec();
    args.extend(["--out", out.to_str().unwrap()]);
    let (code, first) = mutate(&args);
    assert_eq!(
        std::fs::read_to_string(dir.join("rules.lua")).unwrap(),
        before,
        "files untouched"
    );
    let n = |k: &str| first[k].as_u64().unwrap();
    assert_eq!(n("played"), 12);
    assert_eq!(n("killed") + n("rejected") + n("survived"), 12);
    assert!(n("killed") > 0, "some change is noticed: {first}");
    assert_eq!(
        code,
        if n("survived") > 0 { 1 } else { 0 },
        "exit 1 while any survives"
    );
    for s in first["survivors"].as_array().unwrap() {
        assert_eq!(s["file"], "rules.lua");
        assert!(s["line"].as_u64().unwrap() > 0 && !s["kind"].as_str().unwrap().is_empty());
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 12);
    // Resumed from the file: nothing is played again, and the report is the same.
    let (_, again) = mutate(&args);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap().lines().count(),
        12,
        "no mutant played twice"
    );
    assert_eq!(first, again);
    let _ = std::fs::remove_file(&out);
}

/// A scenario with `snapshot: true` notices a change of its log, as `fuda test` does: with
/// only an expectation that always holds, its snapshot kills mutants its steps alone do not.
#[test]
fn a_snapshot_notices_what_the_log_shows() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("fuda-mutate-snap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    fuda::files::copy_dir(&root.join("tests/games/pool"), &tmp).expect("copies the game");
    let scen = tmp.join("scenarios/a-cancel-removes-what-it-chose.yaml");
    let text = std::fs::read_to_string(&scen).expect("reads");
    let head = text
        .split("\nexpect:")
        .next()
        .unwrap_or_default()
        .to_string();
    let weak =
        format!("{head}\nholds_from_start: \"only the log is checked\"\nexpect:\n  - turn >= 1\n");
    let run = |snapshot: bool| {
        let body = if snapshot {
            format!("{weak}snapshot: true\n")
        } else {
            weak.clone()
        };
        std::fs::write(&scen, body).expect("writes");
        let fuda = |args: &[&str]| {
            Command::new(env!("CARGO_BIN_EXE_fuda"))
                .args(args)
                .current_dir(&tmp)
                .output()
                .expect("fuda runs")
        };
        if snapshot {
            let t = fuda(&["test", "--accept", scen.to_str().unwrap()]);
            assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stdout));
        }
        let mut args = vec!["mutate", "--game", ".", "--json", "--jobs", "2"];
        args.extend(SAMPLE);
        args.push(scen.to_str().unwrap());
        let out = fuda(&args);
        let text = String::from_utf8_lossy(&out.stdout);
        let v: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"));
        v["killed"].as_u64().unwrap_or(0)
    };
    // Without the snapshot only mutants that make a step impossible are noticed.
    let (without, with) = (run(false), run(true));
    assert!(
        with > without,
        "the snapshot notices a changed log: {with} vs {without}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
