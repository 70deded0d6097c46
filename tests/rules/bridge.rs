//! Scenario tests for Contract Bridge with Chicago scoring (`games/bridge.cardgame`), one or more
//! per rule BR-1 ... BR-18 of docs/games/bridge.md (each test's name starts with its id). Each
//! stacks the first deal, makes the calls and plays by name, and checks what is offered and
//! what the table and the score hold.
//!
//! Player 1 deals the first deal, thirteen cards each one at a time from player 2; player 1
//! calls first. Calls are chosen by their labels ("pass", "1 ♠", "3 NT", "double"), cards by name.

use cardlang::engine::{Recorder, State};

use super::support::*;

const GAME: &str = "bridge";

/// The deal that gives each player these thirteen cards (written with spaces, player 1 first):
/// one card at a time, from player 2, the dealer's left.
fn deal(hands: [&str; 4]) -> Vec<&str> {
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    for (i, h) in hands.iter().enumerate() {
        assert_eq!(h.len(), 13, "player {} is dealt {} cards", i + 1, h.len());
    }
    let hands = &hands;
    (0..13).flat_map(|k| [1, 2, 3, 0].into_iter().map(move |p| hands[p][k])).collect()
}

/// Hands in which each player holds (nearly) one suit:
///
/// - player 1: twelve spades, A down to 3, and 2♥;
/// - player 2: twelve hearts, A down to 3, and 2♠;
/// - player 3: every diamond;
/// - player 4: every club.
///
/// With spades trumps, players 1 and 3 take every trick but the one on which player 1 plays
/// 2♥, whatever is played: twelve tricks. With clubs trumps player 4 takes all thirteen.
const SUITED: [&str; 4] = [
    "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♥",
    "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♠",
    "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦",
    "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣",
];

/// Mixed hands for following suit: player 1 has no club, player 2 no diamond.
const MIXED: [&str; 4] = [
    "A♠ K♠ Q♠ J♠ A♥ K♥ Q♥ A♦ K♦ Q♦ J♦ 10♦ 9♦",
    "10♠ 9♠ 8♠ 7♠ J♥ 10♥ 9♥ 8♥ A♣ K♣ Q♣ J♣ 10♣",
    "6♠ 5♠ 4♠ 7♥ 6♥ 5♥ 8♦ 7♦ 6♦ 9♣ 8♣ 7♣ 6♣",
    "3♠ 2♠ 4♥ 3♥ 2♥ 5♦ 4♦ 3♦ 2♦ 5♣ 4♣ 3♣ 2♣",
];

fn start_with(sets: &[(&str, &str)], hands: [&str; 4]) -> (State, Recorder) {
    let g = game(GAME, None, sets);
    let mut log = Recorder::default();
    let s = start(&g, &stacked_stock(&deal(hands), false), &mut log);
    (s, log)
}

/// The calls, in turn from whoever calls now, checking each caller.
fn calls(state: &mut State, log: &mut Recorder, first: u8, said: &[&str]) {
    let mut p = first;
    for call in said {
        assert_eq!(mover(state), p, "player {p} should call {call}");
        say(state, log, call);
        p = p % 4 + 1;
    }
}

/// Plays the rest of the game: the first card offered, except that whoever leads with a heart
/// in hand leads their highest heart when `hearts_first`.
fn play_out(state: &mut State, log: &mut Recorder, hearts_first: bool) {
    play(state, log, |s, _, labels| {
        if hearts_first && count(s, "trick") == 0 {
            for h in ["A♥", "K♥", "Q♥", "J♥", "10♥", "9♥", "8♥", "7♥", "6♥", "5♥", "4♥", "3♥"] {
                if labels.iter().any(|l| l == h) {
                    return h.to_string();
                }
            }
        }
        labels[0].clone()
    });
}

/// The score line announced for the first contract played.
fn score_line(log: &Recorder) -> String {
    log.lines
        .iter()
        .find(|l| l.contains(" makes ") || l.contains(" tricks: down "))
        .cloned()
        .expect("the deal is scored")
}

