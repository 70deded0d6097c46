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

mod groups;

use std::collections::HashMap;

use crate::check::ir::{MeldCard, MeldRule, MeldRules};
pub use crate::check::MAX_PATTERN_RULES;
use groups::{groups, Acc, Shape};

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
///
/// The same number as [`arrange`]'s `points` with no melds on the table: the hand's points less
/// the most its melds can take out, without listing the melds.
pub fn deadwood(rules: &MeldRules, hand: &[u16]) -> Result<i64, MeldError> {
    // The size is checked (by `new`) before the mask of the whole hand is made.
    HandMelds::new(rules, hand).map(|mut h| h.deadwood((1 << hand.len()) - 1))
}

/// Every meld of a hand, and the fewest deadwood points of any part of it, worked out as asked
/// and kept: the melds of a part of the hand are the hand's melds that lie within it.
pub struct HandMelds {
    points: Vec<i64>,
    by_low: Vec<Vec<(usize, u16)>>,
    /// For a part of the hand: the most points its melds can take out, once worked out
    /// ([`UNKNOWN`] before).
    best: Vec<i64>,
    /// The melds as the search lists them, kept for its memory ([`HandMelds::refill`]).
    listed: Vec<(usize, u16)>,
}

impl HandMelds {
    /// Lists the melds of `hand`.
    pub fn new(rules: &MeldRules, hand: &[u16]) -> Result<HandMelds, MeldError> {
        let n = hand.len();
        if n > MAX_MELD_CARDS {
            return Err(MeldError::TooManyCards(n));
        }
        let mut melds = HandMelds { points: Vec::new(), by_low: Vec::new(), best: Vec::new(), listed: Vec::new() };
        melds.refill(rules, hand)?;
        Ok(melds)
    }

    /// Lists the melds of `hand` in place of the hand it held, reusing its memory: the same as
    /// [`HandMelds::new`] of `hand`.
    pub fn refill(&mut self, rules: &MeldRules, hand: &[u16]) -> Result<(), MeldError> {
        let n = hand.len();
        if n > MAX_MELD_CARDS {
            return Err(MeldError::TooManyCards(n));
        }
        self.points.clear();
        self.points.extend(hand.iter().map(|&c| card(rules, c).points));
        for low in &mut self.by_low {
            low.clear();
        }
        self.by_low.resize_with(n, Vec::new);
        groups::groups_into(rules, hand, &[], &[], &mut self.listed);
        for &(mask, p) in &self.listed {
            self.by_low[mask.trailing_zeros() as usize].push((mask, p));
        }
        self.best.clear();
        self.best.resize(1 << n, UNKNOWN);
        Ok(())
    }

    /// The fewest deadwood points of the cards of `mask` (bit `i`: the hand's card `i`; no bit
    /// past the hand's last card): the same number as [`deadwood`] of those cards.
    pub fn deadwood(&mut self, mask: usize) -> i64 {
        debug_assert!(mask < self.best.len(), "a mask of cards beyond the hand");
        let most =
            Ways { by_low: &self.by_low, points: &self.points, best: &mut self.best, found: Vec::new() }.best(mask);
        sum(&self.points, mask) - most
    }
}

/// Every meld in `hand`, listed under its lowest card (by increasing mask).
fn melds_by_lowest_card(rules: &MeldRules, hand: &[u16]) -> Vec<Vec<(usize, u16)>> {
    let mut by_low: Vec<Vec<(usize, u16)>> = vec![Vec::new(); hand.len()];
    for (mask, p) in groups(rules, hand, &[], &[]) {
        by_low[mask.trailing_zeros() as usize].push((mask, p));
    }
    by_low
}

/// Wilds on the table read as a fixed card (`fixed once laid`): each wild's card index and the
/// value it stands for in each slot. A wild listed here counts as a natural card of those values.
pub type Readings = [(u16, Vec<Option<u16>>)];

/// The pattern that `cards` follow as one meld (the first that fits), if any.
pub fn pattern_of(rules: &MeldRules, cards: &[u16]) -> Option<u16> {
    pattern_of_read(rules, cards, &[])
}

