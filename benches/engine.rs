//! Criterion benches of the engine and the native baseline (issue 6), and one whole game of
//! each hosted game with its first two decks (issue 14): `cargo bench`.
//! Kept short (few samples, 3 s each); `fuda bench` gives the full report.
use criterion::{criterion_group, criterion_main, Criterion};
use fuda::bench::{mid_game_positions, play_random};
use fuda::bundle::{default_game_dir, Bundle};
use fuda::native::{self, NativeDecks};
use fuda_engine::{Game, SavedGame};
use std::hint::black_box;
use std::sync::Arc;

/// The allocator the `fuda` binary uses (src/main.rs), so the benches measure what it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn benches(c: &mut Criterion) {
    let bundle = Bundle::load(&default_game_dir()).expect("the game loads");
    let deck = |n: &str| bundle.deck(n).expect("deck");
    let scripted = [deck("flame-thunder"), deck("water-grass")];
    let vanilla = [deck("vanilla/flame-thunder"), deck("vanilla/water-grass")];
    let nd = NativeDecks::from_bundle(&bundle, [&vanilla[0], &vanilla[1]]).expect("cards");

    let mut seed = 0u64;
    c.bench_function("game/scripted", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = bundle.new_game([&scripted[0], &scripted[1]], seed);
            black_box(play_random(&mut g, &bundle.host, seed, |_| false).expect("plays"))
        })
    });
    c.bench_function("game/vanilla", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = bundle.new_game([&vanilla[0], &vanilla[1]], seed);
            black_box(play_random(&mut g, &bundle.host, seed, |_| false).expect("plays"))
        })
    });
    c.bench_function("game/native", |b| {
        b.iter(|| {
            seed += 1;
            black_box(native::play(&nd, seed))
        })
    });

    // Each hosted game with its own starter decks (`fuda bench --game cards/<game>`).
    for game in ["fire-force", "victory-spark", "touhou-vision"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("cards")
            .join(game);
        let b = Bundle::load(&dir).expect("the hosted game loads");
        let names = b.resolve_decks(&[]).expect("its decks");
        let decks = [
            b.deck(&names[0]).expect("deck"),
            b.deck(&names[1]).expect("deck"),
        ];
        c.bench_function(&format!("game/{game}"), |bch| {
            bch.iter(|| {
                seed += 1;
                let mut g = b.new_game([&decks[0], &decks[1]], seed);
                black_box(play_random(&mut g, &b.host, seed, |_| false).expect("plays"))
            })
        });
    }

    let positions =
        mid_game_positions(&bundle, [&scripted[0], &scripted[1]], 1, 8, 10).expect("positions");
    let mut i = 0;
    let mut next = || {
        i = (i + 1) % positions.len();
        &positions[i]
    };
    c.bench_function("fork/game_clone", |b| b.iter(|| black_box(next().clone())));
    c.bench_function("fork/state_clone", |b| {
        b.iter(|| black_box(next().st.clone()))
    });
    c.bench_function("save_restore/json", |b| {
        b.iter(|| {
            let g = next();
            let text = serde_json::to_string(&g.save()).expect("saves");
            let saved: SavedGame = serde_json::from_str(&text).expect("loads");
            black_box(Game::restore(Arc::clone(&g.defs), saved).expect("restores"))
        })
    });
}

criterion_group! {
    name = engine;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(engine);
