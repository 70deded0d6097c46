//! Wilcox War's rulings WW-5 (variants), WW-6 (simultaneous steps) and WW-7 (hidden prizes
//! revealed), with the deals and helpers of the parent module.

use super::*;

// ---------------------------------------------------------------------------------------------
// WW-5 Variants
// ---------------------------------------------------------------------------------------------

/// WW-5 single_deck: one deck of 52; all 26 red cards go to seat 1 and all 26 black to seat 2.
#[test]
fn ww_5_single_deck_gives_red_cards_to_seat_1_and_black_cards_to_seat_2() {
    let g = game("wilcox_war", Some("single_deck"), &[]);
    let mut log = Recorder::default();
    let s = start(&g, &[], &mut log);
    assert_eq!(total_cards(&s), 52);
    assert_eq!(count(&s, PACK), 0);
    for (p, suits) in [(1, ["♥", "♦"]), (2, ["♣", "♠"])] {
        let mut all = cards(&s, &format!("hand of player {p}"));
        assert_eq!(all.len(), 3);
        all.extend(cards(&s, &format!("draw of player {p}")));
        assert_eq!(set(&all).len(), 26, "player {p}");
        assert!(all.iter().all(|c| suits.iter().any(|s| c.ends_with(s))), "player {p} holds only {suits:?}: {all:?}");
    }
    // Still a face-up draw pile whose top the opponent sees.
    let o = s.observation(1);
    let top_id = view(&o, DRAW1).cards.last().unwrap().expect("visible");
    assert_eq!(s.game().card_name(top_id), cards(&s, DRAW1)[0]);
}

