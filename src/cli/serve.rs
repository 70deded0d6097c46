//! `cardlang serve`: the games named on the command line played in the browser (`crate::serve`).

use std::path::PathBuf;

use super::{load, Failure};
use crate::serve;

/// Starts the server on the games (folders expanded) and serves until the process ends.
pub(super) fn run(
    games: &[PathBuf],
    host: &str,
    port: u16,
    data: Option<PathBuf>,
    replay: Option<PathBuf>,
) -> Result<(), Failure> {
    let games = load::expand_folders(games).map_err(|message| Failure { message, code: 2 })?;
    let Some(data) = data.or_else(serve::store::default_path) else {
        return Err(Failure {
            message: "error: no folder for the tables' store (neither XDG_DATA_HOME nor HOME is set): give --data FILE"
                .into(),
            code: 2,
        });
    };
    let config = serve::Config { games, host: host.to_string(), port, data, replay };
    serve::run(&config).map_err(|e| Failure { message: format!("error: {e}"), code: 1 })
}
