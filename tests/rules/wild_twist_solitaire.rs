//! Scenario tests for Wild Twist Solitaire (`rules/wild_twist_solitaire.txt` →
//! `games/wild_twist_solitaire.cardgame`), one or more per ruling WS-1 .. WS-10 of RULINGS.md.
//! Each lays out the table after setup, makes moves by their labels, and checks the table.

use std::sync::Arc;

use cardlang::engine::{ArrangeStep, Game, Recorder, State};

use super::support::*;

const GAME: &str = "wild_twist_solitaire";

/// A table to lay out: each column bottom first (a `?` before a card lays it face down), the
/// hand and the deck top first, cards already on suit piles (top first, by pile), and nothing
/// else: every card not named is put out of play in `removed`.
#[derive(Default)]
struct Table<'a> {
    columns: [&'a [&'a str]; 7],
    hand: &'a [&'a str],
    deck: &'a [&'a str],
    piles: &'a [(&'a str, &'a [&'a str])],
}

impl Table<'_> {
    fn steps(&self) -> Vec<ArrangeStep> {
        let mut s = Vec::new();
        for k in 1..=7 {
            s.push(move_all(&format!("column of {k}"), "removed"));
        }
        s.push(move_all("hand", "removed"));
        s.push(move_all("deck", "removed"));
        for (k, col) in self.columns.iter().enumerate() {
            let zone = format!("column of {}", k + 1);
            for card in col.iter() {
                let (name, up) = match card.strip_prefix('?') {
                    Some(n) => (n, false),
                    None => (*card, true),
                };
                s.push(top(&zone, &[name]));
                s.push(ArrangeStep::TurnTop { zone: zone.clone(), face_up: up });
            }
        }
        for (pile, cards) in self.piles {
            s.push(top(&format!("pile of {pile}"), cards));
        }
        s.push(top("deck", self.deck));
        s.push(top("hand", self.hand));
        s
    }
}

fn start_with(variant: Option<&str>, sets: &[(&str, &str)], table: &Table<'_>) -> (State, Recorder) {
    let g: Arc<Game> = game(GAME, variant, sets);
    let mut log = Recorder::default();
    let s = start(&g, &table.steps(), &mut log);
    (s, log)
}

#[test]
fn ws_1_fifty_five_cards_seven_columns_of_one_to_seven_with_the_top_card_up() {
    let g = game(GAME, None, &[]);
    let s = State::new(g, 7);
    assert_eq!(total_cards(&s), 55);
    for k in 1..=7usize {
        let z = zone(&s, &format!("column of {k}"));
        let cards = s.zone_cards(z);
        assert_eq!(cards.len(), k, "column {k}");
        for (i, c) in cards.iter().enumerate() {
            assert_eq!(s.is_face_up(*c), i + 1 == k, "column {k}: only the top card is face up");
        }
    }
    // 55 - 28 in the display = 27 in the deck, 3 of them drawn into the first hand.
    assert_eq!(count(&s, "deck"), 24);
    assert_eq!(count(&s, "hand"), 3);
    let names: Vec<String> =
        (0..s.game().program.cards.len() as u16).map(|c| s.game().card_name(c).to_string()).collect();
    for w in ["Wild", "Wild Red", "Wild Black"] {
        assert_eq!(names.iter().filter(|n| *n == w).count(), 1, "{w}");
    }
    for w in ["Wild Heart", "Wild Spade", "Wild Diamond", "Wild Club"] {
        assert!(!names.iter().any(|n| n == w), "{w} is set aside");
    }
}