/// [`pattern_of`], with some wilds read as fixed cards.
pub fn pattern_of_read(rules: &MeldRules, cards: &[u16], read: &Readings) -> Option<u16> {
    rules
        .patterns
        .iter()
        .position(|p| {
            let shape = Shape::new(rules, p);
            let mut acc = Acc::default();
            let mut n = 0;
            cards.iter().all(|&c| {
                n += 1;
                acc.add(&shape, &shape.keys(rules, read, c), n)
            }) && acc.complete(&shape, n)
        })
        .map(|i| i as u16)
}

/// Score of a partial arrangement: points taken out of the deadwood, then cards taken out
/// (so of two arrangements with equal deadwood, the one that melds more cards is preferred).
type Score = (i64, u32);

/// The arrangement of `hand` that leaves the fewest deadwood points, laying off onto the melds
/// in `table` where that helps. Among arrangements as good, the search keeps the first it
/// finds (cards earlier in `hand` first), so the answer depends only on the input.
pub fn arrange(rules: &MeldRules, hand: &[u16], table: &[Vec<u16>]) -> Result<Arrangement, MeldError> {
    arrange_read(rules, hand, table, &[])
}

/// [`arrange`], the wilds of the melds on the table listed in `read` keeping the card they were
/// shown as (a lay-off must fit the meld as it reads).
pub fn arrange_read(
    rules: &MeldRules,
    hand: &[u16],
    table: &[Vec<u16>],
    read: &Readings,
) -> Result<Arrangement, MeldError> {
    let n = hand.len();
    if n > MAX_MELD_CARDS {
        return Err(MeldError::TooManyCards(n));
    }
    if let Some(t) = table.iter().find(|t| t.len() > MAX_MELD_CARDS) {
        return Err(MeldError::TooManyCards(t.len()));
    }
    let full: usize = (1 << n) - 1;
    let points: Vec<i64> = hand.iter().map(|&c| card(rules, c).points).collect();
    // Every meld in the hand, listed under its lowest card; and for each meld on the table,
    // the subsets of the hand it can take.
    let by_low = melds_by_lowest_card(rules, hand);
    let fits_on: Vec<Vec<usize>> =
        table.iter().map(|t| groups(rules, hand, t, read).into_iter().map(|(m, _)| m).collect()).collect();
    let mut search = Search {
        by_low: &by_low,
        fits_on: &fits_on,
        points: &points,
        best: vec![None; full + 1],
        layers: vec![HashMap::new(); table.len()],
    };
    search.layer(0, full);

    // Walk the choices back from the whole hand.
    let mut out = Arrangement::default();
    let mut mask = full;
    for j in 0..table.len() {
        let s = search.layers[j].get(&mask).map_or(0, |l| l.1);
        if s != 0 {
            out.lay_offs.push(LayOff { target: j, cards: cards_of(hand, s).collect() });
            mask ^= s;
        }
    }
    let mut left = 0usize;
    while mask != 0 {
        let low = mask.trailing_zeros() as usize;
        match search.best[mask].map_or(u32::MAX, |b| b.1) {
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
    out.points = sum(&points, left);
    Ok(out)
}

/// The most arrangements [`least_arrangements`] lists.
pub const MAX_ARRANGEMENTS: usize = 64;

/// The distinct arrangements of `hand` into melds (no lay-offs) that leave the fewest deadwood
/// points, at most [`MAX_ARRANGEMENTS`]: two differ when their melds do. Those that meld more
/// cards come first; among as many, the order of the search (cards earlier in `hand` first).
pub fn least_arrangements(rules: &MeldRules, hand: &[u16]) -> Result<Vec<Arrangement>, MeldError> {
    let n = hand.len();
    if n > MAX_MELD_CARDS {
        return Err(MeldError::TooManyCards(n));
    }
    let points: Vec<i64> = hand.iter().map(|&c| card(rules, c).points).collect();
    let by_low = melds_by_lowest_card(rules, hand);
    let mut best = vec![UNKNOWN; 1 << n];
    let mut ways = Ways { by_low: &by_low, points: &points, best: &mut best, found: Vec::new() };
    ways.list((1 << n) - 1, 0, &mut Vec::new());
    let mut out: Vec<Arrangement> = ways
        .found
        .iter()
        .map(|(melds, dead)| Arrangement {
            melds: melds.iter().map(|&(m, p)| Meld { pattern: p, cards: cards_of(hand, m).collect() }).collect(),
            lay_offs: Vec::new(),
            deadwood: cards_of(hand, *dead).collect(),
            points: sum(&points, *dead),
        })
        .collect();
    out.sort_by_key(|a| std::cmp::Reverse(n - a.deadwood.len()));
    Ok(out)
}

/// A subset's answer not worked out yet (a plain number rather than an `Option`, so that a
/// table of answers takes 8 bytes a subset, not 16).
const UNKNOWN: i64 = i64::MIN;

/// Lists every way to meld a set of cards that takes out the most points.
struct Ways<'a> {
    by_low: &'a [Vec<(usize, u16)>],
    points: &'a [i64],
    /// For a subset: the most points its melds can take out ([`UNKNOWN`] until worked out).
    best: &'a mut [i64],
    /// The ways found: the melds (mask and pattern) and the deadwood (mask).
    found: Vec<(Vec<(usize, u16)>, usize)>,
}

impl Ways<'_> {
    fn best(&mut self, mask: usize) -> i64 {
        if mask == 0 {
            return 0;
        }
        if self.best[mask] != UNKNOWN {
            return self.best[mask];
        }
        let low = mask.trailing_zeros() as usize;
        let mut top = self.best(mask & (mask - 1));
        for i in 0..self.by_low[low].len() {
            let m = self.by_low[low][i].0;
            if m & mask == m {
                top = top.max(sum(self.points, m) + self.best(mask ^ m));
            }
        }
        self.best[mask] = top;
        top
    }

    /// Extends `melds` (with the deadwood `dead` so far) to every best way for `mask`.
    fn list(&mut self, mask: usize, dead: usize, melds: &mut Vec<(usize, u16)>) {
        if self.found.len() >= MAX_ARRANGEMENTS {
            return;
        }
        if mask == 0 {
            self.found.push((melds.clone(), dead));
            return;
        }
        let target = self.best(mask);
        let low = mask.trailing_zeros() as usize;
        if self.best(mask & (mask - 1)) == target {
            self.list(mask & (mask - 1), dead | 1 << low, melds);
        }
        for i in 0..self.by_low[low].len() {
            let (m, p) = self.by_low[low][i];
            if m & mask == m && sum(self.points, m) + self.best(mask ^ m) == target {
                melds.push((m, p));
                self.list(mask ^ m, dead, melds);
                melds.pop();
            }
        }
    }
}

