//! Scenario tests for Crazy Eights (`games/crazy_eights.cardgame`, from the common published
//! rules), one or more per rule and per decision the file makes (docs/games/crazy_eights.md).
//! Each stacks the deal, makes the players' choices by their labels, and checks the table.
//!
//! The last seat deals, so the deal starts with player 1, one card at a time around the table,
//! and player 1 plays first.

use cardlang::engine::{ArrangeStep, Recorder, State, ToMove};

use super::support::*;

const GAME: &str = "crazy_eights";

/// The deal: each player's hand (all of one length), the starter, and the top of the stock (top
/// first). With `short`, the stock holds only the cards named: the rest lie under the starter,
/// ready to be shuffled into a new stock.
struct Deal<'a> {
    hands: &'a [&'a [&'a str]],
    starter: &'a str,
    stock: &'a [&'a str],
    short: bool,
}

impl Deal<'_> {
    fn steps(&self) -> Vec<ArrangeStep> {
        // The deal gives one card at a time from player 1 around the table; then the starter.
        let n = self.hands[0].len();
        assert!(self.hands.iter().all(|h| h.len() == n), "every hand has {n} cards");
        let mut order: Vec<&str> = Vec::new();
        for i in 0..n {
            for h in self.hands {
                order.push(h[i]);
            }
        }
        order.push(self.starter);
        order.extend_from_slice(self.stock);
        stacked_stock(&order, self.short)
    }
}

fn start_with(variant: Option<&str>, sets: &[(&str, &str)], deal: &Deal<'_>) -> (State, Recorder) {
    let seats = deal.hands.len() as u8;
    let g = game_seated(GAME, variant, sets, Some(seats));
    let mut log = Recorder::default();
    let s = start(&g, &deal.steps(), &mut log);
    (s, log)
}

/// The labels offered to whoever decides now, sorted.
fn offered(state: &State) -> Vec<String> {
    let mut out: Vec<String> = match state.to_move() {
        ToMove::One(p) => state.legal_actions(p).iter().map(|a| state.action_label(p, *a)).collect(),
        _ => Vec::new(),
    };
    out.sort();
    out
}

fn hand(state: &State, player: u8) -> Vec<String> {
    let mut out = cards(state, &format!("hand of player {player}"));
    out.sort();
    out
}

/// Cards of the pack other than those named, in pack order.
fn others(named: &[&str]) -> Vec<&'static str> {
    STANDARD_52.iter().copied().filter(|c| !named.contains(c)).collect()
}

// ---------------------------------------------------------------------------------------------
// The deal
// ---------------------------------------------------------------------------------------------

/// Seven cards each when two play: 14 dealt, the starter turned, 37 left in the stock. The deal
/// goes one card at a time from player 1 (on the dealer's left), and player 1 plays first.
#[test]
fn deal_seven_cards_each_to_two_players() {
    let p1 = ["A♥", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥"];
    let p2 = ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"];
    let (s, log) = start_with(None, &[], &Deal { hands: &[&p1, &p2], starter: "9♦", stock: &[], short: false });
    assert_eq!(hand(&s, 1), sorted_labels(&p1));
    assert_eq!(hand(&s, 2), sorted_labels(&p2));
    assert_eq!(cards(&s, "discard"), ["9♦"]);
    assert_eq!(count(&s, "stock"), 37);
    assert!(logged(&log, "» player 2 deals 7 cards each; the starter is 9♦"));
    assert_eq!(mover(&s), 1);
    // The first card dealt went to player 1, the second to player 2.
    let dealt: Vec<&String> = log.lines.iter().filter(|l| l.contains(": stock -> hand of")).collect();
    assert_eq!(dealt.len(), 14);
    assert!(dealt[0].starts_with("A♥: stock -> hand of player 1"), "{}", dealt[0]);
    assert!(dealt[1].starts_with("A♠: stock -> hand of player 2"), "{}", dealt[1]);
}

/// Five cards each when three or more play: at three, 15 dealt and 36 left; player 3 deals and
/// player 1 plays first, then play goes left: player 2, player 3, player 1 again.
#[test]
fn deal_five_cards_each_to_three_players_and_play_goes_left() {
    let p1 = ["A♥", "2♥", "3♥", "4♥", "5♥"];
    let p2 = ["A♦", "2♦", "3♦", "4♦", "9♥"];
    let p3 = ["A♠", "2♠", "3♠", "4♠", "10♥"];
    let (mut s, mut log) =
        start_with(None, &[], &Deal { hands: &[&p1, &p2, &p3], starter: "6♥", stock: &[], short: false });
    for (p, h) in [(1, &p1), (2, &p2), (3, &p3)] {
        assert_eq!(hand(&s, p), sorted_labels(&h[..]));
    }
    assert_eq!(count(&s, "stock"), 36);
    assert!(logged(&log, "» player 3 deals 5 cards each; the starter is 6♥"));
    assert_eq!(mover(&s), 1);
    say(&mut s, &mut log, "play 5♥");
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "play 9♥");
    assert_eq!(mover(&s), 3);
    say(&mut s, &mut log, "play 10♥");
    assert_eq!(mover(&s), 1);
    assert_eq!(counter(&s, "turns"), 4);
}

