//! Hot reload for `fuda play`: a changed card, pack, script or game file is loaded again before
//! the next decision; if it has an error, the error is shown and the old version stays.
use crate::bundle::Bundle;
use fuda_engine::{Defs, Game, SavedGame};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The contents of a game folder's files, to notice edits.
pub struct Watcher {
    dir: PathBuf,
    seen: Vec<(PathBuf, Vec<u8>)>,
}

impl Watcher {
    pub fn new(dir: &Path) -> Watcher {
        let mut w = Watcher {
            dir: dir.to_path_buf(),
            seen: Vec::new(),
        };
        w.seen = w.read();
        w
    }

    fn read(&self) -> Vec<(PathBuf, Vec<u8>)> {
        // Only regular files inside the folder, never blocking on a FIFO (def::files).
        let list = fuda_engine::def::files::walk(
            &self.dir,
            |_| true,
            |p| {
                p.extension()
                    .is_some_and(|x| x == "yaml" || x == "lua" || x == "svg")
            },
        );
        list.into_iter()
            .map(|p| {
                let bytes = if fuda_engine::def::files::inside(&self.dir, &p) {
                    fuda_engine::def::files::read_bytes(&p).unwrap_or_default()
                } else {
                    Vec::new()
                };
                (p, bytes)
            })
            .collect()
    }

    /// Whether any file changed, appeared or went away since the last call.
    pub fn changed(&mut self) -> bool {
        let now = self.read();
        let changed = now != self.seen;
        self.seen = now;
        changed
    }
}

/// Loads the game folder again and moves `game` onto the new definitions (objects keep their
/// cards, found by id). On an error nothing changes.
pub fn reload(bundle: &mut Bundle, game: &mut Game) -> Result<(), String> {
    let fresh =
        Bundle::load_with_pack(&bundle.dir, bundle.pack.as_deref()).map_err(|e| e.to_string())?;
    let rebound = rebind(game, Arc::clone(&fresh.defs))?;
    *bundle = fresh;
    *game = rebound;
    Ok(())
}

/// `game` with its objects pointing at the same cards (by id) in `defs`.
pub fn rebind(game: &Game, defs: Arc<Defs>) -> Result<Game, String> {
    let old = &game.defs.cards;
    let map: Vec<Option<u16>> = old
        .cards
        .iter()
        .map(|c| defs.cards.by_id.get(&c.named.id).map(|&i| i as u16))
        .collect();
    let remap = |st: &mut fuda_engine::State| -> Result<(), String> {
        for o in st.objects.iter_mut() {
            o.def = map.get(o.def as usize).copied().flatten().ok_or_else(|| {
                format!(
                    "the card {} is in the game but no longer in the packs",
                    old.cards[o.def as usize].named.id
                )
            })?;
        }
        for l in st.lki.iter_mut().flatten() {
            if let Some(Some(d)) = map.get(l.obj.def as usize) {
                std::sync::Arc::make_mut(l).obj.def = *d;
            }
        }
        Ok(())
    };
    let mut saved: SavedGame = game.save();
    // New rules or cards may find something where the old found nothing (engine/src/quiet.rs).
    saved.quiet = None;
    remap(&mut saved.state)?;
    if let Some(snap) = &mut saved.journal.snapshot {
        remap(&mut snap.0)?;
    }
    if let Some(at) = saved.pending.as_mut().and_then(|p| p.at.as_mut()) {
        remap(at)?;
    }
    // Triggers and effects name cards by definition index too.
    for t in &mut saved.state.triggers {
        t.def = map.get(t.def as usize).copied().flatten().unwrap_or(t.def);
    }
    for d in &mut saved.state.delayed {
        d.def = map.get(d.def as usize).copied().flatten().unwrap_or(d.def);
    }
    let mut g = Game::restore(defs, saved)?;
    g.touch();
    Ok(g)
}
