//! Wild Twist War (`games/wild_twist_war.cardgame`): one scenario (or more) per ruling WTW-1..8
//! of RULINGS.md. The game has no decisions, so each scenario runs whole inside `start`; the
//! tests then read the final state and the event log.

use super::support::*;
use cardlang::engine::{ArrangeStep, Recorder, State};

const GAME: &str = "wild_twist_war";
const ARRANGED: &str = "» the table is arranged (a stacked deck)";
const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS: [&str; 4] = ["♥", "♦", "♣", "♠"];
const WILDS: [&str; 6] = ["Wild Red", "Wild Black", "Wild Heart", "Wild Diamond", "Wild Spade", "Wild Club"];

/// Every card name of the game: the 52 standard cards, then the six wilds.
fn all_cards() -> Vec<String> {
    let mut v: Vec<String> = RANKS.iter().flat_map(|r| SUITS.iter().map(move |s| format!("{r}{s}"))).collect();
    v.extend(WILDS.iter().map(|w| w.to_string()));
    v
}

/// Runs a whole game with these option settings and arrangement steps.
fn run(sets: &[(&str, &str)], steps: &[ArrangeStep]) -> (State, Recorder) {
    let g = game(GAME, None, sets);
    let mut log = Recorder::default();
    let state = start(&g, steps, &mut log);
    assert!(state.is_over(), "a game without decisions runs to its end inside `start`");
    assert_eq!(total_cards(&state), 58, "cards are conserved");
    (state, log)
}

/// The log lines of the game proper: after the deal, the arrangement marker and the
/// arrangement's own moves (which all go to a deck, score pile or the pack; no scenario here
/// starts with an empty play deck, so the first battle begins with a move to a table).
fn play_lines(log: &Recorder) -> Vec<String> {
    let i = log.lines.iter().position(|l| l == ARRANGED).expect("the table was arranged");
    let arranging = |l: &String| {
        !l.starts_with("» ") && ["-> deck of player", "-> score of player", "-> pack"].iter().any(|to| l.contains(to))
    };
    log.lines[i + 1..].iter().skip_while(|l| arranging(l)).cloned().collect()
}

/// The index of the first line equal to `line` (panics with the log when absent).
fn at(lines: &[String], line: &str) -> usize {
    lines.iter().position(|l| l == line).unwrap_or_else(|| panic!("no line `{line}` in the log:\n{}", lines.join("\n")))
}

/// Whether some line is exactly `line`.
fn has(lines: &[String], line: &str) -> bool {
    lines.iter().any(|l| l == line)
}

/// The number of lines containing `text`.
fn lines_with(lines: &[String], text: &str) -> usize {
    lines.iter().filter(|l| l.contains(text)).count()
}

/// Sorted copy, to compare pile contents regardless of order.
fn sorted(v: Vec<String>) -> Vec<String> {
    let mut v = v;
    v.sort();
    v
}

fn names(v: &[&str]) -> Vec<String> {
    sorted(v.iter().map(|c| c.to_string()).collect())
}

/// Player 1 holds exactly `p1` as their play deck (nothing else); player 2 holds every other
/// card, `p2` on top of their play deck.
fn only_p1(p1: &[&str], p2: &[&str]) -> Vec<ArrangeStep> {
    vec![move_all("deck of player 1", "deck of player 2"), top("deck of player 2", p2), top("deck of player 1", p1)]
}

/// Player 2 holds exactly `p2` as their play deck; player 1 holds every other card.
fn only_p2(p1: &[&str], p2: &[&str]) -> Vec<ArrangeStep> {
    vec![move_all("deck of player 2", "deck of player 1"), top("deck of player 1", p1), top("deck of player 2", p2)]
}

