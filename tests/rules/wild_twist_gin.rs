//! Scenario tests for Wild Twist Gin Rummy (`rules/wild_twist_gin_rummy.txt` →
//! `games/wild_twist_gin.cardgame`), one or more per ruling GR-1 .. GR-15 (and GR-11a) of
//! RULINGS.md.
//! Each stacks the first hand's deal, makes choices by their labels, and checks the table.
//!
//! Player 1 deals the first hand (GR-2), so player 2 is offered the up-card first and, when
//! both decline, takes the first normal turn.

use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{ArrangeStep, Event, EventSink, Recorder, State};

use super::support::*;

/// GR-15 (what the wilds stand for) and GR-11a (the greedy knocker's choice).
mod readings;

const GAME: &str = "wild_twist_gin";

/// The first hand's deal: each player's ten cards, the up-card, and the top of the stock (top
/// first). With `short`, the stock holds only the cards named; the rest lie under the up-card.
struct Deal<'a> {
    p1: [&'a str; 10],
    p2: [&'a str; 10],
    up: &'a str,
    stock: &'a [&'a str],
    short: bool,
}

impl Deal<'_> {
    fn steps(&self) -> Vec<ArrangeStep> {
        // `deal 10` gives one card at a time, player 1 first; then the next card is turned up.
        let mut order: Vec<&str> = Vec::new();
        for i in 0..10 {
            order.push(self.p1[i]);
            order.push(self.p2[i]);
        }
        order.push(self.up);
        order.extend_from_slice(self.stock);
        stacked_stock(&order, self.short)
    }
}

fn start_with(variant: Option<&str>, deal: &Deal<'_>) -> (State, Recorder) {
    let g = game(GAME, variant, &[]);
    let mut log = Recorder::default();
    let s = start(&g, &deal.steps(), &mut log);
    (s, log)
}

/// Whoever decides now chooses `label`.
/// Both players decline the up-card (GR-3).
fn both_decline(state: &mut State, log: &mut Recorder, up: &str) {
    assert_eq!(mover(state), 2, "the non-dealer is offered the up-card first");
    say(state, log, &format!("decline {up}"));
    assert_eq!(mover(state), 1, "then the dealer");
    say(state, log, &format!("decline {up}"));
}

/// A player's score.
fn score(state: &State, player: usize) -> i64 {
    state.counter("score").and_then(|v| v[player - 1].as_int()).expect("a score per player")
}

/// The deadwood of a player's hand, as the game's `progress` measures it
/// (`10 * score of p - deadwood of hand of p`).
fn deadwood(state: &State, player: u8) -> i64 {
    let progress = state.progress(player - 1).expect("the game declares progress");
    10 * score(state, player as usize) - progress
}

/// A first hand that deals `hand` to player 2: player 1 and the up-card get other cards.
fn deal_to_2(hand: [&str; 10]) -> Deal<'static> {
    let mut others = ALL.iter().copied().filter(|c| !hand.contains(c));
    let p1: Vec<&'static str> = others.by_ref().take(10).collect();
    let up = others.next().expect("an up-card");
    let p2: Vec<&'static str> = hand.iter().map(|c| *ALL_CARDS.iter().find(|a| *a == c).expect("a card")).collect();
    Deal {
        p1: p1.try_into().expect("ten other cards"),
        p2: p2.try_into().expect("ten cards"),
        up,
        stock: &[],
        short: false,
    }
}

/// The deadwood of `hand` as player 2's first hand.
fn probe(variant: Option<&str>, hand: [&str; 10]) -> i64 {
    let (s, _) = start_with(variant, &deal_to_2(hand));
    deadwood(&s, 2)
}

/// Every card of the game, by name.
const ALL_CARDS: [&str; 56] = [
    "A♥",
    "2♥",
    "3♥",
    "4♥",
    "5♥",
    "6♥",
    "7♥",
    "8♥",
    "9♥",
    "10♥",
    "J♥",
    "Q♥",
    "K♥",
    "A♦",
    "2♦",
    "3♦",
    "4♦",
    "5♦",
    "6♦",
    "7♦",
    "8♦",
    "9♦",
    "10♦",
    "J♦",
    "Q♦",
    "K♦",
    "A♣",
    "2♣",
    "3♣",
    "4♣",
    "5♣",
    "6♣",
    "7♣",
    "8♣",
    "9♣",
    "10♣",
    "J♣",
    "Q♣",
    "K♣",
    "A♠",
    "2♠",
    "3♠",
    "4♠",
    "5♠",
    "6♠",
    "7♠",
    "8♠",
    "9♠",
    "10♠",
    "J♠",
    "Q♠",
    "K♠",
    "Wild Heart",
    "Wild Diamond",
    "Wild Club",
    "Wild Spade",
];

/// Cards for filling a hand whose deadwood does not matter.
const ALL: [&str; 20] = [
    "K♠", "Q♥", "J♦", "10♥", "8♠", "K♥", "Q♦", "J♠", "10♦", "8♥", "K♦", "Q♠", "J♥", "10♠", "8♦", "K♣", "J♣", "10♣",
    "8♣", "2♠",
];

