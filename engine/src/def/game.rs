//! A validated game definition: what a game is, as the kernel uses it.
use super::program::Program;
use super::raw::{FieldType, HookReturn, RawField, RawVisibility, VarReset};
use crate::ids::{PlayerId, ZoneId};
use crate::value::Value;
use indexmap::IndexMap;
use std::path::PathBuf;

/// A name in Japanese with an optional English name beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    pub id: String,
    pub name: String,
    pub name_en: Option<String>,
}

impl Named {
    /// `名前 (name)` or just `名前`.
    pub fn label(&self) -> String {
        match &self.name_en {
            Some(en) => format!("{} ({en})", self.name),
            None => self.name.clone(),
        }
    }
}

/// Who may see the identity of a card in a zone (302.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    Public,
    Hidden,
    /// Hidden from everyone but the zone's player (e.g. hand, 305.3).
    Owner,
}

impl From<RawVisibility> for Visibility {
    fn from(v: RawVisibility) -> Self {
        match v {
            RawVisibility::Public => Visibility::Public,
            RawVisibility::Hidden => Visibility::Hidden,
            RawVisibility::Owner => Visibility::Owner,
        }
    }
}

/// A kind of zone declared by the game; it has `count` instances per player (or shared).
#[derive(Clone, Debug)]
pub struct ZoneDef {
    pub named: Named,
    pub clause: Option<String>,
    pub shared: bool,
    pub visibility: Visibility,
    pub ordered: bool,
    pub count: u8,
    pub capacity: Option<u16>,
    pub area: bool,
    /// 804.2a-1: a card entering keeps the effects it had just before.
    pub keeps_effects: bool,
    /// The first instance's id; instances are numbered player-major, then slot.
    pub first: u16,
}

#[derive(Clone, Debug)]
pub struct RoleDef {
    pub named: Named,
    pub face_down: bool,
}

#[derive(Clone, Debug)]
pub struct CardTypeDef {
    pub named: Named,
    pub subtypes: Vec<Named>,
    pub required: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct FieldDef {
    pub ty: FieldType,
    pub name: Option<String>,
    pub items: IndexMap<String, FieldDef>,
    pub optional: bool,
}

impl From<&RawField> for FieldDef {
    fn from(f: &RawField) -> Self {
        FieldDef {
            ty: f.ty,
            name: f.name.clone(),
            items: f.items.iter().map(|(k, v)| (k.clone(), v.into())).collect(),
            optional: f.optional,
        }
    }
}

impl FieldDef {
    /// What a value of this field is, for messages.
    pub fn word(&self) -> &'static str {
        match self.ty {
            FieldType::Int => "an integer",
            FieldType::Str => "a string",
            FieldType::Expr => "an expression (a string)",
            FieldType::StrList => "a list of strings",
            FieldType::Records => "a list of records",
        }
    }

    /// Whether `v` is a value of this field's type (records: each item's keys too).
    pub fn check(&self, v: &Value) -> Result<(), String> {
        let ok = match (self.ty, v) {
            (FieldType::Int, Value::Int(_)) => true,
            (FieldType::Str | FieldType::Expr, Value::Str(_)) => true,
            (FieldType::StrList, Value::List(l)) => l.iter().all(|x| matches!(x, Value::Str(_))),
            (FieldType::Records, Value::List(l)) => {
                for item in l {
                    let Value::Map(m) = item else {
                        return Err(format!("{} holds {}", self.word(), item.type_name()));
                    };
                    for (k, x) in m {
                        match self.items.get(k) {
                            Some(sub) => sub.check(x).map_err(|e| format!("{k}: {e}"))?,
                            None => return Err(format!("a record has no \"{k}\"")),
                        }
                    }
                    if let Some((k, _)) = self
                        .items
                        .iter()
                        .find(|(k, d)| !d.optional && !m.contains_key(*k))
                    {
                        return Err(format!("a record needs \"{k}\""));
                    }
                }
                true
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!("needs {}, not {}", self.word(), v.type_name()))
        }
    }

    /// 809: a change a continuous effect makes: `add` needs an integer field, `set` a value of
    /// the field's type, `grant` / `remove` a string of a list-of-strings field.
    pub fn check_change(&self, op: &str, v: &Value) -> Result<(), String> {
        match op {
            "set" => self.check(v),
            "add" if self.ty == FieldType::Int => Ok(()),
            "add" => Err(format!(
                "`add` needs an integer field; this is {}",
                self.word()
            )),
            _ if self.ty == FieldType::StrList && matches!(v, Value::Str(_)) => Ok(()),
            // 809.1d: a record gained or lost, e.g. a skill.
            _ if self.ty == FieldType::Records && matches!(v, Value::Map(_)) => {
                self.check(&Value::List(vec![v.clone()]))
            }
            _ => Err(format!(
                "`{op}` needs a list field and one item (a string, or a record for a list of records); this is {} and {}",
                self.word(),
                v.type_name()
            )),
        }
    }
}

