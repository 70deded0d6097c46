//! Every valid arrangement of a hand (issue 43 item 8: a knocker may lay down any valid set of
//! melds, keeping cards back on purpose): `engine::melds::every_arrangement` offers exactly the
//! ways a brute force finds by splitting small hands into melds by the plain words of a meld
//! declaration, fewer melds and none included, more cards melded first, then fewer deadwood
//! points; past the cap of 64, the 64 best in that order.
//!
//! The declaration the hands are read under, built here by hand:
//!
//! ```text
//! melds rummy {
//!     set: same rank, different suit, 3 to 4 cards
//!     run: same suit, consecutive rank, 3 or more cards
//!     wild c where c.wild: stands for a card of its suit
//!     deadwood c: c.points        // A 1 ... 7 7, a wild 15
//! }
//! ```

use std::collections::BTreeSet;

use cardlang::check::ir::{MeldCard, MeldPattern, MeldRule, MeldRules, MeldSlot};
use cardlang::engine::melds::{every_arrangement, offered_arrangements, Arrangement, MAX_ARRANGEMENTS};
use cardlang::engine::rng::Rng;

/// Ranks A..7 (a small deck, so that small hands hold many melds), four suits.
const RANKS: u16 = 7;
const SUITS: u16 = 4;
/// A natural card is `RANKS * suit + rank`; the wilds (one per suit) follow.
const NATURALS: u16 = RANKS * SUITS;

/// The declaration above as the checker would give it to the engine.
fn rules() -> MeldRules {
    let set =
        MeldPattern { name: "set".into(), min: 3, max: 4, rules: vec![(0, MeldRule::Same), (1, MeldRule::Different)] };
    let run = MeldPattern {
        name: "run".into(),
        min: 3,
        max: u16::MAX,
        rules: vec![
            (1, MeldRule::Same),
            (0, MeldRule::Consecutive { order: 0, rank_of: (0..RANKS as i64).map(Some).collect() }),
        ],
    };
    let slots = vec![MeldSlot { property: 0, members: RANKS }, MeldSlot { property: 1, members: SUITS }];
    let mut cards: Vec<MeldCard> = (0..NATURALS)
        .map(|c| MeldCard { values: vec![Some(c % RANKS), Some(c / RANKS)], wild: false, keeps: 0, points: points(c) })
        .collect();
    for suit in 0..SUITS {
        cards.push(MeldCard { values: vec![None, Some(suit)], wild: true, keeps: 1 << 1, points: 15 });
    }
    MeldRules { name: "rummy".into(), patterns: vec![set, run], slots, cards, fixed_wilds: false }
}

// ---------------------------------------------------------------------------------------------
// The brute force, from the words of the declaration only.

/// A card's points: its rank's (A is 1), a wild 15.
fn points(c: u16) -> i64 {
    if c >= NATURALS {
        15
    } else {
        (c % RANKS) as i64 + 1
    }
}

/// A card's suit (a wild keeps its own).
fn suit(c: u16) -> u16 {
    if c >= NATURALS {
        c - NATURALS
    } else {
        c / RANKS
    }
}

/// A natural card's rank; a wild has none of its own.
fn rank(c: u16) -> Option<u16> {
    (c < NATURALS).then_some(c % RANKS)
}

/// "same rank, different suit, 3 to 4 cards": the naturals share a rank, no two cards (a wild
/// by its own suit) share a suit.
fn is_set(group: &[u16]) -> bool {
    let ranks: BTreeSet<u16> = group.iter().filter_map(|&c| rank(c)).collect();
    let suits: BTreeSet<u16> = group.iter().map(|&c| suit(c)).collect();
    (3..=4).contains(&group.len()) && ranks.len() <= 1 && suits.len() == group.len()
}

