//! What a continuous effect changes (809.1b–e): a card's `modify:` entries, validated.
use super::ability::Src;
use super::ability_raw::RawModify;
use crate::error::LoadError;
use crate::value::Value;
use fuda_grammar::Expr;

/// One change a continuous effect makes to a field (809.1b–e).
#[derive(Clone, Debug, PartialEq)]
pub struct Modify {
    pub field: String,
    pub op: ModifyOp,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ModifyOp {
    /// Numeric: add the amount (negative lowers), e.g. HP+30 (918).
    Add(Amount),
    /// Change to a specific value; the original is lost (809.5).
    Set(Amount),
    /// List fields (attributes, advantage): gain or lose one value.
    Grant(Value),
    Remove(Value),
    /// Exchange the value with another field of the same layer (東方VISION 6.1.10.b).
    Swap(String),
    /// A change marked "always" (常に), applied after the modifiers (東方VISION 6.1.10.d).
    SetAlways(Amount),
    /// Numeric: multiply, or divide with the layer's rounding (Victory Spark 7.8.1.3).
    Mul(Amount),
    Div(Amount),
}

impl ModifyOp {
    /// Its kind, for a layer's `order`.
    pub fn class(&self) -> super::game::OpClass {
        use super::game::OpClass as C;
        match self {
            ModifyOp::Add(_) => C::Add,
            ModifyOp::Set(_) => C::Set,
            ModifyOp::Grant(_) => C::Grant,
            ModifyOp::Remove(_) => C::Remove,
            ModifyOp::Swap(_) => C::Swap,
            ModifyOp::SetAlways(_) => C::Always,
            ModifyOp::Mul(_) | ModifyOp::Div(_) => C::Mul,
        }
    }
}

/// A number written in the card: a constant or an expression of the grammar.
#[derive(Clone, Debug, PartialEq)]
pub enum Amount {
    Const(Value),
    Expr(Box<Expr>, String),
}

/// Validates a card's `modify:` list; problems go to `errors`.
pub(super) fn modifies(src: &Src, raw: &[RawModify], errors: &mut Vec<LoadError>) -> Vec<Modify> {
    let mut modify = Vec::new();
    for m in raw {
        let ops = [&m.add, &m.set, &m.grant, &m.remove, &m.mul, &m.div]
            .iter()
            .filter(|o| o.is_some())
            .count()
            + usize::from(m.swap.is_some());
        if ops != 1 || (m.always && m.set.is_none()) {
            errors.push(LoadError::new(
                src.at(&m.field),
                format!(
                    "modify {}: give exactly one of add, set, mul, div, grant, remove, swap (always: only with set)",
                    m.field
                ),
            ));
            continue;
        }
        let op = if let Some(v) = &m.add {
            amount(src, v, errors).map(ModifyOp::Add)
        } else if let Some(v) = &m.mul {
            amount(src, v, errors).map(ModifyOp::Mul)
        } else if let Some(v) = &m.div {
            match amount(src, v, errors) {
                Some(Amount::Const(Value::Int(0))) => {
                    errors.push(LoadError::new(
                        src.at(&m.field),
                        format!("modify {}: div: 0 (a division by zero)", m.field),
                    ));
                    None
                }
                a => a.map(ModifyOp::Div),
            }
        } else if let Some(other) = &m.swap {
            Some(ModifyOp::Swap(other.clone()))
        } else if let Some(v) = &m.set {
            let set = if m.always {
                ModifyOp::SetAlways
            } else {
                ModifyOp::Set
            };
            match v {
                serde_yaml::Value::Sequence(_) => Some(set(Amount::Const(plain(v)))),
                _ => amount(src, v, errors).map(set),
            }
        } else if let Some(v) = &m.grant {
            Some(ModifyOp::Grant(plain(v)))
        } else {
            m.remove.as_ref().map(|v| ModifyOp::Remove(plain(v)))
        };
        if let Some(op) = op {
            modify.push(Modify {
                field: m.field.clone(),
                op,
            });
        }
    }
    modify
}

fn amount(src: &Src, v: &serde_yaml::Value, errors: &mut Vec<LoadError>) -> Option<Amount> {
    match v {
        serde_yaml::Value::Number(n) => n.as_i64().map(|i| Amount::Const(Value::Int(i))),
        serde_yaml::Value::String(s) => src
            .expr(s, "amount", errors)
            .map(|(e, s)| Amount::Expr(Box::new(e), s)),
        _ => {
            errors.push(LoadError::new(
                src.at("modify"),
                "an amount must be a number or an expression string",
            ));
            None
        }
    }
}

fn plain(v: &serde_yaml::Value) -> Value {
    match v {
        serde_yaml::Value::Bool(b) => Value::Bool(*b),
        serde_yaml::Value::Number(n) => n.as_i64().map(Value::Int).unwrap_or(Value::Null),
        serde_yaml::Value::String(s) => Value::Str(s.clone()),
        serde_yaml::Value::Sequence(l) => Value::List(l.iter().map(plain).collect()),
        serde_yaml::Value::Mapping(m) => Value::Map(
            m.iter()
                .filter_map(|(k, v)| Some((k.as_str()?.to_string(), plain(v))))
                .collect(),
        ),
        _ => Value::Null,
    }
}
