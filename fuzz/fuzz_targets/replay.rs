//! Restore, then play: a real mid-game save of the 汎用TCG (chosen by the first input bytes:
//! seed and decisions played), its JSON digits overwritten by the rest of the input, is either
//! refused by `Game::restore` or played on by random agents for 2 decisions — never a panic.
#![no_main]
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::{default_game_dir, Bundle};
use fuda_engine::{Game, Status};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

thread_local! {
    static GAME: Bundle = Bundle::load(&default_game_dir()).expect("the built-in game loads");
    static SAVES: RefCell<BTreeMap<(u8, u8), Vec<u8>>> = RefCell::new(BTreeMap::new());
}

fn play(g: &mut Game, b: &Bundle, decisions: usize) {
    let mut agents: [Box<dyn Agent>; 2] =
        [Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
    for _ in 0..decisions {
        match g.advance(&b.host) {
            Ok(Status::Decide) => {
                for p in g.waiting_for() {
                    let picks = agents[p as usize].pick_with(g, &b.host, p);
                    let _ = g.submit(p, picks);
                }
            }
            _ => break,
        }
    }
}

/// The JSON of game `seed` saved after `at` decisions of random play.
fn save(b: &Bundle, seed: u8, at: u8) -> Vec<u8> {
    SAVES.with(|s| {
        s.borrow_mut()
            .entry((seed, at))
            .or_insert_with(|| {
                let d1 = b.deck("flame-thunder").expect("deck");
                let d2 = b.deck("water-grass").expect("deck");
                let mut g = b.new_game([&d1, &d2], seed as u64);
                play(&mut g, b, at as usize * 4);
                serde_json::to_vec(&g.save()).expect("a save serializes")
            })
            .clone()
    })
}

fuzz_target!(|data: &[u8]| {
    let [seed, at, rest @ ..] = data else {
        return;
    };
    GAME.with(|b| {
        let mut json = save(b, seed % 4, at % 32);
        // Overwrite digits with digits: the JSON stays valid, the numbers in it change.
        for pair in rest.chunks(3) {
            if let [hi, lo, d] = pair {
                let i = (((*hi as usize) << 8) | *lo as usize) * 7 % json.len();
                if json[i].is_ascii_digit() {
                    json[i] = b'0' + d % 10;
                }
            }
        }
        let Ok(saved) = serde_json::from_slice::<fuda_engine::SavedGame>(&json) else {
            return;
        };
        if let Ok(mut g) = Game::restore(Arc::clone(&b.defs), saved) {
            play(&mut g, b, 2);
        }
    });
});
