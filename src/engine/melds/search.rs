//! The searches over subsets of a hand, in lists kept from one search to the next
//! ([`Scratch`]): the best arrangement with lay-offs ([`Scratch::arrange`]) and every
//! least-deadwood arrangement ([`Scratch::least_arrangements`]).

use std::collections::HashMap;

use super::groups::groups_into;
use super::offers::Offers;
use super::{cards_of, sum, HandMelds, MeldError, Readings, MAX_MELD_CARDS};
use crate::check::ir::MeldRules;

/// The most arrangements [`Scratch::least_arrangements`] lists.
pub const MAX_ARRANGEMENTS: usize = 64;

/// A subset's answer not worked out yet (a plain number rather than an `Option`, so that a
/// table of answers takes 8 bytes a subset, not 16).
pub(super) const UNKNOWN: i64 = i64::MIN;

/// Score of a partial arrangement: points taken out of the deadwood, then cards taken out
/// (so of two arrangements with equal deadwood, the one that melds more cards is preferred).
type Score = (i64, u32);

/// An arrangement as the search finds it, each part a set of the hand's cards (bit `i`: the
/// hand's card `i`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// The hand's own melds: the cards and the pattern of each.
    pub melds: Vec<(usize, u16)>,
    /// The lay-offs: which meld on the table (an index in the table searched) and the cards.
    pub lay_offs: Vec<(usize, usize)>,
    /// The cards left over.
    pub left: usize,
    /// The points of the cards left over.
    pub points: i64,
}

/// An arrangement offered ([`Scratch::offer`]): its melds (the cards and the pattern of each),
/// its deadwood, and what each wild of its melds stands for.
pub type Offer<'a> = (&'a [(usize, u16)], usize, &'a [(u16, Vec<Option<u16>>)]);

/// One of the least-deadwood arrangements: its melds (a range of [`Scratch`]'s list of them)
/// and its deadwood.
#[derive(Debug, Clone, Copy)]
struct Way {
    start: usize,
    end: usize,
    dead: usize,
}

/// The meld search's lists, kept from one search to the next so that, once they have grown to
/// a hand's size, a search allocates nothing. A search's answer stays here until the next.
#[derive(Default)]
pub struct Scratch {
    /// The hand searched last, and its melds.
    cards: Vec<u16>,
    hand: HandMelds,
    /// For each meld on the table, the sets of the hand's cards it can take; and the list the
    /// meld listing fills.
    fits_on: Vec<Vec<usize>>,
    listed: Vec<(usize, u16)>,
    /// The dynamic programme's tables (see [`Search`]).
    best: Vec<Option<(Score, u32)>>,
    layers: Vec<HashMap<usize, (Score, usize)>>,
    /// The answer of [`Scratch::arrange`].
    plan: Plan,
    /// The answer of [`Scratch::least_arrangements`]: the ways, and their melds one after
    /// another; and the melds of the way being grown.
    ways: Vec<Way>,
    way_melds: Vec<(usize, u16)>,
    growing: Vec<(usize, u16)>,
    /// The answer of [`Scratch::offers`].
    offered: Offers,
}

