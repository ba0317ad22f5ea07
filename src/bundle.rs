//! A game folder loaded for play: its definition, cards (all packs), decks and Lua host.
use fuda_engine::def::card::{load_cards, CardDb};
use fuda_engine::def::deck::{check_deck, parse_deck, DeckDef};
use fuda_engine::def::files;
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
    /// A pack played with the game from outside its `packs/` (`--pack`): its cards are
    /// loaded and its `decks/` come first.
    pub pack: Option<PathBuf>,
    /// The game's id and the hash of its definition files, as saves name it.
    pub identity: GameIdentity,
    /// The `--pack`'s id and the hash of its YAML and Lua files, as saves name it.
    pub pack_identity: Option<GameIdentity>,
}

/// Which game a save is of: the game's id and a hash of its definition files (game.yaml, its
/// scripts, and every YAML and Lua file under packs/), the same on every machine.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameIdentity {
    pub id: String,
    pub hash: String,
}

impl GameIdentity {
    /// The identity of the game defined in `game.dir`.
    pub fn of(game: &fuda_engine::def::game::GameDef) -> GameIdentity {
        let mut list: Vec<PathBuf> = vec![game.file.clone()];
        list.extend(game.scripts.iter().cloned());
        list.extend(source_files(&game.dir.join("packs")));
        GameIdentity {
            id: game.id.clone(),
            hash: hash_files(&game.dir, list),
        }
    }

    /// The identity of a pack played from outside its game's packs/ (`--pack`): its id and
    /// the hash of its YAML and Lua files.
    pub fn of_pack(dir: &Path, id: &str) -> GameIdentity {
        GameIdentity {
            id: id.to_string(),
            hash: hash_files(dir, source_files(dir)),
        }
    }
}

/// The YAML and Lua files under `dir`.
fn source_files(dir: &Path) -> Vec<PathBuf> {
    files::walk(
        dir,
        |_| true,
        |p| {
            p.extension()
                .is_some_and(|x| x == "yaml" || x == "yml" || x == "lua")
        },
    )
}

/// A hash of `list` (files inside `root`), by their paths relative to it and their texts.
fn hash_files(root: &Path, list: Vec<PathBuf>) -> String {
    let mut named: Vec<(String, PathBuf)> = list
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(root).unwrap_or(&p);
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect();
            (parts.join("/"), p)
        })
        .collect();
    named.sort();
    named.dedup_by(|a, b| a.0 == b.0);
    let mut h = Fnv::default();
    for (rel, p) in &named {
        h.write(rel.as_bytes());
        h.write(&[0]);
        let read = if files::inside(root, p) {
            files::read_regular(p)
        } else {
            Err(fuda_engine::LoadError::new(Location::file(p), "outside"))
        };
        match read {
            Ok(text) => {
                h.write(&(text.len() as u64).to_le_bytes());
                h.write(text.as_bytes());
            }
            Err(_) => h.write(b"\xffunreadable"),
        }
    }
    format!("fnv1a64:{:016x}", h.0)
}