/// WTW-1: "52 standard cards + 6 wilds (58 cards). Shuffle, deal alternately, 29 each, face
/// down = play decks." With the cap at 0 no battle is played, so the state is the deal itself.
#[test]
fn wtw_1_fifty_eight_cards_dealt_alternately_29_each() {
    let g = game(GAME, None, &[("max_battles", "0")]);
    let mut log = Recorder::default();
    let s = start(&g, &[], &mut log);

    assert_eq!(total_cards(&s), 58);
    assert_eq!(count(&s, "deck of player 1"), 29);
    assert_eq!(count(&s, "deck of player 2"), 29);
    for z in ["pack", "score of player 1", "score of player 2", "table of player 1", "table of player 2"] {
        assert_eq!(count(&s, z), 0, "{z} is empty after the deal");
    }
    // Exactly the 52 standard cards and the six named wilds, each once (no "2 Wild").
    let mut dealt = cards(&s, "deck of player 1");
    dealt.extend(cards(&s, "deck of player 2"));
    assert_eq!(sorted(dealt), sorted(all_cards()));
    assert!(!log.lines.iter().any(|l| l.contains("2 Wild")));

    // The pack was shuffled, then dealt one card at a time, alternately, face down,
    // starting with player 1.
    assert!(log.lines[0].starts_with("shuffle pack (58 cards"), "first event: {}", log.lines[0]);
    let deal: Vec<&String> = log.lines.iter().filter(|l| l.contains(": pack -> ")).collect();
    assert_eq!(deal.len(), 58);
    for (i, l) in deal.iter().enumerate() {
        let to = if i % 2 == 0 { "deck of player 1" } else { "deck of player 2" };
        assert!(l.ends_with(&format!("pack -> {to} (face down)")), "deal {i}: {l}");
    }
    // The first card dealt to each player is at the bottom of their deck.
    let first = |l: &String| l.split(": pack").next().unwrap().to_string();
    assert_eq!(cards(&s, "deck of player 1").last(), Some(&first(deal[0])));
    assert_eq!(cards(&s, "deck of player 2").last(), Some(&first(deal[1])));
    assert_eq!(cards(&s, "deck of player 1")[0], first(deal[56]));
    assert_eq!(cards(&s, "deck of player 2")[0], first(deal[57]));

    assert!(is_unfinished(&s));
    assert_eq!(counter(&s, "battles"), 0);
    assert_eq!(counter(&s, "wars"), 0);
}

/// WTW-2: "Both flip their top card. Two standard cards of different rank: higher wins" — the
/// winner takes both cards into their own score pile; Aces are high.
#[test]
fn wtw_2_higher_standard_card_takes_both_cards() {
    let (s, log) = run(
        &[("max_battles", "3")],
        &[top("deck of player 1", &["K♥", "3♦", "A♣"]), top("deck of player 2", &["5♣", "4♠", "K♦"])],
    );
    let lines = play_lines(&log);
    let expected_start = [
        "K♥: deck of player 1 -> table of player 1",
        "5♣: deck of player 2 -> table of player 2",
        "» K♥ against 5♣: player 1 wins",
        "K♥: table of player 1 -> score of player 1 (face down)",
        "5♣: table of player 2 -> score of player 1 (face down)",
        "3♦: deck of player 1 -> table of player 1",
        "4♠: deck of player 2 -> table of player 2",
        "» 3♦ against 4♠: player 2 wins",
        "3♦: table of player 1 -> score of player 2 (face down)",
        "4♠: table of player 2 -> score of player 2 (face down)",
    ];
    assert_eq!(&lines[..expected_start.len()], &expected_start[..], "log:\n{}", lines.join("\n"));
    // Aces are the highest card.
    assert!(has(&lines, "» A♣ against K♦: player 1 wins"));

    assert_eq!(cards(&s, "score of player 1"), ["K♦", "A♣", "5♣", "K♥"]);
    assert_eq!(cards(&s, "score of player 2"), ["4♠", "3♦"]);
    assert_eq!(count(&s, "table of player 1") + count(&s, "table of player 2"), 0);
    assert_eq!(count(&s, "deck of player 1") + count(&s, "deck of player 2"), 52);
    assert!(!logged(&log, "tie: war"));
    assert_eq!(counter(&s, "battles"), 3);
    assert_eq!(counter(&s, "wars"), 0);
    assert!(is_unfinished(&s));
    assert_eq!(total_cards(&s), 58);
}

