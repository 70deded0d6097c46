//! Issue 43, personal layouts and who sees what: zones with a row for each player (`zone grid:
//! per player, per 1 to 3`, named `grid 2 of player 1`), hands held facing out (`seen by
//! others`: everyone but the owner sees them), `reveal c` of one card, and a hand laid face up
//! mid-game and played by its holder's partner. Each is shown on a small game with a stacked
//! pack, as a rule book would tell it.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::rng::Rng;
use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{Event, EventSink, Game, Recorder, State};

use crate::common::{cardlang, says};
use crate::rules::support::{cards, choose, count, start, top, zone};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn game_of(source: &str) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).unwrap_or_else(|e| panic!("{e}"));
    Game::new(check::check(&file, &Config::default()).unwrap_or_else(|e| panic!("{e:?}")))
}

fn fixture(name: &str) -> String {
    format!("{ROOT}/tests/fixtures/lang_zones/{name}.cardgame")
}

/// The announcements of one game of a fixture (it needs no decisions, or random ones).
fn announced(name: &str, extra: &[&str]) -> Vec<String> {
    let path = fixture(name);
    let mut args = vec!["transcript", path.as_str(), "--seed", "1"];
    args.extend(extra);
    let (code, out, err) = cardlang(&args);
    assert_eq!(code, 0, "{err}");
    out.lines().map(str::to_string).collect()
}

/// Each player lays three cards face down in a row of their own: the zones are named `grid 1
/// of player 1` to `grid 3 of player 2`, grouped per player, and `every grid of p` counts one
/// player's row. A key past the row names no zone.
#[test]
fn each_player_has_a_row_of_numbered_places() {
    let lines = announced("grid", &[]);
    for l in [
        "3♠: pack -> grid 1 of player 1 (face down)",
        "3♥: pack -> grid 2 of player 1 (face down)",
        "2♥: pack -> grid 1 of player 2 (face down)",
        "A♥: grid 3 of player 2 -> pile ♠ of player 2",
        "» player 1 has 3 cards in their grid",
        "» player 2 has 2 cards in their grid",
        "» every grid holds 5",
        "» spades of player 2: 1",
        "» grid 4 of player 1 is none",
        "» is grid 3 of player 2 empty: true",
    ] {
        assert!(lines.iter().any(|x| x == l), "no line {l:?} in\n{}", lines.join("\n"));
    }
    assert_eq!(lines.iter().filter(|l| *l == "» player 1 has a card").count(), 3);
    // The table lists each player's row together, in order.
    let game = game_of(&std::fs::read_to_string(fixture("grid")).expect("readable"));
    let names: Vec<&str> = game.program.zones.iter().map(|z| z.name.as_str()).collect();
    assert_eq!(
        names[1..7],
        [
            "grid 1 of player 1",
            "grid 2 of player 1",
            "grid 3 of player 1",
            "grid 1 of player 2",
            "grid 2 of player 2",
            "grid 3 of player 2"
        ]
    );
    assert_eq!(names[7..], ["pile ♥ of player 1", "pile ♠ of player 1", "pile ♥ of player 2", "pile ♠ of player 2"]);
}

const PRIVATE_ROWS: &str = r#"
game "Private rows"
players 2
enum suit = hearts "♥", spades "♠"
enum rank = A, 2, 3
property suit: suit
property rank: rank
cards deck = every rank, suit
zone pack: shared, face down, holds deck
zone grid: per player, per 1 to 3, face down, spread, private
zone played: shared, face up, spread

procedure setup {
    for each player p {
        for each k in 1 to 3 {
            move top of pack to grid k of p
        }
    }
}

procedure play {
    for each player p {
        p chooses c from every grid of p
        move c to played face up
    }
    announce "left: {count of every grid of player 1} and {count of every grid of player 2}"
    end game draw
}
"#;

