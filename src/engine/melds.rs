//! The meld search of rummy games: which cards of a hand form melds under a `melds`
//! declaration, arranged to leave the fewest deadwood points, and which cards can be laid off
//! onto melds already on the table.
//!
//! The search is exact. It lists every subset of the hand that is a meld (a hand of `n` cards
//! has `2^n` subsets, so hands are limited to [`MAX_MELD_CARDS`]), then finds the best way to
//! pick disjoint melds by dynamic programming over subsets, the lowest card of a subset being
//! either deadwood or in one of the melds that hold it. Lay-offs add one step per melds on the
//! table: the subset of the hand laid off onto it, chosen jointly with the hand's own melds.
//!
//! Whether a set of cards is a meld does not need the wilds' values to be tried one by one:
//! each rule of a pattern constrains one property, and a wild's value for one property does
//! not limit its value for another, so a pattern holds when each of its rules can be met on
//! its own.

use crate::check::ir::{MeldCard, MeldPattern, MeldRule, MeldRules};

/// The most cards a hand (and a meld on the table) may have for the search.
pub const MAX_MELD_CARDS: usize = 16;

/// One meld of an arrangement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meld {
    /// The pattern it follows (an index in [`MeldRules::patterns`]).
    pub pattern: u16,
    /// Its cards, as given in the hand.
    pub cards: Vec<u16>,
}

/// Cards of the hand laid off onto one meld on the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayOff {
    /// Which of the melds on the table (an index in the `table` given to [`arrange`]).
    pub target: usize,
    pub cards: Vec<u16>,
}

/// The best arrangement of a hand.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Arrangement {
    /// The hand's own melds.
    pub melds: Vec<Meld>,
    /// The cards laid off onto melds on the table.
    pub lay_offs: Vec<LayOff>,
    /// The cards left over, in hand order.
    pub deadwood: Vec<u16>,
    /// The points of the deadwood.
    pub points: i64,
}

/// Why the search could not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeldError {
    /// A hand, or a meld on the table, of more than [`MAX_MELD_CARDS`] cards.
    TooManyCards(usize),
}

/// The fewest deadwood points `hand` can be left with.
pub fn deadwood(rules: &MeldRules, hand: &[u16]) -> Result<i64, MeldError> {
    arrange(rules, hand, &[]).map(|a| a.points)
}

/// The pattern that `cards` follow as one meld (the first that fits), if any.
pub fn pattern_of(rules: &MeldRules, cards: &[u16]) -> Option<u16> {
    if cards.len() > 2 * MAX_MELD_CARDS {
        return None;
    }
    rules.patterns.iter().position(|p| fits(rules, p, cards)).map(|i| i as u16)
}

/// Score of a partial arrangement: points taken out of the deadwood, then cards taken out
/// (so of two arrangements with equal deadwood, the one that melds more cards is preferred).
type Score = (i64, u32);

