//! Game definitions (`game.yaml`): a validated definition or load errors, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match fuda_engine::def::load::parse_game(Path::new("game.yaml"), text) {
        Ok(g) => {
            // A definition that loads has usable zone arithmetic.
            for i in 0..g.zone_instances {
                let _ = g.zone_label(fuda_engine::ZoneId(i));
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
