//! Everything that asks what a name means, from the checker index (`check::index`): hover, go to
//! definition, find references, highlights, rename, and completion of the names in scope. A
//! variant file is indexed over the game it extends, so a name declared there jumps into that
//! file.

use std::collections::HashMap;

use lsp_types::{
    CompletionItemKind, DocumentHighlight, DocumentHighlightKind, Hover, HoverContents, Location, MarkupContent,
    MarkupKind, Position, PrepareRenameResponse, Range, TextEdit, Uri, WorkspaceEdit,
};

use super::diagnose::base_text;
use super::documents::{Document, Documents};
use super::keywords;
use super::position::LineIndex;
use crate::check::index::{DeclId, DeclKind, Index};
use crate::check::Config;
use crate::syntax::{self, ast::Span};

/// What a request about a document reads, built once per version of it: its syntax tree, its
/// index (with types), and the game it extends (its URI, text and lines) for a variant file.
#[derive(Debug, Clone)]
pub struct Indexed {
    /// The document's syntax tree.
    pub(super) file: syntax::File,
    /// The document's index.
    pub(super) index: Index,
    /// For a variant file: the game it extends.
    base: Option<(Uri, String, LineIndex)>,
}

impl Indexed {
    /// Parses and indexes a document; `None` when it (or the game it extends) does not parse.
    fn build(uri: &Uri, doc: &Document, open: &Documents) -> Option<Indexed> {
        let file = doc.tree()?;
        let mut base = None;
        let index = match &file.base {
            Some(b) => {
                let (base_uri, text) = base_text(uri, &b.path, open).ok()?;
                let game = syntax::parse(&text).ok()?;
                let index = Index::with_base(&file, &game);
                let lines = LineIndex::new(&text);
                base = base_uri.map(|u| (u, text, lines));
                index
            }
            None => {
                let mut index = Index::of_source(&file, &doc.text);
                index.add_types(&file, &Config::default());
                index
            }
        };
        Some(Indexed { file, index, base })
    }
}

/// A document's analysis: the document and what was built of it.
pub struct Analysis<'d> {
    doc: &'d Document,
    uri: Uri,
    pub(super) index: &'d Index,
    pub(super) file: &'d syntax::File,
    base: Option<&'d (Uri, String, LineIndex)>,
}

