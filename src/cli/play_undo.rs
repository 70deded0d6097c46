//! (issue 43) `play`'s undo: a person who answers `u` at a prompt, when the rules let them take
//! back their last decision (`p may undo { ... }`), has it taken back by the session; the table
//! is then shown again and they are asked anew.

use std::sync::atomic::Ordering;

use super::say;
use crate::agents::human::UndoAsk;
use crate::session::Session;

/// Whether the person at `seat` asked to take back their last decision; if so, it is taken back
/// (or why not is said) and the question must be asked again.
pub(super) fn asked(ask: &UndoAsk, session: &mut Session, seat: u8) -> bool {
    if !ask.asked.swap(false, Ordering::Relaxed) {
        return false;
    }
    if let Err(e) = session.undo(seat, session.step()) {
        say(&format!("cannot take it back: {e}"));
    }
    true
}
