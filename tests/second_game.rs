//! A second, tiny game (tests/games/race) played by the same kernel: nothing of the 汎用TCG
//! is hard-coded. Different zones, one phase, scores, and its own win and loss conditions.
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::Bundle;
use fuda::sim::play_out;
use fuda_engine::{Outcome, Status};
use std::path::Path;

mod common;

fn race() -> Bundle {
    Bundle::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/race"))
        .expect("race game loads")
}

#[test]
fn the_race_game_plays_to_a_rule_result() {
    let b = race();
    assert!(b.defs.game.zone_index("main").is_none() && b.defs.game.zone_index("board").is_some());
    let (low, high) = (b.deck("low").expect("deck"), b.deck("high").expect("deck"));
    let mut by_clause = std::collections::BTreeMap::new();
    for seed in 0..40 {
        let mut g = b.new_game([&low, &high], seed);
        let mut agents: [Box<dyn Agent>; 2] = [
            Box::new(RandomAgent::new(seed)),
            Box::new(RandomAgent::new(seed + 100)),
        ];
        let o = play_out(&mut g, &b.host, &mut agents).expect("no script error");
        let clause = match o {
            Outcome::Win { clause, .. } | Outcome::Draw { clause, .. } => clause,
        };
        *by_clause.entry(clause).or_insert(0) += 1;
    }
    assert!(
        by_clause.keys().all(|c| c == "R5.1" || c == "R5.2"),
        "{by_clause:?}"
    );
    assert!(
        by_clause.contains_key("R5.2"),
        "someone reaches ten: {by_clause:?}"
    );
}

/// R5.2 ends the game as soon as a rule check sees 10 points; R5.1 when a draw fails.
#[test]
fn always_playing_the_highest_card_wins_the_race() {
    let b = race();
    let (low, high) = (b.deck("low").expect("deck"), b.deck("high").expect("deck"));
    let mut g = b.new_game([&high, &low], 9);
    loop {
        match g.advance(&b.host).expect("runs") {
            Status::Over(o) => {
                assert_eq!(o.winner(), Some(0), "{o:?}");
                assert!(g.log.iter().any(|l| l.clause.as_deref() == Some("R5.2")));
                break;
            }
            Status::Decide => {
                let p = g.waiting_for()[0];
                let d = g.decision().expect("decision");
                // P1 plays its highest card; P2 always passes.
                let pick = if p == 0 {
                    let best = d
                        .options
                        .iter()
                        .enumerate()
                        .max_by_key(|(_, o)| o.label.contains("さん") as u8);
                    best.map(|(i, _)| i as u16).unwrap_or(0)
                } else {
                    (d.options.len() - 1) as u16
                };
                g.submit(p, vec![pick]).expect("legal");
            }
        }
    }
}

/// Issue 11: the kernel's own log lines cite the game's clauses (`kernel_clauses:`), never the
/// 汎用TCG's. A race game whose cards trigger logs only clauses its game.yaml and rules.lua
/// name (R1…), or none.
#[test]
fn the_kernel_cites_only_the_games_own_clauses() {
    let dir = common::race::hostile_race("clauses", &[("合図", "k.log(nil, '合図')")], &[]);
    let b = Bundle::load(&dir).expect("loads");
    let game_text = std::fs::read_to_string(dir.join("game.yaml")).expect("read")
        + &std::fs::read_to_string(dir.join("rules.lua")).expect("read");
    let (low, high) = (b.deck("low").expect("deck"), b.deck("high").expect("deck"));
    let mut triggered = 0;
    for seed in 0..10 {
        let mut g = b.new_game([&low, &high], seed);
        let mut agents: [Box<dyn Agent>; 2] = [
            Box::new(RandomAgent::new(seed)),
            Box::new(RandomAgent::new(seed + 100)),
        ];
        play_out(&mut g, &b.host, &mut agents).expect("no script error");
        for l in &g.log {
            triggered += usize::from(l.text.contains("誘発"));
            if let Some(c) = &l.clause {
                assert!(
                    game_text.contains(&format!("\"{c}\"")),
                    "[{c}] {} is not a clause of the race game",
                    l.text
                );
            }
        }
    }
    assert!(triggered > 0, "the cards triggered");
    let _ = std::fs::remove_dir_all(&dir);
}
