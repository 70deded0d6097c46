//! Decisions per second of the search player at its default budget: `cargo bench --bench mcts`.
//! Each iteration is one whole decision (1,000 iterations of search by default) at one of a
//! fixed set of positions from early in a game (reached by random play from fixed seeds, each
//! with at least two legal actions), so the figure is the time a player waits for `mcts`.

mod common;

use std::sync::Arc;

use cardlang::agents::{Agent, MctsAgent, MctsConfig};
use cardlang::engine::{rng::Rng, Action, Game, State, ToMove};

fn main() {
    divan::main();
}

/// Positions with a real choice: every third such decision of random games, a dozen in all.
fn positions(game: &Arc<Game>) -> Vec<(State, u8, Vec<Action>)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < 12 && seed < 100 {
        seed += 1;
        let mut state = State::new(game.clone(), seed);
        let mut rng = Rng::new(seed);
        let mut k = 0;
        while let Some(p) = match state.to_move() {
            ToMove::One(p) => Some(p),
            ToMove::Simultaneous(ps) => ps.first(),
            ToMove::Nobody => None,
        } {
            let legal = state.legal_actions(p);
            if legal.len() > 1 {
                k += 1;
                if k % 3 == 0 && out.len() < 12 {
                    out.push((state.clone(), p, legal.clone()));
                }
            }
            if k > 12 || legal.is_empty() {
                break;
            }
            let a = legal[rng.below(legal.len() as u64) as usize];
            state.apply(p, a).expect("legal");
        }
    }
    out
}

fn bench_decision(bencher: divan::Bencher, name: &str, variant: Option<&str>) {
    let game = common::load(name, variant);
    let positions = positions(&game);
    let mut agent = MctsAgent::new(MctsConfig::default(), 1);
    let mut i = 0;
    bencher.bench_local(|| {
        let (state, p, legal) = &positions[i % positions.len()];
        i += 1;
        divan::black_box(agent.choose(state, *p, legal))
    });
}

#[divan::bench(sample_count = 12, sample_size = 1)]
fn wilcox_war(bencher: divan::Bencher) {
    bench_decision(bencher, "wilcox_war", None);
}

#[divan::bench(sample_count = 12, sample_size = 1)]
fn high_low_war(bencher: divan::Bencher) {
    bench_decision(bencher, "high_low_war", None);
}

#[divan::bench(sample_count = 12, sample_size = 1)]
fn wild_twist_gin(bencher: divan::Bencher) {
    bench_decision(bencher, "wild_twist_gin", None);
}

#[divan::bench(sample_count = 12, sample_size = 1)]
fn wild_twist_solitaire(bencher: divan::Bencher) {
    bench_decision(bencher, "wild_twist_solitaire", None);
}
