//! Scenario tests for Cheat (`games/cheat.cardgame`), one or more per decision CH-1 ... CH-10 of
//! docs/games/cheat.md (each test's name starts with its id). Each stacks the deal, makes the
//! players' choices by their labels, and checks the table.
//!
//! Every card is dealt, one at a time from player 1; player 1 plays first, and play goes left.
//! A turn is one card chosen by its name, then "add <card>" until four are down or "done"; then
//! each other player from the left answers "believe" or "doubt".

use cardlang::engine::{ArrangeStep, Recorder, State};

use super::support::*;

const GAME: &str = "cheat";

/// The deal: the first cards dealt to each player (so the bottom of each hand, bottom first).
/// With `short`, the stock holds only the cards named and the rest of the pack starts on the
/// pile, so the hands are just these cards; otherwise the rest of the shuffled pack is dealt on
/// top of them.
struct Deal<'a> {
    hands: &'a [&'a [&'a str]],
    short: bool,
}

impl Deal<'_> {
    fn steps(&self) -> Vec<ArrangeStep> {
        // One card at a time from player 1 round the table. A short deal's hands may differ by
        // one card, the longer ones first; otherwise a shorter hand is filled up with cards not
        // named, so that every hand's named cards are dealt first.
        let n = self.hands.iter().map(|h| h.len()).max().unwrap_or(0);
        if self.short {
            assert!(
                self.hands.windows(2).all(|w| w[0].len() >= w[1].len()) && self.hands.iter().all(|h| h.len() + 1 >= n)
            );
        }
        let named: Vec<&str> = self.hands.iter().flat_map(|h| h.iter().copied()).collect();
        let mut spare = STANDARD_52.iter().copied().filter(|c| !named.contains(c));
        let mut order: Vec<&str> = Vec::new();
        for i in 0..n {
            for h in self.hands {
                match h.get(i) {
                    Some(c) => order.push(c),
                    None if !self.short => order.push(spare.next().expect("a spare card")),
                    None => {}
                }
            }
        }
        for (i, c) in order.iter().enumerate() {
            assert!(!order[..i].contains(c), "{c} is named twice in the deal");
        }
        let mut steps = Vec::new();
        if self.short {
            steps.push(move_all("stock", "pile"));
        }
        steps.push(top("stock", &order));
        steps
    }
}

fn start_with(variant: Option<&str>, sets: &[(&str, &str)], deal: &Deal<'_>) -> (State, Recorder) {
    let seats = deal.hands.len() as u8;
    let g = game_seated(GAME, variant, sets, Some(seats));
    let mut log = Recorder::default();
    let s = start(&g, &deal.steps(), &mut log);
    (s, log)
}

/// The player whose turn it is puts these cards down: the first by name, then each with "add",
/// then "done" unless four are down or the hand is empty.
fn put_down(state: &mut State, log: &mut Recorder, cards_down: &[&str]) {
    let p = mover(state);
    say(state, log, cards_down[0]);
    for c in &cards_down[1..] {
        assert_eq!(mover(state), p);
        say(state, log, &format!("add {c}"));
    }
    if cards_down.len() < 4 && mover(state) == p && offered_now(state).iter().any(|l| l == "done") {
        say(state, log, "done");
    }
}

/// The next players to answer say these, in order; each must be the player expected.
fn answers(state: &mut State, log: &mut Recorder, said: &[(u8, &str)]) {
    for (p, a) in said {
        assert_eq!(mover(state), *p, "player {p} should answer now");
        assert_eq!(offered_now(state), ["believe", "doubt"]);
        say(state, log, a);
    }
}

fn hand(state: &State, player: u8) -> Vec<String> {
    let mut out = cards(state, &format!("hand of player {player}"));
    out.sort();
    out
}

