//! The random agent: uniform over the legal actions.

use super::Agent;
use crate::engine::rng::Rng;
use crate::engine::{Action, State};

/// Chooses uniformly at random among the legal actions, from its own seeded generator.
pub struct RandomAgent {
    rng: Rng,
}

impl RandomAgent {
    /// A random agent with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: Rng::new(seed) }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _: &State, _: u8, legal: &[Action]) -> Option<Action> {
        if legal.is_empty() {
            return None;
        }
        Some(legal[self.rng.below(legal.len() as u64) as usize])
    }
}
