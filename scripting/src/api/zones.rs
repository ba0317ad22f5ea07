//! The kernel API's zone verbs for scripts: moving cards (one, or several at once), attaching,
//! putting on top, drawing, shuffling, swapping, and zones that do not exist.
use super::*;
use crate::convert::to_lua;
use fuda_engine::verbs::Position;
use fuda_engine::{Game, Value};
use mlua::{Lua, Table};

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
                        None if g.defs.game.own_zones_only.is_some()
                            && g.is_foreign(id.card, z) =>
                        {
                            Some("foreign")
                        }
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
                // {c, p, zone, slot, pos} by place, as documented, or by name.
                let slot: Option<i64> = match m.get::<Option<i64>>("slot")? {
                    Some(s) => Some(s),
                    None => m.get(4)?,
                };
                let pos: Option<String> = match m.get::<Option<String>>("pos")? {
                    Some(s) => Some(s),
                    None => m.get(5)?,
                };
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
    Ok(())
}

fn named_role(g: &Game, role: &str) -> R<u8> {
    g.defs
        .game
        .role(role)
        .map(|r| r as u8)
        .ok_or_else(|| err(format!("unknown attachment role \"{role}\"")))
}
