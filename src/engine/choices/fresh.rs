//! `chooses one of, never repeating a position`: a menu whose candidates may not bring the
//! cards back to a position the game has stood in. Each time such a menu is offered, the
//! position is kept (as `remember position` keeps it); then each candidate is played on a copy
//! of the state, up to the next decision or the end, and dropped when the cards lie there as in
//! a kept position. A copy's own menus of this kind offer every candidate and keep nothing, so
//! the look goes one move deep. A candidate that ends the game is always offered.

use std::sync::{Arc, OnceLock};

use super::menu::MenuList;
use crate::check::ir::MenuBranch;
use crate::engine::state::{Action, Pending, State};

impl State {
    /// Drops the candidates of the menu just opened that would repeat a position, after keeping
    /// the position it is offered in; whether any is left. With none left, nothing is pending.
    pub(crate) fn drop_repeats(&mut self, player: u8, branches: &[MenuBranch]) -> bool {
        self.pending = Pending::One { player };
        if self.looking_ahead {
            return true;
        }
        self.remember_position();
        let list = Arc::clone(self.pending_tuples(branches));
        // A choice of several cards offered card by card is offered as it is: its candidates
        // are the cards picked one at a time, not moves that can be played ahead.
        if list.steps.is_some() {
            return true;
        }
        let mut ahead = self.clone();
        ahead.looking_ahead = true;
        let mut kept = Vec::with_capacity(list.tuples.len());
        for (i, entry) in list.tuples.iter().enumerate() {
            ahead.clone_from(self);
            ahead.looking_ahead = true;
            let repeats = match ahead.apply(player, Action(i as u32)) {
                Ok(()) => ahead.outcome.is_none() && ahead.position_seen(),
                Err(_) => false,
            };
            if !repeats {
                kept.push(*entry);
            }
        }
        if kept.is_empty() {
            self.pending = Pending::None;
            self.menu = OnceLock::new();
            return false;
        }
        if kept.len() < list.tuples.len() {
            let list = MenuList { tuples: kept, too_big: false, steps: None, spare_steps: Vec::new() };
            self.menu = OnceLock::from(Arc::new(list));
        }
        true
    }
}
