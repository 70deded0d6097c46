//! The checker's diagnostics: one variant per mistake, each with a stable code, labels and help.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::syntax::Span;

fn ss(s: Span) -> SourceSpan {
    s.into()
}

/// A mistake found while checking a game.
#[derive(Debug, Error, Diagnostic, Clone, PartialEq)]
pub enum CheckError {
    /// A name that nothing declares.
    #[error("unknown {what} `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_name))]
    UnknownName {
        what: &'static str,
        name: String,
        #[label("not declared")]
        span: SourceSpan,
        #[help]
        help: Option<String>,
    },

    /// A zone name that nothing declares.
    #[error("unknown zone `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_zone))]
    UnknownZone {
        name: String,
        #[label("no zone has this name")]
        span: SourceSpan,
        #[help]
        help: Option<String>,
    },

    /// A procedure name that nothing declares.
    #[error("unknown procedure `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_procedure))]
    UnknownProcedure {
        name: String,
        #[label("no procedure has this name")]
        span: SourceSpan,
        #[help]
        help: Option<String>,
    },

    /// A value of the wrong type.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(cardlang::check::wrong_type))]
    WrongType {
        expected: String,
        found: String,
        #[label("this is {found}")]
        span: SourceSpan,
        #[help]
        help: Option<String>,
    },

    /// Two declarations of one name.
    #[error("`{name}` is declared twice")]
    #[diagnostic(
        code(cardlang::check::duplicate),
        help("rename one of them; a variant replaces a declaration with `override`")
    )]
    Duplicate {
        name: String,
        #[label("declared again here")]
        span: SourceSpan,
        #[label("first declared here")]
        first: SourceSpan,
    },

    /// A variant overrides or sets something the game does not have.
    #[error("variant `{variant}` overrides {what} `{name}`, which the game does not declare")]
    #[diagnostic(code(cardlang::check::bad_override))]
    BadOverride {
        variant: String,
        what: &'static str,
        name: String,
        #[label("nothing to override")]
        span: SourceSpan,
        #[help]
        help: Option<String>,
    },

    /// A variant name that the file does not declare.
    #[error("unknown variant `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_variant))]
    UnknownVariant {
        name: String,
        #[label("no variant has this name")]
        span: Option<SourceSpan>,
        #[help]
        help: String,
    },

    /// A bad `--set name=value`.
    #[error("cannot set option `{name}`: {reason}")]
    #[diagnostic(code(cardlang::check::bad_option_value))]
    BadOptionValue {
        name: String,
        reason: String,
        #[help]
        help: String,
    },

    /// A call with the wrong number of arguments.
    #[error("`{name}` takes {expected} argument(s), but {found} are given")]
    #[diagnostic(code(cardlang::check::argument_count), help("match the parameters of `{name}`"))]
    ArgumentCount {
        name: String,
        expected: usize,
        found: usize,
        #[label("called here")]
        span: SourceSpan,
        #[label("declared here")]
        decl: Option<SourceSpan>,
    },

    /// Any other mistake, with its own code.
    #[error("{message}")]
    #[diagnostic(code(cardlang::check::invalid))]
    Invalid {
        message: String,
        #[label("{label}")]
        span: SourceSpan,
        label: String,
        #[help]
        help: Option<String>,
    },

    /// The game lacks a required declaration.
    #[error("{message}")]
    #[diagnostic(code(cardlang::check::missing))]
    Missing {
        message: String,
        #[help]
        help: String,
    },
}

impl CheckError {
    /// A general mistake at a span.
    pub fn invalid(span: Span, message: impl Into<String>, label: impl Into<String>, help: Option<String>) -> Self {
        CheckError::Invalid { message: message.into(), span: ss(span), label: label.into(), help }
    }

    /// A type mismatch at a span.
    pub fn wrong_type(span: Span, expected: impl Into<String>, found: impl Into<String>) -> Self {
        CheckError::WrongType { expected: expected.into(), found: found.into(), span: ss(span), help: None }
    }

    /// A duplicate declaration.
    pub fn duplicate(name: &str, span: Span, first: Span) -> Self {
        CheckError::Duplicate { name: name.to_string(), span: ss(span), first: ss(first) }
    }
}

/// Every problem found in one file, reported together.
#[derive(Debug, Error, Diagnostic, Clone)]
#[error("{} problem(s) found in the game", errors.len())]
#[diagnostic(code(cardlang::check::failed))]
pub struct CheckErrors {
    /// The problems, in the order found.
    #[related]
    pub errors: Vec<CheckError>,
}

/// A "did you mean" help line: the known name closest to `name`, if any is close enough.
pub fn suggest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        let d = edit_distance(name, k);
        let limit = (name.len().max(k.len()) / 3).max(1);
        if d <= limit && best.map_or(true, |(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| format!("did you mean `{k}`?"))
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}
