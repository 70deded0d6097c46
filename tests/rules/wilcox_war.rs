//! Scenario tests for Wilcox War (`rules/wilcox_war.txt` → `games/wilcox_war.cardgame`), one or
//! more per ruling WW-1 .. WW-7 of RULINGS.md. Each stacks the table after setup so the ruling
//! happens, then checks the zones, counters, log and outcome.

use std::collections::BTreeSet;

use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{ArrangeStep, Event, EventSink, Observation, Recorder, State, ToMove, ZoneView};

use super::support::*;

mod variants_and_timing;

const DRAW1: &str = "draw of player 1";
const DRAW2: &str = "draw of player 2";
const HAND1: &str = "hand of player 1";
const HAND2: &str = "hand of player 2";
const SCORE1: &str = "score of player 1";
const SCORE2: &str = "score of player 2";
const BATTLE1: &str = "battle of player 1";
const BATTLE2: &str = "battle of player 2";
const PACK: &str = "pack";

/// No card name may be named twice in one two-deck arrangement: the helpers below rely on it to
/// keep every card among its own player's deck.
fn distinct(lists: &[&[&str]]) {
    let mut seen = BTreeSet::new();
    for l in lists {
        for c in *l {
            assert!(seen.insert(*c), "{c} is named twice in the arrangement");
        }
    }
}

/// Two decks: each player's hand is exactly `h1` / `h2` and their draw pile starts with `d1` /
/// `d2` (top first), over the rest of their own shuffled deck, so each draw pile holds 49 cards.
///
/// A hand placement takes the first free copy of a card, which is player 1's; the step on player
/// 1's draw pile before player 2's hand uses up player 1's copies of those cards (it only reorders
/// that pile), so player 2's hand takes player 2's own copies.
fn deal(h1: &[&str], d1: &[&str], h2: &[&str], d2: &[&str]) -> Vec<ArrangeStep> {
    distinct(&[h1, d1, h2, d2]);
    vec![
        move_all(HAND1, DRAW1),
        move_all(HAND2, DRAW2),
        top(HAND1, h1),
        top(DRAW1, h2),
        top(HAND2, h2),
        top(DRAW1, d1),
        top(DRAW2, d2),
    ]
}

/// Two decks, short draw piles: each hand is exactly `h1` / `h2`, each draw pile is exactly
/// `d1` / `d2` (top first), and the rest of each player's deck (49 − |d| cards) is already in
/// their own scoring pile.
fn deal_short(h1: &[&str], d1: &[&str], h2: &[&str], d2: &[&str]) -> Vec<ArrangeStep> {
    distinct(&[h1, d1, h2, d2]);
    vec![
        move_all(HAND1, DRAW1),
        move_all(HAND2, DRAW2),
        move_all(DRAW1, SCORE1),
        move_all(DRAW2, SCORE2),
        top(HAND1, h1),
        top(SCORE1, h2),
        top(HAND2, h2),
        top(DRAW1, d1),
        top(DRAW2, d2),
    ]
}

/// Play-to-all, two decks: player 1 has the hand `h1`, the draw pile `d1` (exactly) and the
/// scoring pile `s1` (exactly); the rest of player 1's deck goes to player 2's scoring pile.
/// Player 2 has the hand `h2` and the draw pile `d2` over the rest of their deck.
fn deal_refill(h1: &[&str], d1: &[&str], s1: &[&str], h2: &[&str], d2: &[&str]) -> Vec<ArrangeStep> {
    distinct(&[h1, d1, s1, h2, d2]);
    vec![
        move_all(HAND1, DRAW1),
        move_all(HAND2, DRAW2),
        move_all(DRAW1, SCORE2),
        top(HAND1, h1),
        top(SCORE2, h2),
        top(HAND2, h2),
        top(SCORE1, s1),
        top(DRAW1, d1),
        top(DRAW2, d2),
    ]
}

