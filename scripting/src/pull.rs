//! A hook's returned table read into a kernel value in one protected call (issue 14): the
//! same value, checks and messages as `convert::from_lua`, without a protected call per
//! entry. Only Lua functions that cannot raise an error are called inside (`lua_next` over keys
//! it gave itself, type tests, reads of strings and numbers in place), so no Lua error can jump
//! over the Rust values being built.
use crate::convert::{MAX_DEPTH, MAX_NODES};
use fuda_engine::Value;
use mlua::{ffi, Lua};
use std::os::raw::c_int;

/// Lua value → kernel value, as `convert::from_lua`.
pub(crate) fn value(lua: &Lua, v: &mlua::Value) -> mlua::Result<Value> {
    if !matches!(v, mlua::Value::Table(_)) {
        return crate::convert::from_lua(v);
    }
    let mut out: Option<Result<Value, String>> = None;
    // SAFETY: the closure calls only Lua functions that raise no error (see the module's
    // doc), so nothing it owns is jumped over; it leaves the stack as it found it but for the
    // argument, which it pops.
    unsafe {
        lua.exec_raw::<()>(v, |state| {
            let mut nodes = 0;
            out = Some(read(state, 1, 0, &mut nodes));
            ffi::lua_settop(state, 0);
        })?;
    }
    match out {
        Some(r) => r.map_err(mlua::Error::runtime),
        None => Err(mlua::Error::runtime("the value could not be read")),
    }
}

/// The value at absolute stack index `idx`.
///
/// # Safety
/// `idx` is a valid absolute index of `state`.
unsafe fn read(
    state: *mut ffi::lua_State,
    idx: c_int,
    depth: usize,
    nodes: &mut usize,
) -> Result<Value, String> {
    *nodes += 1;
    if *nodes > MAX_NODES {
        return Err(format!(
            "a value passed to the kernel holds more than {MAX_NODES} values"
        ));
    }
    Ok(match ffi::lua_type(state, idx) {
        ffi::LUA_TNIL => Value::Null,
        ffi::LUA_TBOOLEAN => Value::Bool(ffi::lua_toboolean(state, idx) != 0),
        ffi::LUA_TNUMBER if ffi::lua_isinteger(state, idx) != 0 => {
            Value::Int(ffi::lua_tointegerx(state, idx, std::ptr::null_mut()))
        }
        ffi::LUA_TNUMBER => {
            let n = ffi::lua_tonumberx(state, idx, std::ptr::null_mut());
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                Value::Int(n as i64)
            } else {
                return Err(format!("the kernel takes integers only, got {n}"));
            }
        }
        ffi::LUA_TSTRING => Value::Str(string(state, idx)?),
        ffi::LUA_TTABLE => {
            if depth >= MAX_DEPTH {
                return Err(format!(
                    "a value passed to the kernel nests tables more than {MAX_DEPTH} deep (does a table contain itself?)"
                ));
            }
            table(state, idx, depth + 1, nodes)?
        }
        t => return Err(format!("cannot pass a {} to the kernel", type_name(t))),
    })
}

fn type_name(t: c_int) -> &'static str {
    match t {
        ffi::LUA_TNIL => "nil",
        ffi::LUA_TBOOLEAN => "boolean",
        ffi::LUA_TLIGHTUSERDATA => "lightuserdata",
        ffi::LUA_TNUMBER => "number",
        ffi::LUA_TSTRING => "string",
        ffi::LUA_TTABLE => "table",
        ffi::LUA_TFUNCTION => "function",
        ffi::LUA_TTHREAD => "thread",
        _ => "userdata",
    }
}

/// The string at `idx` (a string, never a number: reading a number as text would change the
/// key `lua_next` continues from) as kernel text (`convert::text`).
unsafe fn string(state: *mut ffi::lua_State, idx: c_int) -> Result<String, String> {
    let mut len = 0usize;
    let p = ffi::lua_tolstring(state, idx, &mut len);
    if p.is_null() {
        return Ok(String::new());
    }
    crate::convert::text(std::slice::from_raw_parts(p as *const u8, len))
}

/// The table at `idx`: a list when its keys are exactly 1..n, else a map with sorted keys.
unsafe fn table(
    state: *mut ffi::lua_State,
    idx: c_int,
    depth: usize,
    nodes: &mut usize,
) -> Result<Value, String> {
    // A key, a value and one more level's room.
    if ffi::lua_checkstack(state, 4) == 0 {
        return Err("a value passed to the kernel nests too deeply for Lua's stack".into());
    }
    let n = ffi::lua_rawlen(state, idx);
    let mut ints: Vec<(i64, Value)> = Vec::new();
    let mut strs: Vec<(String, Value)> = Vec::new();
    ffi::lua_pushnil(state);
    while ffi::lua_next(state, idx) != 0 {
        let top = ffi::lua_gettop(state);
        if ints.len() + strs.len() >= MAX_NODES {
            return Err(format!(
                "a table passed to the kernel has more than {MAX_NODES} entries"
            ));
        }
        match ffi::lua_type(state, top - 1) {
            ffi::LUA_TNUMBER if ffi::lua_isinteger(state, top - 1) != 0 => {
                let k = ffi::lua_tointegerx(state, top - 1, std::ptr::null_mut());
                ints.push((k, read(state, top, depth, nodes)?));
            }
            ffi::LUA_TSTRING => {
                let k = string(state, top - 1)?;
                strs.push((k, read(state, top, depth, nodes)?));
            }
            t => {
                return Err(format!(
                    "table keys must be strings or integers, got {}",
                    type_name(t)
                ))
            }
        }
        // The value goes; the key stays for `lua_next`.
        ffi::lua_settop(state, top - 1);
    }
    Ok(crate::convert::table_of(ints, strs, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both readers give the same value, or the same error, for the same Lua value.
    fn same(src: &str) {
        let lua = Lua::new();
        let v = lua.load(src).eval::<mlua::Value>().unwrap();
        let a = crate::convert::from_lua(&v).map_err(|e| e.to_string());
        let b = value(&lua, &v).map_err(|e| e.to_string());
        assert_eq!(a, b, "{src}");
    }

    #[test]
    fn it_reads_what_convert_reads() {
        for src in [
            "return { 'a', 'b', { label = '炎の剣士 → 水の魔法使い', card = 12, unit = -3 } }",
            "return {}",
            "return { z = 1, a = 2, [10] = 3, [1] = true }",
            "return { [2] = 'b', [3] = 'c' }",
            "return { 1.0, 2, x = { y = { z = 'deep' } } }",
            "return { 1.5 }",
            "return { [1.5] = 1 }",
            "return { [true] = 1 }",
            "return { print = function() end }",
            "return { '\\xff' }",
            "local t = {} t.self = t return t",
            "local t = {} for i = 1, 100001 do t[i] = i end return t",
            "local t = {} for i = 1, 400 do t[i] = { i, i } end return t",
        ] {
            same(src);
        }
    }
}
