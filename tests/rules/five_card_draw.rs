//! Scenario tests for Five-Card Draw (`games/five_card_draw.cardgame`), one or more per rule
//! FD-1 ... FD-17 of docs/games/five_card_draw.md (each test's name starts with its id). Each
//! stacks the pack, makes the players' choices by their labels, and checks the hands, the chips
//! and the result.
//!
//! Player 1 deals the first hand: five cards each, one at a time from the dealer's left (player 2)
//! round to the dealer. Player 2 acts first in both rounds of betting and draws first. A betting
//! choice is an action (`check`, `bet`, `call`, `raise`, `fold`); a draw is a set of cards to
//! discard (`no card`, `K♥ + 7♠`).

use cardlang::engine::{ArrangeStep, Recorder, State};

use super::support::*;

const GAME: &str = "five_card_draw";

/// A table of `hands.len()` seats with player `i + 1` dealt `hands[i]` (in the order the cards are
/// dealt to them), then `next` on top of the pack for the draw. `before` runs first (chips moved
/// between purses).
fn start_with(
    sets: &[(&str, &str)],
    hands: &[[&str; 5]],
    next: &[&str],
    before: Vec<ArrangeStep>,
) -> (State, Recorder) {
    let seats = hands.len();
    // Five rounds, each from the dealer's (player 1's) left round to the dealer.
    let mut order: Vec<&str> = (0..5).flat_map(|round| (1..=seats).map(move |k| hands[k % seats][round])).collect();
    order.extend(next);
    // The tests count from stacks of 100 chips unless they say otherwise.
    let mut all: Vec<(&str, &str)> = sets.to_vec();
    if !all.iter().any(|(k, _)| *k == "chips") {
        all.push(("chips", "100"));
    }
    let g = game_seated(GAME, None, &all, Some(seats as u8));
    let mut steps = before;
    steps.extend(stacked_pack(&order));
    let mut log = Recorder::default();
    let s = start(&g, &steps, &mut log);
    (s, log)
}

fn stacked_pack(order: &[&str]) -> Vec<ArrangeStep> {
    for (i, c) in order.iter().enumerate() {
        assert!(!order[..i].contains(c), "{c} is named twice in the deal");
    }
    vec![top("pack", order)]
}

/// Chips moved from one purse to another before the first deal.
fn chips_from(amount: i64, from: u8, to: u8) -> ArrangeStep {
    ArrangeStep::Transfer { amount, from: format!("purse of player {from}"), to: format!("purse of player {to}") }
}

/// A player's value of a per-player counter (players from 1).
fn of(state: &State, name: &str, player: usize) -> i64 {
    state.counter(name).and_then(|v| v[player - 1].as_int()).unwrap_or_else(|| panic!("no counter {name}"))
}

/// The chips a player owns: in their purse and in the pot.
fn chips(state: &State, player: usize) -> i64 {
    of(state, "purse", player) + of(state, "stake", player)
}

/// Every chip of the table.
fn all_chips(state: &State, seats: usize) -> i64 {
    (1..=seats).map(|p| chips(state, p)).sum::<i64>() + counter(state, "pot")
}

/// Every remaining decision of the deal being played is a check or standing pat, until the next
/// deal begins (or the game ends).
fn check_down(state: &mut State, log: &mut Recorder) {
    let deal = counter(state, "deals");
    let mut guard = 0;
    while !state.is_over() && counter(state, "deals") == deal {
        guard += 1;
        assert!(guard < 100, "the deal did not end");
        let offered = offered_now(state);
        if offered.iter().any(|l| l == "check") {
            say(state, log, "check");
        } else if offered.iter().any(|l| l == "no card") {
            say(state, log, "no card");
        } else {
            panic!("neither a check nor standing pat is offered: {offered:?}");
        }
    }
}

/// Two players check the hand down and show; the chips each owns after the showdown.
fn showdown(p1: [&str; 5], p2: [&str; 5]) -> (i64, i64, Recorder) {
    let (mut s, mut log) = start_with(&[], &[p1, p2], &[], Vec::new());
    check_down(&mut s, &mut log);
    assert_eq!(all_chips(&s, 2), 200);
    (chips(&s, 1), chips(&s, 2), log)
}

