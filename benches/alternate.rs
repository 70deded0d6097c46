//! The interpreter against the hand-written Wild Twist War, measured alternately in one run:
//! `cargo bench --bench alternate`.
//!
//! Each round times the same 100 seeded games once with the hand-written baseline and once with
//! the interpreter, back to back (which goes first alternates from round to round), so both see
//! the same state of a noisy machine. It prints the median time of each and the median, lowest
//! and highest ratio of the rounds. `cargo bench --bench alternate -- ROUNDS` sets the number of
//! rounds (31 by default).

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use cardlang::engine::{Game, Limits, NoEvents, State, ToMove};

#[path = "baseline/wild_twist_war.rs"]
mod baseline;

/// Games per timing: seeds 1 to 100, the same games in both (`tests/baseline.rs`).
const GAMES: u64 = 100;

fn main() {
    // `cargo bench` passes `--bench`; the first number among the arguments is the rounds.
    let rounds = std::env::args().skip(1).find_map(|a| a.parse::<usize>().ok()).unwrap_or(31).max(1);
    let game = common::load("wild_twist_war", None);

    // One untimed round of each warms the caches and the allocator.
    std::hint::black_box((interpreter(&game), hand_written()));
    let (mut base, mut interp, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (b, i) = if round % 2 == 0 {
            let b = time(hand_written);
            (b, time(|| interpreter(&game)))
        } else {
            let i = time(|| interpreter(&game));
            (time(hand_written), i)
        };
        ratios.push(i.as_secs_f64() / b.as_secs_f64());
        base.push(b);
        interp.push(i);
    }
    base.sort();
    interp.sort();
    ratios.sort_by(f64::total_cmp);
    let per_game = |d: &[Duration]| d[d.len() / 2].as_secs_f64() * 1e6 / GAMES as f64;
    println!("{rounds} rounds of {GAMES} games each, alternating");
    println!("baseline     median {:>8.1} µs a game", per_game(&base));
    println!("interpreter  median {:>8.1} µs a game", per_game(&interp));
    println!(
        "ratio        median {:.2}×  (lowest {:.2}×, highest {:.2}×)",
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );
}

/// How long `f` takes once.
fn time<T>(f: impl FnOnce() -> T) -> Duration {
    let start = Instant::now();
    std::hint::black_box(f());
    start.elapsed()
}

/// The hand-written games of seeds 1 to [`GAMES`]; the sum of their battles.
fn hand_written() -> u32 {
    (1..=GAMES).map(|seed| baseline::play(seed, baseline::MAX_BATTLES).battles).sum()
}

/// The interpreter's games of seeds 1 to [`GAMES`], with no events and no memory of sightings,
/// as `cardlang simulate` plays them for random players; the sum of their steps. Wild Twist War
/// has no decisions, so starting a state plays the whole game.
fn interpreter(game: &Arc<Game>) -> u64 {
    (1..=GAMES)
        .map(|seed| {
            let state = State::with_sink_forgetful(game.clone(), seed, Limits::default(), &mut NoEvents);
            debug_assert!(matches!(state.to_move(), ToMove::Nobody));
            state.steps()
        })
        .sum()
}
