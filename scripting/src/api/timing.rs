//! The timing primitives for scripts: the chain of pending items, priority windows, the rule
//! check, declared durations and where the turn is (docs/game-definition.md, "Timing").
use super::*;
use crate::convert::{from_lua, to_lua};
use fuda_engine::chain::NewItem;
use fuda_engine::Value;
use mlua::{Lua, Table};

/// The most targets one pending item keeps.
const MAX_TARGETS: usize = 64;

pub(super) fn register(lua: &Lua, k: &Table) -> R<()> {
    k.raw_set(
        "push",
        lua.create_function(|lua, t: Table| {
            let targets: Vec<Value> = match t.get::<Option<Table>>("targets")? {
                Some(l) => l
                    .sequence_values::<mlua::Value>()
                    .take(MAX_TARGETS + 1)
                    .map(|v| v.and_then(|v| from_lua(&v)))
                    .collect::<R<_>>()?,
                None => Vec::new(),
            };
            if targets.len() > MAX_TARGETS {
                return Err(err(format!(
                    "k.push: more than {MAX_TARGETS} targets for one item"
                )));
            }
            let values = match t.get::<mlua::Value>("values")? {
                mlua::Value::Nil => Value::Map(Default::default()),
                v => from_lua(&v)?,
            };
            let kind: Option<String> = t.get("kind")?;
            let name: Option<String> = t.get("name")?;
            let source: Option<i64> = t.get("source")?;
            let controller: i64 = t.get("controller")?;
            let chooses: Vec<u32> = match t.get::<Option<Table>>("chooses")? {
                Some(l) => l
                    .sequence_values::<u32>()
                    .take(MAX_TARGETS + 1)
                    .collect::<R<_>>()?,
                None => Vec::new(),
            };
            if chooses.len() > MAX_TARGETS {
                return Err(err(format!("k.push: more than {MAX_TARGETS} chosen items")));
            }
            with(lua, |g| {
                // What the item keeps is counted like an event's data (budget.rs).
                let size = kind.as_ref().map_or(0, String::len)
                    + name.as_ref().map_or(0, String::len)
                    + values.approx_size()
                    + targets.iter().map(Value::approx_size).sum::<usize>();
                g.charge(fuda_engine::budget::Charge::Item(size))
                    .map_err(err)?;
                let source = source.map(|h| obj(g, h)).transpose()?;
                let new = NewItem {
                    kind: kind.unwrap_or_else(|| "play".into()),
                    name: name
                        .or_else(|| source.map(|s| g.name(s.card).to_string()))
                        .unwrap_or_default(),
                    source,
                    controller: player(g, controller)?,
                    targets,
                    values,
                    chooses,
                };
                g.push_item(new).map(|id| id as i64).map_err(err)
            })
        })?,
    )?;
    read(lua, k, "chain", |g, _, _: &()| {
        Ok(Val(Value::List(
            g.chain_items()
                .into_iter()
                .map(|i| g.item_value(i))
                .collect(),
        )))
    })?;
    read(lua, k, "item", |g, _, &id: &i64| {
        Ok(u32::try_from(id)
            .ok()
            .and_then(|id| g.item(id))
            .map(|i| Val(g.item_value(i))))
    })?;
    for (name, on) in [("negate", true), ("restore", false)] {
        k.raw_set(
            name,
            lua.create_function(move |lua, id: i64| {
                with(lua, |g| {
                    Ok(u32::try_from(id).is_ok_and(|id| g.set_negated(id, on)))
                })
            })?,
        )?;
    }
    k.raw_set(
        "retarget",
        lua.create_function(|lua, (id, t): (i64, Table)| {
            let targets: Vec<Value> = t
                .sequence_values::<mlua::Value>()
                .take(MAX_TARGETS + 1)
                .map(|v| v.and_then(|v| from_lua(&v)))
                .collect::<R<_>>()?;
            if targets.len() > MAX_TARGETS {
                return Err(err(format!(
                    "k.retarget: more than {MAX_TARGETS} targets for one item"
                )));
            }
            with(lua, |g| {
                let size = targets.iter().map(Value::approx_size).sum::<usize>();
                g.charge(fuda_engine::budget::Charge::Item(size))
                    .map_err(err)?;
                Ok(u32::try_from(id).is_ok_and(|id| g.retarget(id, targets)))
            })
        })?,
    )?;
    k.raw_set(
        "resolve_chain",
        lua.create_function(|lua, ()| {
            with_host(lua, |g, host| {
                g.resolve_chain_now(host).map(|n| n as i64).map_err(fail)
            })
        })?,
    )?;
    read(lua, k, "priority", |g, _, _: &()| {
        Ok(g.priority_holder().map(|p| p as i64 + 1))
    })?;
    k.raw_set(
        "give_priority",
        lua.create_function(|lua, p: i64| {
            with(lua, |g| {
                let p = player(g, p)?;
                Ok(g.give_priority(p))
            })
        })?,
    )?;
    k.raw_set(
        "open_window",
        lua.create_function(|lua, (group, p): (String, Option<i64>)| {
            with(lua, |g| {
                let p = match p {
                    Some(p) => player(g, p)?,
                    None => g.st.turn_player,
                };
                g.open_nested_window(&group, p).map_err(err)
            })
        })?,
    )?;
    k.raw_set(
        "rule_check",
        lua.create_function(|lua, ()| {
            with_host(lua, |g, host| g.rule_check_now(host).map_err(fail))
        })?,
    )?;
    k.raw_set(
        "expire",
        lua.create_function(|lua, id: String| {
            with(lua, |g| {
                let known = g.defs.game.durations.iter().any(|d| d.id == id)
                    || (id == "chain" && g.defs.game.chain.is_some());
                if !known {
                    return Err(err(format!(
                        "the game declares no duration \"{id}\" (durations:)"
                    )));
                }
                Ok(g.expire_duration(&id) as i64)
            })
        })?,
    )?;
    read(lua, k, "pending_triggers", |g, _, _: &()| {
        Ok(Val(g.pending_triggers_value()))
    })?;
    k.raw_set(
        "play_triggers",
        lua.create_function(|lua, ()| {
            with_host(lua, |g, host| {
                g.play_triggers_now(host).map(|n| n as i64).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "end_phase",
        lua.create_function(move |lua, ()| {
            with(lua, |g| {
                g.request_end(false);
                Ok(())
            })
        })?,
    )?;
    // `k.end_turn{now = true}` (Gate Ruler 15-24): the turn ends at once and the running
    // effect stops here, keeping what it did.
    k.raw_set(
        "end_turn",
        lua.create_function(move |lua, opts: Option<Table>| {
            let now = match &opts {
                Some(t) => t.get::<Option<bool>>("now")?.unwrap_or(false),
                None => false,
            };
            with(lua, |g| {
                g.request_end(true);
                if now {
                    g.st.end_turn_now = true;
                }
                Ok(())
            })?;
            if now {
                return stop();
            }
            Ok(())
        })?,
    )?;
    k.raw_set("stop", lua.create_function(|_, ()| -> R<()> { stop() })?)?;
    // `k.try(fn, …)`: an attempt; a `k.undo` inside it undoes only the attempt.
    k.raw_set(
        "try",
        lua.create_function(
            |lua, (f, args): (mlua::Function, mlua::Variadic<mlua::Value>)| {
                let a = with(lua, |g| {
                    // Copying the state is work done on the script's behalf.
                    charge_units(g.st.objects.len() as u64 + 64)?;
                    Ok(g.attempt_begin())
                })?;
                let r = f.call::<mlua::MultiValue>(mlua::MultiValue::from_iter(args));
                let undone = with(lua, |g| Ok((!g.is_interrupted()).then(|| g.attempt_end(a))))?;
                match (undone, r) {
                    (Some(true), _) => Ok(mlua::MultiValue::from_vec(vec![mlua::Value::Boolean(
                        false,
                    )])),
                    (_, Ok(vals)) => {
                        let mut out = vec![mlua::Value::Boolean(true)];
                        out.extend(vals);
                        Ok(mlua::MultiValue::from_vec(out))
                    }
                    (_, Err(e)) => Err(e),
                }
            },
        )?,
    )?;
    k.raw_set(
        "clear_triggers",
        lua.create_function(|lua, f: Option<Table>| {
            with(lua, |g| {
                let mut filter = fuda_engine::clearing::TriggerFilter::default();
                if let Some(t) = f {
                    if let Some(p) = t.get::<Option<i64>>("controller")? {
                        filter.controller = Some(player(g, p)?);
                    }
                    if let Some(c) = t.get::<Option<i64>>("source")? {
                        filter.source = Some(obj(g, c)?);
                    }
                    filter.ability = t.get::<Option<String>>("ability")?;
                    filter.by = t.get::<Option<u32>>("by")?;
                }
                Ok(g.clear_triggers(&filter) as i64)
            })
        })?,
    )?;
    k.raw_set(
        "remove_item",
        lua.create_function(|lua, id: i64| {
            let v = with(lua, |g| {
                Ok(u32::try_from(id).ok().and_then(|id| g.remove_item(id)))
            })?;
            match v {
                Some(v) => to_lua(lua, &v),
                None => Ok(mlua::Value::Nil),
            }
        })?,
    )?;
    k.raw_set(
        "clear_chain",
        lua.create_function(|lua, ()| {
            let items = with(lua, |g| Ok(g.clear_chain()))?;
            to_lua(lua, &Value::List(items))
        })?,
    )?;
    // 4.10.3–4.10.5: additional and skipped phases and turns.
    k.raw_set(
        "add_phase",
        lua.create_function(|lua, id: String| {
            with(lua, |g| {
                let i = g.phase_index(&id).map_err(err)?;
                g.add_phase(i).map_err(err)
            })
        })?,
    )?;
    // k.skip_phase(id, p?) → skipped; k.skips_phase(id, p?) → already to be skipped.
    for (name, ask) in [("skip_phase", false), ("skips_phase", true)] {
        k.raw_set(
            name,
            lua.create_function(move |lua, (id, p): (String, Option<i64>)| {
                with(lua, |g| {
                    let i = g.phase_index(&id).map_err(err)?;
                    let p = p.map(|p| player(g, p)).transpose()?;
                    Ok(if ask {
                        g.skips_phase(i, p)
                    } else {
                        g.skip_phase(i, p)
                    })
                })
            })?,
        )?;
    }
    k.raw_set(
        "skip_turn",
        lua.create_function(|lua, p: i64| {
            with(lua, |g| {
                let p = player(g, p)?;
                g.skip_turn(p);
                Ok(())
            })
        })?,
    )?;
    k.raw_set(
        "resolve_trigger",
        lua.create_function(|lua, item: mlua::Value| {
            let item = from_lua(&item)?;
            with_host(lua, |g, host| {
                g.resolve_trigger_item(host, &item).map_err(fail)
            })
        })?,
    )?;
    k.raw_set(
        "undo",
        lua.create_function(|lua, reason: String| -> R<()> {
            with(lua, |g| {
                g.request_undo(&reason);
                Err(fail(fuda_engine::Fail::Undo))
            })
        })?,
    )?;
    read(lua, k, "phase", |g, _, _: &()| {
        Ok(g.phase_now()
            .map(|i| g.defs.game.phase_names[i as usize].named.id.clone()))
    })?;
    read(lua, k, "step", |g, _, _: &()| {
        Ok(match g.step_now() {
            (Some(p), Some(s)) => Some(
                g.defs.game.phase_names[p as usize].steps[s as usize]
                    .0
                    .id
                    .clone(),
            ),
            _ => None,
        })
    })?;
    Ok(())
}

/// `k.stop()`: the running call unwinds to the kernel, which keeps what it did.
fn stop() -> R<()> {
    crate::memo::unkeep();
    crate::METER.with(|m| {
        if let Some(m) = &*m.borrow() {
            m.stop();
        }
    });
    Err(err("stopped (k.stop)"))
}
