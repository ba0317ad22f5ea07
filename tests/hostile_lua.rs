//! Issue 9: hostile card Lua cannot crash, hang, persist, or make games differ. Each attack is
//! a card of the race game; it is stopped with an error naming the card, its action is
//! cancelled, and the game plays on to an end by its rules (docs/sandbox.md).
mod common;
use common::race::hostile_race;
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::Bundle;
use fuda::sim::play_out;
use fuda_engine::Game;

/// Plays `seeds` on one host, in the given order; returns each game's log (by seed).
fn play(b: &Bundle, seeds: &[u64]) -> Vec<(u64, Vec<String>)> {
    let d = b.deck("low").expect("deck");
    let mut out = Vec::new();
    for &seed in seeds {
        let mut g: Game = b.new_game([&d, &d], seed);
        let mut agents: [Box<dyn Agent>; 2] = [
            Box::new(RandomAgent::new(seed)),
            Box::new(RandomAgent::new(seed + 9)),
        ];
        play_out(&mut g, &b.host, &mut agents).expect("the game goes on to its end");
        assert!(g.outcome().is_some(), "seed {seed} ended by a rule");
        out.push((seed, g.log.iter().map(|l| l.to_string()).collect()));
    }
    out.sort_by_key(|(s, _)| *s);
    out
}

/// Every attack's card error, by ability name, over a few games: each must appear with
/// one of its expected messages.
fn assert_stopped(attacks: &[(&str, &str, &str)], files: &[(&str, &str)]) {
    let code: Vec<(&str, &str)> = attacks.iter().map(|(n, c, _)| (*n, *c)).collect();
    let dir = hostile_race(attacks[0].0, &code, files);
    let b = Bundle::load(&dir).expect("the hostile pack loads");
    let mut logs: Vec<String> = Vec::new();
    let seen = |logs: &[String], name: &str| {
        logs.iter()
            .find(|l| l.contains("スクリプトエラー") && l.contains(&format!("「{name}」")))
            .cloned()
    };
    for seed in 0..8 {
        if attacks.iter().all(|(n, _, _)| seen(&logs, n).is_some()) {
            break;
        }
        logs.extend(play(&b, &[seed]).remove(0).1);
    }
    for (name, _, expected) in attacks {
        let line = seen(&logs, name).unwrap_or_else(|| panic!("{name}: no card error in any game"));
        assert!(
            expected.split('|').any(|m| line.contains(m)),
            "{name}: {line}"
        );
        assert!(!line.contains("0x"), "{name}: no address: {line}");
    }
}

#[test]
fn values_that_cannot_be_converted_are_the_cards_error() {
    assert_stopped(
        &[
            (
                "cycle",
                "local t = {} t[1] = t return t",
                "more than 32 deep",
            ),
            (
                "deep",
                "local t = {} for i = 1, 100000 do t = {t} end k.event('x', t)",
                "more than 32 deep",
            ),
            (
                "wide",
                "local t = {} for i = 1, 200000 do t[i] = i end k.event('x', t)",
                "more than 100000",
            ),
            (
                "function",
                "k.event('x', {f = print or k.draw})",
                "cannot pass a function",
            ),
            ("nan", "return 0/0", "integers only"),
            ("badutf8", "k.event('x', {s = '\\xff\\xfe'})", "not UTF-8"),
        ],
        &[],
    );
}

#[test]
fn budgets_cannot_be_dodged() {
    assert_stopped(
        &[
            (
                "pcall",
                "while true do pcall(function() while true do end end) end",
                "instruction budget exceeded",
            ),
            (
                "xpcall",
                "while true do xpcall(function() while true do end end, function(e) return e end) end",
                "instruction budget exceeded",
            ),
            (
                "pattern",
                "local s = string.rep('a', 20000) string.find(s, 'a*a*a*a*b')",
                "instruction budget exceeded",
            ),
            ("rep", "local s = string.rep('abc', 1e12)", "longer than"),
            ("rep0", "for i = 1, 1e9 do string.rep('', math.maxinteger) end", "instruction budget exceeded"),
            ("move", "table.move({}, 1, math.maxinteger, 2)", "table.move"),
            (
                "apiflood",
                "for i = 1, 1e9 do k.cards(controller, 'library') end",
                "instruction budget exceeded",
            ),
            (
                "selfcall",
                "k.run_ability(self, 'selfcall', 'effect', event)",
                "nested more than",
            ),
        ],
        &[],
    );
}

