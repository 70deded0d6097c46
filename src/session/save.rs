//! Saving a session as JSON and restoring it. What is saved is what the game cannot work out
//! again: which game (title, variant, option values, to check that the game given back is the
//! same), the seed, the seats and the history of actions. Restoring plays the history again from
//! the start: agents are asked again at their decisions (so their own dice turn as they did) and
//! must choose as they did; the state and the log come out as they were.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Seat, Session, Step};
use crate::engine::{Action, Game};

/// The version of the saved form this cardlang writes and reads.
pub const VERSION: u32 = 1;

/// A session as saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The saved form's version ([`VERSION`]).
    pub version: u32,
    /// The game's title.
    pub game: String,
    /// The variant played, if any.
    pub variant: Option<String>,
    /// Every option's value, as the game shows it.
    pub options: BTreeMap<String, String>,
    /// The game's seed.
    pub seed: u64,
    /// Each seat's spec (`human`, `random`, `mcts:iterations=500`).
    pub seats: Vec<String>,
    /// Every action taken, in order.
    pub history: Vec<Step>,
    /// How many decisions were taken back (issue 43), so that the restored table's step
    /// ([`Session::step`]) goes on from where it was; left out when none was.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub taken_back: usize,
}

/// Whether a count is zero (a saved form without undo keeps its old shape).
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Why a saved session could not be restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum RestoreError {
    /// Not JSON, or not a saved session.
    #[error("not a saved session: {0}")]
    #[diagnostic(code(cardlang::session::not_saved))]
    NotSaved(String),
    /// Saved by a cardlang with another saved form.
    #[error("a saved session of version {found}; this cardlang reads version {VERSION}")]
    #[diagnostic(code(cardlang::session::version))]
    Version {
        /// The version found.
        found: u32,
    },
    /// The game given is not the one the session played.
    #[error("the session played {saved}, not {given}")]
    #[diagnostic(
        code(cardlang::session::other_game),
        help("load the game with the variant and options the session was saved with")
    )]
    OtherGame {
        /// The game as saved.
        saved: String,
        /// The game given.
        given: String,
    },
    /// The seats did not read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Seats(#[from] super::SessionError),
    /// A step of the history does not fit the game as it is replayed.
    #[error("step {step} of the history does not fit the game: {why}")]
    #[diagnostic(code(cardlang::session::history))]
    History {
        /// The step (from 1).
        step: usize,
        /// What went wrong.
        why: String,
    },
}

/// Title, variant and options of a game, in words, to tell two games apart.
fn described(game: &str, variant: &Option<String>, options: &BTreeMap<String, String>) -> String {
    let mut out = format!("\"{game}\"");
    if let Some(v) = variant {
        out.push_str(&format!(" (variant {v})"));
    }
    if !options.is_empty() {
        let list: Vec<String> = options.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        out.push_str(&format!(" with {}", list.join(", ")));
    }
    out
}

/// The option values of a game, as it shows them.
fn options_of(game: &Game) -> BTreeMap<String, String> {
    game.program.options.iter().map(|o| (o.name.clone(), game.show(o.value, o.ty))).collect()
}

impl Session {
    /// The session as saved.
    pub fn save(&self) -> Saved {
        let p = &self.game.program;
        Saved {
            version: VERSION,
            game: p.title.clone(),
            variant: p.variant.clone(),
            options: options_of(&self.game),
            seed: self.seed,
            seats: self.seats.iter().map(|s| s.spec.clone()).collect(),
            history: self.history.clone(),
            taken_back: self.undo.taken_back,
        }
    }

    /// The session as saved, in JSON.
    pub fn to_json(&self) -> String {
        // A `Saved` holds strings, numbers and lists only: it always serialises.
        serde_json::to_string(&self.save()).unwrap_or_default()
    }

    /// Restores a session saved as JSON, for `game` (which must be the game it played).
    pub fn from_json(game: Arc<Game>, text: &str) -> Result<Session, RestoreError> {
        let saved: Saved = serde_json::from_str(text).map_err(|e| RestoreError::NotSaved(e.to_string()))?;
        Session::restore(game, &saved)
    }

    /// Restores a saved session for `game` by replaying its history.
    pub fn restore(game: Arc<Game>, saved: &Saved) -> Result<Session, RestoreError> {
        if saved.version != VERSION {
            return Err(RestoreError::Version { found: saved.version });
        }
        let p = &game.program;
        let given = (p.title.clone(), p.variant.clone(), options_of(&game));
        if given != (saved.game.clone(), saved.variant.clone(), saved.options.clone()) {
            return Err(RestoreError::OtherGame {
                saved: described(&saved.game, &saved.variant, &saved.options),
                given: described(&given.0, &given.1, &given.2),
            });
        }
        let seats = saved
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Seat::parse(s).map_err(|e| super::SessionError::SeatSpec { seat: i + 1, reason: e.to_string() })
            })
            .collect::<Result<Vec<Seat>, _>>()?;
        let mut session = Session::new(game, saved.seed, seats)?;
        // issue 43: at an open moment every agent was asked once, on the same table, as the
        // moment opened (`Session::open_round`), whether its answer was applied or dropped: each
        // is asked again once per moment (the moment known by the instructions run when it
        // opened), so that its dice turn as they did, and its answers in the history are checked
        // against what it says.
        let mut moment: Option<(u64, Vec<(u8, Action)>)> = None;
        for (i, step) in saved.history.iter().enumerate() {
            let why = |why: String| RestoreError::History { step: i + 1, why };
            let pending = session.pending();
            if pending.is_empty() {
                return Err(why("the game is over by then".into()));
            }
            let seat = step.seat;
            let Some(legal) = pending.into_iter().find(|t| t.seat == seat).map(|t| t.legal) else {
                return Err(why(format!("it is not player {}'s decision then", seat + 1)));
            };
            let action = Action(step.action);
            if !legal.contains(&action) {
                return Err(why(format!("it is not one of player {}'s choices", seat + 1)));
            }
            if session.state.is_open_moment() {
                let key = session.state.steps();
                if moment.as_ref().map(|m| m.0) != Some(key) {
                    let mut answers = Vec::new();
                    for t in session.pending() {
                        if let Some(agent) = session.agents[t.seat as usize].as_mut() {
                            if let Some(a) = agent.choose(&session.state, t.seat, &t.legal) {
                                answers.push((t.seat, a));
                            }
                        }
                    }
                    moment = Some((key, answers));
                }
                let said = moment.as_ref().and_then(|m| m.1.iter().find(|(s, _)| *s == seat)).map(|(_, a)| *a);
                if session.agents[seat as usize].is_some() && said != Some(action) {
                    return Err(why(format!("the agent of player {} now chooses otherwise", seat + 1)));
                }
            } else if let Some(agent) = session.agents[seat as usize].as_mut() {
                // Asked again, so that its dice turn as they did the first time.
                let again = agent.choose(&session.state, seat, &legal);
                if again != Some(action) {
                    return Err(why(format!("the agent of player {} now chooses otherwise", seat + 1)));
                }
            }
            session.apply(seat, &legal, action, &mut crate::engine::NoEvents).map_err(|e| why(e.to_string()))?;
        }
        // issue 43: a session saved at an open moment had asked its agents as the moment opened
        // (their "no claim" answers held, not in the history): they are asked again, as then.
        if session.state.is_open_moment() {
            let pending = session.pending();
            session.open_round(pending, &mut crate::engine::NoEvents)?;
        }
        session.undo.taken_back = saved.taken_back;
        Ok(session)
    }
}
