//! C library functions whose work the instruction counter never sees, bounded; and `pcall` /
//! `xpcall` that cannot catch a spent budget (or a memory error), so a script that runs out
//! always returns to the kernel with the error.
use super::Meter;
use mlua::Lua;
use std::rc::Rc;

/// The longest string `string.rep` and `string.format` may build, in bytes.
pub const MAX_BUILT_STRING: usize = super::alloc::MAX_STRING;
/// The most elements one `table.move` may move.
pub const MAX_MOVE: i64 = 1 << 20;
/// The most values `table.unpack`, `string.byte` or `utf8.codepoint` return at once.
pub const MAX_RESULTS: i64 = 250;

pub(super) fn install(lua: &Lua, meter: &Rc<Meter>) -> mlua::Result<()> {
    let m = meter.clone();
    let fatal = lua.create_function(move |_, e: mlua::Value| {
        Ok(m.spent()
            || m.stopping()
            || match e {
                mlua::Value::String(s) => s.as_bytes().starts_with(b"not enough memory"),
                mlua::Value::Error(e) => matches!(innermost(&e), mlua::Error::MemoryError(_)),
                _ => false,
            })
    })?;
    let m = meter.clone();
    let charge = lua.create_function(move |_, n: f64| m.charge(n.max(0.0) as u64))?;
    lua.load(include_str!("bounded.lua"))
        .set_name("=sandbox")
        .call::<()>((
            fatal,
            charge,
            MAX_BUILT_STRING as i64,
            MAX_MOVE,
            MAX_RESULTS,
        ))
}

/// The error under any callback wrappers.
pub(crate) fn innermost(e: &mlua::Error) -> &mlua::Error {
    match e {
        mlua::Error::CallbackError { cause, .. } => innermost(cause),
        e => e,
    }
}

/// An error's message for a script: the innermost cause's first line.
pub(crate) fn message(e: &mlua::Error) -> String {
    let s = match innermost(e) {
        mlua::Error::RuntimeError(m) | mlua::Error::MemoryError(m) => m.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        other => other.to_string(),
    };
    s.lines().next().unwrap_or("").to_string()
}
