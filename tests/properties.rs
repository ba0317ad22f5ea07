//! Properties of whole games under random decision sequences (proptest).
//!
//! A case is a game seed and a list of choice entropy: the n-th decision a player answers takes
//! the n-th number (past the list's end, numbers from an RNG seeded by the game seed) and maps it
//! onto a legal answer: a count within the decision's `min..=max` and distinct option indices.
//! Played with the 汎用TCG's scripted and vanilla starter decks and with the second game
//! (`tests/games/race`). For every case:
//! (a) no panic, no engine error, no card-script error line (`⚠`);
//! (b) every physical card is in exactly one place — one zone's list, or attached to a card —
//!     and there are as many as at the start (302.1: every card is always in some zone);
//! (c) no zone instance holds more top-level cards than its declared `capacity` (e.g. one unit
//!     per standby area, 308);
//! (d) the game ends (`Status::Over`) by the game's `turn_limit`.
use fuda::bundle::{default_game_dir, Bundle};
use fuda_engine::{DecisionKind, Defs, Game, Outcome, State, Status};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::path::Path;
use std::sync::Arc;

/// The built-in game (each test thread loads its own: a Lua host is not shared between threads).
fn generic() -> Bundle {
    Bundle::load(&default_game_dir()).expect("the built-in game loads")
}

fn race() -> Bundle {
    Bundle::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/race"))
        .expect("the race game loads")
}

/// (b) and (c) on one state. Returns a description of the first violation.
fn invariants(defs: &Defs, st: &State, cards: usize) -> Result<(), String> {
    if st.objects.len() != cards {
        return Err(format!(
            "{} cards now, {cards} at the start",
            st.objects.len()
        ));
    }
    let g = &defs.game;
    let mut place: Vec<Option<String>> = vec![None; cards];
    for (zi, list) in st.zones.iter().enumerate() {
        let zid = fuda_engine::ZoneId(zi as u16);
        if let Some(cap) = g.zone_def(zid).capacity {
            if list.len() > cap as usize {
                return Err(format!(
                    "{} holds {} cards, capacity {cap}",
                    g.zone_label(zid),
                    list.len()
                ));
            }
        }
        for &c in list {
            let o = st
                .objects
                .get(c as usize)
                .ok_or_else(|| format!("zone {zi} lists card {c}, which does not exist"))?;
            if let Some(p) = &place[c as usize] {
                return Err(format!("card {c} is in {p} and in {}", g.zone_label(zid)));
            }
            if o.attached_to.is_some() {
                return Err(format!("card {c} is attached and listed in a zone"));
            }
            if o.zone != zid {
                return Err(format!(
                    "card {c} is listed in zone {zi}, says zone {:?}",
                    o.zone
                ));
            }
            place[c as usize] = Some(g.zone_label(zid));
        }
    }
    for (c, o) in st.objects.iter().enumerate() {
        match (&place[c], o.attached_to) {
            (Some(_), _) => {}
            (None, Some(u)) if (u.card as usize) < cards && u.card as usize != c => {}
            (None, _) => return Err(format!("card {c} is nowhere ({o:?})")),
        }
    }
    Ok(())
}

/// Plays one game answering from `entropy`; checks (a)–(d) after every answer and advance.
fn play(b: &Bundle, decks: [&str; 2], seed: u64, entropy: &[u64]) -> Result<Outcome, String> {
    let d1 = b.deck(decks[0]).map_err(|e| e.to_string())?;
    let d2 = b.deck(decks[1]).map_err(|e| e.to_string())?;
    let mut g = b.new_game([&d1, &d2], seed);
    play_game(b, &mut g, seed, entropy)
}

fn play_game(b: &Bundle, g: &mut Game, seed: u64, entropy: &[u64]) -> Result<Outcome, String> {
    let cards = g.st.objects.len();
    let limit = g.defs.game.turn_limit;
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut n = 0usize;
    // A generous bound on decisions, so a livelock fails instead of hanging.
    let max_decisions = 200 * (limit as usize + 1);
    loop {
        let status = g
            .advance(&b.host)
            .map_err(|e| format!("engine error: {e}"))?;
        invariants(&g.defs, &g.st, cards).map_err(|e| format!("state: {e}"))?;
        invariants(&g.defs, g.position(), cards).map_err(|e| format!("position: {e}"))?;
        if let Some(l) = g.log.iter().find(|l| l.text.starts_with('⚠')) {
            return Err(format!("card script error: {l}"));
        }
        match status {
            Status::Over(o) => {
                if g.st.turn > limit {
                    return Err(format!("ended at turn {}, limit {limit}", g.st.turn));
                }
                return Ok(o);
            }
            Status::Decide => {}
        }
        if g.st.turn > limit {
            return Err(format!("turn {} is past the limit {limit}", g.st.turn));
        }
        for p in g.waiting_for() {
            let d = g.decision().ok_or("no decision while deciding")?;
            let e = entropy.get(n).copied().unwrap_or_else(|| rng.next_u64());
            n += 1;
            let len = d.options.len() as u64;
            let span = (d.max - d.min) as u64 + 1;
            let count = (d.min as u64 + e % span).min(len);
            let mut pool: Vec<u16> = (0..len as u16).collect();
            let mut picks = Vec::new();
            let mut x = e / span;
            for _ in 0..count {
                let i = (x % pool.len() as u64) as usize;
                x = (x / pool.len() as u64) ^ rng.next_u64();
                picks.push(pool.remove(i));
            }
            g.submit(p, picks)
                .map_err(|err| format!("legal answer refused: {err}"))?;
            invariants(&g.defs, &g.st, cards).map_err(|e| format!("after submit: {e}"))?;
        }
        if n > max_decisions {
            return Err(format!("no end after {n} answers"));
        }
    }
}

