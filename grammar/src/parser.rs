//! pest grammar and the pairs-to-AST builder.

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use crate::ast::{BinaryOp, Expr, ExprKind, Span, UnaryOp};
use crate::error::ParseError;
use crate::{lexcheck, syntax_error};

/// Deepest tree `parse` accepts, so evaluation cannot overflow the stack.
pub const MAX_DEPTH: u32 = 200;

#[derive(Parser)]
#[grammar = "expr.pest"]
pub(crate) struct ExprParser;

/// Parses one expression.
pub fn parse(src: &str) -> Result<Expr, ParseError> {
    let lex = lexcheck::scan(src);
    if let Some(err) = lex.fatal {
        return Err(err);
    }
    let mut pairs = match ExprParser::parse(Rule::main, src) {
        Ok(pairs) => pairs,
        Err(err) => return Err(syntax_error::convert(src, &err, lex)),
    };
    let main = pairs
        .next()
        .ok_or_else(|| ParseError::new(src, 0, "empty expression"))?;
    let expr = main
        .into_inner()
        .next()
        .ok_or_else(|| ParseError::new(src, 0, "empty expression"))?;
    Builder { src }.build(expr).map(|(e, _)| e)
}

struct Builder<'s> {
    src: &'s str,
}

type Built = Result<(Expr, u32), ParseError>;

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

