//! Diagnostics rendered as text against the sources they point into, with miette: what
//! `cardlang lint` prints, and what the tests and the fuzz targets compare. The command line
//! prints these strings (`cli::render` only passes them on); the language server sends
//! [`Problem`]s instead.
//!
//! A game is usually one file, but a variant file is read together with the game it extends
//! (see `load`). Rendering finds the file a diagnostic's first label points into, turns the span
//! back into one inside it, and shows labels that point into another file as a note of their
//! own beneath. [`Render`] adds this to the library's [`Sources`]; [`LintReport`] is what
//! `cardlang lint` prints of a file.

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, Severity};

use super::excerpt;
use super::{Lint, Problem, Source, Sources};
use crate::check::error::plural;

/// Diagnostics rendered against a game's sources, as the command line shows them.
pub trait Render {
    /// Renders a diagnostic as text (no colour), showing the file each label points into. A line
    /// too long to show whole is cut to an excerpt around its label (see `excerpt`).
    fn render(&self, d: &dyn Diagnostic) -> String;
    /// Renders a list of check errors one after another, with a count at the end.
    fn render_all<D: Diagnostic>(&self, errors: &[D]) -> String;
    /// A diagnostic as one JSON object: code, severity, message, file, line, column (from 1),
    /// byte range of its first label in that file, and help.
    fn json(&self, d: &dyn Diagnostic, error: bool) -> serde_json::Value;
}

/// Whether a file has a line too long to show whole.
fn has_long_line(file: &Source) -> bool {
    file.longest_line() > excerpt::MAX_LINE
}

impl Render for Sources {
    fn render(&self, d: &dyn Diagnostic) -> String {
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
        let mut out = String::new();
        let labels: Vec<LabeledSpan> = d.labels().map(|l| l.collect()).unwrap_or_default();
        let home = labels.first().and_then(|l| self.locate(l.offset())).or(self.files.first());
        let Some(home) = home else {
            let _ = handler.render_report(&mut out, d);
            return out;
        };
        let (here, elsewhere): (Vec<LabeledSpan>, Vec<LabeledSpan>) =
            labels.into_iter().partition(|l| self.locate(l.offset()).map(|s| s.path.as_str()) == Some(&home.path));
        let mut parts = vec![(home, here.iter().map(|l| shift(l, home.offset)).collect::<Vec<_>>())];
        for label in elsewhere {
            let Some(file) = self.locate(label.offset()) else { continue };
            parts.push((file, vec![shift(&label, file.offset)]));
        }
        // Only the lines around the labels are handed to the handler, which reads a text from its
        // start to find a line: rendering every diagnostic of a long file took time in the square
        // of its length (docs/performance.md, "Lint on large files").
        let windows: Vec<Window> = parts.iter().map(|(file, labels)| Window::around(file, labels)).collect();
        let clipped: Vec<Option<excerpt::Clipped>> = parts
            .iter()
            .zip(&windows)
            .map(|((file, labels), w)| {
                let shifted: Vec<LabeledSpan> = labels.iter().map(|l| shift(l, w.start)).collect();
                match excerpt::clip(&file.text[w.start..w.end], &shifted) {
                    Some(c) => Some(c),
                    // A long line elsewhere in the file cuts the text as before (and names the place).
                    None if has_long_line(file) => {
                        Some(excerpt::Clipped { text: file.text[w.start..w.end].to_string(), labels: shifted })
                    }
                    None => None,
                }
            })
            .collect();
        // A cut text would show wrong columns: name each file with its label's place instead.
        let cut = clipped.iter().any(Option::is_some);
        let handler = if cut { handler.without_primary_span_start() } else { handler };
        let mut shown = parts.into_iter().zip(windows).zip(clipped).map(|(((file, labels), w), clip)| {
            let name = match (cut, labels.first()) {
                (true, Some(l)) => {
                    let (line, column) = file.line_and_column(l.offset());
                    format!("{}:{line}:{column}", file.path)
                }
                _ => file.path.clone(),
            };
            let line = w.line;
            match clip {
                Some(c) => (Window { name, text: c.text, line, start: 0, end: 0 }, c.labels, file.path.as_str()),
                None => {
                    let text = file.text[w.start..w.end].to_string();
                    let labels = labels.iter().map(|l| shift(l, w.start)).collect();
                    (Window { name, text, line, start: 0, end: 0 }, labels, file.path.as_str())
                }
            }
        });
        let Some((source, labels, _)) = shown.next() else { return out };
        let notes =
            shown.map(|(source, labels, path)| Note { message: format!("see {path}"), source, labels }).collect();
        let wrapped = Located { inner: d, source, labels, notes };
        let _ = handler.render_report(&mut out, &wrapped);
        out
    }

    fn render_all<D: Diagnostic>(&self, errors: &[D]) -> String {
        let mut out = String::new();
        for e in errors {
            out.push_str(&self.render(e));
        }
        out.push_str(&summary(errors, self.path()));
        out
    }

    fn json(&self, d: &dyn Diagnostic, error: bool) -> serde_json::Value {
        let problem = Problem::new(d, self);
        let place = problem.primary.as_ref().map(|l| &l.place);
        serde_json::json!({
            "code": problem.code,
            "severity": if error { "error" } else { "warning" },
            "message": problem.message,
            "file": place.map_or(self.path(), |p| p.file.as_str()),
            "line": place.map(|p| p.from.line),
            "column": place.map(|p| p.from.column),
            "start": place.map(|p| p.start),
            "end": place.map(|p| p.end),
            "help": problem.help,
        })
    }
}

