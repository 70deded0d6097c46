//! The meld search (`engine::melds`) is exact: under the rules of GR-5 "Wild Twist Gin Rummy"
//! (sets and runs, suit wilds or free wilds, lay-offs onto the table), its answers equal those
//! of a brute force that knows nothing of the search's per-property reasoning.
//!
//! The brute force works with concrete cards only. A group of hand cards is a meld when some
//! choice, for each wild, of a concrete card it may stand for makes the group distinct concrete
//! cards that form a set or a run by the plain definitions. `kinds_literal` tries every such
//! choice; `kinds_listed` (used in the searches, because trying 52^4 choices for four free wilds
//! is too slow) asks the same question the other way round: is there a legal concrete meld that
//! holds the group's naturals, whose other cards the wilds can stand for one each. The two are
//! checked against each other. Partitions are then searched by plain recursion.

use std::sync::OnceLock;

use cardlang::check::ir::{MeldCard, MeldPattern, MeldRule, MeldRules, MeldSlot};
use cardlang::engine::melds::{
    arrange, deadwood, lay_out, least_arrangements, pattern_of, wild_readings, Arrangement, HandMelds, LaidOut, LayOff,
    Meld, MeldError, Readings, Scratch, MAX_MELD_CARDS,
};
use proptest::prelude::*;
use proptest::sample::subsequence;
use proptest::test_runner::TestCaseError;

mod known_hands;

/// Both ways wild cards may stand in a meld.
const BOTH: [Wilds; 2] = [Wilds::OwnSuit, Wilds::Free];

// ---------------------------------------------------------------------------------------------
// The rules, as a game would declare them.

/// The rank slot's and the suit slot's indices in `MeldRules::slots`.
const RANK_SLOT: u8 = 0;
const SUIT_SLOT: u8 = 1;
/// The patterns' indices in `MeldRules::patterns`.
const SET: u16 = 0;
const RUN: u16 = 1;
/// Card indices: a natural is `13 * suit + rank` (rank 0..13 = A..K; suits H, D, C, S), the
/// wilds are `52 + suit`.
const WILDS: [u16; 4] = [52, 53, 54, 55];
const RANK_NAMES: [&str; 13] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_NAMES: [&str; 4] = ["H", "D", "C", "S"];

/// What a wild stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wilds {
    /// A card of its own suit (GR-5).
    OwnSuit,
    /// A card of any suit (variant `free_wilds`).
    Free,
}

/// The `MeldRules` of GR-5, built by hand.
fn rules(wilds: Wilds) -> MeldRules {
    let set = MeldPattern {
        name: "set".into(),
        min: 3,
        max: 4,
        rules: vec![(RANK_SLOT, MeldRule::Same), (SUIT_SLOT, MeldRule::Different)],
    };
    let run = MeldPattern {
        name: "run".into(),
        min: 3,
        max: u16::MAX,
        rules: vec![
            (SUIT_SLOT, MeldRule::Same),
            (RANK_SLOT, MeldRule::Consecutive { order: 0, rank_of: (0..13i64).map(Some).collect() }),
        ],
    };
    let slots = vec![MeldSlot { property: 0, members: 13 }, MeldSlot { property: 1, members: 4 }];
    let mut cards = Vec::new();
    for suit in 0..4u16 {
        for rank in 0..13u16 {
            let points = brute_points(13 * suit + rank);
            cards.push(MeldCard { values: vec![Some(rank), Some(suit)], wild: false, keeps: 0, points });
        }
    }
    for suit in 0..4u16 {
        let keeps = match wilds {
            Wilds::OwnSuit => 1 << SUIT_SLOT,
            Wilds::Free => 0,
        };
        cards.push(MeldCard { values: vec![None, Some(suit)], wild: true, keeps, points: 15 });
    }
    MeldRules { name: "gin".into(), patterns: vec![set, run], slots, cards, fixed_wilds: false }
}

