//! Test support: a game of the repository's 汎用TCG, loaded without a script host (so only
//! kernel code runs: the tests call kernel functions directly).
use crate::def::card::{load_cards, CardDb};
use crate::def::deck::load_deck;
use crate::def::load::load_game;
use crate::game::{Defs, Game};
use crate::ids::ObjId;
use crate::state::PendingTrigger;
use std::path::Path;
use std::sync::Arc;

/// A new game of cards/generic-tcg, both players with its 炎雷 deck, seed 1.
pub(crate) fn generic_tcg() -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards/generic-tcg");
    let game = load_game(&dir).expect("cards/generic-tcg loads");
    let mut cards = CardDb::default();
    load_cards(&game, &dir.join("packs"), &mut cards).expect("its packs load");
    let deck = load_deck(&dir.join("decks/flame-thunder.yaml"), &cards).expect("its deck loads");
    Game::new(Arc::new(Defs { game, cards }), [&deck, &deck], 1)
}

/// GT-101's triggered ability, pending once for P1 from card 0.
pub(crate) fn gt101_trigger(d: &Defs) -> PendingTrigger {
    PendingTrigger {
        controller: 0,
        source: ObjId {
            card: 0,
            incarnation: 0,
        },
        def: d.cards.by_id["GT-101"] as u16,
        ability: 0,
        count: 1,
        events: Vec::new(),
        delayed_data: None,
        from_skill: false,
    }
}