/// One deck: each card exists once, so the hands and draw-pile tops are placed directly.
fn deal_single(h1: &[&str], d1: &[&str], h2: &[&str], d2: &[&str]) -> Vec<ArrangeStep> {
    distinct(&[h1, d1, h2, d2]);
    vec![move_all(HAND1, DRAW1), move_all(HAND2, DRAW2), top(HAND1, h1), top(HAND2, h2), top(DRAW1, d1), top(DRAW2, d2)]
}

fn view<'a>(o: &'a Observation, name: &str) -> &'a ZoneView {
    o.zones.iter().find(|z| z.name == name).unwrap_or_else(|| panic!("no zone view {name}"))
}

/// A zone view's cards as names, bottom first; `None` where hidden.
fn seen(s: &State, v: &ZoneView) -> Vec<Option<String>> {
    v.cards.iter().map(|c| c.map(|c| s.game().card_name(c).to_string())).collect()
}

fn set(cards: &[String]) -> BTreeSet<String> {
    cards.iter().cloned().collect()
}

fn names(cards: &[&str]) -> BTreeSet<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn scores(s: &State) -> Option<Vec<i64>> {
    s.outcome().expect("the game is over").scores.clone()
}

/// The index of the first log line containing `text`.
fn line_of(log: &Recorder, text: &str) -> usize {
    log.lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("no log line contains `{text}`"))
}

// ---------------------------------------------------------------------------------------------
// WW-1 Base game
// ---------------------------------------------------------------------------------------------

/// WW-1: each player gets a whole 52-card deck of their own (104 cards in all), shuffled on its
/// own, and takes the top 3 cards of it into their hand; nothing else is dealt.
#[test]
fn ww_1_each_player_has_a_shuffled_52_card_deck_of_their_own() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let s = start(&g, &[], &mut log);

    assert_eq!(total_cards(&s), 104);
    let mut orders = Vec::new();
    for p in 1..=2 {
        let draw = format!("draw of player {p}");
        let hand = format!("hand of player {p}");
        assert_eq!(count(&s, &draw), 49, "{draw}");
        assert_eq!(count(&s, &hand), 3, "{hand}");
        assert_eq!(count(&s, &format!("score of player {p}")), 0);
        assert_eq!(count(&s, &format!("battle of player {p}")), 0);
        // One full deck: 52 different cards between the hand and the draw pile.
        let mut all = cards(&s, &hand);
        all.extend(cards(&s, &draw));
        assert_eq!(set(&all).len(), 52, "player {p} holds a whole deck");

        // The deck was shuffled, and the hand is its top 3 cards.
        let line = log
            .lines
            .iter()
            .find(|l| l.starts_with(&format!("shuffle {draw} ")))
            .unwrap_or_else(|| panic!("{draw} is shuffled"));
        let shuffled: Vec<String> = line.split_once("top first): ").unwrap().1.split(' ').map(String::from).collect();
        assert_eq!(shuffled.len(), 52);
        assert_eq!(set(&shuffled[..3]), set(&cards(&s, &hand)), "the hand is the top 3 of the shuffled deck");
        assert_eq!(shuffled[3..].to_vec(), cards(&s, &draw));
        orders.push(shuffled);
    }
    assert_ne!(orders[0], orders[1], "the two decks are shuffled independently");
    assert!(!is_unfinished(&s) && !s.is_over());
}

/// WW-1: draw piles are face up: both players (not just the owner) see the top card of each
/// draw pile, and only the top card.
#[test]
fn ww_1_draw_piles_are_face_up_and_both_players_see_each_top_card() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    // The sheet's picture: the far player's draw pile shows A♠, the near one's 2♥.
    let s = start(&g, &deal(&["5♥", "8♥", "9♥"], &["2♥"], &["Q♠", "3♠", "4♠"], &["A♠"]), &mut log);
    assert_eq!(cards(&s, DRAW1)[0], "2♥");
    assert_eq!(cards(&s, DRAW2)[0], "A♠");

    for viewer in 0..2u8 {
        let o = s.observation(viewer);
        for (zone, top_card) in [(DRAW1, "2♥"), (DRAW2, "A♠")] {
            let v = view(&o, zone);
            assert_eq!(v.count, 49);
            let shown = seen(&s, v);
            assert_eq!(
                shown.last().unwrap().as_deref(),
                Some(top_card),
                "player {} sees the top of {zone}",
                viewer + 1
            );
            assert!(shown[..48].iter().all(Option::is_none), "only the top card of {zone} shows");
        }
    }
    // Player 2 sees player 1's top card in particular.
    let o2 = s.observation(1);
    let top_id = view(&o2, DRAW1).cards.last().unwrap().expect("visible");
    assert_eq!(s.game().card_name(top_id), "2♥");
    assert!(s.is_face_up(top_id));
}

