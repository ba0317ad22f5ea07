//! Asking players: choices among cards or labels, and janken (919).
use super::*;
use mlua::{Lua, Table};

use fuda_engine::budget::{Charge, MAX_OPTIONS};
use fuda_engine::{Opt, Value};

/// The options table of a choice: `{prompt=, clause=, min=, max=}`.
struct ChoiceOpts {
    prompt: String,
    clause: Option<String>,
    min: Option<i64>,
    max: Option<i64>,
}

fn opts_table(o: &Option<Table>) -> R<ChoiceOpts> {
    let default = || "選ぶ (choose)".to_string();
    match o {
        None => Ok(ChoiceOpts {
            prompt: default(),
            clause: None,
            min: None,
            max: None,
        }),
        Some(t) => Ok(ChoiceOpts {
            prompt: t.get::<Option<String>>("prompt")?.unwrap_or_else(default),
            clause: t.get("clause")?,
            min: t.get("min")?,
            max: t.get("max")?,
        }),
    }
}

/// A pick count from a script: never below 0, never past what a decision can hold.
fn count(v: Option<i64>) -> u16 {
    v.unwrap_or(1).clamp(0, u16::MAX as i64) as u16
}

/// What a choice's options cost the data budget (labels and values, and the prompt).
fn options_size(options: &[Opt]) -> usize {
    options
        .iter()
        .map(|o| o.label.len() + o.value.approx_size())
        .sum()
}

/// A recorded pick that does not fit the question (a tampered or foreign save).
fn bad_pick() -> mlua::Error {
    err("a recorded answer names an option that does not exist")
}

