//! Zones `seen by others` (issue 43): a hand held facing out, which everyone but its owner sees.
//! Its owner chooses among its cards blind, so the commentary does not name the chosen card to
//! them before it comes into their sight.

use crate::check::ir::{Value, Visibility};
use crate::engine::state::State;

/// Whether `value` is a card that lies in a zone `seen by others` where `viewer` cannot see it.
pub(crate) fn unseen_own_card(state: &State, viewer: u8, value: Value) -> bool {
    let Value::Card(card) = value else { return false };
    let Some((zone, at)) = state.find_card(card) else { return false };
    state.game().program.zones[zone as usize].visibility == Visibility::Others && !state.can_see(viewer, zone, at)
}
