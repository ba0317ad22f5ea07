//! `fuda`: check, play and simulate card games defined as data.
use clap::{Parser, Subcommand};
use fuda::agent::{Agent, RandomAgent};
use fuda::args::GameArgs;
use fuda::bundle::{default_game_dir, Bundle};
use fuda::scenario;
use fuda::session::Seat;
use fuda::sim::play_out;
use std::path::PathBuf;
use std::process::ExitCode;

/// mimalloc instead of the system allocator: the kernel and Lua allocate many small, short-lived
/// objects (option lists, snapshots, result tables); docs/performance.md measures the gain.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

#[derive(Subcommand)]
enum Command {
    /// Play many games between two agents (in parallel), print win/draw rates with 95%
    /// confidence intervals, first-player advantage, game lengths and per-card statistics.
    Sim(fuda::sim::cli::SimCommand),
    /// A play table in the browser: `fuda serve`, then open the printed seat URLs.
    Serve(fuda::serve::ServeCommand),
    /// Do the scenarios pin the rules down? Small changes of the game's files, each played
    /// against the scenarios; reports the changes no scenario notices.
    Mutate(fuda::mutate::MutateCommand),
    /// Write card faces as SVG from the game's face template, with printable proxy sheets.
    Faces(fuda::faces::FacesCommand),
    /// Play one game in the terminal: the board each decision, numbered options.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Who plays seat 1: human, random, greedy, mcts or mcts:<playouts>.
        #[arg(long, default_value = "human")]
        p1: Seat,
        /// Who plays seat 2 (as --p1).
        #[arg(long, default_value = "random")]
        p2: Seat,
        /// Your opponent (seat 2): the same as --p2.
        #[arg(long, value_name = "AGENT", conflicts_with = "p2")]
        vs: Option<Seat>,
        /// Save the game to this file at every decision (type q to stop; resume with --load).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Resume a saved game (its decks and seed come from the file; give its game with --game).
        #[arg(long, value_name = "FILE")]
        load: Option<PathBuf>,
    },
    /// Measure games/s (scripted and vanilla), decisions/s, Lua hook calls, fork time and state
    /// size against the native Rust baseline of the vanilla rules (docs/performance.md).
    Bench(fuda::bench::BenchArgs),
    /// Replay a save or replay file from its seed and answers and print the rule-cited log;
    /// a save's game must be reproduced exactly (also one saved in the middle of an effect).
    Replay {
        /// A file written by `fuda play --save`.
        file: PathBuf,
        /// The game folder the file was made with (default: the built-in game); its id and
        /// the hash of its files must match the file's.
        #[arg(long, value_name = "DIR")]
        game: Option<PathBuf>,
        /// The pack folder the game was played with (`fuda play --pack`), if any; its id and
        /// the hash of its files must match the file's.
        #[arg(long, value_name = "DIR")]
        pack: Option<PathBuf>,
        /// Start from the file's saved game instead of its seed (then apply the steps after it).
        #[arg(long)]
        resume: bool,
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
        /// Write a new or changed snapshot (`snapshot: true`) after showing it.
        #[arg(long)]
        accept: bool,
        /// Fail scenarios with warnings too (e.g. expectations that hold before the steps).
        #[arg(long)]
        strict: bool,
    },
    /// List and search cards: `fuda cards '"炎" in 属性 and hp >= 300'`, or show one with --show.
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
        /// The game folder (default: the built-in 汎用TCG): its clauses.tsv and scenarios/ (for
        /// the built-in game also tests/scenarios and the Rust tests in tests/).
        #[arg(long, value_name = "DIR")]
        game: Option<PathBuf>,
        /// The clause checklist (TSV; default: the game's clauses.tsv).
        #[arg(long)]
        clauses: Option<PathBuf>,
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
    let (dir, pack) = args.source.resolve()?;
    let bundle = Bundle::load_with_pack(&dir, pack.as_deref()).map_err(|e| e.to_string())?;
    let [d0, d1] = bundle.resolve_decks(&args.source.decks)?;
    let a = bundle.deck(&d0).map_err(|e| e.to_string())?;
    let b = bundle.deck(&d1).map_err(|e| e.to_string())?;
    Ok((bundle, [a, b]))
}