impl<'d> Analysis<'d> {
    /// The analysis of an open document (its index built at the first request after a change,
    /// then kept); `None` when it does not parse.
    pub fn of(uri: &Uri, doc: &'d Document, open: &Documents) -> Option<Analysis<'d>> {
        let built = doc.indexed(|| Indexed::build(uri, doc, open))?;
        Some(Analysis { doc, uri: uri.clone(), index: &built.index, file: &built.file, base: built.base.as_ref() })
    }

    fn offset(&self, p: Position) -> usize {
        self.doc.lines.offset(&self.doc.text, p)
    }

    fn range(&self, span: Span) -> Range {
        self.doc.lines.range(&self.doc.text, span.start, span.end)
    }

    /// Where a declaration is: in this document, or in the game it extends.
    fn location(&self, id: DeclId) -> Option<Location> {
        let d = self.index.decl(id);
        if d.in_base {
            let (uri, text, lines) = self.base?;
            return Some(Location { uri: uri.clone(), range: lines.range(text, d.span.start, d.span.end) });
        }
        Some(Location { uri: self.uri.clone(), range: self.range(d.span) })
    }

    /// The name at a position: its declaration.
    fn decl_at(&self, p: Position) -> Option<DeclId> {
        self.index.definition(self.offset(p))
    }

    /// Hover: a name's kind, type and declaration line, with its doc comment; a keyword's
    /// meaning.
    pub fn hover(&self, p: Position) -> Option<Hover> {
        let at = self.offset(p);
        let Some(id) = self.decl_at(p) else {
            let (word, span) = word_at(&self.doc.text, at)?;
            let meaning = keywords::meaning(word)?;
            return Some(markdown(format!("`{word}`: {meaning}"), Some(self.range(span))));
        };
        let d = self.index.decl(id);
        let mut text = format!("```cardgame\n{}\n```\n{}", d.detail, d.kind.word());
        if let Some(ty) = &d.ty {
            text.push_str(&format!(": {ty}"));
        }
        if let Some(t) = self.index.type_at(at).filter(|t| d.ty.is_none() && !t.shown.is_empty()) {
            text.push_str(&format!(" ({})", t.shown));
        }
        if let Some(doc) = &d.doc {
            text.push_str(&format!("\n\n{doc}"));
        }
        let span = self.index.use_at(at).map_or(d.span, |u| u.span);
        Some(markdown(text, (!d.in_base || span != d.span).then(|| self.range(span))))
    }

    /// Go to definition.
    pub fn definition(&self, p: Position) -> Option<Location> {
        self.location(self.decl_at(p)?)
    }

    /// Every place naming the name at `p` (its declaration too when `with_decl`).
    pub fn references(&self, p: Position, with_decl: bool) -> Vec<Location> {
        let Some(id) = self.decl_at(p) else { return Vec::new() };
        let mut out: Vec<Location> = self
            .index
            .references(id, false)
            .into_iter()
            .map(|s| Location { uri: self.uri.clone(), range: self.range(s) })
            .collect();
        if with_decl {
            out.extend(self.location(id));
        }
        out
    }

    /// The places in this document naming the name at `p`: written (its declaration) or read.
    pub fn highlights(&self, p: Position) -> Vec<DocumentHighlight> {
        let Some(id) = self.decl_at(p) else { return Vec::new() };
        let d = self.index.decl(id);
        let mut out: Vec<DocumentHighlight> = self
            .index
            .references(id, false)
            .into_iter()
            .map(|s| DocumentHighlight { range: self.range(s), kind: Some(DocumentHighlightKind::READ) })
            .collect();
        if !d.in_base {
            out.push(DocumentHighlight { range: self.range(d.span), kind: Some(DocumentHighlightKind::WRITE) });
        }
        out
    }

    /// What a rename at `p` would rename: a name declared in this document. Keywords, built-ins,
    /// numbers and names of the game a variant file extends are not renamed here.
    pub fn prepare_rename(&self, p: Position) -> Option<PrepareRenameResponse> {
        let at = self.offset(p);
        let id = self.decl_at(p)?;
        let d = self.index.decl(id);
        if d.in_base {
            return None;
        }
        let span = self.index.use_at(at).map_or(d.span, |u| u.span);
        Some(PrepareRenameResponse::RangeWithPlaceholder { range: self.range(span), placeholder: d.name.clone() })
    }

    /// The edits that rename the name at `p` to `new_name` everywhere in this document.
    // The protocol's edits are keyed by `Uri`, whose parsed parts clippy takes for mutable state.
    #[allow(clippy::mutable_key_type)]
    pub fn rename(&self, p: Position, new_name: &str) -> Result<Option<WorkspaceEdit>, String> {
        if !is_name(new_name) {
            return Err(format!("`{new_name}` is not a name: letters, digits and `_`, not starting with a digit"));
        }
        if keywords::meaning(new_name).is_some() {
            return Err(format!("`{new_name}` is a reserved word"));
        }
        if self.prepare_rename(p).is_none() {
            return Ok(None);
        }
        let Some(id) = self.decl_at(p) else { return Ok(None) };
        let edits: Vec<TextEdit> = self
            .index
            .references(id, true)
            .into_iter()
            .map(|s| TextEdit { range: self.range(s), new_text: new_name.to_string() })
            .collect();
        let changes = HashMap::from([(self.uri.clone(), edits)]);
        Ok(Some(WorkspaceEdit { changes: Some(changes), ..WorkspaceEdit::default() }))
    }
}

/// A hover of markdown text.
fn markdown(value: String, range: Option<Range>) -> Hover {
    Hover { contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value }), range }
}

/// The word (letters, digits, `_`) around byte `at`, with its span.
fn word_at(text: &str, at: usize) -> Option<(&str, Span)> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let at = at.min(text.len());
    let start = text[..at].char_indices().rev().take_while(|(_, c)| is_word(*c)).last().map_or(at, |(i, _)| i);
    let end = text[at..].char_indices().find(|(_, c)| !is_word(*c)).map_or(text.len(), |(i, _)| at + i);
    (start < end).then(|| (&text[start..end], Span { start, end }))
}

/// Whether `s` can be a name of the language.
fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// The protocol's kind of completion item for a kind of declaration.
pub(super) fn item_kind(kind: DeclKind) -> CompletionItemKind {
    match kind {
        DeclKind::Option => CompletionItemKind::CONSTANT,
        DeclKind::Enum | DeclKind::Order => CompletionItemKind::ENUM,
        DeclKind::EnumMember | DeclKind::HandPattern | DeclKind::MeldPattern => CompletionItemKind::ENUM_MEMBER,
        DeclKind::Property => CompletionItemKind::PROPERTY,
        DeclKind::Zone | DeclKind::Cards => CompletionItemKind::STRUCT,
        DeclKind::Counter | DeclKind::Variable => CompletionItemKind::VARIABLE,
        DeclKind::Function => CompletionItemKind::FUNCTION,
        DeclKind::Procedure => CompletionItemKind::METHOD,
        DeclKind::Variant | DeclKind::Melds | DeclKind::Hands => CompletionItemKind::MODULE,
        _ => CompletionItemKind::VARIABLE,
    }
}
