//! Lints: mistakes in rules that still parse and check, such as a zone nothing uses or a
//! statement that can never run. One lint per file; each has a stable code
//! (`cardlang::lint::<name>`), a severity, the span it is about and a help line.

mod undefined_property;
mod unreachable;
mod unused;

use miette::{Diagnostic, LabeledSpan, Severity, SourceSpan};

use crate::syntax::ast::{File, Span};

/// One lint: its name (the last part of its code), how serious it is, and the check itself.
pub struct Lint {
    /// The short name, the last part of its code: `unused`, `unreachable`.
    pub name: &'static str,
    /// Warnings unless the lint finds something that cannot work.
    pub severity: Severity,
    /// What it is about, in one line.
    pub summary: &'static str,
    /// Runs the lint over a whole file (the base game and every variant in it).
    pub run: fn(&File) -> Vec<Finding>,
}

/// Every lint, in the order they report.
pub const LINTS: &[Lint] = &[unused::LINT, unreachable::LINT, undefined_property::LINT];

/// What a lint found, before it is tied to its lint.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The problem in one sentence.
    pub message: String,
    /// Where it is, and the label shown there.
    pub at: (Span, String),
    /// A second place that matters ("the game ends here"), if any.
    pub also: Option<(Span, String)>,
    /// How to fix it.
    pub help: String,
}

/// A finding of one lint, as a diagnostic.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", finding.message)]
pub struct LintDiagnostic {
    /// The lint's name.
    pub lint: &'static str,
    /// How serious it is.
    pub severity: Severity,
    /// What it found.
    pub finding: Finding,
}

impl Diagnostic for LintDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(format!("cardlang::lint::{}", self.lint)))
    }
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.finding.help.clone()))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label =
            |(span, text): &(Span, String)| LabeledSpan::new_with_span(Some(text.clone()), SourceSpan::from(*span));
        let mut all = vec![label(&self.finding.at)];
        all.extend(self.finding.also.iter().map(label));
        Some(Box::new(all.into_iter()))
    }
}

/// Runs every lint over a file; findings in source order.
pub fn lint(file: &File) -> Vec<LintDiagnostic> {
    let mut out: Vec<LintDiagnostic> = LINTS
        .iter()
        .flat_map(|l| {
            (l.run)(file).into_iter().map(|finding| LintDiagnostic { lint: l.name, severity: l.severity, finding })
        })
        .collect();
    out.sort_by_key(|d| d.finding.at.0.start);
    out
}
