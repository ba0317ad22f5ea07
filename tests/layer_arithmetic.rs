//! Multiply and divide in a layer (Victory Spark 7.8.1.3, 6.7.3.5.3): a layer's `order` puts ±
//! before ×/÷, and its `rounding` (down, up, nearest, or chosen by a setting) rounds divisions.
//! Built on the small game tests/games/riposte with its `numbers` layer changed.
use fuda::bundle::Bundle;
use fuda_engine::effects::{Duration, Effect, Op, Scope};
use fuda_engine::Game;
use std::path::{Path, PathBuf};

/// A copy of riposte whose `numbers` layer is `layer` (YAML flow-map entries after `fields`).
fn game(tag: &str, layer: &str, settings: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/riposte");
    let dir = std::env::temp_dir().join(format!("fuda-layers-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy(&src, &dir);
    let yaml = std::fs::read_to_string(dir.join("game.yaml")).expect("game.yaml");
    let old = r#"fields: [damage] }"#;
    assert!(yaml.contains(old));
    let mut yaml = yaml.replacen(old, &format!("fields: [damage], {layer} }}"), 1);
    yaml.push_str(settings);
    std::fs::write(dir.join("game.yaml"), yaml).expect("write");
    dir
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for e in std::fs::read_dir(from).expect("read").flatten() {
        let p = e.path();
        if p.is_dir() {
            copy(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("copy");
        }
    }
}

/// 雷撃 (damage 3) of P1's deck with `ops` applied in that order of timestamps; its damage.
fn damage_after(dir: &Path, ops: &[Op]) -> i64 {
    let b = Bundle::load(dir).expect("the game loads");
    let d = b.deck("mix").expect("deck");
    let mut g: Game = b.new_game([&d, &d], 1);
    let bolt = (0..g.st.objects.len() as u16)
        .find(|&c| g.name(c) == "雷撃")
        .map(|c| g.obj_id(c))
        .expect("a 雷撃");
    for op in ops {
        g.add_effect(Effect {
            source: bolt,
            controller: 0,
            timestamp: 0,
            scope: Scope::Locked(vec![bolt]),
            changes: vec![("damage".into(), op.clone())],
            duration: Duration::Permanent,
            while_cond: None,
            label: "test".into(),
            base: false,
        })
        .expect("created");
    }
    g.field(bolt.card, "damage").as_int().expect("an int")
}

#[test]
fn add_before_multiply_by_the_layers_order() {
    let ordered = game("order", "order: [set, add, mul]", "");
    // ×2 made first, +1 later: ± still first (7.8.1.3): (3 + 1) × 2.
    assert_eq!(damage_after(&ordered, &[Op::Mul(2), Op::Add(1)]), 8);
    // Without an order, by timestamp: 3 × 2 + 1.
    let plain = game("plain", "rounding: down", "");
    assert_eq!(damage_after(&plain, &[Op::Mul(2), Op::Add(1)]), 7);
}

#[test]
fn division_rounds_as_the_layer_says() {
    for (rounding, want) in [("down", [1, -2]), ("up", [2, -1]), ("nearest", [2, -2])] {
        let dir = game(rounding, &format!("rounding: {rounding}"), "");
        // 3 ÷ 2 = 1.5; (3 − 6) ÷ 2 = −1.5.
        assert_eq!(damage_after(&dir, &[Op::Div(2)]), want[0], "{rounding}");
        assert_eq!(
            damage_after(&dir, &[Op::Add(-6), Op::Div(2)]),
            want[1],
            "{rounding}"
        );
    }
}

#[test]
fn a_setting_chooses_the_rounding() {
    let settings = |v: i64| {
        format!(
            "settings:\n  divide_rounds_up: {{ value: {v}, doc: \"6.7.3.5.3: 0 down, 1 up\" }}\n"
        )
    };
    let layer = "rounding: { setting: divide_rounds_up, values: [down, up] }";
    assert_eq!(
        damage_after(&game("s0", layer, &settings(0)), &[Op::Div(2)]),
        1
    );
    assert_eq!(
        damage_after(&game("s1", layer, &settings(1)), &[Op::Div(2)]),
        2
    );
}
