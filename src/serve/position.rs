//! "Save this position as a scenario": the board written as a scenario file's `setup:`
//! (docs/scenarios.md), so a position reached at the table can be replayed, edited and
//! pinned with expectations. It is written on the server's disk, never sent to a seat (it
//! names every hidden card).
use fuda_engine::def::game::Visibility;
use fuda_engine::{CardIdx, Game, PlayerId};
use serde_yaml::{Mapping, Value as Y};
use std::path::{Path, PathBuf};

/// The scenario text for the game's position; what a setup cannot hold is listed in comments.
pub fn scenario_yaml(game: &Game, game_dir: &Path, dir: &Path, name: &str) -> String {
    let g = &game.defs.game;
    let st = game.position();
    let mut lost: Vec<String> = Vec::new();
    let mut setup = Mapping::new();
    setup.insert("turn".into(), Y::from(st.turn.max(1)));
    setup.insert(
        "turn_player".into(),
        Y::from(format!("p{}", st.turn_player + 1)),
    );
    if let Some(ph) = st.phase.and_then(|p| g.phase_names.get(p as usize)) {
        setup.insert("phase".into(), Y::from(ph.named.id.clone()));
        if let Some((step, _)) = st.step.and_then(|s| ph.steps.get(s as usize)) {
            setup.insert("step".into(), Y::from(step.id.clone()));
        }
    }
    for p in 0..g.players {
        setup.insert(
            format!("p{}", p + 1).into(),
            Y::Mapping(side(game, p, &mut lost)),
        );
    }
    let vars: Mapping = (g.game_vars.iter().zip(&st.game_vars))
        .filter(|(_, v)| **v != 0)
        .map(|(d, v)| (Y::from(d.id.clone()), Y::from(*v)))
        .collect();
    if !vars.is_empty() {
        setup.insert("vars".into(), Y::Mapping(vars));
    }
    for (k, z) in g.zones.iter().enumerate().filter(|(_, z)| z.shared) {
        if (0..z.count).any(|s| !game.zone_cards(g.zone_id(k, 0, s)).is_empty()) {
            lost.push(format!("the cards in the shared zone {}", z.named.id));
        }
    }
    if !st.chain.is_empty() || !st.triggers.is_empty() {
        lost.push("items waiting to resolve and pending triggers".into());
    }
    if !st.effects.is_empty() {
        lost.push("continuous effects in force from resolved abilities".into());
    }
    let mut doc = Mapping::new();
    doc.insert("name".into(), Y::from(name.to_string()));
    match game_path(game_dir, dir) {
        Ok(Some(rel)) => {
            doc.insert("game".into(), Y::from(rel));
        }
        Ok(None) => {}
        Err(todo) => lost.push(todo),
    }
    doc.insert("seed".into(), Y::from(st.seed));
    doc.insert("setup".into(), Y::Mapping(setup));
    doc.insert("expect".into(), Y::Sequence(Vec::new()));
    let mut out = String::from(
        "# Saved at the play table (fuda serve). Add `do:` and `expect:`, then `fuda test` it.\n",
    );
    if !lost.is_empty() {
        out.push_str("# Not in this file (a scenario's setup cannot give them):\n");
        for l in lost {
            out.push_str(&format!("#   - {l}\n"));
        }
    }
    out.push_str(&serde_yaml::to_string(&Y::Mapping(doc)).unwrap_or_default());
    out
}

fn side(game: &Game, p: PlayerId, lost: &mut Vec<String>) -> Mapping {
    let g = &game.defs.game;
    let st = game.position();
    let mut m = Mapping::new();
    let vars: Mapping = (g.player_vars.iter().zip(&st.players[p as usize].vars))
        .filter(|(_, v)| **v != 0)
        .map(|(d, v)| (Y::from(d.id.clone()), Y::from(*v)))
        .collect();
    if !vars.is_empty() {
        m.insert("vars".into(), Y::Mapping(vars));
    }
    for (k, z) in g.zones.iter().enumerate().filter(|(_, z)| !z.shared) {
        let slots: Vec<Vec<CardIdx>> = (0..z.count)
            .map(|s| game.zone_cards(g.zone_id(k, p, s)).to_vec())
            .collect();
        if slots.iter().all(Vec::is_empty) {
            continue;
        }
        let public = z.visibility == Visibility::Public;
        let list: Vec<Y> = if z.count > 1 {
            slots
                .iter()
                .map(|cs| cs.last().map_or(Y::Null, |&c| card(game, c, public, lost)))
                .collect()
        } else {
            // Ordered zones are listed top first.
            let mut cs = slots.into_iter().next().unwrap_or_default();
            if z.ordered {
                cs.reverse();
            }
            cs.iter().map(|&c| card(game, c, public, lost)).collect()
        };
        m.insert(Y::from(z.named.id.clone()), Y::Sequence(list));
    }
    m
}

