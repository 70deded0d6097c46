//! How a meld is shown: its cards in order (a sequence from its lowest position, the wilds where
//! they stand) and what each wild stands for, worked out in lists kept from one meld to the
//! next.

use super::{card, fixed, Readings};
use crate::check::ir::{MeldRule, MeldRules};

/// A meld laid out ([`LaidOut::fill`]): its cards in the order shown, and for each wild what it
/// stands for. The lists are kept for the next meld laid out.
#[derive(Debug, Default)]
pub struct LaidOut {
    /// The cards in the order shown.
    cards: Vec<u16>,
    /// Whether each shown card is a wild.
    wild: Vec<bool>,
    /// What each shown card stands for, `width` values per card (read only for wilds).
    stands: Vec<Option<u16>>,
    /// Values per card: the number of slots of the meld rules.
    width: usize,
    /// Working lists, by card as given: what it stands for, its position in a sequence, and
    /// its fixed value for the rule being read.
    given_stands: Vec<Option<u16>>,
    position: Vec<i64>,
    values: Vec<Option<u16>>,
    /// The cards as given, in the order shown.
    order: Vec<usize>,
}

impl LaidOut {
    /// Lays out `cards`, which must follow `pattern`, the wilds in `read` standing for the card
    /// they were shown as.
    pub fn fill(&mut self, rules: &MeldRules, pattern: u16, cards: &[u16], read: &Readings) {
        let n = cards.len();
        let slots = rules.slots.len();
        self.width = slots;
        self.cards.clear();
        self.wild.clear();
        self.stands.clear();
        let Some(p) = rules.patterns.get(pattern as usize) else {
            self.cards.extend_from_slice(cards);
            self.wild.resize(n, false);
            self.stands.resize(n * slots, None);
            return;
        };
        // What each wild stands for, slot by slot; a slot no rule constrains keeps the wild's own.
        let own = |c: u16, s: usize| match read.get(c) {
            Some(values) => values.get(s).copied().flatten(),
            None => card(rules, c).values.get(s).copied().flatten(),
        };
        let stands = &mut self.given_stands;
        stands.clear();
        stands.extend(cards.iter().flat_map(|&c| (0..slots).map(move |s| own(c, s))));
        // Where each card goes in a sequence, when the pattern has one.
        self.position.clear();
        self.position.resize(n, 0);
        let values = &mut self.values;
        for (slot, rule) in &p.rules {
            let slot = *slot as usize;
            values.clear();
            values.extend(cards.iter().map(|&c| fixed(rules, read, c, slot).ok().flatten()));
            match rule {
                MeldRule::Same => {
                    let v = values.iter().flatten().next().copied().unwrap_or(0);
                    for i in 0..n {
                        stands[i * slots + slot] = Some(v);
                    }
                }
                MeldRule::Different => {
                    let members = rules.slots.get(slot).map_or(0, |s| s.members);
                    let used = |m: &u16| values.iter().flatten().any(|u| u == m);
                    let mut spare = (0..members).filter(|m| !used(m));
                    for (i, v) in values.iter().enumerate() {
                        stands[i * slots + slot] = v.or_else(|| spare.next());
                    }
                }
                MeldRule::Consecutive { rank_of, .. } => {
                    let len = rank_of.iter().flatten().count() as i64;
                    let taken = || values.iter().flatten().filter_map(|&v| rank_of.get(v as usize).copied().flatten());
                    let n = n as i64;
                    // The window of positions: from the lowest fixed one, moved down if it would
                    // run past the end of the order.
                    let start = taken().min().unwrap_or(0).min(len - n).max(0);
                    let mut spare = (start..start + n).filter(|q| !taken().any(|t| t == *q));
                    for (i, v) in values.iter().enumerate() {
                        let pos = match v.and_then(|v| rank_of.get(v as usize).copied().flatten()) {
                            Some(q) => q,
                            None => spare.next().unwrap_or(start),
                        };
                        self.position[i] = pos;
                        stands[i * slots + slot] = rank_of.iter().position(|r| *r == Some(pos)).map(|m| m as u16);
                    }
                }
            }
        }
        // In order of position, the naturals before the wilds; as given among equals.
        self.order.clear();
        self.order.extend(0..n);
        let position = &self.position;
        self.order.sort_unstable_by_key(|&i| (position[i], card(rules, cards[i]).wild, i));
        for &i in &self.order {
            let c = cards[i];
            self.cards.push(c);
            self.wild.push(card(rules, c).wild);
            self.stands.extend_from_slice(&stands[i * slots..(i + 1) * slots]);
        }
    }

    /// How many cards the meld has.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the meld has no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The meld's `i`-th card in the order shown, and for a wild what it stands for (an enum
    /// member per slot of the meld rules).
    pub fn get(&self, i: usize) -> (u16, Option<&[Option<u16>]>) {
        let c = self.cards[i];
        let stands = self.wild[i].then(|| &self.stands[i * self.width..(i + 1) * self.width]);
        (c, stands)
    }

    /// The meld's cards in the order shown, each with what it stands for when it is a wild.
    pub fn iter(&self) -> impl Iterator<Item = (u16, Option<&[Option<u16>]>)> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
}
