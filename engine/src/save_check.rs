//! Checking a save before it is used: every index in range, every recorded answer legal for
//! its question, so a tampered or truncated save is refused with a message, never a panic.
use crate::budget::MAX_OPTIONS;
use crate::decision::{Answer, Decision};
use crate::game::{Defs, SavedGame};
use crate::state::{Outcome, State};

/// Checks a whole save against the loaded definitions.
pub fn check_save(defs: &Defs, saved: &SavedGame) -> Result<(), String> {
    check_state(defs, &saved.state)
        .map_err(|e| format!("the save does not match the loaded game: {e}"))?;
    let players = defs.game.players;
    if let Some(p) = &saved.pending {
        if let Some(at) = &p.at {
            check_state(defs, at)
                .map_err(|e| format!("the save's pending position is broken: {e}"))?;
        }
        let d = &p.decision;
        if d.players.is_empty()
            || d.players.iter().any(|&pl| pl >= players)
            || p.answers.len() != d.players.len()
        {
            return Err("the save's pending decision names no or unknown players".into());
        }
        check_decision(d).map_err(|e| format!("the save's pending decision: {e}"))?;
        for picks in p.answers.iter().flatten() {
            d.validate(picks)
                .map_err(|e| format!("the save's pending answer: {e}"))?;
        }
    }
    if let Some(snap) = &saved.journal.snapshot {
        check_state(defs, &snap.0)
            .map_err(|e| format!("the save's journal snapshot is broken: {e}"))?;
    }
    for (i, (d, a)) in saved.journal.entries.iter().enumerate() {
        if d.players.iter().any(|&pl| pl >= players) {
            return Err(format!(
                "the save's recorded answer {}: unknown player",
                i + 1
            ));
        }
        check_decision(d)
            .and_then(|_| check_entry(d, a))
            .map_err(|e| format!("the save's recorded answer {}: {e}", i + 1))?;
    }
    Ok(())
}

/// A decision's shape: bounded options, min ≤ max ≤ options.
fn check_decision(d: &Decision) -> Result<(), String> {
    if d.options.len() > MAX_OPTIONS {
        return Err(format!(
            "{} options (the limit is {MAX_OPTIONS})",
            d.options.len()
        ));
    }
    if d.min > d.max || d.max as usize > d.options.len() {
        return Err(format!(
            "picks {}..{} of {} options",
            d.min,
            d.max,
            d.options.len()
        ));
    }
    Ok(())
}

/// A recorded answer fits its decision: one legal pick list per asked player.
pub fn check_entry(d: &Decision, a: &Answer) -> Result<(), String> {
    if a.len() != d.players.len() {
        return Err(format!(
            "{} answers for {} players",
            a.len(),
            d.players.len()
        ));
    }
    a.iter().try_for_each(|picks| d.validate(picks))
}

/// Everything in the state that names cards, abilities, players or program positions.
fn check_refs(defs: &Defs, st: &State) -> Result<(), String> {
    let g = &defs.game;
    let n = st.objects.len();
    let ability = |def: u16, ability: u16| {
        defs.cards
            .cards
            .get(def as usize)
            .is_some_and(|c| (ability as usize) < c.abilities.len())
    };
    for t in &st.triggers {
        if !ability(t.def, t.ability) || t.controller >= g.players || t.source.card as usize >= n {
            return Err("a pending trigger names an unknown card, ability or player".into());
        }
    }
    if st.stacked.iter().any(|s| {
        s.zone.0 as usize >= st.zones.len()
            || s.order
                .iter()
                .any(|&d| d as usize >= defs.cards.cards.len())
    }) {
        return Err("a stacked shuffle names an unknown zone or card".into());
    }
    for d in &st.delayed {
        if !ability(d.def, d.ability) || d.controller >= g.players || d.source.card as usize >= n {
            return Err("a delayed trigger names an unknown card, ability or player".into());
        }
    }
    let groups = |grp: &str| g.actions.iter().any(|a| a.group == grp);
    if st.windows.len() > crate::priority::MAX_WINDOWS
        || st
            .windows
            .iter()
            .any(|w| w.holder >= g.players || w.passes > g.players || !groups(&w.group))
    {
        return Err("a priority window names an unknown player or action group".into());
    }
    if st.chain.len() > crate::chain::MAX_ITEMS
        || st.chain.iter().any(|i| {
            i.controller >= g.players
                || i.depth as usize > st.windows.len()
                || i.id == 0
                || i.id > st.next_item
                || i.source.is_some_and(|s| s.card as usize >= n)
        })
    {
        return Err("a pending item names an unknown card, player or window".into());
    }
    if st
        .trigger_batch
        .iter()
        .any(|b| !ability(b.def, b.ability) || b.source.card as usize >= n)
    {
        return Err("the trigger batch names an unknown card or ability".into());
    }
    if st.running.iter().any(|&(d, a)| !ability(d, a)) {
        return Err("a running ability is unknown".into());
    }
    if st.effects.iter().any(|e| e.controller >= g.players) {
        return Err("a continuous effect names an unknown player".into());
    }
    if st.lki.len() > n
        || st.lki.iter().flatten().any(|l| {
            let o = &l.obj;
            o.def as usize >= defs.cards.cards.len()
                || o.zone.0 >= g.zone_instances
                || o.owner >= g.players
                || o.controller >= g.players
                || o.orientation as usize >= g.orientations.len().max(1)
        })
    {
        return Err("last-known information names unknown cards".into());
    }
    if st.objects.iter().any(|o| o.counters.iter().any(|&c| c < 0)) {
        return Err("a counter is below 0".into());
    }
    if st.temp_reveals.iter().any(|(id, _)| id.card as usize >= n) {
        return Err("a reveal names an unknown card".into());
    }
    if let Some(c) = &st.rule_check {
        if c.process as usize > g.rule_processes.len() {
            return Err(format!("unknown rule process {}", c.process));
        }
    }
    if st.players.iter().any(|p| p.turns > st.turn) {
        return Err("a player has begun more turns than the game has had".into());
    }
    if let Some(Outcome::Win { winner, .. }) = &st.outcome {
        if *winner >= g.players {
            return Err(format!("unknown winner {}", winner + 1));
        }
    }
    Ok(())
}

