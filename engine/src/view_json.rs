//! What one player may know, as data (302.2, 303.2, 303.3, 305.3, 905.2): a serializable
//! [`View`] for user interfaces, agents and tests. Hidden cards are placeholders that keep
//! only what everyone sees of them (their place, orientation, counters, flags, attachments),
//! never their name, definition or object id; card counts are always known (302.2a).
use crate::decision::DecisionKind;
use crate::game::Game;
use crate::ids::{CardIdx, PlayerId, ZoneId};
use crate::state::Outcome;
use crate::value::Value;
use indexmap::IndexMap;
use serde::Serialize;

/// The game as one player (or, with no viewer, an omniscient observer) may know it.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub game: String,
    /// The seat the view is for, 1-based (None: everything, for logs and debugging).
    pub viewer: Option<u8>,
    /// Turn number, 0 during setup.
    pub turn: u32,
    /// 1-based; None during setup.
    pub turn_player: Option<u8>,
    pub phase: Option<String>,
    pub step: Option<String>,
    pub players: Vec<PlayerView>,
    /// Zones shared by all players (e.g. the resolution area, 310.2).
    pub shared: Vec<ZoneView>,
    /// Items waiting to resolve (a chain or pool), oldest first, where the game has them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<ChainItemView>,
    pub decision: Option<DecisionView>,
    pub outcome: Option<Outcome>,
    /// Index of the first log line in `log` (see [`Game::view_since`]).
    pub log_start: usize,
    /// Log lines as this viewer may read them: a player's private choices (e.g. which hand card
    /// was charged face down, 905.2) read as "private choice" to the others.
    pub log: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// 1-based seat.
    pub player: u8,
    /// The game's player variables by id.
    pub vars: IndexMap<String, i64>,
    pub zones: Vec<ZoneView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ZoneView {
    /// The zone's id in the game definition (`deck`, `hand`, `standby`, …).
    pub zone: String,
    pub name: String,
    /// 1-based instance for zones declared with `count` > 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<u8>,
    /// How many cards (302.2a: always known to everyone).
    pub count: usize,
    /// Bottom first (the last is the top of an ordered zone).
    pub cards: Vec<CardView>,
}

/// One card. For a hidden card, only `hidden: true` and the public state are filled in.
#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// The object's handle (as scripts see it); absent for hidden cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// Card id of its definition (e.g. `GT-003`); absent for hidden cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The game's `view_fields` with their current values (809); absent for hidden cards.
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub fields: IndexMap<String, Value>,
    pub face_up: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orientation: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub counters: IndexMap<String, i32>,
    /// The attachment role (energy, set, …) when this card is attached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<CardView>,
}

/// One item waiting to resolve. Its name is left out while its card is hidden from the viewer.
#[derive(Clone, Debug, Serialize)]
pub struct ChainItemView {
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// 1-based seat.
    pub controller: u8,
    /// The handle of its card, when the viewer may see it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<i64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub negated: bool,
}

/// The pending decision. Players who are not asked see only who decides and what kind of
/// decision it is, never the options (they could name the decider's hidden cards).
#[derive(Clone, Debug, Serialize)]
pub struct DecisionView {
    /// 1-based seats asked.
    pub players: Vec<u8>,
    /// 1-based seats still to answer.
    pub waiting_for: Vec<u8>,
    pub kind: DecisionKind,
    /// Whether the viewer is asked (then prompt, options and bounds are filled in).
    pub yours: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Option labels, in order (answers are indices into this list). The options' values are
    /// left out: they hold object handles, which could identify face-down cards.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    pub min: u16,
    pub max: u16,
}

impl View {
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

impl Game {
    /// What `viewer` may know now, with the whole log as they may read it.
    pub fn view(&self, viewer: Option<PlayerId>) -> View {
        self.view_since(viewer, 0)
    }

