//! Scenario tests for Spades (`games/spades.cardgame`), one or more per rule SP-1 ... SP-12 of
//! docs/games/spades.md (each test's name starts with its id). Each stacks the deal, makes the
//! players' choices by their labels, and checks the tricks, the bags and the scores.
//!
//! Player 4 deals the first hand, thirteen cards each, one at a time from player 1; the bids go
//! round from player 1, who also leads the first trick. A bid is chosen by its number ("3"), a
//! card by its name ("A♥").
//!
//! Many tests deal each player one whole suit: the player holding the spades then takes all
//! thirteen tricks, whatever anyone plays (every lead is a suit the others are void in, and the
//! spades trump it), so the tricks are known and the bids decide the score.

use cardlang::engine::{Recorder, State};

use super::support::*;

const GAME: &str = "spades";

/// The deal that gives each player these thirteen cards (written with spaces, player 1 first):
/// one card at a time, from player 1.
fn deal(hands: [&str; 4]) -> Vec<&str> {
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    for (i, h) in hands.iter().enumerate() {
        assert_eq!(h.len(), 13, "player {} is dealt {} cards", i + 1, h.len());
    }
    (0..13).flat_map(|k| hands.iter().map(move |h| h[k])).collect()
}

fn start_with(sets: &[(&str, &str)], hands: [&str; 4]) -> (State, Recorder) {
    let g = game(GAME, None, sets);
    let mut log = Recorder::default();
    let s = start(&g, &stacked_stock(&deal(hands), false), &mut log);
    (s, log)
}

const CLUBS: &str = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣";
const DIAMONDS: &str = "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦";
const HEARTS: &str = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥";
const SPADES: &str = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠";

/// Players 1 to 3 hold clubs, diamonds and hearts; player 4 holds the spades and takes every
/// trick.
const P4_SPADES: [&str; 4] = [CLUBS, DIAMONDS, HEARTS, SPADES];

/// A player's value of a per-player counter (players from 1).
fn of(state: &State, name: &str, player: usize) -> i64 {
    state.counter(name).and_then(|v| v[player - 1].as_int()).unwrap_or_else(|| panic!("no counter {name}"))
}

/// All four players' values of a per-player counter.
fn all4(state: &State, name: &str) -> [i64; 4] {
    [1, 2, 3, 4].map(|p| of(state, name, p))
}

/// The four bids, from player 1 (the first bidder of the first hand).
fn bid(state: &mut State, log: &mut Recorder, bids: [u8; 4]) {
    for (i, b) in bids.iter().enumerate() {
        assert_eq!(mover(state), i as u8 + 1);
        say(state, log, &b.to_string());
    }
}

/// Plays the rest of the hand: each player plays the first card offered.
fn play_hand_out(state: &mut State, log: &mut Recorder) {
    let hands = counter(state, "hands");
    let mut guard = 0;
    while !state.is_over() && counter(state, "hands") == hands {
        guard += 1;
        assert!(guard < 100, "the hand did not end");
        assert!(!is_bid(state), "the hand is still bidding");
        let first = offered_now(state)[0].clone();
        say(state, log, &first);
    }
}

/// Whether the choice now is a bid (a number) rather than a card.
fn is_bid(state: &State) -> bool {
    offered_now(state).first().is_some_and(|l| l.parse::<u8>().is_ok())
}

