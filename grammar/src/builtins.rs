//! Functions the evaluator handles itself: count, sum, min, max, len, any, all.

use crate::ast::{Expr, Span};
use crate::error::EvalError;
use crate::eval::type_error;
use crate::value::Value;

/// Names the evaluator answers before asking the [`crate::Env`].
pub const BUILTINS: &[&str] = &["count", "sum", "min", "max", "len", "any", "all"];

/// Runs a built-in, or returns `None` if `name` is not one.
pub(crate) fn call(
    name: &str,
    args: &[Expr],
    values: &[Value],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let result = match name {
        "count" => one_list(name, args, values, span).map(|l| Value::Int(l.len() as i64)),
        "sum" => one_list(name, args, values, span).and_then(|l| sum(l, args[0].span)),
        "min" | "max" => min_max(name, args, values, span),
        "len" => len(args, values, span),
        "any" | "all" => one_list(name, args, values, span).and_then(|l| {
            let bools = l
                .iter()
                .map(|v| {
                    v.as_bool().ok_or_else(|| {
                        let what = format!("{name}() needs a list of true/false");
                        type_error(args[0].span, &what, v)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Bool(if name == "any" {
                bools.iter().any(|b| *b)
            } else {
                bools.iter().all(|b| *b)
            }))
        }),
        _ => return None,
    };
    Some(result)
}

fn arity(name: &str, want: &str, got: usize, span: Span) -> EvalError {
    EvalError::new(span, format!("{name}() takes {want}, got {got}"))
}

fn one_list<'v>(
    name: &str,
    args: &[Expr],
    values: &'v [Value],
    span: Span,
) -> Result<&'v [Value], EvalError> {
    match (args, values) {
        ([arg], [v]) => match v {
            Value::List(items) => Ok(items),
            other => Err(type_error(
                arg.span,
                &format!("{name}() needs a list"),
                other,
            )),
        },
        _ => Err(arity(name, "1 argument", values.len(), span)),
    }
}

fn sum(items: &[Value], span: Span) -> Result<Value, EvalError> {
    let mut total: i64 = 0;
    for v in items {
        let n = v
            .as_int()
            .ok_or_else(|| type_error(span, "sum() needs a list of integers", v))?;
        total = total
            .checked_add(n)
            .ok_or_else(|| EvalError::new(span, "integer overflow"))?;
    }
    Ok(Value::Int(total))
}

/// `min(a, b, ...)` or `min(list)`; an empty list gives `null`.
fn min_max(name: &str, args: &[Expr], values: &[Value], span: Span) -> Result<Value, EvalError> {
    let (items, spans): (&[Value], Vec<Span>) = match (args, values) {
        ([], _) => return Err(arity(name, "at least 1 argument", 0, span)),
        ([arg], [Value::List(items)]) => (items, vec![arg.span; items.len()]),
        _ => (values, args.iter().map(|a| a.span).collect()),
    };
    let mut best: Option<i64> = None;
    for (v, s) in items.iter().zip(spans) {
        let n = v
            .as_int()
            .ok_or_else(|| type_error(s, &format!("{name}() needs integers"), v))?;
        best = Some(match best {
            None => n,
            Some(b) if name == "min" => b.min(n),
            Some(b) => b.max(n),
        });
    }
    Ok(best.map_or(Value::Null, Value::Int))
}

fn len(args: &[Expr], values: &[Value], span: Span) -> Result<Value, EvalError> {
    match (args, values) {
        ([_], [Value::Str(s)]) => Ok(Value::Int(s.chars().count() as i64)),
        ([_], [Value::List(items)]) => Ok(Value::Int(items.len() as i64)),
        ([arg], [other]) => Err(type_error(arg.span, "len() needs a string or list", other)),
        _ => Err(arity("len", "1 argument", values.len(), span)),
    }
}
