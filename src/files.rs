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

/// Copies the folder `from` to `to` (created), files and subfolders; other entries (symlinks,
/// sockets) are left out. For working on a copy of a game (`fuda mutate`, tests).
pub fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let t = e.file_type()?;
        let dest = to.join(e.file_name());
        if t.is_dir() {
            copy_dir(&e.path(), &dest)?;
        } else if t.is_file() {
            std::fs::copy(e.path(), dest)?;
        }
    }
    Ok(())
}
