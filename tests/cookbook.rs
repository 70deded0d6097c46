//! docs/cookbook.md: every ```cardgame block is a complete game that parses, checks, lints clean,
//! is laid out as `cardlang fmt` writes it, and plays to an end with random players at every
//! count of seats it allows. Where a snippet's behaviour is its point (follow suit offers only the
//! led suit, a passed card reaches the neighbour, ...), a stacked deal shows it.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::rng::Rng;
use cardlang::engine::{ArrangeStep, Game, NoEvents, Result as GameResult, State, ToMove};

/// The ```cardgame blocks of docs/cookbook.md, each with the line it starts on.
pub(crate) fn snippets() -> Vec<(usize, String)> {
    let path = format!("{}/docs/cookbook.md", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("docs/cookbook.md is readable");
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim_end() == "```cardgame" => current = Some((i + 2, String::new())),
            None => assert!(!line.starts_with("```cardgame"), "line {}: a block is ```cardgame alone", i + 1),
            Some(_) if line.trim_end() == "```" => out.extend(current.take()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    assert!(current.is_none(), "the last ```cardgame block is closed");
    out
}

/// The snippet whose `game "..."` line has this title.
fn snippet(title: &str) -> String {
    let line = format!("game \"{title}\"");
    let found: Vec<String> =
        snippets().into_iter().map(|(_, s)| s).filter(|s| s.lines().any(|l| l.trim() == line)).collect();
    assert_eq!(found.len(), 1, "one snippet is called {title}");
    found.into_iter().next().expect("one snippet")
}

fn game_at(source: &str, seats: Option<u8>) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).expect("parses");
    Game::new(check::check(&file, &Config { seats, ..Config::default() }).expect("checks"))
}

/// Plays to the end, each player choosing at random; the state at the end.
fn play_random(game: &Arc<Game>, seed: u64) -> State {
    let mut state = State::new(game.clone(), seed);
    let mut rng = Rng::new(seed);
    let mut decisions = 0;
    loop {
        let players = state.to_move().seats();
        if players.is_empty() {
            return state;
        }
        decisions += 1;
        assert!(decisions < 10_000, "the game ends");
        for p in players {
            let legal = state.legal_actions(p);
            assert!(!legal.is_empty(), "a decision offers something");
            let a = legal[rng.below(legal.len() as u64) as usize];
            state.apply(p, a).expect("a legal action is accepted");
        }
    }
}

#[test]
fn every_snippet_is_a_formatted_game_that_checks_lints_clean_and_plays_to_an_end() {
    let all = snippets();
    assert!(all.len() >= 12, "the snippets are found ({})", all.len());
    for (line, source) in all {
        let at = format!("docs/cookbook.md:{line}");
        let file = cardlang::syntax::parse(&source).unwrap_or_else(|e| panic!("{at}: {e}"));
        let program = check::check(&file, &Config::default()).unwrap_or_else(|e| panic!("{at}: {e:?}"));
        // Any warning is a mistake in a snippet (or a false alarm of a lint).
        let lints: Vec<String> =
            check::lints::lint(&file).iter().map(|d| format!("{}: {}", d.lint, d.finding.message)).collect();
        assert!(lints.is_empty(), "{at}: lint warnings {lints:?}");
        let formatted = cardlang::syntax::format(&source).expect("formats");
        if formatted != source {
            let n = source.lines().zip(formatted.lines()).position(|(a, b)| a != b).map_or(0, |i| i + 1);
            panic!("{at}: not as `cardlang fmt` writes it (line {n} of the block):\n{formatted}");
        }
        let (fewest, most) = program.seats;
        for seats in fewest..=most {
            let game = game_at(&source, Some(seats));
            for seed in 0..6 {
                let state = play_random(&game, seed);
                let outcome = state.outcome().expect("an outcome");
                assert_ne!(outcome.result, GameResult::Unfinished, "{at}: {seats} seats, seed {seed}: {outcome:?}");
            }
        }
    }
}

fn top(zone: &str, cards: &[&str]) -> ArrangeStep {
    ArrangeStep::Top { zone: zone.into(), cards: cards.iter().map(|c| c.to_string()).collect() }
}

fn move_all(from: &str, to: &str) -> ArrangeStep {
    ArrangeStep::MoveAll { from: from.into(), to: to.into() }
}

