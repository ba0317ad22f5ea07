//! Errors that name the file, line and column, and say what to fix.
use std::fmt;
use std::path::{Path, PathBuf};

/// A place in a source file (1-based line and column; 0 when unknown).
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Location {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
}

impl Location {
    pub fn file(file: &Path) -> Self {
        Location {
            file: file.to_path_buf(),
            line: 0,
            column: 0,
        }
    }
    /// Where `needle` first appears in `text` as a whole token, or the file alone.
    pub fn find(file: &Path, text: &str, needle: &str) -> Self {
        Self::find_after(file, text, needle, 0)
    }
    /// Like [`Location::find`], starting at byte `from`.
    pub fn find_after(file: &Path, text: &str, needle: &str, from: usize) -> Self {
        let mut loc = Location::file(file);
        if let Some(at) = find_token(text, needle, from, usize::MAX).0 {
            (loc.line, loc.column) = line_col(text, at);
        }
        loc
    }
}

/// The first whole-token occurrence of `needle` in `text` at or after `from`, scanning at most
/// about `limit` bytes; also returns the bytes scanned.
fn find_token(text: &str, needle: &str, from: usize, limit: usize) -> (Option<usize>, usize) {
    if needle.is_empty() || limit == 0 || from > text.len() || !text.is_char_boundary(from) {
        return (None, 0);
    }
    let mut stop = from
        .saturating_add(limit)
        .saturating_add(needle.len())
        .min(text.len());
    while !text.is_char_boundary(stop) {
        stop += 1;
    }
    let hay = &text[..stop];
    let boundary =
        |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '-'));
    let mut start = from;
    while let Some(i) = hay[start..].find(needle) {
        let at = start + i;
        let end = at + needle.len();
        if boundary(text[..at].chars().next_back()) && boundary(text[end..].chars().next()) {
            return (Some(at), end - from);
        }
        start = end;
    }
    (None, stop - from)
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Line and column of a byte offset in bytes that are valid UTF-8 up to it.
pub fn line_col_bytes(bytes: &[u8], offset: usize) -> (usize, usize) {
    let offset = offset.min(bytes.len());
    match std::str::from_utf8(&bytes[..offset]) {
        Ok(s) => line_col(s, offset),
        Err(_) => (0, 0),
    }
}

/// A text with its line starts, for finding many places in one file in linear total time:
/// lookups are O(log n), and all searches together scan at most four times the text plus
/// 64 MiB (then places are given as the file alone).
pub struct Lines<'a> {
    pub text: &'a str,
    starts: Vec<usize>,
    budget: std::cell::Cell<usize>,
    /// The last lookup: byte offset, line, column.
    last: std::cell::Cell<(usize, usize, usize)>,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines {
            text,
            starts,
            budget: std::cell::Cell::new(text.len().saturating_mul(4).saturating_add(64 << 20)),
            last: std::cell::Cell::new((0, 0, 0)),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset);
        let mut start = self.starts[line.saturating_sub(1)];
        let mut col = 1;
        // Columns are counted on from the last lookup on the same line (long one-line files).
        let (last, last_line, last_col) = self.last.get();
        if last_line == line && (start..=offset).contains(&last) {
            (start, col) = (last, last_col);
        }
        col += self
            .text
            .get(start..offset)
            .map_or(0, |l| l.chars().count());
        self.last.set((offset, line, col));
        (line, col)
    }

    fn spend(&self, n: usize) {
        self.budget.set(self.budget.get().saturating_sub(n));
    }

    /// Byte offset of `needle` as a whole token at or after `from` (within the search budget).
    pub fn find_token(&self, needle: &str, from: usize) -> Option<usize> {
        let (at, scanned) = find_token(self.text, needle, from, self.budget.get());
        self.spend(scanned);
        at
    }

    /// Byte offset of `needle` (anywhere, not only as a token) at or after `from`.
    pub fn find(&self, needle: &str, from: usize) -> Option<usize> {
        let budget = self.budget.get();
        if !self.text.is_char_boundary(from) {
            return None;
        }
        if needle.is_empty() {
            return Some(from);
        }
        if budget == 0 {
            return None;
        }
        let mut stop = from
            .saturating_add(budget)
            .saturating_add(needle.len())
            .min(self.text.len());
        while !self.text.is_char_boundary(stop) {
            stop += 1;
        }
        let at = self.text[from..stop].find(needle);
        self.spend(at.map_or(stop - from, |i| i + needle.len()));
        at.map(|i| from + i)
    }

    /// Where `needle` first appears as a whole token at or after `from`, or the file alone.
    pub fn locate(&self, file: &Path, needle: &str, from: usize) -> Location {
        let mut loc = Location::file(file);
        if let Some(at) = self.find_token(needle, from) {
            (loc.line, loc.column) = self.line_col(at);
        }
        loc
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        Ok(())
    }
}