/// The score of player `p`'s partnership.
fn score(state: &State, p: usize) -> i64 {
    state.counter("score").expect("score")[p - 1].as_int().expect("a number")
}

/// Every bid above `level`/`strain` (a strain's place: 0 clubs ... 4 no trump), lowest first.
fn bids_above(level: u8, strain: usize) -> Vec<String> {
    let names = ["♣", "♦", "♥", "♠", "NT"];
    let mut out = Vec::new();
    for l in 1..=7u8 {
        for (k, s) in names.iter().enumerate() {
            if (l, k) > (level, strain) {
                out.push(format!("{l} {s}"));
            }
        }
    }
    out
}

fn menu(first: &[&str], bids: Vec<String>, last: &[&str]) -> Vec<String> {
    first.iter().map(|s| s.to_string()).chain(bids).chain(last.iter().map(|s| s.to_string())).collect()
}

#[test]
fn br_1_one_pack_aces_high_and_partners_across_share_a_score() {
    let (mut s, mut log) = start_with(&[], MIXED);
    assert_eq!(total_cards(&s), 52);
    calls(&mut s, &mut log, 1, &["1 NT", "pass", "pass", "pass"]);
    // Player 2 leads 10♠, the dummy's 6♠, 3♠, and player 1's A♠ wins: aces are high.
    for card in ["10♠", "6♠", "3♠", "A♠"] {
        say(&mut s, &mut log, card);
    }
    assert!(logged(&log, "player 1 takes the trick with A♠"));
    // The trick counts for players 1 and 3 alike.
    let tricks = s.counter("tricks").expect("tricks");
    assert_eq!((tricks[0].as_int(), tricks[2].as_int()), (Some(1), Some(1)));
}

#[test]
fn br_2_thirteen_cards_each_from_the_dealers_left_and_the_dealer_calls_first() {
    let (s, log) = start_with(&[], SUITED);
    for (p, hand) in SUITED.iter().enumerate() {
        let mut held = cards(&s, &format!("hand of player {}", p + 1));
        let mut want: Vec<String> = hand.split_whitespace().map(String::from).collect();
        held.sort();
        want.sort();
        assert_eq!(held, want, "player {}'s hand", p + 1);
    }
    assert!(logged(&log, "deal 1: player 1 deals; nobody is vulnerable"));
    assert_eq!(mover(&s), 1);
}

#[test]
fn br_5_the_first_call_is_pass_or_any_of_thirty_five_bids_lowest_first() {
    let (s, _) = start_with(&[], SUITED);
    // No double: there is no bid to double.
    assert_eq!(offered_now(&s), menu(&["pass"], bids_above(0, 0), &[]));
    assert_eq!(offered_now(&s).len(), 36);
}

#[test]
fn br_5_a_bid_must_be_higher_a_later_strain_or_a_higher_level() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["1 ♥"]);
    // Player 2 may bid 1 ♠, 1 NT or anything from 2 ♣ up, or double; not 1 ♣, 1 ♦ or 1 ♥.
    assert_eq!(offered_now(&s), menu(&["pass"], bids_above(1, 2), &["double"]));
    calls(&mut s, &mut log, 2, &["3 ♣"]);
    assert_eq!(offered_now(&s), menu(&["pass"], bids_above(3, 0), &["double"]));
}

#[test]
fn br_6_only_an_opponent_may_double_and_only_an_undoubled_bid() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["1 ♥", "pass"]);
    // Player 3 is player 1's partner: no double of their own side's bid.
    assert!(!offers(&s, "double"));
    calls(&mut s, &mut log, 3, &["pass", "double"]);
    // Doubled: player 1 may redouble; nobody may double again.
    assert_eq!(offered_now(&s), menu(&["pass"], bids_above(1, 2), &["redouble"]));
    calls(&mut s, &mut log, 1, &["pass"]);
    assert!(!offers(&s, "double") && !offers(&s, "redouble"));
    calls(&mut s, &mut log, 2, &["pass"]);
    // Player 3 may redouble their partner's doubled bid.
    assert!(offers(&s, "redouble"));
    calls(&mut s, &mut log, 3, &["redouble"]);
    assert_eq!(offered_now(&s), menu(&["pass"], bids_above(1, 2), &[]));
}