/// A game with its hands emptied into `pack` after setup and then stacked by `steps`.
fn stacked(game: &Arc<Game>, pack: &str, steps: &[ArrangeStep]) -> State {
    let mut all: Vec<ArrangeStep> =
        (1..=game.players()).map(|p| move_all(&format!("hand of player {p}"), pack)).collect();
    all.extend(steps.iter().cloned());
    State::arranged(game.clone(), 1, &all, &mut NoEvents).expect("the stacking names real zones and cards")
}

/// What player `p` is offered now, by name.
fn offered(s: &State, p: u8) -> Vec<String> {
    s.legal_actions(p).iter().map(|a| s.action_label(p, *a)).collect()
}

/// Player `p` chooses the action named `label`.
fn pick(s: &mut State, p: u8, label: &str) {
    let legal = s.legal_actions(p);
    let a = *legal
        .iter()
        .find(|a| s.action_label(p, **a) == label)
        .unwrap_or_else(|| panic!("player {} is not offered {label}: {:?}", p + 1, offered(s, p)));
    s.apply(p, a).expect("legal");
}

/// The names of a zone's cards, bottom first.
fn cards_in(s: &State, zone: &str) -> Vec<String> {
    let game = s.game().clone();
    let z = game.program.zones.iter().position(|z| z.name == zone).unwrap_or_else(|| panic!("a zone {zone}"));
    s.zone_cards(z as u16).iter().map(|c| game.card_name(*c).to_string()).collect()
}

#[test]
fn follow_suit_offers_the_led_suit_or_anything_when_the_hand_has_none() {
    let game = game_at(&snippet("Follow Suit"), None);
    let s = stacked(&game, "pack", &[top("hand of player 1", &["2♥"]), top("hand of player 2", &["3♥", "4♠"])]);
    let mut s = s;
    pick(&mut s, 0, "2♥");
    assert_eq!(offered(&s, 1), ["3♥"], "a heart was led and player 2 holds one");
    let mut s = stacked(&game, "pack", &[top("hand of player 1", &["2♥"]), top("hand of player 2", &["4♠", "5♠"])]);
    pick(&mut s, 0, "2♥");
    let mut all = offered(&s, 1);
    all.sort();
    assert_eq!(all, ["4♠", "5♠"], "no heart: any card");
}

#[test]
fn a_trick_goes_to_the_highest_card_of_the_led_suit_and_its_winner_leads() {
    let game = game_at(&snippet("Tricks"), None);
    let mut s = stacked(
        &game,
        "pack",
        &[
            top("hand of player 1", &["2♥", "4♥", "6♥", "2♠"]),
            top("hand of player 2", &["7♠", "6♠", "5♠", "4♠"]),
            top("hand of player 3", &["3♥", "5♥", "7♥", "3♠"]),
        ],
    );
    assert_eq!(s.to_move(), ToMove::One(0), "player 1 leads the first trick");
    pick(&mut s, 0, "2♥");
    assert_eq!(offered(&s, 1).len(), 4, "player 2 has no heart and may play anything");
    pick(&mut s, 1, "7♠");
    let mut hearts = offered(&s, 2);
    hearts.sort();
    assert_eq!(hearts, ["3♥", "5♥", "7♥"], "player 3 must follow");
    pick(&mut s, 2, "3♥");
    // The 7♠ is higher but off suit: the 3♥ takes the trick, and player 3 leads the next.
    assert_eq!(s.to_move(), ToMove::One(2));
    assert_eq!(cards_in(&s, "won of player 3").len(), 3);
}

#[test]
fn three_of_a_kind_wins_as_soon_as_it_is_drawn() {
    let game = game_at(&snippet("Three of a Kind"), None);
    let s = stacked(&game, "pack", &[top("hand of player 1", &["2♥", "2♠", "3♥"]), top("pack", &["2♣"])]);
    assert_eq!(s.outcome().map(|o| &o.result), Some(&GameResult::Win(vec![0])));
}

#[test]
fn a_bid_must_beat_the_highest_or_pass() {
    let game = game_at(&snippet("Auction"), None);
    let mut s = State::new(game, 1);
    assert_eq!(offered(&s, 0), ["0", "1", "2", "3", "4", "5", "6", "7", "8"]);
    pick(&mut s, 0, "3");
    assert_eq!(offered(&s, 1), ["0", "4", "5", "6", "7", "8"]);
}

