//! Card handles: the integers scripts, expressions, events and views name objects by. A handle
//! is a keyed permutation of the object id (physical card, incarnation), the key drawn from the
//! game's seed, so it tells a script nothing about which physical card — and so which card of
//! a known deck list — a hidden card is. With `Game::shuffle` making new objects of a hidden
//! zone's cards, a handle seen before a shuffle does not find its card after it (303.3).
use crate::game::Game;
use crate::ids::ObjId;

const ROUNDS: u64 = 4;

fn mix(mut z: u64) -> u64 {
    // splitmix64's finalizer.
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn round(key: u64, r: u64, half: u16) -> u16 {
    (mix(key ^ (r << 32) ^ half as u64) >> 48) as u16
}

/// The permutation's key for a game started from `seed`.
pub fn key_of(seed: u64) -> u64 {
    mix(seed ^ 0x6861_6e64_6c65)
}

/// A four-round Feistel network on 32 bits: a bijection, so every handle names one object id.
pub fn encode(key: u64, v: u32) -> u32 {
    let (mut l, mut r) = ((v >> 16) as u16, v as u16);
    for i in 0..ROUNDS {
        let t = l ^ round(key, i, r);
        l = r;
        r = t;
    }
    ((l as u32) << 16) | r as u32
}

pub fn decode(key: u64, v: u32) -> u32 {
    let (mut l, mut r) = ((v >> 16) as u16, v as u16);
    for i in (0..ROUNDS).rev() {
        let t = r ^ round(key, i, l);
        r = l;
        l = t;
    }
    ((l as u32) << 16) | r as u32
}

impl Game {
    /// The handle scripts and views know `id` by.
    pub fn handle(&self, id: ObjId) -> i64 {
        encode(key_of(self.st.seed), id.pack()) as i64
    }

    /// The object id a handle names (None: not a handle). The object may no longer exist.
    pub fn handle_id(&self, h: i64) -> Option<ObjId> {
        let v = u32::try_from(h).ok()?;
        Some(ObjId::unpack(decode(key_of(self.st.seed), v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_a_bijection() {
        for key in [0, 1, key_of(42)] {
            for v in [0u32, 1, 0xffff, 0x1_0000, 0x1234_5678, u32::MAX] {
                assert_eq!(decode(key, encode(key, v)), v);
            }
        }
        // Neighbouring ids get unrelated handles.
        let k = key_of(7);
        assert_ne!(encode(k, 1).wrapping_sub(encode(k, 0)), 1);
    }

    const GOLDEN_KEY0: u64 = 0x1985_02d3_450a_c5d7;
    const GOLDEN_KEY42: u64 = 0x064b_fccc_e4e7_9575;
    const GOLDEN_HANDLES: [u32; 4] = [0x9c3f_87e9, 0x5369_34e9, 0xbf3a_af5b, 0x49c6_18da];

    /// A save keeps the handles its scripts stored (variables, events): the permutation must
    /// stay the same from one build to the next, so a few of its values are pinned.
    #[test]
    fn the_permutation_is_stable_across_builds() {
        assert_eq!(key_of(0), GOLDEN_KEY0);
        assert_eq!(key_of(42), GOLDEN_KEY42);
        let got: Vec<u32> = [0u32, 1, 0x0001_0000, 0x0002_0037]
            .iter()
            .map(|&v| encode(key_of(42), v))
            .collect();
        assert_eq!(got, GOLDEN_HANDLES);
    }

    /// Every object of a game has a handle that names it back, and no handle is the id itself.
    #[test]
    fn a_games_handles_name_their_objects() {
        let g = crate::testing::generic_tcg();
        let ids: Vec<ObjId> = (0..4u16)
            .flat_map(|card| (0..2u16).map(move |incarnation| ObjId { card, incarnation }))
            .collect();
        let handles: Vec<i64> = ids.iter().map(|&id| g.handle(id)).collect();
        for (&id, &h) in ids.iter().zip(&handles) {
            assert_eq!(g.handle_id(h), Some(id));
            assert!(h >= 0 && h <= u32::MAX as i64);
        }
        let mut distinct = handles.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), handles.len());
        assert_eq!(g.handle_id(-1), None, "not a handle");
        assert_eq!(g.handle_id(1 << 40), None, "not a handle");
    }
}
