//! A quick pre-scan for string literals and parentheses, run before pest.
//!
//! It finds errors pest reports poorly (unclosed strings, bad escapes,
//! unclosed parentheses) and caps nesting so pest cannot overflow the stack.

use crate::error::ParseError;

/// Deepest parenthesis nesting `parse` accepts.
pub const MAX_NESTING: usize = 32;

#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// An error to report without running pest.
    pub fatal: Option<ParseError>,
    /// A string error and the offset of its opening quote; reported if pest
    /// fails at or after that quote.
    pub string_error: Option<(usize, ParseError)>,
    /// Offsets of `(` and `[` never closed, innermost last (both count toward the nesting cap).
    pub open_parens: Vec<usize>,
}

pub(crate) fn scan(src: &str) -> Scan {
    let mut out = Scan::default();
    let mut chars = src.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                if let Some(err) = scan_string(src, i, &mut chars) {
                    out.string_error = Some((i, err));
                    return out;
                }
            }
            '(' | '[' => {
                out.open_parens.push(i);
                if out.open_parens.len() > MAX_NESTING {
                    out.fatal = Some(ParseError::new(
                        src,
                        i,
                        format!("parentheses or brackets nested too deeply (the limit is {MAX_NESTING})"),
                    ));
                    return out;
                }
            }
            ')' | ']' => {
                // An unmatched `)` is left to pest, which reports it in context.
                out.open_parens.pop();
            }
            _ => {}
        }
    }
    out
}

/// Consumes a string literal whose opening quote is at `quote`.
fn scan_string(
    src: &str,
    quote: usize,
    chars: &mut std::str::CharIndices<'_>,
) -> Option<ParseError> {
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return None,
            '\\' => match chars.next() {
                Some((_, '"' | '\\')) => {}
                Some((_, other)) => {
                    return Some(ParseError::new(
                        src,
                        i,
                        format!(
                            "unknown escape \"\\{other}\" in string literal (only \\\" and \\\\ are allowed)"
                        ),
                    ));
                }
                None => break,
            },
            _ => {}
        }
    }
    Some(ParseError::new(src, quote, "unclosed string literal"))
}
