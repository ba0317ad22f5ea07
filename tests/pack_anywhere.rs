//! Issue 10, item 7: a pack is a folder that works anywhere. tests/fixtures/anywhere-pack (cards,
//! a deck and a scenario) is copied to a fresh folder and checked, tested and simulated from an
//! unrelated working folder: its game is found from its pack.yaml, never from the current folder.
use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    fuda::files::copy_dir(from, to).expect("the folder copies");
}

fn fuda(cwd: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr),
    )
}

fn fresh(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fuda-anywhere-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("mkdir");
    d
}

#[test]
fn a_pack_copied_anywhere_checks_tests_and_simulates() {
    let root = fresh("root");
    let pack = root.join("somewhere/my-pack");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anywhere-pack"),
        &pack,
    );
    let elsewhere = fresh("cwd");
    let p = pack.to_string_lossy().to_string();
    let (code, out) = fuda(&elsewhere, &["check", &p]);
    assert_eq!((code, out.trim()), (0, "no problems found"));
    let (code, out) = fuda(&elsewhere, &["test", &p]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    // The pack's deck (with its own card TR-001) is the default for both seats.
    let (code, out) = fuda(
        &elsewhere,
        &["sim", "--pack", &p, "--games", "4", "--quiet"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("[random with どこでもデッキ]"), "{out}");
    // A path inside the pack finds it too; a deck inside decks/ is never read as cards.
    let (code, out) = fuda(&pack.join("scenarios"), &["test", "scout.yaml"]);
    assert_eq!(code, 0, "{out}");
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// A pack whose game is neither around it, nor named by `game.path`, nor built in says so.
#[test]
fn a_pack_for_an_unknown_game_says_how_to_name_it() {
    let root = fresh("unknown");
    let pack = root.join("p");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anywhere-pack"),
        &pack,
    );
    let manifest = std::fs::read_to_string(pack.join("pack.yaml")).expect("read");
    std::fs::write(
        pack.join("pack.yaml"),
        manifest.replace("id: generic-tcg,", "id: no-such-game,"),
    )
    .expect("write");
    let (code, out) = fuda(&root, &["sim", "--pack", "p", "--games", "1", "--quiet"]);
    assert_ne!(code, 0);
    assert!(
        out.contains("\"no-such-game\", which is not a built-in game") && out.contains("game.path"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A YAML file in a pack that is not a card file (here a deck outside decks/) is an error that
/// says where decks go, not a card file read wrong.
#[test]
fn a_deck_outside_decks_is_named() {
    let root = fresh("misplaced");
    let pack = root.join("p");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anywhere-pack"),
        &pack,
    );
    std::fs::copy(pack.join("decks/mine.yaml"), pack.join("mine.yaml")).expect("copy");
    let (code, out) = fuda(&root, &["check", "p", "--format", "json"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("not a card file") && out.contains("decks/ folder"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A game played with `--pack` is saved with the pack's id and hash (never its folder):
/// replaying it needs the same pack again, and says so without it.
#[test]
fn a_save_made_with_a_pack_replays_only_with_that_pack() {
    let root = fresh("save");
    let pack = root.join("p");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anywhere-pack"),
        &pack,
    );
    let args = ["--p1", "random", "--p2", "random", "--seed", "5"];
    let (code, played) = fuda(
        &root,
        &[&["play", "--pack", "p", "--save", "s.json"][..], &args[..]].concat(),
    );
    assert_eq!(code, 0, "{played}");
    let save = std::fs::read_to_string(root.join("s.json")).expect("saved");
    assert!(save.contains("\"pack\":{\"id\":\"anywhere\""), "{save}");
    assert!(
        !save.contains(&*root.to_string_lossy()),
        "a save names no folder"
    );
    let (code, out) = fuda(&root, &["replay", "s.json"]);
    assert_ne!(code, 0);
    assert!(
        out.contains("played with the pack \"anywhere\"") && out.contains("--pack"),
        "{out}"
    );
    let (code, out) = fuda(&root, &["replay", "s.json", "--pack", "p"]);
    assert_eq!(code, 0, "{out}");
    // The replay ends as the game did: the outcome line's reason is the log's last line's.
    let played = played.trim_end().lines().last().unwrap_or_default();
    let reason = played.split_once("]: ").map_or(played, |(_, r)| r);
    let last = out.trim_end().lines().last().unwrap_or_default();
    assert!(
        !reason.is_empty() && last.ends_with(reason),
        "{played}\n{last}"
    );
    let _ = std::fs::remove_dir_all(&root);
}
