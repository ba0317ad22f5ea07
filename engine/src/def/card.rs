//! Card definitions (a card's printed information) and loading them from pack files.
use super::ability::{build, AbilityDef, RawAbility, Src};
use super::files;
use super::game::{FieldDef, GameDef, Named};
use super::raw::FieldType;
use crate::error::{Lines, LoadError, LoadErrors, Location};
use crate::value::Value;
use indexmap::IndexMap;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One card's printed information.
#[derive(Clone, Debug)]
pub struct CardDef {
    pub named: Named,
    pub card_type: usize,
    pub subtype: Option<usize>,
    /// Game-declared fields (e.g. hp, attributes, skills), checked against the definition.
    pub fields: IndexMap<String, Value>,
    pub text: Option<String>,
    /// Abilities printed on the card (801), in order.
    pub abilities: Vec<AbilityDef>,
    pub location: Location,
    /// Where each field is written (for errors in expression fields at run time).
    pub field_at: IndexMap<String, Location>,
}

impl CardDef {
    pub fn field(&self, name: &str) -> &Value {
        static NULL: Value = Value::Null;
        self.fields.get(name).unwrap_or(&NULL)
    }
    pub fn int(&self, name: &str) -> i64 {
        self.field(name).as_int().unwrap_or(0)
    }
}

/// All cards available to a game, by id, in load order.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    pub cards: Vec<CardDef>,
    pub by_id: IndexMap<String, usize>,
    /// Per card: whether it has a static ability with a continuous effect (805), so the
    /// layer pass can skip the others.
    pub has_static: Vec<bool>,
    /// Whether some card's static ability changes `abilities` (809.1c).
    pub changes_abilities: bool,
    /// Triggered abilities by the event they listen to (807.2).
    pub triggers: IndexMap<String, Vec<(usize, usize)>>,
    /// Ids of cards whose entry could not be read (their error is reported where they are),
    /// so a deck listing one says so instead of "no pack defines it".
    pub broken: Vec<String>,
}

impl CardDb {
    /// (card, ability) pairs of triggered abilities that listen to `event`, in card order.
    pub fn triggers_for(&self, event: &str) -> &[(usize, usize)] {
        self.triggers.get(event).map_or(&[], |v| v.as_slice())
    }

    pub fn get(&self, id: &str) -> Option<&CardDef> {
        self.by_id.get(id).map(|&i| &self.cards[i])
    }
}

/// A card file: `cards:`, a list of cards.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCardFile {
    cards: Vec<RawCard>,
}

/// One card: id, names, type, text, abilities, and the game's card fields (e.g. hp, skills).
#[derive(Deserialize, schemars::JsonSchema)]
pub struct RawCard {
    id: String,
    name: String,
    #[serde(default)]
    name_en: Option<String>,
    #[serde(rename = "type")]
    ty: String,
    #[serde(default)]
    subtype: Option<String>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    abilities: Vec<RawAbility>,
    #[serde(flatten)]
    #[schemars(with = "IndexMap<String, serde_json::Value>")]
    fields: IndexMap<String, serde_yaml::Value>,
}

