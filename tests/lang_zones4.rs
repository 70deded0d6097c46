//! Issue 43, two zones read as one: `hole of p + board` reads a player's hole cards and the
//! board together, without moving a card, wherever cards are read (aggregates, `subsets of`,
//! hand ranking, `for each`, a choice's domain); it is refused, with codes of its own, where a
//! zone is needed (`move ... to`, `top of`, `shuffle`). Each is shown on a small game with a
//! stacked pack, as a rule book would tell it, and compared with the reference evaluator.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{Event, EventSink, Game, Recorder, Result as GameResult, State};

use crate::common::cardlang;
use crate::rules::support::{cards, move_all, start, top};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn fixture(name: &str) -> String {
    format!("{ROOT}/tests/fixtures/lang_zones4/{name}.cardgame")
}

fn game_of(source: &str) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).unwrap_or_else(|e| panic!("{e}"));
    Game::new(check::check(&file, &Config::default()).unwrap_or_else(|e| panic!("{e:?}")))
}

fn showdown() -> String {
    std::fs::read_to_string(fixture("showdown")).expect("the fixture")
}

/// What each event tells each seat, and the events as an onlooker reads them.
#[derive(Default)]
struct Told(Vec<[String; 3]>);

impl EventSink for Told {
    fn event(&mut self, state: &State, event: Event<'_>) {
        let line = |v: Viewer| describe_for(state, v, &event).unwrap_or_default();
        self.0.push([line(Viewer::Player(0)), line(Viewer::Player(1)), line(Viewer::All)]);
    }
}

/// Player 1 holds K♠ 3♣, player 2 10♠ J♠; the board is 2♥ 7♠ 8♠ 9♠ K♦. Player 1 makes a pair
/// of kings with the board's K♦, player 2 a straight flush with its three spades: the best five
/// of seven cards, with no card moved to work them out. The cards of `board + hole of p` are
/// read the board's first, from its top.
#[test]
fn the_best_five_of_the_hole_and_the_board_without_moving_a_card() {
    let game = game_of(&showdown());
    let steps = [
        move_all("hole of player 1", "pack"),
        move_all("hole of player 2", "pack"),
        move_all("board", "pack"),
        top("board", &["2♥", "7♠", "8♠", "9♠", "K♦"]),
        top("hole of player 1", &["K♠", "3♣"]),
        top("hole of player 2", &["10♠", "J♠"]),
    ];
    let mut told = Told::default();
    let mut state =
        State::arranged(game.clone(), 1, &steps, &mut told).expect("the stacking names real zones and cards");
    let said: Vec<String> = told.0.iter().map(|t| t[2].clone()).collect();
    for line in [
        "» player 1 shows one pair",
        "» player 2 shows a straight flush",
        "» player 1 holds 1 hearts of 7 cards",
        "» first face-up spade: 7♠",
    ] {
        assert!(said.iter().any(|l| l == line), "no {line:?} in {said:#?}");
    }
    assert!(!said.iter().any(|l| l.contains("has an ace")), "nobody holds an ace: {said:#?}");
    // Reading the zones as one moved nothing: after the stacking, no card left the board, nor
    // came back.
    let shown = said.iter().position(|l| l.starts_with("» player 1 shows")).expect("the first showing");
    let played = &said[shown..];
    assert!(!played.iter().any(|l| l.contains("board ->") || l.contains("-> board")), "{played:#?}");
    assert_eq!(cards(&state, "board"), ["2♥", "7♠", "8♠", "9♠", "K♦"]);

    // Player 1 is offered their own cards and the board's, zone by zone, each bottom first.
    let labels: Vec<String> = state.legal_actions(0).iter().map(|a| state.action_label(0, *a)).collect();
    assert_eq!(labels, ["3♣", "K♠", "K♦", "9♠", "8♠", "7♠", "2♥"]);
    // The other player sees player 1's hole cards as places only.
    let theirs = state.legal_actions(0).iter().map(|a| state.action_label(1, *a)).collect::<Vec<_>>();
    assert_eq!(&theirs[..2], ["face-down card 2", "face-down card 1"], "{theirs:?}");

    // Player 1 throws away K♠ from the hole: it leaves the hole, the zone that held it.
    let k = state.legal_actions(0)[1];
    let mut told = Told::default();
    state.apply_with(0, k, &mut told).expect("legal");
    assert_eq!(cards(&state, "hole of player 1"), ["3♣"]);
    assert_eq!(cards(&state, "muck"), ["K♠"]);
    let chose = &told.0[0];
    assert_eq!(chose[0], "player 1 chooses K♠");
    assert_eq!(chose[1], "player 1 chooses a card", "a hole card is not named to the other seat");
    for line in told.0.iter().map(|t| &t[1]) {
        assert!(!line.contains("K♠") && !line.contains("3♣"), "seat 2 is told {line:?}");
    }
    let said: Vec<String> = told.0.iter().map(|t| t[2].clone()).collect();
    assert!(said.iter().any(|l| l == "» 7 cards in all three"), "{said:#?}");
    let outcome = state.outcome().expect("the showdown ends the game");
    assert_eq!(outcome.result, GameResult::Win(vec![1]));
}

