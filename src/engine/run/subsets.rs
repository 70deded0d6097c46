//! Sets of cards: the subsets of a zone's cards that `subsets of Z` and `for each subset` go
//! over, and reading the cards of such a set (`Value::Cards`, `Value::Listed`).
//!
//! A set is a bit mask over a list of cards (a zone from the bottom, or a loop's scratch list).
//! Sets come smaller first; among sets of one size, the ones with cards nearer the top first
//! (with cards a b c d from the top, the pairs are ab, ac, ad, bc, bd, cd).

use crate::check::ir::Value;
use crate::engine::state::State;
use std::borrow::Cow;

/// The most cards a set is taken from: a larger zone gives sets of its top 64 cards.
pub(crate) const MAX_CARDS: usize = crate::check::ir::MAX_SUBSET_CARDS;

/// A mask of the lowest `n` bits (`n` at most 64).
pub(crate) fn low_bits(n: u32) -> u64 {
    1u64.checked_shl(n).map_or(u64::MAX, |b| b - 1)
}

/// The first set of `size` of `m` cards: the top `size` (the highest bits).
fn first_of_size(size: u32, m: u32) -> u64 {
    low_bits(size).checked_shl(m - size).unwrap_or(0)
}

/// The set after `x` among the sets of `m` cards of its size (the next lower mask with as many
/// bits), if there is one.
fn after_same_size(x: u64, m: u32) -> Option<u64> {
    let full = low_bits(m);
    // Going down through the sets is going up through their complements.
    let y = !x & full;
    if y == 0 {
        return None;
    }
    let c = y & y.wrapping_neg();
    let r = y.checked_add(c)?;
    let next = (((r ^ y) >> 2) / c) | r;
    (next <= full).then_some(!next & full)
}

/// The set after `prev` (the first set when `None`) of `m` cards, with `lo` to `hi` cards.
pub(crate) fn next_subset(prev: Option<u64>, lo: i64, hi: i64, m: u32) -> Option<u64> {
    let hi = hi.min(m as i64);
    let size = match prev {
        None => lo.max(0),
        Some(x) => match after_same_size(x, m) {
            Some(y) => return Some(y),
            None => x.count_ones() as i64 + 1,
        },
    };
    (size <= hi).then(|| first_of_size(size as u32, m))
}

/// Calls `f` with each set of `lo` to `hi` of the cards `avail` picks (as a mask over the
/// whole list), in order, until `f` says stop (`false`).
#[inline]
pub(crate) fn for_each_subset(avail: u64, lo: i64, hi: i64, mut f: impl FnMut(u64) -> bool) {
    let m = avail.count_ones();
    let mut at = next_subset(None, lo, hi, m);
    while let Some(x) = at {
        if !f(deposit(x, avail)) {
            return;
        }
        at = next_subset(Some(x), lo, hi, m);
    }
}

/// Spreads the low bits of `bits` over the set bits of `avail`, lowest first (what the `pdep`
/// instruction does): a set of the cards `avail` picks, as a mask over the whole list.
pub(crate) fn deposit(mut bits: u64, mut avail: u64) -> u64 {
    let mut out = 0;
    while avail != 0 && bits != 0 {
        let low = avail & avail.wrapping_neg();
        if bits & 1 != 0 {
            out |= low;
        }
        bits >>= 1;
        avail &= avail - 1;
    }
    out
}

/// The cards of a list that a mask picks, top (highest bit) first.
pub(crate) fn picked_top_first(cards: &[u16], mut mask: u64) -> impl Iterator<Item = u16> + '_ {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = 63 - mask.leading_zeros();
        mask &= !(1u64 << i);
        cards.get(i as usize).copied()
    })
}

/// The same kind of set as `v` (of the same zone or list), picking `mask`.
pub(crate) fn with_mask(v: Value, mask: u64) -> Value {
    match v {
        Value::Zone(z) | Value::Cards(z, _) => Value::Cards(z, mask),
        Value::Listed(b, _) => Value::Listed(b, mask),
        Value::Joined(zones, _) => Value::Joined(zones, mask),
        other => other,
    }
}

