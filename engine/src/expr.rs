//! The expression language evaluated against a game (conditions, amounts, selectors).
//!
//! Names: `self`, `my` / `自分`, `opponent` / `相手`, `controller`, `event`, `turn`,
//! `turn_player`. On a player: a zone id (`my.hand`, `my.standby`: all its slots), `area` (all
//! area zones), a player variable. On a card: a field by id or by its Japanese name (`hp`,
//! `属性`), `name`, `type`, `subtype`, `zone`, `orientation`, `owner`, `controller`, a counter
//! (`damage`), a flag (`ko`), an attachment role (`energy`: the attached cards), `holder` (the
//! unit it is attached to). Functions: a role name counts attachments (`energy(self)`).
use crate::game::Game;
use crate::ids::{ObjId, PlayerId};
use crate::value::Value;
use fuda_grammar::{Env, Expr, Value as V};

/// Event data keys that hold card handles.
macro_rules! CARD_KEYS {
    () => {
        "card"
            | "new"
            | "source"
            | "unit"
            | "target"
            | "attacker"
            | "defender"
            | "by"
            | "set"
            | "top"
    };
}
/// Event data keys that hold player numbers (1-based).
macro_rules! PLAYER_KEYS {
    () => {
        "player" | "turn_player" | "controller"
    };
}

const PLAYER_TAG: u64 = 1 << 40;
const EVENT_TAG: u64 = 2 << 40;
const DATA_TAG: u64 = 3 << 40;
const GAME_TAG: u64 = 4 << 40;

/// What an expression is evaluated about.
pub struct GameEnv<'a> {
    pub game: &'a Game,
    pub this: Option<ObjId>,
    pub controller: PlayerId,
    pub event: Option<&'a Value>,
    /// Data an effect gave a delayed trigger (807.6), as `data`.
    pub data: Option<&'a Value>,
    /// Characteristics being computed (inside the layer pass); None: the game's current ones.
    pub chars: Option<&'a crate::layers::Chars>,
    /// Whose knowledge the expression reads with: a card's script evaluating through `k.eval`
    /// reads as its controller, so what a card is (name, type, fields) of a card hidden from
    /// them is an error (303.3). None: the kernel's full knowledge.
    pub viewer: Option<PlayerId>,
}

pub fn player_value(p: PlayerId) -> V {
    V::Obj(PLAYER_TAG | p as u64)
}

pub fn card_value(g: &Game, id: ObjId) -> V {
    V::Obj(g.handle(id) as u64)
}

/// Engine value → grammar value (maps become null: the grammar has none).
pub fn to_grammar(v: &Value) -> V {
    match v {
        Value::Null | Value::Map(_) => V::Null,
        Value::Bool(b) => V::Bool(*b),
        Value::Int(i) => V::Int(*i),
        Value::Str(s) => V::Str(s.clone()),
        Value::List(l) => V::List(l.iter().map(to_grammar).collect()),
    }
}

