//! A card in full as a player sees it (terminal `inspect`): its printed text, its abilities,
//! its characteristics now (with continuous effects, 809) and what is attached to it (905).
use crate::game::Game;
use crate::ids::{CardIdx, PlayerId};
use crate::value::Value;
use std::fmt::Write;

impl Game {
    /// The cards `viewer` may see whose name, English name or id contains `words`, in card order.
    pub fn find_visible(&self, viewer: PlayerId, words: &str) -> Vec<CardIdx> {
        let words = words.trim();
        (0..self.position().objects.len() as CardIdx)
            .filter(|&c| self.can_see(viewer, c))
            .filter(|&c| {
                let d = &self.defs.cards.cards[self.position().objects[c as usize].def as usize];
                !words.is_empty()
                    && (d.named.name.contains(words)
                        || d.named.id == words
                        || d.named
                            .name_en
                            .as_deref()
                            .is_some_and(|e| e.contains(words)))
            })
            .collect()
    }

    /// Everything `viewer` may know of `card`: None if they may not see it.
    pub fn card_detail(&self, viewer: PlayerId, card: CardIdx) -> Option<String> {
        if !self.can_see(viewer, card) {
            return None;
        }
        let g = &self.defs.game;
        let o = &self.position().objects[card as usize];
        let d = &self.defs.cards.cards[o.def as usize];
        let mut s = String::new();
        let en = d
            .named
            .name_en
            .as_deref()
            .map(|e| format!(" ({e})"))
            .unwrap_or_default();
        let ty = &g.card_types[d.card_type];
        let sub = d
            .subtype
            .and_then(|i| ty.subtypes.get(i))
            .map(|t| format!("・{}", t.name))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "{} {}{en} [{}{sub}]",
            d.named.id, d.named.name, ty.named.name
        );
        let zone = g.zone_def(o.zone);
        let _ = writeln!(s, "  場所 (zone): {}", zone.named.name);
        for (f, def) in &g.fields {
            let now = self.field(card, f);
            if now == Value::Null {
                continue;
            }
            let printed = self.printed(card, f);
            let label = def.name.clone().unwrap_or_else(|| f.clone());
            let changed = if printed != now {
                format!(" (印刷 printed: {})", show(&printed))
            } else {
                String::new()
            };
            let _ = writeln!(s, "  {label}: {}{changed}", show(&now));
        }
        if let Some(t) = &d.text {
            let _ = writeln!(s, "  テキスト (text): {t}");
        }
        for a in &d.abilities {
            let en = a
                .name_en
                .as_deref()
                .map(|e| format!(" ({e})"))
                .unwrap_or_default();
            let text = a
                .text
                .as_deref()
                .map(|t| format!(": {t}"))
                .unwrap_or_default();
            let _ = writeln!(s, "  能力「{}」{en} [{:?}]{text}", a.name, a.kind);
        }
        let state = self.card_label(Some(viewer), card);
        let _ = writeln!(s, "  状態 (now): {state}");
        let id = o.id(card);
        let mut attached: Vec<(u32, CardIdx)> = self
            .position()
            .objects
            .iter()
            .enumerate()
            .filter(|(_, a)| a.attached_to == Some(id))
            .map(|(i, a)| (a.attach_seq, i as CardIdx))
            .collect();
        attached.sort();
        for (_, a) in attached {
            let ao = &self.position().objects[a as usize];
            let role = g
                .roles
                .get(ao.role as usize)
                .map_or(String::new(), |r| r.named.name.clone());
            let _ = writeln!(s, "  {role}: {}", self.card_label(Some(viewer), a));
        }
        Some(s)
    }
}

fn show(v: &Value) -> String {
    match v {
        Value::List(items) => items.iter().map(show).collect::<Vec<_>>().join("・"),
        // A record (a skill): its name, then its other values.
        Value::Map(m) => {
            let rest: Vec<String> = m
                .iter()
                .filter(|(k, _)| k.as_str() != "name")
                .map(|(k, v)| format!("{k} {}", show(v)))
                .collect();
            let name = m.get("name").map(show).unwrap_or_default();
            format!("{name} ({})", rest.join(", "))
        }
        Value::Str(s) => s.clone(),
        Value::Int(i) => i.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "—".into(),
    }
}
