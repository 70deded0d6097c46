//! Names that hide or reuse other names keep their meaning when functions, `let`s and
//! procedures are put in place where they are used: a value put inside an aggregate, a loop or
//! a procedure reads what it read where it was written. Every answer is worked out by hand from
//! the fixture's comments (`tests/fixtures/shadowing/names.cardgame`).

use crate::common::cardlang;

/// The announcements of the fixture's one game (no decisions, no shuffle).
fn said() -> Vec<String> {
    let (code, out, err) = cardlang(&["transcript", "tests/fixtures/shadowing/names.cardgame", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    out.lines().filter_map(|l| l.strip_prefix("» ")).map(str::to_string).collect()
}

/// The table holds 3♠ (top), 4♥, 4♠; the pile 2♠ (top), 3♥.
#[test]
fn a_let_put_inside_an_aggregate_keeps_the_parameter_it_read() {
    let said = said();
    // same_suit and same_suit_card: the table's cards of x's suit (spades 2, hearts 1), not
    // every card (3), which is what a captured `x` counted. twice: 3 cards, then 3 + 10.
    assert_eq!(said[..3], ["3spades 2 2 13", "4hearts 1 1 13", "4spades 2 2 13"]);
}

/// An aggregate inside another with the same item name reads its own item (the pile holds a
/// heart, so every table card counts: 3, not the 1 heart of the table); a function used on an
/// answer of itself keeps each use's item apart (only 4♠ has another spade and its first other
/// card from the top, 3♠, has one too: 1).
#[test]
fn an_inner_aggregate_hides_an_outer_one_of_the_same_name() {
    assert_eq!(said()[3], "inner 3 nested 1");
}

/// A procedure whose parameter has the name of the caller's loop item, with a `let` of the
/// name a function uses for its parameter: 2♠ has 2 spades on the table, 3♥ 1 heart.
#[test]
fn a_procedure_parameter_named_as_the_callers_loop_item_reads_the_argument() {
    assert_eq!(said()[4..], ["show 2spades 2", "show 3hearts 1"]);
}
