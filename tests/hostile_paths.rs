//! Paths stay inside their root (issue 9): a file a card, game, scenario or save refers to is
//! read only inside its folder, as a regular file within the size limit; a refusal names the
//! referring file and line, nothing hangs, and the outside file's content is never printed.
mod common;
use common::race::race_with;
use fuda::bundle::Bundle;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Put in the environment of every `fuda` run: `/proc/self/environ` would show it.
const SECRET: &str = "fuda-hostile-secret-7f3a";

/// A fresh copy of the race game under the temp folder.
fn race(name: &str) -> PathBuf {
    let dst = race_with(name, |_, text| text);
    std::fs::create_dir_all(dst.join("packs/hostile")).expect("mkdir");
    dst
}

/// A card whose effect is `@<reference>`; the reference is on line 10, column 18.
fn card_with_hook(reference: &str) -> String {
    format!(
        "cards:\n  - id: H-1\n    name: 敵\n    type: number\n    points: 1\n    abilities:\n      - name: 外\n        kind: triggered\n        when: 手番\n        effect: \"@{reference}\"\n"
    )
}

/// Runs `fuda` (killed after 60 s: a hang fails the test); returns success and all output.
fn fuda(args: &[&str]) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("FUDA_SECRET", SECRET)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fuda");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("fuda {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(!text.contains("panicked"), "fuda {args:?} panicked: {text}");
    (out.status.success(), text)
}

/// Asserts `out` shows no outside content: no secret from the environment, no line of
/// /etc/passwd.
fn nothing_echoed(out: &str) {
    assert!(!out.contains(SECRET), "the environment was echoed: {out}");
    assert!(!out.contains("root:x:0"), "/etc/passwd was echoed: {out}");
    if let Ok(passwd) = std::fs::read_to_string("/etc/passwd") {
        for l in passwd.lines().filter(|l| l.len() > 8) {
            assert!(!out.contains(l), "/etc/passwd was echoed: {out}");
        }
    }
}

/// A FIFO at `path`, or false when `mkfifo` is not available here.
fn mkfifo(path: &Path) -> bool {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("mkfifo is not available: the FIFO case is skipped");
    }
    made
}

#[cfg(unix)]
fn symlink(target: &str, link: &Path) {
    std::os::unix::fs::symlink(target, link).expect("symlink");
}

