//! Lua 5.4's string patterns (`string.find`, `match`, `gmatch`, `gsub`), ported from
//! lstrlib.c so that every step counts against the instruction budget: in C, a backtracking
//! pattern on a long string runs unseen by the instruction counter and can hang the host.
use super::Meter;
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::rc::Rc;

use super::matcher::{error, State};

/// Characters that make a pattern more than plain text.
const SPECIALS: &[u8] = b"^$*+?.([%-";

pub(super) fn install(lua: &Lua, meter: &Rc<Meter>) -> mlua::Result<()> {
    let string: Table = lua.globals().get("string")?;
    let m = meter.clone();
    string.raw_set(
        "find",
        lua.create_function(
            move |lua, a: (mlua::LuaString, mlua::LuaString, Option<i64>, Value)| {
                find_aux(lua, &m, a, true)
            },
        )?,
    )?;
    let m = meter.clone();
    string.raw_set(
        "match",
        lua.create_function(
            move |lua, (s, p, i): (mlua::LuaString, mlua::LuaString, Option<i64>)| {
                find_aux(lua, &m, (s, p, i, Value::Nil), false)
            },
        )?,
    )?;
    // One step function for every `gmatch`; a loop's state (subject, pattern, position, last
    // match) is a Lua table held by a Lua closure, so nothing of a loop outlives it in Rust.
    let m = meter.clone();
    let step = lua.create_function(move |lua, st: Table| gmatch_step(lua, &m, &st))?;
    let wrap: Function = lua
        .load("local step, st = ... return function() return step(st) end")
        .set_name("=gmatch")
        .into_function()?;
    string.raw_set(
        "gmatch",
        lua.create_function(
            move |lua, (s, p, i): (mlua::LuaString, mlua::LuaString, Option<i64>)| {
                let len = s.as_bytes().len();
                let start = (start_index(i.unwrap_or(1), len) - 1).min(len + 1);
                let st = lua.create_table_with_capacity(4, 0)?;
                st.raw_set(1, s)?;
                st.raw_set(2, p)?;
                st.raw_set(3, start as i64)?;
                st.raw_set(4, -1)?;
                wrap.call::<Function>((step.clone(), st))
            },
        )?,
    )?;
    let m = meter.clone();
    string.raw_set(
        "gsub",
        lua.create_function(
            move |lua, (s, p, repl, max): (mlua::LuaString, mlua::LuaString, Value, Option<i64>)| {
                gsub(lua, &m, s, p, repl, max)
            },
        )?,
    )?;
    Ok(())
}

/// Lua's `posrelatI`: a 1-based start position, negative from the end.
fn start_index(pos: i64, len: usize) -> usize {
    if pos > 0 {
        pos as usize
    } else if pos == 0 || pos < -(len as i64) {
        1
    } else {
        (len as i64 + pos + 1) as usize
    }
}
fn find_aux(
    lua: &Lua,
    meter: &Meter,
    (s, p, init, plain): (mlua::LuaString, mlua::LuaString, Option<i64>, Value),
    find: bool,
) -> mlua::Result<MultiValue> {
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let init = start_index(init.unwrap_or(1), src.len()) - 1;
    if init > src.len() {
        return Ok(MultiValue::from_vec(vec![Value::Nil]));
    }
    let plain = !matches!(plain, Value::Nil | Value::Boolean(false));
    if find && (plain || !pat.iter().any(|c| SPECIALS.contains(c))) {
        meter.charge((src.len() - init) as u64 / 16)?;
        return Ok(match memchr::memmem::find(&src[init..], &pat) {
            Some(at) => MultiValue::from_vec(vec![
                Value::Integer((init + at + 1) as i64),
                Value::Integer((init + at + pat.len()) as i64),
            ]),
            None => MultiValue::from_vec(vec![Value::Nil]),
        });
    }
    let anchor = pat.first() == Some(&b'^');
    let pat = if anchor { &pat[1..] } else { &pat[..] };
    let mut ms = State::new(&src, pat, meter);
    let mut s1 = init;
    loop {
        ms.reset();
        if let Some(e) = ms.do_match(s1, 0)? {
            ms.flush()?;
            let mut out = Vec::new();
            if find {
                out.push(Value::Integer(s1 as i64 + 1));
                out.push(Value::Integer(e as i64));
                out.extend(ms.captures(lua, None)?);
            } else {
                out = ms.captures(lua, Some((s1, e)))?;
            }
            return Ok(MultiValue::from_vec(out));
        }
        s1 += 1;
        if s1 > src.len() || anchor {
            break;
        }
    }
    ms.flush()?;
    Ok(MultiValue::from_vec(vec![Value::Nil]))
}

