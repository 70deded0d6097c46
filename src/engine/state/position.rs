//! `remember position` and `position seen before`: a game keeps positions (where every card
//! lies, in what order, which way up) and asks whether the cards lie as they did, to end a game
//! that goes round in circles. Counters are not part of a position: a score that keeps growing
//! would make every position new. A position is kept as a 64-bit hash of the table (FNV-1a,
//! the same on every machine), so two different positions are taken for one with a chance of
//! about one in 10^19 per pair.

use std::sync::Arc;

use super::State;

impl State {
    /// The hash of the position: every zone's cards in order, and every card's facing.
    fn position_hash(&self) -> u64 {
        const PRIME: u64 = 0x100_0000_01b3;
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut add = |x: u64| {
            for b in x.to_le_bytes() {
                h = (h ^ b as u64).wrapping_mul(PRIME);
            }
        };
        for cards in &self.zones {
            add(cards.len() as u64);
            for &c in cards {
                add(c as u64 | (self.face_up[c as usize] as u64) << 16);
            }
        }
        h
    }

    /// Keeps the position for [`State::position_seen`].
    pub(crate) fn remember_position(&mut self) {
        let h = self.position_hash();
        if let Err(at) = self.positions.binary_search(&h) {
            Arc::make_mut(&mut self.positions).insert(at, h);
        }
    }

    /// Whether the cards lie as they did at a `remember position`.
    pub(crate) fn position_seen(&self) -> bool {
        !self.positions.is_empty() && self.positions.binary_search(&self.position_hash()).is_ok()
    }
}
