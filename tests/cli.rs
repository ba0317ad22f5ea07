//! The `fuda` command line: help, play in the terminal, errors on bad input.
use std::io::Write;
use std::process::{Command, Stdio};

fn fuda() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fuda"))
}

#[test]
fn help_lists_every_subcommand() {
    let out = fuda().arg("--help").output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for cmd in ["sim", "play", "log"] {
        assert!(text.contains(cmd), "{text}");
        let sub = fuda().args([cmd, "--help"]).output().expect("runs");
        assert!(sub.status.success());
        assert!(String::from_utf8_lossy(&sub.stdout).contains("--seed"));
    }
}

#[test]
fn play_random_against_random_finishes() {
    let out = fuda()
        .args(["play", "--p1", "random", "--p2", "random", "--seed", "43"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.contains(" wins [") || l.starts_with("draw [")),
        "{text}"
    );
}

/// `fuda play --seed 43` with `input` typed at the terminal; returns what it printed.
fn play_typing(input: &[u8]) -> String {
    play_with(&["play", "--seed", "43"], input)
}

/// `fuda <args>` with `input` typed at the terminal; returns what it printed.
fn play_with(args: &[&str], input: &[u8]) -> String {
    let mut child = fuda()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawns");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("writes");
    let out = child.wait_with_output().expect("ends");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// A human sees their board and numbered options; `r` resigns (103.4).
#[test]
fn play_shows_the_board_and_a_human_can_resign() {
    let text = play_typing(b"1\nr\n");
    assert!(text.contains("P1 (あなた you)"), "{text}");
    assert!(text.contains("手札"), "{text}");
    assert!(text.contains("  1. "), "{text}");
    assert!(text.contains("[103.4] P1が投了 (resigns)"), "{text}");
    assert!(text.contains("P2 wins [103.4]"), "{text}");
}

/// The opponent's hand is never shown to the human.
#[test]
fn play_hides_the_opponents_hand() {
    let text = play_typing(b"1\nr\n");
    let board: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("P2"))
        .take(3)
        .collect();
    // P2's hand line is its count only (302.2a): `手札: 5枚`, no name beside it.
    let hand: Vec<&str> = board
        .iter()
        .map(|l| l.trim())
        .filter(|l| l.starts_with("手札:"))
        .collect();
    assert_eq!(hand.len(), 1, "{board:?}");
    let count = hand[0]
        .strip_prefix("手札: ")
        .and_then(|r| r.strip_suffix("枚"))
        .unwrap_or("");
    assert!(
        !count.is_empty() && count.chars().all(|c| c.is_ascii_digit()),
        "P2's hand shows more than its count: {board:?}"
    );
}

#[test]
fn a_missing_deck_is_an_error_not_a_panic() {
    let out = fuda()
        .args(["sim", "--games", "1", "--decks", "nope"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no deck \"nope\"") && err.contains("decks/nope.yaml"),
        "{err}"
    );
    assert!(
        err.contains("hint: decks of this game: flame-thunder, water-grass"),
        "{err}"
    );
}

/// `fuda cards`: search with the expression language; `--show` prints one card with abilities.
#[test]
fn cards_search_and_show() {
    let out = fuda()
        .args(["cards", "\"炎\" in 属性 and hp >= 300"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("GT-001 炎の剣士 (Flame Swordsman) [ユニット] HP:300"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("3 card(s)"), "{text}");
    let out = fuda()
        .args(["cards", "type == \"command\" and \"command\" in kinds"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("GT-141 作戦会議"));
    let out = fuda()
        .args(["cards", "--show", "GT-123"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("ability 「鉄壁」 (Ironwall): static") && text.contains("replaces: damage"),
        "{text}"
    );
    let out = fuda().args(["cards", "hp >="]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("^"),
        "a caret under the error"
    );
    // Issue 10: a misspelt field is the query's error, never "0 card(s)".
    let out = fuda().args(["cards", "hpp > 100"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cards have no \"hpp\" (did you mean \"hp\"?)"),
        "{err}"
    );
    // Ability texts are searchable, and the help's example runs.
    let out = fuda()
        .args([
            "cards",
            "\"カードを1枚引く\" in text and \"triggered\" in kinds",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("GT-101 見張りの斥候"), "{text}");
    let help = fuda().args(["cards", "--help"]).output().expect("runs");
    let help = String::from_utf8_lossy(&help.stdout).to_string();
    let example = help
        .split('`')
        .nth(1)
        .and_then(|e| e.strip_prefix("fuda cards '"))
        .and_then(|e| e.strip_suffix('\''))
        .expect("an example in the help");
    let out = fuda().args(["cards", example]).output().expect("runs");
    assert_eq!(out.status.code(), Some(0), "{example}");
}

/// Issue 10, item 10: `? N` shows the cards of option N in full (text, characteristics now);
/// the end of the input quits cleanly (no resignation, no empty board).
#[test]
fn play_inspects_a_card_and_quits_at_the_end_of_input() {
    let text = play_typing(b"? 1\n");
    assert!(text.contains("場所 (zone): 手札"), "{text}");
    assert!(text.contains("状態 (now):"), "{text}");
    assert!(
        text.trim_end()
            .ends_with("quit (not saved: use --save FILE)"),
        "{text}"
    );
    assert!(
        text.contains("(input ended: quit)") && !text.contains("投了"),
        "{text}"
    );
}

/// Two people at one terminal: before the other player decides, the screen is cleared and
/// they are asked to take the terminal, so neither sees the other's hand.
#[test]
fn hot_seat_play_hands_the_terminal_over() {
    // Janken (both), then the setup choices: enough answers to reach P2's first own decision.
    let text = play_with(
        &["play", "--p1", "human", "--p2", "human", "--seed", "43"],
        b"1\n\n1\n\n1\n\n1\n\n1\n",
    );
    assert!(
        text.contains("\x1b[2J") && text.contains("端末を P2 に渡してください"),
        "{text}"
    );
}