/// A card by name: `9H`, `10S`, `AD`, `KC`; `WH` is the Wild Heart.
fn card(name: &str) -> u16 {
    let (rank, suit) = name.split_at(name.len() - 1);
    let suit = SUIT_NAMES.iter().position(|s| *s == suit).unwrap_or_else(|| panic!("no suit in {name}")) as u16;
    if rank == "W" {
        return 52 + suit;
    }
    let rank = RANK_NAMES.iter().position(|r| *r == rank).unwrap_or_else(|| panic!("no rank in {name}")) as u16;
    13 * suit + rank
}

/// Cards by name, separated by spaces.
fn cards(names: &str) -> Vec<u16> {
    names.split_whitespace().map(card).collect()
}

/// A card's name, for messages.
fn name(c: u16) -> String {
    match c {
        52.. => format!("W{}", SUIT_NAMES[(c - 52) as usize]),
        _ => format!("{}{}", RANK_NAMES[(c % 13) as usize], SUIT_NAMES[(c / 13) as usize]),
    }
}

fn names(cs: &[u16]) -> String {
    cs.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------------------
// The brute force.

/// A concrete card: rank 0..13 (A..K), suit 0..4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Concrete {
    rank: u8,
    suit: u8,
}

/// The natural card a hand card is, `None` for a wild.
fn natural(c: u16) -> Option<Concrete> {
    (c < 52).then_some(Concrete { rank: (c % 13) as u8, suit: (c / 13) as u8 })
}

/// Every concrete card.
fn all_concrete() -> impl Iterator<Item = Concrete> {
    (0..52).filter_map(natural)
}

/// Whether hand card `c` may stand for the concrete card `x` in a meld.
fn may_be(wilds: Wilds, c: u16, x: Concrete) -> bool {
    match natural(c) {
        Some(own) => own == x,
        None => wilds == Wilds::Free || x.suit as u16 == c - 52,
    }
}

/// A hand card's points in the deadwood: A=1, 2..10 face value, J=11, Q=12, K=13, a wild 15.
fn brute_points(c: u16) -> i64 {
    match natural(c) {
        Some(x) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13][x.rank as usize],
        None => 15,
    }
}

/// No concrete card twice.
fn distinct(xs: &[Concrete]) -> bool {
    xs.iter().enumerate().all(|(i, a)| xs[i + 1..].iter().all(|b| a != b))
}

/// A set: 3 or 4 cards of one rank, all of different suits.
fn is_set(xs: &[Concrete]) -> bool {
    (3..=4).contains(&xs.len())
        && xs.iter().all(|x| x.rank == xs[0].rank)
        && xs.iter().enumerate().all(|(i, a)| xs[i + 1..].iter().all(|b| a.suit != b.suit))
}

/// A run: 3 or more cards of one suit in consecutive ranks, ace low only.
fn is_run(xs: &[Concrete]) -> bool {
    if xs.len() < 3 || !xs.iter().all(|x| x.suit == xs[0].suit) {
        return false;
    }
    let mut ranks: Vec<u8> = xs.iter().map(|x| x.rank).collect();
    ranks.sort();
    ranks.windows(2).all(|w| w[1] == w[0] + 1)
}

/// Which patterns a group of hand cards can follow as one meld: (set, run).
type Kinds = (bool, bool);

/// The definition, tried literally: every choice, for each wild, of a concrete card it may
/// stand for (13 of its suit, or all 52 when free), checked as distinct cards forming a set or
/// a run.
fn kinds_literal(wilds: Wilds, group: &[u16]) -> Kinds {
    fn walk(options: &[Vec<Concrete>], chosen: &mut Vec<Concrete>, found: &mut Kinds) {
        if chosen.len() == options.len() {
            if distinct(chosen) {
                found.0 |= is_set(chosen);
                found.1 |= is_run(chosen);
            }
            return;
        }
        for &x in &options[chosen.len()] {
            chosen.push(x);
            walk(options, chosen, found);
            chosen.pop();
        }
    }
    let options: Vec<Vec<Concrete>> =
        group.iter().map(|&c| all_concrete().filter(|&x| may_be(wilds, c, x)).collect()).collect();
    let mut found = (false, false);
    walk(&options, &mut Vec::new(), &mut found);
    found
}