/// SP-1: four players in fixed partnerships, players 1 and 3 against players 2 and 4, with one
/// pack of 52 cards; a partnership wins together.
#[test]
fn sp_1_partners_across_the_table_and_a_pack_of_52() {
    let (mut s, mut log) = start_with(&[("target", "100")], P4_SPADES);
    assert_eq!(total_cards(&s), 52);
    let mut all: Vec<String> = (1..=4).flat_map(|p| cards(&s, &format!("hand of player {p}"))).collect();
    all.sort();
    assert_eq!(all, sorted_labels(&STANDARD_52));
    // Player 4 takes every trick: their partnership's 3 + 7 = 10 make 100 and 3 bags, past the
    // target of 100, and player 2, who took no trick, wins with them.
    bid(&mut s, &mut log, [1, 3, 1, 7]);
    play_hand_out(&mut s, &mut log);
    assert_eq!(all4(&s, "tricks"), [0, 0, 0, 13]);
    assert_eq!(all4(&s, "score"), [-20, 103, -20, 103]);
    assert_eq!(winners(&s), Some(vec![2, 4]));
    assert!(logged(&log, "game over: player 2 and player 4 win"));
}

/// SP-2: player 4 deals the first hand, thirteen cards each, one at a time from the dealer's left
/// (player 1); the deal passes to the left, so player 1 deals the second hand and player 2 bids
/// first in it.
#[test]
fn sp_2_the_deal_goes_round_from_the_dealers_left() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    assert!(logged(&log, "» hand 1: player 4 deals"));
    let from = log.lines.iter().position(|l| l == "» hand 1: player 4 deals").expect("hand 1 is dealt");
    let dealt: Vec<&String> = log.lines[from..].iter().filter(|l| l.contains(": stock -> hand of")).collect();
    assert_eq!(dealt.len(), 52);
    for (i, l) in dealt.iter().enumerate() {
        assert!(l.ends_with(&format!("-> hand of player {} (face down)", i % 4 + 1)), "card {}: {l}", i + 1);
    }
    assert_eq!(cards(&s, "hand of player 4").len(), 13);
    assert_eq!(count(&s, "stock"), 0);
    assert_eq!(mover(&s), 1);

    bid(&mut s, &mut log, [1, 1, 1, 1]);
    play_until_hand(&mut s, &mut log, 2);
    assert!(logged(&log, "» hand 2: player 1 deals"));
    let from = log.lines.iter().position(|l| l == "» hand 2: player 1 deals").expect("hand 2 is dealt");
    let first = log.lines[from..].iter().find(|l| l.contains(": stock -> hand of")).expect("a card dealt");
    assert!(first.contains("-> hand of player 2"), "{first}");
    assert_eq!([1, 2, 3, 4].map(|p| count(&s, &format!("hand of player {p}"))), [13, 13, 13, 13]);
    assert_eq!(mover(&s), 2);
    assert!(is_bid(&s));
}

/// SP-3: each player bids once, in turn from the dealer's left, any number of tricks from 0 (nil)
/// to 13; the bids are announced, a 0 as nil, and kept in `bid`.
#[test]
fn sp_3_each_player_bids_0_to_13_from_the_dealers_left() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    let numbers: Vec<String> = (0..=13).map(|n: u8| n.to_string()).collect();
    for (p, b) in [(1, "0"), (2, "13"), (3, "5"), (4, "0")] {
        assert_eq!(mover(&s), p);
        assert_eq!(offered_now(&s), numbers);
        say(&mut s, &mut log, b);
    }
    assert!(logged(&log, "» player 1 bids nil"));
    assert!(logged(&log, "» player 2 bids 13"));
    assert!(logged(&log, "» player 3 bids 5"));
    assert!(logged(&log, "» player 4 bids nil"));
    assert_eq!(all4(&s, "bid"), [0, 13, 5, 0]);
    // Then the play begins.
    assert!(!is_bid(&s));
}

/// SP-4: the player on the dealer's left leads the first trick, and the winner of each trick
/// leads the next.
#[test]
fn sp_4_the_dealers_left_leads_first_and_the_winner_leads_next() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [1, 1, 1, 1]);
    assert_eq!(mover(&s), 1);
    for c in ["2♣", "2♦", "2♥", "2♠"] {
        say(&mut s, &mut log, c);
    }
    assert!(logged(&log, "» player 4 takes the trick with 2♠"));
    assert_eq!(all4(&s, "tricks"), [0, 0, 0, 1]);
    assert_eq!(cards(&s, "won of player 4").len(), 4);
    assert_eq!(mover(&s), 4);
    say(&mut s, &mut log, "3♠");
    assert_eq!(mover(&s), 1);
}

