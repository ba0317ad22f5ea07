//! Converting between kernel values and Lua values, deterministically.
use fuda_engine::Value;
use indexmap::IndexMap;
use mlua::{Lua, Table};

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
        mlua::Value::String(s) => Value::Str(s.to_str()?.to_string()),
        mlua::Value::Table(t) => table_value(t)?,
        other => {
            return Err(mlua::Error::runtime(format!(
                "cannot pass a {} to the kernel",
                other.type_name()
            )))
        }
    })
}

fn table_value(t: &Table) -> mlua::Result<Value> {
    let n = t.raw_len();
    let mut pairs: Vec<(mlua::Value, mlua::Value)> = Vec::new();
    for kv in t.pairs::<mlua::Value, mlua::Value>() {
        pairs.push(kv?);
    }
    if pairs.len() == n {
        let mut out = Vec::with_capacity(n);
        for i in 1..=n {
            out.push(from_lua(&t.raw_get::<mlua::Value>(i)?)?);
        }
        return Ok(Value::List(out));
    }
    let mut m: Vec<(String, Value)> = Vec::new();
    for (k, v) in pairs {
        let key = match k {
            mlua::Value::String(s) => s.to_str()?.to_string(),
            mlua::Value::Integer(i) => i.to_string(),
            other => {
                return Err(mlua::Error::runtime(format!(
                    "table keys must be strings or integers, got {}",
                    other.type_name()
                )))
            }
        };
        m.push((key, from_lua(&v)?));
    }
    m.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Value::Map(m.into_iter().collect::<IndexMap<_, _>>()))
}
