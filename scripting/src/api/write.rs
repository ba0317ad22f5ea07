//! Changing the game through the kernel's verbs.
use super::*;
use crate::convert::to_lua;
use mlua::{Lua, Table};

use fuda_engine::budget::{Charge, MAX_LOG_LINE};
use mlua::Variadic;

pub(super) fn register(lua: &Lua, k: &Table) -> R<()> {
    write(
        lua,
        k,
        "set_orientation",
        |g, (h, o): &(i64, String)| {
            let i = named_index(&g.defs.game.orientations, o, "orientation")?;
            Ok(g.st.objects[obj(g, *h)?.card as usize].orientation as usize == i)
        },
        |g, (h, o): &(i64, String)| {
            let i = named_index(&g.defs.game.orientations, o, "orientation")?;
            g.set_orientation(obj(g, *h)?, i as u8).map_err(fail)
        },
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
    write(
        lua,
        k,
        "set_flag",
        |g, (h, f, on): &(i64, String, bool)| {
            let i = named_index(&g.defs.game.flags, f, "object flag")?;
            Ok(g.st.objects[obj(g, *h)?.card as usize].has_flag(i) == *on)
        },
        |g, (h, f, on): &(i64, String, bool)| {
            let i = named_index(&g.defs.game.flags, f, "object flag")?;
            g.set_flag(obj(g, *h)?, i, *on).map_err(fail)
        },
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
    write(
        lua,
        k,
        "set_pvar",
        |g, (p, v, x): &(i64, String, i64)| {
            let i = pvar_index(g, v)?;
            Ok(g.player_var(player(g, *p)?, i) == *x)
        },
        |g, (p, v, x): &(i64, String, i64)| {
            let i = pvar_index(g, v)?;
            let p = player(g, *p)?;
            g.set_player_var(p, i, *x);
            Ok(())
        },
    )?;
    write(
        lua,
        k,
        "set_gvar",
        |g, (v, x): &(String, i64)| Ok(g.game_var(gvar_index(g, v)?) == *x),
        |g, (v, x): &(String, i64)| {
            let i = gvar_index(g, v)?;
            g.set_game_var(i, *x);
            Ok(())
        },
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
        lua.create_function(
            |lua, (p, clause, reason, opts): (mlua::Value, String, String, Option<Table>)| {
                let now = match &opts {
                    Some(t) => t.get::<Option<bool>>("now")?.unwrap_or(false),
                    None => false,
                };
                let ps: Vec<i64> = match p {
                    mlua::Value::Integer(p) => vec![p],
                    mlua::Value::Table(t) => {
                        t.sequence_values::<i64>().take(9).collect::<R<_>>()?
                    }
                    _ => return Err(err("k.lose: a player (1, 2) or a list of players")),
                };
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
                    let ps = ps.iter().map(|&p| player(g, p)).collect::<R<Vec<_>>>()?;
                    g.lose_all(&ps, &clause, &reason, now);
                    Ok(())
                })
            },
        )?,
    )?;
    k.raw_set(
        "win",
        lua.create_function(|lua, (p, clause, reason): (i64, String, String)| {
            with(lua, |g| {
                if clause.len() + reason.len() > MAX_LOG_LINE {
                    return Err(err("k.win: the reason is longer than a log line may be"));
                }
                let p = player(g, p)?;
                g.win(p, &clause, &reason);
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
            let data = data_arg(data)?;
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
    // k.would_trigger(name, {…}) → n: how many abilities that event would trigger now.
    k.raw_set(
        "would_trigger",
        lua.create_function(|lua, (name, data): (String, Option<mlua::Value>)| {
            let data = data_arg(data)?;
            with(lua, |g| {
                declared(g, &name, &data)?;
                Ok(g.would_trigger(&name, &data) as i64)
            })
        })?,
    )?;
    // k.delay(self, "能力名", data, once = true): create a delayed trigger (807.6).
    k.raw_set(
        "delay",
        lua.create_function(
            |lua, (h, name, data, once): (i64, String, Option<mlua::Value>, Option<bool>)| {
                let data = data_arg(data)?;
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
        lua.create_function(|lua, t: Table| with(lua, |g| super::effects::add_effect(g, &t)))?,
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
    type Ovar = (i64, String, mlua::Value);
    write(
        lua,
        k,
        "set_ovar",
        |g, (h, v, x): &Ovar| {
            let (id, i, list) = ovar_slot(g, *h, v)?;
            Ok(match (list, x) {
                (false, mlua::Value::Integer(n)) => g.st.objects[id.card as usize].vars[i] == *n,
                _ => false,
            })
        },
        |g, (h, v, x): &Ovar| {
            let (id, i, list) = ovar_slot(g, *h, v)?;
            match (list, x.clone()) {
                (false, mlua::Value::Integer(n)) => {
                    let var = &mut g.st.objects[id.card as usize].vars[i];
                    if *var != n {
                        *var = n;
                        g.touch();
                    }
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
        },
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
    read_parsed(
        lua,
        k,
        "prohibited",
        |(action, ev): (String, Option<mlua::Value>)| {
            Ok((
                action,
                ev.as_ref().map(from_lua).transpose()?.unwrap_or_default(),
            ))
        },
        |g, _, (action, event): &(String, fuda_engine::Value)| {
            Ok(g.prohibited(action, event)
                .map(|(c, name)| format!("{}の「{name}」", g.name(c))))
        },
    )?;
    k.raw_set(
        "random",
        lua.create_function(|lua, n: i64| with(lua, |g| g.random(n).map_err(err)))?,
    )?;
    Ok(())
}

/// k.event may raise only an event the game declares, with the data keys it declares (807.2).
/// An optional data table argument (`k.event`, `k.would_trigger`, `k.delay`) as a value.
/// The card's object, the variable's index and whether it is declared `list: true`.
fn ovar_slot(g: &fuda_engine::Game, h: i64, v: &str) -> R<(fuda_engine::ObjId, usize, bool)> {
    let i = named_index(&g.defs.game.object_vars, v, "object variable")?;
    let id = obj(g, h)?;
    let list = g
        .defs
        .game
        .object_var_lists
        .get(i)
        .copied()
        .unwrap_or(false);
    Ok((id, i, list))
}

fn data_arg(data: Option<mlua::Value>) -> mlua::Result<fuda_engine::Value> {
    match data {
        Some(v) => from_lua(&v),
        None => Ok(fuda_engine::Value::Null),
    }
}

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