/// The deal of SP-5 and SP-6: player 1 holds two spades and eleven hearts; player 2 a spade and
/// twelve clubs; player 3 the two low hearts, the ace of clubs and ten diamonds; player 4 ten
/// spades and the three top diamonds.
const BREAKING: [&str; 4] = [
    "A♠ K♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥",
    "2♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣",
    "2♥ 3♥ A♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦",
    "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ Q♦ K♦ A♦",
];

/// SP-5: spades cannot be led until a spade has been played on an earlier trick (player 1 may
/// not lead A♠), though a player who cannot follow suit may play one at any time, even on the
/// first trick; after that trick, spades may be led.
#[test]
fn sp_5_spades_cannot_be_led_until_broken() {
    let (mut s, mut log) = start_with(&[], BREAKING);
    bid(&mut s, &mut log, [3, 1, 1, 4]);
    let leads = offered_now(&s);
    assert_eq!(leads.len(), 11);
    assert!(leads.iter().all(|c| c.ends_with('♥')), "{leads:?}");
    say(&mut s, &mut log, "A♥");
    // Player 2 has no heart: every card is offered, the 2♠ among them.
    assert_eq!(offered_now(&s).len(), 13);
    say(&mut s, &mut log, "2♠");
    say(&mut s, &mut log, "3♥");
    assert!(!logged(&log, "spades are broken"));
    say(&mut s, &mut log, "Q♠");
    assert!(logged(&log, "» spades are broken"));
    assert!(logged(&log, "» player 4 takes the trick with Q♠"));
    // Player 4 may now lead a spade.
    assert_eq!(mover(&s), 4);
    assert_eq!(offered_now(&s).len(), 12);
    assert!(offered_now(&s).contains(&"J♠".to_string()));
    say(&mut s, &mut log, "J♠");
    // Player 1 follows with a spade.
    assert_eq!(sorted_labels(&offered_now(&s).iter().map(String::as_str).collect::<Vec<_>>()), ["A♠", "K♠"]);
}

/// SP-5: a leader who holds nothing but spades may lead one before spades are broken.
#[test]
fn sp_5_a_hand_of_only_spades_may_lead_one() {
    let (mut s, mut log) = start_with(&[], [SPADES, CLUBS, DIAMONDS, HEARTS]);
    bid(&mut s, &mut log, [13, 0, 0, 0]);
    assert!(!logged(&log, "spades are broken"));
    assert_eq!(offered_now(&s).len(), 13);
    say(&mut s, &mut log, "2♠");
    // The others cannot follow: each may play any card.
    assert_eq!(offered_now(&s).len(), 13);
    play_hand_out(&mut s, &mut log);
    // Player 1 took every trick (the counters of tricks start again with the next hand): 130 for
    // the bid and 100 for player 3's nil; players 2 and 4 make two nils.
    assert!(logged(
        &log,
        "» player 1 and player 3 bid 13 and take 13 (13 toward the bid): made, 230 points and 0 bags"
    ));
    assert_eq!(all4(&s, "score"), [230, 200, 230, 200]);
    assert_eq!(counter(&s, "hands"), 2);
}

