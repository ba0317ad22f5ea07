//! Characteristics under continuous effects (809): printed information (809.1a), then each
//! layer the game declares (809.1b–e) in order; within a layer, dependency (809.3a) before
//! timestamp (809.3b). Computed once per state change and cached.
use crate::def::ability::{AbilityKind, Amount, ModifyOp};
use crate::def::game::OpClass;
use crate::effects::{Op, Scope};
use crate::expr::{card_value, GameEnv};
use crate::game::Game;
use crate::ids::{CardIdx, ObjId, PlayerId};
use crate::value::Value;
use fuda_grammar::{Expr, ItemScope};
use indexmap::IndexMap;
use std::sync::Arc;

mod order;

/// Computed fields of the cards that continuous effects touch; the others are as printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chars {
    changed: Vec<Option<IndexMap<String, Value>>>,
}

impl Chars {
    pub fn get(&self, g: &Game, card: CardIdx, field: &str) -> Value {
        if let Some(Some(m)) = self.changed.get(card as usize) {
            if let Some(v) = m.get(field) {
                return v.clone();
            }
        }
        g.printed(card, field)
    }

    /// The fields continuous effects changed on `card`.
    pub fn changed_fields(&self, card: CardIdx) -> Vec<(String, Value)> {
        match self.changed.get(card as usize) {
            Some(Some(m)) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            _ => Vec::new(),
        }
    }

    /// The value continuous effects gave `field` of `card`, if they changed it.
    pub fn changed(&self, card: CardIdx, field: &str) -> Option<&Value> {
        self.changed.get(card as usize)?.as_ref()?.get(field)
    }

    fn set(&mut self, card: CardIdx, field: &str, v: Value) {
        if self.changed.len() <= card as usize {
            self.changed.resize(card as usize + 1, None);
        }
        self.changed[card as usize]
            .get_or_insert_with(IndexMap::new)
            .insert(field.to_string(), v);
    }
}

enum LiveScope {
    This,
    Locked(Vec<ObjId>),
    /// The expression and its source text (for errors).
    Dynamic(Expr, String),
}

enum LiveOp {
    Add(Amount),
    Set(Amount),
    Grant(Value),
    Remove(Value),
    Swap(String),
    SetAlways(Amount),
    Mul(Amount),
    Div(Amount),
}

impl LiveOp {
    fn class(&self) -> OpClass {
        match self {
            LiveOp::Add(_) => OpClass::Add,
            LiveOp::Set(_) => OpClass::Set,
            LiveOp::Grant(_) => OpClass::Grant,
            LiveOp::Remove(_) => OpClass::Remove,
            LiveOp::Swap(_) => OpClass::Swap,
            LiveOp::SetAlways(_) => OpClass::Always,
            LiveOp::Mul(_) | LiveOp::Div(_) => OpClass::Mul,
        }
    }
}

/// The operations one pass of a layer applies.
struct Pass(Vec<OpClass>);

impl Pass {
    fn has(&self, c: OpClass) -> bool {
        self.0.contains(&c)
    }
}

/// A continuous effect as the layer pass sees it (from a static ability or the state).
struct Live {
    /// 805.2: a defining ability, applied with the printed information (809.1a).
    defining: bool,
    /// Every name its expressions mention (fields, members, functions), for 809.3a.
    reads: Vec<String>,
    order: (u64, u16, u16),
    /// The static ability it comes from (an effect of a resolved ability has none).
    ability: Option<usize>,
    source: ObjId,
    controller: PlayerId,
    scope: LiveScope,
    condition: Option<(Expr, String)>,
    changes: Vec<(String, LiveOp)>,
}

impl Game {
    /// A card's printed field (809.6), ignoring every continuous effect.
    pub fn printed(&self, card: CardIdx, name: &str) -> Value {
        let def = &self.defs.cards.cards[self.st.objects[card as usize].def as usize];
        def.field(name).clone()
    }