#[test]
fn br_6_a_new_bid_cancels_a_double() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["1 ♥", "double", "2 ♣"]);
    // Player 4 may double 2 ♣ afresh.
    assert!(offers(&s, "double"));
    calls(&mut s, &mut log, 4, &["pass", "pass", "pass"]);
    assert!(logged(&log, "the contract is 2 ♣, played by player 3; player 1 is dummy"));
}

#[test]
fn br_7_the_auction_ends_after_three_passes_following_a_call() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["pass", "pass", "1 ♦", "pass", "pass", "double", "pass", "pass"]);
    // Three passes after player 2's double, not after the bid: player 3 still calls.
    assert!(!logged(&log, "the contract is"));
    calls(&mut s, &mut log, 1, &["pass"]);
    assert!(logged(&log, "the contract is 1 ♦ doubled, played by player 3; player 1 is dummy"));
}

#[test]
fn br_4_four_passes_the_same_dealer_deals_again() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["pass", "pass", "pass", "pass"]);
    assert!(logged(&log, "all four pass: player 1 deals again"));
    assert_eq!(counter(&s, "passed_out"), 1);
    assert_eq!(counter(&s, "deals"), 1);
    assert_eq!(log.lines.iter().filter(|l| l.contains("deal 1: player 1 deals; nobody is vulnerable")).count(), 2);
    assert_eq!(total_cards(&s), 52);
    for p in 1..=4 {
        assert_eq!(count(&s, &format!("hand of player {p}")), 13);
    }
    // Player 1 calls first again.
    assert_eq!(mover(&s), 1);
}

#[test]
fn br_4_past_max_redeals_a_passed_out_deal_counts_scored_zero() {
    let (mut s, mut log) = start_with(&[("max_redeals", "0")], SUITED);
    calls(&mut s, &mut log, 1, &["pass", "pass", "pass", "pass"]);
    assert!(logged(&log, "all four pass: the deal is scored zero"));
    // BR-17: the scores are told after this deal too.
    assert!(logged(&log, "deal 1: 0 to 0 (part-scores 0 and 0)"));
    assert!(logged(&log, "deal 2: player 2 deals; player 2 and player 4 are vulnerable"));
    // Deal 2: player 2 calls first.
    assert_eq!(mover(&s), 2);
    // Every deal passed out: a draw at 0 to 0.
    play(&mut s, &mut log, |_, _, _| "pass".to_string());
    assert!(is_draw(&s));
    assert!(logged(&log, "after four deals: players 1 and 3 0, players 2 and 4 0"));
}

#[test]
fn br_8_the_declarer_is_the_first_of_the_side_to_name_the_strain() {
    let (mut s, mut log) = start_with(&[], SUITED);
    // Player 3 names spades first; player 1 bids them higher: player 3 declares.
    calls(&mut s, &mut log, 1, &["1 ♣", "pass", "1 ♠", "pass", "2 ♠", "pass", "pass", "pass"]);
    assert!(logged(&log, "the contract is 2 ♠, played by player 3; player 1 is dummy"));
    // The opening lead is player 4's, on the declarer's left.
    assert_eq!(mover(&s), 4);
}

#[test]
fn br_8_an_opponent_naming_the_strain_first_does_not_count() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["pass", "1 ♥", "pass", "pass", "2 ♥", "pass", "pass", "pass"]);
    assert!(logged(&log, "the contract is 2 ♥, played by player 1; player 3 is dummy"));
    assert_eq!(mover(&s), 2);
}

