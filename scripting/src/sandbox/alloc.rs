//! Strings cost what they weigh. One VM instruction can copy, compare or hash a whole string
//! (`s = "x" .. s`, `s == t`), so counting instructions alone lets a loop over a long string
//! run for hours inside its budget. Lua's allocator is wrapped so that every new long string
//! (a string object longer than Lua's 40-byte short strings, which are interned and so depend
//! on what ran before) is charged by its size, is refused past [`MAX_STRING`] bytes, and
//! raises the price of every later instruction of the call by its size (the meter's
//! `weight`): a loop over a string of n bytes pays about n/256 units per instruction.
use super::Meter;
use mlua::ffi;
use mlua::Lua;
use std::os::raw::c_void;
use std::rc::Rc;

/// The longest string a script may build or hold (also the longest the kernel accepts).
pub const MAX_STRING: usize = 1024 * 1024;

/// Bytes of a new string object per unit charged.
const BYTES_PER_UNIT: usize = 16;

/// A string object's bytes besides its characters (Lua 5.4's `TString` header and the
/// terminating NUL, 64-bit).
const STRING_OVERHEAD: usize = 25;

/// Larger allocations tagged as strings are long strings (short strings have at most 40
/// characters).
const SHORT_STRING_OBJECT: usize = STRING_OVERHEAD + 40;

struct Charging {
    inner: ffi::lua_Alloc,
    inner_ud: *mut c_void,
    meter: Rc<Meter>,
}

/// The wrapped allocator of one Lua state; restores Lua's own when dropped (declare it before
/// the `Lua` it wraps, so it drops first).
pub struct StringCharge {
    lua: Lua,
    state: *mut Charging,
    inner: ffi::lua_Alloc,
    inner_ud: *mut c_void,
}

unsafe extern "C" fn charged(
    ud: *mut c_void,
    ptr: *mut c_void,
    osize: usize,
    nsize: usize,
) -> *mut c_void {
    // SAFETY: `ud` is the `Charging` that `install` leaked into the state and `Drop` frees only
    // after putting Lua's allocator back.
    let c = unsafe { &*(ud as *const Charging) };
    if ptr.is_null() && osize == ffi::LUA_TSTRING as usize && nsize > SHORT_STRING_OBJECT {
        if nsize > MAX_STRING + STRING_OVERHEAD {
            c.meter.refuse_string(nsize - STRING_OVERHEAD);
            return std::ptr::null_mut();
        }
        if !c.meter.weigh_string(nsize, (nsize / BYTES_PER_UNIT) as u64) {
            return std::ptr::null_mut();
        }
    }
    // SAFETY: the same arguments Lua gave, to the allocator it was created with.
    unsafe { (c.inner)(c.inner_ud, ptr, osize, nsize) }
}

/// Wraps the allocator of `lua` (created by mlua with its memory limit, which keeps working
/// inside the wrapper).
pub fn install(lua: &Lua, meter: &Rc<Meter>) -> mlua::Result<StringCharge> {
    let mut found: Option<(ffi::lua_Alloc, *mut c_void, *mut Charging)> = None;
    // SAFETY: reads and replaces the allocator of a live state; the boxed `Charging` outlives
    // every use because `StringCharge::drop` restores the original first.
    unsafe {
        lua.exec_raw::<()>((), |state| {
            let mut inner_ud = std::ptr::null_mut();
            let inner = ffi::lua_getallocf(state, &mut inner_ud);
            let boxed = Box::into_raw(Box::new(Charging {
                inner,
                inner_ud,
                meter: meter.clone(),
            }));
            ffi::lua_setallocf(state, charged, boxed as *mut c_void);
            found = Some((inner, inner_ud, boxed));
        })?;
    }
    let (inner, inner_ud, state) =
        found.ok_or_else(|| mlua::Error::runtime("cannot wrap the Lua allocator"))?;
    Ok(StringCharge {
        lua: lua.clone(),
        state,
        inner,
        inner_ud,
    })
}

impl Drop for StringCharge {
    fn drop(&mut self) {
        let (inner, inner_ud) = (self.inner, self.inner_ud);
        // SAFETY: puts back the allocator `install` found, then frees the wrapper's state,
        // which the restored allocator no longer reaches.
        unsafe {
            let restored = self.lua.exec_raw::<()>((), |state| {
                ffi::lua_setallocf(state, inner, inner_ud);
            });
            if restored.is_ok() {
                drop(Box::from_raw(self.state));
            }
        }
    }
}
