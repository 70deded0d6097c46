//! Scenario tests for Hanabi (`games/hanabi.cardgame`), one or more per rule HN-1 ... HN-11 of
//! docs/games/hanabi.md (each test's name starts with its id). Each stacks the deal, makes the
//! players' choices by their labels, and checks what is offered, said and held.
//!
//! A hand is written by its places, place 1 (the bottom, the newest card, the first a view lists)
//! first: "R1 Y2 R2 B4 R5".
//! A move is chosen by its label: "tell player 2 their red cards", "tell player 2 their 3s",
//! "play card 3", "discard card 1".

use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{ArrangeStep, Event, EventSink, Recorder, State};

use super::support::*;

const GAME: &str = "hanabi";

/// The top of the stock that deals these hands (each written place 1 first) and then gives
/// `draws`, top first: cards go one at a time from player 1, each on top of the hand, so a
/// player's first card dealt lies at the bottom, place 1.
fn stock(hands: &[&str], draws: &[&str]) -> Vec<String> {
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    let size = hands[0].len();
    let mut out = Vec::new();
    for round in 0..size {
        for h in &hands {
            assert_eq!(h.len(), size, "every hand has {size} cards");
            out.push(h[round].to_string());
        }
    }
    out.extend(draws.iter().map(|d| d.to_string()));
    out
}

/// A player's hand by places, place 1 (the bottom) first.
fn hand(state: &State, p: u8) -> Vec<String> {
    let mut cards = cards(state, &format!("hand of player {p}"));
    cards.reverse();
    cards
}

/// Two players: player 1 holds R1 Y2 R2 B4 R5, player 2 holds G1 Y2 R3 W4 G5 (place 1 first).
const ONE: &str = "R1 Y2 R2 B4 R5";
const TWO: &str = "G1 Y2 R3 W4 G5";

/// A game of `seats` players (`None`: two) with these hands and draws, and more `steps` after.
fn begin(
    seats: Option<u8>,
    variant: Option<&str>,
    hands: &[&str],
    draws: &[&str],
    steps: &[ArrangeStep],
) -> (State, Recorder) {
    let g = game_seated(GAME, variant, &[], seats);
    let mut log = Recorder::default();
    let order = stock(hands, draws);
    let names: Vec<&str> = order.iter().map(String::as_str).collect();
    let mut all = vec![top("stock", &names)];
    all.extend(steps.iter().cloned());
    let s = start(&g, &all, &mut log);
    (s, log)
}

fn two() -> (State, Recorder) {
    begin(None, None, &[ONE, TWO], &["W1", "B1", "Y1"], &[])
}

/// The announcements of the log, without the `» `.
fn said(log: &Recorder) -> Vec<String> {
    log.lines.iter().filter_map(|l| l.strip_prefix("» ")).map(String::from).collect()
}

/// How many cards of each name a list holds, sorted by name.
fn tally(names: &[String]) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for n in names {
        match out.iter_mut().find(|(m, _)| m == n) {
            Some((_, k)) => *k += 1,
            None => out.push((n.clone(), 1)),
        }
    }
    out.sort();
    out
}

#[test]
fn hn_1_fifty_cards_three_ones_two_of_each_middle_number_and_one_five_per_colour() {
    let (s, _) = two();
    assert_eq!(total_cards(&s), 50);
    let mut every = Vec::new();
    for z in ["stock", "hand of player 1", "hand of player 2", "discard"] {
        every.extend(cards(&s, z));
    }
    let counts = tally(&every);
    assert_eq!(counts.len(), 25, "five colours of five numbers: {counts:?}");
    for (name, k) in counts {
        let want = match &name[1..] {
            "1" => 3,
            "5" => 1,
            _ => 2,
        };
        assert_eq!(k, want, "{name}");
        assert!("RYGBW".contains(&name[..1]), "{name}");
    }
}

