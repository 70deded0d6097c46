//! Why a game file could not be loaded: it cannot be read, it does not parse, or variant files
//! extend each other in a circle.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use super::reader::TextError;
use crate::syntax::{Span, SyntaxError};

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
                None => {
                    "check the path; `cardlang games` lists the games that come with cardlang, which play by their name"
                        .into()
                }
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