/// A private row is seen by its owner alone, like a hand; a player chooses from their whole row
/// (`every grid of p`), and the choice names the places of the row the card came from.
#[test]
fn a_private_row_is_its_owners_and_a_choice_ranges_over_it() {
    let game = game_of(PRIVATE_ROWS);
    let mut log = Recorder::default();
    let mut state = start(&game, &[], &mut log);
    let mine = zone(&state, "grid 2 of player 1");
    let theirs = zone(&state, "grid 2 of player 2");
    let seen = state.observation(0);
    assert!(seen.zones[mine as usize].cards.iter().all(Option::is_some), "player 1 sees their own row");
    assert!(seen.zones[theirs as usize].cards.iter().all(Option::is_none), "player 1 does not see player 2's");
    assert_eq!(seen.zones[theirs as usize].count, 1);
    // Player 1 is offered the three cards of their own row, and no other.
    let labels: Vec<String> = state.legal_actions(0).iter().map(|a| state.action_label(0, *a)).collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    let first = cards(&state, "grid 2 of player 1")[0].clone();
    choose(&mut state, &mut log, &[&first, ""]);
    assert_eq!(count(&state, "grid 2 of player 1"), 0);
    let second = cards(&state, "grid 1 of player 2")[0].clone();
    choose(&mut state, &mut log, &["", &second]);
    assert!(state.is_over());
    assert!(log.lines.iter().any(|l| l == "» left: 2 and 2"), "{:?}", log.lines);
}

const FACING_OUT: &str = r#"
game "Facing out"
players 3
enum suit = hearts "♥", spades "♠"
enum rank = A, 2, 3
property suit: suit
property rank: rank
cards deck = every rank, suit
zone pack: shared, face down, holds deck
zone hand: per player, face down, spread, seen by others
zone played: shared, face up, spread

procedure setup {
    deal 2 from pack to hand
}

procedure play {
    for each player p {
        p chooses c from hand of p
        move c to played face up
    }
    end game draw
}
"#;

/// A hand held facing out (`seen by others`): every other player sees each card of it, its
/// holder sees only how many there are, and chooses among them blind ("face-down card 1"). The
/// commentary at the holder's seat names the card only when it comes into their sight.
#[test]
fn a_hand_seen_by_everyone_but_its_holder() {
    let game = game_of(FACING_OUT);
    let mut log = Recorder::default();
    let state = start(&game, &[], &mut log);
    let hand1 = zone(&state, "hand of player 1") as usize;
    let own = state.observation(0);
    assert_eq!(own.zones[hand1].count, 2);
    assert!(own.zones[hand1].cards.iter().all(Option::is_none), "the holder does not see their hand");
    for other in [1, 2] {
        assert!(state.observation(other).zones[hand1].cards.iter().all(Option::is_some));
    }
    let labels: Vec<String> = state.legal_actions(0).iter().map(|a| state.action_label(0, *a)).collect();
    assert!(labels.iter().all(|l| l.starts_with("face-down card")), "{labels:?}");

    // What each seat is told of player 1's blind choice and its move.
    struct Told(Vec<[String; 3]>);
    impl EventSink for Told {
        fn event(&mut self, state: &State, event: Event<'_>) {
            let line = |v: u8| describe_for(state, Viewer::Player(v), &event).unwrap_or_default();
            self.0.push([line(0), line(1), line(2)]);
        }
    }
    let mut state = state;
    let mut told = Told(Vec::new());
    let first = state.legal_actions(0)[0];
    let before = cards(&state, "hand of player 1");
    state.apply_with(0, first, &mut told).expect("legal");
    let card = before.iter().find(|c| !cards(&state, "hand of player 1").contains(c)).expect("a card was played");
    let choice = &told.0[0];
    assert_eq!(choice[0], "player 1 chooses a card", "the holder is not told which card it is");
    assert_eq!(choice[1], format!("player 1 chooses {card}"));
    let moved = &told.0[1];
    assert_eq!(moved[0], format!("{card}: hand of player 1 -> played"), "played face up, the card shows");
}

/// A search player's guess at what it cannot see: its own hand, held facing out, is dealt
/// afresh from the cards it has not seen; every other hand stays as it is.
#[test]
fn a_determinization_deals_afresh_only_the_holders_own_hand() {
    let game = game_of(FACING_OUT);
    let mut log = Recorder::default();
    let state = start(&game, &[top("pack", &["A♠", "A♥"])], &mut log);
    let mut rng = Rng::new(7);
    let mut own_changed = false;
    for _ in 0..40 {
        let d = state.determinized(0, &mut rng);
        for other in ["hand of player 2", "hand of player 3", "played"] {
            assert_eq!(cards(&d, other), cards(&state, other), "{other} is seen by player 1");
        }
        assert_eq!(count(&d, "hand of player 1"), 2);
        own_changed |= cards(&d, "hand of player 1") != cards(&state, "hand of player 1");
    }
    assert!(own_changed, "player 1's own hand is what they do not know");
}

