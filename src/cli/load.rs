//! Reads, parses and checks a game file, turning every failure into a rendered diagnostic.

use std::sync::Arc;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource};
use thiserror::Error;

use crate::check::{self, Config};
use crate::engine::Game;
use crate::syntax::{self, File};

/// A file that could not be read.
#[derive(Debug, Error, Diagnostic)]
#[error("cannot read `{path}`: {reason}")]
#[diagnostic(code(cardlang::cli::unreadable), help("check the path; games live in games/*.cardgame"))]
pub struct Unreadable {
    /// The path given.
    pub path: String,
    /// What the system said.
    pub reason: String,
}

/// A loaded source text.
pub struct Source {
    /// The path it came from.
    pub path: String,
    /// Its text.
    pub text: String,
}

impl Source {
    /// Reads a file.
    pub fn read(path: &str) -> Result<Source, String> {
        std::fs::read_to_string(path)
            .map(|text| Source { path: path.to_string(), text })
            .map_err(|e| render(&Unreadable { path: path.to_string(), reason: e.to_string() }, None))
    }

    /// Parses it, or renders the syntax error.
    pub fn parse(&self) -> Result<File, String> {
        syntax::parse(&self.text).map_err(|e| render(&e, Some(self)))
    }
}

/// Renders a diagnostic as text (no colour), with the source attached when given.
pub fn render(d: &dyn Diagnostic, source: Option<&Source>) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut out = String::new();
    match source {
        Some(s) => {
            let wrapped = WithSource { inner: d, source: NamedSource::new(&s.path, s.text.clone()) };
            let _ = handler.render_report(&mut out, &wrapped);
        }
        None => {
            let _ = handler.render_report(&mut out, d);
        }
    }
    out
}

/// A diagnostic with its source text attached for rendering.
struct WithSource<'a> {
    inner: &'a dyn Diagnostic,
    source: NamedSource<String>,
}

impl std::fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.inner.to_string(), f)
    }
}
impl std::fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.inner, f)
    }
}
impl std::error::Error for WithSource<'_> {}
impl Diagnostic for WithSource<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.inner.help()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.inner.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.inner.related()
    }
}

/// Loads a game with a variant and options: the lowered game, or the rendered diagnostics.
pub fn load_game(path: &str, config: &Config) -> Result<Arc<Game>, String> {
    let source = Source::read(path)?;
    let file = source.parse()?;
    match check::check(&file, config) {
        Ok(p) => Ok(Game::new(p)),
        Err(errors) => Err(render_all(&errors.errors, &source)),
    }
}

/// Renders a list of check errors one after another.
pub fn render_all(errors: &[check::CheckError], source: &Source) -> String {
    let mut out = String::new();
    for e in errors {
        out.push_str(&render(e, Some(source)));
    }
    out.push_str(&format!("{} problem(s) found in {}\n", errors.len(), source.path));
    out
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

/// Reads, parses, checks (the base game and every variant) and lints one file.
pub fn lint_file(path: &str) -> LintReport {
    let mut report =
        LintReport { path: path.to_string(), errors: 0, warnings: 0, rendered: String::new(), json: Vec::new() };
    let source = match std::fs::read_to_string(path) {
        Ok(text) => Source { path: path.to_string(), text },
        Err(e) => {
            let d = Unreadable { path: path.to_string(), reason: e.to_string() };
            report.add(&d, None, true);
            return report;
        }
    };
    let file = match syntax::parse(&source.text) {
        Ok(f) => f,
        Err(e) => {
            report.add(&e, Some(&source), true);
            return report;
        }
    };
    for e in check::check_all(&file) {
        report.add(&e, Some(&source), true);
    }
    for w in check::lints::lint(&file) {
        let is_error = w.severity == miette::Severity::Error;
        report.add(&w, Some(&source), is_error);
    }
    report
}

impl LintReport {
    fn add(&mut self, d: &dyn Diagnostic, source: Option<&Source>, error: bool) {
        if error {
            self.errors += 1;
        } else {
            self.warnings += 1;
        }
        self.rendered.push_str(&render(d, source));
        self.json.push(diagnostic_json(d, &self.path, source, error));
    }
}

/// A diagnostic as one JSON object: code, severity, message, file, line, column (from 1), byte
/// range of its first label, and help.
pub fn diagnostic_json(d: &dyn Diagnostic, path: &str, source: Option<&Source>, error: bool) -> serde_json::Value {
    let span = d.labels().and_then(|mut l| l.next()).map(|l| (l.offset(), l.offset() + l.len()));
    let (line, column) = match (span, source) {
        (Some((start, _)), Some(s)) => {
            let before = &s.text[..start.min(s.text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            (Some(line), Some(column))
        }
        _ => (None, None),
    };
    serde_json::json!({
        "code": d.code().map(|c| c.to_string()),
        "severity": if error { "error" } else { "warning" },
        "message": d.to_string(),
        "file": path,
        "line": line,
        "column": column,
        "start": span.map(|s| s.0),
        "end": span.map(|s| s.1),
        "help": d.help().map(|h| h.to_string()),
    })
}
