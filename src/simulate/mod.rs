//! Many games between AI players, run in parallel and folded into statistics as they finish
//! (`cardlang simulate`). Sits between `agents` and `cli`: it plays through the engine's face
//! and the agents, and knows nothing of any one game.

pub mod axis;
pub mod compare;
mod compare_report;
pub mod record;
pub mod report;
pub mod shard;
pub mod solo;
pub mod stats;
pub mod summary;
pub mod tally;

use std::ops::Range;
use std::sync::Arc;

use rayon::prelude::*;

use crate::agents::{self, Agent};
use crate::engine::{Game, Limits, State};
use record::{counter_columns, CounterColumn, Observer};
use tally::Tally;

/// How to simulate.
#[derive(Debug, Clone)]
pub struct Settings {
    /// How many games.
    pub games: u64,
    /// The seed every game's seed is drawn from.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// The agent kind in each seat.
    pub players: Vec<String>,
    /// How many games (the first ones) keep their margin over time for the report.
    pub samples: u64,
}

/// Why a simulation could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum SimError {
    /// A seat's agent cannot play unattended (a person), or is unknown.
    #[error("seat {seat} is `{kind}`, which cannot play in a simulation")]
    #[diagnostic(code(cardlang::simulate::agent), help("simulations play AI players only: {kinds}"))]
    Agent {
        /// The seat, from 1.
        seat: usize,
        /// The kind given.
        kind: String,
        /// The kinds that can.
        kinds: String,
    },
    /// A seat's spec does not read (an unknown kind, a bad option of `mcts`).
    #[error("seat {seat}: {error}")]
    #[diagnostic(
        code(cardlang::simulate::spec),
        help("simulations play AI players: random, greedy, mcts or mcts:OPTIONS")
    )]
    Spec {
        /// The seat, from 1.
        seat: usize,
        /// Why.
        error: agents::SpecError,
    },
    /// The players given are not one per seat.
    #[error("the game has {}, but {} were given", crate::check::error::plural(usize::from(*.seats), "seat"), crate::check::error::plural(*.given, "player"))]
    #[diagnostic(code(cardlang::simulate::seats), help("give one player per seat: random, greedy or mcts"))]
    Seats {
        /// The game's seats.
        seats: u8,
        /// The players given.
        given: usize,
    },
    /// The thread pool could not be made.
    #[error("cannot start {0} worker threads")]
    #[diagnostic(code(cardlang::simulate::threads), help("try a smaller --jobs"))]
    Threads(usize),
}

/// The agent kinds a simulation can seat.
pub const SIM_AGENTS: &[&str] = &["random", "greedy", "mcts"];

/// The seed of game number `index`: a SplitMix64 step from the simulation's seed, so games are
/// independent of each other and of how they are spread over threads.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The counter columns a simulation of `game` reports.
pub fn columns(game: &Arc<Game>) -> Vec<CounterColumn> {
    counter_columns(&State::new(game.clone(), 0))
}

/// Plays `settings.games` games and folds them; `tick` is called with the number of games just
/// finished (for a progress bar). The result is the same for a seed whatever `jobs` is.
pub fn run(game: &Arc<Game>, settings: &Settings, tick: &(dyn Fn(u64) + Sync)) -> Result<Tally, SimError> {
    run_slice(game, settings, 0..settings.games, tick)
}

/// The stack of each worker thread of a simulation.
pub const WORKER_STACK: usize = 16 << 20;

/// Plays the games numbered `games` (a slice of `0..settings.games`, for `--shard`) and folds
/// them. Folding the tallies of slices that cover every game gives the tally of [`run`].
pub fn run_slice(
    game: &Arc<Game>,
    settings: &Settings,
    games: Range<u64>,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SimError> {
    if settings.players.len() != game.players() as usize {
        return Err(SimError::Seats { seats: game.players(), given: settings.players.len() });
    }
    // Each seat's spec is read once, not once a game.
    let mut specs = Vec::with_capacity(settings.players.len());
    for (i, kind) in settings.players.iter().enumerate() {
        match agents::AgentSpec::parse(kind, agents::Pace::Reproducible) {
            Ok(agents::AgentSpec::Human) => {
                return Err(SimError::Agent { seat: i + 1, kind: kind.clone(), kinds: SIM_AGENTS.join(", ") })
            }
            Ok(spec) => specs.push(spec),
            Err(e) => return Err(SimError::Spec { seat: i + 1, error: e }),
        }
    }
    let columns = columns(game);
    let players = game.players();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs.max(1))
        // A known stack, not the platform's default: the engine's evaluator recurses over the
        // rules' expressions, which may nest `syntax::MAX_DEPTH` deep (docs/reliability.md).
        .stack_size(WORKER_STACK)
        .build()
        .map_err(|_| SimError::Threads(settings.jobs))?;
    // Games are handed out in blocks so that the progress bar and the fold are not touched once
    // per game; every part of a tally is order-free, so blocks may finish in any order.
    const BLOCK: u64 = 64;
    let blocks = games.end.saturating_sub(games.start).div_ceil(BLOCK);
    let tally = pool.install(|| {
        (0..blocks)
            .into_par_iter()
            .map(|b| {
                let mut t = Tally::new(players, columns.len());
                let start = games.start + b * BLOCK;
                let end = (start + BLOCK).min(games.end);
                for i in start..end {
                    let seed = game_seed(settings.seed, i);
                    let sample = i < settings.samples;
                    t.add(i, seed, play_one(game, seed, &specs, &columns, sample), sample);
                }
                tick(end - start);
                t
            })
            .reduce(|| Tally::new(players, columns.len()), Tally::merge)
    });
    Ok(tally)
}

/// Plays one game with the given agents (one spec a seat, each seeded from the game's seed and
/// its seat) and records it.
pub fn play_one(
    game: &Arc<Game>,
    seed: u64,
    specs: &[agents::AgentSpec],
    columns: &[CounterColumn],
    keep_trace: bool,
) -> record::GameRecord {
    // A partnership game's lead is its teams' (a game without teams is measured by seat).
    let mut observer = Observer::with_teams(game.players(), keep_trace, &game.program.teams);
    let mut seats: Vec<Box<dyn Agent>> =
        specs.iter().enumerate().map(|(i, spec)| spec.build(agents::seat_seed(seed, i))).collect();
    // The memory of cards seen moving serves only players who read it (the search player).
    let mut state = if seats.iter().any(|a| a.remembers_sightings_in(game)) {
        State::with_sink(game.clone(), seed, Limits::default(), &mut observer)
    } else {
        State::with_sink_forgetful(game.clone(), seed, Limits::default(), &mut observer)
    };
    // AI agents never give up or choose an illegal action; if one did, the game counts as
    // unfinished, which the summary shows.
    let _ = agents::play_game(&mut state, &mut seats, &mut observer);
    observer.finish(&state, columns)
}