/// "same suit, consecutive rank, 3 or more cards": one suit; the naturals' ranks all different
/// and inside some window of as many ranks as cards, within A..7 (the wilds fill the gaps).
fn is_run(group: &[u16]) -> bool {
    let suits: BTreeSet<u16> = group.iter().map(|&c| suit(c)).collect();
    let ranks: Vec<u16> = group.iter().filter_map(|&c| rank(c)).collect();
    let distinct: BTreeSet<u16> = ranks.iter().copied().collect();
    let n = group.len() as u16;
    group.len() >= 3
        && suits.len() == 1
        && distinct.len() == ranks.len()
        && n <= RANKS
        && (0..=RANKS - n).any(|start| ranks.iter().all(|&r| (start..start + n).contains(&r)))
}

/// An arrangement as sets: its melds, and the cards left.
type Shape = (BTreeSet<BTreeSet<u16>>, BTreeSet<u16>);

/// Every way to split `hand` into melds and cards left.
fn every_split(hand: &[u16]) -> BTreeSet<Shape> {
    fn go(rest: &[u16], melds: &mut Vec<BTreeSet<u16>>, left: &mut BTreeSet<u16>, out: &mut BTreeSet<Shape>) {
        let Some((&first, others)) = rest.split_first() else {
            out.insert((melds.iter().cloned().collect(), left.clone()));
            return;
        };
        // The first card left...
        left.insert(first);
        go(others, melds, left, out);
        left.remove(&first);
        // ... or in a meld with some of the others.
        for pick in 0u32..1 << others.len() {
            let group: Vec<u16> = std::iter::once(first)
                .chain(others.iter().enumerate().filter(|(i, _)| pick >> i & 1 == 1).map(|(_, &c)| c))
                .collect();
            if is_set(&group) || is_run(&group) {
                let remaining: Vec<u16> =
                    others.iter().enumerate().filter(|(i, _)| pick >> i & 1 == 0).map(|(_, &c)| c).collect();
                melds.push(group.into_iter().collect());
                go(&remaining, melds, left, out);
                melds.pop();
            }
        }
    }
    let mut out = BTreeSet::new();
    go(hand, &mut Vec::new(), &mut BTreeSet::new(), &mut out);
    out
}

/// How a split ranks: more cards melded first, then fewer points left.
fn rank_of(shape: &Shape) -> (std::cmp::Reverse<usize>, i64) {
    let melded = shape.0.iter().map(BTreeSet::len).sum();
    (std::cmp::Reverse(melded), shape.1.iter().map(|&c| points(c)).sum())
}

fn shape(a: &Arrangement) -> Shape {
    (a.melds.iter().map(|m| m.cards.iter().copied().collect()).collect(), a.deadwood.iter().copied().collect())
}

/// A random hand of `size` different cards from the small deck and the four wilds.
fn hand(rng: &mut Rng, size: usize, wilds: bool) -> Vec<u16> {
    let deck = if wilds { NATURALS + SUITS } else { NATURALS } as u64;
    let mut hand = Vec::new();
    while hand.len() < size {
        let c = rng.below(deck) as u16;
        if !hand.contains(&c) {
            hand.push(c);
        }
    }
    hand
}

#[test]
fn a_knocker_is_offered_every_valid_arrangement_as_the_brute_force_finds_them() {
    let rules = rules();
    let mut rng = Rng::new(43);
    let (mut whole, mut capped) = (0, 0);
    for round in 0..300 {
        let h = hand(&mut rng, 5 + round % 10, round % 3 != 0);
        let offered = every_arrangement(&rules, &h).expect("a hand the search takes");
        let splits = every_split(&h);
        let shapes: Vec<Shape> = offered.iter().map(shape).collect();
        // Each offered is a valid split, none twice, in the order promised, its points right.
        for (a, s) in offered.iter().zip(&shapes) {
            assert!(splits.contains(s), "hand {h:?}: {s:?} is not a valid split");
            assert_eq!(a.points, s.1.iter().map(|&c| points(c)).sum::<i64>(), "hand {h:?}: points of {s:?}");
        }
        assert_eq!(shapes.iter().collect::<BTreeSet<_>>().len(), shapes.len(), "hand {h:?}: an arrangement twice");
        assert!(shapes.windows(2).all(|w| rank_of(&w[0]) <= rank_of(&w[1])), "hand {h:?}: out of order");
        if splits.len() <= MAX_ARRANGEMENTS {
            // Every split is offered, keeping every card back included.
            whole += 1;
            assert_eq!(shapes.iter().cloned().collect::<BTreeSet<_>>(), splits, "hand {h:?}");
            assert!(shapes.contains(&(BTreeSet::new(), h.iter().copied().collect())), "hand {h:?}: no melds");
        } else {
            // Past the cap, the 64 best: as many of each rank as the brute force's 64 best.
            capped += 1;
            assert_eq!(offered.len(), MAX_ARRANGEMENTS, "hand {h:?}");
            let mut best: Vec<_> = splits.iter().map(rank_of).collect();
            best.sort();
            best.truncate(MAX_ARRANGEMENTS);
            assert_eq!(shapes.iter().map(rank_of).collect::<Vec<_>>(), best, "hand {h:?}: not the best 64");
        }
    }
    assert!(whole > 50 && capped > 10, "the hands try both sides of the cap: {whole} whole, {capped} capped");
}

