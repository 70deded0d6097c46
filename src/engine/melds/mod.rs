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
//!
//! Beside the search, what the state does with it: `meld Z to every R` and `lay off` carried out
//! ([`lay`]), `arrangements of Z` offered as a choice ([`meld_choice`]), and the search's answers
//! kept ([`memo`]).

pub(crate) mod lay;
pub(crate) mod meld_choice;
pub(crate) mod memo;

mod every;
mod groups;
mod layout;
mod offers;
mod readings;
mod search;
mod stand_ins;

use crate::check::ir::{MeldCard, MeldRules};
pub use crate::check::MAX_PATTERN_RULES;
pub use every::MAX_EVERY_WAYS;
use groups::{Acc, Shape};
pub use layout::LaidOut;
pub use readings::Readings;
use search::{most, ByLow, UNKNOWN};
pub use search::{Offer, Plan, Scratch, MAX_ARRANGEMENTS};
pub use stand_ins::{wild_readings, Reading, MAX_READINGS};

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
    /// The cards laid off onto it, as given in the hand.
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
    /// What each wild of the melds stands for, as the player laying them down names it (GR-15's
    /// general feature): each wild by card, in increasing order, with its value per slot of the
    /// meld rules. Empty: the engine's own reading ([`lay_out`]).
    pub readings: Reading,
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
#[derive(Default)]
pub struct HandMelds {
    /// The points of each card.
    points: Vec<i64>,
    /// Every meld, listed under its lowest card (by increasing mask).
    by_low: ByLow,
    /// For a part of the hand: the most points its melds can take out, once worked out
    /// ([`UNKNOWN`] before).
    best: Vec<i64>,
    /// The melds as the search lists them, kept for its memory ([`HandMelds::refill`]).
    listed: Vec<(usize, u16)>,
    /// The melds that hold a card put in, and the melds merged ([`HandMelds::replace`]).
    holding: Vec<(usize, u16)>,
    merged: Vec<(usize, u16)>,
}

impl HandMelds {
    /// Lists the melds of `hand`.
    pub fn new(rules: &MeldRules, hand: &[u16]) -> Result<HandMelds, MeldError> {
        let n = hand.len();
        if n > MAX_MELD_CARDS {
            return Err(MeldError::TooManyCards(n));
        }
        let mut melds = HandMelds::default();
        melds.refill(rules, hand)?;
        Ok(melds)
    }

    /// Lists the melds of `hand` in place of the hand it held, reusing its memory: the same as
    /// [`HandMelds::new`] of `hand`.
    pub fn refill(&mut self, rules: &MeldRules, hand: &[u16]) -> Result<(), MeldError> {
        self.list(rules, hand)?;
        self.best.clear();
        self.best.resize(1 << hand.len(), UNKNOWN);
        Ok(())
    }

    /// Lists the melds of `hand`, the hand held with one card changed: `hand[i]` in place of
    /// card `i`, or, with `i` the length of the hand held, added at the end. The melds that do
    /// not hold card `i`, and the answers for the parts of the hand without it, are kept; only
    /// the melds that hold the new card are listed. The same as [`HandMelds::refill`] of
    /// `hand`, provided every other card of `hand` is the card held at that place: the caller
    /// keeps the cards, and only the lengths are checked here (with lengths that do not fit
    /// one card changed, the hand is listed afresh).
    pub fn replace(&mut self, rules: &MeldRules, hand: &[u16], i: usize) -> Result<(), MeldError> {
        let (old, n) = (self.points.len(), hand.len());
        let one_away = if i == old { n == old + 1 } else { i < old && n == old };
        if n > MAX_MELD_CARDS || !one_away || self.best.len() != 1 << old {
            return self.refill(rules, hand);
        }
        let bit = 1usize << i;
        self.listed.retain(|&(m, _)| m & bit == 0);
        groups::groups_holding_into(rules, hand, i, &mut self.holding);
        // Both lists are in increasing order of mask, and no mask is in both (the new melds
        // hold card `i`, the others do not).
        self.merged.clear();
        let (mut a, mut b) = (self.listed.iter().peekable(), self.holding.iter().peekable());
        while let (Some(&&x), Some(&&y)) = (a.peek(), b.peek()) {
            if x.0 < y.0 {
                self.merged.push(x);
                a.next();
            } else {
                self.merged.push(y);
                b.next();
            }
        }
        self.merged.extend(a);
        self.merged.extend(b);
        std::mem::swap(&mut self.listed, &mut self.merged);
        self.by_low.fill(&self.listed);
        let points = card(rules, hand[i]).points;
        if i == old {
            self.points.push(points);
            // The parts without the new card keep their answers.
            self.best.resize(1 << n, UNKNOWN);
        } else {
            self.points[i] = points;
            for start in (0..1usize << n).step_by(2 * bit) {
                self.best[start + bit..start + 2 * bit].fill(UNKNOWN);
            }
        }
        Ok(())
    }

