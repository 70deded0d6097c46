//! Scenario tests for Klondike (`games/klondike.cardgame`), one or more per decision KL-1 ...
//! KL-14 of docs/games/klondike.md (each test's name starts with its id). Each lays out the table
//! after the deal, makes moves by their labels, and checks the table and the score.

use std::sync::Arc;

use cardlang::engine::{ArrangeStep, Game, Recorder, State};

use super::support::*;

const GAME: &str = "klondike";

/// A table to lay out after the deal: each tableau pile bottom first (a `?` before a card lays it
/// face down), the waste and the stock top first, and the foundations (top first, by suit). Every
/// card not named lies face down at the bottom of `rest` (the stock unless said otherwise).
#[derive(Default)]
struct Table<'a> {
    piles: [&'a [&'a str]; 7],
    waste: &'a [&'a str],
    stock: &'a [&'a str],
    foundations: &'a [(&'a str, &'a [&'a str])],
    rest: Option<&'a str>,
}

impl Table<'_> {
    fn steps(&self) -> Vec<ArrangeStep> {
        let mut s = Vec::new();
        for k in 1..=7 {
            s.push(move_all(&format!("tableau of {k}"), "stock"));
        }
        if let Some(rest) = self.rest {
            s.push(move_all("stock", rest));
        }
        for (suit, cards) in self.foundations {
            s.push(top(&format!("foundation of {suit}"), cards));
        }
        for (k, pile) in self.piles.iter().enumerate() {
            let zone = format!("tableau of {}", k + 1);
            for card in pile.iter() {
                let (name, up) = match card.strip_prefix('?') {
                    Some(n) => (n, false),
                    None => (*card, true),
                };
                s.push(top(&zone, &[name]));
                s.push(ArrangeStep::TurnTop { zone: zone.clone(), face_up: up });
            }
        }
        s.push(top("waste", self.waste));
        s.push(top("stock", self.stock));
        s
    }
}

fn start_with(variant: Option<&str>, sets: &[(&str, &str)], table: &Table<'_>) -> (State, Recorder) {
    let g: Arc<Game> = game(GAME, variant, sets);
    let mut log = Recorder::default();
    let s = start(&g, &table.steps(), &mut log);
    (s, log)
}

/// Every card of a suit, A first.
fn suit(s: &str) -> Vec<String> {
    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].iter().map(|r| format!("{r}{s}")).collect()
}

