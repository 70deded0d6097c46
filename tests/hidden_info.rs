//! Hidden information, for every game and variant: what a player is shown never depends on
//! cards they cannot see.
//!
//! Many seeded games are played by random players. At each decision, for each player `v`, the
//! real state is set beside a determinization for `v` (`State::determinized_remembering`: every
//! card `v` cannot see dealt afresh among the places they cannot see, except that a card `v` saw
//! go out of sight into a zone stays in that zone, as the discard pile's cards a rummy player
//! watched an opponent take). The two look the same to `v`
//! (same observation), and must go on looking the same: from each, every way the game can go
//! on (every candidate of every decision, a sample where there are many) is played a few steps
//! ahead, rendering each event as `cardlang play` shows it to `v`'s seat
//! (`describe_for(.., Viewer::Player(v), ..)`), up to `v`'s next decision (where `v`'s
//! observation and choices are compared too) or a few lines. Some way from the real state must
//! show `v` exactly what some way from the determinization shows them.
//!
//! A view may legitimately part when a card `v` could not see comes into their sight (a card
//! drawn, a hand laid down, a hidden prize turned up): there `v` learns something, and the
//! comparison stops, with the announcements made in the same step just before it (the "player 2
//! declares Gin" that the cards laid down prove). What other players choose to do may tell `v`
//! something too (a knock), so only some way on from each state has to agree, not every way.
//!
//! A leak shows as no way agreeing: "player 2 chooses play on" (GR-14, before private choices)
//! is shown only when player 2 could have knocked, so from a determinization where they cannot,
//! no way on shows it.

use std::collections::HashSet;
use std::sync::Arc;

use cardlang::agents::{Agent, RandomAgent};
use cardlang::engine::rng::Rng;
use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{Action, Event, EventSink, Game, State, ToMove};

use crate::common::every_game;

/// Seeds per game and variant.
const SEEDS: u64 = 3;
/// Decisions checked per game: every `STRIDE`-th of the first `DECISIONS * STRIDE` (the meld
/// search makes a look ahead in a rummy game slow in a test build).
const DECISIONS: usize = 40;
const STRIDE: usize = 2;
/// Lines of a view compared, at most.
const LINES: usize = 6;
/// Decisions played ahead, at most.
const DEPTH: usize = 5;
/// Candidates tried at one decision, at most (spread over the list).
const WIDTH: usize = 5;

/// How a way on from a state ends.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum End {
    /// The viewer decides: their observation and the labels of their choices.
    Viewer(String),
    /// The game is over.
    Over,
    /// A card came into the viewer's sight: what came before is all that must agree.
    Learned,
    /// The lines or decisions to compare ran out.
    Enough,
}

/// What the viewer is shown along one way on: lines, then how it ends.
type View = (Vec<String>, End);

/// The events of one step (from a decision to the next) as the viewer is shown them, until a
/// card they did not know comes into sight.
struct Step<'k> {
    viewer: u8,
    known: &'k HashSet<u16>,
    lines: Vec<String>,
    learned: bool,
}

impl EventSink for Step<'_> {
    fn event(&mut self, state: &State, event: Event<'_>) {
        if self.learned {
            return;
        }
        if comes_into_sight(state, self.viewer, &event, self.known) {
            // What was announced in this step just before explains what is shown now.
            while self.lines.last().is_some_and(|l| l.starts_with("» ")) {
                self.lines.pop();
            }
            self.learned = true;
            return;
        }
        self.lines.extend(describe_for(state, Viewer::Player(self.viewer), &event));
    }
}

/// Whether, after `event`, the viewer sees a card that is not among those they saw (`known`).
fn comes_into_sight(state: &State, viewer: u8, event: &Event<'_>, known: &HashSet<u16>) -> bool {
    let zones: Vec<u16> = match event {
        Event::Move { from, to, .. } => vec![*from, *to],
        Event::Turn { card, .. } => state.find_card(*card).map(|(z, _)| z).into_iter().collect(),
        Event::TurnOver { zone } | Event::Shuffle { zone } => vec![*zone],
        Event::Reveal { zone } => return state.zone_cards(*zone).iter().any(|c| !known.contains(c)),
        _ => return false,
    };
    zones.into_iter().any(|z| {
        let cards = state.zone_cards(z);
        (0..cards.len()).any(|i| state.can_see(viewer, z, i) && !known.contains(&cards[i]))
    })
}

/// The cards `viewer` sees now.
fn seen_by(state: &State, viewer: u8) -> HashSet<u16> {
    state.observation(viewer).zones.iter().flat_map(|z| z.cards.iter().flatten().copied()).collect()
}

/// The players who must decide now.
fn deciders(state: &State) -> Vec<u8> {
    match state.to_move() {
        ToMove::One(p) => vec![p],
        ToMove::Simultaneous(ps) => ps.into_iter().filter(|p| state.must_choose(*p)).collect(),
        ToMove::Nobody => Vec::new(),
    }
}

/// At most `WIDTH` candidates, spread over the list (the same places for lists of one length).
fn sample(legal: &[Action]) -> Vec<Action> {
    let n = legal.len();
    if n <= WIDTH {
        return legal.to_vec();
    }
    let mut at: Vec<usize> = (0..WIDTH).map(|k| k * (n - 1) / (WIDTH - 1)).collect();
    at.dedup();
    at.into_iter().map(|i| legal[i]).collect()
}

