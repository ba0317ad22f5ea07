//! `fuda cards`: list and search a game's cards with the expression language, or show one.
use fuda_engine::def::ability::AbilityKind;
use fuda_engine::def::card::CardDef;
use fuda_engine::def::game::GameDef;
use fuda_engine::expr::to_grammar;
use fuda_engine::Value;
use fuda_grammar::{Env, Value as V};
use std::fmt::Write;

/// Names a query can use about a card: its fields by id or Japanese name, `id`, `name`,
/// `name_en`, `type`, `subtype`, `text`, `skills` (skill names), `abilities` (ability names),
/// `kinds` (ability kinds).
struct CardEnv<'a> {
    game: &'a GameDef,
    card: &'a CardDef,
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
const UNKNOWN: &str = "cards have no ";

fn kind_name(k: AbilityKind) -> &'static str {
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
                let field = fuda_engine::expr::field_id_in(g, name).ok_or_else(|| {
                    let known = QUERY_NAMES
                        .iter()
                        .copied()
                        .chain(g.fields.keys().map(String::as_str))
                        .chain(g.fields.values().filter_map(|f| f.name.as_deref()));
                    format!(
                        "{UNKNOWN}\"{name}\" ({})",
                        fuda_engine::def::card::did_you_mean(name, known)
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

/// The cards matching `query` (all without one), in load order.
pub fn search<'a>(
    game: &GameDef,
    cards: &'a [CardDef],
    query: Option<&str>,
) -> Result<Vec<&'a CardDef>, String> {
    let expr = match query {
        Some(q) => Some(fuda_grammar::parse(q).map_err(|e| e.to_string())?),
        None => None,
    };
    let mut out = Vec::new();
    for card in cards {
        let keep = match &expr {
            None => true,
            Some(e) => match fuda_grammar::eval(e, &CardEnv { game, card }) {
                Ok(V::Bool(b)) => b,
                Ok(other) => {
                    return Err(format!(
                        "the query should be true or false, got {}",
                        other.describe()
                    ))
                }
                // A name no card can have is the query's mistake, never "no cards".
                Err(e) if e.message.contains(UNKNOWN) => return Err(e.message),
                // A field a card does not have (e.g. hp of a command) just does not match.
                Err(_) => false,
            },
        };
        if keep {
            out.push(card);
        }
    }
    Ok(out)
}

fn value_text(v: &Value) -> String {
    match v {
        Value::List(items) if items.iter().all(|i| matches!(i, Value::Map(_))) => items
            .iter()
            .map(|i| match (i.get("name"), i.get("cost"), i.get("damage")) {
                (Some(n), Some(c), d) => format!("{n} {c}/{}", d.cloned().unwrap_or(Value::Int(0))),
                _ => i.to_string(),
            })
            .collect::<Vec<_>>()
            .join("; "),
        Value::List(items) => items
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join("/"),
        other => other.to_string(),
    }
}

/// One line per card: id, names, type, fields, ability kinds.
pub fn line(game: &GameDef, c: &CardDef) -> String {
    let t = &game.card_types[c.card_type];
    let mut s = format!("{} {}", c.named.id, c.named.name);
    if let Some(en) = &c.named.name_en {
        let _ = write!(s, " ({en})");
    }
    let _ = write!(s, " [{}", t.named.name);
    if let Some(st) = c.subtype {
        let _ = write!(s, "・{}", t.subtypes[st].name);
    }
    s.push(']');
    for (k, v) in &c.fields {
        let label = game
            .fields
            .get(k)
            .and_then(|f| f.name.clone())
            .unwrap_or_else(|| k.clone());
        let _ = write!(s, " {label}:{}", value_text(v));
    }
    if !c.abilities.is_empty() {
        let kinds: Vec<&str> = c.abilities.iter().map(|a| kind_name(a.kind)).collect();
        let _ = write!(s, " ⟨{}⟩", kinds.join(", "));
    }
    s
}

/// Everything about one card: fields, text and each ability with its conditions and hooks.
pub fn show(game: &GameDef, c: &CardDef) -> String {
    let mut s = line(game, c);
    let _ = write!(s, "\n  file: {}", c.location);
    if let Some(t) = &c.text {
        let _ = write!(s, "\n  text: {t}");
    }
    for a in &c.abilities {
        let _ = write!(s, "\n  ability 「{}」", a.name);
        if let Some(en) = &a.name_en {
            let _ = write!(s, " ({en})");
        }
        let _ = write!(
            s,
            ": {}{}",
            kind_name(a.kind),
            if a.ex_skill { ", EX skill" } else { "" }
        );
        if let Some(t) = &a.text {
            let _ = write!(s, "\n    text: {t}");
        }
        if let Some(w) = &a.when {
            let _ = write!(s, "\n    when: {w}");
        }
        if let Some((_, src)) = &a.when_state {
            let _ = write!(s, "\n    when_state: {src}");
        }
        if let Some((_, src)) = &a.condition {
            let _ = write!(s, "\n    if: {src}");
        }
        if let Some((_, src)) = &a.applies_to {
            let _ = write!(s, "\n    applies_to: {src}");
        }
        if let Some(r) = &a.replaces {
            let _ = write!(s, "\n    replaces: {r}");
        }
        let hooks: Vec<&str> = a.hooks.iter().map(|(n, _)| n.as_str()).collect();
        if !hooks.is_empty() {
            let _ = write!(s, "\n    hooks: {}", hooks.join(", "));
        }
    }
    s
}
