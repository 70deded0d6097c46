//! Plays a game to its end with one agent per seat.

use super::Agent;
use crate::engine::{Action, EventSink, State, ToMove};

/// A decision as it was made: who, among what, what.
#[derive(Debug, Clone)]
pub struct Decision<'a> {
    /// The deciding player.
    pub player: u8,
    /// The legal actions offered.
    pub legal: &'a [Action],
    /// The action taken.
    pub chosen: Action,
}

/// Watches a game as it is driven: its events, and each decision.
pub trait Watcher: EventSink {
    /// A decision was made.
    fn decision(&mut self, state: &State, d: &Decision);
    /// The rules have paused for a decision, before any agent is asked.
    fn paused(&mut self, _state: &State) {}
}

/// Watching nothing: a game played for its end state alone.
impl Watcher for crate::engine::NoEvents {
    fn decision(&mut self, _: &State, _: &Decision) {}
}

/// Why a game could not be played to its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum DriveError {
    /// An agent gave up (for a person: input ended or they quit).
    #[error("{0} stopped playing before the game ended")]
    #[diagnostic(code(cardlang::play::abandoned))]
    Abandoned(String),
    /// An agent chose an illegal action.
    #[error("the agent of player {0} chose an illegal action")]
    #[diagnostic(code(cardlang::play::illegal_action))]
    Illegal(u8),
    /// The game has more seats than agents were given.
    #[error("the game has {} but {} were given", crate::check::error::plural(usize::from(*.seats), "seat"), crate::check::error::plural(*.agents, "player"))]
    #[diagnostic(code(cardlang::play::seats), help("give one player per seat"))]
    Seats {
        /// The game's seats.
        seats: u8,
        /// The agents given.
        agents: usize,
    },
}

/// Plays until the game is over, asking each deciding player's agent in seat order.
pub fn play_game<W: Watcher>(
    state: &mut State,
    agents: &mut [Box<dyn Agent>],
    watcher: &mut W,
) -> Result<(), DriveError> {
    let mut legal = Vec::new();
    let seats = state.game().players();
    if agents.len() < seats as usize {
        return Err(DriveError::Seats { seats, agents: agents.len() });
    }
    // Keeping what each player saw costs a little on every move; only the search player reads it.
    if !agents.iter().any(|a| a.remembers_sightings_in(state.game())) {
        state.forget_sightings();
    }
    loop {
        watcher.paused(state);
        match state.to_move() {
            ToMove::Nobody => return Ok(()),
            ToMove::One(p) => decide(state, p, agents, watcher, &mut legal)?,
            // issue 43: at an open moment every agent answers on the same table (claims.rs).
            ToMove::Simultaneous(ps) if state.is_open_moment() => {
                let mut answers = Vec::new();
                for p in ps {
                    let legal = state.legal_actions(p);
                    if legal.is_empty() {
                        continue;
                    }
                    let agent = &mut agents[p as usize];
                    let Some(chosen) = agent.choose(state, p, &legal) else {
                        return Err(DriveError::Abandoned(format!(
                            "{} ({})",
                            state.game().player_name(p),
                            agent.name()
                        )));
                    };
                    answers.push(super::claims::Answer { seat: p, legal, chosen });
                }
                for a in super::claims::settle(state, answers) {
                    watcher.decision(state, &Decision { player: a.seat, legal: &a.legal, chosen: a.chosen });
                    state.apply_with(a.seat, a.chosen, watcher).map_err(|_| DriveError::Illegal(a.seat))?;
                }
            }
            ToMove::Simultaneous(ps) => {
                for p in ps {
                    decide(state, p, agents, watcher, &mut legal)?;
                }
            }
        }
    }
}

/// Asks player `p`'s agent, if `p` has a choice, and applies its action; `legal` is the list the
/// actions are listed into, kept from one decision to the next.
fn decide<W: Watcher>(
    state: &mut State,
    p: u8,
    agents: &mut [Box<dyn Agent>],
    watcher: &mut W,
    legal: &mut Vec<Action>,
) -> Result<(), DriveError> {
    state.legal_actions_into(p, legal);
    if legal.is_empty() {
        return Ok(());
    }
    let agent = &mut agents[p as usize];
    let Some(a) = agent.choose(state, p, legal) else {
        return Err(DriveError::Abandoned(format!("{} ({})", state.game().player_name(p), agent.name())));
    };
    watcher.decision(state, &Decision { player: p, legal, chosen: a });
    state.apply_with(p, a, watcher).map_err(|_| DriveError::Illegal(p))
}
