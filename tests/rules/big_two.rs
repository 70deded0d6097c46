//! Scenario tests for Big Two (`games/big_two.cardgame`), one or more per rule BT-1 ... BT-9 of
//! docs/games/big_two.md (each test's name starts with its id). Each stacks the deal, makes the
//! players' choices by their cards, and checks what is offered and what the table holds.
//!
//! Thirteen cards each, one at a time from player 1; the holder of 3♦ leads. A play is chosen
//! by its cards ("8♣ 8♦", in any order), or "pass".

use cardlang::engine::{Recorder, State};

use super::support::*;

const GAME: &str = "big_two";

/// The deal that gives each player these thirteen cards (written with spaces, player 1 first):
/// one card at a time, from player 1.
fn deal(hands: [&str; 4]) -> Vec<&str> {
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    for (i, h) in hands.iter().enumerate() {
        assert_eq!(h.len(), 13, "player {} is dealt {} cards", i + 1, h.len());
    }
    (0..13).flat_map(|k| hands.iter().map(move |h| h[k])).collect()
}

/// The hands most tests use.
///
/// - Player 1: 3♦ (the first lead), a straight 3-4-5-6-7 (and 4-5-6-7-8), a pair of eights,
///   three jacks (a full house with the eights), the diamond flush 3♦ 7♦ 8♦ J♦ A♦, and A♦ 2♠ beside 3♦ 4♣ 5♥, which would be
///   A-2-3-4-5 and 2-3-4-5-6 if twos ran in straights.
/// - Player 2: three threes and a pair of fours (a full house), a diamond flush with 2♦.
/// - Player 3: six clubs (2♣ 10♣ 9♣ 7♣ 6♣ 5♣), the straight flush 10♠ J♠ Q♠ K♠ A♠, and
///   J♠ Q♠ K♠ A♠ 2♣, which would be a straight if twos ran in straights.
/// - Player 4: seven hearts and the pairs 7♥ 7♠, 8♥ 8♠, 9♥ 9♠, K♦ K♥.
const HANDS: [&str; 4] = [
    "3♦ 4♣ 5♥ 6♠ 7♦ 8♣ 8♦ J♣ J♦ J♥ Q♣ A♦ 2♠",
    "3♣ 3♥ 3♠ 4♦ 4♥ 5♦ 6♦ 9♦ 10♥ Q♥ K♣ A♣ 2♦",
    "4♠ 5♣ 5♠ 6♣ 7♣ 9♣ 10♣ 10♠ J♠ Q♠ K♠ A♠ 2♣",
    "6♥ 7♥ 7♠ 8♥ 8♠ 9♥ 9♠ 10♦ Q♦ K♦ K♥ A♥ 2♥",
];

fn start_with(variant: Option<&str>, hands: [&str; 4]) -> (State, Recorder) {
    let g = game(GAME, variant, &[]);
    let mut log = Recorder::default();
    let s = start(&g, &stacked_stock(&deal(hands), false), &mut log);
    (s, log)
}

/// The cards of a label ("play 3♦ + 4♣" -> ["3♦", "4♣"], sorted), or `None` for "pass".
fn cards_of(label: &str) -> Option<Vec<String>> {
    let set = label.strip_prefix("play ")?;
    let mut cards: Vec<String> = set.split(" + ").map(String::from).collect();
    cards.sort();
    Some(cards)
}

/// Every play offered now, each as its cards sorted, the plays sorted.
fn plays(state: &State) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = offered_now(state).iter().filter_map(|l| cards_of(l)).collect();
    out.sort();
    out
}

/// Sets written with spaces ("8♣ 8♦"), each sorted, sorted: what `plays` is compared with.
fn sets(written: &[&str]) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = written
        .iter()
        .map(|w| {
            let mut c: Vec<String> = w.split_whitespace().map(String::from).collect();
            c.sort();
            c
        })
        .collect();
    out.sort();
    out
}

/// Whoever moves now plays these cards (written with spaces, in any order).
fn put(state: &mut State, log: &mut Recorder, written: &str) {
    let want = sets(&[written]).remove(0);
    let label = offered_now(state)
        .into_iter()
        .find(|l| cards_of(l).as_ref() == Some(&want))
        .unwrap_or_else(|| panic!("{written} is not offered; the choices are {:?}", offered_now(state)));
    say(state, log, &label);
}

