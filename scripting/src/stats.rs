//! Counters for `fuda bench`: hook calls, their time, `k.*` calls and (when asked) a profile
//! per hook. Kept per thread, outside any game state: they change no game.
use std::cell::Cell;

/// Counters for benchmarks (`fuda bench`): hook calls, the time spent in outermost calls
/// (nested calls are inside it), and kernel API calls from Lua. Kept per thread, outside any
/// game state; reset with [`reset_hook_stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HookStats {
    /// Every hook call, nested ones included.
    pub calls: u64,
    /// Hook calls from the kernel that were not inside another hook call.
    pub outer_calls: u64,
    /// Wall time inside outermost hook calls (argument conversion, Lua, the kernel API).
    pub outer_nanos: u64,
    /// Calls of `k.*` functions.
    pub api_calls: u64,
    /// Outermost calls answered by a kept result without running Lua (memo.rs).
    pub kept: u64,
    /// Of `outer_nanos`, the time of calls that acted: changed the state or the log, asked a
    /// player, or stopped. No kept result can answer such a call (memo.rs); only a faster run.
    pub acting_nanos: u64,
    /// Of `acting_nanos`, calls that stopped to ask a player: the kernel runs them again from
    /// the start once answered (the state at a decision is all in Rust).
    pub asking_nanos: u64,
}

thread_local! {
    static STATS: Cell<HookStats> = const { Cell::new(HookStats { calls: 0, outer_calls: 0, outer_nanos: 0, api_calls: 0, kept: 0, acting_nanos: 0, asking_nanos: 0 }) };
    pub(crate) static API_CALLS: Cell<u64> = const { Cell::new(0) };
    /// Per hook name, outermost calls and their wall time, while [`profile_hooks`] is on.
    static PROFILE: std::cell::RefCell<Option<HookProfile>> = const { std::cell::RefCell::new(None) };
}

/// What one hook's outermost calls cost: nested hook calls and the `k.*` API they make included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HookCost {
    pub calls: u64,
    pub nanos: u64,
    /// `k.*` calls made during them.
    pub api_calls: u64,
    /// Of `calls`, those answered by a kept result (memo.rs).
    pub kept: u64,
    /// Of `nanos`, the time of the calls answered by a kept result.
    pub kept_nanos: u64,
    /// Of `calls`, those that acted (see [`HookStats::acting_nanos`]), and their time.
    pub acting: u64,
    pub acting_nanos: u64,
}

/// Per hook name, what its outermost calls from the kernel cost.
pub type HookProfile = std::collections::BTreeMap<String, HookCost>;

/// Starts (or stops) counting outermost hook calls per hook name on this thread (`fuda bench
/// --hooks`); off by default, since it names every call.
pub fn profile_hooks(on: bool) {
    PROFILE.with(|p| *p.borrow_mut() = on.then(HookProfile::new));
}

/// This thread's per-hook counts since [`profile_hooks`] turned them on (empty when off).
pub fn hook_profile() -> HookProfile {
    PROFILE.with(|p| p.borrow().clone().unwrap_or_default())
}

/// This thread's counters since the last [`reset_hook_stats`].
pub fn hook_stats() -> HookStats {
    let mut s = STATS.with(Cell::get);
    s.api_calls = API_CALLS.with(Cell::get);
    s
}

/// Zeroes this thread's counters.
pub fn reset_hook_stats() {
    STATS.with(|s| s.set(HookStats::default()));
    API_CALLS.with(|c| c.set(0));
}

/// A hook's name in a profile: a card's hooks by their kind (`card:*:<hook>`), so that the
/// table shows what kind of work costs, not one row per card.
fn profile_label(hook: &str) -> String {
    match hook.strip_prefix("card:") {
        Some(rest) => format!("card:*:{}", rest.rsplit(':').next().unwrap_or(rest)),
        None => hook.to_string(),
    }
}

/// When an outermost hook call begins: the time, and the `k.*` calls so far.
pub(crate) fn call_start() -> (std::time::Instant, u64) {
    (std::time::Instant::now(), API_CALLS.with(Cell::get))
}

/// How an outermost hook call ended, for the counters.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Answered by a kept result (memo.rs).
    Kept,
    /// Ran, and only read.
    Read,
    /// Ran, and changed the state or the log, or stopped.
    Acted,
    /// Ran until it had to ask a player (it runs again once answered).
    Asked,
}

/// Counts one hook call; `started` is what [`call_start`] said for an outermost call (None for a
/// nested one).
pub(crate) fn count_call(hook: &str, started: Option<(std::time::Instant, u64)>, how: Outcome) {
    let kept = how == Outcome::Kept;
    let acted = matches!(how, Outcome::Acted | Outcome::Asked);
    STATS.with(|s| {
        let mut v = s.get();
        v.calls += 1;
        v.kept += kept as u64;
        if let Some((t, api)) = started {
            let nanos = t.elapsed().as_nanos() as u64;
            v.outer_calls += 1;
            v.outer_nanos += nanos;
            v.acting_nanos += if acted { nanos } else { 0 };
            v.asking_nanos += if how == Outcome::Asked { nanos } else { 0 };
            PROFILE.with(|p| {
                if let Some(p) = p.borrow_mut().as_mut() {
                    let e = p.entry(profile_label(hook)).or_default();
                    e.calls += 1;
                    e.kept += kept as u64;
                    e.nanos += nanos;
                    e.kept_nanos += if kept { nanos } else { 0 };
                    e.acting += acted as u64;
                    e.acting_nanos += if acted { nanos } else { 0 };
                    e.api_calls += API_CALLS.with(Cell::get).saturating_sub(api);
                }
            });
        }
        s.set(v);
    });
}