    /// Like [`Game::view`], with only the log lines from index `log_from` on (for clients that
    /// already have the earlier ones).
    pub fn view_since(&self, viewer: Option<PlayerId>, log_from: usize) -> View {
        let g = &self.defs.game;
        let st = self.position();
        let phase = st.phase.and_then(|p| g.phase_names.get(p as usize));
        let step = phase.and_then(|ph| st.step.and_then(|s| ph.steps.get(s as usize)));
        let players = (0..g.players)
            .map(|p| PlayerView {
                player: p + 1,
                vars: g
                    .player_vars
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let val = st
                            .players
                            .get(p as usize)
                            .and_then(|ps| ps.vars.get(i))
                            .copied()
                            .unwrap_or(0);
                        (v.id.clone(), val)
                    })
                    .collect(),
                zones: g
                    .zones
                    .iter()
                    .enumerate()
                    .filter(|(_, z)| !z.shared)
                    .flat_map(|(k, z)| {
                        (0..z.count).map(move |slot| self.zone_view(viewer, g.zone_id(k, p, slot)))
                    })
                    .collect(),
            })
            .collect();
        let shared = g
            .zones
            .iter()
            .enumerate()
            .filter(|(_, z)| z.shared)
            .flat_map(|(k, z)| (0..z.count).map(move |slot| g.zone_id(k, 0, slot)))
            .map(|zid| self.zone_view(viewer, zid))
            .collect();
        let chain = st
            .chain
            .iter()
            .map(|it| {
                let seen = it.source.filter(|s| {
                    st.objects.get(s.card as usize).is_some_and(|o| {
                        o.id(s.card) == *s && viewer.is_none_or(|v| self.can_see(v, s.card))
                    })
                });
                let hidden = it.source.is_some() && seen.is_none();
                ChainItemView {
                    kind: it.kind.clone(),
                    name: (!hidden).then(|| it.name.clone()),
                    controller: it.controller + 1,
                    source: seen.map(|s| self.handle(s)),
                    negated: it.negated,
                }
            })
            .collect();
        let decision = self.pending.as_ref().map(|p| {
            let d = &p.decision;
            let yours = viewer.is_none_or(|v| d.players.contains(&v));
            DecisionView {
                players: d.players.iter().map(|p| p + 1).collect(),
                waiting_for: self.waiting_for().iter().map(|p| p + 1).collect(),
                kind: d.kind,
                yours,
                prompt: yours.then(|| d.prompt.clone()),
                clause: d.clause.clone(),
                options: if yours {
                    d.options.iter().map(|o| o.label.clone()).collect()
                } else {
                    Vec::new()
                },
                min: d.min,
                max: d.max,
            }
        });
        let log = self
            .visible_log()
            .skip(log_from)
            .map(|l| l.seen_by(viewer).to_string())
            .collect();
        View {
            game: g.id.clone(),
            viewer: viewer.map(|v| v + 1),
            turn: st.turn,
            turn_player: (st.turn > 0).then_some(st.turn_player + 1),
            phase: phase.map(|ph| ph.named.id.clone()),
            step: step.map(|(n, _)| n.id.clone()),
            players,
            shared,
            chain,
            decision,
            outcome: st.outcome.clone(),
            log_start: log_from,
            log,
        }
    }

    fn zone_view(&self, viewer: Option<PlayerId>, zid: ZoneId) -> ZoneView {
        let g = &self.defs.game;
        let z = g.zone_def(zid);
        let (_, _, slot) = g.zone_parts(zid);
        let cards = self
            .position()
            .zones
            .get(zid.0 as usize)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        ZoneView {
            zone: z.named.id.clone(),
            name: z.named.name.clone(),
            slot: (z.count > 1).then_some(slot + 1),
            count: cards.len(),
            cards: cards
                .iter()
                .map(|&c| self.card_view(viewer, c, 0))
                .collect(),
        }
    }

    fn card_view(&self, viewer: Option<PlayerId>, card: CardIdx, depth: u8) -> CardView {
        let g = &self.defs.game;
        let st = self.position();
        let o = &st.objects[card as usize];
        let visible = viewer.is_none_or(|v| self.can_see(v, card));
        let id = o.id(card);
        let mut attached: Vec<(u32, CardIdx)> = if depth < 4 {
            st.objects
                .iter()
                .enumerate()
                .filter(|(_, a)| a.attached_to == Some(id))
                .map(|(i, a)| (a.attach_seq, i as CardIdx))
                .collect()
        } else {
            Vec::new()
        };
        attached.sort();
        let def = self.defs.cards.cards.get(o.def as usize);
        let fields = match (visible, def) {
            (true, Some(_)) => g
                .view_fields
                .iter()
                .map(|f| (f.clone(), self.field(card, f)))
                .filter(|(_, v)| *v != Value::Null)
                .collect(),
            _ => IndexMap::new(),
        };
        CardView {
            hidden: !visible,
            id: visible.then(|| self.handle(id)),
            card: def.filter(|_| visible).map(|d| d.named.id.clone()),
            name: def.filter(|_| visible).map(|d| d.named.name.clone()),
            fields,
            face_up: o.face_up,
            orientation: (o.orientation != 0)
                .then(|| g.orientations.get(o.orientation as usize))
                .flatten()
                .map(|n| n.id.clone()),
            flags: g
                .flags
                .iter()
                .enumerate()
                .filter(|(i, _)| o.has_flag(*i))
                .map(|(_, n)| n.id.clone())
                .collect(),
            counters: g
                .counters
                .iter()
                .zip(o.counters.iter())
                .filter(|(_, n)| **n != 0)
                .map(|(c, n)| (c.id.clone(), *n))
                .collect(),
            role: o
                .attached_to
                .and_then(|_| g.roles.get(o.role as usize))
                .map(|r| r.named.id.clone()),
            attached: attached
                .into_iter()
                .map(|(_, a)| self.card_view(viewer, a, depth + 1))
                .collect(),
        }
    }
}
