//! Every way to arrange a hand into melds, not only the least-deadwood ones (`all arrangements
//! of Z`): each set of disjoint melds of the hand, laying down fewer melds or none included.
//!
//! A hand can have a great many such ways, so the search keeps only the best
//! [`MAX_EVERY_WAYS`] in the order they are offered (more cards melded first, then fewer
//! deadwood points, then the order they are found in, cards lower in the hand first), and
//! skips any branch that cannot beat the worst way kept once that many are kept: for the cards
//! of a branch still to arrange it knows the most cards their melds can take and the most
//! points, so what the branch can reach at best. The answer is the same however the search
//! is cut, and does not depend on anything but the hand.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::search::{most, ByLow, UNKNOWN};
use super::sum;

/// The most ways [`every_way`] keeps before the offers are told apart and capped.
pub const MAX_EVERY_WAYS: usize = 1024;

/// How a way ranks: more cards melded first, then fewer deadwood points, then found earlier.
/// The greatest key is the worst way.
type Rank = (Reverse<u32>, i64, usize);

/// One way found: its rank, and its melds (the cards and the pattern of each) and deadwood.
type Found = (Rank, Vec<(usize, u16)>, usize);

/// The search's tables: the most points, and the most cards, the melds of a set of cards can
/// take out.
struct Every<'a> {
    by_low: &'a ByLow,
    points: &'a [i64],
    ones: Vec<i64>,
    best_points: &'a mut [i64],
    best_cards: Vec<i64>,
    kept: BinaryHeap<(Rank, usize)>,
    found: Vec<Found>,
    seq: usize,
}

/// Lists the best [`MAX_EVERY_WAYS`] ways to arrange the `n` cards of a hand into melds, in
/// offering order (see the module's words): the melds listed under their lowest card in
/// `by_low`, each card's points in `points`, and `best_points` the table of [`most`] for those
/// points (worked out as needed). Each way is its melds and its deadwood (a set of cards).
pub(super) fn every_way(
    by_low: &ByLow,
    points: &[i64],
    best_points: &mut [i64],
    n: usize,
) -> Vec<(Vec<(usize, u16)>, usize)> {
    let mut e = Every {
        by_low,
        points,
        ones: vec![1; n],
        best_points,
        best_cards: vec![UNKNOWN; 1 << n],
        kept: BinaryHeap::new(),
        found: Vec::new(),
        seq: 0,
    };
    let mut melds = Vec::new();
    e.walk((1 << n) - 1, 0, 0, &mut melds);
    let mut found = e.found;
    found.sort_by_key(|f| f.0);
    found.truncate(MAX_EVERY_WAYS);
    found.into_iter().map(|(_, melds, dead)| (melds, dead)).collect()
}

impl Every<'_> {
    /// Whether a branch that has melded `melded` cards, left `dead` as deadwood, and has the
    /// cards of `mask` still to arrange can reach a way better than the worst kept.
    fn may_beat(&mut self, mask: usize, melded: u32, dead: usize) -> bool {
        let Some(&((Reverse(cards), points, _), _)) = self.kept.peek() else { return true };
        if self.kept.len() < MAX_EVERY_WAYS {
            return true;
        }
        let top_cards = melded + most(self.by_low, &self.ones, &mut self.best_cards, mask) as u32;
        let least_points =
            sum(self.points, dead) + sum(self.points, mask) - most(self.by_low, self.points, self.best_points, mask);
        // A way as good as the worst kept, found later, ranks after it.
        top_cards > cards || (top_cards == cards && least_points < points)
    }

    /// Extends `melds` (with `melded` cards in them and `dead` left so far) to every way for the
    /// cards of `mask`: its lowest card in one of its melds, or left.
    fn walk(&mut self, mask: usize, melded: u32, dead: usize, melds: &mut Vec<(usize, u16)>) {
        if !self.may_beat(mask, melded, dead) {
            return;
        }
        if mask == 0 {
            let rank = (Reverse(melded), sum(self.points, dead), self.seq);
            self.seq += 1;
            if self.kept.len() == MAX_EVERY_WAYS {
                self.kept.pop();
            }
            self.kept.push((rank, self.found.len()));
            self.found.push((rank, melds.clone(), dead));
            return;
        }
        let low = mask.trailing_zeros() as usize;
        // Melds first, so that ways that meld more are found early and prune the rest.
        for i in 0..self.by_low[low].len() {
            let (m, p) = self.by_low[low][i];
            if m & mask == m {
                melds.push((m, p));
                self.walk(mask ^ m, melded + m.count_ones(), dead, melds);
                melds.pop();
            }
        }
        self.walk(mask & (mask - 1), melded, dead | 1 << low, melds);
    }
}
