//! JSON Schemas of the data files, generated from the types that read them, so they never drift.
use fuda_engine::def::ability::RawAbility;
use fuda_engine::def::card::RawCardFile;
use fuda_engine::def::deck::RawDeck;
use fuda_engine::def::pack::PackManifest;
use fuda_engine::def::raw::RawGame;

/// The kinds of data file.
pub const KINDS: [&str; 5] = ["game", "pack", "cards", "deck", "scenario"];

/// The schema of one kind, as a JSON value.
pub fn schema(kind: &str) -> Option<serde_json::Value> {
    let s = match kind {
        "game" => schemars::schema_for!(RawGame),
        "pack" => schemars::schema_for!(PackManifest),
        "cards" => schemars::schema_for!(RawCardFile),
        "deck" => schemars::schema_for!(RawDeck),
        "scenario" => schemars::schema_for!(crate::scenario::Scenario),
        _ => return None,
    };
    let _ = std::marker::PhantomData::<RawAbility>;
    serde_json::to_value(s).ok()
}

/// The schema as the text written to `docs/schemas/<kind>.schema.json`.
pub fn text(kind: &str) -> Option<String> {
    schema(kind)
        .and_then(|v| serde_json::to_string_pretty(&v).ok())
        .map(|t| t + "\n")
}
