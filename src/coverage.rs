//! The rule-coverage matrix: which behavior clauses scenarios and tests cite, and why the
//! others are not covered.
use indexmap::IndexMap;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One clause of the rules' checklist.
#[derive(Clone, Debug)]
pub struct Clause {
    pub id: String,
    pub kind: String,
    pub summary: String,
}

/// Citations of clauses, and what is wrong with them.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    pub clauses: Vec<Clause>,
    pub scenarios: IndexMap<String, BTreeSet<String>>,
    pub tests: IndexMap<String, BTreeSet<String>>,
    pub reasons: IndexMap<String, String>,
    /// (where, clause) for citations of clauses that do not exist.
    pub unknown: Vec<(String, String)>,
}

impl Coverage {
    pub fn behavior(&self) -> impl Iterator<Item = &Clause> {
        self.clauses.iter().filter(|c| c.kind == "behavior")
    }
    pub fn covered(&self, id: &str) -> bool {
        self.scenarios.contains_key(id) || self.tests.contains_key(id)
    }
    /// Covered behavior clauses / all behavior clauses, in percent.
    pub fn percent(&self) -> f64 {
        let total = self.behavior().count();
        let done = self.behavior().filter(|c| self.covered(&c.id)).count();
        100.0 * done as f64 / total.max(1) as f64
    }
    /// Behavior clauses with neither a citation nor a reason.
    pub fn missing(&self) -> Vec<&Clause> {
        self.behavior()
            .filter(|c| !self.covered(&c.id) && !self.reasons.contains_key(&c.id))
            .collect()
    }
}

