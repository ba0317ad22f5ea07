//! fuda expression grammar: the condition, amount and filter language used in
//! card and game YAML, e.g. `count(my.area.units where 属性 == "炎") * 100`.
//!
//! [`parse`] turns source into an [`Expr`]; [`eval`] runs it against an [`Env`].
//!
//! ```
//! use fuda_grammar::{eval_str, parse, EmptyEnv, Value};
//!
//! assert_eq!(parse("1 + 2 * 3").unwrap().to_string(), "(1 + (2 * 3))");
//! assert_eq!(eval_str("-(3 + 4) % 2 == 1 or false", &EmptyEnv), Ok(Value::Bool(false)));
//! let err = parse("属性 == 1 and").unwrap_err();
//! assert_eq!((err.line, err.col), (1, 12));
//! assert_eq!(err.message, "expected an expression after \"and\"");
//! ```

mod ast;
mod builtins;
mod env;
mod error;
mod eval;
mod lexcheck;
mod parser;
mod snippet;
mod syntax_error;
mod value;

pub use ast::{BinaryOp, Expr, ExprKind, Span, UnaryOp};
pub use builtins::BUILTINS;
pub use env::{EmptyEnv, Env, ItemScope};
pub use error::{Error, EvalError, ParseError};
pub use eval::{eval, eval_counted, eval_within, BUDGET_EXHAUSTED, MAX_STEPS};
pub use lexcheck::MAX_NESTING;
pub use parser::{parse, MAX_DEPTH};
pub use snippet::{char_width, render, str_width};
pub use value::Value;

/// Parses and evaluates `src`; errors render against `src` when displayed.
pub fn eval_str(src: &str, env: &dyn Env) -> Result<Value, Error> {
    let expr = parse(src).map_err(Error::Parse)?;
    eval(&expr, env).map_err(|error| Error::Eval {
        error,
        src: src.to_string(),
    })
}
