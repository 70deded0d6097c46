//! Reads, parses and checks a game file and, for a variant file, the game it extends; every
//! failure becomes a diagnostic rendered against the file at fault.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::check::variants::VariantSummary;
use crate::check::{self, CheckError, Config, Program};
use crate::engine::Game;
use crate::syntax::{self, File, Span, SyntaxError};

pub use super::sources::{Source, Sources};

/// A game file that cannot be read or parsed.
#[derive(Debug, Error, Diagnostic)]
pub enum LoadError {
    /// The file (or the game a variant file extends) cannot be read.
    #[error("cannot read `{path}`: {reason}")]
    #[diagnostic(code(cardlang::cli::unreadable), help("{help}"))]
    Unreadable {
        /// The path tried.
        path: String,
        /// What the system said.
        reason: String,
        /// The `extends` path that named it, for a variant file's game.
        #[label("the game this file extends")]
        at: Option<SourceSpan>,
        /// How to fix it.
        help: String,
    },
    /// The file does not follow the grammar.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(#[from] SyntaxError),
    /// Variant files that extend each other in a circle.
    #[error("`{path}` extends itself, through the files it extends")]
    #[diagnostic(
        code(cardlang::cli::extends_cycle),
        help("a variant file extends a game file, or another variant file; the chain must end at a game")
    )]
    Cycle {
        /// The file met a second time.
        path: String,
        /// The `extends` that leads back to it.
        #[label("this leads back to `{path}`")]
        at: SourceSpan,
    },
}

impl LoadError {
    /// A file that cannot be read; `named_at` is the `extends` path that named it, if any.
    pub fn unreadable(path: &str, error: &std::io::Error, named_at: Option<Span>) -> LoadError {
        LoadError::Unreadable {
            path: path.to_string(),
            reason: error.to_string(),
            at: named_at.map(SourceSpan::from),
            help: match named_at {
                Some(_) => "the path after `extends` is relative to the variant file's own folder".into(),
                None => "check the path; games live in games/*.cardgame".into(),
            },
        }
    }

    /// A file whose text cannot be had: unreadable, too large, or not UTF-8 (then the help
    /// speaks of its content, not of its path).
    pub fn cannot_read(path: &str, error: &TextError, named_at: Option<Span>) -> LoadError {
        let (reason, help) = match error {
            TextError::Io(e) => return LoadError::unreadable(path, e, named_at),
            TextError::TooLarge { limit } => (
                format!("it is larger than {} MiB, the most cardlang reads as one file", limit >> 20),
                "a game file is text of some kilobytes: check that the path names a game file".to_string(),
            ),
            TextError::NotUtf8 { line, column } => (
                format!(
                    "its content is not UTF-8 text (the first byte that is not is on line {line}, column {column})"
                ),
                "the file's content must be UTF-8 text: save it as UTF-8 in the editor, or convert it (iconv -t UTF-8)"
                    .to_string(),
            ),
        };
        LoadError::Unreadable { path: path.to_string(), reason, at: named_at.map(SourceSpan::from), help }
    }
}

/// The most bytes a game file (or a shard document) may have: a real one has some kilobytes,
/// and `/dev/zero` or a wrong path to a huge file is refused after reading this much.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Why the text of a file could not be had.
#[derive(Debug)]
pub enum TextError {
    /// The system refused (no such file, no permission, a folder, ...).
    Io(std::io::Error),
    /// The file goes on past `limit` bytes.
    TooLarge {
        /// The most bytes read.
        limit: u64,
    },
    /// The bytes are not UTF-8 text; where the first bad byte is (both from 1).
    NotUtf8 {
        /// Its line.
        line: usize,
        /// Its column, in characters.
        column: usize,
    },
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

/// A game read from disk: its source texts and its whole syntax tree (for a variant file, the
/// game's declarations followed by the file's variants).
pub struct Loaded {
    /// Every file read, the one given first.
    pub sources: Sources,
    /// The joined syntax tree.
    pub file: File,
    /// Mistakes found while joining a variant file to its game.
    pub join_errors: Vec<CheckError>,
    /// The variants declared by the file given itself.
    pub own_variants: Vec<String>,
}

impl Loaded {
    /// Whether the file given is a variant file (it starts with `extends "..."`).
    pub fn is_variant_file(&self) -> bool {
        self.sources.files.len() > 1
    }

