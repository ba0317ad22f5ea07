//! The expression tree.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A byte range `start..end` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A parsed expression: a node kind plus the source span it came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// What an [`Expr`] is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ExprKind {
    Int(i64),
    Str(String),
    Bool(bool),
    Null,
    Ident(String),
    Member {
        base: Box<Expr>,
        name: String,
    },
    Call {
        name: String,
        args: Vec<Expr>,
    },
    Unary {
        op: UnaryOp,
        expr: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Where {
        collection: Box<Expr>,
        condition: Box<Expr>,
    },
    /// `[a, b, …]`: a list of values.
    List(Vec<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `not x`
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl UnaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Not => "not",
        }
    }
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::In => "in",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
        }
    }

    /// Parses an operator token as written in source.
    pub fn from_symbol(s: &str) -> Option<BinaryOp> {
        Some(match s {
            "or" => BinaryOp::Or,
            "and" => BinaryOp::And,
            "==" => BinaryOp::Eq,
            "!=" => BinaryOp::Ne,
            "<" => BinaryOp::Lt,
            "<=" => BinaryOp::Le,
            ">" => BinaryOp::Gt,
            ">=" => BinaryOp::Ge,
            "in" => BinaryOp::In,
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            "%" => BinaryOp::Rem,
            _ => return None,
        })
    }
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }
}

/// Writes a string literal with `\"` and `\\` escaped.
pub(crate) fn write_str_lit(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

/// Fully parenthesised source form, e.g. `((1 + (2 * 3)) == 7)`; re-parses to the same tree.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Int(n) if *n < 0 => write!(f, "({n})"),
            ExprKind::Int(n) => write!(f, "{n}"),
            ExprKind::Str(s) => write_str_lit(f, s),
            ExprKind::Bool(b) => write!(f, "{b}"),
            ExprKind::Null => f.write_str("null"),
            ExprKind::Ident(name) => f.write_str(name),
            ExprKind::Member { base, name } => write!(f, "{base}.{name}"),
            ExprKind::Call { name, args } => {
                write!(f, "{name}(")?;
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{arg}")?;
                }
                f.write_str(")")
            }
            ExprKind::Unary {
                op: UnaryOp::Neg,
                expr,
            } => write!(f, "(-{expr})"),
            ExprKind::Unary {
                op: UnaryOp::Not,
                expr,
            } => write!(f, "(not {expr})"),
            ExprKind::Binary { op, lhs, rhs } => write!(f, "({lhs} {} {rhs})", op.symbol()),
            ExprKind::Where {
                collection,
                condition,
            } => write!(f, "({collection} where {condition})"),
            ExprKind::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}
