//! A hook answered by its kept result (scripting/src/memo.rs) changes no game: in every hosted
//! game, random games played with the memo and with every hook run write the same log, byte for
//! byte, and end the same way; so do games whose agent plays out forks of the game on the same
//! host between its own moves.
mod common;
use fuda::agent::{seat_seed, Agent, MctsAgent, RandomAgent};
use fuda::bundle::Bundle;
use fuda_engine::{Game, Status};
use std::path::Path;

/// Plays `seed` between the agents `make` gives; returns the log.
fn play(b: &Bundle, decks: [&str; 2], seed: u64, make: fn(u64) -> Box<dyn Agent>) -> String {
    let (x, y) = (
        b.deck(decks[0]).expect("deck"),
        b.deck(decks[1]).expect("deck"),
    );
    let mut g: Game = b.new_game([&x, &y], seed);
    let mut agents = [make(seat_seed(seed, 0)), make(seat_seed(seed, 1))];
    for _ in 0..5_000 {
        match g.advance(&b.host).expect("no engine error") {
            Status::Over(_) => break,
            Status::Decide => {
                for p in g.waiting_for() {
                    let picks = agents[p as usize].pick_with(&g, &b.host, p);
                    g.submit(p, picks).expect("legal answer");
                }
            }
        }
    }
    assert!(g.outcome().is_some(), "the game ends");
    g.log.iter().map(|l| format!("{l}\n")).collect()
}

fn random(seed: u64) -> Box<dyn Agent> {
    Box::new(RandomAgent::new(seed))
}

/// Plays each seed of `game` with the memo and without it; the logs must be the same.
fn compare(
    game: &str,
    decks: [&str; 2],
    seeds: std::ops::Range<u64>,
    make: fn(u64) -> Box<dyn Agent>,
) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cards")
        .join(game);
    let b = Bundle::load(&dir).expect("the game loads");
    for seed in seeds {
        b.host.keep_results(true);
        let kept = play(&b, decks, seed, make);
        b.host.keep_results(false);
        let run = play(&b, decks, seed, make);
        assert_eq!(kept, run, "{game} seed {seed}");
    }
}

fn same_games(game: &str, decks: [&str; 2], seeds: std::ops::Range<u64>) {
    fuda_scripting::reset_hook_stats();
    compare(game, decks, seeds, random);
    assert!(
        fuda_scripting::hook_stats().kept > 0,
        "{game}: some hook call was answered by its kept result"
    );
}

#[test]
fn kept_results_change_no_generic_tcg_game() {
    same_games("generic-tcg", ["flame-thunder", "water-grass"], 0..6);
}

#[test]
fn kept_results_change_no_fire_force_game() {
    same_games("fire-force", ["8th-company", "evangelist"], 0..4);
}

#[test]
fn kept_results_change_no_touhou_vision_game() {
    same_games("touhou-vision", ["hakurei", "scarlet"], 0..3);
}

#[test]
fn kept_results_change_no_victory_spark_game() {
    same_games("victory-spark", ["robots", "starfall"], 0..3);
}

/// A search agent plays forks of the game out on the same host between its moves, so the
/// kept results it finds were made by other positions (and other seeds' handles): every
/// read is asked of the game at hand, and the games are the same as without the memo.
#[test]
fn kept_results_made_by_forks_change_no_searched_game() {
    let mcts: fn(u64) -> Box<dyn Agent> = |s| Box::new(MctsAgent::new(s, 3));
    compare("generic-tcg", ["flame-thunder", "water-grass"], 0..2, mcts);
}

