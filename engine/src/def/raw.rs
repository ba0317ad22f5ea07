//! The game-definition file (`game.yaml`) as written by a designer, before validation.
use indexmap::IndexMap;
use serde::Deserialize;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawGame {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub version: String,
    #[serde(default = "two")]
    pub players: u8,
    /// The Lua file(s) with this game's hooks, relative to the game folder: one file, or a list
    /// loaded in order (each gets the shared hook table as `...`).
    #[serde(default)]
    pub script: Option<ScriptFiles>,
    pub zones: Vec<RawZone>,
    #[serde(default = "default_orientations")]
    pub orientations: Vec<RawNamed>,
    #[serde(default)]
    pub object_flags: Vec<RawNamed>,
    #[serde(default)]
    pub counters: Vec<RawNamed>,
    /// Integer variables on each object, reset when it becomes a new object (at most 8).
    #[serde(default)]
    pub object_vars: Vec<RawObjectVar>,
    #[serde(default)]
    pub attachment_roles: Vec<RawRole>,
    pub card_types: Vec<RawCardType>,
    #[serde(default)]
    pub card_fields: IndexMap<String, RawField>,
    /// What each card hook kind the script calls (`k.run_ability`) returns, e.g. `base: int`;
    /// a card hook returning another type is that card's error (its action is cancelled).
    #[serde(default)]
    pub card_hooks: IndexMap<String, HookReturn>,
    /// The events abilities trigger on (807.2): `when:` must name one, and so must every
    /// turn `event:` step and `k.event` (the kernel's zone move 移動 is always declared).
    #[serde(default)]
    pub events: Vec<super::events::RawEvent>,
    #[serde(default)]
    pub player_vars: Vec<RawVar>,
    #[serde(default)]
    pub game_vars: Vec<RawVar>,
    pub draw: RawDraw,
    #[serde(default)]
    pub deck: super::deck_raw::RawDeckRules,
    #[serde(default)]
    pub setup: Vec<RawStep>,
    pub turn: RawTurn,
    #[serde(default)]
    pub actions: Vec<RawAction>,
    #[serde(default)]
    pub rule_processes: Vec<RawRuleProcess>,
    /// Scenario phrases: a verb (`charge`) → the words of the option labels it means (`チャージ`).
    #[serde(default)]
    pub phrases: IndexMap<String, String>,
    /// Named readings of ambiguous rules, read by scripts with `k.setting(name)`.
    #[serde(default)]
    pub settings: IndexMap<String, RawSetting>,
    /// Layers of continuous effects, in order (809.1b–e), each with the fields it changes.
    #[serde(default)]
    pub layers: Vec<RawLayer>,
    /// When a card's abilities are valid (802), besides being in an area zone: an expression
    /// about the card (`self`), e.g. `not self.ko`.
    #[serde(default)]
    pub ability_valid_if: Option<String>,
    /// Hook run before a triggered ability that is an EX skill resolves (813.3, 920.1): called
    /// with the card and the ability's name; false means it fails (920.2b).
    #[serde(default)]
    pub skill_success_check: Option<String>,
    /// Hook scoring a position for a player (a number, higher is better), used by search
    /// agents (greedy, MCTS); not part of the rules.
    #[serde(default)]
    pub evaluate: Option<String>,
    /// Continuous effects apply only to cards for which this holds (`self`), e.g. 306.7a-3.
    #[serde(default)]
    pub affected_if: Option<String>,
    /// EX skills (209) are valid only while this holds about their unit (`self`), e.g. 802.2a.
    #[serde(default)]
    pub ex_skill_valid_if: Option<String>,
    /// Int card fields shown beside a card's name on boards (e.g. hp).
    #[serde(default)]
    pub view_fields: Vec<String>,
    /// The card face layout: an SVG template in the game folder (docs/faces.md).
    #[serde(default)]
    pub face: Option<String>,
    /// A safety cap: reaching this turn ends the game as a draw, reported as such.
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// Play without a decision that counts as a loop nobody can stop (e.g. 1101.1c).
    #[serde(default)]
    pub loop_limit: Option<RawLoopLimit>,
    /// The game's clause for each step the kernel logs (`trigger: "807.2"`, …; the keys are
    /// in docs/game-definition.md). A step the game maps to nothing cites no clause.
    #[serde(default)]
    pub kernel_clauses: super::kernel_clauses::RawKernelClauses,
    /// How loss conditions settle (simultaneous losses, when `k.lose` takes effect).
    #[serde(default)]
    pub losses: super::timing::LossPolicy,
    /// How pending triggered abilities are played.
    #[serde(default)]
    pub triggers: super::timing::TriggerPolicy,
    /// What a priority window offers (`{ priority: group }` steps).
    #[serde(default)]
    pub priority: super::timing::PriorityDef,
    /// The chain of pending items (played cards, used abilities) and how it resolves.
    #[serde(default)]
    pub chain: Option<super::timing::ChainDef>,
    /// The game's names for ability kinds (`自動γ: triggered`), usable in a card's `kind:`.
    #[serde(default)]
    pub ability_kinds: IndexMap<String, super::ability::AbilityKind>,
    /// Abilities that are only a name the game's rules read (`枚数制限なし: "402.3: …"`): a
    /// card's static ability with one of these names needs no effect of its own.
    #[serde(default)]
    pub keyword_abilities: IndexMap<String, String>,
    /// Periods effects may last besides this turn, turn N and the rest of the game.
    #[serde(default)]
    pub durations: Vec<super::timing::DurationDef>,
    /// Who controls a card: its owner unless an effect says otherwise (`owner`, default), or
    /// the player whose area zone it is in (`zone`; Fire Force 307.8).
    #[serde(default)]
    pub control: super::game::ControlMode,
    /// The orientation a card takes when it moves from one zone to another, whoever moves it.
    #[serde(default)]
    pub move_rules: Vec<super::move_rules::RawMoveRule>,
    /// A card attached to a card in an area zone from an area zone, or moved from being
    /// attached back to an area zone, stays the same object with its state (Fire Force 302.3:
    /// field to field). Default false: attaching makes a new object (汎用TCG 905).
    #[serde(default)]
    pub attachment_keeps_object: bool,
    /// `own_zones_only: { clause: "3.1.4" }`: a card never enters another player's zone (Victory
    /// Spark 3.1.4); a move there does not happen (`k.move` returns nil, "foreign").
    #[serde(default)]
    pub own_zones_only: Option<RawClauseOnly>,
    /// `loops: { clause, both, draw, max }`: loops found by position are declared with a count
    /// (Victory Spark 9.1.3–9.1.4, 汎用TCG 1101.1a–b; engine/src/loops.rs).
    #[serde(default)]
    pub loops: Option<crate::loops::LoopsDef>,
    /// `timestamp_ties: { clause: "809.3b" }`: cards given one timestamp by one move (`k.move_all`)
    /// whose continuous effects would apply are put in order by the turn player (a decision).
    #[serde(default)]
    pub timestamp_ties: Option<RawClauseOnly>,
}