/// WTW-3: "A wild wins if it matches the other card's suit (Wild Red matches ♥ ♦, Wild Black ♠ ♣,
/// Wild Heart ♥ only, etc.); otherwise the standard card wins" — whatever the standard card's rank,
/// and whichever player holds the wild.
#[test]
fn wtw_3_wild_wins_on_matching_suit_and_loses_otherwise() {
    let (s, log) = run(
        &[("max_battles", "6")],
        &[
            top("deck of player 1", &["Wild Red", "Wild Heart", "Wild Black", "7♦", "Q♠", "2♥"]),
            top("deck of player 2", &["A♦", "2♦", "2♣", "Wild Diamond", "Wild Club", "Wild Spade"]),
        ],
    );
    let lines = play_lines(&log);
    let outcomes = [
        "» Wild Red against A♦: player 1 wins", // Wild Red matches ♦, even against an Ace
        "» Wild Heart against 2♦: player 2 wins", // Wild Heart matches ♥ only
        "» Wild Black against 2♣: player 1 wins", // Wild Black matches ♣
        "» 7♦ against Wild Diamond: player 2 wins", // a wild of player 2 that matches
        "» Q♠ against Wild Club: player 1 wins", // Wild Club does not match ♠
        "» 2♥ against Wild Spade: player 1 wins", // the lowest card beats a wild that does not match
    ];
    let mut last = 0;
    for o in outcomes {
        let i = at(&lines, o);
        assert!(i >= last, "`{o}` is out of order");
        last = i;
    }
    assert!(!logged(&log, "tie: war"));
    assert_eq!(
        sorted(cards(&s, "score of player 1")),
        names(&["Wild Red", "A♦", "Wild Black", "2♣", "Q♠", "Wild Club", "2♥", "Wild Spade"])
    );
    assert_eq!(sorted(cards(&s, "score of player 2")), names(&["Wild Heart", "2♦", "7♦", "Wild Diamond"]));
    assert_eq!(counter(&s, "battles"), 6);
    assert_eq!(counter(&s, "wars"), 0);
    assert!(is_unfinished(&s));

    // Wild Red loses to a ♠ card, even the lowest one.
    let (s, log) =
        run(&[("max_battles", "1")], &[top("deck of player 1", &["2♠"]), top("deck of player 2", &["Wild Red"])]);
    assert!(has(&play_lines(&log), "» 2♠ against Wild Red: player 1 wins"));
    assert_eq!(cards(&s, "score of player 1"), ["Wild Red", "2♠"]);
    assert_eq!(count(&s, "score of player 2"), 0);
    assert_eq!(total_cards(&s), 58);

    // Wild Red also beats a ♥ card; Wild Black loses to a ♦ card.
    let (s, log) = run(
        &[("max_battles", "2")],
        &[top("deck of player 1", &["K♥", "Wild Black"]), top("deck of player 2", &["Wild Red", "3♦"])],
    );
    let lines = play_lines(&log);
    assert!(has(&lines, "» K♥ against Wild Red: player 2 wins"));
    assert!(has(&lines, "» Wild Black against 3♦: player 2 wins"));
    assert_eq!(sorted(cards(&s, "score of player 2")), names(&["K♥", "Wild Red", "Wild Black", "3♦"]));
    assert_eq!(count(&s, "score of player 1"), 0);
    assert_eq!(total_cards(&s), 58);
}

/// WTW-4: "Same rank, or two wilds of any kind: war." Two different wilds tie (even when one
/// of them would match the other's colour), and so do two standard cards of equal rank.
#[test]
fn wtw_4_two_wilds_or_equal_ranks_are_a_war() {
    let (s, log) = run(
        &[("max_battles", "3")],
        &[
            top(
                "deck of player 1",
                &[
                    "Wild Red",
                    "2♣",
                    "3♣",
                    "4♣",
                    "7♥",
                    "9♣",
                    "5♣",
                    "6♣",
                    "7♣",
                    "2♦",
                    "Wild Heart",
                    "8♣",
                    "10♣",
                    "J♣",
                    "6♦",
                ],
            ),
            top(
                "deck of player 2",
                &[
                    "Wild Spade",
                    "2♠",
                    "3♠",
                    "4♠",
                    "5♥",
                    "9♠",
                    "5♠",
                    "6♠",
                    "7♠",
                    "K♠",
                    "Wild Black",
                    "8♠",
                    "10♠",
                    "J♠",
                    "4♦",
                ],
            ),
        ],
    );
    let lines = play_lines(&log);
    let i1 = at(&lines, "» Wild Red and Wild Spade tie: war");
    let o1 = at(&lines, "» 7♥ against 5♥: player 1 wins");
    let i2 = at(&lines, "» 9♣ and 9♠ tie: war");
    let o2 = at(&lines, "» 2♦ against K♠: player 2 wins");
    let i3 = at(&lines, "» Wild Heart and Wild Black tie: war");
    let o3 = at(&lines, "» 6♦ against 4♦: player 1 wins");
    assert!(i1 < o1 && o1 < i2 && i2 < o2 && o2 < i3 && i3 < o3);
    // No wild against wild was settled as a win.
    assert!(!logged(&log, "Wild Red against Wild Spade"));
    assert!(!logged(&log, "Wild Heart against Wild Black"));

    assert_eq!(
        sorted(cards(&s, "score of player 1")),
        names(&[
            "Wild Red",
            "2♣",
            "3♣",
            "4♣",
            "7♥",
            "Wild Spade",
            "2♠",
            "3♠",
            "4♠",
            "5♥",
            "Wild Heart",
            "8♣",
            "10♣",
            "J♣",
            "6♦",
            "Wild Black",
            "8♠",
            "10♠",
            "J♠",
            "4♦",
        ])
    );
    assert_eq!(
        sorted(cards(&s, "score of player 2")),
        names(&["9♣", "5♣", "6♣", "7♣", "2♦", "9♠", "5♠", "6♠", "7♠", "K♠"])
    );
    assert_eq!(counter(&s, "battles"), 3);
    assert_eq!(counter(&s, "wars"), 3);
    assert!(is_unfinished(&s));
    assert_eq!(total_cards(&s), 58);
}

