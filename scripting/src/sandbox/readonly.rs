//! Read-only views: the globals, the libraries (`string`, `math`, `table`, `utf8`, `k`) and the
//! game's `rules` library are empty proxies whose metatable reads from the real table and
//! refuses writes, so no script can leave anything behind for a later call, game or fork.
use mlua::{Function, Lua, Table, Value};

/// The libraries a script may read but never change.
const LIBRARIES: [&str; 5] = ["string", "math", "table", "utf8", "k"];
/// The metatable key under which a proxy keeps the table it shows.
const BACKING: &str = "__fuda_readonly";
/// How deeply `readonly_tree` follows nested tables.
const MAX_DEPTH: usize = 16;

/// The table a read-only proxy shows, if `t` is one.
pub(crate) fn backing(t: &Table) -> mlua::Result<Option<Table>> {
    match t.metatable() {
        Some(mt) => match mt.raw_get::<Value>(BACKING)? {
            Value::Table(b) => Ok(Some(b)),
            _ => Ok(None),
        },
        None => Ok(None),
    }
}

/// A proxy of `t` named `name` in errors: reads go to `t`, writes fail at the script's line.
fn proxy(lua: &Lua, refusals: &Function, name: &str, t: &Table) -> mlua::Result<Table> {
    let p = lua.create_table()?;
    let mt = lua.create_table()?;
    mt.raw_set("__index", t.clone())?;
    mt.raw_set(
        "__newindex",
        refusals.call::<Function>((name, "is read-only"))?,
    )?;
    let inner = t.clone();
    mt.raw_set(
        "__len",
        lua.create_function(move |_, _: Value| Ok(inner.raw_len()))?,
    )?;
    mt.raw_set("__metatable", false)?;
    mt.raw_set(BACKING, t.clone())?;
    p.set_metatable(Some(mt))?;
    Ok(p)
}

/// `refusals(name, says)` → a `__newindex` that raises "<name> <says> (tried to set 'key')"
/// at the assigning line. Made before the globals are frozen.
fn refusals(lua: &Lua) -> mlua::Result<Function> {
    lua.load(
        r#"
        local error, type, tostring = error, type, tostring
        return function(what, says) return function(_, k)
          local key = type(k) == "string" and ("'" .. k .. "'") or (type(k) == "number" and tostring(k) or type(k))
          error(what .. " " .. says .. " (tried to set " .. key .. "); scripts keep no state: use local variables or the game state", 2)
        end end
        "#,
    )
    .set_name("=sandbox")
    .call(())
}

/// A read-only proxy of `t` and, in it, of every table it holds (a game's `rules` library
/// may export tables): nothing reachable through it can be changed.
pub fn readonly_tree(lua: &Lua, name: &str, t: &Table) -> mlua::Result<Table> {
    let mut seen: Vec<(Table, Table)> = Vec::new();
    tree(lua, &refusals(lua)?, name, t, 0, &mut seen)
}

fn tree(
    lua: &Lua,
    refusals: &Function,
    name: &str,
    t: &Table,
    depth: usize,
    seen: &mut Vec<(Table, Table)>,
) -> mlua::Result<Table> {
    if let Some((_, p)) = seen.iter().find(|(orig, _)| orig == t) {
        return Ok(p.clone());
    }
    if depth > MAX_DEPTH {
        return Err(mlua::Error::runtime(format!(
            "{name}: tables nested more than {MAX_DEPTH} deep"
        )));
    }
    let shadow = lua.create_table()?;
    let p = proxy(lua, refusals, name, &shadow)?;
    seen.push((t.clone(), p.clone()));
    let mut entries = Vec::new();
    for kv in t.clone().pairs::<Value, Value>() {
        entries.push(kv?);
    }
    for (k, v) in entries {
        let v = match v {
            Value::Table(inner) => {
                Value::Table(tree(lua, refusals, name, &inner, depth + 1, seen)?)
            }
            v => v,
        };
        shadow.raw_set(k, v)?;
    }
    Ok(p)
}

/// Makes the global table read-only, existing names included: every global moves into a
/// backing table read through a proxy, and the libraries become read-only proxies.
pub fn freeze_globals(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let refusals = refusals(lua)?;
    let mut entries = Vec::new();
    for kv in g.clone().pairs::<Value, Value>() {
        entries.push(kv?);
    }
    let all = lua.create_table()?;
    for (k, v) in entries {
        g.raw_set(k.clone(), Value::Nil)?;
        let v = match (&k, v) {
            (Value::String(name), Value::Table(t))
                if LIBRARIES.iter().any(|l| name.as_bytes() == l.as_bytes()) =>
            {
                Value::Table(proxy(lua, &refusals, &name.to_string_lossy(), &t)?)
            }
            (_, v) => v,
        };
        all.raw_set(k, v)?;
    }
    all.raw_set("_G", g.clone())?;
    let mt = proxy(lua, &refusals, "the global table", &all)?
        .metatable()
        .ok_or_else(|| mlua::Error::runtime("no metatable"))?;
    mt.raw_set(
        "__newindex",
        refusals.call::<Function>(("scripts", "cannot set globals"))?,
    )?;
    g.set_metatable(Some(mt))?;
    Ok(())
}