const REVEALED: &str = r#"
game "One card shown"
players 2
enum suit = hearts "♥", spades "♠"
enum rank = A, 2, 3
property suit: suit
property rank: rank
cards deck = every rank, suit
zone pack: shared, face down, holds deck
zone hand: per player, face down, spread, private
zone played: shared, face up, spread

procedure setup {
    deal 3 from pack to hand
}

procedure play {
    let c = top of hand of player 1
    reveal c
    announce "player 1 shows {c}"
    move c to played face up
    end game draw
}
"#;

/// `reveal c` shows one card of a private hand to everyone where it lies: one line, in every
/// seat's commentary alike, and nothing moves. An announcement may then name it.
#[test]
fn one_card_of_a_hand_is_shown_to_everyone() {
    let game = game_of(REVEALED);
    let mut seat2 = Seat(1, Vec::new());
    // The game has no decisions: it plays to its end at once.
    let stack = [top("hand of player 1", &["3♠", "A♠", "2♠"]), top("hand of player 2", &["2♥", "3♥", "A♥"])];
    let state = State::arranged(game, 1, &stack, &mut seat2).expect("the arrangement names real cards");
    assert!(state.is_over());
    let hand = cards(&state, "hand of player 1");
    assert_eq!(hand.len(), 2);
    let shown = seat2.1.iter().find(|l| l.starts_with("hand of player 1 shows")).expect("a reveal line");
    assert!(!hand.iter().any(|c| shown.contains(c.as_str())), "only the revealed card is named: {shown}");
    let card = shown.trim_start_matches("hand of player 1 shows ");
    assert!(seat2.1.iter().any(|l| *l == format!("» player 1 shows {card}")), "{:?}", seat2.1);
    assert!(seat2.1.iter().any(|l| *l == format!("{card}: hand of player 1 -> played")), "{:?}", seat2.1);
}

/// What one seat is told, line by line.
struct Seat(u8, Vec<String>);

impl EventSink for Seat {
    fn event(&mut self, state: &State, event: Event<'_>) {
        self.1.extend(describe_for(state, Viewer::Player(self.0), &event));
    }
}

/// Only an explicit reveal may name a hidden card in an announcement: the lint `hidden_read`
/// warns of `announce "{c}"` for a card of a private hand, and not once `reveal c` shows it.
#[test]
fn only_a_revealed_card_may_be_announced() {
    let warned = |source: &str| {
        let path =
            std::env::temp_dir().join(format!("cardlang-lang-zones-{}-{}.cardgame", std::process::id(), source.len()));
        std::fs::write(&path, source).expect("writable");
        let lint = cardlang::load::lint_file(&path.to_string_lossy());
        let _ = std::fs::remove_file(&path);
        lint.found
            .iter()
            .filter_map(|f| f.diagnostic.code().map(|c| c.to_string()))
            .filter(|c| c == "cardlang::lint::hidden_read")
            .count()
    };
    assert_eq!(warned(REVEALED), 0);
    // (Moved face up at once, a card shows anyway; here it stays in the hand.)
    let kept = REVEALED.replace("    move c to played face up\n", "");
    assert_eq!(warned(&kept), 0);
    let unrevealed = kept.replace("    reveal c\n", "");
    assert_eq!(warned(&unrevealed), 1);
    // A hand held facing out is hidden from its holder: naming its card tells them.
    let facing_out = unrevealed.replace("spread, private", "spread, seen by others");
    assert_eq!(warned(&facing_out), 1);
}

const DUMMY: &str = r#"
game "Dummy"
players 2
enum suit = hearts "♥", spades "♠"
enum rank = A, 2, 3
property suit: suit
property rank: rank
cards deck = every rank, suit
zone pack: shared, face down, holds deck
zone hand: per player, face down, spread, private
zone dummy: per player, face up, spread
zone played: shared, face up, spread

procedure setup {
    deal 3 from pack to hand
}