#[test]
fn hn_2_five_cards_each_with_two_or_three_players_four_with_four_or_five_and_player_1_begins() {
    for (seats, size) in [(2u8, 5usize), (3, 5), (4, 4), (5, 4)] {
        let g = game_seated(GAME, None, &[], Some(seats));
        let mut log = Recorder::default();
        let s = start(&g, &[], &mut log);
        for p in 1..=seats {
            assert_eq!(count(&s, &format!("hand of player {p}")), size, "{seats} players");
        }
        assert_eq!(count(&s, "stock"), 50 - size * seats as usize);
        assert_eq!(mover(&s), 1);
    }
}

#[test]
fn hn_3_a_hand_is_held_facing_out_and_a_drawn_card_takes_place_1() {
    let (mut s, mut log) = two();
    assert_eq!(hand(&s, 1), ONE.split(' ').collect::<Vec<_>>(), "place 1 is the bottom");
    let hand1 = zone(&s, "hand of player 1") as usize;
    let hand2 = zone(&s, "hand of player 2") as usize;
    let own = s.observation(0);
    assert!(own.zones[hand1].cards.iter().all(Option::is_none), "player 1 does not see their own cards");
    assert!(own.zones[hand2].cards.iter().all(Option::is_some), "player 1 sees player 2's cards");
    // Player 1's own cards are offered by their places, never by their names.
    let labels = offered_now(&s);
    for k in 1..=5 {
        assert!(labels.contains(&format!("play card {k}")), "{labels:?}");
    }
    assert!(labels.iter().all(|l| !ONE.split(' ').any(|c| l.contains(c))), "{labels:?}");
    say(&mut s, &mut log, "play card 3");
    // R2 does not fit (the red firework is empty); W1 is drawn to place 1, the others move down.
    assert_eq!(hand(&s, 1), ["W1", "R1", "Y2", "B4", "R5"]);
}

#[test]
fn hn_4_a_clue_costs_a_token_and_none_is_given_without_one() {
    let (mut s, mut log) = two();
    assert_eq!(counter(&s, "clues"), 8);
    for k in 0..8 {
        let label = if k % 2 == 0 { "tell player 2 their 1s" } else { "tell player 1 their red cards" };
        say(&mut s, &mut log, label);
        assert_eq!(counter(&s, "clues"), 7 - k);
    }
    let labels = offered_now(&s);
    assert!(labels.iter().all(|l| !l.starts_with("tell")), "no token, no clue: {labels:?}");
    assert!(labels.contains(&"discard card 1".to_string()) && labels.contains(&"play card 1".to_string()));
}

#[test]
fn hn_5_a_clue_names_a_colour_or_a_number_another_player_holds_and_every_place_of_it() {
    let (mut s, mut log) = two();
    let clues: Vec<String> = offered_now(&s).into_iter().filter(|l| l.starts_with("tell")).collect();
    // Player 2 holds G1 Y2 R3 W4 G5: green, yellow, red, white; 1, 2, 3, 4, 5. Never player 1.
    assert_eq!(
        sorted_labels(&clues.iter().map(String::as_str).collect::<Vec<_>>()),
        sorted_labels(&[
            "tell player 2 their red cards",
            "tell player 2 their yellow cards",
            "tell player 2 their green cards",
            "tell player 2 their white cards",
            "tell player 2 their 1s",
            "tell player 2 their 2s",
            "tell player 2 their 3s",
            "tell player 2 their 4s",
            "tell player 2 their 5s",
        ])
    );
    say(&mut s, &mut log, "tell player 2 their green cards");
    assert!(said(&log).contains(&"player 1 tells player 2: green at places 1 5".to_string()), "{:?}", said(&log));
    // Player 1 holds R1 Y2 R2 B4 R5: no green, white or 3 can be named to them.
    let offered = offered_now(&s);
    for missing in ["tell player 1 their green cards", "tell player 1 their white cards", "tell player 1 their 3s"] {
        assert!(!offered.contains(&missing.to_string()), "{missing}: {offered:?}");
    }
    say(&mut s, &mut log, "tell player 1 their red cards");
    say(&mut s, &mut log, "tell player 2 their 4s");
    let lines = said(&log);
    assert!(lines.contains(&"player 2 tells player 1: red at places 1 3 5".to_string()), "{lines:?}");
    assert!(lines.contains(&"player 1 tells player 2: 4s at place 4".to_string()), "{lines:?}");
    assert_eq!(counter(&s, "clues"), 5);
}

