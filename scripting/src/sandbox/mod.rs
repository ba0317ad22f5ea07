//! The sandbox: only safe standard libraries, no host access, no state kept between calls,
//! no order or address that differs between processes, and budgets that cannot be dodged.
//! docs/sandbox.md says what a script can and cannot do, and why.
mod alloc;
mod bounded;
mod determinism;
mod matcher;
mod pattern;
mod readonly;
mod stack;

use mlua::{HookTriggers, Lua, LuaOptions, StdLib, VmState};
use std::cell::Cell;
use std::rc::Rc;

pub use alloc::{StringCharge, MAX_STRING};
pub(crate) use bounded::innermost;
pub(crate) use readonly::backing;
pub use readonly::{freeze_globals, readonly_tree};
pub use stack::restart_count;

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
    /// Bytes of the longest string built in this call (or held as a constant of a loaded
    /// file): each instruction costs 1 + weight/256 units (alloc.rs).
    weight: Cell<u64>,
    /// The longest string constant of the files loaded so far: every call starts at it.
    floor: Cell<u64>,
    loading: Cell<bool>,
    /// The size of a string refused as too long in this call (0: none).
    refused: Cell<usize>,
    /// `k.stop()` was called: the call unwinds to the kernel, which keeps what it did; `pcall`
    /// cannot catch it.
    stopping: Cell<bool>,
}

impl Meter {
    /// Starts a new outermost call (or a file's top-level code at load).
    /// Units used in this call so far.
    pub fn used(&self) -> u64 {
        self.used.get()
    }

    pub fn reset(&self) {
        self.used.set(0);
        self.spent.set(false);
        self.weight.set(self.floor.get());
        self.refused.set(0);
        self.loading.set(false);
        self.stopping.set(false);
    }

    /// `k.stop()`: the running call stops here (uncatchable).
    pub fn stop(&self) {
        self.stopping.set(true);
    }

    pub fn stopping(&self) -> bool {
        self.stopping.get()
    }

    /// The stop reached the hook it ends (a card's effect): code around it runs again.
    pub fn clear_stop(&self) {
        self.stopping.set(false);
    }

    /// Starts loading a file: like `reset`, and the file's long string constants raise the
    /// weight every later call starts at.
    pub fn begin_load(&self) {
        self.reset();
        self.loading.set(true);
    }

    /// A new long string of `bytes`: charged, and it weighs on later instructions. False when
    /// the budget is spent (the allocation is then refused).
    pub(crate) fn weigh_string(&self, bytes: usize, units: u64) -> bool {
        let bytes = bytes as u64;
        if bytes > self.weight.get() {
            self.weight.set(bytes);
        }
        if self.loading.get() && bytes > self.floor.get() {
            self.floor.set(bytes);
        }
        self.charge(units).is_ok()
    }

    pub(crate) fn refuse_string(&self, bytes: usize) {
        self.refused.set(bytes);
    }

    /// `n` instructions done, priced by the weight of the strings about and by the vararg
    /// values the running frames hold (stack.rs).
    fn charge_instructions(&self, n: u64, varargs: u64) -> mlua::Result<()> {
        let price = 1 + self.weight.get() / 256 + varargs / 8;
        self.charge(n.saturating_mul(price))
    }

    /// What to report for this call instead of its own error or result: a refused string or a
    /// spent budget, whatever the script did with the error on its way out.
    pub fn explain(&self) -> Option<mlua::Error> {
        if self.refused.get() > 0 {
            return Some(mlua::Error::runtime(format!(
                "a string of {} bytes is longer than the {} bytes a card script may build",
                self.refused.get(),
                alloc::MAX_STRING
            )));
        }
        if self.spent.get() {
            return Some(self.error());
        }
        None
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
pub fn new_lua(budget: Budget, meter: Rc<Meter>) -> mlua::Result<(Lua, StringCharge)> {
    let lua = Lua::new_with(
        StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8,
        LuaOptions::default(),
    )?;
    lua.set_memory_limit(budget.memory)?;
    // Most of what hooks allocate (result lists, option tables, labels) dies within the call:
    // the generational collector frees it young instead of marking the whole heap each cycle
    // (issue 14; docs/performance.md). Scripts cannot see the collector (no `__gc`, no weak
    // tables, no `collectgarbage`), so its mode changes no result.
    lua.gc_set_mode(mlua::state::GcMode::Generational(Default::default()));
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
        move |lua, _| {
            m.charge_instructions(STEP as u64, stack::varargs(lua))?;
            Ok(VmState::Continue)
        },
    )?;
    // Lua names a function in a traceback by searching every loaded library; mlua builds one
    // for each error a Rust function raises, so a loop of caught errors cost 20× its budget.
    // Nothing loads libraries after this point: the search finds nothing, at once.
    let loaded: mlua::Table = lua.named_registry_value("_LOADED")?;
    let names: Vec<mlua::Value> = loaded
        .pairs::<mlua::Value, mlua::Value>()
        .filter_map(|kv| kv.ok().map(|(k, _)| k))
        .collect();
    for k in names {
        loaded.raw_set(k, mlua::Value::Nil)?;
    }
    let charge = alloc::install(&lua, &meter)?;
    Ok((lua, charge))
}