    /// The configuration to check with: as given, except that a variant file with exactly one
    /// variant plays that variant when none is named.
    pub fn config(&self, config: &Config) -> Result<Config, String> {
        if config.variant.is_some() || !self.is_variant_file() {
            return Ok(config.clone());
        }
        match self.own_variants.as_slice() {
            [one] => Ok(Config { variant: Some(one.clone()), ..config.clone() }),
            [] => Err(format!("error: `{}` is a variant file that declares no variant", self.sources.path())),
            many => Err(format!(
                "error: `{}` declares {} variants ({}): choose one with --variant NAME",
                self.sources.path(),
                many.len(),
                many.join(", ")
            )),
        }
    }

    /// Checks the game with a configuration: the program, or every problem rendered.
    pub fn check(&self, config: &Config) -> Result<Program, String> {
        let config = self.config(config)?;
        let result = check::check(&self.file, &config);
        match (result, self.join_errors.is_empty()) {
            (Ok(p), true) => Ok(p),
            (Ok(_), false) => Err(self.sources.render_all(&self.join_errors)),
            (Err(e), _) => {
                let mut all = self.join_errors.clone();
                all.extend(e.errors);
                Err(self.sources.render_all(&all))
            }
        }
    }

    /// Every problem with the game: the mistakes of joining, then the checker's for the base game
    /// and each variant (for a variant file, each of its own variants).
    pub fn check_all(&self) -> Vec<CheckError> {
        let variants: Vec<Option<String>> = if self.is_variant_file() {
            self.own_variants.iter().cloned().map(Some).collect()
        } else {
            let mut all = vec![None];
            all.extend(check::variants::variant_decls(&self.file).iter().map(|v| Some(v.name.text.clone())));
            all
        };
        check::check_variants(&self.file, &variants, self.join_errors.clone())
    }
}

/// Reads a game file and, for a variant file, the game it extends (and so on up the chain).
pub fn read(path: &str) -> Result<Loaded, Box<(Sources, LoadError)>> {
    read_path(Path::new(path))
}

/// [`read`] for a path that may not be UTF-8.
pub fn read_path(path: &Path) -> Result<Loaded, Box<(Sources, LoadError)>> {
    let mut sources = Sources::default();
    let mut join_errors = Vec::new();
    let mut chain = Vec::new();
    match read_into(path, None, &mut sources, &mut join_errors, &mut chain) {
        Ok((file, own_variants)) => Ok(Loaded { sources, file, join_errors, own_variants }),
        Err(e) => Err(Box::new((sources, e))),
    }
}

/// Reads one file at the next free offset, and joins it to the game it extends, if any.
fn read_into(
    path: &Path,
    named_at: Option<Span>,
    sources: &mut Sources,
    errors: &mut Vec<CheckError>,
    chain: &mut Vec<PathBuf>,
) -> Result<(File, Vec<String>), LoadError> {
    let text = read_text(path, MAX_FILE_BYTES).map_err(|e| LoadError::cannot_read(&shown(path), &e, named_at))?;
    chain.push(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()));
    let offset = sources.files.last().map_or(0, |s| s.offset + s.text.len() + 1);
    let parsed = syntax::parse_at(&text, offset);
    sources.files.push(Source::at(shown(path), text, offset));
    let file = parsed?;
    let own: Vec<String> = check::variants::variant_decls(&file).iter().map(|v| v.name.text.clone()).collect();
    let Some(base) = file.base.clone() else { return Ok((file, own)) };
    let base_path = folded_base(path, &base.path);
    let canonical = std::fs::canonicalize(&base_path).unwrap_or_else(|_| base_path.clone());
    if chain.contains(&canonical) {
        return Err(LoadError::Cycle { path: shown(&base_path), at: base.path_span.into() });
    }
    let (game, _) = read_into(&base_path, Some(base.path_span), sources, errors, chain)?;
    let (joined, mut found) = check::variants::join(game, file);
    errors.append(&mut found);
    Ok((joined, own))
}

/// The path of the game a variant file extends: `extends` is relative to the variant file's
/// folder; `..` steps are folded so messages show `games/war.cardgame`, not
/// `games/variants/../war.cardgame`.
pub fn base_path(variant_file: &str, written: &str) -> String {
    shown(&folded_base(Path::new(variant_file), written))
}