procedure play {
    // Player 2's hand is laid face up on the table; player 1 plays it.
    move all of hand of player 2 to dummy of player 2 face up
    player 1 chooses c from dummy of player 2
    move c to played face up
    end game draw
}
"#;

/// A hand laid face up mid-game (bridge's dummy) is moved to a face-up spread zone: everyone
/// sees it from then on, and the partner chooses its cards.
#[test]
fn a_hand_laid_face_up_is_played_by_the_partner() {
    let game = game_of(DUMMY);
    let mut seat1 = Seat(0, Vec::new());
    let stack = [top("hand of player 1", &["3♠", "A♠", "2♠"]), top("hand of player 2", &["2♥", "3♥", "A♥"])];
    let mut state = State::arranged(game, 1, &stack, &mut seat1).expect("the arrangement names real cards");
    // Dealt, player 2's cards were hidden from player 1; laid down, each is named.
    assert!(seat1.1.iter().any(|l| l == "a card: pack -> hand of player 2"), "{:?}", seat1.1);
    for c in ["2♥", "3♥", "A♥"] {
        assert!(seat1.1.iter().any(|l| *l == format!("{c}: hand of player 2 -> dummy of player 2")), "{:?}", seat1.1);
    }
    let dummy = zone(&state, "dummy of player 2") as usize;
    assert!(state.observation(0).zones[dummy].cards.iter().all(Option::is_some), "shown after");
    let labels: Vec<String> = state.legal_actions(0).iter().map(|a| state.action_label(0, *a)).collect();
    let mut sorted = labels.clone();
    sorted.sort();
    assert_eq!(sorted, ["2♥", "3♥", "A♥"], "player 1 plays player 2's cards");
    let mut log = Recorder::default();
    choose(&mut state, &mut log, &["3♥", ""]);
    assert_eq!(cards(&state, "played"), ["3♥"]);
}

/// Mistakes with rows explain themselves: a zone that is no row for each player, a row without
/// its key, a deal into a row.
#[test]
fn rows_used_wrongly_are_explained() {
    let errors = |source: &str| -> String {
        let file = cardlang::syntax::parse(source).unwrap_or_else(|e| panic!("{e}"));
        match check::check(&file, &Config::default()) {
            Ok(_) => String::new(),
            Err(e) => e
                .errors
                .iter()
                .map(|x| format!("{x} {:?}\n", miette::Diagnostic::help(x).map(|h| h.to_string())))
                .collect(),
        }
    };
    let base = PRIVATE_ROWS;
    let no_key = base.replace("p chooses c from every grid of p", "p chooses c from grid of p");
    assert!(says(&errors(&no_key), "each player has a row of `grid` zones"), "{}", errors(&no_key));
    let bare = base.replace("p chooses c from every grid of p", "p chooses c from grid");
    assert!(says(&errors(&bare), "write `grid k of p`"), "{}", errors(&bare));
    let not_row = base.replace("move c to played face up", "move c to played 2 of p");
    assert!(says(&errors(&not_row), "`played k of p` needs a zone with a row for each player"), "{}", errors(&not_row));
    let dealt = base.replace("procedure setup {\n", "procedure setup {\n    deal 1 from pack to grid\n");
    assert!(says(&errors(&dealt), "`grid` is a row of zones"), "{}", errors(&dealt));
}