/// Clause ids in a text: `704.3c-1`, `1004.1`, `302.3a-1`.
pub fn clause_ids(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'))
        {
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if (3..=4).contains(&(j - i))
                && j + 1 < b.len()
                && b[j] == b'.'
                && b[j + 1].is_ascii_digit()
            {
                j += 1;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                if j < b.len()
                    && b[j].is_ascii_lowercase()
                    && !(j + 1 < b.len() && b[j + 1].is_ascii_lowercase())
                {
                    j += 1;
                }
                if j + 1 < b.len() && b[j] == b'-' && b[j + 1].is_ascii_digit() {
                    j += 1;
                    while j < b.len() && b[j].is_ascii_digit() {
                        j += 1;
                    }
                }
                out.push(text[start..j].to_string());
                i = j;
                continue;
            }
            i = j.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// Dotted clause ids (`1.12.8.a`, `6.2.4`) in a text that are clauses of `known`: for games
/// whose numbering is not the 汎用TCG's.
pub fn dotted_ids(text: &str, known: &BTreeSet<&str>) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'))
        {
            let mut j = i;
            while j < b.len()
                && (b[j].is_ascii_alphanumeric()
                    || ((b[j] == b'.' || b[j] == b'-')
                        && j + 1 < b.len()
                        && b[j + 1].is_ascii_alphanumeric()))
            {
                j += 1;
            }
            // `402.2b-3` (Fire Force), `15-24h-1` (Gate Ruler): the longest known id.
            while j > i && !known.contains(&text[i..j]) {
                match text[i..j].rfind(['-', '.']) {
                    Some(k) => j = i + k,
                    None => break,
                }
            }
            let id = &text[i..j];
            if (id.contains('.') || id.contains('-')) && known.contains(id) {
                out.push(id.to_string());
            }
            i = j.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// The clause a test function's name ends with: `…_704_3c` → 704.3c, `…_302_3a_1` → 302.3a-1.
pub fn clause_of_fn_name(name: &str) -> Option<String> {
    let parts: Vec<&str> = name.split('_').collect();
    for start in (0..parts.len()).rev() {
        let p = &parts[start..];
        let ok = |s: &str, n: usize| s.len() >= n && s.chars().all(|c| c.is_ascii_digit());
        match p {
            [a, b] if ok(a, 3) && a.len() <= 4 && is_rule(b) => return Some(format!("{a}.{b}")),
            [a, b, c] if ok(a, 3) && a.len() <= 4 && is_rule(b) && ok(c, 1) => {
                return Some(format!("{a}.{b}-{c}"))
            }
            _ => {}
        }
    }
    None
}

fn is_rule(s: &str) -> bool {
    let digits = s.trim_end_matches(|c: char| c.is_ascii_lowercase());
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) && s.len() - digits.len() <= 1
}

/// Gathers citations from `scenario_dir` (`clauses:` lists) and `tests_dir` (doc comments and
/// function names of Rust tests), against the checklist `tsv`.
/// Collects citations: scenarios under each of `scenario_dirs`, and, with `tests_dir`, the Rust
/// tests there (doc comments and names).
pub fn collect(
    tsv: &Path,
    scenario_dirs: &[&Path],
    tests_dir: Option<&Path>,
) -> Result<Coverage, String> {
    collect_with(tsv, scenario_dirs, tests_dir, None)
}

/// [`collect`], reading only the test files whose name starts with `prefix` (another game's
/// tests: `touhou_vision`), where dotted ids of the game's clauses are citations.
pub fn collect_with(
    tsv: &Path,
    scenario_dirs: &[&Path],
    tests_dir: Option<&Path>,
    prefix: Option<&str>,
) -> Result<Coverage, String> {
    let text = std::fs::read_to_string(tsv).map_err(|e| format!("{}: {e}", tsv.display()))?;
    let mut cov = Coverage::default();
    for line in text.lines().skip(1) {
        let mut f = line.splitn(3, '\t');
        if let (Some(id), Some(kind), Some(summary)) = (f.next(), f.next(), f.next()) {
            cov.clauses.push(Clause {
                id: id.into(),
                kind: kind.into(),
                summary: summary.into(),
            });
        }
    }
    let known: BTreeSet<&str> = cov.clauses.iter().map(|c| c.id.as_str()).collect();
    let mut unknown = Vec::new();
    for (scenario_dir, path) in scenario_dirs
        .iter()
        .flat_map(|d| crate::scenario::find(d).into_iter().map(move |p| (*d, p)))
    {
        let loaded = crate::scenario::load(&path)?;
        let name = path
            .strip_prefix(scenario_dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        for c in &loaded.scenario.clauses {
            if !known.contains(c.as_str()) {
                unknown.push((name.clone(), c.clone()));
            }
            cov.scenarios
                .entry(c.clone())
                .or_default()
                .insert(name.clone());
        }
    }
    let others = tests_dir.map(|t| other_games(t, tsv)).unwrap_or_default();
    for path in tests_dir
        .map(rust_files)
        .unwrap_or_default()
        .into_iter()
        .filter(|p| {
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            match prefix {
                Some(pre) => stem.starts_with(pre),
                // The built-in game's tests are all but other games' (`fire_force*.rs`).
                None => !others.iter().any(|o| stem.starts_with(o.as_str())),
            }
        })
    {
        let src = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let mut doc = String::new();
        for line in src.lines() {
            let t = line.trim();
            if let Some(d) = t.strip_prefix("///") {
                doc.push_str(d);
                doc.push('\n');
            } else if let Some(rest) = t.strip_prefix("fn ") {
                let name = rest.split('(').next().unwrap_or("").trim();
                let mut ids: BTreeSet<String> = match prefix {
                    Some(_) => dotted_ids(&doc, &known).into_iter().collect(),
                    None => clause_ids(&doc).into_iter().collect(),
                };
                if prefix.is_none() {
                    ids.extend(clause_of_fn_name(name));
                }
                for c in ids {
                    if !known.contains(c.as_str()) {
                        unknown.push((format!("{file}::{name}"), c.clone()));
                        continue;
                    }
                    cov.tests
                        .entry(c)
                        .or_default()
                        .insert(format!("{file}::{name}"));
                }
                doc.clear();
            } else if !t.starts_with("#[") {
                doc.clear();
            }
        }
    }
    // uncovered*.yaml, in a scenarios folder or beside the scenarios of one of its parts:
    // clause → why it is not covered.
    let mut reason_files: Vec<PathBuf> = scenario_dirs
        .iter()
        .flat_map(|d| {
            crate::files::walk(
                d,
                |d| {
                    d.file_name()
                        .is_some_and(|n| n != "cards" && n != "snapshots" && n != "decks")
                },
                is_reasons,
            )
        })
        .collect();
    reason_files.sort();
    for reasons in reason_files {
        let text =
            std::fs::read_to_string(&reasons).map_err(|e| format!("{}: {e}", reasons.display()))?;
        let map: IndexMap<String, String> = serde_yaml::from_str(&text)
            .map_err(|e| fuda_engine::LoadError::yaml(&reasons, &e).to_string())?;
        for (c, r) in map {
            if !known.contains(c.as_str()) {
                unknown.push((reasons.display().to_string(), c.clone()));
            }
            cov.reasons.insert(c, r);
        }
    }
    cov.unknown = unknown;
    Ok(cov)
}

/// The test-file prefixes of the games beside `tests_dir` (`cards/*`, `tests/games/*`) that
/// have a checklist other than `tsv`: `fire-force` → `fire_force`.
fn other_games(tests_dir: &Path, tsv: &Path) -> Vec<String> {
    let own = tsv.canonicalize().ok();
    let root = tests_dir.parent().unwrap_or(tests_dir);
    let mut out = Vec::new();
    for parent in [root.join("cards"), tests_dir.join("games")] {
        let Ok(entries) = std::fs::read_dir(&parent) else {
            continue;
        };
        for e in entries.flatten() {
            let list = e.path().join("clauses.tsv");
            if list.is_file() && list.canonicalize().ok() != own {
                out.push(e.file_name().to_string_lossy().replace('-', "_"));
            }
        }
    }
    out.sort();
    out
}

/// `uncovered.yaml`, `uncovered-<part>.yaml`: reasons, not scenarios.
pub fn is_reasons(p: &Path) -> bool {
    p.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("uncovered"))
        && p.extension().is_some_and(|x| x == "yaml")
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "rs"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

pub const START: &str =
    "<!-- coverage:start (generated by `fuda coverage --write`; do not edit) -->";
pub const END: &str = "<!-- coverage:end -->";

/// The matrix as Markdown.
pub fn matrix(cov: &Coverage) -> String {
    let total = cov.behavior().count();
    let done = cov.behavior().filter(|c| cov.covered(&c.id)).count();
    let mut s = format!(
        "{START}\n\n**{done} of {total} behavior clauses covered ({:.1} %)**; the others are listed with a reason.\n\n| clause | rule | scenarios | tests | status |\n|---|---|---|---|---|\n",
        cov.percent()
    );
    for c in cov.behavior() {
        let list = |m: &IndexMap<String, BTreeSet<String>>| {
            m.get(&c.id)
                .map(|v| {
                    v.iter()
                        .map(|x| format!("`{x}`"))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
        };
        let status = if cov.covered(&c.id) {
            "covered".to_string()
        } else if let Some(r) = cov.reasons.get(&c.id) {
            format!("not covered: {r}")
        } else {
            "**missing**".to_string()
        };
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            c.id,
            c.summary.replace('|', "/"),
            list(&cov.scenarios),
            list(&cov.tests),
            status
        ));
    }
    s.push('\n');
    s.push_str(END);
    s
}

/// `doc` with its matrix section replaced (or appended).
pub fn splice(doc: &str, matrix: &str) -> String {
    match (doc.find(START), doc.find(END)) {
        (Some(a), Some(b)) if b > a => format!("{}{}{}", &doc[..a], matrix, &doc[b + END.len()..]),
        _ => format!("{}\n## Coverage matrix\n\n{matrix}\n", doc.trim_end()),
    }
}
