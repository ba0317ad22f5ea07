//! `fuda check`: every problem in a game or pack folder at once, each with its file, line and
//! column, the offending text underlined, and a hint.
use crate::bundle::pack_manifests;
use fuda_engine::def::card::{parse_cards, CardDb};
use fuda_engine::def::deck::{check_deck, parse_deck};
use fuda_engine::def::files;
use fuda_engine::def::load::load_game;
use fuda_engine::def::pack::load_manifest;
use fuda_engine::{LoadError, LoadErrors, Location};
use fuda_scripting::LuaHost;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One problem.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub hint: Option<String>,
    /// An error makes `fuda check` exit 1; a warning is shown and does not.
    pub severity: Severity,
}

/// How bad a problem is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    #[default]
    Error,
    Warning,
}

impl Diagnostic {
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl From<LoadError> for Diagnostic {
    fn from(e: LoadError) -> Self {
        Diagnostic {
            file: e.location.file,
            line: e.location.line,
            column: e.location.column,
            message: e.message,
            hint: e.hint,
            severity: Severity::Error,
        }
    }
}

fn push(out: &mut Vec<Diagnostic>, e: LoadErrors) {
    out.extend(e.0.into_iter().map(Diagnostic::from));
}

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    crate::files::walk(
        dir,
        |_| true,
        |p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"),
    )
}

/// The game folder a path belongs to: itself, or the nearest parent with a game.yaml.
pub fn game_dir_of(path: &Path) -> Option<PathBuf> {
    let mut p = Some(path);
    while let Some(d) = p {
        // The parent of a relative path ends at "": that is the current folder.
        let d = if d.as_os_str().is_empty() {
            Path::new(".")
        } else {
            d
        };
        if d.join("game.yaml").exists() {
            return Some(d.to_path_buf());
        }
        p = d.parent().filter(|_| d != Path::new("."));
    }
    None
}

/// Checks a game folder (or a pack folder inside one, or a pack with `game`): the definition,
/// its scripts and hooks, every card file, card hooks, pack manifests and decks.
pub fn check(path: &Path, game: Option<&Path>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // A pack from anywhere is checked with the game it names (docs/guide/packs.md).
    let pack = crate::pack::pack_root_of(path);
    let from_pack = match (game, game_dir_of(path), &pack) {
        (None, None, Some(p)) => Some(crate::pack::game_of_pack(p)),
        _ => None,
    };
    if let Some(Err(e)) = &from_pack {
        out.push(Diagnostic {
            file: path.join("pack.yaml"),
            line: 0,
            column: 0,
            message: e.clone(),
            hint: Some("give the game with --game <folder>".into()),
            severity: Severity::Error,
        });
        return out;
    }
    let game_dir = match game
        .map(Path::to_path_buf)
        .or_else(|| game_dir_of(path))
        .or(from_pack.and_then(Result::ok))
    {
        Some(d) => d,
        None => {
            out.push(Diagnostic {
                file: path.to_path_buf(),
                line: 0,
                column: 0,
                message: "no game.yaml here or in a parent folder".into(),
                hint: Some("check a game folder, or give the game with --game <folder>".into()),
                severity: Severity::Error,
            });
            return out;
        }
    };
    let def = match load_game(&game_dir) {
        Ok(d) => d,
        Err(e) => {
            push(&mut out, e);
            return out;
        }
    };
    for (file, line, message) in crate::faces::check_template(&def) {
        out.push(Diagnostic {
            file,
            line,
            column: 0,
            message,
            hint: Some("see docs/faces.md for the placeholders".into()),
            severity: Severity::Error,
        });
    }
    let host = match LuaHost::for_game(&def) {
        Ok(h) => Some(h),
        Err(e) => {
            push(&mut out, e);
            None
        }
    };
    // The cards: of the whole game when checking the game, else of the pack (with the game's).
    let scope = if path == game_dir {
        game_dir.join("packs")
    } else {
        path.to_path_buf()
    };
    let mut db = CardDb::default();
    for file in yaml_files(&game_dir.join("packs")).into_iter().chain(
        if scope.starts_with(game_dir.join("packs")) {
            vec![]
        } else {
            yaml_files(&scope)
        },
    ) {
        let root = if file.starts_with(game_dir.join("packs")) {
            game_dir.join("packs")
        } else {
            scope.clone()
        };
        let Some(text) = read_in(&root, &file, &mut out) else {
            continue;
        };
        if file.file_name().is_some_and(|n| n == "pack.yaml") {
            if let Err(e) = load_manifest(&file, &def) {
                push(&mut out, e);
            }
            continue;
        }
        // A file's kind comes from where it is (inside its root): decks/ and scenarios/ are
        // checked below.
        if file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .components()
            .any(|c| c.as_os_str() == "decks" || c.as_os_str() == "scenarios")
        {
            continue;
        }
        if !text.lines().any(|l| l.starts_with("cards:")) {
            out.push(fuda_engine::def::card::not_a_card_file(&file).into());
            continue;
        }
        if let Err(e) = parse_cards(&def, &file, &text, &mut db) {
            push(&mut out, e);
        }
    }
    let _ = pack_manifests;
    if let Some(host) = &host {
        if let Err(e) = host.load_cards(&db) {
            push(&mut out, e);
        }
    }
    // Lua that loads but would fail or do nothing in a game (docs/guide/lua-api.md).
    out.extend(
        fuda_scripting::lint::lint(&def, &db)
            .into_iter()
            .map(Diagnostic::from),
    );
    out.extend(
        fuda_scripting::lint::unused_hooks(&db)
            .into_iter()
            .map(|e| Diagnostic {
                severity: Severity::Warning,
                ..e.into()
            }),
    );
    let mut roots = vec![game_dir.join("decks")];
    if !scope.starts_with(&game_dir) {
        roots.push(scope.join("decks"));
    }
    let decks: Vec<(PathBuf, PathBuf)> = roots
        .iter()
        .flat_map(|r| yaml_files(r).into_iter().map(move |f| (r.clone(), f)))
        .collect();
    for (root, file) in decks {
        let Some(text) = read_in(&root, &file, &mut out) else {
            continue;
        };
        match parse_deck(&file, &text, &db) {
            Err(e) => push(&mut out, e),
            Ok(deck) => {
                for p in check_deck(&def, &db, &deck) {
                    out.push(Diagnostic::from(LoadError::new(
                        p.location(&file, &text),
                        format!("illegal deck: {p}"),
                    )));
                }
            }
        }
    }
    // The pack's scenarios read as scenarios (what they play is checked by `fuda test`).
    let scenarios = crate::files::walk(
        &scope.join("scenarios"),
        |d| d.file_name().is_some_and(|n| n != "snapshots"),
        |p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"),
    );
    for file in scenarios {
        let Some(text) = read_in(&scope, &file, &mut out) else {
            continue;
        };
        if let Err(e) = fuda_engine::def::yaml::from_str::<crate::scenario::Scenario>(&file, &text)
        {
            out.push(e.into());
        }
    }
    out.retain(|d| scope_contains(path, &game_dir, &d.file));
    out
}

