//! Throughput of whole games with random players, single-threaded: `cargo bench --bench play`.
//! Each benchmark plays one full game per iteration (a fresh seed each time), except those of
//! `vs_baseline`, which compare the interpreter with a hand-written Wild Twist War.

mod common;

use std::sync::Arc;

use cardlang::engine::{rng::Rng, Game, Limits, NoEvents, State, ToMove};

#[path = "baseline/wild_twist_war.rs"]
mod baseline;

fn main() {
    divan::main();
}

/// Plays one game with uniformly random choices, reusing one buffer for legal actions. Random
/// players never read what others saw, so, as `cardlang simulate` does for them, the state keeps
/// no memory of it.
fn play_once(game: &Arc<Game>, seed: u64) -> u64 {
    let mut state = State::with_sink_forgetful(game.clone(), seed, Limits::default(), &mut NoEvents);
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut legal = Vec::with_capacity(16);
    loop {
        match state.to_move() {
            ToMove::Nobody => break,
            ToMove::One(p) => pick(&mut state, p, &mut rng, &mut legal),
            ToMove::Simultaneous(ps) => {
                for p in ps {
                    pick(&mut state, p, &mut rng, &mut legal);
                }
            }
        }
    }
    state.steps()
}

fn pick(state: &mut State, p: u8, rng: &mut Rng, legal: &mut Vec<cardlang::engine::Action>) {
    state.legal_actions_into(p, legal);
    if !legal.is_empty() {
        let a = legal[rng.below(legal.len() as u64) as usize];
        let _ = state.apply(p, a);
    }
}

fn bench_game(bencher: divan::Bencher, name: &str, variant: Option<&str>) {
    let game = common::load(name, variant);
    let mut seed = 0u64;
    bencher.bench_local(|| {
        seed += 1;
        divan::black_box(play_once(&game, seed))
    });
}

#[divan::bench]
fn wild_twist_war(b: divan::Bencher) {
    bench_game(b, "wild_twist_war", None);
}

#[divan::bench]
fn wilcox_war(b: divan::Bencher) {
    bench_game(b, "wilcox_war", None);
}

#[divan::bench]
fn wilcox_war_single_deck(b: divan::Bencher) {
    bench_game(b, "wilcox_war", Some("single_deck"));
}

#[divan::bench]
fn wilcox_war_play_to_all(b: divan::Bencher) {
    bench_game(b, "wilcox_war", Some("play_to_all"));
}

#[divan::bench]
fn wilcox_war_play_to_all_single_deck(b: divan::Bencher) {
    bench_game(b, "wilcox_war", Some("play_to_all_single_deck"));
}

#[divan::bench]
fn high_low_war(b: divan::Bencher) {
    bench_game(b, "high_low_war", None);
}

/// One game of Wild Twist Solitaire with a random player: a whole game is long (up to 2,000
/// turns, each listing every move of `chooses one of`), so fewer samples.
#[divan::bench(sample_count = 30, sample_size = 1)]
fn wild_twist_solitaire(b: divan::Bencher) {
    bench_game(b, "wild_twist_solitaire", None);
}

#[divan::bench(sample_count = 30, sample_size = 1)]
fn wild_twist_solitaire_descending(b: divan::Bencher) {
    bench_game(b, "wild_twist_solitaire", Some("descending"));
}

/// Wild Twist War, interpreted against written by hand (`benches/baseline/`), single-threaded:
/// `cargo bench --bench play -- vs_baseline`. Both play the same games: one iteration plays the
/// games of seeds 1..=100 (the same in both, as `tests/baseline.rs` checks), so the throughput
/// divan reports is games per second over one fixed set of games. Divan times one after the
/// other; `cargo bench --bench alternate` times them in turn, round by round, which is the
/// figure docs/performance.md reports against the target.
mod vs_baseline {
    use super::{baseline, common, play_once};

    /// Games per iteration.
    const GAMES: u64 = 100;

