//! Arithmetic edge cases and the evaluation step budget: every case is a clear error, the same
//! in debug and release builds, never a panic or a hang.

use fuda_grammar::{
    eval, eval_str, eval_within, parse, EmptyEnv, Env, Error, Value, BUDGET_EXHAUSTED,
};

fn fail(src: &str) -> String {
    match eval_str(src, &EmptyEnv) {
        Err(Error::Eval { error, .. }) => error.message,
        other => panic!("{src}: expected an evaluation error, got {other:?}"),
    }
}

#[test]
fn overflow_is_an_error_not_a_wrap() {
    let max = i64::MAX;
    for src in [
        format!("{max} + 1"),
        format!("{max} * 2"),
        format!("-{max} - 2"),
        format!("(-{max} - 1) * -1"),
        format!("-(-{max} - 1)"),
        format!("(-{max} - 1) / -1"),
    ] {
        assert_eq!(fail(&src), "integer overflow", "{src}");
    }
}

#[test]
fn division_and_modulo_by_zero_are_errors() {
    assert_eq!(fail("1 / 0"), "division by zero");
    assert_eq!(fail("1 % 0"), "division by zero");
    assert_eq!(fail("(-9223372036854775807 - 1) / 0"), "division by zero");
}

#[test]
fn min_modulo_minus_one_is_an_error() {
    // i64::MIN % -1 overflows in Rust's checked_rem (the quotient does not fit).
    assert_eq!(fail("(-9223372036854775807 - 1) % -1"), "integer overflow");
}

#[test]
fn sums_that_overflow_are_errors() {
    let e = parse("sum(big)").expect("parses");
    let err = eval(&e, &Many(0)).expect_err("overflow");
    assert_eq!(err.message, "integer overflow");
}

/// A list of `n` integers under the name `all`.
struct Many(i64);

impl Env for Many {
    fn lookup(&self, name: &str) -> Result<Value, String> {
        match name {
            "all" => Ok(Value::List((0..self.0).map(Value::Int).collect())),
            "big" => Ok(Value::List(vec![Value::Int(i64::MAX), Value::Int(1)])),
            _ => Err(format!("unknown name \"{name}\"")),
        }
    }
    fn member(&self, base: &Value, name: &str) -> Result<Value, String> {
        Err(format!("{} has no \"{name}\"", base.describe()))
    }
    fn call(&self, name: &str, _: &[Value]) -> Result<Value, String> {
        Err(format!("unknown function \"{name}\""))
    }
}

#[test]
fn nested_where_runs_out_of_steps_instead_of_hanging() {
    // 1,000³ = 10⁹ items visited without a budget.
    let e = parse("count(all where count(all where count(all where it == 0) > 0) > 0)")
        .expect("parses");
    let err = eval(&e, &Many(1000)).expect_err("budget");
    assert!(err.message.starts_with(BUDGET_EXHAUSTED), "{}", err.message);
}

#[test]
fn small_evaluations_fit_and_the_budget_is_exact() {
    let e = parse("count(all where it > 1)").expect("parses");
    assert_eq!(eval(&e, &Many(10)), Ok(Value::Int(8)));
    // Nodes: count, where, all, then per item: a step, `>`, `it`, `1` = 3 + 10 × 4.
    assert_eq!(eval_within(&e, &Many(10), 43), Ok(Value::Int(8)));
    assert!(eval_within(&e, &Many(10), 42).is_err());
}
