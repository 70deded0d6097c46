//! The run loop: carries out the lowered code from the program counter to the next decision
//! ([`exec`], [`light`]), functions with statements ([`routine`]), expressions read as trees
//! ([`eval`]), and the effects with work of their own: moves, reveals, hand ranking, sets of
//! cards.

pub(crate) mod eval;
pub(crate) mod exec;
pub(crate) mod hands;
pub(crate) mod joined;
pub(crate) mod light;
pub(crate) mod moves;
pub(crate) mod reveal;
pub(crate) mod routine;
pub(crate) mod rows;
pub(crate) mod subsets;
