//! An open document's problems as the editor shows them: the syntax error, or the checker's
//! errors for the game and each variant and every lint's warnings, with the same codes and
//! messages as `cardlang lint`. A variant file is read with the game it extends, from the
//! editor's unsaved text when that file is open too, else from the disk.

use std::path::{Path, PathBuf};

use lsp_types::{
    CodeDescription, Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Uri,
};
use miette::{Diagnostic, Severity};

use super::documents::{path_of, Document, Documents};
use super::position::LineIndex;
use crate::check::{self, CheckError};
use crate::syntax::{self, File};

/// The most files a chain of variant files may join (`extends` of `extends` ...).
const MAX_CHAIN: usize = 16;

/// The most bytes a game read from the disk may have, as at the command line.
const MAX_FILE_BYTES: u64 = 64 << 20;

/// A text the problems may point into: the document itself, or a game it extends.
struct Part {
    /// Where the text is, for a link to it.
    uri: Option<Uri>,
    text: String,
    offset: usize,
    lines: LineIndex,
}

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

/// Every problem of the document at `uri`.
pub fn diagnostics(uri: &Uri, doc: &Document, open: &Documents, links: &Links) -> Vec<LspDiagnostic> {
    let mut parts = vec![Part { uri: Some(uri.clone()), text: doc.text.clone(), offset: 0, lines: doc.lines.clone() }];
    let error = Some(DiagnosticSeverity::ERROR);
    let file = match syntax::parse(&doc.text) {
        Ok(f) => f,
        Err(e) => return vec![convert(&e, &parts, links, error)],
    };
    let is_variant_file = file.base.is_some();
    let (file, join_errors) = match read_bases(uri, file, open, &mut parts) {
        Read::Joined(file, errors) => (file, errors),
        Read::Failed(problem) => return vec![convert(&*problem, &parts, links, error)],
    };
    let mine = doc.text.len();
    let declared = check::variants::variant_decls(&file);
    let variants: Vec<Option<String>> = if is_variant_file {
        // A variant file answers for its own variants.
        declared.iter().filter(|v| v.name.span.start <= mine).map(|v| Some(v.name.text.clone())).collect()
    } else {
        std::iter::once(None).chain(declared.iter().map(|v| Some(v.name.text.clone()))).collect()
    };
    let mut out: Vec<LspDiagnostic> =
        check::check_variants(&file, &variants, join_errors).iter().map(|e| convert(e, &parts, links, error)).collect();
    for w in check::lints::lint(&file) {
        // A variant file answers for its own lines; the game's are linted with the game.
        if w.finding.at.0.start <= mine {
            out.push(convert(&w, &parts, links, None));
        }
    }
    out
}

/// A file joined to the games it extends, or why it could not be.
enum Read {
    /// The joined syntax tree, and the mistakes of joining.
    Joined(File, Vec<CheckError>),
    /// A game it extends could not be read or parsed.
    Failed(Box<dyn Diagnostic + Send + Sync>),
}

/// For a variant file, reads the games it extends (each at the next free offset of `parts`)
/// and joins them; any other file as it is.
fn read_bases(uri: &Uri, file: File, open: &Documents, parts: &mut Vec<Part>) -> Read {
    let Some(base) = file.base.clone() else { return Read::Joined(file, Vec::new()) };
    if parts.len() > MAX_CHAIN {
        let msg = "the chain of `extends` is too long, or comes back to a file already read";
        return Read::Failed(Box::new(Problem::at("cardlang::cli::extends_cycle", msg, base.path_span)));
    }
    let (base_uri, text) = match base_text(uri, &base.path, open) {
        Ok(found) => found,
        Err(why) => {
            let msg = format!("cannot read `{}`: {why}", base.path);
            return Read::Failed(Box::new(Problem::at("cardlang::cli::unreadable", &msg, base.path_span)));
        }
    };
    let offset = parts.last().map_or(0, |p| p.offset + p.text.len() + 1);
    let lines = LineIndex::new(&text);
    let parsed = syntax::parse_at(&text, offset);
    parts.push(Part { uri: base_uri.clone(), text, offset, lines });
    let game = match parsed {
        Ok(g) => g,
        Err(e) => return Read::Failed(Box::new(e)),
    };
    let game_uri = base_uri.unwrap_or_else(|| uri.clone());
    match read_bases(&game_uri, game, open, parts) {
        Read::Joined(game, mut errors) => {
            let (joined, found) = check::variants::join(game, file);
            errors.extend(found);
            Read::Joined(joined, errors)
        }
        failed => failed,
    }
}

