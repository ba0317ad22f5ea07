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

/// Kernel value → Lua value. Lists become arrays, maps become tables.
pub fn to_lua(lua: &Lua, v: &Value) -> mlua::Result<mlua::Value> {
    Ok(match v {
        Value::Null => mlua::Value::Nil,
        Value::Bool(b) => mlua::Value::Boolean(*b),
        Value::Int(i) => mlua::Value::Integer(*i),
        Value::Str(s) => mlua::Value::String(lua.create_string(s)?),
        Value::List(l) => {
            let t = lua.create_table_with_capacity(l.len(), 0)?;
            for (i, x) in l.iter().enumerate() {
                t.raw_set(i + 1, to_lua(lua, x)?)?;
            }
            mlua::Value::Table(t)
        }
        Value::Map(m) => {
            let t = lua.create_table_with_capacity(0, m.len())?;
            for (k, x) in m {
                t.raw_set(k.as_str(), to_lua(lua, x)?)?;
            }
            mlua::Value::Table(t)
        }
    })
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
    let b = s.as_bytes();
    if b.len() > MAX_STRING {
        return Err(mlua::Error::runtime(format!(
            "a string passed to the kernel is {} bytes long (at most {MAX_STRING})",
            b.len()
        )));
    }
    match std::str::from_utf8(&b) {
        Ok(t) => Ok(t.to_string()),
        Err(e) => Err(mlua::Error::runtime(format!(
            "a string passed to the kernel is not UTF-8 (byte {})",
            e.valid_up_to() + 1
        ))),
    }
}

fn table_value(t: &Table, depth: usize, nodes: &mut usize) -> mlua::Result<Value> {
    // Entries are looked at one at a time, never collected as Lua values: mlua's stack of
    // references keeps the largest size it ever had, so holding a big table's entries would
    // cost every later call of the host.
    let n = t.raw_len();
    let mut entries = 0usize;
    for kv in t.pairs::<mlua::Value, mlua::Value>() {
        kv?;
        entries += 1;
        if entries > MAX_NODES {
            return Err(mlua::Error::runtime(format!(
                "a table passed to the kernel has more than {MAX_NODES} entries"
            )));
        }
    }
    if entries == n {
        let mut out = Vec::with_capacity(n);
        for i in 1..=n {
            out.push(convert(&t.raw_get::<mlua::Value>(i)?, depth, nodes)?);
        }
        return Ok(Value::List(out));
    }
    let mut m: Vec<(String, Value)> = Vec::new();
    for kv in t.pairs::<mlua::Value, mlua::Value>() {
        let (k, v) = kv?;
        let key = match k {
            mlua::Value::String(s) => string(&s)?,
            mlua::Value::Integer(i) => i.to_string(),
            other => {
                return Err(mlua::Error::runtime(format!(
                    "table keys must be strings or integers, got {}",
                    other.type_name()
                )))
            }
        };
        m.push((key, convert(&v, depth, nodes)?));
    }
    m.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Value::Map(m.into_iter().collect::<IndexMap<_, _>>()))
}
