//! Abilities from the game's script: list them, check their conditions, run their hooks,
//! count their uses (803), and evaluate expressions of the grammar.
use super::*;
use crate::convert::{from_lua, to_lua};
use fuda_engine::expr::GameEnv;
use fuda_engine::Value;
use mlua::{Lua, Table};

use fuda_engine::def::card_query::kind_name;

fn index(g: &Game, id: ObjId, name: &str) -> R<usize> {
    g.ability_index(id.card, name)
        .ok_or_else(|| err(format!("{} has no ability 「{name}」", g.name(id.card))))
}

pub(super) fn register(lua: &Lua, k: &Table) -> R<()> {
    // k.abilities(c, {kind=, hook=, skill=, all=}) → names of the card's abilities, valid ones
    // only (802) unless all = true, in printed order.
    read_parsed(
        lua,
        k,
        "abilities",
        |(h, f): (i64, Option<Table>)| Ok((h, filter(&f)?)),
        |g, who, (h, f): &(i64, Filter)| matching(g, who, *h, f, usize::MAX),
    )?;
    // k.ability_cards(cards, {kind=, hook=, skill=, all=}) → the cards of the list with at least
    // one such ability, in the list's order: one call instead of `k.abilities` per card.
    read_parsed(
        lua,
        k,
        "ability_cards",
        |(cards, f): (Vec<i64>, Option<Table>)| Ok((cards, filter(&f)?)),
        |g, who, (cards, f): &(Vec<i64>, Filter)| {
            let mut out = Vec::new();
            for &h in cards {
                if !matching(g, who, h, f, 1)?.is_empty() {
                    out.push(h);
                }
            }
            Ok(out)
        },
    )?;
    // k.ability(c, name) → {name, name_en, kind, ex_skill, text, per_turn, skill} or nil.
    read(lua, k, "ability", |g, who, (h, name): &(i64, String)| {
        let id = obj(g, *h)?;
        known_to(g, who, *h)?;
        Ok(Val(g
            .ability_index(id.card, name)
            .map(|i| {
                let a = g.ability_def(id.card, i);
                let mut m = indexmap::IndexMap::new();
                m.insert("name".to_string(), Value::Str(a.name.clone()));
                m.insert("kind".to_string(), Value::Str(kind_name(a.kind).into()));
                m.insert("ex_skill".to_string(), Value::Bool(a.ex_skill));
                m.insert(
                    "valid".to_string(),
                    Value::Bool(g.ability_valid(id.card, i)),
                );
                if let Some(t) = &a.text {
                    m.insert("text".to_string(), Value::Str(t.clone()));
                }
                if let Some(n) = a.per_turn {
                    m.insert("per_turn".to_string(), Value::Int(n as i64));
                }
                if let Some(s) = &a.skill {
                    m.insert("skill".to_string(), Value::Str(s.clone()));
                }
                Value::Map(m)
            })
            .unwrap_or_default()))
    })?;
    // k.check(c, name, event) → whether the ability's `if:` holds (true without one). A
    // condition that fails to evaluate is the card's error (logged): not a pure read then.
    k.raw_set(
        "check",
        lua.create_function(|lua, (h, name, ev): (i64, String, Option<mlua::Value>)| {
            let event = ev.as_ref().map(from_lua).transpose()?;
            super::charge_read()?;
            let pure = {
                let g = lua
                    .app_data_ref::<Game>()
                    .ok_or_else(|| err("the kernel API is only available inside a hook call"))?;
                condition(&g, h, &name, event.as_ref())
            };
            if let Ok(Ok(b)) = pure {
                if crate::memo::recording() {
                    let bytes = name.len() + event.as_ref().map_or(0, Value::approx_size);
                    crate::memo::note(
                        Box::new(move |g: &Game| {
                            matches!(condition(g, h, &name, event.as_ref()), Ok(Ok(c)) if c == b)
                        }),
                        bytes,
                    );
                }
                return Ok(b);
            }
            with_charged(lua, |g| {
                let id = obj(g, h)?;
                let i = index(g, id, &name)?;
                match g.ability_condition(id, i, event.as_ref()) {
                    Ok(b) => Ok(b),
                    Err(e) => {
                        // The card's `if:` failed: the card's error; it does not hold.
                        let a = g.ability_def(id.card, i);
                        let (what, at) = (format!("「{}」 if", a.name), a.condition_at.clone());
                        g.card_expr_error(id.card, &what, &at, &e);
                        Ok(false)
                    }
                }
            })
        })?,
    )?;
    // k.run_ability(c, name, hook, event) → what the hook returns. A card that has moved runs
    // as it last was (812: its last known controller; `self` is the old object).
    k.raw_set(
        "run_ability",
        lua.create_function(
            |lua, (h, name, hook, ev): (i64, String, String, Option<mlua::Value>)| {
                let event = ev.as_ref().map(from_lua).transpose()?.unwrap_or_default();
                let r = with_host(lua, |g, host| {
                    seen(g, h)?;
                    let id = g
                        .handle_id(h)
                        .ok_or_else(|| err(format!("{h} is not a card handle")))?;
                    let i = index(g, id, &name)?;
                    g.run_ability(host, id, i, &hook, event).map_err(fail)
                })?;
                to_lua(lua, &r)
            },
        )?,
    )?;
    read(lua, k, "uses", |g, _, (h, name): &(i64, String)| {
        let id = obj(g, *h)?;
        let i = index(g, id, name)?;
        Ok(g.uses_this_turn(id, i) as i64)
    })?;
    k.raw_set(
        "use_ability",
        lua.create_function(|lua, (h, name): (i64, String)| {
            with(lua, |g| {
                let id = obj(g, h)?;
                let i = index(g, id, &name)?;
                g.record_use(id, i);
                Ok(())
            })
        })?,
    )?;
    // k.eval(expr, {self=, controller=, event=}) → the value of an expression of the grammar.
    k.raw_set(
        "eval",
        lua.create_function(|lua, (src, t): (String, Option<Table>)| {
            super::charge_units(super::EVAL_BYTE_COST.saturating_mul(src.len() as u64))?;
            let (this, controller, event) = eval_options(&t)?;
            let viewer = acting_card(lua);
            let v = with(lua, |g| {
                let this = this.map(|h| obj(g, h)).transpose()?;
                let controller = controller.map(|p| player(g, p)).transpose()?;
                eval_in(g, &src, this, controller, event.as_ref(), viewer).map_err(err)
            })?;
            grammar_to_lua(lua, v)
        })?,
    )?;
    // k.eval_field(c, field, {self=, controller=, event=}) → the value of card c's expression
    // field (e.g. an enhancement's `target`, 804.2b-1). An error in it is the card's: logged
    // with the card, the field and its file:line, and the value is nil.
    k.raw_set(
        "eval_field",
        lua.create_function(|lua, (h, field, t): (i64, String, Option<Table>)| {
            let (this, controller, event) = eval_options(&t)?;
            let viewer = acting_card(lua);
            let v = with(lua, |g| {
                let card = obj(g, h)?;
                let this = this.map(|h| obj(g, h)).transpose()?;
                let controller = Some(match controller {
                    Some(p) => player(g, p)?,
                    None => g.st.objects[card.card as usize].controller,
                });
                let def = &g.defs.cards.cards[g.st.objects[card.card as usize].def as usize];
                let Some(src) = def.field(&field).as_str().map(str::to_string) else {
                    return Ok(fuda_grammar::Value::Null);
                };
                let at = def
                    .field_at
                    .get(&field)
                    .cloned()
                    .unwrap_or_else(|| def.location.clone());
                match eval_in(g, &src, this, controller, event.as_ref(), viewer) {
                    Ok(v) => Ok(v),
                    Err(e) => {
                        g.card_expr_error(card.card, &format!(" field {field}"), &at, &e);
                        Ok(fuda_grammar::Value::Null)
                    }
                }
            })?;
            grammar_to_lua(lua, v)
        })?,
    )?;
    read(lua, k, "subtype", |g, _, &h: &i64| {
        let id = obj(g, h)?;
        let d = &g.defs.cards.cards[g.st.objects[id.card as usize].def as usize];
        Ok(d.subtype
            .map(|s| g.defs.game.card_types[d.card_type].subtypes[s].id.clone()))
    })?;
    Ok(())
}

