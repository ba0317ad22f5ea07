//! The game state: everything that changes during a game. `Clone` + serde, small, no strings.
use crate::ids::{CardIdx, ObjId, PlayerId, ZoneId};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// How many counter kinds (including damage markers) a game may declare.
pub const MAX_COUNTERS: usize = 12;
/// How many object variables a game may declare.
pub const MAX_OBJECT_VARS: usize = 8;
/// How many object flags a game may declare (one bit each).
pub const MAX_FLAGS: usize = 32;

/// One physical card and the state of its current object (105, 303, 905, 913, 916).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Obj {
    /// Index of its definition in the card database.
    pub def: u16,
    pub owner: PlayerId,
    pub controller: PlayerId,
    /// Bumped whenever the card becomes a new object (302.3).
    pub incarnation: u16,
    pub zone: ZoneId,
    /// Index into the game's orientations; 0 is the default (e.g. normal, 303.1a).
    pub orientation: u8,
    pub face_up: bool,
    /// Players (bit per seat) who see this card's identity whatever its zone and facing (303.3b).
    pub revealed: u8,
    /// Game-declared object flags (e.g. KO state), one bit each.
    pub flags: u32,
    /// Game-declared counters; damage markers are one kind (913, 916).
    pub counters: [i32; MAX_COUNTERS],
    /// The unit this card is attached to, with its role (905).
    pub attached_to: Option<ObjId>,
    pub role: u8,
    /// Order of attachment, for listing attachments in the order they came.
    pub attach_seq: u32,
    /// The turn in which this object came into being (e.g. 804.2b-1).
    pub since_turn: u32,
    /// When this object came into being or its abilities last became valid (809.3b-1).
    pub timestamp: u64,
    /// Game-declared object variables (e.g. who last dealt it damage, for 813.5a).
    pub vars: [i64; MAX_OBJECT_VARS],
    /// 809.3b: its place, as the turn player ordered them, among cards that came with one
    /// timestamp (0: not ordered; `timestamp_ties`).
    #[serde(default)]
    pub tie: u16,
}

/// Last-known information (812): an object as it last existed before it changed zones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lki {
    pub incarnation: u16,
    pub obj: Obj,
    /// Fields changed by continuous effects at that moment (the rest are as printed).
    pub fields: Vec<(String, crate::value::Value)>,
}

impl Obj {
    pub fn id(&self, card: CardIdx) -> ObjId {
        ObjId {
            card,
            incarnation: self.incarnation,
        }
    }
    pub fn has_flag(&self, flag: usize) -> bool {
        self.flags & (1 << flag) != 0
    }
}

/// Per-player state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Game-declared player variables (e.g. "charged this turn").
    pub vars: Vec<i64>,
    /// A required draw could not be completed since the last rule process (1002.1).
    pub failed_draw: bool,
    /// Set when the player meets a loss condition: (clause, reason).
    pub lost: Option<(String, String)>,
    /// How many turns this player has begun.
    pub turns: u32,
}

/// How a game ended (103).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    Win {
        winner: PlayerId,
        clause: String,
        reason: String,
    },
    Draw {
        clause: String,
        reason: String,
    },
}

impl Outcome {
    pub fn winner(&self) -> Option<PlayerId> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// A triggered ability waiting to be played (807.2): how many times it triggered and the
/// data of each occurrence, oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingTrigger {
    pub controller: PlayerId,
    /// The card with the ability, as it was when it triggered (807.8: played even if it moved).
    pub source: ObjId,
    /// Card definition and ability index.
    pub def: u16,
    pub ability: u16,
    pub count: u32,
    pub events: Vec<crate::value::Value>,
    /// Set for a delayed trigger (807.6): its data from the effect that created it.
    pub delayed_data: Option<crate::value::Value>,
    /// 813.3: a delayed trigger created by a skill is from a skill (success check, 920.1).
    #[serde(default)]
    pub from_skill: bool,
}

