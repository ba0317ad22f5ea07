//! Deck construction rules as written in game.yaml (`deck:`), before validation.
use serde::Deserialize;

#[derive(Debug, Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawDeckRules {
    #[serde(default)]
    pub zone: Option<String>,
    #[serde(default)]
    pub size: Option<RawCountRule>,
    /// One rule, or several (deck-construction effects, e.g. 東方VISION 10.24 "one per deck",
    /// as rules with a `filter:`).
    #[serde(default)]
    pub max_copies: Option<CopiesRules>,
    #[serde(default)]
    pub min_of_type: Vec<RawMinType>,
    #[serde(default)]
    pub allowed_types: Option<Vec<String>>,
    /// The clause `allowed_types` applies (cited when a deck holds another type).
    #[serde(default)]
    pub types_clause: Option<String>,
    /// A sideboard beside the deck (東方VISION 1.2.4–1.2.5): optional for each player.
    #[serde(default)]
    pub sideboard: Option<RawSideboard>,
    /// Further decks each player brings, each with its own rules (炎炎ノ消防隊 403.1a: a flame
    /// deck of 5 flame cards beside the 40-card deck). A deck file lists one under its `id`.
    #[serde(default)]
    pub extra_decks: Vec<RawExtraDeck>,
}

/// A further deck (e.g. a flame deck): its own zone and construction rules. Copies are counted
/// within this deck only.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawExtraDeck {
    /// The key that lists it in a deck file (`flame:` beside `cards:`).
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    /// The zone its cards start the game in.
    pub zone: String,
    #[serde(default)]
    pub size: Option<RawCountRule>,
    #[serde(default)]
    pub max_copies: Option<CopiesRules>,
    #[serde(default)]
    pub min_of_type: Vec<RawMinType>,
    #[serde(default)]
    pub allowed_types: Option<Vec<String>>,
    #[serde(default)]
    pub types_clause: Option<String>,
    /// Whether a player must bring it (default): a deck file without it is refused.
    #[serde(default = "yes")]
    pub required: bool,
}

fn yes() -> bool {
    true
}

/// One copies rule or a list of them.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum CopiesRules {
    One(RawCopiesRule),
    Many(Vec<RawCopiesRule>),
}

impl CopiesRules {
    pub fn rules(&self) -> Vec<&RawCopiesRule> {
        match self {
            CopiesRules::One(r) => vec![r],
            CopiesRules::Many(v) => v.iter().collect(),
        }
    }
}

/// A sideboard: the zone its cards start the game in, its size, and the clause cited when
/// copies are counted over the deck and the sideboard together.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSideboard {
    pub zone: String,
    #[serde(default)]
    pub size: Option<RawCountRule>,
    /// Cited when a copies rule is broken only by counting the sideboard too.
    pub copies: String,
    /// Cited instead when that rule has a `filter:` (a deck-construction effect).
    #[serde(default)]
    pub effects: Option<String>,
    pub clause: String,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCountRule {
    pub exactly: u32,
    pub clause: String,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCopiesRule {
    pub count: u32,
    /// Cards count as copies of each other when these properties match (e.g. name and type).
    pub same: Vec<String>,
    pub clause: String,
    /// Only cards matching this card query count (`'"1デッキ1枚制限" in keywords'`).
    #[serde(default)]
    pub filter: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawMinType {
    #[serde(rename = "type")]
    pub ty: String,
    pub count: u32,
    pub clause: String,
}
