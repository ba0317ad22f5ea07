//! Card face templates: an SVG file with `{{…}}` placeholders filled from a card's printed
//! information (docs/faces.md), so a new card gets a face with no drawing.
//!
//! - `{{name}}`, `{{name_en}}`, `{{id}}`, `{{type}}`, `{{type_en}}`, `{{text}}`, `{{body}}`
//!   (the text, each ability's text and each record of a records field, one per line), and
//!   any card field by id (`{{hp}}`; a list reads `炎・水`);
//! - `{{label FIELD}}`: the field's declared name (`HP`, `属性`);
//! - `{{wrap KEY COLUMNS X LINE_HEIGHT}}`: the value as `<tspan>` lines of at most COLUMNS
//!   columns (a wide character takes two);
//! - `{{hue KEY}}`: a hue 0–359 from the value, so cards sharing it share a colour;
//! - `{{uid}}`: the card id made safe for SVG ids (gradients of several faces on one sheet);
//! - `{{#KEY}}…{{/KEY}}` keeps its content when the card has the value, `{{^KEY}}…{{/KEY}}`
//!   when it has not (sections do not nest in themselves).
use fuda_engine::def::card::CardDef;
use fuda_engine::def::game::GameDef;
use fuda_engine::value::Value;

/// Keys every template may use besides the game's card fields.
const KEYS: [&str; 8] = [
    "id", "name", "name_en", "type", "type_en", "text", "body", "uid",
];

/// The face of one card.
pub fn render(template: &str, game: &GameDef, card: &CardDef) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let tag = rest[start + 2..start + len].trim();
        rest = &rest[start + len + 2..];
        if let Some(key) = tag.strip_prefix('#').or_else(|| tag.strip_prefix('^')) {
            let end = format!("{{{{/{key}}}}}");
            let (inner, after) = match rest.find(&end) {
                Some(i) => (&rest[..i], &rest[i + end.len()..]),
                None => (rest, ""),
            };
            if has(game, card, key) == tag.starts_with('#') {
                out.push_str(&render(inner, game, card));
            }
            rest = after;
            continue;
        }
        out.push_str(&fill(tag, game, card));
    }
    out.push_str(rest);
    out
}

/// What is wrong with `template` for this game, each with the line it is on (for
/// `fuda check`, `fuda faces` and `fuda serve`): placeholders naming nothing its cards have,
/// and sections left open.
pub fn problems(template: &str, game: &GameDef) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Vec<(usize, String)> = Vec::new();
    for (i, line) in template.lines().enumerate() {
        let mut rest = line;
        while let Some(s) = rest.find("{{") {
            let Some(e) = rest[s..].find("}}") else { break };
            let tag = rest[s + 2..s + e].trim();
            rest = &rest[s + e + 2..];
            let words: Vec<&str> = tag.split_whitespace().collect();
            let key = match words.as_slice() {
                ["wrap", k, c, x, h] if [c, x, h].iter().all(|n| n.parse::<f64>().is_ok()) => *k,
                ["wrap", ..] => {
                    out.push((
                        i + 1,
                        format!("\"{{{{{tag}}}}}\" must be {{{{wrap KEY COLUMNS X LINE_HEIGHT}}}}"),
                    ));
                    continue;
                }
                ["label", k] | ["hue", k] => k,
                [k] => {
                    if let Some(k) = k.strip_prefix('#').or_else(|| k.strip_prefix('^')) {
                        open.push((i + 1, k.to_string()));
                    } else if let Some(k) = k.strip_prefix('/') {
                        match open.iter().rposition(|(_, o)| o == k) {
                            Some(at) => {
                                open.remove(at);
                            }
                            None => out.push((i + 1, format!("{{{{/{k}}}}} closes no section"))),
                        }
                    }
                    k.trim_start_matches(['#', '^', '/'])
                }
                _ => {
                    out.push((i + 1, format!("\"{{{{{tag}}}}}\" is not a placeholder")));
                    continue;
                }
            };
            if !KEYS.contains(&key) && !game.fields.contains_key(key) {
                out.push((
                    i + 1,
                    format!(
                        "\"{key}\" is not a card field of this game nor one of {}",
                        KEYS.join(", ")
                    ),
                ));
            }
        }
    }
    for (line, k) in open {
        out.push((
            line,
            format!("the section {{{{#{k}}}}} is never closed with {{{{/{k}}}}}"),
        ));
    }
    out
}

