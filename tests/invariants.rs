//! The engine's invariants as a property test over every game and variant (docs/reliability.md):
//! random and greedy players, many seeds, and at every event and decision: no card created, lost
//! or duplicated; a closed group of coin counters keeps its total; a player asked to choose has a
//! choice and every listed action applies; the game ends (or stops at its cap); and a simulation
//! gives the same results whatever the number of threads. (Hidden information has its own test.)
//!
//! The checks themselves are the fuzz targets' (`fuzz/src/targets.rs`, `Invariants`).

use std::sync::Arc;

use cardlang::agents::{self, Agent};
use cardlang::engine::{Game, Limits, State};
use cardlang::simulate::{self, Settings};

use crate::common::every_game;
use crate::fuzz::targets::{closed_counters, Invariants};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The syntax tree of the game a label of `every_game` names (its first word: a file in games/,
/// or the path of a variant file), joined with the game it extends.
fn file_of(label: &str) -> cardlang::syntax::File {
    let first = label.split_whitespace().next().expect("a label");
    // Labels name a file under games/: `x.cardgame` or `variants/x.cardgame`.
    let path = format!("{ROOT}/games/{first}");
    cardlang::load::read(&path).unwrap_or_else(|e| panic!("{path}: {:?}", e.1)).file
}

/// Plays one game with the agents named, checking every invariant, to its end or for at most
/// `cap` decisions; whether it ended.
fn play(game: &Arc<Game>, file: &cardlang::syntax::File, seed: u64, kinds: &[&str], cap: usize) -> bool {
    let mut inv = Invariants::new(game, file);
    inv.try_actions = 1;
    let mut state = State::with_sink(game.clone(), seed, Limits::default(), &mut inv);
    let mut seats: Vec<Box<dyn Agent>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| agents::make_agent(k, agents::seat_seed(seed, i)).expect("an AI agent"))
        .collect();
    for _ in 0..cap {
        let players = state.to_move().seats();
        if players.is_empty() {
            break;
        }
        for p in players {
            let legal = state.legal_actions(p);
            inv.decision(&state, p, &legal);
            let a = seats[p as usize].choose(&state, p, &legal).expect("an AI agent always chooses");
            state.apply_with(p, a, &mut inv).expect("the agent's choice is legal");
        }
    }
    inv.end(&state);
    state.is_over()
}

#[test]
fn every_game_keeps_its_invariants_with_random_and_greedy_players() {
    let mut games = 0;
    for (label, game) in every_game() {
        let file = file_of(&label);
        let n = game.players() as usize;
        // Random players play whole games, which must end (or stop at their cap); a greedy
        // player tries every action at every decision, so its games are watched for their
        // first 150 decisions.
        for seed in 0..2 {
            let ended = play(&game, &file, 1000 + seed, &vec!["random"; n], usize::MAX);
            assert!(ended, "{label} seed {seed}: the game ends or stops at its cap");
        }
        let mixed: Vec<&str> = (0..n).map(|i| if i == 0 { "greedy" } else { "random" }).collect();
        play(&game, &file, 2000, &mixed, 150);
        games += 1;
    }
    assert!(games >= 10, "every game and variant ({games})");
}

#[test]
fn coins_are_closed_where_they_only_move_by_transfer() {
    let closed: Vec<(String, Vec<String>)> = every_game()
        .iter()
        .map(|(label, game)| {
            let file = file_of(label);
            let groups = closed_counters(game, &file);
            let names = groups.iter().flat_map(|g| g.iter().map(|c| c.name.clone())).collect();
            (label.clone(), names)
        })
        .collect();
    // High-Low Wager War: purses, the pot, the odd coin and the stakes on the cards.
    let (_, high_low) = closed.iter().find(|(l, _)| l.starts_with("high_low_war")).expect("High-Low War");
    let mut names = high_low.clone();
    names.sort();
    assert_eq!(names, ["odd_coin", "pot", "purse", "stake"]);
    // Counters that rules add to (scores, turns) are not coins.
    for (label, names) in &closed {
        assert!(!names.iter().any(|n| n == "turns" || n == "rounds" || n == "score"), "{label}: {names:?}");
    }
}

#[test]
fn a_simulation_gives_the_same_results_whatever_the_number_of_threads() {
    for (label, game) in every_game() {
        let players = vec!["random".to_string(); game.players() as usize];
        // Games are handed to threads in blocks of 64: more than two blocks where a game is
        // quick, one block (the fold alone) where it is slow (rummy's meld search, in a debug
        // build).
        let started = std::time::Instant::now();
        let specs = vec![cardlang::agents::AgentSpec::Random; players.len()];
        let _ = simulate::play_one(&game, 1, &specs, &simulate::columns(&game), false);
        let games = if started.elapsed().as_millis() < 5 { 130 } else { 3 };
        let settings = |jobs| Settings { games, seed: 5, jobs, players: players.clone(), samples: 2 };
        let one = simulate::run(&game, &settings(1), &|_| {}).expect("runs");
        let three = simulate::run(&game, &settings(3), &|_| {}).expect("runs");
        assert_eq!(one, three, "{label}: --jobs 1 and --jobs 3 differ");
    }
}
