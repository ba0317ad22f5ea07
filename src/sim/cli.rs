//! `fuda sim`: its arguments and what it prints.
use super::merge::{merge, write_header, write_record};
use super::runner::{header, parse_shard, run, SimConfig};
use crate::agent::AgentSpec;
use crate::bundle::Bundle;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;

/// `fuda sim [OPTIONS]` or `fuda sim merge FILES…`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SimCommand {
    #[command(subcommand)]
    pub sub: Option<SimSub>,
    #[command(flatten)]
    pub args: SimArgs,
}

#[derive(clap::Subcommand)]
pub enum SimSub {
    /// Combine the JSONL results of shards of one run (`--shard K/N`) and summarize them.
    Merge {
        /// Results files written with --out.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the combined results here.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Draw the summary as SVG.
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
        /// Exit 0 even when the games had errors.
        #[arg(long)]
        allow_errors: bool,
    },
}

#[derive(clap::Args)]
pub struct SimArgs {
    #[command(flatten)]
    pub source: crate::args::GameSource,
    /// First seed; game i uses seed + i (for the game and its agents).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many games (of the whole run, when sharded).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Games played at once (threads). Default: the number of cores.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// The agents of seats 1 and 2: random, greedy, mcts or mcts:<playouts per decision>.
    #[arg(long, value_name = "A,B", value_delimiter = ',', num_args = 1..=2, default_value = "random,random")]
    pub agents: Vec<AgentSpec>,
    /// Stream every game's result as JSON Lines (a header line, then one line per game).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Draw the summary (win rates, game lengths, cards) as SVG.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Play only part K of N of the run's seeds (machines share a run; see `fuda sim merge`).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Print the full rule-cited log of every game (use with few games).
    #[arg(long)]
    pub log: bool,
    /// Count the games whose log cites each of these clauses (`all`: every clause cited), to
    /// show which rules a run exercised.
    #[arg(long, value_name = "C,…", value_delimiter = ',')]
    pub clauses: Vec<String>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Exit 0 even when card scripts or the engine had errors (they are still reported).
    #[arg(long)]
    pub allow_errors: bool,
}

/// The error `fuda sim` exits with when games had errors and `--allow-errors` is not given.
fn had_errors(stats: &super::stats::Stats, allow: bool) -> Result<(), String> {
    if allow || (stats.script_errors == 0 && stats.errors == 0) {
        return Ok(());
    }
    Err(format!(
        "{} card script errors and {} games stopped by the engine (listed above); fix them, or pass --allow-errors to exit 0",
        stats.script_errors, stats.errors
    ))
}

fn create(path: &PathBuf) -> Result<std::io::BufWriter<std::fs::File>, String> {
    std::fs::File::create(path)
        .map(std::io::BufWriter::new)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs the command, writing the summary to `out`.
pub fn main(cmd: SimCommand, out: &mut dyn Write) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    if let Some(SimSub::Merge {
        files,
        out: o,
        plot,
        allow_errors,
    }) = cmd.sub
    {
        let mut w = o.as_ref().map(create).transpose()?;
        let (h, stats) = merge(&files, w.as_mut().map(|w| w as &mut dyn Write))?;
        if let Some(mut w) = w {
            w.flush().map_err(io)?;
        }
        write!(out, "{}", stats.report(&h)).map_err(io)?;
        if let Some(p) = plot {
            super::plot::draw(&p, &h, &stats)?;
            writeln!(out, "plot: {}", p.display()).map_err(io)?;
        }
        return had_errors(&stats, allow_errors);
    }
    let a = cmd.args;
    let (dir, pack) = a.source.resolve()?;
    let decks = Bundle::load_with_pack(&dir, pack.as_deref())
        .map_err(|e| e.to_string())?
        .resolve_decks(&a.source.decks)?;
    let agent = |i: usize| {
        a.agents
            .get(i)
            .or(a.agents.first())
            .copied()
            .unwrap_or(AgentSpec::Random)
    };
    let cfg = SimConfig {
        dir: dir.clone(),
        pack,
        decks,
        agents: [agent(0), agent(1)],
        games: a.games,
        seed: a.seed,
        jobs: a
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        shard: a.shard,
        keep_logs: a.log,
        clauses: !a.clauses.is_empty(),
    };
    let h = header(&cfg)?;
    let mut file = a.out.as_ref().map(create).transpose()?;
    if let Some(f) = file.as_mut() {
        write_header(f, &h)?;
    }
    let range = cfg.range();
    let bar = if a.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(range.end - range.start)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} games  {per_sec:.1}  ETA {eta}",
        )
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
    let stats = run(&cfg, &h, |f| {
        bar.inc(1);
        if let Some(log) = &f.log {
            bar.suspend(|| writeln!(out, "{log}")).map_err(io)?;
        }
        if let Some(w) = file.as_mut() {
            write_record(w, &f.record)?;
        }
        Ok(())
    });
    bar.finish_and_clear();
    let stats = stats?;
    if let Some(mut f) = file {
        f.flush().map_err(io)?;
    }
    let secs = bar.elapsed().as_secs_f64();
    write!(out, "{}", stats.report(&h)).map_err(io)?;
    if !a.clauses.is_empty() {
        write!(out, "{}", stats.clause_table(&a.clauses)).map_err(io)?;
    }
    // Timing goes to stderr so the summary on stdout is reproducible.
    eprintln!(
        "time: {secs:.1} s, {:.1} games/s with {} jobs",
        stats.games as f64 / secs.max(1e-9),
        cfg.jobs
    );
    if let Some(p) = a.plot {
        super::plot::draw(&p, &h, &stats)?;
        writeln!(out, "plot: {}", p.display()).map_err(io)?;
    }
    had_errors(&stats, a.allow_errors)
}
