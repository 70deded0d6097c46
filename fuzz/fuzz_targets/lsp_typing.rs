//! The language server while a designer types: a game file edited as the input says (or the
//! input typed as a text), every request asked after every edit, every answer checked, and the
//! diagnostics of a file typed back to its own text the same as `cardlang lint`'s.
#![no_main]

use std::sync::OnceLock;

use cardlang_fuzz::lsp_typing::{game_files, lsp_typing, GameFile};

static FILES: OnceLock<Vec<GameFile>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let files = FILES.get_or_init(|| game_files(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))));
    lsp_typing(files, data);
});