/// Five cards each at seven players too: 35 dealt, the starter, 16 left in the stock.
#[test]
fn deal_five_cards_each_to_seven_players() {
    let hands: Vec<Vec<&str>> = STANDARD_52[..35].chunks(5).map(|c| c.to_vec()).collect();
    let refs: Vec<&[&str]> = hands.iter().map(|h| h.as_slice()).collect();
    let (s, log) = start_with(None, &[], &Deal { hands: &refs, starter: "9♠", stock: &[], short: false });
    for (i, h) in hands.iter().enumerate() {
        assert_eq!(hand(&s, i as u8 + 1), sorted_labels(h));
    }
    assert_eq!(count(&s, "stock"), 16);
    assert!(logged(&log, "» player 7 deals 5 cards each; the starter is 9♠"));
    assert_eq!(mover(&s), 1);
}

/// Decision: a starter that is an eight is buried in the stock, which is shuffled, and another
/// card is turned; the hands are as dealt.
#[test]
fn a_starter_eight_is_buried_in_the_stock() {
    let p1 = ["A♥", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥"];
    let p2 = ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"];
    let (s, log) = start_with(None, &[], &Deal { hands: &[&p1, &p2], starter: "8♠", stock: &[], short: false });
    assert!(logged(&log, "» the starter 8♠ is an eight: it is buried in the stock"));
    let starter = cards(&s, "discard");
    assert_eq!(starter.len(), 1);
    assert!(!starter[0].starts_with('8'), "the starter is {}", starter[0]);
    assert!(cards(&s, "stock").contains(&"8♠".to_string()));
    assert_eq!(count(&s, "stock"), 37);
    assert_eq!(hand(&s, 1), sorted_labels(&p1));
    assert_eq!(hand(&s, 2), sorted_labels(&p2));
}

// ---------------------------------------------------------------------------------------------
// Playing: match the suit or rank, or play an eight and name a suit
// ---------------------------------------------------------------------------------------------

/// A card matching the top discard's suit or rank, or any eight, may be played; nothing else.
#[test]
fn a_card_matches_the_top_discards_suit_or_rank_or_is_an_eight() {
    let p1 = ["5♥", "K♣", "8♦", "9♥", "2♦", "Q♠", "J♦"];
    let p2 = ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"];
    let (s, _) = start_with(None, &[], &Deal { hands: &[&p1, &p2], starter: "5♣", stock: &[], short: false });
    assert_eq!(offered(&s), sorted_labels(&["play 5♥", "play K♣", "play 8♦", "draw a card"]));
}

/// An eight lets its player name any suit; the next player must follow that suit or play another
/// eight: a card of the eight's own suit, or of the starter's, no longer matches. A card played
/// on the call ends it.
#[test]
fn an_eight_names_a_suit_and_the_next_player_must_follow_it() {
    let p1 = ["8♥", "A♣", "2♣", "3♣", "4♣", "6♣", "7♣"];
    let p2 = ["K♠", "8♦", "5♥", "2♥", "Q♣", "5♦", "3♦"];
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&p1, &p2], starter: "5♣", stock: &[], short: false });
    say(&mut s, &mut log, "play 8♥");
    assert_eq!(mover(&s), 1, "the player of the eight names the suit");
    assert_eq!(offered(&s), sorted_labels(&["♥", "♦", "♣", "♠"]));
    say(&mut s, &mut log, "♠");
    assert!(logged(&log, "» player 1 calls ♠"));
    assert_eq!(mover(&s), 2);
    assert_eq!(offered(&s), sorted_labels(&["play K♠", "play 8♦", "draw a card"]));
    say(&mut s, &mut log, "play K♠");
    // The call is over: player 1 matches the K♠ by suit or rank again.
    assert_eq!(mover(&s), 1);
    assert_eq!(offered(&s), ["draw a card"]);
}

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