#[test]
fn hn_6_a_discard_takes_back_a_token_and_is_not_allowed_with_all_eight() {
    let (mut s, mut log) = two();
    assert!(!offered_now(&s).iter().any(|l| l.starts_with("discard")), "eight tokens: no discard");
    say(&mut s, &mut log, "tell player 2 their green cards");
    assert_eq!(counter(&s, "clues"), 7);
    say(&mut s, &mut log, "discard card 2");
    assert_eq!(counter(&s, "clues"), 8);
    assert_eq!(cards(&s, "discard"), ["Y2"]);
    assert!(said(&log).contains(&"player 2 discards Y2 and takes back a clue (8)".to_string()));
    assert_eq!(hand(&s, 2), ["W1", "G1", "R3", "W4", "G5"], "a card is drawn to place 1");
}

#[test]
fn hn_7_a_card_that_fits_climbs_its_firework_one_that_does_not_burns_a_fuse() {
    let (mut s, mut log) = two();
    say(&mut s, &mut log, "play card 1");
    assert_eq!(cards(&s, "firework of R"), ["R1"]);
    say(&mut s, &mut log, "play card 3");
    assert_eq!(cards(&s, "firework of R"), ["R1"], "R3 does not fit on R1");
    assert_eq!(cards(&s, "discard"), ["R3"]);
    assert_eq!(counter(&s, "fuses"), 2);
    // Player 1 now holds W1 Y2 R2 B4 R5: R2 fits on R1.
    say(&mut s, &mut log, "play card 3");
    assert_eq!(cards(&s, "firework of R"), ["R2", "R1"]);
    assert_eq!(counter(&s, "score"), 2);
    let lines = said(&log);
    assert!(lines.contains(&"player 1 plays R1".to_string()), "{lines:?}");
    assert!(lines.contains(&"player 2 plays R3, which does not fit: a fuse burns (2 left)".to_string()), "{lines:?}");
}

#[test]
fn hn_7_a_five_completing_a_firework_takes_back_a_token_unless_all_eight_are_there() {
    let built = [top("firework of R", &["R4", "R3", "R2", "R1"])];
    let (mut s, mut log) = begin(None, None, &["R5 Y2 B2 B4 Y1", TWO], &["W1", "B1", "Y1"], &built);
    say(&mut s, &mut log, "tell player 2 their 1s");
    say(&mut s, &mut log, "tell player 1 their 5s");
    assert_eq!(counter(&s, "clues"), 6);
    say(&mut s, &mut log, "play card 1");
    assert_eq!(cards(&s, "firework of R"), ["R5", "R4", "R3", "R2", "R1"]);
    assert_eq!(counter(&s, "clues"), 7);
    assert_eq!(counter(&s, "score"), 5);
    assert!(said(&log).contains(&"player 1 plays R5, completing the red firework: a clue comes back (7)".to_string()));

    // With all eight tokens on the table, the 5 brings none back.
    let (mut s, mut log) = begin(None, None, &["R5 Y2 B2 B4 Y1", TWO], &["W1", "B1", "Y1"], &built);
    say(&mut s, &mut log, "play card 1");
    assert_eq!(counter(&s, "clues"), 8);
    assert!(said(&log).contains(&"player 1 plays R5".to_string()));
}

