//! Semantic tokens for a whole document: every name declared or used, by what it names (a zone,
//! a counter, an option, an enum member, a function, a procedure, a parameter, a local, a
//! property, ...), from the checker index; the grammar's words (every quoted word of
//! `grammar/cardgame.pest`), numbers, strings and comments from the text.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use lsp_types::{
    SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensFullOptions,
    SemanticTokensLegend, SemanticTokensOptions, SemanticTokensServerCapabilities,
};

use super::documents::Document;
use crate::check::index::{DeclKind, Index};

/// The token types, in the legend's order (a token's type is its place here).
const TYPES: &[&str] = &[
    "keyword",
    "comment",
    "string",
    "number",
    "zone",
    "counter",
    "option",
    "enumMember",
    "function",
    "procedure",
    "parameter",
    "variable",
    "property",
    "enum",
    "type",
    "namespace",
];

/// The token modifiers, in the legend's order (bit `i` is modifier `i`).
const MODIFIERS: &[&str] = &["declaration", "readonly"];

const KEYWORD: u32 = 0;
const COMMENT: u32 = 1;
const STRING: u32 = 2;
const NUMBER: u32 = 3;
const DECLARATION: u32 = 1;
const READONLY: u32 = 2;

/// The type (its place in [`TYPES`]) and modifiers of a name of this kind.
fn kind_token(kind: DeclKind) -> (u32, u32) {
    let ty = match kind {
        DeclKind::Zone => "zone",
        DeclKind::Counter | DeclKind::Variable => "counter",
        DeclKind::Option => "option",
        DeclKind::EnumMember | DeclKind::HandPattern | DeclKind::MeldPattern => "enumMember",
        DeclKind::Function => "function",
        DeclKind::Procedure => "procedure",
        DeclKind::Parameter => "parameter",
        DeclKind::Property => "property",
        DeclKind::Enum => "enum",
        DeclKind::Cards | DeclKind::Order => "type",
        DeclKind::Variant | DeclKind::Melds | DeclKind::Hands => "namespace",
        DeclKind::Let
        | DeclKind::LoopItem
        | DeclKind::AggregateItem
        | DeclKind::Chosen
        | DeclKind::ChoosingPlayer
        | DeclKind::ScoredPlayer
        | DeclKind::MeldCard => "variable",
    };
    let fixed = matches!(
        kind,
        DeclKind::Option | DeclKind::EnumMember | DeclKind::HandPattern | DeclKind::MeldPattern | DeclKind::Cards
    );
    (TYPES.iter().position(|t| *t == ty).unwrap_or(0) as u32, if fixed { READONLY } else { 0 })
}

/// The legend the server announces at `initialize`, and that it serves full documents.
pub fn capability() -> SemanticTokensServerCapabilities {
    SemanticTokensServerCapabilities::SemanticTokensOptions(SemanticTokensOptions {
        legend: SemanticTokensLegend {
            token_types: TYPES.iter().map(|t| SemanticTokenType::new(t)).collect(),
            token_modifiers: MODIFIERS.iter().map(|m| SemanticTokenModifier::new(m)).collect(),
        },
        full: Some(SemanticTokensFullOptions::Bool(true)),
        range: None,
        work_done_progress_options: Default::default(),
    })
}

/// Every word written between quotes in the grammar: the language's keywords, reserved or not
/// (`per`, `private`, `chooses`).
fn grammar_words() -> &'static BTreeSet<&'static str> {
    static WORDS: OnceLock<BTreeSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let grammar = include_str!("../../grammar/cardgame.pest");
        let mut words = BTreeSet::new();
        for line in grammar.lines() {
            // Comments (`// ...`) hold prose with quoted examples; only rules count.
            let rule = line.split("//").next().unwrap_or("");
            for (i, quoted) in rule.split('"').enumerate() {
                if i % 2 == 1 && !quoted.is_empty() && quoted.chars().all(|c| c.is_ascii_alphabetic() || c == '_') {
                    words.insert(quoted);
                }
            }
        }
        words
    })
}

