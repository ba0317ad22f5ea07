//! Pack manifests (`packs/<pack>/pack.yaml`): a manifest or load errors, never a panic.
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
    if let Err(e) = fuda_engine::def::pack::parse_manifest(Path::new("pack.yaml"), text, &defs.game)
    {
        let _ = e.to_string();
    }
});