#[test]
fn ws_2_only_the_top_card_of_the_hand_is_played_and_a_draw_keeps_the_order() {
    let t = Table {
        columns: [&["?9♣", "5♥"], &["K♠"], &[], &[], &[], &[], &[]],
        // 6♠ would fit on 5♥, but it is under the top card.
        hand: &["2♦", "6♠"],
        deck: &["3♣", "4♣", "8♦", "10♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    assert!(!offers(&s, "6♠: hand -> column 1"));
    // Drawing is allowed while a move is possible, and puts the three cards on the hand in the
    // order drawn: the third on top.
    assert!(offers(&s, "draw"));
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "hand"), ["8♦", "4♣", "3♣", "2♦", "6♠"]);
    assert_eq!(cards(&s, "deck"), ["10♦"]);
    // With fewer than 3 cards left, the draw takes what is left.
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "hand")[0], "10♦");
    assert_eq!(count(&s, "deck"), 0);
}

#[test]
fn ws_2_an_emptied_hand_draws_at_once() {
    let t = Table {
        columns: [&["5♥"], &[], &[], &[], &[], &[], &[]],
        hand: &["6♠"],
        deck: &["J♦", "Q♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    choose(&mut s, &mut log, &["6♠: hand -> column 1"]);
    assert_eq!(cards(&s, "column of 1"), ["6♠", "5♥"]);
    assert_eq!(cards(&s, "hand"), ["Q♦", "J♦"]);
}

#[test]
fn ws_3_by_default_an_empty_deck_is_not_formed_again_and_the_game_is_lost() {
    let t = Table { columns: [&["5♥"], &[], &[], &[], &[], &[], &[]], hand: &["9♣", "J♦"], ..Table::default() };
    let (s, log) = start_with(None, &[], &t);
    assert!(lost(&s), "no move, no draw and no redeal: {:?}", offered_now(&s));
    assert!(logged(&log, "no move is left"));
    assert_eq!(counter(&s, "redeals_made"), 0);
}

#[test]
fn ws_3_the_redeal_variant_turns_the_hand_over_to_form_the_deck() {
    let t = Table {
        columns: [&["5♥"], &["9♦"], &[], &[], &[], &[], &[]],
        // Drawn in the order 3♣, 4♣, 5♣, 6♣ (bottom to top), then 10♣ on top.
        hand: &["10♣", "6♣", "5♣", "4♣", "3♣"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(Some("redeal"), &[], &t);
    assert!(offers(&s, "draw"));
    choose(&mut s, &mut log, &["10♣: hand -> column 2"]);
    // The deck is formed from the hand turned over: the card drawn first is on top, and three
    // are drawn from it.
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(counter(&s, "redeals_made"), 1);
    assert_eq!(cards(&s, "hand"), ["5♣", "4♣", "3♣"]);
    assert_eq!(cards(&s, "deck"), ["6♣"]);
    // Drawing 6♣ would lay the cards as they lay after 10♣ was played (WS-10), and nothing
    // else moves: no move is left (WS-8).
    assert!(lost(&s));
    assert!(logged(&log, "no move is left"));
}

#[test]
fn ws_4_suit_piles_start_with_an_ace_and_go_up_by_suit() {
    let t = Table {
        columns: [&["A♠"], &["3♥"], &["2♣"], &["Wild"], &[], &[], &[]],
        hand: &["2♥"],
        deck: &["K♦"],
        piles: &[("♥", &["A♥"])],
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    let o = offered_now(&s);
    assert!(o.contains(&"A♠: column 1 -> pile".to_string()));
    assert!(o.contains(&"2♥: hand -> pile".to_string()));
    // Not the next of its suit, no Ace yet, or a wild: not offered.
    assert!(!o.iter().any(|l| l.starts_with("3♥") && l.ends_with("pile")));
    assert!(!o.iter().any(|l| l.starts_with("2♣") && l.ends_with("pile")));
    assert!(!o.iter().any(|l| l.starts_with("Wild") && l.ends_with("pile")));
    choose(&mut s, &mut log, &["2♥: hand -> pile"]);
    choose(&mut s, &mut log, &["3♥: column 2 -> pile"]);
    assert_eq!(cards(&s, "pile of ♥"), ["3♥", "2♥", "A♥"]);
    // Nothing is ever offered from a suit pile.
    assert!(!offered_now(&s).iter().any(|l| l.contains("♥: pile")));
}

#[test]
fn ws_5_as_written_a_card_goes_on_the_opposite_colour_one_rank_lower() {
    let t = Table {
        columns: [&["5♥"], &["?2♦", "6♠", "7♦"], &["6♥"], &["4♣"], &[], &[], &[]],
        hand: &["J♦"],
        deck: &["Q♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    let o = offered_now(&s);
    // The document's example: a black 6 onto the 5♥.
    assert!(o.contains(&"6♠: column 2 -> column 1".to_string()), "{o:?}");
    // Not a 4 (that is `descending`), not a red 6.
    assert!(!o.contains(&"4♣: column 4 -> column 1".to_string()));
    assert!(!o.contains(&"6♥: column 3 -> column 1".to_string()));
    // The 6♠ moves with the 7♦ on it, in order; the face-down card under it turns up.
    choose(&mut s, &mut log, &["6♠: column 2 -> column 1"]);
    assert_eq!(cards(&s, "column of 1"), ["7♦", "6♠", "5♥"]);
    let z = zone(&s, "column of 2");
    assert!(s.is_face_up(s.zone_cards(z)[0]));
    assert_eq!(counter(&s, "revealed"), 1);
}

#[test]
fn ws_5_descending_a_card_goes_on_the_opposite_colour_one_rank_higher() {
    let t = Table {
        columns: [&["5♥"], &["6♠"], &["4♣", "3♦"], &["4♥"], &[], &[], &[]],
        hand: &["J♦"],
        deck: &["Q♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(Some("descending"), &[], &t);
    let o = offered_now(&s);
    assert!(o.contains(&"4♣: column 3 -> column 1".to_string()), "{o:?}");
    assert!(!o.contains(&"6♠: column 2 -> column 1".to_string()));
    assert!(!o.contains(&"4♥: column 4 -> column 1".to_string()));
    choose(&mut s, &mut log, &["4♣: column 3 -> column 1"]);
    assert_eq!(cards(&s, "column of 1"), ["3♦", "4♣", "5♥"]);
}

#[test]
fn ws_6_only_a_king_with_its_stack_fills_an_empty_column() {
    let t = Table {
        columns: [&[], &["?3♥", "K♠", "Q♦"], &["Q♣"], &[], &[], &[], &[]],
        hand: &["K♦"],
        deck: &["2♠"],
        ..Table::default()
    };
    for variant in [None, Some("descending")] {
        let (mut s, mut log) = start_with(variant, &[], &t);
        let o = offered_now(&s);
        assert!(o.contains(&"K♦: hand -> column 1".to_string()), "{o:?}");
        assert!(o.contains(&"K♠: column 2 -> column 1".to_string()));
        assert!(!o.iter().any(|l| l.starts_with("Q♣") || l.starts_with("Q♦: column 2 -> column 1")));
        choose(&mut s, &mut log, &["K♠: column 2 -> column 1"]);
        assert_eq!(cards(&s, "column of 1"), ["Q♦", "K♠"]);
        // A column may also stay empty: the game goes on with other moves or a draw.
        assert!(offers(&s, "draw"));
    }
}

#[test]
fn ws_7_a_wild_takes_the_rank_above_and_the_opposite_colour_of_the_card_it_covers() {
    let t = Table {
        columns: [&["5♥"], &["7♠"], &["6♣"], &["8♣"], &[], &[], &[]],
        hand: &["Wild Red"],
        deck: &["Q♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    let o = offered_now(&s);
    // Wild Red goes on black cards only, and never to a suit pile.
    assert!(o.contains(&"Wild Red: hand -> column 2".to_string()), "{o:?}");
    assert!(!o.contains(&"Wild Red: hand -> column 1".to_string()));
    assert!(!o.iter().any(|l| l.starts_with("Wild Red") && l.ends_with("pile")));
    choose(&mut s, &mut log, &["Wild Red: hand -> column 3"]);
    // On the 6♣ it is a red 7: a black 8 may follow, a black 7 may not; the played wild itself
    // never moves again.
    assert!(offers(&s, "8♣: column 4 -> column 3"), "{:?}", offered_now(&s));
    assert!(!offers(&s, "7♠: column 2 -> column 3"));
    assert!(!offered_now(&s).iter().any(|l| l.starts_with("Wild Red")));
}

#[test]
fn ws_7_a_card_built_on_a_played_wild_moves_on_and_uncovers_it() {
    let t = Table {
        columns: [&["7♦"], &["8♠"], &["6♣"], &[], &[], &[], &[]],
        hand: &["Wild"],
        deck: &["Q♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    // The full Wild goes on any card; on the 6♣ it is a red 7.
    choose(&mut s, &mut log, &["Wild: hand -> column 3"]);
    // A black 8 builds on it, covering it.
    choose(&mut s, &mut log, &["8♠: column 2 -> column 3"]);
    assert_eq!(cards(&s, "column of 3"), ["8♠", "Wild", "6♣"]);
    // The 8♠ lies above the wild, so it may move on; the wild, on top again, leaves the game.
    choose(&mut s, &mut log, &["8♠: column 3 -> column 1"]);
    assert_eq!(cards(&s, "column of 3"), ["6♣"]);
    assert!(logged(&log, "Wild is on top again and leaves the game"));
    assert!(cards(&s, "removed").contains(&"Wild".to_string()));
}

#[test]
fn ws_7_a_covered_wild_that_is_on_top_again_is_removed_at_once() {
    let t = Table {
        columns: [&["5♥"], &["6♣", "7♥"], &[], &[], &[], &[], &[]],
        hand: &["Wild Black"],
        deck: &["Q♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    // Wild Black on the red 5: a black 6.
    choose(&mut s, &mut log, &["Wild Black: hand -> column 1"]);
    // The 7♥ (red, one above 6) builds on it.
    choose(&mut s, &mut log, &["7♥: column 2 -> column 1"]);
    assert_eq!(cards(&s, "column of 1"), ["7♥", "Wild Black", "5♥"]);
    // Moved back onto the 6♣, the 7♥ uncovers the wild, which is removed at once.
    choose(&mut s, &mut log, &["7♥: column 1 -> column 2"]);
    assert_eq!(cards(&s, "column of 1"), ["5♥"]);
    assert_eq!(cards(&s, "removed").iter().filter(|c| *c == "Wild Black").count(), 1);
    assert_eq!(counter(&s, "wilds_removed"), 1);
    assert!(logged(&log, "Wild Black is on top again and leaves the game"));
}

#[test]
fn ws_7_a_stack_holding_a_played_wild_moves_only_from_above_it() {
    let t = Table {
        columns: [&["5♥"], &["6♣", "7♥"], &["K♠"], &[], &[], &[], &[]],
        hand: &["Wild Red"],
        deck: &["Q♦"],
        ..Table::default()
    };
    for variant in [None, Some("descending")] {
        let (mut s, mut log) = start_with(variant, &[], &t);
        // Wild Red on the K♠: a red card one above a King, or a red Queen in `descending`.
        choose(&mut s, &mut log, &["Wild Red: hand -> column 3"]);
        // The K♠ could fill the empty column 4 alone, but not with the wild on it.
        assert!(!offered_now(&s).iter().any(|l| l.starts_with("K♠")), "{:?}", offered_now(&s));
        assert!(!offered_now(&s).iter().any(|l| l.starts_with("Wild Red")));
    }
}

#[test]
fn ws_7_nothing_is_built_on_an_unplayed_wild_and_a_dealt_wild_may_be_played() {
    let t = Table {
        columns: [&["?4♣", "Wild"], &["6♣"], &[], &[], &[], &[], &[]],
        hand: &["Q♦"],
        deck: &["J♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    let o = offered_now(&s);
    assert!(!o.iter().any(|l| l.ends_with("-> column 1")), "{o:?}");
    // The dealt wild, face up, is played like one from the hand; the card under it turns up.
    choose(&mut s, &mut log, &["Wild: column 1 -> column 2"]);
    assert_eq!(cards(&s, "column of 2"), ["Wild", "6♣"]);
    let z = zone(&s, "column of 1");
    assert!(s.is_face_up(s.zone_cards(z)[0]));
}

#[test]
fn ws_7_descending_a_wild_takes_the_rank_below() {
    let t = Table {
        columns: [&["5♥"], &["4♥"], &["4♠"], &[], &["3♦"], &[], &[]],
        hand: &["Wild"],
        deck: &["Q♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(Some("descending"), &[], &t);
    // On the 5♥ the wild is a black 4, so a red 3 may follow; the 4♥ and 4♠ cannot.
    choose(&mut s, &mut log, &["Wild: hand -> column 1"]);
    assert!(offers(&s, "3♦: column 5 -> column 1"), "{:?}", offered_now(&s));
    assert!(!offers(&s, "4♥: column 2 -> column 1"));
    assert!(!offers(&s, "4♠: column 3 -> column 1"));
}

#[test]
fn ws_8_all_fifty_two_cards_on_the_suit_piles_wins() {
    let ranks = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"];
    let full = |s: &str| ranks.iter().map(|r| format!("{r}{s}")).collect::<Vec<_>>();
    let (spades, clubs, diamonds) = (full("♠"), full("♣"), full("♦"));
    let hearts: Vec<String> = full("♥").into_iter().skip(1).collect();
    fn as_refs(v: &[String]) -> Vec<&str> {
        v.iter().map(|s| s.as_str()).collect()
    }
    let (s1, s2, s3, s4) = (as_refs(&spades), as_refs(&clubs), as_refs(&diamonds), as_refs(&hearts));
    let t =
        Table { hand: &["K♥"], piles: &[("♠", &s1), ("♣", &s2), ("♦", &s3), ("♥", &s4)], ..Table::default() };
    let (mut s, mut log) = start_with(None, &[], &t);
    choose(&mut s, &mut log, &["K♥: hand -> pile"]);
    assert_eq!(winners(&s), Some(vec![1]));
    assert!(logged(&log, "all 52 cards are on the suit piles"));
}

#[test]
fn ws_8_no_move_and_no_draw_loses_and_the_turn_cap_loses() {
    let t = Table { columns: [&["5♥"], &[], &[], &[], &[], &[], &[]], hand: &["9♣"], ..Table::default() };
    let (s, _) = start_with(None, &[], &t);
    assert!(lost(&s));
    // The cap is a safety net (with WS-10 no deal can go round in circles): three draws, each
    // a new position, reach a cap of 3 turns, and the game is lost.
    let t = Table {
        columns: [&["5♥"], &[], &[], &[], &[], &[], &[]],
        hand: &["9♣"],
        deck: &["2♣", "3♣", "4♣", "7♣", "8♣", "10♣", "J♣", "Q♣", "9♠"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[("max_moves", "3")], &t);
    play(&mut s, &mut log, |_, _, labels| labels[0].clone());
    assert!(lost(&s));
    assert_eq!(counter(&s, "turns"), 3);
    assert_eq!(count(&s, "deck"), 0);
    assert!(logged(&log, "3 turns without finishing"));
}

#[test]
fn ws_9_a_whole_column_never_moves_to_an_empty_column() {
    // K♠ alone in column 1 and K♥ Q♣ in column 2 would only change places; K♦ lies on a face-down
    // card, so moving it turns that card up: a real move.
    let t = Table {
        columns: [&["K♠"], &["K♥", "Q♣"], &["?3♥", "K♦"], &[], &[], &[], &[]],
        hand: &["9♣"],
        deck: &["2♠"],
        ..Table::default()
    };
    for variant in [None, Some("descending"), Some("redeal")] {
        let (s, _) = start_with(variant, &[], &t);
        let o = offered_now(&s);
        assert!(!o.iter().any(|l| l.starts_with("K♠") || l.starts_with("K♥")), "{variant:?}: {o:?}");
        assert!(o.contains(&"K♦: column 3 -> column 4".to_string()), "{variant:?}: {o:?}");
    }
}

#[test]
fn ws_9_redeal_ends_after_a_pass_without_a_real_move() {
    // The only moves that were ever possible put a lone King into an empty column: with `redeal`
    // the player draws through the deck once, forms it again, and a second pass with no move made
    // ends the game (WS-3) instead of running to `max_moves`.
    let t = Table {
        columns: [&["K♠"], &[], &[], &[], &[], &[], &[]],
        hand: &["9♣"],
        deck: &["2♦", "3♠", "4♥", "6♣"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(Some("redeal"), &[], &t);
    let mut draws = 0;
    while !s.is_over() {
        assert_eq!(offered_now(&s), ["draw"]);
        choose(&mut s, &mut log, &["draw"]);
        draws += 1;
        assert!(draws < 10, "the game should end after one pass");
    }
    assert!(lost(&s));
    assert!(logged(&log, "a whole pass through the deck without a move"));
    assert_eq!(counter(&s, "redeals_made"), 0, "a pass without a move is not formed again");
}

#[test]
fn ws_10_a_card_shuttled_back_to_where_it_lay_is_not_offered() {
    // 8♥ goes from column 3 onto 7♠ (turning 5♦ up), then on to 7♣. Moving it back onto 7♠
    // would bring the cards back to the position after the first move: WS-10 does not offer it.
    let t = Table {
        columns: [&["7♠"], &["7♣"], &["?5♦", "8♥"], &[], &[], &[], &[]],
        hand: &["2♣"],
        deck: &["4♣", "6♣", "J♣"],
        ..Table::default()
    };
    for variant in [None, Some("redeal")] {
        let (mut s, mut log) = start_with(variant, &[], &t);
        choose(&mut s, &mut log, &["8♥: column 3 -> column 1"]);
        assert!(offers(&s, "8♥: column 1 -> column 2"), "{variant:?}: {:?}", offered_now(&s));
        choose(&mut s, &mut log, &["8♥: column 1 -> column 2"]);
        let o = offered_now(&s);
        assert!(!o.contains(&"8♥: column 2 -> column 1".to_string()), "{variant:?}: {o:?}");
        // Drawing is still a new position.
        assert!(o.contains(&"draw".to_string()), "{variant:?}: {o:?}");
    }
}

#[test]
fn ws_10_a_draw_that_forms_the_same_hand_again_is_not_offered() {
    // With `redeal`, an empty deck and exactly three cards in the hand, a draw turns the hand
    // over into the deck and draws the same three back in the same order: the position it was
    // in. After the one real move (K♠ onto Q♥, turning 5♦ up) nothing else can move, so with
    // the draw not offered no move is left (WS-8).
    let t = Table {
        columns: [&["Q♥"], &["?5♦", "K♠"], &["4♦"], &["4♥"], &["10♦"], &["10♥"], &["J♦"]],
        hand: &["9♣", "2♦", "3♠"],
        deck: &[],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(Some("redeal"), &[], &t);
    choose(&mut s, &mut log, &["K♠: column 2 -> column 1"]);
    assert!(lost(&s), "offered: {:?}", offered_now(&s));
    assert!(logged(&log, "no move is left"));
    assert_eq!(counter(&s, "redeals_made"), 0, "the hand was never turned over");
}
