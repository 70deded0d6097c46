//! `cardlang fmt FILE...`: rewrites files in the canonical layout; `--check` only tells which
//! files would change.

use std::path::{Path, PathBuf};

use super::render::Render;
use super::say;
use crate::files::write::{self, Existing};
use crate::load::{self, LoadError, Source, Sources};
use crate::syntax::{self, verify};

/// Formats each file (or, with `check`, reports the files that would change): exit 0 when all is
/// well, 1 when `check` finds a file to reformat, 2 when a file cannot be read, parsed or written,
/// 70 when the formatted text would not say what the file says (a bug: nothing is written).
/// A file is replaced whole or not at all (see `write`).
///
/// Output: `formatted PATH` for each file rewritten, `PATH would be reformatted` (with the first
/// line that differs) for each file `--check` finds, nothing for a file already formatted;
/// diagnostics go to standard error.
pub fn run(files: &[PathBuf], check: bool) -> i32 {
    let mut code = 0;
    for path in files {
        code = code.max(one(path, check));
    }
    code
}

/// Formats one file; its exit code.
fn one(file: &Path, check: bool) -> i32 {
    let path = load::shown(file);
    let source = match load::read_text(file, load::MAX_FILE_BYTES) {
        Ok(text) => Source::new(path.as_str(), text),
        Err(e) => {
            eprint!("{}", Sources::default().render(&LoadError::cannot_read(&path, &e, None)));
            return 2;
        }
    };
    let formatted = match syntax::format(&source.text) {
        Ok(f) => f,
        Err(e) => {
            eprint!("{}", Sources::single(source).render(&e));
            return 2;
        }
    };
    if formatted == source.text {
        return 0;
    }
    if check {
        say(&format!("{path} would be reformatted"));
        say(&first_difference(&source.text, &formatted));
        return 1;
    }
    if let Err(why) = verify(&source.text, &formatted) {
        eprintln!(
            "error: `{path}` was not written: formatting it would change {why}.\n  \
             This is a bug in cardlang's formatter; please report it with the file. The file is unchanged."
        );
        return super::crash::INTERNAL_ERROR;
    }
    match write::replace(file, formatted.as_bytes(), Existing::MustExist) {
        Ok(()) => {
            say(&format!("formatted {path}"));
            0
        }
        Err(e) => {
            eprint!("{}", Sources::default().render(&e));
            2
        }
    }
}

/// The first line that differs, as it is and as it would be. A byte-order mark at the start
/// (which `fmt` drops, as it drops nothing else a reader cannot see) is named, not shown: the two
/// lines would look the same.
fn first_difference(old: &str, new: &str) -> String {
    if let Some(rest) = old.strip_prefix('\u{feff}') {
        if rest == new {
            return "  line 1: the file starts with a byte-order mark (U+FEFF), which `fmt` drops; nothing else changes"
                .into();
        }
        return format!(
            "  line 1: the file starts with a byte-order mark (U+FEFF), which `fmt` drops\n{}",
            first_difference(rest, new)
        );
    }
    let mut old_lines = old.split('\n');
    let mut new_lines = new.split('\n');
    let mut n = 1;
    loop {
        match (old_lines.next(), new_lines.next()) {
            (Some(a), Some(b)) if a == b => n += 1,
            (a, b) => {
                let show = |l: Option<&str>| match l {
                    None => "(end of file)".to_string(),
                    Some(l) if l.trim().is_empty() => format!("(empty line){}", l),
                    Some(l) => l.to_string(),
                };
                return format!("  line {n}:\n  - {}\n  + {}", show(a), show(b));
            }
        }
    }
}
