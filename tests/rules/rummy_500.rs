//! Scenario tests for Rummy 500 (`games/rummy_500.cardgame`), one or more per rule R5-1 ...
//! R5-11 of docs/games/rummy_500.md (each test's name starts with its id). Each stacks the deal,
//! makes the players' choices by their labels, and checks what is offered and what the table
//! holds.
//!
//! Two players unless a test says otherwise: player 1 deals the first hand, so player 2 is dealt
//! the first card and plays first.

use cardlang::engine::{Recorder, State};

use super::support::*;

const GAME: &str = "rummy_500";

/// Player 2 (first to play): the runs 7♥ 8♥ 9♥ and A♠ 2♠ 3♠, the set 4♦ 4♣ 4♠, Q♦ K♦ (a high
/// run with A♦), 5♥ and J♣.
const P2: &str = "7♥ 8♥ 9♥ 4♣ 4♦ 4♠ A♠ 2♠ 3♠ Q♦ K♦ 5♥ J♣";
/// Player 1: 6♥ and 10♥ (both lay off on 7♥ 8♥ 9♥), 4♥ (the fourth four), K♣ A♣ 2♣ (round the
/// corner: no run), 9♣ 9♦, 5♠ 6♠, 8♣, Q♠, 3♦.
const P1: &str = "10♥ 6♥ 4♥ K♣ A♣ 2♣ 9♣ 9♦ 5♠ 6♠ 8♣ Q♠ 3♦";

/// Player 2's four melds with `OUT_HAND` and A♦ drawn: every card of the hand.
const ALL_OUT: [&str; 4] =
    ["meld the run A♥ to 3♥", "meld 4♦ 4♣ 4♠", "meld the run 7♠ to 9♠", "meld the run 10♦ to A♦"];
/// A hand that melds whole with A♦: A♥ 2♥ 3♥, 4♦ 4♣ 4♠, 7♠ 8♠ 9♠ and 10♦ J♦ Q♦ K♦ (A♦).
const OUT_HAND: &str = "A♥ 2♥ 3♥ 4♣ 4♦ 4♠ 7♠ 8♠ 9♠ J♦ Q♦ K♦ 10♦";

/// The first deal of a two-player game: thirteen cards each, one at a time from the dealer's
/// left (player 2), then the card that starts the discard pile, then the top of the stock.
fn deal<'a>(p1: &'a str, p2: &'a str, up: &'a str, stock: &'a str) -> Vec<&'a str> {
    let p1: Vec<&str> = p1.split_whitespace().collect();
    let p2: Vec<&str> = p2.split_whitespace().collect();
    assert_eq!((p1.len(), p2.len()), (13, 13), "thirteen cards each");
    let mut order: Vec<&str> = (0..13).flat_map(|k| [p2[k], p1[k]]).collect();
    order.push(up);
    order.extend(stock.split_whitespace());
    order
}

fn start_with(sets: &[(&str, &str)], p1: &str, p2: &str, up: &str, stock: &str) -> (State, Recorder) {
    let g = game(GAME, None, sets);
    let mut log = Recorder::default();
    let s = start(&g, &stacked_stock(&deal(p1, p2, up, stock), false), &mut log);
    (s, log)
}

/// The usual deal: A♦ starts the discard pile; the stock starts 10♣ J♦ 7♣ 5♦.
fn usual() -> (State, Recorder) {
    start_with(&[], P1, P2, "A♦", "10♣ J♦ 7♣ 5♦")
}

/// A per-player counter's value for player `p` (from 1).
fn of(state: &State, name: &str, p: usize) -> i64 {
    state.counter(name).and_then(|v| v[p - 1].as_int()).unwrap_or_else(|| panic!("no counter {name}"))
}

/// Whoever decides now chooses each of these labels in turn.
fn say_all(state: &mut State, log: &mut Recorder, labels: &[&str]) {
    for label in labels {
        say(state, log, label);
    }
}

/// The labels offered now that start with `prefix`, sorted.
fn offered_starting(state: &State, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = offered_now(state).into_iter().filter(|l| l.starts_with(prefix)).collect();
    out.sort();
    out
}

#[test]
fn r5_1_one_pack_of_52_cards_and_r5_2_thirteen_each_to_two_players() {
    let (s, _) = usual();
    assert_eq!(total_cards(&s), 52);
    assert_eq!((count(&s, "hand of player 1"), count(&s, "hand of player 2")), (13, 13));
    assert_eq!(cards(&s, "discard"), ["A♦"]);
    assert_eq!(count(&s, "stock"), 52 - 26 - 1);
    assert_eq!(mover(&s), 2, "the dealer's left plays first");
}

