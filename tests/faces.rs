//! Card faces from data (docs/faces.md): every card of every hosted game gets one from its
//! game's template, and template mistakes are reported with their line.
use fuda::bundle::Bundle;
use fuda::faces::{self, template};
use std::path::Path;
use std::process::Command;

const GAMES: [&str; 4] = [
    "generic-tcg",
    "fire-force",
    "touhou-vision",
    "victory-spark",
];

fn bundle(game: &str) -> Bundle {
    Bundle::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("cards")
            .join(game),
    )
    .expect("loads")
}

#[test]
fn fuda_faces_writes_a_face_for_every_card_of_every_hosted_game() {
    for game in GAMES {
        let out = std::env::temp_dir().join(format!("fuda-faces-{}-{game}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let run = Command::new(env!("CARGO_BIN_EXE_fuda"))
            .args(["faces", "--game", &format!("cards/{game}"), "--out"])
            .arg(&out)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("fuda faces runs");
        assert!(
            run.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let b = bundle(game);
        for card in &b.defs.cards.cards {
            let path = out.join(format!("{}.svg", faces::file_safe(&card.named.id)));
            let svg = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(
                svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
                "{game} {}",
                card.named.id
            );
            assert!(
                !svg.contains("{{"),
                "{game} {}: a placeholder left unfilled",
                card.named.id
            );
            assert!(
                svg.contains(&template::escape(&card.named.name)),
                "{game} {}: the face names the card",
                card.named.id
            );
            assert_eq!(svg.matches("<svg").count(), svg.matches("</svg>").count());
        }
        let sheets = b.defs.cards.cards.len().div_ceil(9);
        let last = std::fs::read_to_string(out.join(format!("sheet-{sheets}.svg")))
            .expect("the last sheet");
        assert!(
            last.contains(r#"width="210mm" height="297mm""#),
            "an A4 sheet"
        );
        let _ = std::fs::remove_dir_all(&out);
    }
}

#[test]
fn a_face_from_the_generic_tcg_template() {
    let b = bundle("generic-tcg");
    let all = faces::faces(&b, None).expect("faces");
    let (_, svg) = all.iter().find(|(id, _)| id == "GT-101").expect("GT-101");
    // 見張りの斥候: HP 150, 属性 草, 有利 水, 退却コスト 0, a triggered ability and one skill.
    insta::assert_snapshot!("generic_tcg_gt_101_face", svg);
}

#[test]
fn template_mistakes_are_reported_with_their_line() {
    let b = bundle("generic-tcg");
    let game = &b.defs.game;
    let tpl = "<svg viewBox=\"0 0 250 350\">\n<text>{{hp}} {{power}}</text>\n{{#advantage}}<text/>\n{{wrap body}}\n</svg>";
    let p = template::problems(tpl, game);
    assert_eq!(p.len(), 3, "{p:?}");
    assert_eq!(p[0].0, 2);
    assert!(
        p[0].1.contains("\"power\" is not a card field"),
        "{}",
        p[0].1
    );
    assert_eq!(p[1].0, 4);
    assert!(
        p[1].1.contains("wrap KEY COLUMNS X LINE_HEIGHT"),
        "{}",
        p[1].1
    );
    assert_eq!(p[2].0, 3);
    assert!(p[2].1.contains("never closed"), "{}", p[2].1);
    assert!(template::problems(faces::DEFAULT_TEMPLATE, game).is_empty());
    // Values are escaped; sections keep or drop their content.
    let card = &b.defs.cards.cards[b.defs.cards.by_id["GT-001"]];
    let out = template::render(
        "{{#hp}}H{{hp}}{{/hp}}{{^hp}}none{{/hp}}{{#target}}T{{/target}}<{{name}}>",
        game,
        card,
    );
    assert_eq!(out, "H300<炎の剣士>");
}