/// Which player wins a checked-down showdown (`None`: an exact tie), with the category the winner
/// is announced with.
fn winner(p1: [&str; 5], p2: [&str; 5]) -> Option<u8> {
    let (a, b, _) = showdown(p1, p2);
    match (a, b) {
        (101, 99) => Some(1),
        (99, 101) => Some(2),
        (100, 100) => None,
        other => panic!("the pot of 2 was not paid out: {other:?}"),
    }
}

/// The category a hand is shown as, from the showdown's announcement for player 1.
fn shown_as(p1: [&str; 5], p2: [&str; 5]) -> String {
    let (_, _, log) = showdown(p1, p2);
    let line = log.lines.iter().find(|l| l.starts_with("» player 1 shows ")).expect("player 1 shows a hand");
    line.trim_start_matches("» player 1 shows ").to_string()
}

// ---- FD-1 to FD-5: the pack, the table, the deal ----

/// FD-1: a standard pack of 52 cards; after the deal of five each to two players, 42 are left.
#[test]
fn fd_1_a_standard_pack_of_52_cards() {
    let (s, _) = start_with(&[], &[["A♠", "K♠", "Q♠", "J♠", "10♠"], ["2♥", "3♥", "4♥", "5♥", "7♦"]], &[], Vec::new());
    assert_eq!(total_cards(&s), 52);
    let mut all: Vec<String> =
        ["pack", "hand of player 1", "hand of player 2"].iter().flat_map(|z| cards(&s, z)).collect();
    all.sort();
    assert_eq!(all, sorted_labels(&STANDARD_52));
    assert_eq!(count(&s, "pack"), 42);
}

/// FD-2: two to six players, each with the `chips` option's stack.
#[test]
fn fd_2_six_players_each_start_with_the_chips_option() {
    let hands: Vec<[&str; 5]> = (0..6)
        .map(|i| {
            let base = i * 5;
            [
                STANDARD_52[base],
                STANDARD_52[base + 1],
                STANDARD_52[base + 2],
                STANDARD_52[base + 3],
                STANDARD_52[base + 4],
            ]
        })
        .collect();
    let (s, _) = start_with(&[("chips", "30")], &hands, &[], Vec::new());
    for p in 1..=6 {
        assert_eq!(chips(&s, p), 30, "player {p}");
        assert_eq!(count(&s, &format!("hand of player {p}")), 5);
    }
    assert_eq!(count(&s, "pack"), 22);
    // The range is part of the game: a seventh seat is refused.
    let refused = std::panic::catch_unwind(|| game_seated(GAME, None, &[], Some(7)));
    assert!(refused.is_err(), "seven players are refused");
}

/// FD-3: player 1 deals first; the button then moves one seat to the left each deal, and the
/// player at the dealer's left acts first.
#[test]
fn fd_3_the_button_moves_left_each_deal() {
    let hands = [["A♠", "K♠", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"], ["2♣", "3♣", "4♣", "8♣", "7♣"]];
    let (mut s, mut log) = start_with(&[], &hands, &[], Vec::new());
    assert!(logged(&log, "» deal 1: player 1 deals"));
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "fold");
    say(&mut s, &mut log, "fold");
    assert!(logged(&log, "» deal 2: player 2 deals"));
    assert_eq!(mover(&s), 3);
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "fold");
    say(&mut s, &mut log, "fold");
    assert!(logged(&log, "» deal 3: player 3 deals"));
    assert_eq!(mover(&s), 1);
}

