//! The native baseline (`fuda::native`, benchmarks only) plays the vanilla 汎用TCG exactly as
//! the data-driven game does: on the same decks and seeds, every game is the same game, answer
//! for answer (the same options in the same order, so the same random picks).
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::{default_game_dir, Bundle};
use fuda::native::{self, moves_hash, NativeDecks};
use fuda_engine::Status;

/// Games per implementation (the engine is slow in a debug build: two threads).
const GAMES: u64 = 80;

/// (winner: 0, 1 or 2 for a draw; first player; turns; answers; hash of every answer in order)
/// per game.
type Row = (u8, u8, u32, u64, u64);

/// One engine game between the random agents `fuda sim` and the baseline seed alike.
fn engine_game(bundle: &Bundle, decks: [&fuda_engine::def::deck::DeckDef; 2], seed: u64) -> Row {
    let mut g = bundle.new_game(decks, seed);
    let mut agents = [1, 2].map(|k| RandomAgent::new(seed.wrapping_mul(2).wrapping_add(k)));
    let (mut decisions, mut moves) = (0, 0xcbf2_9ce4_8422_2325);
    let outcome = loop {
        match g.advance(&bundle.host).expect("plays") {
            Status::Over(o) => break o,
            Status::Decide => {
                for p in g.waiting_for() {
                    let picks = agents[p as usize].pick(&g, p);
                    let as_usize: Vec<usize> = picks.iter().map(|&i| i as usize).collect();
                    moves = moves_hash(moves, p as usize, &as_usize);
                    decisions += 1;
                    g.submit(p, picks).expect("a legal answer");
                }
            }
        }
    };
    let w = outcome.winner().unwrap_or(2);
    (
        w,
        g.st.first_player.unwrap_or(0),
        g.st.turn,
        decisions,
        moves,
    )
}

fn engine_games(from: u64, n: u64) -> Vec<Row> {
    let bundle = Bundle::load(&default_game_dir()).expect("the game loads");
    let a = bundle.deck("vanilla/flame-thunder").expect("deck");
    let b = bundle.deck("vanilla/water-grass").expect("deck");
    (from..from + n)
        .map(|seed| engine_game(&bundle, [&a, &b], seed))
        .collect()
}

#[test]
fn native_and_engine_vanilla_games_are_the_same_games() {
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
            (
                r.winner.unwrap_or(2),
                r.first_player,
                r.turns,
                r.decisions,
                r.moves,
            )
        })
        .collect();
    let engine: Vec<Row> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("engine games"))
        .collect();
    assert_eq!(engine.len(), GAMES as usize);
    for (i, (e, n)) in engine.iter().zip(&native).enumerate() {
        assert_eq!(
            e,
            n,
            "seed {}: the engine's game (winner, first player, turns, answers, answers' hash) \
             differs from the native baseline's",
            seed + i as u64
        );
    }
    assert!(
        engine.iter().all(|r| r.0 != 2),
        "vanilla games end by a rule"
    );
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