/// FNV-1a, 64 bits: small, stable across processes and machines.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// `pack.yaml` of every pack folder under `packs`, sorted.
pub fn pack_manifests(packs: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(packs)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path().join("pack.yaml"))
                .filter(|p| p.exists() && files::inside(packs, p))
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
        Self::load_with_pack(dir, None)
    }

    /// [`Bundle::load`] with a pack from anywhere (a folder with a pack.yaml) added.
    pub fn load_with_pack(dir: &Path, pack: Option<&Path>) -> Result<Bundle, LoadErrors> {
        let game = load_game(dir)?;
        let mut cards = CardDb::default();
        let packs = game.dir.join("packs");
        if packs.is_dir() {
            for manifest in pack_manifests(&packs) {
                fuda_engine::def::pack::load_manifest(&manifest, &game)?;
            }
            load_cards(&game, &packs, &mut cards)?;
        }
        // A pack already inside the game's packs/ is loaded above (its decks still come first).
        let mut pack_identity = None;
        if let Some(p) = pack.filter(|p| !files::inside(&packs, p)) {
            let m = fuda_engine::def::pack::load_manifest(&p.join("pack.yaml"), &game)?;
            load_cards(&game, p, &mut cards)?;
            pack_identity = Some(GameIdentity::of_pack(p, &m.id));
        }
        let host = LuaHost::for_game(&game)?;
        host.load_cards(&cards)?;
        Ok(Bundle {
            identity: GameIdentity::of(&game),
            pack_identity,
            dir: game.dir.clone(),
            pack: pack.map(Path::to_path_buf),
            defs: Arc::new(Defs { game, cards }),
            host,
        })
    }

    /// The same game with one setting changed (to play the other reading of a rule).
    pub fn with_setting(&self, name: &str, value: i64) -> Result<Bundle, String> {
        let mut defs = (*self.defs).clone();
        defs.game.set_setting(name, value)?;
        let host = LuaHost::for_game(&defs.game).map_err(|e| e.to_string())?;
        host.load_cards(&defs.cards).map_err(|e| e.to_string())?;
        Ok(Bundle {
            defs: Arc::new(defs),
            host,
            dir: self.dir.clone(),
            pack: self.pack.clone(),
            identity: self.identity.clone(),
            pack_identity: self.pack_identity.clone(),
        })
    }

    /// A deck by name (`decks/<name>.yaml`) or by path, checked against the construction rules.
    pub fn deck(&self, name: &str) -> Result<DeckDef, LoadErrors> {
        self.deck_from(name, false)
    }

    /// A deck named by a save or replay file: a name in the game's decks/ folder, or a relative
    /// path inside the current folder (never an absolute path or one leaving it).
    pub fn saved_deck(&self, name: &str) -> Result<DeckDef, LoadErrors> {
        self.deck_from(name, true)
    }

    fn deck_from(&self, name: &str, from_save: bool) -> Result<DeckDef, LoadErrors> {
        // A name in the pack's or the game's decks/ folder (also `vanilla/flame-thunder`),
        // else a path.
        let decks = self
            .pack
            .as_ref()
            .map(|p| p.join("decks"))
            .filter(|d| d.join(format!("{name}.yaml")).is_file())
            .unwrap_or_else(|| self.dir.join("decks"));
        let rel = format!("{name}.yaml");
        let named = decks.join(&rel);
        let (file, text) = if named.exists() {
            files::read_confined(&decks, &rel, &Location::file(&named))?
        } else if !Path::new(name).exists() {
            return Err(LoadError::new(
                Location::file(Path::new(name)),
                format!(
                    "no deck \"{name}\" (looked for {} and {name})",
                    named.display(),
                ),
            )
            .hint(format!(
                "decks of this game: {}",
                self.deck_names().join(", ")
            ))
            .into());
        } else if from_save {
            files::read_confined(Path::new("."), name, &Location::file(Path::new(name)))
                .map(|(_, t)| (PathBuf::from(name), t))?
        } else {
            let file = PathBuf::from(name);
            let text = files::read_regular(&file)?;
            (file, text)
        };
        let deck = parse_deck(&file, &text, &self.defs.cards)?;
        let problems = check_deck(&self.defs.game, &self.defs.cards, &deck);
        if problems.is_empty() {
            Ok(deck)
        } else {
            Err(LoadErrors(
                problems
                    .into_iter()
                    .map(|p| LoadError::new(p.location(&file, &text), format!("illegal deck: {p}")))
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

    /// The names of the decks in `decks/` (the pack's, if it has any), sorted.
    pub fn deck_names(&self) -> Vec<String> {
        let pack_decks = self.pack.as_ref().map(|p| p.join("decks"));
        let dir = match pack_decks {
            Some(d) if d.is_dir() => d,
            _ => self.dir.join("decks"),
        };
        let mut out: Vec<String> = std::fs::read_dir(dir)
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