/// A rule the game turns on, with the clause it cites.
#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawClauseOnly {
    #[serde(default)]
    pub clause: Option<String>,
}

/// `loop_limit: { steps: 100000, clause: "1101.1c" }`: after `steps` kernel steps without a
/// decision (or a rule check that never settles) the game is a draw citing `clause`; without a
/// clause it stops with an error naming the card whose hook ran last.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawLoopLimit {
    #[serde(default)]
    pub steps: Option<u64>,
    #[serde(default)]
    pub clause: Option<String>,
}

impl RawLoopLimit {
    /// The limit a game plays with (defaults for what it leaves out).
    pub fn build(raw: &Option<RawLoopLimit>) -> crate::budget::LoopLimit {
        let d = crate::budget::LoopLimit::default();
        match raw {
            None => d,
            Some(r) => crate::budget::LoopLimit {
                steps: r.steps.unwrap_or(d.steps).max(1),
                clause: r.clause.clone(),
            },
        }
    }
}

/// One script file or several.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum ScriptFiles {
    One(String),
    Many(Vec<String>),
}

impl ScriptFiles {
    pub fn files(&self) -> Vec<&str> {
        match self {
            ScriptFiles::One(s) => vec![s.as_str()],
            ScriptFiles::Many(v) => v.iter().map(|s| s.as_str()).collect(),
        }
    }
}