/// A delayed triggered ability created by an effect (807.6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DelayedTrigger {
    pub controller: PlayerId,
    /// The card whose ability created it (807.6b).
    pub source: ObjId,
    pub def: u16,
    pub ability: u16,
    pub event: String,
    /// 807.6a: only the first occurrence, unless the effect says otherwise.
    pub once: bool,
    pub data: crate::value::Value,
    /// 813.3: created by an EX skill or a skill ability, so it is "from a skill".
    #[serde(default)]
    pub from_skill: bool,
}

/// Where a rule check (811) stands: which process of which pass runs next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RuleCheckCursor {
    pub process: u16,
    pub pass_acted: bool,
    pub acted: bool,
    /// Passes so far; a rule check that never settles is a forced loop (1101.1c).
    pub passes: u32,
}

impl State {
    /// A state before setup: empty zones, zeroed variables, the RNG seeded.
    pub fn new(
        seed: u64,
        zones: usize,
        players: usize,
        player_vars: usize,
        game_vars: usize,
    ) -> State {
        use rand_core::SeedableRng;
        State {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            objects: Vec::new().into(),
            zones: vec![Vec::new(); zones].into(),
            players: (0..players)
                .map(|_| PlayerState {
                    vars: vec![0; player_vars],
                    ..Default::default()
                })
                .collect(),
            game_vars: vec![0; game_vars],
            turn: 0,
            turn_player: 0,
            first_player: None,
            phase: None,
            step: None,
            pc: 0,
            rule_check: None,
            rule_check_acted: false,
            next_attach_seq: 0,
            triggers: Vec::new(),
            delayed: Vec::new(),
            effects: Vec::new(),
            next_timestamp: 0,
            lki: Default::default(),
            uses: Vec::new(),
            temp_reveals: Vec::new(),
            running: Vec::new(),
            kept_effects: Vec::new(),
            card_log_bytes: 0,
            stacked: Vec::new(),
            stacked_randoms: Vec::new(),
            windows: Vec::new(),
            chain: Vec::new(),
            next_item: 0,
            trigger_batch: Vec::new(),
            end_requested: EndRequest::None,
            end_turn_now: false,
            absent_zones: Vec::new(),
            ovar_lists: Vec::new(),
            plan: Default::default(),
            card_hook_depth: 0,
            once_triggered: Vec::new(),
            loops: Default::default(),
            generation: 0,
            outcome: None,
        }
    }
}

/// An "end the phase" or "end the turn" an effect applied (東方VISION 4.10.1–4.10.2): the
/// interference resolves to its end first, then the phase (or turn) ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndRequest {
    #[default]
    None,
    Phase,
    Turn,
}

/// A deck order a shuffle of `zone` will give (card definitions, top first); cards of the zone
/// it does not name stay below them in their order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StackedShuffle {
    pub zone: ZoneId,
    pub order: Vec<u16>,
}