    /// Lists the melds of `hand` and the points of its cards, leaving the table of answers
    /// as it was.
    fn list(&mut self, rules: &MeldRules, hand: &[u16]) -> Result<(), MeldError> {
        let n = hand.len();
        if n > MAX_MELD_CARDS {
            return Err(MeldError::TooManyCards(n));
        }
        self.points.clear();
        self.points.extend(hand.iter().map(|&c| card(rules, c).points));
        groups::groups_into(rules, hand, &[], Readings::none(), &mut self.listed);
        self.by_low.fill(&self.listed);
        Ok(())
    }

    /// The fewest deadwood points of the cards of `mask` (bit `i`: the hand's card `i`; no bit
    /// past the hand's last card): the same number as [`deadwood`] of those cards.
    pub fn deadwood(&mut self, mask: usize) -> i64 {
        debug_assert!(mask < self.best.len(), "a mask of cards beyond the hand");
        sum(&self.points, mask) - most(&self.by_low, &self.points, &mut self.best, mask)
    }
}

/// The pattern that `cards` follow as one meld (the first that fits), if any.
pub fn pattern_of(rules: &MeldRules, cards: &[u16]) -> Option<u16> {
    pattern_of_read(rules, cards, Readings::none())
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

/// The arrangement of `hand` that leaves the fewest deadwood points, laying off onto the melds
/// in `table` where that helps. Among arrangements as good, the search keeps the first it
/// finds (cards earlier in `hand` first), so the answer depends only on the input.
pub fn arrange(rules: &MeldRules, hand: &[u16], table: &[Vec<u16>]) -> Result<Arrangement, MeldError> {
    arrange_read(rules, hand, table, Readings::none())
}

/// [`arrange`], the wilds of the melds on the table listed in `read` keeping the card they were
/// shown as (a lay-off must fit the meld as it reads).
pub fn arrange_read(
    rules: &MeldRules,
    hand: &[u16],
    table: &[Vec<u16>],
    read: &Readings,
) -> Result<Arrangement, MeldError> {
    let mut scratch = Scratch::default();
    let plan = scratch.arrange(rules, hand, table.iter().map(Vec::as_slice), read)?;
    Ok(Arrangement {
        melds: plan.melds.iter().map(|&(m, p)| Meld { pattern: p, cards: cards_of(hand, m).collect() }).collect(),
        lay_offs: plan
            .lay_offs
            .iter()
            .map(|&(j, s)| LayOff { target: j, cards: cards_of(hand, s).collect() })
            .collect(),
        deadwood: cards_of(hand, plan.left).collect(),
        points: plan.points,
        readings: Vec::new(),
    })
}

/// The distinct arrangements of `hand` into melds (no lay-offs) that leave the fewest deadwood
/// points, at most [`MAX_ARRANGEMENTS`]: two differ when their melds do. Those that meld more
/// cards come first; among as many, the order of the search (cards earlier in `hand` first).
pub fn least_arrangements(rules: &MeldRules, hand: &[u16]) -> Result<Vec<Arrangement>, MeldError> {
    let mut scratch = Scratch::default();
    let n = scratch.least_arrangements(rules, hand)?;
    Ok((0..n)
        .filter_map(|i| scratch.way(i))
        .map(|(melds, dead)| Arrangement {
            melds: melds.iter().map(|&(m, p)| Meld { pattern: p, cards: cards_of(hand, m).collect() }).collect(),
            lay_offs: Vec::new(),
            deadwood: cards_of(hand, dead).collect(),
            points: scratch.points(dead),
            readings: Vec::new(),
        })
        .collect())
}

/// The arrangements offered to a player who lays `hand` down (`arrangements of Z`): each
/// least-deadwood way of [`least_arrangements`], with each distinct reading of its wilds when the
/// rules keep readings (`fixed once laid`), the engine's own first; two are one when they differ
/// only in which wild takes which place. At most [`MAX_ARRANGEMENTS`].
pub fn offered_arrangements(rules: &MeldRules, hand: &[u16]) -> Result<Vec<Arrangement>, MeldError> {
    let mut scratch = Scratch::default();
    let n = scratch.offers(rules, hand)?;
    Ok((0..n)
        .filter_map(|i| scratch.offer(i))
        .map(|(melds, dead, reading)| Arrangement {
            melds: melds.iter().map(|&(m, p)| Meld { pattern: p, cards: cards_of(hand, m).collect() }).collect(),
            lay_offs: Vec::new(),
            deadwood: cards_of(hand, dead).collect(),
            points: scratch.points(dead),
            readings: reading.to_vec(),
        })
        .collect())
}

/// The arrangements offered for `all arrangements of Z`: every way to arrange `hand` into
/// melds (no lay-offs), fewer melds and none included, more cards melded first, then fewer
/// deadwood points, each with its readings as in [`offered_arrangements`]; two are one when they
/// differ only in which wild takes which place. At most [`MAX_ARRANGEMENTS`].
pub fn every_arrangement(rules: &MeldRules, hand: &[u16]) -> Result<Vec<Arrangement>, MeldError> {
    let mut scratch = Scratch::default();
    let n = scratch.every_offer(rules, hand)?;
    Ok((0..n)
        .filter_map(|i| scratch.offer(i))
        .map(|(melds, dead, reading)| Arrangement {
            melds: melds.iter().map(|&(m, p)| Meld { pattern: p, cards: cards_of(hand, m).collect() }).collect(),
            lay_offs: Vec::new(),
            deadwood: cards_of(hand, dead).collect(),
            points: scratch.points(dead),
            readings: reading.to_vec(),
        })
        .collect())
}

/// The readings of an arrangement as the meld search takes them (tag 0), for [`lay_out_read`]
/// and [`pattern_of_read`].
pub fn readings_of(reading: &[(u16, Vec<Option<u16>>)]) -> Readings {
    let mut r = Readings::default();
    for (c, v) in reading {
        r.push(*c, 0, v);
    }
    r
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
    lay_out_read(rules, pattern, cards, Readings::none())
}

/// [`lay_out`], the wilds in `read` standing for the card they were shown as.
pub fn lay_out_read(
    rules: &MeldRules,
    pattern: u16,
    cards: &[u16],
    read: &Readings,
) -> Vec<(u16, Option<Vec<Option<u16>>>)> {
    let mut laid = LaidOut::default();
    laid.fill(rules, pattern, cards, read);
    laid.iter().map(|(c, stands)| (c, stands.map(<[_]>::to_vec))).collect()
}

/// The value card `c` is fixed to for `slot`: a natural card's own value (`Err` when it has
/// none: it cannot be in a meld that constrains the slot), a wild's own value when it keeps
/// the slot and has one, otherwise nothing (`Ok(None)`: the wild is free there). A wild in
/// `read` is fixed to the value it was shown as.
fn fixed(rules: &MeldRules, read: &Readings, c: u16, slot: usize) -> Result<Option<u16>, ()> {
    if let Some(values) = read.get(c) {
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
