//! The sandbox: only safe standard libraries, no host access, budgets per hook call.
use mlua::{HookTriggers, Lua, LuaOptions, StdLib, VmState};
use std::cell::Cell;
use std::rc::Rc;

/// Limits for one hook call.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// VM instructions per hook call.
    pub instructions: u64,
    /// Bytes of Lua memory in all.
    pub memory: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            instructions: 20_000_000,
            memory: 64 * 1024 * 1024,
        }
    }
}

const STEP: u32 = 10_000;

/// Creates a Lua state with only table, string, math and utf8, and without any function
/// that reaches files, processes, the clock, the loader or the garbage collector.
pub fn new_lua(budget: Budget, used: Rc<Cell<u64>>) -> mlua::Result<Lua> {
    let lua = Lua::new_with(
        StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8,
        LuaOptions::default(),
    )?;
    lua.set_memory_limit(budget.memory)?;
    let g = lua.globals();
    for name in [
        "dofile",
        "loadfile",
        "load",
        "loadstring",
        "require",
        "collectgarbage",
        "print",
        "rawset",
        "setmetatable",
        "getmetatable",
        "rawequal",
    ] {
        g.raw_set(name, mlua::Value::Nil)?;
    }
    let math: mlua::Table = g.get("math")?;
    // math.random is put back by the API, drawing from the game's seeded RNG (api/mod.rs).
    math.raw_set("random", mlua::Value::Nil)?;
    math.raw_set("randomseed", mlua::Value::Nil)?;
    let string: mlua::Table = g.get("string")?;
    string.raw_set("dump", mlua::Value::Nil)?;
    let limit = budget.instructions;
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(STEP),
        move |_, _| {
            let n = used.get() + STEP as u64;
            used.set(n);
            if n > limit {
                return Err(mlua::Error::runtime(format!(
                    "instruction budget exceeded ({limit} VM instructions per hook call)"
                )));
            }
            Ok(VmState::Continue)
        },
    )?;
    Ok(lua)
}

/// Makes the global table read-only, so scripts keep no state between calls.
pub fn freeze_globals(lua: &Lua) -> mlua::Result<()> {
    lua.load(
        r#"
        local mt = { __newindex = function(_, k) error("scripts cannot set globals (tried to set '" .. tostring(k) .. "'); use local variables or the game state", 2) end,
                     __metatable = false }
        local setmt = ...
        setmt(_G, mt)
        "#,
    )
    .set_name("=sandbox")
    .call::<()>(lua.create_function(|lua, (t, mt): (mlua::Table, mlua::Table)| {
        let _ = lua;
        t.set_metatable(Some(mt))
    })?)
}