/// The next match of a `gmatch` loop whose state is `st` = {subject, pattern, position,
/// end of the last match or -1}.
fn gmatch_step(lua: &Lua, meter: &Meter, st: &Table) -> mlua::Result<MultiValue> {
    let s: mlua::LuaString = st.raw_get(1)?;
    let p: mlua::LuaString = st.raw_get(2)?;
    let pos: i64 = st.raw_get(3)?;
    let last: i64 = st.raw_get(4)?;
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let mut ms = State::new(&src, &pat, meter);
    let mut at = pos.max(0) as usize;
    while at <= src.len() {
        ms.reset();
        if let Some(e) = ms.do_match(at, 0)? {
            if e as i64 != last {
                st.raw_set(3, e as i64)?;
                st.raw_set(4, e as i64)?;
                ms.flush()?;
                return Ok(MultiValue::from_vec(ms.captures(lua, Some((at, e)))?));
            }
        }
        at += 1;
    }
    st.raw_set(3, at as i64)?;
    ms.flush()?;
    Ok(MultiValue::new())
}

fn gsub(
    lua: &Lua,
    meter: &Meter,
    s: mlua::LuaString,
    p: mlua::LuaString,
    repl: Value,
    max: Option<i64>,
) -> mlua::Result<(Value, i64)> {
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    if !matches!(
        repl,
        Value::Integer(_)
            | Value::Number(_)
            | Value::String(_)
            | Value::Function(_)
            | Value::Table(_)
    ) {
        return Err(error(format!(
            "bad argument #3 to 'gsub' (string/function/table expected, got {})",
            repl.type_name()
        )));
    }
    let repl_text: Option<Vec<u8>> = match &repl {
        Value::String(r) => Some(r.as_bytes().to_vec()),
        Value::Integer(i) => Some(i.to_string().into_bytes()),
        Value::Number(_) => {
            let r: mlua::LuaString = lua.globals().get::<Function>("tostring")?.call(&repl)?;
            Some(r.as_bytes().to_vec())
        }
        _ => None,
    };
    let max = max.unwrap_or(src.len() as i64 + 1);
    let anchor = pat.first() == Some(&b'^');
    let pat = if anchor { &pat[1..] } else { &pat[..] };
    let mut ms = State::new(&src, pat, meter);
    let mut out: Vec<u8> = Vec::new();
    let (mut at, mut n, mut changed) = (0usize, 0i64, false);
    let mut last: Option<usize> = None;
    while n < max {
        ms.reset();
        match ms.do_match(at, 0)? {
            Some(e) if Some(e) != last => {
                n += 1;
                changed |= add_value(lua, &mut ms, &mut out, at, e, &repl, repl_text.as_deref())?;
                at = e;
                last = Some(e);
            }
            _ if at < src.len() => {
                out.push(src[at]);
                at += 1;
            }
            _ => break,
        }
        if out.len() > super::bounded::MAX_BUILT_STRING {
            return Err(error(format!(
                "string.gsub: the result would be longer than {} bytes",
                super::bounded::MAX_BUILT_STRING
            )));
        }
        if anchor {
            break;
        }
    }
    ms.flush()?;
    meter.charge(out.len() as u64 / 64)?;
    if !changed {
        return Ok((Value::String(s.clone()), n));
    }
    out.extend_from_slice(&src[at.min(src.len())..]);
    Ok((Value::String(lua.create_string(&out)?), n))
}

fn add_value(
    lua: &Lua,
    ms: &mut State,
    out: &mut Vec<u8>,
    s: usize,
    e: usize,
    repl: &Value,
    text: Option<&[u8]>,
) -> mlua::Result<bool> {
    if let Some(r) = text {
        let mut i = 0;
        while i < r.len() {
            let c = r[i];
            i += 1;
            if c != b'%' {
                out.push(c);
                continue;
            }
            let d = r.get(i).copied().unwrap_or(0);
            i += 1;
            match d {
                b'%' => out.push(b'%'),
                b'0' => out.extend_from_slice(&ms.src[s..e]),
                b'1'..=b'9' => match ms.capture_value(lua, (d - b'1') as usize, s, e)? {
                    Value::String(x) => out.extend_from_slice(&x.as_bytes()),
                    Value::Integer(x) => out.extend_from_slice(x.to_string().as_bytes()),
                    _ => {}
                },
                _ => return Err(error("invalid use of '%' in replacement string")),
            }
        }
        return Ok(true);
    }
    let v: Value = match repl {
        Value::Function(f) => f.call(MultiValue::from_vec(ms.captures(lua, Some((s, e)))?))?,
        Value::Table(t) => t.get(ms.capture_value(lua, 0, s, e)?)?,
        _ => Value::Nil,
    };
    match v {
        Value::Nil | Value::Boolean(false) => {
            out.extend_from_slice(&ms.src[s..e]);
            Ok(false)
        }
        Value::String(x) => {
            out.extend_from_slice(&x.as_bytes());
            Ok(true)
        }
        Value::Integer(x) => {
            out.extend_from_slice(x.to_string().as_bytes());
            Ok(true)
        }
        Value::Number(_) => {
            let x: mlua::LuaString = lua.globals().get::<Function>("tostring")?.call(v)?;
            out.extend_from_slice(&x.as_bytes());
            Ok(true)
        }
        other => Err(error(format!(
            "invalid replacement value (a {})",
            other.type_name()
        ))),
    }
}
