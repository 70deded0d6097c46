//! The tables kept across restarts, in an embedded SQLite database: each table's game, variant,
//! options and saved session (its seats, seed and history; `session::save`), and the tokens of
//! its links. A table is written when it is made and after every change.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{params, Connection};

use super::errors::ServeError;

/// How a table is set up (what its game is checked with again after a restart).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// The game's name on the server.
    pub game: String,
    /// The variant.
    pub variant: Option<String>,
    /// Option settings, `name = value`.
    pub options: Vec<(String, String)>,
}

/// One table as kept.
#[derive(Debug, Clone)]
pub struct Kept {
    /// The table's id.
    pub id: String,
    /// Its setup.
    pub setup: Setup,
    /// The saved session, JSON.
    pub session: String,
    /// Its tokens: token and seat (from 0; `None` for the spectators' link).
    pub tokens: Vec<(String, Option<u8>)>,
}

/// The database.
pub struct Store {
    path: PathBuf,
    conn: Mutex<Connection>,
}

/// The schema; `IF NOT EXISTS` so an existing store opens as it is.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    session TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER
);";

/// Where the store is kept when `--data` is not given: `$XDG_DATA_HOME/cardlang/tables.sqlite`,
/// else `~/.local/share/cardlang/tables.sqlite`.
pub fn default_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()).map(PathBuf::from).or_else(|| {
        std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".local/share"))
    })?;
    Some(base.join("cardlang").join("tables.sqlite"))
}

impl Store {
    /// Opens (or makes) the store at `path`, making its folder.
    pub fn open(path: &Path) -> Result<Store, ServeError> {
        let fail = |reason: String| ServeError::Store { path: path.display().to_string(), reason };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| fail(format!("cannot make its folder: {e}")))?;
        }
        let conn = Connection::open(path).map_err(|e| fail(e.to_string()))?;
        conn.execute_batch(SCHEMA).map_err(|e| fail(e.to_string()))?;
        Ok(Store { path: path.to_path_buf(), conn: Mutex::new(conn) })
    }

    fn fail(&self, e: impl std::fmt::Display) -> ServeError {
        ServeError::Store { path: self.path.display().to_string(), reason: e.to_string() }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, ServeError> {
        let mut conn = self.conn.lock().map_err(|_| self.fail("an earlier write failed midway"))?;
        f(&mut conn).map_err(|e| self.fail(e))
    }

    /// Keeps a new table and its tokens.
    pub fn insert(&self, kept: &Kept) -> Result<(), ServeError> {
        let setup = serde_json::to_string(&kept.setup).map_err(|e| self.fail(e))?;
        self.with(|conn| {
            let tx = conn.transaction()?;
            tx.execute(
                "INSERT INTO tables (id, setup, session) VALUES (?1, ?2, ?3)",
                params![kept.id, setup, kept.session],
            )?;
            for (token, seat) in &kept.tokens {
                tx.execute(
                    "INSERT INTO tokens (token, table_id, seat) VALUES (?1, ?2, ?3)",
                    params![token, kept.id, seat],
                )?;
            }
            tx.commit()
        })
    }

    /// Writes a table's session as it now stands.
    pub fn save(&self, id: &str, session: &str, over: bool) -> Result<(), ServeError> {
        self.with(|conn| {
            conn.execute("UPDATE tables SET session = ?2, over = ?3 WHERE id = ?1", params![id, session, over])
                .map(|_| ())
        })
    }

    /// Every table kept, with its tokens.
    pub fn all(&self) -> Result<Vec<Kept>, ServeError> {
        let rows = self.with(|conn| {
            let mut tables = conn.prepare("SELECT id, setup, session FROM tables ORDER BY rowid")?;
            let rows = tables
                .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let mut tokens = conn.prepare("SELECT token, seat FROM tokens WHERE table_id = ?1")?;
            let mut out = Vec::new();
            for (id, setup, session) in rows {
                let t = tokens
                    .query_map([&id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<u8>>(1)?)))?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
                out.push((id, setup, session, t));
            }
            Ok(out)
        })?;
        rows.into_iter()
            .map(|(id, setup, session, tokens)| {
                let setup: Setup = serde_json::from_str(&setup).map_err(|e| self.fail(format!("table {id}: {e}")))?;
                Ok(Kept { id, setup, session, tokens })
            })
            .collect()
    }
}
