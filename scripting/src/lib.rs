//! fuda Lua host: loads a game's (and later its cards') Lua hooks into a sandbox and runs
//! them against the kernel. Lua keeps no state between calls; the game lives in Rust.
pub mod api;
mod arg_error;
pub mod convert;
pub mod lint;
mod memo;
mod pull;
mod push;
pub mod sandbox;
mod stats;

use fuda_engine::def::ability::hook_name;
use fuda_engine::def::card::CardDb;
use fuda_engine::def::game::GameDef;
use fuda_engine::{Fail, Game, Host, LoadError, LoadErrors, Location, RunError, Value};
use mlua::{Function, Lua, Table};
use std::cell::Cell;
use std::path::Path;
use std::rc::Rc;

pub use sandbox::{Budget, Meter};
pub(crate) use stats::API_CALLS;
pub use stats::{
    hook_profile, hook_stats, profile_hooks, reset_hook_stats, HookProfile, HookStats,
};

/// How deeply hook calls may nest (a hook calls a kernel verb that calls a hook, …): a card
/// whose effect causes itself again stops here with an error instead of exhausting the stack.
pub const MAX_HOOK_DEPTH: u32 = 48;

thread_local! {
    /// The meter of the outermost hook call running on this thread (`k.*` calls charge it).
    pub(crate) static METER: std::cell::RefCell<Option<Rc<Meter>>> = const { std::cell::RefCell::new(None) };
}

/// Runs a game's Lua hooks.
pub struct LuaHost {
    /// The string-charging allocator of `lua` (declared first: it drops first). None in the
    /// copy an API function rebuilds.
    _strings: Option<sandbox::StringCharge>,
    lua: Lua,
    hooks: Table,
    meter: Rc<Meter>,
    acting: Rc<std::cell::RefCell<Vec<Option<fuda_engine::PlayerId>>>>,
    /// Hook calls in progress (a kernel verb called from Lua may call hooks again).
    depth: Rc<Cell<u32>>,
    /// The game's hooks' kept results (memo.rs).
    memo: Rc<memo::Memo>,
}

/// What API functions need to call hooks again from inside a hook (kept in Lua's app data).
#[derive(Clone)]
pub(crate) struct HostParts {
    hooks: Table,
    meter: Rc<Meter>,
    /// Per hook call in progress: the player whose card's hook it is (None: the game's).
    pub(crate) acting: Rc<std::cell::RefCell<Vec<Option<fuda_engine::PlayerId>>>>,
    depth: Rc<Cell<u32>>,
    memo: Rc<memo::Memo>,
}

impl LuaHost {
    /// The host, rebuilt inside an API function from the Lua state it runs in.
    pub(crate) fn from_lua(lua: &Lua) -> mlua::Result<LuaHost> {
        let parts = lua
            .app_data_ref::<HostParts>()
            .ok_or_else(|| mlua::Error::runtime("no script host"))?
            .clone();
        Ok(LuaHost {
            _strings: None,
            lua: lua.clone(),
            hooks: parts.hooks,
            meter: parts.meter,
            acting: parts.acting,
            depth: parts.depth,
            memo: parts.memo,
        })
    }
}

impl LuaHost {
    /// Loads the game's script and checks that every hook the definition names exists.
    pub fn for_game(def: &GameDef) -> Result<LuaHost, LoadErrors> {
        Self::with_budget(def, Budget::default())
    }

