//! `fuda cards`: list and search a game's cards with the expression language, or show one.
use fuda_engine::def::card::{CardDef, ABILITIES};
use fuda_engine::def::card_query::{kind_name, matches};
use fuda_engine::def::game::GameDef;
use fuda_engine::Value;
use std::fmt::Write;

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
            Some(e) => matches(game, card, e)?,
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
    // The kernel's `abilities` field repeats the abilities listed at the end.
    for (k, v) in c.fields.iter().filter(|(k, _)| *k != ABILITIES) {
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