/// The cards of a suit from `high` down to A (top first), as a foundation holds them.
fn foundation_to(s: &str, high: usize) -> Vec<String> {
    let mut v: Vec<String> = suit(s).into_iter().take(high).collect();
    v.reverse();
    v
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn face_up(state: &State, zone_name: &str) -> Vec<bool> {
    let z = zone(state, zone_name);
    state.zone_cards(z).iter().rev().map(|c| state.is_face_up(*c)).collect()
}

/// KL-1: 52 cards; seven piles of 1 to 7 cards, dealt in rows from the left, only the top card
/// of each face up; the other 24 in the stock; the waste and the foundations empty.
#[test]
fn kl_1_seven_piles_of_one_to_seven_dealt_in_rows_with_the_top_card_up() {
    let g = game(GAME, None, &[]);
    let mut log = Recorder::default();
    let s = start(&g, &[], &mut log);
    assert_eq!(total_cards(&s), 52);
    let order: Vec<String> = log
        .lines
        .iter()
        .find_map(|l| l.strip_prefix("shuffle stock (52 cards, top first): "))
        .expect("the shuffle is logged")
        .split(' ')
        .map(String::from)
        .collect();
    // Dealt in rows: the first seven cards go one to each pile, the next six to piles 2 to 7, ...
    let mut want: Vec<Vec<String>> = vec![Vec::new(); 7];
    let mut next = order.iter();
    for row in 0..7 {
        for pile in want.iter_mut().skip(row) {
            pile.push(next.next().expect("a card").clone());
        }
    }
    for k in 1..=7usize {
        let name = format!("tableau of {k}");
        let mut bottom_first = cards(&s, &name);
        bottom_first.reverse();
        assert_eq!(bottom_first, want[k - 1], "{name}");
        let up = face_up(&s, &name);
        assert_eq!(up.len(), k);
        assert!(up[0] && up[1..].iter().all(|u| !u), "{name}: only the top card is face up");
    }
    let rest: Vec<String> = next.cloned().collect();
    assert_eq!(cards(&s, "stock"), rest);
    assert_eq!(count(&s, "stock"), 24);
    assert_eq!(count(&s, "waste"), 0);
    for f in ["♥", "♦", "♣", "♠"] {
        assert_eq!(count(&s, &format!("foundation of {f}")), 0);
    }
    assert_eq!(counter(&s, "score"), 0);
    assert_eq!(offered_now(&s).last().map(String::as_str), Some("draw"));
}

/// KL-2: a draw turns three cards from the stock onto the waste face up, one at a time, so the
/// third is on top; with fewer left, what is left.
#[test]
fn kl_2_a_draw_turns_three_cards_onto_the_waste_the_third_on_top() {
    let t = Table {
        piles: [&["K♠"], &[], &[], &[], &[], &[], &[]],
        stock: &["5♦", "9♣", "Q♥", "2♠", "3♠"],
        rest: Some("tableau of 7"),
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    // A move is possible (Q♥ is not yet drawn; K♠ may not move to an empty pile from the bottom
    // of its own): only the draw.
    assert_eq!(offered_now(&s), ["draw"]);
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "waste"), ["Q♥", "9♣", "5♦"]);
    assert_eq!(face_up(&s, "waste"), [true, true, true]);
    assert_eq!(cards(&s, "stock"), ["2♠", "3♠"]);
    // Only Q♥ plays (KL-9); the draw is still offered beside the move.
    assert_eq!(offered_now(&s), ["Q♥: waste -> tableau 1", "draw"]);
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "waste"), ["3♠", "2♠", "Q♥", "9♣", "5♦"]);
    assert_eq!(count(&s, "stock"), 0);
}

/// KL-3: with the stock out, the waste is turned over to form the stock again, in the order the
/// cards were drawn, as often as the player likes by default; `redeals` limits it. Drawing three
/// at a time it costs nothing.
#[test]
fn kl_3_the_waste_is_turned_over_to_form_the_stock_when_the_stock_is_out() {
    let t = Table {
        piles: [&["K♠"], &[], &[], &[], &[], &[], &[]],
        // Drawn 2♦ first, then 7♣, then 9♥ (on top).
        waste: &["9♥", "7♣", "2♦"],
        stock: &["4♣"],
        rest: Some("tableau of 7"),
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    // Not while the stock has cards.
    assert!(!offers(&s, "turn the waste over"));
    choose(&mut s, &mut log, &["draw"]);
    assert!(!offers(&s, "draw"));
    assert!(offers(&s, "turn the waste over"));
    choose(&mut s, &mut log, &["turn the waste over"]);
    assert_eq!(cards(&s, "stock"), ["2♦", "7♣", "9♥", "4♣"]);
    assert_eq!(face_up(&s, "stock"), [false, false, false, false]);
    assert_eq!(count(&s, "waste"), 0);
    assert_eq!(counter(&s, "redeals_made"), 1);
    assert_eq!(counter(&s, "score"), 0);
    // The next pass draws the same cards in the same order; and again, without limit.
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "waste"), ["9♥", "7♣", "2♦"]);
    choose(&mut s, &mut log, &["draw"]);
    choose(&mut s, &mut log, &["turn the waste over"]);
    assert_eq!(counter(&s, "redeals_made"), 2);

    // With `redeals` = 1, the waste is turned over once; after that the stock stays out, and
    // with no move left the deal is lost.
    let (mut s, mut log) = start_with(None, &[("redeals", "1")], &t);
    choose(&mut s, &mut log, &["draw"]);
    choose(&mut s, &mut log, &["turn the waste over"]);
    choose(&mut s, &mut log, &["draw"]);
    choose(&mut s, &mut log, &["draw"]);
    assert!(lost(&s), "{:?}", offered_now(&s));
    assert!(logged(&log, "no move is left"));
    assert_eq!(counter(&s, "redeals_made"), 1);
}