/// CH-1: every card is dealt, one at a time from player 1, so at three seats player 1 holds 18
/// and the others 17; at five, players 1 and 2 hold 11 and the others 10. Player 1 plays first.
#[test]
fn ch_1_every_card_is_dealt_one_at_a_time_from_player_1() {
    let (s, log) = start_with(None, &[], &Deal { hands: &[&["A♥"], &["2♥"], &["3♥"]], short: false });
    assert_eq!(
        [count(&s, "hand of player 1"), count(&s, "hand of player 2"), count(&s, "hand of player 3")],
        [18, 17, 17]
    );
    assert_eq!(count(&s, "stock"), 0);
    let dealt: Vec<&String> = log.lines.iter().filter(|l| l.contains(": stock -> hand of")).collect();
    assert_eq!(dealt.len(), 52);
    assert!(dealt[0].starts_with("A♥: stock -> hand of player 1"), "{}", dealt[0]);
    assert!(dealt[1].starts_with("2♥: stock -> hand of player 2"), "{}", dealt[1]);
    assert!(dealt[2].starts_with("3♥: stock -> hand of player 3"), "{}", dealt[2]);
    assert!(dealt[3].contains("-> hand of player 1"), "{}", dealt[3]);
    assert_eq!(mover(&s), 1);

    let five: [&[&str]; 5] = [&["A♥"], &["2♥"], &["3♥"], &["4♥"], &["5♥"]];
    let (s, _) = start_with(None, &[], &Deal { hands: &five, short: false });
    let counts: Vec<usize> = (1..=5).map(|p| count(&s, &format!("hand of player {p}"))).collect();
    assert_eq!(counts, [11, 11, 10, 10, 10]);
    assert_eq!(mover(&s), 1);
}

/// CH-2: the rank to claim is A on the first turn and one higher each turn, whoever plays and
/// whatever happens to the claim; after K comes A again. Play goes left from player 1.
#[test]
fn ch_2_the_rank_due_goes_up_each_turn_and_wraps_from_k_to_a() {
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&["A♥"], &["2♥"], &["3♥"]], short: false });
    let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
    for (turn, rank) in ranks.iter().enumerate() {
        let p = (turn % 3) as u8 + 1;
        assert_eq!(mover(&s), p, "turn {}", turn + 1);
        let first = offered_now(&s)[0].clone();
        put_down(&mut s, &mut log, &[&first]);
        assert!(
            logged(&log, &format!("» player {p} puts down 1 card, claiming 1 × {rank}")),
            "turn {}: {rank}",
            turn + 1
        );
        // Every third turn is doubted (a lie or not, the rank still moves on).
        let (a, b) = (p % 3 + 1, (p + 1) % 3 + 1);
        if turn % 3 == 2 {
            answers(&mut s, &mut log, &[(a, "doubt")]);
        } else {
            answers(&mut s, &mut log, &[(a, "believe"), (b, "believe")]);
        }
    }
    // Turn 16 has begun: player 1 is choosing a card.
    assert_eq!(counter(&s, "turns"), 16);
}

/// CH-3: a turn puts down one to four cards of any ranks: at least one (no "done" before the
/// first), "done" after any, and no fifth card is asked for.
#[test]
fn ch_3_a_player_puts_down_one_to_four_cards() {
    let (mut s, mut log) =
        start_with(None, &[], &Deal { hands: &[&["9♣", "K♦", "2♠", "7♥", "5♣"], &["2♥"], &["3♥"]], short: false });
    let first = offered_now(&s);
    assert_eq!(first.len(), 18);
    assert!(!first.contains(&"done".to_string()));
    say(&mut s, &mut log, "9♣");
    let more = offered_now(&s);
    assert_eq!(more.len(), 18, "17 cards to add, and done");
    assert!(more.contains(&"add K♦".to_string()) && more.contains(&"done".to_string()));
    say(&mut s, &mut log, "add K♦");
    say(&mut s, &mut log, "add 2♠");
    say(&mut s, &mut log, "add 7♥");
    // Four are down: the others are asked at once.
    assert_eq!(mover(&s), 2);
    assert_eq!(offered_now(&s), ["believe", "doubt"]);
    assert_eq!(count(&s, "played"), 4);
    assert_eq!(count(&s, "hand of player 1"), 14);
    assert!(logged(&log, "» player 1 puts down 4 cards, claiming 4 × A"));
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    // One card, then done.
    put_down(&mut s, &mut log, &["2♥"]);
    assert!(logged(&log, "» player 2 puts down 1 card, claiming 1 × 2"));
    assert_eq!(count(&s, "played"), 1);
}

