//! Phase 4: agents. Each decides from the engine's face only: its own observation and its legal
//! actions, never another player's hidden cards or secret choices.
//!
//! A seat is named by a spec: a kind (`human`, `random`, `greedy`, `mcts`), and for `mcts`
//! options after a colon, comma-separated (`mcts:iterations=500,c=1.0,playout=greedy,cap=200`).

pub mod claims;
mod driver;
mod greedy;
pub mod human;
pub mod mcts;
mod random;

pub use driver::{play_game, Decision, DriveError, Watcher};
pub use greedy::GreedyAgent;
pub use human::{number_run, Human};
pub use mcts::{MctsAgent, MctsConfig, Pace, Playout};
pub use random::RandomAgent;

use crate::engine::{Action, State};

/// Something that makes a player's decisions. Agents are `Send`: a table may run on a thread of
/// its own.
pub trait Agent: Send {
    /// A short name: "random", "greedy", "human", "mcts".
    fn name(&self) -> &str;
    /// Picks one of `legal` for `player`; `None` means the agent gives up (input ended).
    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action>;
    /// Whether it reads what its player remembers of the cards they saw go out of sight
    /// (`State::remembered_zone`); when no seat does, `play_game` stops the state keeping it.
    fn remembers_sightings(&self) -> bool {
        false
    }
    /// Whether it reads those memories in `game` (by default, [`Agent::remembers_sightings`]).
    fn remembers_sightings_in(&self, game: &crate::engine::Game) -> bool {
        let _ = game;
        self.remembers_sightings()
    }
}

/// The agent kinds the command line accepts.
pub const AGENT_KINDS: &[&str] = &["human", "random", "greedy", "mcts"];

/// The seed of the agent in seat `seat` (from 0) of a game with seed `seed`.
pub fn seat_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(seat as u64 + 1)
}

/// Why a seat's spec (`--players ...`) was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum SpecError {
    /// Not a kind of player.
    #[error("unknown player kind `{kind}`: choose from {kinds}")]
    #[diagnostic(code(cardlang::agents::unknown_kind), help("for example --players human,mcts"))]
    UnknownKind {
        /// The kind given.
        kind: String,
        /// The kinds there are.
        kinds: String,
    },
    /// Options given to a kind that takes none.
    #[error("`{kind}` takes no options (only `mcts` does, as in mcts:iterations=500)")]
    #[diagnostic(code(cardlang::agents::no_options))]
    NoOptions {
        /// The kind given.
        kind: String,
    },
    /// An option the kind does not have.
    #[error("unknown option `{key}` for {kind}: choose from {keys}")]
    #[diagnostic(code(cardlang::agents::unknown_option), help("for example mcts:iterations=500,c=0.7"))]
    UnknownOption {
        /// The kind.
        kind: String,
        /// The option given.
        key: String,
        /// The options there are.
        keys: String,
    },
    /// An option's value out of range or of the wrong kind.
    #[error("`{key}={value}` is not allowed: {key} takes {expected}")]
    #[diagnostic(code(cardlang::agents::bad_value))]
    BadValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// What it takes.
        expected: String,
    },
    /// The same option twice.
    #[error("the option `{key}` is given twice")]
    #[diagnostic(code(cardlang::agents::duplicate_option))]
    Duplicate {
        /// The option.
        key: String,
    },
    /// A piece that is not `name=value`.
    #[error("`{piece}` in `{spec}` is not name=value")]
    #[diagnostic(code(cardlang::agents::malformed), help("write options as mcts:iterations=500,c=0.7"))]
    Malformed {
        /// The piece.
        piece: String,
        /// The whole spec.
        spec: String,
    },
}

/// A seat's spec, read and checked.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentSpec {
    /// A person at the terminal.
    Human,
    /// Uniformly random.
    Random,
    /// One step ahead.
    Greedy,
    /// Information-set Monte Carlo tree search, with its settings.
    Mcts(MctsConfig),
}

impl AgentSpec {
    /// Reads a spec: `random`, `mcts`, `mcts:ms=200`. Budgets not given are chosen by `pace`.
    pub fn parse(spec: &str, pace: Pace) -> Result<AgentSpec, SpecError> {
        let spec = spec.trim();
        let (kind, options) = match spec.split_once(':') {
            Some((k, o)) => (k.trim(), Some(o)),
            None => (spec, None),
        };
        let plain = |s: AgentSpec| match options {
            Some(_) => Err(SpecError::NoOptions { kind: kind.to_string() }),
            None => Ok(s),
        };
        match kind {
            "human" => plain(AgentSpec::Human),
            "random" => plain(AgentSpec::Random),
            "greedy" => plain(AgentSpec::Greedy),
            "mcts" => MctsConfig::parse(options.unwrap_or(""), pace).map(AgentSpec::Mcts),
            _ => Err(SpecError::UnknownKind { kind: kind.to_string(), kinds: AGENT_KINDS.join(", ") }),
        }
    }

    /// Makes the agent; `seed` seeds agents that use chance.
    pub fn build(&self, seed: u64) -> Box<dyn Agent> {
        match self {
            AgentSpec::Human => Box::new(Human::stdio()),
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Greedy => Box::new(GreedyAgent::new(seed)),
            AgentSpec::Mcts(cfg) => Box::new(MctsAgent::new(cfg.clone(), seed)),
        }
    }
}

/// Puts back together the seats of `--players` that the command line split at every comma: a
/// piece `name=value` belongs to the spec before it when that spec has options
/// (`mcts:iterations=500`, `c=1.0`, `greedy` are two seats: `mcts:iterations=500,c=1.0` and
/// `greedy`).
pub fn join_seats(pieces: &[String]) -> Vec<String> {
    let mut seats: Vec<String> = Vec::new();
    for piece in pieces {
        match seats.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') && last.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => seats.push(piece.clone()),
        }
    }
    seats
}

/// Makes an agent from its spec, with the reproducible budget of `simulate` and `transcript`;
/// `None` for a spec that does not read.
pub fn make_agent(spec: &str, seed: u64) -> Option<Box<dyn Agent>> {
    make_agent_paced(spec, seed, Pace::Reproducible)
}

/// Makes an agent from its spec, choosing a search player's budget by `pace`.
pub fn make_agent_paced(spec: &str, seed: u64, pace: Pace) -> Option<Box<dyn Agent>> {
    AgentSpec::parse(spec, pace).ok().map(|s| s.build(seed))
}
