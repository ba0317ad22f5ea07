//! A game's timing model, declared in game.yaml: how losses settle, how pending triggers are
//! played, who holds priority and what a pass does, and how the chain of pending items
//! resolves (docs/game-definition.md, "Timing").
use serde::{Deserialize, Serialize};

/// `losses:` how loss conditions settle (汎用TCG 103.1–103.3; Fire Force 103.3).
#[derive(Clone, Debug, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LossPolicy {
    /// Several players lose at once: `draw` (default), `non_turn_player_wins` or
    /// `turn_player_wins`.
    #[serde(default)]
    pub simultaneous: Simultaneous,
    /// When `k.lose` takes effect: at the next rule check (`rule_check`, default) or at once
    /// (`immediate`).
    #[serde(default)]
    pub timing: LossTiming,
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Simultaneous {
    #[default]
    Draw,
    NonTurnPlayerWins,
    TurnPlayerWins,
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum LossTiming {
    #[default]
    RuleCheck,
    Immediate,
}

/// `triggers:` how pending triggered abilities are played in a rule check.
#[derive(Clone, Debug, Default, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerPolicy {
    /// A pending trigger whose card has left the zone it triggered in: still played
    /// (`resolve`, default; 汎用TCG 807.8) or not (`skip`; 東方VISION 7.4.7.d).
    #[serde(default)]
    pub source_left: SourceLeft,
    /// In what order pending triggers are played: one at a time, the turn player's first, the
    /// rule check starting over after each (`one_at_a_time`, default; 汎用TCG 811.2b–c), or in
    /// batches: every trigger pending when a batch starts, the turn player's first, before any
    /// that arose meanwhile (`batches`; Fire Force 1002.1b).
    #[serde(default)]
    pub order: TriggerOrder,
    /// A played trigger waits on the chain as a pending item (kind `trigger`) instead of
    /// resolving at once; the game's resolve hook resolves it with `k.resolve_trigger(item)`
    /// (Victory Spark: auto abilities enter the pool and can be cancelled).
    #[serde(default)]
    pub onto_chain: bool,
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TriggerOrder {
    #[default]
    OneAtATime,
    Batches,
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SourceLeft {
    #[default]
    Resolve,
    Skip,
}

/// `priority:` what a priority window offers besides the actions of its group.
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PriorityDef {
    /// The pass option's name (e.g. 放棄) and English name.
    #[serde(default = "pass_name")]
    pub pass: String,
    #[serde(default)]
    pub pass_en: Option<String>,
    /// Run a rule check (rule processes, then pending triggers) before a player receives
    /// priority and between chain items (default true; 東方VISION 1.5.3.a).
    #[serde(default = "yes")]
    pub rule_check: bool,
    /// A holder whose only option is the pass passes without being asked (Victory Spark
    /// 4.9.2: the activation timing is passed by force); logged as a pass.
    #[serde(default)]
    pub forced_pass: bool,
}

impl Default for PriorityDef {
    fn default() -> Self {
        PriorityDef {
            pass: pass_name(),
            pass_en: None,
            rule_check: true,
            forced_pass: false,
        }
    }
}

fn pass_name() -> String {
    "パス".into()
}

fn yes() -> bool {
    true
}

/// `chain:` the pending items (played cards, used abilities) waiting to resolve.
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChainDef {
    /// The game's name for it (干渉, スタック, …).
    #[serde(default = "chain_name")]
    pub name: String,
    /// Which item resolves next: the last put on (`lifo`, default) or the first (`fifo`).
    #[serde(default)]
    pub order: ChainOrder,
    /// When every player has passed in a row: the whole chain resolves with no priority
    /// between items (`all`, default; 東方VISION 1.12.11), or only its next item, and then the
    /// turn player receives priority again (`one`).
    #[serde(default)]
    pub resolve: ChainResolve,
    /// Hook that resolves an item (called with the item's table); it re-checks targets by the
    /// game's rule.
    pub resolve_hook: String,
    /// Hook called instead for a negated item (e.g. to put a negated card where the rules send
    /// it); without it a negated item is only logged.
    #[serde(default)]
    pub negated_hook: Option<String>,
    /// Hook called once the chain of a window has resolved (e.g. combat, 東方VISION 1.12.8b–d).
    #[serde(default)]
    pub end_hook: Option<String>,
    /// Kinds of items that resolve before all others (Victory Spark 4.7: cancels first).
    #[serde(default)]
    pub first: Vec<String>,
}

fn chain_name() -> String {
    "チェーン".into()
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ChainOrder {
    #[default]
    Lifo,
    Fifo,
    /// An unordered pool (Victory Spark 3.8, 4.7–4.8, 7.4.3): the turn player's items first;
    /// each controller chooses which of their own resolves next.
    ByController,
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ChainResolve {
    #[default]
    All,
    One,
}

/// Who may take an action (`who:` of an action).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// Only the turn player (the default).
    #[default]
    TurnPlayer,
    /// Whoever holds priority in a priority window.
    Any,
    /// Only a player who is not the turn player.
    NonTurnPlayer,
}

/// What happens to priority after an action in a priority window (`priority:` of an action).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum AfterAction {
    /// The next player in turn order receives it (the default).
    #[default]
    Pass,
    /// The player who acted keeps it (東方VISION 1.8.3.b: node set).
    Keep,
}

/// `durations:` a period the game names ("until end of combat", "during the interference"),
/// besides this turn / turn N / permanent. An effect lasting it ends when the program's
/// `{ expire: id }` step runs, a script calls `k.expire(id)`, or, for the id `chain`, when the
/// chain of the window it was made in has resolved.
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DurationDef {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub clause: Option<String>,
}
