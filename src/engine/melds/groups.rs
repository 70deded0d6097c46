//! Which subsets of a hand form a meld: each pattern's subsets grown card by card.
//!
//! A card's part in a pattern depends only on the card, so it is worked out once per search as
//! a row of keys, one per rule: the value the card is fixed to (for `consecutive`, its position
//! in the order), free (a wild that may take any), or never (the card cannot be in such a meld).
//! A group then keeps one word per rule: the value all its cards share, or the set of values
//! (positions) taken; adding a card is a few bit operations.

use super::{fixed, Readings, MAX_MELD_CARDS, MAX_PATTERN_RULES};
use crate::check::ir::{MeldPattern, MeldRule, MeldRules};

/// A card's key for one rule: a value or position (0 or more), [`FREE`] or [`NEVER`].
type Key = i32;

/// A wild free to take any value for the rule.
const FREE: Key = -1;

/// A card that no meld of the pattern can hold.
const NEVER: Key = -2;

/// A card's keys for each rule of a pattern.
pub(super) type Row = [Key; MAX_PATTERN_RULES];

/// What a rule keeps of a group.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// One value shared by all (kept as value + 1; 0 before any card fixes it).
    Same,
    /// The set of values (positions, for `consecutive`) taken, none twice.
    Distinct,
}

/// A pattern as the search reads it, worked out once per search.
pub(super) struct Shape<'a> {
    /// The pattern as declared.
    pattern: &'a MeldPattern,
    /// The most cards a group may hold: the pattern's own most, and no more than a `different`
    /// property has values or a `consecutive` order has ranks.
    most: u32,
    /// What each rule keeps of a group.
    kinds: [Kind; MAX_PATTERN_RULES],
    /// For each rule, whether it asks for a sequence without gaps.
    sequence: [bool; MAX_PATTERN_RULES],
    /// How many rules the pattern has (at most [`MAX_PATTERN_RULES`]).
    len: usize,
}

impl<'a> Shape<'a> {
    /// The shape of pattern `p` of `rules`.
    pub(super) fn new(rules: &MeldRules, p: &'a MeldPattern) -> Shape<'a> {
        let mut shape = Shape {
            pattern: p,
            most: p.max as u32,
            kinds: [Kind::Same; MAX_PATTERN_RULES],
            sequence: [false; MAX_PATTERN_RULES],
            len: 0,
        };
        for (k, (slot, rule)) in p.rules.iter().take(MAX_PATTERN_RULES).enumerate() {
            shape.len = k + 1;
            match rule {
                MeldRule::Same => {}
                MeldRule::Different => {
                    shape.kinds[k] = Kind::Distinct;
                    let members = rules.slots.get(*slot as usize).map_or(0, |s| s.members as u32);
                    shape.most = shape.most.min(members);
                }
                MeldRule::Consecutive { rank_of, .. } => {
                    shape.kinds[k] = Kind::Distinct;
                    shape.sequence[k] = true;
                    let ranked = rank_of.iter().flatten().count().min(u16::MAX as usize) as u32;
                    shape.most = shape.most.min(ranked);
                }
            }
        }
        shape
    }

    /// Card `c`'s keys, the wilds in `read` read as the cards they were shown as.
    pub(super) fn keys(&self, rules: &MeldRules, read: &Readings, c: u16) -> Row {
        let mut row = [FREE; MAX_PATTERN_RULES];
        for (k, (slot, rule)) in self.pattern.rules.iter().take(MAX_PATTERN_RULES).enumerate() {
            row[k] = match fixed(rules, read, c, *slot as usize) {
                Err(()) => NEVER,
                Ok(None) => FREE,
                Ok(Some(v)) => match rule {
                    MeldRule::Same => v as Key,
                    // A set of values is kept in 64 bits.
                    MeldRule::Different if v < 64 => v as Key,
                    MeldRule::Different => NEVER,
                    MeldRule::Consecutive { rank_of, .. } => match rank_of.get(v as usize).copied().flatten() {
                        Some(pos) if (0..128).contains(&pos) => pos as Key,
                        _ => NEVER,
                    },
                },
            };
        }
        row
    }
}

/// What a group of cards grown towards one pattern holds so far: one word per rule (see
/// [`Kind`]). Its size is kept by the caller, so that a copy is 128 bytes.
#[derive(Clone, Copy, Default)]
pub(super) struct Acc {
    words: [u128; MAX_PATTERN_RULES],
}

impl Acc {
    /// Adds the card whose keys are `row`, making a group of `n` cards; false when the group
    /// can no longer follow the pattern, however it grows.
    #[inline]
    pub(super) fn add(&mut self, shape: &Shape, row: &Row, n: u32) -> bool {
        if n > shape.most {
            return false;
        }
        for (k, &key) in row.iter().enumerate().take(shape.len) {
            if key == FREE {
                continue;
            }
            if key < 0 {
                return false;
            }
            let word = &mut self.words[k];
            match shape.kinds[k] {
                Kind::Same => {
                    let want = key as u128 + 1;
                    if *word == 0 {
                        *word = want;
                    } else if *word != want {
                        return false;
                    }
                }
                Kind::Distinct => {
                    let bit = 1u128 << key;
                    if *word & bit != 0 {
                        return false;
                    }
                    *word |= bit;
                }
            }
        }
        true
    }

    /// Whether this group has fixed the shared value of a `same` rule that `before` had not.
    fn fixes_more(&self, shape: &Shape, before: &Acc) -> bool {
        (0..shape.len).any(|k| shape.kinds[k] == Kind::Same && before.words[k] == 0 && self.words[k] != 0)
    }

