//! What a viewer sees and is told: a player's observation, each viewer's line for an event,
//! values and events as text, a declared `view`'s panel, what each player knows of the cards
//! they cannot see, and a state a player could believe in.

pub(crate) mod determinize;
pub(crate) mod facing_out;
pub(crate) mod observe;
pub(crate) mod panel;
pub(crate) mod sightings;
pub(crate) mod text;
pub mod viewer;