fn two() -> u8 {
    2
}

fn default_orientations() -> Vec<RawNamed> {
    vec![RawNamed {
        id: "normal".into(),
        name: "通常".into(),
        name_en: Some("normal".into()),
    }]
}

#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawLayer {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub clause: Option<String>,
    pub fields: Vec<String>,
    /// Within the layer, changes apply by operation in this order (東方VISION 6.1.10: `[set,
    /// swap, add, always]`), each by dependency then timestamp; without it, all together.
    #[serde(default)]
    pub order: Option<Vec<super::game::OpClass>>,
    /// How `div` (and a non-integer `mul`) rounds in this layer: `down` (default), `up`,
    /// `nearest`, or `{ setting: name, values: [down, up] }` (the setting's value picks one).
    #[serde(default)]
    pub rounding: Option<super::game::RawRounding>,
}

/// A game setting: where two readings of the rules are both plausible, the game says which.
#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSetting {
    pub value: i64,
    /// The clause and the two readings, for people.
    pub doc: String,
}

/// An object variable: an integer, or with `list: true` a list of integers (card handles).
#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawObjectVar {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub list: bool,
}

#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawNamed {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RawVisibility {
    Public,
    Hidden,
    Owner,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawZone {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub clause: Option<String>,
    /// `player` (one per player, the default) or `shared`.
    #[serde(default)]
    pub shared: bool,
    pub visibility: RawVisibility,
    #[serde(default)]
    pub ordered: bool,
    /// How many separate zones of this kind each player has (e.g. 4 standby areas).
    #[serde(default = "one")]
    pub count: u8,
    /// How many top-level cards one zone holds (attachments not counted).
    #[serde(default)]
    pub capacity: Option<u16>,
    /// Area zones: a move from one area zone to another keeps the object (302.3).
    #[serde(default)]
    pub area: bool,
    /// A card entering keeps the continuous effects it had just before (804.2a-1).
    #[serde(default)]
    pub keeps_effects: bool,
}

