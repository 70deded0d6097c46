//! The games that come with cardlang, inside the binary: every `games/*.cardgame` file of the
//! source tree it was built from (the list is written at build time by `build.rs`), so an
//! installed `cardlang` plays, lists and prints them by name (`cardlang play NAME`,
//! `cardlang games`, `cardlang show NAME`) with no checkout beside it.
//!
//! A bundled game is read through [`WithBundled`], a [`Reader`] that serves each game at a path
//! under [`ROOT`] (which no file on the disk is looked up at) and reads every other path through
//! the reader under it: loading, checking and linting a bundled game are the same code as for a
//! file. A name resolves to a bundled game only when no file of that name is there
//! ([`resolve`]): a file always wins.
//!
//! After `load` in the pipeline, before the front ends (`cli`).

use std::path::{Component, Path, PathBuf};

use crate::check::{self, Config};
use crate::load::{Disk, Reader, TextError};
use crate::syntax;

/// One game in the binary: its name (the file's name without `.cardgame`) and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bundled {
    /// The name it is asked for by: `games/NAME.cardgame` in the source tree.
    pub name: &'static str,
    /// The whole file, as it was at build time.
    pub text: &'static str,
}

/// The folder the bundled games are read from: a name no file on the disk is looked up at, shown
/// in messages about a bundled game (`(bundled)/NAME.cardgame:12:5`).
pub const ROOT: &str = "(bundled)";

/// The games of `games/*.cardgame`, in name order (written by `build.rs`).
const GAMES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled_games.rs"));

/// Every bundled game, in name order.
pub fn all() -> impl Iterator<Item = Bundled> {
    GAMES.iter().map(|(name, text)| Bundled { name, text })
}

/// The bundled game called `name` (`NAME` or `NAME.cardgame`), if there is one.
pub fn find(name: &str) -> Option<Bundled> {
    let name = name.strip_suffix(".cardgame").unwrap_or(name);
    all().find(|b| b.name == name)
}

impl Bundled {
    /// The path it is read at through [`WithBundled`]: `(bundled)/NAME.cardgame`.
    pub fn path(&self) -> PathBuf {
        Path::new(ROOT).join(format!("{}.cardgame", self.name))
    }
}

/// The path a command line's GAME means: the path itself when something is there (a file wins),
/// else, for a bare name (`NAME` or `NAME.cardgame`, no folder) of a bundled game, that game's
/// path under [`ROOT`]; else the path unchanged (and reading it says it is missing).
pub fn resolve(given: &Path) -> PathBuf {
    if given.exists() {
        return given.to_path_buf();
    }
    bundled_name(given).map_or_else(|| given.to_path_buf(), |b| b.path())
}

/// The bundled game a path names when it is a bare name (one step, no folder) that no file on the
/// disk holds.
pub fn bundled_name(given: &Path) -> Option<Bundled> {
    let mut parts = given.components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(one)), None) if !given.exists() => find(one.to_str()?),
        _ => None,
    }
}

/// The bundled game read at `path` (a path under [`ROOT`], as [`resolve`] gives), if any.
pub fn at(path: &Path) -> Option<Bundled> {
    let rest = path.strip_prefix(ROOT).ok()?;
    let mut parts = rest.components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(file)), None) => find(file.to_str()?.strip_suffix(".cardgame")?),
        _ => None,
    }
}

/// A reader that serves the bundled games at their paths under [`ROOT`] and reads every other
/// path through `R` (the disk by default).
#[derive(Debug, Clone, Copy, Default)]
pub struct WithBundled<R = Disk>(pub R);

impl<R: Reader> Reader for WithBundled<R> {
    fn read(&self, path: &Path) -> Result<String, TextError> {
        match at(path) {
            Some(game) => Ok(game.text.to_string()),
            None => self.0.read(path),
        }
    }

    fn identity(&self, path: &Path) -> PathBuf {
        match at(path) {
            Some(game) => game.path(),
            None => self.0.identity(path),
        }
    }

    fn game_files(&self, folder: &Path) -> Vec<PathBuf> {
        if folder.starts_with(ROOT) {
            return Vec::new();
        }
        self.0.game_files(folder)
    }
}

/// What a game file says about itself: its title, how many players, and its variants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct About {
    /// The title from `game "..."`.
    pub title: String,
    /// The fewest and most players (`players 2 to 7`; both the same for `players 2`).
    pub seats: (u8, u8),
    /// The variants it declares, in the file's order.
    pub variants: Vec<String>,
}

impl About {
    /// A game file's title, players and variants; `None` when it does not parse or check.
    pub fn of(text: &str) -> Option<About> {
        let file = syntax::parse(text).ok()?;
        let program = check::check(&file, &Config::default()).ok()?;
        let variants = check::variants::variant_decls(&file).iter().map(|v| v.name.text.clone()).collect();
        Some(About { title: program.title, seats: program.seats, variants })
    }

    /// The players in words: `1 player`, `2 players`, `2 to 7 players`.
    pub fn players(&self) -> String {
        match self.seats {
            (1, 1) => "1 player".to_string(),
            (lo, hi) if lo == hi => format!("{lo} players"),
            (lo, hi) => format!("{lo} to {hi} players"),
        }
    }
}