/// `fuda check` and loading the game both refuse a card hook reference with `message`, at the
/// card's line.
fn hook_is_refused(name: &str, reference: &str, prepare: impl Fn(&Path), message: &str) {
    let dir = race(name);
    let pack = dir.join("packs/hostile");
    std::fs::write(pack.join("cards.yaml"), card_with_hook(reference)).expect("write");
    prepare(&pack);
    let (ok, out) = fuda(&["check", &dir.display().to_string()]);
    assert!(!ok, "{out}");
    assert!(out.contains("packs/hostile/cards.yaml:10:18"), "{out}");
    assert!(out.contains(message), "{out}");
    assert!(out.contains("card H-1 ability 「外」 effect"), "{out}");
    nothing_echoed(&out);
    let err = match Bundle::load(&dir) {
        Ok(_) => panic!("{reference} was accepted"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.contains("cards.yaml:10:18") && err.contains(message),
        "{err}"
    );
    nothing_echoed(&err);
}

#[test]
fn a_hook_file_given_by_absolute_path_is_refused() {
    let msg = "absolute paths are not allowed";
    hook_is_refused("environ", "/proc/self/environ:x", |_| {}, msg);
    hook_is_refused("passwd", "/etc/passwd:x", |_| {}, msg);
}

#[test]
fn a_hook_file_outside_the_pack_is_refused() {
    let outside = |pack: &Path| {
        std::fs::write(pack.join("../../x.lua"), "return { f = function() end }\n").expect("w")
    };
    hook_is_refused("dotdot", "../../x.lua:f", outside, "it leaves its folder");
    hook_is_refused(
        "dotdot2",
        "lib/../../x.lua:f",
        outside,
        "it leaves its folder",
    );
}

#[cfg(unix)]
#[test]
fn a_hook_file_symlinked_out_of_the_pack_is_refused() {
    let msg = "it leads outside its folder";
    hook_is_refused(
        "ln-passwd",
        "passwd.lua:x",
        |p| symlink("/etc/passwd", &p.join("passwd.lua")),
        msg,
    );
    hook_is_refused(
        "ln-zero",
        "zero.lua:x",
        |p| symlink("/dev/zero", &p.join("zero.lua")),
        msg,
    );
    // A folder of the pack symlinked to /etc.
    hook_is_refused(
        "ln-dir",
        "etc/passwd:x",
        |p| symlink("/etc", &p.join("etc")),
        msg,
    );
}

#[test]
fn a_hook_file_that_is_not_a_regular_file_is_refused() {
    hook_is_refused(
        "dir",
        "dir.lua:x",
        |p| std::fs::create_dir_all(p.join("dir.lua")).expect("mkdir"),
        "it is a folder",
    );
    let probe = std::env::temp_dir().join(format!("fuda-fifo-probe-{}", std::process::id()));
    let _ = std::fs::remove_file(&probe);
    if mkfifo(&probe) {
        hook_is_refused(
            "fifo",
            "fifo.lua:x",
            |p| assert!(mkfifo(&p.join("fifo.lua"))),
            "it is not a regular file",
        );
    }
}

/// Card files found in packs/: a symlink out, a FIFO and folder symlink loops end in errors
/// naming the file, not in a hang or a read of /dev/zero.
#[cfg(unix)]
#[test]
fn card_files_symlinked_out_fifos_and_folder_loops_are_refused() {
    let dir = race("walk");
    let pack = dir.join("packs/hostile");
    symlink("/etc/passwd", &pack.join("passwd.yaml"));
    symlink("/dev/zero", &pack.join("zero.yaml"));
    symlink("..", &pack.join("loop"));
    symlink("../hostile", &pack.join("self"));
    symlink("/etc", &pack.join("etc"));
    let fifo = mkfifo(&pack.join("fifo.yaml"));
    let (ok, out) = fuda(&["check", &dir.display().to_string()]);
    assert!(!ok, "{out}");
    for f in ["passwd.yaml", "zero.yaml"] {
        assert!(
            out.contains(&format!(
                "packs/hostile/{f}: cannot use \"hostile/{f}\": it leads outside its folder"
            )),
            "{out}"
        );
    }
    if fifo {
        assert!(
            out.contains("fifo.yaml: cannot use \"hostile/fifo.yaml\": it is not a regular file"),
            "{out}"
        );
    }
    assert!(!out.contains("loop/") && !out.contains("self/"), "{out}");
    nothing_echoed(&out);
    let err = Bundle::load(&dir)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        err.contains("passwd.yaml") && err.contains("leads outside"),
        "{err}"
    );
    nothing_echoed(&err);
}

/// The game's scripts stay inside the game folder; the error points at game.yaml.
#[test]
fn game_scripts_stay_inside_the_game_folder() {
    for (name, script, message) in [
        (
            "script-abs",
            "/etc/passwd",
            "absolute paths are not allowed",
        ),
        ("script-up", "../rules.lua", "it leaves its folder"),
    ] {
        let dir = race(name);
        let yaml = std::fs::read_to_string(dir.join("game.yaml")).expect("read");
        let yaml = yaml.replace("script: rules.lua", &format!("script: {script}"));
        std::fs::write(dir.join("game.yaml"), yaml).expect("write");
        let (ok, out) = fuda(&["check", &dir.display().to_string()]);
        assert!(!ok, "{out}");
        assert!(out.contains("game.yaml:8:9: script: cannot use"), "{out}");
        assert!(out.contains(message), "{out}");
        nothing_echoed(&out);
    }
}

/// Scenario `cards:` files stay inside the scenario's folder.
#[test]
fn scenario_cards_stay_inside_the_scenario_folder() {
    let dir = race("scenario");
    let sc = dir.join("sc");
    std::fs::create_dir_all(&sc).expect("mkdir");
    let mut cases = vec![
        ("abs.yaml", "/etc/passwd", "absolute paths are not allowed"),
        (
            "up.yaml",
            "../../../../../../etc/passwd",
            "it leaves its folder",
        ),
    ];
    #[cfg(unix)]
    {
        symlink("/etc/passwd", &sc.join("passwd-link.yaml"));
        cases.push((
            "link.yaml",
            "passwd-link.yaml",
            "it leads outside its folder",
        ));
    }
    for (file, cards, message) in cases {
        let path = sc.join(file);
        std::fs::write(
            &path,
            format!("name: hostile\ncards: [{cards}]\nsetup: {{}}\n"),
        )
        .expect("write");
        let (ok, out) = fuda(&["test", &path.display().to_string()]);
        assert!(!ok, "{out}");
        assert!(
            out.contains(&format!("{file}:2:9: cards: cannot use")),
            "{out}"
        );
        assert!(out.contains(message), "{out}");
        nothing_echoed(&out);
    }
}

