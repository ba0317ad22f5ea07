//! Replays and saves reproduce games byte for byte in another process, also a save made in the
//! middle of an effect while it waits for a choice (the journal of 16.4-style resumable
//! decisions; architecture.md "All game state lives in Rust").
mod common;
use common::fuda;
use fuda::bundle::{default_game_dir, Bundle};
use fuda::replay::GameFile;
use std::process::Command;

/// Plays seed `seed` with random agents, recording every answer; returns the full replay,
/// a save made at the first decision inside an effect that has already taken an answer, and
/// the full log text.
fn play(seed: u64) -> (GameFile, GameFile, String) {
    let decks = ["flame-thunder", "water-grass"];
    play_game(&default_game_dir(), decks, seed, |g| {
        !g.journal.entries.is_empty()
    })
}

/// Plays `seed` of the game in `dir`, saving at the first decision where `save_here` holds.
fn play_game(
    dir: &std::path::Path,
    decks: [&str; 2],
    seed: u64,
    save_here: impl Fn(&fuda_engine::Game) -> bool,
) -> (GameFile, GameFile, String) {
    let bundle = Bundle::load(dir).expect("the game loads");
    let (mut file, mid, g, _) = common::play_recorded(&bundle, decks, seed, save_here);
    file.state = Some(g.save());
    let log: String = g.log.iter().map(|l| format!("{l}\n")).collect();
    (
        file,
        mid.expect("the game reached the decision to save at"),
        log,
    )
}

fn write(f: &GameFile, name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("fuda-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    f.write(&path).expect("write");
    path.display().to_string()
}

#[test]
fn a_replay_reproduces_the_whole_game_in_another_process() {
    let (full, _, log) = play(11);
    let path = write(&full, "full.json");
    assert_eq!(fuda(&["replay", &path]), log);
}

#[test]
fn a_save_made_mid_effect_resumes_identically_in_another_process() {
    let (full, mid, log) = play(11);
    let at = mid.steps.len();
    // The mid-effect save replays from the seed to exactly the saved game (checked by replay).
    let mid_path = write(&mid, "mid.json");
    let head = fuda(&["replay", &mid_path]);
    assert!(log.starts_with(&head) && head.len() < log.len());
    // Restored (not replayed) in a new process and given the remaining answers, it ends with
    // the same log, byte for byte.
    let mut rest = full.clone();
    rest.state = mid.state.clone();
    rest.state_at = Some(at);
    let rest_path = write(&rest, "rest.json");
    assert_eq!(fuda(&["replay", "--resume", &rest_path]), log);
    // And a replay from the seed checks the saved game on the way.
    assert_eq!(fuda(&["replay", &rest_path]), log);
}

/// Issue 11: a game saved while three spells wait on the chain (東方VISION-style priority,
/// tests/games/riposte) resumes in another process and ends with the same log, byte for byte.
#[test]
fn a_save_made_mid_chain_resumes_identically_in_another_process() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/riposte");
    let (full, mid, log) = play_game(&dir, ["mix", "mix"], 3, |g| g.st.chain.len() >= 3);
    let mid_state = mid.state.as_ref().expect("saved");
    assert!(mid_state.state.chain.len() >= 3 && !mid_state.state.windows.is_empty());
    let game = dir.display().to_string();
    let mut rest = full.clone();
    rest.state = mid.state.clone();
    rest.state_at = Some(mid.steps.len());
    let rest_path = write(&rest, "chain-rest.json");
    assert_eq!(
        fuda(&["replay", "--resume", &rest_path, "--game", &game]),
        log
    );
    assert_eq!(fuda(&["replay", &rest_path, "--game", &game]), log);
    assert!(log.contains("[X4] 応酬3"), "{log}");
}

#[test]
fn a_replay_that_does_not_match_its_save_is_refused() {
    let (_, mut mid, _) = play(11);
    if let Some(s) = mid.state.as_mut() {
        s.state.turn += 1;
    }
    let path = write(&mid, "bad.json");
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["replay", &path])
        .output()
        .expect("run fuda");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not reproduce"));
}

#[test]
fn play_save_and_load_continue_a_game() {
    let dir = std::env::temp_dir().join(format!("fuda-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let save = dir.join("game.json").display().to_string();
    // A person answers three decisions and quits; the save holds the game.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["play", "--seed", "5", "--save", &save])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run fuda play");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(b"1\n1\n1\nq\n").expect("answers");
    }
    let out = child.wait_with_output().expect("play ends");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("resume with fuda play --load"));
    let f = GameFile::read(std::path::Path::new(&save)).expect("a save file");
    assert!(!f.steps.is_empty());
    // The save replays to the same game in another process.
    let log = fuda(&["replay", &save]);
    assert!(log.contains("[403"), "{log}");
    // Loaded with agents at both seats, the game goes on to its end.
    let end = fuda(&["play", "--load", &save, "--p1", "random", "--p2", "greedy"]);
    assert!(end.contains("wins [") || end.contains("draw ["), "{end}");
}