/// FD-4: every player antes before the deal; a player with fewer chips than the ante puts in all
/// they have.
#[test]
fn fd_4_each_player_antes_and_a_short_stack_antes_all_it_has() {
    let hands = [["A♠", "K♠", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"], ["2♣", "3♣", "4♣", "8♣", "7♣"]];
    let (s, _) = start_with(&[("ante", "5")], &hands, &[], vec![chips_from(97, 3, 1)]);
    assert_eq!(of(&s, "stake", 1), 5);
    assert_eq!(of(&s, "stake", 2), 5);
    assert_eq!(of(&s, "stake", 3), 3);
    assert_eq!(of(&s, "purse", 1), 192);
    assert_eq!(of(&s, "purse", 2), 95);
    assert_eq!(of(&s, "purse", 3), 0);
}

/// FD-5: five cards to each player, one at a time, from the dealer's left round to the dealer.
#[test]
fn fd_5_five_cards_each_one_at_a_time_from_the_dealers_left() {
    let p1 = ["A♠", "K♠", "Q♠", "J♠", "9♥"];
    let p2 = ["2♥", "3♥", "4♥", "5♥", "7♦"];
    let (s, log) = start_with(&[], &[p1, p2], &[], Vec::new());
    let from = log.lines.iter().position(|l| l == "» deal 1: player 1 deals").expect("deal 1");
    let dealt: Vec<&String> = log.lines[from..].iter().filter(|l| l.contains(": pack -> hand")).collect();
    assert_eq!(dealt.len(), 10);
    for (i, l) in dealt.iter().enumerate() {
        let (who, card) = if i % 2 == 0 { (2, p2[i / 2]) } else { (1, p1[i / 2]) };
        assert!(l.starts_with(&format!("{card}: pack -> hand of player {who}")), "card {}: {l}", i + 1);
    }
    let mut h1 = cards(&s, "hand of player 1");
    h1.sort();
    assert_eq!(h1, sorted_labels(&p1));
}

// ---- FD-6 to FD-8: betting and the draw ----

/// FD-6: with nothing owed a player checks or bets; facing a bet, calls, raises or folds. The
/// first round's bet is the small bet (2), the second round's twice that (4); a raise is the call
/// plus one bet.
#[test]
fn fd_6_fixed_limit_bets_of_two_then_four() {
    let (mut s, mut log) =
        start_with(&[], &[["A♠", "A♥", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]], &[], Vec::new());
    assert_eq!(sorted_labels(&["bet", "check"]), {
        let mut o = offered_now(&s);
        o.sort();
        o
    });
    say(&mut s, &mut log, "bet");
    assert_eq!(of(&s, "stake", 2), 3);
    let mut o = offered_now(&s);
    o.sort();
    assert_eq!(o, sorted_labels(&["call", "fold", "raise"]));
    say(&mut s, &mut log, "raise");
    // Player 1 calls 2 and raises 2: 4 in this round, 5 with the ante.
    assert_eq!(of(&s, "stake", 1), 5);
    assert!(logged(&log, "» player 1 raises to 4"));
    say(&mut s, &mut log, "call");
    assert_eq!(of(&s, "stake", 2), 5);
    // The draw: both stand pat.
    say(&mut s, &mut log, "no card");
    say(&mut s, &mut log, "no card");
    say(&mut s, &mut log, "bet");
    assert_eq!(of(&s, "stake", 2), 9);
    say(&mut s, &mut log, "raise");
    assert_eq!(of(&s, "stake", 1), 13);
    say(&mut s, &mut log, "call");
    // Player 1's pair of aces takes the pot of 26.
    assert!(logged(&log, "» player 1 wins 26 with one pair"));
    assert_eq!(chips(&s, 1), 113);
    assert_eq!(chips(&s, 2), 87);
}

/// FD-6: a round allows a bet and three raises (`max_raises`); after that a player may only call
/// or fold.
#[test]
fn fd_6_a_bet_and_three_raises_cap_the_round() {
    let (mut s, mut log) =
        start_with(&[], &[["A♠", "A♥", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]], &[], Vec::new());
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "raise");
    say(&mut s, &mut log, "raise");
    say(&mut s, &mut log, "raise");
    let mut o = offered_now(&s);
    o.sort();
    assert_eq!(o, sorted_labels(&["call", "fold"]));
    say(&mut s, &mut log, "call");
    // Each put in 8 this round (2 + 2 + 2 + 2), plus the ante.
    assert_eq!(of(&s, "stake", 1), 9);
    assert_eq!(of(&s, "stake", 2), 9);
    // With `max_raises` 0, a bet can only be called or folded to.
    let (mut s, mut log) = start_with(
        &[("max_raises", "0")],
        &[["A♠", "A♥", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]],
        &[],
        Vec::new(),
    );
    say(&mut s, &mut log, "bet");
    let mut o = offered_now(&s);
    o.sort();
    assert_eq!(o, sorted_labels(&["call", "fold"]));
}

/// FD-7: the round goes on until each player has acted and all still in have put in as much: a
/// check followed by a bet gives the checker another turn; a raise gives the bettor another.
#[test]
fn fd_7_a_bet_or_raise_gives_the_others_another_turn() {
    let hands = [["A♠", "K♠", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"], ["2♣", "3♣", "4♣", "8♣", "7♣"]];
    let (mut s, mut log) = start_with(&[], &hands, &[], Vec::new());
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "check");
    assert_eq!(mover(&s), 3);
    say(&mut s, &mut log, "check");
    assert_eq!(mover(&s), 1);
    say(&mut s, &mut log, "bet");
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "call");
    assert_eq!(mover(&s), 3);
    say(&mut s, &mut log, "raise");
    // Player 1 bet and player 2 called, but both owe 2 more after player 3's raise.
    assert_eq!(mover(&s), 1);
    say(&mut s, &mut log, "call");
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "call");
    // Everyone has put in 4: the round is over and the draw begins at the dealer's left.
    assert_eq!(mover(&s), 2);
    assert!(offered_now(&s).iter().any(|l| l == "no card"));
    // All checking also ends a round.
    let (mut s, mut log) = start_with(&[], &hands, &[], Vec::new());
    for _ in 0..3 {
        say(&mut s, &mut log, "check");
    }
    assert!(offered_now(&s).iter().any(|l| l == "no card"));
}