/// SP-6: each player follows suit if able; a trick is won by the highest spade in it, or, with no
/// spade, by the highest card of the suit led (a higher card of another suit does not win it).
#[test]
fn sp_6_follow_suit_and_the_highest_spade_or_card_of_the_suit_led_wins() {
    let (mut s, mut log) = start_with(&[], BREAKING);
    bid(&mut s, &mut log, [3, 1, 1, 4]);
    say(&mut s, &mut log, "A♥");
    say(&mut s, &mut log, "2♠");
    // Player 3 holds hearts: only they are offered.
    assert_eq!(sorted_labels(&offered_now(&s).iter().map(String::as_str).collect::<Vec<_>>()), ["2♥", "3♥"]);
    say(&mut s, &mut log, "3♥");
    say(&mut s, &mut log, "Q♠");
    // The 2♠ beat the A♥, and the Q♠ beat the 2♠.
    assert!(logged(&log, "» player 4 takes the trick with Q♠"));
    // A diamond led, no spade played: the Q♦ beats the K♥ and K♣ played on it.
    say(&mut s, &mut log, "Q♦");
    assert_eq!(offered_now(&s).len(), 12);
    say(&mut s, &mut log, "K♥");
    say(&mut s, &mut log, "K♣");
    let diamonds = offered_now(&s);
    assert_eq!(diamonds.len(), 10);
    assert!(diamonds.iter().all(|c| c.ends_with('♦')), "{diamonds:?}");
    say(&mut s, &mut log, "J♦");
    assert!(logged(&log, "» player 4 takes the trick with Q♦"));
    assert_eq!(all4(&s, "tricks"), [0, 0, 0, 2]);
    assert_eq!(mover(&s), 4);
}

/// SP-7: a partnership's bid is the sum of its players' bids; a nil adds nothing.
#[test]
fn sp_7_the_partnership_bid_is_the_sum_of_its_bids() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [3, 4, 0, 2]);
    assert!(logged(&log, "» partnership 1 bids 3, partnership 2 bids 6"));
    play_hand_out(&mut s, &mut log);
    // Partnership 1 bid 3 (player 3's nil adds nothing) and took nothing: set, -30, and +100 for
    // player 3's nil. Partnership 2 bid 6 and took 13: 60 and 7 bags.
    assert!(logged(&log, "» player 1 and player 3 bid 3 and take 0 (0 toward the bid): set, 70 points and 0 bags"));
    assert!(logged(&log, "» player 2 and player 4 bid 6 and take 13 (13 toward the bid): made, 67 points and 7 bags"));
    assert_eq!(all4(&s, "score"), [70, 67, 70, 67]);
}

/// SP-8: a partnership that takes at least its bid scores ten a trick bid and one a trick over (a
/// bag); one that takes fewer loses ten a trick bid and scores no bags.
#[test]
fn sp_8_a_bid_made_scores_ten_a_trick_and_one_a_bag_a_bid_set_loses_ten_a_trick() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [2, 4, 3, 5]);
    play_hand_out(&mut s, &mut log);
    assert!(logged(&log, "» player 1 and player 3 bid 5 and take 0 (0 toward the bid): set, -50 points and 0 bags"));
    assert!(logged(&log, "» player 2 and player 4 bid 9 and take 13 (13 toward the bid): made, 94 points and 4 bags"));
    assert_eq!(all4(&s, "score"), [-50, 94, -50, 94]);
    assert_eq!(all4(&s, "bags"), [0, 4, 0, 4]);
    assert_eq!(counter(&s, "sets"), 1);
    assert!(!s.is_over());
    assert_eq!(counter(&s, "hands"), 2);

    // A bid of more than the thirteen tricks is set even when every trick is taken.
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [1, 7, 1, 7]);
    play_hand_out(&mut s, &mut log);
    assert_eq!(all4(&s, "score"), [-20, -140, -20, -140]);
    assert_eq!(all4(&s, "bags"), [0, 0, 0, 0]);
}

/// SP-9: a nil bidder who takes no trick wins 100 for the partnership.
#[test]
fn sp_9_a_nil_made_scores_100() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [0, 0, 2, 4]);
    play_hand_out(&mut s, &mut log);
    // Partnership 1: player 1's nil made (+100), player 3's 2 set (-20). Partnership 2: player 2's
    // nil made (+100), player 4's 4 made with 9 over (49).
    assert!(logged(&log, "» player 1 makes nil"));
    assert!(logged(&log, "» player 2 makes nil"));
    assert_eq!(all4(&s, "score"), [80, 149, 80, 149]);
    assert_eq!(all4(&s, "bags"), [0, 9, 0, 9]);
    assert_eq!(counter(&s, "nils_made"), 2);
    assert_eq!(counter(&s, "nils_failed"), 0);
}