/// One instruction can copy or compare a whole string or vararg list: such work is charged
/// by its size (docs/sandbox.md, "Work the instruction count does not see").
#[test]
fn work_that_grows_with_data_cannot_hang_a_game() {
    assert_stopped(
        &[
            // Found by the `lua` fuzz target: each `..` copies the whole string.
            (
                "concat",
                "local s = '' for i = 1, 1e9 do s = tostring('board') .. s end",
                "instruction budget exceeded",
            ),
            (
                "compare",
                "local a, b = string.rep('x', 1e6), string.rep('x', 1e6 - 1) .. 'y' for i = 1, 1e9 do local _ = a == b end",
                "instruction budget exceeded",
            ),
            (
                "varargs",
                "local function f(n, ...) return f(n + 1, n, ...) end f(0)",
                "instruction budget exceeded",
            ),
            ("huge", "local s = string.rep('x', 2^20) .. 'y'", "longer than the 1048576 bytes"),
            // Just under the 4 MiB a stretch may log, every turn: the game's 64 MiB stop it.
            (
                "gamelog",
                "for i = 1, 1000 do k.log('', string.rep('x', 4000)) end",
                "bytes of k.log text in this game",
            ),
            ("unpack", "local n = select('#', table.unpack({}, 1, 1e6))", "more than 250 values"),
            (
                "next",
                "local t = {} for i = 1, 1e5 do t[i] = i end for i = 1, 1e9 do next(t) end",
                "instruction budget exceeded",
            ),
            // Found by the `lua` fuzz target: parsing a long expression (and naming its
            // mistake) is kernel work; each byte counts.
            (
                "eval",
                "local e = string.rep('x', 100000) for i = 1, 1e9 do pcall(k.eval, e) end",
                "instruction budget exceeded",
            ),
        ],
        &[],
    );
}

#[test]
fn libraries_and_globals_cannot_be_changed() {
    assert_stopped(
        &[
            ("ipairs", "ipairs = function() end", "cannot set globals"),
            ("string", "string.upper = nil", "string is read-only"),
            ("k", "k.draw = function() end", "k is read-only"),
            ("math", "math.pi = 3", "math is read-only"),
            ("rules", "rules.draw_one = nil", "read-only"),
            ("G", "_G.tostring = nil", "cannot set globals"),
        ],
        &[],
    );
}

#[test]
fn errors_never_show_addresses() {
    assert_stopped(
        &[
            ("errtable", "error({})", "(error value: table)"),
            ("errfn", "error(function() end)", "(error value: function)"),
            ("format", "error(string.format('%s', {}))", "table"),
            ("p", "string.format('%p', {})", "%p shows an address"),
        ],
        &[],
    );
}