    /// A card's original value (元の数値): printed, with its defining abilities and the effects
    /// that change the original value (`base`), in timestamp order, and nothing else.
    pub fn base_field(&self, card: CardIdx, name: &str) -> Value {
        let mut lives = self.live_effects();
        lives.retain(|l| l.defining);
        let mut chars = Chars::default();
        for live in &lives {
            for layer in 0..self.defs.game.layers.len() {
                self.apply(live, layer, &mut chars);
            }
        }
        chars.get(self, card, name)
    }

    /// A card's field as it is now, with continuous effects applied (809).
    pub fn field(&self, card: CardIdx, name: &str) -> Value {
        self.characteristics().get(self, card, name)
    }

    /// The characteristics of all cards now (cached until the state changes).
    pub fn characteristics(&self) -> Arc<Chars> {
        let gen = self.st.generation;
        if let Some((g, cost, c)) = &*self.chars_cache.borrow() {
            if *g == gen && self.use_cached_chars(gen, *cost) {
                return Arc::clone(c);
            }
        }
        // A read from inside the computation (whether an ability is valid may read a layered
        // field) sees the printed information instead of recursing.
        if self.computing_chars.get() {
            return Arc::new(Chars::default());
        }
        let mark = self.expr_mark();
        self.computing_chars.set(true);
        let chars = Arc::new(self.compute_chars());
        self.computing_chars.set(false);
        let (cost, complete) = self.chars_computed(gen, mark);
        if complete {
            *self.chars_cache.borrow_mut() = Some((gen, cost, Arc::clone(&chars)));
        }
        chars
    }

    fn live_effects(&self) -> Vec<Live> {
        let mut out = Vec::new();
        for card in 0..self.st.objects.len() as CardIdx {
            let o = &self.st.objects[card as usize];
            // Only cards with a static ability that changes fields (precomputed per card).
            if !self
                .defs
                .cards
                .has_static
                .get(o.def as usize)
                .copied()
                .unwrap_or(false)
            {
                continue;
            }
            let def = &self.defs.cards.cards[o.def as usize];
            for (ai, a) in def
                .abilities
                .iter()
                .enumerate()
                .filter(|(_, a)| a.kind == AbilityKind::Static && !a.modify.is_empty())
            {
                if !self.ability_valid(card, ai) {
                    continue;
                }
                out.push(Live {
                    defining: a.defining,
                    reads: Vec::new(),
                    // 809.3b-1: a static ability's effects date from when it became valid.
                    // 809.3b: one timestamp for several cards: the turn player's order.
                    order: (o.timestamp, if o.tie > 0 { o.tie } else { card }, ai as u16),
                    ability: Some(ai),
                    source: o.id(card),
                    controller: o.controller,
                    scope: match &a.applies_to {
                        Some((e, src)) => LiveScope::Dynamic(e.clone(), src.clone()),
                        None => LiveScope::This,
                    },
                    condition: a.condition.clone(),
                    changes: a
                        .modify
                        .iter()
                        .map(|m| {
                            let op = match &m.op {
                                ModifyOp::Add(x) => LiveOp::Add(x.clone()),
                                ModifyOp::Mul(x) => LiveOp::Mul(x.clone()),
                                ModifyOp::Div(x) => LiveOp::Div(x.clone()),
                                ModifyOp::Set(x) => LiveOp::Set(x.clone()),
                                ModifyOp::Grant(v) => LiveOp::Grant(v.clone()),
                                ModifyOp::Remove(v) => LiveOp::Remove(v.clone()),
                                ModifyOp::Swap(f) => LiveOp::Swap(f.clone()),
                                ModifyOp::SetAlways(x) => LiveOp::SetAlways(x.clone()),
                            };
                            (m.field.clone(), op)
                        })
                        .collect(),
                });
            }
        }
        for (i, e) in self.st.effects.iter().enumerate() {
            if !e.active(self.st.turn) {
                continue;
            }
            if let Some(src) = &e.while_cond {
                if !self.while_holds(e, src).unwrap_or(false) {
                    continue;
                }
            }
            let scope = match &e.scope {
                Scope::Locked(ids) => LiveScope::Locked(ids.clone()),
                Scope::Dynamic(src) => match fuda_grammar::parse(src) {
                    Ok(x) => LiveScope::Dynamic(x, src.clone()),
                    Err(_) => continue,
                },
            };
            out.push(Live {
                defining: e.base,
                reads: Vec::new(),
                order: (e.timestamp, u16::MAX, i as u16),
                ability: None,
                source: e.source,
                controller: e.controller,
                scope,
                condition: None,
                changes: e
                    .changes
                    .iter()
                    .map(|(f, op)| {
                        let op = match op {
                            Op::Add(n) => LiveOp::Add(Amount::Const(Value::Int(*n))),
                            Op::Mul(n) => LiveOp::Mul(Amount::Const(Value::Int(*n))),
                            Op::Div(n) => LiveOp::Div(Amount::Const(Value::Int(*n))),
                            Op::Set(v) => LiveOp::Set(Amount::Const(v.clone())),
                            Op::Grant(v) => LiveOp::Grant(v.clone()),
                            Op::Remove(v) => LiveOp::Remove(v.clone()),
                            Op::Swap(f) => LiveOp::Swap(f.clone()),
                            Op::SetAlways(v) => LiveOp::SetAlways(Amount::Const(v.clone())),
                        };
                        (f.clone(), op)
                    })
                    .collect(),
            });
        }
        out
    }