/// SP-9: a nil bidder who takes a trick loses 100; their tricks do not count toward the partner's
/// bid, and each is a bag (a point, and toward the penalty of SP-10).
#[test]
fn sp_9_a_failed_nil_loses_100_and_its_tricks_are_bags_not_toward_the_bid() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [1, 1, 1, 0]);
    play_hand_out(&mut s, &mut log);
    // Partnership 2 took all 13 tricks, every one player 4's: player 2's bid of 1 is set (-10),
    // the nil fails (-100), its 13 tricks are 13 bags (+13), and ten bags cost 100.
    assert!(logged(&log, "» player 2 and player 4 bid 1 and take 13 (0 toward the bid): set, -97 points and 13 bags"));
    assert!(logged(&log, "» player 4 fails nil with 13 tricks"));
    assert!(logged(&log, "» player 2 and player 4 reach 13 bags: 100 points off"));
    assert_eq!(all4(&s, "score"), [-20, -197, -20, -197]);
    assert_eq!(all4(&s, "bags"), [0, 3, 0, 3]);
    assert_eq!(counter(&s, "nils_failed"), 1);
    assert_eq!(counter(&s, "sets"), 2);
    assert!(!s.is_over());
}

/// SP-10: bags are carried from hand to hand; when a partnership has ten or more, it loses 100 and
/// ten bags are taken off.
#[test]
fn sp_10_ten_bags_cost_100_and_the_rest_carry_over() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [1, 1, 1, 1]);
    play_hand_out(&mut s, &mut log);
    // Partnership 2 bid 2 and took 13: 20 and 11 bags; eleven bags cost 100 and leave 1.
    assert!(logged(&log, "» player 2 and player 4 bid 2 and take 13 (13 toward the bid): made, 31 points and 11 bags"));
    assert!(logged(&log, "» player 2 and player 4 reach 11 bags: 100 points off"));
    assert_eq!(all4(&s, "score"), [-20, -69, -20, -69]);
    assert_eq!(all4(&s, "bags"), [0, 1, 0, 1]);
    assert_eq!(counter(&s, "bag_penalties"), 1);

    // The bag carried counts in the second hand (dealt at random): the partnership's bags are
    // the carried one plus that hand's, less ten if they reach ten.
    play_until_hand(&mut s, &mut log, 3);
    let line = log
        .lines
        .iter()
        .rev()
        .find(|l| l.starts_with("» player 2 and player 4 bid "))
        .expect("partnership 2 is scored in hand 2");
    let n: i64 = line.rsplit(" points and ").next().and_then(|t| t.split(' ').next()).unwrap().parse().unwrap();
    assert_eq!(of(&s, "bags", 2), (1 + n) % 10, "{line}");
    assert_eq!(counter(&s, "bag_penalties"), 1 + (1 + n) / 10);
}

/// SP-11: the game ends after a hand in which a partnership reaches the target (500; 100 here).
#[test]
fn sp_11_a_partnership_at_the_target_wins() {
    let (mut s, mut log) = start_with(&[("target", "100")], P4_SPADES);
    bid(&mut s, &mut log, [0, 3, 0, 7]);
    play_hand_out(&mut s, &mut log);
    // Partnership 1 made two nils: 200, past the target; partnership 2 made 10 with 3 bags: 103.
    assert_eq!(all4(&s, "score"), [200, 103, 200, 103]);
    assert_eq!(winners(&s), Some(vec![1, 3]));
}