/// One token before encoding: where (bytes), its type and modifiers.
struct Raw {
    start: usize,
    end: usize,
    ty: u32,
    modifiers: u32,
}

/// The tokens of a document: names from its index (`None` when it does not parse: then only
/// words, numbers, strings and comments), the rest from its text.
pub fn tokens(doc: &Document, index: Option<&Index>) -> SemanticTokens {
    let mut raw: Vec<Raw> = Vec::new();
    if let Some(index) = index {
        for d in index.decls.iter().filter(|d| !d.in_base) {
            let (ty, modifiers) = kind_token(d.kind);
            raw.push(Raw { start: d.span.start, end: d.span.end, ty, modifiers: modifiers | DECLARATION });
        }
        for u in &index.uses {
            let (ty, modifiers) = kind_token(index.decl(u.decl).kind);
            raw.push(Raw { start: u.span.start, end: u.span.end, ty, modifiers });
        }
    }
    raw.retain(|r| r.start < r.end && r.end <= doc.text.len());
    raw.sort_by_key(|r| (r.start, r.end));
    // A name is one token: a declaration also indexed as a use keeps its first place only.
    raw.dedup_by(|later, earlier| later.start < earlier.end);
    let names = raw;
    let mut all = lexical(&doc.text, &names);
    all.extend(names);
    all.sort_by_key(|r| r.start);
    encode(doc, &all)
}

/// The comments, strings, numbers and grammar words of a text, outside the names' spans.
fn lexical(text: &str, names: &[Raw]) -> Vec<Raw> {
    let words = grammar_words();
    let bytes = text.as_bytes();
    let is_name = |start: usize| names.binary_search_by(|r| r.start.cmp(&start)).is_ok();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
            out.push(Raw { start: i, end, ty: COMMENT, modifiers: 0 });
            i = end;
        } else if b == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(bytes.len());
            // Names read inside it (`"{p} wins"`) are tokens of their own: the string is cut
            // around them, as tokens may not overlap.
            let mut from = i;
            let inside = names.partition_point(|r| r.start < i);
            for name in names[inside..].iter().take_while(|r| r.start < end) {
                out.push(Raw { start: from, end: name.start, ty: STRING, modifiers: 0 });
                from = name.end;
            }
            out.push(Raw { start: from, end, ty: STRING, modifiers: 0 });
            i = end;
        } else if b.is_ascii_alphanumeric() || b == b'_' {
            let end = text[i..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(text.len(), |n| i + n);
            let word = &text[i..end];
            if !is_name(i) {
                if word.bytes().all(|c| c.is_ascii_digit()) {
                    out.push(Raw { start: i, end, ty: NUMBER, modifiers: 0 });
                } else if words.contains(word) {
                    out.push(Raw { start: i, end, ty: KEYWORD, modifiers: 0 });
                }
            }
            i = end;
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// Tokens as the protocol sends them: each relative to the one before, in UTF-16 columns; a
/// token over several lines (a string that a line ends) is cut at its first line's end.
fn encode(doc: &Document, raw: &[Raw]) -> SemanticTokens {
    let mut data = Vec::with_capacity(raw.len());
    let (mut line, mut column) = (0u32, 0u32);
    for r in raw {
        let from = doc.lines.position(&doc.text, r.start);
        let end = text_line_end(&doc.text, r.start).min(r.end);
        let to = doc.lines.position(&doc.text, end);
        if to.line != from.line || to.character <= from.character {
            continue;
        }
        let delta_line = from.line - line;
        let delta_start = if delta_line == 0 { from.character - column } else { from.character };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: to.character - from.character,
            token_type: r.ty,
            token_modifiers_bitset: r.modifiers,
        });
        (line, column) = (from.line, from.character);
    }
    SemanticTokens { result_id: None, data }
}

/// Where the line holding byte `at` ends (before its `\r\n` or `\n`).
fn text_line_end(text: &str, at: usize) -> usize {
    let end = text[at.min(text.len())..].find('\n').map_or(text.len(), |n| at + n);
    if end > at && text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') {
        end - 1
    } else {
        end
    }
}
