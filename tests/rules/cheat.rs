//! Scenario tests for Cheat (`games/cheat.cardgame`), one or more per decision CH-1 ... CH-10 of
//! docs/games/cheat.md (each test's name starts with its id). Each stacks the deal, makes the
//! players' choices by their labels, and checks the table.
//!
//! Every card is dealt, one at a time from player 1; player 1 plays first, and play goes left.
//! A turn is one choice of a set of one to four cards ("9♣ + K♦", offered card by card, then
//! "done", when the hand is too big to list its sets); then each other player from the left
//! answers "believe" or "doubt".

use cardlang::check::{self, Config};
use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{ArrangeStep, Event, EventSink, Recorder, State};

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

/// The player whose turn it is puts these cards down as one set: named whole ("9♣ + K♦", in any
/// order), or, when the engine offers the set card by card, each card and then "done" unless the
/// set can take no more.
fn put_down(state: &mut State, log: &mut Recorder, cards_down: &[&str]) {
    let p = mover(state);
    if !state.offered_card_by_card() {
        say_set(state, log, &cards_down.join(" + "));
        return;
    }
    for c in cards_down {
        assert_eq!(mover(state), p);
        say(state, log, c);
    }
    if state.offered_card_by_card() {
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

/// Everything a choice shows: the lines of an onlooker (who sees every card) and of one seat
/// (`viewer`, from 1), as `cardlang play` shows them to that seat.
struct Seen {
    viewer: u8,
    all: Vec<String>,
    seat: Vec<String>,
}

impl EventSink for Seen {
    fn event(&mut self, state: &State, event: Event<'_>) {
        self.all.push(state.describe(&event));
        self.seat.extend(describe_for(state, Viewer::Player(self.viewer - 1), &event));
    }
}

/// The player to move chooses `label`; returns what an onlooker and seat `viewer` are shown.
fn say_seen(state: &mut State, label: &str, viewer: u8) -> Seen {
    let p = mover(state) - 1;
    let legal = state.legal_actions(p);
    let a = *legal
        .iter()
        .find(|a| state.action_label(p, **a) == label)
        .unwrap_or_else(|| panic!("`{label}` is not offered; the choices are {:?}", offered_now(state)));
    let mut seen = Seen { viewer, all: Vec::new(), seat: Vec::new() };
    state.apply_with(p, a, &mut seen).expect("a legal action is accepted");
    seen
}

/// CH-3: a turn puts down one to four cards of any ranks, as one choice: every set of one to
/// four cards of the hand is offered (at six seats, from 9 cards, 9 + 36 + 84 + 126 = 255 sets),
/// none empty and none of five. The others are told how many cards went down, not which.
#[test]
fn ch_3_a_player_puts_down_one_to_four_cards_as_one_choice() {
    let hands: [&[&str]; 6] = [&["9♣", "K♦", "2♠", "7♥", "5♣"], &["2♥"], &["3♥"], &[], &[], &[]];
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &hands, short: false });
    assert_eq!(count(&s, "hand of player 1"), 9);
    assert!(!s.offered_card_by_card());
    let sets = offered_now(&s);
    assert_eq!(sets.len(), 255);
    let size = |l: &String| l.split(" + ").count();
    for k in 1..=4 {
        let want = [9, 36, 84, 126][k - 1];
        assert_eq!(sets.iter().filter(|l| size(l) == k).count(), want, "sets of {k}");
    }
    assert!(!sets.iter().any(|l| l == "done" || l.is_empty()));
    assert!(sets.iter().any(|l| set_of(l) == set_of("9♣ + K♦ + 2♠ + 7♥")));
    // Four cards, named in any order: they go down face down, and the others are asked at once.
    let label = sets.iter().find(|l| set_of(l) == set_of("7♥ + 2♠ + K♦ + 9♣")).expect("the set").clone();
    let seen = say_seen(&mut s, &label, 2);
    assert_eq!(mover(&s), 2);
    assert_eq!(offered_now(&s), ["believe", "doubt"]);
    assert_eq!(
        sorted_labels(&cards(&s, "played").iter().map(String::as_str).collect::<Vec<_>>()),
        sorted_labels(&["9♣", "K♦", "2♠", "7♥"])
    );
    assert_eq!(count(&s, "hand of player 1"), 5);
    assert!(seen.all.contains(&format!("player 1 chooses {label}")), "{:?}", seen.all);
    assert!(seen.all.contains(&"» player 1 puts down 4 cards, claiming 4 × A".to_string()));
    // Player 2 is told that four cards went down, never which.
    assert_eq!(seen.seat[0], "player 1 chooses a card + a card + a card + a card");
    assert_eq!(seen.seat.iter().filter(|l| *l == "a card: hand of player 1 -> played").count(), 4, "{:?}", seen.seat);
    for c in ["9♣", "K♦", "2♠", "7♥"] {
        assert!(!seen.seat.iter().any(|l| l.contains(c)), "player 2 is shown {c}: {:?}", seen.seat);
    }
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe"), (4, "believe"), (5, "believe"), (6, "believe")]);
    // One card is a set too.
    put_down(&mut s, &mut log, &["2♥"]);
    assert!(logged(&log, "player 2 chooses 2♥"));
    assert!(logged(&log, "» player 2 puts down 1 card, claiming 1 × 2"));
    assert_eq!(count(&s, "played"), 1);
}