/// WW-1: hands hold 3 cards and are public: each player sees every card of the other's hand.
#[test]
fn ww_1_hands_hold_three_cards_and_are_public() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let s = start(&g, &deal(&["5♥", "8♥", "9♥"], &[], &["Q♠", "3♠", "4♠"], &[]), &mut log);
    for (viewer, zone, hand) in [(1u8, HAND1, ["5♥", "8♥", "9♥"]), (0u8, HAND2, ["Q♠", "3♠", "4♠"])] {
        let o = s.observation(viewer);
        let v = view(&o, zone);
        assert_eq!(v.count, 3);
        let shown: Vec<String> = seen(&s, v).into_iter().map(|c| c.expect("a public hand shows every card")).collect();
        assert_eq!(set(&shown), names(&hand), "player {} sees {zone}", viewer + 1);
    }
    // And both players are asked to choose from their own 3 cards at once.
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
    assert_eq!(s.legal_actions(0).len(), 3);
    assert_eq!(s.legal_actions(1).len(), 3);
}

// ---------------------------------------------------------------------------------------------
// WW-2 Turn
// ---------------------------------------------------------------------------------------------

/// WW-2: the higher card takes both played cards into its owner's face-down scoring pile, and
/// only then does each player draw one card (back to 3 in hand).
#[test]
fn ww_2_the_higher_card_takes_both_cards_then_each_draws_one() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["5♥", "8♥", "9♥"], &["J♥"], &["Q♠", "2♠", "3♠"], &["4♠"]), &mut log);
    choose(&mut s, &mut log, &["5♥", "Q♠"]);

    // The far player's Queen beats the near player's 5 (the sheet's picture).
    assert_eq!(set(&cards(&s, SCORE2)), names(&["5♥", "Q♠"]));
    assert_eq!(count(&s, SCORE1), 0);
    assert_eq!(count(&s, BATTLE1) + count(&s, BATTLE2), 0);
    // Then each drew one card off their draw pile.
    assert_eq!(set(&cards(&s, HAND1)), names(&["8♥", "9♥", "J♥"]));
    assert_eq!(set(&cards(&s, HAND2)), names(&["2♠", "3♠", "4♠"]));
    assert_eq!(count(&s, DRAW1), 48);
    assert_eq!(count(&s, DRAW2), 48);
    assert!(line_of(&log, "» player 2 takes the cards") < line_of(&log, "J♥: draw of player 1 -> hand of player 1"));
    assert!(line_of(&log, "» player 2 takes the cards") < line_of(&log, "4♠: draw of player 2 -> hand of player 2"));
    // The scoring pile is face down: nobody sees its cards, not even its owner.
    for viewer in 0..2u8 {
        let o = s.observation(viewer);
        assert!(view(&o, SCORE2).cards.iter().all(Option::is_none));
    }
    assert_eq!(counter(&s, "turns"), 2, "one turn is over and the second has begun");
    assert_eq!(counter(&s, "wars"), 0);
    assert!(!s.is_over());
    assert_eq!(total_cards(&s), 104);
}

