//! The evaluator.

use crate::ast::{BinaryOp, Expr, ExprKind, Span, UnaryOp};
use crate::builtins;
use crate::env::{Env, ItemScope};
use crate::error::EvalError;
use crate::value::Value;

/// Evaluates `expr` against `env`.
pub fn eval(expr: &Expr, env: &dyn Env) -> Result<Value, EvalError> {
    let span = expr.span;
    let host = |r: Result<Value, String>| r.map_err(|m| EvalError::new(span, m));
    match &expr.kind {
        ExprKind::Int(n) => Ok(Value::Int(*n)),
        ExprKind::Str(s) => Ok(Value::Str(s.clone())),
        ExprKind::Bool(b) => Ok(Value::Bool(*b)),
        ExprKind::Null => Ok(Value::Null),
        ExprKind::Ident(name) => host(env.lookup(name)),
        ExprKind::Member { base, name } => {
            let base = eval(base, env)?;
            host(env.member(&base, name))
        }
        ExprKind::Call { name, args } => {
            let values = args
                .iter()
                .map(|a| eval(a, env))
                .collect::<Result<Vec<_>, _>>()?;
            match builtins::call(name, args, &values, span) {
                Some(result) => result,
                None => host(env.call(name, &values)),
            }
        }
        ExprKind::Unary { op, expr: inner } => unary(*op, inner, env),
        ExprKind::Binary { op, lhs, rhs } => binary(*op, lhs, rhs, env),
        ExprKind::Where {
            collection,
            condition,
        } => filter(collection, condition, env),
    }
}

fn unary(op: UnaryOp, inner: &Expr, env: &dyn Env) -> Result<Value, EvalError> {
    let v = eval(inner, env)?;
    match (op, v) {
        (UnaryOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
        (UnaryOp::Neg, Value::Int(n)) => n
            .checked_neg()
            .map(Value::Int)
            .ok_or_else(|| EvalError::new(inner.span, "integer overflow")),
        (UnaryOp::Not, v) => Err(type_error(inner.span, "\"not\" needs true or false", &v)),
        (UnaryOp::Neg, v) => Err(type_error(inner.span, "\"-\" needs an integer", &v)),
    }
}

pub(crate) fn type_error(span: Span, what: &str, got: &Value) -> EvalError {
    EvalError::new(span, format!("{what}, found {}", got.describe()))
}

fn expect_bool(e: &Expr, env: &dyn Env, op: BinaryOp) -> Result<bool, EvalError> {
    let v = eval(e, env)?;
    v.as_bool().ok_or_else(|| {
        let what = format!("\"{}\" needs true or false on both sides", op.symbol());
        type_error(e.span, &what, &v)
    })
}

fn binary(op: BinaryOp, lhs: &Expr, rhs: &Expr, env: &dyn Env) -> Result<Value, EvalError> {
    match op {
        BinaryOp::And => {
            return Ok(Value::Bool(
                expect_bool(lhs, env, op)? && expect_bool(rhs, env, op)?,
            ))
        }
        BinaryOp::Or => {
            return Ok(Value::Bool(
                expect_bool(lhs, env, op)? || expect_bool(rhs, env, op)?,
            ))
        }
        _ => {}
    }
    let l = eval(lhs, env)?;
    let r = eval(rhs, env)?;
    match op {
        BinaryOp::Eq => return Ok(Value::Bool(l == r)),
        BinaryOp::Ne => return Ok(Value::Bool(l != r)),
        BinaryOp::In => return membership(&l, &r, lhs.span, rhs.span),
        _ => {}
    }
    let what = match op {
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => "compare",
        _ => "do arithmetic on",
    };
    let need = |v: &Value, span: Span| {
        v.as_int().ok_or_else(|| {
            let msg = format!("\"{}\" can only {what} integers", op.symbol());
            type_error(span, &msg, v)
        })
    };
    let a = need(&l, lhs.span)?;
    let b = need(&r, rhs.span)?;
    let whole = lhs.span.to(rhs.span);
    let overflow = || EvalError::new(whole, "integer overflow");
    let n = match op {
        BinaryOp::Lt => return Ok(Value::Bool(a < b)),
        BinaryOp::Le => return Ok(Value::Bool(a <= b)),
        BinaryOp::Gt => return Ok(Value::Bool(a > b)),
        BinaryOp::Ge => return Ok(Value::Bool(a >= b)),
        BinaryOp::Add => a.checked_add(b).ok_or_else(overflow)?,
        BinaryOp::Sub => a.checked_sub(b).ok_or_else(overflow)?,
        BinaryOp::Mul => a.checked_mul(b).ok_or_else(overflow)?,
        BinaryOp::Div | BinaryOp::Rem if b == 0 => {
            return Err(EvalError::new(rhs.span, "division by zero"))
        }
        BinaryOp::Div => a.checked_div(b).ok_or_else(overflow)?,
        BinaryOp::Rem => a.checked_rem(b).ok_or_else(overflow)?,
        BinaryOp::And | BinaryOp::Or | BinaryOp::Eq | BinaryOp::Ne | BinaryOp::In => {
            return Err(EvalError::new(whole, "internal: operator not handled"))
        }
    };
    Ok(Value::Int(n))
}

fn membership(needle: &Value, hay: &Value, ls: Span, rs: Span) -> Result<Value, EvalError> {
    match (needle, hay) {
        (_, Value::List(items)) => Ok(Value::Bool(items.contains(needle))),
        (Value::Str(n), Value::Str(h)) => Ok(Value::Bool(h.contains(n.as_str()))),
        (other, Value::Str(_)) => Err(type_error(
            ls,
            "\"in\" with a string on the right needs a string on the left",
            other,
        )),
        (_, other) => Err(type_error(
            rs,
            "\"in\" needs a list or string on the right",
            other,
        )),
    }
}

fn filter(collection: &Expr, condition: &Expr, env: &dyn Env) -> Result<Value, EvalError> {
    let items = match eval(collection, env)? {
        Value::List(items) => items,
        other => {
            return Err(type_error(
                collection.span,
                "\"where\" needs a list on its left",
                &other,
            ))
        }
    };
    let mut kept = Vec::new();
    for item in items {
        let scope = ItemScope {
            parent: env,
            item: &item,
        };
        match eval(condition, &scope)? {
            Value::Bool(true) => kept.push(item),
            Value::Bool(false) => {}
            other => {
                return Err(type_error(
                    condition.span,
                    "a \"where\" condition must be true or false",
                    &other,
                ))
            }
        }
    }
    Ok(Value::List(kept))
}