#[test]
fn a_shedding_player_may_play_only_a_matching_card() {
    let game = game_at(&snippet("Match"), None);
    let s = stacked(&game, "stock", &[top("pile", &["2♥"]), top("hand of player 1", &["2♠", "5♥", "7♣", "6♣"])]);
    let mut fits = offered(&s, 0);
    fits.sort();
    assert_eq!(fits, ["2♠", "5♥"]);
}

#[test]
fn an_empty_stock_takes_the_discards_but_the_top_one() {
    let game = game_at(&snippet("Flush"), None);
    // Two suits in each hand: a player who throws away the card drawn never has a flush.
    let keep = ["2♥", "3♠", "2♠", "3♥"];
    let mut s = stacked(
        &game,
        "stock",
        &[
            move_all("pile", "stock"),
            top("pile", &["4♣"]),
            top("hand of player 1", &keep[..2]),
            top("hand of player 2", &keep[2..]),
        ],
    );
    let mut last = String::new();
    for turn in 0..7 {
        let p = (turn % 2) as u8;
        let drawn = offered(&s, p).into_iter().find(|c| !keep.contains(&c.as_str())).expect("the card drawn");
        pick(&mut s, p, &drawn);
        last = drawn;
    }
    // The stock ran out: the seven cards under the last discard were shuffled into it, and one
    // of them was drawn.
    assert_eq!(cards_in(&s, "pile"), [last]);
    assert_eq!(cards_in(&s, "stock").len(), 6);
}

#[test]
fn passed_cards_go_left_then_right() {
    let game = game_at(&snippet("Pass Left, Pass Right"), None);
    let mut s = stacked(
        &game,
        "pack",
        &[
            top("hand of player 1", &["2♥", "3♥", "4♥"]),
            top("hand of player 2", &["2♠", "3♠", "4♠"]),
            top("hand of player 3", &["2♣", "3♣", "4♣"]),
        ],
    );
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1, 2])));
    for (p, c) in [(0, "2♥"), (1, "2♠"), (2, "2♣")] {
        pick(&mut s, p, c);
    }
    assert!(cards_in(&s, "hand of player 2").contains(&"2♥".to_string()), "player 1's card went left");
    assert!(cards_in(&s, "hand of player 1").contains(&"2♣".to_string()), "from the last seat to the first");
    for (p, c) in [(0, "2♣"), (1, "2♥"), (2, "2♠")] {
        pick(&mut s, p, c);
    }
    assert!(cards_in(&s, "hand of player 3").contains(&"2♣".to_string()), "player 1's card went right");
    assert!(s.is_over());
}

#[test]
fn naming_a_suit_offers_every_suit_and_asking_offers_only_ranks_held() {
    let game = game_at(&snippet("Call the Suit"), None);
    let s = State::new(game, 1);
    assert_eq!(offered(&s, 0), ["♥", "♦", "♣", "♠"]);
    let game = game_at(&snippet("Go Fish"), None);
    let s = stacked(&game, "stock", &[top("hand of player 1", &["2♥", "4♠", "4♥"])]);
    assert_eq!(offered(&s, 0), ["2", "4"]);
}

#[test]
fn the_old_maid_is_left_with_the_loser() {
    let source = snippet("Old Maid");
    for seats in 2..=4 {
        let game = game_at(&source, Some(seats));
        for seed in 0..10 {
            let s = play_random(&game, seed);
            let Some(GameResult::Win(winners)) = s.outcome().map(|o| &o.result) else { panic!("somebody wins") };
            let loser = (0..seats).find(|p| !winners.contains(p)).expect("one loser");
            assert_eq!(winners.len() as u8, seats - 1);
            assert_eq!(cards_in(&s, &format!("hand of player {}", loser + 1)), ["Old Maid"]);
        }
    }
}

#[test]
fn seven_cards_each_for_up_to_four_players_and_five_for_more() {
    let source = snippet("High Hand");
    for seats in 2..=7u8 {
        let s = State::new(game_at(&source, Some(seats)), 1);
        let want = if seats <= 4 { 7 } else { 5 };
        for p in 1..=seats {
            assert_eq!(cards_in(&s, &format!("hand of player {p}")).len(), want, "{seats} seats");
        }
    }
}

#[test]
fn standing_ends_a_players_turn_at_twenty_one() {
    let game = game_at(&snippet("Twenty-One"), None);
    let mut s = State::new(game, 1);
    // Two cards are at most 10 + 10: both players are asked.
    assert_eq!(s.to_move(), ToMove::One(0));
    pick(&mut s, 0, "stand");
    assert_eq!(s.to_move(), ToMove::One(1), "player 1 stood: player 2's turn");
}

