//! Phase 4: agents. Each decides from the engine's face only: its own observation and its legal
//! actions, never another player's hidden cards or secret choices.

mod driver;
mod greedy;
mod human;
mod random;

pub use driver::{play_game, Decision, DriveError, Watcher};
pub use greedy::GreedyAgent;
pub use human::{number_run, Human};
pub use random::RandomAgent;

use crate::engine::{Action, State};

/// Something that makes a player's decisions.
pub trait Agent {
    /// A short name: "random", "greedy", "human".
    fn name(&self) -> &str;
    /// Picks one of `legal` for `player`; `None` means the agent gives up (input ended).
    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action>;
}

/// The agent kinds the command line accepts.
pub const AGENT_KINDS: &[&str] = &["human", "random", "greedy"];

/// The seed of the agent in seat `seat` (from 0) of a game with seed `seed`.
pub fn seat_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(seat as u64 + 1)
}

/// Makes an agent by name; `seed` seeds agents that use chance.
pub fn make_agent(kind: &str, seed: u64) -> Option<Box<dyn Agent>> {
    match kind {
        "random" => Some(Box::new(RandomAgent::new(seed))),
        "greedy" => Some(Box::new(GreedyAgent::new(seed))),
        "human" => Some(Box::new(Human::stdio())),
        _ => None,
    }
}
