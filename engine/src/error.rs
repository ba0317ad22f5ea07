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
        if needle.is_empty() || from > text.len() {
            return loc;
        }
        let mut start = from;
        while let Some(i) = text[start..].find(needle) {
            let at = start + i;
            let end = at + needle.len();
            let before = text[..at].chars().next_back();
            let after = text[end..].chars().next();
            let boundary =
                |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '-'));
            if boundary(before) && boundary(after) {
                let (l, c) = line_col(text, at);
                loc.line = l;
                loc.column = c;
                return loc;
            }
            start = end;
        }
        loc
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
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
    /// Reads a text file; bytes that are not UTF-8 are an error at their line and column.
    pub fn read_text(file: &Path) -> Result<String, LoadError> {
        let bytes = std::fs::read(file).map_err(|e| LoadError::io(file, &e))?;
        String::from_utf8(bytes).map_err(|e| {
            let good = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
            let (line, column) = line_col(before, before.len());
            let bad = bytes.get(good).copied().unwrap_or(0);
            LoadError::new(
                Location {
                    file: file.to_path_buf(),
                    line,
                    column,
                },
                format!("invalid UTF-8 (byte 0x{bad:02x})"),
            )
            .hint("save the file as UTF-8")
        })
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