/// WTW-5: "Each player puts 3 cards face down, then 1 face up; the new face-up cards are compared
/// by WTW-2..4; repeat while tied. The winner takes every card on the table into their score pile."
#[test]
fn wtw_5_war_three_down_one_up_winner_takes_all() {
    // A single war: 10 cards go to the winner.
    let (s, log) = run(
        &[("max_battles", "1")],
        &[
            top("deck of player 1", &["9♣", "2♣", "3♣", "4♣", "7♥"]),
            top("deck of player 2", &["9♠", "2♠", "3♠", "4♠", "5♥"]),
        ],
    );
    let lines = play_lines(&log);
    let expected = [
        "9♣: deck of player 1 -> table of player 1",
        "9♠: deck of player 2 -> table of player 2",
        "» 9♣ and 9♠ tie: war",
        "2♣: deck of player 1 -> table of player 1 (face down)",
        "3♣: deck of player 1 -> table of player 1 (face down)",
        "4♣: deck of player 1 -> table of player 1 (face down)",
        "7♥: deck of player 1 -> table of player 1 (face down)",
        "turn 7♥ face up",
        "2♠: deck of player 2 -> table of player 2 (face down)",
        "3♠: deck of player 2 -> table of player 2 (face down)",
        "4♠: deck of player 2 -> table of player 2 (face down)",
        "5♥: deck of player 2 -> table of player 2 (face down)",
        "turn 5♥ face up",
        "» 7♥ against 5♥: player 1 wins",
    ];
    assert_eq!(&lines[..expected.len()], &expected[..], "log:\n{}", lines.join("\n"));
    // Then all ten table cards go, face down, to player 1's score pile.
    let taken = &lines[expected.len()..expected.len() + 10];
    assert!(taken.iter().all(|l| l.ends_with("-> score of player 1 (face down)")), "{taken:?}");
    assert_eq!(lines[expected.len() + 10], "game over: unfinished");
    assert_eq!(
        sorted(cards(&s, "score of player 1")),
        names(&["9♣", "2♣", "3♣", "4♣", "7♥", "9♠", "2♠", "3♠", "4♠", "5♥"])
    );
    assert_eq!(count(&s, "score of player 2"), 0);
    assert_eq!(count(&s, "table of player 1") + count(&s, "table of player 2"), 0);
    assert_eq!(counter(&s, "battles"), 1);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(total_cards(&s), 58);

    // A war whose face-up cards tie again continues; the final comparison uses the wild rule
    // (WTW-3), and the winner takes all 18 cards. The whole war is one battle.
    let p1 = ["9♣", "2♣", "3♣", "4♣", "Q♥", "5♣", "6♣", "7♣", "3♦"];
    let p2 = ["9♠", "2♠", "3♠", "4♠", "Q♦", "5♠", "6♠", "7♠", "Wild Diamond"];
    let (s, log) = run(&[("max_battles", "1")], &[top("deck of player 1", &p1), top("deck of player 2", &p2)]);
    let lines = play_lines(&log);
    let a = at(&lines, "» 9♣ and 9♠ tie: war");
    let b = at(&lines, "» Q♥ and Q♦ tie: war");
    let c = at(&lines, "» 3♦ against Wild Diamond: player 2 wins");
    assert!(a < b && b < c);
    assert!(has(&lines, "turn Q♥ face up") && has(&lines, "turn Q♦ face up"));
    assert!(has(&lines, "turn 3♦ face up") && has(&lines, "turn Wild Diamond face up"));
    // 3 + 1 face-down placements per player per war round, two rounds.
    assert_eq!(lines_with(&lines, "deck of player 1 -> table of player 1 (face down)"), 8);
    assert_eq!(lines_with(&lines, "deck of player 2 -> table of player 2 (face down)"), 8);
    let mut all18: Vec<&str> = p1.to_vec();
    all18.extend(p2);
    assert_eq!(sorted(cards(&s, "score of player 2")), names(&all18));
    assert_eq!(count(&s, "score of player 1"), 0);
    assert_eq!(count(&s, "table of player 1") + count(&s, "table of player 2"), 0);
    assert_eq!(counter(&s, "battles"), 1);
    assert_eq!(counter(&s, "wars"), 2);
    assert!(is_unfinished(&s));
    assert_eq!(total_cards(&s), 58);
}

