//! The host interface and the item scope used by `where`.

use crate::value::Value;

/// What the evaluator asks the host. Errors are plain messages; the
/// evaluator attaches the span.
pub trait Env {
    /// Resolves a bare identifier such as `self`, `my` or `opponent`.
    fn lookup(&self, name: &str) -> Result<Value, String>;
    /// Resolves `base.name`.
    fn member(&self, base: &Value, name: &str) -> Result<Value, String>;
    /// Runs a host function (built-ins are handled before this is asked).
    fn call(&self, name: &str, args: &[Value]) -> Result<Value, String>;
}

/// An environment with no names and no functions (for constant expressions).
#[derive(Clone, Copy, Debug, Default)]
pub struct EmptyEnv;

impl Env for EmptyEnv {
    fn lookup(&self, name: &str) -> Result<Value, String> {
        Err(format!("unknown name \"{name}\""))
    }

    fn member(&self, base: &Value, name: &str) -> Result<Value, String> {
        Err(format!("{} has no member \"{name}\"", base.describe()))
    }

    fn call(&self, name: &str, _args: &[Value]) -> Result<Value, String> {
        Err(format!("unknown function \"{name}\""))
    }
}

/// The scope inside `COLLECTION where CONDITION` for one item: `it` is the
/// item, other bare names are tried as members of the item, then looked up
/// in the parent. Scopes nest, so an inner `it` shadows an outer one.
pub struct ItemScope<'a> {
    pub parent: &'a dyn Env,
    pub item: &'a Value,
}

impl Env for ItemScope<'_> {
    fn lookup(&self, name: &str) -> Result<Value, String> {
        if name == "it" {
            return Ok(self.item.clone());
        }
        match self.parent.member(self.item, name) {
            Ok(v) => Ok(v),
            Err(member_err) => self.parent.lookup(name).map_err(|lookup_err| {
                format!(
                    "\"{name}\" is neither a member of the item ({member_err}) nor a known name ({lookup_err})"
                )
            }),
        }
    }

    fn member(&self, base: &Value, name: &str) -> Result<Value, String> {
        self.parent.member(base, name)
    }

    fn call(&self, name: &str, args: &[Value]) -> Result<Value, String> {
        self.parent.call(name, args)
    }
}
