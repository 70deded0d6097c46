//! cardlang: a language for card-game rules, its checker, and an engine that plays them.
//!
//! The pipeline shows in the modules: [`syntax`] → [`check`] → [`compile`] → [`engine`] → [`agents`] →
//! [`session`] → [`simulate`] → the front ends: [`cli`] (the command line) and [`lsp`] (the language
//! server). Beside it, [`load`] reads a game's files (from the disk or from an editor's buffers)
//! and gives every problem as plain data, for the front ends; [`files`] writes files whole or not
//! at all.
//!
//! ```
//! use cardlang::{check, engine, syntax};
//!
//! // A whole game: two players each turn up a card; the higher card wins.
//! let source = r#"
//!     game "High card"
//!     players 2
//!     enum rank = 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A
//!     property rank: rank
//!     cards deck = every rank
//!     order high: rank 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A
//!     zone pack: shared, face down, holds deck
//!     zone hand: per player, private
//!     procedure setup {
//!         shuffle pack
//!         deal 2 from pack to hand
//!     }
//!     procedure play {
//!         each player p secretly chooses c from hand of p
//!         let d = high of c of player 1 - high of c of player 2
//!         if d > 0 { end game winner player 1 }
//!         if d < 0 { end game winner player 2 }
//!         end game draw
//!     }
//! "#;
//! let file = syntax::parse(source).expect("it parses");
//! let program = check::check(&file, &check::Config::default()).expect("it checks");
//! let game = engine::Game::new(program);
//! let mut state = engine::State::new(game, 42);
//! // Both players choose at once; each sees only their own hand.
//! assert_eq!(state.to_move(), engine::ToMove::Simultaneous(engine::Seats::of(&[0, 1])));
//! for p in 0..2 {
//!     let first = state.legal_actions(p)[0];
//!     state.apply(p, first).expect("a legal choice");
//! }
//! assert!(state.is_over());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agents;
pub mod bundle;
pub mod check;
pub mod cli;
pub mod compile;
pub mod engine;
pub mod files;
pub mod load;
pub mod lsp;
/// A plain, slow evaluator of the checked program: an oracle for tests and fuzzing to compare
/// the engine with, never used in play.
pub mod reference;
pub mod serve;
pub mod session;
pub mod simulate;
pub mod syntax;
pub mod tune;