/// CH-4: the others are asked in turn from the player's left; the first doubt is the challenge
/// and nobody after the doubter is asked.
#[test]
fn ch_4_only_the_first_doubter_challenges() {
    let four: [&[&str]; 4] = [&["7♣"], &["2♥"], &["3♥"], &["4♥"]];
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &four, short: false });
    put_down(&mut s, &mut log, &["7♣"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "doubt")]);
    // Player 4 is not asked: the claim is settled, and player 2 plays next.
    assert!(logged(&log, "played shows 7♣"));
    assert!(logged(&log, "» the claim was false: player 1 takes the pile of 1 card"));
    assert!(!log.lines.iter().any(|l| l.starts_with("player 4 chooses")));
    assert_eq!(mover(&s), 2);
    assert_eq!(counter(&s, "challenges"), 1);
    // Player 2 claims 2 truly and is believed; from player 3's turn the order is 4, 1, 2.
    put_down(&mut s, &mut log, &["2♥"]);
    answers(&mut s, &mut log, &[(3, "believe"), (4, "believe"), (1, "believe")]);
    put_down(&mut s, &mut log, &["3♥"]);
    answers(&mut s, &mut log, &[(4, "believe"), (1, "believe"), (2, "doubt")]);
    assert!(logged(&log, "» the claim was true: player 2 takes the pile of 2 cards"));
    assert_eq!(mover(&s), 4);
}

/// CH-5: a claim nobody doubts stays on the pile, face down and unseen.
#[test]
fn ch_5_a_believed_claim_stays_on_the_pile() {
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&["K♠", "4♦"], &["2♥"], &["3♥"]], short: false });
    put_down(&mut s, &mut log, &["K♠", "4♦"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    assert_eq!(
        sorted_labels(&cards(&s, "pile").iter().map(String::as_str).collect::<Vec<_>>()),
        sorted_labels(&["K♠", "4♦"])
    );
    assert_eq!(count(&s, "played"), 0);
    assert_eq!(
        [count(&s, "hand of player 1"), count(&s, "hand of player 2"), count(&s, "hand of player 3")],
        [16, 17, 17]
    );
    assert!(!logged(&log, "shows"));
    assert_eq!(counter(&s, "challenges"), 0);
    assert_eq!(mover(&s), 2);
}

/// CH-6: a doubted claim that was true (every card of the rank claimed): the doubter takes the
/// whole pile, the cards played before too.
#[test]
fn ch_6_doubting_a_true_claim_gives_the_pile_to_the_doubter() {
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&["A♥"], &["2♥", "2♠"], &["3♥"]], short: false });
    put_down(&mut s, &mut log, &["A♥"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    put_down(&mut s, &mut log, &["2♥", "2♠"]);
    answers(&mut s, &mut log, &[(3, "doubt")]);
    assert!(logged(&log, "played shows 2♠ 2♥"));
    assert!(logged(&log, "» the claim was true: player 3 takes the pile of 3 cards"));
    assert_eq!(count(&s, "pile"), 0);
    assert_eq!(count(&s, "hand of player 3"), 20);
    assert_eq!(count(&s, "hand of player 2"), 15);
    assert!(hand(&s, 3).contains(&"A♥".to_string()) && hand(&s, 3).contains(&"2♠".to_string()));
    assert_eq!(counter(&s, "lies_caught"), 0);
    assert_eq!(mover(&s), 3);
}

/// CH-7: a doubted claim with any card not of the rank claimed: the liar takes the whole pile.
#[test]
fn ch_7_doubting_a_false_claim_gives_the_pile_to_the_liar() {
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&["A♥"], &["2♥", "9♣"], &["3♥"]], short: false });
    put_down(&mut s, &mut log, &["A♥"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    put_down(&mut s, &mut log, &["2♥", "9♣"]);
    answers(&mut s, &mut log, &[(3, "believe"), (1, "doubt")]);
    assert!(logged(&log, "played shows 9♣ 2♥"));
    assert!(logged(&log, "» the claim was false: player 2 takes the pile of 3 cards"));
    assert_eq!(count(&s, "pile"), 0);
    assert_eq!(count(&s, "hand of player 2"), 18);
    assert_eq!(count(&s, "hand of player 1"), 17);
    assert!(hand(&s, 2).contains(&"A♥".to_string()));
    assert_eq!(counter(&s, "lies_caught"), 1);
    assert_eq!(mover(&s), 3);
}

/// CH-8: a player whose hand is empty once the turn is settled wins at once: believed, or
/// doubted and true. Doubted and false, they take the pile and play on.
#[test]
fn ch_8_emptying_the_hand_wins_once_the_claim_is_settled() {
    // Believed: player 1 plays the last two cards and wins.
    let (mut s, mut log) =
        start_with(None, &[], &Deal { hands: &[&["A♥", "5♣"], &["6♣", "7♣"], &["8♣", "9♣"]], short: true });
    assert_eq!(count(&s, "pile"), 46);
    put_down(&mut s, &mut log, &["A♥", "5♣"]);
    // The hand is empty: no "done" was asked, and the others answer.
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    assert!(s.is_over());
    assert_eq!(winners(&s), Some(vec![1]));
    assert!(logged(&log, "» player 1 has no card left and wins"));

    // Doubted and true: the doubter takes the pile and player 1 wins.
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&["A♥"], &["6♣"], &["8♣"]], short: true });
    put_down(&mut s, &mut log, &["A♥"]);
    answers(&mut s, &mut log, &[(2, "doubt")]);
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(count(&s, "hand of player 2"), 51);

    // Doubted and false: player 1 takes the pile back and the game goes on with player 2.
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&["K♥"], &["6♣"], &["8♣"]], short: true });
    put_down(&mut s, &mut log, &["K♥"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "doubt")]);
    assert!(!s.is_over());
    assert_eq!(count(&s, "hand of player 1"), 50);
    assert_eq!(mover(&s), 2);
    // Player 2 lies with the last card, claiming 2, and is believed: they win.
    put_down(&mut s, &mut log, &["6♣"]);
    answers(&mut s, &mut log, &[(3, "believe"), (1, "believe")]);
    assert_eq!(winners(&s), Some(vec![2]));
}

