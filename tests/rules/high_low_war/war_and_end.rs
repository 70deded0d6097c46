//! High-Low War's rulings HL-6 (war), HL-7 (the end) and HL-8 (short purses in a war), with
//! the deals and helpers of the parent module.

use super::*;

// ---------------------------------------------------------------------------------------------
// HL-6 War
// ---------------------------------------------------------------------------------------------

/// HL-6: equal ranks start a war. The pot stays; each player draws two cards and looks at both
/// (war card 1 in `look`, war card 2 `waiting`), predicts for each (card 1, then card 2) and
/// places both coins before any wagering. War card 1 is played with the tied pot; war card 2's
/// coins start its own pot. All the round's cards go to their owners' discards.
///
/// 5♦ = 5♣ with 2 raised and called: pot 6. War card 1: 9♦ (higher, right) against 7♣ (higher,
/// wrong): player 1 takes 6 + 2 = 8. War card 2: 4♥ (lower, right) against J♣ (lower, wrong):
/// its own pot is just its 2 prediction coins, which player 1 takes.
#[test]
fn hl_6_a_tie_starts_a_war_of_two_cards_each() {
    let (mut s, mut log) = new(&[], &deal(&["5♦", "9♦", "4♥"], &["5♣", "7♣", "J♣"]));
    predict(&mut s, &mut log, "higher", "lower");
    raise(&mut s, &mut log, 2, 2);
    bet(&mut s, &mut log, 1, "call");
    assert!(logged(&log, "» the ranks tie: war!"));
    assert_eq!(pot(&s), 6, "the tied pot stays");
    assert_eq!((cards(&s, TABLE1), cards(&s, TABLE2)), (vec!["5♦".to_string()], vec!["5♣".to_string()]));
    assert_eq!((cards(&s, LOOK1), cards(&s, WAITING1)), (vec!["9♦".to_string()], vec!["4♥".to_string()]));
    assert_eq!((cards(&s, LOOK2), cards(&s, WAITING2)), (vec!["7♣".to_string()], vec!["J♣".to_string()]));

    // Two secret predictions each, war card 1 then war card 2; no coin is placed in between.
    assert!(s.choice_prompt(0).unwrap().starts_with("War card 1: will your 9♦"));
    predict(&mut s, &mut log, "higher", "higher");
    assert_eq!((purse(&s, 1), purse(&s, 2)), (17, 17), "no coin yet");
    assert!(s.choice_prompt(1).unwrap().starts_with("War card 2: will your J♣"));
    predict(&mut s, &mut log, "lower", "lower");
    assert_eq!((purse(&s, 1), purse(&s, 2)), (15, 15));
    for (c, g) in [("9♦", "higher"), ("4♥", "lower"), ("7♣", "higher"), ("J♣", "lower")] {
        assert_eq!((stake(&s, c), prediction(&s, c)), (1, g), "{c}");
    }
    assert_eq!(pot(&s), 6, "war card 1's pot is the tied pot");
    assert_eq!(coins(&s), 40);

    // War card 1.
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 8"));
    assert_eq!((pot(&s), stake(&s, "4♥"), stake(&s, "J♣")), (0, 1, 1), "war card 2's coins wait under it");
    assert_eq!(coins(&s), 40);
    // War card 2.
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 2"));

    assert_eq!(
        said_from(&log, "the ranks tie")[..10],
        [
            "the ranks tie: war!",
            "war card 1",
            "player 2 checks",
            "player 1 checks",
            "player 1 reveals 9♦ and the prediction higher",
            "player 2 reveals 7♣ and the prediction higher",
            "only player 1 predicted right and takes the pot of 8",
            "war card 2",
            "player 2 checks",
            "player 1 checks",
        ]
    );
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(sorted(&s, DISCARD1), names(&["5♦", "9♦", "4♥"]));
    assert_eq!(sorted(&s, DISCARD2), names(&["5♣", "7♣", "J♣"]));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (25, 15, 0));
    assert_eq!(coins(&s), 40);
}

