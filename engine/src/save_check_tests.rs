//! [`check_state`]: a state that names anything out of range is refused with what is wrong,
//! each check at its exact boundary (the first value out of range).
use super::*;
use crate::state::Outcome;
use crate::testing::{generic_tcg, gt101_trigger as trigger};

type Corrupt = fn(&mut State, &Defs);

/// (what is broken, how, the message it must give).
const CASES: &[(&str, Corrupt, &str)] = &[
    (
        "a zone missing",
        |s, _| drop(s.zones.pop()),
        "zones, the game has",
    ),
    (
        "a player variable too many",
        |s, _| s.players[0].vars.push(0),
        "players or variables",
    ),
    (
        "a game variable too many",
        |s, _| s.game_vars.push(0),
        "players or variables",
    ),
    (
        "the turn player",
        |s, d| s.turn_player = d.game.players,
        "unknown turn player",
    ),
    (
        "the first player",
        |s, d| s.first_player = Some(d.game.players),
        "unknown turn player",
    ),
    (
        "the program counter",
        |s, d| s.pc = d.game.program.instrs.len() as u32,
        "program counter",
    ),
    (
        "an extra phase",
        |s, d| s.plan.extra.push(d.game.phase_names.len() as u16),
        "additional or skipped",
    ),
    (
        "a skipped phase",
        |s, d| s.plan.skip.push((d.game.phase_names.len() as u16, None)),
        "additional or skipped",
    ),
    (
        "a skipping player",
        |s, d| s.plan.skip.push((0, Some(d.game.players))),
        "additional or skipped",
    ),
    (
        "the resume point",
        |s, d| s.plan.resume = Some(d.game.program.instrs.len() as u32),
        "additional or skipped",
    ),
    (
        "skipped turns",
        |s, d| s.plan.skip_turns = vec![0; d.game.players as usize + 1],
        "additional or skipped",
    ),
    (
        "the phase",
        |s, d| s.phase = Some(d.game.phase_names.len() as u16),
        "unknown phase",
    ),
    (
        "a step without a phase",
        |s, _| (s.phase, s.step) = (None, Some(0)),
        "unknown step 0",
    ),
    (
        "a step",
        |s, d| (s.phase, s.step) = (Some(0), Some(d.game.phase_names[0].steps.len() as u16)),
        "unknown step",
    ),
    (
        "a card's definition",
        |s, d| s.objects[0].def = d.cards.cards.len() as u16,
        "card 0 has an unknown definition",
    ),
    (
        "a card's zone",
        |s, d| s.objects[0].zone.0 = d.game.zone_instances,
        "card 0 has an unknown zone or player",
    ),
    (
        "a card's owner",
        |s, d| s.objects[0].owner = d.game.players,
        "card 0 has an unknown zone or player",
    ),
    (
        "a card's controller",
        |s, d| s.objects[0].controller = d.game.players,
        "card 0 has an unknown zone or player",
    ),
    (
        "a card's orientation",
        |s, d| s.objects[0].orientation = d.game.orientations.len() as u8,
        "card 0 has an unknown orientation",
    ),
    (
        "a listed card that does not exist",
        |s, _| {
            let n = s.objects.len() as u16;
            s.zones[0].push(n)
        },
        "which does not exist",
    ),
    (
        "a card listed twice",
        |s, _| {
            let z = s.objects[0].zone.0 as usize;
            s.zones[z].push(0)
        },
        "card 0 is not in exactly one place",
    ),
    (
        "a card in another zone's list",
        |s, _| {
            let z = s.objects[0].zone.0 as usize;
            s.zones[z].retain(|&c| c != 0);
            let other = (z + 1) % s.zones.len();
            s.zones[other].push(0)
        },
        "card 0 is not in exactly one place",
    ),
    (
        "a card in no zone",
        |s, _| {
            let z = s.objects[0].zone.0 as usize;
            s.zones[z].retain(|&c| c != 0)
        },
        "card 0 is in no zone",
    ),
    (
        "a card attached to itself",
        |s, _| {
            let z = s.objects[0].zone.0 as usize;
            s.zones[z].retain(|&c| c != 0);
            s.objects[0].attached_to = Some(crate::ids::ObjId {
                card: 0,
                incarnation: 0,
            })
        },
        "card 0 is attached to card 0",
    ),
    (
        "a listed card attached",
        |s, _| {
            s.objects[0].attached_to = Some(crate::ids::ObjId {
                card: 1,
                incarnation: 0,
            })
        },
        "card 0 is not in exactly one place",
    ),
    (
        "a counter below 0",
        |s, _| s.objects[3].counters[0] = -1,
        "a counter is below 0",
    ),
    (
        "a player's turns",
        |s, _| s.players[1].turns = s.turn + 1,
        "more turns than the game has had",
    ),
    (
        "the winner",
        |s, d| {
            s.outcome = Some(Outcome::Win {
                winner: d.game.players,
                clause: String::new(),
                reason: String::new(),
            })
        },
        "unknown winner 3",
    ),
];

