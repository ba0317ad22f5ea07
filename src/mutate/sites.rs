//! Where a game's files can be changed a little (docs/guide/mutation.md): numbers (±1, ×2),
//! comparisons (`>=` ↔ `>`), `and` ↔ `or`, `true` ↔ `false`, a `not` dropped, a Lua `if`
//! condition negated, a Lua statement removed, an ability's `if:` dropped or negated, a zone
//! of `zones:` swapped for another. Text-level, so a mutant is exactly one edit of one file;
//! comments, quoted strings and naming keys (`id:`, `name:`, `text:`, `clause:` …) are left.
use serde::{Deserialize, Serialize};

/// One small change of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mutant {
    /// The file, relative to the folder mutated.
    pub file: String,
    /// 1-based line and column (in characters) of the change.
    pub line: usize,
    pub col: usize,
    /// Byte range in the file replaced by `to`.
    pub start: usize,
    pub end: usize,
    pub from: String,
    pub to: String,
    pub kind: String,
}

impl Mutant {
    /// A stable id: the same file, place and change give the same id in every run.
    pub fn id(&self) -> String {
        format!("{}:{}:{}:{}", self.file, self.start, self.end, self.to)
    }

    pub fn apply(&self, text: &str) -> Option<String> {
        let before = text.get(..self.start)?;
        let after = text.get(self.end..)?;
        Some(format!("{before}{}{after}", self.to))
    }
}

/// YAML keys whose values name or describe things: changing them tests nothing of the rules.
const NAMING_KEYS: [&str; 15] = [
    "id",
    "doc",
    "name",
    "name_en",
    "text",
    "version",
    "clause",
    "clauses",
    "license",
    "languages",
    "description",
    "prompt",
    "label",
    "title",
    "game",
];

#[derive(Clone, Copy, PartialEq)]
pub enum Lang {
    Lua,
    Yaml,
}

/// Every mutant of one file. `zones`: the game's zone ids, for swapping in `zones:` lists.
pub fn mutants(file: &str, text: &str, lang: Lang, zones: &[String]) -> Vec<Mutant> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut in_block_comment = false;
    // YAML block scalars (`effect: |`) hold Lua: their lines are mutated as Lua lines; those
    // of a naming key (`text: >-`, `doc: >-`) are left alone.
    let mut block: Option<(usize, bool)> = None;
    let mut block_next: Option<bool> = None;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let body = line.trim_end_matches(['\n', '\r']);
        let indent = body.len() - body.trim_start().len();
        if lang == Lang::Yaml && !body.trim().is_empty() {
            if let Some(naming) = block_next.take() {
                block = Some((indent, naming));
            } else if block.is_some_and(|(b, _)| indent < b) {
                block = None;
            }
        }
        if block.is_some_and(|(_, naming)| naming) {
            offset += line.len();
            continue;
        }
        let in_block = block.is_some();
        if lang == Lang::Yaml && !in_block {
            let t = body.trim_end();
            let scalar = ["|", "|-", "|+", ">", ">-", ">+"]
                .iter()
                .any(|m| t.ends_with(&format!(": {m}")));
            if scalar {
                let key = yaml_key(body, lang).0;
                block_next = Some(key.is_some_and(|k| NAMING_KEYS.contains(&k)));
            }
        }
        let at = |s: usize| (i + 1, body[..s].chars().count() + 1);
        let mut push = |s: usize, e: usize, to: String, kind: &str| {
            let (l, c) = at(s);
            out.push(Mutant {
                file: file.to_string(),
                line: l,
                col: c,
                start: offset + s,
                end: offset + e,
                from: body[s..e].to_string(),
                to,
                kind: kind.to_string(),
            });
        };
        if lang == Lang::Lua {
            if in_block_comment {
                in_block_comment = !body.contains("]]");
                offset += line.len();
                continue;
            }
            if body.trim_start().starts_with("--[[") {
                in_block_comment = !body.contains("]]");
                offset += line.len();
                continue;
            }
        }
        let (key, value_at) = if in_block {
            (None, 0)
        } else {
            yaml_key(body, lang)
        };
        if key.is_some_and(|k| NAMING_KEYS.contains(&k)) {
            offset += line.len();
            continue;
        }
        if lang == Lang::Yaml && key == Some("if") {
            let v = body[value_at..].trim();
            if !v.is_empty() && v != "|" && v != ">" {
                let s = value_at + body[value_at..].find(v).unwrap_or(0);
                let e = s + v.len();
                push(s, e, "true".into(), "if: dropped");
                let neg = match v.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
                    Some(inner) => format!("\"not ({inner})\""),
                    None => format!("not ({v})"),
                };
                push(s, e, neg, "if: negated");
            }
        }
        if lang == Lang::Yaml && key == Some("zones") {
            zone_swaps(body, value_at, zones, &mut push);
            offset += line.len();
            continue;
        }
        if lang == Lang::Lua || in_block {
            lua_line(body, &mut push);
        }
        let lang = if in_block { Lang::Lua } else { lang };
        tokens(body, value_at, lang, &mut push);
        offset += line.len();
    }
    out
}