/// SP-11: a partnership at or below `lose_at` (-200) loses.
#[test]
fn sp_11_a_partnership_at_minus_200_loses() {
    let (mut s, mut log) = start_with(&[], P4_SPADES);
    bid(&mut s, &mut log, [1, 4, 1, 0]);
    play_hand_out(&mut s, &mut log);
    // Partnership 2: the 4 set (-40), the nil failed (-100) with 13 bags (+13, then -100).
    assert_eq!(all4(&s, "score"), [-20, -227, -20, -227]);
    assert_eq!(winners(&s), Some(vec![1, 3]));
    assert_eq!(counter(&s, "hands"), 1);
}

/// SP-11: level scores past the target or `lose_at` play another hand.
#[test]
fn sp_11_level_scores_play_another_hand() {
    let (mut s, mut log) = start_with(&[("lose_at", "-140")], P4_SPADES);
    bid(&mut s, &mut log, [7, 7, 7, 7]);
    play_hand_out(&mut s, &mut log);
    // Both partnerships bid 14, more than the 13 tricks: both are set, -140.
    assert_eq!(all4(&s, "score"), [-140, -140, -140, -140]);
    assert!(logged(&log, "» -140 to -140: level, another hand is played"));
    assert!(!s.is_over());
    assert_eq!(counter(&s, "hands"), 2);
    assert!(logged(&log, "» hand 2: player 1 deals"));
}

/// SP-12: after `max_hands` hands the game stops: the higher score wins, and level scores draw.
#[test]
fn sp_12_the_cap_on_hands_the_higher_score_wins_level_draws() {
    let (mut s, mut log) = start_with(&[("max_hands", "1")], P4_SPADES);
    bid(&mut s, &mut log, [2, 4, 3, 5]);
    play_hand_out(&mut s, &mut log);
    assert!(logged(&log, "» the cap of 1 hand is reached"));
    assert_eq!(all4(&s, "score"), [-50, 94, -50, 94]);
    assert_eq!(winners(&s), Some(vec![2, 4]));

    let (mut s, mut log) = start_with(&[("max_hands", "1")], P4_SPADES);
    bid(&mut s, &mut log, [7, 7, 7, 7]);
    play_hand_out(&mut s, &mut log);
    assert_eq!(all4(&s, "score"), [-140, -140, -140, -140]);
    assert!(is_draw(&s));
}

/// Chooses the set of cards offered that holds these cards, in whatever order the label names
/// them ("3♣ + 2♣" and "2♣ + 3♣" are the same set).
fn pass_cards(state: &mut State, log: &mut Recorder, set: &str) {
    let norm = |l: &str| {
        let mut parts: Vec<String> = l.split(" + ").map(String::from).collect();
        parts.sort();
        parts
    };
    let label = offered_now(state)
        .into_iter()
        .find(|l| norm(l) == norm(set))
        .unwrap_or_else(|| panic!("{set} is not offered: {:?}", offered_now(state)));
    say(state, log, &label);
}