/// `{kind=, hook=, skill=, all=}` of `k.abilities`.
type Filter = (Option<String>, Option<String>, Option<String>, bool);

fn filter(t: &Option<Table>) -> R<Filter> {
    Ok(match t {
        Some(t) => (
            t.get::<Option<String>>("kind")?,
            t.get::<Option<String>>("hook")?,
            t.get::<Option<String>>("skill")?,
            t.get::<Option<bool>>("all")?.unwrap_or(false),
        ),
        None => (None, None, None, false),
    })
}

/// The names of card `h`'s abilities that pass `f` (valid ones only unless `all`), in printed
/// order, at most `max` of them.
fn matching(g: &Game, who: &Who, h: i64, f: &Filter, max: usize) -> R<Vec<String>> {
    let (kind, hook, skill, all) = f;
    let id = obj(g, h)?;
    known_to(g, who, h)?;
    let def = &g.defs.cards.cards[g.st.objects[id.card as usize].def as usize];
    Ok(def
        .abilities
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            kind.as_deref().is_none_or(|k| kind_name(a.kind) == k)
                && hook.as_deref().is_none_or(|h| a.hook(h).is_some())
                && skill
                    .as_deref()
                    .is_none_or(|s| a.skill.as_deref() == Some(s))
                && (*all || g.ability_valid(id.card, *i))
        })
        .take(max)
        .map(|(_, a)| a.name.clone())
        .collect())
}