/// A problem in a game definition, pack, deck or script, found while loading.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{location}: {message}{}", hint.as_ref().map(|h| format!("\n  hint: {h}")).unwrap_or_default())]
pub struct LoadError {
    pub location: Location,
    pub message: String,
    pub hint: Option<String>,
}

impl LoadError {
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        LoadError {
            location,
            message: message.into(),
            hint: None,
        }
    }
    /// The same error with `prefix` before its message.
    pub fn message_prefix(mut self, prefix: &str) -> Self {
        self.message.insert_str(0, prefix);
        self
    }
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
    /// Converts a serde_yaml error into one with the file, line and column.
    pub fn yaml(file: &Path, err: &serde_yaml::Error) -> Self {
        let mut location = Location::file(file);
        if let Some(l) = err.location() {
            location.line = l.line();
            location.column = l.column();
        }
        let msg = err.to_string();
        // serde_yaml appends " at line N column M"; the location already says it.
        let msg = match msg.find(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        };
        // "unknown field `wehn`, expected one of `a`, `b`, …": keep the field, hint the nearest.
        if let Some((head, expected)) = msg.split_once(", expected one of ") {
            let known: Vec<&str> = expected.split(", ").map(|k| k.trim_matches('`')).collect();
            let field = head.rsplit('`').nth(1).unwrap_or("");
            let hint = crate::def::card::did_you_mean(field, known.iter().copied());
            return LoadError::new(location, head.to_string()).hint(hint);
        }
        LoadError::new(location, msg)
    }
    pub fn io(file: &Path, err: &std::io::Error) -> Self {
        LoadError::new(Location::file(file), format!("cannot read the file: {err}"))
    }
}

/// Several load errors at once (a loader reports all it finds).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "error: {e}")?;
        }
        Ok(())
    }
}

impl From<LoadError> for LoadErrors {
    fn from(e: LoadError) -> Self {
        LoadErrors(vec![e])
    }
}

/// A failure while a game runs: a script error or a broken invariant of the definition.
/// The game stops cleanly with this error; it never panics the host.
#[derive(Clone, Debug, PartialEq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum RunError {
    #[error("script error in {hook}: {message}")]
    Script { hook: String, message: String },
    #[error("{0}")]
    Definition(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_agree_with_line_col_in_any_order() {
        let text = "cards:\n  - id: 炎A\n    name: x\n\n  - { id: B, name: 火の粉 }\n";
        let lines = Lines::new(text);
        let offsets: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for &o in offsets.iter().chain(offsets.iter().rev()) {
            assert_eq!(lines.line_col(o), line_col(text, o), "offset {o}");
        }
        let at = lines.find_token("B", 0).expect("B");
        assert_eq!(lines.line_col(at), (5, 11));
        assert_eq!(lines.find_token("A", 0), None, "炎A is one token");
        let loc = lines.locate(Path::new("c.yaml"), "name", 20);
        assert_eq!((loc.line, loc.column), (3, 5));
    }
}
