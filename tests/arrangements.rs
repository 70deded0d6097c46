//! `arrangements of Z` (GR-11's general feature): the least-deadwood arrangements of a hand, for
//! a player to choose one. On many random Wild Twist Gin hands (and with `free_wilds`): every
//! arrangement listed leaves exactly the fewest deadwood points, splits the hand into melds that
//! follow a pattern and the cards left, and no two are the same; the search's own arrangement
//! is one of them.

use std::collections::BTreeSet;

use cardlang::engine::melds::{arrange, deadwood, least_arrangements, pattern_of, Arrangement, MAX_ARRANGEMENTS};
use cardlang::engine::rng::Rng;

use crate::rules::support::game;

/// An arrangement as sets of cards: its melds, and what it leaves.
fn shape(a: &Arrangement) -> (BTreeSet<BTreeSet<u16>>, BTreeSet<u16>) {
    (a.melds.iter().map(|m| m.cards.iter().copied().collect()).collect(), a.deadwood.iter().copied().collect())
}

#[test]
fn every_arrangement_offered_leaves_the_least_deadwood_and_each_is_different() {
    for variant in [None, Some("free_wilds")] {
        let g = game("wild_twist_gin", variant, &[]);
        let rules = g.program.melds.as_ref().expect("the game declares melds");
        let cards = g.program.cards.len() as u64;
        let mut rng = Rng::new(11);
        let mut several = 0;
        for _ in 0..400 {
            // Ten or eleven different cards.
            let mut hand: Vec<u16> = Vec::new();
            let size = 10 + rng.below(2) as usize;
            while hand.len() < size {
                let c = rng.below(cards) as u16;
                if !hand.contains(&c) {
                    hand.push(c);
                }
            }
            let least = deadwood(rules, &hand).expect("a hand the search takes");
            let list = least_arrangements(rules, &hand).expect("a hand the search takes");
            assert!(!list.is_empty() && list.len() <= MAX_ARRANGEMENTS);
            let mut seen = BTreeSet::new();
            for a in &list {
                assert_eq!(a.points, least, "{a:?}");
                let (melds, left) = shape(a);
                let mut all: Vec<u16> = melds.iter().flatten().copied().chain(left.iter().copied()).collect();
                all.sort_unstable();
                let mut want = hand.clone();
                want.sort_unstable();
                assert_eq!(all, want, "the melds and the cards left are the hand");
                for m in &a.melds {
                    assert_eq!(pattern_of(rules, &m.cards), Some(m.pattern), "{m:?} is a meld");
                }
                assert!(seen.insert(melds), "listed twice: {a:?}");
            }
            let own = arrange(rules, &hand, &[]).expect("a hand the search takes");
            assert!(list.iter().any(|a| shape(a) == shape(&own)), "the search's own is among them");
            several += (list.len() > 1) as usize;
        }
        assert!(several > 0, "some hands can be arranged several ways");
    }
}