/// SP-13 (`blind_nil`): before looking at their cards, a player whose partnership trails by
/// `blind_behind` (100; 0 here, so that the first hand allows it) may bid blind nil, once a
/// partnership; they pass two cards to their partner, who passes two back; a blind nil made wins
/// 200.
#[test]
fn sp_13_blind_nil_made_before_looking_wins_200() {
    let g = game(GAME, Some("blind_nil"), &[("blind_behind", "0")]);
    let mut log = Recorder::default();
    let mut s = start(&g, &stacked_stock(&deal(P4_SPADES), false), &mut log);
    // The cards lie unseen until the choice is made.
    assert_eq!(count(&s, "hand of player 1"), 0);
    assert_eq!(count(&s, "unseen of player 1"), 13);
    assert_eq!(mover(&s), 1);
    assert_eq!(offered_now(&s), ["bid blind nil", "look at the cards"]);
    say(&mut s, &mut log, "bid blind nil");
    assert!(logged(&log, "» player 1 bids blind nil"));
    say(&mut s, &mut log, "look at the cards");
    // Player 3 is not asked: their partner bid blind nil. Player 4 is.
    assert_eq!(mover(&s), 4);
    say(&mut s, &mut log, "look at the cards");
    assert_eq!(count(&s, "hand of player 1"), 13);
    // The others bid; player 1 is not asked again.
    for (p, b) in [(2, "4"), (3, "2"), (4, "5")] {
        assert_eq!(mover(&s), p);
        say(&mut s, &mut log, b);
    }
    // Player 1 passes two clubs to player 3, who passes two hearts back.
    assert_eq!(mover(&s), 1);
    pass_cards(&mut s, &mut log, "2♣ + 3♣");
    assert_eq!(mover(&s), 3);
    pass_cards(&mut s, &mut log, "2♥ + 3♥");
    let mut h1 = cards(&s, "hand of player 1");
    h1.sort();
    assert!(h1.contains(&"2♥".to_string()) && h1.contains(&"3♥".to_string()) && !h1.contains(&"2♣".to_string()));
    assert_eq!(count(&s, "hand of player 3"), 13);
    // Player 4 still takes every trick: player 1's blind nil wins 200, player 3's 2 is set (-20);
    // partnership 2 makes 9 with 4 bags.
    play_hand_out(&mut s, &mut log);
    assert!(logged(&log, "» player 1 makes blind nil"));
    assert!(logged(&log, "» player 1 and player 3 bid 2 and take 0 (0 toward the bid): set, 180 points and 0 bags"));
    assert_eq!(all4(&s, "score"), [180, 94, 180, 94]);
}

/// SP-13 (`blind_nil`): a blind nil that fails loses 200, its tricks are bags as for any nil; and
/// no one is offered it while their partnership does not trail by `blind_behind` (100).
#[test]
fn sp_13_blind_nil_failed_loses_200_and_needs_a_trailing_side() {
    // Level at 0 in the first hand: nobody is offered a blind nil, and the bidding starts.
    let g = game(GAME, Some("blind_nil"), &[]);
    let mut log = Recorder::default();
    let s = start(&g, &stacked_stock(&deal(P4_SPADES), false), &mut log);
    assert!(is_bid(&s));
    assert_eq!(count(&s, "hand of player 1"), 13);

    let g = game(GAME, Some("blind_nil"), &[("blind_behind", "0")]);
    let mut log = Recorder::default();
    let mut s = start(&g, &stacked_stock(&deal([SPADES, CLUBS, DIAMONDS, HEARTS]), false), &mut log);
    say(&mut s, &mut log, "bid blind nil");
    say(&mut s, &mut log, "look at the cards");
    say(&mut s, &mut log, "look at the cards");
    for b in ["1", "2", "1"] {
        say(&mut s, &mut log, b);
    }
    // Player 1 passes 2♠ 3♠ to player 3 and gets 2♦ 3♦: they lead the diamonds (spades are not
    // broken), lose both to player 3, and then, holding only spades, take the other eleven tricks.
    pass_cards(&mut s, &mut log, "2♠ + 3♠");
    pass_cards(&mut s, &mut log, "2♦ + 3♦");
    assert_eq!(sorted_labels(&offered_now(&s).iter().map(String::as_str).collect::<Vec<_>>()), ["2♦", "3♦"]);
    play_hand_out(&mut s, &mut log);
    // Partnership 1: player 3's 2 made (20), the blind nil failed (-200) with 11 bags (+11), and
    // ten bags cost 100: -269, under -200, so partnership 2 wins.
    assert!(logged(&log, "» player 1 fails blind nil with 11 tricks"));
    assert_eq!(all4(&s, "tricks"), [11, 0, 2, 0]);
    assert_eq!(all4(&s, "score"), [-269, -20, -269, -20]);
    assert_eq!(winners(&s), Some(vec![2, 4]));
}
