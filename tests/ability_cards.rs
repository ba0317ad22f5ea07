//! `k.ability_cards(cards, filter)` lists the cards that `k.abilities(c, filter)` would give a
//! name for, in the list's order (802: valid abilities only unless `all`): checked against the
//! loop it replaces, for every filter the 汎用TCG's rules use, at positions of random games.
mod common;
use fuda::agent::{seat_seed, Agent, RandomAgent};
use fuda::bundle::Bundle;
use fuda_engine::{Host, Status, Value};
use std::path::Path;

const PROBE: &str = r#"
function M.x_ability_cards(p)
  local cards = k.cards(p, "hand")
  for _, z in ipairs({ "main", "standby", "discard" }) do
    for _, c in ipairs(k.cards(p, z)) do cards[#cards + 1] = c end
  end
  local filters = { { kind = "activated" }, { hook = "fails" }, { kind = "static", hook = "modify_damage" },
    { kind = "activated", all = true }, {} }
  local out = {}
  for _, f in ipairs(filters) do
    local looped = {}
    for _, c in ipairs(cards) do
      if #k.abilities(c, f) > 0 then looped[#looped + 1] = c end
    end
    out[#out + 1] = { looped = looped, queried = k.ability_cards(cards, f) }
  end
  return out
end
"#;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for e in std::fs::read_dir(from).expect("read") {
        let e = e.expect("entry");
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if e.file_type().expect("type").is_dir() {
            copy_dir(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).expect("copy");
        }
    }
}

#[test]
fn ability_cards_lists_what_a_loop_over_abilities_finds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("fuda-ability-cards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&root.join("cards/generic-tcg"), &dir);
    let rules = dir.join("rules/rule_processes.lua");
    let text = std::fs::read_to_string(&rules).expect("rules");
    let at = text.rfind("return M").expect("return M");
    std::fs::write(&rules, format!("{}{PROBE}{}", &text[..at], &text[at..])).expect("write");
    let b = Bundle::load(&dir).expect("the game with the probe loads");
    let (x, y) = (
        b.deck("flame-thunder").expect("deck"),
        b.deck("water-grass").expect("deck"),
    );
    let mut found = 0;
    for seed in 0..3 {
        let mut g = b.new_game([&x, &y], seed);
        let mut agents = [
            RandomAgent::new(seat_seed(seed, 0)),
            RandomAgent::new(seat_seed(seed, 1)),
        ];
        for step in 0..400 {
            match g.advance(&b.host).expect("no engine error") {
                Status::Over(_) => break,
                Status::Decide => {
                    if step % 20 == 0 {
                        for p in [1, 2] {
                            let v = b.host.call(&mut g, "x_ability_cards", &[Value::Int(p)]);
                            let v = v.expect("the probe runs");
                            for pair in v.as_list() {
                                let (l, q) = (pair.get("looped"), pair.get("queried"));
                                assert_eq!(l, q, "seed {seed}, step {step}, P{p}");
                                found += l.map_or(0, |l| l.as_list().len());
                            }
                        }
                    }
                    for p in g.waiting_for() {
                        let picks = agents[p as usize].pick(&g, p);
                        g.submit(p, picks).expect("legal answer");
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(found > 0, "some card had such an ability");
}
