//! Finding data files in folders.
use std::path::{Path, PathBuf};

/// The files under `dir` that `keep` accepts, descending into the folders `enter` accepts;
/// sorted. Unreadable folders are skipped.
pub fn walk(
    dir: &Path,
    enter: impl Fn(&Path) -> bool,
    keep: impl Fn(&Path) -> bool,
) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if enter(&p) {
                    stack.push(p);
                }
            } else if keep(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
