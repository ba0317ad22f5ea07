//! Hostile cards and saves against the kernel's limits (docs/abilities.md, "Limits a card
//! meets"): each attack ends with a clear error naming the card, or a rule, never a panic or a
//! hang. The cards are added to a copy of the tiny race game whose board is an area, with an
//! event 「手番」 each turn, a counter and a layer.
mod common;
use common::race::race_with;
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::Bundle;
use fuda::sim::play_out;
use fuda_engine::decision::{Decision, DecisionKind, Opt};
use fuda_engine::{Game, Outcome, Status, Value};
use std::path::{Path, PathBuf};

/// A copy of the race game in a fresh folder with `cards` in its pack, decks of 9 `deck_card`
/// and one 1-point card, and `edit` applied to game.yaml.
fn race(name: &str, cards: &str, deck_card: &str, edit: impl Fn(String) -> String) -> PathBuf {
    race_with(name, |file, text| {
        match file {
        "packs/numbers.yaml" => format!("{text}\n{cards}"),
        "game.yaml" => edit(
            text.replace(
                "- { do: draw_one, clause: \"R2\" }",
                "- { do: draw_one, clause: \"R2\" }\n        - { event: 手番 }\n        - { rule_check: \"R5\" }",
            )
            .replace("visibility: public }", "visibility: public, area: true }")
                + "\ncounters:\n  - { id: dmg, name: ダメージ }\nlayers:\n  - { id: base, name: 基本, fields: [points] }\n",
        ),
        "decks/low.yaml" | "decks/high.yaml" => {
            format!("name: x\ncards: {{ {deck_card}: 9, N1: 1 }}\n")
        }
        _ => text,
    }
    })
}

/// A card of the race game with the given abilities (YAML, indented as list items).
fn card(id: &str, abilities: &str) -> String {
    format!("  - id: {id}\n    name: 悪意{id}\n    type: number\n    points: 1\n    abilities:\n{abilities}")
}

/// A triggered ability on 「手番」 (or `when`) running `code`.
fn on(name: &str, when: &str, code: &str) -> String {
    let code = code.replace('\n', "\n          ");
    format!("      - name: {name}\n        kind: triggered\n        when: {when}\n        effect: |\n          {code}\n")
}

/// Plays one game with random agents: its end, or the run error, and the game.
fn play(dir: &Path, seed: u64) -> (Result<Outcome, String>, Game) {
    let b = Bundle::load(dir).expect("the pack loads");
    let d = b.deck("low").expect("deck");
    let mut g = b.new_game([&d, &d], seed);
    let mut agents: [Box<dyn Agent>; 2] = [
        Box::new(RandomAgent::new(seed)),
        Box::new(RandomAgent::new(seed + 7)),
    ];
    let r = play_out(&mut g, &b.host, &mut agents).map_err(|e| e.to_string());
    (r, g)
}

/// The card-error lines of a game's log.
fn card_errors(g: &Game) -> Vec<String> {
    g.log
        .iter()
        .filter(|l| l.text.contains("スクリプトエラー"))
        .map(|l| l.text.clone())
        .collect()
}

/// Asserts some card-error line names `ability` of `card` and says `msg`.
fn assert_card_error(errors: &[String], card: &str, ability: &str, msg: &str) {
    assert!(
        errors.iter().any(|l| l.contains(&format!("card {card} "))
            && l.contains(&format!("「{ability}」"))
            && l.contains(msg)),
        "{card} 「{ability}」: {msg}\n{errors:#?}"
    );
}

