//! Shared by the fuzz targets: the built-in game's definitions, loaded once.
use fuda_engine::def::card::{load_cards, CardDb};
use fuda_engine::def::load::load_game;
use fuda_engine::Defs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

pub fn game_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards/generic-tcg")
}

/// The 汎用TCG's game definition and all its cards (no Lua host: loaders only).
pub fn defs() -> Arc<Defs> {
    static DEFS: OnceLock<Arc<Defs>> = OnceLock::new();
    DEFS.get_or_init(|| {
        let game = load_game(&game_dir()).expect("the built-in game loads");
        let mut cards = CardDb::default();
        load_cards(&game, &game.dir.join("packs"), &mut cards).expect("its cards load");
        Arc::new(Defs { game, cards })
    })
    .clone()
}
