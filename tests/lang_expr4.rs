//! Issue 43, item 8 (expressions, round four): a blind pick from another player's hand names
//! nothing to the picker, on every surface; `fmt` keeps the parentheses a reader needs around an
//! aggregate that is an operand.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::{Game, State, Viewer};
use cardlang::serve::views::{self, Who};
use cardlang::session::transcript::{self, TranscriptSpec};
use cardlang::session::{Seat, Session, Status};
use miette::Diagnostic;

const BLIND: &str = "tests/fixtures/lang_expr4/blind_pick.cardgame";

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect("a readable fixture")
}

/// A game checked from its text.
fn game_of(source: &str) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).expect("the fixture parses");
    let program = check::check(&file, &Config::default()).expect("the fixture checks");
    Game::new(program)
}

/// The names of the cards of the zone named `name` (as transcripts write it).
fn cards_of(state: &State, name: &str) -> Vec<String> {
    let zones = &state.game().program.zones;
    let z = zones.iter().position(|z| z.name == name).unwrap_or_else(|| panic!("a zone named {name}"));
    state.zone_cards(z as u16).iter().map(|c| state.game().card_name(*c).to_string()).collect()
}

/// Player 1 picks blind from player 2's hand into a stash nobody sees: the picked card is never
/// named to player 1, not in the line of their choice, nor anywhere they are told (the session's
/// lines, which `play` prints at the terminal, the seat's transcript, the browser's JSON).
#[test]
fn a_card_picked_blind_from_an_opponents_hand_is_never_named_to_the_picker() {
    let game = game_of(&read(BLIND));
    for seed in 1..=6u64 {
        for pick in 0..3u32 {
            let seats = vec![Seat::parse("human").expect("a seat"), Seat::parse("random").expect("a seat")];
            let mut session = Session::new(game.clone(), seed, seats).expect("a table");
            session.advance().expect("setup runs");
            let hand = cards_of(session.state(), "hand of player 2");
            let menu = session.menu_for(0).expect("player 1 chooses");
            let labels: Vec<&str> = menu.choices.iter().map(|c| c.label.as_str()).collect();
            assert_eq!(labels, ["face-down card 3", "face-down card 2", "face-down card 1"], "offered by place");
            let at = menu.at;
            let action = cardlang::engine::Action(menu.choices[pick as usize].action);
            assert_eq!(session.act(0, action, at), Ok(Status::Over));
            let stash = cards_of(session.state(), "stash");
            assert_eq!(stash.len(), 1, "one card was taken");
            assert!(hand.contains(&stash[0]));
            let told = session.lines_for(Viewer::Player(0)).join("\n");
            assert!(told.contains("player 1 chooses a card"), "the choice is told without its card:\n{told}");
            let view = serde_json::to_string(&views::view("t", &session, Who::Seat(0), None)).expect("json");
            for name in &hand {
                assert!(!told.contains(name.as_str()), "seed {seed}: player 1 was told {name}:\n{told}");
                assert!(!view.contains(name.as_str()), "seed {seed}: player 1's browser was sent {name}:\n{view}");
            }
            // The onlooker (a transcript of everything) names it.
            let all = session.lines_for(Viewer::All).join("\n");
            assert!(all.contains(&stash[0]), "the full transcript names the card:\n{all}");
        }
        // A seat's transcript (`transcript --seat 1`), with agents in both seats.
        let players = ["random".to_string(), "random".to_string()];
        let spec = TranscriptSpec { game: game.clone(), seed, players: &players };
        let mut out = Vec::new();
        transcript::write_text_for(&spec, Viewer::Player(0), &mut out).expect("written");
        let text = String::from_utf8(out).expect("text");
        let body: String = text.lines().skip(4).collect::<Vec<_>>().join("\n");
        assert!(body.contains("player 1 chooses a card"), "{body}");
        // The same game at a table of agents: the cards player 1 never saw are player 2's and
        // the stash's.
        let seats = players.iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut table = Session::new(game.clone(), seed, seats).expect("a table");
        assert_eq!(table.advance(), Ok(Status::Over));
        let unseen = [cards_of(table.state(), "hand of player 2"), cards_of(table.state(), "stash")].concat();
        assert_eq!(unseen.len(), 3);
        for name in &unseen {
            assert!(!body.contains(name.as_str()), "seed {seed}: player 1's transcript names {name}:\n{body}");
        }
    }
}

