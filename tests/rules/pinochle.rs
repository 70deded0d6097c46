//! Scenario tests for two-handed Pinochle (`games/pinochle.cardgame`), one or more per rule PN-1
//! ... PN-12 of docs/games/pinochle.md (each test's name starts with its id). Each stacks the
//! deal, makes the players' choices by their labels, and checks what is offered and what the
//! table holds.
//!
//! Player 2 deals the first deal, so player 1 is dealt the first card and leads first.

use cardlang::engine::{Recorder, State};

use super::support::*;

const GAME: &str = "pinochle";

/// Player 1: aces around, the royal marriage K♥ Q♥ with J♥ and A♥ toward the flush, the dix 9♥,
/// the pinochle Q♠ J♦, the marriage K♠ Q♠, and 9♣.
const P1: &str = "A♠ A♥ A♦ A♣ K♥ Q♥ J♥ 9♥ Q♠ J♦ K♠ 9♣";
/// Player 2: no heart (no trump), the twin of player 1's A♠.
const P2: &str = "A♠ 10♠ 9♠ K♦ Q♦ J♣ 10♣ 9♦ J♠ Q♣ 10♦ K♣";
/// The top of the stock: the winner of each trick draws first.
const STOCK: &str = "9♣ 9♦ J♣ 10♣ K♣ Q♣ 10♠ J♠";

/// The first deal: twelve cards each, one at a time from player 1, then the card turned up,
/// then the top of the stock. Every card is in the pack twice, so a name may come twice.
fn deal<'a>(p1: &'a str, p2: &'a str, up: &'a str, stock: &'a str) -> Vec<&'a str> {
    let p1: Vec<&str> = p1.split_whitespace().collect();
    let p2: Vec<&str> = p2.split_whitespace().collect();
    assert_eq!((p1.len(), p2.len()), (12, 12), "twelve cards each");
    let mut order: Vec<&str> = (0..12).flat_map(|k| [p1[k], p2[k]]).collect();
    order.push(up);
    order.extend(stock.split_whitespace());
    order
}

fn start_with(sets: &[(&str, &str)], up: &str) -> (State, Recorder) {
    let g = game(GAME, None, sets);
    let mut log = Recorder::default();
    let s = start(&g, &[top("stock", &deal(P1, P2, up, STOCK))], &mut log);
    (s, log)
}

/// The usual deal: 10♥ turned up, so hearts are trumps.
fn usual() -> (State, Recorder) {
    start_with(&[], "10♥")
}

/// A per-player counter's value for player `p` (from 1).
fn of(state: &State, name: &str, p: usize) -> i64 {
    state.counter(name).and_then(|v| v[p - 1].as_int()).unwrap_or_else(|| panic!("no counter {name}"))
}

