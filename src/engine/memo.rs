//! A cache of the meld search's answers: `deadwood of Z` depends only on the set of cards in
//! `Z` and the game's meld rules, and rummy rules ask it again and again (at the start of every
//! turn, for a knock's label, and in every look-ahead of an AI player). The cache is per thread
//! and never seen by the rules: a hit returns exactly what the search would.

use std::cell::RefCell;
use std::collections::HashMap;

use super::melds;
use crate::check::ir::MeldRules;

/// Answers kept per thread before the cache is emptied and starts again.
const MAX_ENTRIES: usize = 1 << 16;

thread_local! {
    static DEADWOOD: RefCell<HashMap<(u64, u128), Option<i64>>> = RefCell::new(HashMap::new());
}

/// The fewest deadwood points of `cards` under the meld rules of game `game` (an id no other
/// game shares), from the cache when it was asked before; `None` past the search's limit.
pub(crate) fn deadwood(game: u64, rules: &MeldRules, cards: &[u16]) -> Option<i64> {
    let Some(key) = card_set(cards) else { return melds::deadwood(rules, cards).ok() };
    if let Some(hit) = DEADWOOD.with(|m| m.borrow().get(&(game, key)).copied()) {
        return hit;
    }
    let answer = melds::deadwood(rules, cards).ok();
    DEADWOOD.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MAX_ENTRIES {
            m.clear();
        }
        m.insert((game, key), answer);
    });
    answer
}

/// The cards as a set of bits, when every card's number is below 128 and none repeats.
fn card_set(cards: &[u16]) -> Option<u128> {
    let mut set = 0u128;
    for &c in cards {
        let bit = 1u128.checked_shl(c as u32)?;
        if c >= 128 || set & bit != 0 {
            return None;
        }
        set |= bit;
    }
    Some(set)
}
