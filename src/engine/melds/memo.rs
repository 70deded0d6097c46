//! A cache of the meld search's answers: `deadwood of Z` depends only on the set of cards in
//! `Z` and the game's meld rules, and rummy rules ask it again and again (at the start of every
//! turn, for a knock's label, and in every look-ahead of an AI player). The cache is per thread
//! and never seen by the rules: a hit returns exactly what the search would.
//!
//! Two levels: the answers by exact set of cards, and the melds of the last few hands searched
//! ([`HandMelds`]). Rules often ask of a hand less one card (`deadwood of hand without c` for
//! each `c`, or the hand after each possible discard): the melds of such a part are the
//! hand's melds within it, so the answer comes from the hand's search without a new one. A
//! hand one card away from a kept hand (a card drawn, perhaps in the place of one discarded) is
//! not searched whole: the kept hand is changed by that card ([`HandMelds::replace`]).

use std::cell::RefCell;

use crate::check::ir::MeldRules;
use crate::engine::melds::{self, HandMelds};

/// Answers kept per thread before the cache is emptied and starts again.
const MAX_ENTRIES: usize = 1 << 16;

/// Hands whose melds are kept per thread, the most recently used first.
const MAX_HANDS: usize = 4;

/// A hand whose melds are kept: the game, its set of cards, the cards in the order searched.
struct Kept {
    game: u64,
    set: u128,
    cards: Vec<u16>,
    melds: HandMelds,
}

thread_local! {
    static DEADWOOD: RefCell<foldhash::HashMap<(u64, u128), Option<i64>>> = RefCell::new(foldhash::HashMap::default());
    /// Boxed, so that putting the most recently used first moves pointers, not the kept lists.
    #[allow(clippy::vec_box)]
    static HANDS: RefCell<Vec<Box<Kept>>> = const { RefCell::new(Vec::new()) };
}

/// The fewest deadwood points of `cards` under the meld rules of game `game` (an id no other
/// game shares), from the cache when it was asked before; `None` past the search's limit.
pub(crate) fn deadwood(game: u64, rules: &MeldRules, cards: &[u16]) -> Option<i64> {
    let Some(key) = card_set(cards) else { return melds::deadwood(rules, cards).ok() };
    if let Some(hit) = DEADWOOD.with(|m| m.borrow().get(&(game, key)).copied()) {
        return hit;
    }
    let answer = from_kept_hand(game, rules, key, cards);
    DEADWOOD.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MAX_ENTRIES {
            m.clear();
        }
        m.insert((game, key), answer);
    });
    answer
}

/// The answer for the set `key` (the cards `cards`) from a kept hand that holds them all, from
/// a kept hand changed by the one card it lacks, or from a new search of `cards`, which is then
/// kept.
fn from_kept_hand(game: u64, rules: &MeldRules, key: u128, cards: &[u16]) -> Option<i64> {
    HANDS.with(|hands| {
        let mut hands = hands.borrow_mut();
        let found = hands.iter().position(|h| h.game == game && key & !h.set == 0);
        // Else a kept hand one card away (a card drawn, perhaps in the place of one discarded):
        // only the melds that hold the new card are listed.
        let near = || {
            hands.iter().position(|h| {
                let (new, gone) = (key & !h.set, h.set & !key);
                h.game == game
                    && new.count_ones() == 1
                    && (gone.count_ones() == 1 || gone == 0 && h.cards.len() < melds::MAX_MELD_CARDS)
            })
        };
        let i = match (found, found.is_none().then(near).flatten()) {
            (Some(i), _) => i,
            (None, Some(i)) => {
                let kept = &mut hands[i];
                let new = (key & !kept.set).trailing_zeros() as u16;
                let gone = kept.set & !key;
                let at = kept.cards.iter().position(|&c| gone >> c & 1 == 1).unwrap_or(kept.cards.len());
                match kept.cards.get_mut(at) {
                    Some(c) => *c = new,
                    None => kept.cards.push(new),
                }
                kept.set = key;
                // Within the search's limit (checked above), so this cannot fail; were it to,
                // the hand is forgotten rather than kept wrong, and searched on its own.
                if kept.melds.replace(rules, &kept.cards, at).is_err() {
                    hands.remove(i);
                    return melds::deadwood(rules, cards).ok();
                }
                i
            }
            // The least recently used hand, once there are enough, is searched again in place,
            // its memory reused.
            (None, None) if hands.len() >= MAX_HANDS => {
                let last = hands.len() - 1;
                let kept = &mut hands[last];
                // Past the search's limit nothing is changed.
                kept.melds.refill(rules, cards).ok()?;
                (kept.game, kept.set) = (game, key);
                kept.cards.clear();
                kept.cards.extend_from_slice(cards);
                last
            }
            (None, None) => {
                let melds = HandMelds::new(rules, cards).ok()?;
                hands.push(Box::new(Kept { game, set: key, cards: cards.to_vec(), melds }));
                hands.len() - 1
            }
        };
        // The most recently used first.
        hands[..=i].rotate_right(1);
        let kept = &mut hands[0];
        let mask = kept.cards.iter().enumerate().filter(|(_, &c)| key >> c & 1 == 1).fold(0, |m, (i, _)| m | 1 << i);
        Some(kept.melds.deadwood(mask))
    })
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
