//! Completion by the grammar's context: the words the grammar accepts at the cursor (the pest
//! parser run over the declaration up to the cursor says which tokens it expected there), the
//! names in scope where it expects a name, filtered by what the words before ask for (a zone
//! after `of`, `to`, `from`, `in` or `shuffle`; the members of a property's enum after `is`, `==` or `!=`;
//! a property after `.`), and snippets where a declaration or a statement may start.
//!
//! A half-typed text does not parse: its names come from the last version that did.

use std::collections::BTreeSet;

use lsp_types::{CompletionItem, CompletionItemKind};

use super::documents::Document;
use super::keywords;
use super::navigate::{item_kind, Indexed};
use crate::check::index::{Decl, DeclKind, Index};

/// What the grammar accepts at a place.
#[derive(Debug, Default)]
struct Expected {
    /// The words it accepts (`then`, `from`, `procedure`).
    words: BTreeSet<String>,
    /// Whether it accepts a name there.
    name: bool,
}

/// Whether a character belongs to a word.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where the top-level declaration holding byte `at` starts: the last line at or before it
/// that starts with a word at its first column (a declaration or a variant block, laid out as
/// `cardlang fmt` lays them).
fn declaration_start(text: &str, at: usize) -> usize {
    let mut start = 0;
    let mut line = 0;
    while line < at {
        if text[line..].starts_with(|c: char| c.is_alphabetic()) {
            start = line;
        }
        match text[line..at].find('\n') {
            Some(n) => line += n + 1,
            None => break,
        }
    }
    start
}

/// What the grammar expects at byte `at` of `text` (the cursor's word left out): the
/// declaration up to there parsed, and what pest tried where it stopped. `None` when the text
/// goes wrong before the cursor (then anything may be meant).
fn expected_at(text: &str, at: usize) -> Option<Expected> {
    let from = declaration_start(text, at);
    // A character no rule accepts, after the text up to the cursor: the parse stops there.
    let probe = format!("{}\u{1}", &text[from..at]);
    let Err(e) = crate::syntax::pairs_of(&probe) else { return None };
    let attempts = e.parse_attempts()?;
    if attempts.max_position != probe.len() - 1 {
        return None;
    }
    let mut out = Expected::default();
    // pest shows a token as its text, a range of characters as `a..z`.
    for token in attempts.expected_tokens().iter().map(|t| t.to_string()) {
        let chars: Vec<char> = token.chars().collect();
        if let [start, '.', '.', end] = chars[..] {
            // A range of letters is where a name (or a number) starts.
            out.name |= start.is_ascii_alphabetic() || end.is_ascii_alphabetic();
        } else if chars.iter().any(char::is_ascii_lowercase)
            && chars.iter().all(|c| c.is_ascii_lowercase() || *c == '_')
        {
            out.words.insert(token);
        }
    }
    Some(out)
}

/// The words before byte `at`, last first (at most `n`), skipping spaces and operators.
fn words_before(text: &str, at: usize, n: usize) -> Vec<&str> {
    text[..at].split(|c: char| !is_word(c)).filter(|w| !w.is_empty()).rev().take(n).collect()
}

/// The members of the enum that is the type of the property (or typed name) the comparison
/// before `at` reads: `c.suit == `, `suit of c is `.
fn compared_members<'i>(index: &'i Index, text: &str, left_end: usize) -> Vec<&'i Decl> {
    for word in words_before(text, left_end, 3) {
        let typed = index.decls.iter().filter(|d| d.name == word).find_map(|d| d.ty.clone());
        let Some(ty) = typed else { continue };
        let Some(enum_id) = index.decls.iter().position(|d| d.kind == DeclKind::Enum && d.name == ty) else {
            continue;
        };
        return index
            .decls
            .iter()
            .filter(|d| d.kind == DeclKind::EnumMember && d.parent.map(|p| p.0) == Some(enum_id))
            .collect();
    }
    Vec::new()
}

/// What the words right before the cursor ask for.
enum Wanted {
    /// A property, after `.`.
    Property,
    /// A zone (or the player whose zone it is), after `of`, `to`, `from`, `in` or `shuffle`.
    Zone,
    /// One of these enum members, after a comparison.
    Members(Vec<usize>),
    /// Any name in scope.
    Any,
}

