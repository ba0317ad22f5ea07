//! Runtime values.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ast::write_str_lit;

/// A value produced by evaluation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Str(String),
    Null,
    List(Vec<Value>),
    /// An opaque handle to a game object; the [`crate::Env`] knows what it means.
    Obj(u64),
}

impl Value {
    /// The type's name as used in error messages: `int`, `bool`, `string`, `null`, `list`, `object`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Int(_) => "int",
            Value::Bool(_) => "bool",
            Value::Str(_) => "string",
            Value::Null => "null",
            Value::List(_) => "list",
            Value::Obj(_) => "object",
        }
    }

    /// Type and value for error messages, e.g. `string "炎"` or `list of 3`.
    pub fn describe(&self) -> String {
        match self {
            Value::Null => "null".to_string(),
            Value::List(items) => format!("list of {}", items.len()),
            other => format!("{} {other}", other.type_name()),
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

/// Source-like form: `3`, `"炎"`, `true`, `null`, `[1, 2]`, `#5` for objects.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Str(s) => write_str_lit(f, s),
            Value::Null => f.write_str("null"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Value::Obj(id) => write!(f, "#{id}"),
        }
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Int(n)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Str(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Str(s)
    }
}

impl From<Vec<Value>> for Value {
    fn from(items: Vec<Value>) -> Self {
        Value::List(items)
    }
}
