//! cardlang: a language for card-game rules, its checker, and an engine that plays them.
//!
//! The pipeline shows in the modules: [`syntax`] → [`check`] → [`engine`] → [`agents`] → [`cli`].

pub mod syntax;
pub mod check;
pub mod engine;
pub mod agents;
pub mod cli;