    /// Fills `reads` for each live effect from its expressions.
    fn note_reads(&self, lives: &mut [Live]) {
        for l in lives.iter_mut() {
            let mut names = Vec::new();
            if let LiveScope::Dynamic(e, _) = &l.scope {
                crate::expr::idents(e, &mut names);
            }
            if let Some((e, _)) = &l.condition {
                crate::expr::idents(e, &mut names);
            }
            for (_, op) in &l.changes {
                if let LiveOp::Add(Amount::Expr(e, _))
                | LiveOp::Set(Amount::Expr(e, _))
                | LiveOp::SetAlways(Amount::Expr(e, _)) = op
                {
                    crate::expr::idents(e, &mut names);
                }
            }
            // Japanese field names count as the field they name.
            let ids: Vec<String> = names
                .iter()
                .filter_map(|n| crate::expr::field_id_in(&self.defs.game, n))
                .map(str::to_string)
                .collect();
            names.extend(ids);
            l.reads = names;
        }
    }

    /// A card's condition and amounts read with its controller's knowledge (303.3): what they
    /// decide is seen by everyone. Which cards an effect applies to is the kernel's to find; a
    /// hidden card it applies to stays hidden.
    fn env<'a>(&'a self, live: &Live, chars: &'a Chars, viewer: Option<PlayerId>) -> GameEnv<'a> {
        GameEnv {
            game: self,
            this: Some(live.source),
            controller: live.controller,
            event: None,
            data: None,
            chars: Some(chars),
            viewer,
        }
    }

    /// The cards `live` applies to, given the characteristics computed so far; only cards the
    /// game lets effects affect (`affected_if`, e.g. 306.7a-3).
    fn targets(&self, live: &Live, chars: &Chars) -> Vec<ObjId> {
        let all = self.targets_unfiltered(live, chars);
        match &self.defs.game.affected_if {
            None => all,
            Some((expr, src)) => all
                .into_iter()
                .filter(|id| {
                    let env = GameEnv {
                        game: self,
                        this: Some(*id),
                        controller: live.controller,
                        event: None,
                        data: None,
                        chars: Some(chars),
                        viewer: None,
                    };
                    env.test(expr, src).unwrap_or(false)
                })
                .collect(),
        }
    }

