//! (issue 43) Where the rules are in a `p may undo { ... }` block: the engine only marks it (the
//! block's statements run as they stand); a session reads the mark to know which decisions a
//! player may take back (`session::undo`). Nothing the game does depends on it.

use super::State;
use crate::check::ir::{Expr, Value};

/// The `may undo` block the rules are in, if any.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Window {
    /// The player whose decisions may be taken back, while a block is open.
    seat: Option<u8>,
    /// How many blocks are open (a procedure called in a block may open another: the outer one
    /// decides whose decisions they are, and the window closes with it).
    depth: u16,
    /// How many blocks have been opened so far in the game: tells one block from the next, so
    /// that a decision is never taken back across the end of the block it was made in.
    opened: u32,
}

impl State {
    /// `MayUndo(Some(p))` opens a block for player `p`; `MayUndo(None)` closes the innermost.
    pub(crate) fn mark_undo(&mut self, who: Option<&Expr>) {
        match who {
            Some(p) => {
                if self.undo.depth == 0 {
                    self.undo.seat = match self.eval(p) {
                        Value::Player(s) => Some(s),
                        _ => None,
                    };
                    self.undo.opened = self.undo.opened.wrapping_add(1);
                }
                self.undo.depth = self.undo.depth.saturating_add(1);
            }
            None => {
                self.undo.depth = self.undo.depth.saturating_sub(1);
                if self.undo.depth == 0 {
                    self.undo.seat = None;
                }
            }
        }
    }

    /// (issue 43) The `may undo` block the rules are in now: the player whose decisions in it
    /// may be taken back, and which block it is (blocks are counted as the game opens them), or
    /// `None` outside any. A session reads it before and after each decision.
    pub fn undo_window(&self) -> Option<(u8, u32)> {
        self.undo.seat.map(|s| (s, self.undo.opened))
    }
}