/// A card taken from the board through zones read as one leaves the board, and every seat is
/// told its name, since every seat sees the board.
#[test]
fn a_board_card_chosen_through_zones_read_as_one_is_seen_by_all() {
    let game = game_of(&showdown());
    let steps = [move_all("board", "pack"), top("board", &["2♥", "7♠", "8♠", "9♠", "K♦"])];
    let mut log = Recorder::default();
    let mut state = start(&game, &steps, &mut log);
    let labels: Vec<String> = state.legal_actions(0).iter().map(|a| state.action_label(0, *a)).collect();
    let at = labels.iter().position(|l| l == "9♠").expect("9♠ is offered");
    let mut told = Told::default();
    state.apply_with(0, state.legal_actions(0)[at], &mut told).expect("legal");
    assert_eq!(told.0[0][1], "player 1 chooses 9♠");
    assert_eq!(cards(&state, "board"), ["2♥", "7♠", "8♠", "K♦"]);
}

/// At every seat, over many deals, a seat is never told the name of another seat's hole card:
/// not by a choice over `hole of player 1 + board`, nor by an announcement.
#[test]
fn no_seat_is_told_another_seats_hole_cards() {
    let game = game_of(&showdown());
    for seed in 0..40u64 {
        let mut told = Told::default();
        let mut state = State::with_sink(game.clone(), seed, cardlang::engine::Limits::default(), &mut told);
        let hole2: Vec<String> = cards(&state, "hole of player 2");
        let hole1: Vec<String> = cards(&state, "hole of player 1");
        let actions = state.legal_actions(0);
        let pick = actions[(seed as usize) % actions.len()];
        state.apply_with(0, pick, &mut told).expect("legal");
        for [to1, to2, _] in &told.0 {
            // A hole card named to the other seat only once it lies face up (it never does here).
            for c in &hole2 {
                assert!(!to1.contains(c.as_str()), "seed {seed}: seat 1 told {to1:?}");
            }
            for c in &hole1 {
                assert!(!to2.contains(c.as_str()), "seed {seed}: seat 2 told {to2:?}");
            }
        }
    }
}