    /// The cards of `cards` that agree with every shared value this group has fixed.
    fn sharing(&self, shape: &Shape, rows: &[Row], cards: usize) -> usize {
        let mut kept = 0;
        let mut rest = cards;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let agrees = (0..shape.len).all(|k| {
                let (key, word) = (rows[j][k], self.words[k]);
                shape.kinds[k] != Kind::Same || word == 0 || key == FREE || key as u128 + 1 == word
            });
            if agrees {
                kept |= 1 << j;
            }
        }
        kept
    }

    /// Whether the group, with `cards` cards in all, is a whole meld: enough cards, and each
    /// sequence without gaps the wilds cannot fill. With `cards` the most it could grow to, it
    /// says whether it could become one (a sequence's span only widens).
    pub(super) fn complete(&self, shape: &Shape, cards: u32) -> bool {
        cards >= shape.pattern.min as u32
            && (0..shape.len).all(|k| {
                let seen = self.words[k];
                // The lowest and highest positions taken are the set's lowest and highest bits.
                !shape.sequence[k] || seen == 0 || 127 - seen.leading_zeros() - seen.trailing_zeros() < cards
            })
    }
}

/// The non-empty subsets of `hand` (as bit masks) that, with the cards of `base`, form a meld,
/// each with the first pattern it follows, in increasing order of mask: listed into `out`
/// (emptied first, its memory reused).
///
/// Each pattern's subsets are grown card by card, in hand order, and a branch is cut as soon
/// as a rule is broken for good: two values where one is wanted, a value repeated, more wilds
/// than free values, more cards than the pattern or the order allows. A subset of a group
/// that passes these tests passes them too, so every subset that can be a meld is reached, and
/// only the complete ones (big enough, a sequence without gaps) are kept. Cards no meld of the
/// pattern can hold are left out from the start.
pub(super) fn groups_into(rules: &MeldRules, hand: &[u16], base: &[u16], read: &Readings, out: &mut Vec<(usize, u16)>) {
    list_into(rules, hand, base, read, 0, out);
}

/// The melds among the cards of `hand` that hold its card `i` (as bit masks, bit `i` set), each
/// with the first pattern it follows, in increasing order of mask: listed into `out` (emptied
/// first). The same as the melds of [`groups_into`] of `hand` (with no base) that hold card `i`.
pub(super) fn groups_holding_into(rules: &MeldRules, hand: &[u16], i: usize, out: &mut Vec<(usize, u16)>) {
    let Some(&c) = hand.get(i) else {
        out.clear();
        return;
    };
    let bit = 1 << i;
    list_into(rules, hand, &[c], Readings::none(), bit, out);
    for (m, _) in out.iter_mut() {
        *m |= bit;
    }
}

/// [`groups_into`], leaving the cards of `skip` out of the subsets and, when `skip` is not
/// empty, listing `base` alone too (as the empty subset) when it is a whole meld.
fn list_into(rules: &MeldRules, hand: &[u16], base: &[u16], read: &Readings, skip: usize, out: &mut Vec<(usize, u16)>) {
    debug_assert!(hand.len() <= MAX_MELD_CARDS, "the callers check the hand's size");
    out.clear();
    let mut rows = [[NEVER; MAX_PATTERN_RULES]; MAX_MELD_CARDS];
    for (pi, p) in rules.patterns.iter().enumerate() {
        let shape = Shape::new(rules, p);
        let mut acc = Acc::default();
        let mut n = 0;
        if !base.iter().all(|&c| {
            n += 1;
            acc.add(&shape, &shape.keys(rules, read, c), n)
        }) {
            continue;
        }
        if skip != 0 && acc.complete(&shape, n) {
            out.push((0, pi as u16));
        }
        let mut able = 0usize;
        for (j, &c) in hand.iter().enumerate().take(MAX_MELD_CARDS) {
            rows[j] = shape.keys(rules, Readings::none(), c);
            if !rows[j][..shape.len].contains(&NEVER) {
                able |= 1 << j;
            }
        }
        // The values the base fixes (a set's rank, a run's suit) narrow the cards that may join.
        let able = if base.is_empty() { able & !skip } else { acc.sharing(&shape, &rows, able & !skip) };
        grow(&shape, pi as u16, &rows, able, 0, n, &acc, out);
    }
    out.sort_unstable();
    out.dedup_by_key(|(m, _)| *m);
}

/// Adds to `out` every meld that grows from `acc` (holding the `n` cards of `mask` and of the
/// base) by cards of `able`, each later in the hand than the one before.
#[allow(clippy::too_many_arguments)]
fn grow(
    shape: &Shape,
    pi: u16,
    rows: &[Row],
    able: usize,
    mask: usize,
    n: u32,
    acc: &Acc,
    out: &mut Vec<(usize, u16)>,
) {
    let mut rest = able;
    while rest != 0 {
        let j = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut next = *acc;
        if next.add(shape, &rows[j], n + 1) {
            let m = mask | 1 << j;
            if next.complete(shape, n + 1) {
                out.push((m, pi));
            }
            // Once a card fixes a value all must share, only cards of that value (or free
            // there) can follow.
            let later = if next.fixes_more(shape, acc) { next.sharing(shape, rows, rest) } else { rest };
            if next.complete(shape, n + 1 + later.count_ones()) {
                grow(shape, pi, rows, later, m, n + 1, &next, out);
            }
        }
    }
}
