//! The rule-coverage matrix: citations are read from scenarios and tests, a citation of a clause
//! that does not exist fails, and docs/rules/generic-tcg.md holds the current matrix.
use fuda::coverage::{clause_ids, clause_of_fn_name, collect, matrix, splice};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tsv() -> std::path::PathBuf {
    root().join("cards/generic-tcg/clauses.tsv")
}

#[test]
fn clause_ids_are_read_from_text_and_test_names() {
    assert_eq!(
        clause_ids("/// 704.3c-1, 916.4a: 3 energy → 150; 1004.1 and 302.3a-1"),
        vec!["704.3c-1", "916.4a", "1004.1", "302.3a-1"]
    );
    assert_eq!(
        clause_ids("HP 100/200, 1.5, v1.2.0, 12345.6"),
        Vec::<String>::new()
    );
    assert_eq!(
        clause_of_fn_name("advantage_doubles_damage_704_3c").as_deref(),
        Some("704.3c")
    );
    assert_eq!(
        clause_of_fn_name("retreat_recovers_302_3a_1").as_deref(),
        Some("302.3a-1")
    );
    assert_eq!(
        clause_of_fn_name("kod_main_unit_is_replaced_from_standby_1004_1").as_deref(),
        Some("1004.1")
    );
    assert_eq!(clause_of_fn_name("resignation"), None);
}

/// Every clause any scenario, test or reason cites exists in the rules.
#[test]
fn no_citation_of_a_clause_that_does_not_exist() {
    let cov = collect(
        &tsv(),
        &[&root().join("tests/scenarios")],
        Some(&root().join("tests")),
    )
    .expect("collects");
    assert!(
        cov.unknown.is_empty(),
        "citations of clauses that do not exist: {:?}",
        cov.unknown
    );
    assert!(cov.behavior().count() > 250);
}

/// A made-up citation is caught, with where it is.
#[test]
fn a_made_up_clause_is_reported() {
    let dir = std::env::temp_dir().join(format!("fuda-cov-{}", std::process::id()));
    let scen = dir.join("scenarios");
    std::fs::create_dir_all(&scen).expect("dir");
    std::fs::write(
        scen.join("x.yaml"),
        "name: x\nclauses: [\"704.3z\"]\nsetup: {}\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("t.rs"),
        "/// 9999.1: nothing\n#[test]\nfn made_up_999_9() {}\n",
    )
    .expect("write");
    let cov = collect(&tsv(), &[&scen], Some(&dir)).expect("collects");
    let unknown: Vec<String> = cov
        .unknown
        .iter()
        .map(|(at, c)| format!("{at} {c}"))
        .collect();
    assert!(
        unknown.contains(&"x.yaml 704.3z".to_string()),
        "{unknown:?}"
    );
    assert!(
        unknown.contains(&"t::made_up_999_9 9999.1".to_string()),
        "{unknown:?}"
    );
}

/// The matrix in docs/rules/generic-tcg.md is the current one (`fuda coverage --write …`).
#[test]
fn the_documented_matrix_is_current() {
    let cov = collect(
        &tsv(),
        &[&root().join("tests/scenarios")],
        Some(&root().join("tests")),
    )
    .expect("collects");
    let path = root().join("docs/rules/generic-tcg.md");
    let doc = std::fs::read_to_string(&path).expect("doc");
    let fresh = splice(&doc, &matrix(&cov));
    assert!(doc == fresh, "docs/rules/generic-tcg.md is stale: run `cargo run -- coverage --write docs/rules/generic-tcg.md`");
}

/// 東方VISION's matrix in docs/rules/touhou-vision.md is current (`fuda coverage --game
/// cards/touhou-vision --write docs/rules/touhou-vision.md`), and every citation exists.
#[test]
fn the_touhou_vision_matrix_is_current() {
    let dir = root().join("cards/touhou-vision");
    let cov = fuda::coverage::collect_with(
        &dir.join("clauses.tsv"),
        &[&dir.join("scenarios")],
        Some(&root().join("tests")),
        Some("touhou_vision"),
    )
    .expect("collects");
    assert!(cov.unknown.is_empty(), "{:?}", cov.unknown);
    assert!(cov.behavior().count() > 800);
    let path = root().join("docs/rules/touhou-vision.md");
    let doc = std::fs::read_to_string(&path).expect("doc");
    assert!(
        doc == splice(&doc, &matrix(&cov)),
        "docs/rules/touhou-vision.md is stale: run `cargo run -- coverage --game cards/touhou-vision --write docs/rules/touhou-vision.md`"
    );
}

/// A hosted game's matrix (`cards/<game>`, its test files `tests/<prefix>*.rs`) in
/// docs/rules/<game>.md is current, every citation exists, every uncovered clause has a reason,
/// and at least `min` % of its behavior clauses are covered.
fn game_matrix_is_current(game: &str, prefix: &str, min: f64) {
    let dir = root().join("cards").join(game);
    let cov = fuda::coverage::collect_with(
        &dir.join("clauses.tsv"),
        &[&dir.join("scenarios")],
        Some(&root().join("tests")),
        Some(prefix),
    )
    .expect("collects");
    assert!(cov.unknown.is_empty(), "{:?}", cov.unknown);
    assert!(cov.percent() >= min, "{game}: {:.1} %", cov.percent());
    assert!(
        cov.missing().is_empty(),
        "{game}: every uncovered clause has a reason"
    );
    let path = root().join(format!("docs/rules/{game}.md"));
    let doc = std::fs::read_to_string(&path).expect("doc");
    assert!(
        doc == splice(&doc, &matrix(&cov)),
        "docs/rules/{game}.md is stale: run `cargo run -- coverage --game cards/{game} --write docs/rules/{game}.md`"
    );
}

/// 炎炎ノ消防隊's matrix in docs/rules/fire-force.md is current (`fuda coverage --game
/// cards/fire-force --write docs/rules/fire-force.md`), every citation exists, and at least 90 %
/// of its behavior clauses are covered.
#[test]
fn the_fire_force_matrix_is_current() {
    game_matrix_is_current("fire-force", "fire_force", 90.0);
}

/// ヴィクトリースパーク's matrix in docs/rules/victory-spark.md is current (`fuda coverage --game
/// cards/victory-spark --write docs/rules/victory-spark.md`), every citation exists, and at least
/// 90 % of its behavior clauses are covered (issue 13).
#[test]
fn the_victory_spark_matrix_is_current() {
    game_matrix_is_current("victory-spark", "victory_spark", 90.0);
}