/// The dynamic programme over subsets of the hand, worked out only for the subsets the whole
/// hand leads to.
struct Search<'a> {
    by_low: &'a [Vec<(usize, u16)>],
    fits_on: &'a [Vec<usize>],
    points: &'a [i64],
    /// For a subset: the most its own melds can take out, and the meld (an index into
    /// `by_low` of its lowest card) that does it, `u32::MAX` when that card stays deadwood.
    best: Vec<Option<(Score, u32)>>,
    /// For meld `j` on the table and a subset: the most that lay-offs onto melds `j..` and
    /// the subset's own melds take out, and the cards laid off onto meld `j` (0: none).
    layers: Vec<HashMap<usize, (Score, usize)>>,
}

impl Search<'_> {
    fn best(&mut self, mask: usize) -> Score {
        if mask == 0 {
            return (0, 0);
        }
        if let Some((s, _)) = self.best[mask] {
            return s;
        }
        let low = mask.trailing_zeros() as usize;
        let mut top = self.best(mask & (mask - 1));
        let mut choice = u32::MAX;
        for i in 0..self.by_low[low].len() {
            let m = self.by_low[low][i].0;
            if m & mask == m {
                let rest = self.best(mask ^ m);
                let s = (rest.0 + sum(self.points, m), rest.1 + m.count_ones());
                if s > top {
                    top = s;
                    choice = i as u32;
                }
            }
        }
        self.best[mask] = Some((top, choice));
        top
    }

    fn layer(&mut self, j: usize, mask: usize) -> Score {
        if j == self.fits_on.len() {
            return self.best(mask);
        }
        if let Some((s, _)) = self.layers[j].get(&mask) {
            return *s;
        }
        let mut top = self.layer(j + 1, mask);
        let mut chosen = 0;
        for i in 0..self.fits_on[j].len() {
            let s = self.fits_on[j][i];
            if s & mask == s {
                let rest = self.layer(j + 1, mask ^ s);
                let v = (rest.0 + sum(self.points, s), rest.1 + s.count_ones());
                if v > top {
                    top = v;
                    chosen = s;
                }
            }
        }
        self.layers[j].insert(mask, (top, chosen));
        top
    }
}

