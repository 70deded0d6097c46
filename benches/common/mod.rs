//! What the benchmarks share: loading a game of `games/`.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::Game;

/// The game `games/NAME.cardgame`, with `variant` if given, checked and ready to play.
pub fn load(name: &str, variant: Option<&str>) -> Arc<Game> {
    let path = format!("{}/games/{name}.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("game file");
    let file = cardlang::syntax::parse(&text).expect("parses");
    let config = Config { variant: variant.map(String::from), sets: Vec::new(), seats: None };
    Game::new(check::check(&file, &config).expect("checks"))
}