/// WTW-6: "A player who must take a card from an empty play deck first shuffles their score
/// pile to form a new play deck. If both are empty outside a war, that player has lost: the
/// other holds all 58 cards."
#[test]
fn wtw_6_empty_deck_reshuffles_score_pile_and_no_cards_loses() {
    // Player 1 holds only K♥. It wins battle 1; in battle 2 player 1's deck is empty, so their
    // score pile (K♥ 5♣) is shuffled into a new deck. Both cards then lose to Aces, and in
    // battle 4 player 1 has neither deck nor score pile: they lose.
    let (s, log) = run(&[], &only_p1(&["K♥"], &["5♣", "A♠", "A♣"]));
    let lines = play_lines(&log);
    let won = at(&lines, "» K♥ against 5♣: player 1 wins");
    let shuffle = lines
        .iter()
        .position(|l| l.starts_with("shuffle deck of player 1 (2 cards"))
        .unwrap_or_else(|| panic!("no reshuffle:\n{}", lines.join("\n")));
    assert!(won < shuffle);
    // The reshuffle happens only once player 1's deck is empty, and only for player 1.
    assert_eq!(lines_with(&lines, "shuffle deck of player 1"), 1);
    assert_eq!(lines_with(&lines, "shuffle deck of player 2"), 0);
    let refill_k = at(&lines, "K♥: score of player 1 -> deck of player 1 (face down)");
    let refill_5 = at(&lines, "5♣: score of player 1 -> deck of player 1 (face down)");
    assert!(won < refill_k && won < refill_5 && refill_k < shuffle && refill_5 < shuffle);
    // Battles 2 and 3: the reshuffled cards, in either order, lose to the Aces.
    assert!(has(&lines, "» K♥ against A♠: player 2 wins") || has(&lines, "» 5♣ against A♠: player 2 wins"));
    assert!(has(&lines, "» K♥ against A♣: player 2 wins") || has(&lines, "» 5♣ against A♣: player 2 wins"));
    let out = at(&lines, "» player 1 has no card left");
    assert_eq!(lines.last().unwrap(), "game over: player 2 wins");
    assert!(out > shuffle);
    assert_eq!(winners(&s), Some(vec![2]));
    // Three battles were played; player 1 is found out of cards before a fourth begins.
    assert_eq!(counter(&s, "battles"), 3);
    assert_eq!(counter(&s, "wars"), 0);
    assert_eq!(count(&s, "deck of player 2") + count(&s, "score of player 2"), 58, "player 2 holds all 58 cards");
    assert_eq!(count(&s, "deck of player 1") + count(&s, "score of player 1") + count(&s, "table of player 1"), 0);
    assert_eq!(total_cards(&s), 58);

    // The same for player 2, who holds only 3♦ and loses it. Player 2 is found out of cards
    // before the next battle begins, so no card is turned up for it.
    let (s, log) = run(&[], &only_p2(&["5♣"], &["3♦"]));
    let lines = play_lines(&log);
    let won = at(&lines, "» 5♣ against 3♦: player 1 wins");
    let out = at(&lines, "» player 2 has no card left");
    assert!(won < out);
    assert_eq!(lines.last().unwrap(), "game over: player 1 wins");
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(counter(&s, "battles"), 1);
    assert!(!logged(&log, "shuffle deck of player"));
    assert_eq!(count(&s, "table of player 1"), 0, "no card is turned up for a battle that never starts");
    assert_eq!(count(&s, "deck of player 1") + count(&s, "score of player 1"), 58, "player 1 holds all 58 cards");
    assert_eq!(count(&s, "deck of player 2") + count(&s, "score of player 2") + count(&s, "table of player 2"), 0);
    assert_eq!(total_cards(&s), 58);

    // A player whose deck runs empty while placing war cards also reshuffles their score pile
    // (they are not out of cards). Player 1's deck is 9♣ 2♣, their score pile 3♣ 4♣ 7♥.
    let steps = [
        move_all("deck of player 1", "deck of player 2"),
        top("deck of player 2", &["9♠", "2♠", "3♠", "4♠", "2♦"]),
        top("deck of player 1", &["9♣", "2♣"]),
        top("score of player 1", &["3♣", "4♣", "7♥"]),
    ];
    let (s, log) = run(&[("max_battles", "1")], &steps);
    let lines = play_lines(&log);
    let tie = at(&lines, "» 9♣ and 9♠ tie: war");
    let placed_2 = at(&lines, "2♣: deck of player 1 -> table of player 1 (face down)");
    let shuffle = lines.iter().position(|l| l.starts_with("shuffle deck of player 1 (3 cards")).expect("a reshuffle");
    assert!(tie < placed_2 && placed_2 < shuffle);
    assert_eq!(lines_with(&lines, "deck of player 1 -> table of player 1 (face down)"), 4);
    // The war card is one of 3♣ 4♣ 7♥, all above 2♦.
    assert!(lines.iter().any(|l| l.ends_with("against 2♦: player 1 wins")), "log:\n{}", lines.join("\n"));
    assert!(!logged(&log, "no card left"));
    assert_eq!(
        sorted(cards(&s, "score of player 1")),
        names(&["9♣", "2♣", "3♣", "4♣", "7♥", "9♠", "2♠", "3♠", "4♠", "2♦"])
    );
    assert_eq!(count(&s, "deck of player 1"), 0);
    assert!(is_unfinished(&s));
    assert_eq!(total_cards(&s), 58);
}