/// The engine against the reference evaluator (an independent reading): aggregates, counts,
/// sets of joined zones, a hand's strength and the cards a loop visits, in random deals and
/// after random choices, with zones that are empty, named twice or not at all.
#[test]
fn engine_and_reference_agree_on_zones_read_as_one() {
    let source = r#"
game "Joined compared"
players 3
enum suit = hearts "♥", spades "♠", clubs "♣"
enum rank = A, 2, 3, 4, 5
property suit: suit
property rank: rank
cards deck = every rank, suit
order high: rank A < 2 < 3 < 4 < 5
hands kind by high {
    three "three": 3 cards, same rank
    run "a run": 3 cards, consecutive high
    pair "a pair": 2 cards, same rank
    flush "a flush": 3 cards, same suit
    other "other": nothing
}
zone pack: shared, face down, holds deck
zone hand: per player, face down, spread, private
zone table: shared, face up, spread
zone pile: per 1 to 2, face up
variable who: player = none

function points(z: cards): int = sum of high of c for c in z

procedure setup {
    shuffle pack
    deal 2 from pack to hand
}

// Each player puts the pack's top card on the table or a pile, then gives away a card of their
// hand, the table or that pile.
procedure round {
    for each player p {
        p chooses n from 1 to 3
        if n == 3 {
            move top of pack to table face up
        } else {
            move top of pack to pile of n
        }
        p chooses c from hand of p + table + pile of n
        move c to hand of left of p
    }
}

procedure play {
    round()
    set who = player 3
    announce "E0 {count of (hand of player 1 + table)} {count of c in hand of player 2 + table where c.suit == hearts} {(hand of player 3 + table) is empty}"
    announce "E1 {card c in pile of 1 + hand of player 1 + table where c.rank == 3} {any c in table + pile of 2 where c.rank == A} {all c in hand of player 2 + hand of player 2 where c.suit != clubs}"
    announce "E2 {sum of high of c for c in (hand of player 1 + pile of 1)} {max of high of c for c in (table + pile of 2)} {points(hand of player 3 + table + pile of 1)}"
    announce "E3 {count of s in subsets of (hand of player 1 + table) of size 2 where points(s) > 5} {max of strength of s by kind for s in subsets of (hand of player 2 + table) of size 3}"
    announce "E4 {kind of (hand of player 1 + pile of 1)} {strength of (hand of player 2 + table) by kind} {count of (hand of who + table)} {count of (hand of none + table)}"
    announce "E5 {card c in hand of player 3 + table where c.suit == spades} {count of s in subsets of (pile of 1 + pile of 2 + table) of size 1 to 2}"
    announce "S0 begin"
    for each card c in hand of player 1 + table {
        announce "{c}"
    }
    for each c in table + hand of player 2 where c.rank != 2 {
        announce "{c}"
    }
    announce "S0 end"
    round()
    set who = player 3
    announce "E0 {count of (hand of player 1 + table)} {count of c in hand of player 2 + table where c.suit == hearts} {(hand of player 3 + table) is empty}"
    announce "E1 {card c in pile of 1 + hand of player 1 + table where c.rank == 3} {any c in table + pile of 2 where c.rank == A} {all c in hand of player 2 + hand of player 2 where c.suit != clubs}"
    announce "E2 {sum of high of c for c in (hand of player 1 + pile of 1)} {max of high of c for c in (table + pile of 2)} {points(hand of player 3 + table + pile of 1)}"
    announce "E3 {count of s in subsets of (hand of player 1 + table) of size 2 where points(s) > 5} {max of strength of s by kind for s in subsets of (hand of player 2 + table) of size 3}"
    announce "E4 {kind of (hand of player 1 + pile of 1)} {strength of (hand of player 2 + table) by kind} {count of (hand of who + table)} {count of (hand of none + table)}"
    announce "E5 {card c in hand of player 3 + table where c.suit == spades} {count of s in subsets of (pile of 1 + pile of 2 + table) of size 1 to 2}"
    announce "S0 begin"
    for each card c in hand of player 1 + table {
        announce "{c}"
    }
    for each c in table + hand of player 2 where c.rank != 2 {
        announce "{c}"
    }
    announce "S0 end"
    round()
    set who = player 3
    announce "E0 {count of (hand of player 1 + table)} {count of c in hand of player 2 + table where c.suit == hearts} {(hand of player 3 + table) is empty}"
    announce "E1 {card c in pile of 1 + hand of player 1 + table where c.rank == 3} {any c in table + pile of 2 where c.rank == A} {all c in hand of player 2 + hand of player 2 where c.suit != clubs}"
    announce "E2 {sum of high of c for c in (hand of player 1 + pile of 1)} {max of high of c for c in (table + pile of 2)} {points(hand of player 3 + table + pile of 1)}"
    announce "E3 {count of s in subsets of (hand of player 1 + table) of size 2 where points(s) > 5} {max of strength of s by kind for s in subsets of (hand of player 2 + table) of size 3}"
    announce "E4 {kind of (hand of player 1 + pile of 1)} {strength of (hand of player 2 + table) by kind} {count of (hand of who + table)} {count of (hand of none + table)}"
    announce "E5 {card c in hand of player 3 + table where c.suit == spades} {count of s in subsets of (pile of 1 + pile of 2 + table) of size 1 to 2}"
    announce "S0 begin"
    for each card c in hand of player 1 + table {
        announce "{c}"
    }
    for each c in table + hand of player 2 where c.rank != 2 {
        announce "{c}"
    }
    announce "S0 end"
    round()
    set who = player 3
    announce "E0 {count of (hand of player 1 + table)} {count of c in hand of player 2 + table where c.suit == hearts} {(hand of player 3 + table) is empty}"
    announce "E1 {card c in pile of 1 + hand of player 1 + table where c.rank == 3} {any c in table + pile of 2 where c.rank == A} {all c in hand of player 2 + hand of player 2 where c.suit != clubs}"
    announce "E2 {sum of high of c for c in (hand of player 1 + pile of 1)} {max of high of c for c in (table + pile of 2)} {points(hand of player 3 + table + pile of 1)}"
    announce "E3 {count of s in subsets of (hand of player 1 + table) of size 2 where points(s) > 5} {max of strength of s by kind for s in subsets of (hand of player 2 + table) of size 3}"
    announce "E4 {kind of (hand of player 1 + pile of 1)} {strength of (hand of player 2 + table) by kind} {count of (hand of who + table)} {count of (hand of none + table)}"
    announce "E5 {card c in hand of player 3 + table where c.suit == spades} {count of s in subsets of (pile of 1 + pile of 2 + table) of size 1 to 2}"
    announce "S0 begin"
    for each card c in hand of player 1 + table {
        announce "{c}"
    }
    for each c in table + hand of player 2 where c.rank != 2 {
        announce "{c}"
    }
    announce "S0 end"
    end game draw
}
"#;
    let mut compared = 0;
    for seed in 0..24u64 {
        let mut dice = seed;
        let pick = move |n: usize| {
            dice = dice.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (dice >> 33) as usize % n.max(1)
        };
        let (n, mismatches) = cardlang::reference::compare::run_source(source, seed, pick).expect("the game checks");
        assert!(mismatches.is_empty(), "seed {seed}: {mismatches:?}");
        compared += n;
    }
    assert!(compared >= 24 * 4 * 7, "only {compared} compared");
}