fn say_all(state: &mut State, log: &mut Recorder, labels: &[&str]) {
    for label in labels {
        say(state, log, label);
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Plays on, whoever decides taking the first choice offered, while `go` holds.
fn play_first_while(state: &mut State, log: &mut Recorder, go: impl Fn(&State) -> bool) {
    let mut guard = 0;
    while !state.is_over() && go(state) {
        guard += 1;
        assert!(guard < 10_000, "the game did not move on");
        let first = offered_now(state)[0].clone();
        say(state, log, &first);
    }
}

/// A card's suit and rank from its name (`10♥` -> ('♥', "10")).
fn parts(card: &str) -> (char, &str) {
    let suit = card.chars().last().expect("a card name");
    (suit, &card[..card.len() - suit.len_utf8()])
}

fn strength(rank: &str) -> usize {
    ["9", "J", "Q", "K", "10", "A"].iter().position(|r| *r == rank).expect("a pinochle rank")
}

/// PN-9 written independently of the game file: the cards the second player may play on `lead`.
fn allowed_after_the_stock(hand: &[String], lead: &str, trump: char) -> Vec<String> {
    let (ls, lr) = parts(lead);
    let follow: Vec<&String> = hand.iter().filter(|c| parts(c).0 == ls).collect();
    let heads: Vec<&String> = follow.iter().copied().filter(|c| strength(parts(c).1) > strength(lr)).collect();
    let trumps: Vec<&String> = hand.iter().filter(|c| parts(c).0 == trump).collect();
    let pick = if !heads.is_empty() {
        heads
    } else if !follow.is_empty() {
        follow
    } else if !trumps.is_empty() {
        trumps
    } else {
        hand.iter().collect()
    };
    sorted(pick.into_iter().cloned().collect())
}

#[test]
fn pn_1_two_packs_of_24_cards_every_card_twice_and_pn_2_twelve_each() {
    let (s, _) = usual();
    assert_eq!(total_cards(&s), 48);
    assert_eq!((count(&s, "hand of player 1"), count(&s, "hand of player 2")), (12, 12));
    assert_eq!(cards(&s, "turnup"), ["10♥"]);
    assert_eq!(count(&s, "stock"), 48 - 24 - 1);
    let mut all: Vec<String> = Vec::new();
    for z in ["hand of player 1", "hand of player 2", "turnup", "stock"] {
        all.extend(cards(&s, z));
    }
    for name in &all {
        assert_eq!(all.iter().filter(|c| *c == name).count(), 2, "{name} is in the pack twice");
    }
    assert_eq!(sorted(all).into_iter().step_by(2).count(), 24, "24 different cards");
}

#[test]
fn pn_2_the_card_turned_up_makes_trumps_and_the_non_dealer_leads() {
    let (s, log) = usual();
    assert!(logged(&log, "deal 1: player 2 deals; 10♥ is turned: ♥ are trumps"), "{:?}", log.lines);
    assert_eq!(mover(&s), 1);
    assert_eq!(of(&s, "score", 2), 0, "a ten turned up scores nothing");
}

#[test]
fn pn_2_the_deal_alternates() {
    let (mut s, mut log) = usual();
    play_first_while(&mut s, &mut log, |s| counter(s, "deals") < 2);
    assert!(
        logged(&log, "deal 2: player 1 deals"),
        "{:?}",
        log.lines.iter().filter(|l| l.contains("deals")).collect::<Vec<_>>()
    );
}

#[test]
fn pn_3_the_winner_melds_then_draws_first_and_the_loser_takes_the_turned_card_last() {
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "no meld"]);
    assert!(cards(&s, "hand of player 1").contains(&"9♣".to_string()), "the winner drew the top card");
    assert!(cards(&s, "hand of player 2").contains(&"9♦".to_string()), "the loser drew the next");
    assert_eq!(count(&s, "stock"), 21);
    assert_eq!(mover(&s), 1, "the winner leads the next trick");
    // On to the twelfth trick, the last with a face-down card left in the stock.
    play_first_while(&mut s, &mut log, |s| count(s, "stock") > 1);
    assert_eq!((counter(&s, "tricks"), count(&s, "turnup")), (11, 1));
    let lead = offered_now(&s)[0].clone();
    say(&mut s, &mut log, &lead);
    let follow = offered_now(&s)[0].clone();
    say(&mut s, &mut log, &follow);
    let winner = mover(&s);
    say(&mut s, &mut log, "no meld");
    assert_eq!((count(&s, "stock"), count(&s, "turnup")), (0, 0));
    let loser = 3 - winner;
    assert!(
        cards(&s, &format!("hand of player {loser}")).contains(&"10♥".to_string()),
        "the loser of the twelfth trick takes the turned card"
    );
}

#[test]
fn pn_4_while_the_stock_lasts_any_card_may_be_played_from_the_hand_or_the_melds() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "lead 9♣");
    // Player 2 has clubs but need not follow: every card is offered.
    assert_eq!(sorted(offered_now(&s)), sorted(P2.split_whitespace().map(|c| format!("play {c}")).collect()));
    say_all(&mut s, &mut log, &["play 10♦", "meld the marriage in ♠"]);
    assert!(logged(&log, "player 1 takes the trick with 9♣"), "a card of another suit, not a trump, never wins");
    assert!(offers(&s, "lead K♠ from your melds") && offers(&s, "lead Q♠ from your melds"));
    say_all(&mut s, &mut log, &["lead K♠ from your melds", "play 9♦", "no meld"]);
    assert_eq!(cards(&s, "laid of player 1"), ["Q♠"]);
    // A higher card of the suit led wins; then a trump on a card of another suit.
    say_all(&mut s, &mut log, &["lead 9♣", "play 10♣", "no meld", "lead K♦", "play 9♥"]);
    assert!(logged(&log, "player 2 takes the trick with 10♣"));
    assert!(logged(&log, "player 1 takes the trick with 9♥"));
}