/// WTW-7: "A player who runs out of cards (play deck and score pile) during a war stops placing
/// cards: the last card they placed, face up, is their war card ... A short player whose war card
/// wins takes the war's cards and play goes on."
#[test]
fn wtw_7_short_player_last_placed_card_is_war_card_and_can_win() {
    // Player 1 holds 9♣ 2♣ A♥ only. After the tie they can place just 2♣ and A♥: A♥ is their
    // war card, it beats 2♦, and player 1 takes the 8 cards and plays on.
    let (s, log) =
        run(&[("max_battles", "2")], &only_p1(&["9♣", "2♣", "A♥"], &["9♠", "2♠", "3♠", "4♠", "2♦", "Wild Heart"]));
    let lines = play_lines(&log);
    let tie = at(&lines, "» 9♣ and 9♠ tie: war");
    let up = at(&lines, "turn A♥ face up");
    let won = at(&lines, "» A♥ against 2♦: player 1 wins");
    assert!(tie < up && up < won);
    assert_eq!(lines_with(&lines[..won], "deck of player 1 -> table of player 1 (face down)"), 2);
    assert_eq!(lines_with(&lines[..won], "deck of player 2 -> table of player 2 (face down)"), 4);
    assert!(!logged(&log, "no card left"));
    // Play goes on: battle 2 starts by reshuffling the 8 cards player 1 won.
    let again = lines.iter().position(|l| l.starts_with("shuffle deck of player 1 (8 cards")).expect("a reshuffle");
    assert!(won < again);
    assert!(
        lines.iter().any(|l| l.ends_with("against Wild Heart: player 1 wins"))
            || has(&lines, "» A♥ against Wild Heart: player 2 wins")
    );
    assert_eq!(counter(&s, "battles"), 2);
    assert_eq!(counter(&s, "wars"), 1);
    assert!(is_unfinished(&s));
    assert_eq!(count(&s, "deck of player 1") + count(&s, "score of player 1") + count(&s, "score of player 2"), 8 + 1);
    assert_eq!(total_cards(&s), 58);

    // The tied card was player 1's last card: it stays their war card (9♣ beats 5♦), they take
    // the 6 cards, and play goes on.
    let (s, log) = run(&[("max_battles", "2")], &only_p1(&["9♣"], &["9♠", "2♠", "3♠", "4♠", "5♦", "A♠"]));
    let lines = play_lines(&log);
    let won = at(&lines, "» 9♣ against 5♦: player 1 wins");
    assert!(at(&lines, "» 9♣ and 9♠ tie: war") < won);
    assert_eq!(lines_with(&lines, "deck of player 1 -> table of player 1 (face down)"), 0);
    assert!(!logged(&log, "no card left"));
    assert!(lines.iter().position(|l| l.starts_with("shuffle deck of player 1 (6 cards")).expect("a reshuffle") > won);
    assert!(lines.iter().any(|l| l.ends_with("against A♠: player 2 wins")), "log:\n{}", lines.join("\n"));
    assert_eq!(counter(&s, "battles"), 2);
    assert!(is_unfinished(&s));
    assert_eq!(count(&s, "deck of player 1") + count(&s, "score of player 1"), 5);
    assert_eq!(total_cards(&s), 58);

    // A short player whose war card loses: the opponent takes the war's cards, and the short
    // player, now out of cards, loses at the next battle (WTW-6).
    let (s, log) = run(&[], &only_p1(&["9♣", "2♣", "3♥"], &["9♠", "2♠", "3♠", "4♠", "K♣"]));
    let lines = play_lines(&log);
    let lost = at(&lines, "» 3♥ against K♣: player 2 wins");
    assert!(at(&lines, "turn 3♥ face up") < lost);
    assert!(lost < at(&lines, "» player 1 has no card left"));
    assert!(!logged(&log, "no card left for the war"));
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(counter(&s, "battles"), 1);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(count(&s, "deck of player 2") + count(&s, "score of player 2"), 58);
    assert_eq!(total_cards(&s), 58);
}