#[test]
fn br_10_the_dummy_is_laid_face_up_after_the_opening_lead_and_the_declarer_plays_it() {
    let (mut s, mut log) = start_with(&[], MIXED);
    calls(&mut s, &mut log, 1, &["1 NT", "pass", "pass", "pass"]);
    // Player 1 declares; player 2 leads before the dummy is seen.
    assert_eq!(mover(&s), 2);
    assert_eq!(count(&s, "dummy of player 3"), 0);
    assert_eq!(count(&s, "hand of player 3"), 13);
    say(&mut s, &mut log, "A♣");
    assert_eq!(count(&s, "dummy of player 3"), 13);
    assert_eq!(count(&s, "hand of player 3"), 0);
    assert!(logged(&log, "player 3 lays the dummy face up"));
    // The dummy's turn: player 1 chooses among the dummy's clubs.
    assert_eq!(mover(&s), 1);
    assert_eq!(
        sorted_labels(&offered_now(&s).iter().map(String::as_str).collect::<Vec<_>>()),
        sorted_labels(&["9♣", "8♣", "7♣", "6♣"])
    );
    say(&mut s, &mut log, "6♣");
    assert_eq!(cards(&s, "trick")[0], "6♣");
    // Then player 4 plays their own card.
    assert_eq!(mover(&s), 4);
}

#[test]
fn br_9_the_player_on_the_declarers_left_leads_any_card() {
    let (mut s, mut log) = start_with(&[], MIXED);
    calls(&mut s, &mut log, 1, &["pass", "pass", "1 ♦", "pass", "pass", "pass"]);
    // Player 3 declares: player 4 leads, from all thirteen cards.
    assert_eq!(mover(&s), 4);
    assert_eq!(offered_now(&s).len(), 13);
}

#[test]
fn br_12_the_winner_of_a_trick_takes_it_and_leads_the_next() {
    let (mut s, mut log) = start_with(&[], MIXED);
    calls(&mut s, &mut log, 1, &["1 NT", "pass", "pass", "pass"]);
    for card in ["A♣", "6♣", "2♣", "9♦"] {
        say(&mut s, &mut log, card);
    }
    assert_eq!(count(&s, "won of player 2"), 4);
    assert_eq!(count(&s, "trick"), 0);
    assert_eq!(mover(&s), 2);
    // Player 2 leads again, then the dummy's turn is the declarer's.
    say(&mut s, &mut log, "K♣");
    assert_eq!(mover(&s), 1);
}

#[test]
fn br_11_a_player_follows_suit_when_they_can_and_plays_anything_when_they_cannot() {
    let (mut s, mut log) = start_with(&[], MIXED);
    calls(&mut s, &mut log, 1, &["1 NT", "pass", "pass", "pass"]);
    say(&mut s, &mut log, "A♣");
    say(&mut s, &mut log, "6♣");
    // Player 4 holds four clubs: only those.
    assert_eq!(
        sorted_labels(&offered_now(&s).iter().map(String::as_str).collect::<Vec<_>>()),
        sorted_labels(&["5♣", "4♣", "3♣", "2♣"])
    );
    say(&mut s, &mut log, "2♣");
    // Player 1 has no club: all thirteen cards.
    assert_eq!(offered_now(&s).len(), 13);
    say(&mut s, &mut log, "9♦");
    assert!(logged(&log, "player 2 takes the trick with A♣"));
    // The winner leads the next trick.
    assert_eq!(mover(&s), 2);
    assert_eq!(counter(&s, "tricks"), 0);
    assert_eq!(s.counter("tricks").expect("tricks")[1].as_int(), Some(1));
}

#[test]
fn br_11_a_trump_beats_the_suit_led_and_the_highest_trump_wins() {
    let (mut s, mut log) = start_with(&[], MIXED);
    // Player 1 declares 1 ♠; player 2 leads a club, player 1 has none and trumps.
    calls(&mut s, &mut log, 1, &["1 ♠", "pass", "pass", "pass"]);
    say(&mut s, &mut log, "A♣");
    say(&mut s, &mut log, "9♣");
    say(&mut s, &mut log, "5♣");
    say(&mut s, &mut log, "J♠");
    assert!(logged(&log, "player 1 takes the trick with J♠"));
    // At no trump the same cards lose to A♣ (the previous test).
}