/// Where a zone is needed, zones read as one are refused with a code of their own, and a
/// number plus a zone (an aggregate without `where`, ended by the `+`) says to write
/// parentheses. `+` between numbers is untouched.
#[test]
fn zones_read_as_one_are_not_a_zone() {
    let errors_of = |line: &str| {
        let src = format!(
            "game \"J\"\nplayers 2\nenum rank = A, 2\nproperty rank: rank\ncards deck = every rank\nzone pack: shared, face down, holds deck\nzone hole: per player, face down, spread, private\nzone board: shared, face up, spread\nzone column: per 1 to 2\nprocedure play {{\n    {line}\n    end game draw\n}}\n"
        );
        let file = cardlang::syntax::parse(&src).unwrap_or_else(|e| panic!("{line}: {e}"));
        check::check_all(&file)
            .iter()
            .map(|e| miette::Diagnostic::code(e).map(|c| c.to_string()).unwrap_or_default())
            .collect::<Vec<_>>()
    };
    let code = |name: &str| vec![format!("cardlang::check::{name}")];
    assert_eq!(errors_of("move top of pack to hole of player 1 + board"), code("move_to_joined"));
    assert_eq!(errors_of("move top of (hole of player 1 + board) to pack"), code("top_of_joined"));
    assert_eq!(errors_of("announce \"{bottom of (hole of player 1 + board)}\""), code("top_of_joined"));
    assert_eq!(errors_of("announce \"{card 2 of (hole of player 1 + board)}\""), code("top_of_joined"));
    assert_eq!(errors_of("shuffle hole of player 1 + board"), code("shuffle_joined"));
    assert_eq!(errors_of("announce \"{count of (board + every column)}\""), code("joined_part"));
    assert_eq!(
        errors_of("announce \"{count of (board + hole of player 1 + hole of player 2 + column of 1)}\""),
        code("joined_part")
    );
    assert_eq!(errors_of("announce \"{count of hole of player 1 + board}\""), code("joined_needs_parentheses"));
    assert_eq!(
        errors_of("announce \"{sum of 1 for c in hole of player 1 + board}\""),
        code("joined_needs_parentheses")
    );
    // Numbers add as before, after an aggregate too; zones read as one where cards are read.
    for fine in [
        "announce \"{count of board + 1} {sum of 1 for c in board + 2} {(count of c in board where true) + 1}\"",
        "announce \"{count of (hole of player 1 + board + column of 2)} {(board + hole of player 2) is empty}\"",
        "player 1 chooses c from hole of player 1 + board\n    move c to pack",
        "for each card c in hole of player 2 + board {\n        move c to pack\n    }",
    ] {
        assert_eq!(errors_of(fine), Vec::<String>::new(), "{fine}");
    }
}

