//! Identifiers for players, objects and zone instances.
use serde::{Deserialize, Serialize};

/// A player seat, 0-based (player 1 is seat 0). Scripts see 1-based numbers.
pub type PlayerId = u8;

/// A physical card of the game: an index into [`crate::State::objects`].
pub type CardIdx = u16;

/// One object: a physical card in one incarnation.
///
/// 302.3: a card that moves between zones becomes a new object, except where the game
/// declares the move identity-keeping (area → area). Every new object bumps `incarnation`,
/// so effects and references to the old object stop matching it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ObjId {
    pub card: CardIdx,
    pub incarnation: u16,
}

impl ObjId {
    /// Packs the id into one integer for scripts (an opaque handle).
    pub fn to_handle(self) -> i64 {
        ((self.incarnation as i64) << 16) | self.card as i64
    }
    pub fn from_handle(h: i64) -> Option<ObjId> {
        if !(0..(1i64 << 32)).contains(&h) {
            return None;
        }
        Some(ObjId {
            card: (h & 0xffff) as u16,
            incarnation: (h >> 16) as u16,
        })
    }
}

/// A zone instance: one concrete zone (e.g. player 2's third standby area).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ZoneId(pub u16);