/// Player `p` moves now and passes.
fn pass(state: &mut State, log: &mut Recorder, p: u8) {
    assert_eq!(mover(state), p, "player {p} should move");
    say(state, log, "pass");
}

/// The first lead and the singles that follow it, up to player 1 leading afresh: 3♦, 2♦ (2),
/// 2♣ (3), 2♥ (4), 2♠ (1), and three passes.
fn to_second_lead(state: &mut State, log: &mut Recorder) {
    put(state, log, "3♦");
    put(state, log, "2♦");
    put(state, log, "2♣");
    put(state, log, "2♥");
    put(state, log, "2♠");
    for p in [2, 3, 4] {
        pass(state, log, p);
    }
    assert_eq!(mover(state), 1);
}

#[test]
fn bt_1_twos_are_high_and_suits_rank_diamonds_clubs_hearts_spades() {
    let (mut s, mut log) = start_with(None, HANDS);
    put(&mut s, &mut log, "3♦");
    // Every card beats 3♦, the lowest card of the pack: player 2 may play any of thirteen.
    assert_eq!(plays(&s).len(), 13);
    put(&mut s, &mut log, "2♦");
    // Only a higher two beats 2♦: player 3's A♠ does not, their 2♣ (clubs over diamonds) does.
    assert_eq!(plays(&s), sets(&["2♣"]));
    put(&mut s, &mut log, "2♣");
    assert_eq!(plays(&s), sets(&["2♥"]));
    put(&mut s, &mut log, "2♥");
    assert_eq!(plays(&s), sets(&["2♠"]));
    put(&mut s, &mut log, "2♠");
    // Nothing beats 2♠.
    assert_eq!(offered_now(&s), ["pass"]);
}

#[test]
fn bt_2_the_holder_of_three_of_diamonds_leads_a_play_that_holds_it() {
    // The hands turned round: player 3 holds 3♦.
    let hands = [HANDS[2], HANDS[3], HANDS[0], HANDS[1]];
    let (mut s, mut log) = start_with(None, hands);
    assert!(logged(&log, "player 3 holds 3♦ and leads"));
    assert_eq!(mover(&s), 3);
    // No pass, and every play offered holds 3♦: the single, the straight 3-4-5-6-7 and the
    // diamond flush; not 4♣ alone, nor the pair of eights.
    assert!(!offers(&s, "pass"));
    assert_eq!(plays(&s), sets(&["3♦", "3♦ 4♣ 5♥ 6♠ 7♦", "3♦ 7♦ 8♦ J♦ A♦"]));
    put(&mut s, &mut log, "3♦ 4♣ 5♥ 6♠ 7♦");
    assert_eq!(cards(&s, "last").len(), 5);
    assert_eq!(mover(&s), 4);
}

#[test]
fn bt_3_a_lead_is_a_single_a_pair_a_triple_or_a_five_card_hand() {
    let (mut s, mut log) = start_with(None, HANDS);
    to_second_lead(&mut s, &mut log);
    // Player 1 holds 4♣ 5♥ 6♠ 7♦ 8♣ 8♦ J♣ J♦ J♥ Q♣ A♦ and leads anything: eleven singles, four
    // pairs, the three jacks, two straights and the full house. No four cards, and no two or
    // three cards of different ranks.
    let singles = ["4♣", "5♥", "6♠", "7♦", "8♣", "8♦", "J♣", "J♦", "J♥", "Q♣", "A♦"];
    let mut expected: Vec<&str> = singles.to_vec();
    expected.extend(["8♣ 8♦", "J♣ J♦", "J♣ J♥", "J♦ J♥", "J♣ J♦ J♥"]);
    expected.extend(["4♣ 5♥ 6♠ 7♦ 8♣", "4♣ 5♥ 6♠ 7♦ 8♦", "J♣ J♦ J♥ 8♣ 8♦"]);
    assert_eq!(plays(&s), sets(&expected));
    assert!(!offers(&s, "pass"));
    assert!(plays(&s).iter().all(|p| p.len() != 4));
}