/// WW-2: the choices are secret: after player 1 has chosen, player 2 still sees player 1's
/// whole hand and an empty battle zone, and learns nothing of the choice until both reveal.
#[test]
fn ww_2_choices_are_secret_until_both_have_chosen() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["5♥", "8♥", "9♥"], &["J♥"], &["Q♠", "2♠", "3♠"], &["4♠"]), &mut log);
    let legal = s.legal_actions(0);
    let five = *legal.iter().find(|a| s.action_label(0, **a) == "5♥").expect("5♥ can be chosen");
    s.apply_with(0, five, &mut log).expect("a legal action is accepted");

    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[1])), "player 2 still has to choose");
    let o2 = s.observation(1);
    assert_eq!(o2.my_pending_choice, None);
    assert_eq!(view(&o2, HAND1).count, 3, "the chosen card has not left player 1's hand");
    assert_eq!(view(&o2, BATTLE1).count, 0);
    assert_eq!(s.observation(0).my_pending_choice, Some(five), "player 1 knows their own choice");
    assert!(!logged(&log, "player 1 has chosen"));

    let legal = s.legal_actions(1);
    let queen = *legal.iter().find(|a| s.action_label(1, **a) == "Q♠").expect("Q♠ can be chosen");
    s.apply_with(1, queen, &mut log).expect("a legal action is accepted");
    assert!(logged(&log, "player 1 has chosen 5♥"));
    assert!(logged(&log, "player 2 has chosen Q♠"));
    assert_eq!(set(&cards(&s, SCORE2)), names(&["5♥", "Q♠"]));
    assert_eq!(total_cards(&s), 104);
}

/// WW-2: Aces are high: an Ace beats a King, and an Ace beats a 2 (it is not low).
#[test]
fn ww_2_aces_are_high() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["A♥", "2♥", "9♥"], &["3♥"], &["K♠", "A♠", "8♠"], &["4♠"]), &mut log);
    choose(&mut s, &mut log, &["A♥", "K♠"]);
    assert_eq!(set(&cards(&s, SCORE1)), names(&["A♥", "K♠"]));
    choose(&mut s, &mut log, &["2♥", "A♠"]);
    assert_eq!(set(&cards(&s, SCORE2)), names(&["2♥", "A♠"]));
    assert_eq!(count(&s, SCORE1), 2);
    assert_eq!(counter(&s, "turns"), 3, "two turns are over and the third has begun");
    assert_eq!(counter(&s, "wars"), 0);
    assert_eq!(total_cards(&s), 104);
}

// ---------------------------------------------------------------------------------------------
// WW-3 War
// ---------------------------------------------------------------------------------------------

/// WW-3: on a tie, each draws one card into their hand, then puts 2 hidden prizes face down
/// into the war, taken off the face-down pile, so they are the BOTTOM two cards of the face-up
/// draw pile; the top of the face-up pile is left alone. The prizes are hidden from both players.
#[test]
fn ww_3_war_hidden_prizes_come_from_the_bottom_of_the_draw_pile() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♠"]), &mut log);
    let before1 = cards(&s, DRAW1);
    let before2 = cards(&s, DRAW2);
    choose(&mut s, &mut log, &["10♥", "10♠"]);

    assert!(logged(&log, "» 10♥ and 10♠ are equal: war"));
    assert_eq!(counter(&s, "wars"), 1);
    // (1) each drew one card.
    assert_eq!(set(&cards(&s, HAND1)), names(&["2♥", "3♥", "J♥"]));
    assert_eq!(set(&cards(&s, HAND2)), names(&["2♠", "3♠", "9♠"]));
    // (2), (3) the prizes are the two bottom cards of each face-up pile.
    for (battle, draw, tied, before) in [(BATTLE1, DRAW1, "10♥", &before1), (BATTLE2, DRAW2, "10♠", &before2)] {
        let b = cards(&s, battle);
        assert_eq!(b.len(), 3, "{battle}: the tied card and two prizes");
        assert_eq!(b[2], tied, "the tied card is under the prizes");
        assert_eq!(set(&b[..2]), set(&before[47..]), "{battle}: the prizes are the bottom of {draw}");
        let after = cards(&s, draw);
        assert_eq!(after.len(), 46);
        assert_eq!(after, before[1..47].to_vec(), "{draw} lost its top card (drawn) and its two bottom cards");
        assert!(logged(&log, &format!("turn over {draw}")));
    }
    // The prizes are face down: neither player sees them; the tied cards show.
    for viewer in 0..2u8 {
        let o = s.observation(viewer);
        assert_eq!(seen(&s, view(&o, BATTLE1)), vec![Some("10♥".to_string()), None, None]);
        assert_eq!(seen(&s, view(&o, BATTLE2)), vec![Some("10♠".to_string()), None, None]);
        // The draw piles are face up again, showing their (unchanged) top card.
        assert_eq!(seen(&s, view(&o, DRAW1)).last().unwrap().as_deref(), Some(before1[1].as_str()));
    }
    // (4) both choose again from their hands.
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
    assert_eq!(total_cards(&s), 104);
}