    fn targets_unfiltered(&self, live: &Live, chars: &Chars) -> Vec<ObjId> {
        if let Some((c, src)) = &live.condition {
            let env = self.env(live, chars, Some(live.controller));
            if !env.test(c, src).unwrap_or(false) {
                return Vec::new();
            }
        }
        let env = self.env(live, chars, None);
        match &live.scope {
            LiveScope::This => self
                .current(live.source)
                .map(|_| vec![live.source])
                .unwrap_or_default(),
            LiveScope::Locked(ids) => ids
                .iter()
                .copied()
                .filter(|id| self.current(*id).is_some())
                .collect(),
            // Cards in hidden zones (e.g. the deck) are skipped: nobody can observe them, and
            // they get the effects the moment they arrive where they are seen (809.4). So are
            // cards outside the zones the scope's `zone == "x"` conjuncts allow.
            LiveScope::Dynamic(expr, src) => {
                let gd = &self.defs.game;
                let zones: Option<Vec<usize>> = crate::scope_hint::required_zones(expr)
                    .map(|z| z.into_iter().filter_map(|id| gd.zone_index(id)).collect());
                // `it == self.holder`: only that card can match.
                let one: Option<Option<CardIdx>> =
                    crate::scope_hint::required_card(expr).map(|x| {
                        match env.eval_in(x, src, &env) {
                            Ok(fuda_grammar::Value::Obj(h)) => i64::try_from(h)
                                .ok()
                                .and_then(|h| self.handle_id(h))
                                .filter(|id| self.current(*id).is_some())
                                .map(|id| id.card),
                            _ => None,
                        }
                    });
                let all = 0..self.st.objects.len() as CardIdx;
                let cards: Vec<CardIdx> = match one {
                    Some(one) => one.into_iter().collect(),
                    None => all.collect(),
                };
                cards
                    .into_iter()
                    .filter(|&c| {
                        let zone = self.st.objects[c as usize].zone;
                        let zd = gd.zone_def(zone);
                        zd.visibility != crate::def::game::Visibility::Hidden
                            && zones
                                .as_ref()
                                .is_none_or(|z| z.contains(&gd.zone_parts(zone).0))
                    })
                    .map(|c| self.obj_id(c))
                    .filter(|id| {
                        let item = card_value(self, *id);
                        let scope = ItemScope {
                            parent: &env,
                            item: &item,
                        };
                        matches!(
                            env.eval_in(expr, src, &scope),
                            Ok(fuda_grammar::Value::Bool(true))
                        )
                    })
                    .collect()
            }
        }
    }

    fn amount(&self, live: &Live, chars: &Chars, a: &Amount) -> Value {
        match a {
            Amount::Const(v) => v.clone(),
            Amount::Expr(e, src) => Value::Int(
                self.env(live, chars, Some(live.controller))
                    .int(e, src)
                    .unwrap_or(0),
            ),
        }
    }

    /// What `live` would do in `layer`: (targets, resolved amounts) — compared for 809.3a.
    fn footprint(&self, live: &Live, layer: usize, chars: &Chars) -> (Vec<ObjId>, Vec<Value>) {
        let amounts = live
            .changes
            .iter()
            .filter(|(f, _)| self.defs.game.field_layer(f) == Some(layer))
            .map(|(_, op)| match op {
                LiveOp::Add(a)
                | LiveOp::Set(a)
                | LiveOp::SetAlways(a)
                | LiveOp::Mul(a)
                | LiveOp::Div(a) => self.amount(live, chars, a),
                LiveOp::Grant(v) | LiveOp::Remove(v) => v.clone(),
                LiveOp::Swap(f) => Value::Str(f.clone()),
            })
            .collect();
        (self.targets(live, chars), amounts)
    }

    fn apply(&self, live: &Live, layer: usize, chars: &mut Chars) {
        self.apply_pass(live, layer, None, chars);
    }