/// Item 1: a choice of a huge range or of too many options is refused before it is built;
/// math.random accepts the full integer range.
#[test]
fn choices_and_ranges_are_bounded() {
    let abilities = on(
        "全範囲",
        "手番",
        "k.choose_number(controller, 0, math.maxinteger)",
    ) + &on("十億", "手番", "k.choose_number(controller, 0, 1e9)")
        + &on(
            "二万択",
            "手番",
            "local t = {} for i = 1, 20000 do t[i] = i end\nk.choose(controller, t)",
        )
        + &on(
            "乱数",
            "手番",
            "k.log('', 'random ', math.random(math.mininteger, math.maxinteger) ~= nil)",
        );
    let dir = race("choices", &card("H-C", &abilities), "H-C", |t| t);
    let (r, g) = play(&dir, 1);
    r.expect("the game ends by its rules");
    let errors = card_errors(&g);
    assert_card_error(&errors, "H-C", "全範囲", "more than 10000 numbers");
    assert_card_error(&errors, "H-C", "十億", "more than 10000 numbers");
    assert_card_error(&errors, "H-C", "二万択", "more than the limit of 10000");
    assert!(g.log.iter().any(|l| l.text == "random true"));
}

/// Item 2: counters and continuous-effect additions saturate instead of wrapping or panicking.
#[test]
fn game_numbers_saturate() {
    let code = "k.add_counter(self, 'dmg', math.maxinteger)\nk.add_counter(self, 'dmg', math.maxinteger)\n\
        k.log('', 'dmg ', k.counter(self, 'dmg'))\n\
        k.add_counter(self, 'dmg', math.mininteger)\nk.log('', 'dmg after ', k.counter(self, 'dmg'))\n\
        for i = 1, 2 do k.add_effect{source = self, targets = {self}, modify = {{field = 'points', add = math.maxinteger}}} end\n\
        k.log('', 'points ', k.field(self, 'points'))";
    let dir = race(
        "numbers",
        &card("H-A", &on("桁溢れ", "手番", code)),
        "H-A",
        |t| t,
    );
    let (r, g) = play(&dir, 1);
    r.expect("the game ends by its rules");
    assert!(card_errors(&g).is_empty(), "{:#?}", card_errors(&g));
    let has = |s: &str| g.log.iter().any(|l| l.text == s);
    assert!(has("dmg 2147483647"));
    assert!(has("dmg after 0"));
    assert!(has("points 9223372036854775807"));
}

/// Nested `where`s over the library: 8⁶ items without a budget.
const HEAVY: &str = "count(my.library where count(my.library where count(my.library where count(my.library where count(my.library where count(my.library where true) > 0) > 0) > 0) > 0) > 0) > 99";

/// Item 3: a YAML-only condition trigger whose expression would take forever stops the game
/// with an error naming the card and ability.
#[test]
fn a_heavy_condition_trigger_is_stopped_naming_the_card() {
    let abilities = format!(
        "      - name: 重い\n        kind: triggered\n        when_state: {HEAVY}\n        effect: |\n          k.log('', 'never')\n"
    );
    let dir = race("when-state", &card("H-E", &abilities), "H-E", |t| t);
    let (r, _) = play(&dir, 1);
    let e = r.expect_err("the game stops");
    assert!(
        e.contains("card H-E 悪意H-E 「重い」 when") && e.contains("expression budget exhausted"),
        "{e}"
    );
}

/// Item 3: the same in a static ability's `applies_to`.
#[test]
fn a_heavy_applies_to_is_stopped_naming_the_card() {
    let abilities = format!(
        "      - name: 重い場\n        kind: static\n        applies_to: {HEAVY}\n        modify:\n          - {{ field: points, add: 1 }}\n"
    );
    let dir = race("applies-to", &card("H-S", &abilities), "H-S", |t| t);
    let (r, _) = play(&dir, 1);
    let e = r.expect_err("the game stops");
    assert!(
        e.contains("card H-S 悪意H-S 「重い場」 applies_to")
            && e.contains("expression budget exhausted"),
        "{e}"
    );
}