fn random_agents(seed: u64) -> [Box<dyn Agent>; 2] {
    [
        Box::new(RandomAgent::new(seed.wrapping_mul(2).wrapping_add(1))),
        Box::new(RandomAgent::new(seed.wrapping_mul(2).wrapping_add(2))),
    ]
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Serve(cmd) => {
            fuda::serve::main(cmd)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Mutate(cmd) => {
            let clean = fuda::mutate::main(&cmd, &mut std::io::stdout())?;
            Ok(if clean {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Faces(cmd) => {
            fuda::faces::main(&cmd, &mut std::io::stdout())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Sim(cmd) => {
            fuda::sim::cli::main(cmd, &mut std::io::stdout())?;
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
        Command::Test {
            paths,
            log,
            accept,
            strict,
        } => {
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
                        if strict {
                            r = r.strict();
                        }
                        if l.scenario.snapshot && r.outcome == scenario::RunOutcome::Pass {
                            match scenario::report::compare_or_accept(&f, &r.log, accept) {
                                Ok(Some(shown)) => say!("{shown}"),
                                Ok(None) => {}
                                Err(e) => r.outcome = scenario::RunOutcome::Fail(vec![e]),
                            }
                        }
                        r
                    }
                    Err(e) => scenario::Report {
                        path: f.clone(),
                        name: String::new(),
                        outcome: scenario::RunOutcome::Fail(vec![e]),
                        log: vec![],
                        warnings: vec![],
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
            game,
            clauses,
            write,
            min,
            missing,
        } => {
            let built_in = default_game_dir();
            let dir = game.unwrap_or_else(|| built_in.clone());
            let is_built_in = dir.canonicalize().ok() == built_in.canonicalize().ok();
            let clauses = clauses.unwrap_or_else(|| dir.join("clauses.tsv"));
            let own = dir.join("scenarios");
            let shared = std::path::Path::new("tests/scenarios");
            let mut scenario_dirs = vec![own.as_path()];
            if is_built_in {
                scenario_dirs.push(shared);
            }
            // The built-in game's tests are all of tests/; another game's are the files named
            // after it (tests/touhou_vision*.rs).
            let prefix = (!is_built_in).then(|| {
                dir.file_name()
                    .map(|n| n.to_string_lossy().replace('-', "_"))
                    .unwrap_or_default()
            });
            let cov = fuda::coverage::collect_with(
                &clauses,
                &scenario_dirs,
                Some(std::path::Path::new("tests")),
                prefix.as_deref(),
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
            Ok(if !diags.iter().any(|d| d.is_error()) {
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
        Command::Play {
            game,
            p1,
            p2,
            vs,
            save,
            load,
        } => {
            let opts = fuda::session::PlayOptions {
                game_dir: game.source.game,
                pack: game.source.pack,
                decks: game.source.decks,
                seed: game.seed,
                seats: [p1, vs.unwrap_or(p2)],
                save,
                load,
            };
            let stdin = std::io::stdin();
            fuda::session::run(opts, stdin.lock(), std::io::stdout())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench(args) => {
            say!("{}", fuda::bench::run(&args)?.trim_end());
            Ok(ExitCode::SUCCESS)
        }
        Command::Replay {
            file,
            game,
            pack,
            resume,
        } => {
            let f = fuda::replay::GameFile::read(&file)?;
            // A save names its game and pack by id and hash, never by folder: they are the
            // ones given.
            let (dir, pack) = fuda::pack::resolve(game.as_deref(), pack.as_deref())?;
            let bundle =
                Bundle::load_with_pack(&dir, pack.as_deref()).map_err(|e| e.to_string())?;
            let g = if resume {
                fuda::replay::resume(&f, &bundle)?
            } else {
                fuda::replay::replay(&f, &bundle)?
            };
            for l in &g.log {
                say!("{l}");
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
