//! The greedy agent and the determinization it decides from: a determinized state looks the
//! same to its player and keeps every card, it really moves hidden cards, greedy decides the
//! same on two tables that look the same to it, it beats random play where choices matter, and
//! `cardlang simulate` seats it.

use crate::common::every_game;
use std::process::Command;
use std::sync::Arc;

use cardlang::agents::{self, Agent, Decision, GreedyAgent, RandomAgent, Watcher};
use cardlang::check::Config;
use cardlang::engine::rng::Rng;
use cardlang::engine::{Event, EventSink, Game, Limits, NoEvents, State, ToMove};

fn load(path: &str) -> Arc<Game> {
    cardlang::load::load_game(path, &Config::default()).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Where each card lies, as the zone holding it; panics unless every card lies in exactly one.
fn places(state: &State) -> Vec<u16> {
    let n = state.game().program.cards.len();
    let mut at = vec![None; n];
    for z in 0..state.game().program.zones.len() as u16 {
        for &c in state.zone_cards(z) {
            assert!(at[c as usize].is_none(), "card {c} lies in two places");
            at[c as usize] = Some(z);
        }
    }
    at.into_iter().enumerate().map(|(c, z)| z.unwrap_or_else(|| panic!("card {c} is nowhere"))).collect()
}

/// Every card of every zone, in order.
fn table(state: &State) -> Vec<Vec<u16>> {
    (0..state.game().program.zones.len() as u16).map(|z| state.zone_cards(z).to_vec()).collect()
}

/// How many cards `player` cannot see.
fn hidden(state: &State, player: u8) -> usize {
    (0..state.game().program.zones.len() as u16)
        .map(|z| (0..state.zone_cards(z).len()).filter(|&i| !state.can_see(player, z, i)).count())
        .sum()
}

/// Determinizes states it is shown, for every player, and checks what must not change. It checks
/// ever more sparsely (gaps of 1, 2, 3, ... states), so long games cost little and are still
/// checked from start to end.
struct Checker {
    label: String,
    seen: usize,
    next: usize,
    gap: usize,
    checked: usize,
    moved: usize,
}

impl Checker {
    fn check(&mut self, state: &State) {
        self.seen += 1;
        if self.seen < self.next {
            return;
        }
        self.gap += 1;
        self.next = self.seen + self.gap;
        let before = places(state);
        for p in 0..state.game().players() {
            for k in 0..2 {
                let mut rng = Rng::new(self.seen as u64 * 31 + k);
                let d = state.determinized(p, &mut rng);
                let what = format!("{} event {} player {p}", self.label, self.seen);
                assert_eq!(d.observation(p), state.observation(p), "{what}: the view changed");
                assert_eq!(d.to_move(), state.to_move(), "{what}: who moves changed");
                assert_eq!(d.is_over(), state.is_over(), "{what}");
                if state.must_choose(p) {
                    assert_eq!(d.legal_actions(p), state.legal_actions(p), "{what}: the choices changed");
                }
                let after = places(&d);
                assert_eq!(after.len(), before.len(), "{what}: cards were made or lost");
                self.checked += 1;
                self.moved += usize::from(table(&d) != table(state));
            }
        }
        // The original is untouched.
        assert_eq!(places(state), before);
    }
}

impl EventSink for Checker {
    fn event(&mut self, state: &State, _: Event<'_>) {
        self.check(state);
    }
}

impl Watcher for Checker {
    fn decision(&mut self, _: &State, _: &Decision) {}
    fn paused(&mut self, state: &State) {
        self.check(state);
    }
}

#[test]
fn determinized_states_look_the_same_to_their_player_and_keep_every_card() {
    for (label, game) in every_game() {
        let mut checker = Checker { label: label.clone(), seen: 0, next: 0, gap: 0, checked: 0, moved: 0 };
        for seed in 0..8 {
            checker.label = format!("{label} seed {seed}");
            (checker.seen, checker.next, checker.gap) = (0, 0, 0);
            let mut state = State::with_sink(game.clone(), seed, Limits::default(), &mut checker);
            let mut seats: Vec<Box<dyn Agent>> = (0..game.players())
                .map(|i| Box::new(RandomAgent::new(agents::seat_seed(seed, i as usize))) as Box<dyn Agent>)
                .collect();
            agents::play_game(&mut state, &mut seats, &mut checker).expect("random agents finish");
        }
        assert!(checker.checked > 50, "{label}: only {} states were checked", checker.checked);
        assert!(checker.moved > 0, "{label}: no determinization moved a card");
    }
}

#[test]
fn determinization_moves_hidden_cards() {
    for (label, game) in every_game() {
        let state = State::new(game.clone(), 3);
        for p in 0..game.players() {
            if hidden(&state, p) < 2 {
                continue;
            }
            let moved = (0..20).any(|k| table(&state.determinized(p, &mut Rng::new(k))) != table(&state));
            assert!(moved, "{label}: player {p}'s hidden cards never move");
        }
    }
    // High-Low, at the first prediction: player 1 sees only the card they drew.
    let state = State::new(load("games/high_low_war.cardgame"), 3);
    assert_eq!(hidden(&state, 0), 51);
    let d = state.determinized(0, &mut Rng::new(1));
    let same = table(&d).iter().flatten().zip(table(&state).iter().flatten()).filter(|(a, b)| a == b).count();
    assert!(same < 10, "a fresh deal keeps {same} of 52 cards in place (1 is seen)");
}

#[test]
fn another_players_secret_choice_is_redrawn_from_their_own_candidates() {
    let game = load("games/wilcox_war.cardgame");
    let mut redrawn = std::collections::BTreeSet::new();
    for seed in 0..10 {
        let mut state = State::new(game.clone(), seed);
        assert_eq!(state.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
        let offered = state.legal_actions(0);
        let real = *offered.last().expect("a hand card");
        state.apply(0, real).expect("legal");
        // Player 2 decides now; player 1's choice is made and hidden from player 2.
        assert_eq!(state.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[1])));
        for k in 0..30 {
            let d = state.determinized(1, &mut Rng::new(k));
            assert_eq!(d.observation(1), state.observation(1));
            // Player 1's own view of the drawn state shows the choice made in their name.
            let made = d.observation(0).my_pending_choice.expect("player 1's choice is still made");
            assert!(offered.contains(&made), "{made:?} is one of player 1's candidates");
            redrawn.insert(made);
            // The drawn state plays on.
            let mut d = d;
            d.apply(1, d.legal_actions(1)[0]).expect("legal in the drawn state");
        }
        // The original still holds the real choice.
        assert_eq!(state.observation(0).my_pending_choice, Some(real));
    }
    assert!(redrawn.len() >= 2, "the redrawn choices vary: {redrawn:?}");
}