/// Item 4: floods of kernel allocations in one trigger are stopped with an error naming the
/// card; the card's action is cancelled and the game goes on to its end.
#[test]
fn kernel_allocations_are_budgeted() {
    // Early turns only (each card on the board attacks every turn otherwise: slow in debug).
    let on = |name: &str, when: &str, code: &str| {
        on(
            name,
            when,
            &format!("if k.turn() > 3 then return end\n{code}"),
        )
    };
    let abilities = on(
        "効果二万",
        "手番",
        "for i = 1, 20000 do k.add_effect{source = self, targets = {self}, modify = {{field = 'points', add = 1}}} end",
    ) + &on("遅発五万", "手番", "for i = 1, 50000 do k.delay(self, '芽') end")
        + "      - name: 芽\n        kind: delayed\n        when: 無\n        effect: |\n          k.log('', 'sprout')\n"
        + &on("巨大ログ", "手番", "k.log('', string.rep('x', 1024 * 1024))")
        + &on("ログ洪水", "手番", "for i = 1, 200000 do k.log('', 'x') end")
        + &on("事象洪水", "手番", "for i = 1, 50000 do k.event('無') end")
        + &on(
            "巨大データ",
            "手番",
            "local t = {} for i = 1, 100 do t[i] = string.rep('x', 10000) end\nfor i = 1, 900 do k.delay(self, '芽', t) end",
        )
        + &on("巨大理由", "手番", "k.lose(controller, 'R0', string.rep('x', 1024 * 1024))")
        + &on(
            "十万対象",
            "手番",
            "local t = {} for i = 1, 100000 do t[i] = self end\nk.add_effect{source = self, targets = t, modify = {{field = 'points', add = 1}}}",
        );
    let dir = race("alloc", &card("H-F", &abilities), "H-F", |t| t);
    let (r, g) = play(&dir, 1);
    r.expect("the game ends by its rules");
    let errors = card_errors(&g);
    assert_card_error(&errors, "H-F", "効果二万", "k.add_effect calls");
    assert_card_error(&errors, "H-F", "遅発五万", "k.delay calls");
    assert_card_error(&errors, "H-F", "巨大ログ", "longer than the limit of 4096");
    assert_card_error(&errors, "H-F", "ログ洪水", "k.log lines");
    assert_card_error(&errors, "H-F", "事象洪水", "k.event calls");
    assert_card_error(&errors, "H-F", "巨大データ", "bytes of data");
    assert_card_error(&errors, "H-F", "巨大理由", "longer than the limit of 4096");
    assert_card_error(
        &errors,
        "H-F",
        "十万対象",
        "more than the 20 cards in the game",
    );
    assert!(
        g.st.effects.is_empty() && g.st.delayed.is_empty(),
        "all undone"
    );
}

/// Items 3–4: 1,000 continuous effects that each depend on the others (dependency trials for every
/// pair): the expression steps between two decisions run out and the game stops naming the card.
#[test]
fn mutually_dependent_effects_are_stopped() {
    let code = "for i = 1, 1000 do k.add_effect{source = self, applies_to = 'points > 0 and zone == \"board\"', modify = {{field = 'points', add = 1}}} end";
    let dir = race(
        "dependent",
        &card("H-X", &on("依存", "手番", code)),
        "H-X",
        |t| t,
    );
    let e = play(&dir, 1).0.expect_err("the game stops");
    assert!(
        e.contains("card H-X 悪意H-X") && e.contains("expressions took more than 10000000 steps"),
        "{e}"
    );
}

/// Item 5: a card that triggers on the event it raises loops without a decision: an error
/// naming the card, or the draw the game declares for a loop nobody can stop.
#[test]
fn a_self_retriggering_card_ends_the_game() {
    let abilities = on("起動", "手番", "k.event('ping')") + &on("反響", "ping", "k.event('ping')");
    let cards = card("H-L", &abilities);
    let dir = race("retrigger", &cards, "H-L", |t| t);
    let (r, _) = play(&dir, 1);
    let e = r.expect_err("no loop clause declared: an error");
    assert!(
        e.contains("the game loops") && e.contains("card H-L 悪意H-L"),
        "{e}"
    );
    let dir = race("retrigger-draw", &cards, "H-L", |t| {
        t + "loop_limit: { steps: 5000, clause: \"R9\" }\n"
    });
    match play(&dir, 1).0 {
        Ok(Outcome::Draw { clause, .. }) => assert_eq!(clause, "R9"),
        other => panic!("{other:?}"),
    }
}