pub(super) fn register(lua: &Lua, k: &Table) -> R<()> {
    // k.choose_cards(p, cards, {prompt=, clause=, min=1, max=1}) → card, or array when max > 1.
    k.raw_set(
        "choose_cards",
        lua.create_function(|lua, (p, cards, o): (i64, Vec<i64>, Option<Table>)| {
            let ChoiceOpts {
                prompt,
                clause,
                min,
                max,
            } = opts_table(&o)?;
            let picked = with(lua, |g| {
                let pl = player(g, p)?;
                let mut options = Vec::new();
                for &h in &cards {
                    let id = obj(g, h)?;
                    let zl = g.defs.game.zone_label(g.st.objects[id.card as usize].zone);
                    let label = format!("{} ({zl})", g.card_label(Some(pl), id.card));
                    options.push(Opt {
                        label,
                        value: Value::Int(h),
                    });
                }
                g.charge(Charge::Data(prompt.len() + options_size(&options)))
                    .map_err(err)?;
                let picks = g
                    .choose(
                        pl,
                        &prompt,
                        clause.as_deref(),
                        options,
                        count(min),
                        count(max),
                    )
                    .map_err(fail)?;
                picks
                    .into_iter()
                    .map(|i| cards.get(i as usize).copied().ok_or_else(bad_pick))
                    .collect::<R<Vec<_>>>()
            })?;
            if o.as_ref()
                .and_then(|t| t.get::<Option<i64>>("max").ok().flatten())
                .unwrap_or(1)
                > 1
            {
                Ok(mlua::Value::Table(lua.create_sequence_from(picked)?))
            } else {
                Ok(picked
                    .first()
                    .map_or(mlua::Value::Nil, |h| mlua::Value::Integer(*h)))
            }
        })?,
    )?;
    // k.choose(p, {"a", "b"} or {{label=, value=}}, opts) → the chosen value(s).
    k.raw_set(
        "choose",
        lua.create_function(|lua, (p, items, o): (i64, Table, Option<Table>)| {
            let ChoiceOpts {
                prompt,
                clause,
                min,
                max,
            } = opts_table(&o)?;
            // One item at a time: no reference per item is held (mlua's stack of
            // references keeps its largest size).
            let n = items.raw_len();
            if n > MAX_OPTIONS {
                return Err(err(format!(
                    "k.choose: {n} options, more than the limit of {}",
                    MAX_OPTIONS
                )));
            }
            let mut options = Vec::new();
            for i in 1..=n {
                let it: mlua::Value = items.raw_get(i)?;
                let (label, value) = match &it {
                    mlua::Value::Table(t) => (
                        t.get::<String>("label")?,
                        from_lua(&t.get::<mlua::Value>("value")?)?,
                    ),
                    other => {
                        let v = from_lua(other)?;
                        (v.to_string(), v)
                    }
                };
                options.push(Opt { label, value });
            }
            let picks = with(lua, |g| {
                let pl = player(g, p)?;
                g.charge(Charge::Data(prompt.len() + options_size(&options)))
                    .map_err(err)?;
                g.choose(
                    pl,
                    &prompt,
                    clause.as_deref(),
                    options.clone(),
                    count(min),
                    count(max),
                )
                .map_err(fail)
            })?;
            let value = |i: u16| match options.get(i as usize) {
                Some(o) => to_lua(lua, &o.value),
                None => Err(bad_pick()),
            };
            if max.unwrap_or(1) > 1 {
                let t = lua.create_table()?;
                for (n, &i) in picks.iter().enumerate() {
                    t.raw_set(n + 1, value(i)?)?;
                }
                Ok(mlua::Value::Table(t))
            } else {
                picks.first().map_or(Ok(mlua::Value::Nil), |&i| value(i))
            }
        })?,
    )?;
    // k.choose_number(p, min, max, opts) → an integer in min..max, never below 0 (104.5).
    k.raw_set(
        "choose_number",
        lua.create_function(|lua, (p, lo, hi, o): (i64, i64, i64, Option<Table>)| {
            let ChoiceOpts { prompt, clause, .. } = opts_table(&o)?;
            let lo = lo.max(0);
            let hi = hi.max(lo);
            // The range is checked before it is built: at most MAX_OPTIONS numbers.
            if hi - lo >= MAX_OPTIONS as i64 {
                return Err(err(format!(
                    "k.choose_number: {lo}..{hi} is more than {MAX_OPTIONS} numbers (the limit of one decision)"
                )));
            }
            let options: Vec<Opt> = (lo..=hi)
                .map(|n| Opt {
                    label: n.to_string(),
                    value: Value::Int(n),
                })
                .collect();
            with(lua, |g| {
                let pl = player(g, p)?;
                g.charge(Charge::Data(prompt.len() + options_size(&options)))
                    .map_err(err)?;
                let picks = g
                    .choose(pl, &prompt, clause.as_deref(), options, 1, 1)
                    .map_err(fail)?;
                Ok(lo + picks.first().copied().unwrap_or(0) as i64)
            })
        })?,
    )?;
    // k.choose_order(p, cards, opts) → the cards in the order the player puts them.
    k.raw_set(
        "choose_order",
        lua.create_function(|lua, (p, cards, o): (i64, Vec<i64>, Option<Table>)| {
            let ChoiceOpts { prompt, clause, .. } = opts_table(&o)?;
            with(lua, |g| {
                let pl = player(g, p)?;
                let mut left = cards.clone();
                let mut out = Vec::new();
                g.charge(Charge::Data(prompt.len() * cards.len()))
                    .map_err(err)?;
                while left.len() > 1 {
                    let mut options = Vec::new();
                    for &h in &left {
                        let id = obj(g, h)?;
                        options.push(Opt {
                            label: g.card_label(Some(pl), id.card),
                            value: Value::Int(h),
                        });
                    }
                    let picks = g
                        .choose(pl, &prompt, clause.as_deref(), options, 1, 1)
                        .map_err(fail)?;
                    let i = picks.first().copied().unwrap_or(0) as usize;
                    if i >= left.len() {
                        return Err(bad_pick());
                    }
                    out.push(left.remove(i));
                }
                out.extend(left);
                Ok(out)
            })
        })?,
    )?;
    k.raw_set(
        "janken",
        lua.create_function(|lua, (a, b, clause): (i64, i64, Option<String>)| {
            with(lua, |g| {
                let (a, b) = (player(g, a)?, player(g, b)?);
                Ok(g.janken(a, b, clause.as_deref()).map_err(fail)? as i64 + 1)
            })
        })?,
    )?;
    Ok(())
}
