//! The JSON Schemas (docs/schemas, generated from the Rust types) accept every data file in
//! cards/ and tests/, reject a broken one, and are current.
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml") {
            out.push(p);
        }
    }
}

/// Which schema a file follows, from where it is and what it holds (None: not a data file).
fn kind(p: &Path) -> Option<&'static str> {
    let name = p.file_name()?.to_string_lossy().to_string();
    let in_dir = |d: &str| p.components().any(|c| c.as_os_str() == d);
    if name.starts_with("uncovered") {
        return None; // clause → reason maps for the coverage matrix
    }
    if name == "game.yaml" {
        return Some("game");
    }
    if name == "pack.yaml" {
        return Some("pack");
    }
    if in_dir("decks") {
        return Some("deck");
    }
    // Scenarios: in a `scenarios` folder (tests/scenarios, a game's or a test game's), except
    // the test cards kept in their `cards` folders.
    let parts: Vec<String> = p
        .strip_prefix(root())
        .unwrap_or(p)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    if let Some(at) = parts.iter().position(|c| c == "scenarios") {
        if !parts[at..].iter().any(|c| c == "cards") {
            return Some("scenario");
        }
    }
    let text = std::fs::read_to_string(p).ok()?;
    if text.lines().any(|l| l.starts_with("cards:")) {
        return Some("cards");
    }
    None
}

fn validator(kind: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join(format!("docs/schemas/{kind}.schema.json")))
        .expect("schema file");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("json");
    jsonschema::validator_for(&schema).expect("a valid schema")
}

fn instance(p: &Path) -> serde_json::Value {
    serde_yaml::from_str(&std::fs::read_to_string(p).expect("read")).expect("yaml")
}

#[test]
fn every_data_file_follows_its_schema() {
    let mut files = Vec::new();
    yaml_files(&root().join("cards"), &mut files);
    yaml_files(&root().join("tests"), &mut files);
    files.sort();
    let mut checked = 0;
    for f in files
        .iter()
        .filter(|f| !f.starts_with(root().join("tests/fixtures")))
    {
        let Some(k) = kind(f) else { continue };
        let v = validator(k);
        let doc = instance(f);
        let errors: Vec<String> = v
            .iter_errors(&doc)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{} ({k}): {errors:#?}", f.display());
        checked += 1;
    }
    assert!(checked > 200, "{checked} files checked");
}

#[test]
fn a_broken_file_is_rejected() {
    let v = validator("cards");
    let doc = instance(&root().join("tests/fixtures/broken-pack/typo.yaml"));
    let errors: Vec<String> = v.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.iter().any(|e| e.contains("wehn")), "{errors:?}");
    let v = validator("scenario");
    let bad = serde_json::json!({"name": "x", "setup": {}, "expekt": []});
    assert!(!v.is_valid(&bad));
}

#[test]
fn the_committed_schemas_are_current() {
    for k in fuda::schema::KINDS {
        let committed =
            std::fs::read_to_string(root().join(format!("docs/schemas/{k}.schema.json")))
                .expect("file");
        assert_eq!(
            fuda::schema::text(k).as_deref(),
            Some(committed.as_str()),
            "run `cargo run -- schema --out docs/schemas` ({k})"
        );
    }
}