#[test]
fn three_passed_cards_reach_the_left_and_sets_are_of_one_rank() {
    let game = game_at(&snippet("Pass Three, Play Sets"), None);
    // `top` lists a hand from its top card down; labels name a set's cards bottom first.
    let mut s = stacked(
        &game,
        "pack",
        &[
            top("hand of player 1", &["2♥", "2♠", "3♥", "4♥", "5♥"]),
            top("hand of player 2", &["3♠", "3♣", "4♠", "5♠", "5♣"]),
        ],
    );
    assert_eq!(offered(&s, 0).len(), 10, "any three of five cards: {:?}", offered(&s, 0));
    pick(&mut s, 0, "5♥ + 4♥ + 3♥");
    assert!(cards_in(&s, "passing of player 1").len() == 3 && cards_in(&s, "hand of player 2").len() == 5);
    pick(&mut s, 1, "5♣ + 5♠ + 4♠");
    // Player 1's three went left, to player 2, and player 2's came round to player 1.
    assert_eq!(cards_in(&s, "hand of player 2"), ["3♣", "3♠", "3♥", "4♥", "5♥"]);
    assert_eq!(offered(&s, 0), ["2♠", "2♥", "4♠", "5♠", "5♣", "2♠ + 2♥", "5♠ + 5♣"]);
    pick(&mut s, 0, "2♠ + 2♥");
    assert_eq!(cards_in(&s, "pile"), ["2♠", "2♥"]);
}

#[test]
fn every_set_adding_up_to_fifteen_scores_two() {
    let game = game_at(&snippet("Fifteens"), None);
    let mut s = stacked(
        &game,
        "pack",
        &[
            move_all("starter", "pack"),
            top("starter", &["5♦"]),
            top("hand of player 1", &["5♥", "10♠", "J♣", "5♠", "4♦", "6♣"]),
            top("hand of player 2", &["A♥", "2♠", "3♣", "7♦", "9♥", "K♣"]),
        ],
    );
    pick(&mut s, 0, "6♣");
    pick(&mut s, 1, "K♣");
    let score = s.counter("score").expect("a score counter");
    // Player 1 keeps 5♥ 10♠ J♣ 5♠ 4♦, the starter is 5♦. Fifteens: each of the three fives with
    // 10♠ or J♣ (6), the three fives together (1): 7. Pairs: 5♥ 5♠, and each with 5♦: 3.
    assert_eq!(score[0], cardlang::check::ir::Value::Int(2 * 7 + 2 * 3));
    // Player 2 keeps A 2 3 7 9 with the 5: counted here by brute force over the six cards.
    let cards = [1, 2, 3, 7, 9, 5];
    let fifteens = (1u32..64)
        .filter(|m| m.count_ones() >= 2)
        .filter(|m| (0..6).filter(|i| m & (1 << i) != 0).map(|i| cards[i]).sum::<i64>() == 15)
        .count();
    assert_eq!(score[1], cardlang::check::ir::Value::Int(2 * fifteens as i64));
}

#[test]
fn the_best_five_of_seven_cards_win_the_showdown() {
    let game = game_at(&snippet("Showdown"), None);
    let steps = [
        move_all("hole of player 1", "pack"),
        move_all("hole of player 2", "pack"),
        move_all("board", "pack"),
        top("board", &["2♥", "7♠", "8♠", "9♠", "K♦"]),
        // Player 1: a pair of kings with the board's K♦. Player 2: 10♠ J♠ with 7♠ 8♠ 9♠, a
        // straight flush, though K♦ and 2♥ make no better five.
        top("hole of player 1", &["K♠", "3♣"]),
        top("hole of player 2", &["10♠", "J♠"]),
    ];
    let s = State::arranged(game.clone(), 1, &steps, &mut NoEvents).expect("the stacking names real zones and cards");
    let outcome = s.outcome().expect("the showdown ends the game");
    assert_eq!(outcome.result, GameResult::Win(vec![1]));
    // The board never moved: it lies as it was dealt (2♥ on top; `cards_in` lists bottom first).
    assert_eq!(cards_in(&s, "board"), ["K♦", "9♠", "8♠", "7♠", "2♥"]);
}
