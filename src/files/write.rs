//! The careful writer (`files::write`, used by the command line and the tests): files written
//! whole or not at all: the new text goes to a temporary file in the same folder,
//! which is then renamed over the old one, so a crash, a full disk or a kill mid-write leaves the
//! old file as it was. Through a symbolic link, the file it points to is replaced (the link
//! stays); the old file's permissions and owner are kept; a file that may not be written (by its
//! mode bits, or because the system refuses to open it for writing) is refused, and so is a file
//! with several hard links (replacing it would split them). An interrupted write (Ctrl-C, `kill`)
//! removes its temporary file (`cleanup`), and a temporary file left by a process that is gone is
//! removed by the next write to the same file.
//!
//! [`create`] writes a file that must be new (a variant written by `tune`): the temporary file is
//! given the name with a hard link, which the system refuses when anything has that name already,
//! so a file that appears between a check and the write is never replaced.
//!
//! Outputs are guarded before any work is done: [`guard`] refuses to write over an input of the
//! same run or over any `.cardgame` file, and [`probe`] finds an output that cannot be written.

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
    /// The system refuses to open the file for writing (another user's file, a read-only
    /// mount, ...), whatever its mode bits say.
    #[error("cannot write `{path}`: {reason}")]
    #[diagnostic(
        code(cardlang::cli::no_write_access),
        help("{path} is unchanged; cardlang writes only files you may write yourself")
    )]
    NoAccess {
        /// The path given.
        path: String,
        /// What the system said.
        reason: String,
    },
    /// The file has other names (hard links): replacing it would leave them on the old text.
    #[error("cannot write `{path}`: the file has {links} names (hard links), and replacing it would split them")]
    #[diagnostic(
        code(cardlang::cli::hard_linked),
        help("{path} is unchanged; write a copy (cp) and move it over the file, or remove the other links")
    )]
    HardLinked {
        /// The path given.
        path: String,
        /// How many names the file has.
        links: u64,
    },
    /// The file belongs to someone else, and the new copy could not be given to them.
    #[error("cannot write `{path}`: it belongs to another user, and its new copy could not be given to them")]
    #[diagnostic(code(cardlang::cli::owner), help("{path} is unchanged; run the command as the file's owner"))]
    Owner {
        /// The path given.
        path: String,
    },
    /// The output is a file this same run reads.
    #[error("will not write `{path}`: it is {what} of this command, and writing it would replace it")]
    #[diagnostic(code(cardlang::cli::output_is_input), help("give the output a file name of its own"))]
    Input {
        /// The output path given.
        path: String,
        /// "the game", "a shard", ...
        what: String,
    },
    /// The output is a game file.
    #[error("will not write `{path}`: it is a `.cardgame` file, and an output would replace its rules")]
    #[diagnostic(
        code(cardlang::cli::output_is_rules),
        help("give the output another name (report.html, shard-1.json)")
    )]
    RulesFile {
        /// The output path given.
        path: String,
    },
    /// The file was there when it was read, and is gone now.
    #[error("`{path}` was removed or moved while cardlang was working on it; nothing was written")]
    #[diagnostic(code(cardlang::cli::vanished), help("run the command again if the file should be there"))]
    Vanished {
        /// The path given.
        path: String,
    },
    /// The file was to be new, and something has that name already.
    #[error("will not write `{path}`: it is already there, and this output never replaces a file")]
    #[diagnostic(
        code(cardlang::cli::already_there),
        help("{path} is unchanged; give the output another name, or move that file away")
    )]
    AlreadyThere {
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

/// A path as shown in messages.
fn shown(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Refuses an output that would replace an input of the same run (`inputs`, each with what it
/// is: "the game", "a shard") or any `.cardgame` file. Links are followed: a link to the game is
/// the game.
pub fn guard(output: &Path, inputs: &[(&Path, &str)]) -> Result<(), WriteError> {
    let path = shown(output);
    let target = target_of(output);
    let is_rules = |p: &Path| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("cardgame"));
    if is_rules(output) || is_rules(&target) {
        return Err(WriteError::RulesFile { path });
    }
    for (input, what) in inputs {
        if same_file(&target, input) {
            return Err(WriteError::Input { path, what: what.to_string() });
        }
    }
    Ok(())
}

/// Whether two paths name the same file (the same device and inode, or the same canonical path).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Checks, before any work, that `path` can be written: the checks [`replace`] makes on the old
/// file, and a file made and removed in its folder. Nothing is left behind.
pub fn probe(path: &Path) -> Result<(), WriteError> {
    if is_special(path) {
        return open_special(path).map(drop);
    }
    let target = target_of(path);
    check_old(path, &target, Existing::MayBeNew)?;
    let dir = folder_of(&target);
    let temp = temp_name(&dir, &target);
    let made = std::fs::OpenOptions::new().write(true).create_new(true).open(&temp);
    match made {
        Ok(_) => {
            let _ = std::fs::remove_file(&temp);
            Ok(())
        }
        Err(e) => Err(WriteError::Io { path: shown(path), reason: e.to_string() }),
    }
}

/// Writes `contents` to `path` whole or not at all (see the module's documentation).
pub fn replace(path: impl AsRef<Path>, contents: &[u8], existing: Existing) -> Result<(), WriteError> {
    let path = path.as_ref();
    let io = |e: std::io::Error| WriteError::Io { path: shown(path), reason: e.to_string() };
    if is_special(path) {
        // A device or a pipe (`/dev/stdout`, a FIFO) is written to, never replaced.
        let mut file = open_special(path)?;
        return file.write_all(contents).and_then(|()| file.flush()).map_err(io);
    }
    let target = target_of(path);
    let old = check_old(path, &target, existing)?;
    let dir = folder_of(&target);
    remove_stale(&dir, &target);
    let temp = temp_name(&dir, &target);
    let live = super::cleanup::Live::new(&temp);
    let written = write_new(&temp, contents, old.as_ref()).and_then(|()| {
        if existing == Existing::MustExist && !target.exists() {
            return Err(std::io::Error::from(std::io::ErrorKind::NotFound));
        }
        live.rename_to(&target)
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
            if e.kind() == std::io::ErrorKind::NotFound && existing == Existing::MustExist && !target.exists() {
                Err(WriteError::Vanished { path: shown(path) })
            } else if e.get_ref().is_some_and(|inner| inner.is::<OwnerLost>()) {
                Err(WriteError::Owner { path: shown(path) })
            } else {
                Err(io(e))
            }
        }
    }
}

/// Writes `contents` to `path`, which must not exist: whole or not at all, and never over a file
/// (or a link, or anything else) that has that name, even one that appears while this runs. The
/// text goes to a temporary file beside it, which gets the name by a hard link (refused by the
/// system when the name is taken) and is then removed. On a file system without hard links the
/// file is opened with `create_new` instead (still never over another file), and removed again if
/// the text cannot be written whole.
pub fn create(path: impl AsRef<Path>, contents: &[u8]) -> Result<(), WriteError> {
    let path = path.as_ref();
    let io = |e: std::io::Error| WriteError::Io { path: shown(path), reason: e.to_string() };
    let taken = |e: &std::io::Error| e.kind() == std::io::ErrorKind::AlreadyExists;
    if std::fs::symlink_metadata(path).is_ok() {
        return Err(WriteError::AlreadyThere { path: shown(path) });
    }
    let dir = folder_of(path);
    remove_stale(&dir, path);
    let temp = temp_name(&dir, path);
    let live = super::cleanup::Live::new(&temp);
    write_new(&temp, contents, None).map_err(io)?;
    match live.link_to(path) {
        Ok(()) => {}
        Err(e) if taken(&e) => return Err(WriteError::AlreadyThere { path: shown(path) }),
        Err(e) if links_unsupported(&e) => {
            return create_in_place(path, contents).map_err(|e| {
                if taken(&e) {
                    WriteError::AlreadyThere { path: shown(path) }
                } else {
                    io(e)
                }
            });
        }
        Err(e) => return Err(io(e)),
    }
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Whether a hard link failed because the file system has none (FAT, some network shares).
fn links_unsupported(e: &std::io::Error) -> bool {
    matches!(e.kind(), std::io::ErrorKind::Unsupported | std::io::ErrorKind::PermissionDenied)
        || e.raw_os_error() == Some(1) // EPERM: "operation not permitted" where links are not made
}

/// `create` without hard links: the new file is opened with `create_new` (refused when the name
/// is taken) and written; if the text cannot be written whole, the file is removed again.
fn create_in_place(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    let written = file.write_all(contents).and_then(|()| file.sync_all());
    if written.is_err() {
        let _ = std::fs::remove_file(path);
    }
    written
}

/// Whether `path` names something that is there but is neither a file nor a folder: a device
/// (`/dev/null`, `/dev/stdout`), a pipe.
fn is_special(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// Opens a device or pipe for writing.
fn open_special(path: &Path) -> Result<std::fs::File, WriteError> {
    std::fs::OpenOptions::new().write(true).open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::PermissionDenied => WriteError::NoAccess { path: shown(path), reason: e.to_string() },
        _ => WriteError::Io { path: shown(path), reason: e.to_string() },
    })
}

/// The checks on the file to be replaced: not a folder, writable by its mode bits and by the
/// system's own judgement (it is opened for writing, and closed at once; nothing is changed),
/// one name only. Its metadata when it exists.
fn check_old(path: &Path, target: &Path, existing: Existing) -> Result<Option<std::fs::Metadata>, WriteError> {
    let io = |e: std::io::Error| WriteError::Io { path: shown(path), reason: e.to_string() };
    match std::fs::metadata(target) {
        Ok(m) if m.is_dir() => Err(io(std::io::Error::other("it is a folder"))),
        Ok(m) if m.permissions().readonly() => Err(WriteError::ReadOnly { path: shown(path) }),
        Ok(m) => {
            if let Err(e) = std::fs::OpenOptions::new().write(true).open(target) {
                return Err(match e.kind() {
                    std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
                        WriteError::NoAccess { path: shown(path), reason: e.to_string() }
                    }
                    _ => io(e),
                });
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                if m.nlink() > 1 {
                    return Err(WriteError::HardLinked { path: shown(path), links: m.nlink() });
                }
            }
            Ok(Some(m))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match existing {
            Existing::MustExist => Err(WriteError::Vanished { path: shown(path) }),
            Existing::MayBeNew => Ok(None),
        },
        Err(e) => Err(io(e)),
    }
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The temporary file's prefix for `target`: `.NAME.cardlang-`.
fn temp_prefix(target: &Path) -> std::ffi::OsString {
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(target.file_name().unwrap_or_else(|| std::ffi::OsStr::new("file")));
    prefix.push(".cardlang-");
    prefix
}

/// A fresh temporary name beside `target`: `.NAME.cardlang-PID-N.tmp`.
fn temp_name(dir: &Path, target: &Path) -> PathBuf {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let mut name = temp_prefix(target);
    name.push(format!("{}-{n}.tmp", std::process::id()));
    dir.join(name)
}

/// Removes the temporary files of `target` left by processes that are no longer running (a
/// `kill -9`, a power cut). Where running processes cannot be listed (no `/proc`), none is
/// removed.
fn remove_stale(dir: &Path, target: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let prefix = temp_prefix(target);
    let Some(prefix) = prefix.to_str() else { return };
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(prefix)) else { continue };
        let Some(pid) = stale_pid(rest) else { continue };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The process number in the tail `PID-N.tmp` of a temporary file's name.
fn stale_pid(rest: &str) -> Option<u32> {
    let (pid, n) = rest.strip_suffix(".tmp")?.split_once('-')?;
    n.parse::<u32>().ok()?;
    pid.parse().ok()
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
/// owner and permissions.
fn write_new(temp: &Path, contents: &[u8], old: Option<&std::fs::Metadata>) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(temp)?;
    file.write_all(contents)?;
    file.sync_all()?;
    if let Some(m) = old {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let now = file.metadata()?;
            if (now.uid(), now.gid()) != (m.uid(), m.gid()) {
                std::os::unix::fs::fchown(&file, Some(m.uid()), Some(m.gid()))
                    .map_err(|_| std::io::Error::other(OwnerLost))?;
            }
        }
        file.set_permissions(m.permissions())?;
    }
    Ok(())
}

/// The temporary copy could not be given the old file's owner.
#[derive(Debug, Error)]
#[error("the owner could not be kept")]
struct OwnerLost;