/// A card file's module-level locals start fresh at every call, and order probes see the
/// defined order: every log line is the same in every game, whatever ran before.
#[test]
fn stateful_and_order_probing_cards_cannot_make_games_differ() {
    let lib = r#"
        local calls = 0
        local seen = {}
        return {
          go = function(ctx)
            calls = calls + 1
            seen[#seen + 1] = ctx.self
            local t = {}
            for i, w in ipairs({"z", "y", "x", "w", "v"}) do t[w .. i] = i end
            local keys = {}
            for key in pairs(t) do keys[#keys + 1] = key end
            k.log(nil, "calls " .. calls .. " seen " .. #seen .. " order " .. table.concat(keys, ",")
              .. " first " .. tostring(next(t)) .. " " .. tostring({}) .. " " .. tostring(k.draw))
          end,
        }
    "#;
    let dir = hostile_race(
        "stateful",
        &[("probe", "@probe.lua:go"), ("probe2", "@probe.lua:go")],
        &[("probe.lua", lib)],
    );
    let b = Bundle::load(&dir).expect("loads");
    let forward = play(&b, &[0, 1, 2, 3, 4, 5, 6, 7]);
    let probes: Vec<&String> = forward
        .iter()
        .flat_map(|(_, l)| l.iter())
        .filter(|l| l.contains("calls "))
        .collect();
    assert!(!probes.is_empty(), "the probe ran");
    for l in &probes {
        assert!(
            l.ends_with("calls 1 seen 1 order v5,w4,x3,y2,z1 first v5 table function"),
            "{l}"
        );
    }
    // Another order of the same games on the same host, and a fresh host: identical logs.
    let backward = play(&b, &[7, 6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(forward, backward);
    let fresh = Bundle::load(&dir).expect("loads");
    assert_eq!(forward, play(&fresh, &[3, 0, 6, 1, 7, 2, 5, 4]));
}

/// Top-level code of a hook file runs at load under the same budget: loading cannot hang.
#[test]
fn a_hook_file_that_loops_at_load_is_stopped() {
    let lib = "while true do pcall(function() while true do end end) end return {}";
    let dir = hostile_race("toplevel", &[("top", "@top.lua:go")], &[("top.lua", lib)]);
    match Bundle::load(&dir) {
        Ok(_) => panic!("expected a load error"),
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("instruction budget exceeded"), "{e}");
            assert!(e.contains("top.lua"), "{e}");
        }
    }
}

/// A card's script cannot read a card hidden from its controller — not directly,
/// not through the game's library — so it cannot write the opponent's hand into the log.
#[test]
fn a_card_cannot_read_the_opponents_hand() {
    assert_stopped(
        &[
            (
                "peek",
                "for _, c in ipairs(k.cards(k.opponent(controller), 'hand')) do k.log(nil, 'OPP HAND: ' .. k.name(c)) end",
                "hidden from P",
            ),
            (
                "library",
                "for _, o in ipairs(rules.play_options(k.opponent(controller))) do k.log(nil, 'OPP HAND: ' .. o.label) end",
                "hidden from P",
            ),
            (
                "deck",
                "for _, c in ipairs(k.cards(controller, 'library')) do k.log(nil, 'MY DECK: ' .. k.field(c, 'points')) end",
                "hidden from P",
            ),
            (
                "expr",
                "k.log(nil, 'OPP HAS: ' .. tostring(k.eval('count(opponent.hand where name == \"いち\")')))",
                "hidden from P",
            ),
        ],
        &[],
    );
}

/// Control characters from card scripts never reach a terminal: the log holds `�` instead.
#[test]
fn control_characters_are_not_logged() {
    let dir = hostile_race(
        "ansi",
        &[("ansi", "k.log(nil, 'X\\27[2J\\27]0;pwn\\7Y')")],
        &[],
    );
    let b = Bundle::load(&dir).expect("loads");
    let logs = play(&b, &[0, 1]);
    let line = logs
        .iter()
        .flat_map(|(_, l)| l.iter())
        .find(|l| l.contains('X') && l.contains('Y') && l.contains("pwn"))
        .expect("the line was logged");
    assert!(!line.chars().any(char::is_control), "{line:?}");
}

/// A smoke run of the Lua fuzz generator (fuzz/fuzz_targets/lua.rs runs it at scale): 40
/// generated scripts as cards, each game ends by a rule with at most the cards' errors.
#[test]
fn generated_scripts_never_stop_a_game() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut bytes = |n: usize| -> Vec<u8> {
        (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect()
    };
    for round in 0..5 {
        let scripts: Vec<String> = (0..8).map(|_| common::luagen::script(&bytes(40))).collect();
        let attacks: Vec<(String, &str)> = scripts
            .iter()
            .enumerate()
            .map(|(i, s)| (format!("gen{i}"), s.as_str()))
            .collect();
        let named: Vec<(&str, &str)> = attacks.iter().map(|(n, s)| (n.as_str(), *s)).collect();
        let dir = hostile_race(&format!("gen{round}"), &named, &[]);
        let b = match Bundle::load(&dir) {
            Ok(b) => b,
            Err(e) => panic!("generated scripts load (syntax is valid): {e}\n{scripts:#?}"),
        };
        play(&b, &[round]);
    }
}

/// `fuda sim` over decks holding a card of every class of attack above, a stateful card file
/// and an order probe: every game ends, and the JSONL is byte-identical for `--jobs 1` and
/// `--jobs 2` (two processes each).
#[test]
fn a_sim_of_hostile_decks_ends_and_does_not_depend_on_jobs() {
    let lib = "local n = 0 return { go = function(ctx) n = n + 1 local t = {b = 1, a = 2, c = 3} \
               k.log(nil, 'n=' .. n .. ' first=' .. next(t) .. ' ' .. tostring({})) end }";
    let dir = hostile_race(
        "simjobs",
        &[
            ("cycle", "local t = {} t[1] = t return t"),
            ("pcall", "while true do pcall(function() while true do end end) end"),
            ("pattern", "string.find(string.rep('a', 20000), 'a*a*a*a*b')"),
            ("global", "ipairs = nil"),
            ("peek", "for _, c in ipairs(k.cards(k.opponent(controller), 'hand')) do k.log(nil, k.name(c)) end"),
            ("selfcall", "k.run_ability(self, 'selfcall', 'effect', event)"),
            ("stateful", "@probe.lua:go"),
            ("errobj", "error({})"),
        ],
        &[("probe.lua", lib)],
    );
    let game = dir.to_string_lossy().to_string();
    let out = |jobs: &str| {
        let file = dir.join(format!("sim-{jobs}.jsonl"));
        let f = file.to_string_lossy().to_string();
        let stdout = common::fuda(&[
            "sim",
            "--game",
            &game,
            "--games",
            "3",
            "--seed",
            "3",
            "-j",
            jobs,
            "-q",
            "--out",
            &f,
            "--allow-errors",
        ]);
        (stdout, std::fs::read_to_string(&file).expect("jsonl"))
    };
    let (s1, j1) = out("1");
    let (s2, j2) = out("2");
    assert_eq!(j1, j2, "JSONL differs between --jobs 1 and 2");
    assert_eq!(s1, s2);
    assert_eq!(j1.lines().count(), 4, "a header and three games: {j1}");
    // Without --allow-errors the sim fails, after listing each error with its card, ability,
    // file:line and the seed of the first game it occurred in.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["sim", "--game", &game, "--games", "3", "--seed", "3", "-q"])
        .output()
        .expect("runs fuda");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{text}");
    assert!(err.contains("--allow-errors"), "{err}");
    assert!(
        text.lines().any(|l| l.contains("games  seed 3")
            && l.contains("card H-1 悪意1「pcall」")
            && l.contains("instruction budget exceeded")
            && l.contains("numbers.yaml:")),
        "{text}"
    );
}

/// A handle says nothing about which card a hidden card is, and a shuffle of a hidden zone
/// makes its cards new objects: a handle seen before the shuffle finds nothing after it, so a
/// card revealed and shuffled away cannot be followed (302.3, 303.3).
#[test]
fn a_shuffled_card_cannot_be_followed_by_its_handle() {
    assert_stopped(
        &[(
            "follow",
            "local before = k.cards(controller, 'library')
             if #before == 0 then error('untracked: empty') end
             k.shuffle(controller, 'library')
             for _, h in ipairs(before) do
               if k.exists(h) then error('tracked ' .. h) end
             end
             error('untracked')",
            "untracked",
        )],
        &[],
    );
}

/// A card's `if:` reads with its controller's knowledge: testing the opponent's hand by name
/// is the card's error, never a hidden bit leaked through whether the ability runs (303.3).
#[test]
fn a_cards_condition_cannot_test_a_hidden_card() {
    let dir = common::race::race_with("cond", |f, t| {
        match f {
        "packs/numbers.yaml" => t + "  - id: H-C\n    name: 覗き見\n    type: number\n    points: 1\n    abilities:\n      - name: 手札判定\n        kind: triggered\n        when: 手番\n        if: 'count(opponent.hand where name == \"いち\") > 0'\n        effect: |\n          k.log(nil, 'THE OPPONENT HOLDS いち')\n",
        "game.yaml" => t
            .replace(
                "- { do: draw_one, clause: \"R2\" }",
                "- { do: draw_one, clause: \"R2\" }\n        - { event: 手番 }",
            )
            .replace("visibility: public }", "visibility: public, area: true }"),
        "decks/low.yaml" | "decks/high.yaml" => "name: x\ncards: { H-C: 5, N1: 5 }\n".into(),
        _ => t,
    }
    });
    let b = Bundle::load(&dir).expect("the pack loads");
    let logs: Vec<String> = (0..4).flat_map(|s| play(&b, &[s]).remove(0).1).collect();
    assert!(
        !logs.iter().any(|l| l.contains("THE OPPONENT HOLDS")),
        "the condition leaked: {:#?}",
        logs.iter()
            .filter(|l| l.contains("HOLDS"))
            .collect::<Vec<_>>()
    );
    assert!(
        logs.iter().any(|l| l.contains("スクリプトエラー")
            && l.contains("手札判定")
            && l.contains("hidden from P")),
        "no card error for the condition"
    );
}

/// A sim worker's host runs millions of hooks: what a call leaves behind must be garbage.
/// Lua memory after a full collection does not grow with calls (`pairs` and `string.gmatch`
/// once kept 13 bytes per call in Rust closures, and `table.sort` and `pairs` held a reference
/// per element, which grows mlua's reference stack for good; found by the `lua` fuzz target).
#[test]
fn a_host_keeps_no_memory_from_call_to_call() {
    use fuda_engine::def::card::parse_cards;
    use fuda_engine::Defs;
    use std::sync::Arc;
    for code in [
        "for k, v in pairs({a = 1, b = 2}) do end",
        "for w in string.gmatch('a b c', '%a') do end",
        "local ok = pcall(string.find, 'a', '[')",
        "local ok = pcall(k.name, -1)",
        "k.log(nil, 'x')",
        "local t = {} t[1] = t return t",
        // Once, a reference per element: mlua's stack of references never shrinks.
        "local t = {} for i = 1, 4000 do t[i] = 'x' .. i % 7 end table.sort(t) for k in pairs(t) do end",
        "local t = {} for i = 1, 5000 do t[i] = {label = 'x', value = i} end pcall(k.choose, 1, t)",
        // Found by the `lua` fuzz target: a table converted for the kernel held its entries.
        "local t = {} for i = 1, 200 do t[#t + 1] = t end t.x = 1 pcall(k.log, nil, t)",
    ] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/race");
        let b = Bundle::load(&dir).expect("the race game loads");
        let card = format!(
            "cards:\n  - id: F-1\n    name: 試験\n    type: number\n    points: 1\n    abilities:\n      - name: probe\n        kind: triggered\n        when: 手番\n        effect: |\n          {code}\n"
        );
        let mut cards = b.defs.cards.clone();
        parse_cards(
            &b.defs.game,
            std::path::Path::new("probe.yaml"),
            &card,
            &mut cards,
        )
        .expect("the card parses");
        b.host.load_cards(&cards).expect("the card loads");
        let f1 = cards.by_id.get("F-1").copied().expect("F-1") as u16;
        let defs = Arc::new(Defs {
            game: b.defs.game.clone(),
            cards,
        });
        let deck = b.deck("low").expect("deck");
        let calls = |n: usize| {
            for _ in 0..n {
                let mut g = Game::new(defs.clone(), [&deck, &deck], 1);
                let obj = g.obj_id(0);
                g.st.objects[0].def = f1;
                let _ = g.run_ability(&b.host, obj, 0, "effect", fuda_engine::Value::Null);
            }
        };
        let before = b.host.memory_used();
        calls(300);
        let grown = b.host.memory_used() as i64 - before as i64;
        assert!(grown < 8192, "{code}: {grown} bytes more after 300 calls");
    }
}
