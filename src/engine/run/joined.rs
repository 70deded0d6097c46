//! Zones read as one (issue 43): `hole of p + board` is a [`Value::Joined`], the cards of up to
//! three zones in one list for aggregates, `subsets of`, hand ranking, `for each card` and a
//! choice's domain. The list is the last zone's cards bottom first, then the one before it, and
//! the first zone's on top: read from the top, the first zone's cards come first, each zone in its
//! own order (top first). Only the top 64 cards of the list are read, as for a set of one zone.

use crate::check::ir::{Expr, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::State;

/// The mark of a part that is no zone (a part whose value was `none`).
pub(crate) const NO_ZONE: u16 = u16::MAX;

/// The zones of a joined value that are zones, in the order written.
pub(crate) fn parts(zones: [u16; 3]) -> impl Iterator<Item = u16> {
    zones.into_iter().filter(|&z| z != NO_ZONE)
}

impl State {
    /// The value of `a + b + c` over zones: the zones the parts name (a part that names no zone,
    /// or a zone named before, is left out), every card picked.
    pub(crate) fn joined_value(&self, exprs: &[Expr], b: &Binds) -> Value {
        let mut zones = [NO_ZONE; 3];
        for (i, e) in exprs.iter().enumerate().take(3) {
            if let Value::Zone(z) = self.eval_in(e, b) {
                if !zones[..i].contains(&z) {
                    zones[i] = z;
                }
            }
        }
        Value::Joined(zones, u64::MAX)
    }

    /// The whole list of a joined value's cards (see the module's note), before the top 64 are
    /// kept.
    pub(crate) fn joined_list(&self, zones: [u16; 3]) -> Vec<u16> {
        let mut list = Vec::new();
        for z in zones.into_iter().rev().filter(|&z| z != NO_ZONE) {
            if let Some(cards) = self.zones.get(z as usize) {
                list.extend_from_slice(cards);
            }
        }
        list
    }
}