/// A YAML line's key (`  hp: 300` → `hp`) and where its value starts.
fn yaml_key(body: &str, lang: Lang) -> (Option<&str>, usize) {
    if lang != Lang::Yaml {
        return (None, 0);
    }
    let t = body.trim_start();
    let lead = body.len() - t.len();
    let t2 = t.strip_prefix("- ").unwrap_or(t);
    let lead = lead + (t.len() - t2.len());
    match t2.find(':') {
        Some(k)
            if t2[..k]
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                && !t2[..k].is_empty() =>
        {
            (Some(&t2[..k]), lead + k + 1)
        }
        _ => (None, 0),
    }
}

fn zone_swaps(
    body: &str,
    from: usize,
    zones: &[String],
    push: &mut impl FnMut(usize, usize, String, &str),
) {
    let mut i = from;
    let b = body.as_bytes();
    while i < b.len() {
        if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &body[s..i];
            if let Some(k) = zones.iter().position(|z| z == word) {
                if zones.len() > 1 {
                    let other = zones[(k + 1) % zones.len()].clone();
                    push(s, i, other, "zone swapped");
                }
            }
        } else {
            i += 1;
        }
    }
}

/// Whole-line Lua mutants: a statement removed, an `if` condition negated.
fn lua_line(body: &str, push: &mut impl FnMut(usize, usize, String, &str)) {
    let t = body.trim();
    let s = body.len() - body.trim_start().len();
    let e = s + t.len();
    if let Some(cond) = t.strip_prefix("if ").and_then(|r| r.strip_suffix(" then")) {
        push(s, e, format!("if not ({cond}) then"), "if negated");
        return;
    }
    let opens = [
        "if ",
        "for ",
        "while ",
        "local function",
        "function",
        "return",
        "end",
        "else",
        "elseif",
        "repeat",
        "until",
        "do",
    ];
    let statement = !t.is_empty()
        && !t.starts_with("--")
        && !opens.iter().any(|o| t.starts_with(o))
        && !t.ends_with(['{', '(', ',', '='])
        && (t.ends_with(')') || t.contains(" = "))
        && !t.contains("function")
        && balanced(t);
    if statement {
        push(s, e, "do end".into(), "statement removed");
    }
}