/// The arrangement of `hand` that leaves the fewest deadwood points, laying off onto the melds
/// in `table` where that helps. Among arrangements as good, the search keeps the first it
/// finds (cards earlier in `hand` first), so the answer depends only on the input.
pub fn arrange(rules: &MeldRules, hand: &[u16], table: &[Vec<u16>]) -> Result<Arrangement, MeldError> {
    let n = hand.len();
    if n > MAX_MELD_CARDS {
        return Err(MeldError::TooManyCards(n));
    }
    if let Some(t) = table.iter().find(|t| t.len() > MAX_MELD_CARDS) {
        return Err(MeldError::TooManyCards(t.len()));
    }
    let full: usize = (1 << n) - 1;
    let points: Vec<i64> = hand.iter().map(|&c| card(rules, c).points).collect();
    // The points of every subset.
    let mut pts = vec![0i64; full + 1];
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        pts[mask] = pts[mask & (mask - 1)] + points[low];
    }
    let (min, max) = sizes(rules);
    let mut scratch: Vec<u16> = Vec::with_capacity(2 * MAX_MELD_CARDS);

    // Every meld in the hand, listed under its lowest card.
    let mut by_low: Vec<Vec<(usize, u16)>> = vec![Vec::new(); n];
    for mask in 1..=full {
        let k = mask.count_ones() as usize;
        if k < min || k > max {
            continue;
        }
        scratch.clear();
        scratch.extend(cards_of(hand, mask));
        if let Some(p) = pattern_of(rules, &scratch) {
            by_low[mask.trailing_zeros() as usize].push((mask, p));
        }
    }

    // best[mask]: the most that melds alone can take out of the cards in `mask`.
    let mut best: Vec<Score> = vec![(0, 0); full + 1];
    let mut pick: Vec<u32> = vec![u32::MAX; full + 1];
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        let mut top = best[mask & (mask - 1)];
        let mut choice = u32::MAX;
        for (i, &(m, _)) in by_low[low].iter().enumerate() {
            if m & mask == m {
                let rest = best[mask ^ m];
                let s = (rest.0 + pts[m], rest.1 + m.count_ones());
                if s > top {
                    top = s;
                    choice = i as u32;
                }
            }
        }
        best[mask] = top;
        pick[mask] = choice;
    }

    // Lay-offs: for each meld on the table, the subsets of the hand it can take, and then
    // layer[j][mask], the most that lay-offs onto melds j.. and the hand's own melds can take
    // out of `mask`. Filled from the last meld on the table back to the first.
    let mut fits_on: Vec<Vec<usize>> = Vec::with_capacity(table.len());
    for t in table {
        let mut list = Vec::new();
        for mask in 1..=full {
            scratch.clear();
            scratch.extend_from_slice(t);
            scratch.extend(cards_of(hand, mask));
            if pattern_of(rules, &scratch).is_some() {
                list.push(mask);
            }
        }
        fits_on.push(list);
    }
    let mut layers: Vec<(Vec<Score>, Vec<usize>)> = Vec::with_capacity(table.len());
    for j in (0..table.len()).rev() {
        let next: &Vec<Score> = layers.last().map_or(&best, |l| &l.0);
        let mut layer = next.clone();
        let mut chosen = vec![0usize; full + 1];
        for mask in 1..=full {
            for &s in &fits_on[j] {
                if s & mask == s {
                    let rest = next[mask ^ s];
                    let v = (rest.0 + pts[s], rest.1 + s.count_ones());
                    if v > layer[mask] {
                        layer[mask] = v;
                        chosen[mask] = s;
                    }
                }
            }
        }
        layers.push((layer, chosen));
    }
    layers.reverse();

    // Walk the choices back from the whole hand.
    let mut out = Arrangement::default();
    let mut mask = full;
    for (j, (_, chosen)) in layers.iter().enumerate() {
        let s = chosen[mask];
        if s != 0 {
            out.lay_offs.push(LayOff { target: j, cards: cards_of(hand, s).collect() });
            mask ^= s;
        }
    }
    let mut left = 0usize;
    while mask != 0 {
        let low = mask.trailing_zeros() as usize;
        match pick[mask] {
            u32::MAX => {
                left |= 1 << low;
                mask &= mask - 1;
            }
            i => {
                let (m, p) = by_low[low][i as usize];
                out.melds.push(Meld { pattern: p, cards: cards_of(hand, m).collect() });
                mask ^= m;
            }
        }
    }
    out.deadwood = cards_of(hand, left).collect();
    out.points = pts[left];
    Ok(out)
}

/// The fewest and the most cards any pattern allows.
fn sizes(rules: &MeldRules) -> (usize, usize) {
    let min = rules.patterns.iter().map(|p| p.min as usize).min().unwrap_or(usize::MAX);
    let max = rules.patterns.iter().map(|p| p.max as usize).max().unwrap_or(0);
    (min.max(1), max)
}

/// The cards of `hand` whose bits are set in `mask`, in hand order.
fn cards_of(hand: &[u16], mask: usize) -> impl Iterator<Item = u16> + '_ {
    hand.iter().enumerate().filter(move |(i, _)| mask >> i & 1 == 1).map(|(_, &c)| c)
}

/// What the search knows of card `c`; a card it was not told of is a natural card with no
/// values, which no meld takes.
fn card(rules: &MeldRules, c: u16) -> &MeldCard {
    static UNKNOWN: MeldCard = MeldCard { values: Vec::new(), wild: false, keeps: 0, points: 0 };
    rules.cards.get(c as usize).unwrap_or(&UNKNOWN)
}

/// The value card `c` is fixed to for `slot`: a natural card's own value (`Err` when it has
/// none: it cannot be in a meld that constrains the slot), a wild's own value when it keeps
/// the slot and has one, otherwise nothing (`Ok(None)`: the wild is free there).
fn fixed(rules: &MeldRules, c: u16, slot: usize) -> Result<Option<u16>, ()> {
    let mc = card(rules, c);
    let v = mc.values.get(slot).copied().flatten();
    match (mc.wild, v) {
        (false, Some(v)) => Ok(Some(v)),
        (false, None) => Err(()),
        (true, Some(v)) if mc.keeps >> slot & 1 == 1 => Ok(Some(v)),
        (true, _) => Ok(None),
    }
}

/// Whether `cards` form one meld of pattern `p`.
fn fits(rules: &MeldRules, p: &MeldPattern, cards: &[u16]) -> bool {
    let n = cards.len();
    if n < p.min as usize || n > p.max as usize {
        return false;
    }
    p.rules.iter().all(|(slot, rule)| rule_holds(rules, *slot as usize, rule, cards))
}