/// FD-8: each player still in discards none to three cards, face down, and is dealt as many from
/// the pack, in turn from the dealer's left; four discards are not offered.
#[test]
fn fd_8_a_player_discards_up_to_three_and_draws_as_many() {
    let (mut s, mut log) = start_with(
        &[],
        &[["A♠", "A♥", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]],
        &["6♥", "K♦", "K♣", "K♥"],
        Vec::new(),
    );
    say(&mut s, &mut log, "check");
    say(&mut s, &mut log, "check");
    assert_eq!(mover(&s), 2);
    let offered = offered_now(&s);
    // No card, 5 singles, 10 pairs, 10 triples.
    assert_eq!(offered.len(), 26);
    assert!(offered.iter().all(|l| l.split(" + ").count() <= 3));
    say_set(&mut s, &mut log, "7♦");
    assert!(logged(&log, "» player 2 draws 1"));
    let mut h2 = cards(&s, "hand of player 2");
    h2.sort();
    assert_eq!(h2, sorted_labels(&["2♥", "3♥", "4♥", "5♥", "6♥"]));
    say_set(&mut s, &mut log, "Q♠ + J♠ + 9♥");
    let mut h1 = cards(&s, "hand of player 1");
    h1.sort();
    assert_eq!(h1, sorted_labels(&["A♠", "A♥", "K♦", "K♣", "K♥"]));
    assert_eq!(count(&s, "muck"), 4);
    assert!(logged(&log, "» player 1 draws 3"));
    // Player 2's straight flush beats player 1's full house.
    check_down(&mut s, &mut log);
    assert!(logged(&log, "» player 2 wins 2 with a straight flush"));
}

// ---- FD-9 to FD-11: the ranking of hands ----

/// FD-9: a straight flush beats four of a kind.
#[test]
fn fd_9_a_straight_flush_beats_four_of_a_kind() {
    let sf = ["9♥", "8♥", "7♥", "6♥", "5♥"];
    assert_eq!(winner(sf, ["A♠", "A♦", "A♣", "A♥", "K♠"]), Some(1));
    assert_eq!(shown_as(sf, ["A♠", "A♦", "A♣", "A♥", "K♠"]), "a straight flush");
}

/// FD-9: four of a kind beats a full house.
#[test]
fn fd_9_four_of_a_kind_beats_a_full_house() {
    let quads = ["2♠", "2♥", "2♦", "2♣", "3♠"];
    assert_eq!(winner(quads, ["A♠", "A♥", "A♦", "K♠", "K♥"]), Some(1));
    assert_eq!(shown_as(quads, ["A♠", "A♥", "A♦", "K♠", "K♥"]), "four of a kind");
}

