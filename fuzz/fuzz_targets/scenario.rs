//! Scenario files: parsed, then the starting position built with the 汎用TCG's cards; errors,
//! never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;
#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(loaded) = fuda::scenario::parse(Path::new("scenario.yaml"), text) else {
        return;
    };
    if let Ok(g) = fuda::scenario::setup::build(common::defs(), &loaded.scenario) {
        let _ = g.board_text(None);
    }
});
