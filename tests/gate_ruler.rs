//! Gate Ruler's game actions (chapter 15) as kernel verbs, in random play
//! (tests/games/gate-ruler, deck `verbs`): games end by a rule with no card error, the verbs
//! added for chapter 15 all happen, and a game saved right after a turn ended in the middle of
//! an effect (15-24) resumes identically in another process. Each verb's exact outcome is a
//! scenario under tests/games/gate-ruler/scenarios/ (docs/rules/gate-ruler-verbs.md).
mod common;
use fuda::bundle::Bundle;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/gate-ruler")
}

/// The log lines (clause prefixes) each verb writes when it acts.
const VERBS: [(&str, &str); 8] = [
    ("15-23a", "control (k.set_controller / control: zone)"),
    (
        "15-24a",
        "end the turn at once (k.end_turn{now = true}, k.stop)",
    ),
    ("15-24c", "clear the gate (k.clear_chain)"),
    ("15-14b", "put on top (k.put_on_top)"),
    ("15-11a", "swap (k.move_all)"),
    ("15-3a-1", "absent zone (k.set_zone_exists)"),
    ("15-2b", "original value (base effects)"),
    ("15-16a-1", "an attempt undone (k.try)"),
];

#[test]
fn random_games_with_the_verbs_end_by_a_rule_and_every_verb_acts() {
    let b = Bundle::load(&dir()).expect("the game loads");
    let mut seen = [false; VERBS.len()];
    for seed in 0..40 {
        let (_, _, g, o) = common::play_recorded(&b, ["verbs", "verbs"], seed, |_| false);
        let clause = match &o {
            fuda_engine::Outcome::Win { clause, .. }
            | fuda_engine::Outcome::Draw { clause, .. } => clause.clone(),
        };
        assert!(
            ["12-2", "13-7"].contains(&clause.as_str()),
            "seed {seed}: {o:?}"
        );
        for l in &g.log {
            assert!(
                !l.text.contains("スクリプトエラー"),
                "seed {seed}: {}",
                l.text
            );
            for (i, (c, _)) in VERBS.iter().enumerate() {
                if l.clause.as_deref() == Some(c) {
                    seen[i] = true;
                }
            }
        }
    }
    for (i, (c, what)) in VERBS.iter().enumerate() {
        assert!(seen[i], "[{c}] {what} never happened in 40 games");
    }
}

/// 15-24: a game saved at the first decision after a turn ended in the middle of an effect
/// resumes in another process and ends with the same log, byte for byte.
#[test]
fn a_save_after_the_turn_ended_at_once_resumes_identically() {
    let ended = |g: &fuda_engine::Game| g.log.iter().any(|l| l.clause.as_deref() == Some("15-24a"));
    assert!(
        (0..40).any(|s| common::save_resumes_identically(&dir(), ["verbs", "verbs"], s, ended)),
        "some game ends a turn at once"
    );
}