/// FD-9: a full house beats a flush.
#[test]
fn fd_9_a_full_house_beats_a_flush() {
    let full = ["3♠", "3♥", "3♦", "2♠", "2♥"];
    assert_eq!(winner(full, ["A♦", "K♦", "Q♦", "J♦", "9♦"]), Some(1));
    assert_eq!(shown_as(full, ["A♦", "K♦", "Q♦", "J♦", "9♦"]), "a full house");
}

/// FD-9: a flush beats a straight.
#[test]
fn fd_9_a_flush_beats_a_straight() {
    let flush = ["2♣", "4♣", "6♣", "8♣", "9♣"];
    assert_eq!(winner(flush, ["A♠", "K♥", "Q♦", "J♣", "10♠"]), Some(1));
    assert_eq!(shown_as(flush, ["A♠", "K♥", "Q♦", "J♣", "10♠"]), "a flush");
}

/// FD-9: a straight (here the lowest, the wheel) beats three of a kind.
#[test]
fn fd_9_a_straight_beats_three_of_a_kind() {
    let wheel = ["A♥", "2♦", "3♣", "4♠", "5♥"];
    assert_eq!(winner(wheel, ["A♠", "A♦", "A♣", "K♠", "Q♥"]), Some(1));
    assert_eq!(shown_as(wheel, ["A♠", "A♦", "A♣", "K♠", "Q♥"]), "a straight");
}

/// FD-9: three of a kind beats two pair.
#[test]
fn fd_9_three_of_a_kind_beats_two_pair() {
    let trips = ["2♠", "2♥", "2♦", "3♠", "4♥"];
    assert_eq!(winner(trips, ["A♠", "A♥", "K♠", "K♥", "Q♠"]), Some(1));
    assert_eq!(shown_as(trips, ["A♠", "A♥", "K♠", "K♥", "Q♠"]), "three of a kind");
}

/// FD-9: two pair beats one pair.
#[test]
fn fd_9_two_pair_beats_one_pair() {
    let two = ["3♠", "3♥", "2♠", "2♥", "4♦"];
    assert_eq!(winner(two, ["A♠", "A♥", "K♠", "Q♥", "J♦"]), Some(1));
    assert_eq!(shown_as(two, ["A♠", "A♥", "K♠", "Q♥", "J♦"]), "two pair");
}

/// FD-9: one pair beats the highest high card.
#[test]
fn fd_9_one_pair_beats_high_card() {
    let pair = ["2♠", "2♥", "3♦", "4♣", "6♠"];
    assert_eq!(winner(pair, ["A♠", "K♥", "Q♦", "J♣", "9♠"]), Some(1));
    assert_eq!(shown_as(pair, ["A♠", "K♥", "Q♦", "J♣", "9♠"]), "one pair");
    assert_eq!(shown_as(["A♠", "K♥", "Q♦", "J♣", "9♠"], pair), "high card");
}

/// FD-10: the wheel, A-2-3-4-5, is the lowest straight: a six-high straight beats it.
#[test]
fn fd_10_a_wheel_is_the_lowest_straight() {
    assert_eq!(winner(["A♥", "2♦", "3♣", "4♠", "5♥"], ["2♠", "3♥", "4♦", "5♣", "6♠"]), Some(2));
}

/// FD-10: the ace is high at the top of a straight: A-K-Q-J-10 beats K-Q-J-10-9.
#[test]
fn fd_10_an_ace_high_straight_beats_a_king_high_one() {
    assert_eq!(winner(["10♠", "J♥", "Q♦", "K♣", "A♠"], ["9♠", "10♥", "J♦", "Q♣", "K♠"]), Some(1));
}

/// FD-10: a straight does not turn the corner: Q-K-A-2-3 is only ace high, beaten by a pair.
#[test]
fn fd_10_no_straight_turns_the_corner() {
    let corner = ["Q♠", "K♥", "A♦", "2♣", "3♠"];
    assert_eq!(shown_as(corner, ["7♠", "7♥", "4♦", "5♣", "6♠"]), "high card");
    assert_eq!(winner(corner, ["7♠", "7♥", "4♦", "5♣", "6♠"]), Some(2));
}

