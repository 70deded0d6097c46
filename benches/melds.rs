//! The exact meld search (`engine::melds`) under the rules of GR-5 "Wild Twist Gin Rummy" (suit
//! wilds): `cargo bench --bench melds`. Each iteration is one pass over 200 fixed hands, made by
//! a deterministic generator, so the time per hand is the time divan reports divided by 200
//! (its throughput is in hands per second).

use cardlang::check::ir::{MeldCard, MeldPattern, MeldRule, MeldRules, MeldSlot};
use cardlang::engine::melds::{arrange, deadwood, pattern_of};
use divan::counter::ItemsCount;

fn main() {
    divan::main();
}

/// Hands per pass.
const HANDS: usize = 200;

/// Card indices: a natural is `13 * suit + rank` (rank 0..13 = A..K), the wilds are 52..56.
const WILDS: [u16; 4] = [52, 53, 54, 55];

/// The `MeldRules` of GR-5: sets of 3 or 4 of one rank, runs of 3 or more of one suit (ace
/// low), each wild standing for a card of its own suit.
fn rules() -> MeldRules {
    let set =
        MeldPattern { name: "set".into(), min: 3, max: 4, rules: vec![(0, MeldRule::Same), (1, MeldRule::Different)] };
    let run = MeldPattern {
        name: "run".into(),
        min: 3,
        max: u16::MAX,
        rules: vec![
            (1, MeldRule::Same),
            (0, MeldRule::Consecutive { order: 0, rank_of: (0..13i64).map(Some).collect() }),
        ],
    };
    let mut cards: Vec<MeldCard> = (0..52u16)
        .map(|c| MeldCard {
            values: vec![Some(c % 13), Some(c / 13)],
            wild: false,
            keeps: 0,
            points: (c % 13 + 1) as i64,
        })
        .collect();
    cards.extend((0..4u16).map(|suit| MeldCard {
        values: vec![None, Some(suit)],
        wild: true,
        keeps: 1 << 1,
        points: 15,
    }));
    MeldRules {
        name: "gin".into(),
        patterns: vec![set, run],
        slots: vec![MeldSlot { property: 0, members: 13 }, MeldSlot { property: 1, members: 4 }],
        cards,
        fixed_wilds: false,
    }
}

/// SplitMix64: a small deterministic generator, so every run measures the same hands.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `k` distinct cards drawn from `from`, in the order drawn.
    fn draw(&mut self, from: &[u16], k: usize) -> Vec<u16> {
        let mut pool = from.to_vec();
        (0..k).map(|_| pool.swap_remove((self.next() % pool.len() as u64) as usize)).collect()
    }
}

/// 200 hands of 11 cards with exactly `wilds` wilds, the naturals dealt uniformly.
fn hands(wilds: usize) -> Vec<Vec<u16>> {
    let mut g = Gen(0x6D65_6C64 + wilds as u64);
    let naturals: Vec<u16> = (0..52).collect();
    (0..HANDS)
        .map(|_| {
            let mut hand = g.draw(&naturals, 11 - wilds);
            hand.extend(g.draw(&WILDS, wilds));
            hand
        })
        .collect()
}

/// The fewest deadwood points of each of 200 hands of 11 cards with 0 to 4 wilds, nothing on
/// the table.
#[divan::bench(args = [0, 1, 2, 3, 4])]
fn deadwood_11_cards(bencher: divan::Bencher, wilds: usize) {
    let rules = rules();
    let hands = hands(wilds);
    bencher
        .counter(ItemsCount::new(HANDS))
        .bench_local(|| hands.iter().map(|h| deadwood(&rules, divan::black_box(h)).unwrap_or(i64::MAX)).sum::<i64>());
}

/// The best arrangement of each of 200 hands of 10 cards, dealt from the 46 cards not on a
/// table of three melds (7♣ 7♦ 7♠; 3♥ 4♥ 5♥; 9♠ 10♠ Wild Spade Q♠), laying off onto them.
#[divan::bench]
fn arrange_10_cards_3_table_melds(bencher: divan::Bencher) {
    let rules = rules();
    let table: Vec<Vec<u16>> = vec![vec![32, 19, 45], vec![2, 3, 4], vec![47, 48, 55, 50]];
    assert!(table.iter().all(|t| pattern_of(&rules, t).is_some()), "the table holds melds");
    let left: Vec<u16> = (0..56).filter(|c| !table.concat().contains(c)).collect();
    let mut g = Gen(0x7461_626C);
    let hands: Vec<Vec<u16>> = (0..HANDS).map(|_| g.draw(&left, 10)).collect();
    bencher.counter(ItemsCount::new(HANDS)).bench_local(|| {
        hands.iter().map(|h| arrange(&rules, divan::black_box(h), &table).map_or(i64::MAX, |a| a.points)).sum::<i64>()
    });
}