fn balanced(t: &str) -> bool {
    let mut depth = 0i32;
    for c in t.chars() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// Whether a naming key of a YAML flow mapping (`{ text: …` or `, text: …`) starts at `i`.
fn flow_naming_key(body: &str, i: usize) -> bool {
    let before = body[..i].trim_end();
    if !(before.ends_with('{') || before.ends_with(',')) {
        return false;
    }
    let rest = &body[i..];
    rest.find(':')
        .is_some_and(|k| NAMING_KEYS.contains(&&rest[..k]))
}

/// Token mutants in `body` from byte `from` on, outside comments and quoted strings.
fn tokens(body: &str, from: usize, lang: Lang, push: &mut impl FnMut(usize, usize, String, &str)) {
    let b = body.as_bytes();
    let mut i = from;
    while i < b.len() {
        let c = b[i];
        if !body.is_char_boundary(i) || !c.is_ascii() {
            i += 1;
            continue;
        }
        // Comments end the line; strings are skipped whole.
        if lang == Lang::Lua && body[i..].starts_with("--") {
            return;
        }
        if lang == Lang::Yaml && c == b'#' && (i == 0 || b[i - 1] == b' ') {
            return;
        }
        if body[i..].starts_with("-- ") && (i == 0 || b[i - 1] == b' ') {
            return;
        }
        // A naming key inside a flow mapping (`{ name: 熱血拳, text: …+30 }`): its value is left.
        if lang == Lang::Yaml && flow_naming_key(body, i) {
            let mut quote = None;
            while i < b.len() && (quote.is_some() || (b[i] != b',' && b[i] != b'}')) {
                match (quote, b[i]) {
                    (Some(q), c) if c == q => quote = None,
                    (Some(b'"'), b'\\') => i += 1,
                    (None, c @ (b'"' | b'\'')) => quote = Some(c),
                    _ => {}
                }
                i += 1;
            }
            continue;
        }
        if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_') {
                i += 1;
            }
            let word = &body[s..i];
            let glued = s > 0
                && (b[s - 1].is_ascii_alphanumeric()
                    || b[s - 1] == b'_'
                    || b[s - 1] == b'-' && s > 1 && b[s - 2].is_ascii_alphanumeric()
                    || b[s - 1] == b'.'
                    || !b[s - 1].is_ascii());
            if let (false, Ok(n)) = (glued, word.parse::<i64>()) {
                push(s, i, (n + 1).to_string(), "number +1");
                if n >= 1 {
                    push(s, i, (n - 1).to_string(), "number -1");
                }
                if n >= 2 {
                    push(s, i, (n * 2).to_string(), "number ×2");
                }
            }
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let prev_dot = s > 0 && (b[s - 1] == b'.' || b[s - 1] == b':');
            let to = match &body[s..i] {
                _ if prev_dot => None,
                "and" => Some(("or", "and → or")),
                "or" => Some(("and", "or → and")),
                "true" => Some(("false", "true → false")),
                "false" => Some(("true", "false → true")),
                "not" if b.get(i) == Some(&b' ') => {
                    push(s, i + 1, String::new(), "not dropped");
                    None
                }
                _ => None,
            };
            if let Some((to, kind)) = to {
                push(s, i, to.into(), kind);
            }
            continue;
        }
        let two = body.get(i..i + 2).unwrap_or("");
        let ne = if lang == Lang::Lua { "~=" } else { "!=" };
        let op = match two {
            ">=" => Some((2, ">".to_string())),
            "<=" => Some((2, "<".to_string())),
            "==" => Some((2, ne.to_string())),
            "~=" | "!=" => Some((2, "==".to_string())),
            _ => match c {
                b'>' if b.get(i + 1) != Some(&b'>') => Some((1, ">=".to_string())),
                b'<' if b.get(i + 1) != Some(&b'<') => Some((1, "<=".to_string())),
                _ => None,
            },
        };
        if let Some((len, to)) = op {
            push(i, i + len, to, "comparison");
            i += len;
            continue;
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str, lang: Lang) -> Vec<(String, String)> {
        mutants("f", text, lang, &["hand".into(), "area".into()])
            .into_iter()
            .map(|m| (m.from, m.to))
            .collect()
    }

    #[test]
    fn numbers_comparisons_and_words() {
        let m = kinds("if hp >= 300 and ok then\n", Lang::Lua);
        assert!(m.contains(&(">=".into(), ">".into())));
        assert!(m.contains(&("300".into(), "301".into())));
        assert!(m.contains(&("300".into(), "600".into())));
        assert!(m.contains(&("and".into(), "or".into())));
        assert!(m
            .iter()
            .any(|(_, to)| to == "if not (hp >= 300 and ok) then"));
    }

    #[test]
    fn names_comments_and_strings_are_left() {
        assert!(kinds("id: GT-001\nname: 炎の剣士 2\n", Lang::Yaml).is_empty());
        assert!(kinds("doc: >-\n  0: not 1\nx: 2\n", Lang::Yaml)
            .iter()
            .all(|(f, _)| f == "2"));
        assert!(kinds("x = 1 -- 2 and 3\n", Lang::Lua)
            .iter()
            .all(|(f, _)| f != "2"));
        assert!(kinds("k.log(\"a >= 1\")\n", Lang::Lua)
            .iter()
            .all(|(f, _)| f != ">="));
        // In a flow mapping, a naming key's value is left; the other values are not.
        let flow = kinds("- { name: 拳, cost: 1, text: ダメージ+30 }\n", Lang::Yaml);
        assert!(flow.iter().all(|(f, _)| f == "1"), "{flow:?}");
        assert!(!flow.is_empty());
        // … a quoted value holding a comma is left whole.
        let quoted = kinds("- { id: x, doc: \"a, with 0 and 1\", n: 2 }\n", Lang::Yaml);
        assert!(quoted.iter().all(|(f, _)| f == "2"), "{quoted:?}");
        assert!(!quoted.is_empty());
        assert_eq!(
            kinds("zones: [hand]\n", Lang::Yaml),
            [("hand".into(), "area".into())]
        );
    }
}
