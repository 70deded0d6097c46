//! The reference's reading of zones read as one (`hole of p + board`, issue 43): the cards a
//! person would read going along the zones as written, each from its top, the first 64 kept.
//! Written from the language's description, not from the engine's list.

use super::{Reference, Scope};
use crate::check::ir::*;

/// A part of a joined value that names no zone.
const NO_ZONE: u16 = u16::MAX;

impl Reference<'_> {
    /// `a + b + c`: the zones the parts name, a part that names none (or a zone already named)
    /// left out, every card taken.
    pub(super) fn joined(&self, parts: &[Expr], s: Scope) -> Value {
        let mut zones = [NO_ZONE; 3];
        let mut seen: Vec<u16> = Vec::new();
        for (i, p) in parts.iter().enumerate().take(3) {
            if let Value::Zone(z) = self.ev(p, s) {
                if !seen.contains(&z) {
                    seen.push(z);
                    zones[i] = z;
                }
            }
        }
        Value::Joined(zones, u64::MAX)
    }

    /// The cards of joined zones as a set reads them: the list bottom first (so that its last
    /// card is the first zone's top card) and the mask that picks the set's cards from it.
    pub(super) fn joined_set(&self, zones: [u16; 3], mask: u64) -> (Vec<u16>, u64) {
        // Top first: the first zone from its top down, then the next.
        let mut top_first: Vec<u16> = Vec::new();
        for z in zones {
            if z == NO_ZONE {
                continue;
            }
            if let Some(cards) = self.table.zones.get(z as usize) {
                for i in (0..cards.len()).rev() {
                    top_first.push(cards[i]);
                }
            }
        }
        top_first.truncate(super::SET_CARDS);
        top_first.reverse();
        let n = top_first.len();
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        (top_first, mask & all)
    }

    /// The zones of a joined value that are zones, in the order written: where a choice over
    /// them finds its cards, zone by zone.
    pub(super) fn joined_zones(&self, zones: [u16; 3]) -> Vec<u16> {
        zones.into_iter().filter(|&z| z != NO_ZONE && (z as usize) < self.table.zones.len()).collect()
    }
}
