//! Pack manifests (`pack.yaml`): what a pack is and which game (and versions) it needs.
use super::game::GameDef;
use crate::error::{LoadError, LoadErrors, Location};
use serde::Deserialize;
use std::path::Path;

/// A pack's manifest.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackManifest {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_en: Option<String>,
    pub version: String,
    pub game: GameRequirement,
    /// Languages of its texts, e.g. `[ja, en]` (Japanese first).
    #[serde(default)]
    pub languages: Vec<String>,
    #[serde(default)]
    pub license: Option<String>,
}

/// The game a pack is for: its id and a version range like `">=1.2, <2"`.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameRequirement {
    pub id: String,
    #[serde(default)]
    pub version: Option<String>,
    /// Where the game folder is, relative to the pack (for a pack kept outside its game's
    /// `packs/`); without it such a pack is played with the built-in game of this id.
    #[serde(default)]
    pub path: Option<String>,
}

fn parts(v: &str) -> Vec<u64> {
    v.trim()
        .split('.')
        .map(|p| p.trim().parse().unwrap_or(0))
        .collect()
}

fn cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let (mut x, mut y) = (parts(a), parts(b));
    let n = x.len().max(y.len());
    x.resize(n, 0);
    y.resize(n, 0);
    x.cmp(&y)
}

/// Whether `version` satisfies a range such as `">=1.2, <2"` (comparisons joined by commas; a
/// bare version means exactly it).
pub fn satisfies(version: &str, range: &str) -> Result<bool, String> {
    use std::cmp::Ordering::*;
    for part in range.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (op, v) = ["<=", ">=", "==", "<", ">", "="]
            .iter()
            .find_map(|op| part.strip_prefix(op).map(|rest| (*op, rest)))
            .unwrap_or(("=", part));
        if v.trim().is_empty() || !v.trim().chars().all(|c| c.is_ascii_digit() || c == '.') {
            return Err(format!(
                "\"{part}\" is not a version comparison (use e.g. \">=1.2, <2\")"
            ));
        }
        let o = cmp(version, v);
        let ok = match op {
            "<" => o == Less,
            "<=" => o != Greater,
            ">" => o == Greater,
            ">=" => o != Less,
            _ => o == Equal,
        };
        if !ok {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Reads a pack manifest without checking it against a game (to find the game it names).
pub fn read_manifest(file: &Path) -> Result<PackManifest, LoadErrors> {
    let text = super::files::read_regular(file)?;
    Ok(super::yaml::from_str(file, &text)?)
}

/// Reads a pack manifest and checks it is for `game` (id and version).
pub fn load_manifest(file: &Path, game: &GameDef) -> Result<PackManifest, LoadErrors> {
    let text = super::files::read_regular(file)?;
    parse_manifest(file, &text, game)
}

/// Parses a pack manifest's text and checks it is for `game`; `file` names it in errors.
pub fn parse_manifest(file: &Path, text: &str, game: &GameDef) -> Result<PackManifest, LoadErrors> {
    let text = text.to_string();
    let m: PackManifest = super::yaml::from_str(file, &text)?;
    let mut errors = Vec::new();
    if m.game.id != game.id {
        errors.push(
            LoadError::new(
                Location::find(file, &text, &m.game.id),
                format!(
                    "this pack is for the game \"{}\", not \"{}\"",
                    m.game.id, game.id
                ),
            )
            .hint(format!(
                "load it with the game \"{}\", or change game.id",
                m.game.id
            )),
        );
    }
    if let Some(range) = &m.game.version {
        match satisfies(&game.version, range) {
            Ok(true) => {}
            Ok(false) => errors.push(
                LoadError::new(
                    Location::find(file, &text, range),
                    format!(
                        "this pack needs {} version {range}; the game is version {}",
                        game.id, game.version
                    ),
                )
                .hint("widen the range if the pack works with this version"),
            ),
            Err(e) => errors.push(LoadError::new(Location::find(file, &text, range), e)),
        }
    }
    if errors.is_empty() {
        Ok(m)
    } else {
        Err(LoadErrors(errors))
    }
}