/// A card file of about `bytes` bytes: `n` cards, ids written as `id(n)`.
fn big_card_file(bytes: usize, id: impl Fn(usize) -> String) -> String {
    let mut text = String::from("cards:\n");
    for n in 0.. {
        let line = format!(
            "  - {{ id: {}, name: 大{n}, type: number, points: {} }}\n",
            id(n),
            n % 9 + 1
        );
        if text.len() + line.len() > bytes {
            break;
        }
        text.push_str(&line);
    }
    text
}

/// Card files just under the limit load in linear time (the ids found once per card, lines
/// counted once per file; also when the ids are not written literally, e.g. `"\x42"` for B, and
/// when all cards are on one line); one over the limit is refused at once.
#[test]
fn card_files_over_the_size_limit_are_refused_and_big_ones_load_fast() {
    let limit = fuda_engine::def::files::MAX_FILE_BYTES as usize;
    let dir = race("size");
    let big = dir.join("packs/hostile/big.yaml");
    let d = dir.display().to_string();
    let plain = big_card_file(limit - 16, |n| format!("B{n}"));
    let escaped = big_card_file(limit - 16, |n| format!("\"\\x42Q{n}\""));
    // The same cards on one line (flow style): columns are counted once, not per card.
    let items: Vec<&str> = plain
        .lines()
        .skip(1)
        .map(|l| l.trim_start_matches("  - "))
        .collect();
    let one_line = format!("cards: [{}]\n", items.join(", "));
    for text in [&plain, &escaped, &one_line] {
        std::fs::write(&big, text).expect("write");
        let start = Instant::now();
        let (ok, out) = fuda(&["check", &d]);
        let took = start.elapsed();
        assert!(ok, "{out}");
        assert!(
            took < Duration::from_secs(30),
            "{} bytes took {took:?}",
            text.len()
        );
    }
    let mut text = plain;
    text.push_str(&"#".repeat(64));
    text.push('\n');
    std::fs::write(&big, &text).expect("write");
    let (ok, out) = fuda(&["check", &d]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("big.yaml") && out.contains("the limit is 4194304 bytes"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save names its game by id and content hash, never by folder: it runs only with the game
/// given on the command line, and only if that game's files are the ones it was made with.
#[test]
fn a_save_runs_only_the_game_given_with_a_matching_hash() {
    let dir = race("save");
    let d = dir.display().to_string();
    let save = dir.join("save.json").display().to_string();
    let (ok, out) = fuda(&[
        "play", "--game", &d, "--p1", "random", "--p2", "random", "--save", &save,
    ]);
    assert!(ok, "{out}");
    let text = std::fs::read_to_string(&save).expect("save");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(json["game"]["id"], "race-to-ten", "{text}");
    assert!(json.get("game_dir").is_none(), "{text}");
    let (ok, log) = fuda(&["replay", &save, "--game", &d]);
    assert!(ok && log.contains("[R"), "{log}");
    // Without --game the built-in game is used, and the save is not of it.
    for args in [vec!["replay", &save], vec!["play", "--load", &save]] {
        let (ok, out) = fuda(&args);
        assert!(!ok, "{out}");
        assert!(
            out.contains("the file is of the game \"race-to-ten\""),
            "{out}"
        );
    }
    // An old save naming a folder is refused, not followed.
    let mut old = json.clone();
    old.as_object_mut().map(|o| o.remove("game"));
    old["game_dir"] = serde_json::Value::String("/etc".into());
    let old_path = dir.join("old.json");
    std::fs::write(&old_path, old.to_string()).expect("write");
    let (ok, out) = fuda(&["replay", &old_path.display().to_string(), "--game", &d]);
    assert!(!ok && out.contains("does not say which game"), "{out}");
    // Decks named by a save stay in the game's decks/ or the current folder.
    let mut bad = json.clone();
    bad["decks"][0] = serde_json::Value::String("/etc/passwd".into());
    let bad_path = dir.join("bad-deck.json");
    std::fs::write(&bad_path, bad.to_string()).expect("write");
    let (ok, out) = fuda(&["replay", &bad_path.display().to_string(), "--game", &d]);
    assert!(
        !ok && out.contains("absolute paths are not allowed"),
        "{out}"
    );
    nothing_echoed(&out);
    // A changed card file changes the hash.
    let cards = dir.join("packs/numbers.yaml");
    let mut t = std::fs::read_to_string(&cards).expect("read");
    t.push_str("# edited\n");
    std::fs::write(&cards, t).expect("write");
    let (ok, out) = fuda(&["replay", &save, "--game", &d]);
    assert!(!ok && out.contains("made with other files"), "{out}");
}
