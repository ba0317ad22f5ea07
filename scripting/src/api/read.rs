//! Reading the game: turn, zones, cards, their fields and state.
use super::*;
use mlua::{Lua, Table};

pub(super) fn register(lua: &Lua, k: &Table) -> R<()> {
    read(lua, k, "turn", |g, _, _: &()| Ok(g.st.turn as i64))?;
    read(lua, k, "turn_player", |g, _, _: &()| {
        Ok(g.st.turn_player as i64 + 1)
    })?;
    read(lua, k, "opponent", |g, _, &p: &i64| {
        Ok(if player(g, p)? == 0 { 2i64 } else { 1 })
    })?;
    read(lua, k, "turns_begun", |g, _, &p: &i64| {
        Ok(g.st.players[player(g, p)? as usize].turns as i64)
    })?;
    type Place = (i64, String, Option<i64>);
    read(lua, k, "cards", |g, _, (p, name, slot): &Place| {
        let z = zone(g, *p, name, *slot)?;
        Ok(handles(g, g.zone_cards(z).iter().map(|&c| g.obj_id(c))))
    })?;
    // k.count(p, zone[, slot]) → n: how many top-level cards (no table made).
    read(lua, k, "count", |g, _, (p, name, slot): &Place| {
        let z = zone(g, *p, name, *slot)?;
        Ok(g.zone_cards(z).len() as i64)
    })?;
    read(lua, k, "timestamp", |g, _, &h: &i64| {
        Ok(g.st.objects[obj(g, h)?.card as usize].timestamp as i64)
    })?;
    read(lua, k, "game_over", |g, _, _: &()| {
        Ok(g.st.outcome.is_some())
    })?;
    read(lua, k, "zone_exists", |g, _, (p, name, slot): &Place| {
        let z = zone(g, *p, name, *slot)?;
        Ok(g.zone_exists(z))
    })?;
    read(lua, k, "slots", |g, _, name: &String| {
        let i = g
            .defs
            .game
            .zone_index(name)
            .ok_or_else(|| err(format!("unknown zone \"{name}\"")))?;
        Ok(g.defs.game.zones[i].count as i64)
    })?;
    read(lua, k, "zone_of", |g, _, &h: &i64| {
        let z = seen(g, h)?.zone;
        let (kind, p, slot) = g.defs.game.zone_parts(z);
        Ok((
            g.defs.game.zones[kind].named.id.clone(),
            p.map(|p| p as i64 + 1),
            slot as i64 + 1,
        ))
    })?;
    read(lua, k, "exists", |g, _, &h: &i64| {
        Ok(g.handle_id(h).is_some_and(|id| g.current(id).is_some()))
    })?;
    read(lua, k, "name", |g, who, &h: &i64| {
        let def = known_to(g, who, h)?.def as usize;
        Ok(g.defs.cards.cards[def].named.name.clone())
    })?;
    read(lua, k, "card_id", |g, who, &h: &i64| {
        let def = known_to(g, who, h)?.def as usize;
        Ok(g.defs.cards.cards[def].named.id.clone())
    })?;
    // k.card_names(): every distinct card name of the game's cards, in load order (what a
    // player may declare as a name, 東方VISION 2.3.4, 12.1.3).
    read(lua, k, "card_names", |g, _, _: &()| {
        let mut out: Vec<String> = Vec::new();
        for c in &g.defs.cards.cards {
            if !out.contains(&c.named.name) {
                out.push(c.named.name.clone());
            }
        }
        Ok(out)
    })?;
    read(lua, k, "card_type", |g, who, &h: &i64| {
        let d = &g.defs.cards.cards[known_to(g, who, h)?.def as usize];
        Ok(g.defs.game.card_types[d.card_type].named.id.clone())
    })?;
    // The field with continuous effects applied (809); for a card that has left, as it last
    // was (812).
    read(lua, k, "field", |g, who, (h, f): &(i64, String)| {
        let id = g
            .handle_id(*h)
            .ok_or_else(|| err(format!("{h} is not a card handle")))?;
        known_to(g, who, *h)?;
        match g.field_of(id, f) {
            Some(v) => Ok(Val(v)),
            None => Err(err(format!(
                "card {h} no longer exists and nothing is known of it"
            ))),
        }
    })?;
    // 809.6: the printed value, no continuous effects.
    read(lua, k, "printed", |g, who, (h, f): &(i64, String)| {
        let def = known_to(g, who, *h)?.def as usize;
        Ok(Val(g.defs.cards.cards[def].field(f).clone()))
    })?;
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
    read(lua, k, "owner", |g, _, &h: &i64| {
        Ok(seen(g, h)?.owner as i64 + 1)
    })?;
    read(lua, k, "controller", |g, _, &h: &i64| {
        Ok(seen(g, h)?.controller as i64 + 1)
    })?;
    read(lua, k, "orientation", |g, _, &h: &i64| {
        let o = seen(g, h)?.orientation as usize;
        Ok(g.defs
            .game
            .orientations
            .get(o)
            .map(|n| n.id.clone())
            .unwrap_or_default())
    })?;
    read(lua, k, "flag", |g, _, (h, f): &(i64, String)| {
        let i = named_index(&g.defs.game.flags, f, "object flag")?;
        Ok(seen(g, *h)?.has_flag(i))
    })?;
    read(lua, k, "counter", |g, _, (h, c): &(i64, String)| {
        let i = named_index(&g.defs.game.counters, c, "counter")?;
        Ok(seen(g, *h)?.counters[i] as i64)
    })?;
    read(lua, k, "face_up", |g, _, &h: &i64| Ok(seen(g, h)?.face_up))?;
    read(lua, k, "visible", |g, _, &(h, p): &(i64, i64)| {
        let (o, p) = (seen(g, h)?, player(g, p)?);
        Ok(g.can_see_obj(p, &o))
    })?;
    read(lua, k, "since_turn", |g, _, &h: &i64| {
        Ok(seen(g, h)?.since_turn as i64)
    })?;
    read(
        lua,
        k,
        "attachments",
        |g, _, (h, role): &(i64, Option<String>)| {
            let id = obj(g, *h)?;
            let r = match role {
                Some(r) => Some(
                    g.defs
                        .game
                        .role(r)
                        .ok_or_else(|| err(format!("unknown attachment role \"{r}\"")))?
                        as u8,
                ),
                None => None,
            };
            Ok(handles(g, g.attachments(id, r)))
        },
    )?;
    read(lua, k, "attached_to", |g, _, &h: &i64| {
        let o = seen(g, h)?;
        Ok(o.attached_to
            .filter(|u| g.current(*u).is_some())
            .map(|u| g.handle(u)))
    })?;
    read(lua, k, "role", |g, _, &h: &i64| {
        let o = seen(g, h)?;
        Ok(o.attached_to
            .map(|_| g.defs.game.roles[o.role as usize].named.id.clone()))
    })?;
    read(lua, k, "attached_cards", |g, _, &p: &i64| {
        let pl = player(g, p)?;
        Ok(handles(
            g,
            g.st.objects
                .iter()
                .enumerate()
                .filter(|(_, o)| o.attached_to.is_some() && o.owner == pl)
                .map(|(i, o)| o.id(i as u16)),
        ))
    })?;
    read(lua, k, "pvar", |g, _, (p, v): &(i64, String)| {
        let i = pvar_index(g, v)?;
        Ok(g.player_var(player(g, *p)?, i))
    })?;
    read(lua, k, "gvar", |g, _, v: &String| {
        let i = gvar_index(g, v)?;
        Ok(g.game_var(i))
    })?;
    // k.lki(c) → {name, zone, controller, owner, damage…, hp…}: the card now, or as it last
    // was before it changed zones (812).
    read(lua, k, "lki", |g, who, &h: &i64| {
        let id = g
            .handle_id(h)
            .ok_or_else(|| err(format!("{h} is not a card handle")))?;
        let o = match (g.current(id), g.last_known(id)) {
            (Some(_), _) => *known_to(g, who, h)?,
            (None, Some(l)) => l.obj,
            (None, None) => return Ok(Val(fuda_engine::Value::Null)),
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
        Ok(Val(fuda_engine::Value::Map(m)))
    })?;
    read(lua, k, "ovar", |g, _, (h, v): &(i64, String)| {
        let i = named_index(&g.defs.game.object_vars, v, "object variable")?;
        if g.defs
            .game
            .object_var_lists
            .get(i)
            .copied()
            .unwrap_or(false)
        {
            let id = obj(g, *h)?;
            let list = g
                .ovar_list(id, i)
                .into_iter()
                .map(fuda_engine::Value::Int)
                .collect();
            return Ok(Val(fuda_engine::Value::List(list)));
        }
        Ok(Val(fuda_engine::Value::Int(seen(g, *h)?.vars[i])))
    })?;
    read(lua, k, "setting", |g, _, name: &String| {
        g.defs
            .game
            .settings
            .get(name)
            .copied()
            .ok_or_else(|| err(format!("unknown game setting \"{name}\"")))
    })?;
    read(lua, k, "failed_draw", |g, _, &p: &i64| {
        Ok(g.st.players[player(g, p)? as usize].failed_draw)
    })?;
    Ok(())
}
