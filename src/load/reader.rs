//! Where the text of a file comes from: a [`Reader`] reads a path's text. [`Disk`] reads the
//! file system; [`Overlay`] lays in-memory buffers (an editor's unsaved files) over another
//! reader, so a variant file whose base game is open but unsaved is read with the buffer's text.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// The most bytes a game file (or a shard document) may have: a real one has some kilobytes,
/// and `/dev/zero` or a wrong path to a huge file is refused after reading this much.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Why the text of a file could not be had. (The loader reports it as a `LoadError`, with the
/// path and the `extends` that named the file: `LoadError::cannot_read`.)
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum TextError {
    /// The system refused (no such file, no permission, a folder, ...).
    #[error("{0}")]
    #[diagnostic(code(cardlang::load::io))]
    Io(std::io::Error),
    /// The file goes on past `limit` bytes.
    #[error("it is larger than {} MiB", limit >> 20)]
    #[diagnostic(code(cardlang::load::too_large))]
    TooLarge {
        /// The most bytes read.
        limit: u64,
    },
    /// The bytes are not UTF-8 text; where the first bad byte is (both from 1).
    #[error("its content is not UTF-8 text (from line {line}, column {column})")]
    #[diagnostic(code(cardlang::load::not_utf8))]
    NotUtf8 {
        /// Its line.
        line: usize,
        /// Its column, in characters.
        column: usize,
    },
}

/// Where the text of game files comes from.
pub trait Reader {
    /// The whole text of the file at `path`, at most [`MAX_FILE_BYTES`] long and UTF-8.
    fn read(&self, path: &Path) -> Result<String, TextError>;

    /// The name a file is known by, the same for every path to it (the loader's test for a
    /// variant file that extends itself, and for the variant files of a game).
    fn identity(&self, path: &Path) -> PathBuf {
        std::fs::canonicalize(path).unwrap_or_else(|_| normalised(path))
    }

    /// The syntax tree of `text`, the file at `path`, its spans starting at `offset` (see
    /// `syntax::parse_at`): a reader that keeps an earlier tree of the file may parse only what
    /// changed (the language server does, `syntax::reparse`).
    fn parse(&self, path: &Path, text: &str, offset: usize) -> Result<crate::syntax::File, crate::syntax::SyntaxError> {
        let _ = path;
        crate::syntax::parse_at(text, offset)
    }

    /// The `.cardgame` files in a folder, in no particular order (none if it cannot be read).
    fn game_files(&self, folder: &Path) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
        entries.flatten().map(|e| e.path()).filter(|p| is_game_file(p)).collect()
    }
}

/// Whether a path names a `.cardgame` file.
fn is_game_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()) == Some("cardgame")
}

/// Reads files from the disk: the default reader.
#[derive(Debug, Clone, Copy, Default)]
pub struct Disk;

impl Reader for Disk {
    fn read(&self, path: &Path) -> Result<String, TextError> {
        read_text(path, MAX_FILE_BYTES)
    }
}

/// In-memory buffers by path, laid over another reader: a path with a buffer reads the
/// buffer, any other path reads through. Paths are compared after [`normalised`] (made
/// absolute, `.` and `..` folded; symbolic links are not followed).
#[derive(Debug, Clone, Default)]
pub struct Overlay<R = Disk> {
    /// What is under the buffers.
    pub under: R,
    /// The buffers, by normalised path.
    buffers: BTreeMap<PathBuf, (PathBuf, String)>,
}

impl<R: Reader> Overlay<R> {
    /// No buffers yet over `under`.
    pub fn new(under: R) -> Overlay<R> {
        Overlay { under, buffers: BTreeMap::new() }
    }

    /// Lays a buffer over `path` (replacing any buffer already there).
    pub fn open(&mut self, path: impl Into<PathBuf>, text: impl Into<String>) {
        let path = path.into();
        self.buffers.insert(normalised(&path), (path, text.into()));
    }

    /// Takes the buffer off `path`: it reads through again.
    pub fn close(&mut self, path: &Path) {
        self.buffers.remove(&normalised(path));
    }

    /// The buffer over `path`, if any.
    pub fn buffer(&self, path: &Path) -> Option<&str> {
        self.buffers.get(&normalised(path)).map(|(_, text)| text.as_str())
    }
}

impl<R: Reader> Reader for Overlay<R> {
    fn read(&self, path: &Path) -> Result<String, TextError> {
        match self.buffer(path) {
            Some(text) if text.len() as u64 > MAX_FILE_BYTES => Err(TextError::TooLarge { limit: MAX_FILE_BYTES }),
            Some(text) => Ok(text.to_string()),
            None => self.under.read(path),
        }
    }

    fn identity(&self, path: &Path) -> PathBuf {
        self.under.identity(path)
    }

    fn game_files(&self, folder: &Path) -> Vec<PathBuf> {
        let mut files = self.under.game_files(folder);
        let known: Vec<PathBuf> = files.iter().map(|p| normalised(p)).collect();
        let folder = normalised(folder);
        for (key, (given, _)) in &self.buffers {
            if key.parent() == Some(folder.as_path()) && is_game_file(key) && !known.contains(key) {
                files.push(given.clone());
            }
        }
        files
    }
}

/// A path made absolute (against the current folder) with its `.` and `..` steps folded.
pub fn normalised(path: &Path) -> PathBuf {
    let absolute = match std::env::current_dir() {
        Ok(here) if path.is_relative() => here.join(path),
        _ => path.to_path_buf(),
    };
    folded(&absolute)
}

/// A path with its `.` steps dropped and each `..` folded into the step before it, when there
/// is one: `games/variants/../war.cardgame` is `games/war.cardgame`.
pub fn folded(path: &Path) -> PathBuf {
    let mut parts: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.iter().collect()
}

/// Reads a whole file as UTF-8 text, refusing one larger than `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, TextError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(TextError::Io)?;
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(TextError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(TextError::TooLarge { limit });
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|b| **b == b'\n').count() + 1;
        let last = good.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&good[last..]).chars().count() + 1;
        TextError::NotUtf8 { line, column }
    })
}

/// A path as shown in messages (a name that is not UTF-8 shows `�` where it is not).
pub fn shown(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}