/// References from what waits (triggers, running abilities, reveals, last-known information)
/// are checked too, each at its boundary.
const REFS: &[(&str, Corrupt, &str)] = &[
    (
        "a trigger's controller",
        |s, d| {
            s.triggers.push(crate::state::PendingTrigger {
                controller: d.game.players,
                ..trigger(d)
            })
        },
        "a pending trigger names",
    ),
    (
        "a trigger's card",
        |s, d| {
            let card = s.objects.len() as u16;
            s.triggers.push(crate::state::PendingTrigger {
                source: crate::ids::ObjId {
                    card,
                    incarnation: 0,
                },
                ..trigger(d)
            })
        },
        "a pending trigger names",
    ),
    (
        "a trigger's definition",
        |s, d| {
            s.triggers.push(crate::state::PendingTrigger {
                def: d.cards.cards.len() as u16,
                ..trigger(d)
            })
        },
        "a pending trigger names",
    ),
    (
        "a trigger's ability",
        |s, d| {
            let t = trigger(d);
            let n = d.cards.cards[t.def as usize].abilities.len() as u16;
            s.triggers
                .push(crate::state::PendingTrigger { ability: n, ..t })
        },
        "a pending trigger names",
    ),
    (
        "a running ability",
        |s, d| {
            let t = trigger(d);
            s.running
                .push((t.def, d.cards.cards[t.def as usize].abilities.len() as u16))
        },
        "a running ability is unknown",
    ),
    (
        "a revealed card",
        |s, _| {
            let card = s.objects.len() as u16;
            s.temp_reveals.push((
                crate::ids::ObjId {
                    card,
                    incarnation: 0,
                },
                1,
            ))
        },
        "a reveal names an unknown card",
    ),
    (
        "last-known information too long",
        |s, _| {
            let n = s.objects.len() + 1;
            s.lki = vec![None; n].into()
        },
        "last-known information",
    ),
];

#[test]
fn a_fresh_state_passes() {
    let g = generic_tcg();
    assert_eq!(check_state(&g.defs, &g.st), Ok(()));
}

#[test]
fn each_broken_part_is_named() {
    let g = generic_tcg();
    for (what, corrupt, message) in CASES.iter().chain(REFS) {
        let mut st = g.st.clone();
        corrupt(&mut st, &g.defs);
        match check_state(&g.defs, &st) {
            Ok(()) => panic!("{what}: accepted"),
            Err(e) => assert!(
                e.contains(message),
                "{what}: {e:?} does not say {message:?}"
            ),
        }
    }
}