/// Found by the `lua` fuzz target: a card whose resolution raises its own trigger event twice
/// grows the pending triggers by one per resolution, and every copy of the state the kernel
/// takes copies them all. At most 1,000 wait, and each copy costs steps by their number, so
/// the game stops at the flood (it took 59 s before; the time is not asserted).
#[test]
fn a_card_that_doubles_its_own_trigger_is_stopped() {
    let abilities = on(
        "倍化",
        "ping",
        "for i = 1, 2 do k.event('ping', {card = self}) end",
    ) + &on("起動", "手番", "k.event('ping', {card = self})");
    let dir = race("doubling", &card("H-D", &abilities), "H-D", |t| t);
    let (r, _) = play(&dir, 1);
    let e = r.expect_err("a trigger flood stops the game");
    assert!(e.contains("H-D"), "{e}");
}

/// Found by the `lua` fuzz target: a card whose effect triggers itself again, each call doing
/// heavy work inside its own instruction budget, ran for hours (each call was one step of the
/// 100,000-step loop limit). Script work now counts toward the loop limit (1 step per 1,000
/// instruction units), so the loop is found after a few calls (the time is not asserted).
#[test]
fn a_card_that_triggers_itself_with_heavy_work_is_stopped() {
    let abilities = on(
        "重い反響",
        "ping",
        "for i = 1, 5000000 do end\nk.event('ping', {card = self})",
    ) + &on("起動", "手番", "k.event('ping', {card = self})");
    let dir = race("heavy-echo", &card("H-E", &abilities), "H-E", |t| t);
    let (r, _) = play(&dir, 1);
    let e = r.expect_err("a loop without a clause stops the game");
    assert!(e.contains("the game loops") && e.contains("H-E"), "{e}");
}

/// Item 5: a turn program that never asks a decision, with a huge turn limit.
#[test]
fn a_program_without_decisions_ends() {
    let no_decisions = |t: String| {
        t.replace("        - { do: draw_one, clause: \"R2\" }\n", "")
            .replace("        - { actions: play, clause: \"R3\" }\n", "")
            .replace("turn_limit: 100", "turn_limit: 4000000000")
    };
    let dir = race("no-decisions", "", "N2", no_decisions);
    let e = play(&dir, 1).0.expect_err("an error without a loop clause");
    assert!(
        e.contains("the game loops: 100000 steps without a decision"),
        "{e}"
    );
    let dir = race("no-decisions-draw", "", "N2", |t| {
        no_decisions(t) + "loop_limit: { clause: \"R9\" }\n"
    });
    match play(&dir, 1).0 {
        Ok(Outcome::Draw { clause, .. }) => assert_eq!(clause, "R9"),
        other => panic!("{other:?}"),
    }
}

/// A deck of four billion cards is refused when it loads (it would overflow the card count).
#[test]
fn a_huge_deck_is_refused() {
    let dir = race("huge-deck", "", "N2", |t| t);
    std::fs::write(
        dir.join("decks/low.yaml"),
        "name: x\ncards: { N1: 4000000000, N2: 4000000000 }\n",
    )
    .expect("write");
    let b = Bundle::load(&dir).expect("loads");
    let e = b.deck("low").map(|_| ()).expect_err("refused");
    assert!(
        e.to_string().contains("more than the limit of 30000"),
        "{e}"
    );
}