/// `cases` cases from a fixed RNG seed, so CI runs the same games every time; explore more with
/// `PROPTEST_CASES=500 PROPTEST_RNG_SEED=<n> cargo test --test properties`.
fn config(cases: u32) -> ProptestConfig {
    let mut c = ProptestConfig::default(); // reads PROPTEST_CASES and PROPTEST_RNG_SEED
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        c.rng_seed = RngSeed::Fixed(0xF0DA);
    }
    // Failures are reported with their seed and entropy; no files written under tests/.
    c.failure_persistence = None;
    c
}

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn scripted_starter_decks(seed in any::<u64>(), entropy in prop::collection::vec(any::<u64>(), 0..64)) {
        thread_local!(static B: Bundle = generic());
        let r = B.with(|b| play(b, ["flame-thunder", "water-grass"], seed, &entropy));
        prop_assert!(r.is_ok(), "seed {seed}: {}", r.err().unwrap_or_default());
    }

    #[test]
    fn vanilla_starter_decks(seed in any::<u64>(), entropy in prop::collection::vec(any::<u64>(), 0..64)) {
        thread_local!(static B: Bundle = generic());
        let r = B.with(|b| play(b, ["vanilla/water-grass", "vanilla/flame-thunder"], seed, &entropy));
        prop_assert!(r.is_ok(), "seed {seed}: {}", r.err().unwrap_or_default());
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn race_game(seed in any::<u64>(), entropy in prop::collection::vec(any::<u64>(), 0..64)) {
        thread_local!(static B: Bundle = race());
        let r = B.with(|b| play(b, ["low", "high"], seed, &entropy));
        prop_assert!(r.is_ok(), "seed {seed}: {}", r.err().unwrap_or_default());
    }
}

/// A game with a turn limit of `limit` instead of the game's own.
fn with_turn_limit(b: &Bundle, limit: u32) -> Arc<Defs> {
    let mut defs = (*b.defs).clone();
    defs.game.turn_limit = limit;
    Arc::new(defs)
}

/// (d) with a tiny limit: the game stops as a draw citing "turn limit" (not a rule of the game,
/// a safety stop of the kernel), having played exactly that many turns.
#[test]
fn a_tiny_turn_limit_ends_the_game_as_a_draw() {
    for (b, decks) in [
        (generic(), ["flame-thunder", "water-grass"]),
        (race(), ["low", "high"]),
    ] {
        for limit in [1, 2] {
            let defs = with_turn_limit(&b, limit);
            let d1 = b.deck(decks[0]).expect("deck");
            let d2 = b.deck(decks[1]).expect("deck");
            // Answers that never end the game early: the last action (end the main phase,
            // 607.1; pass in the race game), else the first option.
            let mut g = Game::new(defs, [&d1, &d2], 7);
            let o = loop {
                match g.advance(&b.host).expect("no engine error") {
                    Status::Over(o) => break o,
                    Status::Decide => {
                        let d = g.decision().expect("decision");
                        let pick = match d.kind {
                            DecisionKind::Action => d.options.len() as u16 - 1,
                            _ => 0,
                        };
                        for p in g.waiting_for() {
                            g.submit(p, vec![pick]).expect("legal");
                        }
                    }
                }
            };
            match &o {
                Outcome::Draw { clause, .. } => assert_eq!(clause, "turn limit", "{o:?}"),
                other => panic!("limit {limit}: expected a turn-limit draw, got {other:?}"),
            }
            assert_eq!(g.st.turn, limit);
            let last = g.log.last().expect("log");
            assert_eq!(last.clause.as_deref(), Some("turn limit"), "{last}");
        }
    }
}

/// The property checker itself notices a broken state (so a pass means something).
#[test]
fn the_invariants_catch_a_lost_or_doubled_card() {
    let b = race();
    let d1 = b.deck("low").expect("deck");
    let d2 = b.deck("high").expect("deck");
    let mut g = b.new_game([&d1, &d2], 1);
    g.advance(&b.host).expect("runs");
    let n = g.st.objects.len();
    assert_eq!(invariants(&g.defs, &g.st, n), Ok(()));
    let mut doubled = g.st.clone();
    let z = doubled
        .zones
        .iter()
        .position(|z| !z.is_empty())
        .expect("a card");
    let c = doubled.zones[z][0];
    let other = (z + 1) % doubled.zones.len();
    doubled.zones[other].push(c);
    assert!(invariants(&g.defs, &doubled, n).is_err());
    let mut lost = g.st.clone();
    lost.zones[z].remove(0);
    assert!(invariants(&g.defs, &lost, n).is_err());
}