/// FD-10: a wheel of one suit is a straight flush (the lowest), above four aces.
#[test]
fn fd_10_a_wheel_of_one_suit_is_a_straight_flush() {
    let steel = ["A♥", "2♥", "3♥", "4♥", "5♥"];
    assert_eq!(shown_as(steel, ["K♠", "K♦", "K♣", "K♥", "Q♠"]), "a straight flush");
    assert_eq!(winner(steel, ["K♠", "K♦", "K♣", "K♥", "Q♠"]), Some(1));
    assert_eq!(winner(steel, ["6♠", "5♠", "4♠", "3♠", "2♠"]), Some(2));
}

/// FD-11: straight flushes (and straights) rank by their top card.
#[test]
fn fd_11_straight_flushes_rank_by_their_top_card() {
    assert_eq!(winner(["9♥", "8♥", "7♥", "6♥", "5♥"], ["10♠", "9♠", "8♠", "7♠", "6♠"]), Some(2));
}

/// FD-11: four of a kind ranks by the four.
#[test]
fn fd_11_four_of_a_kind_ranks_by_the_four() {
    assert_eq!(winner(["5♠", "5♥", "5♦", "5♣", "2♠"], ["4♠", "4♥", "4♦", "4♣", "A♠"]), Some(1));
}

/// FD-11: a full house ranks by its three, before its pair.
#[test]
fn fd_11_a_full_house_ranks_by_its_three() {
    assert_eq!(winner(["3♠", "3♥", "3♦", "A♠", "A♥"], ["4♠", "4♥", "4♦", "2♠", "2♥"]), Some(2));
}

/// FD-11: flushes compare card by card, down to the fifth.
#[test]
fn fd_11_flushes_compare_card_by_card() {
    assert_eq!(winner(["A♥", "K♥", "9♥", "7♥", "3♥"], ["A♠", "K♠", "9♠", "7♠", "2♠"]), Some(1));
    assert_eq!(winner(["A♥", "Q♥", "J♥", "10♥", "8♥"], ["A♠", "K♠", "4♠", "3♠", "2♠"]), Some(2));
}

/// FD-11: three of a kind ranks by the three, whatever the kickers.
#[test]
fn fd_11_three_of_a_kind_ranks_by_the_three() {
    assert_eq!(winner(["Q♠", "Q♥", "Q♦", "2♠", "3♥"], ["J♠", "J♥", "J♦", "A♠", "K♥"]), Some(1));
}

/// FD-11: two pair ranks by the higher pair, then the lower pair, then the kicker.
#[test]
fn fd_11_two_pair_by_higher_pair_then_lower_pair_then_kicker() {
    assert_eq!(winner(["K♠", "K♥", "2♦", "2♣", "3♠"], ["Q♠", "Q♥", "J♦", "J♣", "A♠"]), Some(1));
    assert_eq!(winner(["K♠", "K♥", "6♦", "6♣", "2♠"], ["K♦", "K♣", "5♥", "5♠", "A♠"]), Some(1));
    assert_eq!(winner(["K♠", "K♥", "5♦", "5♣", "3♠"], ["K♦", "K♣", "5♥", "5♠", "4♠"]), Some(2));
}

/// FD-11: one pair ranks by the pair, then the kickers one by one, down to the last.
#[test]
fn fd_11_one_pair_by_the_pair_then_the_kickers() {
    assert_eq!(winner(["3♠", "3♥", "A♦", "K♣", "Q♠"], ["4♠", "4♥", "2♦", "5♣", "6♠"]), Some(2));
    assert_eq!(winner(["K♠", "K♥", "9♦", "5♣", "3♠"], ["K♦", "K♣", "9♠", "5♥", "2♠"]), Some(1));
}

/// FD-11: high card hands compare card by card, down to the last.
#[test]
fn fd_11_high_cards_compare_down_to_the_last() {
    assert_eq!(winner(["A♥", "K♦", "9♣", "7♠", "3♥"], ["A♠", "K♣", "9♦", "7♥", "2♠"]), Some(1));
    // (K-Q-J-10-9 would be a straight: the second hand is K-Q-J-10-8.)
    assert_eq!(winner(["A♥", "Q♦", "J♣", "10♠", "8♥"], ["K♠", "Q♣", "J♦", "10♥", "8♠"]), Some(1));
}

