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
    /// The id as one 32-bit number (what `Game::handle` permutes).
    pub(crate) fn pack(self) -> u32 {
        ((self.incarnation as u32) << 16) | self.card as u32
    }
    pub(crate) fn unpack(v: u32) -> ObjId {
        ObjId {
            card: (v & 0xffff) as u16,
            incarnation: (v >> 16) as u16,
        }
    }
}

/// A zone instance: one concrete zone (e.g. player 2's third standby area).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ZoneId(pub u16);
