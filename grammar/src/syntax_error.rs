//! Turns pest's errors into human [`ParseError`]s.

use pest::error::{ErrorVariant, InputLocation};

use crate::error::ParseError;
use crate::lexcheck::Scan;
use crate::parser::Rule;

/// What pest wanted, grouped into the words used in messages (in display order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Want {
    Expression,
    Name,
    Operator,
    And,
    Or,
    Where,
    Dot,
    LParen,
    Comma,
    RParen,
    RBracket,
    End,
}

impl Want {
    fn of(rule: Rule) -> Option<Want> {
        Some(match rule {
            Rule::main
            | Rule::expr
            | Rule::or_expr
            | Rule::and_expr
            | Rule::not_expr
            | Rule::cmp_expr
            | Rule::sum
            | Rule::product
            | Rule::unary
            | Rule::postfix
            | Rule::int
            | Rule::string
            | Rule::true_lit
            | Rule::false_lit
            | Rule::null_lit
            | Rule::call
            | Rule::list
            | Rule::lbracket
            | Rule::not_op
            | Rule::neg_op => Want::Expression,
            Rule::ident => Want::Name,
            Rule::cmp_op | Rule::add_op | Rule::mul_op => Want::Operator,
            Rule::and_op => Want::And,
            Rule::or_op => Want::Or,
            Rule::where_kw => Want::Where,
            Rule::dot => Want::Dot,
            Rule::lparen => Want::LParen,
            Rule::comma => Want::Comma,
            Rule::rparen => Want::RParen,
            Rule::rbracket => Want::RBracket,
            Rule::EOI => Want::End,
            _ => return None,
        })
    }

    fn words(self) -> &'static str {
        match self {
            Want::Expression => "an expression",
            Want::Name => "a name",
            Want::Operator => "an operator",
            Want::And => "\"and\"",
            Want::Or => "\"or\"",
            Want::Where => "\"where\"",
            Want::Dot => "\".\"",
            Want::LParen => "\"(\"",
            Want::Comma => "\",\"",
            Want::RParen => "\")\"",
            Want::RBracket => "\"]\"",
            Want::End => "end of input",
        }
    }
}

const KEYWORDS: &[&str] = &["and", "or", "not", "where", "in", "true", "false", "null"];

pub(crate) fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

pub(crate) fn convert(src: &str, err: &pest::error::Error<Rule>, scan: Scan) -> ParseError {
    let offset = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((p, _)) => p,
    }
    .min(src.len());
    // At the end, point just past the last token rather than at trailing blanks.
    let at_end = src[offset..].trim().is_empty();
    let offset = if at_end { src.trim_end().len() } else { offset };
    if let Some((quote, string_err)) = scan.string_error {
        if offset >= quote {
            return string_err;
        }
    }
    let mut wants: Vec<Want> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| Want::of(*r)).collect()
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    wants.sort();
    wants.dedup();
    let expected: Vec<String> = wants.iter().map(|w| w.words().to_string()).collect();
    let found = token_at(src, offset);
    let prev = prev_token(src, offset);

    if src.trim().is_empty() {
        return ParseError::new(src, offset, "empty expression").with_expected(expected);
    }
    if wants.contains(&Want::Expression) && prev.is_none() {
        if let Some(f) = &found {
            let msg = unexpected_message(src, offset, f);
            return ParseError::new(src, offset, msg).with_expected(expected);
        }
    }
    if wants.contains(&Want::Expression) {
        let mut msg = match &prev {
            Some(p) => format!("expected an expression after \"{p}\""),
            None => "expected an expression".to_string(),
        };
        if found.as_deref() == Some("not") {
            msg.push_str(" (put \"not ...\" in parentheses here)");
        } else if let Some(h) = found.as_deref().and_then(|f| hint(src, offset, f)) {
            msg = format!("{msg}; {h}");
        } else if found.as_deref().is_some_and(|f| KEYWORDS.contains(&f)) {
            msg = format!(
                "{msg}, found keyword \"{}\"",
                found.as_deref().unwrap_or("")
            );
        }
        return ParseError::new(src, offset, msg).with_expected(expected);
    }
    if wants == [Want::Name] {
        let msg = match found.as_deref() {
            Some(k) if KEYWORDS.contains(&k) => {
                format!("\"{k}\" is a keyword and cannot be used as a name")
            }
            _ => match &prev {
                Some(p) => format!("expected a name after \"{p}\""),
                None => "expected a name".to_string(),
            },
        };
        return ParseError::new(src, offset, msg).with_expected(expected);
    }
    if at_end {
        if let Some(&open) = scan.open_parens.last() {
            let what = if src[open..].starts_with('[') {
                "["
            } else {
                "("
            };
            return ParseError::new(src, open, format!("unclosed \"{what}\""))
                .with_expected(expected);
        }
        return ParseError::new(src, offset, "unexpected end of input").with_expected(expected);
    }
    let found = found.unwrap_or_default();
    let msg = unexpected_message(src, offset, &found);
    ParseError::new(src, offset, msg).with_expected(expected)
}

/// Advice for a token people often type by mistake.
fn hint(src: &str, offset: usize, found: &str) -> Option<&'static str> {
    match found {
        "=" => Some("use \"==\" to compare"),
        "&&" | "&" => Some("use \"and\""),
        "||" | "|" => Some("use \"or\""),
        "!" => Some("use \"not\""),
        "'" => Some("strings use double quotes"),
        "(" if follows_member(src, offset) => Some("only plain names can be called, like count(x)"),
        _ => None,
    }
}

fn unexpected_message(src: &str, offset: usize, found: &str) -> String {
    let hint = hint(src, offset, found);
    let shown = if found.starts_with('"') {
        format!("unexpected string {found}")
    } else if KEYWORDS.contains(&found) {
        format!("unexpected keyword \"{found}\"")
    } else {
        format!("unexpected \"{found}\"")
    };
    match hint {
        Some(h) => format!("{shown}; {h}"),
        None => shown,
    }
}

/// True if `src[..offset]` ends with `.name` (so a `(` here would be a method call).
fn follows_member(src: &str, offset: usize) -> bool {
    let before = &src[..offset];
    let word = before.trim_end_matches(is_ident_char);
    word.len() < before.len() && word.trim_end().ends_with('.')
}

/// The token starting at `offset`, or `None` at end of input.
fn token_at(src: &str, offset: usize) -> Option<String> {
    let rest = &src[offset..];
    let c = rest.chars().next()?;
    if is_ident_char(c) {
        let end = rest.find(|c: char| !is_ident_char(c)).unwrap_or(rest.len());
        return Some(rest[..end].to_string());
    }
    if c == '"' {
        let body = &rest[1..];
        let end = body.find('"').map_or(body.len(), |i| i + 2);
        let tok: String = rest[..end.min(rest.len())].chars().take(20).collect();
        return Some(tok);
    }
    for two in ["==", "!=", "<=", ">=", "&&", "||"] {
        if rest.starts_with(two) {
            return Some(two.to_string());
        }
    }
    Some(c.to_string())
}

/// The last token before `offset` (skipping whitespace), if any.
fn prev_token(src: &str, offset: usize) -> Option<String> {
    let before = src[..offset].trim_end();
    let last = before.chars().next_back()?;
    if is_ident_char(last) {
        let word = before.trim_end_matches(is_ident_char);
        return Some(before[word.len()..].to_string());
    }
    for two in ["==", "!=", "<=", ">="] {
        if before.ends_with(two) {
            return Some(two.to_string());
        }
    }
    Some(last.to_string())
}