#[test]
fn a_last_in_range_value_passes() {
    let g = generic_tcg();
    let d = &g.defs;
    let mut st = g.st.clone();
    st.turn_player = d.game.players - 1;
    st.first_player = Some(d.game.players - 1);
    st.pc = d.game.program.instrs.len() as u32 - 1;
    st.objects[0].orientation = d.game.orientations.len() as u8 - 1;
    st.objects[0].def = d.cards.cards.len() as u16 - 1;
    st.players[1].turns = st.turn;
    st.phase = Some(d.game.phase_names.len() as u16 - 1);
    st.step = d.game.phase_names[st.phase.unwrap_or(0) as usize]
        .steps
        .len()
        .checked_sub(1)
        .map(|s| s as u16);
    st.triggers.push(trigger(d));
    st.running.push((trigger(d).def, 0));
    st.lki = vec![None; st.objects.len()].into();
    st.outcome = Some(Outcome::Win {
        winner: d.game.players - 1,
        clause: String::new(),
        reason: String::new(),
    });
    assert_eq!(check_state(d, &st), Ok(()));
}

/// A decision of `n` options for P1, picking 1.
fn decision(n: usize) -> Decision {
    Decision {
        players: vec![0],
        options: std::sync::Arc::new(
            (0..n)
                .map(|i| crate::decision::Opt {
                    label: format!("option {i}"),
                    value: crate::value::Value::Int(i as i64),
                })
                .collect(),
        ),
        min: 1,
        max: 1,
        kind: crate::decision::DecisionKind::Choose,
        prompt: String::new(),
        clause: None,
    }
}

/// A save's pending question and recorded answers are checked against their decisions.
#[test]
fn a_saves_questions_and_answers_are_checked() {
    let g = generic_tcg();
    let pending = |d: Decision, answers: Vec<Option<Vec<u16>>>| {
        let mut s = g.save();
        s.pending = Some(crate::journal::Pending {
            decision: d,
            answers,
            at: None,
            log_at: Vec::new(),
        });
        check_save(&g.defs, &s)
    };
    assert_eq!(pending(decision(3), vec![None]), Ok(()));
    assert_eq!(pending(decision(3), vec![Some(vec![2])]), Ok(()));
    let err = |r: Result<(), String>| r.unwrap_err();
    let players = "the save's pending decision names no or unknown players";
    let mut nobody = decision(3);
    nobody.players.clear();
    assert_eq!(err(pending(nobody, vec![])), players);
    let mut p3 = decision(3);
    p3.players = vec![g.defs.game.players];
    assert_eq!(err(pending(p3, vec![None])), players);
    assert_eq!(err(pending(decision(3), vec![None, None])), players);
    let mut wide = decision(3);
    wide.max = 4;
    assert!(err(pending(wide, vec![None])).contains("picks 1..4 of 3 options"));
    let mut upside = decision(3);
    upside.min = 2;
    assert!(err(pending(upside, vec![None])).contains("picks 2..1 of 3 options"));
    let huge = decision(MAX_OPTIONS + 1);
    assert!(err(pending(huge, vec![None])).contains("options (the limit is"));
    assert!(err(pending(decision(3), vec![Some(vec![3])])).starts_with("the save's pending answer"));
    // Exactly the limit of options, all picked, is a legal question.
    let mut all = decision(MAX_OPTIONS);
    all.max = MAX_OPTIONS as u16;
    assert_eq!(pending(all, vec![None]), Ok(()));

    let recorded = |d: Decision, a: Vec<Vec<u16>>| {
        let mut s = g.save();
        s.journal.entries.push((d, a));
        check_save(&g.defs, &s)
    };
    assert_eq!(recorded(decision(2), vec![vec![1]]), Ok(()));
    assert_eq!(
        err(recorded(decision(2), vec![vec![1], vec![0]])),
        "the save's recorded answer 1: 2 answers for 1 players"
    );
    assert!(err(recorded(decision(2), vec![vec![2]])).starts_with("the save's recorded answer 1"));
    let mut p3 = decision(2);
    p3.players = vec![g.defs.game.players];
    assert_eq!(
        err(recorded(p3, vec![vec![0]])),
        "the save's recorded answer 1: unknown player"
    );
}
