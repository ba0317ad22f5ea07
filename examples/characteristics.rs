//! What recomputing the characteristics (809, engine/src/layers.rs) costs at turn-8 positions
//! of the 汎用TCG's starter decks (docs/performance.md): `cargo run --release --example
//! characteristics [game dir] [deck] [deck]`. The cache is keyed on the state's generation, so
//! each iteration bumps it and reads them again.
use fuda::bundle::Bundle;
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "cards/generic-tcg".into());
    let first = args.next().unwrap_or_else(|| "flame-thunder".into());
    let second = args.next().unwrap_or_else(|| "water-grass".into());
    let b = Bundle::load(std::path::Path::new(&dir)).map_err(|e| e.to_string())?;
    let (x, y) = (b.deck(&first)?, b.deck(&second)?);
    let (mut total, mut positions) = (0f64, 0);
    for seed in 1..=40u64 {
        let mut g = b.new_game([&x, &y], seed);
        let at_turn_8 =
            |g: &fuda_engine::Game| g.st.turn >= 8 && g.waiting_for() == vec![g.st.turn_player];
        fuda::bench::play_random(&mut g, &b.host, seed, at_turn_8)?;
        if g.st.outcome.is_some() {
            continue;
        }
        positions += 1;
        let t = Instant::now();
        for _ in 0..1000 {
            g.st.generation = g.st.generation.wrapping_add(1);
            std::hint::black_box(g.characteristics());
        }
        total += t.elapsed().as_nanos() as f64 / 1000.0;
    }
    println!(
        "characteristics recomputed: {:.0} ns (mean over {positions} turn-8 positions)",
        total / positions.max(1) as f64
    );
    Ok(())
}