impl GameEnv<'_> {
    /// Evaluates within the game's expression budget (`budget`): one evaluation over its
    /// steps stops the game with an error naming the card and ability the expression is from.
    fn eval(&self, expr: &Expr, src: &str) -> Result<V, fuda_grammar::EvalError> {
        self.eval_in(expr, src, self)
    }

    /// [`GameEnv::eval`] in a scope built on this environment (e.g. `where`'s item scope).
    pub fn eval_in(
        &self,
        expr: &Expr,
        src: &str,
        scope: &dyn fuda_grammar::Env,
    ) -> Result<V, fuda_grammar::EvalError> {
        let g = self.game;
        let (r, used) = fuda_grammar::eval_counted(expr, scope, g.expr_allowance());
        let exhausted = r
            .as_ref()
            .is_err_and(|e| e.message.starts_with(fuda_grammar::BUDGET_EXHAUSTED));
        g.charge_expr(used, exhausted);
        if let Err(e) = &r {
            if exhausted {
                let what = if g.expr_stretch_spent() {
                    format!(
                        "expressions took more than {} steps since the last decision",
                        crate::budget::MAX_EXPR_STEPS
                    )
                } else {
                    e.message.clone()
                };
                g.trip(crate::error::RunError::Script {
                    hook: expr_origin(g, self.this, src),
                    message: format!("{what} in `{src}`"),
                });
            }
        }
        r
    }

    /// Evaluates to a boolean; anything else is an error naming the expression.
    pub fn test(&self, expr: &Expr, src: &str) -> Result<bool, String> {
        match self.eval(expr, src) {
            Ok(V::Bool(b)) => Ok(b),
            Ok(other) => Err(format!(
                "`{src}` should be true or false, got {}",
                other.describe()
            )),
            Err(e) => Err(e.render(src)),
        }
    }

    pub fn int(&self, expr: &Expr, src: &str) -> Result<i64, String> {
        match self.eval(expr, src) {
            Ok(V::Int(i)) => Ok(i),
            Ok(other) => Err(format!(
                "`{src}` should be a number, got {}",
                other.describe()
            )),
            Err(e) => Err(e.render(src)),
        }
    }

    fn card(&self, h: u64) -> Result<ObjId, String> {
        let id = self.game.handle_id(h as i64).ok_or("not a card")?;
        if self.game.st.objects.get(id.card as usize).is_some() {
            Ok(id)
        } else {
            Err(format!("no card {h}"))
        }
    }

    fn player_member(&self, p: PlayerId, name: &str) -> Result<V, String> {
        let g = &self.game.defs.game;
        if name == "number" {
            return Ok(V::Int(p as i64 + 1));
        }
        let zones: Vec<usize> = if name == "area" {
            (0..g.zones.len()).filter(|&k| g.zones[k].area).collect()
        } else if let Some(k) = g.zone_index(name) {
            vec![k]
        } else if let Some(v) = g.player_var(name) {
            return Ok(V::Int(self.game.st.players[p as usize].vars[v]));
        } else {
            return Err(format!(
                "a player has no \"{name}\" (zones: {}, area, or a player variable)",
                zone_ids(self.game)
            ));
        };
        let single = zones.len() == 1
            && g.zones[zones[0]].count == 1
            && g.zones[zones[0]].capacity == Some(1);
        let mut out = Vec::new();
        for k in zones {
            for slot in 0..g.zones[k].count {
                let z = g.zone_id(k, p, slot);
                out.extend(
                    self.game
                        .zone_cards(z)
                        .iter()
                        .map(|&c| card_value(self.game, self.game.obj_id(c))),
                );
            }
        }
        // A zone that holds one card (e.g. the main area) is that card, or null.
        if single {
            return Ok(out.pop().unwrap_or(V::Null));
        }
        Ok(V::List(out))
    }

    fn card_member(&self, id: ObjId, name: &str) -> Result<V, String> {
        let g = self.game;
        let gd = &g.defs.game;
        // A card that has left is read as it last was (812).
        let lki = if g.current(id).is_none() {
            g.last_known(id)
        } else {
            None
        };
        let o = match lki {
            Some(l) => &l.obj,
            None => &g.st.objects[id.card as usize],
        };
        let def = &g.defs.cards.cards[o.def as usize];
        let hidden = || -> Result<(), String> {
            match self.viewer {
                Some(p) if !g.can_see_obj(p, o) => Err(format!(
                    "\"{name}\" of a card hidden from P{} (303.3): a card's script learns a hidden card only after it is shown",
                    p + 1
                )),
                _ => Ok(()),
            }
        };
        if matches!(
            name,
            "name" | "名前" | "id" | "type" | "種類" | "subtype" | "分類"
        ) {
            hidden()?;
        }
        Ok(match name {
            "name" | "名前" => V::Str(def.named.name.clone()),
            "id" => V::Str(def.named.id.clone()),
            "type" | "種類" => V::Str(gd.card_types[def.card_type].named.id.clone()),
            "subtype" | "分類" => def
                .subtype
                .map(|s| V::Str(gd.card_types[def.card_type].subtypes[s].id.clone()))
                .unwrap_or(V::Null),
            "zone" => V::Str(gd.zones[gd.zone_parts(o.zone).0].named.id.clone()),
            "orientation" => V::Str(gd.orientations[o.orientation as usize].id.clone()),
            "owner" => player_value(o.owner),
            "controller" => player_value(o.controller),
            "face_up" => V::Bool(o.face_up),
            "holder" => o.attached_to.map(|id| card_value(g, id)).unwrap_or(V::Null),
            _ => {
                if let Some(c) = gd.counter(name) {
                    V::Int(o.counters[c] as i64)
                } else if let Some(f) = gd.flag(name) {
                    V::Bool(o.has_flag(f))
                } else if let Some(r) = gd.role(name) {
                    V::List(
                        g.attachments(id, Some(r as u8))
                            .into_iter()
                            .map(|id| card_value(g, id))
                            .collect(),
                    )
                } else if let Some(field) = field_id(self.game, name) {
                    hidden()?;
                    match lki {
                        Some(_) => to_grammar(&g.field_of(id, field).unwrap_or_default()),
                        None => {
                            to_grammar(&crate::layers::chars_field(g, self.chars, id.card, field))
                        }
                    }
                } else {
                    return Err(format!("a card has no \"{name}\""));
                }
            }
        })
    }
}

