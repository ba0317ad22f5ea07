//! Card queries: the expression language evaluated against one card definition
//! (`fuda cards '"炎" in 属性'`, a deck rule's `filter:`).
use super::ability::AbilityKind;
use super::card::CardDef;
use super::game::GameDef;
use crate::expr::to_grammar;
use fuda_grammar::{Env, Expr, Value as V};

/// Names a query can use about a card: its fields by id or Japanese name, `id`, `name`,
/// `name_en`, `type`, `subtype`, `text`, `skills` (skill names), `abilities` (ability names),
/// `kinds` (ability kinds).
pub struct CardEnv<'a> {
    pub game: &'a GameDef,
    pub card: &'a CardDef,
}

/// What every card has besides the game's fields.
const QUERY_NAMES: [&str; 14] = [
    "id",
    "name",
    "名前",
    "name_en",
    "type",
    "種類",
    "subtype",
    "分類",
    "text",
    "skills",
    "abilities",
    "kinds",
    "true",
    "false",
];
pub const UNKNOWN: &str = "cards have no ";

pub fn kind_name(k: AbilityKind) -> &'static str {
    match k {
        AbilityKind::Static => "static",
        AbilityKind::Activated => "activated",
        AbilityKind::Triggered => "triggered",
        AbilityKind::Delayed => "delayed",
        AbilityKind::Command => "command",
        AbilityKind::Skill => "skill",
    }
}

impl Env for CardEnv<'_> {
    fn lookup(&self, name: &str) -> Result<V, String> {
        let c = self.card;
        let g = self.game;
        Ok(match name {
            "id" => V::Str(c.named.id.clone()),
            "name" | "名前" => V::Str(c.named.name.clone()),
            "name_en" => V::Str(c.named.name_en.clone().unwrap_or_default()),
            "type" | "種類" => V::Str(g.card_types[c.card_type].named.id.clone()),
            "subtype" | "分類" => c.subtype.map_or(V::Null, |s| {
                V::Str(g.card_types[c.card_type].subtypes[s].id.clone())
            }),
            // The card's text and its abilities' texts, one per line.
            "text" => V::Str(
                c.text
                    .iter()
                    .chain(c.abilities.iter().filter_map(|a| a.text.as_ref()))
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            "skills" => V::List(
                c.field("skills")
                    .as_list()
                    .iter()
                    .filter_map(|s| s.get("name").map(to_grammar))
                    .collect(),
            ),
            "abilities" => V::List(c.abilities.iter().map(|a| V::Str(a.name.clone())).collect()),
            "kinds" => V::List(
                c.abilities
                    .iter()
                    .map(|a| V::Str(kind_name(a.kind).into()))
                    .collect(),
            ),
            _ => {
                let field = crate::expr::field_id_in(g, name).ok_or_else(|| {
                    let known = QUERY_NAMES
                        .iter()
                        .copied()
                        .chain(g.fields.keys().map(String::as_str))
                        .chain(g.fields.values().filter_map(|f| f.name.as_deref()));
                    format!(
                        "{UNKNOWN}\"{name}\" ({})",
                        super::card::did_you_mean(name, known)
                    )
                })?;
                to_grammar(c.field(field))
            }
        })
    }
    fn member(&self, base: &V, name: &str) -> Result<V, String> {
        Err(format!("{} has no \"{name}\"", base.describe()))
    }
    fn call(&self, name: &str, _: &[V]) -> Result<V, String> {
        Err(format!("unknown function \"{name}\""))
    }
}

/// Whether `card` matches `query`: a name no card can have is an error, a field this card
/// lacks (e.g. hp of a command) is no match.
pub fn matches(game: &GameDef, card: &CardDef, query: &Expr) -> Result<bool, String> {
    match fuda_grammar::eval(query, &CardEnv { game, card }) {
        Ok(V::Bool(b)) => Ok(b),
        Ok(other) => Err(format!(
            "the query should be true or false, got {}",
            other.describe()
        )),
        Err(e) if e.message.contains(UNKNOWN) => Err(e.message),
        Err(_) => Ok(false),
    }
}
