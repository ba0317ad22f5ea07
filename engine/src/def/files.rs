//! Files a definition refers to, read only inside their root folder: no absolute paths, no
//! `..` or symlink leading out, only regular files (never a FIFO, device or folder), and at
//! most [`MAX_FILE_BYTES`] bytes. See docs/game-definition.md "Files a pack may read".
use crate::error::{LoadError, Location};
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The largest YAML or Lua file a game, pack, deck or scenario may have (4 MiB).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Why a referenced file was refused (the message of the error at the referring place).
pub fn refusal(rel: &str, why: &str) -> String {
    format!("cannot use \"{rel}\": {why}")
}

/// Checks `rel` names a regular file inside `root` and returns `root.join(rel)` (the path to
/// show) with its canonical path. `at` is where the reference is written, for the error.
pub fn resolve_confined(
    root: &Path,
    rel: &str,
    at: &Location,
) -> Result<(PathBuf, PathBuf), LoadError> {
    resolve_from(root, Path::new(""), rel, at)
}

/// [`resolve_confined`] for `rel` written relative to `sub`, a folder inside `root`.
pub fn resolve_from(
    root: &Path,
    sub: &Path,
    rel: &str,
    at: &Location,
) -> Result<(PathBuf, PathBuf), LoadError> {
    let fail = |why: &str, hint: &str| {
        LoadError::new(at.clone(), refusal(rel, why)).hint(hint.to_string())
    };
    if Path::new(rel).has_root() || Path::new(rel).is_absolute() {
        return Err(fail(
            "absolute paths are not allowed",
            &format!("name a file inside {} by a relative path", root.display()),
        ));
    }
    let joined = sub.join(rel);
    let rel_path = joined.as_path();
    if rel.is_empty() {
        return Err(fail("no file name", "write a file name, e.g. cards.lua"));
    }
    let mut depth = 0i32;
    for c in rel_path.components() {
        match c {
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::ParentDir => depth -= 1,
            _ => {
                return Err(fail(
                    "not a plain relative path",
                    "use a path like lib/x.lua",
                ))
            }
        }
        if depth < 0 {
            return Err(fail(
                "it leaves its folder (..)",
                &format!("keep the file inside {}", root.display()),
            ));
        }
    }
    let shown = root.join(rel_path);
    let canon_root = root.canonicalize().map_err(|e| {
        fail(
            &format!("the folder {} cannot be read: {e}", root.display()),
            "check the folder exists",
        )
    })?;
    let canon = shown.canonicalize().map_err(|_| {
        fail(
            "no such file",
            &format!("create {} or correct the name", shown.display()),
        )
    })?;
    if !canon.starts_with(&canon_root) {
        return Err(fail(
            "it leads outside its folder (a symlink?)",
            &format!("keep the file inside {}", root.display()),
        ));
    }
    check_regular(&canon).map_err(|why| fail(&why, "name a regular YAML or Lua file"))?;
    Ok((shown, canon))
}

/// Refuses anything but a regular file of at most [`MAX_FILE_BYTES`] (from its metadata, so
/// a FIFO is never opened).
fn check_regular(path: &Path) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read it: {e}"))?;
    if !meta.is_file() {
        return Err(if meta.is_dir() {
            "it is a folder, not a file".into()
        } else {
            "it is not a regular file (a device, FIFO or socket)".into()
        });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(meta.len()));
    }
    Ok(())
}

fn too_big(len: u64) -> String {
    format!("it is {len} bytes; the limit is {MAX_FILE_BYTES} bytes (4 MiB)")
}

/// Reads a regular file of at most [`MAX_FILE_BYTES`], never blocking on a FIFO and never
/// reading more than the limit plus one byte. Errors name the file.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
    let fail = |why: String| {
        LoadError::new(
            Location::file(path),
            refusal(&path.display().to_string(), &why),
        )
    };
    let canon = path.canonicalize().map_err(|e| LoadError::io(path, &e))?;
    check_regular(&canon).map_err(fail)?;
    let f = std::fs::File::open(&canon).map_err(|e| LoadError::io(path, &e))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::io(path, &e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(too_big(bytes.len() as u64)));
    }
    Ok(bytes)
}

/// [`read_bytes`] as UTF-8 text.
pub fn read_regular(path: &Path) -> Result<String, LoadError> {
    String::from_utf8(read_bytes(path)?).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let (line, column) = crate::error::line_col_bytes(e.as_bytes(), at);
        let byte = e.as_bytes().get(at).copied().unwrap_or(0);
        LoadError::new(
            Location {
                file: path.to_path_buf(),
                line,
                column,
            },
            format!("the file is not valid UTF-8 text: invalid UTF-8 (byte {byte:#04x})"),
        )
        .hint("save it as UTF-8")
    })
}

/// [`resolve_confined`] and [`read_regular`]: the text of `rel` inside `root`, with the path
/// to show. `at` is where the reference is written.
pub fn read_confined(
    root: &Path,
    rel: &str,
    at: &Location,
) -> Result<(PathBuf, String), LoadError> {
    let (shown, canon) = resolve_confined(root, rel, at)?;
    let text = read_regular(&canon).map_err(|mut e| {
        e.location.file = shown.clone();
        e
    })?;
    Ok((shown, text))
}

/// Whether `path` (after symlinks) is inside `root` (after symlinks).
pub fn inside(root: &Path, path: &Path) -> bool {
    match (root.canonicalize(), path.canonicalize()) {
        (Ok(r), Ok(p)) => p.starts_with(r),
        _ => false,
    }
}