impl Builder<'_> {
    fn err(&self, offset: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(self.src, offset, message)
    }

    fn node(&self, kind: ExprKind, span: Span, depth: u32) -> Built {
        if depth > MAX_DEPTH {
            return Err(self.err(span.start, "expression is too deeply nested"));
        }
        Ok((Expr::new(kind, span), depth))
    }

    fn build(&self, pair: Pair<'_, Rule>) -> Built {
        let span = span_of(&pair);
        match pair.as_rule() {
            Rule::expr => self.fold_where(pair),
            Rule::or_expr | Rule::and_expr | Rule::sum | Rule::product => self.fold_binary(pair),
            Rule::cmp_expr => self.comparison(pair),
            Rule::not_expr | Rule::unary => self.prefix(pair),
            Rule::postfix => self.postfix(pair),
            Rule::call => self.call(pair),
            Rule::list => self.list(pair),
            Rule::int => match pair.as_str().parse::<i64>() {
                Ok(n) => self.node(ExprKind::Int(n), span, 1),
                Err(_) => Err(self.err(span.start, "integer literal is too large")),
            },
            Rule::string => {
                let inner = pair.into_inner().next().map_or("", |p| p.as_str());
                self.node(ExprKind::Str(unescape(inner)), span, 1)
            }
            Rule::true_lit => self.node(ExprKind::Bool(true), span, 1),
            Rule::false_lit => self.node(ExprKind::Bool(false), span, 1),
            Rule::null_lit => self.node(ExprKind::Null, span, 1),
            Rule::ident => self.node(ExprKind::Ident(pair.as_str().to_string()), span, 1),
            other => Err(self.err(span.start, format!("internal: unexpected {other:?}"))),
        }
    }

    /// Operands (level rules) of a pair, skipping token rules.
    fn first_operand<'i>(&self, pair: &Pair<'i, Rule>) -> Result<Pair<'i, Rule>, ParseError> {
        let start = pair.as_span().start();
        pair.clone()
            .into_inner()
            .next()
            .ok_or_else(|| self.err(start, "internal: empty rule"))
    }

    fn fold_where(&self, pair: Pair<'_, Rule>) -> Built {
        let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::where_kw);
        let first = inner
            .next()
            .ok_or_else(|| self.err(0, "empty expression"))?;
        let (mut acc, mut depth) = self.build(first)?;
        for cond in inner {
            let (cond, d) = self.build(cond)?;
            let span = acc.span.to(cond.span);
            depth = depth.max(d) + 1;
            let kind = ExprKind::Where {
                collection: Box::new(acc),
                condition: Box::new(cond),
            };
            acc = self.node(kind, span, depth)?.0;
        }
        Ok((acc, depth))
    }

    fn fold_binary(&self, pair: Pair<'_, Rule>) -> Built {
        let first = self.first_operand(&pair)?;
        let mut inner = pair.into_inner().skip(1);
        let mut acc = self.build(first)?;
        while let (Some(op), Some(rhs)) = (inner.next(), inner.next()) {
            acc = self.binary(acc, &op, rhs)?;
        }
        Ok(acc)
    }

    fn binary(&self, (lhs, ld): (Expr, u32), op: &Pair<'_, Rule>, rhs: Pair<'_, Rule>) -> Built {
        let op_start = op.as_span().start();
        let op = BinaryOp::from_symbol(op.as_str())
            .ok_or_else(|| self.err(op_start, "internal: unknown operator"))?;
        let (rhs, rd) = self.build(rhs)?;
        let span = lhs.span.to(rhs.span);
        let kind = ExprKind::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        };
        self.node(kind, span, ld.max(rd) + 1)
    }

    fn comparison(&self, pair: Pair<'_, Rule>) -> Built {
        let ops: Vec<_> = pair
            .clone()
            .into_inner()
            .filter(|p| p.as_rule() == Rule::cmp_op)
            .collect();
        if let Some(second) = ops.get(1) {
            return Err(self.err(
                second.as_span().start(),
                format!(
                    "comparisons cannot be chained: join them with \"and\" (found \"{}\" after \"{}\")",
                    second.as_str(),
                    ops[0].as_str()
                ),
            ));
        }
        self.fold_binary(pair)
    }

    /// `not_expr` and `unary`: zero or more prefix operators, then the operand.
    fn prefix(&self, pair: Pair<'_, Rule>) -> Built {
        let mut ops = Vec::new();
        let mut operand = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::not_op => ops.push((UnaryOp::Not, p.as_span().start())),
                Rule::neg_op => ops.push((UnaryOp::Neg, p.as_span().start())),
                _ => operand = Some(p),
            }
        }
        let operand = operand.ok_or_else(|| self.err(0, "internal: missing operand"))?;
        let (mut acc, mut depth) = self.build(operand)?;
        for (op, start) in ops.into_iter().rev() {
            depth += 1;
            let span = Span::new(start, acc.span.end);
            let kind = ExprKind::Unary {
                op,
                expr: Box::new(acc),
            };
            acc = self.node(kind, span, depth)?.0;
        }
        Ok((acc, depth))
    }

    /// A primary (maybe parenthesised: its `(` `)` tokens are skipped) then `.name`s.
    fn postfix(&self, pair: Pair<'_, Rule>) -> Built {
        let start = pair.as_span().start();
        let mut inner = pair
            .into_inner()
            .filter(|p| !matches!(p.as_rule(), Rule::lparen | Rule::rparen));
        let first = inner
            .next()
            .ok_or_else(|| self.err(start, "internal: empty postfix"))?;
        let (mut acc, mut depth) = self.build(first)?;
        for member in inner {
            let name = member
                .into_inner()
                .find(|p| p.as_rule() == Rule::ident)
                .ok_or_else(|| self.err(acc.span.end, "internal: member without name"))?;
            depth += 1;
            let span = Span::new(acc.span.start, name.as_span().end());
            let kind = ExprKind::Member {
                base: Box::new(acc),
                name: name.as_str().to_string(),
            };
            acc = self.node(kind, span, depth)?.0;
        }
        Ok((acc, depth))
    }

    fn list(&self, pair: Pair<'_, Rule>) -> Built {
        let span = span_of(&pair);
        let mut items = Vec::new();
        let mut depth = 1;
        for p in pair.into_inner().filter(|p| p.as_rule() == Rule::expr) {
            let (item, d) = self.build(p)?;
            depth = depth.max(d + 1);
            items.push(item);
        }
        self.node(ExprKind::List(items), span, depth)
    }

    fn call(&self, pair: Pair<'_, Rule>) -> Built {
        let span = span_of(&pair);
        let mut name = String::new();
        let mut args = Vec::new();
        let mut depth = 1;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::ident => name = p.as_str().to_string(),
                Rule::expr => {
                    let (arg, d) = self.build(p)?;
                    depth = depth.max(d + 1);
                    args.push(arg);
                }
                _ => {}
            }
        }
        self.node(ExprKind::Call { name, args }, span, depth)
    }
}

/// Resolves `\"` and `\\` (the only escapes; `lexcheck` rejects others).
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}