/// WTW-7: "When a war round's comparison ties and a player has no card left — because they ran
/// out while placing ... — the war ends at once and the player who still has cards wins the war
/// and the game."
#[test]
fn wtw_7_tie_after_running_out_while_placing_loses_the_game() {
    let (s, log) = run(&[], &only_p1(&["9♣", "2♣", "9♦"], &["9♠", "2♠", "3♠", "4♠", "9♥"]));
    let lines = play_lines(&log);
    let first = at(&lines, "» 9♣ and 9♠ tie: war");
    let second = at(&lines, "» 9♦ and 9♥ tie: war");
    let out = at(&lines, "» player 1 has no card left for the war");
    assert!(first < second && second < out);
    assert_eq!(lines_with(&lines, "deck of player 1 -> table of player 1 (face down)"), 2);
    // The war ends at once: no further cards are placed after the second tie.
    assert_eq!(lines_with(&lines[second..], "-> table of player"), 0);
    assert_eq!(lines.last().unwrap(), "game over: player 2 wins");
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(counter(&s, "battles"), 1);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(
        sorted(cards(&s, "score of player 2")),
        names(&["9♣", "2♣", "9♦", "9♠", "2♠", "3♠", "4♠", "9♥"]),
        "player 2 wins the war's cards"
    );
    assert_eq!(count(&s, "deck of player 2") + count(&s, "score of player 2"), 58);
    assert_eq!(total_cards(&s), 58);

    // The tied card was player 1's last: the next war card ties it again, and player 1 loses.
    let (s, log) = run(&[], &only_p1(&["9♣"], &["9♠", "2♠", "3♠", "4♠", "9♥"]));
    let lines = play_lines(&log);
    assert!(at(&lines, "» 9♣ and 9♠ tie: war") < at(&lines, "» 9♣ and 9♥ tie: war"));
    assert!(has(&lines, "» player 1 has no card left for the war"));
    assert_eq!(lines.last().unwrap(), "game over: player 2 wins");
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(count(&s, "deck of player 2") + count(&s, "score of player 2"), 58);
    assert_eq!(total_cards(&s), 58);
}

/// WTW-7: "... or because their last card was exactly the round's fourth card — the war ends at
/// once and the player who still has cards wins the war and the game." (Here player 2 is short.)
#[test]
fn wtw_7_tie_on_last_card_as_fourth_card_loses_the_game() {
    let (s, log) =
        run(&[], &only_p2(&["9♣", "2♣", "3♣", "4♣", "Wild Club", "5♣"], &["9♠", "2♠", "3♠", "4♠", "Wild Heart"]));
    let lines = play_lines(&log);
    let first = at(&lines, "» 9♣ and 9♠ tie: war");
    let second = at(&lines, "» Wild Club and Wild Heart tie: war");
    let out = at(&lines, "» player 2 has no card left for the war");
    assert!(first < second && second < out);
    assert_eq!(lines_with(&lines, "deck of player 2 -> table of player 2 (face down)"), 4);
    assert_eq!(lines_with(&lines[second..], "-> table of player"), 0, "5♣ is never placed");
    assert!(!logged(&log, "» player 1 has no card left"));
    assert_eq!(lines.last().unwrap(), "game over: player 1 wins");
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(counter(&s, "battles"), 1);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(
        sorted(cards(&s, "score of player 1")),
        names(&["9♣", "2♣", "3♣", "4♣", "Wild Club", "9♠", "2♠", "3♠", "4♠", "Wild Heart"])
    );
    assert_eq!(cards(&s, "deck of player 1")[0], "5♣");
    assert_eq!(count(&s, "deck of player 1") + count(&s, "score of player 1"), 58);
    assert_eq!(total_cards(&s), 58);
}

