//! `fuda mutate`: do my scenarios pin my rules and cards down? Each mutant is one small change
//! of one file of the game (or pack) — a number, a comparison, a condition, a statement, a
//! zone (sites.rs) — played against the scenarios on a copy of the folder. A mutant no scenario
//! notices "survives": a rule the scenarios would not see changing (docs/guide/mutation.md).
pub mod sites;

use crate::bundle::Bundle;
use crate::files::copy_dir;
use crate::scenario::{self, Loaded, RunOutcome};
use indicatif::{ProgressBar, ProgressStyle};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sites::{Lang, Mutant};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// `fuda mutate`.
#[derive(clap::Args, Clone)]
pub struct MutateCommand {
    /// Scenario files or folders (default: the game's scenarios/ folder; for the built-in
    /// 汎用TCG, tests/scenarios).
    pub paths: Vec<PathBuf>,
    /// Game folder (default: the built-in 汎用TCG).
    #[arg(long, value_name = "DIR")]
    pub game: Option<PathBuf>,
    /// Mutate this pack's files (played with its game) instead of the game's.
    #[arg(long, value_name = "DIR")]
    pub pack: Option<PathBuf>,
    /// Only files whose path (relative to the folder) contains this, e.g. `rules/battle.lua`.
    #[arg(long, value_name = "TEXT")]
    pub only: Option<String>,
    /// A sample of this many mutants (chosen by --seed), for a quick look.
    #[arg(long, value_name = "N")]
    pub max: Option<usize>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Results, one JSON line per mutant; a run given the same file skips what it holds
    /// (resume).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// What became of one mutant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A scenario failed: the change is noticed.
    Killed,
    /// The game no longer loads (`fuda check` would name the mistake).
    Rejected,
    /// Every scenario still passes.
    Survived,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tried {
    pub id: String,
    #[serde(flatten)]
    pub mutant: Mutant,
    pub status: Status,
    /// The scenario that noticed it, or the load error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// Files of `dir` that say what the game is: YAML and Lua, not decks, scenarios or manifests.
fn files_of(dir: &Path) -> Vec<PathBuf> {
    let mut v = fuda_engine::def::files::walk(
        dir,
        |d| {
            let n = d
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            !matches!(n.as_str(), "scenarios" | "decks" | "target") && !n.starts_with('.')
        },
        |p| {
            let ext = p.extension().map(|e| e.to_string_lossy().to_string());
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            matches!(ext.as_deref(), Some("yaml" | "lua")) && name != "pack.yaml"
        },
    );
    v.sort();
    v
}

/// The scenarios to play: those given, or the game's own, that play this game.
fn scenarios(cmd: &MutateCommand, game: &Path) -> Result<Vec<Loaded>, String> {
    let paths: Vec<PathBuf> = if cmd.paths.is_empty() {
        let own = game.join("scenarios");
        if own.is_dir() {
            vec![own]
        } else if same(game, &crate::bundle::default_game_dir()) {
            vec![crate::bundle::default_game_dir().join("../../tests/scenarios")]
        } else {
            return Err(format!(
                "{} has no scenarios/ folder: name the scenario files or folders to play",
                game.display()
            ));
        }
    } else {
        cmd.paths.clone()
    };
    let mut out = Vec::new();
    for p in paths {
        let files = if p.is_dir() {
            scenario::find(&p)
        } else {
            vec![p]
        };
        for f in files {
            let l = scenario::load(&f)?;
            if scenario::game_of(&l).is_ok_and(|(d, _)| same(&d, game)) {
                out.push(l);
            }
        }
    }
    Ok(out)
}

fn same(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Plays every scenario on the game in `game` (a copy) with `pack`; the first failure, if any.
fn play(list: &[&Loaded], game: &Path, pack: Option<&Path>) -> Result<Option<String>, String> {
    let b = Bundle::load_with_pack(game, pack).map_err(|e| e.to_string())?;
    for l in list {
        let report = if l.scenario.cards.is_empty() && l.scenario.settings.is_empty() {
            scenario::run_on(l, &b)
        } else {
            match scenario::bundle_in(l, game, pack) {
                Ok(own) => scenario::run_on(l, &own),
                Err(e) => return Err(e),
            }
        };
        // As `fuda test` and `cargo test`: a scenario with `snapshot: true` also fails when its
        // log differs from the stored one.
        let differs =
            || l.scenario.snapshot && scenario::report::differs_from_snapshot(&l.path, &report.log);
        if matches!(report.outcome, RunOutcome::Fail(_)) || differs() {
            return Ok(Some(l.path.display().to_string()));
        }
    }
    Ok(None)
}

/// One mutant on its own copy of the folder.
fn try_mutant(
    m: &Mutant,
    list: &[&Loaded],
    game: &Path,
    target: &Path,
    pack: Option<&Path>,
    scratch: &Path,
) -> Tried {
    let result = |status, by| Tried {
        id: m.id(),
        mutant: m.clone(),
        status,
        by,
    };
    let dir = scratch.join(format!("m{:016x}", fnv(&m.id())));
    let _ = std::fs::remove_dir_all(&dir);
    // The copy: the game folder, and a pack from elsewhere beside it.
    let game_copy = dir.join("game");
    let pack_copy = pack.map(|_| dir.join("pack"));
    let copied = copy_dir(game, &game_copy).and_then(|()| match (pack, &pack_copy) {
        (Some(p), Some(c)) => copy_dir(p, c),
        _ => Ok(()),
    });
    if let Err(e) = copied {
        return result(
            Status::Rejected,
            Some(format!("could not copy the folder: {e}")),
        );
    }
    let root = if same(target, game) {
        &game_copy
    } else {
        pack_copy.as_ref().unwrap_or(&game_copy)
    };
    let file = root.join(&m.file);
    let outcome = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| m.apply(&t))
        .map(|t| std::fs::write(&file, t));
    let r = match outcome {
        Some(Ok(())) => match play(list, &game_copy, pack_copy.as_deref()) {
            Ok(Some(by)) => result(Status::Killed, Some(by)),
            Ok(None) => result(Status::Survived, None),
            Err(e) => result(
                Status::Rejected,
                Some(e.lines().next().unwrap_or("").to_string()),
            ),
        },
        _ => result(
            Status::Rejected,
            Some("the change could not be written".into()),
        ),
    };
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// The card a line of a card file belongs to: the last `id:` at or before it.
fn card_at(text: &str, line: usize) -> Option<String> {
    text.lines()
        .take(line)
        .filter_map(|l| {
            let t = l
                .trim_start()
                .trim_start_matches("- ")
                .trim_start_matches("{ ")
                .trim_start();
            let rest = t.strip_prefix("id:")?;
            let id = rest.split([',', '}', '#']).next()?.trim().trim_matches('"');
            (!id.is_empty()).then(|| id.to_string())
        })
        .last()
}

/// The scenarios that could notice a change of `card`: those naming it (in their setup, decks
/// or shuffles), and those that fill decks with it.
fn naming<'a>(list: &'a [Loaded], texts: &[String], filler: &str, card: &str) -> Vec<&'a Loaded> {
    list.iter()
        .zip(texts)
        .filter(|(l, t)| {
            t.contains(card) || l.scenario.setup.filler.as_deref().unwrap_or(filler) == card
        })
        .map(|(l, _)| l)
        .collect()
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

pub fn main(cmd: &MutateCommand, out: &mut dyn Write) -> Result<bool, String> {
    let (game, pack) = crate::pack::resolve(cmd.game.as_deref(), cmd.pack.as_deref())?;
    let target = pack
        .clone()
        .filter(|_| cmd.pack.is_some())
        .unwrap_or_else(|| game.clone());
    // A pack inside the game folder is copied with it.
    let outside_pack = pack
        .clone()
        .filter(|p| !p.starts_with(&game) && !same(p, &game));
    let bundle = Bundle::load_with_pack(&game, pack.as_deref()).map_err(|e| e.to_string())?;
    let zones: Vec<String> = bundle
        .defs
        .game
        .zones
        .iter()
        .map(|z| z.named.id.clone())
        .collect();
    // Decks a scenario does not write out are filled with the first card (scenario setup).
    let filler = (bundle.defs.cards.cards.first())
        .map(|c| c.named.id.clone())
        .unwrap_or_default();
    drop(bundle);
    // The scenarios, without those that fail already.
    let all = scenarios(cmd, &game)?;
    let n_all = all.len();
    let list: Vec<Loaded> = all
        .into_iter()
        .filter(|l| {
            let r = scenario::run(l);
            r.outcome == RunOutcome::Pass
                && !(l.scenario.snapshot
                    && scenario::report::differs_from_snapshot(&l.path, &r.log))
        })
        .collect();
    if list.is_empty() {
        return Err("no passing scenario plays this game: nothing could notice a change".into());
    }
    let texts: Vec<String> = list
        .iter()
        .map(|l| std::fs::read_to_string(&l.path).unwrap_or_default())
        .collect();
    let mut mutants: Vec<Mutant> = Vec::new();
    // Per mutant of a card file: the card it changes (only scenarios naming it can notice).
    let mut card_of: BTreeMap<String, String> = BTreeMap::new();
    for f in files_of(&target) {
        let rel = f
            .strip_prefix(&target)
            .unwrap_or(&f)
            .to_string_lossy()
            .replace('\\', "/");
        if cmd.only.as_ref().is_some_and(|o| !rel.contains(o.as_str())) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let lang = if rel.ends_with(".lua") {
            Lang::Lua
        } else {
            Lang::Yaml
        };
        let found = sites::mutants(&rel, &text, lang, &zones);
        let cards = lang == Lang::Yaml && (rel.starts_with("packs/") || cmd.pack.is_some());
        if cards {
            for m in &found {
                if let Some(c) = card_at(&text, m.line) {
                    card_of.insert(m.id(), c);
                }
            }
        }
        mutants.extend(found);
    }
    let total = mutants.len();
    let mut done: Vec<Tried> = match &cmd.out {
        Some(p) if p.exists() => std::fs::read_to_string(p)
            .map_err(|e| format!("{}: {e}", p.display()))?
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect(),
        _ => Vec::new(),
    };
    if let Some(max) = cmd.max {
        let mut rng = ChaCha8Rng::seed_from_u64(cmd.seed);
        for i in (1..mutants.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            mutants.swap(i, j);
        }
        mutants.truncate(max);
        mutants.sort_by(|a, b| (&a.file, a.start).cmp(&(&b.file, b.start)));
    }
    let seen: std::collections::BTreeSet<String> = done.iter().map(|r| r.id.clone()).collect();
    let todo: Vec<Mutant> = mutants
        .iter()
        .filter(|m| !seen.contains(&m.id()))
        .cloned()
        .collect();
    let keep: std::collections::BTreeSet<String> = mutants.iter().map(Mutant::id).collect();
    done.retain(|r| keep.contains(&r.id));
    let log = match &cmd.out {
        Some(p) => Some(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("{}: {e}", p.display()))?,
        )),
        None => None,
    };
    let scratch = std::env::temp_dir().join(format!("fuda-mutate-{}", std::process::id()));
    let bar = ProgressBar::new(todo.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} mutants  {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cmd.jobs.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let fresh: Vec<Tried> = pool.install(|| {
        todo.par_iter()
            .map(|m| {
                let subset: Vec<&Loaded> = match card_of.get(&m.id()) {
                    Some(card) => naming(&list, &texts, &filler, card),
                    None => list.iter().collect(),
                };
                let r = try_mutant(
                    m,
                    &subset,
                    &game,
                    &target,
                    outside_pack.as_deref(),
                    &scratch,
                );
                if let Some(f) = &log {
                    if let (Ok(mut f), Ok(line)) = (f.lock(), serde_json::to_string(&r)) {
                        let _ = writeln!(f, "{line}");
                    }
                }
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let _ = std::fs::remove_dir_all(&scratch);
    done.extend(fresh);
    done.sort_by(|a, b| {
        (&a.mutant.file, a.mutant.start, &a.mutant.to).cmp(&(
            &b.mutant.file,
            b.mutant.start,
            &b.mutant.to,
        ))
    });
    report(out, cmd, &target, &done, total, n_all, list.len())
}

/// Per file: mutants, killed, rejected, survived; then each survivor. Returns whether none
/// survived.
fn report(
    out: &mut dyn Write,
    cmd: &MutateCommand,
    target: &Path,
    results: &[Tried],
    total: usize,
    scenarios_all: usize,
    scenarios_used: usize,
) -> Result<bool, String> {
    let mut files: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    for r in results {
        let e = files.entry(r.mutant.file.as_str()).or_default();
        e[match r.status {
            Status::Killed => 0,
            Status::Rejected => 1,
            Status::Survived => 2,
        }] += 1;
    }
    let survivors: Vec<&Tried> = results
        .iter()
        .filter(|r| r.status == Status::Survived)
        .collect();
    let score = |k: usize, r: usize, s: usize| {
        if k + r + s == 0 {
            100.0
        } else {
            100.0 * (k + r) as f64 / (k + r + s) as f64
        }
    };
    let [k, r, s] = files
        .values()
        .fold([0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
    if cmd.json {
        let j = serde_json::json!({
            "folder": target.display().to_string(),
            "mutants": total,
            "played": results.len(),
            "scenarios": scenarios_used,
            "killed": k, "rejected": r, "survived": s,
            "score": score(k, r, s),
            "files": files.iter().map(|(f, c)| serde_json::json!({
                "file": f, "killed": c[0], "rejected": c[1], "survived": c[2],
                "score": score(c[0], c[1], c[2]),
            })).collect::<Vec<_>>(),
            "survivors": survivors,
        });
        let _ = writeln!(out, "{j}");
        return Ok(s == 0);
    }
    let _ = writeln!(
        out,
        "{}: {} mutants played of {total}, against {scenarios_used} scenarios{}",
        target.display(),
        results.len(),
        if scenarios_used < scenarios_all {
            format!(
                " ({} failing without a change left out)",
                scenarios_all - scenarios_used
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(out, "\n  score  killed  rejected  survived  file");
    for (f, c) in &files {
        let _ = writeln!(
            out,
            "  {:5.1}%  {:6}  {:8}  {:8}  {f}",
            score(c[0], c[1], c[2]),
            c[0],
            c[1],
            c[2]
        );
    }
    let _ = writeln!(out, "  {:5.1}%  {k:6}  {r:8}  {s:8}  (all)", score(k, r, s));
    if !survivors.is_empty() {
        let _ = writeln!(out, "\nSurvived (no scenario notices the change):");
        for x in &survivors {
            let m = &x.mutant;
            let _ = writeln!(
                out,
                "  {}:{}:{}  {} → {}  ({})",
                target.join(&m.file).display(),
                m.line,
                m.col,
                short(&m.from),
                short(&m.to),
                m.kind
            );
        }
    }
    Ok(s == 0)
}

fn short(s: &str) -> String {
    let t: String = s.chars().take(60).collect();
    if t.len() < s.len() {
        format!("{t}…")
    } else {
        t
    }
}