/// CH-3 with a big hand: a player who took a pile of 20 holds 30 cards, whose sets of one to four
/// are too many to list (31,930), so the engine offers the same choice a card at a time, in any
/// order: "done" once a card is picked, nothing moved or told until the set is whole, and a
/// fourth card makes it whole by itself. The set is then reported as one choice.
#[test]
fn ch_3_a_big_hand_chooses_its_set_card_by_card() {
    let hands: [&[&str]; 3] = [
        &["K♣", "Q♣", "J♣", "10♣", "9♣", "8♣", "7♣", "6♣"],
        &["K♦", "Q♦", "J♦", "10♦", "5♥", "5♦", "5♣", "5♠"],
        &["K♥", "Q♥", "J♥", "10♥", "9♥"],
    ];
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &hands, short: false });
    // Four believed turns of four cards, then player 2's four true 5s, doubted by player 1.
    put_down(&mut s, &mut log, &["K♣", "Q♣", "J♣", "10♣"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    put_down(&mut s, &mut log, &["K♦", "Q♦", "J♦", "10♦"]);
    answers(&mut s, &mut log, &[(3, "believe"), (1, "believe")]);
    put_down(&mut s, &mut log, &["K♥", "Q♥", "J♥", "10♥"]);
    answers(&mut s, &mut log, &[(1, "believe"), (2, "believe")]);
    put_down(&mut s, &mut log, &["9♣", "8♣", "7♣", "6♣"]);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    put_down(&mut s, &mut log, &["5♥", "5♦", "5♣", "5♠"]);
    answers(&mut s, &mut log, &[(3, "believe"), (1, "doubt")]);
    assert!(logged(&log, "» the claim was true: player 1 takes the pile of 20 cards"));
    assert_eq!(count(&s, "hand of player 1"), 30);
    put_down(&mut s, &mut log, &["9♥"]);
    answers(&mut s, &mut log, &[(1, "believe"), (2, "believe")]);

    // Turn 7, player 1 with 30 cards: a first card from the whole hand, no "done" yet.
    assert_eq!(mover(&s), 1);
    assert!(s.offered_card_by_card());
    assert_eq!(sorted_labels(&offered_now(&s).iter().map(String::as_str).collect::<Vec<_>>()), hand(&s, 1));
    // Picked out of the hand's order; nothing moves and the others are told nothing yet.
    for (i, c) in ["5♠", "K♣", "8♣"].iter().enumerate() {
        let seen = say_seen(&mut s, c, 2);
        assert!(seen.seat.is_empty(), "player 2 is told of a pick: {:?}", seen.seat);
        assert_eq!(count(&s, "played"), 0);
        let now = offered_now(&s);
        assert_eq!(now.len(), 30 - i - 1 + 1, "the cards left and done");
        assert_eq!(now.last().map(String::as_str), Some("done"));
        assert!(!now.iter().any(|l| l == c));
    }
    let seen = say_seen(&mut s, "done", 2);
    let chosen = seen.all.iter().find(|l| l.starts_with("player 1 chooses ")).expect("the set is reported");
    assert_eq!(set_of(&chosen["player 1 chooses ".len()..]), set_of("5♠ + K♣ + 8♣"), "{chosen}");
    assert_eq!(seen.seat[0], "player 1 chooses a card + a card + a card");
    assert!(seen.seat.iter().all(|l| !["5♠", "K♣", "8♣"].iter().any(|c| l.contains(c))), "{:?}", seen.seat);
    assert!(seen.all.contains(&"» player 1 puts down 3 cards, claiming 3 × 7".to_string()));
    assert_eq!(count(&s, "played"), 3);
    assert_eq!(count(&s, "hand of player 1"), 27);
    answers(&mut s, &mut log, &[(2, "believe"), (3, "believe")]);
    for (others, _) in [([3, 1], 2), ([1, 2], 3)] {
        let first = offered_now(&s)[0].clone();
        put_down(&mut s, &mut log, &[&first]);
        answers(&mut s, &mut log, &[(others[0], "believe"), (others[1], "believe")]);
    }

    // Turn 10, 27 cards (20,475 sets): still card by card; the fourth card needs no "done".
    assert!(s.offered_card_by_card());
    for c in ["5♥", "Q♣", "5♦"] {
        say(&mut s, &mut log, c);
    }
    assert!(offers(&s, "done"));
    say(&mut s, &mut log, "5♣");
    assert!(!s.offered_card_by_card());
    assert_eq!(mover(&s), 2);
    assert_eq!(offered_now(&s), ["believe", "doubt"]);
    assert!(log.lines.iter().any(|l| l.starts_with("player 1 chooses ")
        && set_of(&l["player 1 chooses ".len()..]) == set_of("5♥ + Q♣ + 5♦ + 5♣")));
    assert!(logged(&log, "» player 1 puts down 4 cards, claiming 4 × 10"));
    assert_eq!(count(&s, "hand of player 1"), 23);
}

/// CH-1 and the seats: 3 to 8 players. At eight, the 52 cards go four to each of the first
/// four seats 7 and the others 6; nine players, or two, are refused with the range.
#[test]
fn ch_1_eight_players_are_dealt_and_nine_or_two_refused() {
    let eight: [&[&str]; 8] = [&["A♥"], &["2♥"], &["3♥"], &["4♥"], &["5♥"], &["6♥"], &["7♥"], &["8♥"]];
    let (mut s, mut log) = start_with(None, &[], &Deal { hands: &eight, short: false });
    let counts: Vec<usize> = (1..=8).map(|p| count(&s, &format!("hand of player {p}"))).collect();
    assert_eq!(counts, [7, 7, 7, 7, 6, 6, 6, 6]);
    assert_eq!(count(&s, "stock"), 0);
    assert!(logged(&log, "» every card is dealt: 8 players, the first to play is player 1"));
    // Play goes round all eight, and the eighth seat is asked last of player 1's.
    put_down(&mut s, &mut log, &["A♥"]);
    answers(
        &mut s,
        &mut log,
        &[(2, "believe"), (3, "believe"), (4, "believe"), (5, "believe"), (6, "believe"), (7, "believe"), (8, "doubt")],
    );
    assert!(logged(&log, "» the claim was true: player 8 takes the pile of 1 card"));
    assert_eq!(mover(&s), 2);

    let path = format!("{}/games/{GAME}.cardgame", env!("CARGO_MANIFEST_DIR"));
    let file = cardlang::syntax::parse(&std::fs::read_to_string(&path).expect("the game file")).expect("parses");
    for n in [2, 9] {
        let err = check::check(&file, &Config { seats: Some(n), ..Config::default() }).expect_err("refused");
        let said: Vec<String> = err.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(said, [format!("this game is for 3 to 8 players, not {n}")]);
    }
    for n in 3..=8 {
        assert!(check::check(&file, &Config { seats: Some(n), ..Config::default() }).is_ok(), "{n} players");
    }
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
    // The hand is empty, and the others answer.
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

/// What each seat is shown of a whole game, checked as it goes: a seat is named a card only
/// when it comes from or goes to their own hand, when they choose it, or when a doubt shows it.
struct Seats {
    violations: Vec<String>,
    lines: usize,
}

impl EventSink for Seats {
    fn event(&mut self, state: &State, event: Event<'_>) {
        let zones = &state.game().program.zones;
        for v in 0..state.game().players() {
            let Some(line) = describe_for(state, Viewer::Player(v), &event) else { continue };
            self.lines += 1;
            let own = format!("hand of player {}", v + 1);
            let may_name = match &event {
                Event::Move { from, to, .. } => zones[*from as usize].name == own || zones[*to as usize].name == own,
                Event::Choice { player, .. } | Event::Picked { player, .. } => *player == Some(v),
                Event::Reveal { .. } => true,
                _ => false,
            };
            if !may_name && STANDARD_52.iter().any(|c| line.contains(c)) {
                self.violations.push(format!("player {} is shown `{line}`", v + 1));
            }
        }
    }
}

impl cardlang::agents::Watcher for Seats {
    fn decision(&mut self, _: &State, _: &cardlang::agents::Decision) {}
}

/// CH-3 and CH-5 to CH-7, in the games of the transcript snapshots (3 seats seed 1, 5 seats seed
/// 2, 8 seats seed 8): the cards a player puts down, as one set or card by card, are never
/// named to the others ("a card + a card"), nor are the pile's, unless a doubt shows them; only
/// the player who takes the pile is told its cards.
#[test]
fn ch_3_the_cards_put_down_are_named_to_nobody_else_until_shown() {
    use cardlang::load::load_game;
    use cardlang::session::transcript::{run, TranscriptSpec};
    for (seats, seed) in [(3u8, 1u64), (5, 2), (8, 8)] {
        let path = format!("{}/games/{GAME}.cardgame", env!("CARGO_MANIFEST_DIR"));
        let game = load_game(&path, &Config { seats: Some(seats), ..Config::default() }).expect("the game checks");
        let players = vec!["random".to_string(); seats as usize];
        let mut seen = Seats { violations: Vec::new(), lines: 0 };
        let state = run(&TranscriptSpec { game, seed, players: &players }, &mut seen).expect("the players finish");
        assert!(state.is_over());
        assert!(seen.lines > 1000, "{seats} seats: {} lines", seen.lines);
        assert!(
            seen.violations.is_empty(),
            "{seats} seats, seed {seed}: {:?}",
            &seen.violations[..5.min(seen.violations.len())]
        );
    }
}