/// WW-3: the higher revealed card wins the war and takes all 8 cards (2 tied, 4 prizes, 2
/// revealed), then (5) each draws one card. The sheet's example: the near player's Jack wins.
#[test]
fn ww_3_the_higher_revealed_card_takes_all_eight_cards() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["10♥", "2♥", "3♥"], &["J♥", "4♥"], &["10♠", "2♠", "3♠"], &["9♠", "4♠"]), &mut log);
    let before1 = cards(&s, DRAW1);
    let before2 = cards(&s, DRAW2);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    choose(&mut s, &mut log, &["J♥", "9♠"]);

    let mut expected = names(&["10♥", "10♠", "J♥", "9♠"]);
    expected.extend(before1[47..].iter().cloned());
    expected.extend(before2[47..].iter().cloned());
    assert_eq!(count(&s, SCORE1), 8);
    assert_eq!(set(&cards(&s, SCORE1)), expected);
    assert_eq!(count(&s, SCORE2), 0);
    assert_eq!(count(&s, BATTLE1) + count(&s, BATTLE2), 0);
    // (5) each drew one card: 4♥ and 4♠ were next on the piles.
    assert_eq!(set(&cards(&s, HAND1)), names(&["2♥", "3♥", "4♥"]));
    assert_eq!(set(&cards(&s, HAND2)), names(&["2♠", "3♠", "4♠"]));
    assert_eq!(count(&s, DRAW1), 45);
    assert_eq!(count(&s, DRAW2), 45);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(counter(&s, "turns"), 2, "the war was all one turn; the second has begun");
    assert!(!s.is_over());
    assert_eq!(total_cards(&s), 104);
}

/// WW-3: when the revealed cards of a war are equal again, the war repeats from step (1): each
/// draws, 2 more prizes each, reveal. The sheet's example: 10s, then 9s, then the Ace wins all
/// fourteen cards (2 tens, 4 prizes, 2 nines, 4 prizes, Ace and King).
#[test]
fn ww_3_equal_revealed_cards_repeat_the_war_and_the_winner_takes_fourteen() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["10♥", "9♥", "2♥"], &["A♥", "5♥"], &["10♠", "9♠", "2♠"], &["K♠", "6♠"]), &mut log);
    let before1 = cards(&s, DRAW1);
    let before2 = cards(&s, DRAW2);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert_eq!(count(&s, BATTLE1), 3);
    choose(&mut s, &mut log, &["9♥", "9♠"]);
    assert!(logged(&log, "» 9♥ and 9♠ are equal: the war goes on"));
    assert_eq!(counter(&s, "wars"), 2);
    // The repeated war drew again (A♥ / K♠ were drawn in the first war, 5♥ / 6♠ now).
    assert_eq!(set(&cards(&s, HAND1)), names(&["2♥", "A♥", "5♥"]));
    assert_eq!(set(&cards(&s, HAND2)), names(&["2♠", "K♠", "6♠"]));
    assert_eq!(count(&s, BATTLE1), 6, "10, 2 prizes, 9, 2 more prizes");
    assert_eq!(count(&s, BATTLE2), 6);
    choose(&mut s, &mut log, &["A♥", "K♠"]);

    let mut expected = names(&["10♥", "10♠", "9♥", "9♠", "A♥", "K♠"]);
    expected.extend(before1[45..].iter().cloned());
    expected.extend(before2[45..].iter().cloned());
    assert_eq!(count(&s, SCORE1), 14);
    assert_eq!(set(&cards(&s, SCORE1)), expected, "the prizes were the 4 bottom cards of each pile");
    assert_eq!(count(&s, SCORE2), 0);
    assert_eq!(count(&s, HAND1), 3);
    assert_eq!(count(&s, HAND2), 3);
    assert_eq!(count(&s, DRAW1), 49 - 1 - 2 - 1 - 2 - 1);
    assert_eq!(counter(&s, "turns"), 2, "both wars were one turn; the second has begun");
    assert_eq!(total_cards(&s), 104);
}