#[test]
fn bt_4_twos_never_run_in_a_straight() {
    let (mut s, mut log) = start_with(None, HANDS);
    // Player 1 holds A♦ 2♠ 3♦ 4♣ 5♥ 6♠ 7♦: only 3-4-5-6-7 is a straight (BT-2 asks for 3♦;
    // 3♦ 7♦ 8♦ J♦ A♦ is a flush).
    assert_eq!(plays(&s), sets(&["3♦", "3♦ 4♣ 5♥ 6♠ 7♦", "3♦ 7♦ 8♦ J♦ A♦"]));
    put(&mut s, &mut log, "3♦ 4♣ 5♥ 6♠ 7♦");
    put(&mut s, &mut log, "4♦ 5♦ 6♦ 9♦ 2♦");
    // Player 3 holds J♠ Q♠ K♠ A♠ 2♣: not a straight; 10♠ J♠ Q♠ K♠ A♠ is (and a flush).
    assert!(plays(&s).contains(&sets(&["10♠ J♠ Q♠ K♠ A♠"])[0]));
    assert!(!plays(&s).contains(&sets(&["J♠ Q♠ K♠ A♠ 2♣"])[0]));
}

#[test]
fn bt_5_five_card_hands_go_by_kind_then_flushes_by_ranks_from_the_top() {
    let (mut s, mut log) = start_with(None, HANDS);
    put(&mut s, &mut log, "3♦ 4♣ 5♥ 6♠ 7♦");
    // A flush and a full house both beat a straight.
    assert_eq!(plays(&s), sets(&["4♦ 5♦ 6♦ 9♦ 2♦", "3♣ 3♥ 3♠ 4♦ 4♥"]));
    put(&mut s, &mut log, "4♦ 5♦ 6♦ 9♦ 2♦");
    // Against 2♦ 9♦ 6♦ 5♦ 4♦ a club flush with 2♣ wins when its next ranks are higher: with
    // 10♣, or 2♣ 9♣ 7♣ 6♣ 5♣ (two and nine alike, then seven over six). 10♣ 9♣ 7♣ 6♣ 5♣ loses.
    // The straight flush beats any flush.
    assert_eq!(
        plays(&s),
        sets(&[
            "2♣ 10♣ 9♣ 7♣ 6♣",
            "2♣ 10♣ 9♣ 7♣ 5♣",
            "2♣ 10♣ 9♣ 6♣ 5♣",
            "2♣ 10♣ 7♣ 6♣ 5♣",
            "2♣ 9♣ 7♣ 6♣ 5♣",
            "10♠ J♠ Q♠ K♠ A♠",
        ])
    );
    put(&mut s, &mut log, "10♠ J♠ Q♠ K♠ A♠");
    // Nothing of player 4's beats a straight flush.
    assert_eq!(offered_now(&s), ["pass"]);
}

#[test]
fn bt_5_a_full_house_goes_by_its_three_and_beats_every_flush() {
    let (mut s, mut log) = start_with(None, HANDS);
    to_second_lead(&mut s, &mut log);
    put(&mut s, &mut log, "J♣ J♦ J♥ 8♣ 8♦");
    // Player 2's threes over fours lose to jacks over eights (and the 2♦ flush is gone).
    assert_eq!(offered_now(&s), ["pass"]);
    pass(&mut s, &mut log, 2);
    // Player 3's club flushes are a lower kind; the straight flush is higher.
    assert_eq!(plays(&s), sets(&["10♠ J♠ Q♠ K♠ A♠"]));
}

#[test]
fn bt_5_a_pair_goes_by_its_higher_card() {
    let (mut s, mut log) = start_with(None, HANDS);
    to_second_lead(&mut s, &mut log);
    put(&mut s, &mut log, "8♣ 8♦");
    // Player 2's threes and fours are lower; player 3's tens are higher.
    pass(&mut s, &mut log, 2);
    assert_eq!(plays(&s), sets(&["10♣ 10♠"]));
    pass(&mut s, &mut log, 3);
    // 8♥ 8♠ beats 8♣ 8♦ by its spade; 7♥ 7♠ is lower.
    assert_eq!(plays(&s), sets(&["8♥ 8♠", "9♥ 9♠", "K♦ K♥"]));
}

