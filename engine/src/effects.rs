//! Continuous effects created by resolved abilities (801.2b), their durations (809.7, 809.8,
//! 809.8a) and their end on a main → standby move (302.3b, through the game's script).
use crate::expr::GameEnv;
use crate::game::Game;
use crate::ids::{ObjId, PlayerId};
use crate::value::Value;
use serde::{Deserialize, Serialize};

/// Which cards an effect applies to (809.3b-3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Scope {
    /// Specific cards, fixed when the effect is created; a card that becomes a new object
    /// (302.3) is no longer affected.
    Locked(Vec<ObjId>),
    /// "All cards that …": an expression about each card (`it`), checked continuously.
    Dynamic(String),
}

/// One change to one field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Op {
    Add(i64),
    Set(Value),
    Grant(Value),
    Remove(Value),
    /// Exchange with another field of the layer (東方VISION 6.1.10.b).
    Swap(String),
    /// A set marked "always" (東方VISION 6.1.10.d).
    SetAlways(Value),
    /// Multiply; divide with the layer's rounding (Victory Spark 7.8.1.3).
    Mul(i64),
    Div(i64),
}

/// How long a created effect lasts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Duration {
    /// For the rest of the game (801.2b, no period given).
    Permanent,
    /// "このターン": until the end of turn N (809.8a), ended by the game's `expire` step.
    ThisTurn(u32),
    /// "(specific) turn": from the start to the end of turn N only (809.8).
    Turn(u32),
    /// Until a period the game declares ends (`durations:`; `chain`: the chain resolved).
    Until(String),
}

/// A continuous effect in the state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    pub source: ObjId,
    pub controller: PlayerId,
    /// 809.3b-2: when the ability that made it was played and resolved.
    pub timestamp: u64,
    pub scope: Scope,
    pub changes: Vec<(String, Op)>,
    pub duration: Duration,
    /// 809.7: "as long as" a condition on the source card holds.
    pub while_cond: Option<String>,
    /// What made it, for logs: 「能力名」 or a rule.
    pub label: String,
    /// It changes the card's original value (元の数値, Gate Ruler 15-2b): applied with the
    /// printed information under every layer (809.1a), read by `k.base`.
    #[serde(default)]
    pub base: bool,
}

impl Effect {
    /// Whether the effect applies on the current turn.
    pub fn active(&self, turn: u32) -> bool {
        match self.duration {
            Duration::Permanent => true,
            Duration::ThisTurn(n) => turn <= n,
            Duration::Turn(n) => turn == n,
            Duration::Until(_) => true,
        }
    }
}

impl Game {
    /// A new timestamp (809.3b).
    pub fn timestamp(&mut self) -> u64 {
        self.st.next_timestamp += 1;
        self.st.next_timestamp
    }

    /// Creates a continuous effect; 809.7: not created if its "as long as" condition already
    /// fails. Returns whether it was created.
    pub fn add_effect(&mut self, mut e: Effect) -> Result<bool, String> {
        if let Some(src) = &e.while_cond {
            if !self.while_holds(&e, src)? {
                self.log_line(
                    self.kc(crate::def::kernel_clauses::KStep::EffectEnds)
                        .as_deref(),
                    format!(
                        "{}: 条件を満たさないので持続効果は発生しない (not created)",
                        e.label
                    ),
                );
                return Ok(false);
            }
        }
        if let Scope::Dynamic(src) = &e.scope {
            fuda_grammar::parse(src).map_err(|err| err.to_string())?;
        }
        e.timestamp = self.timestamp();
        let what: Vec<String> = e.changes.iter().map(|(f, op)| describe(f, op)).collect();
        let until = match &e.duration {
            Duration::Permanent => String::new(),
            Duration::ThisTurn(_) => " このターン (this turn)".into(),
            Duration::Turn(n) => format!(" ターン{n}の間 (during turn {n})"),
            Duration::Until(id) => format!(" {}", self.duration_name(id)),
        };
        self.log_line(
            self.kc(crate::def::kernel_clauses::KStep::EffectCreated)
                .as_deref(),
            format!("{}: 持続効果 {}{until}", e.label, what.join(", ")),
        );
        self.st.effects.push(e);
        self.touch();
        Ok(true)
    }

