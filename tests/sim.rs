//! `fuda sim` at scale: the same results whatever the number of jobs, shards that merge into
//! the whole run, JSON Lines results, the plot, and the search agents.
mod common;
use common::fuda;
use fuda::sim::stats::wilson;
use std::process::Command;

fn tmp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("fuda-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name).display().to_string()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).expect("results file")
}

#[test]
fn results_do_not_depend_on_the_number_of_jobs() {
    let (a, b) = (tmp("j1.jsonl"), tmp("j2.jsonl"));
    let s1 = fuda(&[
        "sim", "--games", "12", "--seed", "9", "-j", "1", "-q", "--out", &a,
    ]);
    let s2 = fuda(&[
        "sim", "--games", "12", "--seed", "9", "-j", "2", "-q", "--out", &b,
    ]);
    assert_eq!(s1, s2);
    assert_eq!(read(&a), read(&b));
    let text = read(&a);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 13, "a header and one line per game");
    assert!(lines[0].starts_with("{\"header\":"));
    assert!(
        lines[1].starts_with("{\"seed\":9,"),
        "in seed order: {}",
        lines[1]
    );
    assert!(
        s1.contains("95% CI") && s1.contains("first player won"),
        "{s1}"
    );
}

#[test]
fn shards_merge_into_the_whole_run() {
    let (all, p1, p2, merged) = (
        tmp("all.jsonl"),
        tmp("s1.jsonl"),
        tmp("s2.jsonl"),
        tmp("m.jsonl"),
    );
    let whole = fuda(&["sim", "--games", "10", "--seed", "4", "-q", "--out", &all]);
    fuda(&[
        "sim", "--games", "10", "--seed", "4", "-q", "--shard", "1/2", "--out", &p1,
    ]);
    fuda(&[
        "sim", "--games", "10", "--seed", "4", "-q", "--shard", "2/2", "--out", &p2,
    ]);
    assert_eq!(read(&p1).lines().count(), 6);
    let summary = fuda(&["sim", "merge", &p1, &p2, "--out", &merged]);
    assert_eq!(summary, whole);
    assert_eq!(read(&merged), read(&all));
    // A file merged twice would count games twice: refused.
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["sim", "merge", &p1, &p1])
        .output()
        .expect("run fuda");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already in an earlier file"));
}

#[test]
fn the_plot_is_an_svg_with_the_three_charts() {
    let svg = tmp("plot.svg");
    fuda(&["sim", "--games", "6", "-q", "--plot", &svg]);
    let text = read(&svg);
    assert!(text.starts_with("<svg"), "{}", &text[..text.len().min(80)]);
    for title in [
        "results (95% CI)",
        "game length (turns)",
        "cards: win rate when played",
    ] {
        assert!(text.contains(title), "missing {title}");
    }
}

#[test]
fn greedy_and_mcts_agents_play_games_to_the_end() {
    let s = fuda(&["sim", "--games", "1", "-q", "--agents", "greedy,mcts:4"]);
    assert!(
        s.contains("[greedy with") && s.contains("[mcts:4 with"),
        "{s}"
    );
    assert!(s.contains("script errors: 0"), "{s}");
    let bad = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["sim", "--agents", "genius"])
        .output()
        .expect("run fuda");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown agent \"genius\""));
}

#[test]
fn wilson_interval_matches_the_textbook_values() {
    let (lo, hi) = wilson(50, 100);
    assert!(
        (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
        "{lo} {hi}"
    );
    let (lo, hi) = wilson(0, 10);
    assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
}
