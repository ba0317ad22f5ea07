//! `fuda`: check, play and simulate card games defined as data.
use clap::{Parser, Subcommand, ValueEnum};
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::{default_game_dir, Bundle};
use fuda::play::{Human, RESIGN};
use fuda::scenario;
use fuda::sim::{play_out, Summary};
use fuda_engine::{Game, Outcome, Status};
use std::path::PathBuf;
use std::process::ExitCode;

/// fuda (札): a data-driven card scripting platform.
///
/// Games and cards are YAML + Lua; the kernel applies the comprehensive rules and logs every
/// step with the clause it applies.
#[derive(Parser)]
#[command(
    name = "fuda",
    version,
    about,
    long_about,
    after_help = "Examples:\n  fuda sim                      1000 random games with the built-in 汎用TCG starter decks\n  fuda sim --games 10 --seed 7  ten games from seed 7\n  fuda log --seed 182           one game's full log, each line citing its rule clause\n  fuda play                     you (P1) against the random agent\n  fuda play --p2 human          two people at one terminal\n  fuda sim --game tests/games/race   another game, defined as data"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Clone)]
struct GameArgs {
    /// Game folder (holding game.yaml, packs/ and decks/). Default: the built-in 汎用TCG.
    #[arg(long, value_name = "DIR")]
    game: Option<PathBuf>,
    /// The two decks, by name in the game's decks/ folder or by path. Default: the first two.
    #[arg(long, value_name = "A,B", value_delimiter = ',', num_args = 1..=2)]
    decks: Vec<String>,
    /// Seed of the game's random number generator (and of the random agents).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Clone, Copy, ValueEnum)]
enum Seat {
    /// You, at the terminal.
    Human,
    /// Uniformly random legal choices.
    Random,
}

#[derive(Subcommand)]
enum Command {
    /// Play many games between two random agents and print win/draw rates and average turns.
    Sim {
        #[command(flatten)]
        game: GameArgs,
        /// How many games (seeds seed, seed+1, …).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Print the full rule-cited log of every game (use with few games).
        #[arg(long)]
        log: bool,
    },
    /// Play one game in the terminal: the board each decision, numbered options.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Who plays seat 1.
        #[arg(long, value_enum, default_value_t = Seat::Human)]
        p1: Seat,
        /// Who plays seat 2.
        #[arg(long, value_enum, default_value_t = Seat::Random)]
        p2: Seat,
    },
    /// Play one game between random agents and print its full log, each line citing its clause.
    Log {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Run scenario files: a position, decisions by meaning, expectations (docs/scenarios.md).
    Test {
        /// Scenario files or folders (default: tests/scenarios).
        paths: Vec<PathBuf>,
        /// Print the full log of every scenario, also the passing ones.
        #[arg(long)]
        log: bool,
    },
    /// List and search cards: `fuda cards '属性 has "炎"'`, or show one with --show.
    Cards {
        /// A query of the expression language, e.g. `"炎" in 属性 and hp >= 300`.
        query: Option<String>,
        /// Game folder (default: the built-in 汎用TCG).
        #[arg(long, value_name = "DIR")]
        game: Option<PathBuf>,
        /// Show one card by id, with its abilities.
        #[arg(long, value_name = "ID")]
        show: Option<String>,
    },
    /// Start from a valid file: `fuda new game DIR`, `fuda new pack DIR`, `fuda new card FILE`.
    New {
        /// game, pack or card.
        what: String,
        /// The folder (game, pack) or card file to create.
        path: PathBuf,
        /// Id of the new game, pack or card (default: from the path).
        #[arg(long)]
        id: Option<String>,
        /// The game a pack or card is for (default: the game the path is in, else the 汎用TCG).
        #[arg(long, value_name = "DIR")]
        game: Option<PathBuf>,
        /// Card type (default: the game's first).
        #[arg(long = "type", value_name = "TYPE")]
        card_type: Option<String>,
        /// Card name.
        #[arg(long, default_value = "新しいカード")]
        name: String,
    },
    /// Print the reference of the Lua API `k` (Markdown), from the API's own registry.
    Api,
    /// Check a game or pack folder: every problem at once, with file:line:column and a hint.
    Check {
        /// A game folder (with game.yaml) or a pack folder.
        path: PathBuf,
        /// The game a pack outside any game folder is for.
        #[arg(long, value_name = "DIR")]
        game: Option<PathBuf>,
        /// `text` (default; colour on a terminal) or `json` (for editors and CI).
        #[arg(long, default_value = "text")]
        format: String,
    },
    /// JSON Schemas of the data files, generated from the Rust types (for editors and CI).
    Schema {
        /// game, pack, cards, deck or scenario (default: scenario).
        #[arg(default_value = "scenario")]
        kind: String,
        /// Write every schema into this folder as <kind>.schema.json instead.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Rule coverage: the share of behavior clauses that scenarios and tests cite; fails on
    /// citations of clauses that do not exist.
    Coverage {
        /// The clause checklist (TSV).
        #[arg(long, default_value = "../shared/notes/000-generic-tcg-clauses.tsv")]
        clauses: PathBuf,
        /// Update the matrix in this Markdown file.
        #[arg(long, value_name = "FILE")]
        write: Option<PathBuf>,
        /// Fail below this percentage.
        #[arg(long, default_value_t = 0.0)]
        min: f64,
        /// List the behavior clauses not covered.
        #[arg(long)]
        missing: bool,
    },
}

/// `println!` that ends quietly when stdout is closed (e.g. piped into `head`).
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}

fn load(args: &GameArgs) -> Result<(Bundle, [fuda_engine::def::deck::DeckDef; 2]), String> {
    let dir = args.game.clone().unwrap_or_else(default_game_dir);
    let bundle = Bundle::load(&dir).map_err(|e| e.to_string())?;
    let names = bundle.deck_names();
    let pick = |i: usize| -> Result<String, String> {
        args.decks
            .get(i)
            .or(args.decks.first())
            .or(names.get(i))
            .or(names.first())
            .cloned()
            .ok_or_else(|| format!("no decks given and none in {}", dir.join("decks").display()))
    };
    let a = bundle.deck(&pick(0)?).map_err(|e| e.to_string())?;
    let b = bundle.deck(&pick(1)?).map_err(|e| e.to_string())?;
    Ok((bundle, [a, b]))
}

fn random_agents(seed: u64) -> [Box<dyn Agent>; 2] {
    [
        Box::new(RandomAgent::new(seed.wrapping_mul(2).wrapping_add(1))),
        Box::new(RandomAgent::new(seed.wrapping_mul(2).wrapping_add(2))),
    ]
}

fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Win {
            winner,
            clause,
            reason,
        } => format!("P{} wins [{clause}]: {reason}", winner + 1),
        Outcome::Draw { clause, reason } => format!("draw [{clause}]: {reason}"),
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Sim { game, games, log } => {
            let (bundle, decks) = load(&game)?;
            let mut sum = Summary::default();
            for i in 0..games {
                let seed = game.seed.wrapping_add(i);
                let mut g = bundle.new_game([&decks[0], &decks[1]], seed);
                let o = play_out(&mut g, &bundle.host, &mut random_agents(seed))
                    .map_err(|e| format!("game with seed {seed}: {e}"))?;
                if log {
                    for l in &g.log {
                        say!("{l}");
                    }
                    say!();
                }
                sum.add(&g, &o);
            }
            let pct = |n: u64| 100.0 * n as f64 / sum.games.max(1) as f64;
            say!(
                "games: {}  ({} vs {})",
                sum.games,
                decks[0].name,
                decks[1].name
            );
            say!("P1 wins: {} ({:.1}%)", sum.wins[0], pct(sum.wins[0]));
            say!("P2 wins: {} ({:.1}%)", sum.wins[1], pct(sum.wins[1]));
            say!("draws:   {} ({:.1}%)", sum.draws, pct(sum.draws));
            say!(
                "first player won: {:.1}% of decided games",
                100.0 * sum.first_player_wins as f64 / (sum.games - sum.draws).max(1) as f64
            );
            say!(
                "average turns: {:.1}",
                sum.turns as f64 / sum.games.max(1) as f64
            );
            say!("script errors: {}", sum.script_errors);
            if sum.turn_limit > 0 {
                say!(
                    "turn limit reached (reported as draws, not a rule of the game): {}",
                    sum.turn_limit
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Log { game } => {
            let (bundle, decks) = load(&game)?;
            let mut g = bundle.new_game([&decks[0], &decks[1]], game.seed);
            let r = play_out(&mut g, &bundle.host, &mut random_agents(game.seed));
            for l in &g.log {
                say!("{l}");
            }
            r.map_err(|e| e.to_string())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Test { paths, log } => {
            let paths = if paths.is_empty() {
                vec![PathBuf::from("tests/scenarios")]
            } else {
                paths
            };
            let mut files = Vec::new();
            for p in &paths {
                if p.is_dir() {
                    files.extend(scenario::find(p));
                } else {
                    files.push(p.clone());
                }
            }
            let (mut pass, mut fail) = (0, 0);
            for f in files {
                let report = match scenario::load(&f) {
                    Ok(l) => {
                        let mut r = scenario::run(&l);
                        if l.scenario.snapshot && r.outcome == scenario::RunOutcome::Pass {
                            if let Err(e) = scenario::report::compare_snapshot(&f, &r.log) {
                                r.outcome = scenario::RunOutcome::Fail(vec![e]);
                            }
                        }
                        r
                    }
                    Err(e) => scenario::Report {
                        path: f.clone(),
                        name: String::new(),
                        outcome: scenario::RunOutcome::Fail(vec![e]),
                        log: vec![],
                    },
                };
                if report.outcome == scenario::RunOutcome::Pass {
                    pass += 1;
                } else {
                    fail += 1;
                }
                say!("{}", scenario::report::describe(&report));
                if log {
                    for l in &report.log {
                        say!("      {l}");
                    }
                }
            }
            say!("{pass} passed, {fail} failed");
            Ok(if fail == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Coverage {
            clauses,
            write,
            min,
            missing,
        } => {
            let cov = fuda::coverage::collect(
                &clauses,
                std::path::Path::new("tests/scenarios"),
                std::path::Path::new("tests"),
            )?;
            for (at, c) in &cov.unknown {
                eprintln!("error: {at} cites {c}, which is not a clause of the rules");
            }
            let total = cov.behavior().count();
            let done = cov.behavior().filter(|c| cov.covered(&c.id)).count();
            say!(
                "behavior clauses covered: {done} of {total} ({:.1} %)",
                cov.percent()
            );
            let gaps = cov.missing();
            let with_reason = total - done - gaps.len();
            say!(
                "not covered, with a reason: {with_reason}; without: {}",
                gaps.len()
            );
            if missing {
                for c in &gaps {
                    say!("  {} {}", c.id, c.summary);
                }
            }
            if let Some(path) = write {
                let doc = std::fs::read_to_string(&path).unwrap_or_default();
                std::fs::write(
                    &path,
                    fuda::coverage::splice(&doc, &fuda::coverage::matrix(&cov)),
                )
                .map_err(|e| format!("{}: {e}", path.display()))?;
                say!("wrote the matrix to {}", path.display());
            }
            let ok = cov.unknown.is_empty() && cov.percent() >= min;
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Cards { query, game, show } => {
            let dir = game.unwrap_or_else(default_game_dir);
            let bundle = Bundle::load(&dir).map_err(|e| e.to_string())?;
            let (g, cards) = (&bundle.defs.game, &bundle.defs.cards);
            if let Some(id) = show {
                let c = cards.get(&id).ok_or_else(|| {
                    format!(
                        "no card \"{id}\" ({})",
                        fuda_engine::def::card::did_you_mean(
                            &id,
                            cards.by_id.keys().map(|s| s.as_str())
                        )
                    )
                })?;
                say!("{}", fuda::cards::show(g, c));
                return Ok(ExitCode::SUCCESS);
            }
            let found = fuda::cards::search(g, &cards.cards, query.as_deref())?;
            for c in &found {
                say!("{}", fuda::cards::line(g, c));
            }
            say!("{} card(s)", found.len());
            Ok(ExitCode::SUCCESS)
        }
        Command::New {
            what,
            path,
            id,
            game,
            card_type,
            name,
        } => {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| "new".into());
            let id = id.unwrap_or(stem);
            let game_of = |p: &std::path::Path| -> Result<fuda_engine::def::game::GameDef, String> {
                let dir = game
                    .clone()
                    .or_else(|| fuda::check::game_dir_of(p))
                    .unwrap_or_else(default_game_dir);
                fuda_engine::def::load::load_game(&dir).map_err(|e| e.to_string())
            };
            match what.as_str() {
                "game" => {
                    for f in fuda::new::game(&path, &id)? {
                        say!("wrote {f}");
                    }
                    say!(
                        "next: fuda check {0}   and   fuda sim --game {0} --games 10",
                        path.display()
                    );
                }
                "pack" => {
                    let g = game_of(&path)?;
                    for f in fuda::new::pack(&path, &id, &g)? {
                        say!("wrote {f}");
                    }
                }
                "card" => {
                    let g = game_of(&path)?;
                    fuda::new::card(&path, &id, card_type.as_deref(), &name, &g)?;
                    say!("added card {id} to {}", path.display());
                }
                other => return Err(format!("fuda new {other}: say game, pack or card")),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Api => {
            say!("{}", fuda_scripting::api::doc::markdown().trim_end());
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { path, game, format } => {
            let diags = fuda::check::check(&path, game.as_deref());
            if format == "json" {
                say!(
                    "{}",
                    serde_json::to_string_pretty(&diags).unwrap_or_default()
                );
            } else {
                use std::io::IsTerminal;
                let color = std::io::stdout().is_terminal();
                say!("{}", fuda::check::render(&diags, color).trim_end());
            }
            Ok(if diags.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Schema { kind, out } => {
            if let Some(dir) = out {
                std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                for k in fuda::schema::KINDS {
                    let path = dir.join(format!("{k}.schema.json"));
                    let text = fuda::schema::text(k).unwrap_or_default();
                    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
                    say!("wrote {}", path.display());
                }
                return Ok(ExitCode::SUCCESS);
            }
            match fuda::schema::text(&kind) {
                Some(t) => say!("{}", t.trim_end()),
                None => {
                    return Err(format!(
                        "unknown kind \"{kind}\": one of {}",
                        fuda::schema::KINDS.join(", ")
                    ))
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Play { game, p1, p2 } => {
            let (bundle, decks) = load(&game)?;
            let mut g = bundle.new_game([&decks[0], &decks[1]], game.seed);
            let mut randoms = random_agents(game.seed);
            let seats = [p1, p2];
            let stdin = std::io::stdin();
            let mut human = Human::new(stdin.lock(), std::io::stdout());
            let mut bundle = bundle;
            let mut watcher = fuda::reload::Watcher::new(&bundle.dir);
            loop {
                // Hot reload: an edited card or script is in force from the next decision.
                if watcher.changed() {
                    match fuda::reload::reload(&mut bundle, &mut g) {
                        Ok(()) => say!("↻ 再読み込み (reloaded {})", bundle.dir.display()),
                        Err(e) => say!("↻ 再読み込み失敗、前の版のまま (reload failed; the old version stays):\n{e}"),
                    }
                }
                match g.advance(&bundle.host).map_err(|e| e.to_string())? {
                    Status::Over(o) => {
                        for l in &g.log[human.shown.min(g.log.len())..] {
                            say!("  {l}");
                        }
                        say!("{}", g.board_text(None));
                        say!("{}", outcome_text(&o));
                        return Ok(ExitCode::SUCCESS);
                    }
                    Status::Decide => step(&mut g, &seats, &mut human, &mut randoms)?,
                }
            }
        }
    }
}

fn step(
    g: &mut Game,
    seats: &[Seat; 2],
    human: &mut dyn Agent,
    randoms: &mut [Box<dyn Agent>; 2],
) -> Result<(), String> {
    for p in g.waiting_for() {
        let picks = match seats[p as usize] {
            Seat::Human => human.pick(g, p),
            Seat::Random => randoms[p as usize].pick(g, p),
        };
        if picks == [RESIGN] {
            g.resign(p);
            return Ok(());
        }
        g.submit(p, picks).map_err(|e| e.to_string())?;
    }
    Ok(())
}
