//! The command line's side of loading (the loading itself is the library's `load`): games
//! loaded with every problem rendered as text, `lint`'s report of a file, and the files a
//! command line names.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::render::{LintReport, Render};
use crate::bundle::WithBundled;
use crate::check::{Config, Program};
use crate::engine::Game;
use crate::load::{self, shown, Loaded, NotLoaded, Refusal, Sources};

/// A failed load rendered: the file at fault's problem, or every problem of checking.
pub fn render_not_loaded(failure: &NotLoaded) -> String {
    match failure {
        NotLoaded::Unread(b) => b.0.render(&b.1),
        NotLoaded::Refused(b) => render_refusal(&b.0, &b.1),
    }
}

/// Why a game did not check, rendered against its sources.
pub fn render_refusal(sources: &Sources, refusal: &Refusal) -> String {
    match refusal {
        Refusal::NoVariant(message) => message.clone(),
        Refusal::Errors(errors) => sources.render_all(errors),
    }
}

/// Checks a game read with a configuration: the program, or every problem rendered.
pub fn check(loaded: &Loaded, config: &Config) -> Result<Program, String> {
    loaded.check(config).map_err(|r| render_refusal(&loaded.sources, &r))
}

/// Loads a game from the disk (or the games bundled in the binary) with a variant and options: the lowered game, or the rendered
/// diagnostics.
pub fn load_game_path(path: &Path, config: &Config) -> Result<Arc<Game>, String> {
    load::load_game_with(&WithBundled(load::Disk), path, config).map_err(|e| render_not_loaded(&e))
}

/// Lints one file on the disk (see `load::lint_with`) and renders what it found.
pub fn lint_path(path: &Path) -> LintReport {
    LintReport::of(&load::lint_with(&WithBundled(load::Disk), path))
}

/// The files named on a command line, with each folder replaced by the `.cardgame` files under
/// it (in every folder below it too), in name order. A folder with none is an error.
pub fn expand_folders<P: AsRef<Path>>(args: &[P]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for a in args {
        let path = a.as_ref();
        if !path.is_dir() {
            out.push(path.to_path_buf());
            continue;
        }
        let mut found = Vec::new();
        let mut folders = vec![path.to_path_buf()];
        while let Some(dir) = folders.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for p in entries.flatten().map(|e| e.path()) {
                if p.is_dir() {
                    folders.push(p);
                } else if p.extension().and_then(|e| e.to_str()) == Some("cardgame") {
                    found.push(p);
                }
            }
        }
        if found.is_empty() {
            return Err(format!("error: the folder `{}` holds no `.cardgame` file", shown(path)));
        }
        found.sort();
        out.extend(found);
    }
    Ok(out)
}
