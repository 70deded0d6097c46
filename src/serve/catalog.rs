//! The games a server offers: the files given on its command line, each by its file name
//! without `.cardgame` (`my_game.cardgame` is offered as `my_game`). A table's game is read from the disk and checked with the
//! variant, options and number of seats asked for; nothing else on the disk is ever read.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;

use super::errors::ServeError;
use crate::check::{self, Config};
use crate::engine::Game;
use crate::load::{self, Disk};

/// What the page offers of one game.
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    /// Its name on this server.
    pub name: String,
    /// Its title.
    pub title: String,
    /// The fewest and most seats.
    pub seats: (u8, u8),
    /// Its variants: name and description.
    pub variants: Vec<(String, Option<String>)>,
    /// Its options: name and default in words.
    pub options: Vec<(String, String)>,
}

/// The games served, by name.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    files: BTreeMap<String, PathBuf>,
    infos: Vec<GameInfo>,
}

/// A file's message when it does not load: each problem's message on a line.
fn not_loaded(e: &load::NotLoaded) -> String {
    e.problems().iter().map(|p| p.message.clone()).collect::<Vec<_>>().join("; ")
}

impl Catalog {
    /// The games of `files`, each read and checked once to list what it offers; a file that
    /// does not load, or two of one name, is an error.
    pub fn of(files: &[PathBuf]) -> Result<Catalog, ServeError> {
        let mut catalog = Catalog::default();
        for path in files {
            let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            if let Some(other) = catalog.files.get(&name) {
                return Err(ServeError::GameFile(format!(
                    "two games are named `{name}`: {} and {}; serve one of them",
                    load::shown(other),
                    load::shown(path)
                )));
            }
            let loaded = load::read_with(&Disk, path).map_err(|e| ServeError::GameFile(e.1.to_string()))?;
            // A variant file of several variants is listed as its first; a table names one.
            let config = loaded
                .config(&Config::default())
                .unwrap_or_else(|_| Config { variant: loaded.own_variants.first().cloned(), ..Config::default() });
            let game = load::load_game_with(&Disk, path, &config)
                .map_err(|e| ServeError::GameFile(format!("{}: {}", load::shown(path), not_loaded(&e))))?;
            let p = &game.program;
            catalog.infos.push(GameInfo {
                name: name.clone(),
                title: p.title.clone(),
                seats: p.seats,
                variants: check::variants::summaries(&loaded.file)
                    .into_iter()
                    .map(|v| (v.name, v.description))
                    .collect(),
                options: p.options.iter().map(|o| (o.name.clone(), game.show(o.default, o.ty))).collect(),
            });
            catalog.files.insert(name, path.clone());
        }
        Ok(catalog)
    }

    /// What each game offers, in name order.
    pub fn infos(&self) -> Vec<GameInfo> {
        let mut infos = self.infos.clone();
        infos.sort_by(|a, b| a.name.cmp(&b.name));
        infos
    }

    /// The game `name` checked with a variant, option settings and `seats` seats.
    pub fn game(
        &self,
        name: &str,
        variant: Option<&str>,
        sets: &[(String, String)],
        seats: usize,
    ) -> Result<Arc<Game>, ServeError> {
        let path = self.files.get(name).ok_or_else(|| ServeError::NoGame(name.to_string()))?;
        let seats = u8::try_from(seats).map_err(|_| ServeError::Setup(format!("{seats} seats is too many")))?;
        let config = Config { variant: variant.map(str::to_string), sets: sets.to_vec(), seats: Some(seats) };
        let game = load::load_game_with(&Disk, path, &config).map_err(|e| ServeError::Setup(not_loaded(&e)))?;
        if game.players() != seats {
            return Err(ServeError::Setup(format!(
                "{} is played by {} (not {seats}): give one seat per player",
                game.program.title,
                match game.program.seats {
                    (a, b) if a == b => format!("{a} players"),
                    (a, b) => format!("{a} to {b} players"),
                }
            )));
        }
        Ok(game)
    }
}
