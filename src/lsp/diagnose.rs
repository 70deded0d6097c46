//! An open document's problems as the editor shows them: what `cardlang lint` finds (the
//! library's `load::lint_with`), read through an overlay of every open document on the disk, so
//! a variant file is checked with the game it extends as the editor has it, saved or not.

use std::path::{Path, PathBuf};

use lsp_types::{
    CodeDescription, Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Position, Range, Uri,
};

use super::documents::{path_of, Document, Documents};
use crate::load::{self, Disk, Label, Overlay, Problem, Reader, Severity};

/// Where the docs of a code are: a link per code to its entry in `docs/lints.md`.
#[derive(Debug, Clone, Default)]
pub struct Links {
    /// `docs/lints.md` as a URL (`file:///.../docs/lints.md` or a web address), when known.
    pub lints_page: Option<String>,
}

impl Links {
    /// The link to a code's entry: the page and the heading's anchor (`cardlang::check::invalid`
    /// is the heading `` `cardlang::check::invalid` ``, anchor `cardlangcheckinvalid`).
    fn of(&self, code: &str) -> Option<CodeDescription> {
        let page = self.lints_page.as_ref()?;
        let anchor: String = code.chars().filter(|c| c.is_alphanumeric() || *c == '_' || *c == '-').collect();
        format!("{page}#{anchor}").parse::<Uri>().ok().map(|href| CodeDescription { href })
    }
}

/// Every open document laid over the disk.
fn overlay(open: &Documents) -> Overlay<Disk> {
    let mut overlay = Overlay::new(Disk);
    for (uri, doc) in open.iter() {
        if let Some(path) = path_of(uri) {
            overlay.open(path, doc.text.clone());
        }
    }
    overlay
}

/// The overlay, with the document being diagnosed parsed from its last version that parsed
/// (only what the edit touched is parsed again) instead of whole.
struct Reparsing<'a> {
    under: &'a Overlay<Disk>,
    path: &'a Path,
    doc: &'a Document,
}

impl Reader for Reparsing<'_> {
    fn read(&self, path: &Path) -> Result<String, load::TextError> {
        self.under.read(path)
    }

    fn identity(&self, path: &Path) -> PathBuf {
        self.under.identity(path)
    }

    fn game_files(&self, folder: &Path) -> Vec<PathBuf> {
        self.under.game_files(folder)
    }

    fn parse(&self, path: &Path, text: &str, offset: usize) -> Result<crate::syntax::File, crate::syntax::SyntaxError> {
        if offset == 0 && path == self.path && text == self.doc.text {
            self.doc.parse()
        } else {
            crate::syntax::parse_at(text, offset)
        }
    }
}

/// The path a document is read at: its file, or, for a document with no file (`untitled:`), a
/// path of its own that no file has.
fn path_for(uri: &Uri) -> PathBuf {
    path_of(uri).unwrap_or_else(|| {
        let name: String = uri.as_str().chars().map(|c| if c.is_alphanumeric() { c } else { '_' }).collect();
        PathBuf::from(format!("/nonexistent-cardlang-buffer/{name}.cardgame"))
    })
}

/// Every problem of the document at `uri`; the syntax tree the lint run parsed is kept in the
/// document, so the first request about this version does not parse it again.
pub fn diagnostics(uri: &Uri, doc: &Document, open: &Documents, links: &Links) -> Vec<LspDiagnostic> {
    let path = path_for(uri);
    let mut reader = overlay(open);
    reader.open(&path, doc.text.clone());
    let reparsing = Reparsing { under: &reader, path: &path, doc };
    let mut lint = load::lint_with(&reparsing, &path);
    // The syntax tree of this version, kept for the first request after the change.
    if let Some(tree) = lint.tree.take() {
        doc.keep_tree(tree);
    }
    let me = load::shown(&path);
    lint.problems().iter().map(|p| convert(p, uri, &me, links)).collect()
}

/// The text of the game a variant file at `uri` extends (`extends "written"`, relative to the
/// file's folder): the editor's when that file is open, else the disk's; with its URI.
pub(super) fn base_text(uri: &Uri, written: &str, open: &Documents) -> Result<(Option<Uri>, String), String> {
    let here = path_for(uri);
    let path = load::folded(&here.parent().map(Path::to_path_buf).unwrap_or_default().join(written));
    let text = overlay(open).read(&path).map_err(|e| e.to_string())?;
    Ok((file_uri(&load::shown(&path)), text))
}

/// The `file:` URI of a path.
fn file_uri(path: &str) -> Option<Uri> {
    let mut out = String::from("file://");
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out.parse().ok()
}

/// A place as the protocol has it (lines and UTF-16 columns from 0).
fn range_of(label: &Label) -> Range {
    let p = |line: usize, column: usize| Position {
        line: line.saturating_sub(1) as u32,
        character: column.saturating_sub(1) as u32,
    };
    Range {
        start: p(label.place.from.line, label.place.from.utf16_column),
        end: p(label.place.to.line, label.place.to.utf16_column),
    }
}

/// A problem as the protocol has it: its place in the document (a problem in a game the
/// document extends is shown at the top, with its place as related information), its other
/// labels as related information, its help after the message.
fn convert(p: &Problem, uri: &Uri, me: &str, links: &Links) -> LspDiagnostic {
    let location = |l: &Label| -> Option<Location> {
        let uri = if l.place.file == me { uri.clone() } else { file_uri(&l.place.file)? };
        Some(Location { uri, range: range_of(l) })
    };
    let mut related = Vec::new();
    let mut range = Range::default();
    match &p.primary {
        Some(l) if l.place.file == me => range = range_of(l),
        Some(l) => related.extend(location(l).map(|location| DiagnosticRelatedInformation {
            location,
            message: l.text.clone().unwrap_or_else(|| "here".into()),
        })),
        None => {}
    }
    for l in p.labels.iter().chain(&p.related) {
        if let Some(location) = location(l) {
            let message = l.text.clone().unwrap_or_else(|| "here".into());
            related.push(DiagnosticRelatedInformation { location, message });
        }
    }
    let severity = match p.severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Advice => DiagnosticSeverity::HINT,
    };
    let mut message = p.message.clone();
    if let Some(help) = &p.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    LspDiagnostic {
        range,
        severity: Some(severity),
        code_description: p.code.as_deref().and_then(|c| links.of(c)),
        code: p.code.clone().map(NumberOrString::String),
        source: Some("cardlang".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}
