//! A person types a card as it is shown (`8♥`), as card players write it (`8h`, `10s`, `Ts`,
//! `qd`, `AS`), or by its number in the menu; anything else is asked again. The words come from
//! the game's own enums, so another game's suits and ranks work the same way.

use std::io::Cursor;
use std::sync::{Arc, Mutex};

use cardlang::agents::{Agent, Human};
use cardlang::check::{check, Config};
use cardlang::engine::{Game, State};

const ONE_CARD: &str = r#"
game "Pick a card"
players 1
enum suit = hearts "♥", diamonds "♦", clubs "♣", spades "♠"
enum rank = 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A
property suit: suit
property rank: rank
cards standard = every rank, suit
zone pack: shared, face down, holds standard
zone hand: per player, face up, public
procedure play {
    deal all from pack to hand
    player 1 chooses c from hand of player 1
    end game draw
}
"#;

/// What a writer wrote, shared with the test.
#[derive(Clone, Default)]
struct Screen(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Screen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("the screen").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn game(source: &str) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).expect("parses");
    Game::new(check(&file, &Config::default()).expect("checks"))
}

/// The label of the card a person picks by typing `typed` (lines), and what they were shown.
fn pick(source: &str, typed: &str) -> (Option<String>, String) {
    let state = State::new(game(source), 1);
    let legal = state.legal_actions(0);
    let screen = Screen::default();
    let mut person = Human::new(Box::new(Cursor::new(typed.to_string())), Box::new(screen.clone()));
    let chosen = person.choose(&state, 0, &legal).map(|a| state.action_label(0, a));
    let shown = String::from_utf8_lossy(&screen.0.lock().expect("the screen")).into_owned();
    (chosen, shown)
}

#[test]
fn a_card_is_typed_as_shown_or_as_card_players_write_it() {
    for (typed, card) in [
        ("8♥", "8♥"),
        ("8h", "8♥"),
        ("8H", "8♥"),
        ("10s", "10♠"),
        ("Ts", "10♠"),
        ("qd", "Q♦"),
        ("AS", "A♠"),
        ("a of spades", "A♠"),
        ("K clubs", "K♣"),
    ] {
        assert_eq!(pick(ONE_CARD, &format!("{typed}\n")).0.as_deref(), Some(card), "`{typed}`");
    }
}

#[test]
fn a_number_picks_from_the_menu_and_anything_else_is_asked_again() {
    let state = State::new(game(ONE_CARD), 1);
    let third = state.action_label(0, state.legal_actions(0)[2]);
    assert_eq!(pick(ONE_CARD, "3\n").0, Some(third));
    let (chosen, shown) = pick(ONE_CARD, "8x\n1h\nbanana\n8h\n");
    assert_eq!(chosen.as_deref(), Some("8♥"));
    assert_eq!(shown.matches("is not one of the choices").count(), 3, "{shown}");
    assert!(shown.contains("or a choice's name (`"), "an example of the short form: {shown}");
}

#[test]
fn the_words_come_from_the_games_own_enums() {
    // Another game's suits: `b` for bells, `l` for leaves, and `u` for the unter.
    let german = ONE_CARD
        .replace(
            r#"hearts "♥", diamonds "♦", clubs "♣", spades "♠""#,
            r#"hearts "H", bells "B", acorns "E", leaves "L""#,
        )
        .replace(
            "2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A",
            "7, 8, 9, 10, unter \"U\", ober \"O\", king \"K\", ace \"A\"",
        );
    assert_eq!(pick(&german, "ub\n").0.as_deref(), Some("UB"));
    assert_eq!(pick(&german, "ober leaves\n").0.as_deref(), Some("OL"));
    assert_eq!(pick(&german, "tb\n").0.as_deref(), Some("10B"));
}

/// A choice of several cards: the set typed in any order, with spaces or commas; a long menu is
/// cut short with an example of a set to type.
#[test]
fn several_cards_are_typed_as_a_set_in_any_order() {
    let several = ONE_CARD.replace(
        "player 1 chooses c from hand of player 1",
        "player 1 chooses 1 to 2 cards of one rank from hand of player 1 to pack",
    );
    // The hand is dealt from the top of the pack, so the label names the spade first.
    for typed in ["8h 8s", "8s 8h", "8♠, 8♥", "8♠ + 8♥", "eight"] {
        let (chosen, shown) = pick(&several, &format!("{typed}\n8h\n"));
        let want = if typed == "eight" { "8♥" } else { "8♠ + 8♥" };
        assert_eq!(chosen.as_deref(), Some(want), "`{typed}`:\n{shown}");
    }
    // 52 single cards and 78 pairs: 40 are listed, then how to name one.
    let (_, shown) = pick(&several, "q\n");
    assert!(shown.contains("... and 90 more"), "{shown}");
    assert!(shown.contains("or type a choice such as `"), "{shown}");
    // Two cards of different ranks are not a choice: asked again.
    let (chosen, shown) = pick(&several, "8h 9h\n8h\n");
    assert_eq!(chosen.as_deref(), Some("8♥"));
    assert!(shown.contains("`8h 9h` is not one of the choices"), "{shown}");
}

/// A choice of several cards with too many sets to list (up to four of 52: over 270,000) is
/// offered one card at a time; a person still types the whole set at once, in any order, and
/// the rest of it is picked for them.
#[test]
fn a_set_typed_at_once_is_picked_card_by_card_when_the_sets_are_too_many() {
    let many = ONE_CARD.replace(
        "player 1 chooses c from hand of player 1",
        "player 1 chooses 1 to 4 cards from hand of player 1 to pack",
    );
    let mut state = State::new(game(&many), 1);
    assert!(state.offered_card_by_card());
    let screen = Screen::default();
    let mut person = Human::new(Box::new(Cursor::new("2c 8h, As\n".to_string())), Box::new(screen.clone()));
    let mut picked = Vec::new();
    while state.must_choose(0) {
        let legal = state.legal_actions(0);
        let a = person.choose(&state, 0, &legal).expect("the person answers");
        picked.push(state.action_label(0, a));
        state.apply(0, a).expect("a legal action");
    }
    // The typed cards, then "done": one line of input.
    assert_eq!(picked, ["2♣", "8♥", "A♠", "done"]);
    assert_eq!(state.zone_cards(0).len(), 3, "the three cards went back to the pack");
    // A set the rules do not allow (five cards) is asked again, nothing picked.
    let mut state = State::new(game(&many), 1);
    let mut person = Human::new(Box::new(Cursor::new("2c 3c 4c 5c 6c\n7d\n".to_string())), Box::new(screen.clone()));
    let legal = state.legal_actions(0);
    let a = person.choose(&state, 0, &legal).expect("the person answers");
    assert_eq!(state.action_label(0, a), "7♦");
    state.apply(0, a).expect("a legal action");
    let shown = String::from_utf8_lossy(&screen.0.lock().expect("the screen")).into_owned();
    assert!(shown.contains("`2c 3c 4c 5c 6c` is not one of the choices"), "{shown}");
    // The next question shows the pick so far.
    let mut person = Human::new(Box::new(Cursor::new("done\n".to_string())), Box::new(screen.clone()));
    let legal = state.legal_actions(0);
    let a = person.choose(&state, 0, &legal).expect("the person answers");
    assert_eq!(state.action_label(0, a), "done");
    let shown = String::from_utf8_lossy(&screen.0.lock().expect("the screen")).into_owned();
    assert!(shown.contains("Picked so far: 7♦"), "{shown}");
}