// ---- FD-12 to FD-14: the pot ----

/// FD-12: a player left alone when the others fold takes the pot without showing; at a showdown
/// every hand still in is shown.
#[test]
fn fd_12_a_player_left_alone_takes_the_pot_unseen() {
    let (mut s, mut log) =
        start_with(&[], &[["A♠", "K♠", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]], &[], Vec::new());
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "fold");
    assert!(logged(&log, "» player 2 takes the pot of 4 unopposed"));
    assert!(!log.lines.iter().any(|l| l.contains("-> shown of")));
    assert_eq!(chips(&s, 2), 101);
    assert_eq!(chips(&s, 1), 99);
    // Checked down, both hands are shown.
    let (_, _, log) = showdown(["A♠", "K♠", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]);
    assert_eq!(log.lines.iter().filter(|l| l.contains("-> shown of player")).count(), 10);
    assert!(logged(&log, "» player 1 shows high card"));
    assert!(logged(&log, "» player 2 shows high card"));
}

/// FD-13: equal hands split the pot; an odd chip goes to the tied player nearest the dealer's left.
#[test]
fn fd_13_equal_hands_split_the_pot_and_the_odd_chip_goes_left() {
    assert_eq!(winner(["A♥", "K♦", "9♣", "7♠", "3♥"], ["A♠", "K♣", "9♦", "7♥", "3♠"]), None);
    // Three players: player 3 folds to player 2's bet, player 1 calls, and 1 and 2 tie: the pot
    // of 7 is 3 each and the odd chip to player 2, the first at the dealer's left.
    let hands = [["A♥", "K♦", "9♣", "7♠", "3♥"], ["A♠", "K♣", "9♦", "7♥", "3♠"], ["2♣", "4♣", "5♦", "8♣", "J♣"]];
    let (mut s, mut log) = start_with(&[], &hands, &[], Vec::new());
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "fold");
    say(&mut s, &mut log, "call");
    check_down(&mut s, &mut log);
    assert!(logged(&log, "» 2 players tie with equal hands and split 7"));
    assert_eq!(chips(&s, 2), 101);
    assert_eq!(chips(&s, 1), 100);
    assert_eq!(chips(&s, 3), 99);
    assert_eq!(all_chips(&s, 3), 300);
}

/// FD-14: a player short of chips goes all-in; they can win only what every other player put in
/// up to their own stake (the main pot), and the rest (the side pot) goes to the best hand among
/// the players who put it in.
#[test]
fn fd_14_an_all_in_player_wins_only_the_main_pot() {
    // Player 3 holds 5 chips: after the ante, 4.
    let hands = [["2♣", "4♣", "5♦", "8♣", "J♣"], ["K♠", "K♥", "9♦", "5♣", "3♠"], ["A♠", "A♥", "Q♠", "J♠", "9♥"]];
    let (mut s, mut log) = start_with(&[], &hands, &[], vec![chips_from(95, 3, 1)]);
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "raise");
    assert!(logged(&log, "» player 3 raises to 4 and is all-in"));
    say(&mut s, &mut log, "call");
    say(&mut s, &mut log, "call");
    // The draw, then player 2 and player 1 bet on alone.
    say(&mut s, &mut log, "no card");
    say(&mut s, &mut log, "no card");
    say(&mut s, &mut log, "no card");
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "bet");
    assert_eq!(mover(&s), 1);
    say(&mut s, &mut log, "call");
    // Stakes 9, 9, 5: a main pot of 15 to player 3's aces; a side pot of 8 to player 2's kings.
    assert!(logged(&log, "» player 3 wins 15 with one pair"));
    assert!(logged(&log, "» player 2 wins 8 with one pair"));
    assert_eq!(chips(&s, 3), 15);
    assert_eq!(chips(&s, 2), 99);
    assert_eq!(chips(&s, 1), 186);
    assert_eq!(all_chips(&s, 3), 300);
}

