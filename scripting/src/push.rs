//! Kernel values made into Lua values in one protected call (issue 14). With a memory limit
//! set, mlua protects every table store and string it makes (a Lua memory error must not
//! unwind through Rust), so a list of n cards cost n + 1 protected calls; here the whole value
//! is built inside one, and a memory error (or a string over the limit) still ends it as an
//! error of the call, never a jump through Rust code that owns anything.
use fuda_engine::Value;
use mlua::{ffi, Lua};
use std::os::raw::c_int;

/// Stack slots one level of a value takes while it is built (the table, a key, a value).
const SLOTS_PER_LEVEL: c_int = 3;

/// Pushes `v`. Owns nothing, so a Lua error raised inside (a memory error) leaks nothing.
///
/// # Safety
/// Inside a protected call on `state`, with [`SLOTS_PER_LEVEL`] free stack slots.
unsafe fn push_value(state: *mut ffi::lua_State, v: &Value) {
    match v {
        Value::Null => ffi::lua_pushnil(state),
        Value::Bool(b) => ffi::lua_pushboolean(state, *b as c_int),
        Value::Int(i) => ffi::lua_pushinteger(state, *i),
        Value::Str(s) => {
            ffi::lua_pushlstring(state, s.as_ptr() as *const _, s.len());
        }
        Value::List(l) => {
            ffi::lua_createtable(state, l.len().min(c_int::MAX as usize) as c_int, 0);
            grow(state);
            for (i, x) in l.iter().enumerate() {
                push_value(state, x);
                ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
            }
        }
        Value::Map(m) => {
            ffi::lua_createtable(state, 0, m.len().min(c_int::MAX as usize) as c_int);
            grow(state);
            for (k, x) in m {
                ffi::lua_pushlstring(state, k.as_ptr() as *const _, k.len());
                push_value(state, x);
                ffi::lua_rawset(state, -3);
            }
        }
    }
}

/// Room for one more level, or a Lua error (inside the protected call).
unsafe fn grow(state: *mut ffi::lua_State) {
    if ffi::lua_checkstack(state, SLOTS_PER_LEVEL) == 0 {
        ffi::lua_pushstring(state, c"a value too deeply nested for Lua's stack".as_ptr());
        ffi::lua_error(state);
    }
}

/// A kernel value as a Lua value: scalars directly, tables and strings built in one protected
/// call.
pub(crate) fn value(lua: &Lua, v: &Value) -> mlua::Result<mlua::Value> {
    match v {
        Value::Null => Ok(mlua::Value::Nil),
        Value::Bool(b) => Ok(mlua::Value::Boolean(*b)),
        Value::Int(i) => Ok(mlua::Value::Integer(*i)),
        // SAFETY: `push_value` owns nothing and raises errors only inside this protected call;
        // one slot is free for the value (exec_raw checks 3).
        _ => unsafe { lua.exec_raw((), |state| push_value(state, v)) },
    }
}

/// A list of integers (card handles) as a Lua array, built in one protected call.
pub(crate) fn integers(lua: &Lua, list: &[i64]) -> mlua::Result<mlua::Value> {
    // SAFETY: as in `value`: nothing owned, errors only inside the protected call.
    unsafe {
        lua.exec_raw((), |state| {
            ffi::lua_createtable(state, list.len().min(c_int::MAX as usize) as c_int, 0);
            for (i, &x) in list.iter().enumerate() {
                ffi::lua_pushinteger(state, x);
                ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indexmap::IndexMap;

    #[test]
    fn a_value_made_in_one_call_reads_back_the_same() {
        let lua = Lua::new();
        let mut m = IndexMap::new();
        m.insert("名前".to_string(), Value::Str("炎の剣士".into()));
        m.insert("hp".to_string(), Value::Int(300));
        m.insert("ko".to_string(), Value::Bool(false));
        m.insert("none".to_string(), Value::Null);
        let v = Value::List(vec![
            Value::Map(m),
            Value::List(vec![Value::Int(-1)]),
            Value::List(vec![]),
        ]);
        let back = crate::convert::from_lua(&value(&lua, &v).unwrap()).unwrap();
        // Null map entries are absent in Lua (nil), so they do not come back.
        let Value::List(items) = &back else {
            panic!("a list")
        };
        assert_eq!(items[0].get("hp"), Some(&Value::Int(300)));
        assert_eq!(items[0].get("名前"), Some(&Value::Str("炎の剣士".into())));
        assert_eq!(items[1], Value::List(vec![Value::Int(-1)]));
        let t = integers(&lua, &[5, 7, 9]).unwrap();
        assert_eq!(
            crate::convert::from_lua(&t).unwrap(),
            Value::List(vec![Value::Int(5), Value::Int(7), Value::Int(9)])
        );
    }

    #[test]
    fn past_the_memory_limit_it_is_an_error_not_a_jump_through_rust() {
        let lua = Lua::new();
        lua.set_memory_limit(lua.used_memory() + 64 * 1024).unwrap();
        let big: Vec<i64> = (0..100_000).collect();
        assert!(integers(&lua, &big).is_err());
        let v = Value::List(
            (0..100_000)
                .map(|i| Value::Str(format!("card {i}")))
                .collect(),
        );
        assert!(value(&lua, &v).is_err());
        // The state is still usable afterwards.
        lua.set_memory_limit(0).unwrap();
        assert!(integers(&lua, &[1, 2]).is_ok());
    }
}