#[test]
fn the_least_deadwood_arrangements_are_among_every_arrangement() {
    let rules = rules();
    let mut rng = Rng::new(8);
    for round in 0..200 {
        let h = hand(&mut rng, 6 + round % 4, true);
        let every: Vec<Shape> =
            every_arrangement(&rules, &h).expect("a hand the search takes").iter().map(shape).collect();
        let least = offered_arrangements(&rules, &h).expect("a hand the search takes");
        if every.len() < MAX_ARRANGEMENTS {
            for a in &least {
                assert!(every.contains(&shape(a)), "hand {h:?}: {:?} missing", shape(a));
            }
            // None of every arrangement leaves fewer points than the least-deadwood ones.
            let fewest = every.iter().map(|s| rank_of(s).1).min();
            assert_eq!(fewest, least.first().map(|a| a.points), "hand {h:?}");
        }
    }
}

#[test]
fn the_same_hand_always_gives_the_same_list() {
    let rules = rules();
    let mut rng = Rng::new(5);
    for _ in 0..20 {
        let h = hand(&mut rng, 12, true);
        let first = every_arrangement(&rules, &h).expect("a hand the search takes");
        assert_eq!(first, every_arrangement(&rules, &h).expect("a hand the search takes"));
    }
}

#[test]
fn a_hand_of_sixteen_with_every_wild_still_gets_its_best_sixty_four() {
    // The four wilds and twelve naturals of ranks 2 to 4: a great many ways, cut to the 64 best.
    let h: Vec<u16> =
        (0..SUITS).flat_map(|s| (1..4).map(move |r| RANKS * s + r)).chain(NATURALS..NATURALS + SUITS).collect();
    assert_eq!(h.len(), 16);
    let offered = every_arrangement(&rules(), &h).expect("a hand the search takes");
    assert_eq!(offered.len(), MAX_ARRANGEMENTS);
    let shapes: Vec<Shape> = offered.iter().map(shape).collect();
    assert!(shapes.windows(2).all(|w| rank_of(&w[0]) <= rank_of(&w[1])), "out of order");
    // Every card can be melded (four runs of a suit, a wild each), so the first melds all 16.
    assert_eq!(rank_of(&shapes[0]), (std::cmp::Reverse(16), 0));
    for s in &shapes {
        assert!(s.0.iter().all(|m| {
            let m: Vec<u16> = m.iter().copied().collect();
            is_set(&m) || is_run(&m)
        }));
    }
}

// ---------------------------------------------------------------------------------------------
// The language form: `p chooses a from all arrangements of hand of p`, then `meld ... as a`.

/// The fixture game: deals a hand, player 1 chooses among all arrangements of it and melds the
/// one chosen onto the table (tests/fixtures/lang_melds/any_arrangement.cardgame), `hand_size`
/// cards dealt to each.
fn any_arrangement(hand_size: usize) -> std::sync::Arc<cardlang::engine::Game> {
    let path = format!("{}/tests/fixtures/lang_melds/any_arrangement.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the fixture exists");
    let file = cardlang::syntax::parse(&text).expect("the fixture parses");
    let config =
        cardlang::check::Config { variant: None, sets: vec![("hand_size".into(), hand_size.to_string())], seats: None };
    cardlang::engine::Game::new(cardlang::check::check(&file, &config).expect("the fixture checks"))
}