/// `fmt` keeps zones read as one bare before a `where` and puts them in parentheses where the
/// grammar needs them; the text it writes is stable and parses to the same tree.
#[test]
fn zones_read_as_one_format_and_round_trip() {
    let (code, _, err) = cardlang(&["fmt", "--check", &fixture("showdown")]);
    assert_eq!(code, 0, "the fixture is formatted: {err}");
    let source = "game \"J\"\nplayers 2\nzone hole: per player, public\nzone board: shared, public\nprocedure play {\n    for each c in (hole of player 1 + board) {\n        announce \"{count of c in (hole of player 1 + board) where true} {sum of 1 for c in (board + hole of player 2)}\"\n    }\n    for each c in board + hole of player 1 where true {\n        announce \"{any c in (board + hole of player 2) where true}\"\n    }\n    end game draw\n}\n";
    let file = cardlang::syntax::parse(source).expect("parses");
    let text = cardlang::syntax::fmt::format(source).expect("formats");
    assert_eq!(cardlang::syntax::fmt::format(&text).expect("formats"), text, "stable");
    let again = cardlang::syntax::parse(&text).expect("the formatted text parses");
    assert_eq!(format!("{:?}", strip(&again)), format!("{:?}", strip(&file)), "the same tree:\n{text}");
    for line in [
        "for each c in (hole of player 1 + board) {",
        "count of c in hole of player 1 + board where true",
        "sum of 1 for c in (board + hole of player 2)",
        "for each c in board + hole of player 1 where true {",
        "any c in board + hole of player 2 where true",
    ] {
        assert!(text.contains(line), "no {line:?} in\n{text}");
    }
}

/// The tree without its places in the text, to compare two texts' trees.
fn strip(file: &cardlang::syntax::ast::File) -> String {
    let text = format!("{file:?}");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("Span {") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find('}').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out
}

/// The cookbook's "Best five of seven" reads the hole and the board as one: its transcript
/// shows the deal and no card moving back and forth.
#[test]
fn the_cookbook_showdown_moves_no_card_after_the_deal() {
    let doc = std::fs::read_to_string(format!("{ROOT}/docs/cookbook.md")).expect("the cookbook");
    let at = doc.find("game \"Showdown\"").expect("the showdown");
    let block = &doc[at..at + doc[at..].find("```").expect("its end")];
    assert!(block.contains("subsets of (hole of p + board) of size 5"), "{block}");
    let path = std::env::temp_dir().join(format!("cardlang-zones4-{}.cardgame", std::process::id()));
    std::fs::write(&path, block).expect("writable");
    let (code, out, err) = cardlang(&["transcript", &path.to_string_lossy(), "--seed", "4"]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0, "{err}");
    let moves: Vec<&str> = out.lines().filter(|l| l.contains(" -> ")).collect();
    assert_eq!(moves.len(), 2 * 2 + 5, "only the deal and the board: {moves:#?}");
    assert!(moves.iter().all(|l| l.contains("pack -> ")), "{moves:#?}");
    assert_eq!(out.lines().filter(|l| l.contains(" shows ")).count(), 2, "{out}");
}