/// What the viewer sees as they decide.
fn viewer_decides(state: &State, viewer: u8) -> String {
    let labels: Vec<String> = state.legal_actions(viewer).iter().map(|a| state.action_label(viewer, *a)).collect();
    format!("{}{}", state.observation_text(viewer), labels.join(" | "))
}

/// Every way on from `state` (a sample of each decision's candidates), as the viewer sees it.
fn views(state: &State, viewer: u8, known: &HashSet<u16>) -> Vec<View> {
    let mut out = Vec::new();
    explore(state, viewer, known, Vec::new(), 0, &mut out);
    out
}

fn explore(state: &State, viewer: u8, known: &HashSet<u16>, lines: Vec<String>, depth: usize, out: &mut Vec<View>) {
    if state.is_over() {
        out.push((lines, End::Over));
        return;
    }
    let who = deciders(state);
    if depth > 0 && who.contains(&viewer) {
        out.push((lines, End::Viewer(viewer_decides(state, viewer))));
        return;
    }
    if depth >= DEPTH || who.is_empty() {
        out.push((lines, End::Enough));
        return;
    }
    // At the start, the viewer's own decision comes first (and is part of what they see).
    let (d, lines) = if who.contains(&viewer) {
        let mut l = lines;
        l.push(viewer_decides(state, viewer));
        (viewer, l)
    } else {
        (who[0], lines)
    };
    let legal = state.legal_actions(d);
    if legal.is_empty() {
        // The determinization left the rules at a choice its table does not offer (one offered
        // because of the cards it dealt afresh): a table the rules could not have reached.
        out.push((lines, End::Enough));
        return;
    }
    for a in sample(&legal) {
        let mut next = state.clone();
        let mut step = Step { viewer, known, lines: Vec::new(), learned: false };
        if next.apply_with(d, a, &mut step).is_err() {
            continue;
        }
        let mut l = lines.clone();
        l.extend(step.lines);
        if l.len() > LINES + 1 {
            l.truncate(LINES + 1);
            out.push((l, End::Enough));
        } else if step.learned {
            out.push((l, End::Learned));
        } else {
            explore(&next, viewer, known, l, depth + 1, out);
        }
    }
}

/// Whether two views agree: the same, or the same up to the point where one of them learned
/// something (or stopped looking).
fn agree(a: &View, b: &View) -> bool {
    let prefix = |x: &View, y: &View| x.0.len() <= y.0.len() && y.0[..x.0.len()] == x.0[..];
    match (&a.1, &b.1) {
        (End::Learned | End::Enough, _) if prefix(a, b) => true,
        (_, End::Learned | End::Enough) if prefix(b, a) => true,
        _ => a == b,
    }
}

/// Checks one decision of one game: for each player, the real state against a determinization.
fn check(state: &State, rng: &mut Rng, label: &str, at: usize) {
    for viewer in 0..state.game().players() {
        let other = state.determinized_remembering(viewer, rng);
        assert_eq!(state.observation(viewer), other.observation(viewer), "{label}: decision {at}");
        let known = seen_by(state, viewer);
        let real = views(state, viewer, &known);
        let guess = views(&other, viewer, &known);
        let ok = real.iter().any(|a| guess.iter().any(|b| agree(a, b)));
        assert!(
            ok,
            "{label}, decision {at}: what player {} is shown depends on cards they cannot see.\n\
             From the real table:\n{}\nFrom a table that looks the same to them:\n{}",
            viewer + 1,
            show(&real),
            show(&guess)
        );
    }
}

fn show(views: &[View]) -> String {
    views.iter().take(6).map(|(l, e)| format!("  {} => {e:?}\n", l.join(" / "))).collect()
}

/// Plays seeded games of `game` with random players, checking decisions along the way.
fn play_and_check(label: &str, game: &Arc<Game>) {
    if game.players() < 2 {
        return;
    }
    for seed in 0..SEEDS {
        let mut state = State::new(game.clone(), seed);
        let mut agents: Vec<RandomAgent> =
            (0..game.players()).map(|p| RandomAgent::new(seed * 10 + p as u64)).collect();
        let mut rng = Rng::new(seed ^ 0x5eed);
        let mut decisions = 0;
        while !state.is_over() && decisions < DECISIONS * STRIDE {
            if decisions % STRIDE == 0 {
                check(&state, &mut rng, &format!("{label} seed {seed}"), decisions);
            }
            decisions += 1;
            for p in deciders(&state) {
                let legal = state.legal_actions(p);
                if legal.is_empty() {
                    continue;
                }
                let a = agents[p as usize].choose(&state, p, &legal).expect("a random player always chooses");
                state.apply(p, a).expect("a legal action");
            }
        }
    }
}

/// Checks every game and variant whose label passes `pick`.
fn check_games(pick: impl Fn(&str) -> bool) {
    let games: Vec<_> = every_game().into_iter().filter(|(label, _)| pick(label)).collect();
    assert!(!games.is_empty());
    for (label, game) in games {
        play_and_check(&label, &game);
    }
}

// Three tests, so that the test runner plays them side by side.

#[test]
fn what_a_player_is_shown_never_depends_on_cards_they_cannot_see_rummy() {
    check_games(|label| label.contains("gin"));
}

#[test]
fn what_a_player_is_shown_never_depends_on_cards_they_cannot_see_wilcox_war() {
    check_games(|label| label.contains("wilcox"));
}

#[test]
fn what_a_player_is_shown_never_depends_on_cards_they_cannot_see_other_games() {
    check_games(|label| !label.contains("gin") && !label.contains("wilcox"));
}