    pub fn with_budget(def: &GameDef, budget: Budget) -> Result<LuaHost, LoadErrors> {
        let meter = Rc::new(Meter::default());
        let (lua, strings) = sandbox::new_lua(budget, meter.clone()).map_err(|e| {
            LoadError::new(Location::file(&def.file), format!("cannot start Lua: {e}"))
        })?;
        api::register(&lua).map_err(|e| {
            LoadError::new(
                Location::file(&def.file),
                format!("cannot register the kernel API: {e}"),
            )
        })?;
        let hooks = lua
            .create_table()
            .map_err(|e| LoadError::new(Location::file(&def.file), e.to_string()))?;
        for path in &def.scripts {
            let (_, t) = load_script(&lua, path, &meter, Some(&hooks))?;
            merge(&hooks, &t).map_err(|e| LoadError::new(Location::file(path), e.to_string()))?;
        }
        // The game's own actions are a read-only library for card scripts: `rules.<name>`.
        let library = || -> mlua::Result<()> {
            let proxy = sandbox::readonly_tree(&lua, "the rules library", &hooks)?;
            lua.globals().raw_set("rules", proxy)
        };
        library().map_err(|e| LoadError::new(Location::file(&def.file), e.to_string()))?;
        sandbox::freeze_globals(&lua)
            .map_err(|e| LoadError::new(Location::file(&def.file), e.to_string()))?;
        let text = fuda_engine::def::files::read_regular(&def.file).unwrap_or_default();
        let mut errors = Vec::new();
        for h in &def.hooks {
            if !matches!(
                hooks.raw_get::<mlua::Value>(h.as_str()),
                Ok(mlua::Value::Function(_))
            ) {
                let script = match def.scripts.as_slice() {
                    [] => "(no script)".to_string(),
                    files => files
                        .iter()
                        .map(|p| p.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                errors.push(
                    LoadError::new(
                        Location::find(&def.file, &text, h),
                        format!("the hook \"{h}\" is not a function in {script}"),
                    )
                    .hint(
                        "define it in the table the script returns, e.g. `function M.".to_string()
                            + h
                            + "() … end`",
                    ),
                );
            }
        }
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        let depth = Rc::new(Cell::new(0));
        let acting = Rc::new(std::cell::RefCell::new(Vec::new()));
        let memo = Rc::new(memo::Memo::default());
        lua.set_app_data(HostParts {
            hooks: hooks.clone(),
            meter: meter.clone(),
            depth: depth.clone(),
            acting: acting.clone(),
            memo: memo.clone(),
        });
        Ok(LuaHost {
            _strings: Some(strings),
            lua,
            hooks,
            meter,
            acting,
            depth,
            memo,
        })
    }
}

impl LuaHost {
    /// Whether the game's hooks may be answered by kept results (memo.rs; on by default).
    /// Off, every call runs its Lua: tests compare the two, `fuda bench --no-memo` measures it.
    pub fn keep_results(&self, on: bool) {
        self.memo.off.set(!on);
        self.memo.clear();
    }

    /// About how many bytes the kept hook results hold (memo.rs; bounded by its limits).
    pub fn kept_bytes(&self) -> usize {
        self.memo.bytes()
    }

    /// Bytes the Lua state holds after a full garbage collection (tests and diagnostics).
    pub fn memory_used(&self) -> usize {
        let _ = self.lua.gc_collect();
        let _ = self.lua.gc_collect();
        self.lua.used_memory()
    }

    /// Compiles every card's Lua hooks. Each hook becomes `function(ctx)` with `self`,
    /// `controller`, `event` and `data` as locals; its lines keep the card file's line numbers.
    pub fn load_cards(&self, db: &CardDb) -> Result<(), LoadErrors> {
        self.memo.clear();
        let mut errors = Vec::new();
        let mut files: Vec<(std::path::PathBuf, Loaded)> = Vec::new();
        let fresh = self.fresh_module_factory().map_err(|e| {
            LoadErrors(vec![LoadError::new(
                Location::default(),
                format!("cannot prepare card files: {e}"),
            )])
        })?;
        for (ci, card) in db.cards.iter().enumerate() {
            for (ai, ability) in card.abilities.iter().enumerate() {
                for (name, src) in &ability.hooks {
                    if let Some((path, func)) = &src.file_fn {
                        // A function of a Lua file beside the card, compiled once per file.
                        if !files.iter().any(|(p, _)| p == path) {
                            let table =
                                load_script(&self.lua, path, &self.meter, None).map_err(|e| {
                                    let first = e.0.into_iter().next().unwrap_or_else(|| {
                                        LoadError::new(Location::file(path), "cannot load")
                                    });
                                    if first.location.line == 0 {
                                        // The file itself is missing or unreadable: point at the card.
                                        LoadError::new(
                                            src.location.clone(),
                                            format!(
                                                "card {} ability 「{}」 {name}: {}",
                                                card.named.id, ability.name, first.message
                                            ),
                                        )
                                        .hint(format!(
                                            "create {} returning a table with the function",
                                            path.display()
                                        ))
                                    } else {
                                        first
                                    }
                                });
                            files.push((path.clone(), table));
                        }
                        let found = files
                            .iter()
                            .find(|(p, _)| p == path)
                            .map(|(_, t)| t.clone());
                        match found {
                            Some(Ok((chunk, t))) => match t.raw_get::<mlua::Value>(func.as_str()) {
                                Ok(mlua::Value::Function(_)) => {
                                    // Each call runs the file's top level again: module-level
                                    // locals start fresh, so they keep nothing between calls.
                                    let f = fresh.call::<Function>((chunk, func.as_str(), path.display().to_string()));
                                    if let Err(e) = f.and_then(|f| self.hooks.raw_set(hook_name(ci, ai, name), f)) {
                                        errors.push(LoadError::new(src.location.clone(), e.to_string()));
                                    }
                                }
                                _ => errors.push(
                                    LoadError::new(src.location.clone(), format!("card {} ability 「{}」 {name}: {} has no function \"{func}\"", card.named.id, ability.name, path.display()))
                                        .hint("the file must return a table of functions, e.g. `return { first_aid = function(ctx) … end }`"),
                                ),
                            },
                            Some(Err(e)) if !errors.contains(&e) => errors.push(e),
                            Some(Err(_)) | None => {}
                        }
                        continue;
                    }
                    let line = src.location.line.max(1);
                    let mut chunk = "\n".repeat(line.saturating_sub(2));
                    chunk.push_str("return function(ctx) local self, controller, event, data = ctx.self, ctx.controller, ctx.event, ctx.data");
                    chunk.push(if line >= 2 { '\n' } else { ' ' });
                    chunk.push_str(&src.code);
                    chunk.push_str("\nend");
                    let path = &src.location.file;
                    self.meter.begin_load();
                    match self
                        .lua
                        .load(&chunk)
                        .set_name(format!("@{}", path.display()))
                        .eval::<Function>()
                    {
                        Ok(f) => {
                            if let Err(e) = self.hooks.raw_set(hook_name(ci, ai, name), f) {
                                errors.push(LoadError::new(src.location.clone(), e.to_string()));
                            }
                        }
                        Err(e) => {
                            let mut le = lua_load_error(path, &e);
                            le.message = format!(
                                "card {} ability 「{}」 {name}: {}",
                                card.named.id, ability.name, le.message
                            );
                            errors.push(le);
                        }
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(LoadErrors(errors))
        }
    }
}

/// A card file, compiled and run once: its chunk and the table it returned.
type Loaded = Result<(Function, Table), LoadError>;

/// Copies a script's returned functions into the shared hook table.
fn merge(into: &Table, from: &Table) -> mlua::Result<()> {
    if into == from {
        return Ok(());
    }
    for kv in from.pairs::<mlua::Value, mlua::Value>() {
        let (k, v) = kv?;
        into.raw_set(k, v)?;
    }
    Ok(())
}

impl LuaHost {
    /// `fresh(chunk, name, file)` → a hook that runs the file's top level and then calls its
    /// function `name`: a card file's module-level locals live for one call only.
    fn fresh_module_factory(&self) -> mlua::Result<Function> {
        self.lua
            .load(
                r#"
                local type, error = type, error
                return function(chunk, name, file)
                  return function(...)
                    local m = chunk()
                    local f = type(m) == "table" and m[name]
                    if type(f) ~= "function" then
                      error(file .. " did not return a function \"" .. name .. "\" this time", 0)
                    end
                    return f(...)
                  end
                end
                "#,
            )
            .set_name("=sandbox")
            .call(())
    }
}

/// Loads a Lua file that returns a table of functions; `shared` is passed to it as `...`.
/// Its top-level code runs under the instruction budget. Returns the compiled file too.
fn load_script(
    lua: &Lua,
    path: &Path,
    meter: &Meter,
    shared: Option<&Table>,
) -> Result<(Function, Table), LoadErrors> {
    // Paths were checked to stay inside their game or pack folder when the definitions loaded.
    let text = fuda_engine::def::files::read_regular(path)?;
    meter.begin_load();
    sandbox::restart_count(lua);
    let chunk = lua
        .load(&text)
        .set_name(format!("@{}", path.display()))
        .into_function()
        .map_err(|e| lua_load_error(path, &e))?;
    let arg = shared.map_or(mlua::Value::Nil, |t| mlua::Value::Table(t.clone()));
    match chunk.call::<mlua::Value>(arg) {
        Ok(mlua::Value::Table(t)) => Ok((chunk, t)),
        Ok(other) => Err(LoadError::new(
            Location::file(path),
            format!(
                "the script must return a table of hooks, not {}",
                other.type_name()
            ),
        )
        .hint("end the file with `return M` where M holds the hook functions")
        .into()),
        Err(e) => Err(lua_load_error(path, &e).into()),
    }
}

/// A Lua syntax or runtime error at load time, with the file line taken from Lua's message.
pub fn lua_load_error(path: &Path, e: &mlua::Error) -> LoadError {
    let msg = first_line(e);
    let mut loc = Location::file(path);
    let prefix = format!("{}:", path.display());
    let mut text = msg.clone();
    if let Some(rest) = msg.split_once(&prefix).map(|(_, r)| r) {
        if let Some((line, tail)) = rest.split_once(':') {
            if let Ok(n) = line.trim().parse() {
                loc.line = n;
                loc.column = 1;
                text = tail.trim().to_string();
            }
        }
    }
    LoadError::new(loc, format!("Lua: {text}"))
}

/// A card hook's error placed in the card: when the failing line is not in the card's
/// files (a `rules.*` function or an API call the card made), the place is the innermost
/// stack frame in them, so the error names the card's file:line and not the game's.
fn in_card(files: &[String], e: &mlua::Error) -> String {
    let msg = arg_error::api_argument_error(e).unwrap_or_else(|| first_line(e));
    let at = |s: &str| {
        files.iter().find_map(|f| {
            let rest = s.strip_prefix(f.as_str())?.strip_prefix(':')?;
            let n = rest.split(':').next()?;
            (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then(|| format!("{f}:{n}"))
        })
    };
    if files.is_empty() || at(&msg).is_some() {
        return msg;
    }
    let trace = match e {
        mlua::Error::CallbackError { traceback, .. } => traceback.clone(),
        mlua::Error::RuntimeError(m) => m.clone(),
        other => other.to_string(),
    };
    let Some(place) = trace.lines().find_map(|l| at(l.trim_start())) else {
        return msg;
    };
    format!("{place}: {}", strip_place(&msg))
}

/// The message without a leading `file.lua:N: ` (the game's file it failed in).
fn strip_place(msg: &str) -> &str {
    for (i, _) in msg.match_indices(':') {
        let rest = &msg[i + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[digits..].starts_with(": ") {
            let file = &msg[..i];
            if file.ends_with(".lua") || file.ends_with(".yaml") || file.ends_with(".yml") {
                return &rest[digits + 2..];
            }
        }
    }
    msg
}

pub(crate) fn first_line(e: &mlua::Error) -> String {
    let s = match e {
        mlua::Error::CallbackError { cause, .. } => return first_line(cause),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::RuntimeError(m) => m.clone(),
        other => other.to_string(),
    };
    s.lines().next().unwrap_or("").to_string()
}

impl LuaHost {
    /// The names of the functions in the kernel API table `k`, sorted.
    pub fn api_functions(&self) -> Vec<String> {
        let k = self
            .lua
            .globals()
            .get::<Table>("k")
            .and_then(|k| Ok(sandbox::backing(&k)?.unwrap_or(k)));
        let mut out: Vec<String> = match k {
            Ok(k) => k
                .pairs::<String, mlua::Value>()
                .filter_map(|kv| kv.ok().map(|(n, _)| n))
                .collect(),
            Err(_) => Vec::new(),
        };
        out.sort();
        out
    }
}

/// For a card's hook, the player who controls the card (its context's `controller`).
fn card_controller(hook: &str, args: &[Value]) -> Option<fuda_engine::PlayerId> {
    if !hook.starts_with("card:") {
        return None;
    }
    match args.first() {
        Some(Value::Map(ctx)) => match ctx.get("controller") {
            Some(Value::Int(p)) if (1..=8).contains(p) => Some((*p - 1) as fuda_engine::PlayerId),
            _ => None,
        },
        _ => None,
    }
}

impl Host for LuaHost {
    fn call(&self, game: &mut Game, hook: &str, args: &[Value]) -> Result<Value, Fail> {
        let f: Function = match self.hooks.raw_get(hook) {
            Ok(f) => f,
            Err(_) => {
                return Err(Fail::Run(RunError::Script {
                    hook: hook.into(),
                    message: "no such hook".into(),
                }))
            }
        };
        // The instruction budget counts from the outermost hook call.
        let outer = self.depth.get() == 0;
        // The game's own outermost hooks may be answered by a kept result (memo.rs).
        let memo = outer && !self.memo.off.get() && !hook.starts_with("card:");
        let started = outer.then(stats::call_start);
        let before = (game.st.generation, game.log.len());
        let mut recorder = None;
        if memo {
            match self.memo.begin(game, hook, args) {
                memo::Begin::Kept { result, used } => {
                    stats::count_call(hook, started, stats::Outcome::Kept);
                    game.charge_work(used);
                    return Ok(result);
                }
                memo::Begin::Recording(r) => {
                    recorder = Some((r, game.st.generation, game.log.len()));
                }
            }
        }
        if outer {
            self.meter.reset();
            sandbox::restart_count(&self.lua);
        }
        let lua_args: Vec<mlua::Value> = args
            .iter()
            .map(|a| convert::to_lua(&self.lua, a))
            .collect::<mlua::Result<_>>()
            .map_err(|e| {
                Fail::Run(RunError::Script {
                    hook: hook.into(),
                    message: e.to_string(),
                })
            })?;
        if self.depth.get() >= MAX_HOOK_DEPTH {
            return Err(Fail::Run(RunError::Script {
                hook: game.defs.describe_hook(hook),
                message: format!(
                    "hooks nested more than {MAX_HOOK_DEPTH} deep (does an effect cause itself again?)"
                ),
            }));
        }
        let previous = outer.then(|| METER.with(|m| m.replace(Some(self.meter.clone()))));
        self.depth.set(self.depth.get() + 1);
        self.acting.borrow_mut().push(card_controller(hook, args));
        self.lua.set_app_data(game.take());
        let r = f.call::<mlua::Value>(mlua::MultiValue::from_vec(lua_args));
        self.acting.borrow_mut().pop();
        self.depth.set(self.depth.get().saturating_sub(1));
        if let Some(previous) = previous {
            METER.with(|m| *m.borrow_mut() = previous);
        }
        match self.lua.remove_app_data::<Game>() {
            Some(g) => {
                *game = g;
                let how = if game.is_interrupted() {
                    stats::Outcome::Asked
                } else if r.is_err() || before != (game.st.generation, game.log.len()) {
                    stats::Outcome::Acted
                } else {
                    stats::Outcome::Read
                };
                stats::count_call(hook, started, how);
            }
            None => {
                return Err(Fail::Run(RunError::Script {
                    hook: hook.into(),
                    message: "the game was lost during the call".into(),
                }))
            }
        }
        if game.is_interrupted() {
            return Err(Fail::Interrupt);
        }
        if game.undo_requested().is_some() {
            return Err(Fail::Undo);
        }
        let script_error = |e: &mlua::Error| {
            Fail::Run(RunError::Script {
                hook: game.defs.describe_hook(hook),
                message: in_card(&game.defs.card_hook_files(hook), e),
            })
        };
        // The budget ran out or a string was too long, whatever the script did with the
        // error on its way out.
        let explained = if outer { self.meter.explain() } else { None };
        let stopped = self.meter.stopping() && explained.is_none();
        let result = match (r, explained) {
            // `k.stop()`: the running hooks end where they are and what they did stays, up to
            // the card's hook (its effect ends; the game's procedure around it goes on) or, in
            // the game's own procedures, the outermost call; that one returns nil.
            // A game that ended stops every hook up to the outermost (1.2.1-style), not only the card's.
            _ if stopped && (outer || (hook.starts_with("card:") && game.st.outcome.is_none())) => {
                self.meter.clear_stop();
                Ok(Value::Null)
            }
            _ if stopped => Err(Fail::Stop),
            (Err(e), Some(why))
                if matches!(sandbox::innermost(&e), mlua::Error::MemoryError(_)) =>
            {
                Err(script_error(&why))
            }
            (Err(e), _) => Err(script_error(&e)),
            (Ok(_), Some(why)) => Err(script_error(&why)),
            (Ok(v), None) => pull::value(&self.lua, &v).map_err(|e| script_error(&e)),
        };
        if let Some((r, generation, log_len)) = recorder {
            // Kept only if it returned a value and changed nothing (state or log).
            let clean = !stopped && (generation, log_len) == (game.st.generation, game.log.len());
            let kept = result.as_ref().ok().filter(|_| clean);
            self.memo.end(r, hook, args, kept, self.meter.used());
        }
        if outer {
            game.charge_work(self.meter.used());
            // Between hook calls nothing is charged against the last call's budget.
            self.meter.reset();
        }
        result
    }
}
