//! Building a game at a scenario's starting position.
use super::{Attached, CardSpec, CardState, Scenario};
use fuda_engine::def::card::did_you_mean;
use fuda_engine::def::deck::DeckDef;
use fuda_engine::def::program::Instr;
use fuda_engine::verbs::Position;
use fuda_engine::{Defs, Game, ObjId, PlayerId};
use std::path::PathBuf;
use std::sync::Arc;

const FILLER_DECK: u32 = 20;

fn card_index(defs: &Defs, id: &str) -> Result<usize, String> {
    defs.cards.by_id.get(id).copied().ok_or_else(|| {
        format!(
            "unknown card \"{id}\" ({})",
            did_you_mean(id, defs.cards.by_id.keys().map(|s| s.as_str()))
        )
    })
}

/// Every card id a side needs: zone cards, attached cards, and fillers for counted energy.
fn needed(defs: &Defs, side: &super::Side, filler: usize) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for (zone, cards) in &side.zones {
        for spec in cards.entries().into_iter().flatten() {
            out.push(card_index(defs, spec.id())?);
            if let CardSpec::State(st) = spec {
                match &st.energy {
                    Some(Attached::Count(n)) => {
                        out.extend(std::iter::repeat_n(filler, *n as usize))
                    }
                    Some(Attached::Cards(ids)) => {
                        for id in ids {
                            out.push(card_index(defs, id)?);
                        }
                    }
                    None => {}
                }
                for id in &st.set {
                    out.push(card_index(defs, id)?);
                }
            }
        }
        let _ = zone;
    }
    if !side.zones.contains_key("deck") {
        out.extend(std::iter::repeat_n(filler, FILLER_DECK as usize));
    }
    Ok(out)
}

/// A new game at the scenario's position.
pub fn build(defs: Arc<Defs>, sc: &Scenario) -> Result<Game, String> {
    let g = &defs.game;
    let filler = match &sc.setup.filler {
        Some(id) => card_index(&defs, id)?,
        None => 0,
    };
    let sides = [&sc.setup.p1, &sc.setup.p2];
    let mut decks = Vec::new();
    for (p, side) in sides.iter().enumerate() {
        let cards = needed(&defs, side, filler).map_err(|e| format!("p{}: {e}", p + 1))?;
        decks.push(DeckDef {
            name: "scenario".into(),
            name_en: None,
            cards: cards.into_iter().map(|c| (c, 1)).collect(),
            sideboard: Vec::new(),
            extra: Default::default(),
            file: PathBuf::from("scenario"),
        });
    }
    let mut game = Game::new(Arc::clone(&defs), [&decks[0], &decks[1]], sc.seed);
    let deck_zone = g.deck.zone.unwrap_or(g.draw_from);
    let mut err = None;
    game.edit(|game| {
        for (p, side) in sides.iter().enumerate() {
            if let Err(e) = place_side(game, p as PlayerId, side, deck_zone, filler) {
                err = Some(format!("p{}: {e}", p + 1));
                return;
            }
        }
        // The board is given as it stands: putting it there triggers nothing (a card in the
        // ring was not "put there by rule from the top of the deck").
        game.st.triggers.clear();
        // At turn 0 the program starts at its beginning (before setup, 403).
        let at_setup = sc.setup.turn == 0;
        game.st.stacked_randoms = sc.setup.randoms.clone();
        if let Err(e) = stack_shuffles(game, &sides, deck_zone, at_setup) {
            err = Some(e);
        } else if !at_setup {
            if let Err(e) = position(game, sc) {
                err = Some(e);
            }
        }
    })?;
    match err {
        Some(e) => Err(e),
        None => Ok(game),
    }
}

/// Each side's `shuffles:`, as the deck orders its next shuffles give; at setup (turn 0) a side
/// gives only its deck.
fn stack_shuffles(
    game: &mut Game,
    sides: &[&super::Side; 2],
    deck_zone: usize,
    at_setup: bool,
) -> Result<(), String> {
    let defs = Arc::clone(&game.defs);
    for (p, side) in sides.iter().enumerate() {
        // At setup a player holds only what they bring: the deck and its further decks (a
        // flame deck, Fire Force 404.1a) or sideboard.
        let d = &defs.game.deck;
        let brought: Vec<&str> = std::iter::once(deck_zone)
            .chain(d.extra_decks.iter().filter_map(|x| x.rules.zone))
            .chain(d.sideboard.as_ref().map(|s| s.zone))
            .map(|z| defs.game.zones[z].named.id.as_str())
            .collect();
        if let Some(z) = side
            .zones
            .keys()
            .find(|z| at_setup && !brought.contains(&z.as_str()))
        {
            return Err(format!(
                "p{}: a scenario at setup (turn 0) gives only `shuffles:` and the zones a player brings ({}), not \"{z}\"",
                p + 1,
                brought.join(", ")
            ));
        }
        let zone = defs.game.zone_id(deck_zone, p as PlayerId, 0);
        for order in &side.shuffles {
            let order = order
                .iter()
                .map(|id| card_index(&defs, id).map(|d| d as u16))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("p{}: shuffles: {e}", p + 1))?;
            game.st
                .stacked
                .push(fuda_engine::state::StackedShuffle { zone, order });
        }
    }
    Ok(())
}

