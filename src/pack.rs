//! Packs as folders that work anywhere (docs/guide/packs.md): a pack's folder is the nearest
//! one holding a `pack.yaml`, and its game is found from the pack, never from the current folder.
use fuda_engine::def::load::load_game;
use fuda_engine::def::pack::read_manifest;
use std::path::{Path, PathBuf};

/// The pack folder `path` (a folder or a file) is in: the nearest folder, itself or above,
/// with a `pack.yaml`, not looking above a game folder.
pub fn pack_root_of(path: &Path) -> Option<PathBuf> {
    let start = match path.parent() {
        _ if path.is_dir() => path,
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let start = start.canonicalize().ok()?;
    for d in start.ancestors() {
        if d.join("pack.yaml").is_file() {
            return Some(d.to_path_buf());
        }
        if d.join("game.yaml").is_file() {
            return None;
        }
    }
    None
}

/// The game folder a pack is played with: the game folder it is inside (`<game>/packs/<pack>`),
/// else the folder its manifest's `game.path` names (relative to the pack), else the built-in
/// game with the id its manifest names.
pub fn game_of_pack(pack: &Path) -> Result<PathBuf, String> {
    if let Some(g) = pack
        .ancestors()
        .skip(1)
        .find(|d| d.join("game.yaml").is_file())
    {
        return Ok(g.to_path_buf());
    }
    let file = pack.join("pack.yaml");
    let m = read_manifest(&file).map_err(|e| e.to_string())?;
    if let Some(rel) = &m.game.path {
        let dir = pack.join(rel);
        if Path::new(rel).has_root() || !dir.join("game.yaml").is_file() {
            return Err(format!(
                "{}: game.path \"{rel}\" must name a game folder (with a game.yaml) relative to the pack",
                file.display()
            ));
        }
        return Ok(dir);
    }
    for base in built_in_roots() {
        let Ok(rd) = std::fs::read_dir(&base) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for d in dirs {
            if d.join("game.yaml").is_file() && load_game(&d).is_ok_and(|g| g.id == m.game.id) {
                return Ok(d);
            }
        }
    }
    Err(format!(
        "{}: the pack is for the game \"{}\", which is not a built-in game; give its folder with \
         --game DIR or as game.path in pack.yaml",
        file.display(),
        m.game.id
    ))
}

/// Where the built-in games are: `cards/` under the current folder, then beside the sources.
fn built_in_roots() -> Vec<PathBuf> {
    vec![
        PathBuf::from("cards"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("cards"),
    ]
}

/// The game folder and pack for a command given `--game` and `--pack`: the game given, else
/// the pack's game, else the built-in game. A `--pack` path must be in a pack.
pub fn resolve(
    game: Option<&Path>,
    pack: Option<&Path>,
) -> Result<(PathBuf, Option<PathBuf>), String> {
    let root = match pack {
        Some(p) => Some(pack_root_of(p).ok_or_else(|| {
            format!(
                "{}: not in a pack folder (no pack.yaml here or above)",
                p.display()
            )
        })?),
        None => None,
    };
    let dir = match (game, &root) {
        (Some(g), _) => g.to_path_buf(),
        (None, Some(p)) => game_of_pack(p)?,
        (None, None) => crate::bundle::default_game_dir(),
    };
    Ok((dir, root))
}