/// Every legal concrete meld, built from the definitions: each set (a rank, 3 or 4 of its
/// suits) and each run (a suit, a first rank, 3 or more cards up to the king), with whether it
/// is a set. `listing_is_every_legal_concrete_meld` checks it against `is_set` and `is_run`.
fn listing() -> &'static [(Vec<Concrete>, bool)] {
    static LIST: OnceLock<Vec<(Vec<Concrete>, bool)>> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut list = Vec::new();
        for rank in 0..13u8 {
            for suits in 0..16u8 {
                if suits.count_ones() >= 3 {
                    let meld = (0..4u8).filter(|s| suits >> s & 1 == 1).map(|suit| Concrete { rank, suit }).collect();
                    list.push((meld, true));
                }
            }
        }
        for suit in 0..4u8 {
            for first in 0..13u8 {
                for end in first + 3..=13 {
                    list.push(((first..end).map(|rank| Concrete { rank, suit }).collect(), false));
                }
            }
        }
        list
    })
}

/// A concrete card's bit in a mask of concrete cards.
fn bit(x: Concrete) -> u64 {
    1 << (13 * x.suit + x.rank)
}

/// The listing by size: for each number of cards, the melds of that many as masks of
/// concrete cards, with whether each is a set.
fn listing_by_size() -> &'static [Vec<(u64, bool)>] {
    static BY_SIZE: OnceLock<Vec<Vec<(u64, bool)>>> = OnceLock::new();
    BY_SIZE.get_or_init(|| {
        let mut by_size = vec![Vec::new(); 14];
        for (meld, set) in listing() {
            by_size[meld.len()].push((meld.iter().map(|&x| bit(x)).fold(0, |m, b| m | b), *set));
        }
        by_size
    })
}

/// The same question as `kinds_literal`, asked from the other end: some legal concrete meld of
/// the group's size holds every natural of the group, and its other cards can be given to the
/// wilds, one each, every wild standing for a card it may stand for.
fn kinds_listed(wilds: Wilds, group: &[u16]) -> Kinds {
    fn assign(wilds: Wilds, ws: &[u16], missing: &[Concrete], taken: &mut Vec<bool>) -> bool {
        let Some((&w, rest)) = ws.split_first() else { return true };
        for (i, &x) in missing.iter().enumerate() {
            if !taken[i] && may_be(wilds, w, x) {
                taken[i] = true;
                let ok = assign(wilds, rest, missing, taken);
                taken[i] = false;
                if ok {
                    return true;
                }
            }
        }
        false
    }
    // The naturals as a mask (two of one card: no meld), the wilds apart.
    let (mut held, mut ws) = (0u64, Vec::new());
    for &c in group {
        match natural(c) {
            Some(x) if held & bit(x) != 0 => return (false, false),
            Some(x) => held |= bit(x),
            None => ws.push(c),
        }
    }
    let mut found = (false, false);
    for &(meld, set) in listing_by_size().get(group.len()).map_or(&[][..], |l| &l[..]) {
        if held & !meld != 0 || (set && found.0) || (!set && found.1) {
            continue;
        }
        let mut missing = Vec::new();
        let mut rest = meld & !held;
        while rest != 0 {
            let i = rest.trailing_zeros() as u8;
            missing.push(Concrete { rank: i % 13, suit: i / 13 });
            rest &= rest - 1;
        }
        if assign(wilds, &ws, &missing, &mut vec![false; missing.len()]) {
            if set {
                found.0 = true;
            } else {
                found.1 = true;
            }
        }
    }
    found
}

fn is_meld(wilds: Wilds, group: &[u16]) -> bool {
    let (set, run) = kinds_listed(wilds, group);
    set || run
}

/// The cards of `hand` whose bits are set in `mask`.
fn pick(hand: &[u16], mask: usize) -> Vec<u16> {
    (0..hand.len()).filter(|i| mask >> i & 1 == 1).map(|i| hand[i]).collect()
}

/// Every submask of `mask`, `mask` itself and 0 included.
fn submasks(mask: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut sub = mask;
    loop {
        out.push(sub);
        if sub == 0 {
            return out;
        }
        sub = (sub - 1) & mask;
    }
}