/// Takes a card with this definition out of the player's deck (where the game put them all).
fn take(
    game: &Game,
    p: PlayerId,
    def: usize,
    deck_zone: usize,
    used: &[u16],
) -> Result<ObjId, String> {
    let z = game.defs.game.zone_id(deck_zone, p, 0);
    game.zone_cards(z)
        .iter()
        .rev()
        .find(|&&c| game.st.objects[c as usize].def as usize == def && !used.contains(&c))
        .map(|&c| game.obj_id(c))
        .ok_or_else(|| "internal: card not prepared".to_string())
}

fn place_side(
    game: &mut Game,
    p: PlayerId,
    side: &super::Side,
    deck_zone: usize,
    filler_def: usize,
) -> Result<(), String> {
    let defs = Arc::clone(&game.defs);
    let gd = &defs.game;
    let mut used: Vec<u16> = Vec::new();
    let mut deck_order: Option<Vec<u16>> = None;
    for (zone, cards) in &side.zones {
        let k = gd.zone_index(zone).ok_or_else(|| {
            format!(
                "unknown zone \"{zone}\" ({})",
                did_you_mean(zone, gd.zones.iter().map(|z| z.named.id.as_str()))
            )
        })?;
        let entries = cards.entries();
        if k == deck_zone {
            let mut order = Vec::new();
            for spec in entries.into_iter().flatten() {
                let id = take(game, p, card_index(&defs, spec.id())?, deck_zone, &used)?;
                used.push(id.card);
                order.push(id.card);
            }
            deck_order = Some(order);
            continue;
        }
        let slots = gd.zones[k].count as usize;
        // An ordered zone is listed top first: the first entry goes in last, on top.
        let mut entries: Vec<(usize, Option<&CardSpec>)> =
            entries.into_iter().enumerate().collect();
        if gd.zones[k].ordered && slots == 1 {
            entries.reverse();
        }
        for (i, spec) in entries {
            let Some(spec) = spec else { continue };
            let slot = if slots > 1 { i } else { 0 };
            if slot >= slots {
                return Err(format!(
                    "zone \"{zone}\" has {slots} slot(s), entry {} is one too many",
                    i + 1
                ));
            }
            let id = take(game, p, card_index(&defs, spec.id())?, deck_zone, &used)?;
            used.push(id.card);
            let z = gd.zone_id(k, p, slot as u8);
            let placed = game
                .move_card(id, z, Position::Top)
                .map_err(|_| format!("cannot move {} into {zone}", spec.id()))?
                .ok_or_else(|| format!("zone \"{zone}\" is full at {}", spec.id()))?;
            game.st.objects[placed.card as usize].since_turn = 0;
            if let CardSpec::State(st) = spec {
                apply_state(game, p, placed, st, deck_zone, &mut used, filler_def)?;
            }
        }
    }
    // The deck: listed cards top first, nothing else; or (not listed) the fillers.
    let z = gd.zone_id(deck_zone, p, 0);
    if let Some(order) = deck_order {
        let mut v: Vec<u16> = order;
        v.reverse();
        game.st.zones[z.0 as usize] = v;
    }
    for (name, value) in &side.vars {
        let i = gd
            .player_var(name)
            .ok_or_else(|| format!("unknown player variable \"{name}\""))?;
        game.set_player_var(p, i, *value);
    }
    Ok(())
}

