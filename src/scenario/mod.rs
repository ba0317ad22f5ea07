//! Scenario files: a position written out, decisions by meaning, and what must follow.
//! The format is documented in docs/scenarios.md; its JSON Schema comes from these types.
mod phrase;
pub mod report;
mod run;
pub mod setup;

pub use run::{bundle_for, bundle_in, game_of, run, run_on, Outcome as RunOutcome, Report};

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One scenario file.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What the scenario shows, in a line.
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    /// Game folder, relative to the scenario file; default: the built-in 汎用TCG.
    #[serde(default)]
    pub game: Option<String>,
    /// Extra card files (YAML, relative to the scenario file) for cards only tests use.
    #[serde(default)]
    pub cards: Vec<String>,
    /// Game settings to play with (`settings:` in game.yaml), to test another reading of a
    /// rule: `settings: { charge_with_empty_hand: 1 }`.
    #[serde(default)]
    pub settings: IndexMap<String, i64>,
    /// Seed of the game's random number generator.
    #[serde(default = "one")]
    pub seed: u64,
    /// The rule clauses whose outcome this scenario checks (for the coverage matrix).
    #[serde(default)]
    pub clauses: Vec<String>,
    pub setup: Setup,
    /// Decisions in order: `- p1: charge 炎の剣士 with 火の粉の妖精`; `- expect: [...]` between
    /// them checks the game at that point (before the next decision).
    #[serde(default, rename = "do")]
    pub steps: Vec<Step>,
    /// What must hold afterwards.
    #[serde(default)]
    pub expect: Vec<Expect>,
    /// Compare the rule-cited log with the insta snapshot beside the file.
    #[serde(default)]
    pub snapshot: bool,
    /// Why `expect:` already holds before the first decision, when it should (e.g. "nothing
    /// may change it"). Without it, expectations that hold before the steps are flagged: they
    /// do not show that the steps did anything (an error under `fuda test --strict`).
    #[serde(default)]
    pub holds_from_start: Option<String>,
}

fn one() -> u64 {
    1
}

/// The starting position.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Turn number (1 is the game's first turn); 0 starts before the game's setup (403), with
    /// only each player's `deck:` (and `shuffles:`) given.
    #[serde(default = "three")]
    pub turn: u32,
    /// `p1` or `p2`.
    #[serde(default = "p1")]
    pub turn_player: String,
    /// The phase to start at (its beginning), by id; default `main`.
    #[serde(default)]
    pub phase: Option<String>,
    /// Or a step of a phase, by id (e.g. `skill` of `battle`).
    #[serde(default)]
    pub step: Option<String>,
    #[serde(default)]
    pub p1: Side,
    #[serde(default)]
    pub p2: Side,
    /// Game variables.
    #[serde(default)]
    pub vars: IndexMap<String, i64>,
    /// Card used to fill a deck that is not written out (default: the first card of the pack).
    #[serde(default)]
    pub filler: Option<String>,
    /// The results of the game's next random draws (`k.random`, `math.random`), in turn, instead
    /// of the seeded RNG: e.g. `randoms: [2]` at setup makes the 汎用TCG's P2 go first (403.4).
    #[serde(default)]
    pub randoms: Vec<i64>,
}

fn three() -> u32 {
    3
}

fn p1() -> String {
    "p1".into()
}

/// One player's side: zones by id, and player variables. A zone with several slots (standby)
/// takes one entry per slot (`null` for an empty one). Every ordered zone (`deck`, `discard`, …)
/// lists its top card first; without `deck` the deck is 20 filler cards.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct Side {
    #[serde(default)]
    pub vars: IndexMap<String, i64>,
    /// The deck's order after each shuffle of it, in turn (card ids, top first; cards not
    /// named stay below): scripted shuffles for a scenario that starts at setup.
    #[serde(default)]
    pub shuffles: Vec<Vec<String>>,
    #[serde(flatten)]
    pub zones: IndexMap<String, ZoneCards>,
}

/// A zone's cards: one card, or a list (one entry per slot for zones with slots).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ZoneCards {
    One(CardSpec),
    Many(Vec<Option<CardSpec>>),
}

impl ZoneCards {
    pub fn entries(&self) -> Vec<Option<&CardSpec>> {
        match self {
            ZoneCards::One(c) => vec![Some(c)],
            ZoneCards::Many(v) => v.iter().map(|c| c.as_ref()).collect(),
        }
    }
}

/// A card: its id, or its id with its state.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum CardSpec {
    Id(String),
    State(CardState),
}