/// WW-3: the number of hidden prizes is the option `hidden_prizes`: with 1, a war is 6 cards.
#[test]
fn ww_3_the_hidden_prizes_option_sets_the_number_of_prizes() {
    let g = game("wilcox_war", None, &[("hidden_prizes", "1")]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♠"]), &mut log);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert_eq!(count(&s, BATTLE1), 2);
    assert_eq!(count(&s, BATTLE2), 2);
    choose(&mut s, &mut log, &["J♥", "9♠"]);
    assert_eq!(count(&s, SCORE1), 6);
    assert_eq!(total_cards(&s), 104);
}

// ---------------------------------------------------------------------------------------------
// WW-4 Running out
// ---------------------------------------------------------------------------------------------

/// WW-4: outside a war, the game goes on while the cards last (drawing the last card of a pile
/// does not end it) and ends after the turn in which a player needs a card and has none, even
/// if the other player still has cards; each adds their hand to their scoring pile, and more
/// cards wins (cards left in a draw pile do not count).
#[test]
fn ww_4_outside_a_war_the_game_ends_when_a_player_needs_a_card_and_has_none() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s =
        start(&g, &deal_short(&["K♥", "2♥", "3♥"], &["4♥"], &["Q♠", "2♠", "3♠"], &["4♠", "5♠", "6♠"]), &mut log);
    assert_eq!(count(&s, SCORE1), 48);
    assert_eq!(count(&s, SCORE2), 46);

    choose(&mut s, &mut log, &["K♥", "Q♠"]);
    assert!(!s.is_over(), "player 1 drew their last card; nobody has needed a missing card yet");
    assert_eq!(count(&s, DRAW1), 0);
    assert_eq!(count(&s, SCORE1), 50);

    choose(&mut s, &mut log, &["3♥", "2♠"]);
    assert!(s.is_over(), "player 1 needed a card and had none");
    assert_eq!(counter(&s, "turns"), 2);
    // Player 2 still drew, then both hands went to the scoring piles: 52 + 2 and 46 + 3.
    assert_eq!(count(&s, HAND1) + count(&s, HAND2), 0);
    assert_eq!(cards(&s, DRAW2), vec!["6♠".to_string()]);
    assert!(cards(&s, SCORE2).contains(&"5♠".to_string()));
    assert_eq!(count(&s, SCORE1), 54);
    assert_eq!(count(&s, SCORE2), 49);
    assert_eq!(scores(&s), Some(vec![54, 49]));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(total_cards(&s), 104);
}

/// WW-4: equal scoring piles at the end are a tie.
#[test]
fn ww_4_equal_scoring_piles_at_the_end_are_a_tie() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal_short(&["K♥", "2♥", "3♥"], &["5♥", "6♥", "7♥"], &["Q♠", "2♠", "3♠"], &[]), &mut log);
    assert_eq!(count(&s, SCORE1), 46);
    assert_eq!(count(&s, SCORE2), 49);
    choose(&mut s, &mut log, &["K♥", "Q♠"]);
    // Player 1: 46 + 2 won + 3 in hand; player 2: 49 + 2 in hand.
    assert!(s.is_over());
    assert_eq!(scores(&s), Some(vec![51, 51]));
    assert!(is_draw(&s));
    assert_eq!(winners(&s), None);
    assert_eq!(count(&s, DRAW1), 2);
    assert_eq!(total_cards(&s), 104);
}

