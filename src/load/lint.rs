//! Linting one file: read it (through a reader), check the base game and every variant (for a
//! variant file, each of its own variants) and run the lints; every finding kept as the
//! diagnostic it is, with the sources it points into, and as a [`Problem`].

use std::path::Path;

use miette::Diagnostic;

use super::loaded::read_with;
use super::loaded::Loaded;
use super::problem::Problem;
use super::reader::{shown, Disk, Reader};
use super::sources::{Source, Sources};
use crate::check::{self, lints::Checked, CheckError, Config};

/// One finding of a lint run: a diagnostic, and whether it counts as an error.
pub struct Found {
    /// The diagnostic (a load, syntax or check error, or a lint's warning).
    pub diagnostic: Box<dyn Diagnostic + Send + Sync>,
    /// Whether it is an error (a lint may be one too) rather than a warning.
    pub is_error: bool,
}

impl std::fmt::Debug for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Found")
            .field("diagnostic", &self.diagnostic.to_string())
            .field("is_error", &self.is_error)
            .finish()
    }
}

/// What linting one file found.
#[derive(Debug)]
pub struct Lint {
    /// The path linted, as shown.
    pub path: String,
    /// Every file read (for a file that cannot be read, that file with no text).
    pub sources: Sources,
    /// The findings, in the order found: load or check errors first, then lints.
    pub found: Vec<Found>,
    /// The syntax tree of the file linted, when it is a game file (not a variant file) that
    /// parsed: its spans are offsets in that file's text, for a caller that reads it again
    /// (the language server's index).
    pub tree: Option<crate::syntax::ast::File>,
}

impl Lint {
    /// How many errors (syntax, names, types, unreadable, and lints that are errors).
    pub fn errors(&self) -> usize {
        self.found.iter().filter(|f| f.is_error).count()
    }

    /// How many warnings.
    pub fn warnings(&self) -> usize {
        self.found.len() - self.errors()
    }

    /// Every finding as a [`Problem`] (an error is an error, anything else a warning).
    pub fn problems(&self) -> Vec<Problem> {
        self.found
            .iter()
            .map(|f| {
                let severity = if f.is_error { super::Severity::Error } else { super::Severity::Warning };
                Problem::with_severity(f.diagnostic.as_ref(), &self.sources, severity)
            })
            .collect()
    }

    fn add(&mut self, d: impl Diagnostic + Send + Sync + 'static, is_error: bool) {
        self.found.push(Found { diagnostic: Box::new(d), is_error });
    }
}

/// Lints one file on the disk.
pub fn lint_file(path: &str) -> Lint {
    lint_with(&Disk, Path::new(path))
}

/// Lints one file read through a reader: reads, parses, checks (the base game and every
/// variant; for a variant file, each of its variants) and lints it. A variant file answers for
/// its own lines' lints; the game's are linted with the game.
pub fn lint_with(reader: &dyn Reader, path: &Path) -> Lint {
    let mut lint = Lint { path: shown(path), sources: Sources::default(), found: Vec::new(), tree: None };
    let loaded = match read_with(reader, path) {
        Ok(l) => l,
        Err(failed) => {
            let (mut sources, error) = *failed;
            // A file that cannot be read has no text, but its report names it.
            if sources.files.is_empty() {
                sources = Sources::single(Source::new(shown(path), ""));
            }
            lint.sources = sources;
            lint.add(error, true);
            return lint;
        }
    };
    let (errors, checked) = check_keeping(&loaded);
    for e in errors {
        lint.add(e, true);
    }
    let own = loaded.sources.files[0].offset;
    for w in check::lints::lint_checked(&loaded.file, checked) {
        if loaded.is_variant_file() && loaded.sources.locate(w.finding.at.0.start).map(|s| s.offset) != Some(own) {
            continue;
        }
        let is_error = w.severity == miette::Severity::Error;
        lint.add(w, is_error);
    }
    if !loaded.is_variant_file() && own == 0 {
        lint.tree = Some(loaded.file);
    }
    lint.sources = loaded.sources;
    lint
}

/// [`Loaded::check_all`]'s problems, in its order, with each program that checked cleanly kept
/// for the lints (which would otherwise check the same rules again).
fn check_keeping(loaded: &Loaded) -> (Vec<CheckError>, Vec<Checked>) {
    let variants: Vec<Option<String>> = if loaded.is_variant_file() {
        loaded.own_variants.iter().cloned().map(Some).collect()
    } else {
        let mut all = vec![None];
        all.extend(check::variants::variant_decls(&loaded.file).iter().map(|v| Some(v.name.text.clone())));
        all
    };
    let mut found = loaded.join_errors.clone();
    let mut checked = Vec::new();
    for variant in variants {
        let program = match check::check(&loaded.file, &Config { variant: variant.clone(), ..Config::default() }) {
            Ok(p) => Some(p),
            Err(e) => {
                for err in e.errors {
                    if !found.contains(&err) {
                        found.push(err);
                    }
                }
                None
            }
        };
        checked.push(Checked { variant, program });
    }
    (found, checked)
}