/// WW-5 single_deck: a war has one hidden prize each (the bottom card), so the winner takes 6.
#[test]
fn ww_5_single_deck_wars_have_one_hidden_prize() {
    let g = game("wilcox_war", Some("single_deck"), &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal_single(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♣"]), &mut log);
    let bottom1 = cards(&s, DRAW1).last().unwrap().clone();
    let bottom2 = cards(&s, DRAW2).last().unwrap().clone();
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert_eq!(set(&cards(&s, BATTLE1)), names(&["10♥", &bottom1]));
    assert_eq!(set(&cards(&s, BATTLE2)), names(&["10♠", &bottom2]));
    choose(&mut s, &mut log, &["J♥", "9♣"]);
    assert_eq!(count(&s, SCORE1), 6);
    assert_eq!(count(&s, DRAW1), 23 - 1 - 1 - 1);
    assert_eq!(total_cards(&s), 52);
}

/// WW-5 play_to_all: a war has three hidden prizes each, so the winner takes 10.
#[test]
fn ww_5_play_to_all_wars_have_three_hidden_prizes() {
    let g = game("wilcox_war", Some("play_to_all"), &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♠"]), &mut log);
    let before1 = cards(&s, DRAW1);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert_eq!(count(&s, BATTLE1), 4);
    assert_eq!(count(&s, BATTLE2), 4);
    assert!(set(&cards(&s, BATTLE1)).is_superset(&set(&before1[46..])), "the 3 bottom cards");
    choose(&mut s, &mut log, &["J♥", "9♠"]);
    assert_eq!(count(&s, SCORE1), 10);
    assert_eq!(total_cards(&s), 104);
}

/// WW-5 play_to_all: a player who needs a card from an empty draw pile, with exactly 14 cards in
/// their scoring pile, shuffles it into a new face-up draw pile and play goes on.
#[test]
fn ww_5_play_to_all_an_empty_draw_pile_is_refilled_from_a_scoring_pile_of_14() {
    let g = game("wilcox_war", Some("play_to_all"), &[]);
    let mut log = Recorder::default();
    let twelve = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦"];
    let mut s = start(&g, &deal_refill(&["A♥", "2♥", "3♥"], &[], &twelve, &["K♠", "2♠", "3♠"], &[]), &mut log);
    assert_eq!(count(&s, DRAW1), 0);
    assert_eq!(count(&s, SCORE1), 12);
    choose(&mut s, &mut log, &["A♥", "K♠"]);

    assert!(!s.is_over());
    assert!(logged(&log, "» player 1 shuffles their scoring pile into a new draw pile"));
    assert_eq!(count(&s, SCORE1), 0);
    assert_eq!(count(&s, DRAW1), 13);
    assert_eq!(count(&s, HAND1), 3);
    let mut pool = names(&twelve);
    pool.extend(names(&["A♥", "K♠"]));
    let mut now = set(&cards(&s, DRAW1));
    let drawn: Vec<String> = cards(&s, HAND1).into_iter().filter(|c| c != "2♥" && c != "3♥").collect();
    assert_eq!(drawn.len(), 1);
    now.insert(drawn[0].clone());
    assert_eq!(now, pool, "the new draw pile is the old scoring pile (less the card drawn)");
    // The new draw pile is face up: the opponent sees its top card.
    let o = s.observation(1);
    let top_id = view(&o, DRAW1).cards.last().unwrap().expect("the new draw pile is face up");
    assert_eq!(s.game().card_name(top_id), cards(&s, DRAW1)[0]);
    assert_eq!(count(&s, HAND2), 3);
    assert_eq!(total_cards(&s), 104);
}

/// WW-5 play_to_all: a player who needs a card from an empty draw pile with only 13 cards in
/// their scoring pile loses at once.
#[test]
fn ww_5_play_to_all_a_player_who_needs_a_card_with_13_or_fewer_loses_at_once() {
    let g = game("wilcox_war", Some("play_to_all"), &[]);
    let mut log = Recorder::default();
    let thirteen = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦"];
    let mut s = start(&g, &deal_refill(&["2♥", "3♥", "4♥"], &[], &thirteen, &["K♠", "5♠", "6♠"], &[]), &mut log);
    assert_eq!(count(&s, SCORE1), 13);
    choose(&mut s, &mut log, &["2♥", "K♠"]);
    assert!(s.is_over());
    assert!(logged(&log, "» player 1 needs a card and has only 13 in their scoring pile"));
    assert!(!logged(&log, "shuffles their scoring pile"));
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(count(&s, SCORE1), 13, "the scoring pile did not become a draw pile");
    assert_eq!(total_cards(&s), 104);
}

/// WW-5 play_to_all: running out with 13 cards loses at once even in the middle of a war: the
/// war is not played out.
#[test]
fn ww_5_play_to_all_running_out_in_a_war_loses_at_once() {
    let g = game("wilcox_war", Some("play_to_all"), &[]);
    let mut log = Recorder::default();
    let thirteen = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦"];
    let mut s = start(&g, &deal_refill(&["5♥", "A♥", "2♥"], &[], &thirteen, &["5♠", "3♠", "4♠"], &[]), &mut log);
    choose(&mut s, &mut log, &["5♥", "5♠"]);
    assert!(logged(&log, "» 5♥ and 5♠ are equal: war"));
    assert!(s.is_over(), "no decision is left in the war");
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(cards(&s, BATTLE1), vec!["5♥".to_string()], "the war was not finished");
    assert!(!logged(&log, "takes the cards"));
    assert_eq!(total_cards(&s), 104);
}

/// WW-5 play_to_all: a draw pile that runs out in the middle of a war (here for the hidden
/// prizes) is refilled from a big enough scoring pile and the war goes on with prizes from the
/// new pile.
#[test]
fn ww_5_play_to_all_a_draw_pile_is_refilled_in_the_middle_of_a_war() {
    let g = game("wilcox_war", Some("play_to_all"), &[]);
    let mut log = Recorder::default();
    let fourteen = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦", "4♣"];
    let mut s =
        start(&g, &deal_refill(&["10♥", "2♥", "3♥"], &["J♥"], &fourteen, &["10♠", "2♠", "3♠"], &["9♠"]), &mut log);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert!(!s.is_over());
    assert!(logged(&log, "» player 1 shuffles their scoring pile into a new draw pile"));
    assert!(cards(&s, HAND1).contains(&"J♥".to_string()));
    let b1 = cards(&s, BATTLE1);
    assert_eq!(b1.len(), 4);
    assert!(set(&b1[..3]).is_subset(&names(&fourteen)), "the prizes came from the new draw pile");
    assert_eq!(count(&s, DRAW1), 11);
    assert_eq!(count(&s, SCORE1), 0);
    choose(&mut s, &mut log, &["J♥", "9♠"]);
    assert_eq!(count(&s, SCORE1), 10);
    assert_eq!(count(&s, DRAW1), 10);
    assert!(!s.is_over());
    assert_eq!(total_cards(&s), 104);
}

/// WW-5 play_to_all_single_deck: red to seat 1, black to seat 2, and two hidden prizes each.
#[test]
fn ww_5_play_to_all_single_deck_splits_by_colour_and_wars_have_two_hidden_prizes() {
    let g = game("wilcox_war", Some("play_to_all_single_deck"), &[]);
    let mut log = Recorder::default();
    let s0 = start(&g, &[], &mut log);
    assert_eq!(total_cards(&s0), 52);
    let mut red = cards(&s0, DRAW1);
    red.extend(cards(&s0, HAND1));
    assert_eq!(red.len(), 26);
    assert!(red.iter().all(|c| c.ends_with('♥') || c.ends_with('♦')));
    let mut black = cards(&s0, DRAW2);
    black.extend(cards(&s0, HAND2));
    assert_eq!(black.len(), 26);
    assert!(black.iter().all(|c| c.ends_with('♣') || c.ends_with('♠')));

    let mut log = Recorder::default();
    let mut s = start(&g, &deal_single(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♣"]), &mut log);
    let before1 = cards(&s, DRAW1);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert_eq!(count(&s, BATTLE1), 3);
    assert_eq!(set(&cards(&s, BATTLE1)[..2]), set(&before1[21..]), "the 2 bottom cards");
    assert_eq!(count(&s, BATTLE2), 3);
    choose(&mut s, &mut log, &["J♥", "9♣"]);
    assert_eq!(count(&s, SCORE1), 8);
    assert_eq!(total_cards(&s), 52);
}

/// WW-5 play_to_all_single_deck: the threshold is 8: a scoring pile of exactly 8 becomes the new
/// face-up draw pile.
#[test]
fn ww_5_play_to_all_single_deck_refills_from_a_scoring_pile_of_8() {
    let g = game("wilcox_war", Some("play_to_all_single_deck"), &[]);
    let mut log = Recorder::default();
    let six = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦"];
    let steps = vec![
        move_all(HAND1, DRAW1),
        move_all(HAND2, DRAW2),
        move_all(DRAW1, PACK),
        top(HAND1, &["A♥", "2♥", "3♥"]),
        top(HAND2, &["K♠", "2♠", "3♠"]),
        top(SCORE1, &six),
    ];
    let mut s = start(&g, &steps, &mut log);
    assert_eq!(count(&s, DRAW1), 0);
    assert_eq!(count(&s, SCORE1), 6);
    choose(&mut s, &mut log, &["A♥", "K♠"]);
    assert!(!s.is_over());
    assert!(logged(&log, "» player 1 shuffles their scoring pile into a new draw pile"));
    assert_eq!(count(&s, SCORE1), 0);
    assert_eq!(count(&s, DRAW1), 7);
    assert_eq!(count(&s, HAND1), 3);
    let o = s.observation(1);
    assert!(view(&o, DRAW1).cards.last().unwrap().is_some(), "the new draw pile is face up");
    assert_eq!(total_cards(&s), 52);
}

/// WW-5 play_to_all_single_deck: with 7 cards in the scoring pile, a player who needs a card
/// from an empty draw pile loses at once.
#[test]
fn ww_5_play_to_all_single_deck_with_7_or_fewer_the_opponent_wins() {
    let g = game("wilcox_war", Some("play_to_all_single_deck"), &[]);
    let mut log = Recorder::default();
    let seven = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦"];
    let steps = vec![
        move_all(HAND1, DRAW1),
        move_all(HAND2, DRAW2),
        move_all(DRAW1, PACK),
        top(HAND1, &["2♥", "3♥", "4♥"]),
        top(HAND2, &["K♠", "5♠", "6♠"]),
        top(SCORE1, &seven),
    ];
    let mut s = start(&g, &steps, &mut log);
    choose(&mut s, &mut log, &["2♥", "K♠"]);
    assert!(s.is_over());
    assert!(logged(&log, "» player 1 needs a card and has only 7 in their scoring pile"));
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(total_cards(&s), 52);
}

/// WW-5: a play-to-all game stops, unfinished, after `max_turns` turns.
#[test]
fn ww_5_play_to_all_stops_unfinished_after_max_turns() {
    let g = game("wilcox_war", Some("play_to_all"), &[("max_turns", "5")]);
    let mut log = Recorder::default();
    let mut s = start(&g, &[], &mut log);
    play(&mut s, &mut log, |_, _, labels| labels[0].clone());
    assert!(is_unfinished(&s));
    assert_eq!(winners(&s), None);
    assert_eq!(counter(&s, "turns"), 5);
    assert_eq!(total_cards(&s), 104);
}

/// WW-5: with the default cap (10,000 turns) a whole play-to-all game either ends with a winner
/// (a player could not refill) or stops unfinished at exactly 10,000 turns; cards are kept.
#[test]
fn ww_5_play_to_all_with_the_default_cap_ends_with_a_winner_or_at_10000_turns() {
    let g = game("wilcox_war", Some("play_to_all"), &[]);
    let mut log = Recorder::default();
    let mut s = start(&g, &[], &mut log);
    // Always play the highest card in hand.
    play(&mut s, &mut log, |_, _, labels| {
        let rank = |l: &String| {
            let r = &l[..l.len() - '♥'.len_utf8()];
            ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].iter().position(|x| *x == r).unwrap()
        };
        labels.iter().max_by_key(|l| rank(l)).unwrap().clone()
    });
    assert!(s.is_over());
    let turns = counter(&s, "turns");
    if is_unfinished(&s) {
        assert_eq!(turns, 10_000);
    } else {
        let w = winners(&s).expect("a play-to-all game has a winner");
        assert_eq!(w.len(), 1);
        assert!(turns < 10_000);
        assert!(logged(&log, "needs a card and has only"));
    }
    assert_eq!(total_cards(&s), 104);
}

// ---------------------------------------------------------------------------------------------
// WW-6 Simultaneous steps
// ---------------------------------------------------------------------------------------------

/// One deck, play-to-all: the hands are exactly `h1` / `h2`, the draw piles exactly `d1` / `d2`
/// (top first), the scoring piles exactly `s1` / `s2`; every other card is out of play (in the
/// empty `pack`).
fn deal_single_exact(h: [&[&str]; 2], d: [&[&str]; 2], sc: [&[&str]; 2]) -> Vec<ArrangeStep> {
    distinct(&[h[0], h[1], d[0], d[1], sc[0], sc[1]]);
    vec![
        move_all(HAND1, PACK),
        move_all(HAND2, PACK),
        move_all(DRAW1, PACK),
        move_all(DRAW2, PACK),
        top(HAND1, h[0]),
        top(HAND2, h[1]),
        top(DRAW1, d[0]),
        top(DRAW2, d[1]),
        top(SCORE1, sc[0]),
        top(SCORE2, sc[1]),
    ]
}

/// WW-6: both players need a card in the same step (the draw after a turn) and neither scoring
/// pile reaches the threshold (8 in `play_to_all_single_deck`): the game is a draw, not a loss for
/// seat 1 because it is settled first.
#[test]
fn ww_6_both_players_failing_the_threshold_in_one_step_is_a_draw() {
    let g = game("wilcox_war", Some("play_to_all_single_deck"), &[]);
    let mut log = Recorder::default();
    let steps = deal_single_exact(
        [&["A♥", "2♥", "3♥"], &["K♠", "2♠", "3♠"]],
        [&[], &[]],
        [&["4♥", "5♥", "6♥"], &["4♠", "5♠", "6♠"]],
    );
    let mut s = start(&g, &steps, &mut log);
    choose(&mut s, &mut log, &["A♥", "K♠"]);
    assert!(logged(&log, "» player 1 takes the cards"));
    assert!(s.is_over());
    assert!(logged(&log, "» both players need a card and neither has 8 in their scoring pile: a draw"));
    assert!(is_draw(&s));
    assert_eq!(total_cards(&s), 52);
}

/// WW-6: when the threshold fails for one player only, that player loses, whichever seat it is:
/// here seat 2, while seat 1 (settled first) could refill from its scoring pile.
#[test]
fn ww_6_only_the_player_failing_the_threshold_loses_whichever_seat() {
    let g = game("wilcox_war", Some("play_to_all_single_deck"), &[]);
    let mut log = Recorder::default();
    let eight = ["4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥"];
    let steps =
        deal_single_exact([&["A♥", "2♥", "3♥"], &["K♠", "2♠", "3♠"]], [&[], &[]], [&eight, &["4♠", "5♠", "6♠"]]);
    let mut s = start(&g, &steps, &mut log);
    choose(&mut s, &mut log, &["2♥", "K♠"]);
    assert!(s.is_over());
    assert!(logged(&log, "» player 2 needs a card and has only 5 in their scoring pile"));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(total_cards(&s), 52);
}

/// WW-6: the same inside a war: placing the hidden prizes is one step for both players; with two
/// prizes due and one card each (and nothing to refill from), neither can complete it: a draw.
#[test]
fn ww_6_both_failing_while_placing_hidden_prizes_is_a_draw() {
    let g = game("wilcox_war", Some("play_to_all_single_deck"), &[]);
    let mut log = Recorder::default();
    let steps = deal_single_exact([&["10♥", "2♥", "3♥"], &["10♠", "2♠", "3♠"]], [&["J♥", "4♥"], &["J♠"]], [&[], &[]]);
    let mut s = start(&g, &steps, &mut log);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert!(logged(&log, "» 10♥ and 10♠ are equal: war"));
    assert!(s.is_over());
    assert!(logged(&log, "» both players need a card and neither has 8 in their scoring pile: a draw"));
    assert!(is_draw(&s));
    assert_eq!(total_cards(&s), 52);
}

/// WW-6: `max_turns` counts WW-2 turns, and a war belongs to the turn it started in: with
/// `max_turns = 1`, the war of turn 1 is played out in full, and the game stops before turn 2.
#[test]
fn ww_6_max_turns_counts_turns_and_a_war_belongs_to_its_turn() {
    let g = game("wilcox_war", Some("play_to_all"), &[("max_turns", "1")]);
    let mut log = Recorder::default();
    let mut s = start(&g, &deal(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♠"]), &mut log);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert!(!s.is_over(), "the war is played");
    choose(&mut s, &mut log, &["J♥", "9♠"]);
    assert!(logged(&log, "» player 1 takes the cards"));
    assert!(s.is_over());
    assert!(is_unfinished(&s));
    assert_eq!(counter(&s, "turns"), 1);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(count(&s, SCORE1), 10);
    assert_eq!(total_cards(&s), 104);
}

// ---------------------------------------------------------------------------------------------
// WW-7 Hidden prizes are revealed
// ---------------------------------------------------------------------------------------------

/// Every event as player 1 is shown it at the terminal (`cardlang play` with a human in seat 1).
#[derive(Default)]
struct SeatOne(Vec<String>);

impl EventSink for SeatOne {
    fn event(&mut self, state: &State, event: Event<'_>) {
        self.0.extend(describe_for(state, Viewer::Player(0), &event));
    }
}

/// WW-7: when a war is settled, every hidden prize is turned face up, for both players to see,
/// before the winner puts the cards into their scoring pile; in every variant. Player 1 sees
/// player 2's prizes named at the terminal.
#[test]
fn ww_7_hidden_prizes_are_shown_to_both_players_before_they_move() {
    for variant in [None, Some("single_deck"), Some("play_to_all"), Some("play_to_all_single_deck")] {
        let g = game("wilcox_war", variant, &[]);
        let mut seat = SeatOne::default();
        let single = matches!(variant, Some(v) if v.contains("single"));
        let steps = if single {
            deal_single(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♣"])
        } else {
            deal(&["10♥", "2♥", "3♥"], &["J♥"], &["10♠", "2♠", "3♠"], &["9♠"])
        };
        let mut s = State::arranged(g.clone(), 1, &steps, &mut seat).expect("the arrangement");
        let mut log = Recorder::default();
        let top = |s: &State, zone: &str| cards(s, zone);
        choose(&mut s, &mut log, &["10♥", "10♠"]);
        let prizes: Vec<String> =
            [BATTLE1, BATTLE2].iter().flat_map(|b| top(&s, b)[..top(&s, b).len() - 1].to_vec()).collect();
        assert!(!prizes.is_empty());
        let mut seat = SeatOne::default();
        let players = match s.to_move() {
            ToMove::Simultaneous(ps) => ps.to_vec(),
            other => panic!("{other:?}"),
        };
        for p in players {
            let want = if p == 0 {
                "J♥"
            } else if single {
                "9♣"
            } else {
                "9♠"
            };
            let a = *s.legal_actions(p).iter().find(|a| s.action_label(p, **a) == want).expect("in hand");
            s.apply_with(p, a, &mut seat).expect("legal");
        }
        let take = seat.0.iter().position(|l| l == "» player 1 takes the cards").expect("player 1 wins the war");
        for prize in &prizes {
            let shown = seat.0.iter().position(|l| *l == format!("turn {prize} face up"));
            let shown = shown.unwrap_or_else(|| panic!("{variant:?}: {prize} is shown: {:?}", seat.0));
            let moved = seat.0.iter().position(|l| l.starts_with(&format!("{prize}: battle of"))).expect("moved");
            assert!(
                take < shown && shown < moved,
                "{variant:?}: {prize} is shown after the war is won, before it moves"
            );
        }
    }
}

/// WW-7: when the game ends in the middle of a war (a play-to-all player cannot refill), the hidden
/// prizes already placed are shown too.
#[test]
fn ww_7_hidden_prizes_are_shown_when_the_game_ends_inside_a_war() {
    let g = game("wilcox_war", Some("play_to_all_single_deck"), &[]);
    let mut log = Recorder::default();
    let steps = deal_single_exact(
        [&["10♥", "5♥", "2♥"], &["10♠", "5♠", "2♠"]],
        [&["J♥", "3♦", "4♦"], &["J♠", "3♣", "4♣"]],
        [&[], &[]],
    );
    let mut s = start(&g, &steps, &mut log);
    choose(&mut s, &mut log, &["10♥", "10♠"]);
    assert_eq!(count(&s, BATTLE1), 3);
    choose(&mut s, &mut log, &["5♥", "5♠"]);
    assert!(logged(&log, "» 5♥ and 5♠ are equal: the war goes on"));
    assert!(s.is_over());
    assert!(is_draw(&s), "both draw piles are empty and nothing can refill them");
    let end = line_of(&log, "both players need a card");
    for prize in ["3♦", "4♦", "3♣", "4♣"] {
        assert!(line_of(&log, &format!("turn {prize} face up")) > end, "{prize} is shown before the game ends");
    }
    for viewer in 0..2u8 {
        let o = s.observation(viewer);
        assert!(view(&o, BATTLE1).cards.iter().all(|c| c.is_some()), "every card of the war shows");
        assert!(view(&o, BATTLE2).cards.iter().all(|c| c.is_some()));
    }
}
