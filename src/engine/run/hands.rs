//! Ranks cards by a `hands` declaration: the best named pattern they make (`category of Z`) and
//! a strength that orders any two sets of cards (`strength of Z by category`).
//!
//! A pattern is made when its groups can be taken from the cards, each group from cards the
//! others left. Among the ways to make the best pattern, the one whose cards rank highest
//! counts: each group gives, in the order written, the position in the ranking order of the
//! rank it shares (`same rank`), of the top card of its run (`consecutive`), or of each of its
//! cards, highest first (otherwise); then the cards no group took, larger groups of one rank
//! first and higher ranks first. Strengths compare the pattern, then those positions in turn.

use super::subsets::for_each_subset;
use crate::check::ir::{HandPart, HandsInfo, Program, Value};
use crate::engine::state::State;

/// The most cards a hand is read from.
const MAX: usize = 64;

/// Positions in the ranking order, in the order they decide (-1 for a card it does not rank).
#[derive(Clone, Copy)]
struct Key {
    len: usize,
    items: [i8; MAX],
}

impl Key {
    const EMPTY: Key = Key { len: 0, items: [0; MAX] };

    fn push(&mut self, x: i8) {
        if self.len < MAX {
            self.items[self.len] = x;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[i8] {
        &self.items[..self.len]
    }
}

/// The cards being read, each with its property values and ranking position.
struct Hand<'a> {
    program: &'a Program,
    info: &'a HandsInfo,
    cards: [u16; MAX],
    n: usize,
}

impl Hand<'_> {
    fn prop(&self, i: usize, p: u16) -> Value {
        let props = self.program.properties.len();
        self.program.card_props.get(self.cards[i] as usize * props + p as usize).copied().unwrap_or_default()
    }

    fn position_in(&self, i: usize, order: u16) -> Option<i64> {
        let o = &self.program.orders[order as usize];
        o.position(self.prop(i, o.property)).as_int()
    }

    /// The card's position in the ranking order (-1 when it has none).
    fn rank(&self, i: usize) -> i8 {
        let o = &self.program.orders[self.info.order as usize];
        o.position(self.prop(i, o.property)).as_int().map_or(-1, |p| p.clamp(-1, 127) as i8)
    }

    /// The card indices (into `cards`) a mask picks.
    fn members(mask: u64) -> impl Iterator<Item = usize> {
        let mut m = mask;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        })
    }

    /// Whether the cards a mask picks make a group.
    #[inline]
    fn fits(&self, part: &HandPart, sel: u64) -> bool {
        for &p in &part.same {
            let mut first = None;
            for i in Self::members(sel) {
                let v = self.prop(i, p);
                if v == Value::None || first.is_some_and(|f| f != v) {
                    return false;
                }
                first = Some(v);
            }
        }
        for &p in &part.different {
            let mut seen: u64 = 0;
            for i in Self::members(sel) {
                let Value::Sym(s) = self.prop(i, p) else { return false };
                let bit = 1u64.checked_shl(s as u32).unwrap_or(0);
                if seen & bit != 0 {
                    return false;
                }
                seen |= bit;
            }
        }
        for &o in &part.consecutive {
            let (mut lo, mut hi, mut seen) = (i64::MAX, i64::MIN, 0u128);
            for i in Self::members(sel) {
                let Some(pos) = self.position_in(i, o) else { return false };
                let bit = 1u128.checked_shl(pos as u32).unwrap_or(0);
                if !(0..128).contains(&pos) || seen & bit != 0 {
                    return false;
                }
                seen |= bit;
                lo = lo.min(pos);
                hi = hi.max(pos);
            }
            if hi - lo + 1 != part.count as i64 {
                return false;
            }
        }
        true
    }

    /// What a group gives the key.
    fn part_key(&self, part: &HandPart, sel: u64, key: &mut Key) {
        if let Some(&o) = part.consecutive.first() {
            // The run's top card, by the run's own order, ranked by the declaration's.
            let top = Self::members(sel).max_by_key(|&i| self.position_in(i, o).unwrap_or(i64::MIN));
            key.push(top.map_or(-1, |i| self.rank(i)));
            return;
        }
        let ranking = self.program.orders[self.info.order as usize].property;
        if part.same.contains(&ranking) {
            key.push(Self::members(sel).next().map_or(-1, |i| self.rank(i)));
            return;
        }
        let mut ranks = Key::EMPTY;
        Self::members(sel).for_each(|i| ranks.push(self.rank(i)));
        ranks.items[..ranks.len].sort_unstable_by(|a, b| b.cmp(a));
        ranks.as_slice().iter().for_each(|&r| key.push(r));
    }

    /// The cards no group took: larger groups of one rank first, higher ranks first.
    fn kickers(&self, left: u64, key: &mut Key) {
        let mut ranks = Key::EMPTY;
        Self::members(left).for_each(|i| ranks.push(self.rank(i)));
        let all = ranks;
        let count = |r: i8| all.as_slice().iter().filter(|&&x| x == r).count();
        ranks.items[..ranks.len].sort_unstable_by(|a, b| count(*b).cmp(&count(*a)).then(b.cmp(a)));
        ranks.as_slice().iter().for_each(|&r| key.push(r));
    }

    /// The best key of the ways to take groups `parts[at..]` from the cards `avail` leaves.
    fn best(&self, parts: &[HandPart], at: usize, avail: u64, key: &mut Key, best: &mut Option<Key>) {
        let Some(part) = parts.get(at) else {
            let before = key.len;
            self.kickers(avail, key);
            if best.as_ref().is_none_or(|b| key.as_slice() > b.as_slice()) {
                *best = Some(*key);
            }
            key.len = before;
            return;
        };
        let k = part.count as i64;
        for_each_subset(avail, k, k, |sel| {
            if self.fits(part, sel) {
                let before = key.len;
                self.part_key(part, sel, key);
                self.best(parts, at + 1, avail & !sel, key, best);
                key.len = before;
            }
            true
        });
    }
}