/// The files under `root` that `keep` accepts, descending into the folders `enter` accepts,
/// sorted. Symlinked folders are followed only inside `root`, each folder once (no cycles).
pub fn walk(
    root: &Path,
    enter: impl Fn(&Path) -> bool,
    keep: impl Fn(&Path) -> bool,
) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(canon_root) = root.canonicalize() else {
        return out;
    };
    let mut seen = std::collections::HashSet::from([canon_root.clone()]);
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            let Ok(ft) = e.file_type() else { continue };
            // A symlinked file is kept (its reader refuses one leading out); a symlinked folder
            // is entered only inside the root.
            let is_dir = if ft.is_symlink() {
                match p.canonicalize() {
                    Ok(c) if c.is_dir() && !c.starts_with(&canon_root) => continue,
                    Ok(c) => c.is_dir(),
                    Err(_) => false,
                }
            } else {
                ft.is_dir()
            };
            if is_dir {
                let Ok(c) = p.canonicalize() else { continue };
                if enter(&p) && seen.insert(c) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_resolve_inside_the_root_only() {
        let root = std::env::temp_dir().join(format!("fuda-files-{}", std::process::id()));
        std::fs::create_dir_all(root.join("units")).expect("mkdir");
        std::fs::write(root.join("lib.lua"), "return {}\n").expect("write");
        let at = Location::file(Path::new("cards.yaml"));
        let ok = |sub: &str, rel: &str| resolve_from(&root, Path::new(sub), rel, &at).is_ok();
        assert!(ok("", "lib.lua") && ok("units", "../lib.lua") && ok("", "./lib.lua"));
        assert!(!ok("", "/etc/passwd") && !ok("units", "../../lib.lua") && !ok("", "../x"));
        assert!(!ok("", "units") && !ok("", "missing.lua") && !ok("", ""));
        let (_, text) = read_confined(&root, "lib.lua", &at).expect("reads");
        assert_eq!(text, "return {}\n");
    }

    fn fresh(name: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("fuda-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("mkdir");
        root
    }

    fn message(r: Result<(PathBuf, PathBuf), LoadError>) -> String {
        r.err().map(|e| e.to_string()).unwrap_or_default()
    }

    /// Each refusal says which reference and why.
    #[test]
    fn a_refusal_names_the_reference_and_the_reason() {
        let root = fresh("why");
        std::fs::create_dir_all(root.join("units")).expect("mkdir");
        let at = Location::file(Path::new("cards.yaml"));
        let why = |sub: &str, rel: &str| message(resolve_from(&root, Path::new(sub), rel, &at));
        assert!(why("units", "../../x.lua")
            .contains("cannot use \"../../x.lua\": it leaves its folder (..)"));
        assert!(why("", "/etc/passwd").contains("absolute paths are not allowed"));
        assert!(why("", "units").contains("it is a folder, not a file"));
        assert!(why("", "none.lua").contains("no such file"));
    }

    /// 4 MiB is allowed, one byte more is not: by the metadata and by what is read.
    #[test]
    fn files_are_read_up_to_four_mib() {
        let root = fresh("size");
        let (at_limit, over) = (root.join("at.lua"), root.join("over.lua"));
        let f = std::fs::File::create(&at_limit).expect("create");
        f.set_len(MAX_FILE_BYTES).expect("size");
        let f = std::fs::File::create(&over).expect("create");
        f.set_len(MAX_FILE_BYTES + 1).expect("size");
        assert_eq!(MAX_FILE_BYTES, 4_194_304);
        assert_eq!(
            read_bytes(&at_limit).map(|b| b.len() as u64).ok(),
            Some(MAX_FILE_BYTES)
        );
        let e = read_bytes(&over)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("it is 4194305 bytes; the limit is 4194304 bytes (4 MiB)"),
            "{e}"
        );
        assert!(check_regular(&at_limit).is_ok() && check_regular(&over).is_err());
    }

    #[test]
    fn inside_follows_both_paths() {
        let root = fresh("inside");
        std::fs::write(root.join("a.lua"), "").expect("write");
        assert!(inside(&root, &root.join("a.lua")));
        assert!(!inside(&root, &std::env::temp_dir()));
        assert!(
            !inside(&root, &root.join("missing.lua")),
            "a path that does not exist"
        );
    }

    /// A symlinked folder is entered only inside the root, and each folder once.
    #[cfg(unix)]
    #[test]
    fn walk_follows_symlinks_inside_the_root_only() {
        use std::os::unix::fs::symlink;
        let (root, outside) = (fresh("walk"), fresh("walk-outside"));
        std::fs::create_dir_all(root.join("packs/a")).expect("mkdir");
        std::fs::write(root.join("packs/a/x.yaml"), "").expect("write");
        std::fs::write(outside.join("secret.yaml"), "").expect("write");
        symlink(&outside, root.join("packs/out")).expect("symlink");
        symlink(root.join("packs"), root.join("packs/a/loop")).expect("symlink");
        symlink(root.join("packs/a/x.yaml"), root.join("packs/y.yaml")).expect("symlink");
        // A symlinked file is listed wherever it leads: its reader refuses one leading out.
        symlink(outside.join("secret.yaml"), root.join("packs/s.yaml")).expect("symlink");
        let found = walk(
            &root,
            |_| true,
            |p| p.extension().is_some_and(|e| e == "yaml"),
        );
        let names: Vec<String> = found
            .iter()
            .map(|p| {
                p.strip_prefix(&root)
                    .expect("under root")
                    .display()
                    .to_string()
            })
            .collect();
        assert_eq!(
            names,
            ["packs/a/x.yaml", "packs/s.yaml", "packs/y.yaml"],
            "{names:?}"
        );
        let at = Location::file(Path::new("pack.yaml"));
        assert!(
            read_confined(&root, "packs/s.yaml", &at).is_err(),
            "leads outside"
        );
        let none = walk(&root, |_| false, |_| true);
        assert!(none.is_empty(), "no folder entered: {none:?}");
    }
}