/// FD-14: a call with too few chips puts in what the player has; the caller's unmatched chips
/// come back to the bettor as a side pot only they are in.
#[test]
fn fd_14_a_short_call_is_all_in_and_the_excess_goes_back() {
    // Player 1 holds 2 chips: after the ante, 1.
    let (mut s, mut log) = start_with(
        &[],
        &[["A♠", "A♥", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]],
        &[],
        vec![chips_from(98, 1, 2)],
    );
    say(&mut s, &mut log, "bet");
    let mut o = offered_now(&s);
    o.sort();
    // No raise with only the call's chips.
    assert_eq!(o, sorted_labels(&["call", "fold"]));
    say(&mut s, &mut log, "call");
    assert!(logged(&log, "» player 1 calls 1 and is all-in"));
    // Both draw; player 2 has nobody left to bet against.
    say(&mut s, &mut log, "no card");
    say(&mut s, &mut log, "no card");
    // Player 1's aces win 4 (2 each); player 2's extra chip comes back.
    assert!(logged(&log, "» player 1 wins 4 with one pair"));
    assert!(logged(&log, "» player 2 takes back 1 that no other player still in could match"));
    assert_eq!(chips(&s, 1), 4);
    assert_eq!(chips(&s, 2), 196);
}

// ---- FD-15 to FD-17: the match ----

/// FD-15: a player left without chips is out: dealt no cards, skipped by the button and the
/// betting.
#[test]
fn fd_15_a_player_without_chips_is_out() {
    // Player 3 holds 3 chips: after the ante, 2, which a bet puts all in.
    let hands = [["A♠", "A♥", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"], ["2♣", "4♣", "5♦", "8♣", "J♣"]];
    let (mut s, mut log) = start_with(&[], &hands, &[], vec![chips_from(97, 3, 1)]);
    say(&mut s, &mut log, "check");
    say(&mut s, &mut log, "bet");
    assert!(logged(&log, "» player 3 bets 2 and is all-in"));
    say(&mut s, &mut log, "call");
    say(&mut s, &mut log, "fold");
    check_down(&mut s, &mut log);
    assert!(logged(&log, "» player 3 has no chips left and is out"));
    assert!(!s.is_over());
    // Deal 2: player 2 deals; player 3, at their left, is out, so player 1 acts first.
    assert!(logged(&log, "» deal 2: player 2 deals"));
    assert_eq!(count(&s, "hand of player 3"), 0);
    assert_eq!(count(&s, "hand of player 1"), 5);
    assert_eq!(of(&s, "stake", 3), 0);
    assert_eq!(mover(&s), 1);
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "fold");
    // Deal 3: the button passes over player 3 to player 1.
    assert!(logged(&log, "» deal 3: player 1 deals"));
    assert_eq!(mover(&s), 2);
}

/// FD-16: the match ends when one player holds every chip; that player wins.
#[test]
fn fd_16_the_last_player_with_chips_wins() {
    let (mut s, mut log) = start_with(
        &[],
        &[["A♠", "A♥", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]],
        &[],
        vec![chips_from(97, 2, 1)],
    );
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "call");
    check_down(&mut s, &mut log);
    assert!(s.is_over());
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(of(&s, "purse", 1), 200);
}

/// FD-17: at the cap of deals the player with the most chips wins; equal stacks share the win
/// (between all the players, a draw).
#[test]
fn fd_17_at_the_cap_the_most_chips_win() {
    let hands = [["A♠", "K♠", "Q♠", "J♠", "9♥"], ["2♥", "3♥", "4♥", "5♥", "7♦"]];
    let (mut s, mut log) = start_with(&[("max_deals", "1")], &hands, &[], Vec::new());
    say(&mut s, &mut log, "bet");
    say(&mut s, &mut log, "fold");
    assert!(s.is_over());
    assert_eq!(winners(&s), Some(vec![2]));
    // A split pot leaves the stacks equal: a draw.
    let (mut s, mut log) = start_with(
        &[("max_deals", "1")],
        &[["A♥", "K♦", "9♣", "7♠", "3♥"], ["A♠", "K♣", "9♦", "7♥", "3♠"]],
        &[],
        Vec::new(),
    );
    check_down(&mut s, &mut log);
    assert!(s.is_over());
    assert!(is_draw(&s));
}
