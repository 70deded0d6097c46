//! The engine: a game chosen by the input, its options within their declared ranges, legal
//! actions chosen by the input, every invariant checked at every step.
#![no_main]

use std::sync::{Arc, OnceLock};

type Games = Vec<(String, Arc<cardlang::engine::Game>, cardlang::syntax::File)>;
static GAMES: OnceLock<Games> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let games = GAMES.get_or_init(cardlang_fuzz::every_game);
    cardlang_fuzz::targets::engine(games, data);
});
