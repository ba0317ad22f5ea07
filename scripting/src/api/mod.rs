//! The kernel API for scripts: the global table `k`. Players are numbered 1 and 2;
//! cards are opaque integer handles; every list is an array in a defined order.
use crate::convert::{from_lua, to_lua};

use fuda_engine::{Fail, Game, ObjId, PlayerId, ZoneId};
use mlua::{Lua, Table};

pub(crate) type R<T> = mlua::Result<T>;

pub(crate) fn err(msg: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::runtime(msg)
}

pub(crate) fn fail(f: Fail) -> mlua::Error {
    match f {
        Fail::Interrupt => err("interrupted: waiting for a player's decision"),
        Fail::Run(e) => err(e),
        Fail::Undo => err("undone: what was being done cannot be completed"),
        Fail::Stop => err("stopped (k.stop)"),
    }
}

/// What one call of a `k.*` function counts against the instruction budget: the kernel's
/// work behind a call is unseen by the VM, so a loop of calls is bounded like a loop of code.
pub const API_CALL_COST: u64 = 100;

/// What each byte of an expression handed to `k.eval` counts: parsing it, and naming a
/// mistake in it (a did-you-mean over the game's names), is kernel work that grows with its
/// length (≈ 100 ns per byte, about 16 VM instructions' worth; found by the `lua` fuzz target).
pub const EVAL_BYTE_COST: u64 = 16;

/// Counts `n` units of kernel work against the running hook's budget.
pub(crate) fn charge_units(n: u64) -> R<()> {
    crate::METER.with(|m| match &*m.borrow() {
        Some(meter) => meter.charge(n),
        None => Ok(()),
    })
}

fn charge_call(_lua: &Lua) -> R<()> {
    // Anything but a read: the hook call being recorded is not kept (memo.rs).
    crate::memo::unkeep();
    charge_read()
}

pub(crate) fn charge_read() -> R<()> {
    crate::API_CALLS.with(|c| c.set(c.get() + 1));
    crate::METER.with(|m| match &*m.borrow() {
        Some(meter) => meter.charge(API_CALL_COST),
        None => Ok(()),
    })
}

/// Whose knowledge a read uses: the running card's controller's (303.3), looked up in Lua's
/// app data, or given (a read asked again for a kept hook result, memo.rs).
pub(crate) enum Who<'a> {
    Lua(&'a Lua),
    Fixed(Option<PlayerId>),
}

impl Who<'_> {
    pub(crate) fn acting(&self) -> Option<PlayerId> {
        match self {
            Who::Lua(lua) => acting_card(lua),
            Who::Fixed(p) => *p,
        }
    }
}

/// A read's answer handed to Lua: compared when the read is asked again (memo.rs).
pub(crate) trait Answer: mlua::IntoLuaMulti + Clone + PartialEq + 'static {}

impl<T: mlua::IntoLuaMulti + Clone + PartialEq + 'static> Answer for T {}

/// About how many bytes a read's arguments or answer hold, for the memo's bounds (memo.rs).
pub(crate) trait Weigh {
    fn weight(&self) -> usize;
}

impl Weigh for () {
    fn weight(&self) -> usize {
        0
    }
}

macro_rules! fixed_weight {
    ($($t:ty),*) => {$(
        impl Weigh for $t {
            fn weight(&self) -> usize {
                std::mem::size_of::<$t>()
            }
        }
    )*};
}
fixed_weight!(bool, i64);

impl Weigh for String {
    fn weight(&self) -> usize {
        24 + self.len()
    }
}

impl Weigh for fuda_engine::Value {
    fn weight(&self) -> usize {
        self.approx_size()
    }
}

impl Weigh for Val {
    fn weight(&self) -> usize {
        self.0.approx_size()
    }
}

impl<T: Weigh> Weigh for Option<T> {
    fn weight(&self) -> usize {
        8 + self.as_ref().map_or(0, Weigh::weight)
    }
}

impl<T: Weigh> Weigh for Vec<T> {
    fn weight(&self) -> usize {
        24 + self.iter().map(Weigh::weight).sum::<usize>()
    }
}