/// Where an expression comes from, for errors: the card and its ability with that expression
/// (`card GT-101 見張りの斥候 「偵察」 if`), or the card alone, or the game definition.
fn expr_origin(g: &Game, this: Option<ObjId>, src: &str) -> String {
    let Some(o) = this.and_then(|id| g.st.objects.get(id.card as usize)) else {
        return "an expression of the game definition".into();
    };
    let Some(card) = g.defs.cards.cards.get(o.def as usize) else {
        return "an expression".into();
    };
    let id = format!("card {} {}", card.named.id, card.named.name);
    for a in &card.abilities {
        for (what, e) in [
            ("if", &a.condition),
            ("when", &a.when_state),
            ("applies_to", &a.applies_to),
        ] {
            if e.as_ref().is_some_and(|(_, s)| s == src) {
                return format!("{id} 「{}」 {what}", a.name);
            }
        }
    }
    id
}

fn zone_ids(g: &Game) -> String {
    g.defs
        .game
        .zones
        .iter()
        .map(|z| z.named.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A card field by id or by its declared (Japanese) name.
pub fn field_id<'a>(g: &'a Game, name: &str) -> Option<&'a str> {
    field_id_in(&g.defs.game, name)
}

/// [`field_id`] given the game definition.
pub fn field_id_in<'a>(game: &'a crate::def::game::GameDef, name: &str) -> Option<&'a str> {
    let fields = &game.fields;
    if let Some((k, _)) = fields.get_key_value(name) {
        return Some(k);
    }
    fields
        .iter()
        .find(|(_, f)| f.name.as_deref() == Some(name))
        .map(|(k, _)| k.as_str())
}