/// WTW-7: "If neither player has a card left and it ties, the game is a draw." All 58 cards go
/// into one war: a tie, then seven war rounds that all tie, the last one with both players'
/// last cards (1 + 7 × 4 = 29 cards each).
#[test]
fn wtw_7_both_out_on_a_tie_is_a_draw() {
    let ties1 = ["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "Wild Red"];
    let ties2 = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "Wild Black"];
    let rest: Vec<String> =
        all_cards().into_iter().filter(|c| !ties1.contains(&c.as_str()) && !ties2.contains(&c.as_str())).collect();
    assert_eq!(rest.len(), 42);
    let deck = |ties: &[&str], fill: Vec<&String>| -> Vec<String> {
        let mut d = vec![ties[0].to_string()];
        for r in 0..7 {
            d.extend(fill[r * 3..r * 3 + 3].iter().map(|c| c.to_string()));
            d.push(ties[r + 1].to_string());
        }
        d
    };
    let p1 = deck(&ties1, rest.iter().step_by(2).collect());
    let p2 = deck(&ties2, rest.iter().skip(1).step_by(2).collect());
    assert_eq!((p1.len(), p2.len()), (29, 29));
    let p1r: Vec<&str> = p1.iter().map(String::as_str).collect();
    let p2r: Vec<&str> = p2.iter().map(String::as_str).collect();

    let (s, log) = run(&[], &[top("deck of player 1", &p1r), top("deck of player 2", &p2r)]);
    let lines = play_lines(&log);
    let mut last = 0;
    for (a, b) in ties1.iter().zip(ties2) {
        let i = at(&lines, &format!("» {a} and {b} tie: war"));
        assert!(i >= last);
        last = i;
    }
    let draw = at(&lines, "» both players are out of cards: a draw");
    assert!(draw > last);
    assert!(!logged(&log, "no card left"));
    assert_eq!(lines.last().unwrap(), "game over: a draw");
    assert!(is_draw(&s));
    assert_eq!(winners(&s), None);
    assert_eq!(counter(&s, "battles"), 1);
    assert_eq!(counter(&s, "wars"), 7);
    assert_eq!(count(&s, "table of player 1"), 29);
    assert_eq!(count(&s, "table of player 2"), 29);
    assert_eq!(total_cards(&s), 58);
}

/// WTW-8: "Simulation stops a game after `max_battles` battles (default 10,000; a war counts as
/// one battle; the cap is checked before each battle) and reports it as unfinished, never as a win."
#[test]
fn wtw_8_cap_ends_the_game_unfinished() {
    // The default cap.
    let g = game(GAME, None, &[]);
    let cap = g.program.options.iter().find(|o| o.name == "max_battles").expect("the option exists");
    assert_eq!(cap.value.as_int(), Some(10_000));

    // An ordinary shuffled game stopped after 5 battles: one face-up flip per player per battle.
    let g = game(GAME, None, &[("max_battles", "5")]);
    let mut log = Recorder::default();
    let s = start(&g, &[], &mut log);
    assert!(is_unfinished(&s));
    assert_eq!(winners(&s), None);
    assert_eq!(counter(&s, "battles"), 5);
    assert_eq!(log.lines.iter().filter(|l| l.ends_with("deck of player 1 -> table of player 1")).count(), 5);
    assert_eq!(log.lines.last().unwrap(), "game over: unfinished");
    assert_eq!(total_cards(&s), 58);

    // A war counts as one battle: battle 1 is a war, battle 2 a plain battle, then the cap.
    let (s, log) = run(
        &[("max_battles", "2")],
        &[
            top("deck of player 1", &["9♣", "2♣", "3♣", "4♣", "7♥", "K♦", "A♦"]),
            top("deck of player 2", &["9♠", "2♠", "3♠", "4♠", "5♥", "Q♦", "A♠"]),
        ],
    );
    let lines = play_lines(&log);
    assert!(has(&lines, "» 7♥ against 5♥: player 1 wins"));
    assert!(has(&lines, "» K♦ against Q♦: player 1 wins"));
    assert!(!logged(&log, "A♦: deck of player 1 -> table"), "no third battle");
    assert_eq!(counter(&s, "battles"), 2);
    assert_eq!(counter(&s, "wars"), 1);
    assert_eq!(lines.last().unwrap(), "game over: unfinished");
    assert!(is_unfinished(&s));
    assert_eq!(count(&s, "score of player 1"), 12);
    assert_eq!(total_cards(&s), 58);

    // A game that is already won is not unfinished: player 1 loses their only card in the last
    // battle the cap allows; having no card left, they have lost (WTW-6) before the cap applies.
    let (s, log) = run(&[("max_battles", "1")], &only_p1(&["3♦"], &["5♣"]));
    assert!(has(&play_lines(&log), "» 3♦ against 5♣: player 2 wins"));
    assert!(logged(&log, "» player 1 has no card left"));
    assert!(!is_unfinished(&s));
    assert_eq!(winners(&s), Some(vec![2]));
    assert_eq!(counter(&s, "battles"), 1);
    assert_eq!(count(&s, "deck of player 2") + count(&s, "score of player 2"), 58);
    assert_eq!(total_cards(&s), 58);

    // A cap of 0: no battle at all.
    let (s, log) = run(&[("max_battles", "0")], &[top("deck of player 1", &["A♠"])]);
    assert_eq!(play_lines(&log), ["game over: unfinished"]);
    assert_eq!(counter(&s, "battles"), 0);
    assert!(is_unfinished(&s));
    assert_eq!(total_cards(&s), 58);
}