/// `(max of f(c) for c in s) - (min of f(c) for c in s)`: without the parentheses the grammar
/// reads the same tree (the domain of an aggregate is one primary), but `... for c in s - min of
/// ...` reads as if `s - min` were the domain; `fmt` keeps them, and the round trip holds.
#[test]
fn fmt_keeps_the_parentheses_around_an_aggregate_that_is_an_operand() {
    let source = read("tests/fixtures/lang_expr4/spread.cardgame");
    let formatted = cardlang::syntax::format(&source).expect("it formats");
    assert_eq!(formatted, source, "the fixture is formatted already");
    for line in [
        "function spread(s: cards): int = (max of value(c) for c in s) - (min of value(c) for c in s)",
        "function total(p: player): int = (sum of value(c) for c in hand of p) * 2",
        "function sets(p: player): int = (count of s in subsets of hand of p) + 1",
    ] {
        assert!(formatted.contains(line), "{line}");
    }
    // Without the parentheses, the same tree: a difference of two aggregates.
    let bare = source.replace(
        "(max of value(c) for c in s) - (min of value(c) for c in s)",
        "max of value(c) for c in s - min of value(c) for c in s",
    );
    let tree = |text: &str| {
        let file = cardlang::syntax::parse(text).expect("it parses");
        let debug = format!("{:?}", file.items);
        // Spans differ by the parentheses' bytes.
        let mut out = String::new();
        let mut rest = debug.as_str();
        while let Some(i) = rest.find("Span { start: ") {
            out.push_str(&rest[..i]);
            let close = rest[i..].find('}').expect("a span's end");
            rest = &rest[i + close + 1..];
        }
        out.push_str(rest);
        out
    };
    assert_eq!(tree(&bare), tree(&source), "the parentheses change nothing to the grammar");
    assert_eq!(cardlang::syntax::format(&bare).expect("it formats"), source, "fmt puts them back");
    let (code, out, err) =
        crate::common::cardlang(&["transcript", "tests/fixtures/lang_expr4/spread.cardgame", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    // The pack is not shuffled: player 1 is dealt 6♠, 5♠ and 4♠ (values 4, 3 and 2 in the
    // order, which counts from 0): a spread of 2, a total of 9 doubled, and 7 sets (3 + 3 + 1)
    // and one.
    assert!(out.contains("» spread 2, total 18, sets 8"), "{out}");
}

const THE_PLAYER: &str = "tests/fixtures/lang_expr4/the_player.cardgame";

/// The pack is not shuffled: the deal gives player 1 6♠ 4♠, player 2 6♥ 4♥, player 3 5♠ 3♠,
/// player 4 5♥ 3♥; players 2, 3 and 4 have 3, 5 and 5 coins.
#[test]
fn the_player_such_that_is_the_first_from_seat_1_or_none() {
    let (code, out, err) = crate::common::cardlang(&["transcript", THE_PLAYER, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    let said: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("» ")).collect();
    assert_eq!(
        said,
        [
            // One player has 3 coins.
            "E0 player 2",
            // Players 3 and 4 have 5: the first from seat 1.
            "E1 player 3",
            // Nobody has more than 9: none, and no error.
            "E2 none",
            // A function: the holder of 5♠.
            "E3 player 3",
            "E4 true",
            // The player with no coins is player 1, who holds two cards.
            "E5 2",
            // A `let`: rich, and not player 3.
            "E6 player 4",
        ]
    );
}

/// Every tagged expression reads the same to the engine and to the reference evaluator, on the
/// stacked deal and in games where the coins are dealt by chance.
#[test]
fn the_player_such_that_agrees_with_the_reference() {
    let source = read(THE_PLAYER);
    let (compared, mismatches) = cardlang::reference::compare::run_source(&source, 1, |_| 0).expect("it checks");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert_eq!(compared, 7, "seven expressions compared");
    let played =
        source.replace("    deal 2 from pack to hand\n", "    shuffle pack\n    deal 2 from pack to hand\n").replace(
            "add 3 to coins of player 2",
            "add count of c in hand of player 2 where c.suit == hearts to coins of player 2",
        );
    for seed in 0..16u64 {
        let (compared, mismatches) = cardlang::reference::compare::run_source(&played, seed, |_| 0).expect("it checks");
        assert!(mismatches.is_empty(), "seed {seed}: {}", mismatches.join("\n"));
        assert_eq!(compared, 7);
    }
}

/// `fmt` writes it back as written; without `where` the checker asks which player, with the
/// code of an aggregate without a condition; the condition must be a yes or no; the result is a
/// player, not a card.
#[test]
fn the_player_such_that_is_formatted_and_checked() {
    let source = read(THE_PLAYER);
    assert_eq!(cardlang::syntax::format(&source).expect("it formats"), source);
    let with = |line: &str| {
        source.replace("    announce \"E0 {the player q where coins of q == 3}\"\n", &format!("    {line}\n"))
    };
    let errors = |text: String| {
        let file = cardlang::syntax::parse(&text).expect("it parses");
        match check::check(&file, &Config::default()) {
            Ok(_) => Vec::new(),
            Err(errors) => errors
                .errors
                .iter()
                .map(|e| (e.code().map(|c| c.to_string()).unwrap_or_default(), e.to_string()))
                .collect::<Vec<_>>(),
        }
    };
    let missing = errors(with("let x = the player q"));
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert_eq!(missing[0].0, "cardlang::check::aggregate_without_condition");
    assert!(crate::common::says(&missing[0].1, "`the player q` needs a condition"), "{missing:?}");
    let not_bool = errors(with("let x = the player q where coins of q"));
    assert_eq!(not_bool.len(), 1, "{not_bool:?}");
    assert_eq!(not_bool[0].0, "cardlang::check::wrong_type", "{not_bool:?}");
    let card = errors(with("let x = (the player q where coins of q == 3).rank"));
    assert!(!card.is_empty(), "a player has no rank");
    assert!(errors(with("let x: player = the player q where q == player 2")).is_empty());
}