impl State {
    /// The list a value's cards are picked from (bottom first) and the mask that picks them: a
    /// zone (its top 64 cards), or a set from `subsets of`. `None` for anything else.
    pub(crate) fn picked(&self, v: Value) -> Option<(Cow<'_, [u16]>, u64)> {
        match v {
            Value::Zone(z) | Value::Cards(z, _) => {
                let cards = self.zones.get(z as usize)?;
                let top = &cards[cards.len().saturating_sub(MAX_CARDS)..];
                let all = low_bits(top.len() as u32);
                Some((Cow::Borrowed(top), if let Value::Cards(_, m) = v { m & all } else { all }))
            }
            Value::Listed(b, m) => {
                let list = self.scratch.get(b as usize..)?;
                Some((Cow::Borrowed(list), m & low_bits(list.len().min(MAX_CARDS) as u32)))
            }
            // issue 43: zones read as one, listed afresh (see run/joined.rs).
            Value::Joined(zones, m) => {
                let mut list = self.joined_list(zones);
                list.drain(..list.len().saturating_sub(MAX_CARDS));
                let all = low_bits(list.len() as u32);
                Some((Cow::Owned(list), m & all))
            }
            _ => None,
        }
    }

    /// The cards of a set (`Value::Cards`, `Value::Listed`) read as a zone is: how many, the top
    /// or bottom one, the k-th from the top. `None` for a value that holds no cards.
    pub(crate) fn count_picked(&self, v: Value) -> Value {
        self.picked(v).map_or(Value::None, |(_, m)| Value::Int(m.count_ones() as i64))
    }

    /// The k-th card (from 1) of a set from the top, or from the bottom.
    pub(crate) fn card_of_picked(&self, v: Value, k: i64, from_top: bool) -> Value {
        let Some((cards, mask)) = self.picked(v) else { return Value::None };
        let Ok(k) = usize::try_from(k) else { return Value::None };
        let n = mask.count_ones() as usize;
        if k == 0 || k > n {
            return Value::None;
        }
        let k = if from_top { k } else { n + 1 - k };
        let found = picked_top_first(&cards, mask).nth(k - 1);
        found.map_or(Value::None, Value::Card)
    }

    /// Copies a value's cards (a zone's, or a set's) to the end of the scratch list, bottom
    /// first; returns how many.
    pub(crate) fn push_picked(&mut self, v: Value) -> usize {
        let Some((cards, mask)) = self.picked(v) else { return 0 };
        let mut got = [0u16; MAX_CARDS];
        let mut n = 0;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(&c) = cards.get(i) {
                got[n] = c;
                n += 1;
            }
        }
        self.scratch.extend_from_slice(&got[..n]);
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(lo: i64, hi: i64, m: u32) -> Vec<u64> {
        let mut out = Vec::new();
        let mut at = next_subset(None, lo, hi, m);
        while let Some(x) = at {
            out.push(x);
            at = next_subset(Some(x), lo, hi, m);
        }
        out
    }

    #[test]
    fn pairs_of_four_come_top_first() {
        // Bit 3 is the top card: ab, ac, ad, bc, bd, cd.
        assert_eq!(all(2, 2, 4), vec![0b1100, 0b1010, 0b1001, 0b0110, 0b0101, 0b0011]);
    }

    #[test]
    fn sizes_go_up_and_are_kept_to_the_cards() {
        assert_eq!(all(0, 9, 2), vec![0b00, 0b10, 0b01, 0b11]);
        assert_eq!(all(3, 2, 5), Vec::<u64>::new());
        assert_eq!(all(-4, 0, 3), vec![0]);
    }

    #[test]
    fn counts_are_binomial() {
        assert_eq!(all(5, 5, 7).len(), 21);
        assert_eq!(all(1, 64, 10).len(), 1023);
        assert_eq!(all(64, 64, 64), vec![u64::MAX]);
        assert_eq!(all(63, 63, 64).len(), 64);
    }

    #[test]
    fn deposit_spreads_over_the_set_bits() {
        assert_eq!(deposit(0b101, 0b1011_0000), 0b1000_0000 | 0b0001_0000);
        assert_eq!(deposit(0b11, 0), 0);
    }
}
