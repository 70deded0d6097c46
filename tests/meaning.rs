//! What the language means, proven against answers worked out by hand from the rules of the
//! language (docs/language.md), not against the engine's own earlier output. Each finding of
//! issue 37 that gave a silent wrong answer has its test here, named after what it proves.

use crate::common::cardlang;

/// The announcements of a game with no decisions (its pack is not shuffled, so any seed plays
/// the same game).
fn announcements(file: &str) -> Vec<String> {
    let (code, out, err) = cardlang(&["transcript", file, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    out.lines().filter_map(|l| l.strip_prefix("» ")).map(str::to_string).collect()
}

/// Issue 37, finding 1: `x.suit == (card d in Z where d != x).suit` compares x with the first
/// other card from the top, whichever side the aggregate is on, in a function, through a `let`
/// and written out. The table holds 3♠ (top), 4♥, 4♠: only 4♠'s first other card (3♠) shares
/// its suit. (The engine once worked such a comparison out as a table of two cards and replaced
/// `x` inside the aggregate before the aggregate itself, so the aggregate read no zone.)
#[test]
fn an_aggregate_that_reads_a_card_compares_with_that_card_either_way_round() {
    assert_eq!(
        announcements("tests/fixtures/meaning/aggregate_beside_its_card.cardgame"),
        ["3spades false false false false", "4hearts false false false false", "4spades true true true true"]
    );
}

/// Issue 37, finding 2: `for each card c in every ROW` visits every card of every zone of the
/// row, the first zone first and each zone from the top, as the aggregates over the row do; so
/// does `every HAND` over a per-player zone. (The loop once visited no card at all.)
#[test]
fn a_loop_over_every_zone_of_a_row_visits_each_card_zone_by_zone() {
    assert_eq!(
        announcements("tests/fixtures/meaning/every_row_loop.cardgame"),
        [
            "column 4hearts",
            "column 4spades",
            "column 3hearts",
            "column 3spades",
            "hand 2spades",
            "hand 2hearts",
            "4 cards, 2 spades, 2 by count",
        ]
    );
}
