//! An ability as a card's YAML writes it, before validation (ability.rs builds it).
use serde::Deserialize;

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawAbility {
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    /// A kernel kind (static, activated, triggered, delayed, command, skill) or a name the
    /// game gives one in `ability_kinds:` (自動γ, 起動, …).
    pub kind: String,
    #[serde(default)]
    pub ex_skill: bool,
    #[serde(default)]
    pub non_cumulative: bool,
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub when: Option<String>,
    #[serde(default)]
    pub when_state: Option<String>,
    #[serde(default, rename = "if")]
    pub condition: Option<String>,
    #[serde(default)]
    pub applies_to: Option<String>,
    #[serde(default)]
    pub modify: Vec<RawModify>,
    #[serde(default)]
    pub replaces: Option<String>,
    #[serde(default)]
    pub optional: bool,
    /// A triggered ability of a card in a hidden zone: playing it reveals the card until the
    /// ability leaves the chain (Victory Spark 4.5.1–4.5.3).
    #[serde(default)]
    pub reveal: bool,
    #[serde(default)]
    pub effect: Option<String>,
    /// Runs only in a game whose `card_hooks:` declares it (else a load error).
    #[serde(default, rename = "condition")]
    pub condition_hook: Option<String>,
    /// Runs only in a game whose `card_hooks:` declares it (else a load error).
    #[serde(default)]
    pub cost: Option<String>,
    /// Runs only in a game whose `card_hooks:` declares it (else a load error).
    #[serde(default)]
    pub targets: Option<String>,
    #[serde(default)]
    pub replace: Option<String>,
    #[serde(default)]
    pub base: Option<String>,
    #[serde(default)]
    pub modify_damage: Option<String>,
    #[serde(default)]
    pub splash: Option<String>,
    #[serde(default)]
    pub fails: Option<String>,
    #[serde(default)]
    pub skill: Option<String>,
    #[serde(default)]
    pub per_turn: Option<u32>,
    #[serde(default)]
    pub prohibits: Vec<String>,
    #[serde(default)]
    pub zones: Option<Vec<String>>,
    #[serde(default)]
    pub defining: bool,
    /// Text that survives negation (東方VISION 12.4 【】): the game's `ability_valid_if` does not
    /// apply to it; it still works only where the ability is valid.
    #[serde(default)]
    pub unnegatable: bool,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawModify {
    pub field: String,
    #[schemars(with = "Option<serde_json::Value>")]
    #[serde(default)]
    pub add: Option<serde_yaml::Value>,
    #[schemars(with = "Option<serde_json::Value>")]
    #[serde(default)]
    pub set: Option<serde_yaml::Value>,
    #[schemars(with = "Option<serde_json::Value>")]
    #[serde(default)]
    pub grant: Option<serde_yaml::Value>,
    #[schemars(with = "Option<serde_json::Value>")]
    #[serde(default)]
    pub remove: Option<serde_yaml::Value>,
    /// Multiply the field (an integer or an expression), or divide it with the layer's
    /// `rounding` (Victory Spark 7.8.1.3).
    #[schemars(with = "Option<serde_json::Value>")]
    #[serde(default)]
    pub mul: Option<serde_yaml::Value>,
    #[schemars(with = "Option<serde_json::Value>")]
    #[serde(default)]
    pub div: Option<serde_yaml::Value>,
    /// Exchange this field's value with another field of its layer.
    #[serde(default)]
    pub swap: Option<String>,
    /// With `set:`: a change marked "always", ordered by the layer's `order`.
    #[serde(default)]
    pub always: bool,
}