/// Loads every card file (`*.yaml` with a `cards:` list) under `dir`, in path order; files are
/// read only inside `dir` (see [`super::files`]).
pub fn load_cards(game: &GameDef, dir: &Path, db: &mut CardDb) -> Result<(), LoadErrors> {
    let files = files::walk(
        dir,
        |d| !is_not_cards_folder(d),
        |p| {
            p.extension().is_some_and(|e| e == "yaml" || e == "yml")
                && p.file_name().is_some_and(|n| n != "pack.yaml")
        },
    );
    let mut errors = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(dir)
            .unwrap_or(&f)
            .to_string_lossy()
            .to_string();
        let text = match files::read_confined(dir, &rel, &Location::file(&f)) {
            Ok((_, t)) => t,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if !text.lines().any(|l| l.starts_with("cards:")) {
            errors.push(not_a_card_file(&f));
            continue;
        }
        if let Err(e) = parse_cards(game, &f, &text, db) {
            errors.extend(e.0);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(LoadErrors(errors))
    }
}

/// Folders of a pack that hold no cards: its `decks/` and `scenarios/` (a file's kind comes
/// from where it is, never from what it holds).
pub fn is_not_cards_folder(dir: &Path) -> bool {
    dir.file_name()
        .is_some_and(|n| n == "decks" || n == "scenarios")
}

/// A YAML file where card files go that is not one.
pub fn not_a_card_file(file: &Path) -> LoadError {
    LoadError::new(
        Location::file(file),
        "not a card file: a YAML file of a pack (besides pack.yaml) is a card file with a top-level `cards:` list",
    )
    .hint("put decks in the pack's decks/ folder and scenarios in scenarios/")
}

/// The folder a card file's `@file.lua:name` references resolve in: its pack (the folder right
/// under the game's `packs/`), else the card file's own folder.
pub fn pack_root(game: &GameDef, file: &Path) -> PathBuf {
    let own = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let packs = game.dir.join("packs");
    if let Ok(rest) = file.strip_prefix(&packs) {
        let mut parts = rest.components();
        if let (Some(first), Some(_)) = (parts.next(), parts.next()) {
            return packs.join(first);
        }
    }
    own
}

/// The cards of a card file. When the file does not parse, each card is parsed on its own, so
/// one broken card is reported without hiding the others (nor making decks that list them wrong).
fn read_card_file(file: &Path, text: &str) -> (Vec<RawCard>, Vec<String>, Vec<LoadError>) {
    let first = match super::yaml::from_str::<RawCardFile>(file, text) {
        Ok(raw) => return (raw.cards, Vec::new(), Vec::new()),
        Err(e) => e,
    };
    // `cards:` as a map of id → count is a deck where card files go.
    if let Ok(serde_yaml::Value::Mapping(m)) = serde_yaml::from_str::<serde_yaml::Value>(text) {
        if m.get("cards").is_some_and(serde_yaml::Value::is_mapping) {
            let mut e = not_a_card_file(file);
            e.location = Location::find(file, text, "cards");
            e.message = "this is a deck (`cards:` maps ids to counts), not a card file".into();
            return (Vec::new(), Vec::new(), vec![e]);
        }
    }
    let Some(items) = super::yaml::list_items(text, "cards") else {
        return (Vec::new(), Vec::new(), vec![first]);
    };
    let mut cards = Vec::new();
    let mut broken = Vec::new();
    let mut errors = vec![first];
    for (i, item) in items.iter().enumerate() {
        match serde_yaml::from_str::<RawCardFile>(item) {
            Ok(r) => cards.extend(r.cards),
            Err(e) => {
                broken.extend(entry_id(item));
                let mut e = LoadError::yaml(file, &e);
                // Parsed alone, the entry is cards[0]; say which it is in the file.
                if let Some(rest) = e.message.strip_prefix("cards[0]") {
                    e.message = format!("cards[{i}]{rest}");
                }
                if !errors.iter().any(|x| x.location == e.location) {
                    errors.push(e);
                }
            }
        }
    }
    (cards, broken, errors)
}

/// The `id:` of a card entry that does not read as a card.
fn entry_id(item: &str) -> Option<String> {
    let v: serde_yaml::Value = serde_yaml::from_str(item).ok()?;
    let id = v.get("cards")?.get(0)?.get("id")?;
    id.as_str().map(str::to_string)
}

/// Parses one card file's text into `db`.
pub fn parse_cards(
    game: &GameDef,
    file: &Path,
    text: &str,
    db: &mut CardDb,
) -> Result<(), LoadErrors> {
    let (raw_cards, broken, mut errors) = read_card_file(file, text);
    db.broken.extend(broken);
    let lines = Lines::new(text);
    let root = pack_root(game, file);
    let mut from = 0usize;
    for rc in raw_cards {
        let found = lines.find(&rc.id, from);
        let card_start = found.unwrap_or(from);
        let loc = lines.locate(file, &rc.id, from);
        from = found.map_or(from, |i| i + rc.id.len());
        let at = |needle: &str| {
            let mut l = lines.locate(file, needle, from);
            if l.line == 0 {
                l = loc.clone();
            }
            l
        };
        if db.by_id.contains_key(&rc.id) {
            errors.push(
                LoadError::new(loc.clone(), format!("duplicate card id \"{}\"", rc.id))
                    .hint("every card id must be unique"),
            );
            continue;
        }
        let Some(card_type) = game.card_type(&rc.ty) else {
            let known: Vec<_> = game
                .card_types
                .iter()
                .map(|t| t.named.id.as_str())
                .collect();
            errors.push(
                LoadError::new(at(&rc.ty), format!("unknown card type \"{}\"", rc.ty))
                    .hint(format!("use one of: {}", known.join(", "))),
            );
            continue;
        };
        let tdef = &game.card_types[card_type];
        let subtype = match &rc.subtype {
            None => None,
            Some(s) => match tdef.subtypes.iter().position(|t| &t.id == s) {
                Some(i) => Some(i),
                None => {
                    errors.push(LoadError::new(
                        at(s),
                        format!("unknown subtype \"{s}\" for card type \"{}\"", rc.ty),
                    ));
                    None
                }
            },
        };
        let src = Src {
            file,
            lines: &lines,
            root: &root,
            card: &rc.id,
            from: card_start,
            game,
        };
        let mut fields = IndexMap::new();
        let mut field_at = IndexMap::new();
        for (k, v) in &rc.fields {
            let Some(fd) = game.fields.get(k) else {
                let hint = did_you_mean(k, game.fields.keys().map(|s| s.as_str()));
                errors.push(
                    LoadError::new(at(k), format!("card {}: unknown field \"{k}\"", rc.id))
                        .hint(hint),
                );
                continue;
            };
            match convert(fd, v) {
                Ok(val) => {
                    if let (FieldType::Expr, Value::Str(s)) = (fd.ty, &val) {
                        // Parsed and its names checked now, not when a game first needs it.
                        src.expr(s, k, &mut errors);
                    }
                    fields.insert(k.clone(), val);
                    field_at.insert(k.clone(), at(k));
                }
                Err(msg) => errors.push(LoadError::new(
                    at(k),
                    format!("card {}: field \"{k}\": {msg}", rc.id),
                )),
            }
        }
        for req in &tdef.required {
            // A field given with a wrong value, or a near miss of its name, is reported already.
            let near_miss = rc.fields.keys().any(|k| {
                did_you_mean(k, std::iter::once(req.as_str())).starts_with("did you mean")
            });
            if !fields.contains_key(req) && !rc.fields.contains_key(req) && !near_miss {
                errors.push(LoadError::new(
                    loc.clone(),
                    format!(
                        "card {}: a {} card needs the field \"{req}\"",
                        rc.id, tdef.named.id
                    ),
                ));
            }
        }
        let abilities: Vec<AbilityDef> = rc
            .abilities
            .into_iter()
            .map(|a| build(&src, a, &mut errors))
            .collect();
        for a in &abilities {
            for m in &a.modify {
                if game.field_layer(&m.field).is_none() {
                    errors.push(
                        LoadError::new(loc.clone(), format!("card {}: ability 「{}」 changes \"{}\", which is in no layer (809.1)", rc.id, a.name, m.field))
                            .hint("list the field under one of the game's `layers:`"),
                    );
                }
            }
        }
        for a in &abilities {
            // 802.3: the zones an ability names must be the game's.
            for z in a.zones.iter().flatten() {
                if game.zone_index(z).is_none() {
                    let hint = did_you_mean(z, game.zones.iter().map(|d| d.named.id.as_str()));
                    errors.push(
                        LoadError::new(
                            lines.locate(file, z, card_start),
                            format!("card {}: ability 「{}」 lists the zone \"{z}\", which the game does not declare", rc.id, a.name),
                        )
                        .hint(hint),
                    );
                }
            }
            for m in &a.modify {
                if let Some(e) = check_modify(game, m) {
                    let mut at = lines.locate(file, &format!("field: {}", m.field), card_start);
                    if at.line == 0 {
                        at = lines.locate(file, &m.field, card_start);
                    }
                    errors.push(LoadError::new(
                        at,
                        format!("card {}: ability 「{}」 {e}", rc.id, a.name),
                    ));
                }
            }
        }
        for (ai, a) in abilities.iter().enumerate() {
            if let (super::ability::AbilityKind::Triggered, Some(ev)) = (a.kind, &a.when) {
                db.triggers
                    .entry(ev.clone())
                    .or_default()
                    .push((db.cards.len(), ai));
            }
        }
        // 809.1c: where a layer lists `abilities`, it is a field: the names of the card's abilities.
        if game.field_layer(ABILITIES).is_some() {
            let names = abilities
                .iter()
                .map(|a| Value::Str(a.name.clone()))
                .collect();
            fields.insert(ABILITIES.to_string(), Value::List(names));
        }
        db.changes_abilities |=
            (abilities.iter()).any(|a| a.modify.iter().any(|m| m.field == ABILITIES));
        db.by_id.insert(rc.id.clone(), db.cards.len());
        db.has_static.push(
            abilities
                .iter()
                .any(|a| a.kind == super::ability::AbilityKind::Static && !a.modify.is_empty()),
        );
        db.cards.push(CardDef {
            named: Named {
                id: rc.id,
                name: rc.name,
                name_en: rc.name_en,
            },
            card_type,
            subtype,
            fields,
            text: rc.text,
            abilities,
            location: loc,
            field_at,
        });
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(LoadErrors(errors))
    }
}

/// The field that lists a card's abilities by name, where a layer names it (809.1c).
pub const ABILITIES: &str = "abilities";

/// A swap exchanges two fields of one layer with the same type.
pub fn swap_problem(game: &GameDef, field: &str, other: &str) -> Option<String> {
    let (Some(a), Some(b)) = (game.fields.get(field), game.fields.get(other)) else {
        return Some(format!(
            "swap \"{field}\" with \"{other}\": both must be card fields"
        ));
    };
    if a.ty != b.ty || game.field_layer(field) != game.field_layer(other) {
        return Some(format!(
            "swap \"{field}\" with \"{other}\": the two fields need one type and one layer"
        ));
    }
    None
}

/// 809: a printed change's value against the field's declared type.
fn check_modify(game: &GameDef, m: &super::ability::Modify) -> Option<String> {
    use super::ability::{Amount, ModifyOp};
    let fd = game.fields.get(&m.field)?;
    let int = Value::Int(0);
    let (op, v) = match &m.op {
        ModifyOp::Add(Amount::Const(v)) => ("add", v),
        ModifyOp::Add(Amount::Expr(..)) => ("add", &int),
        ModifyOp::Mul(Amount::Const(v)) | ModifyOp::Div(Amount::Const(v)) => ("add", v),
        ModifyOp::Mul(Amount::Expr(..)) | ModifyOp::Div(Amount::Expr(..)) => ("add", &int),
        ModifyOp::Set(Amount::Const(v)) => ("set", v),
        ModifyOp::Set(Amount::Expr(..)) => ("set", &int),
        ModifyOp::SetAlways(Amount::Const(v)) => ("set", v),
        ModifyOp::SetAlways(Amount::Expr(..)) => ("set", &int),
        ModifyOp::Swap(other) => return swap_problem(game, &m.field, other),
        ModifyOp::Grant(v) => ("grant", v),
        ModifyOp::Remove(v) => ("remove", v),
    };
    fd.check_change(op, v)
        .err()
        .map(|e| format!("{op} \"{}\": {e}", m.field))
}

fn convert(fd: &FieldDef, v: &serde_yaml::Value) -> Result<Value, String> {
    use serde_yaml::Value as Y;
    match (fd.ty, v) {
        (FieldType::Int, Y::Number(n)) => n
            .as_i64()
            .map(Value::Int)
            .ok_or_else(|| format!("expected an integer, found {n}")),
        (FieldType::Str | FieldType::Expr, Y::String(s)) => Ok(Value::Str(s.clone())),
        (FieldType::StrList, Y::Sequence(items)) => items
            .iter()
            .map(|i| match i {
                Y::String(s) => Ok(Value::Str(s.clone())),
                other => Err(format!(
                    "expected a list of strings, found {}",
                    yaml_type(other)
                )),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::List),
        (FieldType::Records, Y::Sequence(items)) => {
            let mut out = Vec::new();
            for (n, item) in items.iter().enumerate() {
                let Y::Mapping(m) = item else {
                    return Err(format!(
                        "item {} should be a map, found {}",
                        n + 1,
                        yaml_type(item)
                    ));
                };
                let mut rec = IndexMap::new();
                for (k, v) in m {
                    let Some(k) = k.as_str() else {
                        return Err(format!("item {}: keys must be strings", n + 1));
                    };
                    let Some(sub) = fd.items.get(k) else {
                        let hint = did_you_mean(k, fd.items.keys().map(|s| s.as_str()));
                        return Err(format!("item {}: unknown key \"{k}\" ({hint})", n + 1));
                    };
                    rec.insert(
                        k.to_string(),
                        convert(sub, v).map_err(|e| format!("item {}: {k}: {e}", n + 1))?,
                    );
                }
                for (k, sub) in &fd.items {
                    if !sub.optional && !rec.contains_key(k) {
                        return Err(format!("item {}: missing \"{k}\"", n + 1));
                    }
                }
                out.push(Value::Map(rec));
            }
            Ok(Value::List(out))
        }
        (ty, other) => Err(format!(
            "expected {}, found {}",
            type_word(ty),
            yaml_type(other)
        )),
    }
}

fn type_word(t: FieldType) -> &'static str {
    match t {
        FieldType::Int => "an integer",
        FieldType::Str => "a string",
        FieldType::StrList => "a list of strings",
        FieldType::Records => "a list of maps",
        FieldType::Expr => "an expression (a string)",
    }
}

fn yaml_type(v: &serde_yaml::Value) -> &'static str {
    use serde_yaml::Value as Y;
    match v {
        Y::Null => "nothing",
        Y::Bool(_) => "a boolean",
        Y::Number(_) => "a number",
        Y::String(_) => "a string",
        Y::Sequence(_) => "a list",
        Y::Mapping(_) => "a map",
        Y::Tagged(_) => "a tagged value",
    }
}

/// `did you mean "x"?` for the closest known name, or the list of known names.
pub fn did_you_mean<'a>(word: &str, known: impl Iterator<Item = &'a str>) -> String {
    let known: Vec<&str> = known.collect();
    let best = known
        .iter()
        .map(|k| (edit_distance(word, k), *k))
        .min_by_key(|(d, _)| *d);
    match best {
        Some((d, k)) if d <= 2.max(word.chars().count() / 3) => format!("did you mean \"{k}\"?"),
        _ => format!("known: {}", known.join(", ")),
    }
}

pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}