/// Checks that a state (from a save file) fits the definitions: every index in range and every
/// physical card in exactly one place — a zone's list or attached to a card (302.1).
pub fn check_state(defs: &Defs, st: &State) -> Result<(), String> {
    let g = &defs.game;
    let n = st.objects.len();
    if n > u16::MAX as usize {
        return Err(format!("{n} cards"));
    }
    if st.zones.len() != g.zone_instances as usize {
        return Err(format!(
            "{} zones, the game has {}",
            st.zones.len(),
            g.zone_instances
        ));
    }
    if st.players.len() != g.players as usize
        || st
            .players
            .iter()
            .any(|p| p.vars.len() != g.player_vars.len())
        || st.game_vars.len() != g.game_vars.len()
    {
        return Err("players or variables do not match the game".into());
    }
    if st.turn_player >= g.players || st.first_player.is_some_and(|p| p >= g.players) {
        return Err("unknown turn player".into());
    }
    if st.pc as usize >= g.program.instrs.len().max(1) {
        return Err(format!("program counter {} out of range", st.pc));
    }
    let plan = &st.plan;
    let phases = g.phase_names.len();
    if plan.extra.iter().any(|&p| p as usize >= phases)
        || plan
            .skip
            .iter()
            .any(|&(p, who)| p as usize >= phases || who.is_some_and(|w| w >= g.players))
        || plan
            .resume
            .is_some_and(|pc| pc as usize >= g.program.instrs.len())
        || plan.skip_turns.len() > g.players as usize
    {
        return Err("additional or skipped phases do not match the game".into());
    }
    let phase = match st.phase {
        Some(p) => Some(
            g.phase_names
                .get(p as usize)
                .ok_or_else(|| format!("unknown phase {p}"))?,
        ),
        None => None,
    };
    if let Some(s) = st.step {
        if phase.is_none_or(|ph| s as usize >= ph.steps.len()) {
            return Err(format!("unknown step {s}"));
        }
    }
    for (c, o) in st.objects.iter().enumerate() {
        if o.def as usize >= defs.cards.cards.len() {
            return Err(format!("card {c} has an unknown definition {}", o.def));
        }
        if o.zone.0 >= g.zone_instances || o.owner >= g.players || o.controller >= g.players {
            return Err(format!("card {c} has an unknown zone or player"));
        }
        if o.orientation as usize >= g.orientations.len().max(1) {
            return Err(format!("card {c} has an unknown orientation"));
        }
    }
    let mut placed = vec![false; n];
    for (zi, list) in st.zones.iter().enumerate() {
        for &c in list {
            let o = st
                .objects
                .get(c as usize)
                .ok_or_else(|| format!("zone {zi} lists card {c}, which does not exist"))?;
            if placed[c as usize] || o.zone.0 as usize != zi || o.attached_to.is_some() {
                return Err(format!("card {c} is not in exactly one place"));
            }
            placed[c as usize] = true;
        }
    }
    for (c, o) in st.objects.iter().enumerate() {
        match o.attached_to {
            Some(u) if placed[c] || u.card as usize >= n || u.card as usize == c => {
                return Err(format!("card {c} is attached to card {}", u.card));
            }
            Some(_) if o.role as usize >= g.roles.len() => {
                return Err(format!("card {c} has an unknown attachment role"));
            }
            None if !placed[c] => return Err(format!("card {c} is in no zone")),
            _ => {}
        }
    }
    check_refs(defs, st)
}

#[cfg(test)]
#[path = "save_check_tests.rs"]
mod tests;
