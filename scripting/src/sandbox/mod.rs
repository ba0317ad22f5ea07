//! The sandbox: only safe standard libraries, no host access, no state kept between calls,
//! no order or address that differs between processes, and budgets that cannot be dodged.
//! docs/sandbox.md says what a script can and cannot do, and why.
mod bounded;
mod determinism;
mod matcher;
mod pattern;
mod readonly;

use mlua::{HookTriggers, Lua, LuaOptions, StdLib, VmState};
use std::cell::Cell;
use std::rc::Rc;

pub(crate) use readonly::backing;
pub use readonly::{freeze_globals, readonly_tree};

/// Limits for one hook call.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// VM instructions per outermost hook call (nested calls share it).
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

/// The instruction meter of one Lua state: what the running outermost call has used, and
/// whether it ran out. Once spent, every check fails again and `pcall` cannot catch it, so a
/// script that runs out always returns to the kernel with the error.
#[derive(Debug, Default)]
pub struct Meter {
    used: Cell<u64>,
    spent: Cell<bool>,
    limit: Cell<u64>,
}

impl Meter {
    /// Starts a new outermost call (or a file's top-level code at load).
    pub fn reset(&self) {
        self.used.set(0);
        self.spent.set(false);
    }

    /// Whether the running call has exhausted its budget.
    pub fn spent(&self) -> bool {
        self.spent.get()
    }

    /// Counts `n` units of work done outside the VM (pattern matching, sorting) and fails
    /// when the budget is gone.
    pub fn charge(&self, n: u64) -> mlua::Result<()> {
        let used = self.used.get().saturating_add(n);
        self.used.set(used);
        if used > self.limit.get() || self.spent.get() {
            self.spent.set(true);
            return Err(self.error());
        }
        Ok(())
    }

    /// The error a spent budget raises.
    pub fn error(&self) -> mlua::Error {
        mlua::Error::runtime(format!(
            "instruction budget exceeded ({} VM instructions per hook call)",
            self.limit.get()
        ))
    }
}

/// VM instructions between two meter checks.
const STEP: u32 = 10_000;

/// Creates a Lua state with only table, string, math and utf8, without any function that
/// reaches files, processes, the clock, the loader, the garbage collector or addresses, and
/// with deterministic, bounded replacements for the rest (`pairs`, `next`, `tostring`,
/// `error`, `pcall`, `xpcall`, `string.format/rep/find/match/gmatch/gsub`, `table.sort/move`).
pub fn new_lua(budget: Budget, meter: Rc<Meter>) -> mlua::Result<Lua> {
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
        "warn",
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
    meter.limit.set(budget.instructions);
    determinism::install(&lua, &meter)?;
    pattern::install(&lua, &meter)?;
    bounded::install(&lua, &meter)?;
    let m = meter.clone();
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(STEP),
        move |_, _| {
            m.charge(STEP as u64)?;
            Ok(VmState::Continue)
        },
    )?;
    Ok(lua)
}
