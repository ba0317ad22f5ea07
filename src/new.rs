//! `fuda new`: valid starting files, so a newcomer never starts from a blank page.
use fuda_engine::def::game::GameDef;
use fuda_engine::def::raw::FieldType;
use std::fmt::Write;
use std::path::Path;

const GAME_YAML: &str = include_str!("../tests/games/race/game.yaml");
const GAME_LUA: &str = include_str!("../tests/games/race/rules.lua");
const GAME_CARDS: &str = include_str!("../tests/games/race/packs/numbers.yaml");
const GAME_DECK_LOW: &str = include_str!("../tests/games/race/decks/low.yaml");
const GAME_DECK_HIGH: &str = include_str!("../tests/games/race/decks/high.yaml");

fn write(path: &Path, text: &str) -> Result<(), String> {
    if path.exists() {
        return Err(format!(
            "{} exists already; not overwritten",
            path.display()
        ));
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A small, complete game (数取り, Race to Ten) to start from, under a new id.
pub fn game(dir: &Path, id: &str) -> Result<Vec<String>, String> {
    let yaml = GAME_YAML.replacen("id: race-to-ten", &format!("id: {id}"), 1);
    let files = [
        ("game.yaml", yaml.as_str()),
        ("rules.lua", GAME_LUA),
        ("packs/base/cards.yaml", GAME_CARDS),
        ("decks/low.yaml", GAME_DECK_LOW),
        ("decks/high.yaml", GAME_DECK_HIGH),
    ];
    let mut out = Vec::new();
    for (name, text) in files {
        write(&dir.join(name), text)?;
        out.push(dir.join(name).display().to_string());
    }
    let manifest = format!("id: {id}-base\nname: 基本パック\nname_en: Base pack\nversion: 0.1.0\ngame: {{ id: {id}, version: \">=0.1\" }}\nlanguages: [ja, en]\nlicense: CC0-1.0\n");
    write(&dir.join("packs/base/pack.yaml"), &manifest)?;
    out.push(dir.join("packs/base/pack.yaml").display().to_string());
    Ok(out)
}

/// A pack folder for `game`: a manifest and a card file with one card of the first type.
pub fn pack(dir: &Path, id: &str, game: &GameDef) -> Result<Vec<String>, String> {
    let manifest = format!(
        "# {id}: a pack for {} ({})\nid: {id}\nname: 新しいパック\nname_en: New pack\nversion: 0.1.0\ngame: {{ id: {}, version: \">={}\" }}\nlanguages: [ja, en]\nlicense: CC0-1.0\n",
        game.named.name, game.id, game.id, game.version
    );
    write(&dir.join("pack.yaml"), &manifest)?;
    let cards = format!(
        "cards:\n{}",
        card_entry(
            game,
            &format!("{}-001", id.to_uppercase()),
            None,
            "新しいカード"
        )?
    );
    write(&dir.join("cards.yaml"), &cards)?;
    Ok(vec![
        dir.join("pack.yaml").display().to_string(),
        dir.join("cards.yaml").display().to_string(),
    ])
}

/// A card of `ty` (default: the game's first type) with every required field filled in.
pub fn card_entry(
    game: &GameDef,
    id: &str,
    ty: Option<&str>,
    name: &str,
) -> Result<String, String> {
    let t = match ty {
        Some(t) => game
            .card_types
            .iter()
            .find(|c| c.named.id == t)
            .ok_or_else(|| {
                let known: Vec<&str> = game
                    .card_types
                    .iter()
                    .map(|c| c.named.id.as_str())
                    .collect();
                format!("unknown card type \"{t}\" (types: {})", known.join(", "))
            })?,
        None => game
            .card_types
            .first()
            .ok_or("the game declares no card types")?,
    };
    let mut s = format!(
        "  - id: {id}\n    name: {name}\n    name_en: New card\n    type: {}\n",
        t.named.id
    );
    if let Some(st) = t.subtypes.first() {
        let _ = writeln!(s, "    subtype: {}", st.id);
    }
    for f in &t.required {
        let Some(fd) = game.fields.get(f) else {
            continue;
        };
        let value = match fd.ty {
            FieldType::Int => "1".to_string(),
            FieldType::Str => "\"\"".to_string(),
            FieldType::Expr => "\"true\"".to_string(),
            FieldType::StrList => "[]".to_string(),
            FieldType::Records => {
                let items: Vec<String> = fd
                    .items
                    .iter()
                    .filter(|(_, i)| !i.optional)
                    .map(|(k, i)| match i.ty {
                        FieldType::Int => format!("{k}: 0"),
                        _ => format!("{k}: 新しい{}", fd.name.as_deref().unwrap_or(k)),
                    })
                    .collect();
                format!("[{{ {} }}]", items.join(", "))
            }
        };
        let label = fd
            .name
            .as_ref()
            .map(|n| format!("   # {n}"))
            .unwrap_or_default();
        let _ = writeln!(s, "    {f}: {value}{label}");
    }
    Ok(s)
}

/// Appends a card to a card file (created if missing).
pub fn card(
    file: &Path,
    id: &str,
    ty: Option<&str>,
    name: &str,
    game: &GameDef,
) -> Result<(), String> {
    let entry = card_entry(game, id, ty, name)?;
    let text = match std::fs::read_to_string(file) {
        Ok(t) => {
            if t.contains(&format!("id: {id}\n")) {
                return Err(format!("{} already has a card {id}", file.display()));
            }
            format!("{}\n{entry}", t.trim_end())
        }
        Err(_) => format!("cards:\n{entry}"),
    };
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(file, text).map_err(|e| format!("{}: {e}", file.display()))
}