fn apply_state(
    game: &mut Game,
    p: PlayerId,
    unit: ObjId,
    st: &CardState,
    deck_zone: usize,
    used: &mut Vec<u16>,
    filler: usize,
) -> Result<(), String> {
    let defs = Arc::clone(&game.defs);
    let gd = &defs.game;
    let role = |name: &str| {
        gd.role(name)
            .ok_or_else(|| format!("the game has no attachment role \"{name}\""))
    };
    if let Some(e) = &st.energy {
        let ids: Vec<usize> = match e {
            Attached::Count(n) => vec![filler; *n as usize],
            Attached::Cards(ids) => ids
                .iter()
                .map(|id| card_index(&defs, id))
                .collect::<Result<_, _>>()?,
        };
        let r = role("energy")? as u8;
        for def in ids {
            let c = take(game, p, def, deck_zone, used)?;
            used.push(c.card);
            game.attach(c, unit, r)
                .map_err(|_| "cannot attach energy".to_string())?;
        }
    }
    for id in &st.set {
        let c = take(game, p, card_index(&defs, id)?, deck_zone, used)?;
        used.push(c.card);
        let r = role("set")? as u8;
        let s = game
            .attach(c, unit, r)
            .map_err(|_| "cannot set".to_string())?
            .ok_or("cannot set")?;
        game.st.objects[s.card as usize].since_turn = 0;
    }
    let o = &mut game.st.objects[unit.card as usize];
    if let Some(d) = st.damage {
        let c = gd
            .counter("damage")
            .ok_or("the game has no counter \"damage\"")?;
        o.counters[c] = d as i32;
    }
    for (name, n) in &st.counters {
        let c = gd
            .counter(name)
            .ok_or_else(|| format!("unknown counter \"{name}\""))?;
        o.counters[c] = *n as i32;
    }
    if let Some(name) = &st.orientation {
        o.orientation =
            gd.orientation(name)
                .ok_or_else(|| format!("unknown orientation \"{name}\""))? as u8;
    }
    for f in &st.flags {
        let i = gd
            .flag(f)
            .ok_or_else(|| format!("unknown object flag \"{f}\""))?;
        o.flags |= 1 << i;
        if f == "ko" {
            o.face_up = false;
            o.revealed = 0xff;
        }
    }
    if st.face_down {
        o.face_up = false;
    }
    if st.new {
        o.since_turn = u32::MAX; // set to the scenario's turn once it is known (see `position`)
    }
    Ok(())
}

/// Turn, turn player, and the program counter at the start of the phase (or step).
fn position(game: &mut Game, sc: &Scenario) -> Result<(), String> {
    let s = &sc.setup;
    let tp: PlayerId = match s.turn_player.as_str() {
        "p1" => 0,
        "p2" => 1,
        o => return Err(format!("turn_player must be p1 or p2, not \"{o}\"")),
    };
    let turn = s.turn.max(1);
    game.st.turn = turn;
    game.st.turn_player = tp;
    // Turns alternate from turn 1, so the first player follows from the turn number.
    let first = if turn % 2 == 1 { tp } else { 1 - tp };
    game.st.first_player = Some(first);
    game.st.players[first as usize].turns = turn.div_ceil(2);
    game.st.players[1 - first as usize].turns = turn / 2;
    for o in game.st.objects.iter_mut() {
        if o.since_turn > turn {
            o.since_turn = turn;
        }
    }
    let defs = Arc::clone(&game.defs);
    let gd = &defs.game;
    let phase = s.phase.as_deref().unwrap_or("main");
    let pi = gd
        .phase_names
        .iter()
        .position(|p| p.named.id == phase)
        .ok_or_else(|| {
            format!(
                "unknown phase \"{phase}\" ({})",
                did_you_mean(phase, gd.phase_names.iter().map(|p| p.named.id.as_str()))
            )
        })?;
    let target = match &s.step {
        None => Instr::PhaseStart(pi as u16),
        Some(step) => {
            let si = gd.phase_names[pi]
                .steps
                .iter()
                .position(|(n, _)| &n.id == step)
                .ok_or_else(|| format!("phase \"{phase}\" has no step \"{step}\""))?;
            Instr::StepStart(pi as u16, si as u16)
        }
    };
    let pc = gd
        .program
        .instrs
        .iter()
        .position(|i| *i == target)
        .ok_or("internal: phase not in the program")?;
    game.st.pc = pc as u32;
    game.st.phase = Some(pi as u16);
    for (name, v) in &s.vars {
        let i = gd
            .game_var(name)
            .ok_or_else(|| format!("unknown game variable \"{name}\""))?;
        game.set_game_var(i, *v);
    }
    let text = format!(
        "シナリオ (scenario): ターン{turn}, P{}の番から (from turn {turn}, P{})",
        tp + 1,
        tp + 1
    );
    game.log_line(None, text);
    Ok(())
}