fn card(game: &Game, c: CardIdx, public: bool, lost: &mut Vec<String>) -> Y {
    let g = &game.defs.game;
    let st = game.position();
    let o = &st.objects[c as usize];
    let id = game.defs.cards.cards[o.def as usize].named.id.clone();
    let mut m = Mapping::new();
    let me = o.id(c);
    let mut attached: Vec<(u32, CardIdx)> = (st.objects.iter().enumerate())
        .filter(|(_, a)| a.attached_to == Some(me))
        .map(|(i, a)| (a.attach_seq, i as CardIdx))
        .collect();
    attached.sort();
    for (_, a) in attached {
        let ao = &st.objects[a as usize];
        let aid = game.defs.cards.cards[ao.def as usize].named.id.clone();
        let role = g.roles.get(ao.role as usize).map(|r| r.named.id.as_str());
        match role {
            Some(key @ ("energy" | "set")) => {
                let e = m
                    .entry(Y::from(key))
                    .or_insert_with(|| Y::Sequence(Vec::new()));
                if let Y::Sequence(v) = e {
                    v.push(Y::from(aid));
                }
            }
            _ => lost.push(format!("{aid} attached to {id} as {}", role.unwrap_or("?"))),
        }
    }
    let counters: Mapping = (g.counters.iter().zip(&o.counters))
        .filter(|(_, n)| **n != 0)
        .map(|(d, n)| (Y::from(d.id.clone()), Y::from(*n)))
        .collect();
    if !counters.is_empty() {
        m.insert("counters".into(), Y::Mapping(counters));
    }
    if o.orientation != 0 {
        if let Some(n) = g.orientations.get(o.orientation as usize) {
            m.insert("orientation".into(), Y::from(n.id.clone()));
        }
    }
    let flags: Vec<Y> = (g.flags.iter().enumerate())
        .filter(|(i, _)| o.has_flag(*i))
        .map(|(_, f)| Y::from(f.id.clone()))
        .collect();
    if !flags.is_empty() {
        m.insert("flags".into(), Y::Sequence(flags));
    }
    if public && !o.face_up {
        m.insert("face_down".into(), Y::Bool(true));
    }
    if st.turn > 0 && o.since_turn == st.turn {
        m.insert("new".into(), Y::Bool(true));
    }
    if m.is_empty() {
        return Y::from(id);
    }
    let mut full = Mapping::new();
    full.insert("card".into(), Y::from(id));
    full.extend(m);
    Y::Mapping(full)
}

/// `game:` for a file in `dir`: the game folder relative to it, when both are inside the
/// current folder (a scenario's `game:` must stay inside it). Ok(None): the built-in game,
/// which needs none; Err: what to write by hand.
fn game_path(game_dir: &Path, dir: &Path) -> Result<Option<String>, String> {
    let canon = |p: &Path| {
        p.canonicalize()
            .map_err(|e| format!("{}: {e}", p.display()))
    };
    let cwd = canon(&std::env::current_dir().map_err(|e| e.to_string())?)?;
    let game = canon(game_dir)?;
    let here = canon(dir)?;
    let builtin = canon(&crate::bundle::default_game_dir()).ok();
    match (game.strip_prefix(&cwd), here.strip_prefix(&cwd)) {
        (Ok(g), Ok(h)) => {
            let up = "../".repeat(h.components().count());
            Ok(Some(format!("{up}{}", g.display())))
        }
        _ if builtin.as_ref() == Some(&game) => Ok(None),
        _ => Err(format!(
            "game: (the folder {} relative to this file, both inside the folder you run fuda test in)",
            game.display()
        )),
    }
}

/// Writes the position to `dir/position-<turn>-<n>.yaml`; returns the path.
pub fn save(game: &Game, game_dir: &Path, dir: &Path, n: u64) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let turn = game.position().turn;
    let path = dir.join(format!("position-turn{turn}-{n}.yaml"));
    let name = format!("position at turn {turn} (saved at the table)");
    std::fs::write(&path, scenario_yaml(game, game_dir, dir, &name))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}