/// The engine and the reference evaluator read zones of a player's row alike, in games played
/// with random choices to a random state: one place, a whole row, a key outside it, an enum's
/// row, and questions about every card of a row.
#[test]
fn engine_and_reference_agree_on_rows() {
    let source = r#"
game "Rows compared"
players 3
enum suit = hearts "♥", spades "♠"
enum rank = A, 2, 3, 4
property suit: suit
property rank: rank
cards deck = every rank, suit
zone pack: shared, face down, holds deck
zone grid: per player, per 2 to 4, face up, spread
zone pile: per player, per suit, face up
counter k = 2

procedure setup {
    shuffle pack
}

procedure play {
    repeat 6 times {
        for each player p {
            p chooses n from 2 to 4
            move top of pack to grid n of p
            let s = (top of grid n of p).suit
            if (top of grid n of p).rank == 2 {
                move top of grid n of p to pile s of p
            }
        }
    }
    set k = 3
    announce "E0 {count of grid 2 of player 1} {count of grid k of player 2} {count of grid 4 of player 3}"
    announce "E1 {count of every grid of player 2} {count of every grid} {every grid of player 3}"
    announce "E2 {grid 5 of player 1} {grid 1 of player 1} {top of grid k of player 3}"
    announce "E3 {count of pile hearts of player 1} {count of every pile of player 2} {pile spades of player 3}"
    announce "E4 {any c in every grid of player 1 where c.suit == hearts} {count of c in every grid of player 2 where c.rank == 3}"
    announce "E5 {sum of (if c.rank == 4 then 1 else 2) for c in every grid of player 3} {max of count of pile s of player 1 for s in suit}"
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
    assert!(compared >= 24 * 6, "only {compared} compared");
}

/// `fmt` writes the new forms back as they were written, and the files parse to the same tree.
#[test]
fn the_new_forms_format_and_round_trip() {
    for name in ["grid", "facing_out"] {
        let path = fixture(name);
        let (code, _, err) = cardlang(&["fmt", "--check", &path]);
        assert_eq!(code, 0, "{name} is formatted: {err}");
    }
    for source in [PRIVATE_ROWS, FACING_OUT, REVEALED, DUMMY] {
        let file = cardlang::syntax::parse(source).expect("parses");
        let again = cardlang::syntax::fmt::format(source).expect("formats");
        assert_eq!(cardlang::syntax::fmt::format(&again).expect("formats"), again, "stable");
        let reparsed = cardlang::syntax::parse(&again).expect("the formatted text parses");
        assert_eq!(reparsed.items.len(), file.items.len());
        assert!(again.contains("grid n of p") || !source.contains("grid n of p"));
    }
    let text = cardlang::syntax::fmt::format("game \"X\"\nplayers 2\nzone grid: per player, per 1 to 3, seen by others\nprocedure play {\n    announce \"{count of grid (1 + 1) of player 1} {count of every grid of player 2}\"\n    end game draw\n}\n").expect("formats");
    assert!(text.contains("zone grid: per player, per 1 to 3, seen by others"), "{text}");
    assert!(text.contains("count of grid (1 + 1) of player 1"), "{text}");
    assert!(text.contains("count of every grid of player 2"), "{text}");
}

/// The browser's panel (`src/session/view.rs`) follows who sees what: at player 1's seat, their
/// own hand held facing out shows two cards face down and the others' hands are named; the rows
/// of a player-row zone are labelled `grid 2 of player 1`.
#[test]
fn the_browser_panel_hides_the_holders_own_hand_and_names_rows() {
    use cardlang::engine::Viewer as SeatViewer;
    use cardlang::session::view::PanelLine;
    use cardlang::session::{Seat, Session};
    let seats = |n: usize| (0..n).map(|_| Seat::parse("human").expect("a seat")).collect::<Vec<_>>();
    let zones = |s: &Session, seat: u8| -> Vec<(String, Vec<bool>)> {
        s.panel_for(SeatViewer::Player(seat))
            .into_iter()
            .filter_map(|l| match l {
                PanelLine::Zone { label, cards, .. } => Some((label, cards.iter().map(Option::is_some).collect())),
                _ => None,
            })
            .collect()
    };
    let mut s = Session::new(game_of(FACING_OUT), 1, seats(3)).expect("a table");
    s.advance().expect("people only");
    let panel = zones(&s, 0);
    let hand = |who: &str| panel.iter().find(|(l, _)| l == who).map(|(_, c)| c.clone()).expect("a hand line");
    assert_eq!(hand("hand of player 1"), [false, false]);
    assert_eq!(hand("hand of player 2"), [true, true]);
    assert_eq!(hand("hand of player 3"), [true, true]);

    let mut s = Session::new(game_of(PRIVATE_ROWS), 1, seats(2)).expect("a table");
    s.advance().expect("people only");
    let labels: Vec<String> = zones(&s, 1).into_iter().map(|(l, _)| l).collect();
    assert!(labels.iter().any(|l| l == "grid 2 of player 1"), "{labels:?}");
    let theirs = zones(&s, 1).into_iter().find(|(l, _)| l == "grid 2 of player 1").expect("a line").1;
    assert_eq!(theirs, [false], "player 2 does not see player 1's private row");
}
