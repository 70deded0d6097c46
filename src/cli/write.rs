//! Files written whole or not at all: the new text goes to a temporary file in the same folder,
//! which is then renamed over the old one, so a crash, a full disk or a kill mid-write leaves the
//! old file as it was. Through a symbolic link, the file it points to is replaced (the link
//! stays); the old file's permissions are kept; a read-only file is refused.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use miette::Diagnostic;
use thiserror::Error;

/// Why a file was not written. In every case the file is as it was before.
#[derive(Debug, Error, Diagnostic, Clone, PartialEq, Eq)]
pub enum WriteError {
    /// The file may not be written (its permissions say read-only).
    #[error("cannot write `{path}`: the file is read-only")]
    #[diagnostic(code(cardlang::cli::read_only), help("make it writable (chmod u+w) if it should be changed"))]
    ReadOnly {
        /// The path given.
        path: String,
    },
    /// The file was there when it was read, and is gone now.
    #[error("`{path}` was removed or moved while cardlang was working on it; nothing was written")]
    #[diagnostic(code(cardlang::cli::vanished), help("run the command again if the file should be there"))]
    Vanished {
        /// The path given.
        path: String,
    },
    /// The system refused (no such folder, no space left, no permission on the folder, ...).
    #[error("cannot write `{path}`: {reason}")]
    #[diagnostic(
        code(cardlang::cli::unwritable),
        help("{path} is unchanged; check the folder exists and can be written")
    )]
    Io {
        /// The path given.
        path: String,
        /// What the system said.
        reason: String,
    },
}

/// Whether the file written must already be there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Existing {
    /// It was read and is being rewritten (`fmt`): if it is gone, nothing is written.
    MustExist,
    /// It may be new (a report).
    MayBeNew,
}

/// Tells apart the temporary files of one process.
static NEXT: AtomicU32 = AtomicU32::new(0);

/// Writes `contents` to `path` whole or not at all (see the module's documentation).
pub fn replace(path: &str, contents: &[u8], existing: Existing) -> Result<(), WriteError> {
    let io = |e: std::io::Error| WriteError::Io { path: path.to_string(), reason: e.to_string() };
    let target = target_of(Path::new(path));
    let old = match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => return Err(io(std::io::Error::other("it is a folder"))),
        Ok(m) if m.permissions().readonly() => return Err(WriteError::ReadOnly { path: path.to_string() }),
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match existing {
            Existing::MustExist => return Err(WriteError::Vanished { path: path.to_string() }),
            Existing::MayBeNew => None,
        },
        Err(e) => return Err(io(e)),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let temp = dir.join(format!(".{name}.cardlang-{}-{n}.tmp", std::process::id()));
    let written = write_new(&temp, contents, old.as_ref()).and_then(|()| {
        if existing == Existing::MustExist && !target.exists() {
            return Err(std::io::Error::from(std::io::ErrorKind::NotFound));
        }
        std::fs::rename(&temp, &target)
    });
    match written {
        Ok(()) => {
            // Make the rename itself durable where the system allows it.
            if let Ok(d) = std::fs::File::open(&dir) {
                let _ = d.sync_all();
            }
            Ok(())
        }
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            if e.kind() == std::io::ErrorKind::NotFound && existing == Existing::MustExist && !target.exists() {
                Err(WriteError::Vanished { path: path.to_string() })
            } else {
                Err(io(e))
            }
        }
    }
}

/// The file a path names: itself, or the file at the end of its chain of symbolic links (also
/// when that file does not exist yet).
fn target_of(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    // A chain longer than this is a loop; the system will refuse it when it is written.
    for _ in 0..40 {
        match std::fs::read_link(&at) {
            Ok(next) => {
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                }
            }
            Err(_) => return at,
        }
    }
    at
}

/// Creates `temp` (it must not exist), writes and syncs `contents`, and gives it the old file's
/// permissions.
fn write_new(temp: &Path, contents: &[u8], old: Option<&std::fs::Metadata>) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(temp)?;
    file.write_all(contents)?;
    file.sync_all()?;
    if let Some(m) = old {
        file.set_permissions(m.permissions())?;
    }
    Ok(())
}