impl CardSpec {
    pub fn id(&self) -> &str {
        match self {
            CardSpec::Id(s) => s,
            CardSpec::State(c) => &c.card,
        }
    }
}

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardState {
    pub card: String,
    /// Energy: a number of filler cards, or card ids.
    #[serde(default)]
    pub energy: Option<Attached>,
    /// Cards set on it (enhancements), by id.
    #[serde(default)]
    pub set: Vec<String>,
    /// Damage markers (a counter named `damage`).
    #[serde(default)]
    pub damage: Option<i64>,
    #[serde(default)]
    pub counters: IndexMap<String, i64>,
    /// An orientation id, e.g. `rest` or `stun`.
    #[serde(default)]
    pub orientation: Option<String>,
    /// Object flags to set, e.g. `[ko]`.
    #[serde(default)]
    pub flags: Vec<String>,
    #[serde(default)]
    pub face_down: bool,
    /// It arrived this turn (by default a card is there since before the turn began).
    #[serde(default)]
    pub new: bool,
}

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Attached {
    Count(u32),
    Cards(Vec<String>),
}

/// One entry of `do:`: a checkpoint, or a decision (`p1: <phrase>`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Step {
    Expect(Checkpoint),
    Decide(IndexMap<String, String>),
}

/// `- expect: [...]` inside `do:`: what must hold once the game waits for the next decision.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    pub expect: Vec<Expect>,
}

/// An expectation: an expression that must be true, or a check of the log or the result.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Expect {
    That(String),
    Check(Check),
}

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// A log line contains this (e.g. `"[704.3c-1]"`).
    #[serde(default)]
    pub log: Option<String>,
    /// No log line contains this.
    #[serde(default)]
    pub no_log: Option<String>,
    /// Log lines containing these, in this order.
    #[serde(default)]
    pub order: Option<Vec<String>>,
    /// `p1`, `p2`, `draw`, or `none` (the game goes on).
    #[serde(default)]
    pub winner: Option<String>,
    /// The decision the game waits for: `p1: <words of an option>` must be offered.
    #[serde(default)]
    pub offered: Option<String>,
    /// … and this must not be.
    #[serde(default)]
    pub not_offered: Option<String>,
    /// How many options the decision takes: `p1: 2` (exactly 2) or `p1: 0-2` (0 to 2).
    #[serde(default)]
    pub picks: Option<String>,
}

/// A scenario file loaded, with where it is.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub path: PathBuf,
    pub scenario: Scenario,
}

/// Reads and parses a scenario file; errors name the file, line and column.
pub fn load(path: &Path) -> Result<Loaded, String> {
    let text = fuda_engine::def::files::read_regular(path).map_err(|e| e.to_string())?;
    parse(path, &text)
}

/// Parses a scenario's text; `path` names it in errors (with line and column).
pub fn parse(path: &Path, text: &str) -> Result<Loaded, String> {
    let scenario: Scenario =
        fuda_engine::def::yaml::from_str(path, text).map_err(|e| e.to_string())?;
    Ok(Loaded {
        path: path.to_path_buf(),
        scenario,
    })
}

/// Every scenario file (`*.yaml`) under `dir`, sorted.
/// In a pack or a game folder, only the files under a `scenarios/` folder are scenarios (a
/// file's kind comes from where it is): `fuda test cards/fire-force` runs the game's scenarios,
/// not its game.yaml and card files.
pub fn find(dir: &Path) -> Vec<PathBuf> {
    let pack = crate::pack::pack_root_of(dir).or_else(|| game_root_of(dir));
    let in_scenarios = |p: &Path| {
        let Some(root) = &pack else { return true };
        let Ok(p) = p.canonicalize() else {
            return false;
        };
        p.strip_prefix(root)
            .is_ok_and(|rel| rel.components().any(|c| c.as_os_str() == "scenarios"))
    };
    crate::files::walk(
        dir,
        |d| {
            d.file_name()
                .is_some_and(|n| n != "cards" && n != "snapshots" && n != "decks")
        },
        |p| {
            p.extension().is_some_and(|x| x == "yaml")
                && !crate::coverage::is_reasons(p)
                && in_scenarios(p)
        },
    )
}

/// The game folder (with a game.yaml) `path` is in, if any.
fn game_root_of(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() { path } else { path.parent()? };
    let start = start.canonicalize().ok()?;
    start
        .ancestors()
        .find(|d| d.join("game.yaml").is_file())
        .map(Path::to_path_buf)
}

/// The JSON Schema of scenario files.
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Scenario)).unwrap_or_default()
}
