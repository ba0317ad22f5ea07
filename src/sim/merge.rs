//! Results files (JSON Lines): a header line, then one line per game. `fuda sim merge`
//! combines the shards of one run.
use super::record::{GameRecord, Header};
use super::stats::Stats;
use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::Path;

#[derive(serde::Serialize, serde::Deserialize)]
struct HeaderLine {
    header: Header,
}

pub fn write_header(out: &mut dyn Write, h: &Header) -> Result<(), String> {
    let line =
        serde_json::to_string(&HeaderLine { header: h.clone() }).map_err(|e| e.to_string())?;
    writeln!(out, "{line}").map_err(|e| e.to_string())
}

pub fn write_record(out: &mut dyn Write, r: &GameRecord) -> Result<(), String> {
    let line = serde_json::to_string(r).map_err(|e| e.to_string())?;
    writeln!(out, "{line}").map_err(|e| e.to_string())
}

/// Reads one results file, handing each record to `each`; returns its header.
pub fn read(
    path: &Path,
    mut each: impl FnMut(&Header, GameRecord) -> Result<(), String>,
) -> Result<Header, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = std::io::BufReader::new(f).lines();
    let at = |n: usize, e: &dyn std::fmt::Display| format!("{}:{n}: {e}", path.display());
    let first = lines
        .next()
        .ok_or_else(|| format!("{}: empty; expected a header line", path.display()))?
        .map_err(|e| at(1, &e))?;
    let header = serde_json::from_str::<HeaderLine>(&first)
        .map_err(|e| at(1, &format!("not a fuda sim header line ({e})")))?
        .header;
    for (n, line) in lines.enumerate() {
        let line = line.map_err(|e| at(n + 2, &e))?;
        if line.trim().is_empty() {
            continue;
        }
        let r: GameRecord = serde_json::from_str(&line).map_err(|e| at(n + 2, &e))?;
        each(&header, r)?;
    }
    Ok(header)
}

/// Combines results files of one run (the same game, agents, decks, seed and size); games
/// must not repeat. Records go to `out` in file order.
pub fn merge(
    paths: &[std::path::PathBuf],
    mut out: Option<&mut dyn Write>,
) -> Result<(Header, Stats), String> {
    let mut first: Option<Header> = None;
    let mut stats = Stats::default();
    let mut seen = BTreeSet::new();
    for path in paths {
        read(path, |h, r| {
            let mut key = h.clone();
            key.shard = None;
            let header = match &first {
                None => {
                    if let Some(o) = out.as_deref_mut() {
                        write_header(o, &key)?;
                    }
                    first.insert(key)
                }
                Some(f) if *f != key => {
                    return Err(format!(
                        "{}: not from the same run as {} (game, agents, decks, seed and games must match)",
                        path.display(),
                        paths[0].display()
                    ))
                }
                Some(f) => f,
            };
            if !seen.insert(r.seed) {
                return Err(format!(
                    "{}: the game with seed {} is already in an earlier file",
                    path.display(),
                    r.seed
                ));
            }
            stats.add(header, &r);
            if let Some(o) = out.as_deref_mut() {
                write_record(o, &r)?;
            }
            Ok(())
        })?;
    }
    let header = first.ok_or("no files to merge")?;
    Ok((header, stats))
}