#[test]
fn br_11_at_no_trump_the_highest_card_of_the_suit_led_wins() {
    let (mut s, mut log) = start_with(&[], SUITED);
    // 7 NT by player 1; player 2 leads hearts and wins twelve tricks, then 2♠ to player 1.
    calls(&mut s, &mut log, 1, &["7 NT", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, true);
    let line = score_line(&log);
    assert!(line.contains("player 1 takes 1 tricks: down 12, 600 to player 2 and player 4"), "{line}");
}

#[test]
fn br_13_a_part_score_scores_its_trick_points_and_overtricks_their_value() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["2 ♠", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, false);
    // 2 ♠ making twelve tricks: 60 for the contract, four overtricks of 30, no game yet.
    assert!(logged(&log, "player 1 makes 2 ♠ with 12 tricks: 60 for the contract, 120 for 4 overtricks, 0 in insult and slam bonuses, 0 for no game yet: 180"));
    assert!(logged(&log, "deal 1: 180 to 0 (part-scores 60 and 0)"));
}

#[test]
fn br_14_a_doubled_game_the_insult_and_doubled_overtricks() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["4 ♠", "double", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, false);
    // 120 doubled is 240: game (300, not vulnerable); two overtricks doubled, 100 each; 50.
    assert!(logged(&log, "player 1 makes 4 ♠ with 12 tricks: 240 for the contract, 200 for 2 overtricks, 50 in insult and slam bonuses, 300 for game: 790"));
    assert!(logged(&log, "deal 1: 790 to 0 (part-scores 0 and 0)"));
}

#[test]
fn br_18_a_small_slam_made() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["6 ♠", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, false);
    assert!(logged(&log, "player 1 makes 6 ♠ with 12 tricks: 180 for the contract, 0 for 0 overtricks, 500 in insult and slam bonuses, 300 for game: 980"));
}

