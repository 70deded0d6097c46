//! Zones `seen by others` (issue 43): a hand held facing out, which everyone but its owner sees.
//! Its owner chooses among its cards blind, so the commentary does not name the chosen card to
//! them before it comes into their sight; nor is a card picked blind from any other zone.

use crate::check::ir::Value;
use crate::engine::state::State;

/// Whether `value` is a card that `viewer` cannot see where it lies now: a card picked blind
/// from a zone of any kind (another player's private hand, a face-down pile, their own hand
/// held facing out), which the line of the pick must not name to the picker (issue 43).
pub(crate) fn unseen_pick(state: &State, viewer: u8, value: Value) -> bool {
    let Value::Card(card) = value else { return false };
    state.find_card(card).is_some_and(|(zone, at)| !state.can_see(viewer, zone, at))
}
