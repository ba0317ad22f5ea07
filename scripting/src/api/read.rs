//! Reading the game: turn, zones, cards, their fields and state.
use super::*;
use mlua::{Lua, Table};

pub(super) fn register(lua: &Lua, k: &Table) -> R<()> {
    k.raw_set(
        "turn",
        lua.create_function(|lua, ()| with(lua, |g| Ok(g.st.turn as i64)))?,
    )?;
    k.raw_set(
        "turn_player",
        lua.create_function(|lua, ()| with(lua, |g| Ok(g.st.turn_player as i64 + 1)))?,
    )?;
    k.raw_set(
        "opponent",
        lua.create_function(|lua, p: i64| {
            with(lua, |g| Ok(if player(g, p)? == 0 { 2 } else { 1 }))
        })?,
    )?;
    k.raw_set(
        "turns_begun",
        lua.create_function(|lua, p: i64| {
            with(lua, |g| {
                Ok(g.st.players[player(g, p)? as usize].turns as i64)
            })
        })?,
    )?;
    k.raw_set(
        "cards",
        lua.create_function(|lua, (p, name, slot): (i64, String, Option<i64>)| {
            with(lua, |g| {
                let z = zone(g, p, &name, slot)?;
                Ok(handles(g, g.zone_cards(z).iter().map(|&c| g.obj_id(c))))
            })
        })?,
    )?;
    // k.count(p, zone[, slot]) → n: how many top-level cards (no table made).
    k.raw_set(
        "count",
        lua.create_function(|lua, (p, name, slot): (i64, String, Option<i64>)| {
            with(lua, |g| {
                let z = zone(g, p, &name, slot)?;
                Ok(g.zone_cards(z).len() as i64)
            })
        })?,
    )?;
    k.raw_set(
        "timestamp",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                Ok(g.st.objects[obj(g, h)?.card as usize].timestamp as i64)
            })
        })?,
    )?;
    k.raw_set(
        "game_over",
        lua.create_function(|lua, ()| with(lua, |g| Ok(g.st.outcome.is_some())))?,
    )?;
    k.raw_set(
        "zone_exists",
        lua.create_function(|lua, (p, name, slot): (i64, String, Option<i64>)| {
            with(lua, |g| {
                let z = zone(g, p, &name, slot)?;
                Ok(g.zone_exists(z))
            })
        })?,
    )?;
    k.raw_set(
        "slots",
        lua.create_function(|lua, name: String| {
            with(lua, |g| {
                let i = g
                    .defs
                    .game
                    .zone_index(&name)
                    .ok_or_else(|| err(format!("unknown zone \"{name}\"")))?;
                Ok(g.defs.game.zones[i].count as i64)
            })
        })?,
    )?;
    k.raw_set(
        "zone_of",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                let z = seen(g, h)?.zone;
                let (kind, p, slot) = g.defs.game.zone_parts(z);
                Ok((
                    g.defs.game.zones[kind].named.id.clone(),
                    p.map(|p| p as i64 + 1),
                    slot as i64 + 1,
                ))
            })
        })?,
    )?;
    k.raw_set(
        "exists",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                Ok(g.handle_id(h).is_some_and(|id| g.current(id).is_some()))
            })
        })?,
    )?;
    k.raw_set(
        "name",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                Ok(g.defs.cards.cards[known(lua, g, h)?.def as usize]
                    .named
                    .name
                    .clone())
            })
        })?,
    )?;
    k.raw_set(
        "card_id",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                Ok(g.defs.cards.cards[known(lua, g, h)?.def as usize]
                    .named
                    .id
                    .clone())
            })
        })?,
    )?;
    // k.card_names(): every distinct card name of the game's cards, in load order (what a
    // player may declare as a name, 東方VISION 2.3.4, 12.1.3).
    k.raw_set(
        "card_names",
        lua.create_function(|lua, ()| {
            let names = with(lua, |g| {
                let mut out: Vec<String> = Vec::new();
                for c in &g.defs.cards.cards {
                    if !out.contains(&c.named.name) {
                        out.push(c.named.name.clone());
                    }
                }
                Ok(out)
            })?;
            lua.create_sequence_from(names)
        })?,
    )?;
    k.raw_set(
        "card_type",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                let d = &g.defs.cards.cards[known(lua, g, h)?.def as usize];
                Ok(g.defs.game.card_types[d.card_type].named.id.clone())
            })
        })?,
    )?;
    k.raw_set(
        "field",
        lua.create_function(|lua, (h, f): (i64, String)| {
            // The field with continuous effects applied (809); for a card that has left,
            // as it last was (812).
            let v = with(lua, |g| {
                let id = g
                    .handle_id(h)
                    .ok_or_else(|| err(format!("{h} is not a card handle")))?;
                known(lua, g, h)?;
                match g.field_of(id, &f) {
                    Some(v) => Ok(v),
                    None => Err(err(format!(
                        "card {h} no longer exists and nothing is known of it"
                    ))),
                }
            })?;
            to_lua(lua, &v)
        })?,
    )?;
    k.raw_set(
        "printed",
        lua.create_function(|lua, (h, f): (i64, String)| {
            // 809.6: the printed value, no continuous effects.
            let v = with(lua, |g| {
                Ok(g.defs.cards.cards[known(lua, g, h)?.def as usize]
                    .field(&f)
                    .clone())
            })?;
            to_lua(lua, &v)
        })?,
    )?;
    k.raw_set(
        "base",
        lua.create_function(|lua, (h, f): (i64, String)| {
            // 元の数値: printed, with defining abilities and original-value effects only.
            let v = with(lua, |g| {
                let id = obj(g, h)?;
                charge_units(64 + g.st.effects.len() as u64 * 8)?;
                Ok(g.base_field(id.card, &f))
            })?;
            to_lua(lua, &v)
        })?,
    )?;
    k.raw_set(
        "owner",
        lua.create_function(|lua, h: i64| with(lua, |g| Ok(seen(g, h)?.owner as i64 + 1)))?,
    )?;
    k.raw_set(
        "controller",
        lua.create_function(|lua, h: i64| with(lua, |g| Ok(seen(g, h)?.controller as i64 + 1)))?,
    )?;
    k.raw_set(
        "orientation",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                let o = seen(g, h)?.orientation as usize;
                Ok(g.defs
                    .game
                    .orientations
                    .get(o)
                    .map(|n| n.id.clone())
                    .unwrap_or_default())
            })
        })?,
    )?;
    k.raw_set(
        "flag",
        lua.create_function(|lua, (h, f): (i64, String)| {
            with(lua, |g| {
                let i = named_index(&g.defs.game.flags, &f, "object flag")?;
                Ok(seen(g, h)?.has_flag(i))
            })
        })?,
    )?;
    k.raw_set(
        "counter",
        lua.create_function(|lua, (h, c): (i64, String)| {
            with(lua, |g| {
                let i = named_index(&g.defs.game.counters, &c, "counter")?;
                Ok(seen(g, h)?.counters[i] as i64)
            })
        })?,
    )?;
    k.raw_set(
        "face_up",
        lua.create_function(|lua, h: i64| with(lua, |g| Ok(seen(g, h)?.face_up)))?,
    )?;
    k.raw_set(
        "visible",
        lua.create_function(|lua, (h, p): (i64, i64)| {
            with(lua, |g| {
                let (o, p) = (seen(g, h)?, player(g, p)?);
                Ok(g.can_see_obj(p, &o))
            })
        })?,
    )?;
    k.raw_set(
        "since_turn",
        lua.create_function(|lua, h: i64| with(lua, |g| Ok(seen(g, h)?.since_turn as i64)))?,
    )?;
    k.raw_set(
        "attachments",
        lua.create_function(|lua, (h, role): (i64, Option<String>)| {
            with(lua, |g| {
                let id = obj(g, h)?;
                let r = match role {
                    Some(r) => Some(
                        g.defs
                            .game
                            .role(&r)
                            .ok_or_else(|| err(format!("unknown attachment role \"{r}\"")))?
                            as u8,
                    ),
                    None => None,
                };
                Ok(handles(g, g.attachments(id, r)))
            })
        })?,
    )?;
    k.raw_set(
        "attached_to",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                let o = seen(g, h)?;
                Ok(o.attached_to
                    .filter(|u| g.current(*u).is_some())
                    .map(|u| g.handle(u)))
            })
        })?,
    )?;
    k.raw_set(
        "role",
        lua.create_function(|lua, h: i64| {
            with(lua, |g| {
                let o = seen(g, h)?;
                Ok(o.attached_to
                    .map(|_| g.defs.game.roles[o.role as usize].named.id.clone()))
            })
        })?,
    )?;
    k.raw_set(
        "attached_cards",
        lua.create_function(|lua, p: i64| {
            with(lua, |g| {
                let pl = player(g, p)?;
                Ok(handles(
                    g,
                    g.st.objects
                        .iter()
                        .enumerate()
                        .filter(|(_, o)| o.attached_to.is_some() && o.owner == pl)
                        .map(|(i, o)| o.id(i as u16)),
                ))
            })
        })?,
    )?;
    k.raw_set(
        "pvar",
        lua.create_function(|lua, (p, v): (i64, String)| {
            with(lua, |g| {
                let i = pvar_index(g, &v)?;
                Ok(g.player_var(player(g, p)?, i))
            })
        })?,
    )?;
    k.raw_set(
        "gvar",
        lua.create_function(|lua, v: String| {
            with(lua, |g| {
                let i = gvar_index(g, &v)?;
                Ok(g.game_var(i))
            })
        })?,
    )?;
    // k.lki(c) → {name, zone, controller, owner, damage…, hp…}: the card now, or as it last
    // was before it changed zones (812).
    k.raw_set(
        "lki",
        lua.create_function(|lua, h: i64| {
            let v = with(lua, |g| {
                let id = g
                    .handle_id(h)
                    .ok_or_else(|| err(format!("{h} is not a card handle")))?;
                let o = match (g.current(id), g.last_known(id)) {
                    (Some(_), _) => known(lua, g, h)?,
                    (None, Some(l)) => l.obj,
                    (None, None) => return Ok(fuda_engine::Value::Null),
                };
                let gd = &g.defs.game;
                let def = &g.defs.cards.cards[o.def as usize];
                let mut m = indexmap::IndexMap::new();
                m.insert(
                    "name".to_string(),
                    fuda_engine::Value::Str(def.named.name.clone()),
                );
                m.insert(
                    "zone".to_string(),
                    fuda_engine::Value::Str(gd.zones[gd.zone_parts(o.zone).0].named.id.clone()),
                );
                m.insert(
                    "controller".to_string(),
                    fuda_engine::Value::Int(o.controller as i64 + 1),
                );
                m.insert(
                    "owner".to_string(),
                    fuda_engine::Value::Int(o.owner as i64 + 1),
                );
                for (i, c) in gd.counters.iter().enumerate() {
                    m.insert(c.id.clone(), fuda_engine::Value::Int(o.counters[i] as i64));
                }
                for f in gd.fields.keys() {
                    if let Some(v) = g.field_of(id, f) {
                        m.insert(f.clone(), v);
                    }
                }
                Ok(fuda_engine::Value::Map(m))
            })?;
            crate::convert::to_lua(lua, &v)
        })?,
    )?;
    k.raw_set(
        "ovar",
        lua.create_function(|lua, (h, v): (i64, String)| {
            let value = with(lua, |g| {
                let i = named_index(&g.defs.game.object_vars, &v, "object variable")?;
                if g.defs
                    .game
                    .object_var_lists
                    .get(i)
                    .copied()
                    .unwrap_or(false)
                {
                    let id = obj(g, h)?;
                    let list = g
                        .ovar_list(id, i)
                        .into_iter()
                        .map(fuda_engine::Value::Int)
                        .collect();
                    return Ok(fuda_engine::Value::List(list));
                }
                Ok(fuda_engine::Value::Int(seen(g, h)?.vars[i]))
            })?;
            to_lua(lua, &value)
        })?,
    )?;
    k.raw_set(
        "setting",
        lua.create_function(|lua, name: String| {
            with(lua, |g| {
                g.defs
                    .game
                    .settings
                    .get(&name)
                    .copied()
                    .ok_or_else(|| err(format!("unknown game setting \"{name}\"")))
            })
        })?,
    )?;
    k.raw_set(
        "failed_draw",
        lua.create_function(|lua, p: i64| {
            with(
                lua,
                |g| Ok(g.st.players[player(g, p)? as usize].failed_draw),
            )
        })?,
    )?;
    Ok(())
}