impl Env for GameEnv<'_> {
    fn lookup(&self, name: &str) -> Result<V, String> {
        let g = self.game;
        match name {
            "self" | "このカード" => self
                .this
                .map(|id| card_value(g, id))
                .ok_or_else(|| "no `self` here".to_string()),
            "my" | "自分" | "controller" => Ok(player_value(self.controller)),
            "p1" => Ok(player_value(0)),
            "p2" => Ok(player_value(1)),
            "opponent" | "相手" => Ok(player_value(1 - self.controller)),
            "turn" => Ok(V::Int(g.st.turn as i64)),
            "turn_player" => Ok(player_value(g.st.turn_player)),
            "phase" => Ok(g
                .phase_now()
                .map(|i| V::Str(g.defs.game.phase_names[i as usize].named.id.clone()))
                .unwrap_or(V::Null)),
            "step" => Ok(match g.step_now() {
                (Some(p), Some(s)) => V::Str(
                    g.defs.game.phase_names[p as usize].steps[s as usize]
                        .0
                        .id
                        .clone(),
                ),
                _ => V::Null,
            }),
            "chain_size" => Ok(V::Int(g.chain_items().len() as i64)),
            "game" => Ok(V::Obj(GAME_TAG)),
            "event" => self
                .event
                .map(|_| V::Obj(EVENT_TAG))
                .ok_or_else(|| "no `event` here".to_string()),
            "data" => self
                .data
                .map(|_| V::Obj(DATA_TAG))
                .ok_or_else(|| "no `data` here".to_string()),
            _ => Err(format!("unknown name \"{name}\"")),
        }
    }

    fn member(&self, base: &V, name: &str) -> Result<V, String> {
        match base {
            V::Obj(h) if *h == EVENT_TAG || *h == DATA_TAG => {
                let data = if *h == EVENT_TAG {
                    self.event
                } else {
                    self.data
                }
                .ok_or("no event")?;
                Ok(match (name, data.get(name)) {
                    // Event fields naming cards or players hold handles / seat numbers.
                    (CARD_KEYS!(), Some(Value::Int(h))) => self
                        .game
                        .handle_id(*h)
                        .map(|_| V::Obj(*h as u64))
                        .unwrap_or(V::Null),
                    (PLAYER_KEYS!(), Some(Value::Int(p))) if (1..=2).contains(p) => {
                        player_value((*p - 1) as PlayerId)
                    }
                    (_, Some(v)) => to_grammar(v),
                    (_, None) => V::Null,
                })
            }
            V::Obj(h) if *h == GAME_TAG => {
                let g = self.game;
                match g.defs.game.game_vars.iter().position(|v| v.id == name) {
                    Some(i) => Ok(V::Int(g.st.game_vars[i])),
                    None => Err(format!("the game has no variable \"{name}\"")),
                }
            }
            V::Obj(h) if *h & PLAYER_TAG != 0 => self.player_member((*h & 0xff) as PlayerId, name),
            V::Obj(h) => self.card_member(self.card(*h)?, name),
            V::List(items) if name == "count" => Ok(V::Int(items.len() as i64)),
            V::List(items) => items
                .iter()
                .map(|i| self.member(i, name))
                .collect::<Result<Vec<_>, _>>()
                .map(V::List),
            other => Err(format!("{} has no \"{name}\"", other.describe())),
        }
    }

    fn call(&self, name: &str, args: &[V]) -> Result<V, String> {
        let g = &self.game.defs.game;
        if let (Some(r), [V::Obj(h)]) = (g.role(name), args) {
            let id = self.card(*h)?;
            return Ok(V::Int(self.game.attachments(id, Some(r as u8)).len() as i64));
        }
        if name == "setting" {
            if let [V::Str(s)] = args {
                return g
                    .settings
                    .get(s)
                    .map(|v| V::Int(*v))
                    .ok_or_else(|| format!("no setting \"{s}\""));
            }
        }
        Err(format!("unknown function \"{name}\""))
    }
}

/// Every identifier, member and function name an expression mentions.
pub(crate) fn idents(e: &Expr, out: &mut Vec<String>) {
    use fuda_grammar::ExprKind as K;
    match &e.kind {
        K::Ident(n) => out.push(n.clone()),
        K::Member { base, name } => {
            out.push(name.clone());
            idents(base, out);
        }
        K::Call { name, args } => {
            out.push(name.clone());
            args.iter().for_each(|a| idents(a, out));
        }
        K::Unary { expr, .. } => idents(expr, out),
        K::Binary { lhs, rhs, .. } => {
            idents(lhs, out);
            idents(rhs, out);
        }
        K::Where {
            collection,
            condition,
        } => {
            idents(collection, out);
            idents(condition, out);
        }
        _ => {}
    }
}