/// The whole changing state of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub seed: u64,
    pub rng: ChaCha8Rng,
    /// Shared with the state's copies (snapshots, the quiet check's) until it changes.
    pub objects: crate::shared::Shared<Vec<Obj>>,
    /// Top-level cards of each zone instance, bottom first (the last is the top); shared as
    /// `objects` is.
    pub zones: crate::shared::Shared<Vec<Vec<CardIdx>>>,
    pub players: Vec<PlayerState>,
    pub game_vars: Vec<i64>,
    /// Turn number, 1-based; 0 during setup.
    pub turn: u32,
    pub turn_player: PlayerId,
    /// The player who took turn 1 (known once it begins).
    pub first_player: Option<PlayerId>,
    pub phase: Option<u16>,
    pub step: Option<u16>,
    /// Next instruction of the game's program.
    pub pc: u32,
    pub rule_check: Option<RuleCheckCursor>,
    /// Whether the last completed rule check did anything (505.3c).
    pub rule_check_acted: bool,
    pub next_attach_seq: u32,
    pub triggers: Vec<PendingTrigger>,
    pub delayed: Vec<DelayedTrigger>,
    /// Continuous effects created by resolved abilities (static abilities are not stored).
    pub effects: Vec<crate::effects::Effect>,
    pub next_timestamp: u64,
    /// Last-known information per physical card (812), for its previous object.
    /// Shared (`Arc`): a unit-of-work snapshot copies pointers, not the records.
    pub lki: crate::shared::Shared<Vec<Option<std::sync::Arc<Lki>>>>,
    /// Abilities played this turn, for count limits (803.1).
    pub uses: Vec<crate::ability_use::AbilityUse>,
    /// Cards revealed by the effect now resolving, with who saw them before (903.1: until the
    /// effect ends).
    #[serde(default)]
    pub temp_reveals: Vec<(ObjId, u8)>,
    /// The card abilities whose hooks are running, innermost last (for 813.3).
    #[serde(default)]
    pub running: Vec<(u16, u16)>,
    /// 804.2a-1: fields continuous effects gave a card just before it entered a zone that keeps
    /// them (the resolution area), by its object there.
    #[serde(default)]
    pub kept_effects: Vec<(ObjId, Vec<(String, crate::value::Value)>)>,
    /// Card hooks now running (the reveals end when the outermost one does).
    #[serde(default)]
    pub card_hook_depth: u32,
    /// Bytes of `k.log` text cards wrote in the whole game (budget.rs `MAX_GAME_LOG_BYTES`).
    #[serde(default)]
    pub card_log_bytes: u64,
    /// Stacked shuffles (a scenario's scripted deck orders): the next shuffle of a zone takes
    /// the first one for it instead of the RNG.
    #[serde(default)]
    pub stacked: Vec<StackedShuffle>,
    /// Stacked random results (a scenario's `randoms:`): the next random draws give these, in
    /// turn, instead of the RNG (a scripted first player, 403.4).
    #[serde(default)]
    pub stacked_randoms: Vec<i64>,
    /// Open priority windows, innermost last.
    #[serde(default)]
    pub windows: Vec<crate::priority::Window>,
    /// Pending items (played cards, used abilities) waiting to resolve, oldest first.
    #[serde(default)]
    pub chain: Vec<crate::chain::PendingItem>,
    /// The id the last pending item got (0: none yet).
    #[serde(default)]
    pub next_item: u32,
    /// An effect asked to end the phase or the turn (`k.end_phase`, `k.end_turn`).
    #[serde(default)]
    pub end_requested: EndRequest,
    /// An effect ended the turn at once (`k.end_turn{now = true}`): the kernel acts on it as
    /// soon as the running hook returns (Gate Ruler 15-24).
    #[serde(default)]
    pub end_turn_now: bool,
    /// Zone instances that do not exist now (Gate Ruler 15-3a-1; `k.set_zone_exists`), sorted.
    #[serde(default)]
    pub absent_zones: Vec<ZoneId>,
    /// Object variables declared `list: true`, per object.
    #[serde(default)]
    pub ovar_lists: Vec<crate::ovar_list::OvarList>,
    /// Additional and skipped phases and turns (`k.add_phase`, `k.skip_phase`, `k.skip_turn`).
    #[serde(default)]
    pub plan: crate::phase_plan::PhasePlan,
    /// The batch of triggers being played (`triggers.order: batches`).
    #[serde(default)]
    pub trigger_batch: Vec<crate::trigger_play::BatchEntry>,
    /// Triggers on a `once_per_turn` event this turn: (object, ability, event index).
    #[serde(default)]
    pub once_triggered: Vec<(ObjId, u16, u16)>,
    /// Loops declared with a count (`loops:`, 9.1.3): answers this turn, positions, repeats.
    #[serde(default)]
    pub loops: crate::loops::LoopState,
    /// Bumped by every change; keys the characteristics cache.
    pub generation: u64,
    pub outcome: Option<Outcome>,
}
