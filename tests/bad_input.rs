//! Broken games and hostile hooks give errors naming the file, line and what to fix; no panics.
mod common;
use common::race::race_with;
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::Bundle;
use fuda::sim::play_out;
use std::path::Path;

fn load_err(dir: &Path) -> String {
    match Bundle::load(dir) {
        Ok(_) => panic!("expected a load error"),
        Err(e) => e.to_string(),
    }
}

/// Plays one game; returns the run error's text.
fn run_err(dir: &Path) -> String {
    let b = Bundle::load(dir).expect("loads");
    let (low, high) = (b.deck("low").expect("deck"), b.deck("high").expect("deck"));
    let mut g = b.new_game([&low, &high], 1);
    let mut agents: [Box<dyn Agent>; 2] =
        [Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
    match play_out(&mut g, &b.host, &mut agents) {
        Ok(o) => panic!("expected a script error, the game ended: {o:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn unknown_key_in_game_yaml_names_line_and_column() {
    let dir = race_with("key", |f, t| {
        if f == "game.yaml" {
            t.replace("view_fields", "x")
                .replace("turn_limit: 100", "turn_limt: 100")
        } else {
            t
        }
    });
    let e = load_err(&dir);
    assert!(
        e.contains("game.yaml:44:1: unknown field `turn_limt`"),
        "{e}"
    );
}

/// An unknown `card_hooks:` kind is reported at its key, not at an earlier mention of the word
/// (here in the file's first comment).
#[test]
fn an_unknown_card_hook_kind_points_at_its_key() {
    let dir = race_with("card-hooks", |f, t| {
        if f == "game.yaml" {
            t.replacen(
                "# 数取り (Race to Ten)",
                "# 数取り (Race to Ten) cancels",
                1,
            )
            .replace(
                "turn_limit: 100",
                "card_hooks: { cancels: bool }\nturn_limit: 100",
            )
        } else {
            t
        }
    });
    let e = load_err(&dir);
    assert!(
        e.contains("game.yaml:44:15: card_hooks: \"cancels\" is not a card hook kind"),
        "{e}"
    );
}

#[test]
fn a_hook_missing_from_the_script_points_at_the_yaml() {
    let dir = race_with("hook", |f, t| {
        if f == "game.yaml" {
            t.replace("hook: rp_ten", "hook: rp_eleven")
        } else {
            t
        }
    });
    let e = load_err(&dir);
    assert!(
        e.contains("game.yaml:43:69: the hook \"rp_eleven\" is not a function"),
        "{e}"
    );
}

#[test]
fn a_lua_syntax_error_names_the_script_line() {
    let dir = race_with("syntax", |f, t| {
        if f == "rules.lua" {
            t.replace("function M.draw_one()", "function M.draw_one(")
        } else {
            t
        }
    });
    let e = load_err(&dir);
    assert!(e.contains("rules.lua:15:1: Lua:"), "{e}");
}

#[test]
fn scripts_cannot_reach_the_host() {
    for (name, body) in [
        ("os", "os.execute('touch /tmp/pwned')"),
        ("io", "io.open('/etc/passwd')"),
        ("require", "require('os')"),
        ("load", "load('return 1')()"),
    ] {
        let dir = race_with(name, |f, t| {
            if f == "rules.lua" {
                t.replace("k.draw(k.turn_player(), 1)", body)
            } else {
                t
            }
        });
        let e = run_err(&dir);
        assert!(
            e.contains("script error in draw_one") && e.contains("rules.lua:15:"),
            "{name}: {e}"
        );
    }
}

#[test]
fn scripts_cannot_keep_state_in_globals() {
    let dir = race_with("global", |f, t| {
        if f == "rules.lua" {
            t.replace("k.draw(k.turn_player(), 1)", "counter = 1")
        } else {
            t
        }
    });
    let e = run_err(&dir);
    assert!(
        e.contains("scripts cannot set globals (tried to set 'counter')"),
        "{e}"
    );
}

#[test]
fn an_endless_loop_is_stopped_by_the_instruction_budget() {
    let dir = race_with("loop", |f, t| {
        if f == "rules.lua" {
            t.replace("k.draw(k.turn_player(), 1)", "while true do end")
        } else {
            t
        }
    });
    let e = run_err(&dir);
    assert!(e.contains("instruction budget exceeded"), "{e}");
}

#[test]
fn a_memory_bomb_is_stopped() {
    let dir = race_with("mem", |f, t| {
        if f == "rules.lua" {
            t.replace(
                "k.draw(k.turn_player(), 1)",
                "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1024) .. i end",
            )
        } else {
            t
        }
    });
    let e = run_err(&dir);
    assert!(e.contains("memory") || e.contains("budget"), "{e}");
}

/// A card hook's Lua error is reported at its line in the card's YAML file; at run time it
/// cancels only that card's action.
#[test]
fn card_hook_errors_point_into_the_card_file() {
    let card = |effect: &str| {
        format!(
            "cards:\n  - id: X-1\n    name: 壊れた斥候\n    type: number\n    points: 1\n    abilities:\n      - name: 壊れ\n        kind: triggered\n        when: 手番\n        effect: |\n          local a = 1\n          {effect}\n"
        )
    };
    let dir = race_with("cardsyntax", |f, t| {
        if f == "packs/numbers.yaml" {
            card("if then")
        } else {
            t
        }
    });
    let e = load_err(&dir);
    assert!(
        e.contains("numbers.yaml:12:") && e.contains("card X-1 ability 「壊れ」 effect: Lua:"),
        "{e}"
    );

    let dir = race_with("cardrun", |f, t| match f {
        "packs/numbers.yaml" => card("k.no_such_function()").replace("N1", "X-1"),
        "game.yaml" => t
            .replace(
                "- { do: draw_one, clause: \"R2\" }",
                "- { do: draw_one, clause: \"R2\" }\n        - { event: 手番 }",
            )
            .replace("visibility: public }", "visibility: public, area: true }"),
        "decks/low.yaml" | "decks/high.yaml" => "name: x\ncards: { X-1: 10 }\n".to_string(),
        _ => t,
    });
    let b = Bundle::load(&dir).expect("loads");
    let d = b.deck("low").expect("deck");
    let mut g = b.new_game([&d, &d], 1);
    let mut agents: [Box<dyn Agent>; 2] =
        [Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
    // A script error ends only that card's action; the game goes on and logs where it was.
    play_out(&mut g, &b.host, &mut agents).expect("the game goes on");
    let errors: Vec<String> = g
        .log
        .iter()
        .filter(|l| l.text.contains("スクリプトエラー"))
        .map(|l| l.to_string())
        .collect();
    assert!(!errors.is_empty());
    assert!(
        errors[0].contains("card X-1 壊れた斥候「壊れ」 effect")
            && errors[0].contains("numbers.yaml:12:"),
        "{errors:?}"
    );
}

#[test]
fn deep_recursion_is_stopped() {
    let dir = race_with("recursion", |f, t| {
        if f == "rules.lua" {
            t.replace(
                "k.draw(k.turn_player(), 1)",
                "local function f(n) return f(n + 1) + 1 end f(1)",
            )
        } else {
            t
        }
    });
    let e = run_err(&dir);
    assert!(
        e.contains("stack overflow") || e.contains("budget") || e.contains("memory"),
        "{e}"
    );
}

/// A grammar error in a card's expression points at its line and at the offending character.
#[test]
fn expression_errors_point_at_the_character() {
    let dir = race_with("expr", |f, t| {
        if f == "packs/numbers.yaml" {
            "cards:\n  - id: X-2\n    name: 壊れた式\n    type: number\n    points: 1\n    abilities:\n      - name: 式\n        kind: triggered\n        when: 手番\n        if: event.card == and self\n        effect: |\n          local a = 1\n".to_string()
        } else {
            t
        }
    });
    let e = load_err(&dir);
    assert!(
        e.contains(
            "numbers.yaml:10:27: if: expected an expression after \"==\", found keyword \"and\""
        ),
        "{e}"
    );
}

/// A hostile pack: every card's hook attacks the host differently. Each attack is stopped with
/// a clear error naming the card, that card's action is cancelled, and the game plays on.
#[test]
fn a_hostile_pack_is_stopped_card_by_card() {
    let attacks = [
        ("os", "os.execute('touch /tmp/fuda-pwned')", "global 'os'"),
        ("io", "io.open('/etc/passwd')", "global 'io'"),
        ("require", "require('os')", "global 'require'"),
        ("load", "load('return 1')()", "global 'load'"),
        ("loop", "while true do end", "instruction budget exceeded"),
        (
            "memory",
            "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 4096) .. i end",
            "memory",
        ),
        (
            "recursion",
            "local function f(n) return f(n + 1) + 1 end f(1)",
            "memory|stack overflow",
        ),
        (
            "global",
            "stash = (stash or 0) + 1",
            "scripts cannot set globals",
        ),
        ("rules", "rules.draw_one = nil", "read-only"),
    ];
    let mut pack = String::from("cards:\n");
    for (i, (name, code, _)) in attacks.iter().enumerate() {
        pack.push_str(&format!(
            "  - id: H-{i}\n    name: 悪意{i}\n    type: number\n    points: 1\n    abilities:\n      - name: {name}\n        kind: triggered\n        when: 手番\n        effect: |\n          {code}\n"
        ));
    }
    let deck: String = (0..attacks.len())
        .map(|i| format!("H-{i}: 1, "))
        .collect::<String>()
        + "N1: 1";
    let dir = race_with("hostile", |f, t| {
        match f {
        "packs/numbers.yaml" => format!("{t}{}", pack.trim_start_matches("cards:\n")),
        "game.yaml" => t
            .replace("- { do: draw_one, clause: \"R2\" }", "- { do: draw_one, clause: \"R2\" }\n        - { event: 手番 }\n        - { rule_check: \"R5\" }")
            .replace("visibility: public }", "visibility: public, area: true }"),
        "decks/low.yaml" | "decks/high.yaml" => format!("name: x\ncards: {{ {deck} }}\n"),
        _ => t,
    }
    });
    let b = Bundle::load(&dir).expect("the hostile pack loads (its code only runs in hooks)");
    let d = b.deck("low").expect("deck");
    let mut seen = vec![false; attacks.len()];
    for seed in 0..6 {
        if seen.iter().all(|s| *s) {
            break;
        }
        let mut g = b.new_game([&d, &d], seed);
        let mut agents: [Box<dyn Agent>; 2] = [
            Box::new(RandomAgent::new(seed)),
            Box::new(RandomAgent::new(seed + 9)),
        ];
        play_out(&mut g, &b.host, &mut agents).expect("the game goes on to its end");
        for l in g.log.iter().filter(|l| l.text.contains("スクリプトエラー")) {
            for (i, (name, _, msg)) in attacks.iter().enumerate() {
                if l.text.contains(&format!("「{name}」")) {
                    assert!(
                        msg.split('|').any(|m| l.text.contains(m)),
                        "{name}: {}",
                        l.text
                    );
                    seen[i] = true;
                }
            }
        }
    }
    assert!(
        seen.iter().all(|s| *s),
        "every attack was tried and stopped: {seen:?}"
    );
    assert!(!std::path::Path::new("/tmp/fuda-pwned").exists());
}

/// Hooks in a Lua file beside the card: a missing function or a syntax error is reported.
#[test]
fn hook_files_report_missing_functions_and_syntax_errors() {
    let card = "cards:\n  - id: X-3\n    name: 外部\n    type: number\n    points: 1\n    abilities:\n      - name: 外\n        kind: triggered\n        when: 手番\n        effect: \"@lib.lua:go\"\n";
    let dir = race_with("hookfile", |f, t| {
        if f == "packs/numbers.yaml" {
            card.to_string()
        } else {
            t
        }
    });
    std::fs::write(
        dir.join("packs/lib.lua"),
        "return { other = function(ctx) end }\n",
    )
    .expect("write");
    let e = load_err(&dir);
    assert!(
        e.contains("numbers.yaml:10:") && e.contains("has no function \"go\""),
        "{e}"
    );
    std::fs::write(
        dir.join("packs/lib.lua"),
        "local F = {}\nfunction F.go(ctx)\n  if then\nend\nreturn F\n",
    )
    .expect("write");
    let e = load_err(&dir);
    assert!(e.contains("lib.lua:3:"), "{e}");
}

/// A save file edited by hand (or damaged) is refused with an error saying what is wrong, before
/// anything indexes with it: a card in two zones, a card of an unknown zone, a phase that does not
/// exist, a pending decision for a third player (found by the `save` fuzz target's checks).
#[test]
fn a_tampered_save_is_refused_not_a_panic() {
    use fuda_engine::{Game, SavedGame};
    let b = Bundle::load(&fuda::bundle::default_game_dir()).expect("loads");
    let d1 = b.deck("flame-thunder").expect("deck");
    let d2 = b.deck("water-grass").expect("deck");
    let mut g = b.new_game([&d1, &d2], 3);
    g.advance(&b.host).expect("runs");
    let good = serde_json::to_value(g.save()).expect("serializes");
    let restore = |v: &serde_json::Value| {
        let saved: SavedGame = serde_json::from_value(v.clone()).expect("still a save");
        Game::restore(b.defs.clone(), saved)
    };
    assert!(restore(&good).is_ok());
    type Edit = fn(&mut serde_json::Value);
    let edits: [(&str, Edit); 5] = [
        ("not in exactly one place", |v| {
            let c = v["state"]["zones"][0][0].clone();
            v["state"]["zones"][1].as_array_mut().expect("zone").push(c);
        }),
        ("unknown zone", |v| {
            v["state"]["objects"][0]["zone"] = 999.into()
        }),
        ("unknown phase", |v| v["state"]["phase"] = 77.into()),
        ("does not exist", |v| {
            v["state"]["zones"][0]
                .as_array_mut()
                .expect("zone")
                .push(9999.into())
        }),
        ("unknown players", |v| {
            v["pending"]["decision"]["players"] = serde_json::json!([5]);
        }),
    ];
    for (want, edit) in edits {
        let mut v = good.clone();
        edit(&mut v);
        match restore(&v) {
            Ok(_) => panic!("a save with {want} was accepted"),
            Err(e) => assert!(e.contains(want), "{want}: {e}"),
        }
    }
}