#[test]
fn br_18_a_grand_slam_in_a_minor_made() {
    let (mut s, mut log) = start_with(&[], SUITED);
    // Player 4 holds every club: with clubs trumps every trick is theirs.
    calls(&mut s, &mut log, 1, &["pass", "pass", "pass", "7 ♣", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, false);
    assert!(logged(&log, "player 4 makes 7 ♣ with 13 tricks: 140 for the contract, 0 for 0 overtricks, 1000 in insult and slam bonuses, 300 for game: 1440"));
    assert_eq!(score(&s, 2), 1440);
    assert_eq!(score(&s, 4), 1440);
}

#[test]
fn br_16_undertricks_undoubled_doubled_and_redoubled() {
    // 7 ♠ makes twelve tricks: one down.
    for (said, penalty) in [
        (&["7 ♠", "pass", "pass", "pass"][..], 50),
        (&["7 ♠", "double", "pass", "pass", "pass"][..], 100),
        (&["7 ♠", "double", "redouble", "pass", "pass", "pass"][..], 200),
    ] {
        let (mut s, mut log) = start_with(&[], SUITED);
        calls(&mut s, &mut log, 1, said);
        play_out(&mut s, &mut log, false);
        let line = score_line(&log);
        assert!(
            line.contains(&format!("player 1 takes 12 tricks: down 1, {penalty} to player 2 and player 4")),
            "{said:?}: {line}"
        );
        assert_eq!(score(&s, 2), penalty);
        assert_eq!(score(&s, 1), 0);
    }
}

#[test]
fn br_16_doubled_undertricks_rise_100_200_200_then_300() {
    let (mut s, mut log) = start_with(&[], SUITED);
    calls(&mut s, &mut log, 1, &["7 NT", "double", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, true);
    // Down 12, not vulnerable, doubled: 100 + 200 + 200 + 9 x 300.
    let line = score_line(&log);
    assert!(line.contains("down 12, 3200 to player 2 and player 4"), "{line}");
}

#[test]
fn br_15_a_part_score_stays_toward_game_through_the_later_deals() {
    let (mut s, mut log) = start_with(&[("max_redeals", "0")], SUITED);
    calls(&mut s, &mut log, 1, &["2 ♠", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, false);
    // Deals 2 to 4 are passed out: the 60 is still there, no game, no bonus.
    assert_eq!(counter(&s, "part_score"), 60);
    assert!(logged(&log, "after four deals: players 1 and 3 180, players 2 and 4 0"));
}

#[test]
fn br_15_a_game_clears_both_sides_part_scores() {
    let (mut s, mut log) = start_with(&[("max_redeals", "0")], SUITED);
    calls(&mut s, &mut log, 1, &["4 ♠", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, false);
    assert!(logged(&log, "player 1 makes 4 ♠ with 12 tricks: 120 for the contract, 60 for 2 overtricks, 0 in insult and slam bonuses, 300 for game: 480"));
    assert_eq!(counter(&s, "part_score"), 0);
}

/// Plays on from a deal whose auction player `first` opens with `said`, the first card offered
/// each time, and gives (tricks taken, tricks down, penalty) from the score line of deal `deal`.
fn defeated_in_deal(sets: &[(&str, &str)], deal: i64, said: &[&str]) -> (i64, i64, i64) {
    let (mut s, mut log) = start_with(sets, SUITED);
    // Pass out every deal before `deal` (each counts, scored zero).
    while counter(&s, "deals") < deal {
        say(&mut s, &mut log, "pass");
    }
    let first = mover(&s);
    calls(&mut s, &mut log, first, said);
    play_out(&mut s, &mut log, false);
    let line = score_line(&log);
    let numbers: Vec<i64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().expect("a number"))
        .collect();
    assert!(line.contains(" tricks: down "), "7NT should fail on a random deal: {line}");
    // "player D takes T tricks: down N, P to player ..."
    (numbers[1], numbers[2], numbers[3])
}

#[test]
fn br_3_the_second_deal_the_dealers_side_is_vulnerable() {
    let (mut s, mut log) = start_with(&[("max_redeals", "0")], SUITED);
    calls(&mut s, &mut log, 1, &["pass", "pass", "pass", "pass"]);
    assert!(logged(&log, "deal 2: player 2 deals; player 2 and player 4 are vulnerable"));
    // Player 2, vulnerable, doubled in 7NT: 200 for the first trick down, 300 for each after.
    let (took, down, penalty) =
        defeated_in_deal(&[("max_redeals", "0")], 2, &["7 NT", "double", "pass", "pass", "pass"]);
    assert_eq!(took + down, 13);
    assert_eq!(penalty, 200 + 300 * (down - 1));
    // Player 3, not vulnerable in deal 2: 50 a trick.
    let (_, down, penalty) = defeated_in_deal(&[("max_redeals", "0")], 2, &["pass", "7 NT", "pass", "pass", "pass"]);
    assert_eq!(penalty, 50 * down);
}

#[test]
fn br_3_the_third_deal_the_dealers_side_and_the_fourth_everyone() {
    // Deal 3: player 3 deals, players 3 and 1 are vulnerable.
    let (_, down, penalty) = defeated_in_deal(&[("max_redeals", "0")], 3, &["7 NT", "pass", "pass", "pass"]);
    assert_eq!(penalty, 100 * down);
    let (_, down, penalty) = defeated_in_deal(&[("max_redeals", "0")], 3, &["pass", "7 NT", "pass", "pass", "pass"]);
    assert_eq!(penalty, 50 * down);
    // Deal 4: both sides.
    let (_, down, penalty) = defeated_in_deal(&[("max_redeals", "0")], 4, &["pass", "7 NT", "pass", "pass", "pass"]);
    assert_eq!(penalty, 100 * down);
    let (_, down, penalty) = defeated_in_deal(&[("max_redeals", "0")], 4, &["7 NT", "pass", "pass", "pass"]);
    assert_eq!(penalty, 100 * down);
}

#[test]
fn br_17_the_side_with_more_points_after_four_deals_wins() {
    let (mut s, mut log) = start_with(&[("max_redeals", "0")], SUITED);
    calls(&mut s, &mut log, 1, &["2 ♠", "pass", "pass", "pass"]);
    play_out(&mut s, &mut log, false);
    // The first deal is 180 to players 1 and 3; from there on everyone passes.
    assert!(logged(&log, "after four deals: players 1 and 3 180, players 2 and 4 0"));
    assert_eq!(winners(&s), Some(vec![1, 3]));
    assert_eq!(counter(&s, "deals"), 4);
    assert_eq!(counter(&s, "passed_out"), 3);
    assert_eq!(total_cards(&s), 52);
}
