//! The last line of defence: an internal panic becomes a short "internal error, please report"
//! message and a crash file with the details, never a raw backtrace (docs/reliability.md).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// The exit code of an internal error (`EX_SOFTWARE` of sysexits.h).
pub const INTERNAL_ERROR: i32 = 70;

/// Set in the environment, the binary panics on purpose once the hook is installed: the hook's
/// own test uses it (and nothing else reads it).
pub const PANIC_FOR_TEST: &str = "CARDLANG_PANIC_FOR_TEST";

/// Taken by the first panic to report; any other thread that panics meanwhile waits for the exit.
static REPORTING: Mutex<()> = Mutex::new(());

/// Installs the panic hook: the first panic of any thread writes a crash file (version, command
/// line, message, place, backtrace) to the system's temporary folder, prints a few lines naming
/// it on standard error, and ends the process with [`INTERNAL_ERROR`].
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let _only_one = REPORTING.lock();
        let version = env!("CARGO_PKG_VERSION");
        let message = match (info.payload().downcast_ref::<&str>(), info.payload().downcast_ref::<String>()) {
            (Some(s), _) => s.to_string(),
            (_, Some(s)) => s.clone(),
            _ => "(no message)".to_string(),
        };
        let place = info.location().map_or_else(|| "(unknown)".to_string(), |l| l.to_string());
        let command = command_line();
        let thread = std::thread::current().name().unwrap_or("unnamed").to_string();
        let details = format!(
            "cardlang {version}\ncommand: {command}\nthread: {thread}\npanic: {message}\nat: {place}\n\nbacktrace:\n{}\n",
            std::backtrace::Backtrace::force_capture()
        );
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "error: internal error in cardlang {version}; this is a bug, please report it");
        let _ = writeln!(err, "  command: {command}");
        let _ = match write_crash_file(&details) {
            Ok(path) => writeln!(err, "  the details are in {} (attach it to the report)", path.display()),
            Err(e) => writeln!(err, "  (no crash file could be written: {e})\n  {message} at {place}"),
        };
        let _ = err.flush();
        std::process::exit(INTERNAL_ERROR);
    }));
}

/// Panics when [`PANIC_FOR_TEST`] is set: the hook's test path.
pub fn panic_if_asked() {
    if std::env::var_os(PANIC_FOR_TEST).is_some() {
        panic!("a panic asked for by {PANIC_FOR_TEST}");
    }
}

/// The command line as typed, each argument with spaces in quotes.
fn command_line() -> String {
    std::env::args_os()
        .map(|a| {
            let a = a.to_string_lossy().into_owned();
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("{a:?}")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes the details to a new file `cardlang-crash-<time>-<pid>.txt` in the temporary folder.
fn write_crash_file(details: &str) -> std::io::Result<PathBuf> {
    let time = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let path = std::env::temp_dir().join(format!("cardlang-crash-{time}-{}.txt", std::process::id()));
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&path)?;
    file.write_all(details.as_bytes())?;
    Ok(path)
}