#[test]
fn r5_2_seven_cards_each_to_three_players_and_the_dealers_left_plays_first() {
    let g = game_seated(GAME, None, &[], Some(3));
    let mut log = Recorder::default();
    let s = start(&g, &[], &mut log);
    for p in 1..=3 {
        assert_eq!(count(&s, &format!("hand of player {p}")), 7);
    }
    assert_eq!(count(&s, "stock"), 52 - 21 - 1);
    assert_eq!(mover(&s), 2);
}

#[test]
fn r5_3_draw_from_the_stock_or_take_the_top_of_the_spread_discard_pile() {
    let (mut s, mut log) = usual();
    assert_eq!(offered_now(&s), ["draw from the stock", "take A♦"]);
    say(&mut s, &mut log, "draw from the stock");
    assert!(cards(&s, "hand of player 2").contains(&"10♣".to_string()));
    say(&mut s, &mut log, "discard J♣");
    assert_eq!(cards(&s, "discard"), ["J♣", "A♦"], "the pile keeps every card, spread");
}

#[test]
fn r5_4_the_top_discard_taken_may_not_be_discarded_the_same_turn() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "take A♦");
    let discards = offered_starting(&s, "discard ");
    assert_eq!(discards.len(), 13, "every card but the one taken: {discards:?}");
    assert!(!discards.contains(&"discard A♦".to_string()));
    // Next turn it may go: player 2 draws again after player 1's turn.
    say(&mut s, &mut log, "discard J♣");
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "discard Q♠");
    say(&mut s, &mut log, "draw from the stock");
    assert!(offers(&s, "discard A♦"));
}

#[test]
fn r5_5_a_card_under_others_is_offered_only_when_it_can_be_melded_at_once() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "discard J♣");
    // Player 1 cannot meld A♦ (one ace, no diamonds next to it): only the top card.
    assert_eq!(offered_now(&s), ["draw from the stock", "take J♣"]);
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "discard 8♣");
    // Player 2 holds Q♦ K♦: A♦ ends the run Q♦ K♦ A♦. J♣ would need 10♣ with 9♣ or Q♣.
    assert_eq!(offered_now(&s), ["draw from the stock", "take 8♣", "take the 3 cards down to A♦"]);
    say(&mut s, &mut log, "take the 3 cards down to A♦");
    assert!(cards(&s, "discard").is_empty());
    // The first play must use A♦: nothing else, and no discard.
    assert_eq!(offered_now(&s), ["meld the run Q♦ to A♦"]);
    say(&mut s, &mut log, "meld the run Q♦ to A♦");
    assert_eq!(cards(&s, "table 1 of player 2"), ["A♦", "K♦", "Q♦"]);
    // Then anything, and the cards taken above it may be discarded at once.
    assert!(offers(&s, "discard J♣") && offers(&s, "discard 8♣"));
}

#[test]
fn r5_5_a_card_under_others_may_be_laid_off_at_once_on_anyones_meld() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "meld the run 7♥ to 9♥");
    say(&mut s, &mut log, "discard 5♥");
    // Player 1 discards 10♥ and player 2 covers it with J♣: player 1 takes 10♥ back (with J♣)
    // to lay it off on player 2's run.
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "discard 10♥");
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "discard J♣");
    assert!(offers(&s, "take the 2 cards down to 10♥"), "10♥ lays off on 7♥ 8♥ 9♥");
    say(&mut s, &mut log, "take the 2 cards down to 10♥");
    let plays = offered_now(&s);
    assert_eq!(plays, ["lay off 10♥ on table 1 of player 2"], "only 10♥ may be played first");
}

#[test]
fn r5_6_melds_lie_before_the_player_who_lays_them_down_one_zone_each() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "take A♦");
    say(&mut s, &mut log, "meld the run 7♥ to 9♥");
    say(&mut s, &mut log, "meld 4♦ 4♣ 4♠");
    assert_eq!(cards(&s, "table 1 of player 2"), ["9♥", "8♥", "7♥"]);
    assert_eq!(cards(&s, "table 2 of player 2"), ["4♠", "4♣", "4♦"]);
    assert!(cards(&s, "table 1 of player 1").is_empty());
    assert_eq!(count(&s, "hand of player 2"), 14 - 6);
    assert_eq!(mover(&s), 2, "melding does not end the turn; a discard does");
}

