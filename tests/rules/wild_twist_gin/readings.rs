//! GR-15 (the player who lays a meld names what its wilds stand for) and GR-11a (the greedy
//! knocker chooses by what it can see), on stacked first hands as in the parent module.

use cardlang::agents::{Agent, GreedyAgent};

use super::super::support::*;
use super::{both_decline, defender_with, score, start_with, Deal, LOOSE};

/// Player 2 can knock with 1 (A♠) one way: 5♥ 6♥ Wild Heart, the 9s, J♣ Q♣ K♣. The wild at
/// the end of the heart run may stand for the 7♥ or the 4♥.
const END_WILD: [&str; 10] = ["5♥", "6♥", "Wild Heart", "9♠", "9♦", "9♣", "J♣", "Q♣", "K♣", "A♠"];

#[test]
fn gr_15_the_knocker_names_what_an_end_wild_stands_for() {
    // The defender's 4♥ goes onto the run only when the wild is its 7♥ (83 points, or 79).
    for (reading, lays_off, defender_left) in [("Wild Heart as 7♥", true, 79), ("Wild Heart as 4♥", false, 83)] {
        let deal = Deal { p1: defender_with("4♥"), p2: END_WILD, up: "Q♠", stock: &[], short: false };
        let (mut s, mut log) = start_with(None, &deal);
        both_decline(&mut s, &mut log, "Q♠");
        say(&mut s, &mut log, "knock with 1 deadwood");
        // One way to meld, two readings of its wild: each is offered, named.
        assert_eq!(mover(&s), 2);
        let offers = offered_now(&s);
        assert_eq!(offers.len(), 2, "{offers:?}");
        assert!(offers[0].contains("run 5♥ 6♥ Wild Heart (Wild Heart as 7♥)"), "{offers:?}");
        assert!(offers[1].contains("run Wild Heart 5♥ 6♥ (Wild Heart as 4♥)"), "{offers:?}");
        assert!(offers.iter().all(|o| o.ends_with("; leaves A♠ (1)")), "{offers:?}");
        let pick = offers.iter().find(|o| o.contains(reading)).expect("both readings are offered").clone();
        say(&mut s, &mut log, &pick);
        // GR-10 then holds the reading named.
        assert!(log.lines.iter().any(|l| l.contains("hand of player 2 melds onto") && l.contains(reading)));
        assert_eq!(logged(&log, "lays off 4♥"), lays_off);
        assert!(logged(&log, &format!("deadwood: player 2 1, player 1 {defender_left}")));
        assert_eq!(score(&s, 2), defender_left - 1);
    }
}

#[test]
fn gr_15_a_wild_in_a_set_names_one_of_the_suits_the_set_lacks() {
    // `free_wilds`: the Wild Heart in the set of 9s may be the 9♥ or the 9♣; with the 9♥ named,
    // the defender's 9♣ is laid off, with the 9♣ named it is not.
    let knocker = ["9♠", "9♦", "Wild Heart", "J♣", "Q♣", "K♣", "2♦", "3♦", "4♦", "A♠"];
    let defender = ["9♣", "K♠", "Q♦", "J♠", "10♦", "8♠", "6♣", "4♠", "2♣", "K♦"];
    for (reading, lays_off) in [("Wild Heart as 9♥", true), ("Wild Heart as 9♣", false)] {
        let deal = Deal { p1: defender, p2: knocker, up: "Q♠", stock: &[], short: false };
        let (mut s, mut log) = start_with(Some("free_wilds"), &deal);
        both_decline(&mut s, &mut log, "Q♠");
        say(&mut s, &mut log, "knock with 1 deadwood");
        let offers = offered_now(&s);
        assert_eq!(offers.len(), 2, "{offers:?}");
        assert!(offers.iter().any(|o| o.contains("(Wild Heart as 9♥)")), "{offers:?}");
        assert!(offers.iter().any(|o| o.contains("(Wild Heart as 9♣)")), "{offers:?}");
        let pick = offers.iter().find(|o| o.contains(reading)).expect("both readings are offered").clone();
        say(&mut s, &mut log, &pick);
        assert_eq!(logged(&log, "lays off 9♣"), lays_off);
    }
}