/// The text of the game a variant file at `uri` extends (`extends "written"`, relative to the
/// file's folder): the editor's when that file is open, else the disk's; with its URI.
pub(super) fn base_text(uri: &Uri, written: &str, open: &Documents) -> Result<(Option<Uri>, String), String> {
    let here = path_of(uri).unwrap_or_default();
    let path = folded(&here.parent().map(Path::to_path_buf).unwrap_or_default().join(written));
    let base_uri: Option<Uri> = format!("file://{}", path.display()).parse().ok();
    match base_uri.as_ref().and_then(|u| open.get(u)) {
        Some(d) => Ok((base_uri, d.text.clone())),
        None => read_disk(&path).map(|t| (base_uri, t)),
    }
}

/// A problem found while reading the games a variant file extends.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
struct Problem {
    code: &'static str,
    message: String,
    span: syntax::Span,
}

impl Problem {
    fn at(code: &'static str, message: &str, span: syntax::Span) -> Problem {
        Problem { code, message: message.to_string(), span }
    }
}

impl Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(miette::LabeledSpan::new_with_span(None, miette::SourceSpan::from(self.span)))))
    }
}

/// Reads a game from the disk, with the command line's limit on size.
fn read_disk(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.len() > MAX_FILE_BYTES {
        return Err("it is larger than 64 MiB".into());
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "its content is not UTF-8 text".into())
}

/// A path with `.` and `a/..` steps folded away.
fn folded(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A diagnostic as the protocol has it: its first label is the place (in the document; a
/// problem in a game the document extends is shown at the top with the place as related
/// information), the other labels related information, the help after the message.
fn convert(d: &dyn Diagnostic, parts: &[Part], links: &Links, default: Option<DiagnosticSeverity>) -> LspDiagnostic {
    let labels: Vec<miette::LabeledSpan> = d.labels().map(|l| l.collect()).unwrap_or_default();
    let locate = |at: usize| parts.iter().find(|p| at >= p.offset && at <= p.offset + p.text.len());
    let location = |l: &miette::LabeledSpan| -> Option<(bool, Location)> {
        let part = locate(l.offset())?;
        let start = l.offset() - part.offset;
        let range = part.lines.range(&part.text, start, start + l.len());
        Some((part.offset == 0, Location { uri: part.uri.clone()?, range }))
    };
    let mut related = Vec::new();
    let mut range = lsp_types::Range::default();
    for (i, l) in labels.iter().enumerate() {
        let Some((mine, loc)) = location(l) else { continue };
        if i == 0 && mine {
            range = loc.range;
        } else {
            let message = l.label().map_or_else(|| "here".to_string(), str::to_string);
            related.push(DiagnosticRelatedInformation { location: loc, message });
        }
    }
    let severity = match d.severity() {
        Some(Severity::Error) => Some(DiagnosticSeverity::ERROR),
        Some(Severity::Warning) => Some(DiagnosticSeverity::WARNING),
        Some(Severity::Advice) => Some(DiagnosticSeverity::HINT),
        None => default.or(Some(DiagnosticSeverity::ERROR)),
    };
    let code = d.code().map(|c| c.to_string());
    let mut message = d.to_string();
    if let Some(help) = d.help() {
        message.push_str(&format!("\nhelp: {help}"));
    }
    LspDiagnostic {
        range,
        severity,
        code_description: code.as_deref().and_then(|c| links.of(c)),
        code: code.map(NumberOrString::String),
        source: Some("cardlang".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}