#[test]
fn r5_7_sets_of_three_or_four_and_runs_with_the_ace_high_or_low() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "take A♦");
    // 4♠ is offered both in the set of fours and at the top of the low spade runs.
    assert_eq!(
        offered_starting(&s, "meld"),
        sorted_labels(&[
            "meld 4♦ 4♣ 4♠",
            "meld the run 7♥ to 9♥",
            "meld the run A♠ to 3♠",
            "meld the run A♠ to 4♠",
            "meld the run 2♠ to 4♠",
            "meld the run Q♦ to A♦",
        ])
    );
}

#[test]
fn r5_7_a_set_is_offered_with_any_three_of_four_and_a_long_run_in_every_length() {
    let p2 = "4♥ 4♣ 4♦ 4♠ 5♠ 6♠ 7♠ 8♠ Q♦ K♦ 5♥ J♣ 2♥";
    let p1 = "10♥ 6♥ 7♥ K♣ A♣ 2♣ 9♣ 9♦ 5♣ 6♣ 8♣ Q♠ 3♦";
    let (mut s, mut log) = start_with(&[], p1, p2, "A♦", "10♣ J♦");
    say(&mut s, &mut log, "draw from the stock");
    assert_eq!(
        offered_starting(&s, "meld"),
        sorted_labels(&[
            "meld 4♥ 4♦ 4♣",
            "meld 4♥ 4♦ 4♠",
            "meld 4♥ 4♣ 4♠",
            "meld 4♦ 4♣ 4♠",
            "meld 4♥ 4♦ 4♣ 4♠",
            "meld the run 4♠ to 6♠",
            "meld the run 4♠ to 7♠",
            "meld the run 4♠ to 8♠",
            "meld the run 5♠ to 7♠",
            "meld the run 5♠ to 8♠",
            "meld the run 6♠ to 8♠",
        ])
    );
}

#[test]
fn r5_7_no_run_goes_round_the_corner() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "discard J♣");
    say(&mut s, &mut log, "draw from the stock");
    // Player 1 holds K♣ A♣ 2♣ (and J♦ drawn): K-A-2 is no run, so nothing to meld.
    assert!(offered_starting(&s, "meld").is_empty(), "{:?}", offered_now(&s));
}

#[test]
fn r5_8_lay_offs_on_anyones_meld_score_for_whoever_lays_them_off() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "meld the run 7♥ to 9♥");
    assert_eq!(of(&s, "melded", 2), 7 + 8 + 9);
    say(&mut s, &mut log, "discard J♣");
    say(&mut s, &mut log, "draw from the stock");
    assert_eq!(
        offered_starting(&s, "lay off"),
        sorted_labels(&["lay off 10♥ on table 1 of player 2", "lay off 6♥ on table 1 of player 2"])
    );
    say(&mut s, &mut log, "lay off 6♥ on table 1 of player 2");
    say(&mut s, &mut log, "lay off 10♥ on table 1 of player 2");
    // A card laid off below the run goes under it, so the run reads in order.
    assert_eq!(cards(&s, "table 1 of player 2"), ["10♥", "9♥", "8♥", "7♥", "6♥"]);
    assert_eq!(of(&s, "melded", 1), 6 + 10);
    assert_eq!(of(&s, "melded", 2), 7 + 8 + 9, "the meld's owner gains nothing");
    assert!(logged(&log, "player 1 lays off 10♥: 10 points"));
}

#[test]
fn r5_8_the_fourth_card_of_a_set_lays_off() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "meld 4♦ 4♣ 4♠");
    say(&mut s, &mut log, "discard J♣");
    say(&mut s, &mut log, "draw from the stock");
    assert!(offers(&s, "lay off 4♥ on table 1 of player 2"));
}

#[test]
fn r5_9_a_player_who_melds_every_card_goes_out_without_discarding() {
    let (mut s, mut log) = start_with(&[], P1, OUT_HAND, "5♣", "A♦");
    say(&mut s, &mut log, "draw from the stock");
    say_all(&mut s, &mut log, &ALL_OUT);
    assert!(logged(&log, "player 2 goes out"));
    assert_eq!(counter(&s, "hands"), 2, "the next hand is dealt");
    let melded = (1 + 2 + 3) + 12 + (7 + 8 + 9) + (10 + 10 + 10 + 10 + 15);
    assert_eq!(of(&s, "score", 2), melded);
    // Player 1 melded nothing: the hand counts against them.
    let left = 10 + 6 + 4 + 10 + 15 + 2 + 9 + 9 + 5 + 6 + 8 + 10 + 3;
    assert_eq!(of(&s, "score", 1), -left);
}

