//! Save files (a `SavedGame` as JSON): restored with the 汎用TCG's definitions or refused with
//! an error, never a panic; a restored game can be shown (board text and each player's view).
#![no_main]
use libfuzzer_sys::fuzz_target;
#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(saved) = serde_json::from_slice::<fuda_engine::SavedGame>(data) else {
        return;
    };
    if let Ok(g) = fuda_engine::Game::restore(common::defs(), saved) {
        let _ = g.board_text(None);
        let _ = g.board_text(Some(0));
        for v in [None, Some(0), Some(1)] {
            let _ = g.view(v).to_json();
        }
    }
});