#[derive(Clone, Debug)]
pub struct VarDef {
    pub id: String,
    pub reset: VarReset,
    pub initial: i64,
}

#[derive(Clone, Debug)]
pub struct ActionDef {
    pub named: Named,
    pub clause: String,
    pub group: String,
    pub options: Option<String>,
    pub perform: Option<String>,
    pub can_pay: Option<String>,
    pub pay: Option<String>,
    pub ends_loop: bool,
    pub who: super::timing::Who,
    pub after: super::timing::AfterAction,
}

#[derive(Clone, Debug)]
pub struct RuleProcessDef {
    pub named: Named,
    pub clause: String,
    pub hook: String,
}

/// A phase's name and clause, with its steps' names and clauses (for logs and views).
#[derive(Clone, Debug)]
pub struct PhaseInfo {
    pub named: Named,
    pub clause: Option<String>,
    pub steps: Vec<(Named, Option<String>)>,
}

/// Deck construction rules (e.g. 402.2).
#[derive(Clone, Debug, Default)]
pub struct DeckRules {
    pub zone: Option<usize>,
    pub size: Option<(u32, String)>,
    pub max_copies: Vec<CopiesRule>,
    pub min_of_type: Vec<(usize, u32, String)>,
    pub allowed_types: Option<Vec<usize>>,
    pub types_clause: Option<String>,
    pub sideboard: Option<SideboardRules>,
    /// Further decks each player brings (e.g. 炎炎ノ消防隊 403.1a's flame deck).
    pub extra_decks: Vec<ExtraDeckRules>,
}

/// A further deck: listed in a deck file under its id, with its own rules (`zone` is set).
#[derive(Clone, Debug)]
pub struct ExtraDeckRules {
    pub named: Named,
    /// A deck file must list it.
    pub required: bool,
    pub rules: DeckRules,
}

/// `control:` who controls a card (105.3a; Fire Force 307.8). Either way `k.set_controller`
/// changes it, and a card that becomes a new object goes back to its owner's control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ControlMode {
    /// Its owner, unless an effect gives control to another player.
    #[default]
    Owner,
    /// The player whose area zone instance it is in (cards attached to it follow it).
    Zone,
}

/// How a layer rounds the result of a division (Victory Spark 6.7.3.5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// Toward negative infinity.
    #[default]
    Down,
    /// Toward positive infinity.
    Up,
    /// To the nearest integer, halves away from zero.
    Nearest,
}

/// `rounding:` as written: one rule, or a setting choosing among rules by its value.
#[derive(Clone, Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum RawRounding {
    Fixed(Rounding),
    BySetting {
        setting: String,
        values: Vec<Rounding>,
    },
}

/// A kind of change to a field, for ordering within a layer (`layers[].order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OpClass {
    /// `set:` a value.
    Set,
    /// `swap:` with another field of the layer.
    Swap,
    /// `add:` an amount (a modifier).
    Add,
    /// `set:` with `always: true` (東方VISION 6.1.10.d 常に).
    Always,
    Grant,
    Remove,
    /// `mul:` / `div:` an amount (Victory Spark 7.8.1.3: after ±).
    Mul,
}

/// At most `count` cards of a deck (and its sideboard) alike in `same`, among those matching
/// `filter`.
#[derive(Clone, Debug)]
pub struct CopiesRule {
    pub count: u32,
    pub same: Vec<String>,
    pub clause: String,
    pub filter: Option<(fuda_grammar::Expr, String)>,
}

/// A sideboard (東方VISION 1.2.4): its zone, its size, the clause for copies counted with it.
#[derive(Clone, Debug)]
pub struct SideboardRules {
    pub zone: usize,
    pub size: Option<(u32, String)>,
    pub copies: String,
    pub effects: Option<String>,
    pub clause: String,
}

