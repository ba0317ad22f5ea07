//! `k.add_effect`: a continuous effect a script creates (801.2b, 809), checked against the
//! game's fields and layers.
use super::*;
use crate::convert::from_lua;
use fuda_engine::budget::Charge;
use fuda_engine::Game;
use mlua::Table;

pub(super) fn add_effect(g: &mut Game, t: &Table) -> R<bool> {
    use fuda_engine::effects::{Duration, Effect, Op, Scope};
    g.charge(Charge::Effect).map_err(err)?;
    let source = obj(
        g,
        t.get::<i64>("source")
            .map_err(|_| err("add_effect needs `source` (the card, e.g. self)"))?,
    )?;
    let controller = g.st.objects[source.card as usize].controller;
    let scope =
        match (
            t.get::<Option<Vec<i64>>>("targets")?,
            t.get::<Option<String>>("applies_to")?,
        ) {
            (Some(hs), None) if hs.len() > g.st.objects.len() => {
                return Err(err(format!(
                    "add_effect: {} targets, more than the {} cards in the game",
                    hs.len(),
                    g.st.objects.len()
                )))
            }
            (Some(hs), None) => Scope::Locked(hs.into_iter().map(|h| obj(g, h)).collect::<R<_>>()?),
            (None, Some(src)) => Scope::Dynamic(src),
            _ => return Err(err(
                "add_effect needs exactly one of `targets` (cards) or `applies_to` (an expression)",
            )),
        };
    // The expressions are checked now, so a typo is the card's error at this call.
    let while_cond: Option<String> = t.get("while")?;
    let dynamic = match &scope {
        Scope::Dynamic(d) => Some(d),
        Scope::Locked(_) => None,
    };
    for src in dynamic.into_iter().chain(while_cond.as_ref()) {
        fuda_engine::def::names::check_src(src, &g.defs.game)
            .map_err(|e| err(format!("add_effect: {e}")))?;
    }
    let mut changes = Vec::new();
    for m in t.get::<Vec<Table>>("modify")? {
        let field: String = m.get("field")?;
        let op = if let Some(n) = m.get::<Option<i64>>("add")? {
            Op::Add(n)
        } else if let Some(n) = m.get::<Option<i64>>("mul")? {
            Op::Mul(n)
        } else if let Some(n) = m.get::<Option<i64>>("div")? {
            if n == 0 {
                return Err(err(format!("modify {field}: div = 0 (a division by zero)")));
            }
            Op::Div(n)
        } else if let Some(other) = m.get::<Option<String>>("swap")? {
            if let Some(e) = fuda_engine::def::card::swap_problem(&g.defs.game, &field, &other) {
                return Err(err(format!("add_effect: {e}")));
            }
            Op::Swap(other)
        } else if let Some(v) = m.get::<Option<mlua::Value>>("set")? {
            if m.get::<Option<bool>>("always")?.unwrap_or(false) {
                Op::SetAlways(from_lua(&v)?)
            } else {
                Op::Set(from_lua(&v)?)
            }
        } else if let Some(v) = m.get::<Option<mlua::Value>>("grant")? {
            Op::Grant(from_lua(&v)?)
        } else if let Some(v) = m.get::<Option<mlua::Value>>("remove")? {
            Op::Remove(from_lua(&v)?)
        } else {
            return Err(err(format!(
                "modify {field}: give add, set, mul, div, grant, remove or swap"
            )));
        };
        // 809: the value must fit the field's declared type (else the card's error).
        if let Some(fd) = g
            .defs
            .game
            .fields
            .get(&field)
            .filter(|_| !matches!(op, Op::Swap(_)))
        {
            let (name, v) = match &op {
                Op::Add(n) | Op::Mul(n) | Op::Div(n) => ("add", fuda_engine::Value::Int(*n)),
                Op::Set(v) | Op::SetAlways(v) => ("set", v.clone()),
                Op::Swap(_) => ("set", fuda_engine::Value::Null),
                Op::Grant(v) => ("grant", v.clone()),
                Op::Remove(v) => ("remove", v.clone()),
            };
            fd.check_change(name, &v)
                .map_err(|e| err(format!("add_effect: {name} \"{field}\": {e}")))?;
        }
        if g.defs.game.field_layer(&field).is_none() {
            return Err(err(format!(
                "the field \"{field}\" is in no layer of the game (809.1)"
            )));
        }
        changes.push((field, op));
    }
    let duration = match t.get::<mlua::Value>("duration")? {
        mlua::Value::Nil => Duration::Permanent,
        mlua::Value::String(s) => match &*s.to_str()? {
            "permanent" => Duration::Permanent,
            "this_turn" => Duration::ThisTurn(g.st.turn),
            o if g.defs.game.durations.iter().any(|d| d.id == o)
                || (o == "chain" && g.defs.game.chain.is_some()) =>
            {
                Duration::Until(o.to_string())
            }
            o => {
                return Err(err(format!(
                    "unknown duration \"{o}\" (this_turn, permanent, {{turn = N}} or one the game declares in `durations:`)"
                )))
            }
        },
        mlua::Value::Table(d) => Duration::Turn(d.get::<u32>("turn")?),
        _ => return Err(err("duration: this_turn, permanent or {turn = N}")),
    };
    let label = t
        .get::<Option<String>>("label")?
        .unwrap_or_else(|| g.name(source.card).to_string());
    let size = label.len()
        + match &scope {
            Scope::Locked(ids) => 8 * ids.len(),
            Scope::Dynamic(src) => src.len(),
        }
        + changes
            .iter()
            .map(|(f, op)| {
                f.len()
                    + match op {
                        Op::Set(v) | Op::SetAlways(v) | Op::Grant(v) | Op::Remove(v) => {
                            v.approx_size()
                        }
                        Op::Swap(o) => o.len(),
                        Op::Add(_) | Op::Mul(_) | Op::Div(_) => 8,
                    }
            })
            .sum::<usize>();
    let while_cond: Option<String> = t.get("while")?;
    g.charge(Charge::Item(
        size + while_cond.as_ref().map_or(0, String::len),
    ))
    .map_err(err)?;
    g.add_effect(Effect {
        source,
        controller,
        timestamp: 0,
        scope,
        changes,
        duration,
        while_cond,
        label,
        base: t.get::<Option<bool>>("base")?.unwrap_or(false),
    })
    .map_err(err)
}