impl Scratch {
    /// The cards of the last hand searched whose bits are set in `mask`, in hand order.
    pub fn cards(&self, mask: usize) -> impl Iterator<Item = u16> + '_ {
        cards_of(&self.cards, mask)
    }

    /// The points of the cards of the last hand searched whose bits are set in `mask`.
    pub fn points(&self, mask: usize) -> i64 {
        sum(&self.hand.points, mask)
    }

    /// The arrangement of `hand` that leaves the fewest deadwood points, laying off onto the
    /// melds of `table` where that helps (the wilds of those melds listed in `read` keeping the
    /// card they were shown as); it stays in [`Scratch::plan`] until the next search. Among
    /// arrangements as good, the first found (cards earlier in `hand` first).
    pub fn arrange<'t, T>(
        &mut self,
        rules: &MeldRules,
        hand: &[u16],
        table: T,
        read: &Readings,
    ) -> Result<&Plan, MeldError>
    where
        T: Iterator<Item = &'t [u16]> + Clone,
    {
        let n = hand.len();
        if n > MAX_MELD_CARDS {
            return Err(MeldError::TooManyCards(n));
        }
        if let Some(t) = table.clone().find(|t| t.len() > MAX_MELD_CARDS) {
            return Err(MeldError::TooManyCards(t.len()));
        }
        self.cards.clear();
        self.cards.extend_from_slice(hand);
        let full: usize = (1 << n) - 1;
        // Every meld in the hand, listed under its lowest card; and for each meld on the
        // table, the subsets of the hand it can take.
        self.hand.list(rules, hand)?;
        let mut melds_on_table = 0;
        for (j, t) in table.enumerate() {
            if self.fits_on.len() <= j {
                self.fits_on.push(Vec::new());
            }
            groups_into(rules, hand, t, read, &mut self.listed);
            self.fits_on[j].clear();
            self.fits_on[j].extend(self.listed.iter().map(|&(m, _)| m));
            melds_on_table = j + 1;
        }
        self.best.clear();
        self.best.resize(full + 1, None);
        if self.layers.len() < melds_on_table {
            self.layers.resize_with(melds_on_table, HashMap::new);
        }
        for layer in &mut self.layers[..melds_on_table] {
            layer.clear();
        }
        let mut search = Search {
            by_low: &self.hand.by_low,
            fits_on: &self.fits_on[..melds_on_table],
            points: &self.hand.points,
            best: &mut self.best,
            layers: &mut self.layers[..melds_on_table],
        };
        search.layer(0, full);

        // Walk the choices back from the whole hand.
        let plan = &mut self.plan;
        plan.melds.clear();
        plan.lay_offs.clear();
        let mut mask = full;
        for j in 0..melds_on_table {
            let s = search.layers[j].get(&mask).map_or(0, |l| l.1);
            if s != 0 {
                plan.lay_offs.push((j, s));
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
                    let (m, p) = self.hand.by_low[low][i as usize];
                    plan.melds.push((m, p));
                    mask ^= m;
                }
            }
        }
        plan.left = left;
        plan.points = sum(&self.hand.points, left);
        Ok(&self.plan)
    }

    /// The answer of the last [`Scratch::arrange`].
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Lists the distinct arrangements of `hand` into melds (no lay-offs) that leave the fewest
    /// deadwood points, at most [`MAX_ARRANGEMENTS`], and says how many there are: two differ
    /// when their melds do. Those that meld more cards come first; among as many, the order of
    /// the search (cards earlier in `hand` first). They stay here until the next search
    /// ([`Scratch::way`]).
    pub fn least_arrangements(&mut self, rules: &MeldRules, hand: &[u16]) -> Result<usize, MeldError> {
        // Past the search's limit nothing is changed, so the last answer still reads right.
        self.hand.refill(rules, hand)?;
        self.cards.clear();
        self.cards.extend_from_slice(hand);
        self.ways.clear();
        self.way_melds.clear();
        self.growing.clear();
        let mut ways = Ways {
            by_low: &self.hand.by_low,
            points: &self.hand.points,
            best: &mut self.hand.best,
            found: &mut self.ways,
            melds: &mut self.way_melds,
        };
        ways.list((1 << hand.len()) - 1, 0, &mut self.growing);
        // Most cards melded first, the search's order kept among equals.
        self.ways.sort_unstable_by_key(|w| (w.dead.count_ones(), w.start, w.end));
        Ok(self.ways.len())
    }

    /// Arrangement `i` of the last [`Scratch::least_arrangements`]: its melds (the cards and the
    /// pattern of each) and its deadwood.
    pub fn way(&self, i: usize) -> Option<(&[(usize, u16)], usize)> {
        let w = self.ways.get(i)?;
        Some((&self.way_melds[w.start..w.end], w.dead))
    }

    /// Lists the arrangements offered to a player who lays `hand` down, and says how many there
    /// are (at most [`MAX_ARRANGEMENTS`]): each least-deadwood way of
    /// [`Scratch::least_arrangements`], in its order, with each distinct reading of its wilds
    /// when the rules keep readings (`fixed once laid`; the engine's own reading first), two
    /// being one when they differ only in which wild takes which place. They stay here until
    /// the next search ([`Scratch::offer`]).
    pub fn offers(&mut self, rules: &MeldRules, hand: &[u16]) -> Result<usize, MeldError> {
        let n = self.least_arrangements(rules, hand)?;
        let mut offered = std::mem::take(&mut self.offered);
        let count = offered.fill(rules, &self.cards, (0..n).filter_map(|i| self.way(i)));
        self.offered = offered;
        Ok(count)
    }

    /// Lists the arrangements offered for `all arrangements of Z`, and says how many there are
    /// (at most [`MAX_ARRANGEMENTS`]): every way to arrange `hand` into melds, fewer melds and
    /// none included, more cards melded first, then fewer deadwood points, each with its
    /// readings as [`Scratch::offers`] gives them ([`super::every`] says which ways are kept
    /// on a hand with very many). They stay here until the next search ([`Scratch::offer`]).
    pub fn every_offer(&mut self, rules: &MeldRules, hand: &[u16]) -> Result<usize, MeldError> {
        // Past the search's limit nothing is changed, so the last answer still reads right.
        self.hand.refill(rules, hand)?;
        self.cards.clear();
        self.cards.extend_from_slice(hand);
        self.ways.clear();
        self.way_melds.clear();
        let found = super::every::every_way(&self.hand.by_low, &self.hand.points, &mut self.hand.best, hand.len());
        for (melds, dead) in found {
            let start = self.way_melds.len();
            self.way_melds.extend(melds);
            self.ways.push(Way { start, end: self.way_melds.len(), dead });
        }
        let n = self.ways.len();
        let mut offered = std::mem::take(&mut self.offered);
        let count = offered.fill(rules, &self.cards, (0..n).filter_map(|i| self.way(i)));
        self.offered = offered;
        Ok(count)
    }

    /// Offer `i` of the last [`Scratch::offers`]: its melds (the cards and the pattern of each),
    /// its deadwood, and what each wild of its melds stands for (by card, in increasing order;
    /// empty when the readings are the engine's own and not kept).
    pub fn offer(&self, i: usize) -> Option<Offer<'_>> {
        let (melds, dead) = self.way(self.offered.way(i)?)?;
        Some((melds, dead, self.offered.reading(i)))
    }

    /// Offer `i`'s reading written into `into` (emptied first), each wild tagged `tag`.
    pub fn offer_reading_into(&self, i: usize, tag: u16, into: &mut Readings) {
        self.offered.reading_into(i, tag, into);
    }
}

