//! A game's procedures (setup, turn, phases, steps) compiled to a flat program.
//!
//! The kernel's position in the turn is one instruction index, so it serializes trivially
//! and a saved game resumes at exactly the same point.
use serde::{Deserialize, Serialize};

/// A condition tested by `if`, `until` and `skip_if`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Cond {
    /// A script predicate, called with no arguments.
    Hook(String),
    /// Built in: this is the first turn of the game.
    FirstTurnOfGame,
    /// Built in: this is the turn player's first turn.
    FirstTurnOfPlayer,
    /// Built in: the last rule check performed a rule process or played a trigger.
    RuleCheckActed,
    Not(Box<Cond>),
}

/// One instruction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Instr {
    /// Run a script hook (it may ask players to choose).
    Do {
        hook: String,
        clause: Option<String>,
    },
    /// A trigger condition occurs (e.g. 'ターン開始時').
    Event {
        name: String,
        clause: Option<String>,
    },
    /// Continuous effects lasting until end of turn end (e.g. 505.3a), or, with `duration`,
    /// those lasting a period the game declares.
    Expire {
        duration: Option<String>,
        clause: Option<String>,
    },
    /// A rule check (811): rule processes until none apply, then pending triggers.
    RuleCheck {
        clause: Option<String>,
    },
    /// The turn player chooses one action of a group; `exit` is where an ending action goes.
    Actions {
        group: String,
        clause: Option<String>,
        exit: Option<u32>,
    },
    /// A priority window over an action group (the game's `priority:` and `chain:`).
    Priority {
        group: String,
        clause: Option<String>,
    },
    Jump(u32),
    /// Jump when the condition holds, logging `note` if given.
    JumpIf {
        cond: Cond,
        target: u32,
        note: Option<(Option<String>, String)>,
    },
    /// Jump when the condition does not hold.
    JumpUnless {
        cond: Cond,
        target: u32,
    },
    EndSetup,
    BeginTurn,
    PhaseStart(u16),
    StepStart(u16, u16),
    EndTurn,
}

/// The compiled procedures of a game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Program {
    pub instrs: Vec<Instr>,
    /// Address of `BeginTurn`.
    pub turn_start: u32,
    /// Where "end the turn" goes (東方VISION 4.10.1): the phase marked `turn_end: true`, else
    /// the turn's `end:` steps.
    #[serde(default)]
    pub turn_end: u32,
    /// Address of each phase's `PhaseStart` (an additional phase goes there, 東方VISION 4.10.3).
    #[serde(default)]
    pub phase_start: Vec<u32>,
    /// Address just after each phase: the phase transition.
    #[serde(default)]
    pub phase_after: Vec<u32>,
}
