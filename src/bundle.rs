//! A game folder loaded for play: its definition, cards (all packs), decks and Lua host.
use fuda_engine::def::card::{load_cards, CardDb};
use fuda_engine::def::deck::{check_deck, load_deck, DeckDef};
use fuda_engine::def::load::load_game;
use fuda_engine::{Defs, Game, LoadError, LoadErrors, Location};
use fuda_scripting::LuaHost;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A loaded game: definitions shared by every game played with them, and the script host.
pub struct Bundle {
    pub defs: Arc<Defs>,
    pub host: LuaHost,
    pub dir: PathBuf,
}

/// `pack.yaml` of every pack folder under `packs`, sorted.
pub fn pack_manifests(packs: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(packs)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path().join("pack.yaml"))
                .filter(|p| p.exists())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The built-in game: `cards/generic-tcg` under the current folder, else beside the sources.
pub fn default_game_dir() -> PathBuf {
    let local = PathBuf::from("cards/generic-tcg");
    if local.join("game.yaml").exists() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/generic-tcg")
}

impl Bundle {
    /// Loads `dir/game.yaml`, every card file under `dir/packs`, and the game's script.
    pub fn load(dir: &Path) -> Result<Bundle, LoadErrors> {
        let game = load_game(dir)?;
        let mut cards = CardDb::default();
        let packs = game.dir.join("packs");
        if packs.is_dir() {
            for manifest in pack_manifests(&packs) {
                fuda_engine::def::pack::load_manifest(&manifest, &game)?;
            }
            load_cards(&game, &packs, &mut cards)?;
        }
        let host = LuaHost::for_game(&game)?;
        host.load_cards(&cards)?;
        Ok(Bundle {
            dir: game.dir.clone(),
            defs: Arc::new(Defs { game, cards }),
            host,
        })
    }

    /// The same game with one setting changed (to play the other reading of a rule).
    pub fn with_setting(&self, name: &str, value: i64) -> Result<Bundle, String> {
        let mut defs = (*self.defs).clone();
        match defs.game.settings.get_mut(name) {
            Some(v) => *v = value,
            None => return Err(format!("the game has no setting \"{name}\"")),
        }
        let host = LuaHost::for_game(&defs.game).map_err(|e| e.to_string())?;
        host.load_cards(&defs.cards).map_err(|e| e.to_string())?;
        Ok(Bundle {
            defs: Arc::new(defs),
            host,
            dir: self.dir.clone(),
        })
    }

    /// A deck by name (`decks/<name>.yaml`) or by path, checked against the construction rules.
    pub fn deck(&self, name: &str) -> Result<DeckDef, LoadErrors> {
        // A name in the game's decks/ folder (also `vanilla/flame-thunder`), else a path.
        let named = self.dir.join("decks").join(format!("{name}.yaml"));
        let file = if named.exists() {
            named.clone()
        } else {
            Path::new(name).to_path_buf()
        };
        if !file.exists() {
            return Err(LoadError::new(
                Location::file(&file),
                format!(
                    "no deck \"{name}\" (looked for {} and {})",
                    named.display(),
                    file.display()
                ),
            )
            .hint(format!(
                "decks of this game: {}",
                self.deck_names().join(", ")
            ))
            .into());
        }
        let deck = load_deck(&file, &self.defs.cards)?;
        let problems = check_deck(&self.defs.game, &self.defs.cards, &deck);
        if problems.is_empty() {
            Ok(deck)
        } else {
            Err(LoadErrors(
                problems
                    .into_iter()
                    .map(|p| LoadError::new(Location::file(&file), format!("illegal deck: {p}")))
                    .collect(),
            ))
        }
    }

    /// The decks of seats 1 and 2: those given (one given plays both seats), else the first
    /// two of `decks/`.
    pub fn resolve_decks(&self, given: &[String]) -> Result<[String; 2], String> {
        let names = self.deck_names();
        let pick = |i: usize| -> Result<String, String> {
            given
                .get(i)
                .or(given.first())
                .or(names.get(i))
                .or(names.first())
                .cloned()
                .ok_or_else(|| {
                    format!(
                        "no decks given and none in {}",
                        self.dir.join("decks").display()
                    )
                })
        };
        Ok([pick(0)?, pick(1)?])
    }

    /// The names of the decks in `decks/`, sorted.
    pub fn deck_names(&self) -> Vec<String> {
        let mut out: Vec<String> = std::fs::read_dir(self.dir.join("decks"))
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "yaml"))
                    .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        out
    }

    pub fn new_game(&self, decks: [&DeckDef; 2], seed: u64) -> Game {
        Game::new(Arc::clone(&self.defs), decks, seed)
    }
}