/// CH-9: a game still going after `max_turns` turns stops, unfinished.
#[test]
fn ch_9_the_turn_cap_ends_the_game_unfinished() {
    let (mut s, mut log) =
        start_with(None, &[("max_turns", "2")], &Deal { hands: &[&["A♥"], &["2♥"], &["3♥"]], short: false });
    put_down(&mut s, &mut log, &["A♥"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    assert!(!s.is_over());
    put_down(&mut s, &mut log, &["2♥"]);
    answers(&mut s, &mut log, &[(3, "believe"), (1, "believe")]);
    assert!(s.is_over());
    assert!(is_unfinished(&s));
    assert_eq!(counter(&s, "turns"), 2);
}

/// CH-10: with `any_rank`, the player claims the rank due or one either side (K, A or 2 when A
/// is due), and the claim is judged by the rank claimed. The base game asks no rank.
#[test]
fn ch_10_any_rank_claims_the_rank_due_or_one_either_side() {
    let (mut s, mut log) =
        start_with(Some("any_rank"), &[], &Deal { hands: &[&["K♥", "K♠"], &["2♥"], &["3♥"]], short: false });
    put_down(&mut s, &mut log, &["K♥", "K♠"]);
    assert_eq!(mover(&s), 1);
    assert_eq!(offered_now(&s), ["A", "2", "K"]);
    say(&mut s, &mut log, "K");
    assert!(logged(&log, "» player 1 puts down 2 cards, claiming 2 × K"));
    answers(&mut s, &mut log, &[(2, "doubt")]);
    assert!(logged(&log, "» the claim was true: player 2 takes the pile of 2 cards"));
    // The next rank due is 2, whatever was claimed: 2 is claimed truly... or as 3.
    put_down(&mut s, &mut log, &["2♥"]);
    assert_eq!(offered_now(&s), ["A", "2", "3"]);
    say(&mut s, &mut log, "3");
    answers(&mut s, &mut log, &[(3, "doubt")]);
    assert!(logged(&log, "» the claim was false: player 2 takes the pile of 1 card"));

    // The base game goes straight from the cards to the others' answers.
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&["K♥"], &["2♥"], &["3♥"]], short: false });
    put_down(&mut s, &mut log, &["K♥"]);
    assert_eq!(mover(&s), 2);
    assert_eq!(offered_now(&s), ["believe", "doubt"]);
}
