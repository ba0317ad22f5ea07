//! Hidden information stays hidden (302.2, 303.2–303.3, 304.2, 305.3, 905.2 / 306.7b).
//!
//! Many games of the built-in 汎用TCG with the scripted starter decks, random answers. At every
//! decision, for each player, what that player is shown — the JSON view (`Game::view_since`), the
//! text board (`Game::board_text`, what `fuda play` prints), the options of a decision they are
//! asked, and the new log lines as they may read them — must not identify a card hidden from
//! them: the opponent's hand (305.3), both decks (304.2), face-down energy (905.2: private to all,
//! its owner included), the opponent's face-down main unit during setup (403.3).
//!
//! Names are shared between copies, so a name counts as identifying only when no card with that
//! name is visible to the player; card ids (`GT-003`) likewise; object handles never appear.
mod common;
use fuda::bundle::{default_game_dir, Bundle};
use fuda_engine::{CardIdx, CardView, DecisionKind, Game, PlayerId, Status, View};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// Log lines that name a hidden card because the rules reveal it (303.3b): 403.3a (a redrawn
/// hand is revealed) and 903.1 (reveal).
const REVEALING_CLAUSES: [&str; 2] = ["403.3a", "903.1"];

/// What one player knows at one moment, for comparing with the next.
#[derive(Default, Clone)]
struct Seen {
    /// Names and card ids of cards visible to the player now.
    visible_names: BTreeSet<String>,
    visible_ids: BTreeSet<String>,
    /// Names of cards hidden from the player now.
    hidden_names: BTreeSet<String>,
}

fn seen(g: &Game, v: PlayerId) -> Seen {
    let mut s = Seen::default();
    let st = g.position();
    for c in 0..st.objects.len() as CardIdx {
        let def = &g.defs.cards.cards[st.objects[c as usize].def as usize];
        if g.can_see(v, c) {
            s.visible_names.insert(def.named.name.clone());
            s.visible_ids.insert(def.named.id.clone());
        } else {
            s.hidden_names.insert(def.named.name.clone());
        }
    }
    s
}

/// Names of hidden cards that would identify them: no visible card has the name, and the name is
/// not part of a visible card's name (`ネズミ` in `雷光のネズミ`).
fn identifying(hidden: &BTreeSet<String>, visible: &BTreeSet<String>) -> Vec<String> {
    hidden
        .iter()
        .filter(|n| !visible.iter().any(|v| v.contains(n.as_str())))
        .cloned()
        .collect()
}

fn assert_no_names(what: &str, text: &str, names: &[String], ctx: &str) {
    for n in names {
        assert!(
            !text.contains(n.as_str()),
            "{ctx}: {what} names hidden card {n}:\n{text}"
        );
    }
}

/// What a hidden card's view may hold: what everyone sees of it (302.2, 303.2).
const PUBLIC_KEYS: [&str; 7] = [
    "hidden",
    "face_up",
    "orientation",
    "flags",
    "counters",
    "role",
    "attached",
];

/// The view's zones card by card against the position: hidden exactly when `can_see` says so,
/// and a hidden card carries no id, card id, name or fields.
fn check_cards(g: &Game, v: PlayerId, cards: &[CardView], list: &[CardIdx], ctx: &str) {
    assert_eq!(cards.len(), list.len(), "{ctx}: card count");
    let st = g.position();
    for (cv, &c) in cards.iter().zip(list) {
        let visible = g.can_see(v, c);
        assert_eq!(cv.hidden, !visible, "{ctx}: card {c} hidden flag");
        if !visible {
            assert!(
                cv.id.is_none() && cv.card.is_none() && cv.name.is_none() && cv.fields.is_empty(),
                "{ctx}: hidden card {c} shown as {cv:?}"
            );
            // Every field a hidden card carries is one everyone sees (its HP, text or any
            // other value would be a new key here), with the value the position has.
            let json = serde_json::to_value(cv).expect("a card view serializes");
            for k in json.as_object().expect("an object").keys() {
                assert!(
                    PUBLIC_KEYS.contains(&k.as_str()),
                    "{ctx}: hidden card {c} shows \"{k}\": {json}"
                );
            }
            let o = &st.objects[c as usize];
            assert_eq!(cv.face_up, o.face_up, "{ctx}: card {c} face");
            let counters: i32 = cv.counters.values().sum();
            assert_eq!(
                counters,
                o.counters.iter().sum::<i32>(),
                "{ctx}: card {c} counters"
            );
        } else {
            assert_eq!(cv.name.as_deref(), Some(g.name(c)), "{ctx}: card {c} name");
        }
        let id = st.objects[c as usize].id(c);
        let mut att: Vec<(u32, CardIdx)> = st
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.attached_to == Some(id))
            .map(|(i, o)| (o.attach_seq, i as CardIdx))
            .collect();
        att.sort();
        let att: Vec<CardIdx> = att.into_iter().map(|(_, i)| i).collect();
        check_cards(g, v, &cv.attached, &att, ctx);
    }
}