#[test]
fn greedy_decides_the_same_on_tables_that_look_the_same() {
    let mut compared = 0;
    let mut differing = 0;
    for path in ["games/wilcox_war.cardgame", "games/high_low_war.cardgame"] {
        let game = load(path);
        for seed in 0..6 {
            let mut state = State::new(game.clone(), seed);
            let mut driver = Rng::new(seed + 100);
            let mut step = 0u64;
            while let Some(p) = match state.to_move() {
                ToMove::One(p) => Some(p),
                ToMove::Simultaneous(ps) => ps.first(),
                ToMove::Nobody => None,
            } {
                let legal = state.legal_actions(p);
                step += 1;
                if legal.len() > 1 && step.is_multiple_of(3) {
                    let other = state.determinized(p, &mut Rng::new(step));
                    assert_eq!(other.observation(p), state.observation(p));
                    assert_eq!(other.legal_actions(p), legal);
                    differing += usize::from(table(&other) != table(&state));
                    for agent_seed in 0..3 {
                        let a = GreedyAgent::new(agent_seed).choose(&state, p, &legal);
                        let b = GreedyAgent::new(agent_seed).choose(&other, p, &legal);
                        assert_eq!(a, b, "{path} seed {seed} step {step}: greedy saw past its view");
                        compared += 1;
                    }
                }
                let a = legal[driver.below(legal.len() as u64) as usize];
                state.apply(p, a).expect("legal");
            }
        }
    }
    assert!(compared > 100, "only {compared} decisions compared");
    assert!(differing > 20, "only {differing} tables really differed");
}