#[test]
fn r5_9_a_player_may_go_out_by_discarding_the_last_card() {
    let p2 = "A♥ 2♥ 3♥ 4♣ 4♦ 4♠ 7♠ 8♠ 9♠ J♦ Q♦ K♦ 5♣";
    let (mut s, mut log) = start_with(&[], P1, p2, "6♦", "10♦");
    say(&mut s, &mut log, "draw from the stock");
    say_all(&mut s, &mut log, &ALL_OUT[..3]);
    say(&mut s, &mut log, "meld the run 10♦ to K♦");
    assert_eq!(offered_now(&s), ["discard 5♣"]);
    say(&mut s, &mut log, "discard 5♣");
    assert!(logged(&log, "player 2 goes out"));
    assert_eq!(counter(&s, "outs"), 1);
}

#[test]
fn r5_9_the_hand_ends_when_the_stock_is_empty_after_a_turn() {
    let (mut s, mut log) = usual();
    // Both players draw from the stock and discard what they drew, until it runs out.
    let mut turns = 0;
    while counter(&s, "hands") == 1 {
        say(&mut s, &mut log, "draw from the stock");
        turns += 1;
        let p = mover(&s);
        let drawn = cards(&s, &format!("hand of player {p}"))[0].clone();
        say(&mut s, &mut log, &format!("discard {drawn}"));
    }
    assert_eq!(turns, 25, "one turn per card of the stock");
    assert!(logged(&log, "the stock is empty: the hand is over"));
    assert!(!logged(&log, "goes out"));
}

#[test]
fn r5_10_cards_melded_score_for_the_player_an_ace_fifteen_or_one_in_a_low_run() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "take A♦");
    say(&mut s, &mut log, "meld the run A♠ to 3♠");
    assert_eq!(of(&s, "melded", 2), 1 + 2 + 3);
    say(&mut s, &mut log, "meld the run Q♦ to A♦");
    assert_eq!(of(&s, "melded", 2), 6 + 10 + 10 + 15);
    assert!(logged(&log, "player 2 melds 3 cards: 35 points"));
}

#[test]
fn r5_10_an_ace_laid_off_below_a_two_scores_one() {
    let p2 = "2♥ 3♥ 4♥ 4♣ 4♦ 4♠ 7♠ 8♠ 9♠ J♦ Q♦ K♦ 5♣";
    let p1 = "A♥ 6♥ 10♥ K♣ A♣ 2♣ 9♣ 9♦ 5♠ 6♠ 8♣ Q♠ 3♦";
    let (mut s, mut log) = start_with(&[], p1, p2, "6♦", "10♦ 7♦");
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "meld the run 2♥ to 4♥");
    say(&mut s, &mut log, "discard 5♣");
    say(&mut s, &mut log, "draw from the stock");
    say(&mut s, &mut log, "lay off A♥ on table 1 of player 2");
    assert_eq!(of(&s, "melded", 1), 1);
    assert_eq!(cards(&s, "table 1 of player 2"), ["4♥", "3♥", "2♥", "A♥"]);
}

#[test]
fn r5_11_the_game_ends_when_a_player_reaches_the_target_the_highest_wins() {
    let (mut s, mut log) = start_with(&[("target", "50")], P1, OUT_HAND, "5♣", "A♦");
    say(&mut s, &mut log, "draw from the stock");
    say_all(&mut s, &mut log, &ALL_OUT);
    assert!(s.is_over());
    assert_eq!(winners(&s), Some(vec![2]));
}

#[test]
fn r5_11_below_the_target_another_hand_is_dealt_by_the_next_dealer() {
    let (mut s, mut log) = start_with(&[], P1, OUT_HAND, "5♣", "A♦");
    say(&mut s, &mut log, "draw from the stock");
    say_all(&mut s, &mut log, &ALL_OUT);
    assert!(!s.is_over());
    assert!(logged(&log, "hand 2: player 2 deals"));
    assert_eq!(mover(&s), 1, "the new dealer's left plays first");
    assert_eq!(total_cards(&s), 52);
    assert_eq!((count(&s, "hand of player 1"), count(&s, "hand of player 2")), (13, 13));
}
