//! issue 43: agents at an open moment (`any player p may`). Every agent is asked on
//! the same table, none seeing another's answer; when some claim, one claim is applied, that of
//! the claimer [`State::claim_draw`] draws (the same seed gives the same game), and the other
//! answers are dropped; when nobody claims, every "no claim" is applied.

use crate::engine::{Action, State};

/// One answer given at an open moment: the seat, what it was offered, what it chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The seat that answered (from 0).
    pub seat: u8,
    /// Its legal actions: "no claim", then its claims.
    pub legal: Vec<Action>,
    /// What it chose.
    pub chosen: Action,
}

/// The answers of players asked together at an open moment that are applied, in order: the
/// claim of the claimer drawn by [`State::claim_draw`] when any claimed, else every "no claim"
/// (in seat order, as given).
pub fn settle(state: &State, answers: Vec<Answer>) -> Vec<Answer> {
    let claimers: Vec<u8> = answers.iter().filter(|a| state.is_claim(a.seat, a.chosen)).map(|a| a.seat).collect();
    match state.claim_draw(&claimers) {
        Some(first) => answers.into_iter().filter(|a| a.seat == first).take(1).collect(),
        None => answers,
    }
}