impl State {
    /// The best pattern of `hands` declaration `h` the cards of `v` make (its member), or with
    /// `strength` a number that orders sets of cards by it; `none` when no pattern is made.
    pub(crate) fn hand_of(&self, h: u16, v: Value, strength: bool) -> Value {
        let Some((list, mask)) = self.picked(v) else { return Value::None };
        let mut cards = [0u16; MAX];
        let mut n = 0;
        for i in Hand::members(mask) {
            if let Some(&c) = list.get(i) {
                cards[n] = c;
                n += 1;
            }
        }
        hand_value(&self.game.program, h, &cards[..n], strength)
    }
}

/// The best pattern of `hands` declaration `h` that `cards` make (its member), or with
/// `strength` a number that orders sets of cards by it; `none` when no pattern is made or the
/// declaration does not exist. Only the first 64 cards are read.
pub fn hand_value(program: &Program, h: u16, cards: &[u16], strength: bool) -> Value {
    let Some(info) = program.hands.get(h as usize) else { return Value::None };
    let mut hand = Hand { program, info, cards: [0; MAX], n: 0 };
    for &c in cards.iter().take(MAX) {
        hand.cards[hand.n] = c;
        hand.n += 1;
    }
    let all = super::subsets::low_bits(hand.n as u32);
    // The best pattern made, by its member (the best first), and its key.
    let mut found: Option<(u16, Key)> = None;
    for p in &info.patterns {
        if found.as_ref().is_some_and(|(m, _)| p.member > *m) {
            continue;
        }
        let (mut best, mut key) = (None, Key::EMPTY);
        hand.best(&p.parts, 0, all, &mut key, &mut best);
        if let Some(k) = best {
            let better = match &found {
                None => true,
                Some((m, old)) => p.member < *m || k.as_slice() > old.as_slice(),
            };
            if better {
                found = Some((p.member, k));
            }
        }
    }
    let Some((member, key)) = found else { return Value::None };
    if !strength {
        return Value::Sym(member);
    }
    let category = &program.enums[info.category as usize];
    let b = info.base as i128;
    let mut total = (category.members.len() - member as usize) as i128;
    for i in 0..info.keys as usize {
        let item = key.as_slice().get(i).map_or(0, |&x| x as i128 + 1);
        total = total * b + item;
    }
    Value::Int(total.clamp(i64::MIN as i128, i64::MAX as i128) as i64)
}
