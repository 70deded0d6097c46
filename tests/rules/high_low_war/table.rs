//! The table of High-Low Wager War for scenario tests: starting a stacked game, reading coins,
//! cards and predictions, and making the players' decisions by name.

use cardlang::check::ir::Value;
use cardlang::engine::{ArrangeStep, Observation, Recorder, State, ToMove, ZoneView};

use super::super::support::*;

pub(super) const GAME: &str = "high_low_war";
pub(super) const DECK1: &str = "deck of player 1";
pub(super) const DECK2: &str = "deck of player 2";
pub(super) const LOOK1: &str = "look of player 1";
pub(super) const LOOK2: &str = "look of player 2";
pub(super) const WAITING1: &str = "waiting of player 1";
pub(super) const WAITING2: &str = "waiting of player 2";
pub(super) const TABLE1: &str = "table of player 1";
pub(super) const TABLE2: &str = "table of player 2";
pub(super) const DISCARD1: &str = "discard of player 1";
pub(super) const DISCARD2: &str = "discard of player 2";

/// A game with these option settings and this arrangement, run to its first decision (or its
/// end). Seed 1's coin flip shows tails: player 2 opens round 1.
pub(super) fn new(sets: &[(&str, &str)], steps: &[ArrangeStep]) -> (State, Recorder) {
    let g = game(GAME, None, sets);
    let mut log = Recorder::default();
    let s = start(&g, steps, &mut log);
    assert!(logged(&log, "» the coin shows tails: player 2 opens the wagering"), "seed 1 flips tails");
    (s, log)
}

/// The next cards of each deck, top first: `p1` on player 1's deck, `p2` on player 2's.
pub(super) fn deal(p1: &[&str], p2: &[&str]) -> Vec<ArrangeStep> {
    vec![top(DECK1, p1), top(DECK2, p2)]
}

/// Moves `amount` coins between two counters, named as in transcripts ("purse of player 1", "pot").
pub(super) fn give(amount: i64, from: &str, to: &str) -> ArrangeStep {
    ArrangeStep::Transfer { amount, from: from.into(), to: to.into() }
}

/// The values of a counter (one, one per player, or one per card) as integers (0 for none).
pub(super) fn ints(s: &State, name: &str) -> Vec<i64> {
    s.counter(name).unwrap_or_else(|| panic!("no counter {name}")).iter().map(|v| v.as_int().unwrap_or(0)).collect()
}

/// Player `p`'s purse (players numbered from 1).
pub(super) fn purse(s: &State, p: usize) -> i64 {
    ints(s, "purse")[p - 1]
}

pub(super) fn pot(s: &State) -> i64 {
    counter(s, "pot")
}

/// The index of the card with this name.
pub(super) fn card(s: &State, name: &str) -> usize {
    (0..s.game().program.cards.len() as u16)
        .find(|c| s.game().card_name(*c) == name)
        .unwrap_or_else(|| panic!("no card {name}")) as usize
}

/// The prediction coins under a card.
pub(super) fn stake(s: &State, name: &str) -> i64 {
    ints(s, "stake")[card(s, name)]
}

/// The prediction shown by the coin under a card: "higher", "lower" or "none".
pub(super) fn prediction(s: &State, name: &str) -> &'static str {
    match s.counter("prediction").expect("a prediction counter")[card(s, name)] {
        Value::None => "none",
        Value::Sym(0) => "higher",
        Value::Sym(1) => "lower",
        v => panic!("unexpected prediction {v:?}"),
    }
}

/// Every coin of the game: both purses, the pot and the coins under the cards.
pub(super) fn coins(s: &State) -> i64 {
    ints(s, "purse").iter().sum::<i64>() + pot(s) + ints(s, "odd_coin")[0] + ints(s, "stake").iter().sum::<i64>()
}

/// Who opens the wagering this round (players numbered from 1).
pub(super) fn opener(s: &State) -> u8 {
    match s.counter("opener").expect("an opener variable")[0] {
        Value::Player(p) => p + 1,
        v => panic!("unexpected opener {v:?}"),
    }
}

/// One zone as seen in an observation.
pub(super) fn view<'a>(o: &'a Observation, name: &str) -> &'a ZoneView {
    o.zones.iter().find(|z| z.name == name).unwrap_or_else(|| panic!("no zone view {name}"))
}

/// Both players secretly predict at once: `p1` for player 1's card, `p2` for player 2's.
pub(super) fn predict(s: &mut State, log: &mut Recorder, p1: &str, p2: &str) {
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])), "both players predict at once");
    choose(s, log, &[p1, p2]);
}

/// The choices offered to `player` (numbered from 1), who must be the one to move.
pub(super) fn offered(s: &State, player: u8) -> Vec<String> {
    assert_eq!(s.to_move(), ToMove::One(player - 1), "player {player} is to move");
    s.legal_actions(player - 1).iter().map(|a| s.action_label(player - 1, *a)).collect()
}

/// `player` (numbered from 1) makes a wagering choice: "check", "call", "raise" or a raise size.
pub(super) fn bet(s: &mut State, log: &mut Recorder, player: u8, label: &str) {
    assert_eq!(s.to_move(), ToMove::One(player - 1), "player {player} is to move");
    let picks = if player == 1 { [label, ""] } else { ["", label] };
    choose(s, log, &picks);
}

/// `player` raises by `by` coins.
pub(super) fn raise(s: &mut State, log: &mut Recorder, player: u8, by: i64) {
    bet(s, log, player, "raise");
    bet(s, log, player, &by.to_string());
}

/// The labels "lo" ..= "hi".
pub(super) fn sizes(lo: i64, hi: i64) -> Vec<String> {
    (lo..=hi).map(|n| n.to_string()).collect()
}

/// The announcements (log lines starting with "» ", without that mark) from the first one that
/// starts with `from` to the end of the log.
pub(super) fn said_from(log: &Recorder, from: &str) -> Vec<String> {
    let said: Vec<String> = log.lines.iter().filter_map(|l| l.strip_prefix("» ")).map(String::from).collect();
    let i =
        said.iter().position(|l| l.starts_with(from)).unwrap_or_else(|| panic!("nothing said starts with `{from}`"));
    said[i..].to_vec()
}

/// The index of the first log line containing `text`.
pub(super) fn line_of(log: &Recorder, text: &str) -> usize {
    log.lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("no log line contains `{text}`"))
}

/// Whether some log line is exactly `line`.
pub(super) fn has(log: &Recorder, line: &str) -> bool {
    log.lines.iter().any(|l| l == line)
}

/// The cards of a zone as names, top first, sorted (to compare shuffled piles).
pub(super) fn sorted(s: &State, zone: &str) -> Vec<String> {
    let mut v = cards(s, zone);
    v.sort();
    v
}

pub(super) fn names(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|c| c.to_string()).collect();
    v.sort();
    v
}
