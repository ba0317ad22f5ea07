//! The tiny race game (tests/games/race) copied into a fresh folder, edited, and filled with
//! cards whose triggered abilities run given Lua each turn: the bench for hostile packs.
use std::path::{Path, PathBuf};

/// A copy of the race game in a fresh folder, with `edit` applied to (file, text).
pub fn race_with(name: &str, edit: impl Fn(&str, String) -> String) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/race");
    let dst = std::env::temp_dir().join(format!("fuda-race-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dst);
    for sub in ["", "packs", "decks"] {
        std::fs::create_dir_all(dst.join(sub)).expect("mkdir");
        for e in std::fs::read_dir(src.join(sub)).expect("read").flatten() {
            if e.path().is_file() {
                let rel = Path::new(sub).join(e.file_name());
                let mut text = std::fs::read_to_string(e.path()).expect("read");
                if rel == Path::new("game.yaml") {
                    // Events the hostile cards raise, on the same line (line numbers stay).
                    text = text.replace(
                        "data: [card] }]",
                        "data: [card] }, { id: ping, data: [card] }, { id: x }, { id: 無 }]",
                    );
                }
                std::fs::write(dst.join(&rel), edit(&rel.to_string_lossy(), text)).expect("write");
            }
        }
    }
    dst
}

/// The race game where each `(ability name, Lua)` is a card `H-i` (悪意i) whose triggered
/// ability runs the Lua every turn while it is on the board; both decks hold one of each and
/// N1 up to the deck size of 10. `files` are extra files written into packs/.
pub fn hostile_race(name: &str, attacks: &[(&str, &str)], files: &[(&str, &str)]) -> PathBuf {
    let mut pack = String::new();
    for (i, (ability, code)) in attacks.iter().enumerate() {
        let body = if code.starts_with('@') {
            format!("\"{code}\"")
        } else {
            format!("|\n          {}", code.replace('\n', "\n          "))
        };
        pack.push_str(&format!(
            "  - id: H-{i}\n    name: 悪意{i}\n    type: number\n    points: 1\n    abilities:\n      - name: {ability}\n        kind: triggered\n        when: 手番\n        effect: {body}\n"
        ));
    }
    let deck: String = (0..attacks.len())
        .map(|i| format!("H-{i}: 1, "))
        .collect::<String>()
        + &format!("N1: {}", 10usize.saturating_sub(attacks.len()).max(1));
    let dir = race_with(name, |f, t| {
        match f {
        "packs/numbers.yaml" => format!("{t}{pack}"),
        "game.yaml" => t
            .replace(
                "- { do: draw_one, clause: \"R2\" }",
                "- { do: draw_one, clause: \"R2\" }\n        - { event: 手番 }\n        - { rule_check: \"R5\" }",
            )
            .replace("visibility: public }", "visibility: public, area: true }"),
        "decks/low.yaml" | "decks/high.yaml" => format!("name: x\ncards: {{ {deck} }}\n"),
        _ => t,
    }
    });
    for (file, text) in files {
        std::fs::write(dir.join("packs").join(file), text).expect("write");
    }
    dir
}
