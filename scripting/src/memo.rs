//! A hook's result kept while nothing it read has changed (issue 14). A hook is a function of
//! its arguments and of what it reads through `k.*`: scripts keep nothing between calls
//! (docs/sandbox.md). While one of the game's own hooks (not a card's) runs as the outermost
//! call, each `k.*` read it makes is noted with the answer it got; any other `k.*` call — a
//! write, a choice, a log line, a nested hook — or an error leaves the call unkept. The next call
//! of that hook with the same arguments first asks each noted read again, natively and in order:
//! when every answer is the same, the Lua would take the same path and return the same value,
//! so the kept value is returned and the Lua is not run. A write that would change nothing is
//! noted as the read it amounts to.
//!
//! The memo is a cache of the host, not game state: a read is asked of whatever game the host
//! runs, so a fork, a restored game or another game gets the same results with it or without
//! it. A kept call is charged the work it was measured at (the same path costs the same), and
//! its reads asked again charge the kernel's budget what they did, so budgets run out where
//! they would have.
use fuda_engine::{Game, Value};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

/// A noted read: whether the game gives the same answer now.
pub(crate) type Check = Box<dyn Fn(&Game) -> bool>;

/// The reads of the call being recorded.
#[derive(Default)]
struct Recording {
    reads: Vec<Check>,
    /// What the noted reads hold (their arguments and answers), roughly, in bytes.
    bytes: usize,
    unkept: bool,
}

thread_local! {
    static RECORDING: RefCell<Option<Recording>> = const { RefCell::new(None) };
}

/// Whether a call is being recorded (a read's answer is worth noting).
pub(crate) fn recording() -> bool {
    RECORDING.with(|r| r.borrow().as_ref().is_some_and(|r| !r.unkept))
}

/// Reads a kept call may have noted: a call that reads more is not kept (the memo's memory
/// stays bounded whatever a game's hooks do).
pub(crate) const MAX_READS: usize = 4096;

/// Bytes the reads of one kept call may hold: a call whose reads hold more is not kept.
pub(crate) const MAX_CALL_BYTES: usize = 256 * 1024;

/// Bytes all kept calls of a host may hold: past it, every kept result is forgotten.
pub(crate) const MAX_MEMO_BYTES: usize = 16 * 1024 * 1024;

/// Notes a read, how to ask it again, and about how many bytes that holds.
pub(crate) fn note(check: Check, bytes: usize) {
    RECORDING.with(|r| {
        if let Some(r) = r.borrow_mut().as_mut() {
            if r.unkept {
                return;
            }
            r.bytes = r.bytes.saturating_add(bytes + 16);
            if r.reads.len() >= MAX_READS || r.bytes > MAX_CALL_BYTES {
                r.unkept = true;
                r.reads = Vec::new();
                return;
            }
            r.reads.push(check);
        }
    })
}

/// The call being recorded did something other than read: it is not kept.
pub(crate) fn unkeep() {
    RECORDING.with(|r| {
        if let Some(r) = r.borrow_mut().as_mut() {
            r.unkept = true;
            r.reads = Vec::new();
        }
    })
}

/// One hook's kept call.
struct Entry {
    args: Vec<Value>,
    reads: Vec<Check>,
    result: Value,
    /// The work units the call used (charged again when its result is reused).
    used: u64,
    /// About how many bytes it holds.
    bytes: usize,
}

/// Kept calls per hook: one per arguments, the latest few (an option hook is asked per card or
/// player in turn; a search plays several positions by turns).
const PER_HOOK: usize = 16;

/// The kept calls of a host's hooks.
#[derive(Default)]
pub(crate) struct Memo {
    entries: RefCell<BTreeMap<String, Vec<Entry>>>,
    /// Off: every call runs (tests compare the two).
    pub(crate) off: Cell<bool>,
    /// About how many bytes the kept calls hold.
    bytes: Cell<usize>,
}

/// What [`Memo::begin`] found: the kept result, or a recording started.
pub(crate) enum Begin {
    Kept { result: Value, used: u64 },
    Recording(Recorder),
}

/// The recording of a call in progress: a call that returns early (interrupted, undone, its
/// game lost) drops it, and what it noted is not kept.
pub(crate) struct Recorder;

impl Drop for Recorder {
    fn drop(&mut self) {
        RECORDING.with(|r| r.borrow_mut().take());
    }
}

impl Memo {
    /// Before an outermost call of the game's hook `hook`: its kept result if every read it
    /// noted answers the same now; otherwise the recording of this call starts.
    pub(crate) fn begin(&self, game: &Game, hook: &str, args: &[Value]) -> Begin {
        if let Some(list) = self.entries.borrow().get(hook) {
            if let Some(e) = list.iter().find(|e| e.args == args) {
                // Asked again, the reads charge the stretch's budget what the hook's own would
                // (the same reads of the same state); if one answers otherwise, the hook runs
                // and makes them again, so what they charged is given back.
                let mark = game.budget_mark();
                if e.reads.iter().all(|c| c(game)) {
                    return Begin::Kept {
                        result: e.result.clone(),
                        used: e.used,
                    };
                }
                game.budget_back_to(mark);
            }
        }
        RECORDING.with(|r| *r.borrow_mut() = Some(Recording::default()));
        Begin::Recording(Recorder)
    }

    /// After a recorded call: `result` is kept when the call only read (`clean`: it returned a
    /// value, and changed neither the state nor the log).
    pub(crate) fn end(
        &self,
        _recorder: Recorder,
        hook: &str,
        args: &[Value],
        result: Option<&Value>,
        used: u64,
    ) {
        let rec = RECORDING.with(|r| r.borrow_mut().take());
        let mut entries = self.entries.borrow_mut();
        let mut freed = 0;
        if let Some(list) = entries.get_mut(hook) {
            list.retain(|e| {
                let keep = e.args != args;
                freed += if keep { 0 } else { e.bytes };
                keep
            });
        }
        self.bytes.set(self.bytes.get().saturating_sub(freed));
        let (Some(rec), Some(v)) = (rec, result) else {
            return;
        };
        if rec.unkept {
            return;
        }
        let bytes = rec.bytes
            + v.approx_size()
            + args.iter().map(Value::approx_size).sum::<usize>()
            + hook.len();
        if self.bytes.get() + bytes > MAX_MEMO_BYTES {
            entries.clear();
            self.bytes.set(0);
        }
        let list = match entries.get_mut(hook) {
            Some(list) => list,
            None => entries.entry(hook.to_string()).or_default(),
        };
        if list.len() >= PER_HOOK {
            let old = list.remove(0);
            self.bytes.set(self.bytes.get().saturating_sub(old.bytes));
        }
        self.bytes.set(self.bytes.get() + bytes);
        list.push(Entry {
            args: args.to_vec(),
            reads: rec.reads,
            result: v.clone(),
            used,
            bytes,
        });
    }

    /// Forgets every kept result.
    pub(crate) fn clear(&self) {
        self.entries.borrow_mut().clear();
        self.bytes.set(0);
    }

    /// About how many bytes the kept calls hold (tests).
    pub(crate) fn bytes(&self) -> usize {
        self.bytes.get()
    }
}
