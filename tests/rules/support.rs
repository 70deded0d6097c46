//! Helpers for scenario tests: load a game, stack its table after setup, play scripted choices.
#![allow(dead_code)]

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::{Action, ArrangeStep, Game, Recorder, Result as GameResult, State, ToMove};

/// Loads `games/<name>.cardgame` with a variant and option settings.
pub fn game(name: &str, variant: Option<&str>, sets: &[(&str, &str)]) -> Arc<Game> {
    game_seated(name, variant, sets, None)
}

/// As `game`, at a table of `seats` players (a game of `players 2 to 7`; `None`: the fewest).
pub fn game_seated(name: &str, variant: Option<&str>, sets: &[(&str, &str)], seats: Option<u8>) -> Arc<Game> {
    let path = format!("{}/games/{name}.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the game file exists");
    let file = cardlang::syntax::parse(&text).expect("the game parses");
    let config = Config {
        variant: variant.map(String::from),
        sets: sets.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        seats,
    };
    Game::new(check::check(&file, &config).expect("the game checks"))
}

/// Put these cards (top first) on top of the zone.
pub fn top(zone: &str, cards: &[&str]) -> ArrangeStep {
    ArrangeStep::Top { zone: zone.into(), cards: cards.iter().map(|c| c.to_string()).collect() }
}

/// Move every card of one zone to another.
pub fn move_all(from: &str, to: &str) -> ArrangeStep {
    ArrangeStep::MoveAll { from: from.into(), to: to.into() }
}

/// A game with its table arranged after setup, with every event recorded in `log`.
pub fn start(game: &Arc<Game>, steps: &[ArrangeStep], log: &mut Recorder) -> State {
    State::arranged(game.clone(), 1, steps, log).expect("the arrangement names real zones and cards")
}

/// Plays to the end; `pick(state, player, labels)` returns the label of the card to choose.
pub fn play(state: &mut State, log: &mut Recorder, mut pick: impl FnMut(&State, u8, &[String]) -> String) {
    let mut guard = 0;
    while !state.is_over() {
        guard += 1;
        assert!(guard < 100_000, "the game did not end");
        let players = state.to_move().seats();
        if players.is_empty() {
            break;
        }
        for p in players {
            let legal = state.legal_actions(p);
            let labels: Vec<String> = legal.iter().map(|a| state.action_label(p, *a)).collect();
            let want = pick(state, p, &labels);
            let i = labels
                .iter()
                .position(|l| *l == want)
                .unwrap_or_else(|| panic!("player {} cannot choose {want}; the choices are {labels:?}", p + 1));
            state.apply_with(p, legal[i], log).expect("a legal action is accepted");
        }
    }
}

/// Plays one decision round: each deciding player chooses the card labelled in `picks[player]`.
pub fn choose(state: &mut State, log: &mut Recorder, picks: &[&str]) {
    let players = match state.to_move() {
        ToMove::One(p) => vec![p],
        ToMove::Simultaneous(ps) => ps.to_vec(),
        ToMove::Nobody => panic!("the game is over"),
    };
    for p in players {
        let legal = state.legal_actions(p);
        let a = find(state, p, &legal, picks[p as usize]);
        state.apply_with(p, a, log).expect("a legal action is accepted");
    }
}

fn find(state: &State, player: u8, legal: &[Action], label: &str) -> Action {
    *legal.iter().find(|a| state.action_label(player, **a) == label).unwrap_or_else(|| {
        let labels: Vec<String> = legal.iter().map(|a| state.action_label(player, *a)).collect();
        panic!("`{label}` is not a legal choice; the choices are {labels:?}")
    })
}

/// The index of a zone by name ("deck of player 1").
pub fn zone(state: &State, name: &str) -> u16 {
    state.game().program.zones.iter().position(|z| z.name == name).unwrap_or_else(|| panic!("no zone {name}")) as u16
}

/// The cards of a zone by name, top first.
pub fn cards(state: &State, name: &str) -> Vec<String> {
    let z = zone(state, name);
    state.zone_cards(z).iter().rev().map(|c| state.game().card_name(*c).to_string()).collect()
}

/// The number of cards in a zone.
pub fn count(state: &State, name: &str) -> usize {
    state.zone_cards(zone(state, name)).len()
}

/// A reported counter's value (the first player's, for a per-player counter).
pub fn counter(state: &State, name: &str) -> i64 {
    state.counter(name).and_then(|v| v[0].as_int()).unwrap_or_else(|| panic!("no counter {name}"))
}