/// HL-6: "A rollover inside a war goes to the next comparison." War card 1 (9♦ lower, 7♣ higher):
/// neither is right, so its pot (the tied 2 + 2) rolls over to war card 2, which then holds 6;
/// war card 2 (4♥ higher, J♣ higher): only player 2 is right and takes 6. A rollover on war card 2
/// goes on to the next round, tested in a second game: (4♥ higher, J♣ lower), pot 6 rolls into
/// round 2.
#[test]
fn hl_6_a_rollover_inside_a_war_goes_to_the_next_comparison() {
    let stack = deal(&["5♦", "9♦", "4♥"], &["5♣", "7♣", "J♣"]);
    let (mut s, mut log) = new(&[], &stack);
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    predict(&mut s, &mut log, "lower", "higher");
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» neither prediction is right: the pot of 4 rolls over"));
    assert_eq!((pot(&s), stake(&s, "4♥"), stake(&s, "J♣")), (4, 1, 1));
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» only player 2 predicted right and takes the pot of 6"));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (17, 23, 0));
    assert_eq!(coins(&s), 40);

    // War card 2 rolls over too: the pot goes on to round 2.
    let (mut s, mut log) = new(&[], &stack);
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    predict(&mut s, &mut log, "lower", "higher");
    predict(&mut s, &mut log, "higher", "lower");
    for _ in 0..2 {
        bet(&mut s, &mut log, 2, "check");
        bet(&mut s, &mut log, 1, "check");
    }
    assert!(logged(&log, "» neither prediction is right: the pot of 6 rolls over"));
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (17, 17, 6));
    assert_eq!(coins(&s), 40);
}

/// HL-6: a tie on war card 1 is a nested war, "resolved completely first", before war card 2.
/// 5♦ = 5♣: war with 9♦ / 4♥ against 9♣ / J♣; 9♦ = 9♣: nested war with K♦ / 3♦ against
/// Q♣ / 6♣. The reveals come in the order 5, 9, K-Q, 3-6 (nested war card 2), and only then
/// 4♥-J♣ (the outer war card 2), whose coins stay under it all through the nested war. Pots:
/// the 9s' pot (tied pot 2 + 2) is the pot of K-Q; each war card 2 has its own pot.
#[test]
fn hl_6_a_nested_war_is_resolved_before_war_card_2() {
    let (mut s, mut log) = new(&[], &deal(&["5♦", "9♦", "4♥", "K♦", "3♦"], &["5♣", "9♣", "J♣", "Q♣", "6♣"]));
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    predict(&mut s, &mut log, "higher", "higher"); // 9♦, 9♣
    predict(&mut s, &mut log, "lower", "higher"); // 4♥, J♣
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    // The 9s tie: a nested war, with its own two cards, predictions and coins.
    assert_eq!(counter(&s, "wars"), 2);
    assert_eq!(pot(&s), 4);
    assert_eq!(cards(&s, LOOK1), ["K♦"]);
    assert_eq!(cards(&s, WAITING1), ["3♦", "4♥"], "the nested war card 2 waits on top of the outer one");
    predict(&mut s, &mut log, "higher", "lower"); // K♦, Q♣
    predict(&mut s, &mut log, "lower", "higher"); // 3♦, 6♣
    assert_eq!((purse(&s, 1), purse(&s, 2)), (15, 15));
    assert_eq!(coins(&s), 40);
    // Nested war card 1: K♦ (higher, right) against Q♣ (lower, right): the pot of 6 is split.
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» both predictions are right: the pot of 6 is split"));
    assert_eq!((stake(&s, "4♥"), stake(&s, "J♣")), (1, 1), "the outer war card 2 still waits");
    // Nested war card 2: 3♦ (lower, right) against 6♣ (higher, right): its own pot of 2, split.
    assert_eq!(pot(&s), 0);
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» both predictions are right: the pot of 2 is split"));
    // Outer war card 2: 4♥ (lower, right) against J♣ (higher, right): its pot of 2, split.
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");

    let reveals: Vec<String> =
        said_from(&log, "round 1").into_iter().filter(|l| l.starts_with("player 1 reveals")).collect();
    assert_eq!(
        reveals,
        [
            "player 1 reveals 5♦ and the prediction higher",
            "player 1 reveals 9♦ and the prediction higher",
            "player 1 reveals K♦ and the prediction higher",
            "player 1 reveals 3♦ and the prediction lower",
            "player 1 reveals 4♥ and the prediction lower",
        ]
    );
    assert!(line_of(&log, "» player 2 reveals 6♣") < line_of(&log, "» player 1 reveals 4♥"));
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!(sorted(&s, DISCARD1), names(&["5♦", "9♦", "4♥", "K♦", "3♦"]));
    assert_eq!(sorted(&s, DISCARD2), names(&["5♣", "9♣", "J♣", "Q♣", "6♣"]));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (20, 20, 0));
    assert_eq!(coins(&s), 40);
}

