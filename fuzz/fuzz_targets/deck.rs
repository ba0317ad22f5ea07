//! Deck files (`decks/*.yaml`): a deck (then checked against 402.2) or load errors, never a panic.
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
    match fuda_engine::def::deck::parse_deck(Path::new("deck.yaml"), text, &defs.cards) {
        Ok(deck) => {
            for p in fuda_engine::def::deck::check_deck(&defs.game, &defs.cards, &deck) {
                let _ = p.to_string();
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