/// A player with no card to play draws from the stock, one card at a time, until they can play.
/// They choose each draw (they could also draw on after that); with `must_play` they have nothing
/// to choose: the draws are made for them, and they must then play.
#[test]
fn a_player_who_cannot_play_draws_until_they_can() {
    let p1 = ["A♥", "2♥", "3♥", "4♥", "6♥", "7♥", "9♥"];
    let p2 = ["A♠", "2♠", "3♠", "4♠", "6♠", "7♠", "9♠"];
    let deal = Deal { hands: &[&p1, &p2], starter: "5♣", stock: &["K♦", "Q♦", "J♣"], short: false };
    let (mut s, mut log) = start_with(None, &[], &deal);
    assert_eq!(offered(&s), ["draw a card"]);
    say(&mut s, &mut log, "draw a card");
    assert_eq!(offered(&s), ["draw a card"], "K♦ does not match");
    say(&mut s, &mut log, "draw a card");
    assert_eq!(offered(&s), ["draw a card"], "Q♦ does not match");
    say(&mut s, &mut log, "draw a card");
    assert_eq!(mover(&s), 1, "still player 1's turn");
    assert_eq!(offered(&s), sorted_labels(&["play J♣", "draw a card"]));
    say(&mut s, &mut log, "play J♣");
    assert_eq!(counter(&s, "draws"), 3);
    assert_eq!(count(&s, "hand of player 1"), 9);
    assert_eq!(mover(&s), 2);

    let (mut s, mut log) = start_with(Some("must_play"), &[], &deal);
    assert_eq!(mover(&s), 1);
    assert_eq!(counter(&s, "draws"), 3, "K♦, Q♦ and J♣ were drawn with nothing to choose");
    assert_eq!(hand(&s, 1).len(), 10);
    assert_eq!(offered(&s), ["play J♣"]);
    say(&mut s, &mut log, "play J♣");
    assert_eq!(mover(&s), 2);
}

/// Decision: a player holding a card they could play may draw all the same (the common rule);
/// with the `must_play` variant they may not.
#[test]
fn a_player_who_can_play_may_still_draw_unless_must_play() {
    let p1 = ["5♥", "2♥", "3♥", "4♥", "6♥", "7♥", "9♥"];
    let p2 = ["A♠", "2♠", "3♠", "4♠", "6♠", "7♠", "9♠"];
    let deal = Deal { hands: &[&p1, &p2], starter: "5♣", stock: &["K♦"], short: false };
    let (mut s, mut log) = start_with(None, &[], &deal);
    assert_eq!(offered(&s), sorted_labels(&["play 5♥", "draw a card"]));
    say(&mut s, &mut log, "draw a card");
    assert_eq!(mover(&s), 1, "drawing does not end the turn");
    assert_eq!(offered(&s), sorted_labels(&["play 5♥", "draw a card"]));
    let (s, _) = start_with(Some("must_play"), &[], &deal);
    assert_eq!(offered(&s), ["play 5♥"]);
}

/// Decision: when a player must draw from an empty stock, every discard but the top card is
/// shuffled into a new stock; the top card stays.
#[test]
fn an_empty_stock_is_rebuilt_from_the_discards_under_the_top_card() {
    let p1 = ["A♥", "2♥", "3♥", "4♥", "6♥", "7♥", "9♥"];
    let p2 = ["A♠", "2♠", "3♠", "4♠", "6♠", "7♠", "9♠"];
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&p1, &p2], starter: "5♣", stock: &[], short: true });
    assert_eq!(count(&s, "stock"), 0);
    assert_eq!(count(&s, "discard"), 38);
    assert_eq!(offered(&s), ["draw a card"]);
    say(&mut s, &mut log, "draw a card");
    assert!(logged(&log, "» the stock is empty: the discards under 5♣ are shuffled into a new stock"));
    assert!(log.lines.iter().any(|l| l.starts_with("shuffle stock (37 cards")));
    assert_eq!(counter(&s, "reshuffles"), 1);
    assert_eq!(cards(&s, "discard"), ["5♣"]);
    assert_eq!(count(&s, "stock"), 36);
    assert_eq!(count(&s, "hand of player 1"), 8);
    assert_eq!(total_cards(&s), 52);
}

/// The suit an eight called survives the reshuffle: the eight stays on top, and the next player
/// must still follow the suit called, whatever they draw from the new stock.
#[test]
fn the_suit_called_survives_a_reshuffle() {
    let p1 = ["8♥", "A♣", "2♣", "3♣", "4♣", "6♣", "7♣"];
    let p2 = ["A♦", "2♦", "3♦", "4♦", "6♦", "7♦", "9♦"];
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &[&p1, &p2], starter: "5♣", stock: &[], short: true });
    say(&mut s, &mut log, "play 8♥");
    say(&mut s, &mut log, "♠");
    assert_eq!(offered(&s), ["draw a card"]);
    say(&mut s, &mut log, "draw a card");
    assert!(logged(&log, "» the stock is empty: the discards under 8♥ are shuffled into a new stock"));
    assert_eq!(cards(&s, "discard"), ["8♥"]);
    let drawn = hand(&s, 2).into_iter().find(|c| !p2.contains(&c.as_str())).expect("a card was drawn");
    let playable = drawn.ends_with('♠') || drawn.starts_with('8');
    let mut want = vec!["draw a card".to_string()];
    if playable {
        want.push(format!("play {drawn}"));
    }
    want.sort();
    assert_eq!(offered(&s), want, "player 2 drew {drawn}");
}