fn wanted(index: &Index, text: &str, word_start: usize) -> Wanted {
    let before = text[..word_start].trim_end();
    if before.ends_with('.') {
        return Wanted::Property;
    }
    for op in ["==", "!="] {
        if let Some(left) = before.strip_suffix(op) {
            return members(index, text, left.len());
        }
    }
    match words_before(text, word_start, 1).first().copied() {
        _ if before.ends_with(|c: char| !is_word(c)) => Wanted::Any,
        Some("of" | "to" | "from" | "in" | "shuffle") => Wanted::Zone,
        Some("is") => members(index, text, before.len() - 2),
        _ => Wanted::Any,
    }
}

fn members(index: &Index, text: &str, left_end: usize) -> Wanted {
    let found = compared_members(index, text, left_end);
    let ids = found.iter().filter_map(|d| index.decls.iter().position(|e| std::ptr::eq(e, *d))).collect();
    Wanted::Members(ids)
}

/// A completion item for a declaration; `first` sorts it before the rest.
fn name_item(d: &Decl, first: bool) -> CompletionItem {
    CompletionItem {
        label: d.name.clone(),
        kind: Some(item_kind(d.kind)),
        detail: Some(d.detail.clone()),
        sort_text: Some(format!("{}{}", if first { 0 } else { 1 }, d.name)),
        ..CompletionItem::default()
    }
}

/// The completions at byte `at` of the document, with its index (or the last one that
/// parsed).
pub(super) fn completion(doc: &Document, indexed: Option<&Indexed>, at: usize) -> Vec<CompletionItem> {
    let text = &doc.text;
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let word_start = text[..at].char_indices().rev().take_while(|(_, c)| is_word(*c)).last().map_or(at, |(i, _)| i);
    let expected = expected_at(text, word_start);
    // Where the grammar gave no answer, names and words are all offered.
    let names_fit = expected.as_ref().is_none_or(|e| e.name);
    let mut out = Vec::new();
    if let Some(ix) = indexed.map(|i| &i.index) {
        let in_scope = ix.scope_at(word_start.min(text.len()));
        match wanted(ix, text, word_start) {
            Wanted::Property => {
                let props = ix.decls.iter().filter(|d| d.kind == DeclKind::Property);
                out.extend(props.map(|d| name_item(d, true)));
                return out;
            }
            Wanted::Members(ids) if !ids.is_empty() => {
                out.extend(ids.iter().map(|&i| name_item(&ix.decls[i], true)));
                out.extend(
                    in_scope.iter().map(|&id| ix.decl(id)).filter(|d| d.kind.is_local()).map(|d| name_item(d, false)),
                );
            }
            Wanted::Zone if names_fit => {
                let fits = |d: &&Decl| matches!(d.kind, DeclKind::Zone) || d.kind.is_local();
                let decls = in_scope.iter().map(|&id| ix.decl(id)).filter(fits);
                out.extend(decls.map(|d| name_item(d, d.kind == DeclKind::Zone)));
            }
            _ if names_fit => {
                // A procedure is named only where a statement starts (a call); a variant, a
                // property (after `.`) and a melds or hands declaration never in an expression.
                let statement = expected.as_ref().is_none_or(|e| e.words.contains("for"));
                let fits = |d: &&Decl| match d.kind {
                    DeclKind::Procedure => statement,
                    DeclKind::Property | DeclKind::Variant | DeclKind::Melds | DeclKind::Hands => false,
                    _ => true,
                };
                let decls = in_scope.iter().map(|&id| ix.decl(id)).filter(fits);
                out.extend(decls.map(|d| name_item(d, false)));
            }
            _ => {}
        }
    }
    let words: Vec<(String, Option<&'static str>)> = match &expected {
        Some(e) => e.words.iter().map(|w| (w.clone(), keywords::meaning(w))).collect(),
        None => keywords::all().map(|(w, m)| (w.to_string(), Some(m))).collect(),
    };
    let statement = expected.as_ref().is_none_or(|e| e.words.contains("for"));
    let declaration = expected.as_ref().is_none_or(|e| e.words.contains("procedure"));
    out.extend(words.into_iter().map(|(word, meaning)| CompletionItem {
        kind: Some(CompletionItemKind::KEYWORD),
        detail: meaning.map(str::to_string),
        sort_text: Some(format!("2{word}")),
        label: word,
        ..CompletionItem::default()
    }));
    out.extend(keywords::snippets().into_iter().filter(|s| match s.label.as_str() {
        "procedure" => declaration,
        _ => statement,
    }));
    out
}
