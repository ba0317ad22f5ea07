//! Nothing a script sees may differ between processes: Lua's `pairs`/`next` follow the hash
//! layout (string hashes are seeded per process) and `tostring`/`error`/`string.format` show
//! addresses. Replaced here by versions in a defined order (numbers, then strings byte-wise,
//! then false, true) and without addresses. (`table.sort`, whose pivots come from the clock,
//! is replaced in bounded.lua.)
use super::Meter;
use mlua::{Function, Lua, Table, Value};
use std::cmp::Ordering;
use std::rc::Rc;

pub(super) fn install(lua: &Lua, meter: &Rc<Meter>) -> mlua::Result<()> {
    let g = lua.globals();
    let raw_tostring: Function = g.get("tostring")?;
    g.raw_set(
        "tostring",
        lua.create_function(move |lua, v: Value| safe_tostring(lua, &raw_tostring, v))?,
    )?;
    let m = meter.clone();
    g.raw_set(
        "next",
        lua.create_function(move |lua, (t, k): (Table, Value)| {
            let t = super::readonly::backing(&t)?.unwrap_or(t);
            let keys = sorted_keys(&m, &t, "next")?;
            let at = match k {
                Value::Nil => 0,
                k => match Key::of(&k).and_then(|k| keys.binary_search_by(|x| x.cmp(&k)).ok()) {
                    Some(i) => i + 1,
                    None => return Err(mlua::Error::runtime("invalid key to 'next'")),
                },
            };
            match keys.get(at) {
                Some(k) => {
                    let k = k.to_lua(lua)?;
                    let v = t.raw_get::<Value>(k.clone())?;
                    Ok((k, v))
                }
                None => Ok((Value::Nil, Value::Nil)),
            }
        })?,
    )?;
    // The iterator is one function for every loop; a loop's state (the table, its keys in
    // order, the position) is a Lua table, so nothing of a loop outlives it in Rust.
    let iter = lua.create_function(|_, (state, _): (Table, Value)| {
        let t: Table = state.raw_get(1)?;
        let keys: Table = state.raw_get(2)?;
        let mut at: i64 = state.raw_get(3)?;
        loop {
            at += 1;
            let k: Value = keys.raw_get(at)?;
            if k.is_nil() {
                state.raw_set(3, at)?;
                return Ok((Value::Nil, Value::Nil));
            }
            let v: Value = t.raw_get(k.clone())?;
            if !v.is_nil() {
                state.raw_set(3, at)?;
                return Ok((k, v));
            }
        }
    })?;
    let m = meter.clone();
    g.raw_set(
        "pairs",
        lua.create_function(move |lua, t: Table| {
            let t = super::readonly::backing(&t)?.unwrap_or(t);
            let keys = lua.create_table()?;
            for (i, k) in sorted_keys(&m, &t, "pairs")?.iter().enumerate() {
                keys.raw_set(i + 1, k.to_lua(lua)?)?;
            }
            let state = lua.create_table_with_capacity(3, 0)?;
            state.raw_set(1, t)?;
            state.raw_set(2, keys)?;
            state.raw_set(3, 0)?;
            Ok((iter.clone(), state, Value::Nil))
        })?,
    )?;

    // error(v): a table or function as the error value would be shown with its address.
    lua.load(
        r#"
        local raw_error, type, tostring = error, type, tostring
        error = function(v, level)
          local t = type(v)
          if t == "table" or t == "function" or t == "thread" then v = "(error value: " .. t .. ")" end
          level = level or 1
          if type(level) == "number" and level > 0 then level = level + 1 end
          return raw_error(v, level)
        end
        "#,
    )
    .set_name("=sandbox")
    .exec()
}

/// `tostring` without addresses: tables, functions and threads are named by their type.
pub(super) fn safe_tostring(lua: &Lua, raw: &Function, v: Value) -> mlua::Result<Value> {
    match &v {
        Value::Table(_) | Value::Function(_) | Value::Thread(_) | Value::LightUserData(_) => {
            Ok(Value::String(lua.create_string(v.type_name())?))
        }
        Value::Error(e) => Ok(Value::String(
            lua.create_string(super::bounded::message(e))?,
        )),
        Value::UserData(_) => {
            // Errors from the kernel travel as userdata with a message; anything else has none.
            let s: mlua::LuaString = raw.call(v)?;
            if s.as_bytes().starts_with(b"userdata: ") {
                Ok(Value::String(lua.create_string("userdata")?))
            } else {
                Ok(Value::String(s))
            }
        }
        _ => raw.call(v),
    }
}

/// A table key that has a defined order, held by value: a loop keeps no reference into Lua
/// (mlua's reference stack grows to the most references ever held at once and stays there, so
/// holding every key of a big table would cost every later call in the host).
#[derive(Clone, Debug)]
enum Key {
    Int(i64),
    Num(f64),
    Str(Vec<u8>),
    Bool(bool),
}

impl Key {
    fn of(v: &Value) -> Option<Key> {
        Some(match v {
            Value::Integer(i) => Key::Int(*i),
            Value::Number(n) => Key::Num(*n),
            Value::String(s) => Key::Str(s.as_bytes().to_vec()),
            Value::Boolean(b) => Key::Bool(*b),
            _ => return None,
        })
    }

    fn to_lua(&self, lua: &Lua) -> mlua::Result<Value> {
        Ok(match self {
            Key::Int(i) => Value::Integer(*i),
            Key::Num(n) => Value::Number(*n),
            Key::Str(s) => Value::String(lua.create_string(s)?),
            Key::Bool(b) => Value::Boolean(*b),
        })
    }

    fn rank(&self) -> u8 {
        match self {
            Key::Int(_) | Key::Num(_) => 0,
            Key::Str(_) => 1,
            Key::Bool(_) => 2,
        }
    }

    /// Numbers by value, then strings byte-wise, then false before true.
    fn cmp(&self, other: &Key) -> Ordering {
        match (self, other) {
            (Key::Int(x), Key::Int(y)) => x.cmp(y),
            (Key::Int(x), Key::Num(y)) => (*x as f64).total_cmp(y),
            (Key::Num(x), Key::Int(y)) => x.total_cmp(&(*y as f64)),
            (Key::Num(x), Key::Num(y)) => x.total_cmp(y),
            (Key::Str(x), Key::Str(y)) => x.cmp(y),
            (Key::Bool(x), Key::Bool(y)) => x.cmp(y),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

/// Keys in the defined order; a table whose keys are tables or functions has none. Every key
/// is charged (`next` sorts them all at each call).
fn sorted_keys(meter: &Meter, t: &Table, what: &str) -> mlua::Result<Vec<Key>> {
    let mut keys = Vec::new();
    for kv in t.clone().pairs::<Value, Value>() {
        let (k, _) = kv?;
        meter.charge(8)?;
        match Key::of(&k) {
            Some(k) => keys.push(k),
            None => {
                return Err(mlua::Error::runtime(format!(
                    "{what}: a table with {} keys has no defined order (use numbers or strings as keys)",
                    k.type_name()
                )))
            }
        }
    }
    keys.sort_by(|a, b| a.cmp(b));
    Ok(keys)
}