/// The ability's `if:` (Ok(Err) when it fails to evaluate: the card's error, not pure).
fn condition(g: &Game, h: i64, name: &str, event: Option<&Value>) -> R<Result<bool, String>> {
    let id = obj(g, h)?;
    let i = index(g, id, name)?;
    Ok(g.ability_condition(id, i, event))
}

/// Evaluates an expression of the grammar; with `this`, bare names are first the card's own
/// (`"炎" in 属性`). The controller defaults to this card's, else the turn player.
/// `{self=, controller=, event=}` of `k.eval` and `k.eval_field`.
fn eval_options(t: &Option<Table>) -> R<(Option<i64>, Option<i64>, Option<Value>)> {
    Ok(match t {
        Some(t) => (
            t.get::<Option<i64>>("self")?,
            t.get::<Option<i64>>("controller")?,
            t.get::<Option<mlua::Value>>("event")?
                .as_ref()
                .map(from_lua)
                .transpose()?,
        ),
        None => (None, None, None),
    })
}

/// Evaluates `src`; `viewer` is whose knowledge it reads with (a card's script: its
/// controller's, so a hidden card's name or fields are an error, 303.3).
fn eval_in(
    g: &Game,
    src: &str,
    this: Option<ObjId>,
    controller: Option<fuda_engine::PlayerId>,
    event: Option<&Value>,
    viewer: Option<fuda_engine::PlayerId>,
) -> Result<fuda_grammar::Value, String> {
    let controller = match (controller, this) {
        (Some(p), _) => p,
        (None, Some(id)) => g.st.objects[id.card as usize].controller,
        (None, None) => g.st.turn_player,
    };
    let env = GameEnv {
        game: g,
        this,
        controller,
        event,
        data: None,
        chars: None,
        viewer,
    };
    let expr = fuda_grammar::parse(src).map_err(|e| e.to_string())?;
    match this {
        Some(id) => {
            let item = fuda_engine::expr::card_value(g, id);
            let scope = fuda_grammar::ItemScope {
                parent: &env,
                item: &item,
            };
            env.eval_in(&expr, src, &scope)
        }
        None => env.eval_in(&expr, src, &env),
    }
    .map_err(|e| e.render(src))
}

fn grammar_to_lua(lua: &Lua, v: fuda_grammar::Value) -> R<mlua::Value> {
    Ok(match v {
        fuda_grammar::Value::Int(i) => mlua::Value::Integer(i),
        fuda_grammar::Value::Bool(b) => mlua::Value::Boolean(b),
        fuda_grammar::Value::Str(s) => mlua::Value::String(lua.create_string(&s)?),
        // Card handles are below 2^32; players and events carry higher tags.
        fuda_grammar::Value::Obj(h) if h < (1 << 32) => mlua::Value::Integer(h as i64),
        _ => mlua::Value::Nil,
    })
}