/// A hand that melds completely: A-2-3♥, 4s of three suits, 5-8♦.
const GIN: [&str; 10] = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "8♦"];
/// A hand with no meld at all: 64 points of deadwood.
const LOOSE: [&str; 10] = ["K♠", "K♦", "9♠", "9♦", "6♠", "6♥", "3♠", "3♦", "A♠", "A♣"];

#[test]
fn gr_1_fifty_six_cards_ten_each_an_up_card_and_the_stock() {
    let g = game(GAME, None, &[]);
    let s = State::new(g.clone(), 7);
    assert_eq!(total_cards(&s), 56);
    assert_eq!(count(&s, "hand of player 1"), 10);
    assert_eq!(count(&s, "hand of player 2"), 10);
    assert_eq!(count(&s, "discard"), 1);
    assert_eq!(count(&s, "stock"), 35);
    let names: Vec<&str> = (0..g.program.cards.len() as u16).map(|c| g.card_name(c)).collect();
    for wild in ["Wild Heart", "Wild Diamond", "Wild Club", "Wild Spade"] {
        assert!(names.contains(&wild), "{wild} is in the game");
    }
    for set_aside in ["2 Wild", "Wild", "Wild Red", "Wild Black"] {
        assert!(!names.contains(&set_aside), "{set_aside} is set aside");
    }
}

