//! Reading a game: the file given and, for a variant file, the game it extends (and so on up
//! the chain), each through a [`Reader`], joined into one syntax tree; and checking it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::error::LoadError;
use super::problem::Problem;
use super::reader::{folded, shown, Disk, Reader};
use super::sources::{Source, Sources};
use crate::check::{self, CheckError, Config, Program};
use crate::engine::Game;
use crate::syntax::{File, Span};

/// A game read: its source texts and its whole syntax tree (for a variant file, the game's
/// declarations followed by the file's variants).
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

/// Why a game read did not check.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// A variant file that declares no variant, or several and none was chosen: the message.
    NoVariant(String),
    /// The mistakes of joining and checking.
    Errors(Vec<CheckError>),
}

/// The message, or each error's message on a line (the command line renders them in full).
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoVariant(message) => writeln!(f, "{message}"),
            Refusal::Errors(errors) => errors.iter().try_for_each(|e| writeln!(f, "{e}")),
        }
    }
}

impl std::error::Error for Refusal {}

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

    /// Checks the game with a configuration: the program, or why not.
    pub fn check(&self, config: &Config) -> Result<Program, Refusal> {
        let config = self.config(config).map_err(Refusal::NoVariant)?;
        let result = check::check(&self.file, &config);
        match (result, self.join_errors.is_empty()) {
            (Ok(p), true) => Ok(p),
            (Ok(_), false) => Err(Refusal::Errors(self.join_errors.clone())),
            (Err(e), _) => {
                let mut all = self.join_errors.clone();
                all.extend(e.errors);
                Err(Refusal::Errors(all))
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

/// A file that did not load: the sources read so far (the file at fault last) and why.
pub type Unread = Box<(Sources, LoadError)>;

/// Reads a game file from the disk and, for a variant file, the game it extends.
pub fn read(path: &str) -> Result<Loaded, Unread> {
    read_with(&Disk, Path::new(path))
}

/// [`read`] for a path that may not be UTF-8.
pub fn read_path(path: &Path) -> Result<Loaded, Unread> {
    read_with(&Disk, path)
}

/// Reads a game file and the games it extends through a reader.
pub fn read_with(reader: &dyn Reader, path: &Path) -> Result<Loaded, Unread> {
    let mut sources = Sources::default();
    let mut join_errors = Vec::new();
    let mut chain = Vec::new();
    let mut step = Step { reader, sources: &mut sources, errors: &mut join_errors, chain: &mut chain };
    match step.read(path, None) {
        Ok((file, own_variants)) => Ok(Loaded { sources, file, join_errors, own_variants }),
        Err(e) => Err(Box::new((sources, e))),
    }
}

/// The state of reading a chain of files.
struct Step<'a> {
    reader: &'a dyn Reader,
    sources: &'a mut Sources,
    errors: &'a mut Vec<CheckError>,
    chain: &'a mut Vec<PathBuf>,
}

impl Step<'_> {
    /// Reads one file at the next free offset, and joins it to the game it extends, if any.
    fn read(&mut self, path: &Path, named_at: Option<Span>) -> Result<(File, Vec<String>), LoadError> {
        let text = self.reader.read(path).map_err(|e| LoadError::cannot_read(&shown(path), &e, named_at))?;
        self.chain.push(self.reader.identity(path));
        let offset = self.sources.files.last().map_or(0, |s| s.offset + s.text.len() + 1);
        let parsed = self.reader.parse(path, &text, offset);
        self.sources.files.push(Source::at(shown(path), text, offset));
        let file = parsed?;
        let own: Vec<String> = check::variants::variant_decls(&file).iter().map(|v| v.name.text.clone()).collect();
        let Some(base) = file.base.clone() else { return Ok((file, own)) };
        let base_path = folded_base(path, &base.path);
        if self.chain.contains(&self.reader.identity(&base_path)) {
            return Err(LoadError::Cycle { path: shown(&base_path), at: base.path_span.into() });
        }
        let (game, _) = self.read(&base_path, Some(base.path_span))?;
        let (joined, mut found) = check::variants::join(game, file);
        self.errors.append(&mut found);
        Ok((joined, own))
    }
}

/// The path of the game a variant file extends: `extends` is relative to the variant file's
/// folder; `..` steps are folded so messages show `games/war.cardgame`, not
/// `games/variants/../war.cardgame`.
pub fn base_path(variant_file: &str, written: &str) -> String {
    shown(&folded_base(Path::new(variant_file), written))
}

/// [`base_path`] for a path that may not be UTF-8.
pub(super) fn folded_base(variant_file: &Path, written: &str) -> PathBuf {
    folded(&variant_file.parent().unwrap_or(Path::new("")).join(written))
}

/// Why a game could not be had to play: the sources read and what is wrong (its diagnostics
/// are in it; [`NotLoaded::problems`] gives them as data).
#[derive(Debug)]
pub enum NotLoaded {
    /// A file cannot be read or parsed.
    Unread(Unread),
    /// The game does not check.
    Refused(Box<(Sources, Refusal)>),
}

impl NotLoaded {
    /// Every problem, as plain data (none for a variant file that needs a variant named).
    pub fn problems(&self) -> Vec<Problem> {
        match self {
            NotLoaded::Unread(b) => vec![Problem::new(&b.1, &b.0)],
            NotLoaded::Refused(b) => match &b.1 {
                Refusal::NoVariant(_) => Vec::new(),
                Refusal::Errors(errors) => errors.iter().map(|e| Problem::new(e, &b.0)).collect(),
            },
        }
    }
}

/// One line per problem: `path:line:column: message` (the command line renders them in full).
impl std::fmt::Display for NotLoaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let NotLoaded::Refused(b) = self {
            if let Refusal::NoVariant(message) = &b.1 {
                return writeln!(f, "{message}");
            }
        }
        for p in self.problems() {
            match &p.primary {
                Some(l) => write!(f, "{}:{}:{}: ", l.place.file, l.place.from.line, l.place.from.column)?,
                None => write!(f, "error: ")?,
            }
            writeln!(f, "{}", p.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for NotLoaded {}

/// Loads a game from the disk with a variant and options, checked and lowered.
pub fn load_game(path: &str, config: &Config) -> Result<Arc<Game>, NotLoaded> {
    load_game_with(&Disk, Path::new(path), config)
}

/// [`load_game`] through a reader.
pub fn load_game_with(reader: &dyn Reader, path: &Path, config: &Config) -> Result<Arc<Game>, NotLoaded> {
    let loaded = read_with(reader, path).map_err(NotLoaded::Unread)?;
    match loaded.check(config) {
        Ok(program) => Ok(Game::new(program)),
        Err(refusal) => Err(NotLoaded::Refused(Box::new((loaded.sources, refusal)))),
    }
}
