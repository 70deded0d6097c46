//! What the wilds of a meld may stand for: the distinct readings of a meld's wilds, for the
//! player who lays the meld down to name one ("Wild Heart as 7♥" or "as 4♥" at the end of a run
//! 5♥ 6♥ Wild Heart).
//!
//! A wild's value for one rule never limits its value for another (see the module above), so
//! the readings are listed rule by rule and combined: for `same`, the value the other cards
//! share (any value when every card is a wild free there); for `different`, values the meld's
//! other cards leave free, none twice; for `consecutive`, each window of positions that holds
//! the cards with fixed positions, the wilds taking the gaps. Two readings are one when they
//! differ only in which wild stands for which card.

use super::{card, fixed, LaidOut, Readings};
use crate::check::ir::{MeldRule, MeldRules};

/// The most readings of one meld that are listed.
pub const MAX_READINGS: usize = 64;

/// The most ways of giving values that are tried per rule, and in all: a bound on the work for
/// patterns with many free values (a standard deck's sets and runs need a few dozen at most).
const MAX_TRIED: usize = 4096;

/// One reading of a meld's wilds: each wild (by card, in increasing order) with the value it
/// stands for in each slot of the meld rules.
pub type Reading = Vec<(u16, Vec<Option<u16>>)>;

/// The distinct readings of the wilds of `cards`, a meld that follows `pattern`, at most
/// [`MAX_READINGS`]. The first is the engine's own (the one [`super::lay_out`] shows: in a run,
/// the window that starts at its lowest natural card when the order allows, so an end wild
/// stands for the card above; in a set, the values the set lacks, in order); the others follow
/// in the order they are found (windows from the lowest, values in member order). A meld
/// without wilds has one reading, the empty one.
pub fn wild_readings(rules: &MeldRules, pattern: u16, cards: &[u16]) -> Vec<Reading> {
    let mut laid = LaidOut::default();
    laid.fill(rules, pattern, cards, Readings::none());
    let mut own: Reading = laid.iter().filter_map(|(c, s)| s.map(|v| (c, v.to_vec()))).collect();
    own.sort();
    let wilds: Vec<u16> = cards.iter().copied().filter(|&c| card(rules, c).wild).collect();
    let Some(p) = rules.patterns.get(pattern as usize) else { return vec![own] };
    if wilds.is_empty() {
        return vec![own];
    }
    let slots = rules.slots.len();
    // Each wild's values before the rules are read: its own, for the slots no rule constrains.
    let base: Vec<Vec<Option<u16>>> =
        wilds.iter().map(|&c| (0..slots).map(|s| card(rules, c).values.get(s).copied().flatten()).collect()).collect();
    // For each rule: its slot, and the ways to give the wilds values there (one value per wild).
    let mut per_rule: Vec<(usize, Vec<Vec<u16>>)> = Vec::new();
    for (slot, rule) in &p.rules {
        let slot = *slot as usize;
        let mut fixed_values = Vec::new();
        // Per wild: its fixed value here, or none when it is free.
        let mut wild_fixed = Vec::new();
        for &c in cards {
            let Ok(v) = fixed(rules, Readings::none(), c, slot) else { return vec![own] };
            fixed_values.extend(v);
            if card(rules, c).wild {
                wild_fixed.push(v);
            }
        }
        let free = wild_fixed.iter().filter(|v| v.is_none()).count();
        let members = rules.slots.get(slot).map_or(0, |s| s.members);
        let for_free: Vec<Vec<u16>> = match rule {
            MeldRule::Same => match fixed_values.first() {
                Some(&v) => vec![vec![v; free]],
                None => (0..members).map(|v| vec![v; free]).collect(),
            },
            MeldRule::Different => {
                let spare: Vec<u16> = (0..members).filter(|m| !fixed_values.contains(m)).collect();
                arrangements_of(&spare, free)
            }
            MeldRule::Consecutive { rank_of, .. } => {
                let len = rank_of.iter().flatten().count() as i64;
                let taken: Vec<i64> =
                    fixed_values.iter().filter_map(|&v| rank_of.get(v as usize).copied().flatten()).collect();
                let n = cards.len() as i64;
                let lo = taken.iter().max().map_or(0, |&m| (m - n + 1).max(0));
                let hi = taken.iter().min().map_or(len - n, |&m| m.min(len - n));
                let member = |q: i64| rank_of.iter().position(|r| *r == Some(q)).map(|m| m as u16);
                let mut ways = Vec::new();
                for start in lo..=hi {
                    let gaps: Vec<u16> = (start..start + n).filter(|q| !taken.contains(q)).filter_map(member).collect();
                    if gaps.len() == free {
                        ways.extend(arrangements_of(&gaps, free));
                    }
                    if ways.len() >= MAX_TRIED {
                        break;
                    }
                }
                ways
            }
        };
        // Each way for the free wilds, with the fixed wilds' own values put in their places.
        let full = for_free
            .into_iter()
            .map(|way| {
                let mut way = way.into_iter();
                wild_fixed.iter().map(|v| v.or_else(|| way.next()).unwrap_or(0)).collect()
            })
            .collect();
        per_rule.push((slot, full));
    }
    if per_rule.iter().any(|(_, ways)| ways.is_empty()) {
        return vec![own];
    }
    // Every combination of one way per rule, in order (the first rule's ways slowest).
    let mut found: Vec<Reading> = vec![own];
    let mut keys = vec![key(&found[0])];
    let mut at = vec![0usize; per_rule.len()];
    for _ in 0..MAX_TRIED {
        let mut reading: Reading = wilds.iter().zip(&base).map(|(&c, b)| (c, b.clone())).collect();
        for (r, (slot, ways)) in per_rule.iter().enumerate() {
            for (w, v) in ways[at[r]].iter().enumerate() {
                if let Some(x) = reading[w].1.get_mut(*slot) {
                    *x = Some(*v);
                }
            }
        }
        reading.sort();
        let k = key(&reading);
        if !keys.contains(&k) {
            keys.push(k);
            found.push(reading);
            if found.len() >= MAX_READINGS {
                break;
            }
        }
        // The next combination: the last rule's way fastest.
        let mut r = per_rule.len();
        loop {
            if r == 0 {
                return found;
            }
            r -= 1;
            at[r] += 1;
            if at[r] < per_rule[r].1.len() {
                break;
            }
            at[r] = 0;
        }
    }
    found
}

/// What tells two readings apart: the cards the wilds stand for, whichever wild stands for which.
fn key(reading: &Reading) -> Vec<Vec<Option<u16>>> {
    let mut k: Vec<Vec<Option<u16>>> = reading.iter().map(|(_, v)| v.clone()).collect();
    k.sort();
    k
}

/// Every way to give `k` wilds, in order, different values from `values`, in the order of
/// `values` (at most [`MAX_TRIED`]).
fn arrangements_of(values: &[u16], k: usize) -> Vec<Vec<u16>> {
    fn grow(values: &[u16], k: usize, used: &mut Vec<bool>, now: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
        if out.len() >= MAX_TRIED {
            return;
        }
        if now.len() == k {
            out.push(now.clone());
            return;
        }
        for i in 0..values.len() {
            if !used[i] {
                used[i] = true;
                now.push(values[i]);
                grow(values, k, used, now, out);
                now.pop();
                used[i] = false;
            }
        }
    }
    let mut out = Vec::new();
    if k <= values.len() {
        grow(values, k, &mut vec![false; values.len()], &mut Vec::with_capacity(k), &mut out);
    }
    out
}
