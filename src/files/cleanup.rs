//! Temporary files that an interrupted command removes: while a file is being written (see
//! `write`), its temporary copy is listed here, and Ctrl-C, `kill` (SIGTERM) or a closed terminal
//! (SIGHUP) removes every listed file before the process ends with 128 + the signal's number.
//! The signals are caught only once a file is being written; before that they end the process
//! as usual.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

/// The temporary files being written now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set once the signal handler's thread runs.
static INSTALLED: Once = Once::new();

/// Set in the environment, a write waits this many milliseconds between writing its temporary
/// file and renaming it: the signal test's window (nothing else reads it).
pub const SLOW_WRITE_FOR_TEST: &str = "CARDLANG_SLOW_WRITE_FOR_TEST";

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A temporary file being written: removed when dropped, unless it was renamed into place.
pub struct Live {
    path: PathBuf,
    renamed: bool,
}

impl Live {
    /// Lists `path` for removal on a signal (before it is created, so no moment is missed).
    pub fn new(path: &Path) -> Live {
        install();
        live().push(path.to_path_buf());
        Live { path: path.to_path_buf(), renamed: false }
    }

    /// Renames the file to `target`; a signal meanwhile waits for the rename to finish, so the
    /// file is either in place or removed.
    pub fn rename_to(mut self, target: &Path) -> std::io::Result<()> {
        if let Some(ms) = std::env::var(SLOW_WRITE_FOR_TEST).ok().and_then(|v| v.parse::<u64>().ok()) {
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
        let mut list = live();
        std::fs::rename(&self.path, target)?;
        list.retain(|p| *p != self.path);
        self.renamed = true;
        Ok(())
    }
}

impl Live {
    /// Gives the file the name `target` too, by a hard link, which the system refuses when
    /// `target` is already there (nothing is replaced); the temporary name is then removed. A
    /// signal meanwhile waits, so the file is either at `target` or removed.
    pub fn link_to(mut self, target: &Path) -> std::io::Result<()> {
        if let Some(ms) = std::env::var(SLOW_WRITE_FOR_TEST).ok().and_then(|v| v.parse::<u64>().ok()) {
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
        let mut list = live();
        std::fs::hard_link(&self.path, target)?;
        let _ = std::fs::remove_file(&self.path);
        list.retain(|p| *p != self.path);
        self.renamed = true;
        Ok(())
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        if !self.renamed {
            let mut list = live();
            let _ = std::fs::remove_file(&self.path);
            list.retain(|p| *p != self.path);
        }
    }
}

/// Starts the thread that waits for SIGINT, SIGTERM and SIGHUP (once per process). Where the
/// handler cannot be installed, signals end the process as usual (a stale file is removed by the
/// next write).
fn install() {
    INSTALLED.call_once(|| {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
            let spawned = std::thread::Builder::new().name("cleanup".into()).spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    let list = live();
                    for path in list.iter() {
                        let _ = std::fs::remove_file(path);
                    }
                    std::process::exit(128 + signal);
                }
            });
            let _ = spawned;
        }
    });
}