/// Item 6: a tampered save is refused on restore, or stops with an error when it plays; never
/// an index out of bounds.
#[test]
fn tampered_saves_are_refused() {
    let dir = race("saves", "", "N2", |t| t);
    let b = Bundle::load(&dir).expect("loads");
    let d = b.deck("low").expect("deck");
    let mut g = b.new_game([&d, &d], 3);
    assert_eq!(g.advance(&b.host), Ok(Status::Decide));
    let saved = g.save();
    let restore = |f: &dyn Fn(&mut fuda_engine::SavedGame)| {
        let mut s = saved.clone();
        f(&mut s);
        Game::restore(b.defs.clone(), s)
    };
    let refused = |f: &dyn Fn(&mut fuda_engine::SavedGame), what: &str| match restore(f) {
        Ok(_) => panic!("accepted: {what}"),
        Err(e) => assert!(e.contains(what), "{e}"),
    };
    let entry = |value: Value, pick: u16| {
        let d = Decision {
            players: vec![0],
            kind: DecisionKind::Action,
            prompt: String::new(),
            clause: None,
            options: vec![Opt {
                label: "x".into(),
                value,
            }]
            .into(),
            min: 1,
            max: 1,
        };
        (d, vec![vec![pick]])
    };
    refused(
        &|s| {
            if let Some(p) = &mut s.pending {
                p.answers = vec![Some(vec![999])];
            }
        },
        "pending answer: option 1000 does not exist",
    );
    refused(
        &|s| s.journal.entries.push(entry(Value::Null, 999)),
        "recorded answer 1: option 1000 does not exist",
    );
    refused(&|s| s.state.players[0].vars.push(1), "variables");
    refused(
        &|s| {
            s.state.outcome = Some(Outcome::Win {
                winner: 5,
                clause: String::new(),
                reason: String::new(),
            })
        },
        "unknown winner",
    );
    refused(&|s| s.state.players[1].turns = 99, "more turns");
    // Issue 11: priority windows, pending items and trigger batches are checked too.
    refused(
        &|s| {
            s.state.windows.push(fuda_engine::priority::Window {
                group: "play".into(),
                holder: 7,
                passes: 0,
                resolving: false,
                checked: false,
                from_program: true,
                clause: None,
                given: false,
            })
        },
        "a priority window names an unknown player",
    );
    refused(
        &|s| {
            s.state.next_item = 1;
            s.state.chain.push(fuda_engine::chain::PendingItem {
                id: 1,
                kind: "play".into(),
                name: "x".into(),
                source: Some(fuda_engine::ObjId {
                    card: 9999,
                    incarnation: 0,
                }),
                controller: 0,
                targets: vec![],
                values: Value::Null,
                negated: false,
                depth: 0,
                chooses: vec![],
                revealed: None,
            })
        },
        "a pending item names an unknown card",
    );
    // Legal for its own question, but naming an action the game does not have.
    let mut m = indexmap::IndexMap::new();
    m.insert("action".to_string(), Value::Int(999));
    let mut g = restore(&|s| {
        s.pending = None;
        s.journal.entries.push(entry(Value::Map(m.clone()), 0));
    })
    .expect("well-formed");
    let e = g.advance(&b.host).expect_err("stops");
    assert!(e.to_string().contains("names action 999"), "{e}");
}

/// Item 7: recursion through the kernel (an ability running itself) in `fuda sim` worker
/// threads is stopped by the Lua host as a card error, never a crashed worker.
#[test]
fn deep_recursion_in_sim_workers_is_a_card_error() {
    let abilities = on("深淵", "手番", "k.run_ability(self, '深淵', 'effect')");
    let dir = race("deep", &card("H-D", &abilities), "H-D", |t| t);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["sim", "--game"])
        .arg(&dir)
        .args([
            "--games",
            "2",
            "-j",
            "2",
            "-q",
            "--decks",
            "low,low",
            "--allow-errors",
        ])
        .output()
        .expect("runs fuda");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code().is_some(),
        "killed by a signal (a crashed worker): {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("script errors: "),
        "{text}{err}"
    );
}

