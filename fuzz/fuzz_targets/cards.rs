//! Card files (`packs/**.yaml`): any text gives cards or load errors, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;
#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let defs = common::defs();
    let mut db = fuda_engine::def::card::CardDb::default();
    if let Err(e) =
        fuda_engine::def::card::parse_cards(&defs.game, Path::new("fuzz.yaml"), text, &mut db)
    {
        let _ = e.to_string();
    }
});
