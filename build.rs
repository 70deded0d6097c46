//! Build step: the list of games bundled into the binary (`src/bundle/`). Every
//! `games/*.cardgame` file becomes one entry, `(name, include_str!(path))`, written to
//! `$OUT_DIR/bundled_games.rs` in name order, so a new game file is bundled without editing code.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let games = root.join("games");
    // The folder itself: cargo looks at every file under it, so a game added, changed or removed
    // rebuilds the list.
    println!("cargo:rerun-if-changed={}", games.display());
    println!("cargo:rerun-if-changed=build.rs");
    let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(&games)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().and_then(|e| e.to_str()) == Some("cardgame"))
                .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    let mut list = String::from("&[\n");
    for (name, path) in &found {
        let _ = writeln!(list, "    ({name:?}, include_str!({:?})),", path.display().to_string());
    }
    list.push_str("]\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("bundled_games.rs");
    if let Err(e) = std::fs::write(&out, list) {
        panic!("cannot write {}: {e}", out.display());
    }
}
