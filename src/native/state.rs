//! The native baseline's data: card statistics converted once from the engine's definitions,
//! and a plain game state (benchmarks only; see the module docs).
use crate::bundle::Bundle;
use fuda_engine::def::deck::DeckDef;
use fuda_engine::Value;
use rand_chacha::ChaCha8Rng;

/// A skill (208): cost in energy and damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    pub cost: u8,
    pub damage: i32,
}

/// A card's printed statistics; attributes and advantages are bit sets over the attribute
/// names met in the decks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeCard {
    pub id: String,
    pub unit: bool,
    pub hp: i32,
    pub attributes: u32,
    pub advantage: u32,
    pub retreat_cost: u8,
    pub skills: Vec<Skill>,
}

/// The cards of two decks, and the decks as lists of indices into `cards`.
#[derive(Clone, Debug)]
pub struct NativeDecks {
    pub cards: Vec<NativeCard>,
    pub decks: [Vec<u16>; 2],
}

impl NativeDecks {
    /// Converts two decks of a loaded 汎用TCG bundle (vanilla cards: their text is ignored).
    pub fn from_bundle(bundle: &Bundle, decks: [&DeckDef; 2]) -> Result<NativeDecks, String> {
        let db = &bundle.defs.cards;
        let unit_type = bundle.defs.game.card_type("unit");
        let mut attrs: Vec<String> = Vec::new();
        let mut bits = |v: &Value| -> Result<u32, String> {
            let mut out = 0u32;
            for a in v.as_list() {
                let name = a.as_str().ok_or("an attribute is not text")?;
                let i = match attrs.iter().position(|x| x == name) {
                    Some(i) => i,
                    None => {
                        attrs.push(name.to_string());
                        attrs.len() - 1
                    }
                };
                if i >= 32 {
                    return Err("more than 32 attributes".into());
                }
                out |= 1 << i;
            }
            Ok(out)
        };
        let mut cards: Vec<NativeCard> = Vec::new();
        let mut by_def: Vec<(usize, u16)> = Vec::new();
        let mut lists = [Vec::new(), Vec::new()];
        for (p, deck) in decks.iter().enumerate() {
            for &(def, n) in &deck.cards {
                let idx = match by_def.iter().find(|(d, _)| *d == def) {
                    Some(&(_, i)) => i,
                    None => {
                        let c = &db.cards[def];
                        let mut skills = Vec::new();
                        for s in c.field("skills").as_list() {
                            skills.push(Skill {
                                cost: s.get("cost").and_then(Value::as_int).unwrap_or(0) as u8,
                                damage: s.get("damage").and_then(Value::as_int).unwrap_or(0) as i32,
                            });
                        }
                        cards.push(NativeCard {
                            id: c.named.id.clone(),
                            unit: Some(c.card_type) == unit_type,
                            hp: c.int("hp") as i32,
                            attributes: bits(c.field("attributes"))?,
                            advantage: bits(c.field("advantage"))?,
                            retreat_cost: c.int("retreat_cost") as u8,
                            skills,
                        });
                        by_def.push((def, (cards.len() - 1) as u16));
                        (cards.len() - 1) as u16
                    }
                };
                for _ in 0..n {
                    lists[p].push(idx);
                }
            }
        }
        Ok(NativeDecks {
            cards,
            decks: lists,
        })
    }
}

/// How a native game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NativeResult {
    /// The winner (0 = P1), or `None` for a draw.
    pub winner: Option<u8>,
    pub first_player: u8,
    pub turns: u32,
    /// Answers the agents gave.
    pub decisions: u64,
    /// Those answers, hashed in order ([`super::moves_hash`]).
    pub moves: u64,
}

/// A unit in an area, with its energy (905.2), damage (916) and KO state (306.7a).
#[derive(Clone, Debug)]
pub(crate) struct Unit {
    pub card: u16,
    pub damage: i32,
    pub energy: Vec<u16>,
    pub ko: bool,
    /// 303.1: 0 normal, 1 rest, 2 stun (vanilla cards never change it).
    pub orientation: u8,
}

impl Unit {
    pub fn new(card: u16) -> Unit {
        Unit {
            card,
            damage: 0,
            energy: Vec::new(),
            ko: false,
            orientation: 0,
        }
    }
}

/// Where a unit is: the main area or standby area 0..4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pos {
    Main,
    Standby(usize),
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Player {
    /// Bottom first; the last card is the top.
    pub deck: Vec<u16>,
    pub hand: Vec<u16>,
    pub main: Option<Unit>,
    pub standby: [Option<Unit>; 4],
    pub discard: Vec<u16>,
    pub charged: bool,
    pub retreated: bool,
    pub failed_draw: bool,
    pub replacement_failed: bool,
    pub lost: bool,
}

impl Player {
    pub fn unit_mut(&mut self, pos: Pos) -> Option<&mut Unit> {
        match pos {
            Pos::Main => self.main.as_mut(),
            Pos::Standby(s) => self.standby[s].as_mut(),
        }
    }
    /// Non-KO'd units in the area, the main unit first (306.2, 306.7a-3).
    pub fn live_units(&self, out: &mut Vec<Pos>) {
        out.clear();
        if self.main.as_ref().is_some_and(|u| !u.ko) {
            out.push(Pos::Main);
        }
        for s in 0..4 {
            if self.standby[s].as_ref().is_some_and(|u| !u.ko) {
                out.push(Pos::Standby(s));
            }
        }
    }
    /// 904: draws one card; an empty deck marks a failed draw (1002.1).
    pub fn draw(&mut self) -> bool {
        match self.deck.pop() {
            Some(c) => {
                self.hand.push(c);
                true
            }
            None => {
                self.failed_draw = true;
                false
            }
        }
    }
}

/// A native game in progress.
pub(crate) struct NState {
    pub players: [Player; 2],
    pub turn: u32,
    pub tp: usize,
    pub first: usize,
    pub rng: ChaCha8Rng,
    /// `Some(winner)` once over; `Some(None)` is a draw.
    pub outcome: Option<Option<u8>>,
    /// Whether the last rule check did anything (505.3c).
    pub rule_check_acted: bool,
}