/// Whether one rule can be met for one slot: the fixed values must allow it, and the free
/// wilds must have values left to take.
fn rule_holds(rules: &MeldRules, slot: usize, rule: &MeldRule, cards: &[u16]) -> bool {
    let n = cards.len() as i64;
    match rule {
        MeldRule::Same => {
            let mut first = None;
            for &c in cards {
                match fixed(rules, c, slot) {
                    Err(()) => return false,
                    Ok(None) => {}
                    Ok(Some(v)) => match first {
                        None => first = Some(v),
                        Some(f) if f != v => return false,
                        Some(_) => {}
                    },
                }
            }
            true
        }
        MeldRule::Different => {
            let (mut seen, mut taken, mut free) = (0u64, 0i64, 0i64);
            for &c in cards {
                match fixed(rules, c, slot) {
                    Err(()) => return false,
                    Ok(None) => free += 1,
                    Ok(Some(v)) => {
                        let bit = 1u64.checked_shl(v as u32).unwrap_or(0);
                        if seen & bit != 0 {
                            return false;
                        }
                        seen |= bit;
                        taken += 1;
                    }
                }
            }
            let members = rules.slots.get(slot).map_or(0, |s| s.members as i64);
            members - taken >= free
        }
        MeldRule::Consecutive { rank_of, .. } => {
            let len = rank_of.iter().flatten().count() as i64;
            let (mut seen, mut lo, mut hi, mut any) = (0u128, i64::MAX, i64::MIN, false);
            for &c in cards {
                match fixed(rules, c, slot) {
                    Err(()) => return false,
                    Ok(None) => {}
                    Ok(Some(v)) => {
                        let Some(pos) = rank_of.get(v as usize).copied().flatten() else { return false };
                        let bit = 1u128.checked_shl(pos as u32).unwrap_or(0);
                        if seen & bit != 0 {
                            return false;
                        }
                        seen |= bit;
                        lo = lo.min(pos);
                        hi = hi.max(pos);
                        any = true;
                    }
                }
            }
            n <= len && (!any || hi - lo < n)
        }
    }
}

/// A meld's cards in the order they are shown (a sequence from its lowest position, the wilds
/// where they stand), each with the value (an enum member per slot) a wild takes in it; `None`
/// for a natural card. `cards` must follow `pattern`.
pub fn lay_out(rules: &MeldRules, pattern: u16, cards: &[u16]) -> Vec<(u16, Option<Vec<Option<u16>>>)> {
    let Some(p) = rules.patterns.get(pattern as usize) else {
        return cards.iter().map(|&c| (c, None)).collect();
    };
    let slots = rules.slots.len();
    // What each wild stands for, slot by slot; a slot no rule constrains keeps the wild's own.
    let mut stands: Vec<Vec<Option<u16>>> =
        cards.iter().map(|&c| (0..slots).map(|s| card(rules, c).values.get(s).copied().flatten()).collect()).collect();
    // Where each card goes in a sequence, when the pattern has one.
    let mut position: Vec<i64> = vec![0; cards.len()];
    for (slot, rule) in &p.rules {
        let slot = *slot as usize;
        let values: Vec<Option<u16>> = cards.iter().map(|&c| fixed(rules, c, slot).ok().flatten()).collect();
        match rule {
            MeldRule::Same => {
                let v = values.iter().flatten().next().copied().unwrap_or(0);
                for s in stands.iter_mut() {
                    s[slot] = Some(v);
                }
            }
            MeldRule::Different => {
                let used: Vec<u16> = values.iter().flatten().copied().collect();
                let members = rules.slots.get(slot).map_or(0, |s| s.members);
                let mut spare = (0..members).filter(|m| !used.contains(m));
                for (i, v) in values.iter().enumerate() {
                    stands[i][slot] = v.or_else(|| spare.next());
                }
            }
            MeldRule::Consecutive { rank_of, .. } => {
                let len = rank_of.iter().flatten().count() as i64;
                let taken: Vec<i64> = values.iter().flatten().filter_map(|&v| rank_of.get(v as usize).copied().flatten()).collect();
                let n = cards.len() as i64;
                // The window of positions: from the lowest fixed one, moved down if it would run
                // past the end of the order.
                let start = taken.iter().copied().min().unwrap_or(0).min(len - n).max(0);
                let mut spare = (start..start + n).filter(|q| !taken.contains(q));
                for (i, v) in values.iter().enumerate() {
                    let pos = match v.and_then(|v| rank_of.get(v as usize).copied().flatten()) {
                        Some(q) => q,
                        None => spare.next().unwrap_or(start),
                    };
                    position[i] = pos;
                    stands[i][slot] = rank_of.iter().position(|r| *r == Some(pos)).map(|m| m as u16);
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..cards.len()).collect();
    order.sort_by_key(|&i| (position[i], card(rules, cards[i]).wild));
    order
        .into_iter()
        .map(|i| {
            let c = cards[i];
            (c, card(rules, c).wild.then(|| stands[i].clone()))
        })
        .collect()
}