/// KL-4: a foundation per suit, built up from the Ace; from the top of the waste or of a pile.
#[test]
fn kl_4_foundations_are_built_up_by_suit_from_the_ace() {
    let t = Table {
        piles: [&["?9♣", "A♠"], &["3♥"], &["2♣"], &["?4♦", "2♥", "A♣"], &["2♦"], &["6♦"], &[]],
        waste: &["5♣", "2♠"],
        foundations: &[("♥", &["A♥"])],
        stock: &["K♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    let o = offered_now(&s);
    assert!(o.contains(&"A♠: tableau 1 -> foundation".to_string()), "{o:?}");
    assert!(o.contains(&"A♣: tableau 4 -> foundation".to_string()), "{o:?}");
    // Not the next of its suit (3♥ on A♥), no Ace yet (2♣, 2♦), not under the top of its pile
    // (2♥), not under the waste's top (2♠).
    for bad in ["3♥", "2♣", "2♦", "2♥", "2♠"] {
        assert!(!o.iter().any(|l| l.starts_with(&format!("{bad}:")) && l.ends_with("foundation")), "{bad}: {o:?}");
    }
    choose(&mut s, &mut log, &["A♠: tableau 1 -> foundation"]);
    choose(&mut s, &mut log, &["5♣: waste -> tableau 6"]);
    // Now 2♠ is the waste's top: it follows the A♠.
    choose(&mut s, &mut log, &["2♠: waste -> foundation"]);
    assert_eq!(cards(&s, "foundation of ♠"), ["2♠", "A♠"]);
    choose(&mut s, &mut log, &["A♣: tableau 4 -> foundation"]);
    choose(&mut s, &mut log, &["2♥: tableau 4 -> foundation"]);
    choose(&mut s, &mut log, &["3♥: tableau 2 -> foundation"]);
    choose(&mut s, &mut log, &["2♣: tableau 3 -> foundation"]);
    assert_eq!(cards(&s, "foundation of ♥"), ["3♥", "2♥", "A♥"]);
    assert_eq!(cards(&s, "foundation of ♣"), ["2♣", "A♣"]);
    assert_eq!(count(&s, "foundation of ♦"), 0);
    assert_eq!(count(&s, "tableau of 2"), 0);
    assert_eq!(cards(&s, "tableau of 4"), ["4♦"]);
}

/// KL-5: the tableau is built down in alternating colours; a face-up card moves with every card
/// on it, keeping their order.
#[test]
fn kl_5_piles_build_down_in_alternating_colours_and_runs_move_together() {
    let t = Table {
        piles: [&["?3♣", "9♦"], &["?A♣", "?5♠", "8♠", "7♥", "6♣"], &["9♥"], &["7♦"], &["8♦"], &["10♠"], &[]],
        waste: &["8♣"],
        stock: &["K♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    let o = offered_now(&s);
    // One rank lower, the other colour: 8♠ (with 7♥ 6♣) onto 9♦ or 9♥; 8♣ from the waste too.
    for good in [
        "8♠: tableau 2 -> tableau 1",
        "8♠: tableau 2 -> tableau 3",
        "8♣: waste -> tableau 1",
        "8♣: waste -> tableau 3",
        "9♦: tableau 1 -> tableau 6",
        "9♥: tableau 3 -> tableau 6",
        "6♣: tableau 2 -> tableau 4",
    ] {
        assert!(o.contains(&good.to_string()), "{good}: {o:?}");
    }
    // Not the same colour (7♦ on 8♦, 7♥ on 8♦), not one rank higher (9♥ on 8♠), not a face-down
    // card (5♠).
    for bad in ["7♦: tableau 4 -> tableau 5", "7♥: tableau 2 -> tableau 5", "5♠: tableau 2 -> tableau 5"] {
        assert!(!o.iter().any(|l| l == bad), "{bad}");
    }
    assert!(!o.iter().any(|l| l.starts_with("9♥") && l.ends_with("tableau 2")));
    choose(&mut s, &mut log, &["8♠: tableau 2 -> tableau 1"]);
    assert_eq!(cards(&s, "tableau of 1"), ["6♣", "7♥", "8♠", "9♦", "3♣"]);
    assert_eq!(face_up(&s, "tableau of 1"), [true, true, true, true, false]);
    // The run went as one move; the 5♠ under it turned up (KL-7).
    assert_eq!(cards(&s, "tableau of 2"), ["5♠", "A♣"]);
    // A run from the middle of a pile: 7♥ with 6♣ onto 8♣ once the 8♣ is on the 9♥.
    choose(&mut s, &mut log, &["8♣: waste -> tableau 3"]);
    choose(&mut s, &mut log, &["7♥: tableau 1 -> tableau 3"]);
    assert_eq!(cards(&s, "tableau of 3"), ["6♣", "7♥", "8♣", "9♥"]);
    assert_eq!(cards(&s, "tableau of 1"), ["8♠", "9♦", "3♣"]);
    assert_eq!(total_cards(&s), 52);
}

/// KL-6: an empty pile takes only a King, alone or heading a run, from the tableau, the waste or
/// a foundation; a King already at the bottom of its pile is not moved to another empty pile.
#[test]
fn kl_6_only_a_king_fills_an_empty_pile() {
    let t = Table {
        piles: [&["K♣"], &["?4♦", "K♥", "Q♠"], &["Q♦"], &[], &["?2♣", "J♠"], &[], &[]],
        waste: &["K♦"],
        stock: &["3♥"],
        ..Table::default()
    };
    let (s, _) = start_with(None, &[], &t);
    let o = offered_now(&s);
    for k in [4, 6, 7] {
        assert!(o.contains(&format!("K♦: waste -> tableau {k}")), "{o:?}");
        assert!(o.contains(&format!("K♥: tableau 2 -> tableau {k}")), "{o:?}");
    }
    // Not a Queen or a Jack, with or without cards on it; not the K♣ alone at the bottom of pile 1.
    for k in [4, 6, 7] {
        assert!(!o.iter().any(|l| !l.starts_with('K') && l.ends_with(&format!("tableau {k}"))), "{o:?}");
    }
    assert!(!o.iter().any(|l| l.starts_with("K♣")), "{o:?}");

    let f = foundation_to("♠", 13);
    let fref = refs(&f);
    let t = Table {
        piles: [&["K♣"], &["?4♦", "K♥", "Q♣"], &["Q♦"], &[], &["?2♣", "J♦"], &[], &[]],
        waste: &["K♦"],
        foundations: &[("♠", &fref)],
        stock: &["3♥"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    // A King from a foundation too (KL-8).
    assert!(offers(&s, "K♠: foundation -> tableau 4"));
    // The run K♥ Q♣ moves together; the 4♦ under it turns up.
    choose(&mut s, &mut log, &["K♥: tableau 2 -> tableau 4"]);
    assert_eq!(cards(&s, "tableau of 4"), ["Q♣", "K♥"]);
    assert_eq!(cards(&s, "tableau of 2"), ["4♦"]);
    assert_eq!(face_up(&s, "tableau of 2"), [true]);
}

/// KL-7: a face-down card left on top of a pile is turned face up at once, for 5 points.
#[test]
fn kl_7_a_face_down_card_left_on_top_is_turned_up() {
    let t = Table {
        piles: [&["?7♠", "A♦"], &["?3♠", "?J♥", "5♣"], &["6♥"], &[], &[], &[], &[]],
        stock: &["K♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    // After a card goes to a foundation.
    choose(&mut s, &mut log, &["A♦: tableau 1 -> foundation"]);
    assert_eq!(cards(&s, "tableau of 1"), ["7♠"]);
    assert_eq!(face_up(&s, "tableau of 1"), [true]);
    assert!(logged(&log, "turn 7♠ face up"));
    assert_eq!(counter(&s, "turned_up"), 1);
    assert_eq!(counter(&s, "score"), 10 + 5);
    // After a card goes to another pile; only the top card turns.
    choose(&mut s, &mut log, &["5♣: tableau 2 -> tableau 3"]);
    assert_eq!(face_up(&s, "tableau of 2"), [true, false]);
    assert_eq!(cards(&s, "tableau of 2"), ["J♥", "3♠"]);
    assert_eq!(counter(&s, "turned_up"), 2);
    assert_eq!(counter(&s, "score"), 15 + 5);
    // A pile emptied turns nothing.
    choose(&mut s, &mut log, &["6♥: tableau 3 -> tableau 1"]);
    assert_eq!(count(&s, "tableau of 3"), 0);
    assert_eq!(counter(&s, "turned_up"), 2);
}

/// KL-8: the top card of a foundation may come back onto the tableau, by the building rules, for
/// -15 points; it may go up again.
#[test]
fn kl_8_a_foundation_card_may_come_back_to_the_tableau() {
    let t = Table {
        piles: [&["?9♣", "6♠"], &["4♣"], &["2♦"], &[], &[], &[], &[]],
        waste: &["A♦"],
        foundations: &[("♥", &["5♥", "4♥", "3♥", "2♥", "A♥"])],
        stock: &["K♦"],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    let o = offered_now(&s);
    assert!(o.contains(&"5♥: foundation -> tableau 1".to_string()), "{o:?}");
    // Only the top card of a foundation, and only where it builds: not the 4♥ under the 5♥, not
    // the 5♥ onto the 4♣.
    assert!(!o.iter().any(|l| l.starts_with("4♥")), "{o:?}");
    assert!(!o.contains(&"5♥: foundation -> tableau 2".to_string()));
    // Earn 20 points first: A♦ and 2♦ to their foundation.
    choose(&mut s, &mut log, &["A♦: waste -> foundation"]);
    choose(&mut s, &mut log, &["2♦: tableau 3 -> foundation"]);
    assert_eq!(counter(&s, "score"), 20);
    choose(&mut s, &mut log, &["5♥: foundation -> tableau 1"]);
    assert_eq!(cards(&s, "tableau of 1"), ["5♥", "6♠", "9♣"]);
    assert_eq!(cards(&s, "foundation of ♥"), ["4♥", "3♥", "2♥", "A♥"]);
    assert_eq!(counter(&s, "score"), 5);
    // The 4♣ may now go on it, and the 5♥ may go up again (with nothing on it).
    assert!(offers(&s, "4♣: tableau 2 -> tableau 1"));
    assert!(offers(&s, "5♥: tableau 1 -> foundation"));
    choose(&mut s, &mut log, &["5♥: tableau 1 -> foundation"]);
    assert_eq!(counter(&s, "score"), 15);
}

/// KL-9: only the top card of the waste plays; moves are made in any order, the draw included,
/// and nothing moves by itself (turning up apart, KL-7).
#[test]
fn kl_9_only_the_waste_top_plays_and_nothing_moves_by_itself() {
    let t = Table {
        piles: [&["A♣"], &["8♠"], &[], &[], &[], &[], &[]],
        waste: &["J♦", "7♥", "A♠"],
        stock: &["K♦"],
        rest: Some("tableau of 7"),
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    // The A♣ is free but waits to be chosen; the 7♥ and A♠ under the J♦ are not offered.
    assert_eq!(offered_now(&s), ["A♣: tableau 1 -> foundation", "draw"]);
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "tableau of 1"), ["A♣"]);
    assert_eq!(cards(&s, "waste"), ["K♦", "J♦", "7♥", "A♠"]);
    assert!(offers(&s, "K♦: waste -> tableau 3"));
    assert!(!offers(&s, "7♥: waste -> tableau 2"));
}

/// KL-10: the score (Windows standard scoring): waste to tableau +5, waste or tableau to
/// foundation +10, a tableau card turned up +5, foundation to tableau -15, moves within the tableau
/// 0, a turn of the waste -`recycle_penalty` (0 drawing three); never below 0.
#[test]
fn kl_10_the_score_follows_windows_standard_scoring_and_never_goes_below_0() {
    let t = Table {
        piles: [&["?Q♣", "2♦"], &["?K♥", "9♠"], &["3♣"], &["10♥"], &[], &[], &[]],
        waste: &["A♦", "8♥"],
        foundations: &[("♠", &["A♠"])],
        stock: &["5♠"],
        rest: Some("tableau of 7"),
    };
    // Foundation to tableau at 0 leaves 0.
    let (mut s, mut log) = start_with(None, &[], &t);
    choose(&mut s, &mut log, &["A♠: foundation -> tableau 1"]);
    assert_eq!(counter(&s, "score"), 0);

    let (mut s, mut log) = start_with(None, &[], &t);
    choose(&mut s, &mut log, &["A♦: waste -> foundation"]);
    assert_eq!(counter(&s, "score"), 10, "waste to foundation");
    choose(&mut s, &mut log, &["8♥: waste -> tableau 2"]);
    assert_eq!(counter(&s, "score"), 15, "waste to tableau");
    choose(&mut s, &mut log, &["2♦: tableau 1 -> foundation"]);
    assert_eq!(counter(&s, "score"), 15 + 10 + 5, "tableau to foundation, and the Q♣ turned up");
    choose(&mut s, &mut log, &["2♦: foundation -> tableau 3"]);
    assert_eq!(counter(&s, "score"), 15, "foundation to tableau");
    // Moving within the tableau scores nothing; the K♥ it leaves on top turns up for 5.
    choose(&mut s, &mut log, &["9♠: tableau 2 -> tableau 4"]);
    assert_eq!(cards(&s, "tableau of 4"), ["8♥", "9♠", "10♥"]);
    assert_eq!(counter(&s, "score"), 20);
    // Drawing scores nothing, nor does turning the waste over when drawing three.
    choose(&mut s, &mut log, &["draw"]);
    choose(&mut s, &mut log, &["turn the waste over"]);
    assert_eq!(counter(&s, "score"), 20);
    assert_eq!(counter(&s, "redeals_made"), 1);
}

/// KL-11: the deal is won when all 52 cards are on the foundations.
#[test]
fn kl_11_all_52_cards_on_the_foundations_wins() {
    let (h, d, c, sp) =
        (foundation_to("♥", 13), foundation_to("♦", 13), foundation_to("♣", 13), foundation_to("♠", 12));
    let (h, d, c, sp) = (refs(&h), refs(&d), refs(&c), refs(&sp));
    let t = Table {
        piles: [&["K♠"], &[], &[], &[], &[], &[], &[]],
        foundations: &[("♥", &h), ("♦", &d), ("♣", &c), ("♠", &sp)],
        ..Table::default()
    };
    let (mut s, mut log) = start_with(None, &[], &t);
    assert_eq!(count(&s, "stock"), 0);
    assert!(!s.is_over());
    assert_eq!(offered_now(&s)[0], "K♠: tableau 1 -> foundation");
    choose(&mut s, &mut log, &["K♠: tableau 1 -> foundation"]);
    assert!(s.is_over());
    assert_eq!(winners(&s), Some(vec![1]));
    assert!(logged(&log, "all 52 cards are on the foundations"));
    assert_eq!(counter(&s, "score"), 10);
}

/// KL-12: the deal is lost when no move is left, or after `max_idle` moves in a row without
/// headway (a card leaving the waste, a card turned up, more cards on the foundations than ever).
#[test]
fn kl_12_a_hopeless_deal_is_lost() {
    // The A♣ can go up and down for ever, and the stock be drawn and turned over: no headway.
    let t = Table {
        piles: [&["2♥"], &["?5♣", "9♦"], &[], &[], &[], &[], &[]],
        waste: &["Q♠"],
        foundations: &[("♣", &["A♣"])],
        stock: &["8♠", "8♣"],
        rest: Some("tableau of 7"),
    };
    let (mut s, mut log) = start_with(None, &[("max_idle", "6")], &t);
    let mut n = 0;
    while !s.is_over() {
        let o = offered_now(&s);
        let pick = if o.contains(&"A♣: foundation -> tableau 1".to_string()) {
            "A♣: foundation -> tableau 1"
        } else if o.contains(&"A♣: tableau 1 -> foundation".to_string()) {
            "A♣: tableau 1 -> foundation"
        } else {
            "draw"
        };
        choose(&mut s, &mut log, &[pick]);
        n += 1;
    }
    assert_eq!(n, 6);
    assert!(lost(&s));
    assert!(logged(&log, "6 moves in a row without headway: the deal is lost"));
    assert_eq!(counter(&s, "idle"), 6);

    // Headway starts the count again: a card turned up, a card from the waste.
    let t = Table { piles: [&["2♥"], &["?5♣", "9♦"], &["10♣"], &[], &[], &[], &[]], ..t };
    let (mut s, mut log) = start_with(None, &[("max_idle", "4")], &t);
    choose(&mut s, &mut log, &["A♣: foundation -> tableau 1"]);
    choose(&mut s, &mut log, &["A♣: tableau 1 -> foundation"]);
    assert_eq!(counter(&s, "idle"), 2);
    choose(&mut s, &mut log, &["9♦: tableau 2 -> tableau 3"]);
    assert_eq!(counter(&s, "idle"), 0);
    choose(&mut s, &mut log, &["A♣: foundation -> tableau 1"]);
    choose(&mut s, &mut log, &["A♣: tableau 1 -> foundation"]);
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(counter(&s, "idle"), 3);
    choose(&mut s, &mut log, &["8♣: waste -> tableau 3"]);
    assert_eq!(counter(&s, "idle"), 0);
    assert!(!s.is_over());

    // No move left at all.
    let t = Table {
        piles: [&["2♥"], &["9♦"], &[], &[], &[], &[], &[]],
        waste: &["Q♠"],
        rest: Some("tableau of 7"),
        ..Table::default()
    };
    let (s, log) = start_with(None, &[("redeals", "0")], &t);
    assert!(lost(&s), "{:?}", offered_now(&s));
    assert!(logged(&log, "no move is left"));
}

/// KL-13: a deal still going after `max_moves` moves stops, unfinished.
#[test]
fn kl_13_the_cap_on_moves_stops_a_deal_unfinished() {
    let t = Table { piles: [&["K♠"], &["Q♥"], &[], &[], &[], &[], &[]], stock: &["2♣"], ..Table::default() };
    let (mut s, mut log) = start_with(None, &[("max_moves", "3")], &t);
    for _ in 0..3 {
        let pick = offered_now(&s)[0].clone();
        choose(&mut s, &mut log, &[&pick]);
    }
    assert!(s.is_over());
    assert!(is_unfinished(&s));
    assert!(logged(&log, "3 moves without finishing"));
    assert_eq!(counter(&s, "moves"), 3);
}

/// KL-14: `draw_one` draws one card at a time, and each turn of the waste costs 100 points.
#[test]
fn kl_14_draw_one_draws_a_card_at_a_time_and_a_turn_of_the_waste_costs_100() {
    let t = Table {
        piles: [&["K♠"], &["9♣"], &[], &[], &[], &[], &[]],
        waste: &["5♦"],
        stock: &["8♥", "2♣"],
        rest: Some("tableau of 7"),
        ..Table::default()
    };
    let (mut s, mut log) = start_with(Some("draw_one"), &[], &t);
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "waste"), ["8♥", "5♦"]);
    choose(&mut s, &mut log, &["8♥: waste -> tableau 2"]);
    assert_eq!(counter(&s, "score"), 5);
    choose(&mut s, &mut log, &["draw"]);
    assert_eq!(cards(&s, "waste"), ["2♣", "5♦"]);
    // The penalty takes the score to 0, not below.
    choose(&mut s, &mut log, &["turn the waste over"]);
    assert_eq!(cards(&s, "stock"), ["5♦", "2♣"]);
    assert_eq!(counter(&s, "score"), 0);
    assert_eq!(counter(&s, "redeals_made"), 1);
}
