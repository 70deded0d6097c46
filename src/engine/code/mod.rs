//! The lowered code, the compiler's second step: the checked program (as `compile` left it)
//! turned into the engine's own code, flat instructions with jumps ([`lower`]), quick forms of
//! common instructions ([`quick`]), jumps carried out together ([`chain`]), and expressions
//! compiled to closures over a state ([`closure`]).

pub(crate) mod chain;
pub mod closure;
pub mod lower;
pub(crate) mod quick;