macro_rules! tuple_weight {
    ($($n:tt $t:ident),*) => {
        impl<$($t: Weigh),*> Weigh for ($($t,)*) {
            fn weight(&self) -> usize {
                0 $(+ self.$n.weight())*
            }
        }
    };
}
tuple_weight!(0 A, 1 B);
tuple_weight!(0 A, 1 B, 2 C);
tuple_weight!(0 A, 1 B, 2 C, 3 D);
tuple_weight!(0 A, 1 B, 2 C, 3 D, 4 E);

/// A value of the kernel's, converted to Lua as `to_lua` does.
#[derive(Clone, PartialEq)]
pub(crate) struct Val(pub fuda_engine::Value);

impl mlua::IntoLua for Val {
    fn into_lua(self, lua: &Lua) -> R<mlua::Value> {
        to_lua(lua, &self.0)
    }
}

/// A pure read for `k.<name>`: `f` answers from the game and the reader alone, so a hook
/// result kept by memo.rs can ask it again without Lua. It must not write, log or charge work.
pub(crate) fn read<A, T>(lua: &Lua, k: &Table, name: &str, f: fn(&Game, &Who, &A) -> R<T>) -> R<()>
where
    A: mlua::FromLuaMulti + Weigh + 'static,
    T: Answer + Weigh,
{
    read_parsed(lua, k, name, Ok, f)
}

/// [`read`] whose Lua arguments are first made into owned values by `parse` (an options
/// table read once: what is asked again must not depend on a table Lua may change).
pub(crate) fn read_parsed<L, A, T>(
    lua: &Lua,
    k: &Table,
    name: &str,
    parse: fn(L) -> R<A>,
    f: fn(&Game, &Who, &A) -> R<T>,
) -> R<()>
where
    L: mlua::FromLuaMulti + 'static,
    A: Weigh + 'static,
    T: Answer + Weigh,
{
    let func = lua.create_function(move |lua, l: L| {
        let a = parse(l)?;
        charge_read()?;
        let answer = {
            let g = lua
                .app_data_ref::<Game>()
                .ok_or_else(|| err("the kernel API is only available inside a hook call"))?;
            f(&g, &Who::Lua(lua), &a)
        };
        match &answer {
            Ok(v) if crate::memo::recording() => {
                let (v, who) = (v.clone(), acting_card(lua));
                let bytes = a.weight() + v.weight();
                crate::memo::note(
                    Box::new(move |g: &Game| f(g, &Who::Fixed(who), &a).is_ok_and(|w| w == v)),
                    bytes,
                );
            }
            Ok(_) => {}
            Err(_) => crate::memo::unkeep(),
        }
        answer
    })?;
    k.raw_set(name, func)
}

/// A write for `k.<name>` that is a read when it changes nothing (`act` touches the state only
/// when it changes something): then it is noted as `same` — whether it would still change
/// nothing — so a hook result kept by memo.rs holds while that stays so.
pub(crate) fn write<A, T>(
    lua: &Lua,
    k: &Table,
    name: &str,
    same: fn(&Game, &A) -> R<bool>,
    act: fn(&mut Game, &A) -> R<T>,
) -> R<()>
where
    A: mlua::FromLuaMulti + 'static,
    T: mlua::IntoLuaMulti + 'static,
{
    let func = lua.create_function(move |lua, a: A| {
        charge_read()?;
        let (r, changed) = {
            let mut g = lua
                .app_data_mut::<Game>()
                .ok_or_else(|| err("the kernel API is only available inside a hook call"))?;
            let before = (g.st.generation, g.log.len());
            let r = act(&mut g, &a);
            (r, before != (g.st.generation, g.log.len()))
        };
        match &r {
            Ok(_) if !changed && crate::memo::recording() => {
                // Noted only as a read that holds now (a list set to itself is not one).
                let holds = lua
                    .app_data_ref::<Game>()
                    .is_some_and(|g| matches!(same(&g, &a), Ok(true)));
                match holds {
                    true => {
                        crate::memo::note(
                            // Its names are the game's declared ones: a few bytes.
                            Box::new(move |g: &Game| matches!(same(g, &a), Ok(true))),
                            64,
                        )
                    }
                    false => crate::memo::unkeep(),
                }
            }
            Ok(_) if !changed => {}
            _ => crate::memo::unkeep(),
        }
        r
    })?;
    k.raw_set(name, func)
}