#[test]
fn pn_5_the_melds_offered_after_a_trick_won_and_pn_11_scored_at_once() {
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦"]);
    assert_eq!(
        offered_now(&s),
        [
            "no meld",
            "meld the marriage in ♥",
            "meld the marriage in ♠",
            "meld A around",
            "meld the pinochle",
            "meld the dix"
        ]
    );
    say(&mut s, &mut log, "meld A around");
    assert_eq!(of(&s, "score", 1), 100);
    assert!(logged(&log, "player 1 melds A around: 100"));
    assert_eq!(sorted(cards(&s, "laid of player 1")), ["A♠", "A♣", "A♥", "A♦"]);
    // Only the winner of the trick melds: player 2 wins the next and is asked, with its own
    // marriages.
    say_all(&mut s, &mut log, &["lead 9♣", "play 10♣"]);
    assert_eq!(mover(&s), 2);
    assert_eq!(offered_now(&s), ["no meld", "meld the marriage in ♦", "meld the marriage in ♣"]);
}

#[test]
fn pn_5_a_marriage_in_another_suit_scores_20_the_royal_marriage_40_the_pinochle_40() {
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the marriage in ♠"]);
    assert_eq!(of(&s, "score", 1), 20);
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the marriage in ♥"]);
    assert_eq!(of(&s, "score", 1), 60);
    assert!(logged(&log, "player 1 melds the royal marriage in ♥: 40"));
    say_all(&mut s, &mut log, &["lead J♣", "play 10♦", "meld the pinochle"]);
    assert_eq!(of(&s, "score", 1), 100);
}

#[test]
fn pn_6_a_royal_marriage_may_grow_into_the_flush_but_not_the_other_way() {
    let (mut s, mut log) = usual();
    // The dix brings the turned-up 10♥ into the hand (PN-8).
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the dix"]);
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the marriage in ♥"]);
    say_all(&mut s, &mut log, &["lead J♣", "play 10♦"]);
    assert!(offers(&s, "meld the flush in ♥"), "K♥ Q♥ married may join the flush");
    say(&mut s, &mut log, "meld the flush in ♥");
    assert_eq!(of(&s, "score", 1), 10 + 40 + 150);
    // The married K♥ Q♥ were taken from the table: five cards lie there, not seven.
    assert_eq!(sorted(cards(&s, "laid of player 1")), ["10♥", "A♥", "J♥", "K♥", "Q♥"]);
    say_all(&mut s, &mut log, &["lead K♣", "play K♦"]);
    assert!(!offers(&s, "meld the marriage in ♥"), "cards of the flush are not married again");
    assert!(!offers(&s, "meld the flush in ♥"), "nor melded in a second flush");
    assert!(offers(&s, "meld A around"), "A♥ of the flush may still go around");
}

#[test]
fn pn_6_a_card_serves_again_only_in_a_meld_of_another_kind() {
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the marriage in ♠"]);
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦"]);
    assert!(!offers(&s, "meld the marriage in ♠"), "K♠ Q♠ are married already");
    say(&mut s, &mut log, "meld the pinochle");
    // Q♠ came from the table; only J♦ was laid from the hand.
    assert_eq!(sorted(cards(&s, "laid of player 1")), ["J♦", "K♠", "Q♠"]);
    say_all(&mut s, &mut log, &["lead J♣", "play 10♦"]);
    assert!(!offers(&s, "meld the pinochle"), "each card of the pinochle has served in one");
}

#[test]
fn pn_6_a_meld_takes_at_least_one_card_from_the_hand() {
    // Player 1 holds one K♥ and one Q♥: once married, a marriage in hearts needs a card not yet
    // melded, even when both are on the table for other kinds of meld.
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the marriage in ♥"]);
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦"]);
    assert!(!offers(&s, "meld the marriage in ♥"));
    assert_eq!(of(&s, "score", 1), 40);
}

#[test]
fn pn_7_of_two_identical_cards_the_first_played_wins() {
    let (mut s, mut log) = usual();
    say(&mut s, &mut log, "lead A♠");
    assert!(offers(&s, "play A♠"));
    say(&mut s, &mut log, "play A♠");
    assert!(logged(&log, "player 1 takes the trick with A♠ (22 in counters)"), "{:?}", log.lines);
    assert_eq!(mover(&s), 1, "the leader won and melds");
    assert_eq!(of(&s, "counted", 1), 22);
}

#[test]
fn pn_8_the_dix_is_exchanged_for_the_turned_card() {
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the dix"]);
    assert_eq!(cards(&s, "turnup"), ["9♥"]);
    assert!(cards(&s, "hand of player 1").contains(&"10♥".to_string()));
    assert_eq!(of(&s, "score", 1), 10);
    assert!(logged(&log, "player 1 melds the dix and takes 10♥ for it: 10"));
}