/// WW-4 (the sheet's example): in a war, a player who can draw does so; with only one card left
/// for two hidden prizes, one prize goes down and the second is skipped; the war is still played
/// out (the 10 takes all six cards), and only then does the game end, hands going to the
/// scoring piles.
#[test]
fn ww_4_in_a_war_missing_prizes_are_skipped_and_the_war_finishes_before_the_game_ends() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s =
        start(&g, &deal_short(&["3♥", "5♥", "6♥"], &["10♥", "4♥"], &["3♠", "7♠", "8♠"], &["9♠", "4♠"]), &mut log);
    choose(&mut s, &mut log, &["3♥", "3♠"]);
    assert!(!s.is_over(), "the war is played out first");
    assert_eq!(set(&cards(&s, BATTLE1)), names(&["3♥", "4♥"]), "one prize, the second skipped");
    assert_eq!(set(&cards(&s, BATTLE2)), names(&["3♠", "4♠"]));
    assert_eq!(set(&cards(&s, HAND1)), names(&["5♥", "6♥", "10♥"]));
    assert_eq!(count(&s, DRAW1) + count(&s, DRAW2), 0);

    choose(&mut s, &mut log, &["10♥", "9♠"]);
    assert!(s.is_over());
    // The war was won first, and only then did the hands go to the scoring piles.
    assert!(line_of(&log, "» player 1 takes the cards") < line_of(&log, "5♥: hand of player 1 -> score of player 1"));
    assert!(line_of(&log, "» player 1 takes the cards") < line_of(&log, "7♠: hand of player 2 -> score of player 2"));
    assert_eq!(counter(&s, "wars"), 1);
    // Player 1: 47 + 6 won + 2 in hand; player 2: 47 + 2 in hand.
    assert_eq!(scores(&s), Some(vec![55, 49]));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(count(&s, BATTLE1) + count(&s, BATTLE2), 0);
    assert_eq!(total_cards(&s), 104);
}

/// WW-4: in a war, a player who still has cards completes every step they can (drawing, both
/// hidden prizes, and the draw of step (5) after the war) while the other skips them; the game
/// ends once the war is over and the card drawn in step (5) counts in its owner's hand.
#[test]
fn ww_4_in_a_war_each_player_completes_the_steps_they_can() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s =
        start(&g, &deal_short(&["3♥", "5♥", "6♥"], &["10♥", "4♥", "7♥", "8♥"], &["3♠", "7♠", "8♠"], &["9♠"]), &mut log);
    assert_eq!(count(&s, SCORE1), 45);
    assert_eq!(count(&s, SCORE2), 48);
    choose(&mut s, &mut log, &["3♥", "3♠"]);
    // Player 1 drew 10♥ and put the two bottom cards (8♥, 7♥) down; player 2 drew 9♠, no prizes.
    assert_eq!(set(&cards(&s, BATTLE1)), names(&["3♥", "7♥", "8♥"]));
    assert_eq!(cards(&s, BATTLE2), vec!["3♠".to_string()]);
    assert_eq!(cards(&s, DRAW1), vec!["4♥".to_string()]);
    choose(&mut s, &mut log, &["10♥", "9♠"]);

    assert!(s.is_over());
    assert!(logged(&log, "4♥: draw of player 1 -> hand of player 1"), "step (5): player 1 still draws");
    // Player 1: 45 + 6 won + 3 in hand (5♥ 6♥ 4♥); player 2: 48 + 2 in hand.
    assert!(cards(&s, SCORE1).contains(&"4♥".to_string()));
    assert_eq!(scores(&s), Some(vec![54, 50]));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(total_cards(&s), 104);
}

/// WW-4: a war that starts with both draw piles empty skips drawing and the prizes, but is still
/// played out with the hands before the game ends.
#[test]
fn ww_4_a_war_with_no_cards_left_to_draw_is_still_played_out() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal_short(&["3♥", "10♥", "2♥"], &[], &["3♠", "9♠", "2♠"], &[]), &mut log);
    choose(&mut s, &mut log, &["3♥", "3♠"]);
    assert!(!s.is_over());
    assert_eq!(cards(&s, BATTLE1), vec!["3♥".to_string()]);
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
    choose(&mut s, &mut log, &["10♥", "9♠"]);
    assert!(s.is_over());
    // Player 1: 49 + 4 + 1 in hand; player 2: 49 + 1 in hand.
    assert_eq!(scores(&s), Some(vec![54, 50]));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(total_cards(&s), 104);
}

