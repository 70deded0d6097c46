//! Hanabi's hidden information (`games/hanabi.cardgame`, HN-3 and HN-11 of docs/games/hanabi.md):
//! each player holds their hand facing out, so no seat may ever be told a card of its own hand
//! until that card is played or discarded: not in its transcript (the lines a seat is told, as
//! `cardlang transcript --seat N` prints them), not in any byte the browser is sent.
//!
//! Hanabi has three R1s; a name seen elsewhere could hide a leak. So these tests play the game
//! with every card given a name of its own (R1a, R1b, R1c, R2a, ...), the rules otherwise the
//! file's, word for word.

use std::sync::Arc;

use cardlang::check::Config;
use cardlang::engine::rng::Rng;
use cardlang::engine::viewer::Viewer;
use cardlang::engine::{Action, Game, State};
use cardlang::session::{Seat, Session, Status};
use serde_json::json;

use crate::serve::{check_answer, create, scratch, Server};

const GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games/hanabi.cardgame");

/// The game file with each copy of a card named apart: a `copy` property (a, b, c) joins the
/// colour and number in each card's name. Only the `cards` lines and the stock's `holds` change.
fn named_copies() -> String {
    let text = std::fs::read_to_string(GAME).expect("games/hanabi.cardgame");
    let cards = "cards ones = every colour, number where number == 1\n\
                 cards middles = every colour, number where number in {2, 3, 4}\n\
                 cards fives = every colour, number where number == 5\n";
    assert!(text.contains(cards), "the game declares its cards as this test expects");
    let holds = "holds ones + ones + ones + middles + middles + fives";
    assert!(text.contains(holds));
    text.replace(
        cards,
        "enum copy = a, b, c\nproperty copy: copy\n\
         cards deck = every colour, number, copy where number == 1 or number in {2, 3, 4} and copy != c\n    \
         or number == 5 and copy == a\n",
    )
    .replace(holds, "holds deck")
}

/// The named-copies game written where a test can load it and a server can serve it.
fn named_file(dir: &std::path::Path) -> String {
    let path = dir.join("hanabi_named.cardgame");
    std::fs::write(&path, named_copies()).expect("the scratch folder is writable");
    path.to_string_lossy().into_owned()
}

fn session(path: &str, seats: &[&str], seed: u64) -> Session {
    let config = Config { variant: None, sets: Vec::new(), seats: Some(seats.len() as u8) };
    let game: Arc<Game> = cardlang::load::load_game(path, &config).unwrap_or_else(|_| panic!("{path} loads"));
    let seats = seats.iter().map(|s| Seat::parse(s).expect("a seat")).collect();
    let mut s = Session::new(game, seed, seats).expect("a session");
    s.advance().expect("no agent seats");
    s
}

/// The names of the cards in the hand of `seat` (from 0).
fn own_hand(state: &State, seat: u8) -> Vec<String> {
    let want = format!("hand of player {}", seat + 1);
    let zones = &state.game().program.zones;
    let z = zones.iter().position(|z| z.name == want).unwrap_or_else(|| panic!("a zone named {want}"));
    state.zone_cards(z as u16).iter().map(|c| state.game().card_name(*c).to_string()).collect()
}

#[test]
fn every_copy_has_a_name_of_its_own_and_the_rules_are_the_files() {
    let dir = scratch("hanabi_named");
    let path = named_file(&dir);
    let s = session(&path, &["human", "human"], 1);
    let mut names: Vec<String> =
        (0..s.state().game().program.cards.len()).map(|c| s.state().game().card_name(c as u16).to_string()).collect();
    assert_eq!(names.len(), 50);
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 50, "fifty names");
    assert!(
        names.contains(&"R1c".to_string()) && names.contains(&"W5a".to_string()) && !names.contains(&"W5b".to_string())
    );
}

/// Every seat's transcript, line by line as the game goes: a line told to a seat after a move
/// never names a card then in that seat's hand (a card is named to its holder only once it has
/// left the hand, played or discarded, face up). Two to five players, random moves.
#[test]
fn no_seat_is_ever_told_a_card_of_its_own_hand() {
    let dir = scratch("hanabi_transcripts");
    let path = named_file(&dir);
    let mut named_after_play = 0;
    for players in 2..=5u8 {
        for seed in 1..=6u64 {
            let seats = vec!["human"; players as usize];
            let mut s = session(&path, &seats, seed);
            let mut rng = Rng::new(seed * 31 + players as u64);
            let mut told = vec![0usize; players as usize];
            loop {
                for seat in 0..players {
                    let lines = s.lines_for(Viewer::Player(seat));
                    let hand = own_hand(s.state(), seat);
                    for line in &lines[told[seat as usize]..] {
                        for card in &hand {
                            assert!(
                                !line.contains(card.as_str()),
                                "{players} players, seed {seed}: seat {} was told {card}, in its hand: {line}",
                                seat + 1
                            );
                        }
                        named_after_play += usize::from(line.contains(&format!("hand of player {} ->", seat + 1)));
                    }
                    told[seat as usize] = lines.len();
                }
                let Status::Waiting(turns) = s.status() else { break };
                let turn = &turns[0];
                let pick = turn.legal[rng.below(turn.legal.len() as u64) as usize];
                let at = s.history().len();
                s.act(turn.seat, pick, at).expect("a legal move");
            }
        }
    }
    assert!(named_after_play > 0, "a card played or discarded is named to its holder as it leaves the hand");
}

/// The browser: over HTTP, a seat is never sent, in any byte of any answer (the log included),
/// the name of a card in its own hand; the other seats are shown it.
#[test]
fn the_browser_never_sends_a_seat_its_own_cards() {
    let dir = scratch("hanabi_serve");
    let path = named_file(&dir);
    let server = Server::start(std::slice::from_ref(&path), &dir.join("tables.sqlite"));
    let seats = ["human", "human", "human"];
    for seed in [1u64, 2] {
        let table = create(&server, &json!({"game": "hanabi_named", "seats": seats, "seed": seed}));
        let mut lib = session(&path, &seats, seed);
        let mut rng = Rng::new(seed);
        let mut others_saw = 0;
        for _ in 0..120 {
            for (seat, token) in &table.seats {
                let (view, bytes) = server.view(token);
                check_answer("hanabi_named", &lib, Some(*seat), &view);
                for name in own_hand(lib.state(), *seat) {
                    assert!(!bytes.contains(&name), "seed {seed}: seat {seat} was sent {name}, in its own hand");
                }
                let other = (*seat + 1) % seats.len() as u8;
                others_saw += own_hand(lib.state(), other).iter().filter(|n| bytes.contains(n.as_str())).count();
            }
            if lib.status() == Status::Over {
                break;
            }
            let seat = match lib.status() {
                Status::Waiting(t) => t[0].seat,
                Status::Over => break,
            };
            let token = &table.seats.iter().find(|(s, _)| *s == seat).expect("a person's seat").1;
            let (view, _) = server.view(token);
            let choices = view["menu"]["choices"].as_array().expect("a menu").clone();
            let pick = &choices[rng.below(choices.len() as u64) as usize];
            let (at, action) = (view["menu"]["at"].as_u64().expect("at"), pick["action"].as_u64().expect("action"));
            let (status, after) =
                server.post_json(&format!("/api/t/{token}/move"), &json!({"at": at, "action": action}));
            assert_eq!(status, 200, "{after}");
            lib.act(seat, Action(action as u32), at as usize).expect("the library takes the same move");
        }
        assert_eq!(lib.status(), Status::Over, "seed {seed}: the game ends");
        assert!(others_saw > 0, "seed {seed}: the other players were shown the hands held facing out");
    }
}