/// The points of the cards in `mask`.
fn sum(points: &[i64], mut mask: usize) -> i64 {
    let mut total = 0;
    while mask != 0 {
        total += points[mask.trailing_zeros() as usize];
        mask &= mask - 1;
    }
    total
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

/// A meld's cards in the order they are shown (a sequence from its lowest position, the wilds
/// where they stand), each with the value (an enum member per slot) a wild takes in it; `None`
/// for a natural card. `cards` must follow `pattern`.
pub fn lay_out(rules: &MeldRules, pattern: u16, cards: &[u16]) -> Vec<(u16, Option<Vec<Option<u16>>>)> {
    lay_out_read(rules, pattern, cards, &[])
}

/// [`lay_out`], the wilds in `read` standing for the card they were shown as.
pub fn lay_out_read(
    rules: &MeldRules,
    pattern: u16,
    cards: &[u16],
    read: &Readings,
) -> Vec<(u16, Option<Vec<Option<u16>>>)> {
    let Some(p) = rules.patterns.get(pattern as usize) else {
        return cards.iter().map(|&c| (c, None)).collect();
    };
    let slots = rules.slots.len();
    // What each wild stands for, slot by slot; a slot no rule constrains keeps the wild's own.
    let own = |c: u16, s: usize| match read.iter().find(|(w, _)| *w == c) {
        Some((_, values)) => values.get(s).copied().flatten(),
        None => card(rules, c).values.get(s).copied().flatten(),
    };
    let mut stands: Vec<Vec<Option<u16>>> = cards.iter().map(|&c| (0..slots).map(|s| own(c, s)).collect()).collect();
    // Where each card goes in a sequence, when the pattern has one.
    let mut position: Vec<i64> = vec![0; cards.len()];
    for (slot, rule) in &p.rules {
        let slot = *slot as usize;
        let values: Vec<Option<u16>> = cards.iter().map(|&c| fixed(rules, read, c, slot).ok().flatten()).collect();
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
                let taken: Vec<i64> =
                    values.iter().flatten().filter_map(|&v| rank_of.get(v as usize).copied().flatten()).collect();
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
/// The value card `c` is fixed to for `slot`: a natural card's own value (`Err` when it has
/// none: it cannot be in a meld that constrains the slot), a wild's own value when it keeps
/// the slot and has one, otherwise nothing (`Ok(None)`: the wild is free there). A wild in
/// `read` is fixed to the value it was shown as.
fn fixed(rules: &MeldRules, read: &Readings, c: u16, slot: usize) -> Result<Option<u16>, ()> {
    if let Some((_, values)) = read.iter().find(|(w, _)| *w == c) {
        return values.get(slot).copied().flatten().map(Some).ok_or(());
    }
    let mc = card(rules, c);
    let v = mc.values.get(slot).copied().flatten();
    match (mc.wild, v) {
        (false, Some(v)) => Ok(Some(v)),
        (false, None) => Err(()),
        (true, Some(v)) if mc.keeps.checked_shr(slot as u32).unwrap_or(0) & 1 == 1 => Ok(Some(v)),
        (true, _) => Ok(None),
    }
}