/// The brute-force search over one hand, with results remembered by subset.
struct Brute<'a> {
    wilds: Wilds,
    hand: &'a [u16],
    meld: Vec<Option<bool>>,
    own: Vec<Option<i64>>,
}

impl<'a> Brute<'a> {
    fn new(wilds: Wilds, hand: &'a [u16]) -> Self {
        let size = 1 << hand.len();
        Brute { wilds, hand, meld: vec![None; size], own: vec![None; size] }
    }

    fn is_meld(&mut self, mask: usize) -> bool {
        if let Some(m) = self.meld[mask] {
            return m;
        }
        let m = is_meld(self.wilds, &pick(self.hand, mask));
        self.meld[mask] = Some(m);
        m
    }

    /// The fewest deadwood points of the cards in `mask`, with melds of their own only: the
    /// first card is deadwood, or in a meld with some of the others.
    fn own(&mut self, mask: usize) -> i64 {
        if mask == 0 {
            return 0;
        }
        if let Some(v) = self.own[mask] {
            return v;
        }
        let first = 1 << mask.trailing_zeros();
        let rest = mask ^ first;
        let mut best = brute_points(self.hand[first.trailing_zeros() as usize]) + self.own(rest);
        for sub in submasks(rest) {
            if self.is_meld(sub | first) {
                best = best.min(self.own(rest ^ sub));
            }
        }
        self.own[mask] = Some(best);
        best
    }

    /// The fewest deadwood points of the cards in `mask` when the subsets in `fits[0]` may be
    /// laid off onto the first table meld, those of `fits[1]` onto the second, and so on.
    fn with_lay_offs(&mut self, fits: &[Vec<usize>], mask: usize) -> i64 {
        let Some((here, later)) = fits.split_first() else { return self.own(mask) };
        let mut best = i64::MAX;
        for &s in here {
            if s & mask == s {
                best = best.min(self.with_lay_offs(later, mask ^ s));
            }
        }
        best
    }
}

/// The brute-force answer: the fewest deadwood points of `hand`, laying off onto `table`.
fn brute(wilds: Wilds, hand: &[u16], table: &[Vec<u16>]) -> i64 {
    let full = (1usize << hand.len()) - 1;
    // For each table meld, every subset of the hand it can take (none included).
    let fits: Vec<Vec<usize>> = table
        .iter()
        .map(|t| (0..=full).filter(|&s| s == 0 || is_meld(wilds, &[t.clone(), pick(hand, s)].concat())).collect())
        .collect();
    Brute::new(wilds, hand).with_lay_offs(&fits, full)
}

/// Whether the search's arrangement is one the rules allow and its points are its deadwood's:
/// its melds, lay-offs and deadwood are exactly the hand; each meld follows the pattern it
/// names; each table meld with its laid-off cards is a meld; the deadwood is in hand order.
fn check_arrangement(wilds: Wilds, hand: &[u16], table: &[Vec<u16>], a: &Arrangement) -> Result<(), TestCaseError> {
    let mut all: Vec<u16> = a.melds.iter().flat_map(|m| m.cards.iter().copied()).collect();
    all.extend(a.lay_offs.iter().flat_map(|l| l.cards.iter().copied()));
    all.extend(a.deadwood.iter().copied());
    all.sort();
    let mut sorted = hand.to_vec();
    sorted.sort();
    prop_assert_eq!(&all, &sorted, "the arrangement's cards are not the hand");
    for m in &a.melds {
        let (set, run) = kinds_listed(wilds, &m.cards);
        let follows = match m.pattern {
            SET => set,
            RUN => run,
            _ => false,
        };
        prop_assert!(follows, "[{}] is not a meld of pattern {}", names(&m.cards), m.pattern);
    }
    let mut targets: Vec<usize> = a.lay_offs.iter().map(|l| l.target).collect();
    targets.sort();
    targets.dedup();
    prop_assert_eq!(targets.len(), a.lay_offs.len(), "two lay-offs onto one meld");
    for l in &a.lay_offs {
        prop_assert!(l.target < table.len() && !l.cards.is_empty());
        let grown = [table[l.target].clone(), l.cards.clone()].concat();
        prop_assert!(is_meld(wilds, &grown), "[{}] is not a meld", names(&grown));
    }
    let in_order: Vec<u16> = hand.iter().copied().filter(|c| a.deadwood.contains(c)).collect();
    prop_assert_eq!(&in_order, &a.deadwood, "the deadwood is not in hand order");
    prop_assert_eq!(a.points, a.deadwood.iter().map(|&c| brute_points(c)).sum::<i64>());
    Ok(())
}