#[test]
fn hn_8_a_card_played_or_discarded_is_replaced_while_the_stock_lasts() {
    // Only the ten cards dealt and one more lie in the stock.
    let short = [move_all("stock", "discard")];
    let g = game_seated(GAME, None, &[], None);
    let mut log = Recorder::default();
    let order = stock(&[ONE, TWO], &["W1"]);
    let names: Vec<&str> = order.iter().map(String::as_str).collect();
    let mut s = start(&g, &[short[0].clone(), top("stock", &names)], &mut log);
    assert_eq!(count(&s, "stock"), 1);
    say(&mut s, &mut log, "play card 1");
    assert_eq!(hand(&s, 1)[0], "W1", "the last card is drawn");
    assert_eq!(count(&s, "stock"), 0);
    say(&mut s, &mut log, "tell player 1 their 1s");
    say(&mut s, &mut log, "discard card 1");
    assert_eq!(count(&s, "hand of player 1"), 4, "nothing left to draw");
}

#[test]
fn hn_9_the_third_fuse_ends_the_game_at_once_scoring_0() {
    let (mut s, mut log) = two();
    say(&mut s, &mut log, "play card 1");
    assert_eq!(counter(&s, "score"), 1);
    for _ in 0..3 {
        // Player 2's W4, player 1's B4, player 2's R3 (on R1): none fits.
        say(&mut s, &mut log, "play card 4");
    }
    assert!(s.is_over());
    assert_eq!(counter(&s, "fuses"), 0);
    assert_eq!(counter(&s, "score"), 0, "the common rules: the show is a failure");
    assert!(said(&log).contains(&"the third fuse burns: the show is over, scoring 0".to_string()));
    assert_eq!(count(&s, "hand of player 2"), 4, "no card is drawn after the third fuse");
}

#[test]
fn hn_9_with_count_on_burnout_the_fireworks_built_still_count() {
    let (mut s, mut log) = begin(None, Some("count_on_burnout"), &[ONE, TWO], &["W1", "B1", "Y1"], &[]);
    say(&mut s, &mut log, "play card 1");
    for _ in 0..3 {
        say(&mut s, &mut log, "play card 4");
    }
    assert!(s.is_over());
    assert_eq!(counter(&s, "score"), 1);
}

#[test]
fn hn_9_every_firework_complete_ends_the_game_at_25() {
    let built = [
        top("firework of R", &["R5", "R4", "R3", "R2", "R1"]),
        top("firework of Y", &["Y5", "Y4", "Y3", "Y2", "Y1"]),
        top("firework of G", &["G5", "G4", "G3", "G2", "G1"]),
        top("firework of B", &["B5", "B4", "B3", "B2", "B1"]),
        top("firework of W", &["W4", "W3", "W2", "W1"]),
    ];
    let (mut s, mut log) = begin(None, None, &["W5 Y1 R1 B1 G1", "R1 Y1 G1 B1 W1"], &["W1", "R2"], &built);
    say(&mut s, &mut log, "play card 1");
    assert!(s.is_over());
    assert_eq!(counter(&s, "score"), 25);
    assert!(is_draw(&s), "everyone shares the result");
    assert!(said(&log).contains(&"every firework is complete: a perfect 25".to_string()));
}

#[test]
fn hn_9_once_the_stock_is_empty_everyone_plays_one_more_turn() {
    for seats in [2u8, 3] {
        let hands = ["R1 Y2 R2 B4 R5", "G1 Y2 R3 W4 G5", "B1 Y3 W2 G2 B2"];
        let hands = &hands[..seats as usize];
        let g = game_seated(GAME, None, &[], Some(seats));
        let mut log = Recorder::default();
        let order = stock(hands, &["W1"]);
        let names: Vec<&str> = order.iter().map(String::as_str).collect();
        let mut s = start(&g, &[move_all("stock", "discard"), top("stock", &names)], &mut log);
        // Player 1 plays R1 and draws the last card.
        say(&mut s, &mut log, "play card 1");
        assert_eq!(count(&s, "stock"), 0);
        assert!(said(&log).contains(&"the stock is empty: everyone has one more turn".to_string()));
        for turn in 0..seats {
            assert!(!s.is_over(), "{seats} players: turn {turn} of the last round");
            let first = offered_now(&s).into_iter().find(|l| l.starts_with("tell")).expect("a clue");
            say(&mut s, &mut log, &first);
        }
        assert!(s.is_over(), "{seats} players: the one who drew the last card has played once more");
        assert_eq!(counter(&s, "turns"), 1 + seats as i64);
        assert_eq!(counter(&s, "score"), 1);
        assert!(said(&log).contains(&"the last round is over: the fireworks score 1".to_string()));
    }
}