/// A card of the fixture game by name, as the brute force numbers it: `RANKS * suit + rank`
/// for A♥ .. 7♠, `NATURALS + suit` for the wilds (suits in the order ♥ ♦ ♣ ♠).
fn brute_card(name: &str) -> u16 {
    let suits = ["♥", "♦", "♣", "♠"];
    let wilds = ["Wild Heart", "Wild Diamond", "Wild Club", "Wild Spade"];
    if let Some(s) = wilds.iter().position(|w| *w == name) {
        return NATURALS + s as u16;
    }
    let s = suits.iter().position(|s| name.ends_with(s)).unwrap_or_else(|| panic!("a card of the small deck: {name}"));
    let r = ["A", "2", "3", "4", "5", "6", "7"]
        .iter()
        .position(|r| name.strip_suffix(suits[s]) == Some(r))
        .unwrap_or_else(|| panic!("a rank of the small deck: {name}"));
    RANKS * s as u16 + r as u16
}

/// The cards of a zone of the fixture game as the brute force numbers them.
fn brute_zone(state: &cardlang::engine::State, zone: &str) -> BTreeSet<u16> {
    let z = crate::rules::support::zone(state, zone);
    state.zone_cards(z).iter().map(|&c| brute_card(state.game().card_name(c))).collect()
}

/// What lies where after `meld hand of player 1 to every table as a`: the melds on the table
/// (each zone of the row that holds cards) and what is left in the hand.
fn laid_down(state: &cardlang::engine::State) -> Shape {
    let melds = (1..=8).map(|k| brute_zone(state, &format!("table of {k}"))).filter(|m| !m.is_empty()).collect();
    (melds, brute_zone(state, "hand of player 1"))
}

#[test]
fn a_knocker_chooses_any_valid_arrangement_and_lays_down_the_one_chosen() {
    let (mut whole, mut capped) = (0, 0);
    for seed in 0..40u64 {
        let size = 4 + (seed % 9) as usize;
        let game = any_arrangement(size);
        let state = cardlang::engine::State::new(game, seed);
        let hand: Vec<u16> = brute_zone(&state, "hand of player 1").into_iter().collect();
        let splits = every_split(&hand);
        let legal = state.legal_actions(0);
        if splits.len() < 2 {
            // Nothing to choose: nobody is asked, the game runs on to its end.
            assert!(state.is_over(), "hand {hand:?}: one arrangement, no choice");
            continue;
        }
        // Each action lays down its own arrangement: the chosen one, no other.
        let mut shapes = Vec::new();
        for &a in &legal {
            let mut next = state.clone();
            next.apply(0, a).expect("a legal action is accepted");
            assert!(next.is_over());
            let laid = laid_down(&next);
            assert!(splits.contains(&laid), "hand {hand:?}: {laid:?} is not a valid split");
            let label = state.action_label(0, a);
            let left = laid.1.len();
            assert!(label.contains(&format!("({})", laid.1.iter().map(|&c| points(c)).sum::<i64>())), "{label}");
            if laid.0.is_empty() {
                assert!(label.starts_with("no melds; leaves "), "{label}");
            }
            assert_eq!(crate::rules::support::counter(&next, "left"), rank_of(&laid).1, "hand {hand:?}");
            assert!(left <= hand.len());
            shapes.push(laid);
        }
        assert_eq!(shapes.iter().collect::<BTreeSet<_>>().len(), shapes.len(), "hand {hand:?}: offered twice");
        assert!(shapes.windows(2).all(|w| rank_of(&w[0]) <= rank_of(&w[1])), "hand {hand:?}: out of order");
        if splits.len() <= MAX_ARRANGEMENTS {
            whole += 1;
            assert_eq!(shapes.into_iter().collect::<BTreeSet<_>>(), splits, "hand {hand:?}");
        } else {
            capped += 1;
            let mut best: Vec<_> = splits.iter().map(rank_of).collect();
            best.sort();
            best.truncate(MAX_ARRANGEMENTS);
            assert_eq!(shapes.iter().map(rank_of).collect::<Vec<_>>(), best, "hand {hand:?}: not the best 64");
        }
    }
    assert!(whole > 10 && capped > 0, "hands on both sides of the cap: {whole} whole, {capped} capped");
}

