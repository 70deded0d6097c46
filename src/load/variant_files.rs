//! The variant files beside a game: the `.cardgame` files in the `variants/` folder next to it
//! that extend it, each with the variants it declares.

use std::path::{Path, PathBuf};

use super::loaded::folded_base;
use super::reader::{shown, Disk, Reader};
use crate::check::{self, variants::VariantSummary};
use crate::syntax;

/// The variant files on the disk beside a game that extend it, by path, in name order: the
/// variants each declares, or why it was skipped.
pub fn variant_files(game: &Path) -> Vec<(String, Result<Vec<VariantSummary>, String>)> {
    variant_files_with(&Disk, game)
}

/// [`variant_files`] through a reader.
pub fn variant_files_with(reader: &dyn Reader, game: &Path) -> Vec<(String, Result<Vec<VariantSummary>, String>)> {
    let dir = game.parent().unwrap_or(Path::new("")).join("variants");
    let mut paths: Vec<PathBuf> = reader.game_files(&dir);
    paths.sort();
    let target = reader.identity(game);
    let mut out = Vec::new();
    for p in paths {
        let shown = shown(&p);
        let Ok(text) = reader.read(&p) else {
            out.push((shown, Err("it cannot be read".to_string())));
            continue;
        };
        let file = match syntax::parse(&text) {
            Ok(f) => f,
            Err(_) => {
                out.push((shown.clone(), Err(format!("it does not parse (run `cardlang lint {shown}`)"))));
                continue;
            }
        };
        let Some(base) = &file.base else { continue };
        if reader.identity(&folded_base(&p, &base.path)) == target {
            out.push((shown, Ok(check::variants::summaries(&file))));
        }
    }
    out
}
