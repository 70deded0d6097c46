//! cardlang's fuzz targets as a library: the bodies live in `targets.rs` and `lsp_typing.rs`,
//! which the main crate's stable tests include too (tests/fuzz.rs); the language server's
//! editor side is the tests' own `lsp_drive`.

#[path = "../../tests/common/lsp_drive.rs"]
pub mod lsp_drive;
pub mod lsp_typing;
pub mod targets;

use std::sync::Arc;

use cardlang::engine::Game;

/// Every game in `games/` and `games/variants/` with each variant it declares, checked, with
/// its syntax tree.
pub fn every_game() -> Vec<(String, Arc<Game>, cardlang::syntax::File)> {
    targets::every_game(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}