/// The race game (tests/games/race) with hooks that only read, write, log, draw randoms or
/// catch an error, in a folder of its own.
fn race_with_probes(name: &str) -> (Bundle, std::path::PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/race");
    let dir = std::env::temp_dir().join(format!("fuda-kept-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["decks", "packs"] {
        std::fs::create_dir_all(dir.join(sub)).expect("dir");
        for f in std::fs::read_dir(src.join(sub)).expect("read") {
            let f = f.expect("entry").path();
            std::fs::copy(&f, dir.join(sub).join(f.file_name().expect("name"))).expect("copy");
        }
    }
    std::fs::copy(src.join("game.yaml"), dir.join("game.yaml")).expect("copy");
    let probes = r#"
function M.x_score(p) return k.pvar(p, "score") end
function M.x_same(p) k.set_pvar(p, "score", k.pvar(p, "score")) return k.pvar(p, "score") end
function M.x_log() k.log("R1", "probe") return 1 end
function M.x_random() return math.random(1, 6) end
function M.x_caught() local ok = pcall(k.name, -5) return ok end
function M.x_heavy() return k.prohibited(string.rep("x", 300000)) == nil end
function M.x_many() local n = 0 for i = 1, 5000 do n = n + k.turn() end return n end
function M.x_ask(p) return k.choose(p, { { label = "a", value = 1 }, { label = "b", value = 2 } }, { prompt = "?" }) end
return M"#;
    let rules = std::fs::read_to_string(src.join("rules.lua"))
        .expect("rules.lua")
        .replace("return M", probes);
    std::fs::write(dir.join("rules.lua"), rules).expect("write");
    let b = Bundle::load(&dir).expect("the race game with probes loads");
    (b, dir)
}

fn call(b: &Bundle, g: &mut Game, hook: &str, args: &[fuda_engine::Value]) -> fuda_engine::Value {
    use fuda_engine::Host;
    match b.host.call(g, hook, args) {
        Ok(v) => v,
        Err(e) => panic!("{hook}: {e:?}"),
    }
}

fn kept_now() -> u64 {
    fuda_scripting::hook_stats().kept
}

/// A kept result is given only while what the hook read is unchanged: the score it read
/// changed, so the hook runs again and sees the new score (R4).
#[test]
fn a_kept_result_is_not_given_once_what_it_read_changed() {
    use fuda_engine::Value;
    let (b, dir) = race_with_probes("changed");
    let (x, y) = (b.deck("high").expect("deck"), b.deck("low").expect("deck"));
    let mut g: Game = b.new_game([&x, &y], 1);
    let score = g.defs.game.player_var("score").expect("score");
    let p1 = [Value::Int(1)];
    let before = kept_now();
    assert_eq!(call(&b, &mut g, "x_score", &p1), Value::Int(0));
    assert_eq!(call(&b, &mut g, "x_score", &p1), Value::Int(0));
    assert_eq!(
        kept_now(),
        before + 1,
        "the second call, same state, is kept"
    );
    g.set_player_var(0, score, 7);
    assert_eq!(call(&b, &mut g, "x_score", &p1), Value::Int(7));
    assert_eq!(kept_now(), before + 1, "the score changed: the hook ran");
    // Another player's score is another argument: its own call, not P1's result.
    assert_eq!(call(&b, &mut g, "x_score", &[Value::Int(2)]), Value::Int(0));
    assert_eq!(kept_now(), before + 1);
    // A write that changes nothing is a read: kept while it would still change nothing.
    assert_eq!(call(&b, &mut g, "x_same", &p1), Value::Int(7));
    assert_eq!(call(&b, &mut g, "x_same", &p1), Value::Int(7));
    assert_eq!(kept_now(), before + 2);
    g.set_player_var(0, score, 9);
    assert_eq!(call(&b, &mut g, "x_same", &p1), Value::Int(9));
    assert_eq!(kept_now(), before + 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fuda bench` splits hook time into calls that only read, calls that acted, and of those the
/// runs stopped to ask a player (docs/performance.md, the floor of the hooks that act).
#[test]
fn hook_time_is_split_into_reading_acting_and_asking() {
    use fuda_engine::{Host, Value};
    let (b, dir) = race_with_probes("split");
    b.host.keep_results(false);
    let (x, y) = (b.deck("high").expect("deck"), b.deck("low").expect("deck"));
    let mut g: Game = b.new_game([&x, &y], 1);
    let now = fuda_scripting::hook_stats;
    let s0 = now();
    call(&b, &mut g, "x_score", &[Value::Int(1)]);
    let s1 = now();
    assert!(s1.outer_nanos > s0.outer_nanos, "the read was timed");
    assert_eq!(s1.acting_nanos, s0.acting_nanos, "a read did not act");
    call(&b, &mut g, "x_log", &[]);
    let s2 = now();
    assert!(s2.acting_nanos > s1.acting_nanos, "a call that logs acted");
    assert_eq!(s2.asking_nanos, s1.asking_nanos, "it asked nobody");
    let asked = b.host.call(&mut g, "x_ask", &[Value::Int(1)]);
    assert!(asked.is_err(), "the call stops at the choice: {asked:?}");
    let s3 = now();
    assert!(
        s3.asking_nanos > s2.asking_nanos,
        "a call that asked is counted as asking"
    );
    assert!(s3.acting_nanos - s2.acting_nanos >= s3.asking_nanos - s2.asking_nanos);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A call that logs, draws from the game's RNG or meets an error (caught by `pcall`) did
/// more than read: it runs every time, and each time it logs and draws again.
#[test]
fn a_call_that_logs_draws_or_errs_is_never_kept() {
    use fuda_engine::Host;
    let (b, dir) = race_with_probes("never");
    let (x, y) = (b.deck("high").expect("deck"), b.deck("low").expect("deck"));
    let mut g: Game = b.new_game([&x, &y], 1);
    let before = kept_now();
    let lines = g.log.len();
    for hook in ["x_log", "x_random", "x_caught"] {
        for _ in 0..3 {
            b.host.call(&mut g, hook, &[]).expect("the probe runs");
        }
    }
    assert_eq!(kept_now(), before, "none of them kept");
    assert_eq!(g.log.len(), lines + 3, "the probe logged at every call");
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the memo keeps is bounded whatever a game's hooks read: a call whose reads hold more
/// than 256 KiB (a 300,000-byte argument) or number more than 4,096 is not kept, and the
/// host holds nothing of it.
#[test]
fn a_call_whose_reads_are_too_heavy_or_too_many_is_not_kept() {
    let (b, dir) = race_with_probes("heavy");
    let (x, y) = (b.deck("high").expect("deck"), b.deck("low").expect("deck"));
    let mut g: Game = b.new_game([&x, &y], 1);
    let before = kept_now();
    for hook in ["x_heavy", "x_many"] {
        for _ in 0..3 {
            call(&b, &mut g, hook, &[]);
        }
    }
    assert_eq!(kept_now(), before, "neither kept");
    assert!(
        b.host.kept_bytes() < 1024,
        "{} bytes kept",
        b.host.kept_bytes()
    );
    call(&b, &mut g, "x_score", &[fuda_engine::Value::Int(1)]);
    assert!(b.host.kept_bytes() > 0, "a light call is kept");
    let _ = std::fs::remove_dir_all(&dir);
}
