//! Phase 5: `cardlang serve`, a game played in the browser: people at other screens (each with
//! the secret link of their seat), agents in the other seats, spectators who see only what is
//! public. Built on [`Session`](crate::session::Session): one owner thread per table holds it
//! ([`tables`]); the web side ([`routes`], axum on tokio) only passes requests to the owners and
//! sends each link what its viewer may see ([`views`]). Tables are kept in SQLite ([`store`]), so
//! a restart loses none. See `docs/serve.md`.

pub mod catalog;
pub mod errors;
pub mod replay;
pub mod routes;
pub mod store;
pub mod tables;
pub mod tokens;
pub mod views;

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use errors::ServeError;

/// How a server is started.
#[derive(Debug, Clone)]
pub struct Config {
    /// The game files served (folders already expanded).
    pub games: Vec<PathBuf>,
    /// The address to listen on (`127.0.0.1` unless told otherwise).
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// The tables' store.
    pub data: PathBuf,
    /// A JSON Lines transcript to replay step by step in the page (`--replay FILE`).
    pub replay: Option<PathBuf>,
}

/// A server started: its address, and what it says on starting (tables restored, tables that
/// could not be).
pub struct Started {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Lines to tell the user.
    pub notes: Vec<String>,
    listener: tokio::net::TcpListener,
    tables: Arc<tables::Tables>,
}

/// Reads the games, opens the store and its tables, and binds the address (inside a tokio
/// runtime).
pub async fn start(config: &Config) -> Result<Started, ServeError> {
    let catalog = catalog::Catalog::of(&config.games)?;
    let store = Arc::new(store::Store::open(&config.data)?);
    let tables = Arc::new(tables::Tables::new(catalog, store));
    if let Some(path) = &config.replay {
        let shown = crate::load::shown(path);
        let text = std::fs::read_to_string(path).map_err(|e| ServeError::Replay(format!("{shown}: {e}")))?;
        let reading = tables.clone();
        let replay = tokio::task::spawn_blocking(move || replay::of_text(reading.catalog(), &text))
            .await
            .map_err(|e| ServeError::Replay(e.to_string()))?
            .map_err(|e| match e {
                ServeError::Replay(why) => ServeError::Replay(format!("{shown}: {why}")),
                other => other,
            })?;
        tables.open_replay(replay);
    }
    let restoring = tables.clone();
    let (opened, skipped) = tokio::task::spawn_blocking(move || restoring.restore_all())
        .await
        .map_err(|e| ServeError::Store { path: config.data.display().to_string(), reason: e.to_string() })??;
    let addr = format!("{}:{}", config.host, config.port);
    let fail = |e: std::io::Error| ServeError::Listen { addr: addr.clone(), reason: e.to_string() };
    let listener = tokio::net::TcpListener::bind(&addr).await.map_err(fail)?;
    let addr = listener.local_addr().map_err(fail)?;
    let mut notes = Vec::new();
    if opened > 0 {
        notes.push(format!("{} restored from {}", crate::check::error::plural(opened, "table"), config.data.display()));
    }
    if config.replay.is_some() {
        notes.push(format!("the transcript replays at http://{addr}/#replay"));
    }
    notes.extend(skipped.into_iter().map(|s| format!("not restored: {s}")));
    Ok(Started { addr, notes, listener, tables })
}

impl Started {
    /// Serves until the process ends.
    pub async fn run(self) -> Result<(), ServeError> {
        let addr = self.addr.to_string();
        axum::serve(self.listener, routes::router(self.tables))
            .await
            .map_err(|e| ServeError::Listen { addr, reason: e.to_string() })
    }
}

/// Runs a server (blocking): prints `listening on http://ADDR` first, then serves.
pub fn run(config: &Config) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::Listen { addr: config.host.clone(), reason: e.to_string() })?;
    runtime.block_on(async {
        let started = start(config).await?;
        // A closed standard output loses these lines, not the server.
        let mut out = std::io::stdout();
        let _ = writeln!(out, "listening on http://{}", started.addr);
        for note in &started.notes {
            let _ = writeln!(out, "{note}");
        }
        let _ = out.flush();
        started.run().await
    })
}