/// WW-4: a player with no hand card to play in a war loses that war: here the wars repeat with
/// empty draw piles until player 2's hand is empty; player 1 (who still drew once) plays the last
/// card and takes all 8 cards.
#[test]
fn ww_4_a_player_with_no_hand_card_to_play_in_a_war_loses_it() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal_short(&["3♥", "5♥", "7♥"], &["J♥", "4♥"], &["3♠", "5♠", "7♠"], &[]), &mut log);
    choose(&mut s, &mut log, &["3♥", "3♠"]);
    // Player 1 drew J♥ and put 4♥ down as the only prize; player 2 could do neither.
    assert_eq!(set(&cards(&s, BATTLE1)), names(&["3♥", "4♥"]));
    assert_eq!(cards(&s, BATTLE2), vec!["3♠".to_string()]);
    choose(&mut s, &mut log, &["5♥", "5♠"]);
    choose(&mut s, &mut log, &["7♥", "7♠"]);
    assert!(!s.is_over());
    assert_eq!(count(&s, HAND2), 0);
    assert_eq!(cards(&s, HAND1), vec!["J♥".to_string()]);
    assert_eq!(
        s.to_move(),
        ToMove::Simultaneous(cardlang::engine::Seats::of(&[0])),
        "only player 1 has a card to play"
    );
    choose(&mut s, &mut log, &["J♥", ""]);

    assert!(logged(&log, "» player 2 has no card to play and loses the war"));
    assert!(s.is_over());
    assert_eq!(counter(&s, "wars"), 3);
    // Player 1: 47 + 8 (3♥ 4♥ 5♥ 7♥ J♥ and 3♠ 5♠ 7♠); player 2: 49.
    assert!(cards(&s, SCORE1).contains(&"7♠".to_string()));
    assert_eq!(scores(&s), Some(vec![55, 49]));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(total_cards(&s), 104);
}

/// WW-4: if neither player has a hand card to play in a war, each takes back their own war cards.
#[test]
fn ww_4_if_neither_player_has_a_card_to_play_each_takes_back_their_own_war_cards() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal_short(&["3♥", "5♥", "7♥"], &[], &["3♠", "5♠", "7♠"], &[]), &mut log);
    choose(&mut s, &mut log, &["3♥", "3♠"]);
    choose(&mut s, &mut log, &["5♥", "5♠"]);
    choose(&mut s, &mut log, &["7♥", "7♠"]);
    assert!(s.is_over());
    assert!(logged(&log, "» neither player has a card to play: each takes back their own war cards"));
    for c in ["3♥", "5♥", "7♥"] {
        assert!(cards(&s, SCORE1).contains(&c.to_string()));
    }
    for c in ["3♠", "5♠", "7♠"] {
        assert!(cards(&s, SCORE2).contains(&c.to_string()));
    }
    assert_eq!(scores(&s), Some(vec![52, 52]));
    assert!(is_draw(&s));
    assert_eq!(total_cards(&s), 104);
}

/// WW-4: a whole base game played out ends by running out: both draw piles are used up, every
/// card ends in a scoring pile, and the player with more cards wins (or it is a tie).
#[test]
fn ww_4_a_whole_game_ends_with_every_card_in_a_scoring_pile() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &[], &mut log);
    play(&mut s, &mut log, |_, _, labels| labels[0].clone());
    assert!(s.is_over());
    assert!(!is_unfinished(&s));
    let (a, b) = (count(&s, SCORE1) as i64, count(&s, SCORE2) as i64);
    assert_eq!(a + b, 104);
    assert_eq!(scores(&s), Some(vec![a, b]));
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => assert_eq!(winners(&s), Some(vec![1])),
        std::cmp::Ordering::Less => assert_eq!(winners(&s), Some(vec![2])),
        std::cmp::Ordering::Equal => assert!(is_draw(&s)),
    }
    assert!(counter(&s, "turns") <= 50);
    assert_eq!(total_cards(&s), 104);
}
