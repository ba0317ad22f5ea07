//! The native baseline (`fuda::native`, benchmarks only) plays the vanilla 汎用TCG like the
//! data-driven game: on the same decks and seeds, game length and win rates agree.
use fuda::bench::play_random;
use fuda::bundle::{default_game_dir, Bundle};
use fuda::native::{self, NativeDecks};

/// Games per implementation (the engine is slow in a debug build: two threads).
const GAMES: u64 = 80;

/// (winner: 0, 1 or 2 for a draw; first player; turns; decisions) per game.
type Row = (u8, u8, u32, u64);

fn engine_games(from: u64, n: u64) -> Vec<Row> {
    let bundle = Bundle::load(&default_game_dir()).expect("the game loads");
    let a = bundle.deck("vanilla/flame-thunder").expect("deck");
    let b = bundle.deck("vanilla/water-grass").expect("deck");
    (from..from + n)
        .map(|seed| {
            let mut g = bundle.new_game([&a, &b], seed);
            let (o, d) = play_random(&mut g, &bundle.host, seed, |_| false).expect("plays");
            let w = o.and_then(|o| o.winner()).unwrap_or(2);
            (w, g.st.first_player.unwrap_or(0), g.st.turn, d)
        })
        .collect()
}

fn summary(rows: &[Row]) -> (f64, f64, f64, f64, usize) {
    let n = rows.len() as f64;
    let turns = rows.iter().map(|r| r.2 as f64).sum::<f64>() / n;
    let p1 = rows.iter().filter(|r| r.0 == 0).count() as f64 / n;
    let first = rows.iter().filter(|r| r.0 == r.1).count() as f64 / n;
    let dec = rows.iter().map(|r| r.3 as f64).sum::<f64>() / n;
    let draws = rows.iter().filter(|r| r.0 == 2).count();
    (turns, p1, first, dec, draws)
}

#[test]
fn native_and_engine_vanilla_games_agree() {
    let seed = 1;
    let half = GAMES / 2;
    let threads: Vec<_> = [seed, seed + half]
        .into_iter()
        .map(|from| std::thread::spawn(move || engine_games(from, half)))
        .collect();
    let bundle = Bundle::load(&default_game_dir()).expect("the game loads");
    let a = bundle.deck("vanilla/flame-thunder").expect("deck");
    let b = bundle.deck("vanilla/water-grass").expect("deck");
    let nd = NativeDecks::from_bundle(&bundle, [&a, &b]).expect("cards convert");
    let native: Vec<Row> = (seed..seed + GAMES)
        .map(|s| {
            let r = native::play(&nd, s);
            (r.winner.unwrap_or(2), r.first_player, r.turns, r.decisions)
        })
        .collect();
    let engine: Vec<Row> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("engine games"))
        .collect();
    let same = engine.iter().zip(&native).filter(|(e, n)| e == n).count();
    let (et, ep1, ef, ed, edraws) = summary(&engine);
    let (nt, np1, nf, nd_, ndraws) = summary(&native);
    eprintln!("engine: {et:.1} turns, P1 {:.1} %, first player {:.1} %, {ed:.1} decisions/game, {edraws} draws", 100.0 * ep1, 100.0 * ef);
    eprintln!("native: {nt:.1} turns, P1 {:.1} %, first player {:.1} %, {nd_:.1} decisions/game, {ndraws} draws", 100.0 * np1, 100.0 * nf);
    eprintln!("{same} of {GAMES} games identical (winner, first player, turns, decisions)");
    assert!(
        (nt - et).abs() <= 0.15 * et,
        "average turns differ: {nt:.1} vs {et:.1}"
    );
    assert!(
        (nd_ - ed).abs() <= 0.15 * ed,
        "decisions per game differ: {nd_:.1} vs {ed:.1}"
    );
    assert!((np1 - ep1).abs() <= 0.12, "P1 win rates differ");
    assert!((nf - ef).abs() <= 0.12, "first-player win rates differ");
    assert_eq!((edraws, ndraws), (0, 0), "vanilla games end by a rule");
}

#[test]
fn native_cards_are_the_vanilla_decks() {
    let bundle = Bundle::load(&default_game_dir()).expect("the game loads");
    let a = bundle.deck("vanilla/flame-thunder").expect("deck");
    let b = bundle.deck("vanilla/water-grass").expect("deck");
    let nd = NativeDecks::from_bundle(&bundle, [&a, &b]).expect("cards convert");
    assert_eq!(nd.decks[0].len(), 50);
    assert_eq!(nd.decks[1].len(), 50);
    let swordsman = nd.cards.iter().find(|c| c.id == "GT-001").expect("GT-001");
    assert_eq!((swordsman.hp, swordsman.retreat_cost), (300, 1));
    assert_eq!(
        swordsman.skills,
        vec![native::Skill {
            cost: 1,
            damage: 100
        }]
    );
    // The same seed plays the same native game.
    assert_eq!(native::play(&nd, 7), native::play(&nd, 7));
}
