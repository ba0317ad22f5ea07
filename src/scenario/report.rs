//! Reading results: a failure shows what differed and the log up to it.
use super::run::{Outcome, Report};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Lines of log shown with a failure.
const TAIL: usize = 25;

/// `PASS path — name`, or `FAIL path — name` with every difference and the end of the log.
pub fn describe(r: &Report) -> String {
    let mut s = String::new();
    match &r.outcome {
        Outcome::Pass => {
            let _ = write!(s, "PASS {} — {}", r.path.display(), r.name);
            for w in &r.warnings {
                let _ = write!(s, "\n    warning: {w}");
            }
        }
        Outcome::Fail(msgs) => {
            let _ = writeln!(s, "FAIL {} — {}", r.path.display(), r.name);
            for m in msgs {
                let _ = writeln!(s, "    {m}");
            }
            if !r.log.is_empty() {
                let from = r.log.len().saturating_sub(TAIL);
                let _ = writeln!(
                    s,
                    "    log (last {} of {} lines):",
                    r.log.len() - from,
                    r.log.len()
                );
                for l in &r.log[from..] {
                    let _ = writeln!(s, "      {l}");
                }
            }
        }
    }
    s.trim_end().to_string()
}

/// Where a scenario's snapshot lives: `<name>.snap` beside the scenario file (insta format).
pub fn snapshot_path(scenario: &Path) -> PathBuf {
    scenario.with_extension("snap")
}

/// Compares the log with the stored snapshot. A missing or different one writes `.snap.new`
/// to review (rename it to `.snap` to accept, or run `cargo insta review`).
pub fn compare_snapshot(scenario: &Path, log: &[String]) -> Result<(), String> {
    compare_or_accept(scenario, log, false).map(|_| ())
}

/// [`compare_snapshot`]; with `accept`, a new or changed log is written as the snapshot and
/// returned as the text to show (the new log, or where it first differs).
/// Whether `log` differs from the snapshot stored beside `scenario` (a missing one differs);
/// reads only, writes nothing.
pub fn differs_from_snapshot(scenario: &Path, log: &[String]) -> bool {
    let stored = std::fs::read_to_string(snapshot_path(scenario))
        .ok()
        .map(|t| body(&t));
    stored.as_deref().map(str::trim_end) != Some(log.join("\n").trim_end())
}

pub fn compare_or_accept(
    scenario: &Path,
    log: &[String],
    accept: bool,
) -> Result<Option<String>, String> {
    let path = snapshot_path(scenario);
    let actual = log.join("\n");
    let stored = std::fs::read_to_string(&path).ok().map(|t| body(&t));
    if accept && stored.as_deref().map(str::trim_end) != Some(actual.trim_end()) {
        let shown = match &stored {
            Some(s) => format!("changed:\n{}", first_difference(s, &actual)),
            None => format!("new:\n      {}", actual.replace('\n', "\n      ")),
        };
        write_new(&path, &actual);
        std::fs::rename(path.with_extension("snap.new"), &path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        return Ok(Some(format!("accepted {} ({shown})", path.display())));
    }
    match stored {
        Some(s) if s.trim_end() == actual.trim_end() => Ok(None),
        Some(s) => {
            let diff = first_difference(&s, &actual);
            write_new(&path, &actual);
            Err(format!(
                "the log differs from {}:\n{diff}\n(if the new log is right: fuda test --accept)",
                path.display()
            ))
        }
        None => {
            write_new(&path, &actual);
            Err(format!(
                "no snapshot yet: review {}.new, then run fuda test --accept (or rename it to .snap)",
                path.display()
            ))
        }
    }
}

fn write_new(path: &Path, actual: &str) {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let text = format!("---\nsource: fuda test\nexpression: {name}\n---\n{actual}\n");
    let _ = std::fs::write(path.with_extension("snap.new"), text);
}

/// The snapshot's content after its header.
fn body(text: &str) -> String {
    let mut parts = text.splitn(3, "---\n");
    let _ = parts.next();
    let _ = parts.next();
    parts.next().unwrap_or("").to_string()
}

fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let i = e
        .iter()
        .zip(&a)
        .position(|(x, y)| x != y)
        .unwrap_or(e.len().min(a.len()));
    format!(
        "      line {}:\n      - {}\n      + {}",
        i + 1,
        e.get(i).copied().unwrap_or("(end)"),
        a.get(i).copied().unwrap_or("(end)")
    )
}