#[test]
fn gr_15_arrangements_that_differ_only_in_which_wild_takes_which_place_are_one() {
    // `free_wilds`: Wild Heart and Wild Club go one into each set, either way round; each wild
    // may stand for either suit its set lacks. Two ways times four readings, but the table
    // reads one of four ways: 10♦ or 10♠, with 8♥ or 8♠.
    let knocker = ["10♣", "10♥", "8♣", "8♦", "Wild Heart", "Wild Club", "A♥", "2♦", "3♣", "4♠"];
    let deal = Deal { p1: LOOSE, p2: knocker, up: "Q♠", stock: &[], short: false };
    let (mut s, mut log) = start_with(Some("free_wilds"), &deal);
    both_decline(&mut s, &mut log, "Q♠");
    say(&mut s, &mut log, "knock with 10 deadwood");
    let offers = offered_now(&s);
    assert_eq!(offers.len(), 4, "{offers:?}");
    for ten in ["10♦", "10♠"] {
        for eight in ["8♥", "8♠"] {
            let both = |o: &&String| o.contains(&format!("as {ten}")) && o.contains(&format!("as {eight}"));
            assert_eq!(offers.iter().filter(both).count(), 1, "{ten} and {eight}: {offers:?}");
        }
    }
}

/// A defender holding `card`, whose other nine cards neither meld nor lay off.
fn gr_11a_deal(card: &'static str) -> Deal<'static> {
    Deal { p1: defender_with(card), p2: END_WILD, up: "3♥", stock: &[], short: false }
}

/// The labels of the arrangements the knocker of [`END_WILD`] is offered, and the one a greedy
/// player with `seed` picks, the defender holding `card`.
fn greedy_pick(card: &'static str, seed: u64) -> (Vec<String>, String) {
    let (mut s, mut log) = start_with(None, &gr_11a_deal(card));
    both_decline(&mut s, &mut log, "3♥");
    say(&mut s, &mut log, "knock with 1 deadwood");
    assert_eq!(mover(&s), 2);
    let legal = s.legal_actions(1);
    let pick = GreedyAgent::new(seed).choose(&s, 1, &legal).expect("the greedy player chooses");
    (offered_now(&s), s.action_label(1, pick))
}

#[test]
fn gr_11a_the_greedy_knocker_leaves_the_fewest_unseen_cards_to_lay_off() {
    // The up-card 3♥ lies face up: the knocker has seen it. Read as the 7♥, the wild leaves the
    // 4♥ and the 8♥ (both unseen) to lay off onto the heart run; read as the 4♥, the 3♥ (seen)
    // and the 7♥ (unseen). The other melds leave the same cards either way (9♥, 10♣, Wild
    // Club). So the greedy knocker names the wild the 4♥, the second offered, whatever its seed.
    for seed in 1..=8 {
        let (offers, pick) = greedy_pick("4♥", seed);
        assert!(offers[0].contains("Wild Heart as 7♥") && offers[1].contains("Wild Heart as 4♥"), "{offers:?}");
        assert!(pick.contains("Wild Heart as 4♥"), "seed {seed}: {pick}");
    }
}

#[test]
fn gr_11a_the_greedy_knocker_does_not_read_the_defender_hidden_hand() {
    // The same table to the knocker, the defender holding the 7♥ or the 4♥: the same choice,
    // though with the 7♥ it lets the defender lay off (the knocker cannot know).
    for seed in 1..=8 {
        let (_, with_seven) = greedy_pick("7♥", seed);
        let (_, with_four) = greedy_pick("4♥", seed);
        assert_eq!(with_seven, with_four, "seed {seed}");
    }
    // Played on: the 7♥ goes onto the run named 4♥ 5♥ 6♥.
    let (mut s, mut log) = start_with(None, &gr_11a_deal("7♥"));
    both_decline(&mut s, &mut log, "3♥");
    say(&mut s, &mut log, "knock with 1 deadwood");
    let (_, pick) = greedy_pick("7♥", 1);
    say(&mut s, &mut log, &pick);
    assert!(logged(&log, "lays off 7♥"));
}

#[test]
fn gr_11a_ties_go_to_the_first_offered() {
    // With the 3♥ unseen too (the up-card is the Q♠), both readings leave two unseen cards to
    // lay off onto the heart run: the first offered, the 7♥, is named.
    for seed in 1..=4 {
        let deal = Deal { p1: defender_with("4♥"), p2: END_WILD, up: "Q♠", stock: &[], short: false };
        let (mut s, mut log) = start_with(None, &deal);
        both_decline(&mut s, &mut log, "Q♠");
        say(&mut s, &mut log, "knock with 1 deadwood");
        let legal = s.legal_actions(1);
        let pick = GreedyAgent::new(seed).choose(&s, 1, &legal).expect("the greedy player chooses");
        assert!(s.action_label(1, pick).contains("Wild Heart as 7♥"), "seed {seed}");
    }
}
