//! What one kernel → Lua hook call and one Lua → kernel `k.*` call cost (docs/performance.md):
//! `cargo run --release --example crossing`. Copies the 汎用TCG to a temporary folder, adds hooks
//! that loop over one `k.*` function, and times them with the memo of hook results off.
use fuda::bundle::Bundle;
use fuda_engine::{Host, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const HOOKS: &str = r#"
function M.x_empty() return 0 end
function M.x_lua(n) local s = 0 for i = 1, n do s = s + i % 7 end return s end
function M.x_turn(n) local s = 0 for i = 1, n do s = s + k.turn() end return s end
function M.x_count(n) local s = 0 for i = 1, n do s = s + k.count(1, "deck") end return s end
function M.x_cards(n) local s = 0 for i = 1, n do s = s + #k.cards(1, "deck") end return s end
function M.x_counter(n, c) local s = 0 for i = 1, n do s = s + k.counter(c, "damage") end return s end
function M.x_field(n, c) local s = 0 for i = 1, n do s = s + k.field(c, "hp") end return s end
function M.x_name(n, c) local s = 0 for i = 1, n do s = s + #k.name(c) end return s end
"#;

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if e.file_type()?.is_dir() {
            copy_dir(&src, &dst)?;
        } else {
            std::fs::copy(&src, &dst)?;
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("fuda-crossing-{}", std::process::id()));
    copy_dir(&root.join("cards/generic-tcg"), &dir)?;
    let rules = dir.join("rules/rule_processes.lua");
    let text = std::fs::read_to_string(&rules)?;
    let at = text
        .rfind("return M")
        .ok_or("no `return M` in rule_processes.lua")?;
    std::fs::write(&rules, format!("{}{HOOKS}{}", &text[..at], &text[at..]))?;
    let b = Bundle::load(&dir).map_err(|e| e.to_string())?;
    let (x, y) = (b.deck("flame-thunder")?, b.deck("water-grass")?);
    let mut g = b.new_game([&x, &y], 1);
    let card = Value::Int(g.handle(g.obj_id(0)));
    b.host.keep_results(false);
    println!("one iteration of each loop (a hook call for x_empty), nanoseconds:");
    for hook in [
        "x_empty",
        "x_lua",
        "x_turn",
        "x_count",
        "x_cards",
        "x_counter",
        "x_field",
        "x_name",
    ] {
        let (calls, n) = if hook == "x_empty" {
            (100_000, 1)
        } else {
            (10, 20_000)
        };
        let args = [Value::Int(n), card.clone()];
        let t = Instant::now();
        for _ in 0..calls {
            b.host
                .call(&mut g, hook, &args)
                .map_err(|e| format!("{e:?}"))?;
        }
        let ns = t.elapsed().as_nanos() as f64 / (calls * n) as f64;
        println!("  {hook:<10} {ns:>7.1}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
