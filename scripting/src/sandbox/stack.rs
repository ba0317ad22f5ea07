//! What the instruction counter cannot see on the Lua stack. A vararg function's `...` is
//! copied whole by every instruction that passes it on, and a list grown by recursion
//! (`f(n - 1, n, ...)`) reaches Lua's limit of a million values: the meter prices each
//! instruction by the varargs of the running frames. And the count of instructions restarts
//! at every call, so where one call stops never moves where the next one is charged.
use mlua::ffi;
use mlua::Lua;
use std::os::raw::c_int;

/// Frames looked at from the top of the stack.
const FRAMES: c_int = 16;

/// The number of vararg values held by the top frames of the running script.
pub(super) fn varargs(lua: &Lua) -> u64 {
    let mut total = 0u64;
    // SAFETY: reads the call stack of the live state through the debug API; every value
    // `lua_getlocal` pushes is popped at once.
    let walked = unsafe {
        lua.exec_raw::<()>((), |state| {
            for level in 1..=FRAMES {
                let mut ar: ffi::lua_Debug = std::mem::zeroed();
                if ffi::lua_getstack(state, level, &mut ar) == 0 {
                    break;
                }
                if ffi::lua_getinfo(state, c"u".as_ptr(), &mut ar) == 0 || ar.isvararg == 0 {
                    continue;
                }
                let has = |k: c_int| -> bool {
                    let name = ffi::lua_getlocal(state, &ar, -k);
                    if name.is_null() {
                        false
                    } else {
                        ffi::lua_pop(state, 1);
                        true
                    }
                };
                if !has(1) {
                    continue;
                }
                // Exponential then binary search for the last vararg.
                let mut lo: c_int = 1;
                let mut hi: c_int = 2;
                while hi < (1 << 24) && has(hi) {
                    lo = hi;
                    hi *= 2;
                }
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if has(mid) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                total += lo as u64;
            }
        })
    };
    if walked.is_err() {
        return 0;
    }
    total
}

/// Restarts the count of the instruction hook, as if it had just been set.
pub fn restart_count(lua: &Lua) {
    // SAFETY: sets the hook the state already has again, which resets its count.
    let _ = unsafe {
        lua.exec_raw::<()>((), |state| {
            let f = ffi::lua_gethook(state);
            let mask = ffi::lua_gethookmask(state);
            let count = ffi::lua_gethookcount(state);
            ffi::lua_sethook(state, f, mask, count);
        })
    };
}
