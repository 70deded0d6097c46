//! The reference's plain reading of an open moment (issue 43, `any player p may`): what one
//! player is offered is "no claim", then every claim of every branch read as a menu's candidates
//! (menus.rs) with the player's name holding that player.

use super::Reference;
use crate::check::ir::{MenuBranch, Value};

impl Reference<'_> {
    /// The labels `player` is offered at an open moment whose player's name is local
    /// `player_slot`: "no claim", then each claim in order (up to `most` claims).
    pub fn claim_labels(&mut self, player_slot: u16, branches: &[MenuBranch], player: u8, most: usize) -> Vec<String> {
        let slot = player_slot as usize;
        if self.table.locals.len() <= slot {
            self.table.locals.resize(slot + 1, Value::None);
        }
        self.table.locals[slot] = Value::Player(player);
        let mut out = vec!["no claim".to_string()];
        // Each player asked has a menu of their own: identical cards are one claim only where
        // every seat sees them (no seat's number stands for "every seat").
        out.extend(self.menu_labels_for(Some(u8::MAX), branches, most));
        out
    }
}