fn search_failed(e: MeldError) -> TestCaseError {
    TestCaseError::fail(format!("the search failed: {e:?}"))
}

// ---------------------------------------------------------------------------------------------
// Random hands and tables.

/// A hand of `n` distinct cards: 0..=4 wilds, and naturals from all 52, from four consecutive
/// ranks (sets and runs everywhere) or from two suits (runs), in random order.
fn random_hand(n: usize) -> impl Strategy<Value = Vec<u16>> {
    (0usize..=4, 0u8..3, 0u16..=9, 0usize..6)
        .prop_flat_map(move |(k, kind, low, pair)| {
            let k = k.min(n);
            let pool: Vec<u16> = match kind {
                0 => (0..52).collect(),
                1 => (0..52).filter(|c| (low..low + 4).contains(&(c % 13))).collect(),
                _ => {
                    let (a, b) = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)][pair];
                    (0..52).filter(|c| c / 13 == a || c / 13 == b).collect()
                }
            };
            (subsequence(WILDS.to_vec(), k), subsequence(pool, n - k))
        })
        .prop_flat_map(|(ws, naturals)| Just([naturals, ws].concat()).prop_shuffle())
}

/// One meld for the table: a set (of rank `at`: all four suits, or all but `suit`) or a run (of
/// `suit`, 3 to 6 cards from about `at`), some of whose cards are then replaced by wilds.
#[derive(Debug, Clone)]
struct MeldSpec {
    set: bool,
    at: u16,
    suit: u16,
    size: u16,
    wild: Vec<Option<u16>>,
}

fn meld_spec() -> impl Strategy<Value = MeldSpec> {
    (any::<bool>(), 0u16..13, 0u16..4, 0u16..4, prop::collection::vec(prop::option::weighted(0.25, 0u16..4), 6))
        .prop_map(|(set, at, suit, size, wild)| MeldSpec { set, at, suit, size, wild })
}

/// The table the specs describe: each meld built legally from concrete cards, a card replaced
/// by a wild that can stand for it (of its suit, or any when free) where asked and one is still
/// unused; a meld that would reuse a card is left out (the first never is).
fn build_table(wilds: Wilds, specs: &[MeldSpec]) -> Vec<Vec<u16>> {
    let mut used = [false; 56];
    let mut table = Vec::new();
    for s in specs {
        let mut meld: Vec<u16> = if s.set {
            (0..4).filter(|&suit| s.size % 2 == 0 || suit != s.suit).map(|suit| 13 * suit + s.at).collect()
        } else {
            let len = 3 + s.size;
            let first = s.at.min(13 - len);
            (first..first + len).map(|rank| 13 * s.suit + rank).collect()
        };
        if meld.iter().any(|&c| used[c as usize]) {
            continue;
        }
        for (i, w) in s.wild.iter().enumerate().take(meld.len()) {
            let Some(x) = *w else { continue };
            let free = |w: &u16| !used[*w as usize] && !meld.contains(w);
            let wild = match wilds {
                Wilds::OwnSuit => Some(52 + meld[i] / 13).filter(free),
                Wilds::Free => (0..4).map(|d| 52 + (x + d) % 4).find(free),
            };
            if let Some(w) = wild {
                meld[i] = w;
            }
        }
        for &c in &meld {
            used[c as usize] = true;
        }
        table.push(meld);
    }
    table
}

