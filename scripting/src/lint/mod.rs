//! `fuda check`'s Lua lint: every card hook and Lua file is parsed (full_moon) and checked
//! against the kernel API and the game: `k.*` and `rules.*` functions that do not exist or get
//! too many or too few arguments, string literals naming a zone, counter, event, … the game does
//! not declare, writes to globals (read-only: the call would fail), and hooks whose result the
//! game reads (`card_hooks:` other than `any`) that never return a value.
pub mod api;
mod chunk;

use chunk::{Chunk, Finding};
use fuda_engine::def::ability::HookSrc;
use fuda_engine::def::card::CardDb;
use fuda_engine::def::game::GameDef;
use fuda_engine::def::raw::HookReturn;
use fuda_engine::{LoadError, Location};
use std::path::{Path, PathBuf};

/// A function of the game's `rules.*` library: its parameters (None: any number).
#[derive(Clone, Debug)]
pub struct RuleFn {
    pub name: String,
    pub params: Option<usize>,
    /// Where it is defined (line, column).
    pub at: (usize, usize),
}

/// The locals every card hook has.
const HOOK_LOCALS: [&str; 4] = ["self", "controller", "event", "data"];

/// Lints the game's scripts and the hooks of every card in `db`.
pub fn lint(game: &GameDef, db: &CardDb) -> Vec<LoadError> {
    let mut out = Vec::new();
    let rules = rules_library(game);
    for path in &game.scripts {
        if let Ok(text) = fuda_engine::def::files::read_regular(path) {
            let chunk = Chunk::new(game, &rules, false);
            push(&mut out, path, (1, 1, 0), chunk.lint(&text));
        }
    }
    let mut files: Vec<PathBuf> = Vec::new();
    for card in &db.cards {
        for a in &card.abilities {
            for (hook, src) in &a.hooks {
                let returns = game.hook_return(hook) != HookReturn::Any
                    && game.card_hooks.contains_key(hook.as_str());
                match &src.file_fn {
                    Some((file, _)) => {
                        if !files.contains(file) {
                            files.push(file.clone());
                        }
                    }
                    None => lint_inline(game, &rules, src, hook, returns, &mut out),
                }
            }
        }
    }
    for file in files {
        if let Ok(text) = fuda_engine::def::files::read_regular(&file) {
            let chunk = Chunk::new(game, &rules, true);
            push(&mut out, &file, (1, 1, 0), chunk.lint(&text));
        }
    }
    out
}

/// Functions a card's Lua file exports that no ability names as a hook (`file.lua@name`):
/// dead code, or a hook whose name in the YAML is spelled differently. Warnings.
pub fn unused_hooks(db: &CardDb) -> Vec<LoadError> {
    let mut files: Vec<(PathBuf, Vec<&str>)> = Vec::new();
    for card in &db.cards {
        for a in &card.abilities {
            for (_, src) in &a.hooks {
                let Some((file, name)) = &src.file_fn else {
                    continue;
                };
                match files.iter_mut().find(|(f, _)| f == file) {
                    Some((_, used)) => used.push(name),
                    None => files.push((file.clone(), vec![name])),
                }
            }
        }
    }
    let mut out = Vec::new();
    for (file, used) in files {
        let Ok(text) = fuda_engine::def::files::read_regular(&file) else {
            continue;
        };
        let mut defined = Vec::new();
        chunk::library_functions(&text, &mut defined);
        // A function the file itself calls (`F.helper(…)`) is used.
        let unused = |f: &&RuleFn| {
            !used.contains(&f.name.as_str()) && text.matches(&format!(".{}", f.name)).count() < 2
        };
        for f in defined.iter().filter(unused) {
            let mut e = LoadError::new(
                Location {
                    file: file.clone(),
                    line: f.at.0,
                    column: f.at.1,
                },
                format!("Lua: no ability uses `{}` as a hook", f.name),
            );
            e.hint = Some(format!(
                "name it in a card's ability (`effect: \"@{}:{}\"`), or make it local (`local function {}`) if it is a helper",
                file.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default(),
                f.name,
                f.name
            ));
            out.push(e);
        }
    }
    out
}

/// An inline hook: its lines start at `src.location` in the card's YAML.
fn lint_inline(
    game: &GameDef,
    rules: &[RuleFn],
    src: &HookSrc,
    hook: &str,
    returns: bool,
    out: &mut Vec<LoadError>,
) {
    let mut chunk = Chunk::new(game, rules, true);
    chunk.locals = HOOK_LOCALS.to_vec();
    if returns {
        chunk.must_return = Some(hook.to_string());
    }
    // Code line `first` (1-based) is at src.location; its indentation `indent` is stripped.
    let (first, indent) = src
        .code
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.len() - l.trim_start().len()))
        .unwrap_or((1, 0));
    let at = &src.location;
    if at.line == 0 {
        return;
    }
    push(
        out,
        &at.file,
        (at.line, at.column, indent),
        chunk
            .lint(&src.code)
            .into_iter()
            .map(|mut f| {
                f.line = f.line.saturating_sub(first - 1).max(1);
                f
            })
            .collect(),
    );
}

/// Findings at code (line, column) placed in `file`, whose code line 1 starts at `origin`
/// (line, column of its first character, indentation stripped from the code).
fn push(out: &mut Vec<LoadError>, file: &Path, origin: (usize, usize, usize), fs: Vec<Finding>) {
    let (line0, col0, indent) = origin;
    for f in fs {
        let line = line0 + f.line - 1;
        let column = (col0 + f.column).saturating_sub(indent + 1).max(1);
        let mut e = LoadError::new(
            Location {
                file: file.to_path_buf(),
                line,
                column,
            },
            format!("Lua: {}", f.message),
        );
        e.hint = f.hint;
        out.push(e);
    }
}

/// The `rules.*` library: functions `function M.name(…)` (or `M.name = function(…)`) the
/// game's scripts define on the table they are given.
pub fn rules_library(game: &GameDef) -> Vec<RuleFn> {
    let mut out = Vec::new();
    for path in &game.scripts {
        if let Ok(text) = fuda_engine::def::files::read_regular(path) {
            chunk::library_functions(&text, &mut out);
        }
    }
    out
}
