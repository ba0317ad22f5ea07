//! Many games at once: one worker per job on a rayon pool, each with its own loaded bundle
//! (Lua states are not shared between threads), streaming records back in seed order.
use super::record::{play_recorded, GameRecord, Header};
use super::stats::Stats;
use crate::agent::{seat_seed, AgentSpec};
use crate::bundle::Bundle;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub dir: PathBuf,
    /// A pack from outside the game's packs/ (`--pack`).
    pub pack: Option<PathBuf>,
    /// Deck per seat, by name in the game's decks/ folder or by path.
    pub decks: [String; 2],
    pub agents: [AgentSpec; 2],
    /// Games of the whole run; seeds are `seed + i` for i in the shard's range.
    pub games: u64,
    pub seed: u64,
    pub jobs: usize,
    /// `(k, n)`: this machine plays the k-th (1-based) of n equal parts of the run.
    pub shard: Option<(u64, u64)>,
    /// Keep every game's full log (for `--log`; use with few games).
    pub keep_logs: bool,
    /// Record the clauses each game's log cites (for `--clauses`).
    pub clauses: bool,
}

impl SimConfig {
    /// The game indices this run plays.
    pub fn range(&self) -> std::ops::Range<u64> {
        match self.shard {
            Some((k, n)) => self.games * (k - 1) / n..self.games * k / n,
            None => 0..self.games,
        }
    }
}

/// Parses `K/N` (1 ≤ K ≤ N).
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard \"{s}\": write K/N with 1 ≤ K ≤ N, e.g. 2/4");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n) = (
        k.trim().parse::<u64>().map_err(|_| bad())?,
        n.trim().parse::<u64>().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// One finished game, as a worker reports it.
pub struct Finished {
    pub record: GameRecord,
    pub log: Option<String>,
}

fn load(cfg: &SimConfig) -> Result<(Bundle, [fuda_engine::def::deck::DeckDef; 2]), String> {
    let bundle =
        Bundle::load_with_pack(&cfg.dir, cfg.pack.as_deref()).map_err(|e| e.to_string())?;
    let a = bundle.deck(&cfg.decks[0]).map_err(|e| e.to_string())?;
    let b = bundle.deck(&cfg.decks[1]).map_err(|e| e.to_string())?;
    Ok((bundle, [a, b]))
}

/// The header describing this run (loads the game once to read the decks).
pub fn header(cfg: &SimConfig) -> Result<Header, String> {
    let (bundle, decks) = load(cfg)?;
    let names = |d: &fuda_engine::def::deck::DeckDef| {
        let mut v: Vec<String> = d
            .cards
            .iter()
            .map(|(i, _)| bundle.defs.cards.cards[*i].named.name.clone())
            .collect();
        v.sort();
        v.dedup();
        v
    };
    Ok(Header {
        game: bundle.defs.game.named.name.clone(),
        agents: cfg.agents.map(|a| a.to_string()),
        decks: [decks[0].name.clone(), decks[1].name.clone()],
        deck_cards: [names(&decks[0]), names(&decks[1])],
        games: cfg.games,
        seed: cfg.seed,
        shard: cfg.shard.map(|(k, n)| format!("{k}/{n}")),
    })
}

/// Stack of a sim worker thread: like the main thread's (8 MiB) and then some, so recursion
/// bounded by the Lua host's limits (hooks calling the kernel calling hooks) never overflows a
/// worker first. Only touched pages are committed, so idle depth costs no memory.
pub const WORKER_STACK: usize = 64 << 20;

/// Plays the run; `each` gets every finished game in seed order (to stream it out).
pub fn run(
    cfg: &SimConfig,
    header: &Header,
    mut each: impl FnMut(&Finished) -> Result<(), String>,
) -> Result<Stats, String> {
    let range = cfg.range();
    let jobs = cfg
        .jobs
        .max(1)
        .min((range.end - range.start).max(1) as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(WORKER_STACK)
        .build()
        .map_err(|e| e.to_string())?;
    let next = Arc::new(AtomicU64::new(range.start));
    let (tx, rx) = mpsc::sync_channel::<Result<(u64, Finished), String>>(1024);
    for _ in 0..jobs {
        let (tx, next, cfg) = (tx.clone(), Arc::clone(&next), cfg.clone());
        let end = range.end;
        pool.spawn(move || {
            let (bundle, decks) = match load(&cfg) {
                Ok(b) => b,
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            };
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= end {
                    return;
                }
                let seed = cfg.seed.wrapping_add(i);
                let mut g = bundle.new_game([&decks[0], &decks[1]], seed);
                let mut agents = [
                    cfg.agents[0].build(seat_seed(seed, 0)),
                    cfg.agents[1].build(seat_seed(seed, 1)),
                ];
                let mut record = play_recorded(&mut g, &bundle.host, &mut agents, seed);
                if cfg.clauses {
                    record.clauses = super::record::cited_clauses(&g);
                }
                let log = cfg
                    .keep_logs
                    .then(|| g.log.iter().map(|l| format!("{l}\n")).collect::<String>());
                if tx.send(Ok((i, Finished { record, log }))).is_err() {
                    return;
                }
            }
        });
    }
    drop(tx);
    // Records arrive in any order; hand them on in seed order.
    let mut stats = Stats::default();
    let mut waiting: BTreeMap<u64, Finished> = BTreeMap::new();
    let mut expect = range.start;
    for msg in rx {
        let (i, f) = msg?;
        waiting.insert(i, f);
        while let Some(f) = waiting.remove(&expect) {
            stats.add(header, &f.record);
            each(&f)?;
            expect += 1;
        }
    }
    if expect != range.end {
        return Err(format!(
            "only {} of {} games finished",
            expect - range.start,
            range.end - range.start
        ));
    }
    Ok(stats)
}
