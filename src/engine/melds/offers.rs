//! The arrangements offered to a player who lays a hand down: each least-deadwood way to meld
//! it, with each distinct reading of its wilds when the readings are kept (`fixed once laid`).
//! Two arrangements are one when they differ only in which wild takes which place: the same
//! melds of the same natural cards, the wilds standing for the same cards, and the same cards
//! left (a wild left counts by its points, whichever it is).

use super::stand_ins::{wild_readings, Reading};
use super::{card, Readings, MAX_ARRANGEMENTS};
use crate::check::ir::MeldRules;

/// A card of a meld or of the cards left, as it tells arrangements apart.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    /// A natural card.
    Natural(u16),
    /// A wild in a meld, by what it stands for.
    Wild(Vec<Option<u16>>),
    /// A wild left over, by its points.
    Left(i64),
}

/// What tells two arrangements apart: each meld (pattern, items), in order, and the cards left.
type Key = (Vec<(u16, Vec<Item>)>, Vec<Item>);

/// The arrangements offered after a search of the least-deadwood ways ([`super::Scratch`]):
/// each a way (its index in the search's list) and the reading of its wilds.
#[derive(Debug, Default)]
pub(super) struct Offers {
    list: Vec<(usize, Reading)>,
}

impl Offers {
    /// Lists the offers for the ways given (each its melds and its deadwood, as sets of the
    /// hand's cards), at most [`MAX_ARRANGEMENTS`], and says how many there are. The ways keep
    /// their order; each way's readings follow it, the engine's own first.
    pub(super) fn fill<'a>(
        &mut self,
        rules: &MeldRules,
        hand: &[u16],
        ways: impl Iterator<Item = (&'a [(usize, u16)], usize)>,
    ) -> usize {
        self.list.clear();
        let mut keys: Vec<Key> = Vec::new();
        let cards_of = |mask: usize| -> Vec<u16> { super::cards_of(hand, mask).collect() };
        for (w, (melds, dead)) in ways.enumerate() {
            // Each meld's readings: all of them when they are kept, else the engine's own.
            let each: Vec<(u16, Vec<u16>, Vec<Reading>)> = melds
                .iter()
                .map(|&(m, p)| {
                    let cards = cards_of(m);
                    let mut r = wild_readings(rules, p, &cards);
                    if !rules.fixed_wilds {
                        r.truncate(1);
                    }
                    (p, cards, r)
                })
                .collect();
            let mut left: Vec<Item> = cards_of(dead)
                .into_iter()
                .map(|c| if card(rules, c).wild { Item::Left(card(rules, c).points) } else { Item::Natural(c) })
                .collect();
            left.sort();
            // Every choice of one reading per meld, the last meld's fastest.
            let mut at = vec![0usize; each.len()];
            loop {
                let mut reading: Reading = Vec::new();
                let mut melds_key: Vec<(u16, Vec<Item>)> = Vec::new();
                for (k, (p, cards, rs)) in each.iter().enumerate() {
                    let r = rs.get(at[k]).map_or(&[][..], Vec::as_slice);
                    let mut items: Vec<Item> = cards
                        .iter()
                        .map(|&c| match r.iter().find(|(w, _)| *w == c) {
                            Some((_, v)) => Item::Wild(v.clone()),
                            None => Item::Natural(c),
                        })
                        .collect();
                    items.sort();
                    melds_key.push((*p, items));
                    reading.extend(r.iter().cloned());
                }
                melds_key.sort();
                let key = (melds_key, left.clone());
                if !keys.contains(&key) {
                    keys.push(key);
                    reading.sort();
                    self.list.push((w, reading));
                    if self.list.len() >= MAX_ARRANGEMENTS {
                        return self.list.len();
                    }
                }
                let mut k = each.len();
                let next = loop {
                    if k == 0 {
                        break false;
                    }
                    k -= 1;
                    at[k] += 1;
                    if at[k] < each[k].2.len() {
                        break true;
                    }
                    at[k] = 0;
                };
                if !next {
                    break;
                }
            }
        }
        self.list.len()
    }

    /// Offer `i`: its way (an index in the search's list).
    pub(super) fn way(&self, i: usize) -> Option<usize> {
        self.list.get(i).map(|o| o.0)
    }

    /// Offer `i`'s reading: each wild of its melds, in increasing order, with what it stands for.
    pub(super) fn reading(&self, i: usize) -> &[(u16, Vec<Option<u16>>)] {
        self.list.get(i).map_or(&[], |o| o.1.as_slice())
    }

    /// Offer `i`'s reading written into `into` (emptied first), each wild tagged `tag`.
    pub(super) fn reading_into(&self, i: usize, tag: u16, into: &mut Readings) {
        into.retain(|_, _| false);
        for (c, v) in self.reading(i) {
            into.push(*c, tag, v);
        }
    }
}