/// A game definition after validation.
#[derive(Clone, Debug)]
pub struct GameDef {
    pub id: String,
    pub named: Named,
    pub version: String,
    pub players: u8,
    /// The folder holding `game.yaml`.
    pub dir: PathBuf,
    pub file: PathBuf,
    /// Script files, loaded in order.
    pub scripts: Vec<PathBuf>,
    /// The card face template (`face:`), a file inside the game folder.
    pub face: Option<PathBuf>,
    pub zones: Vec<ZoneDef>,
    pub zone_instances: u16,
    pub orientations: Vec<Named>,
    pub flags: Vec<Named>,
    pub counters: Vec<Named>,
    pub object_vars: Vec<Named>,
    /// Which object variables hold a list (`list: true`).
    pub object_var_lists: Vec<bool>,
    pub roles: Vec<RoleDef>,
    pub card_types: Vec<CardTypeDef>,
    pub fields: IndexMap<String, FieldDef>,
    /// Declared events (807.2), the kernel's 移動 first.
    pub events: Vec<super::events::EventDef>,
    pub player_vars: Vec<VarDef>,
    pub game_vars: Vec<VarDef>,
    pub draw_from: usize,
    pub draw_to: usize,
    pub draw_clause: Option<String>,
    pub deck: DeckRules,
    pub program: Program,
    pub phase_names: Vec<PhaseInfo>,
    pub actions: Vec<ActionDef>,
    pub rule_processes: Vec<RuleProcessDef>,
    pub turn_limit: u32,
    /// Play without a decision that is a loop nobody can stop (docs/game-definition.md).
    pub loop_limit: crate::budget::LoopLimit,
    /// The clause each kernel step cites (`kernel_clauses:`).
    pub kernel_clauses: super::kernel_clauses::KernelClauses,
    pub losses: super::timing::LossPolicy,
    pub control: ControlMode,
    pub move_rules: Vec<super::move_rules::MoveRule>,
    pub attachment_keeps_object: bool,
    /// Some(clause): cards enter only their owner's zones (and shared ones).
    pub own_zones_only: Option<Option<String>>,
    /// Loops declared with a count (`loops:`).
    pub loops: Option<crate::loops::LoopsDef>,
    /// Some(clause): the turn player orders cards that share a timestamp (809.3b).
    pub timestamp_ties: Option<Option<String>>,
    /// 809.1c: the layer that lists `abilities` (an ability removed there is not valid).
    pub abilities_layer: Option<usize>,
    pub triggers: super::timing::TriggerPolicy,
    pub priority: super::timing::PriorityDef,
    /// The chain, with its hooks resolved to registry names.
    pub chain: Option<super::timing::ChainDef>,
    pub durations: Vec<super::timing::DurationDef>,
    /// The game's names for ability kinds (`ability_kinds:`).
    pub ability_kinds: indexmap::IndexMap<String, super::ability::AbilityKind>,
    /// Ability names whose effect the game's rules give (`keyword_abilities:`).
    pub keyword_abilities: Vec<String>,
    pub view_fields: Vec<String>,
    /// 809.1b–e: layers in order, with the fields each changes.
    pub layers: Vec<(Named, Option<String>, Vec<String>)>,
    /// Per layer: the order of its operations (empty: all together).
    pub layer_order: Vec<Vec<OpClass>>,
    /// Each layer's rounding of divisions (the setting already applied).
    pub layer_rounding: Vec<Rounding>,
    /// Per layer: the setting its rounding follows, with one rounding per value from 0.
    pub layer_rounding_setting: Vec<Option<(String, Vec<Rounding>)>>,
    /// 802: extra validity condition for abilities of cards in the area.
    pub ability_valid_if: Option<(fuda_grammar::Expr, String)>,
    /// Continuous effects apply only to cards for which this holds (e.g. 306.7a-3).
    pub affected_if: Option<(fuda_grammar::Expr, String)>,
    /// 920.1 for triggered EX skills: the game's success-check hook.
    pub skill_success_check: Option<String>,
    /// Scores a position for a player, for search agents; not a rule.
    pub evaluate: Option<String>,
    /// 802.2a-style: EX skills are valid only while this holds about their unit.
    pub ex_skill_valid_if: Option<(fuda_grammar::Expr, String)>,
    /// Scenario phrases: verb → label words.
    pub phrases: IndexMap<String, String>,
    /// Readings of ambiguous rules chosen by the game (name → value).
    pub settings: IndexMap<String, i64>,
    /// Every script hook the definition names, to be checked against the script.
    pub hooks: Vec<String>,
    /// What each card hook kind returns to the script (`card_hooks:`); undeclared: anything.
    pub card_hooks: IndexMap<String, HookReturn>,
}