/// The winners (players numbered from 1), or `None` for a draw or an unfinished game.
pub fn winners(state: &State) -> Option<Vec<u8>> {
    match &state.outcome().expect("the game is over").result {
        GameResult::Win(w) => Some(w.iter().map(|p| p + 1).collect()),
        _ => None,
    }
}

/// Whether the game ended as a draw.
pub fn is_draw(state: &State) -> bool {
    matches!(state.outcome().map(|o| &o.result), Some(GameResult::Draw))
}

/// Whether the game ended unfinished.
pub fn is_unfinished(state: &State) -> bool {
    matches!(state.outcome().map(|o| &o.result), Some(GameResult::Unfinished))
}

/// The total number of cards in every zone (cards are never created or destroyed).
pub fn total_cards(state: &State) -> usize {
    (0..state.game().program.zones.len() as u16).map(|z| state.zone_cards(z).len()).sum()
}

/// Whether the log has a line containing `text`.
pub fn logged(log: &Recorder, text: &str) -> bool {
    log.lines.iter().any(|l| l.contains(text))
}

/// The one player who decides now, from 1.
pub fn mover(state: &State) -> u8 {
    match state.to_move() {
        ToMove::One(p) => p + 1,
        other => panic!("one player should decide, not {other:?}"),
    }
}

/// The steps that stack `stock` with `order` on top (top first), each card named once; `short`
/// first moves the whole stock to `discard`, so only the named cards are left to deal.
pub fn stacked_stock(order: &[&str], short: bool) -> Vec<ArrangeStep> {
    for (i, c) in order.iter().enumerate() {
        assert!(!order[..i].contains(c), "{c} is named twice in the deal");
    }
    let mut steps = Vec::new();
    if short {
        steps.push(move_all("stock", "discard"));
    }
    steps.push(top("stock", order));
    steps
}

/// Every card of a standard pack, by name, suit by suit (hearts, diamonds, clubs, spades).
pub const STANDARD_52: [&str; 52] = [
    "A♥", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", //
    "A♦", "2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", //
    "A♣", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", //
    "A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠",
];

/// The labels offered to whoever decides now (nothing when several decide at once).
pub fn offered_now(state: &State) -> Vec<String> {
    match state.to_move() {
        ToMove::One(p) => state.legal_actions(p).iter().map(|a| state.action_label(p, *a)).collect(),
        _ => Vec::new(),
    }
}

/// Whoever decides now chooses `label`.
pub fn say(state: &mut State, log: &mut Recorder, label: &str) {
    let p = mover(state) as usize - 1;
    let mut picks = vec![""; state.game().players() as usize];
    picks[p] = label;
    choose(state, log, &picks);
}

/// Labels as owned texts, sorted: what a sorted list of offers is compared with.
pub fn sorted_labels(labels: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
    out.sort();
    out
}

/// Whether a choice with this label is offered now.
pub fn offers(state: &State, label: &str) -> bool {
    offered_now(state).iter().any(|l| l == label)
}

/// Whether a one-player game is over and lost (nobody won).
pub fn lost(state: &State) -> bool {
    state.is_over() && winners(state) == Some(vec![])
}

/// A set label with its cards sorted ("7♣ + 3♣" and "3♣ + 7♣" are the same set).
pub fn set_of(label: &str) -> String {
    let mut parts: Vec<&str> = label.split(" + ").collect();
    parts.sort();
    parts.join(" + ")
}

/// Chooses the set offered that holds these cards, in whatever order the label names them.
pub fn say_set(state: &mut State, log: &mut Recorder, set: &str) {
    let want = set_of(set);
    let label = offered_now(state)
        .into_iter()
        .find(|l| set_of(l) == want)
        .unwrap_or_else(|| panic!("the set {set} is not offered; the choices are {:?}", offered_now(state)));
    say(state, log, &label);
}

/// Plays on, each player taking the first choice offered, until hand `hand` (the counter
/// `hands`) has begun or the game is over.
pub fn play_until_hand(state: &mut State, log: &mut Recorder, hand: i64) {
    let mut guard = 0;
    while !state.is_over() && counter(state, "hands") < hand {
        guard += 1;
        assert!(guard < 10_000, "the hand did not end");
        let first = offered_now(state)[0].clone();
        say(state, log, &first);
    }
}
