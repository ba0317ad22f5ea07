//! The boundary between the kernel and the scripts that define a game and its cards.
use crate::decision::Decision;
use crate::error::RunError;
use crate::game::Game;
use crate::value::Value;

/// Why a hook stopped early.
#[derive(Debug)]
pub enum Fail {
    /// A player must decide first; the kernel restores the state and asks (design note 1).
    Interrupt,
    /// The hook failed; the game stops with this error.
    Run(RunError),
    /// What is being done cannot be completed (`k.undo`); the kernel undoes the unit of work.
    Undo,
    /// The effect being resolved stopped (`k.stop`): the hooks between it and the kernel
    /// unwind, keeping what they did.
    Stop,
}

impl From<RunError> for Fail {
    fn from(e: RunError) -> Self {
        Fail::Run(e)
    }
}

/// Runs the hooks a game definition and its cards name (the Lua host implements it).
pub trait Host {
    /// Calls `hook` with `args`; the hook reads and changes `game` through the kernel's verbs.
    fn call(&self, game: &mut Game, hook: &str, args: &[Value]) -> Result<Value, Fail>;
}

/// A host without scripts: calling any hook is an error. For games with no hooks.
pub struct NoHost;

impl Host for NoHost {
    fn call(&self, _: &mut Game, hook: &str, _: &[Value]) -> Result<Value, Fail> {
        Err(Fail::Run(RunError::Definition(format!(
            "no script host to run hook \"{hook}\""
        ))))
    }
}

/// Kept so `Decision` is reachable from the host API docs.
pub type HostDecision = Decision;