/// HL-5 + HL-6: an odd coin left by a split "stays in the pot for the next round" (HL-5), and
/// war card 2's prediction coins "start the second war card's pot" (HL-6). One coin of player 1 is
/// in the pot before round 1. 5♦ = 5♣: the tied pot is 3. War card 1, 9♦ (higher) against 7♣
/// (lower), both right: the pot of 5 is split 2 / 2 and 1 coin stays. War card 2, 4♥ (lower,
/// right) against J♣ (lower, wrong): read as written, its pot is its own 2 prediction coins;
/// player 1 takes 2 and the odd coin waits for round 2.
#[test]
fn hl_5_6_an_odd_coin_of_a_war_split_waits_for_the_next_round() {
    let steps =
        vec![give(1, "purse of player 1", "pot"), top(DECK1, &["5♦", "9♦", "4♥"]), top(DECK2, &["5♣", "7♣", "J♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert_eq!(pot(&s), 3);
    predict(&mut s, &mut log, "higher", "lower");
    predict(&mut s, &mut log, "lower", "lower");
    for _ in 0..2 {
        bet(&mut s, &mut log, 2, "check");
        bet(&mut s, &mut log, 1, "check");
    }
    assert!(logged(&log, "» both predictions are right: the pot of 5 is split"));
    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 2"), "war card 2's own pot");
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!(pot(&s), 1, "the odd coin waits for round 2");
    assert_eq!((purse(&s, 1), purse(&s, 2)), (20, 19));
    assert_eq!(coins(&s), 40);
}

// ---------------------------------------------------------------------------------------------
// HL-7 End
// ---------------------------------------------------------------------------------------------

/// HL-7: "A player who must place a prediction coin and has none loses at once." Player 1's
/// whole purse is arranged over to player 2: round 1 ends the game before anyone predicts.
#[test]
fn hl_7_a_player_without_a_coin_for_the_prediction_loses_at_once() {
    let (s, log) = new(&[], &[give(20, "purse of player 1", "purse of player 2")]);
    assert!(s.is_over());
    assert!(logged(&log, "» player 1 has no coin left for a prediction"));
    assert!(!log.lines.iter().any(|l| l.contains(" has chosen ")), "nobody predicts");
    assert_eq!(count(&s, LOOK1) + count(&s, LOOK2), 2, "both had drawn their card");
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(coins(&s), 40);
}

/// HL-8: a war needs two prediction coins from each player at once. Player 1 holds 2 coins: one
/// goes under the tied 5♦, so at the war they have 1 — enough for war card 1, none for war card 2 —
/// while player 2 can cover both: only player 1 is short, and they lose at once, before any war
/// prediction is asked.
#[test]
fn hl_8_only_one_player_short_of_coins_for_the_war_loses_at_once() {
    let steps = vec![give(18, "purse of player 1", "purse of player 2"), top(DECK1, &["5♦"]), top(DECK2, &["5♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "higher", "lower");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");

    assert!(s.is_over());
    assert_eq!(said_from(&log, "the ranks tie"), ["the ranks tie: war!", "player 1 has no coin left for a prediction"]);
    assert_eq!(log.lines.last().unwrap(), "game over: player 2 wins");
    assert_eq!(log.lines.iter().filter(|l| l.contains(" has chosen ")).count(), 2, "no war prediction is made");
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (1, 37, 2));
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(coins(&s), 40);
}

/// HL-8: if both players must place prediction coins at the same moment and neither can, nobody
/// can go on: with 1 coin each, both coins go under the tied cards and the war finds both purses
/// empty — a draw.
#[test]
fn hl_8_both_short_of_coins_for_the_war_is_a_draw() {
    let (mut s, mut log) = new(&[("coins", "1")], &deal(&["5♦"], &["5♣"]));
    predict(&mut s, &mut log, "higher", "lower");
    assert!(logged(&log, "» the ranks tie: war!"));
    assert!(s.is_over());
    assert!(logged(&log, "» neither player has the coins for a prediction"));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (0, 0, 2));
    assert!(is_draw(&s));
    assert_eq!(coins(&s), 2);
}

/// HL-7: "the game ends when, at the end of a round (after the pot is paid out), a player holds 0
/// coins; the other wins." Player 1 (5 coins) calls all-in; only player 2 is right, so player 1
/// ends the round with 0: the round is finished (cards to the discards), then player 2 wins.
#[test]
fn hl_7_a_player_with_no_coins_at_the_end_of_a_round_loses() {
    let steps = vec![give(15, "purse of player 1", "purse of player 2"), top(DECK1, &["9♦"]), top(DECK2, &["4♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "lower", "lower");
    raise(&mut s, &mut log, 2, 10);

    assert!(s.is_over());
    assert!(logged(&log, "» player 1 calls all-in with 4; 6 go back to player 2"));
    assert!(logged(&log, "» only player 2 predicted right and takes the pot of 10"));
    let end = line_of(&log, "game over: player 2 wins");
    assert!(line_of(&log, "9♦: table of player 1 -> discard of player 1") < end, "the round is finished first");
    assert_eq!(counter(&s, "rounds"), 1);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (0, 40, 0));
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(coins(&s), 40);
}

/// HL-7: what counts is the end of the round, after the payout: player 1 goes all-in (0 coins in
/// their purse during the wagering) but is right and takes the pot, so the game goes on to round 2
/// ("a purse that touched 0 during the round and was refilled by the outcome does not end the
/// game").
#[test]
fn hl_7_coins_won_back_before_the_round_ends_play_on() {
    let steps = vec![give(15, "purse of player 1", "purse of player 2"), top(DECK1, &["9♦"]), top(DECK2, &["4♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "higher", "higher");
    raise(&mut s, &mut log, 2, 10);

    assert!(logged(&log, "» player 1 calls all-in with 4; 6 go back to player 2"));
    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 10"));
    assert!(!s.is_over());
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!((purse(&s, 1), purse(&s, 2)), (10, 30));
    assert_eq!(coins(&s), 40);
}

/// HL-7: "If both hold 0 (all coins in the pot), the game is a draw." With 3 coins each, player 2
/// raises 2 and player 1 calls: both purses are empty, neither is right, the pot of 6 would roll
/// over, and the round ends with both at 0.
#[test]
fn hl_7_both_at_0_at_the_end_of_a_round_is_a_draw() {
    let (mut s, mut log) = new(&[("coins", "3")], &deal(&["9♦"], &["4♣"]));
    predict(&mut s, &mut log, "lower", "higher");
    raise(&mut s, &mut log, 2, 2);

    assert!(logged(&log, "» player 1 calls 2"), "player 1 cannot re-raise and is not asked");
    assert!(logged(&log, "» neither prediction is right: the pot of 6 rolls over"));
    assert!(s.is_over());
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (0, 0, 6));
    assert!(is_draw(&s));
    assert_eq!(coins(&s), 6);
}

/// HL-7: "`max_rounds` (default 10,000) ends a game as unfinished." With `max_rounds = 1`, round 1 is played in
/// full; when round 2 would begin, the game stops, unfinished, nobody winning.
#[test]
fn hl_7_max_rounds_ends_the_game_unfinished() {
    let (mut s, mut log) = new(&[("max_rounds", "1")], &deal(&["9♦"], &["4♣"]));
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");

    assert!(s.is_over());
    assert!(is_unfinished(&s));
    assert_eq!(winners(&s), None);
    assert_eq!(counter(&s, "rounds"), 1);
    assert!(!logged(&log, "» round 2"));
    assert_eq!((purse(&s, 1), purse(&s, 2)), (21, 19));
    assert_eq!(coins(&s), 40);
}

// ---------------------------------------------------------------------------------------------
// HL-8 Short purses in a war
// ---------------------------------------------------------------------------------------------

/// HL-8, the ruling's own example: purses 1 and 0 before a war's two cards. Player 1 starts the
/// round with 2 coins, player 2 with 1 (and 1 in the odd coin, which joins the pot); after the
/// prediction coins of the tied cards, neither can place two more: a draw, whoever is settled
/// first.
#[test]
fn hl_8_purses_of_1_and_0_before_a_war_is_a_draw() {
    let steps = vec![give(1, "purse of player 2", "odd_coin"), top(DECK1, &["5♦"]), top(DECK2, &["5♣"])];
    let (mut s, mut log) = new(&[("coins", "2")], &steps);
    assert_eq!((purse(&s, 1), purse(&s, 2)), (2, 1));
    predict(&mut s, &mut log, "higher", "lower");
    assert!(logged(&log, "» the ranks tie: war!"));
    assert!(s.is_over());
    assert!(logged(&log, "» neither player has the coins for a prediction"));
    assert!(!logged(&log, "has no coin left"));
    assert_eq!((purse(&s, 1), purse(&s, 2)), (1, 0));
    assert!(is_draw(&s));
    assert_eq!(coins(&s), 4);
}
