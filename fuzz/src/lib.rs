//! cardlang's fuzz targets as a library: the bodies live in `targets.rs`, which the main crate's
//! stable tests include too (tests/fuzz.rs).

pub mod targets;

use std::sync::Arc;

use cardlang::engine::Game;

/// Every game in `games/` and `games/variants/` with each variant it declares, checked, with
/// its syntax tree.
pub fn every_game() -> Vec<(String, Arc<Game>, cardlang::syntax::File)> {
    targets::every_game(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}