fn one() -> u8 {
    1
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRole {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    /// Attached face down (e.g. energy, 905.2) or face up (sets, 905.3).
    #[serde(default)]
    pub face_down: bool,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCardType {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub subtypes: Vec<RawNamed>,
    /// Fields every card of this type must have.
    #[serde(default)]
    pub required: Vec<String>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FieldType {
    Int,
    Str,
    StrList,
    /// A list of maps (e.g. skills), each checked against `items`.
    Records,
    /// An expression of the grammar (a string), parsed and checked when the card loads and
    /// evaluated with `k.eval_field` (e.g. an enhancement's target, 804.2b-1).
    Expr,
}

/// What a card hook the game's script calls with `k.run_ability` returns. `nil` always fits:
/// a hook that is missing or fails returns nil. A value of another type is the card's error.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HookReturn {
    /// Anything (the result is not used, e.g. `effect`).
    #[default]
    Any,
    Int,
    Bool,
    Str,
    List,
    Map,
}

impl HookReturn {
    /// Whether `v` is of this type (or nil).
    pub fn accepts(self, v: &crate::value::Value) -> bool {
        use crate::value::Value as V;
        matches!(
            (self, v),
            (_, V::Null)
                | (HookReturn::Any, _)
                | (HookReturn::Int, V::Int(_))
                | (HookReturn::Bool, V::Bool(_))
                | (HookReturn::Str, V::Str(_))
                | (HookReturn::List, V::List(_))
                | (HookReturn::Map, V::Map(_))
        )
    }
    pub fn word(self) -> &'static str {
        match self {
            HookReturn::Any => "anything",
            HookReturn::Int => "an integer",
            HookReturn::Bool => "true or false",
            HookReturn::Str => "a string",
            HookReturn::List => "a list",
            HookReturn::Map => "a table",
        }
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawField {
    #[serde(rename = "type")]
    pub ty: FieldType,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub items: IndexMap<String, RawField>,
    #[serde(default)]
    pub optional: bool,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VarReset {
    #[default]
    Never,
    /// Reset to 0 when a new turn begins.
    Turn,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawVar {
    pub id: String,
    #[serde(default)]
    pub reset: VarReset,
    /// The value at the start of the game (and after each reset); default 0.
    #[serde(default)]
    pub initial: i64,
    #[serde(default)]
    pub doc: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawDraw {
    pub from: String,
    pub to: String,
    #[serde(default)]
    pub clause: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawTurn {
    #[serde(default)]
    pub clause: Option<String>,
    pub phases: Vec<RawPhase>,
    /// Steps run when a turn ends, after the last phase.
    #[serde(default)]
    pub end: Vec<RawStep>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawPhase {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub clause: Option<String>,
    /// The phase is skipped when this condition holds.
    #[serde(default)]
    pub skip_if: Option<RawCond>,
    #[serde(default)]
    pub skip_clause: Option<String>,
    #[serde(default)]
    pub steps: Vec<RawPhaseStep>,
    #[serde(default)]
    pub run: Vec<RawStep>,
    /// This phase is the turn's end processing: "end the turn" (`k.end_turn`) skips to it.
    #[serde(default)]
    pub turn_end: bool,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawPhaseStep {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    #[serde(default)]
    pub clause: Option<String>,
    /// The step is skipped when this condition holds (logged only if `skip_clause` is given).
    #[serde(default)]
    pub skip_if: Option<RawCond>,
    #[serde(default)]
    pub skip_clause: Option<String>,
    pub run: Vec<RawStep>,
}

/// A condition: the name of a script predicate, a built-in (`kernel.…`), or `not …`.
pub type RawCond = String;

/// One instruction of a procedure; exactly one of the kind keys is given.
#[derive(Debug, Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawStep {
    #[serde(default, rename = "do")]
    pub do_: Option<String>,
    #[serde(default)]
    pub event: Option<String>,
    #[serde(default)]
    pub rule_check: Option<String>,
    /// End continuous effects of this kind: `this_turn` (e.g. 505.3a).
    #[serde(default)]
    pub expire: Option<String>,
    #[serde(default)]
    pub actions: Option<String>,
    /// A priority window over this action group: whoever holds priority takes one of its
    /// actions or passes; when every player has passed in a row the chain resolves, or, with
    /// no chain, the window ends.
    #[serde(default)]
    pub priority: Option<String>,
    #[serde(default, rename = "loop")]
    pub loop_: Option<Vec<RawStep>>,
    #[serde(default)]
    pub until: Option<RawCond>,
    #[serde(default, rename = "if")]
    pub if_: Option<RawCond>,
    #[serde(default)]
    pub then: Vec<RawStep>,
    #[serde(default, rename = "else")]
    pub else_: Vec<RawStep>,
    #[serde(default)]
    pub clause: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawAction {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub clause: String,
    pub group: String,
    /// Script hook listing the legal ways to take this action (none: one option, no args).
    #[serde(default)]
    pub options: Option<String>,
    /// Script hook that performs the action.
    #[serde(default)]
    pub perform: Option<String>,
    /// Hook `(player, option) → bool`: whether the option's cost can be paid; an option
    /// that cannot is not offered.
    #[serde(default)]
    pub can_pay: Option<String>,
    /// Hook `(player, option) → bool` run before `perform`: pays the cost, all or nothing;
    /// false undoes the action as a rule (and whatever it paid).
    #[serde(default)]
    pub pay: Option<String>,
    /// Taking this action leaves the enclosing loop (e.g. ending the main phase).
    #[serde(default)]
    pub ends_loop: bool,
    /// Who may take it in a priority window: `turn_player` (default), `any`, `non_turn_player`.
    #[serde(default)]
    pub who: super::timing::Who,
    /// After it, in a priority window: the next player receives priority (`pass`, default) or
    /// the actor keeps it (`keep`).
    #[serde(default)]
    pub priority: super::timing::AfterAction,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRuleProcess {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub clause: String,
    /// Script hook: performs the process if due and returns true when it did something.
    pub hook: String,
}
