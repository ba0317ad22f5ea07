//! Finding data files in folders.
use std::path::{Path, PathBuf};

/// The files under `dir` that `keep` accepts, descending into the folders `enter` accepts;
/// sorted. Unreadable folders are skipped; symlinked folders are followed only inside `dir`,
/// and each folder once (see `fuda_engine::def::files::walk`).
pub fn walk(
    dir: &Path,
    enter: impl Fn(&Path) -> bool,
    keep: impl Fn(&Path) -> bool,
) -> Vec<PathBuf> {
    fuda_engine::def::files::walk(dir, enter, keep)
}