#[test]
fn the_other_player_is_not_told_which_cards_the_knocker_kept_back() {
    let path = format!("{}/tests/fixtures/lang_melds/any_arrangement.cardgame", env!("CARGO_MANIFEST_DIR"));
    let mut chosen = 0;
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let (code, whole, err) = crate::common::cardlang(&["transcript", &path, "--seed", seed]);
        assert_eq!(code, 0, "{err}");
        if !whole.contains("player 1 chooses") {
            continue;
        }
        chosen += 1;
        // The cards dealt to player 1, less those it melded: the cards it kept back.
        let moved = |to: &str| -> BTreeSet<String> {
            whole
                .lines()
                .filter_map(|l| l.strip_suffix(to))
                .filter_map(|l| l.split(':').next())
                .map(String::from)
                .collect()
        };
        let dealt = moved(" stock -> hand of player 1 (face down)");
        let melded: BTreeSet<String> = whole
            .lines()
            .filter(|l| l.contains(": hand of player 1 -> table of"))
            .filter_map(|l| l.split(':').next())
            .map(String::from)
            .collect();
        let kept: Vec<&String> = dealt.difference(&melded).collect();
        let (code, seat2, err) = crate::common::cardlang(&["transcript", &path, "--seed", seed, "--seat", "2"]);
        assert_eq!(code, 0, "{err}");
        assert!(!seat2.contains("leaves"), "seat 2 is shown the arrangements:\n{seat2}");
        for c in kept {
            assert!(!seat2.contains(c.as_str()), "seat 2 is told of {c}, kept back:\n{seat2}");
        }
    }
    assert!(chosen >= 3, "most deals give a choice: {chosen}");
}

/// The fixture game with its `play` procedure's lines replaced by `body`.
fn fixture_with(body: &str) -> String {
    let path = format!("{}/tests/fixtures/lang_melds/any_arrangement.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the fixture exists");
    let start = text.find("procedure play {").expect("a play procedure");
    format!("{}procedure play {{\n{body}\n    end game draw\n}}\n", &text[..start])
}

#[test]
fn all_arrangements_is_formatted_as_written_and_keeps_its_tree() {
    let path = format!("{}/tests/fixtures/lang_melds/any_arrangement.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the fixture exists");
    assert_eq!(cardlang::syntax::format(&text).expect("formats"), text, "the fixture is formatted already");
    // Spread over lines and spaces, it comes back to the one layout.
    let messy =
        text.replace("from all arrangements of hand of player 1", "from all\n   arrangements    of (hand of player 1)");
    assert_ne!(messy, text);
    assert_eq!(cardlang::syntax::format(&messy).expect("formats"), text);
}

#[test]
fn all_arrangements_is_only_chosen_from_and_laid_down_by_meld() {
    let codes = |body: &str| -> Vec<String> {
        let file = cardlang::syntax::parse(&fixture_with(body)).expect("parses");
        match cardlang::check::check(&file, &cardlang::check::Config::default()) {
            Ok(_) => Vec::new(),
            Err(e) => e
                .errors
                .iter()
                .map(|x| miette::Diagnostic::code(x).map(|c| c.to_string()).unwrap_or_default())
                .collect(),
        }
    };
    assert_eq!(
        codes(r#"    announce "{all arrangements of hand of player 1}""#),
        ["cardlang::check::arrangements_as_value"]
    );
    assert_eq!(
        codes("    player 1 chooses a from all arrangements of hand of player 1\n    lay off hand of player 1 to every table as a"),
        ["cardlang::check::lay_off_arrangement"]
    );
    assert!(codes("    player 1 chooses a from all arrangements of hand of player 1\n    meld hand of player 1 to every table as a").is_empty());
    // `all` still begins an aggregate when no `arrangements` follows.
    assert!(codes("    if all c in hand of player 1 where c.points > 0 {\n        announce \"all\"\n    }").is_empty());
}