#[test]
fn pn_8_a_nine_turned_up_scores_10_for_the_dealer_and_a_dix_then_is_laid_with_the_melds() {
    let (mut s, mut log) = start_with(&[], "9♥");
    assert_eq!(of(&s, "score", 2), 10);
    assert!(logged(&log, "player 2 scores 10 for the dix turned up"));
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld the dix"]);
    assert_eq!(cards(&s, "turnup"), ["9♥"], "the other nine stays turned up");
    assert_eq!(cards(&s, "laid of player 1"), ["9♥"]);
    assert_eq!(of(&s, "score", 1), 10);
}

#[test]
fn pn_9_after_the_stock_melds_go_back_and_the_second_player_must_follow_head_or_trump() {
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead 9♣", "play 9♦", "meld A around"]);
    play_first_while(&mut s, &mut log, |s| count(s, "stock") > 0 || count(s, "turnup") > 0);
    assert!(logged(&log, "the stock is gone: the melds are taken back"));
    assert_eq!((count(&s, "laid of player 1"), count(&s, "laid of player 2")), (0, 0));
    assert_eq!((count(&s, "hand of player 1"), count(&s, "hand of player 2")), (12, 12));
    // Every second card of the last twelve tricks: exactly what PN-9 allows.
    let mut checked = 0;
    while !s.is_over() && counter(&s, "deals") == 1 {
        let lead_menu = offered_now(&s);
        assert!(lead_menu.iter().all(|l| !l.starts_with("meld")), "no melding after the stock");
        let leader = mover(&s);
        let hand = cards(&s, &format!("hand of player {leader}"));
        assert_eq!(sorted(lead_menu.clone()), sorted(hand), "the leader plays any card");
        let first = lead_menu[0].clone();
        say(&mut s, &mut log, &first);
        let other = mover(&s);
        let lead = cards(&s, "trick")[0].clone();
        let hand = cards(&s, &format!("hand of player {other}"));
        assert_eq!(sorted(offered_now(&s)), allowed_after_the_stock(&hand, &lead, '♥'), "on {lead} from {hand:?}");
        let last = offered_now(&s).last().cloned().expect("a card");
        say(&mut s, &mut log, &last);
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn pn_10_the_counters_and_the_last_trick_make_250_a_deal() {
    let (mut s, mut log) = usual();
    play_first_while(&mut s, &mut log, |s| counter(s, "deals") < 2);
    let line = log.lines.iter().find(|l| l.contains("takes the last trick: 10 points")).expect("the last trick");
    assert!(line.contains("player"));
    let totals: Vec<&String> = log.lines.iter().filter(|l| l.contains("in counters,")).take(2).collect();
    let sum: i64 = totals
        .iter()
        .map(|l| {
            l.split(": ")
                .nth(1)
                .and_then(|r| r.split(' ').next())
                .and_then(|n| n.parse::<i64>().ok())
                .expect("a number")
        })
        .sum();
    assert_eq!(sum, 250, "{totals:?}");
}

#[test]
fn pn_12_the_game_ends_after_the_deal_that_reaches_the_target() {
    let (mut s, mut log) = start_with(&[("target", "100")], "10♥");
    play_first_while(&mut s, &mut log, |_| true);
    assert!(s.is_over());
    assert_eq!(counter(&s, "deals"), 1, "the counters alone reach 100");
    let (a, b) = (of(&s, "score", 1), of(&s, "score", 2));
    assert_ne!(a, b);
    assert_eq!(winners(&s), Some(vec![if a > b { 1 } else { 2 }]));
}

#[test]
fn pn_12_a_game_still_going_after_max_deals_is_unfinished() {
    let (mut s, mut log) = start_with(&[("target", "10000"), ("max_deals", "1")], "10♥");
    play_first_while(&mut s, &mut log, |_| true);
    assert!(is_unfinished(&s));
}

#[test]
fn pn_11_a_meld_scores_at_once_and_the_counters_when_the_deal_ends() {
    let (mut s, mut log) = usual();
    say_all(&mut s, &mut log, &["lead A♠", "play A♠"]);
    assert_eq!((of(&s, "score", 1), of(&s, "counted", 1)), (0, 22), "counters wait for the end of the deal");
    say(&mut s, &mut log, "meld the marriage in ♠");
    assert_eq!(of(&s, "score", 1), 20, "the meld scores at once");
    // From here each player always takes the first choice, "no meld" after every trick won.
    play_first_while(&mut s, &mut log, |s| counter(s, "deals") < 2);
    let line = log.lines.iter().find(|l| l.starts_with("» player 1: ")).expect("player 1's total");
    let numbers: Vec<i64> = line.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    // "» player 1: 131 in counters, 151 in all": the marriage and the counters.
    assert_eq!(numbers[2], 20 + numbers[1], "{line}");
}
