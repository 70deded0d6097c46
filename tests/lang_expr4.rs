//! Issue 43, item 8 (expressions, round four): a blind pick from another player's hand names
//! nothing to the picker, on every surface; `fmt` keeps the parentheses a reader needs around an
//! aggregate that is an operand.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::{Game, State, Viewer};
use cardlang::serve::views::{self, Who};
use cardlang::session::transcript::{self, TranscriptSpec};
use cardlang::session::{Seat, Session, Status};

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
    let (code, out, err) = crate::common::cardlang(&["transcript", "tests/fixtures/lang_expr4/spread.cardgame", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    // The pack is not shuffled: player 1 is dealt 6♠, 5♠ and 4♠ (values 4, 3 and 2 in the
    // order, which counts from 0): a spread of 2, a total of 9 doubled, and 7 sets (3 + 3 + 1)
    // and one.
    assert!(out.contains("» spread 2, total 18, sets 8"), "{out}");
}