impl GameDef {
    /// Plays with another value of a setting (a scenario's `settings:`): what depends on it
    /// at load, a layer's rounding, follows.
    pub fn set_setting(&mut self, name: &str, value: i64) -> Result<(), String> {
        match self.settings.get_mut(name) {
            Some(v) => *v = value,
            None => return Err(format!("the game has no setting \"{name}\"")),
        }
        for (i, by) in self.layer_rounding_setting.iter().enumerate() {
            let Some((setting, values)) = by else {
                continue;
            };
            if setting != name {
                continue;
            }
            let r = usize::try_from(value).ok().and_then(|v| values.get(v));
            let Some(r) = r else {
                return Err(format!(
                    "the setting \"{name}\" is {value}, but layer {}'s rounding lists {} values (one per value from 0)",
                    self.layers[i].0.id,
                    values.len()
                ));
            };
            self.layer_rounding[i] = *r;
        }
        Ok(())
    }

    /// An ability kind by its name in card YAML: the kernel's, or the game's name for one.
    pub fn ability_kind(&self, name: &str) -> Option<super::ability::AbilityKind> {
        super::ability::KINDS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, k)| *k)
            .or_else(|| self.ability_kinds.get(name).copied())
    }

    /// What a card hook of this kind must return to the game's script.
    pub fn hook_return(&self, hook: &str) -> HookReturn {
        self.card_hooks.get(hook).copied().unwrap_or_default()
    }

    /// The layer (809.1) in which changes to `field` apply.
    pub fn field_layer(&self, field: &str) -> Option<usize> {
        self.layers
            .iter()
            .position(|(_, _, fs)| fs.iter().any(|f| f == field))
    }

    /// Whether a card hook of this kind is ever run: by the kernel or the game's script.
    pub fn runs_card_hook(&self, hook: &str) -> bool {
        super::ability::KERNEL_HOOKS.contains(&hook) || self.card_hooks.contains_key(hook)
    }

    /// The declared event `name`.
    pub fn event(&self, name: &str) -> Option<&super::events::EventDef> {
        self.events.iter().find(|e| e.id == name)
    }

    pub fn zone_index(&self, id: &str) -> Option<usize> {
        self.zones.iter().position(|z| z.named.id == id)
    }
    /// The instance of zone kind `zone` for `player` (ignored for shared zones) and `slot`.
    pub fn zone_id(&self, zone: usize, player: PlayerId, slot: u8) -> ZoneId {
        let z = &self.zones[zone];
        let p = if z.shared { 0 } else { player as u16 };
        ZoneId(z.first + p * z.count as u16 + slot as u16)
    }
    /// The kind, player (None if shared) and slot of a zone instance.
    pub fn zone_parts(&self, id: ZoneId) -> (usize, Option<PlayerId>, u8) {
        for (i, z) in self.zones.iter().enumerate() {
            let per = if z.shared { 1 } else { self.players as u16 };
            let n = per * z.count as u16;
            if id.0 >= z.first && id.0 < z.first + n {
                let rel = id.0 - z.first;
                let player = (!z.shared).then_some((rel / z.count as u16) as PlayerId);
                return (i, player, (rel % z.count as u16) as u8);
            }
        }
        (0, None, 0)
    }
    pub fn zone_def(&self, id: ZoneId) -> &ZoneDef {
        &self.zones[self.zone_parts(id).0]
    }
    /// `プレイヤー1のスタンバイ・エリア2`-style label.
    pub fn zone_label(&self, id: ZoneId) -> String {
        let (k, p, slot) = self.zone_parts(id);
        let z = &self.zones[k];
        let mut s = String::new();
        if let Some(p) = p {
            s.push_str(&format!("P{}の", p + 1));
        }
        s.push_str(&z.named.name);
        if z.count > 1 {
            s.push_str(&(slot + 1).to_string());
        }
        s
    }
    pub fn index_of(list: &[Named], id: &str) -> Option<usize> {
        list.iter().position(|n| n.id == id)
    }
    pub fn flag(&self, id: &str) -> Option<usize> {
        Self::index_of(&self.flags, id)
    }
    pub fn counter(&self, id: &str) -> Option<usize> {
        Self::index_of(&self.counters, id)
    }
    pub fn orientation(&self, id: &str) -> Option<usize> {
        Self::index_of(&self.orientations, id)
    }
    pub fn role(&self, id: &str) -> Option<usize> {
        self.roles.iter().position(|r| r.named.id == id)
    }
    pub fn card_type(&self, id: &str) -> Option<usize> {
        self.card_types.iter().position(|t| t.named.id == id)
    }
    pub fn player_var(&self, id: &str) -> Option<usize> {
        self.player_vars.iter().position(|v| v.id == id)
    }
    pub fn game_var(&self, id: &str) -> Option<usize> {
        self.game_vars.iter().position(|v| v.id == id)
    }
}
