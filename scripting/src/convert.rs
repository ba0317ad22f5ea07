//! Converting between kernel values and Lua values, deterministically and within bounds: a
//! value a script hands the kernel is at most [`MAX_DEPTH`] tables deep (so a table that
//! contains itself is refused, not followed) and at most [`MAX_NODES`] values in all.
use fuda_engine::Value;
use indexmap::IndexMap;
use mlua::{Lua, Table};

/// How deeply tables may nest in a value passed to the kernel.
pub const MAX_DEPTH: usize = 32;
/// How many values (tables, keys' values, scalars) one value passed to the kernel may hold.
pub const MAX_NODES: usize = 100_000;
/// The longest string a script may pass to the kernel, in bytes.
pub const MAX_STRING: usize = 1 << 20;

/// Kernel value → Lua value. Lists become arrays, maps become tables (built in one protected
/// call: push.rs).
pub fn to_lua(lua: &Lua, v: &Value) -> mlua::Result<mlua::Value> {
    crate::push::value(lua, v)
}

/// Lua value → kernel value. A table with keys 1..n is a list; any other table is a map
/// whose keys are sorted, so Lua's `pairs` order never leaks into the game.
pub fn from_lua(v: &mlua::Value) -> mlua::Result<Value> {
    let mut nodes = 0;
    convert(v, 0, &mut nodes)
}

fn convert(v: &mlua::Value, depth: usize, nodes: &mut usize) -> mlua::Result<Value> {
    *nodes += 1;
    if *nodes > MAX_NODES {
        return Err(mlua::Error::runtime(format!(
            "a value passed to the kernel holds more than {MAX_NODES} values"
        )));
    }
    Ok(match v {
        mlua::Value::Nil => Value::Null,
        mlua::Value::Boolean(b) => Value::Bool(*b),
        mlua::Value::Integer(i) => Value::Int(*i),
        mlua::Value::Number(n) => {
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                Value::Int(*n as i64)
            } else {
                return Err(mlua::Error::runtime(format!(
                    "the kernel takes integers only, got {n}"
                )));
            }
        }
        mlua::Value::String(s) => Value::Str(string(s)?),
        mlua::Value::Table(t) => {
            if depth >= MAX_DEPTH {
                return Err(mlua::Error::runtime(format!(
                    "a value passed to the kernel nests tables more than {MAX_DEPTH} deep (does a table contain itself?)"
                )));
            }
            table_value(t, depth + 1, nodes)?
        }
        other => {
            return Err(mlua::Error::runtime(format!(
                "cannot pass a {} to the kernel",
                other.type_name()
            )))
        }
    })
}

/// A Lua string as kernel text: UTF-8 and at most [`MAX_STRING`] bytes.
pub fn string(s: &mlua::LuaString) -> mlua::Result<String> {
    text(&s.as_bytes()).map_err(mlua::Error::runtime)
}

/// Bytes from Lua as kernel text, or what is wrong with them.
pub(crate) fn text(b: &[u8]) -> Result<String, String> {
    if b.len() > MAX_STRING {
        return Err(format!(
            "a string passed to the kernel is {} bytes long (at most {MAX_STRING})",
            b.len()
        ));
    }
    match std::str::from_utf8(b) {
        Ok(t) => Ok(t.to_string()),
        Err(e) => Err(format!(
            "a string passed to the kernel is not UTF-8 (byte {})",
            e.valid_up_to() + 1
        )),
    }
}

fn table_value(t: &Table, depth: usize, nodes: &mut usize) -> mlua::Result<Value> {
    // One pass over the entries, each converted as it comes and never collected as a Lua
    // value: mlua's stack of references keeps the largest size it ever had, so holding a big
    // table's entries would cost every later call of the host.
    let n = t.raw_len();
    let mut ints: Vec<(i64, Value)> = Vec::new();
    let mut strs: Vec<(String, Value)> = Vec::new();
    for kv in t.pairs::<mlua::Value, mlua::Value>() {
        let (k, v) = kv?;
        if ints.len() + strs.len() >= MAX_NODES {
            return Err(mlua::Error::runtime(format!(
                "a table passed to the kernel has more than {MAX_NODES} entries"
            )));
        }
        match k {
            mlua::Value::Integer(i) => ints.push((i, convert(&v, depth, nodes)?)),
            mlua::Value::String(s) => strs.push((string(&s)?, convert(&v, depth, nodes)?)),
            other => {
                return Err(mlua::Error::runtime(format!(
                    "table keys must be strings or integers, got {}",
                    other.type_name()
                )))
            }
        }
    }
    Ok(table_of(ints, strs, n))
}

/// A table's entries as a kernel value: a list when its keys are exactly 1..n (`n` its
/// length), else a map whose keys are sorted, so Lua's `pairs` order never leaks into the game.
pub(crate) fn table_of(mut ints: Vec<(i64, Value)>, strs: Vec<(String, Value)>, n: usize) -> Value {
    ints.sort_by_key(|e| e.0);
    if strs.is_empty()
        && ints.len() == n
        && ints.iter().enumerate().all(|(i, e)| e.0 == i as i64 + 1)
    {
        return Value::List(ints.into_iter().map(|e| e.1).collect());
    }
    let mut m = strs;
    m.extend(ints.into_iter().map(|(i, v)| (i.to_string(), v)));
    m.sort_by(|a, b| a.0.cmp(&b.0));
    Value::Map(m.into_iter().collect::<IndexMap<_, _>>())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(lua_src: &str) -> mlua::Result<Value> {
        let lua = Lua::new();
        from_lua(&lua.load(lua_src).eval::<mlua::Value>()?)
    }

    #[test]
    fn keys_one_to_n_make_a_list_in_order() {
        let v = conv("local t = {} t[3] = 'c' t[1] = 'a' t[2] = 'b' return t").unwrap();
        let items: Vec<_> = v
            .as_list()
            .iter()
            .map(|x| x.as_str().unwrap_or(""))
            .collect();
        assert_eq!(items, ["a", "b", "c"]);
        assert_eq!(conv("return {}").unwrap(), Value::List(vec![]));
    }

    #[test]
    fn any_other_table_is_a_map_with_sorted_keys() {
        let v = conv("return { z = 1, a = 2, [10] = 3 }").unwrap();
        let Value::Map(m) = v else { panic!("a map") };
        assert_eq!(
            m.keys().map(String::as_str).collect::<Vec<_>>(),
            ["10", "a", "z"]
        );
        // Integer keys that are not 1..n keep every entry (no list with a hole).
        let Value::Map(m) = conv("return { [2] = 'b', [3] = 'c' }").unwrap() else {
            panic!("a map")
        };
        assert_eq!(m.len(), 2);
        let Value::Map(m) = conv("return { 'a', x = 'b' }").unwrap() else {
            panic!("a map")
        };
        assert_eq!(m.keys().map(String::as_str).collect::<Vec<_>>(), ["1", "x"]);
    }

    #[test]
    fn a_table_wider_than_the_limit_is_refused() {
        let e = conv("local t = {} for i = 1, 100001 do t[i] = i end return t").unwrap_err();
        assert!(e.to_string().contains("more than 100000"), "{e}");
        let e = conv("return { [true] = 1 }").unwrap_err();
        assert!(
            e.to_string().contains("keys must be strings or integers"),
            "{e}"
        );
    }
}