#[test]
fn bt_6_play_goes_round_in_seat_order() {
    let (mut s, mut log) = start_with(None, HANDS);
    assert_eq!(mover(&s), 1);
    put(&mut s, &mut log, "3♦");
    assert_eq!(mover(&s), 2);
    put(&mut s, &mut log, "3♣");
    assert_eq!(mover(&s), 3);
    put(&mut s, &mut log, "4♠");
    assert_eq!(mover(&s), 4);
    put(&mut s, &mut log, "6♥");
    assert_eq!(mover(&s), 1);
}

#[test]
fn bt_7_when_the_three_others_pass_the_last_to_play_leads_anything() {
    let (mut s, mut log) = start_with(None, HANDS);
    put(&mut s, &mut log, "3♦");
    put(&mut s, &mut log, "2♦");
    // Player 3 passes although 2♣ would beat 2♦: passing is always allowed to a follower.
    assert!(offers(&s, "play 2♣"));
    pass(&mut s, &mut log, 3);
    pass(&mut s, &mut log, 4);
    pass(&mut s, &mut log, 1);
    assert!(logged(&log, "everyone else passes: player 2 leads"));
    assert_eq!(mover(&s), 2);
    assert!(cards(&s, "last").is_empty());
    assert_eq!(count(&s, "played"), 2);
    // A fresh lead: any combination, no pass.
    assert!(!offers(&s, "pass"));
    assert!(plays(&s).contains(&sets(&["3♣ 3♥ 3♠"])[0]));
}

#[test]
fn bt_8_a_player_who_passed_may_play_again_in_the_same_round() {
    let (mut s, mut log) = start_with(None, HANDS);
    put(&mut s, &mut log, "3♦");
    pass(&mut s, &mut log, 2);
    put(&mut s, &mut log, "4♠");
    put(&mut s, &mut log, "6♥");
    put(&mut s, &mut log, "7♦");
    // Player 2 passed on 3♦ and is asked again on 7♦.
    assert_eq!(mover(&s), 2);
    assert!(offers(&s, "play 9♦"));
}

#[test]
fn bt_8_in_pass_final_a_player_who_passed_sits_out_until_the_next_lead() {
    let (mut s, mut log) = start_with(Some("pass_final"), HANDS);
    put(&mut s, &mut log, "3♦");
    pass(&mut s, &mut log, 2);
    put(&mut s, &mut log, "4♠");
    put(&mut s, &mut log, "6♥");
    put(&mut s, &mut log, "7♦");
    // Player 2 is skipped: player 3 moves next.
    assert_eq!(mover(&s), 3);
    pass(&mut s, &mut log, 3);
    // Players 2 and 3 are out; when player 4 passes, three players have passed and player 1,
    // who played last, leads.
    pass(&mut s, &mut log, 4);
    assert!(logged(&log, "everyone else passes: player 1 leads"));
    assert_eq!(mover(&s), 1);
    assert!(!offers(&s, "pass"));
    // Everyone is back in: player 1 leads a single, player 2 may beat it.
    put(&mut s, &mut log, "4♣");
    assert_eq!(mover(&s), 2);
}

#[test]
fn bt_9_the_first_to_play_every_card_wins_and_the_others_keep_theirs() {
    let (mut s, mut log) = start_with(None, HANDS);
    // Each player plays the first thing offered (the smallest play, or pass when that is all).
    play(&mut s, &mut log, |_, _, labels| labels[0].clone());
    let w = winners(&s).expect("somebody wins");
    assert_eq!(w.len(), 1);
    let left = s.counter("cards_left").expect("cards_left");
    for p in 1..=4u8 {
        let held = count(&s, &format!("hand of player {p}"));
        assert_eq!(left[p as usize - 1].as_int(), Some(held as i64));
        assert_eq!(held == 0, p == w[0], "player {p} holds {held} cards");
    }
    assert!(logged(&log, &format!("player {} has played every card and wins", w[0])));
    assert_eq!(total_cards(&s), 52);
}