#[test]
fn gr_2_seat_1_deals_first_the_deal_alternates_and_the_non_dealer_acts_first() {
    // Hand 1: player 2 (the non-dealer) is offered the up-card first, then goes Gin.
    let deal = Deal { p1: LOOSE, p2: GIN, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    assert!(logged(&log, "hand 1: player 1 deals; the up-card is Q♣"));
    both_decline(&mut s, &mut log, "Q♣");
    assert!(logged(&log, "player 2 declares Gin"));
    // Hand 2: player 2 deals, so player 1 is offered the up-card first.
    assert!(!s.is_over());
    assert_eq!(counter(&s, "hands"), 2);
    assert!(logged(&log, "hand 2: player 2 deals"));
    assert_eq!(mover(&s), 1);
    let offers = offered_now(&s);
    assert_eq!(offers.len(), 2);
    assert!(offers[0].starts_with("take ") && offers[1].starts_with("decline "));
}

#[test]
fn gr_3_both_decline_the_up_card_and_the_non_dealer_draws_from_the_stock() {
    let deal = Deal { p1: LOOSE, p2: LOOSE_2, up: "Q♣", stock: &["J♦"], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    assert!(logged(&log, "both players decline the up-card"));
    // Player 2 was not asked where to draw from: the stock's top card is in their hand, and
    // they now choose a card to discard (any of their eleven).
    assert_eq!(mover(&s), 2);
    assert!(cards(&s, "hand of player 2").contains(&"J♦".to_string()));
    assert_eq!(offered_now(&s).len(), 11);
    assert_eq!(cards(&s, "discard")[0], "Q♣");
}

/// A second hand with no meld: 65 points of deadwood.
const LOOSE_2: [&str; 10] = ["K♥", "K♣", "9♥", "9♣", "6♦", "6♣", "3♥", "3♣", "A♦", "2♠"];

#[test]
fn gr_3_the_non_dealer_takes_the_up_card_and_discards_a_different_card() {
    let deal = Deal { p1: LOOSE, p2: LOOSE_2, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    say(&mut s, &mut log, "take Q♣");
    assert_eq!(mover(&s), 2);
    let offers = offered_now(&s);
    assert_eq!(offers.len(), 10, "every card but the up-card");
    assert!(!offers.contains(&"Q♣".to_string()));
    say(&mut s, &mut log, "K♥");
    // The dealer takes the next normal turn, drawing from the stock or the discard.
    assert_eq!(mover(&s), 1);
    assert_eq!(offered_now(&s), ["draw from the stock", "take K♥"]);
}

#[test]
fn gr_3_the_dealer_may_take_the_up_card_when_the_non_dealer_declines() {
    let deal = Deal { p1: LOOSE, p2: LOOSE_2, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    say(&mut s, &mut log, "decline Q♣");
    say(&mut s, &mut log, "take Q♣");
    assert_eq!(mover(&s), 1);
    assert!(!offered_now(&s).contains(&"Q♣".to_string()));
    say(&mut s, &mut log, "K♠");
    // Then the non-dealer takes the next normal turn.
    assert_eq!(mover(&s), 2);
    assert_eq!(offered_now(&s), ["draw from the stock", "take K♠"]);
}

#[test]
fn gr_4_gin_is_declared_whenever_it_can_be() {
    let deal = Deal { p1: LOOSE, p2: GIN, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    // Nobody was asked anything: the turn began with Gin.
    assert!(logged(&log, "player 2 declares Gin"));
    assert!(!log.lines.iter().any(|l| l.contains("knock")));
    assert_eq!(counter(&s, "gins"), 1);
}

#[test]
fn gr_4_knocking_is_offered_before_drawing_with_ten_deadwood_or_less() {
    // Player 2 holds 10 points of deadwood (a 10♠).
    let ten = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "10♠"];
    let deal = Deal { p1: LOOSE, p2: ten, up: "Q♣", stock: &["J♦"], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    assert_eq!(offered_now(&s), ["knock with 10 deadwood", "play on"]);
    // Knocking is optional: playing on goes to the draw (here from the stock, GR-3).
    say(&mut s, &mut log, "play on");
    assert!(cards(&s, "hand of player 2").contains(&"J♦".to_string()));
    assert_eq!(offered_now(&s).len(), 11);
}

#[test]
fn gr_4_no_knock_with_eleven_deadwood() {
    let eleven = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "J♠"];
    let deal = Deal { p1: LOOSE, p2: eleven, up: "Q♣", stock: &["J♦"], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    assert_eq!(deadwood(&s, 2), 11 + 11, "J♠ and the drawn J♦");
    assert_eq!(offered_now(&s).len(), 11, "straight to the discard");
}

#[test]
fn gr_4_a_normal_turn_may_discard_the_card_just_taken() {
    // Unlike the first turn (GR-3), a normal turn's discard is any card: here the K♥ player 2
    // takes from the discard pile.
    let deal = Deal { p1: LOOSE, p2: LOOSE_2, up: "Q♣", stock: &["J♦", "10♣"], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    say(&mut s, &mut log, "J♦");
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "K♠");
    assert_eq!(offered_now(&s), ["draw from the stock", "take K♠"]);
    say(&mut s, &mut log, "take K♠");
    assert!(offered_now(&s).contains(&"K♠".to_string()));
    say(&mut s, &mut log, "K♠");
    assert_eq!(cards(&s, "discard")[0], "K♠");
}

#[test]
fn gr_4_knock_after_draw_goes_gin_when_the_ten_cards_left_all_meld() {
    let nine = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "K♠"];
    let p1 = ["K♦", "Q♠", "9♠", "9♦", "6♠", "6♥", "3♠", "3♣", "A♠", "A♣"];
    let deal = Deal { p1, p2: nine, up: "Q♣", stock: &["8♦"], short: false };
    let (mut s, mut log) = start_with(Some("knock_after_draw"), &deal);
    both_decline(&mut s, &mut log, "Q♣");
    assert!(offered_now(&s).contains(&"discard K♠ and go Gin".to_string()));
    say(&mut s, &mut log, "discard K♠ and go Gin");
    assert!(logged(&log, "player 2 declares Gin"));
    assert_eq!(counter(&s, "gins"), 1);
}

#[test]
fn gr_4_knock_after_draw_knocks_by_discarding_and_showing_ten_cards() {
    let ten = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "2♠"];
    // 64 points, none of which can be laid off on player 2's melds.
    let p1 = ["K♠", "K♦", "9♠", "9♦", "6♠", "6♥", "3♠", "3♣", "A♠", "A♣"];
    let deal = Deal { p1, p2: ten, up: "Q♣", stock: &["K♣"], short: false };
    let (mut s, mut log) = start_with(Some("knock_after_draw"), &deal);
    both_decline(&mut s, &mut log, "Q♣");
    // No knock before drawing: the stock's K♣ is drawn, and the discard may knock.
    let offers = offered_now(&s);
    assert!(offers.contains(&"discard K♣".to_string()));
    assert!(offers.contains(&"discard K♣ and knock with 2 deadwood".to_string()));
    assert!(!offers.iter().any(|o| o.starts_with("discard 2♠ and")), "13 is too much");
    say(&mut s, &mut log, "discard K♣ and knock with 2 deadwood");
    assert!(logged(&log, "K♣: hand of player 2 -> discard"));
    assert!(logged(&log, "player 2 knocks"));
    assert_eq!(score(&s, 2), 64 - 2);
}

#[test]
fn gr_5_a_suit_wild_stands_for_a_card_of_its_suit_that_the_meld_lacks() {
    // Wild Heart cannot be a fourth 9 beside the 9♥ (that would be Gin). The best it can do is
    // take the 9♥'s place in the set, which leaves the 9♥ in the deadwood.
    assert_eq!(probe(None, ["9♠", "9♦", "9♥", "Wild Heart", "2♣", "3♣", "4♣", "5♦", "6♦", "7♦"]), 9);
    // In a heart run it fills the gap: 5♥ Wild Heart 7♥.
    assert_eq!(probe(None, ["5♥", "Wild Heart", "7♥", "9♠", "9♦", "9♣", "2♣", "3♣", "4♣", "K♦"]), 13);
    // Two suit wilds of different suits and any card of a third suit make a set.
    assert_eq!(probe(None, ["Wild Heart", "Wild Spade", "K♦", "2♣", "3♣", "4♣", "5♦", "6♦", "7♦", "A♠"]), 1);
}

#[test]
fn gr_5_free_wilds_stand_for_a_card_of_any_suit() {
    let hand = ["9♠", "9♦", "9♥", "Wild Heart", "2♣", "3♣", "4♣", "5♦", "6♦", "7♦"];
    assert_eq!(probe(Some("free_wilds"), hand), 0, "Wild Heart is the 9♣");
    let deal = deal_to_2(hand);
    let (mut s, mut log) = start_with(Some("free_wilds"), &deal);
    both_decline(&mut s, &mut log, deal.up);
    assert!(logged(&log, "player 2 declares Gin"));
    // Wherever the search put it (beside the 9s, or at an end of a club or diamond run), the
    // wild stands for a card that is not a heart.
    let stands = log.lines.iter().find_map(|l| l.split("Wild Heart as ").nth(1)).expect("the wild is in a meld");
    assert!(!stands.contains('♥'), "Wild Heart as {stands}");
}

#[test]
fn gr_5_runs_are_ace_low_only() {
    // Q-K-A is no run; A-2-3 is.
    assert_eq!(probe(None, ["Q♠", "K♠", "A♠", "2♦", "3♦", "4♦", "5♣", "6♣", "7♣", "8♥"]), 12 + 13 + 1 + 8);
    assert_eq!(probe(None, ["A♠", "2♠", "3♠", "2♦", "3♦", "4♦", "5♣", "6♣", "7♣", "8♥"]), 8);
}

#[test]
fn gr_5_a_card_is_in_one_meld_and_deadwood_is_the_least_possible() {
    // 7♥ could finish the set of 7s or the run 5-6-7♥, not both: the set, with 5♥ 6♥ left
    // over (11), beats the run with 7♠ 7♦ left over (14).
    assert_eq!(probe(None, ["7♠", "7♦", "7♥", "5♥", "6♥", "2♣", "3♣", "4♣", "K♣", "Q♣"]), 5 + 6 + 12 + 13);
}

#[test]
fn gr_6_ace_one_faces_eleven_to_thirteen_and_a_wild_unused_in_a_meld_costs_15() {
    assert_eq!(probe(None, LOOSE), 13 + 13 + 9 + 9 + 6 + 6 + 3 + 3 + 1 + 1);
    assert_eq!(probe(None, ["J♥", "Q♦", "10♣", "K♥", "2♠", "3♠", "4♠", "5♦", "6♦", "7♦"]), 11 + 12 + 10 + 13);
    // Three runs of other suits, no two cards of one rank: Wild Spade has no place (15). With
    // `free_wilds` it extends a run: Gin.
    let hand = ["2♥", "3♥", "4♥", "5♦", "6♦", "7♦", "8♣", "9♣", "10♣", "Wild Spade"];
    assert_eq!(probe(None, hand), 15);
    assert_eq!(probe(Some("free_wilds"), hand), 0);
}

#[test]
fn gr_7_gin_scores_25_and_the_other_deadwood_without_lay_offs() {
    // Player 1's 9♦ would extend player 2's diamond run, but nothing is laid off on a Gin.
    let p1 = ["K♠", "K♣", "9♠", "9♦", "6♠", "6♥", "3♠", "3♦", "A♠", "A♣"];
    let deal = Deal { p1, p2: GIN, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    assert!(logged(&log, "player 1 has 64 deadwood: player 2 scores 25 + 64"));
    assert_eq!(score(&s, 2), 89);
    assert_eq!(score(&s, 1), 0);
}

#[test]
fn gr_7_knock_with_lay_offs_including_a_wild() {
    // Player 2's set of 9s holds the 9♥, so Wild Heart can only go onto the heart run.
    let knocker = ["5♥", "6♥", "7♥", "9♠", "9♦", "9♥", "J♣", "Q♣", "K♣", "2♠"];
    // 8♥ and Wild Heart go onto the heart run, 10♣ onto the club run; 41 points stay.
    let defender = ["Wild Heart", "8♥", "10♣", "K♦", "Q♠", "6♠", "4♦", "2♦", "A♠", "3♣"];
    let deal = Deal { p1: defender, p2: knocker, up: "J♦", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "J♦");
    say(&mut s, &mut log, "knock with 2 deadwood");
    assert!(logged(&log, "player 2 knocks"));
    assert!(logged(&log, "Wild Heart: hand of player 1 -> table of"));
    assert!(logged(&log, "8♥: hand of player 1 -> table of"));
    assert!(logged(&log, "10♣: hand of player 1 -> table of"));
    assert!(log
        .lines
        .iter()
        .any(|l| l.contains("hand of player 1 lays off") && l.contains("8♥") && l.contains("Wild Heart")));
    assert!(logged(&log, "run 5♥ 6♥ 7♥ 8♥ Wild Heart (Wild Heart as 9♥)"));
    assert!(logged(&log, "deadwood: player 2 2, player 1 41"));
    assert_eq!(score(&s, 2), 39);
    assert_eq!(score(&s, 1), 0);
}

#[test]
fn gr_7_an_undercut_scores_25_and_the_difference() {
    let knocker = ["2♥", "3♥", "4♥", "6♠", "6♦", "6♣", "8♣", "9♣", "10♣", "10♦"];
    // 5♥ could go onto 2-3-4♥, but it does more in the set of 5s: 4 points stay.
    let defender = ["A♠", "A♦", "A♣", "J♥", "Q♥", "K♥", "5♠", "5♦", "5♥", "4♠"];
    let deal = Deal { p1: defender, p2: knocker, up: "J♦", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "J♦");
    say(&mut s, &mut log, "knock with 10 deadwood");
    assert!(logged(&log, "deadwood: player 2 10, player 1 4"));
    assert!(logged(&log, "player 1 undercuts: 25 + 6"));
    assert_eq!(score(&s, 1), 31);
    assert_eq!(score(&s, 2), 0);
    assert_eq!(counter(&s, "undercuts"), 1);
}

#[test]
fn gr_7_equal_deadwood_scores_nothing() {
    let knocker = ["2♥", "3♥", "4♥", "6♠", "6♦", "6♣", "8♣", "9♣", "10♣", "4♦"];
    let defender = ["A♠", "A♦", "A♣", "J♥", "Q♥", "K♥", "5♠", "5♦", "5♥", "4♠"];
    let deal = Deal { p1: defender, p2: knocker, up: "J♦", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "J♦");
    say(&mut s, &mut log, "knock with 4 deadwood");
    assert!(logged(&log, "deadwood: player 2 4, player 1 4"));
    assert!(logged(&log, "equal deadwood: nobody scores"));
    assert_eq!((score(&s, 1), score(&s, 2)), (0, 0));
}

#[test]
fn gr_8_a_turn_that_starts_with_two_cards_in_the_stock_ends_the_hand_as_a_tie() {
    // Three cards in the stock: player 2 draws one, and player 1's turn starts with two.
    let deal = Deal { p1: LOOSE, p2: LOOSE_2, up: "Q♣", stock: &["J♦", "J♣", "J♠"], short: true };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    say(&mut s, &mut log, "J♦");
    assert!(logged(&log, "2 cards are left in the stock: the hand is a tie"));
    assert_eq!(counter(&s, "ties"), 1);
    assert_eq!((score(&s, 1), score(&s, 2)), (0, 0));
    assert_eq!(counter(&s, "hands"), 2, "the next hand is dealt");
}

#[test]
fn gr_8_a_player_who_could_knock_at_the_end_of_the_stock_may_still() {
    let ten = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "10♠"];
    let deal = Deal { p1: ten, p2: LOOSE, up: "Q♣", stock: &["J♦", "J♣", "J♠"], short: true };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    say(&mut s, &mut log, "J♦");
    // Player 1 may knock; playing on instead ends the hand as a tie.
    assert_eq!(offered_now(&s), ["knock with 10 deadwood", "play on"]);
    say(&mut s, &mut log, "play on");
    assert!(logged(&log, "the hand is a tie"));
}

#[test]
fn gr_9_a_match_goes_on_below_100() {
    // Gin scores 25 + 64 = 89: another hand is dealt.
    let deal = Deal { p1: LOOSE, p2: GIN, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    assert_eq!(score(&s, 2), 89);
    assert!(!s.is_over());
    assert_eq!(counter(&s, "hands"), 2);
}

#[test]
fn gr_9_the_match_ends_at_100_and_the_higher_total_wins() {
    // 110 points of deadwood: Gin scores 135.
    let heavy = ["K♠", "K♦", "Q♣", "Q♦", "J♠", "J♥", "10♠", "10♦", "9♣", "9♥"];
    let deal = Deal { p1: heavy, p2: GIN, up: "2♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "2♣");
    assert!(s.is_over());
    assert_eq!(score(&s, 2), 135);
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(counter(&s, "hands"), 1);
}

#[test]
fn gr_13_a_hand_that_ends_before_the_stock_draw_leaves_nothing_of_its_first_turn() {
    // Both players decline the up-card, so player 2's first normal turn must draw from the stock
    // (GR-3); but player 2 knocks at the beginning of that turn, before drawing, and the hand ends.
    let ten = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "10♠"];
    let deal = Deal { p1: LOOSE, p2: ten, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    say(&mut s, &mut log, "knock with 10 deadwood");
    assert!(logged(&log, "player 2 knocks"));
    // Hand 2: player 2 deals; player 1 takes the up-card and discards another card.
    assert_eq!(counter(&s, "hands"), 2);
    assert_eq!(mover(&s), 1);
    let take = offered_now(&s)[0].clone();
    assert!(take.starts_with("take "), "{take}");
    say(&mut s, &mut log, &take);
    let thrown = offered_now(&s)[0].clone();
    say(&mut s, &mut log, &thrown);
    // Player 2's normal turn: the stock-only draw of hand 1 is long gone, so the discard is offered.
    assert_eq!(mover(&s), 2);
    if offered_now(&s)[0].starts_with("knock") {
        say(&mut s, &mut log, "play on");
    }
    assert_eq!(offered_now(&s), ["draw from the stock".to_string(), format!("take {thrown}")]);
}

#[test]
fn gr_12_the_defender_chooses_melds_and_lay_offs_together() {
    // Player 2 knocks with run 4♥ 5♥ 6♥, set 9♠ 9♦ 9♣ and run J♣ Q♣ K♣ (A♠ left, 1 point).
    let knocker = ["4♥", "5♥", "6♥", "9♠", "9♦", "9♣", "J♣", "Q♣", "K♣", "A♠"];
    // Alone, player 1's best melds are the run 7♥ 8♥ 9♥ (7♠ 7♦ left, 14); laying off first, all of
    // 7♥ 8♥ 9♥ go onto 4♥ 5♥ 6♥ (the same 14 left). Together: the set 7♥ 7♠ 7♦ and 9♥ laid off
    // onto the 9s leave only 8♥ (8) of those five cards.
    let defender = ["7♥", "8♥", "9♥", "7♠", "7♦", "K♦", "Q♠", "2♦", "3♠", "5♣"];
    let deal = Deal { p1: defender, p2: knocker, up: "10♠", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "10♠");
    say(&mut s, &mut log, "knock with 1 deadwood");
    assert!(logged(&log, "hand of player 1 lays off 9♥ onto"));
    assert!(log.lines.iter().any(|l| l.contains(": set ") && l.contains("7♥") && l.contains("7♠") && l.contains("7♦")));
    assert!(logged(&log, "deadwood: player 2 1, player 1 43"), "8 + K♦ Q♠ 2♦ 3♠ 5♣ (35)");
    assert_eq!(score(&s, 2), 42);
}

/// Every event as each seat is shown it at the terminal (`cardlang play` with a person in that
/// seat): `seen[0]` for player 1, `seen[1]` for player 2.
#[derive(Default)]
struct Seats {
    seen: [Vec<String>; 2],
}

impl EventSink for Seats {
    fn event(&mut self, state: &State, event: Event<'_>) {
        for (p, lines) in self.seen.iter_mut().enumerate() {
            lines.extend(describe_for(state, Viewer::Player(p as u8), &event));
        }
    }
}

impl Seats {
    /// Whether seat `player` (from 1) was shown a line containing `text`.
    fn saw(&self, player: usize, text: &str) -> bool {
        self.seen[player - 1].iter().any(|l| l.contains(text))
    }
}

/// A first hand dealt as `deal`, every event shown to both seats.
fn start_seen(deal: &Deal<'_>) -> (State, Seats) {
    let g = game(GAME, None, &[]);
    let mut seats = Seats::default();
    let s = State::arranged(g, 1, &deal.steps(), &mut seats).expect("the arrangement names real cards");
    (s, seats)
}

/// Whoever decides now chooses `label`, every event shown to both seats.
fn act(state: &mut State, seats: &mut Seats, label: &str) {
    let p = mover(state) - 1;
    let legal = state.legal_actions(p);
    let a = *legal.iter().find(|a| state.action_label(p, **a) == label).unwrap_or_else(|| {
        panic!("`{label}` is not offered: {:?}", legal.iter().map(|a| state.action_label(p, *a)).collect::<Vec<_>>())
    });
    state.apply_with(p, a, seats).expect("legal");
}

#[test]
fn gr_13_after_gin_both_hands_are_shown_to_both_players() {
    let deal = Deal { p1: LOOSE, p2: GIN, up: "Q♣", stock: &[], short: false };
    let (mut s, mut seats) = start_seen(&deal);
    act(&mut s, &mut seats, "decline Q♣");
    act(&mut s, &mut seats, "decline Q♣");
    for seat in 1..=2 {
        // Player 2's melds, each with its cards, then their (empty) deadwood.
        assert!(seats.saw(seat, "hand of player 2 melds onto table of 1: run A♥ 2♥ 3♥"), "seat {seat}");
        assert!(seats.saw(seat, "hand of player 2 melds onto table of 2: set 4♠ 4♦ 4♣"));
        assert!(seats.saw(seat, "hand of player 2 melds onto table of 3: run 5♦ 6♦ 7♦ 8♦"));
        assert!(seats.saw(seat, "hand of player 2 shows nothing"));
        // Player 1's hand melds nothing: all ten cards are shown, with their points.
        assert!(seats.saw(seat, "hand of player 1 shows "));
        let shown = seats.seen[seat - 1].iter().find(|l| l.starts_with("hand of player 1 shows ")).unwrap();
        for c in LOOSE {
            assert!(shown.split(' ').any(|w| w == c), "seat {seat} sees {c} in {shown}");
        }
        assert!(seats.saw(seat, "» player 1 has 64 deadwood: player 2 scores 25 + 64"));
    }
}

#[test]
fn gr_13_after_a_knock_both_hands_and_the_lay_offs_are_shown_to_both_players() {
    let knocker = ["5♥", "6♥", "7♥", "9♠", "9♦", "9♥", "J♣", "Q♣", "K♣", "2♠"];
    let defender = ["Wild Heart", "8♥", "10♣", "K♦", "Q♠", "6♠", "4♦", "2♦", "A♠", "3♣"];
    let deal = Deal { p1: defender, p2: knocker, up: "J♦", stock: &[], short: false };
    let (mut s, mut seats) = start_seen(&deal);
    act(&mut s, &mut seats, "decline J♦");
    act(&mut s, &mut seats, "decline J♦");
    act(&mut s, &mut seats, "knock with 2 deadwood");
    for seat in 1..=2 {
        assert!(seats.saw(seat, "hand of player 2 melds onto table of 1: run 5♥ 6♥ 7♥"), "seat {seat}");
        assert!(seats.saw(seat, "hand of player 2 shows 2♠"), "seat {seat}: the knocker's deadwood");
        assert!(seats.saw(seat, "hand of player 1 lays off Wild Heart 8♥ onto table of 1"), "seat {seat}");
        assert!(seats.saw(seat, "hand of player 1 lays off 10♣ onto table of 3"), "seat {seat}");
        let shown = seats.seen[seat - 1].iter().find(|l| l.starts_with("hand of player 1 shows ")).unwrap();
        for c in ["K♦", "Q♠", "6♠", "4♦", "2♦", "A♠", "3♣"] {
            assert!(shown.split(' ').any(|w| w == c), "seat {seat} sees {c} in {shown}");
        }
        assert!(seats.saw(seat, "» deadwood: player 2 2, player 1 41"));
    }
}

#[test]
fn gr_13_an_exhausted_stock_also_ends_the_hand_face_up() {
    let deal = Deal { p1: LOOSE, p2: GIN_BUT_ONE, up: "Q♣", stock: &["J♦", "J♣", "J♠"], short: true };
    let (mut s, mut seats) = start_seen(&deal);
    act(&mut s, &mut seats, "decline Q♣");
    act(&mut s, &mut seats, "decline Q♣");
    // Player 2 draws J♦ and throws it back; player 1's turn starts with two cards in the stock.
    act(&mut s, &mut seats, "J♦");
    for seat in 1..=2 {
        assert!(seats.saw(seat, "2 cards are left in the stock: the hand is a tie"), "seat {seat}");
        assert!(seats.saw(seat, "hand of player 2 melds onto table of 1: run A♥ 2♥ 3♥"), "seat {seat}");
        assert!(seats.saw(seat, "hand of player 2 shows K♥"), "seat {seat}");
        assert!(seats.saw(seat, "hand of player 1 shows "), "seat {seat}");
        assert!(seats.saw(seat, "» deadwood: player 1 64, player 2 13; nobody scores"), "seat {seat}");
    }
    assert_eq!((score(&s, 1), score(&s, 2)), (0, 0));
}

/// Gin but for a K♥: 13 points of deadwood.
const GIN_BUT_ONE: [&str; 10] = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "K♥"];

/// Player 2 knocks with the run 5♥ 6♥ Wild Heart 8♥ (the wild shown as 7♥), the set 9♠ 9♦ 9♣
/// and A♠ 2♦ 3♣ left (6 points).
const KNOCK_WITH_A_WILD_7: [&str; 10] = ["5♥", "6♥", "Wild Heart", "8♥", "9♠", "9♦", "9♣", "A♠", "2♦", "3♣"];

/// A defender holding `card` and nine cards that neither meld nor lay off.
fn defender_with(card: &'static str) -> [&'static str; 10] {
    [card, "K♠", "Q♦", "J♠", "10♦", "8♠", "6♣", "4♠", "2♣", "K♦"]
}

#[test]
fn gr_10_a_wild_on_the_table_keeps_the_card_it_was_shown_as() {
    // The 7♥ cannot be laid off: the wild is the 7♥ of the run for the rest of the hand.
    let deal = Deal { p1: defender_with("7♥"), p2: KNOCK_WITH_A_WILD_7, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    say(&mut s, &mut log, "knock with 6 deadwood");
    assert!(logged(&log, "hand of player 2 melds onto table of 1: run 5♥ 6♥ Wild Heart 8♥ (Wild Heart as 7♥)"));
    assert!(!logged(&log, "lays off"), "nothing is laid off");
    assert!(logged(&log, "deadwood: player 2 6, player 1 86"));
    assert_eq!(score(&s, 2), 80);
}

#[test]
fn gr_10_lay_offs_extend_a_meld_as_shown() {
    // The 4♥ extends 5♥ 6♥ [7♥] 8♥ at its foot; the wild is still the 7♥.
    let deal = Deal { p1: defender_with("4♥"), p2: KNOCK_WITH_A_WILD_7, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "Q♣");
    say(&mut s, &mut log, "knock with 6 deadwood");
    assert!(logged(
        &log,
        "hand of player 1 lays off 4♥ onto table of 1: run 4♥ 5♥ 6♥ Wild Heart 8♥ (Wild Heart as 7♥)"
    ));
    assert!(logged(&log, "deadwood: player 2 6, player 1 79"));
}

#[test]
fn gr_10_shifting_wilds_lets_a_lay_off_read_a_wild_afresh() {
    // With `shifting_wilds`, the 7♥ takes the wild's place and the wild becomes the 9♥.
    let deal = Deal { p1: defender_with("7♥"), p2: KNOCK_WITH_A_WILD_7, up: "Q♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(Some("shifting_wilds"), &deal);
    both_decline(&mut s, &mut log, "Q♣");
    say(&mut s, &mut log, "knock with 6 deadwood");
    assert!(logged(&log, "hand of player 2 melds onto table of 1: run 5♥ 6♥ Wild Heart 8♥ (Wild Heart as 7♥)"));
    assert!(logged(
        &log,
        "hand of player 1 lays off 7♥ onto table of 1: run 5♥ 6♥ 7♥ 8♥ Wild Heart (Wild Heart as 9♥)"
    ));
    assert!(logged(&log, "deadwood: player 2 6, player 1 79"));
    assert_eq!(score(&s, 2), 73);
}

/// Player 2 can knock with 7 (3♠ 3♥ A♥) two ways: the 8♣ in the set of 8s, or at the foot of
/// the club run.
const KNOCK_TWO_WAYS: [&str; 10] = ["8♠", "8♥", "8♦", "8♣", "9♣", "10♣", "J♣", "3♠", "3♥", "A♥"];
/// A defender whose 7♣ fits the club run only when it starts at the 8♣ (75 points, or 68).
const SEVEN_OF_CLUBS: [&str; 10] = ["7♣", "K♠", "Q♦", "J♠", "5♦", "4♠", "2♦", "K♦", "6♠", "2♠"];

#[test]
fn gr_11_the_knocker_chooses_among_the_least_deadwood_arrangements() {
    for (keep_8_in, defender_left, scored) in [("set 8♠ 8♥ 8♦ 8♣", 75, 68), ("run 8♣ 9♣ 10♣ J♣", 68, 61)]
    {
        let deal = Deal { p1: SEVEN_OF_CLUBS, p2: KNOCK_TWO_WAYS, up: "Q♣", stock: &[], short: false };
        let (mut s, mut log) = start_with(None, &deal);
        both_decline(&mut s, &mut log, "Q♣");
        say(&mut s, &mut log, "knock with 7 deadwood");
        // The knocker is asked which melds to lay down, each way shown with what it leaves.
        assert_eq!(mover(&s), 2);
        assert_eq!(s.choice_prompt(1).as_deref(), Some("Which melds do you lay down?"));
        let offers = offered_now(&s);
        assert_eq!(offers.len(), 2, "{offers:?}");
        assert!(offers.iter().all(|o| o.ends_with("; leaves A♥ 3♥ 3♠ (7)")), "{offers:?}");
        let pick = offers.iter().find(|o| o.contains(keep_8_in)).expect("both ways are offered").clone();
        say(&mut s, &mut log, &pick);
        assert!(
            logged(&log, &format!("hand of player 2 melds onto table of 1: {keep_8_in}"))
                || logged(&log, &format!("hand of player 2 melds onto table of 2: {keep_8_in}"))
        );
        assert_eq!(logged(&log, "lays off 7♣"), defender_left == 68);
        assert!(logged(&log, &format!("deadwood: player 2 7, player 1 {defender_left}")));
        assert_eq!(score(&s, 2), scored);
    }
}

#[test]
fn gr_11_nobody_is_asked_when_one_arrangement_leaves_the_least() {
    // GR-7's knock: one way to leave 2 points; the melds go down at once.
    let knocker = ["5♥", "6♥", "7♥", "9♠", "9♦", "9♥", "J♣", "Q♣", "K♣", "2♠"];
    let defender = ["Wild Heart", "8♥", "10♣", "K♦", "Q♠", "6♠", "4♦", "2♦", "A♠", "3♣"];
    let deal = Deal { p1: defender, p2: knocker, up: "J♦", stock: &[], short: false };
    let (mut s, mut log) = start_with(None, &deal);
    both_decline(&mut s, &mut log, "J♦");
    say(&mut s, &mut log, "knock with 2 deadwood");
    assert!(logged(&log, "hand of player 2 melds onto table of 1"));
    assert_eq!(counter(&s, "hands"), 2, "the next hand is dealt without another question");
}

#[test]
fn gr_14_declining_to_knock_is_told_to_nobody_else() {
    // Player 2 could knock with 10 deadwood at the start of the first normal turn and plays on.
    // Player 1 sees only the stock draw and the discard that follow: nothing says player 2 was
    // offered a knock, so nothing tells player 1 that player 2's deadwood is 10 or less.
    let ten = ["A♥", "2♥", "3♥", "4♠", "4♦", "4♣", "5♦", "6♦", "7♦", "10♠"];
    let deal = Deal { p1: LOOSE, p2: ten, up: "Q♣", stock: &["K♥"], short: false };
    let (mut s, mut seats) = start_seen(&deal);
    act(&mut s, &mut seats, "decline Q♣");
    act(&mut s, &mut seats, "decline Q♣");
    let before = seats.seen[0].len();
    assert_eq!(offered_now(&s), ["knock with 10 deadwood", "play on"]);
    act(&mut s, &mut seats, "play on");
    // The draw (from the stock, GR-3) follows at once; then player 2 discards the K♥ drawn.
    assert_eq!(mover(&s), 2);
    act(&mut s, &mut seats, "K♥");
    let seen_by_1 = &seats.seen[0][before..];
    assert!(seen_by_1.iter().any(|l| l.contains("K♥")), "player 1 sees the discard: {seen_by_1:?}");
    for l in seen_by_1 {
        assert!(!l.contains("play on") && !l.contains("knock"), "player 1 is told of the declined knock: {l}");
    }
    // Player 2 is told their own choice.
    assert!(seats.saw(2, "player 2 chooses play on"), "{:?}", seats.seen[1]);
    assert_eq!(mover(&s), 1);
}
