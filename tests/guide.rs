//! docs/guide/first-card.md is run step by step, so the walk-through cannot rot: `yaml file=…`
//! blocks are written, `sh` blocks are run (with `fuda` being this build), and `text` blocks must
//! be what the command before printed (each of their lines, in order).
use std::path::Path;
use std::process::Command;

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    fuda::files::copy_dir(from, to).expect("the folder copies");
}

/// Splits a command line into words; single or double quotes group words.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if !cur.is_empty() || any {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if !cur.is_empty() || any {
        out.push(cur);
    }
    out
}

#[test]
fn the_first_card_walk_through_works() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/guide/first-card.md")).expect("guide");
    let work = std::env::temp_dir().join(format!("fuda-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    copy_dir(
        &root.join("cards/generic-tcg"),
        &work.join("cards/generic-tcg"),
    );
    let mut last_output = String::new();
    let mut steps = 0;
    let mut rest = doc.as_str();
    while let Some(start) = rest.find("```") {
        let after = &rest[start + 3..];
        let info_end = after.find('\n').expect("fence line");
        let info = after[..info_end].trim();
        let body_and_more = &after[info_end + 1..];
        let end = body_and_more.find("```").expect("closing fence");
        let body = &body_and_more[..end];
        rest = &body_and_more[end + 3..];
        if let Some(file) = info.strip_prefix("yaml file=") {
            let path = work.join(file);
            std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
            std::fs::write(&path, body).expect("write");
        } else if info == "sh" {
            for line in body
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
            {
                let w = words(line);
                assert_eq!(w[0], "fuda", "guide commands start with fuda: {line}");
                let out = Command::new(env!("CARGO_BIN_EXE_fuda"))
                    .args(&w[1..])
                    .current_dir(&work)
                    .output()
                    .expect("runs");
                last_output = String::from_utf8_lossy(&out.stdout).to_string();
                assert!(
                    out.status.success(),
                    "`{line}` failed:\n{last_output}{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                steps += 1;
            }
        } else if info == "text" {
            let mut at = 0;
            for want in body.lines().filter(|l| !l.trim().is_empty()) {
                match last_output[at..].find(want.trim()) {
                    Some(i) => at += i + want.trim().len(),
                    None => panic!("expected output line not found: {want}\nin:\n{last_output}"),
                }
            }
        }
    }
    assert!(steps >= 4, "the guide runs its commands ({steps})");
}

/// The Lua API reference is generated from the API's registry, which documents exactly the
/// functions registered in `k`; docs/guide/lua-api.md is current.
#[test]
fn the_lua_api_reference_is_complete_and_current() {
    let b = fuda::bundle::Bundle::load(&fuda::bundle::default_game_dir()).expect("loads");
    let registered = b.host.api_functions();
    let mut documented: Vec<String> = fuda_scripting::api::doc::API
        .iter()
        .map(|(_, n, ..)| n.to_string())
        .collect();
    documented.sort();
    assert_eq!(
        registered, documented,
        "every k.* function has exactly one entry in scripting/src/api/doc.rs"
    );
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide/lua-api.md"),
    )
    .expect("file");
    assert_eq!(
        committed,
        fuda_scripting::api::doc::markdown().trim_end().to_string() + "\n",
        "run `cargo run -- api > docs/guide/lua-api.md`"
    );
}