/// The line after the problems: how many, and where. A mistake on the command line (a wrong
/// `--set NAME=VALUE`, a `--variant` the file does not declare) is counted there, not blamed on
/// the file.
fn summary<D: Diagnostic>(errors: &[D], path: &str) -> String {
    let mut places: Vec<(&str, usize)> = Vec::new();
    for e in errors {
        let code = e.code().map(|c| c.to_string()).unwrap_or_default();
        let placed = e.labels().is_some_and(|mut l| l.next().is_some());
        let place = match code.as_str() {
            "cardlang::check::bad_option_value" => "`--set`",
            "cardlang::check::unknown_variant" if !placed => "`--variant`",
            _ => path,
        };
        match places.iter_mut().find(|(p, _)| *p == place) {
            Some((_, n)) => *n += 1,
            None => places.push((place, 1)),
        }
    }
    match places.as_slice() {
        [] => format!("no problem found in {path}\n"),
        [(place, n)] => format!("{} found in {place}\n", plural(*n, "problem")),
        _ => {
            let each: Vec<String> = places.iter().map(|(place, n)| format!("{n} in {place}")).collect();
            format!("{} found: {}\n", plural(errors.len(), "problem"), each.join(", "))
        }
    }
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
    /// The report of a lint: its findings rendered and as JSON.
    pub fn of(lint: &Lint) -> LintReport {
        let mut report = LintReport {
            path: lint.path.clone(),
            errors: lint.errors(),
            warnings: lint.warnings(),
            rendered: String::new(),
            json: Vec::new(),
        };
        for f in &lint.found {
            report.rendered.push_str(&lint.sources.render(f.diagnostic.as_ref()));
            report.json.push(lint.sources.json(f.diagnostic.as_ref(), f.is_error));
        }
        report
    }

    /// One line: "ok", or how many problems of each kind.
    pub fn summary(&self) -> String {
        match (self.errors, self.warnings) {
            (0, 0) => format!("{}: ok", self.path),
            (e, w) => format!("{}: {}, {}", self.path, plural(e, "error"), plural(w, "warning")),
        }
    }
}

/// Lines shown around the labels of a diagnostic, before and after: more than the handler's
/// context (one line), so that it shows what it would show of the whole text.
const CONTEXT: usize = 3;

/// The lines of a file a diagnostic shows, as the handler reads them: their text, named, with
/// the number (from 0) of their first line in the file.
#[derive(Debug)]
struct Window {
    name: String,
    text: String,
    line: usize,
    /// While it is being cut out: the byte range of the lines in the file.
    start: usize,
    end: usize,
}

impl Window {
    /// The lines from [`CONTEXT`] lines before the first label to [`CONTEXT`] lines after the
    /// last one (labels in the file's own offsets).
    fn around(file: &Source, labels: &[LabeledSpan]) -> Window {
        let text = file.text.as_bytes();
        let lo = labels.iter().map(|l| l.offset()).min().unwrap_or(0).min(text.len());
        let hi = labels.iter().map(|l| l.offset() + l.len()).max().unwrap_or(0).clamp(lo, text.len());
        let line_start = |at: usize| text[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let mut start = line_start(lo);
        for _ in 0..CONTEXT {
            if start == 0 {
                break;
            }
            start = line_start(start - 1);
        }
        let line_end = |at: usize| text[at..].iter().position(|&b| b == b'\n').map_or(text.len(), |i| at + i + 1);
        let mut end = line_end(hi);
        for _ in 0..CONTEXT {
            if end >= text.len() {
                break;
            }
            end = line_end(end);
        }
        let line = file.line_and_column(start).0 - 1;
        Window { name: String::new(), text: String::new(), line, start, end }
    }
}

impl miette::SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.line,
            inner.column(),
            // Counted, as the handler's reading of a whole text counts it, from the first line:
            // the handler joins two labels' snippets by it.
            inner.line_count() + self.line,
        )))
    }
}

/// A label moved from joined offsets to offsets inside its own file.
fn shift(label: &LabeledSpan, by: usize) -> LabeledSpan {
    excerpt::relabel(label, label.offset() - by, label.len())
}

/// A diagnostic with its own file attached and its labels moved into that file.
struct Located<'a> {
    inner: &'a dyn Diagnostic,
    source: Window,
    labels: Vec<LabeledSpan>,
    notes: Vec<Note>,
}

impl std::fmt::Debug for Located<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.inner.to_string(), f)
    }
}
impl std::fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.inner, f)
    }
}
impl std::error::Error for Located<'_> {}
impl Diagnostic for Located<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<Severity> {
        self.inner.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.inner.help()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().cloned()))
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.notes.is_empty() {
            return None;
        }
        Some(Box::new(self.notes.iter().map(|n| n as &dyn Diagnostic)))
    }
}

/// A label that points into another file, shown beneath the diagnostic with that file's text.
#[derive(Debug)]
struct Note {
    message: String,
    source: Window,
    labels: Vec<LabeledSpan>,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for Note {}
impl Diagnostic for Note {
    fn severity(&self) -> Option<Severity> {
        Some(Severity::Advice)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}
