//! Nothing a script sees may differ between processes: Lua's `pairs`/`next` follow the hash
//! layout (string hashes are seeded per process) and `tostring`/`error`/`string.format` show
//! addresses; `table.sort` picks pivots from the clock. Replaced here by versions in a defined
//! order (numbers, then strings byte-wise, then false, true) and without addresses.
use super::Meter;
use mlua::{Function, Lua, MultiValue, Table, Value};
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
        lua.create_function(move |_, (t, k): (Table, Value)| {
            let t = super::readonly::backing(&t)?.unwrap_or(t);
            let keys = sorted_keys(&m, &t, "next")?;
            let at = match k {
                Value::Nil => 0,
                k => match keys.binary_search_by(|x| key_order(x, &k)) {
                    Ok(i) => i + 1,
                    Err(_) => return Err(mlua::Error::runtime("invalid key to 'next'")),
                },
            };
            match keys.get(at) {
                Some(k) => Ok((k.clone(), t.raw_get::<Value>(k.clone())?)),
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
            let keys = lua.create_sequence_from(sorted_keys(&m, &t, "pairs")?)?;
            let state = lua.create_table_with_capacity(3, 0)?;
            state.raw_set(1, t)?;
            state.raw_set(2, keys)?;
            state.raw_set(3, 0)?;
            Ok((iter.clone(), state, Value::Nil))
        })?,
    )?;
    let table: Table = g.get("table")?;
    let m = meter.clone();
    table.raw_set(
        "sort",
        lua.create_function(move |_, (t, comp): (Table, Option<Function>)| sort(&m, &t, comp))?,
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

/// Keys in the defined order; a table whose keys are tables or functions has none. Every key
/// is charged (`next` sorts them all at each call).
fn sorted_keys(meter: &Meter, t: &Table, what: &str) -> mlua::Result<Vec<Value>> {
    let mut keys = Vec::new();
    for kv in t.clone().pairs::<Value, Value>() {
        let (k, _) = kv?;
        meter.charge(8)?;
        if !matches!(
            k,
            Value::Integer(_) | Value::Number(_) | Value::String(_) | Value::Boolean(_)
        ) {
            return Err(mlua::Error::runtime(format!(
                "{what}: a table with {} keys has no defined order (use numbers or strings as keys)",
                k.type_name()
            )));
        }
        keys.push(k);
    }
    keys.sort_by(key_order);
    Ok(keys)
}

/// Numbers by value, then strings byte-wise, then false before true.
fn key_order(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Integer(_) | Value::Number(_) => 0,
            Value::String(_) => 1,
            Value::Boolean(_) => 2,
            _ => 3,
        }
    }
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
        (Value::Integer(x), Value::Number(y)) => (*x as f64).total_cmp(y),
        (Value::Number(x), Value::Integer(y)) => x.total_cmp(&(*y as f64)),
        (Value::Number(x), Value::Number(y)) => x.total_cmp(y),
        (Value::String(x), Value::String(y)) => x.as_bytes().cmp(&y.as_bytes()),
        (Value::Boolean(x), Value::Boolean(y)) => x.cmp(y),
        _ => rank(a).cmp(&rank(b)),
    }
}

/// `table.sort` as a stable merge sort: the same result in every process, whatever the
/// comparator does; each comparison counts against the instruction budget.
fn sort(meter: &Meter, t: &Table, comp: Option<Function>) -> mlua::Result<()> {
    let n = t.raw_len();
    let mut v: Vec<Value> = (1..=n).map(|i| t.raw_get(i)).collect::<mlua::Result<_>>()?;
    let less = |a: &Value, b: &Value| -> mlua::Result<bool> {
        meter.charge(1)?;
        match &comp {
            Some(f) => f.call::<bool>(MultiValue::from_vec(vec![a.clone(), b.clone()])),
            None => default_less(a, b),
        }
    };
    let mut buf: Vec<Value> = Vec::with_capacity(n);
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j) = (lo, mid);
            buf.clear();
            while i < mid && j < hi {
                // Take from the right only when it is strictly less: stable.
                if less(&v[j], &v[i])? {
                    buf.push(v[j].clone());
                    j += 1;
                } else {
                    buf.push(v[i].clone());
                    i += 1;
                }
            }
            buf.extend_from_slice(&v[i..mid]);
            buf.extend_from_slice(&v[j..hi]);
            v[lo..hi].clone_from_slice(&buf);
            lo = hi;
        }
        width *= 2;
    }
    for (i, x) in v.into_iter().enumerate() {
        t.raw_set(i + 1, x)?;
    }
    Ok(())
}

/// Lua's `<` for the values a script can sort without a comparator.
fn default_less(a: &Value, b: &Value) -> mlua::Result<bool> {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Ok(x < y),
        (Value::Integer(_) | Value::Number(_), Value::Integer(_) | Value::Number(_)) => {
            Ok(num(a) < num(b))
        }
        (Value::String(_), Value::String(_)) => Ok(key_order(a, b) == Ordering::Less),
        _ => Err(mlua::Error::runtime(format!(
            "attempt to compare {} with {}",
            a.type_name(),
            b.type_name()
        ))),
    }
}

fn num(v: &Value) -> f64 {
    match v {
        Value::Integer(i) => *i as f64,
        Value::Number(n) => *n,
        _ => f64::NAN,
    }
}
