//! The clause each kernel step cites in the log, declared by the game (`kernel_clauses:` in
//! game.yaml). The kernel holds no game's clause numbers: a step the game maps to nothing is
//! logged without a citation.
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// A step the kernel performs and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KStep {
    Trigger,
    NonCumulative,
    TriggerPlay,
    TriggerSourceLeft,
    Delayed,
    SuccessCheckFails,
    EffectCreated,
    EffectEnds,
    Replacement,
    ReplacementOrder,
    ReplacementOptional,
    Janken,
    Resign,
    SimultaneousLoss,
    Priority,
    Pass,
    ChainPush,
    ChainResolve,
    ChainNegated,
    ChainEnd,
    Undo,
    EndPhase,
    EndTurn,
    ExtraPhase,
    ExtraPhaseEnd,
    SkipPhase,
    SkipTurn,
    Control,
    TriggersCleared,
    ChainCleared,
    NoZone,
    Reveal,
    RevealEnd,
}

/// Every step: its key in `kernel_clauses:` and what it is.
pub const STEPS: [(KStep, &str, &str); 33] = [
    (
        KStep::Trigger,
        "trigger",
        "an ability triggers (its count goes up)",
    ),
    (
        KStep::NonCumulative,
        "non_cumulative",
        "a non-cumulative ability does not trigger again",
    ),
    (
        KStep::TriggerPlay,
        "trigger_play",
        "a pending triggered ability is played",
    ),
    (
        KStep::TriggerSourceLeft,
        "trigger_source_left",
        "a pending trigger whose card left is not played (triggers.source_left: skip)",
    ),
    (
        KStep::Delayed,
        "delayed",
        "a delayed triggered ability is created",
    ),
    (
        KStep::SuccessCheckFails,
        "success_check_fails",
        "a skill fails its success check",
    ),
    (
        KStep::EffectCreated,
        "effect_created",
        "a continuous effect is created",
    ),
    (
        KStep::EffectEnds,
        "effect_ends",
        "a continuous effect's duration ends",
    ),
    (
        KStep::Replacement,
        "replacement",
        "a replacement effect applies",
    ),
    (
        KStep::ReplacementOrder,
        "replacement_order",
        "a player orders replacement effects",
    ),
    (
        KStep::ReplacementOptional,
        "replacement_optional",
        "a player chooses whether to apply an optional replacement",
    ),
    (KStep::Janken, "janken", "janken (a tie is played again)"),
    (KStep::Resign, "resign", "a player resigns"),
    (
        KStep::SimultaneousLoss,
        "simultaneous_loss",
        "several players meet a loss condition at once",
    ),
    (KStep::Priority, "priority", "a player receives priority"),
    (KStep::Pass, "pass", "a player passes priority"),
    (
        KStep::ChainPush,
        "chain_push",
        "an item is put on the chain (pending items)",
    ),
    (
        KStep::ChainResolve,
        "chain_resolve",
        "the chain's next item resolves",
    ),
    (
        KStep::ChainNegated,
        "chain_negated",
        "a negated item does not resolve",
    ),
    (
        KStep::ChainEnd,
        "chain_end",
        "the chain has resolved (its durations end)",
    ),
    (
        KStep::Undo,
        "undo",
        "what was being done cannot be completed (a cost not paid) and is undone",
    ),
    (
        KStep::EndPhase,
        "end_phase",
        "an effect ends the phase: its priority window closes once the chain has resolved",
    ),
    (
        KStep::EndTurn,
        "end_turn",
        "an effect ends the turn: the rest of the turn is skipped up to its end processing",
    ),
    (
        KStep::ExtraPhase,
        "extra_phase",
        "an additional phase an effect gave begins instead of the next phase",
    ),
    (
        KStep::ExtraPhaseEnd,
        "extra_phase_end",
        "the additional phases are over: play goes on to the phase that would have come next",
    ),
    (
        KStep::SkipPhase,
        "skip_phase",
        "a phase an effect skips does not occur",
    ),
    (
        KStep::SkipTurn,
        "skip_turn",
        "a turn an effect skips does not occur: the next player's turn begins",
    ),
    (
        KStep::Control,
        "control",
        "a card's controller changes (k.set_controller, or entering another player's area under `control: zone`)",
    ),
    (
        KStep::TriggersCleared,
        "triggers_cleared",
        "pending triggered abilities lose their counts (k.clear_triggers)",
    ),
    (
        KStep::ChainCleared,
        "chain_cleared",
        "pending items leave the chain unresolved (k.clear_chain)",
    ),
    (
        KStep::NoZone,
        "no_zone",
        "a card is not moved into a zone that does not exist (k.set_zone_exists)",
    ),
    (
        KStep::Reveal,
        "reveal",
        "a hidden card is revealed to play its triggered ability (`reveal: true`)",
    ),
    (
        KStep::RevealEnd,
        "reveal_end",
        "the card is hidden again when its ability leaves the chain",
    ),
];

/// `kernel_clauses:`: step key → the game's clause.
pub type RawKernelClauses = IndexMap<String, String>;

/// The loaded map, indexed by step.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct KernelClauses(Vec<Option<String>>);

impl KernelClauses {
    /// Builds the map; unknown keys come back as (key, did-you-mean hint).
    pub fn build(raw: &RawKernelClauses) -> (KernelClauses, Vec<(String, String)>) {
        let mut out = vec![None; STEPS.len()];
        let mut unknown = Vec::new();
        for (k, v) in raw {
            match STEPS.iter().position(|(_, key, _)| key == k) {
                Some(i) => out[i] = Some(v.clone()),
                None => unknown.push((
                    k.clone(),
                    crate::def::card::did_you_mean(k, STEPS.iter().map(|(_, key, _)| *key)),
                )),
            }
        }
        (KernelClauses(out), unknown)
    }

    /// The game's clause for `step`, if it declares one.
    pub fn get(&self, step: KStep) -> Option<&str> {
        let i = STEPS.iter().position(|(s, _, _)| *s == step)?;
        self.0.get(i).and_then(|c| c.as_deref())
    }
}