    /// Applies the changes `live` makes in `layer` (only those of `class`, when given).
    fn apply_pass(&self, live: &Live, layer: usize, class: Option<&Pass>, chars: &mut Chars) {
        let targets = self.targets(live, chars);
        for (field, op) in live.changes.iter().filter(|(f, op)| {
            self.defs.game.field_layer(f) == Some(layer) && class.is_none_or(|c| c.has(op.class()))
        }) {
            let amount = match op {
                LiveOp::Add(a)
                | LiveOp::Set(a)
                | LiveOp::SetAlways(a)
                | LiveOp::Mul(a)
                | LiveOp::Div(a) => Some(self.amount(live, chars, a)),
                _ => None,
            };
            let rounding = self
                .defs
                .game
                .layer_rounding
                .get(layer)
                .copied()
                .unwrap_or_default();
            for id in &targets {
                if let LiveOp::Swap(other) = op {
                    // 東方VISION 6.1.10.b: the two values change places.
                    let a = chars.get(self, id.card, field);
                    let b = chars.get(self, id.card, other);
                    chars.set(id.card, field, b);
                    chars.set(id.card, other, a);
                    continue;
                }
                let cur = chars.get(self, id.card, field);
                let new = match (op, cur, &amount) {
                    // Saturating: an effect adding a huge amount caps the field (same in every build).
                    (LiveOp::Add(_), Value::Int(x), Some(Value::Int(n))) => {
                        Value::Int(x.saturating_add(*n))
                    }
                    (LiveOp::Add(_), other, _) => other,
                    (LiveOp::Mul(_), Value::Int(x), Some(Value::Int(n))) => {
                        Value::Int(x.saturating_mul(*n))
                    }
                    (LiveOp::Div(_), Value::Int(x), Some(Value::Int(n))) if *n != 0 => {
                        Value::Int(crate::rounding::divide(x, *n, rounding))
                    }
                    (LiveOp::Mul(_) | LiveOp::Div(_), other, _) => other,
                    (LiveOp::Set(_) | LiveOp::SetAlways(_), _, Some(v)) => v.clone(),
                    (LiveOp::Grant(v), Value::List(mut l), _) => {
                        if !l.contains(v) {
                            l.push(v.clone());
                        }
                        Value::List(l)
                    }
                    (LiveOp::Grant(v), Value::Null, _) => Value::List(vec![v.clone()]),
                    (LiveOp::Remove(v), Value::List(mut l), _) => {
                        l.retain(|x| x != v);
                        Value::List(l)
                    }
                    (_, other, _) => other,
                };
                chars.set(id.card, field, new);
            }
        }
    }

    fn compute_chars(&self) -> Chars {
        let mut lives = self.live_effects();
        self.note_reads(&mut lives);
        let mut chars = Chars::default();
        // 804.2a-1: a played card keeps the effects it had, while in the resolution area.
        for (id, fields) in &self.st.kept_effects {
            if self.current(*id).is_some() {
                for (f, v) in fields {
                    chars.set(id.card, f, v.clone());
                }
            }
        }
        if lives.is_empty() {
            return chars;
        }
        // 809.1a: printed information with the defining abilities (805.2) is the base.
        for live in lives.iter().filter(|l| l.defining) {
            for layer in 0..self.defs.game.layers.len() {
                self.apply(live, layer, &mut chars);
            }
        }
        lives.retain(|l| !l.defining);
        // 809.1c: an effect that began to apply keeps applying in later layers.
        let mut started = vec![false; lives.len()];
        let abilities_layer = self.defs.game.abilities_layer;
        for layer in 0..self.defs.game.layers.len() {
            for pass in self.passes(layer) {
                let mut pending: Vec<usize> = (0..lives.len())
                    .filter(|&i| {
                        lives[i].changes.iter().any(|(f, op)| {
                            self.defs.game.field_layer(f) == Some(layer)
                                && pass.as_ref().is_none_or(|p| p.has(op.class()))
                        })
                    })
                    .collect();
                // 809.1c: a static ability removed before its effect began changes nothing.
                if abilities_layer.is_some_and(|l| l < layer) {
                    pending.retain(|&i| started[i] || self.still_has(&lives[i], &chars));
                }
                pending.sort_by_key(|&i| lives[i].order);
                while !pending.is_empty() {
                    let next = self.next_in_layer(&lives, &pending, layer, &chars);
                    let i = pending.remove(next);
                    self.apply_pass(&lives[i], layer, pass.as_ref(), &mut chars);
                    started[i] = true;
                    if abilities_layer == Some(layer) {
                        pending.retain(|&j| started[j] || self.still_has(&lives[j], &chars));
                    }
                }
            }
        }
        chars
    }
}

/// Lets other modules read characteristics through an in-progress computation.
pub fn chars_field(g: &Game, chars: Option<&Chars>, card: CardIdx, field: &str) -> Value {
    match chars {
        Some(c) => c.get(g, card, field),
        None => g.field(card, field),
    }
}