/// How many games each seat's agent wins, of `n` per seating, greedy against random.
fn greedy_against_random(path: &str, n: u64) -> (u64, u64) {
    let game = load(path);
    let (mut greedy, mut random) = (0, 0);
    for seed in 0..n {
        for greedy_seat in 0..2usize {
            let mut seats: Vec<Box<dyn Agent>> = (0..2)
                .map(|i| {
                    let s = agents::seat_seed(seed, i);
                    if i == greedy_seat {
                        Box::new(GreedyAgent::new(s)) as Box<dyn Agent>
                    } else {
                        Box::new(RandomAgent::new(s))
                    }
                })
                .collect();
            let mut state = State::new(game.clone(), seed);
            agents::play_game(&mut state, &mut seats, &mut Quiet).expect("AI agents finish");
            if let Some(cardlang::engine::Result::Win(w)) = state.outcome().map(|o| &o.result) {
                greedy += u64::from(w.contains(&(greedy_seat as u8)));
                random += u64::from(w.iter().any(|&p| p as usize != greedy_seat));
            }
        }
    }
    (greedy, random)
}

/// A watcher that wants nothing.
struct Quiet;

impl EventSink for Quiet {
    fn enabled(&self) -> bool {
        false
    }
    fn event(&mut self, _: &State, _: Event<'_>) {}
}

impl Watcher for Quiet {
    fn decision(&mut self, _: &State, _: &Decision) {}
}

#[test]
fn greedy_beats_random_at_wilcox_war() {
    // Random against random wins about 45% each (docs/simulate.md); greedy won about 64% against
    // random's 27% when this was written. The margin asked for is far below that.
    let n = 150;
    let (greedy, random) = greedy_against_random("games/wilcox_war.cardgame", n);
    let games = 2 * n;
    assert!(greedy * 100 > games * 50, "greedy won only {greedy} of {games}");
    assert!(greedy >= random + games / 5, "greedy won {greedy}, random {random}, of {games}");
}

#[test]
fn greedy_plays_a_game_without_progress_or_decisions() {
    // Classic War has no decisions: the agent is never asked, and nothing breaks.
    let game = load("games/classic_war.cardgame");
    let mut seats: Vec<Box<dyn Agent>> = vec![Box::new(GreedyAgent::new(1)), Box::new(GreedyAgent::new(2))];
    let mut state = State::with_sink(game, 5, Limits::default(), &mut NoEvents);
    agents::play_game(&mut state, &mut seats, &mut Quiet).expect("finishes");
    assert!(state.is_over());
}

#[test]
fn greedy_is_a_kind_the_command_line_and_simulate_know() {
    assert!(agents::AGENT_KINDS.contains(&"greedy"));
    assert!(cardlang::simulate::SIM_AGENTS.contains(&"greedy"));
    let agent = agents::make_agent("greedy", 1).expect("made by name");
    assert_eq!(agent.name(), "greedy");
}

#[test]
fn cardlang_simulate_seats_greedy() {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(["simulate", "games/wilcox_war.cardgame", "-n", "50", "--players", "greedy,random"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Wilcox War: 50 games"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("1     greedy")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("2     random")), "{text}");
}

#[test]
fn cardlang_play_seats_greedy() {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(["play", "games/high_low_war.cardgame", "--players", "random,greedy", "--seed", "4"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.lines().any(|l| l.starts_with("result: ")), "{text}");
}