/// The text of `file`, found under `root`, read only if it is a regular file inside `root`
/// (else the refusal is reported).
fn read_in(root: &Path, file: &Path, out: &mut Vec<Diagnostic>) -> Option<String> {
    let rel = file.strip_prefix(root).unwrap_or(file).to_string_lossy();
    match files::read_confined(root, &rel, &Location::file(file)) {
        Ok((_, text)) => Some(text),
        Err(e) => {
            out.push(e.into());
            None
        }
    }
}

/// The text to show around a problem: only a game's or pack's own YAML and Lua sources (a
/// regular file within the size limit), never another file's content.
fn source_text(file: &Path) -> String {
    let own = file
        .extension()
        .is_some_and(|x| x == "yaml" || x == "yml" || x == "lua");
    if !own {
        return String::new();
    }
    files::read_regular(file).unwrap_or_default()
}

/// Problems of a pack check are those in the pack (and the game's own, which it needs).
fn scope_contains(path: &Path, game_dir: &Path, file: &Path) -> bool {
    path == game_dir
        || file.starts_with(path)
        || file == game_dir.join("game.yaml")
        || !file.starts_with(game_dir.join("packs"))
}

/// A byte range to underline at (line, column): the token there.
fn span(text: &str, line: usize, column: usize) -> std::ops::Range<usize> {
    let mut start = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let col_byte = l
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(0, |(b, _)| b);
            let rest = &l[col_byte..];
            let mut len = rest
                .find(|c: char| c.is_whitespace() || ",}]#:".contains(c))
                .unwrap_or(rest.trim_end().len());
            if len == 0 {
                len = rest.trim_end().len().max(1).min(rest.len());
            }
            return start + col_byte..start + col_byte + len;
        }
        start += l.len();
    }
    0..0
}

/// The diagnostics for a terminal (colour when `color`), ending with a count.
pub fn render(diags: &[Diagnostic], color: bool) -> String {
    use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
    let mut out = Vec::new();
    for d in diags {
        let name = d.file.display().to_string();
        let text = source_text(&d.file);
        if d.line == 0 || text.is_empty() {
            let hint = d
                .hint
                .as_ref()
                .map(|h| format!("\n  hint: {h}"))
                .unwrap_or_default();
            let at = if d.line > 0 {
                format!(":{}:{}", d.line, d.column)
            } else {
                String::new()
            };
            let kind = if d.is_error() { "error" } else { "warning" };
            out.extend(format!("{kind}: {name}{at}: {}{hint}\n", d.message).into_bytes());
            continue;
        }
        let range = span(&text, d.line, d.column);
        let cfg = Config::default()
            .with_color(color)
            .with_index_type(IndexType::Byte);
        let kind = if d.is_error() {
            ReportKind::Error
        } else {
            ReportKind::Warning
        };
        let mut report = Report::build(kind, (name.clone(), range.clone()))
            .with_config(cfg)
            .with_message(format!("{name}:{}:{}: {}", d.line, d.column, d.message))
            .with_label(Label::new((name.clone(), range)).with_message("here"));
        if let Some(h) = &d.hint {
            report = report.with_help(h);
        }
        let _ = report
            .finish()
            .write((name.clone(), Source::from(text)), &mut out);
    }
    let mut s = String::from_utf8_lossy(&out).to_string();
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags.len() - errors;
    let count = |n: usize, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    s.push_str(&match (errors, warnings) {
        (0, 0) => "no problems found\n".to_string(),
        (e, 0) => format!("{}\n", count(e, "problem")),
        (0, w) => format!("no problems found, {}\n", count(w, "warning")),
        (e, w) => format!("{}, {}\n", count(e, "problem"), count(w, "warning")),
    });
    s
}
