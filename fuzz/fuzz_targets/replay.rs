//! Restore, then play: a save (JSON `SavedGame`) restored with the 汎用TCG's definitions and
//! its Lua host is either refused with an error or played on by random agents for 200
//! decisions — never a panic. Seed the corpus with real saves (docs/fuzzing.md).
#![no_main]
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::{default_game_dir, Bundle};
use fuda_engine::{Game, Status};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

thread_local! {
    static GAME: Bundle = Bundle::load(&default_game_dir()).expect("the built-in game loads");
}

fuzz_target!(|data: &[u8]| {
    let Ok(saved) = serde_json::from_slice::<fuda_engine::SavedGame>(data) else {
        return;
    };
    GAME.with(|b| {
        let Ok(mut g) = Game::restore(Arc::clone(&b.defs), saved) else {
            return;
        };
        let mut agents: [Box<dyn Agent>; 2] =
            [Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
        for _ in 0..200 {
            match g.advance(&b.host) {
                Ok(Status::Decide) => {
                    for p in g.waiting_for() {
                        let picks = agents[p as usize].pick_with(&g, &b.host, p);
                        let _ = g.submit(p, picks);
                    }
                }
                _ => break,
            }
        }
    });
});