    pub(crate) fn while_holds(&self, e: &Effect, src: &str) -> Result<bool, String> {
        let expr = fuda_grammar::parse(src).map_err(|err| err.to_string())?;
        let env = GameEnv {
            game: self,
            this: Some(e.source),
            controller: e.controller,
            event: None,
            data: None,
            chars: None,
            viewer: Some(e.controller),
        };
        Ok(self.current(e.source).is_some() && env.test(&expr, src).unwrap_or(false))
    }

    /// 505.3a: effects lasting "until end of turn" / "this turn" end.
    pub fn expire_effects(&mut self, clause: Option<&str>) {
        let turn = self.st.turn;
        let before = self.st.effects.len();
        self.st.effects.retain(|e| match e.duration {
            Duration::Permanent | Duration::Until(_) => true,
            Duration::ThisTurn(n) | Duration::Turn(n) => n > turn,
        });
        let ended = before - self.st.effects.len();
        if ended > 0 {
            self.log_line(
                clause,
                format!("ターン終了時までの持続効果{ended}個が終了 (effects end)"),
            );
            self.touch();
        }
    }

    fn duration_name(&self, id: &str) -> String {
        self.defs
            .game
            .durations
            .iter()
            .find(|d| d.id == id)
            .map_or_else(|| id.to_string(), |d| d.name.clone())
    }

    /// Effects lasting the declared period `id` end (cited as the game declares it).
    pub fn expire_duration(&mut self, id: &str) -> usize {
        let clause = self
            .defs
            .game
            .durations
            .iter()
            .find(|d| d.id == id)
            .and_then(|d| d.clause.clone());
        self.expire_duration_cited(id, clause.as_deref())
    }

    /// [`Game::expire_duration`], citing `clause`.
    pub fn expire_duration_cited(&mut self, id: &str, clause: Option<&str>) -> usize {
        let before = self.st.effects.len();
        self.st
            .effects
            .retain(|e| !matches!(&e.duration, Duration::Until(d) if d == id));
        let ended = before - self.st.effects.len();
        if ended > 0 {
            let name = self
                .defs
                .game
                .durations
                .iter()
                .find(|d| d.id == id)
                .map_or_else(|| id.to_string(), |d| d.name.clone());
            self.log_line(
                clause,
                format!("「{name}」の持続効果{ended}個が終了 (effects end)"),
            );
            self.touch();
        }
        ended
    }

    /// 302.3b: effects locked onto `card` stop applying to it (the game calls this when a unit
    /// moves main → standby; static abilities are not affected).
    pub fn end_effects_on(&mut self, card: ObjId) -> usize {
        let mut ended = 0;
        for e in &mut self.st.effects {
            if let Scope::Locked(ids) = &mut e.scope {
                let n = ids.len();
                ids.retain(|id| *id != card);
                ended += n - ids.len();
            }
        }
        self.st
            .effects
            .retain(|e| !matches!(&e.scope, Scope::Locked(ids) if ids.is_empty()));
        if ended > 0 {
            self.touch();
        }
        ended
    }

    /// Marks the state changed, so characteristics are computed again.
    pub fn touch(&mut self) {
        self.st.generation = self.st.generation.wrapping_add(1);
    }
}

/// `HP+30`, `属性 gains 水` … for logs.
pub fn describe(field: &str, op: &Op) -> String {
    match op {
        Op::Add(n) if *n >= 0 => format!("{field}+{n}"),
        Op::Add(n) => format!("{field}{n}"),
        Op::Set(v) => format!("{field}={v}"),
        Op::SetAlways(v) => format!("{field}={v} (常に)"),
        Op::Swap(other) => format!("{field}⇄{other}"),
        Op::Grant(v) => format!("{field}に{v}を追加"),
        Op::Remove(v) => format!("{field}から{v}を除く"),
        Op::Mul(n) => format!("{field}×{n}"),
        Op::Div(n) => format!("{field}÷{n}"),
    }
}