fn fill(tag: &str, game: &GameDef, card: &CardDef) -> String {
    let words: Vec<&str> = tag.split_whitespace().collect();
    match words.as_slice() {
        ["label", k] => escape(
            game.fields
                .get(*k)
                .and_then(|f| f.name.as_deref())
                .unwrap_or(k),
        ),
        ["hue", k] => (fnv(&value(game, card, k)) % 360).to_string(),
        ["wrap", k, cols, x, lh] => {
            let cols = cols.parse::<usize>().unwrap_or(20).max(2);
            let mut out = String::new();
            let mut first = true;
            for line in value(game, card, k).lines() {
                for piece in wrap(line, cols) {
                    let dy = if first { "0" } else { lh };
                    first = false;
                    out.push_str(&format!(
                        r#"<tspan x="{x}" dy="{dy}">{}</tspan>"#,
                        escape(&piece)
                    ));
                }
            }
            out
        }
        _ => escape(&value(game, card, tag)),
    }
}

fn has(game: &GameDef, card: &CardDef, key: &str) -> bool {
    !value(game, card, key).is_empty()
}

/// A key's value as text.
fn value(game: &GameDef, card: &CardDef, key: &str) -> String {
    let ty = game.card_types.get(card.card_type);
    match key {
        "id" => card.named.id.clone(),
        "uid" => card
            .named
            .id
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect(),
        "name" => card.named.name.clone(),
        "name_en" => card.named.name_en.clone().unwrap_or_default(),
        "type" => ty.map(|t| t.named.name.clone()).unwrap_or_default(),
        "type_en" => ty.and_then(|t| t.named.name_en.clone()).unwrap_or_default(),
        "text" => card.text.clone().unwrap_or_default(),
        "body" => body(game, card),
        _ => text_of(card.field(key)),
    }
}

/// The card's text, then each ability's text it does not already hold, then each record.
fn body(game: &GameDef, card: &CardDef) -> String {
    let mut lines: Vec<String> = card.text.iter().cloned().collect();
    for a in &card.abilities {
        if let Some(t) = &a.text {
            if !lines.iter().any(|l| l.contains(t.as_str())) {
                lines.push(format!("【{}】{t}", a.name));
            }
        }
    }
    for (id, f) in &game.fields {
        if f.items.is_empty() {
            continue;
        }
        if let Value::List(records) = card.field(id) {
            for r in records {
                lines.push(record_line(r));
            }
        }
    }
    lines.join("\n")
}

/// `火炎斬 — cost 1 · damage 100`.
fn record_line(r: &Value) -> String {
    let Value::Map(m) = r else {
        return text_of(r);
    };
    let head = m.get("name").map(text_of).unwrap_or_default();
    let rest: Vec<String> = m
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "name" | "name_en"))
        .map(|(k, v)| match k.as_str() {
            "text" => text_of(v),
            _ => format!("{k} {}", text_of(v)),
        })
        .collect();
    match (head.is_empty(), rest.is_empty()) {
        (_, true) => head,
        (true, false) => rest.join(" · "),
        (false, false) => format!("{head} — {}", rest.join(" · ")),
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Str(s) => s.clone(),
        Value::List(l) => l.iter().map(text_of).collect::<Vec<_>>().join("・"),
        Value::Map(_) => record_line(v),
    }
}

/// Lines of at most `cols` columns (a wide character is two). ASCII words are not split
/// (unless longer than a line), and closing punctuation (。、」…) never starts a line: it
/// hangs at the end of the one before.
fn wrap(line: &str, cols: usize) -> Vec<String> {
    let width = |s: &str| -> usize { s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum() };
    let mut units: Vec<String> = Vec::new();
    for c in line.chars() {
        let joins = c.is_ascii() && c != ' ';
        match units.last_mut() {
            Some(u) if joins && u.chars().last().is_some_and(|l| l.is_ascii() && l != ' ') => {
                u.push(c)
            }
            _ => units.push(c.to_string()),
        }
    }
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for u in units {
        let hangs = u
            .chars()
            .next()
            .is_some_and(|c| "。、，．・」』）〕】！？ー…,.)".contains(c));
        if width(&cur) + width(&u) > cols && !cur.trim().is_empty() && !hangs {
            out.push(cur.trim_end().to_string());
            cur = String::new();
            if u == " " {
                continue;
            }
        }
        cur.push_str(&u);
        // A word longer than a line is cut.
        while width(&cur) > cols && cur.chars().count() > 1 && !hangs {
            let cut: String = cur.chars().take(cols.max(1)).collect();
            cur = cur[cut.len()..].to_string();
            out.push(cut);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim_end().to_string());
    }
    out
}

pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(wrap("あいうえお", 4), ["あい", "うえ", "お"]);
        assert_eq!(wrap("deal 30 damage", 8), ["deal 30", "damage"]);
        // 「+300」 is not split, and 。 does not start a line.
        assert_eq!(wrap("パワー+300する", 8), ["パワー", "+300する"]);
        assert_eq!(wrap("あいう。", 6), ["あいう。"]);
    }
}
