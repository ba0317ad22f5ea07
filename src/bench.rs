//! `fuda bench`: single-threaded measurements of the engine against the issue-6 targets, and
//! of the native baseline ([`crate::native`]) on the same decks and seeds, in the same run.
use crate::agent::{Agent, RandomAgent};
use crate::bundle::{default_game_dir, Bundle};
use crate::native::{self, NativeDecks};
use fuda_engine::def::deck::DeckDef;
use fuda_engine::{Game, Host, Outcome, State, Status};
use std::fmt::Write as _;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `fuda bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Games per measurement (seeds seed, seed+1, …).
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Game folder (default: the built-in 汎用TCG). Another game plays its own decks; vanilla
    /// decks and the native baseline only if `--vanilla` names them.
    #[arg(long)]
    pub game: Option<PathBuf>,
    /// Clones per mid-game position when timing a fork.
    #[arg(long, default_value_t = 2000)]
    pub forks: u64,
    /// Decks with card text (names in the game's decks/ folder). Default: the built-in game's
    /// flame-thunder,water-grass; another game's first two decks.
    #[arg(long)]
    pub decks: Option<String>,
    /// Vanilla decks (no card text), also played by the native baseline of the 汎用TCG's rules.
    /// Default: the built-in game's vanilla/flame-thunder,vanilla/water-grass; none for another.
    #[arg(long)]
    pub vanilla: Option<String>,
    /// Also list, for the decks with card text, each hook's calls and time per decision.
    #[arg(long)]
    pub hooks: bool,
    /// Run every hook call, answering none from a kept result (to measure what the memo of
    /// hook results saves; scripting/src/memo.rs).
    #[arg(long)]
    pub no_memo: bool,
}

impl Default for BenchArgs {
    fn default() -> Self {
        BenchArgs {
            games: 200,
            seed: 1,
            game: None,
            forks: 2000,
            decks: None,
            vanilla: None,
            hooks: false,
            no_memo: false,
        }
    }
}

/// Totals of a series of games.
#[derive(Clone, Debug, Default)]
pub struct Series {
    pub games: u64,
    pub secs: f64,
    pub decisions: u64,
    pub turns: u64,
    pub p1_wins: u64,
    pub draws: u64,
    pub first_player_wins: u64,
    pub hooks: fuda_scripting::HookStats,
    /// Per hook (only when asked for): outermost calls and nanoseconds.
    pub profile: fuda_scripting::HookProfile,
}

impl Series {
    pub fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.secs
    }
    pub fn p1_rate(&self) -> f64 {
        self.p1_wins as f64 / self.games.max(1) as f64
    }
    pub fn first_rate(&self) -> f64 {
        self.first_player_wins as f64 / self.games.max(1) as f64
    }
    pub fn avg_turns(&self) -> f64 {
        self.turns as f64 / self.games.max(1) as f64
    }
    fn add(&mut self, winner: Option<u8>, first: Option<u8>, turns: u32, decisions: u64) {
        self.games += 1;
        self.turns += turns as u64;
        self.decisions += decisions;
        match winner {
            None => self.draws += 1,
            Some(w) => {
                self.p1_wins += (w == 0) as u64;
                self.first_player_wins += (Some(w) == first) as u64;
            }
        }
    }
}

/// The agents `fuda sim` uses for a seed.
pub fn random_agents(seed: u64) -> [RandomAgent; 2] {
    [
        RandomAgent::new(seed.wrapping_mul(2).wrapping_add(1)),
        RandomAgent::new(seed.wrapping_mul(2).wrapping_add(2)),
    ]
}

/// Plays a game to its end between random agents; returns the outcome and the answers given.
/// `stop` ends it early at the first decision where it holds (then the outcome is `None`).
pub fn play_random(
    game: &mut Game,
    host: &dyn Host,
    seed: u64,
    stop: impl Fn(&Game) -> bool,
) -> Result<(Option<Outcome>, u64), String> {
    let mut agents = random_agents(seed);
    let mut decisions = 0;
    loop {
        match game
            .advance(host)
            .map_err(|e| format!("seed {seed}: {e}"))?
        {
            Status::Over(o) => return Ok((Some(o), decisions)),
            Status::Decide => {
                if stop(game) {
                    return Ok((None, decisions));
                }
                for p in game.waiting_for() {
                    let picks = agents[p as usize].pick(game, p);
                    game.submit(p, picks)
                        .map_err(|e| format!("seed {seed}: {e}"))?;
                    decisions += 1;
                }
            }
        }
    }
}

/// `games` engine games from `seed` between random agents, single-threaded.
pub fn engine_series(
    bundle: &Bundle,
    decks: [&DeckDef; 2],
    seed: u64,
    games: u64,
) -> Result<Series, String> {
    let mut s = Series::default();
    fuda_scripting::reset_hook_stats();
    let t = Instant::now();
    for i in 0..games {
        let seed = seed.wrapping_add(i);
        let mut g = bundle.new_game(decks, seed);
        let (o, d) = play_random(&mut g, &bundle.host, seed, |_| false)?;
        let winner = o.and_then(|o| o.winner());
        s.add(winner, g.st.first_player, g.st.turn, d);
    }
    s.secs = t.elapsed().as_secs_f64();
    s.hooks = fuda_scripting::hook_stats();
    s.profile = fuda_scripting::hook_profile();
    Ok(s)
}

/// The same games with the native baseline.
pub fn native_series(decks: &NativeDecks, seed: u64, games: u64) -> Series {
    let mut s = Series::default();
    let t = Instant::now();
    for i in 0..games {
        let r = native::play(decks, seed.wrapping_add(i));
        s.add(r.winner, Some(r.first_player), r.turns, r.decisions);
    }
    s.secs = t.elapsed().as_secs_f64();
    s
}

/// Mid-game positions (the first decision of turn `turn`) of games from `seed`.
pub fn mid_game_positions(
    bundle: &Bundle,
    decks: [&DeckDef; 2],
    seed: u64,
    n: u64,
    turn: u32,
) -> Result<Vec<Game>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while (out.len() as u64) < n && i < n * 4 {
        let s = seed.wrapping_add(i);
        let mut g = bundle.new_game(decks, s);
        if play_random(&mut g, &bundle.host, s, |g| g.st.turn >= turn)?
            .0
            .is_none()
        {
            out.push(g);
        }
        i += 1;
    }
    Ok(out)
}

/// Mean µs of `f` over `reps` runs for each position.
fn micros_per(positions: &[Game], reps: u64, mut f: impl FnMut(&Game)) -> f64 {
    let t = Instant::now();
    for g in positions {
        for _ in 0..reps {
            f(g);
        }
    }
    t.elapsed().as_secs_f64() * 1e6 / (reps * positions.len().max(1) as u64) as f64
}

/// In-memory bytes of a state: its struct and its vectors' elements (capacity not counted).
pub fn state_bytes(st: &State) -> usize {
    use std::mem::size_of_val;
    let mut n = std::mem::size_of::<State>();
    n += size_of_val(st.objects.as_slice()) + size_of_val(st.zones.as_slice());
    n += st
        .zones
        .iter()
        .map(|z| size_of_val(z.as_slice()))
        .sum::<usize>();
    n += size_of_val(st.players.as_slice())
        + st.players
            .iter()
            .map(|p| size_of_val(p.vars.as_slice()))
            .sum::<usize>();
    n += size_of_val(st.game_vars.as_slice()) + size_of_val(st.triggers.as_slice());
    n += size_of_val(st.delayed.as_slice()) + size_of_val(st.effects.as_slice());
    n += size_of_val(st.lki.as_slice()) + size_of_val(st.uses.as_slice());
    n
}

fn deck_pair(bundle: &Bundle, names: &str) -> Result<[DeckDef; 2], String> {
    let v: Vec<&str> = names.split(',').map(str::trim).collect();
    let [a, b] = v.as_slice() else {
        return Err(format!("two decks, separated by a comma, not \"{names}\""));
    };
    let load = |n: &str| bundle.deck(n).map_err(|e| e.to_string());
    Ok([load(a)?, load(b)?])
}

fn series_line(out: &mut String, name: &str, s: &Series) {
    let _ = writeln!(
        out,
        "{name:<22} {:>8.1} games/s  {:>9.0} decisions/s  {:>6.1} decisions/game  {:>5.1} turns  P1 {:>5.1} %  first player {:>5.1} %  draws {}",
        s.games_per_sec(),
        s.decisions as f64 / s.secs,
        s.decisions as f64 / s.games.max(1) as f64,
        s.avg_turns(),
        100.0 * s.p1_rate(),
        100.0 * s.first_rate(),
        s.draws
    );
}

fn hooks_line(out: &mut String, name: &str, s: &Series) {
    let h = &s.hooks;
    let d = s.decisions.max(1) as f64;
    let _ = writeln!(
        out,
        "{name:<22} {:>5.1} hook calls/decision ({:.1} from the kernel, {:.1} of them kept results), {:>5.1} k.* calls/decision, {:.2} µs per kernel→Lua call, Lua share {:.0} %",
        h.calls as f64 / d,
        h.outer_calls as f64 / d,
        h.kept as f64 / d,
        h.api_calls as f64 / d,
        h.outer_nanos as f64 / 1e3 / h.outer_calls.max(1) as f64,
        100.0 * h.outer_nanos as f64 / 1e9 / s.secs
    );
    // Where a decision's time goes, and what the hooks that act cost on their own: no kept
    // result can answer them, so with everything else free they still bound the games/s.
    let us = |nanos: f64| nanos / 1e3 / d;
    let (all, hooks) = (us(s.secs * 1e9), us(h.outer_nanos as f64));
    let (acting, asking) = (us(h.acting_nanos as f64), us(h.asking_nanos as f64));
    let per_game = d / s.games.max(1) as f64;
    let _ = writeln!(
        out,
        "{:<22} {all:.1} µs/decision = kernel {:.1} + hooks that only read {:.1} + hooks that acted {acting:.1} (changed the state or log, or asked a player: {asking:.1} of it in runs stopped to ask); the last alone allow at most {:.0} games/s",
        "",
        all - hooks,
        hooks - acting,
        1e6 / (acting * per_game).max(1e-9)
    );
}

/// The hooks that cost most per decision (outermost calls, time including what they call).
fn profile_lines(out: &mut String, s: &Series) {
    let d = s.decisions.max(1) as f64;
    let mut rows: Vec<_> = s.profile.iter().collect();
    rows.sort_by(|a, b| b.1.nanos.cmp(&a.1.nanos).then_with(|| a.0.cmp(b.0)));
    let total: u64 = rows.iter().map(|(_, c)| c.nanos).sum();
    let _ = writeln!(
        out,
        "  {:<40} {:>10} {:>7} {:>7} {:>12} {:>8} {:>10} {:>10} {:>10} {:>12}",
        "hook",
        "calls/dec",
        "kept",
        "acted",
        "µs/decision",
        "share",
        "µs/call",
        "µs/run",
        "µs/kept",
        "k.* / call"
    );
    for (name, c) in rows.iter().take(15) {
        let calls = c.calls.max(1) as f64;
        let run = c.calls.saturating_sub(c.kept);
        let per = |nanos: u64, n: u64| match n {
            0 => "-".to_string(),
            n => format!("{:.1}", nanos as f64 / 1e3 / n as f64),
        };
        let _ = writeln!(
            out,
            "  {name:<40} {:>10.2} {:>5.0} % {:>5.0} % {:>12.1} {:>7.1} % {:>10.1} {:>10} {:>10} {:>12.1}",
            c.calls as f64 / d,
            100.0 * c.kept as f64 / calls,
            100.0 * c.acting as f64 / calls,
            c.nanos as f64 / 1e3 / d,
            100.0 * c.nanos as f64 / total.max(1) as f64,
            c.nanos as f64 / 1e3 / calls,
            per(c.nanos - c.kept_nanos, run),
            per(c.kept_nanos, c.kept),
            c.api_calls as f64 / calls
        );
    }
}

/// Runs every measurement and returns the report.
pub fn run(args: &BenchArgs) -> Result<String, String> {
    let dir = args.game.clone().unwrap_or_else(default_game_dir);
    let bundle = Bundle::load(&dir).map_err(|e| e.to_string())?;
    bundle.host.keep_results(!args.no_memo);
    let builtin = args.game.is_none();
    let decks = match (&args.decks, builtin) {
        (Some(d), _) => d.clone(),
        (None, true) => "flame-thunder,water-grass".into(),
        (None, false) => bundle.resolve_decks(&[])?.join(","),
    };
    let vanilla_names = match (&args.vanilla, builtin) {
        (Some(v), _) => Some(v.clone()),
        (None, true) => Some("vanilla/flame-thunder,vanilla/water-grass".into()),
        (None, false) => None,
    };
    let scripted = deck_pair(&bundle, &decks)?;
    let vanilla = match &vanilla_names {
        Some(v) => Some(deck_pair(&bundle, v)?),
        None => None,
    };
    let nd = match &vanilla {
        Some(v) => Some(NativeDecks::from_bundle(&bundle, [&v[0], &v[1]])?),
        None => None,
    };
    let (games, seed) = (args.games.max(1), args.seed);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "fuda bench ({}): {games} games per series from seed {seed}, one thread, random vs random\n",
        bundle.defs.game.named.name
    );

    // Warm up (page in the code, fill the allocator) without counting.
    engine_series(&bundle, [&scripted[0], &scripted[1]], seed, games.min(5))?;
    if let Some(nd) = &nd {
        native_series(nd, seed, games.min(20));
    }

    fuda_scripting::profile_hooks(args.hooks);
    let sc = engine_series(&bundle, [&scripted[0], &scripted[1]], seed, games)?;
    fuda_scripting::profile_hooks(false);
    let mut ratio = None;
    let mut va = None;
    match (&vanilla, &nd) {
        (Some(v), Some(nd)) => {
            let vs = engine_series(&bundle, [&v[0], &v[1]], seed, games)?;
            let na = native_series(nd, seed, games);
            let _ = writeln!(
                out,
                "Games ({decks} / {}):",
                vanilla_names.as_deref().unwrap_or("")
            );
            series_line(&mut out, "fuda, scripted decks", &sc);
            series_line(&mut out, "fuda, vanilla decks", &vs);
            series_line(&mut out, "native, vanilla decks", &na);
            let r = na.games_per_sec() / vs.games_per_sec();
            let _ = writeln!(
                out,
                "native / fuda on the vanilla decks: {r:.1}× (fuda runs at {:.2} % of native speed)\n",
                100.0 / r
            );
            ratio = Some(r);
            va = Some(vs);
        }
        _ => {
            let _ = writeln!(
                out,
                "Games ({decks}; no vanilla decks, no native baseline):"
            );
            series_line(&mut out, "fuda, starter decks", &sc);
            let _ = writeln!(out);
        }
    }
    let _ = writeln!(
        out,
        "Lua (hook time measured per outermost call; includes the k.* API it calls):"
    );
    hooks_line(&mut out, "fuda, scripted decks", &sc);
    if args.hooks {
        profile_lines(&mut out, &sc);
    }
    if let Some(vs) = &va {
        hooks_line(&mut out, "fuda, vanilla decks", vs);
    }

    // Fork and save at mid-game positions (turn 10's first decision).
    let mut rows = Vec::new();
    let mut kinds = vec![("scripted", &scripted)];
    if let Some(v) = &vanilla {
        kinds.push(("vanilla", v));
    }
    for (name, decks) in kinds {
        let pos = mid_game_positions(&bundle, [&decks[0], &decks[1]], seed, 20, 10)?;
        let reps = (args.forks / pos.len().max(1) as u64).max(1);
        let fork = micros_per(&pos, reps, |g| drop(black_box(g.clone())));
        let fork_state = micros_per(&pos, reps, |g| drop(black_box(g.st.clone())));
        let n = pos.len().max(1);
        let json: usize = pos
            .iter()
            .map(|g| serde_json::to_string(&g.save()).map_or(0, |s| s.len()))
            .sum::<usize>()
            / n;
        let json_state: usize = pos
            .iter()
            .map(|g| serde_json::to_string(&g.st).map_or(0, |s| s.len()))
            .sum::<usize>()
            / n;
        let mem: usize = pos.iter().map(|g| state_bytes(&g.st)).sum::<usize>() / n;
        let log: usize = pos.iter().map(|g| g.log.len()).sum::<usize>() / n;
        let reps_io = (reps / 20).max(1);
        let round = micros_per(&pos, reps_io, |g| {
            let text = serde_json::to_string(&g.save()).unwrap_or_default();
            let saved: Result<fuda_engine::SavedGame, _> = serde_json::from_str(&text);
            if let Ok(s) = saved {
                drop(black_box(Game::restore(std::sync::Arc::clone(&g.defs), s)));
            }
        });
        rows.push((
            name,
            pos.len(),
            fork,
            fork_state,
            json,
            json_state,
            mem,
            log,
            round,
        ));
    }
    let _ = writeln!(
        out,
        "\nMid-game positions (first decision of turn 10; mean over positions):"
    );
    for (name, n, fork, fork_state, json, json_state, mem, log, round) in &rows {
        let _ = writeln!(
            out,
            "{name:<9} {n} positions: fork (Game clone) {fork:.2} µs, State clone {fork_state:.2} µs; save JSON {:.1} KiB (state {:.1} KiB, {log} log lines); State in memory {:.1} KiB; save+restore JSON round trip {round:.0} µs",
            *json as f64 / 1024.0,
            *json_state as f64 / 1024.0,
            *mem as f64 / 1024.0,
        );
    }

    let fork_max = rows.iter().map(|r| r.2).fold(0.0, f64::max);
    let mem_max = rows.iter().map(|r| r.6).max().unwrap_or(0);
    let json_max = rows.iter().map(|r| r.4).max().unwrap_or(0);
    let met = |b: bool| if b { "met" } else { "NOT met" };
    // Issue 14: the 汎用TCG 1,000 scripted games/s per core and native / fuda ≤ 30×; every other
    // hosted game 500 games/s per core.
    let want = if builtin { 1000.0 } else { 500.0 };
    let _ = writeln!(out, "\nTargets (issue 14):");
    let _ = writeln!(
        out,
        "  ≥ {want:.0} starter-deck games/s per core: {:.1} — {}",
        sc.games_per_sec(),
        met(sc.games_per_sec() >= want)
    );
    if let Some(r) = ratio {
        let _ = writeln!(
            out,
            "  native / fuda ≤ 30× (vanilla): {r:.1}× — {}",
            met(r <= 30.0)
        );
    }
    let _ = writeln!(
        out,
        "  fork < 10 µs: {fork_max:.2} µs — {}",
        met(fork_max < 10.0)
    );
    let _ = writeln!(
        out,
        "  state < 64 KiB: {:.1} KiB in memory, {:.1} KiB saved as JSON with its log — {}",
        mem_max as f64 / 1024.0,
        json_max as f64 / 1024.0,
        met(mem_max < 64 * 1024)
    );
    Ok(out)
}
