//! `fuda new`: every scaffold is valid as written (`fuda check` finds no problem) and playable.
use std::process::Command;

fn fuda(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn new_game_pack_and_card_check_clean_and_play() {
    let dir = std::env::temp_dir().join(format!("fuda-new-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let game = dir.join("mygame");
    let g = game.to_str().expect("utf-8 path");
    assert_eq!(fuda(&["new", "game", g]).0, 0);
    assert_eq!(fuda(&["check", g]), (0, "no problems found\n".into()));
    let pack = game.join("packs/extra");
    assert_eq!(fuda(&["new", "pack", pack.to_str().expect("path")]).0, 0);
    let cards = pack.join("cards.yaml");
    assert_eq!(
        fuda(&[
            "new",
            "card",
            cards.to_str().expect("path"),
            "--id",
            "EX-002",
            "--name",
            "追加"
        ])
        .0,
        0
    );
    assert_eq!(fuda(&["check", g]), (0, "no problems found\n".into()));
    let (code, out) = fuda(&["sim", "--game", g, "--games", "5"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("games: 5"), "{out}");
    // A unit of the 汎用TCG gets every required field (hp, attributes, retreat cost, skills).
    let gt = dir.join("gt-pack");
    assert_eq!(
        fuda(&[
            "new",
            "pack",
            gt.to_str().expect("path"),
            "--game",
            "cards/generic-tcg",
            "--id",
            "gtx"
        ])
        .0,
        0
    );
    let (code, out) = fuda(&[
        "check",
        gt.to_str().expect("path"),
        "--game",
        "cards/generic-tcg",
    ]);
    assert_eq!(code, 0, "{out}");
    let text = std::fs::read_to_string(gt.join("cards.yaml")).expect("cards");
    assert!(
        text.contains("type: unit") && text.contains("skills: [{ name: 新しいスキル, cost: 0 }]"),
        "{text}"
    );
    // Nothing is overwritten.
    let (code, out) = fuda(&["new", "game", g]);
    assert_eq!(code, 2);
    assert!(out.contains("exists already"), "{out}");
}
