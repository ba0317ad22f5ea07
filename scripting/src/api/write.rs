//! Changing the game through the kernel's verbs.
use super::*;
use crate::convert::to_lua;
use fuda_engine::{Game, Value};
use mlua::{Lua, Table};

use fuda_engine::budget::{Charge, MAX_LOG_LINE};
use fuda_engine::verbs::Position;
use mlua::Variadic;

pub(super) fn register(lua: &Lua, k: &Table) -> R<()> {
    k.raw_set(
        "move",
        lua.create_function(
            |lua,
             (h, p, name, slot, pos, opts): (
                i64,
                i64,
                String,
                Option<i64>,
                Option<String>,
                Option<Table>,
            )| {
                let (cause, by) = match &opts {
                    Some(t) => (
                        t.get::<Option<String>>("cause")?,
                        t.get::<Option<i64>>("by")?,
                    ),
                    None => (None, None),
                };
                with(lua, |g| {
                    let id = obj(g, h)?;
                    let z = zone(g, p, &name, slot)?;
                    let pos = match pos.as_deref() {
                        None | Some("top") => Position::Top,
                        Some("bottom") => Position::Bottom,
                        Some(o) => {
                            return Err(err(format!(
                                "position must be \"top\" or \"bottom\", not \"{o}\""
                            )))
                        }
                    };
                    if let Some(c) = cause {
                        if c.len() > 64 {
                            return Err(err("move: a cause is at most 64 bytes"));
                        }
                        let by = by.map(|b| obj(g, b)).transpose()?;
                        g.move_cause = Some((c, by));
                    }
                    let moved = g.move_card(id, z, pos);
                    g.move_cause = None;
                    let moved = moved.map_err(fail)?.map(|u| g.handle(u));
                    let why = match moved {
                        Some(_) => None,
                        None if !g.zone_exists(z) => Some("absent"),
                        None => Some("full"),
                    };
                    Ok((moved, why))
                })
            },
        )?,
    )?;
    k.raw_set(
        "put_on_top",
        lua.create_function(
            |lua, (a, b, role, opts): (i64, i64, String, Option<Table>)| {
                let orientation = match &opts {
                    Some(t) => t.get::<Option<bool>>("orientation")?.unwrap_or(false),
                    None => false,
                };
                with(lua, |g| {
                    let (a, b) = (obj(g, a)?, obj(g, b)?);
                    let r = named_role(g, &role)?;
                    Ok(g.put_on_top(a, b, r, orientation)
                        .map_err(fail)?
                        .map(|u| g.handle(u)))
                })
            },
        )?,
    )?;
    k.raw_set(
        "reattach",
        lua.create_function(|lua, (c, host, role): (i64, i64, Option<String>)| {
            with(lua, |g| {
                let (c, host) = (obj(g, c)?, obj(g, host)?);
                let r = match role {
                    Some(r) => Some(named_role(g, &r)?),
                    None => None,
                };
                g.reattach(c, host, r).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "move_all",
        lua.create_function(|lua, (list, opts): (Table, Option<Table>)| {
            let all = match &opts {
                Some(t) => t.get::<Option<bool>>("all_or_nothing")?.unwrap_or(false),
                None => false,
            };
            let mut raw = Vec::new();
            for (i, m) in list.sequence_values::<Table>().enumerate() {
                if i >= 256 {
                    return Err(err("move_all: at most 256 moves at once"));
                }
                let m = m?;
                let c: i64 = m.get("c").or_else(|_| m.get(1))?;
                let p: i64 = m.get("p").or_else(|_| m.get(2))?;
                let z: String = m.get("zone").or_else(|_| m.get(3))?;
                let slot: Option<i64> = m.get("slot")?;
                let pos: Option<String> = m.get("pos")?;
                raw.push((c, p, z, slot, pos));
            }
            let r = with(lua, |g| {
                let mut moves = Vec::with_capacity(raw.len());
                for (c, p, z, slot, pos) in &raw {
                    let pos = match pos.as_deref() {
                        None | Some("top") => Position::Top,
                        Some("bottom") => Position::Bottom,
                        Some(o) => {
                            return Err(err(format!(
                                "move_all: pos must be \"top\" or \"bottom\", not \"{o}\""
                            )))
                        }
                    };
                    moves.push((obj(g, *c)?, zone(g, *p, z, *slot)?, pos));
                }
                let done = g.move_all(&moves, all).map_err(fail)?;
                Ok(done.map(|v| {
                    v.into_iter()
                        .map(|m| m.map_or(Value::Bool(false), |id| Value::Int(g.handle(id))))
                        .collect::<Vec<_>>()
                }))
            })?;
            match r {
                Some(v) => to_lua(lua, &Value::List(v)),
                None => Ok(mlua::Value::Nil),
            }
        })?,
    )?;
    k.raw_set(
        "set_zone_exists",
        lua.create_function(|lua, args: mlua::Variadic<mlua::Value>| {
            with(lua, |g| {
                // (p, zone[, slot], on)
                let n = args.len();
                let on = match args.get(n.wrapping_sub(1)) {
                    Some(mlua::Value::Boolean(b)) => *b,
                    _ => {
                        return Err(err(
                            "set_zone_exists(p, zone[, slot], on): `on` must be true or false",
                        ))
                    }
                };
                let p = match args.first() {
                    Some(mlua::Value::Integer(p)) => *p,
                    _ => {
                        return Err(err(
                            "set_zone_exists: the first argument is a player (1 or 2)",
                        ))
                    }
                };
                let name = match args.get(1) {
                    Some(mlua::Value::String(s)) => s.to_str()?.to_string(),
                    _ => return Err(err("set_zone_exists: the second argument is a zone id")),
                };
                let slot = match (n, args.get(2)) {
                    (4, Some(mlua::Value::Integer(s))) => Some(*s),
                    (3, _) => None,
                    _ => return Err(err("set_zone_exists(p, zone[, slot], on)")),
                };
                let z = zone(g, p, &name, slot)?;
                Ok(g.set_zone_exists(z, on))
            })
        })?,
    )?;
    k.raw_set(
        "attach",
        lua.create_function(|lua, (c, u, role): (i64, i64, String)| {
            with(lua, |g| {
                let (c, u) = (obj(g, c)?, obj(g, u)?);
                let r = g
                    .defs
                    .game
                    .role(&role)
                    .ok_or_else(|| err(format!("unknown attachment role \"{role}\"")))?;
                Ok(g.attach(c, u, r as u8).map_err(fail)?.map(|u| g.handle(u)))
            })
        })?,
    )?;
    k.raw_set(
        "draw",
        lua.create_function(|lua, (p, n): (i64, i64)| {
            with(lua, |g| g.draw(player(g, p)?, n).map_err(fail))
        })?,
    )?;
    k.raw_set(
        "shuffle",
        lua.create_function(|lua, (p, name): (i64, String)| {
            with(lua, |g| {
                let z = zone(g, p, &name, None)?;
                g.shuffle(z);
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "swap",
        lua.create_function(|lua, (a, b): (i64, i64)| {
            with(lua, |g| g.swap(obj(g, a)?, obj(g, b)?).map_err(fail))
        })?,
    )?;
    k.raw_set(
        "set_orientation",
        lua.create_function(|lua, (h, o): (i64, String)| {
            with(lua, |g| {
                let i = named_index(&g.defs.game.orientations, &o, "orientation")?;
                g.set_orientation(obj(g, h)?, i as u8).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "set_controller",
        lua.create_function(|lua, (h, p): (i64, i64)| {
            with(lua, |g| {
                let p = player(g, p)?;
                g.set_controller(obj(g, h)?, p).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "set_flag",
        lua.create_function(|lua, (h, f, on): (i64, String, bool)| {
            with(lua, |g| {
                let i = named_index(&g.defs.game.flags, &f, "object flag")?;
                g.set_flag(obj(g, h)?, i, on).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "add_counter",
        lua.create_function(|lua, (h, c, n): (i64, String, i64)| {
            with(lua, |g| {
                let i = named_index(&g.defs.game.counters, &c, "counter")?;
                g.add_counter(obj(g, h)?, i, n).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "clear_counters",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| g.clear_counters(obj(g, h)?).map_err(fail))
        })?,
    )?;
    k.raw_set(
        "set_face",
        lua.create_function(|lua, (h, up, to): (i64, bool, Option<mlua::Value>)| {
            with(lua, |g| {
                let id = obj(g, h)?;
                let owner = g.st.objects[id.card as usize].owner;
                let mask = match to {
                    None | Some(mlua::Value::Nil) => 0,
                    Some(mlua::Value::String(s)) => match &*s.to_str()? {
                        "all" => 0xff,
                        "owner" => 1 << owner,
                        "none" => 0,
                        o => {
                            return Err(err(format!(
                                "reveal to \"all\", \"owner\", \"none\" or a player, not \"{o}\""
                            )))
                        }
                    },
                    Some(mlua::Value::Integer(p)) => 1 << player(g, p)?,
                    Some(o) => return Err(err(format!("cannot reveal to a {}", o.type_name()))),
                };
                g.set_face(id, up, mask).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "set_pvar",
        lua.create_function(|lua, (p, v, x): (i64, String, i64)| {
            with(lua, |g| {
                let i = pvar_index(g, &v)?;
                let p = player(g, p)?;
                g.set_player_var(p, i, x);
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "set_gvar",
        lua.create_function(|lua, (v, x): (String, i64)| {
            with(lua, |g| {
                let i = gvar_index(g, &v)?;
                g.set_game_var(i, x);
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "clear_failed_draw",
        lua.create_function(|lua, p: i64| {
            with(lua, |g| {
                let p = player(g, p)?;
                g.st.players[p as usize].failed_draw = false;
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "lose",
        lua.create_function(|lua, (p, clause, reason): (i64, String, String)| {
            with(lua, |g| {
                // The reason is a log line.
                if clause.len() + reason.len() > MAX_LOG_LINE {
                    return Err(err(format!(
                        "k.lose: a reason of {} bytes is longer than the limit of {MAX_LOG_LINE}",
                        reason.len()
                    )));
                }
                g.charge(Charge::Data(clause.len() + reason.len()))
                    .map_err(err)?;
                let p = player(g, p)?;
                g.lose(p, &clause, &reason);
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "set_turn_player",
        lua.create_function(|lua, p: i64| {
            with(lua, |g| {
                if g.st.turn != 0 {
                    return Err(err("the turn player can only be set during setup"));
                }
                g.st.turn_player = player(g, p)?;
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "log",
        lua.create_function(
            |lua, (clause, parts): (Option<String>, Variadic<mlua::Value>)| {
                let mut text = String::new();
                for v in parts.iter() {
                    match v {
                        mlua::Value::String(s) => {
                            // Checked before copying: a huge string never reaches the kernel.
                            let len = text.len() + s.as_bytes().len();
                            if len > MAX_LOG_LINE {
                                return Err(err(format!("k.log: a line of {len} bytes or more is longer than the limit of {MAX_LOG_LINE}")));
                            }
                            text.push_str(&s.to_str()?)
                        }
                        other => text.push_str(&from_lua(other)?.to_string()),
                    }
                }
                let by = acting_card(lua);
                with(lua, |g| {
                    g.charge(Charge::Log(text.len())).map_err(err)?;
                    let clause = clause.as_deref().filter(|c| !c.is_empty());
                    match by {
                        // A card's line naming what only its controller sees is theirs (305.3).
                        Some(p) => g.log_line_of(p, clause, text),
                        None => g.log_line(clause, text),
                    }
                    Ok(())
                })
            },
        )?,
    )?;
    // k.event(name, {card = c, ...}): a trigger condition occurs (807.2).
    k.raw_set(
        "event",
        lua.create_function(|lua, (name, data): (String, Option<mlua::Value>)| {
            let data = match data {
                Some(v) => from_lua(&v)?,
                None => fuda_engine::Value::Null,
            };
            with(lua, |g| {
                g.charge(Charge::Event).map_err(err)?;
                g.charge(Charge::Item(name.len() + data.approx_size()))
                    .map_err(err)?;
                declared(g, &name, &data)?;
                g.raise(&name, data);
                Ok(())
            })
        })?,
    )?;
    // k.delay(self, "能力名", data, once = true): create a delayed trigger (807.6).
    k.raw_set(
        "delay",
        lua.create_function(
            |lua, (h, name, data, once): (i64, String, Option<mlua::Value>, Option<bool>)| {
                let data = match data {
                    Some(v) => from_lua(&v)?,
                    None => fuda_engine::Value::Null,
                };
                with(lua, |g| {
                    g.charge(Charge::Delayed).map_err(err)?;
                    g.charge(Charge::Item(name.len() + data.approx_size()))
                        .map_err(err)?;
                    let id = g
                        .handle_id(h)
                        .ok_or_else(|| err(format!("{h} is not a card handle")))?;
                    let controller =
                        g.st.objects
                            .get(id.card as usize)
                            .map(|o| o.controller)
                            .ok_or_else(|| err("no such card"))?;
                    g.create_delayed(id, controller, &name, once.unwrap_or(true), data)
                        .map_err(err)
                })
            },
        )?,
    )?;
    // k.add_effect{source=, targets={…} | applies_to="expr", modify={{field=, add|set|grant|remove=}},
    //   duration="this_turn"|"permanent"|{turn=N}, ["while"]="expr", label=} → created?
    k.raw_set(
        "add_effect",
        lua.create_function(|lua, t: Table| with(lua, |g| add_effect(g, &t)))?,
    )?;
    // k.end_effects(c): 302.3b — effects locked onto this card end (not static abilities).
    k.raw_set(
        "end_effects",
        lua.create_function(|lua, h: i64| with(lua, |g| Ok(g.end_effects_on(obj(g, h)?) as i64)))?,
    )?;
    // k.replace({kind = "ko", card = c, …}) → the event that happens instead, or nil (810).
    k.raw_set(
        "replace",
        lua.create_function(|lua, ev: mlua::Value| {
            let event = from_lua(&ev)?;
            let r = with_host(lua, |g, host| g.replace(host, event).map_err(fail))?;
            match r {
                Some(v) => to_lua(lua, &v),
                None => Ok(mlua::Value::Nil),
            }
        })?,
    )?;
    // k.reveal(c) → shown to all until the effect ends (903.1); false if all saw it (903.2).
    k.raw_set(
        "reveal",
        lua.create_function(|lua, h: i64| with(lua, |g| Ok(g.reveal(obj(g, h)?))))?,
    )?;
    // k.show(c, p): player p may look at the card while the effect resolves (910.2).
    k.raw_set(
        "show",
        lua.create_function(|lua, (h, p): (i64, i64)| {
            with(lua, |g| {
                let id = obj(g, h)?;
                let p = player(g, p)?;
                let mask = g.st.objects[id.card as usize].revealed;
                g.st.temp_reveals.push((id, mask));
                g.st.objects[id.card as usize].revealed = mask | (1 << p);
                g.touch();
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "set_ovar",
        lua.create_function(|lua, (h, v, x): (i64, String, mlua::Value)| {
            with(lua, |g| {
                let i = named_index(&g.defs.game.object_vars, &v, "object variable")?;
                let id = obj(g, h)?;
                let list = g
                    .defs
                    .game
                    .object_var_lists
                    .get(i)
                    .copied()
                    .unwrap_or(false);
                match (list, x) {
                    (false, mlua::Value::Integer(n)) => {
                        g.st.objects[id.card as usize].vars[i] = n;
                        g.touch();
                        Ok(())
                    }
                    (true, mlua::Value::Table(t)) => {
                        let mut values = Vec::new();
                        for x in t.sequence_values::<i64>() {
                            values.push(x?);
                            if values.len() > fuda_engine::ovar_list::MAX_OVAR_LIST {
                                break;
                            }
                        }
                        g.set_ovar_list(id, i, values).map_err(err)
                    }
                    (false, _) => Err(err(format!("set_ovar: \"{v}\" holds an integer"))),
                    (true, _) => Err(err(format!(
                        "set_ovar: \"{v}\" is a list variable: give a list ({{}} clears it)"
                    ))),
                }
            })
        })?,
    )?;
    k.raw_set(
        "add_ovar",
        lua.create_function(|lua, (h, v, x): (i64, String, i64)| {
            with(lua, |g| {
                let i = named_index(&g.defs.game.object_vars, &v, "object variable")?;
                if !g
                    .defs
                    .game
                    .object_var_lists
                    .get(i)
                    .copied()
                    .unwrap_or(false)
                {
                    return Err(err(format!(
                        "add_ovar: \"{v}\" is not declared `list: true`"
                    )));
                }
                let id = obj(g, h)?;
                g.add_ovar(id, i, x).map_err(err)
            })
        })?,
    )?;
    // k.prohibited(action, event) → the prohibiting ability's name, or nil (104.4).
    k.raw_set(
        "prohibited",
        lua.create_function(|lua, (action, ev): (String, Option<mlua::Value>)| {
            let event = ev.as_ref().map(from_lua).transpose()?.unwrap_or_default();
            with(lua, |g| {
                Ok(g.prohibited(&action, &event)
                    .map(|(c, name)| format!("{}の「{name}」", g.name(c))))
            })
        })?,
    )?;
    k.raw_set(
        "random",
        lua.create_function(|lua, n: i64| with(lua, |g| g.random(n).map_err(err)))?,
    )?;
    Ok(())
}

fn add_effect(g: &mut Game, t: &Table) -> R<bool> {
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

/// k.event may raise only an event the game declares, with the data keys it declares (807.2).
fn declared(g: &fuda_engine::Game, name: &str, data: &fuda_engine::Value) -> mlua::Result<()> {
    use fuda_engine::def::events;
    let ev = match g.defs.game.event(name) {
        Some(ev) => ev,
        None => {
            let (msg, hint) = events::unknown(&g.defs.game.events, name).unwrap_or_default();
            return Err(err(format!("k.event: {msg}; {hint}")));
        }
    };
    if let fuda_engine::Value::Map(m) = data {
        let extra = events::undeclared_keys(ev, m.keys().map(String::as_str));
        if let Some(k) = extra.first() {
            return Err(err(format!(
                "k.event(\"{name}\"): the data key \"{k}\" is not declared for this event; \
                 its data: {} (declare it in game.yaml `events:`)",
                ev.data.join(", ")
            )));
        }
    }
    Ok(())
}

fn named_role(g: &Game, role: &str) -> R<u8> {
    g.defs
        .game
        .role(role)
        .map(|r| r as u8)
        .ok_or_else(|| err(format!("unknown attachment role \"{role}\"")))
}
