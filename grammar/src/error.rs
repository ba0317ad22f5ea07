//! Error types for parsing and evaluation.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ast::Span;
use crate::snippet;

/// A syntax error. `Display` renders the message, the source line and a caret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseError {
    /// Byte offset of the offending character.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in chars.
    pub col: usize,
    pub message: String,
    /// What the parser would have accepted at `offset`, in words (may be empty).
    pub expected: Vec<String>,
    /// The whole source line holding `offset`, kept for rendering.
    pub source_line: String,
    /// Byte offset of `offset` within `source_line`.
    pub line_offset: usize,
}

impl ParseError {
    pub(crate) fn new(src: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(src.len());
        let (line, col) = snippet::line_col(src, offset);
        let line_start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
        ParseError {
            offset,
            line,
            col,
            message: message.into(),
            expected: Vec::new(),
            source_line: src[line_start..line_end].to_string(),
            line_offset: offset - line_start,
        }
    }

    pub(crate) fn with_expected(mut self, expected: Vec<String>) -> Self {
        self.expected = expected;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&snippet::render_line(
            &self.source_line,
            self.line,
            self.col,
            self.line_offset,
            self.line_offset,
            &self.message,
        ))
    }
}

impl std::error::Error for ParseError {}

/// An evaluation error pointing at the sub-expression that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{message} (at {}..{})", span.start, span.end)]
pub struct EvalError {
    pub span: Span,
    pub message: String,
}

impl EvalError {
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        EvalError {
            span,
            message: message.into(),
        }
    }

    /// Renders the message with the source line and `^^^` under the span.
    pub fn render(&self, src: &str) -> String {
        snippet::render(src, self.span.start, self.span.end, &self.message)
    }
}

/// Either kind of error, as returned by [`crate::eval_str`]; `Display` renders it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Parse(ParseError),
    #[error("{}", error.render(src))]
    Eval { error: EvalError, src: String },
}