/// A table of 1..=3 legal melds and a hand of 10 cards not on it: 0..=4 of the wilds left, and
/// naturals either from all those left or mostly from those near the table's (same rank, or
/// same suit within three ranks) and four consecutive ranks.
fn table_and_hand(wilds: Wilds) -> impl Strategy<Value = (Vec<Vec<u16>>, Vec<u16>)> {
    (prop::collection::vec(meld_spec(), 1..=3), 0usize..=4, any::<bool>(), 0u16..=9)
        .prop_flat_map(move |(specs, k, near, low)| {
            let table = build_table(wilds, &specs);
            let on_table: Vec<u16> = table.concat();
            let ws: Vec<u16> = WILDS.iter().copied().filter(|w| !on_table.contains(w)).collect();
            let k = k.min(ws.len());
            let rest: Vec<u16> = (0..52).filter(|c| !on_table.contains(c)).collect();
            let close = |c: u16| {
                (low..low + 4).contains(&(c % 13))
                    || on_table
                        .iter()
                        .filter(|&&t| t < 52)
                        .any(|&t| t % 13 == c % 13 || (t / 13 == c / 13 && t.abs_diff(c) <= 3))
            };
            let mut pool: Vec<u16> =
                if near { rest.iter().copied().filter(|&c| close(c)).collect() } else { rest.clone() };
            if pool.len() < 10 - k {
                pool = rest;
            }
            (Just(table), subsequence(ws, k), subsequence(pool, 10 - k))
        })
        .prop_flat_map(|(table, ws, naturals)| (Just(table), Just([naturals, ws].concat()).prop_shuffle()))
}

// ---------------------------------------------------------------------------------------------
// The brute force's own checks.

/// The listing holds exactly the groups of concrete cards that `is_set` or `is_run` accept.
#[test]
fn listing_is_every_legal_concrete_meld() {
    // A set lies within one rank and a run within one suit: within each, every group is tried.
    let listed =
        |xs: &[Concrete]| listing().iter().any(|(m, _)| m.len() == xs.len() && xs.iter().all(|x| m.contains(x)));
    for rank in 0..13u8 {
        for suits in 0..16u8 {
            let xs: Vec<Concrete> =
                (0..4).filter(|s| suits >> s & 1 == 1).map(|suit| Concrete { rank, suit }).collect();
            assert_eq!(listed(&xs), is_set(&xs) || is_run(&xs), "{xs:?}");
        }
    }
    for suit in 0..4u8 {
        for ranks in 0..1u16 << 13 {
            let xs: Vec<Concrete> =
                (0..13).filter(|r| ranks >> r & 1 == 1).map(|rank| Concrete { rank, suit }).collect();
            assert_eq!(listed(&xs), is_set(&xs) || is_run(&xs), "{xs:?}");
        }
    }
    // A group of two ranks and two suits is neither.
    let mixed = [Concrete { rank: 4, suit: 0 }, Concrete { rank: 4, suit: 1 }, Concrete { rank: 5, suit: 0 }];
    assert!(!is_set(&mixed) && !is_run(&mixed));
    assert_eq!(listing().len(), 13 * 5 + 4 * (1..=11).sum::<usize>());
}