pub(crate) fn with<T>(lua: &Lua, f: impl FnOnce(&mut Game) -> R<T>) -> R<T> {
    charge_call(lua)?;
    with_charged(lua, f)
}

/// [`with`] for a call already charged.
pub(crate) fn with_charged<T>(lua: &Lua, f: impl FnOnce(&mut Game) -> R<T>) -> R<T> {
    crate::memo::unkeep();
    let mut g = lua
        .app_data_mut::<Game>()
        .ok_or_else(|| err("the kernel API is only available inside a hook call"))?;
    let over = g.st.outcome.is_some();
    let r = f(&mut g);
    if !over && g.st.outcome.is_some() {
        return Err(game_over());
    }
    r
}

/// The call just ended the game (a loss or win by an effect, a loss a nested rule check
/// settled): every running hook stops where it is, keeping what it did, up to the kernel
/// (Victory Spark 1.2.1: the game ends at that point; Fire Force 1302).
fn game_over() -> mlua::Error {
    crate::METER.with(|m| {
        if let Some(m) = &*m.borrow() {
            m.stop();
        }
    });
    err("stopped: the game is over")
}

/// Like `with`, for API functions whose verbs call hooks again (replacements, …): the game
/// leaves Lua's app data for the length of the verb, and the host comes along.
pub(crate) fn with_host<T>(lua: &Lua, f: impl FnOnce(&mut Game, &crate::LuaHost) -> R<T>) -> R<T> {
    charge_call(lua)?;
    let host = crate::LuaHost::from_lua(lua)?;
    let mut g = lua
        .remove_app_data::<Game>()
        .ok_or_else(|| err("the kernel API is only available inside a hook call"))?;
    let over = g.st.outcome.is_some();
    let r = f(&mut g, &host);
    let ended = !over && g.st.outcome.is_some();
    lua.set_app_data(g);
    if ended {
        return Err(game_over());
    }
    r
}

pub(crate) fn player(g: &Game, p: i64) -> R<PlayerId> {
    if (1..=g.defs.game.players as i64).contains(&p) {
        Ok((p - 1) as PlayerId)
    } else {
        Err(err(format!("no player {p} (players are 1 and 2)")))
    }
}

pub(crate) fn obj(g: &Game, h: i64) -> R<ObjId> {
    let id = g
        .handle_id(h)
        .ok_or_else(|| err(format!("{h} is not a card handle")))?;
    match g.current(id) {
        Some(_) => Ok(id),
        None => Err(err(format!(
            "card {h} no longer exists (it became a new object when it changed zones, 302.3)"
        ))),
    }
}

/// A card for reading: its current object, or as it last was if it has left (812).
pub(crate) fn seen(g: &Game, h: i64) -> R<&fuda_engine::state::Obj> {
    let id = g
        .handle_id(h)
        .ok_or_else(|| err(format!("{h} is not a card handle")))?;
    match (g.current(id), g.last_known(id)) {
        (Some(o), _) => Ok(o),
        (None, Some(l)) => Ok(&l.obj),
        (None, None) => Err(err(format!(
            "card {h} no longer exists and nothing is known of it"
        ))),
    }
}

/// A card for reading what it is (name, fields, abilities). While a card's hook runs, the
/// kernel reads with its controller's knowledge — also for the game's library functions the
/// card calls — so a card learns a card hidden from its controller only after a verb shows
/// it to them (k.reveal, k.show; 303.3, 305.3); otherwise the read is the card's error. The
/// game's own hooks, called by the kernel, read every card.
pub(crate) fn known_to<'g>(g: &'g Game, who: &Who, h: i64) -> R<&'g fuda_engine::state::Obj> {
    let o = seen(g, h)?;
    let players = g.defs.game.players;
    if (0..players).all(|v| g.can_see_obj(v, o)) {
        return Ok(o);
    }
    match who.acting() {
        Some(p) if !g.can_see_obj(p, o) => Err(err(format!(
            "reads a card hidden from P{} (303.3): a card's script learns a hidden card only after it is shown (k.reveal, k.show)",
            p + 1
        ))),
        _ => Ok(o),
    }
}

