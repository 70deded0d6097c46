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