/// Determinism: budgets count steps from each decision, so a game whose cards meet limits plays
/// the same whether it runs straight through, or is saved and restored at every decision with
/// every player's view built in between (views compute characteristics outside the count).
#[test]
fn budgets_do_not_depend_on_saves_or_views() {
    let flood = on(
        "効果二万",
        "手番",
        "for i = 1, 20000 do k.add_effect{source = self, applies_to = 'points > 0', modify = {{field = 'points', add = 1}}} end",
    ) + &on("事象洪水", "手番", "for i = 1, 50000 do k.event('無') end");
    for (name, cards) in [
        ("det-flood", card("H-F", &flood)),
        (
            "det-dependent",
            card(
                "H-F",
                &on(
                    "依存",
                    "手番",
                    "for i = 1, 400 do k.add_effect{source = self, applies_to = 'points > 0', modify = {{field = 'points', add = 1}}} end",
                ),
            ),
        ),
    ] {
        let dir = race(name, &cards, "H-F", |t| t);
        let (straight, g) = play(&dir, 2);
        let b = Bundle::load(&dir).expect("loads");
        let d = b.deck("low").expect("deck");
        let mut g2 = b.new_game([&d, &d], 2);
        let mut agents = [RandomAgent::new(2), RandomAgent::new(9)];
        let resumed = loop {
            match g2.advance(&b.host) {
                Err(e) => break Err(e.to_string()),
                Ok(Status::Over(o)) => break Ok(o),
                Ok(Status::Decide) => {
                    for p in 0..2 {
                        let _ = g2.view(Some(p));
                        let _ = g2.board_text(Some(p));
                    }
                    let json = serde_json::to_string(&g2.save()).expect("saves");
                    g2 = Game::restore(b.defs.clone(), serde_json::from_str(&json).expect("reads"))
                        .expect("restores");
                    for p in g2.waiting_for() {
                        let picks = agents[p as usize].pick(&g2, p);
                        g2.submit(p, picks).expect("legal");
                    }
                }
            }
        };
        assert_eq!(straight, resumed, "{name}");
        let text = |g: &Game| g.log.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
        assert_eq!(text(&g), text(&g2), "{name}");
    }
}

/// Issue 11: a card that floods the chain with pending items, or opens windows without end,
/// is stopped as the card's error; the game goes on.
#[test]
fn a_card_flooding_the_chain_or_windows_is_stopped() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/riposte");
    let dir = std::env::temp_dir().join(format!("fuda-flood-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["", "packs", "packs/basic", "decks"] {
        std::fs::create_dir_all(dir.join(sub)).expect("mkdir");
        for e in std::fs::read_dir(src.join(sub)).expect("read").flatten() {
            if e.path().is_file() {
                std::fs::copy(e.path(), dir.join(sub).join(e.file_name())).expect("copy");
            }
        }
    }
    let flood = r#"
  - id: R-900
    name: 洪水
    type: spell
    damage: 0
    abilities:
      - name: 洪水
        kind: triggered
        when: 唱えた
        effect: |
          for i = 1, 1000 do k.push({ kind = "x", controller = controller, values = { n = i } }) end
  - id: R-901
    name: 渦
    type: spell
    damage: 0
    abilities:
      - name: 渦
        kind: triggered
        when: 唱えた
        effect: |
          for i = 1, 100 do k.open_window("main", controller) end
"#;
    let cards = std::fs::read_to_string(dir.join("packs/basic/spells.yaml")).expect("read");
    std::fs::write(dir.join("packs/basic/spells.yaml"), cards + flood).expect("write");
    std::fs::write(
        dir.join("decks/mix.yaml"),
        "name: x\ncards: { R-001: 4, R-900: 3, R-901: 3 }\n",
    )
    .expect("write");
    let b = Bundle::load(&dir).expect("loads");
    let d = b.deck("mix").expect("deck");
    let mut errors = Vec::new();
    for seed in 0..6 {
        let mut g = b.new_game([&d, &d], seed);
        let mut agents: [Box<dyn fuda::agent::Agent>; 2] = [
            Box::new(fuda::agent::RandomAgent::new(seed)),
            Box::new(fuda::agent::RandomAgent::new(seed + 9)),
        ];
        fuda::sim::play_out(&mut g, &b.host, &mut agents).expect("the game goes on");
        errors.extend(
            g.log
                .iter()
                .filter(|l| l.text.contains("⚠"))
                .map(|l| l.text.clone()),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        errors.iter().any(|e| e.contains("more than 256 items")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("more than 16 priority windows")),
        "{errors:?}"
    );
}