/// The player whose card's hook runs now (None: the game's own hook).
pub(crate) fn acting_card(lua: &Lua) -> Option<PlayerId> {
    let parts = lua.app_data_ref::<crate::HostParts>()?;
    let p = *parts.acting.borrow().last()?;
    p
}

pub(crate) fn zone(g: &Game, p: i64, name: &str, slot: Option<i64>) -> R<ZoneId> {
    let k = g
        .defs
        .game
        .zone_index(name)
        .ok_or_else(|| err(format!("unknown zone \"{name}\"")))?;
    let z = &g.defs.game.zones[k];
    let slot = slot.unwrap_or(1);
    if slot < 1 || slot > z.count as i64 {
        return Err(err(format!(
            "zone \"{name}\" has slots 1..{}, not {slot}",
            z.count
        )));
    }
    let p = if z.shared { 0 } else { player(g, p)? };
    Ok(g.defs.game.zone_id(k, p, (slot - 1) as u8))
}

pub(crate) fn named_index(
    list: &[fuda_engine::def::game::Named],
    id: &str,
    what: &str,
) -> R<usize> {
    list.iter()
        .position(|n| n.id == id)
        .ok_or_else(|| err(format!("unknown {what} \"{id}\"")))
}

/// Index of a player variable declared by the game.
pub(crate) fn pvar_index(g: &Game, v: &str) -> R<usize> {
    g.defs
        .game
        .player_var(v)
        .ok_or_else(|| err(format!("unknown player variable \"{v}\"")))
}

/// Index of a game variable declared by the game.
pub(crate) fn gvar_index(g: &Game, v: &str) -> R<usize> {
    g.defs
        .game
        .game_var(v)
        .ok_or_else(|| err(format!("unknown game variable \"{v}\"")))
}

pub(crate) fn handles(g: &Game, ids: impl IntoIterator<Item = ObjId>) -> Handles {
    Handles(ids.into_iter().map(|id| g.handle(id)).collect())
}

/// A list of card handles handed to Lua as an array (made in one protected call: push.rs).
#[derive(Clone, PartialEq, Debug, Default)]
pub(crate) struct Handles(pub Vec<i64>);

impl mlua::IntoLua for Handles {
    fn into_lua(self, lua: &Lua) -> R<mlua::Value> {
        crate::push::integers(lua, &self.0)
    }
}

impl Weigh for Handles {
    fn weight(&self) -> usize {
        self.0.weight()
    }
}

mod abilities;
mod choose;
pub mod doc;
mod effects;
mod read;
mod timing;
mod write;
mod zones;

/// Registers `k` in the globals.
pub fn register(lua: &Lua) -> R<()> {
    let k = lua.create_table()?;
    read::register(lua, &k)?;
    write::register(lua, &k)?;
    zones::register(lua, &k)?;
    choose::register(lua, &k)?;
    abilities::register(lua, &k)?;
    timing::register(lua, &k)?;
    lua.globals().raw_set("k", k)?;
    // math.random draws from the game's seeded RNG (same seed, same game), like Lua's:
    // random() in [0, 1) is not offered (integers only); random(m) in 1..m; random(m, n) in m..n.
    let math: Table = lua.globals().get("math")?;
    math.raw_set(
        "random",
        lua.create_function(|lua, (a, b): (Option<i64>, Option<i64>)| {
            let (lo, hi) = match (a, b) {
                (Some(m), None) => (1, m),
                (Some(m), Some(n)) => (m, n),
                _ => return Err(err(
                    "math.random needs bounds: math.random(m) or math.random(m, n) (integers only)",
                )),
            };
            if hi < lo {
                return Err(err(format!("math.random: interval is empty ({lo}..{hi})")));
            }
            with(lua, |g| g.random_range(lo, hi).map_err(err))
        })?,
    )?;
    Ok(())
}