fn check_view(g: &Game, v: PlayerId, view: &View, now: &Seen, ctx: &str) {
    let gd = &g.defs.game;
    let st = g.position();
    for pv in &view.players {
        let p = pv.player - 1;
        let mut zi = 0;
        for (k, z) in gd.zones.iter().enumerate().filter(|(_, z)| !z.shared) {
            for slot in 0..z.count {
                let zid = gd.zone_id(k, p, slot);
                let zv = &pv.zones[zi];
                zi += 1;
                assert_eq!(zv.zone, z.named.id);
                let list = &st.zones[zid.0 as usize];
                assert_eq!(zv.count, list.len(), "{ctx}: 302.2a count of {}", zv.zone);
                check_cards(
                    g,
                    v,
                    &zv.cards,
                    list,
                    &format!("{ctx} P{} {}", p + 1, zv.zone),
                );
            }
        }
    }
    // Everything but the log, as text: no hidden-only name or card id, no hidden handle.
    let mut bare = view.clone();
    bare.log.clear();
    let json = serde_json::to_string(&bare).expect("view serializes");
    let names = identifying(&now.hidden_names, &now.visible_names);
    assert_no_names("the view", &json, &names, ctx);
    // Every handle and card id in the JSON, collected once.
    let handles: BTreeSet<i64> = values_after(&json, "\"id\":")
        .filter_map(|t| t.parse().ok())
        .collect();
    let card_ids: BTreeSet<&str> = values_after(&json, "\"card\":")
        .map(|t| t.trim_matches('"'))
        .collect();
    for c in 0..st.objects.len() as CardIdx {
        if g.can_see(v, c) {
            continue;
        }
        let def = &g.defs.cards.cards[st.objects[c as usize].def as usize];
        assert!(
            now.visible_ids.contains(&def.named.id) || !card_ids.contains(def.named.id.as_str()),
            "{ctx}: the view has the card id {} of a hidden card",
            def.named.id
        );
        let h = g.handle(st.objects[c as usize].id(c));
        assert!(
            !handles.contains(&h),
            "{ctx}: the view has the handle {h} of hidden card {c}"
        );
    }
    if let Some(d) = &view.decision {
        if !d.yours {
            assert!(
                d.options.is_empty() && d.prompt.is_none(),
                "{ctx}: not yours"
            );
        }
    }
}

/// The JSON tokens (a number or a string) that follow each occurrence of `key`.
fn values_after<'a>(json: &'a str, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    json.match_indices(key).map(move |(i, _)| {
        let rest = &json[i + key.len()..];
        let end = if let Some(quoted) = rest.strip_prefix('"') {
            quoted.find('"').map_or(rest.len(), |e| e + 2)
        } else {
            rest.find([',', '}', ']']).unwrap_or(rest.len())
        };
        &rest[..end]
    })
}

#[derive(Default, Debug)]
struct Stats {
    decisions: usize,
    checks: usize,
    private_lines: usize,
    hidden_cards_checked: usize,
}