/// [`base_path`] for a path that may not be UTF-8.
fn folded_base(variant_file: &Path, written: &str) -> PathBuf {
    let joined = variant_file.parent().unwrap_or(Path::new("")).join(written);
    let mut parts: Vec<Component> = Vec::new();
    for c in joined.components() {
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

/// The variant files in the `variants/` folder beside a game that extend it, by path, in name
/// order: the variants each declares, or why it was skipped.
pub fn variant_files(game: &Path) -> Vec<(String, Result<Vec<VariantSummary>, String>)> {
    let dir = game.parent().unwrap_or(Path::new("")).join("variants");
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("cardgame"))
        .collect();
    paths.sort();
    let target = std::fs::canonicalize(game).ok();
    let mut out = Vec::new();
    for p in paths {
        let shown = p.to_string_lossy().into_owned();
        let Ok(text) = read_text(&p, MAX_FILE_BYTES) else {
            out.push((shown, Err("it cannot be read".to_string())));
            continue;
        };
        let file = match syntax::parse(&text) {
            Ok(f) => f,
            Err(_) => {
                out.push((shown.clone(), Err(format!("it does not parse (run `cardlang lint {shown}`)"))));
                continue;
            }
        };
        let Some(base) = &file.base else { continue };
        if target.is_some() && std::fs::canonicalize(folded_base(&p, &base.path)).ok() == target {
            out.push((shown, Ok(check::variants::summaries(&file))));
        }
    }
    out
}

/// Loads a game with a variant and options: the lowered game, or the rendered diagnostics.
pub fn load_game(path: &str, config: &Config) -> Result<Arc<Game>, String> {
    load_game_path(Path::new(path), config)
}

/// [`load_game`] for a path that may not be UTF-8.
pub fn load_game_path(path: &Path, config: &Config) -> Result<Arc<Game>, String> {
    let loaded = read_path(path).map_err(|b| b.0.render(&b.1))?;
    loaded.check(config).map(Game::new)
}

/// What `cardlang lint` found in one file.
pub struct LintReport {
    /// The path linted.
    pub path: String,
    /// How many errors (syntax, names, types, unreadable) and warnings (lints).
    pub errors: usize,
    /// How many lint warnings.
    pub warnings: usize,
    /// Every diagnostic rendered with its source.
    pub rendered: String,
    /// Every diagnostic as a JSON object.
    pub json: Vec<serde_json::Value>,
}

impl LintReport {
    /// One line: "ok", or how many problems of each kind.
    pub fn summary(&self) -> String {
        match (self.errors, self.warnings) {
            (0, 0) => format!("{}: ok", self.path),
            (e, w) => format!("{}: {e} error(s), {w} warning(s)", self.path),
        }
    }
}

/// Reads, parses, checks (the base game and every variant; for a variant file, each of its
/// variants) and lints one file.
pub fn lint_file(path: &str) -> LintReport {
    lint_path(Path::new(path))
}

/// [`lint_file`] for a path that may not be UTF-8.
pub fn lint_path(path: &Path) -> LintReport {
    let mut report =
        LintReport { path: shown(path), errors: 0, warnings: 0, rendered: String::new(), json: Vec::new() };
    let loaded = match read_path(path) {
        Ok(l) => l,
        Err(failed) => {
            let (mut sources, error) = *failed;
            // A file that cannot be read has no text, but its report names it.
            if sources.files.is_empty() {
                sources = Sources::single(Source::new(shown(path), ""));
            }
            report.add(&error, &sources, true);
            return report;
        }
    };
    for e in loaded.check_all() {
        report.add(&e, &loaded.sources, true);
    }
    // A variant file answers for its own lines; the game's are linted with the game.
    let own = &loaded.sources.files[0];
    for w in check::lints::lint(&loaded.file) {
        if loaded.is_variant_file() && loaded.sources.locate(w.finding.at.0.start).map(|s| s.offset) != Some(own.offset)
        {
            continue;
        }
        let is_error = w.severity == miette::Severity::Error;
        report.add(&w, &loaded.sources, is_error);
    }
    report
}

impl LintReport {
    fn add(&mut self, d: &dyn Diagnostic, sources: &Sources, error: bool) {
        if error {
            self.errors += 1;
        } else {
            self.warnings += 1;
        }
        self.rendered.push_str(&sources.render(d));
        self.json.push(sources.json(d, error));
    }
}

/// The files named on a command line, with each folder replaced by the `.cardgame` files under
/// it (in every folder below it too), in name order. A folder with none is an error.
pub fn expand_folders<P: AsRef<Path>>(args: &[P]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for a in args {
        let path = a.as_ref();
        if !path.is_dir() {
            out.push(path.to_path_buf());
            continue;
        }
        let mut found = Vec::new();
        let mut folders = vec![path.to_path_buf()];
        while let Some(dir) = folders.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for p in entries.flatten().map(|e| e.path()) {
                if p.is_dir() {
                    folders.push(p);
                } else if p.extension().and_then(|e| e.to_str()) == Some("cardgame") {
                    found.push(p);
                }
            }
        }
        if found.is_empty() {
            return Err(format!("error: the folder `{}` holds no `.cardgame` file", shown(path)));
        }
        found.sort();
        out.extend(found);
    }
    Ok(out)
}