/// The melds of a hand listed under their lowest card, all in one list: those whose lowest card
/// is the hand's card `i` are `by_low[i]`, by increasing mask.
#[derive(Debug, Default)]
pub(super) struct ByLow {
    melds: Vec<(usize, u16)>,
    /// Where each card's melds start in `melds`, and (last) where the list ends.
    starts: [usize; MAX_MELD_CARDS + 1],
}

impl ByLow {
    /// Lists `listed` (non-empty sets of a hand's cards, by increasing mask) under their lowest
    /// cards, in place of the melds listed before.
    pub(super) fn fill(&mut self, listed: &[(usize, u16)]) {
        let mut counts = [0usize; MAX_MELD_CARDS + 1];
        for &(m, _) in listed {
            counts[m.trailing_zeros() as usize] += 1;
        }
        let mut next = [0usize; MAX_MELD_CARDS + 1];
        let mut at = 0;
        for low in 0..MAX_MELD_CARDS {
            (self.starts[low], next[low]) = (at, at);
            at += counts[low];
        }
        self.starts[MAX_MELD_CARDS] = at;
        self.melds.clear();
        self.melds.resize(listed.len(), (0, 0));
        for &(m, p) in listed {
            let low = m.trailing_zeros() as usize;
            self.melds[next[low]] = (m, p);
            next[low] += 1;
        }
    }
}

impl std::ops::Index<usize> for ByLow {
    type Output = [(usize, u16)];

    /// The melds whose lowest card is the hand's card `low`.
    #[inline]
    fn index(&self, low: usize) -> &[(usize, u16)] {
        &self.melds[self.starts[low]..self.starts[low + 1]]
    }
}

/// The most points the melds of the cards of `mask` can take out, worked out once per set in
/// `best`.
pub(super) fn most(by_low: &ByLow, points: &[i64], best: &mut [i64], mask: usize) -> i64 {
    if mask == 0 {
        return 0;
    }
    if best[mask] != UNKNOWN {
        return best[mask];
    }
    let low = mask.trailing_zeros() as usize;
    let mut top = most(by_low, points, best, mask & (mask - 1));
    for &(m, _) in &by_low[low] {
        if m & mask == m {
            top = top.max(sum(points, m) + most(by_low, points, best, mask ^ m));
        }
    }
    best[mask] = top;
    top
}

/// Lists every way to meld a set of cards that takes out the most points.
struct Ways<'a> {
    by_low: &'a ByLow,
    points: &'a [i64],
    /// For a subset: the most points its melds can take out ([`UNKNOWN`] until worked out).
    best: &'a mut [i64],
    /// The ways found, their melds in `melds`.
    found: &'a mut Vec<Way>,
    melds: &'a mut Vec<(usize, u16)>,
}

impl Ways<'_> {
    fn best(&mut self, mask: usize) -> i64 {
        most(self.by_low, self.points, self.best, mask)
    }

    /// Extends `melds` (with the deadwood `dead` so far) to every best way for `mask`.
    fn list(&mut self, mask: usize, dead: usize, melds: &mut Vec<(usize, u16)>) {
        if self.found.len() >= MAX_ARRANGEMENTS {
            return;
        }
        if mask == 0 {
            let start = self.melds.len();
            self.melds.extend_from_slice(melds);
            self.found.push(Way { start, end: self.melds.len(), dead });
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
    by_low: &'a ByLow,
    fits_on: &'a [Vec<usize>],
    points: &'a [i64],
    /// For a subset: the most its own melds can take out, and the meld (an index into
    /// `by_low` of its lowest card) that does it, `u32::MAX` when that card stays deadwood.
    best: &'a mut [Option<(Score, u32)>],
    /// For meld `j` on the table and a subset: the most that lay-offs onto melds `j..` and
    /// the subset's own melds take out, and the cards laid off onto meld `j` (0: none).
    layers: &'a mut [HashMap<usize, (Score, usize)>],
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