/// Trying every value of every wild and asking the listing agree on all 3-card groups of the 56.
#[test]
fn literal_and_listed_agree_on_every_three_cards() {
    for wilds in [Wilds::OwnSuit, Wilds::Free] {
        for a in 0..56u16 {
            for b in a + 1..56 {
                for c in b + 1..56 {
                    let g = [a, b, c];
                    assert_eq!(kinds_literal(wilds, &g), kinds_listed(wilds, &g), "{wilds:?} [{}]", names(&g));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Trying every value of every wild and asking the listing agree on random groups of 3 to 6 cards.
    #[test]
    fn literal_and_listed_agree(cards in (3usize..=6).prop_flat_map(random_hand), free in any::<bool>()) {
        // Up to 3 wilds, 2 when free (a free wild has 52 values to try).
        let wilds = if free { Wilds::Free } else { Wilds::OwnSuit };
        let limit = if free { 2 } else { 3 };
        let mut group = cards;
        while group.iter().filter(|&&c| c >= 52).count() > limit {
            let Some(i) = group.iter().position(|&c| c >= 52) else { break };
            group.remove(i);
        }
        prop_assert_eq!(kinds_literal(wilds, &group), kinds_listed(wilds, &group), "[{}]", names(&group));
    }
}

// ---------------------------------------------------------------------------------------------
// The search against the brute force.

/// The search's deadwood, and its arrangement, for one hand with nothing on the table.
fn agree_on_hand(wilds: Wilds, hand: &[u16]) -> Result<(), TestCaseError> {
    let rules = rules(wilds);
    let expected = brute(wilds, hand, &[]);
    prop_assert_eq!(deadwood(&rules, hand), Ok(expected), "{:?} [{}]", wilds, names(hand));
    let a = arrange(&rules, hand, &[]).map_err(search_failed)?;
    prop_assert!(a.lay_offs.is_empty());
    check_arrangement(wilds, hand, &[], &a)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// With suit wilds, the deadwood of 10- and 11-card hands is the brute force's; the arrangement is legal.
    #[test]
    fn deadwood_is_exact_with_suit_wilds(hand in (10usize..=11).prop_flat_map(random_hand)) {
        agree_on_hand(Wilds::OwnSuit, &hand)?;
    }

    /// With free wilds, the deadwood of 10- and 11-card hands is the brute force's; the arrangement is legal.
    #[test]
    fn deadwood_is_exact_with_free_wilds(hand in (10usize..=11).prop_flat_map(random_hand)) {
        agree_on_hand(Wilds::Free, &hand)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The melds of a hand listed in place of another's (the cache's memory reused) answer as a
    /// fresh search of that hand, for every part of it.
    #[test]
    fn melds_listed_again_in_place_answer_as_a_new_search(
        first in (1usize..=11).prop_flat_map(random_hand),
        second in (1usize..=11).prop_flat_map(random_hand),
    ) {
        for wilds in [Wilds::OwnSuit, Wilds::Free] {
            let rules = rules(wilds);
            let mut reused = HandMelds::new(&rules, &first).map_err(search_failed)?;
            reused.deadwood((1 << first.len()) - 1);
            reused.refill(&rules, &second).map_err(search_failed)?;
            let mut fresh = HandMelds::new(&rules, &second).map_err(search_failed)?;
            for mask in 0..1usize << second.len() {
                prop_assert_eq!(reused.deadwood(mask), fresh.deadwood(mask), "[{}] part {:b}", names(&second), mask);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A hand's melds changed by one card (a card drawn, added at the end or put in the place of
    /// one discarded) answer as a fresh search of the new hand, for every part of it, after the
    /// old hand's answers were worked out.
    #[test]
    fn a_hand_one_card_away_answers_as_a_new_search(
        first in (1usize..=11).prop_flat_map(random_hand),
        draws in prop::collection::vec((0u16..56, any::<prop::sample::Index>(), any::<bool>(), 0u16..4), 2),
        at in any::<prop::sample::Index>(),
    ) {
        for wilds in BOTH {
            let rules = rules(wilds);
            let mut kept = HandMelds::new(&rules, &first).map_err(search_failed)?;
            let mut hand = first.clone();
            // Two changes in a row, each after every answer of the hand before was worked out.
            for &(any_card, near, append, suit) in &draws {
                for mask in 0..1usize << hand.len() {
                    kept.deadwood(mask);
                }
                // Half the time a card near the hand: a hand card's rank in a suit, or a wild.
                let near = hand[near.index(hand.len())];
                let drawn = if any_card % 2 == 0 { any_card } else if near < 52 { near % 13 + 13 * suit } else { 52 + suit };
                if hand.contains(&drawn) || (hand.len() == 11 && append) {
                    continue;
                }
                let i = if append { hand.len() } else { at.index(hand.len()) };
                match hand.get_mut(i) {
                    Some(c) => *c = drawn,
                    None => hand.push(drawn),
                }
                kept.replace(&rules, &hand, i).map_err(search_failed)?;
                let mut fresh = HandMelds::new(&rules, &hand).map_err(search_failed)?;
                for mask in 0..1usize << hand.len() {
                    prop_assert_eq!(kept.deadwood(mask), fresh.deadwood(mask), "[{}] part {:b}", names(&hand), mask);
                }
            }
        }
    }
}

/// The arrangement a search in `scratch` found last, as [`arrange`] gives it.
fn plan_of(scratch: &Scratch) -> Arrangement {
    let plan = scratch.plan();
    Arrangement {
        melds: plan.melds.iter().map(|&(m, p)| Meld { pattern: p, cards: scratch.cards(m).collect() }).collect(),
        lay_offs: plan.lay_offs.iter().map(|&(t, s)| LayOff { target: t, cards: scratch.cards(s).collect() }).collect(),
        deadwood: scratch.cards(plan.left).collect(),
        points: plan.points,
        readings: Vec::new(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Searches run one after another in the same lists (the meld effect's memory reused) answer
    /// as new searches: the best arrangement with lay-offs, every least-deadwood arrangement, and
    /// each meld laid out.
    #[test]
    fn searches_in_reused_lists_answer_as_new_ones(
        (first_table, first) in table_and_hand(Wilds::Free),
        (second_table, second) in table_and_hand(Wilds::OwnSuit),
    ) {
        for wilds in BOTH {
            let rules = rules(wilds);
            let mut scratch = Scratch::default();
            let mut laid = LaidOut::default();
            for (table, hand) in [(&first_table, &first), (&second_table, &second), (&first_table, &second)] {
                let on_table = table.iter().map(Vec::as_slice);
                scratch.arrange(&rules, hand, on_table, Readings::none()).map_err(search_failed)?;
                let fresh = arrange(&rules, hand, table).map_err(search_failed)?;
                prop_assert_eq!(&plan_of(&scratch), &fresh, "[{}]", names(hand));
                let n = scratch.least_arrangements(&rules, hand).map_err(search_failed)?;
                let listed = least_arrangements(&rules, hand).map_err(search_failed)?;
                prop_assert_eq!(n, listed.len());
                for (i, a) in listed.iter().enumerate() {
                    let (melds, dead) = scratch.way(i).ok_or_else(|| TestCaseError::fail("a way missing"))?;
                    let melds: Vec<Meld> =
                        melds.iter().map(|&(m, p)| Meld { pattern: p, cards: scratch.cards(m).collect() }).collect();
                    prop_assert_eq!(&melds, &a.melds);
                    prop_assert_eq!(scratch.cards(dead).collect::<Vec<_>>(), a.deadwood.clone());
                    prop_assert_eq!(scratch.points(dead), a.points);
                    for m in &a.melds {
                        laid.fill(&rules, m.pattern, &m.cards, Readings::none());
                        let again: Vec<(u16, Option<Vec<Option<u16>>>)> =
                            laid.iter().map(|(c, s)| (c, s.map(<[_]>::to_vec))).collect();
                        prop_assert_eq!(again, lay_out(&rules, m.pattern, &m.cards));
                    }
                }
            }
        }
    }
}

/// The search's result for a hand and a table, against the brute force.
fn agree_with_table(wilds: Wilds, table: &[Vec<u16>], hand: &[u16]) -> Result<(), TestCaseError> {
    for t in table {
        prop_assert!(is_meld(wilds, t), "setup: [{}] is not a meld", names(t));
    }
    let a = arrange(&rules(wilds), hand, table).map_err(search_failed)?;
    let expected = brute(wilds, hand, table);
    prop_assert_eq!(
        a.points,
        expected,
        "{:?} hand [{}] table {:?}",
        wilds,
        names(hand),
        table.iter().map(|t| names(t)).collect::<Vec<_>>()
    );
    check_arrangement(wilds, hand, table, &a)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// With suit wilds, laying off onto 1 to 3 table melds leaves the brute force's deadwood, legally.
    #[test]
    fn lay_offs_are_exact_with_suit_wilds((table, hand) in table_and_hand(Wilds::OwnSuit)) {
        agree_with_table(Wilds::OwnSuit, &table, &hand)?;
    }

    /// With free wilds, laying off onto 1 to 3 table melds leaves the brute force's deadwood, legally.
    #[test]
    fn lay_offs_are_exact_with_free_wilds((table, hand) in table_and_hand(Wilds::Free)) {
        agree_with_table(Wilds::Free, &table, &hand)?;
    }
}