/// Plays one game to its end with random answers, checking both players' views at every
/// decision. Returns what was checked.
fn play_checked(b: &Bundle, decks: [&str; 2], seed: u64, stats: &mut Stats) {
    let d1 = b.deck(decks[0]).expect("deck");
    let d2 = b.deck(decks[1]).expect("deck");
    let mut g = b.new_game([&d1, &d2], seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut log_read = [0usize; 2];
    let mut before: [Option<Seen>; 2] = [None, None];
    loop {
        match g.advance(&b.host).expect("no engine error") {
            Status::Over(_) => break,
            Status::Decide => {}
        }
        stats.decisions += 1;
        for v in 0..2 as PlayerId {
            if std::env::var("NOCHECK").is_ok() {
                break;
            }
            let ctx = format!(
                "seed {seed} {decks:?}, turn {}, viewer P{}",
                g.position().turn,
                v + 1
            );
            let now = seen(&g, v);
            let view = g.view_since(Some(v), log_read[v as usize]);
            check_view(&g, v, &view, &now, &ctx);
            stats.hidden_cards_checked += now.hidden_names.len();
            // The text board `fuda play` prints (303.3).
            let names = identifying(&now.hidden_names, &now.visible_names);
            assert_no_names("board_text", &g.board_text(Some(v)), &names, &ctx);
            // The options of a decision this player is asked.
            if let Some(d) = g.decision().filter(|d| d.players.contains(&v)) {
                let text: Vec<&str> = d.options.iter().map(|o| o.label.as_str()).collect();
                let text = format!("{}\n{}", d.prompt, text.join("\n"));
                assert_no_names("the options", &text, &names, &ctx);
            }
            // New log lines: names of cards hidden from the player both at the last decision
            // and now, and not visible at either moment.
            let prev = before[v as usize].take().unwrap_or_else(|| now.clone());
            let hidden: BTreeSet<String> = now
                .hidden_names
                .intersection(&prev.hidden_names)
                .cloned()
                .collect();
            let visible: BTreeSet<String> = now
                .visible_names
                .union(&prev.visible_names)
                .cloned()
                .collect();
            let names = identifying(&hidden, &visible);
            let all: Vec<_> = g.visible_log().skip(log_read[v as usize]).collect();
            for (line, entry) in view.log.iter().zip(all) {
                if !entry.readable_by(Some(v)) {
                    stats.private_lines += 1;
                }
                if entry
                    .clause
                    .as_deref()
                    .is_some_and(|c| REVEALING_CLAUSES.contains(&c))
                {
                    continue;
                }
                assert_no_names("a log line", line, &names, &ctx);
            }
            log_read[v as usize] += view.log.len();
            before[v as usize] = Some(now);
            stats.checks += 1;
        }
        for p in g.waiting_for() {
            let d = g.decision().expect("decision");
            let n = d.options.len() as u64;
            let span = (d.max - d.min) as u64 + 1;
            let count = (d.min as u64 + rng.next_u64() % span).min(n);
            let mut pool: Vec<u16> = (0..n as u16).collect();
            let mut picks = Vec::new();
            for _ in 0..count {
                let i = (rng.next_u64() % pool.len() as u64) as usize;
                picks.push(pool.remove(i));
            }
            g.submit(p, picks).expect("legal answer");
        }
    }
}

#[test]
fn no_view_board_option_or_log_line_names_a_card_hidden_from_its_player() {
    let b = Bundle::load(&default_game_dir()).expect("the built-in game loads");
    let mut stats = Stats::default();
    for seed in 0..30 {
        play_checked(&b, ["flame-thunder", "water-grass"], seed, &mut stats);
    }
    eprintln!("{stats:?}");
    assert!(stats.decisions > 1000, "{stats:?}");
    // Charging (602.1) names a hand card that goes face down: some lines must have been private.
    assert!(stats.private_lines > 0, "{stats:?}");
}

/// 403.3, 905.2: what the opponent reads of a private choice, and what its chooser reads.
#[test]
fn a_charged_card_is_named_to_its_owner_only() {
    let b = Bundle::load(&default_game_dir()).expect("the built-in game loads");
    let d1 = b.deck("flame-thunder").expect("deck");
    let d2 = b.deck("water-grass").expect("deck");
    let mut g = b.new_game([&d1, &d2], 182);
    let mut checked = false;
    for _ in 0..2000 {
        match g.advance(&b.host).expect("runs") {
            Status::Over(_) => break,
            Status::Decide => {}
        }
        let d = g.decision().expect("decision").clone();
        let p = d.players[0];
        let charge = d
            .options
            .iter()
            .position(|o| o.label.starts_with("チャージ: "));
        let pick = charge.unwrap_or(0) as u16;
        for q in g.waiting_for() {
            g.submit(q, vec![if q == p { pick } else { 0 }])
                .expect("legal");
        }
        if let Some(i) = charge {
            let label = d.options[i].label.clone();
            let n = g.log.len();
            g.advance(&b.host).expect("runs");
            let line = g
                .log
                .iter_from(n)
                .find(|l| l.text.contains(&label))
                .expect("the answer is logged");
            assert!(line.readable_by(Some(p)) && !line.readable_by(Some(1 - p)));
            let other = line.seen_by(Some(1 - p)).text;
            assert!(!other.contains(&label), "{other}");
            assert!(other.contains("非公開"), "{other}");
            // The full log (`fuda log`, None) still has it.
            assert!(line.seen_by(None).text.contains(&label));
            let mine = g.view(Some(p)).log.join("\n");
            let theirs = g.view(Some(1 - p)).log.join("\n");
            assert!(mine.contains(&label) && !theirs.contains(&label));
            checked = true;
            break;
        }
    }
    assert!(checked, "a charge was made");
}

/// The view of a player not asked shows that someone decides, and nothing of the options.
#[test]
fn the_other_player_sees_only_that_someone_decides() {
    let b = Bundle::load(&default_game_dir()).expect("the built-in game loads");
    let d1 = b.deck("flame-thunder").expect("deck");
    let d2 = b.deck("water-grass").expect("deck");
    let mut g = b.new_game([&d1, &d2], 5);
    assert_eq!(g.advance(&b.host).expect("runs"), Status::Decide);
    let p = g.waiting_for()[0];
    let mine = g.view(Some(p)).to_json();
    let theirs = g.view(Some(1 - p)).to_json();
    assert_eq!(mine["decision"]["yours"], true);
    assert!(mine["decision"]["options"]
        .as_array()
        .is_some_and(|o| !o.is_empty()));
    assert_eq!(theirs["decision"]["yours"], false);
    assert!(theirs["decision"].get("options").is_none());
    assert!(theirs["decision"].get("prompt").is_none());
    assert_eq!(theirs["decision"]["players"][0], p + 1);
    // 302.2a: counts are known; the opponent's hand cards are placeholders.
    let hand = theirs["players"][p as usize]["zones"]
        .as_array()
        .expect("zones")
        .iter()
        .find(|z| z["zone"] == "hand")
        .expect("hand")
        .clone();
    assert_eq!(hand["count"], 5);
    for c in hand["cards"].as_array().expect("cards") {
        assert_eq!(c["hidden"], true);
        assert!(c.get("name").is_none() && c.get("card").is_none() && c.get("id").is_none());
    }
}

/// Plays from `t`'s position to the main phase of `turn`: ends main phases, uses no skill,
/// answers the first option otherwise. Returns the log lines written meanwhile.
fn play_to_turn(t: &mut common::T, turn: u32) -> Vec<String> {
    let from = t.g.log.len();
    while t.g.st.turn < turn
        || t.g
            .decision()
            .is_none_or(|d| d.kind != DecisionKind::Action)
    {
        match t.run() {
            Status::Over(o) => panic!("the game ended: {o:?}"),
            Status::Decide => {}
        }
        if t.g.st.turn >= turn && t.kind() == DecisionKind::Action {
            break;
        }
        let d = t.g.decision().expect("decision").clone();
        let pick = if d.kind == DecisionKind::Action {
            d.options.len() as u16 - 1
        } else {
            // No skill (703.2): nobody is KO'd on the way.
            d.options
                .iter()
                .position(|o| o.label.contains("使用しない"))
                .unwrap_or(0) as u16
        };
        for p in t.g.waiting_for() {
            t.g.submit(p, vec![pick]).expect("legal");
        }
    }
    t.log_from(from)
}

/// 905.2, 306.7b: a unit card charged as energy is face down and private to all; it is energy,
/// not a unit in the area (802.2), so its triggered ability (見張りの斥候「偵察」: draw at the start
/// of your turn) does not trigger — which would also name it to both players. As a standby unit,
/// the same card's ability triggers.
#[test]
fn a_unit_charged_as_energy_has_no_abilities_905_2() {
    for as_energy in [true, false] {
        let mut t = common::T::empty(3);
        let main = t.place(common::P1, "GT-001", "main", 0);
        let scout = t.place(common::P1, "GT-101", "standby", 0);
        t.place(common::P2, "GT-011", "main", 0);
        if as_energy {
            t.g.edit(|g| {
                g.attach(scout, main, 0).map_err(|_| ()).expect("attach");
            })
            .expect("edit");
        }
        let lines = play_to_turn(&mut t, 5);
        let triggered = lines.iter().any(|l| l.contains("「偵察」が誘発"));
        assert_eq!(
            triggered,
            !as_energy,
            "as energy: {as_energy}\n{}",
            lines.join("\n")
        );
    }
}

/// 東方VISION (3.5.3, 3.6.3): nodes are face down and hands hidden; no view, board, option or
/// log line shows the opponent a node or hand card, also when a node set names it.
#[test]
fn touhou_vision_nodes_and_hands_stay_hidden_3_5_3() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/touhou-vision");
    let b = Bundle::load(&dir).expect("東方VISION loads");
    let mut stats = Stats::default();
    for seed in 0..4 {
        play_checked(&b, ["hakurei", "scarlet"], seed, &mut stats);
    }
    assert!(stats.decisions > 500, "{stats:?}");
    assert!(
        stats.private_lines > 0,
        "node sets are private lines: {stats:?}"
    );
}
