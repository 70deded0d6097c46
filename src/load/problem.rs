//! [`Problem`]: a diagnostic as plain data, for any front end. Made from any
//! `miette::Diagnostic` against the [`Sources`] it points into: its code, severity, message and
//! help, and each label as a [`Label`] with its file, byte range, lines and columns (also in
//! UTF-16 code units, as the Language Server Protocol counts them). The first label is the
//! primary place; the others in its file are its labels, those in other files its related
//! places (a variant file's mistake shown with the line of the game it concerns).

use miette::Diagnostic;
use serde::{Deserialize, Serialize};

use super::sources::{Position, Sources};

/// How serious a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The game cannot be played as written.
    Error,
    /// The game plays, but probably not as meant (most lints).
    Warning,
    /// A remark.
    Advice,
}

impl From<miette::Severity> for Severity {
    fn from(s: miette::Severity) -> Severity {
        match s {
            miette::Severity::Error => Severity::Error,
            miette::Severity::Warning => Severity::Warning,
            miette::Severity::Advice => Severity::Advice,
        }
    }
}

/// A range of text in one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// The file's path, as it was given or named by `extends`.
    pub file: String,
    /// The first byte, in the file's own text.
    pub start: usize,
    /// The byte after the last one.
    pub end: usize,
    /// Where `start` is.
    pub from: Position,
    /// Where `end` is.
    pub to: Position,
}

/// A place with what a diagnostic says of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Label {
    /// Where.
    pub place: Place,
    /// What is said there ("first defined here"), if anything.
    pub text: Option<String>,
}

/// A diagnostic as plain data: what is wrong, where, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// Its code, as `cardlang::check::unknown_zone`.
    pub code: Option<String>,
    /// How serious it is.
    pub severity: Severity,
    /// The message, one sentence.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// Where it is: the diagnostic's first label (none for a file that cannot be read).
    pub primary: Option<Label>,
    /// Its other labels in the primary place's file.
    pub labels: Vec<Label>,
    /// Its labels in other files.
    pub related: Vec<Label>,
}

impl Problem {
    /// The problem a diagnostic describes, its labels found in `sources` (a label that points
    /// into none of them is left out). A diagnostic without a severity is an error.
    pub fn new(d: &dyn Diagnostic, sources: &Sources) -> Problem {
        let severity = d.severity().map_or(Severity::Error, Severity::from);
        Problem::with_severity(d, sources, severity)
    }

    /// [`Problem::new`] with a severity of the caller's choice.
    pub fn with_severity(d: &dyn Diagnostic, sources: &Sources, severity: Severity) -> Problem {
        let mut labels = d.labels().into_iter().flatten();
        let located = |l: miette::LabeledSpan| -> Option<Label> {
            let file = sources.locate(l.offset())?;
            let start = l.offset() - file.offset;
            let end = start + l.len();
            let place =
                Place { file: file.path.clone(), start, end, from: file.position(start), to: file.position(end) };
            Some(Label { place, text: l.label().map(str::to_string) })
        };
        let primary = labels.next().and_then(located);
        let (labels, related): (Vec<Label>, Vec<Label>) =
            labels.filter_map(located).partition(|l| primary.as_ref().is_none_or(|p| p.place.file == l.place.file));
        Problem {
            code: d.code().map(|c| c.to_string()),
            severity,
            message: d.to_string(),
            help: d.help().map(|h| h.to_string()),
            primary,
            labels,
            related,
        }
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