    /// The interpreter running `games/wild_twist_war.cardgame`, as the other benchmarks do.
    #[divan::bench]
    fn interpreter(bencher: divan::Bencher) {
        let game = common::load("wild_twist_war", None);
        bencher
            .counter(divan::counter::ItemsCount::new(GAMES))
            .bench_local(|| (1..=GAMES).map(|seed| divan::black_box(play_once(&game, seed))).sum::<u64>());
    }

    /// The hand-written baseline.
    #[divan::bench]
    fn baseline(bencher: divan::Bencher) {
        bencher.counter(divan::counter::ItemsCount::new(GAMES)).bench_local(|| {
            (1..=GAMES).map(|seed| divan::black_box(baseline::play(seed, baseline::MAX_BATTLES)).battles).sum::<u32>()
        });
    }
}

/// What a search player does at each step, per decision: copy the state, list the legal
/// actions, apply one. `cargo bench --bench play -- decision`. The states are those met at every
/// decision of a few seeded random games, so every kind of decision of the game is in the mix;
/// one iteration visits all of them, and the figure per decision is the time divided by their
/// number (divan's throughput counter).
mod decision {
    use super::*;

    /// The states at every decision of games with seeds 1..=4, with the player to move.
    fn decisions(name: &str, variant: Option<&str>) -> Vec<(State, u8)> {
        let game = common::load(name, variant);
        let mut out = Vec::new();
        let mut legal = Vec::new();
        for seed in 1..=4 {
            let mut state = State::new(game.clone(), seed);
            let mut rng = Rng::new(seed);
            while out.len() < 4_000 {
                let p = match state.to_move() {
                    ToMove::Nobody => break,
                    ToMove::One(p) => p,
                    ToMove::Simultaneous(ps) => ps.first().unwrap_or(0),
                };
                out.push((state.clone(), p));
                pick(&mut state, p, &mut rng, &mut legal);
            }
        }
        out
    }

    fn bench(bencher: divan::Bencher, name: &str, variant: Option<&str>) {
        let states = decisions(name, variant);
        let mut legal = Vec::with_capacity(64);
        bencher.counter(divan::counter::ItemsCount::new(states.len())).bench_local(|| {
            for (s, p) in &states {
                let mut copy = s.clone();
                copy.legal_actions_into(*p, &mut legal);
                if let Some(&a) = legal.first() {
                    let _ = copy.apply(*p, a);
                }
                divan::black_box(&copy);
            }
        });
    }

    #[divan::bench]
    fn wilcox_war(b: divan::Bencher) {
        bench(b, "wilcox_war", None);
    }

    #[divan::bench]
    fn high_low_war(b: divan::Bencher) {
        bench(b, "high_low_war", None);
    }

    #[divan::bench(sample_count = 20)]
    fn wild_twist_solitaire(b: divan::Bencher) {
        bench(b, "wild_twist_solitaire", None);
    }

    #[divan::bench(sample_count = 20)]
    fn wild_twist_gin(b: divan::Bencher) {
        bench(b, "wild_twist_gin", None);
    }

    /// The copy alone.
    #[divan::bench]
    fn clone_only_wild_twist_gin(bencher: divan::Bencher) {
        let states = decisions("wild_twist_gin", None);
        bencher.counter(divan::counter::ItemsCount::new(states.len())).bench_local(|| {
            for (s, _) in &states {
                divan::black_box(s.clone());
            }
        });
    }

    /// The copy into one scratch state, as the greedy player and `mcts`'s playouts make it
    /// (`clone_from` reuses the scratch state's memory).
    #[divan::bench]
    fn copy_into_scratch_wild_twist_gin(bencher: divan::Bencher) {
        let states = decisions("wild_twist_gin", None);
        let mut scratch = states[0].0.clone();
        bencher.counter(divan::counter::ItemsCount::new(states.len())).bench_local(|| {
            for (s, _) in &states {
                scratch.clone_from(s);
                divan::black_box(&scratch);
            }
        });
    }
}
