//! 炎炎ノ消防隊 TCG (cards/fire-force) in random play: games end by a rule of the game (1302,
//! or 1401.1c), no card errs, every clause the log cites is one of the game's, and a game saved in
//! the middle of an attack (702) resumes identically in another process. What each rule does
//! exactly is in the scenarios under cards/fire-force/scenarios/.
mod common;
use common::fuda;
use fuda::bundle::Bundle;
use fuda_engine::Outcome;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/fire-force")
}

const DECKS: [&str; 2] = ["8th-company", "evangelist"];

/// 1302.1, 1302.2, 103.3, 1401.1c: how a game may end; every clause cited exists in the
/// game's checklist (none of the 汎用TCG's); no card script errs.
#[test]
fn random_games_end_by_a_rule_and_cite_only_the_games_clauses() {
    let b = Bundle::load(&dir()).expect("the game loads");
    let clauses = std::fs::read_to_string(dir().join("clauses.tsv")).expect("clauses");
    let known: std::collections::BTreeSet<&str> = clauses
        .lines()
        .filter_map(|l| l.split('\t').next())
        .collect();
    for seed in 0..6 {
        let (_, _, g, o) = common::play_recorded(&b, DECKS, seed, |_| false);
        let clause = match &o {
            Outcome::Win { clause, .. } | Outcome::Draw { clause, .. } => clause.clone(),
        };
        assert!(
            ["1302.1", "1302.2", "103.3", "1401.1c"].contains(&clause.as_str()),
            "seed {seed}: {o:?}"
        );
        for l in &g.log {
            assert!(
                !l.text.contains("スクリプトエラー"),
                "seed {seed}: {}",
                l.text
            );
            if let Some(c) = &l.clause {
                assert!(known.contains(c.as_str()), "seed {seed}: [{c}] {}", l.text);
            }
        }
    }
}

/// A game saved at a decision inside the attack procedure (702.1x: defense, the 【反撃】 window,
/// support) resumes in another process and ends with the same log, byte for byte.
#[test]
fn a_save_mid_attack_resumes_identically_in_another_process() {
    let b = Bundle::load(&dir()).expect("the game loads");
    let in_attack = |g: &fuda_engine::Game| {
        g.log
            .iter()
            .rev()
            .find_map(|l| l.clause.as_deref())
            .is_some_and(|c| c.starts_with("702.1"))
    };
    let (full, mid, g, _) = common::play_recorded(&b, DECKS, 3, in_attack);
    let mid = mid.expect("some decision inside an attack");
    let log: String = g.log.iter().map(|l| format!("{l}\n")).collect();
    let mut rest = full.clone();
    rest.state = mid.state.clone();
    rest.state_at = Some(mid.steps.len());
    let path = std::env::temp_dir().join(format!("fuda-ff-{}.json", std::process::id()));
    rest.write(&path).expect("write");
    let game = dir().display().to_string();
    let p = path.display().to_string();
    assert_eq!(fuda(&["replay", "--resume", &p, "--game", &game]), log);
    assert_eq!(fuda(&["replay", &p, "--game", &game]), log);
    let _ = std::fs::remove_file(&path);
}
