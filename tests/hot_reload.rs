//! Hot reload: a game in progress picks up an edited card; a broken edit keeps the old version.
use fuda::bundle::Bundle;
use fuda::reload::{reload, Watcher};
use fuda_engine::{DecisionKind, Status};
use std::path::{Path, PathBuf};

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    fuda::files::copy_dir(from, to).expect("the folder copies");
}

fn game_copy() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fuda-reload-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/generic-tcg"),
        &dir,
    );
    dir
}

#[test]
fn a_game_in_progress_picks_up_an_edited_card() {
    let dir = game_copy();
    let mut bundle = Bundle::load(&dir).expect("loads");
    let (d1, d2) = (
        bundle.deck("vanilla/flame-thunder").expect("deck"),
        bundle.deck("vanilla/water-grass").expect("deck"),
    );
    let mut g = bundle.new_game([&d1, &d2], 5);
    loop {
        match g.advance(&bundle.host).expect("runs") {
            Status::Decide if g.decision().map(|d| d.kind) == Some(DecisionKind::Action) => break,
            Status::Decide => {
                for p in g.waiting_for() {
                    g.submit(p, vec![0]).expect("legal");
                }
            }
            Status::Over(o) => panic!("{o:?}"),
        }
    }
    let swordsman = (0..g.st.objects.len() as u16)
        .find(|&c| {
            g.defs.cards.cards[g.st.objects[c as usize].def as usize]
                .named
                .id
                == "GT-001"
        })
        .expect("in the deck");
    assert_eq!(g.field(swordsman, "hp").as_int(), Some(300));
    let mut watcher = Watcher::new(&dir);
    assert!(!watcher.changed());

    // The designer edits 炎の剣士's HP.
    let units = dir.join("packs/starter/units.yaml");
    let text = std::fs::read_to_string(&units).expect("read");
    let at = text.find("id: GT-001").expect("card");
    let hp = at + text[at..].find("hp: 300").expect("hp");
    std::fs::write(
        &units,
        format!("{}hp: 350{}", &text[..hp], &text[hp + "hp: 300".len()..]),
    )
    .expect("write");
    assert!(watcher.changed());
    reload(&mut bundle, &mut g).expect("reloads");
    assert_eq!(
        g.field(swordsman, "hp").as_int(),
        Some(350),
        "the game in progress sees the new card"
    );
    // The game goes on with the new definitions.
    let before = g.st.turn;
    g.submit(
        g.st.turn_player,
        vec![(g.decision().expect("decision").options.len() - 1) as u16],
    )
    .expect("end the main phase");
    g.advance(&bundle.host).expect("runs on");
    assert!(g.st.turn >= before);

    // A broken edit: the error is reported and the old version stays.
    std::fs::write(&units, "cards: [ this is not yaml").expect("write");
    assert!(watcher.changed());
    let err = reload(&mut bundle, &mut g).expect_err("broken");
    assert!(err.contains("units.yaml"), "{err}");
    assert_eq!(g.field(swordsman, "hp").as_int(), Some(350));
}
