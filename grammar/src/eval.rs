//! The evaluator.

use crate::ast::{BinaryOp, Expr, ExprKind, Span, UnaryOp};
use crate::builtins;
use crate::env::{Env, ItemScope};
use crate::error::EvalError;
use crate::value::Value;

/// Steps one evaluation may take: one per node evaluated and one per item a `where` visits.
/// Nested `where`s over large zones multiply; past this the evaluation stops with
/// [`BUDGET_EXHAUSTED`] in its message (it never hangs the game).
pub const MAX_STEPS: u64 = 100_000;

/// The start of the message of an evaluation that ran out of steps.
pub const BUDGET_EXHAUSTED: &str = "expression budget exhausted";

/// Evaluates `expr` against `env` within [`MAX_STEPS`].
pub fn eval(expr: &Expr, env: &dyn Env) -> Result<Value, EvalError> {
    eval_within(expr, env, MAX_STEPS)
}

/// Evaluates `expr` against `env` within `max_steps` steps.
pub fn eval_within(expr: &Expr, env: &dyn Env, max_steps: u64) -> Result<Value, EvalError> {
    eval_counted(expr, env, max_steps).0
}

/// Like [`eval_within`], also returning how many steps the evaluation took.
pub fn eval_counted(expr: &Expr, env: &dyn Env, max_steps: u64) -> (Result<Value, EvalError>, u64) {
    let mut steps = Steps {
        left: max_steps,
        max: max_steps,
    };
    let r = ev(expr, env, &mut steps);
    (r, max_steps - steps.left)
}

/// What is left of one evaluation's step budget.
struct Steps {
    left: u64,
    max: u64,
}

impl Steps {
    fn take(&mut self, span: Span) -> Result<(), EvalError> {
        if self.left == 0 {
            return Err(EvalError::new(
                span,
                format!(
                    "{BUDGET_EXHAUSTED}: more than {} steps (nested \"where\" over large zones?)",
                    self.max
                ),
            ));
        }
        self.left -= 1;
        Ok(())
    }
}

fn ev(expr: &Expr, env: &dyn Env, b: &mut Steps) -> Result<Value, EvalError> {
    let span = expr.span;
    b.take(span)?;
    let host = |r: Result<Value, String>| r.map_err(|m| EvalError::new(span, m));
    match &expr.kind {
        ExprKind::Int(n) => Ok(Value::Int(*n)),
        ExprKind::Str(s) => Ok(Value::Str(s.clone())),
        ExprKind::Bool(b) => Ok(Value::Bool(*b)),
        ExprKind::Null => Ok(Value::Null),
        ExprKind::Ident(name) => host(env.lookup(name)),
        ExprKind::Member { base, name } => {
            let base = ev(base, env, b)?;
            host(env.member(&base, name))
        }
        ExprKind::Call { name, args } => {
            let values = args
                .iter()
                .map(|a| ev(a, env, b))
                .collect::<Result<Vec<_>, _>>()?;
            match builtins::call(name, args, &values, span) {
                Some(result) => result,
                None => host(env.call(name, &values)),
            }
        }
        ExprKind::Unary { op, expr: inner } => unary(*op, inner, env, b),
        ExprKind::Binary { op, lhs, rhs } => binary(*op, lhs, rhs, env, b),
        ExprKind::Where {
            collection,
            condition,
        } => filter(collection, condition, env, b),
        ExprKind::List(items) => Ok(Value::List(
            items
                .iter()
                .map(|i| ev(i, env, b))
                .collect::<Result<Vec<_>, _>>()?,
        )),
    }
}

fn unary(op: UnaryOp, inner: &Expr, env: &dyn Env, b: &mut Steps) -> Result<Value, EvalError> {
    let v = ev(inner, env, b)?;
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

fn expect_bool(e: &Expr, env: &dyn Env, op: BinaryOp, b: &mut Steps) -> Result<bool, EvalError> {
    let v = ev(e, env, b)?;
    v.as_bool().ok_or_else(|| {
        let what = format!("\"{}\" needs true or false on both sides", op.symbol());
        type_error(e.span, &what, &v)
    })
}

fn binary(
    op: BinaryOp,
    lhs: &Expr,
    rhs: &Expr,
    env: &dyn Env,
    b: &mut Steps,
) -> Result<Value, EvalError> {
    match op {
        BinaryOp::And => {
            return Ok(Value::Bool(
                expect_bool(lhs, env, op, b)? && expect_bool(rhs, env, op, b)?,
            ))
        }
        BinaryOp::Or => {
            return Ok(Value::Bool(
                expect_bool(lhs, env, op, b)? || expect_bool(rhs, env, op, b)?,
            ))
        }
        _ => {}
    }
    let l = ev(lhs, env, b)?;
    let r = ev(rhs, env, b)?;
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

fn filter(
    collection: &Expr,
    condition: &Expr,
    env: &dyn Env,
    b: &mut Steps,
) -> Result<Value, EvalError> {
    let items = match ev(collection, env, b)? {
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
        b.take(condition.span)?;
        let scope = ItemScope {
            parent: env,
            item: &item,
        };
        match ev(condition, &scope, b)? {
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