#[test]
fn hn_10_the_score_is_the_fireworks_total_and_everyone_shares_it() {
    let (mut s, mut log) = two();
    say(&mut s, &mut log, "play card 1"); // player 1's R1; W1 is drawn to place 1
    say(&mut s, &mut log, "play card 1"); // player 2's G1
    say(&mut s, &mut log, "play card 3"); // player 1's R2, on R1
    assert_eq!(counter(&s, "score"), 3);
    let total: usize = ["R", "Y", "G", "B", "W"].iter().map(|c| count(&s, &format!("firework of {c}"))).sum();
    assert_eq!(counter(&s, "score") as usize, total);
    // One counter for the whole table: nobody's score is their own.
    assert!(s.counter("score").is_some_and(|v| v.len() == 1));
}

/// What one seat is told, line by line.
struct Seat(u8, Vec<String>);

impl EventSink for Seat {
    fn event(&mut self, state: &State, event: Event<'_>) {
        self.1.extend(describe_for(state, Viewer::Player(self.0), &event));
    }
}

#[test]
fn hn_11_a_clue_tells_the_receiver_its_places_and_never_names_their_cards() {
    let g = game_seated(GAME, None, &[], None);
    let order = stock(&[ONE, TWO], &["W1", "B1", "Y1"]);
    let names: Vec<&str> = order.iter().map(String::as_str).collect();
    let mut seat2 = Seat(1, Vec::new());
    let mut s = State::arranged(g, 1, &[top("stock", &names)], &mut seat2).expect("the arrangement names real cards");
    for label in ["tell player 2 their green cards", "tell player 1 their red cards", "tell player 2 their 5s"] {
        let legal = s.legal_actions(mover(&s) - 1);
        let a = *legal.iter().find(|a| s.action_label(mover(&s) - 1, **a) == label).expect("offered");
        let p = mover(&s) - 1;
        s.apply_with(p, a, &mut seat2).expect("legal");
    }
    let lines = &seat2.1;
    assert!(lines.contains(&"» player 1 tells player 2: green at places 1 5".to_string()), "{lines:?}");
    assert!(lines.contains(&"» player 1 tells player 2: 5s at place 5".to_string()), "{lines:?}");
    // G1 Y2 R3 W4 G5: none is ever named to player 2 (W4 and G5 have no twin in player 1's hand).
    for own in ["G1", "R3", "W4", "G5"] {
        assert!(lines.iter().all(|l| !l.contains(own)), "player 2 was told {own}: {lines:?}");
    }
    // They see player 1's hand dealt.
    assert!(lines.iter().any(|l| l.starts_with("R5: stock -> hand of player 1")), "{lines:?}");
}

#[test]
fn hn_5_with_four_cards_a_clue_names_only_the_places_the_hand_has() {
    let hands = ["R1 Y2 R2 B4", "G1 Y2 R3 W4", "B1 Y3 W2 G2", "B2 W1 Y4 G3"];
    let (mut s, mut log) = begin(Some(4), None, &hands, &["W1"], &[]);
    say(&mut s, &mut log, "tell player 2 their 2s");
    say(&mut s, &mut log, "tell player 1 their blue cards");
    let lines = said(&log);
    assert!(lines.contains(&"player 1 tells player 2: 2s at place 2".to_string()), "{lines:?}");
    assert!(lines.contains(&"player 2 tells player 1: blue at place 4".to_string()), "{lines:?}");
}
