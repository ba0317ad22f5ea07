//! Skipping a rule check that can only find nothing again (engine/src/quiet.rs) changes no
//! game: in every hosted game, random games played with the skip and with every skip forgotten
//! at each decision write the same log, byte for byte, and end the same way.
mod common;
use fuda::bundle::Bundle;
use fuda_engine::{Game, Status};
use std::path::Path;

/// Plays `seed` between random agents; `forget` drops the kept quiet check at each decision.
/// Returns the log and how many decisions had a quiet check kept.
fn play(b: &Bundle, decks: [&str; 2], seed: u64, forget: bool) -> (String, usize) {
    use fuda::agent::{seat_seed, Agent, RandomAgent};
    let (x, y) = (
        b.deck(decks[0]).expect("deck"),
        b.deck(decks[1]).expect("deck"),
    );
    let mut g: Game = b.new_game([&x, &y], seed);
    let mut agents = [
        RandomAgent::new(seat_seed(seed, 0)),
        RandomAgent::new(seat_seed(seed, 1)),
    ];
    let mut kept = 0;
    for _ in 0..5_000 {
        if forget {
            g.forget_quiet_checks();
        }
        match g.advance(&b.host).expect("no engine error") {
            Status::Over(_) => break,
            Status::Decide => {
                kept += usize::from(g.has_quiet_check());
                for p in g.waiting_for() {
                    let picks = agents[p as usize].pick(&g, p);
                    g.submit(p, picks).expect("legal answer");
                }
            }
        }
    }
    assert!(g.outcome().is_some(), "the game ends");
    (g.log.iter().map(|l| format!("{l}\n")).collect(), kept)
}

fn same_games(game: &str, decks: [&str; 2], seeds: std::ops::Range<u64>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cards")
        .join(game);
    let b = Bundle::load(&dir).expect("the game loads");
    let mut kept = 0;
    for seed in seeds {
        let (with_skips, k) = play(&b, decks, seed, false);
        let (without, _) = play(&b, decks, seed, true);
        assert_eq!(with_skips, without, "{game} seed {seed}");
        kept += k;
    }
    assert!(kept > 0, "{game}: some rule check was quiet");
}

#[test]
fn skipped_quiet_checks_change_no_generic_tcg_game() {
    same_games("generic-tcg", ["flame-thunder", "water-grass"], 0..6);
}

#[test]
fn skipped_quiet_checks_change_no_fire_force_game() {
    same_games("fire-force", ["8th-company", "evangelist"], 0..4);
}

#[test]
fn skipped_quiet_checks_change_no_touhou_vision_game() {
    same_games("touhou-vision", ["hakurei", "scarlet"], 0..3);
}

#[test]
fn skipped_quiet_checks_change_no_victory_spark_game() {
    same_games("victory-spark", ["robots", "starfall"], 0..3);
}

/// A rule process that reads the phase is not skipped when only the phase changed: the race
/// game with an end phase whose process "in the end phase, a player with a point wins" reads
/// `k.phase()`. The play phase's last check finds nothing; the end phase's check sees the same
/// state in another phase and must run.
#[test]
fn a_check_that_read_the_phase_runs_in_the_next_phase() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/race");
    let dir = std::env::temp_dir().join(format!("fuda-quiet-phase-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["decks", "packs"] {
        std::fs::create_dir_all(dir.join(sub)).expect("dir");
        for f in std::fs::read_dir(src.join(sub)).expect("read") {
            let f = f.expect("entry").path();
            let to = dir.join(sub).join(f.file_name().expect("name"));
            std::fs::copy(&f, to).expect("copy");
        }
    }
    let game = std::fs::read_to_string(src.join("game.yaml"))
        .expect("game.yaml")
        .replace(
            "        - { rule_check: \"R5\" }\nactions:",
            "        - { rule_check: \"R5\" }\n    - id: end\n      name: 終了\n      name_en: end\n      clause: \"R2\"\n      run:\n        - { rule_check: \"R5\" }\nactions:",
        )
        .replace(
            "  - { id: ten, name: 十点, name_en: ten points, clause: \"R5.2\", hook: rp_ten }",
            "  - { id: ten, name: 十点, name_en: ten points, clause: \"R5.2\", hook: rp_ten }\n  - { id: late, name: 終盤, name_en: late, clause: \"R5.3\", hook: rp_late }",
        );
    assert!(
        game.contains("id: end") && game.contains("rp_late"),
        "{game}"
    );
    std::fs::write(dir.join("game.yaml"), game).expect("write");
    let rules = std::fs::read_to_string(src.join("rules.lua"))
        .expect("rules.lua")
        .replace(
            "return M",
            "function M.rp_late()\n  if k.phase() ~= \"end\" then return false end\n  for p = 1, 2 do\n    if k.pvar(p, \"score\") >= 1 then\n      k.lose(k.opponent(p), \"R5.3\", \"late\")\n      return true\n    end\n  end\n  return false\nend\n\nreturn M",
        );
    std::fs::write(dir.join("rules.lua"), rules).expect("write");
    let b = Bundle::load(&dir).expect("the changed race game loads");
    let (x, y) = (b.deck("high").expect("deck"), b.deck("low").expect("deck"));
    let mut g: Game = b.new_game([&x, &y], 1);
    let outcome = loop {
        match g.advance(&b.host).expect("no engine error") {
            Status::Over(o) => break o,
            Status::Decide => {
                let p = g.waiting_for()[0];
                let d = g.decision().expect("a decision");
                // Play a card (never pass), so a player has a point by the first end phase.
                let pick = d
                    .options
                    .iter()
                    .position(|o| o.label != "パス")
                    .unwrap_or(0);
                g.submit(p, vec![pick as u16]).expect("legal");
            }
        }
    };
    let _ = std::fs::remove_dir_all(&dir);
    assert!(format!("{outcome:?}").contains("R5.3"), "{outcome:?}");
    assert_eq!(g.st.turn, 1, "decided in the first end phase");
}