/// A player who cannot play when the stock is empty and no discard lies under the top card
/// passes. With 25 cards each, one card is left in the stock: player 1 draws it, still cannot
/// play, and passes; player 2 plays.
#[test]
fn a_player_who_cannot_play_or_draw_passes() {
    // Player 1: no club, no five, no eight; the card left in the stock neither.
    let unplayable: Vec<&str> = STANDARD_52
        .iter()
        .copied()
        .filter(|c| !c.ends_with('♣') && !c.starts_with('5') && !c.starts_with('8'))
        .collect();
    let p1: Vec<&str> = unplayable[..25].to_vec();
    let last = unplayable[25];
    let mut named = p1.clone();
    named.extend(["5♣", last]);
    let p2 = others(&named);
    assert_eq!(p2.len(), 25);
    let deal = Deal { hands: &[&p1, &p2], starter: "5♣", stock: &[last], short: false };
    let (mut s, mut log) = start_with(None, &[("deal_two", "25")], &deal);
    assert_eq!(offered(&s), ["draw a card"]);
    say(&mut s, &mut log, "draw a card");
    assert!(logged(&log, "» player 1 cannot play and the stock is empty: player 1 passes"));
    assert_eq!(counter(&s, "passes"), 1);
    assert_eq!(count(&s, "hand of player 1"), 26);
    assert_eq!(mover(&s), 2);
    assert!(offered(&s).contains(&"play 5♦".to_string()));
    assert!(!offered(&s).contains(&"draw a card".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Going out
// ---------------------------------------------------------------------------------------------

/// The first player to empty their hand wins at once.
#[test]
fn the_first_player_to_empty_their_hand_wins() {
    let p1 = ["5♥", "9♥"];
    let p2 = ["2♥", "3♠"];
    let (mut s, mut log) =
        start_with(None, &[("deal_two", "2")], &Deal { hands: &[&p1, &p2], starter: "5♣", stock: &[], short: false });
    say(&mut s, &mut log, "play 5♥");
    say(&mut s, &mut log, "play 2♥");
    say(&mut s, &mut log, "play 9♥");
    assert!(s.is_over());
    assert!(logged(&log, "» player 1 plays their last card and wins"));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(counter(&s, "turns"), 3);
    assert_eq!(hand(&s, 2), ["3♠"]);
}

/// Decision: a player whose last card is an eight goes out without naming a suit.
#[test]
fn a_last_card_eight_wins_without_naming_a_suit() {
    let (mut s, mut log) = start_with(
        None,
        &[("deal_two", "1")],
        &Deal { hands: &[&["8♦"], &["2♥"]], starter: "5♣", stock: &[], short: false },
    );
    assert_eq!(offered(&s), sorted_labels(&["play 8♦", "draw a card"]));
    say(&mut s, &mut log, "play 8♦");
    assert!(s.is_over());
    assert_eq!(winners(&s), Some(vec![1]));
    assert!(!log.lines.iter().any(|l| l.contains("calls")));
}

/// `penalty_scoring`: when a player goes out, each other player scores the penalty points of the
/// cards left in their hand (an eight 50, a court card 10, an ace 1, others their number); the
/// deal passes left, and the match goes on until someone has `target` points.
#[test]
fn penalty_scoring_scores_the_cards_left_in_hand() {
    let p1 = ["5♥"];
    let p2 = ["K♠"];
    let p3 = ["8♦"];
    let deal = Deal { hands: &[&p1, &p2, &p3], starter: "5♣", stock: &[], short: false };
    let (mut s, mut log) = start_with(Some("penalty_scoring"), &[("deal_more", "1")], &deal);
    say(&mut s, &mut log, "play 5♥");
    assert!(!s.is_over(), "the match goes on");
    assert!(logged(&log, "» player 1 plays their last card and wins hand 1"));
    assert!(logged(&log, "» player 2 scores 10 penalty points (10 in all)"));
    assert!(logged(&log, "» player 3 scores 50 penalty points (50 in all)"));
    let scores = s.counter("score").expect("a score per player");
    let scores: Vec<i64> = scores.iter().map(|v| v.as_int().expect("a number")).collect();
    assert_eq!(scores, [0, 10, 50]);
    // Hand 2 is dealt by player 1, so player 2 plays first.
    assert!(logged(&log, "» player 1 deals 1 card each"));
    assert_eq!(mover(&s), 2);
    assert_eq!(total_cards(&s), 52);
}
