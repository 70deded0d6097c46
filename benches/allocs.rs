//! Allocations per decision: `cargo bench --bench allocs`.
//!
//! Plays seeded games of every game with uniformly random choices through the engine's API, as
//! `cardlang simulate` drives them (one list of legal actions kept for the whole game, no memory
//! of sightings), and counts the heap allocations made while deciding: asking who must act,
//! listing the legal actions, and applying the chosen one (which runs the rules to the next
//! decision). The set-up (a new state) is not counted. The first decisions of a game may
//! allocate as the state's lists grow to their size; after that a decision should allocate
//! nothing, which is what this reports: the decisions that allocated, and the allocations, over
//! all decisions after each game's first `WARM_UP`.
//!
//! Two exceptions are reported apart. A game's last decision builds its result (the winners
//! and scores, which the caller keeps). And the meld search keeps its working lists per thread,
//! growing them to the largest hand it has met, so the first searches of a run may allocate:
//! each game file is played twice over, and the second round, with those lists grown, is
//! reported on its own.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use cardlang::engine::{rng::Rng, Action, Game, Limits, NoEvents, State, ToMove};

/// The system allocator, counting the allocations (and growths) made through it.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Games per game file.
const GAMES: u64 = 20;
/// Decisions of each game not counted, while the state's lists grow.
const WARM_UP: u64 = 10;

/// What one round of [`GAMES`] games counts, after each game's first [`WARM_UP`] decisions.
#[derive(Default)]
struct Counts {
    /// Decisions counted.
    decisions: u64,
    /// Those that allocated, a game's last decision aside.
    allocating: u64,
    /// Their allocations.
    allocations: u64,
    /// The allocations of the games' last decisions.
    at_end: u64,
}

/// Counts the allocations of [`GAMES`] games.
fn count(game: &Arc<Game>) -> Counts {
    let mut counts = Counts::default();
    let mut legal: Vec<Action> = Vec::with_capacity(64);
    for seed in 1..=GAMES {
        let mut state = State::with_sink_forgetful(game.clone(), seed, Limits::default(), &mut NoEvents);
        let mut rng = Rng::new(seed ^ 0x5EED);
        let mut made = 0u64;
        loop {
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            let mut decide = |p: u8, state: &mut State| {
                state.legal_actions_into(p, &mut legal);
                if !legal.is_empty() {
                    let a = legal[rng.below(legal.len() as u64) as usize];
                    let _ = state.apply(p, a);
                }
            };
            match state.to_move() {
                ToMove::Nobody => break,
                ToMove::One(p) => decide(p, &mut state),
                ToMove::Simultaneous(ps) => ps.into_iter().for_each(|p| decide(p, &mut state)),
            }
            let n = ALLOCATIONS.load(Ordering::Relaxed) - before;
            made += 1;
            if made > WARM_UP {
                counts.decisions += 1;
                if matches!(state.to_move(), ToMove::Nobody) {
                    counts.at_end += n;
                } else {
                    counts.allocating += u64::from(n > 0);
                    counts.allocations += n;
                }
            }
        }
    }
    counts
}

fn main() {
    let games: [(&str, Option<&str>); 15] = [
        ("wild_twist_war", None),
        ("classic_war", None),
        ("wilcox_war", None),
        ("wilcox_war", Some("single_deck")),
        ("high_low_war", None),
        ("wild_twist_solitaire", None),
        ("wild_twist_gin", None),
        ("crazy_eights", None),
        ("five_card_draw", None),
        ("klondike", None),
        ("scopa", None),
        ("spades", None),
        ("cheat", None),
        ("klondike", Some("draw_one")),
        ("spades", Some("blind_nil")),
    ];
    println!(
        "{:<34} {:>10} {:>11} {:>12} {:>7} {:>16}",
        "game", "decisions", "allocating", "allocations", "at end", "allocating again"
    );
    for (name, variant) in games {
        let game = common::load(name, variant);
        let first = count(&game);
        let again = count(&game);
        let label = match variant {
            Some(v) => format!("{name} ({v})"),
            None => name.to_string(),
        };
        println!(
            "{label:<34} {:>10} {:>11} {:>12} {:>7} {:>16}",
            first.decisions, first.allocating, first.allocations, first.at_end, again.allocating
        );
    }
}
