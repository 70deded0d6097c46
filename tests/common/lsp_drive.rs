//! The language server driven as an editor drives it, in process (`lsp::Handler`): a document
//! opened, changed version after version (the whole text each time, as the server's full sync
//! asks), and every request asked about it, each answer checked: nothing left unanswered, every
//! position in an answer on a line of the text it names and on a character boundary in UTF-16
//! code units, semantic tokens in order and on their lines, a rename where a rename was
//! prepared. Shared by `tests/lsp_typing.rs` and the `lsp_typing` fuzz target
//! (`fuzz/src/lsp_typing.rs`, which includes this file); it uses only the library and the
//! protocol's types, and panics with the document's URI and version on a broken promise.

use std::collections::HashMap;
use std::path::Path;

use cardlang::lsp::position::LineIndex;
use cardlang::lsp::{Handler, Links};
use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString};
use serde_json::{json, Value};

/// The name every rename asks for: a name no game uses.
pub const NEW_NAME: &str = "renamed_by_the_typing_run";

/// An editor with one document open in a server.
pub struct Editor {
    server: Handler,
    uri: String,
    text: String,
    version: i32,
    requests: usize,
    last: Vec<Diagnostic>,
    /// The texts of other files answers point into (a variant file's base game), read once.
    elsewhere: HashMap<String, Option<String>>,
}

/// The char boundary at or before byte `i` of `text`.
pub fn boundary(text: &str, i: usize) -> usize {
    (0..=i.min(text.len())).rev().find(|&j| text.is_char_boundary(j)).unwrap_or(0)
}

impl Editor {
    /// A server with `text` opened at `uri` (version 0).
    pub fn open(uri: &str, text: &str) -> Editor {
        let mut editor = Editor {
            server: Handler::new(Links::default()),
            uri: uri.to_string(),
            text: text.to_string(),
            version: 0,
            requests: 0,
            last: Vec::new(),
            elsewhere: HashMap::new(),
        };
        let doc = json!({ "uri": uri, "languageId": "cardgame", "version": 0, "text": text });
        let published = editor.server.notify("textDocument/didOpen", json!({ "textDocument": doc }));
        editor.take(published);
        editor
    }

    /// The document's text now.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How many requests were answered.
    pub fn requests(&self) -> usize {
        self.requests
    }

    /// The diagnostics published for the document's latest version.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.last
    }

    /// The document's next version: `text`, sent whole.
    pub fn replace(&mut self, text: String) {
        self.version += 1;
        self.text = text;
        let change = json!({
            "textDocument": { "uri": self.uri, "version": self.version },
            "contentChanges": [{ "text": self.text }],
        });
        let published = self.server.notify("textDocument/didChange", change);
        self.take(published);
    }

    /// `typed` put in at byte `at` (moved back to a character's start).
    pub fn insert(&mut self, at: usize, typed: &str) {
        let at = boundary(&self.text, at);
        let mut text = self.text.clone();
        text.insert_str(at, typed);
        self.replace(text);
    }

    /// About `len` bytes before byte `at` deleted (both ends moved back to a character's start).
    pub fn delete(&mut self, at: usize, len: usize) {
        let end = boundary(&self.text, at);
        let start = boundary(&self.text, end.saturating_sub(len));
        let text = format!("{}{}", &self.text[..start], &self.text[end..]);
        self.replace(text);
    }

    /// The diagnostics the server published after a change: this document's, of this version,
    /// each on the text.
    fn take(&mut self, published: Vec<lsp_types::PublishDiagnosticsParams>) {
        let what = format!("{} v{}", self.uri, self.version);
        let mine = published.into_iter().rev().find(|p| p.uri.as_str() == self.uri);
        let Some(mine) = mine else { panic!("{what}: no diagnostics published after the change") };
        assert_eq!(mine.version, Some(self.version), "{what}: diagnostics of another version");
        let value = serde_json::to_value(&mine.diagnostics).unwrap_or(Value::Null);
        let (uri, text) = (self.uri.clone(), self.text.clone());
        self.fits(&format!("{what} diagnostics"), &value, &uri, &text);
        self.last = mine.diagnostics;
    }

    /// Asks a request that must be answered (not refused); its answer.
    fn ask(&mut self, method: &str, params: Value) -> Value {
        let what =
            format!("{} v{} {method} {}", self.uri, self.version, params.get("position").unwrap_or(&Value::Null));
        let answer = self.server.request(method, params);
        self.requests += 1;
        match answer {
            Ok(value) => {
                let (uri, text) = (self.uri.clone(), self.text.clone());
                self.fits(&what, &value, &uri, &text);
                value
            }
            Err(e) => panic!("{what}: refused: {e:?}"),
        }
    }

    /// Every request about a place, at byte `at` of the text (moved back to a character's
    /// start): hover, completion, definition, references, highlights, prepare-rename and
    /// rename, and the code actions for the diagnostics there.
    pub fn ask_at(&mut self, at: usize) {
        let at = boundary(&self.text, at);
        let p = LineIndex::new(&self.text).position(&self.text, at);
        let position = json!({ "line": p.line, "character": p.character });
        let td = json!({ "uri": self.uri });
        let pos = json!({ "textDocument": td, "position": position });
        for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition"] {
            self.ask(method, pos.clone());
        }
        self.ask("textDocument/documentHighlight", pos.clone());
        let with_context = |include: bool| json!({ "textDocument": td, "position": position, "context": { "includeDeclaration": include } });
        self.ask("textDocument/references", with_context(true));
        self.ask("textDocument/references", with_context(false));
        let prepared = self.ask("textDocument/prepareRename", pos.clone());
        let rename = json!({ "textDocument": td, "position": position, "newName": NEW_NAME });
        let edit = self.ask("textDocument/rename", rename);
        let what = format!("{} v{} at {at}", self.uri, self.version);
        if let Some(range) = prepared.get("range") {
            let edits = &edit["changes"][&self.uri];
            let hits = edits.as_array().is_some_and(|e| e.iter().any(|e| &e["range"] == range));
            assert!(hits, "{what}: a rename prepared at {range} renames it: {edit}");
        }
        // A reserved word is never a new name: refused with a reason where a rename could be
        // made, and nothing done where none could.
        let refused = json!({ "textDocument": td, "position": position, "newName": "if" });
        self.requests += 1;
        match self.server.request("textDocument/rename", refused) {
            Err(e) => assert!(!e.message.is_empty(), "{what}: a rename refused says why"),
            Ok(Value::Null) => {
                assert!(prepared.is_null(), "{what}: a rename to `if` where one was prepared is refused")
            }
            Ok(edit) => panic!("{what}: a rename to `if` made edits: {edit}"),
        }
        let here: Vec<&Diagnostic> = self.last.iter().filter(|d| d.range.start <= p && p <= d.range.end).collect();
        let actions = json!({
            "textDocument": td,
            "range": { "start": position, "end": position },
            "context": { "diagnostics": here },
        });
        self.ask("textDocument/codeAction", actions);
    }

    /// Every request about the whole document: the outline, the semantic tokens, formatting.
    pub fn ask_document(&mut self) {
        let td = json!({ "uri": self.uri });
        self.ask("textDocument/documentSymbol", json!({ "textDocument": td }));
        let tokens = self.ask("textDocument/semanticTokens/full", json!({ "textDocument": td }));
        tokens_fit(&self.text, &tokens);
        let options = json!({ "tabSize": 4, "insertSpaces": true });
        self.ask("textDocument/formatting", json!({ "textDocument": td, "options": options }));
    }

    /// Every position in `value` lies on the text it names (`text`, of `uri`, unless an object
    /// names another file by its `uri`, or `changes` keys edits by file).
    fn fits(&mut self, what: &str, value: &Value, uri: &str, text: &str) {
        match value {
            Value::Array(items) => items.iter().for_each(|v| self.fits(what, v, uri, text)),
            Value::Object(map) => {
                if let Some(other) = map.get("uri").and_then(Value::as_str).filter(|u| *u != uri) {
                    let Some(other_text) = self.text_of(other) else { return };
                    return self.fits(what, value, other, &other_text);
                }
                if let (Some(line), Some(column)) = (map.get("line"), map.get("character")) {
                    position_fits(what, text, line.as_u64(), column.as_u64());
                }
                if let (Some(start), Some(end)) = (map.get("start"), map.get("end")) {
                    let at = |p: &Value| (p["line"].as_u64(), p["character"].as_u64());
                    if start.is_object() && end.is_object() {
                        assert!(at(start) <= at(end), "{what}: a range that ends before it starts: {value}");
                    }
                }
                for (key, v) in map {
                    if key == "changes" {
                        for (file, edits) in v.as_object().into_iter().flatten() {
                            let file_text = if file == uri { Some(text.to_string()) } else { self.text_of(file) };
                            if let Some(t) = file_text {
                                self.fits(what, edits, file, &t);
                            }
                        }
                    } else {
                        self.fits(what, v, uri, text);
                    }
                }
            }
            _ => {}
        }
    }

    /// The text of a file an answer names: the document's, or the disk's (`None` for a file
    /// that is not there, or a link that is not a file).
    fn text_of(&mut self, uri: &str) -> Option<String> {
        if uri == self.uri {
            return Some(self.text.clone());
        }
        let path = uri.strip_prefix("file://")?.to_string();
        self.elsewhere.entry(uri.to_string()).or_insert_with(|| std::fs::read_to_string(path).ok()).clone()
    }
}

/// A position (line from 0, column in UTF-16 code units) lies on a line of `text`, at most at
/// its end, and not inside a character.
fn position_fits(what: &str, text: &str, line: Option<u64>, column: Option<u64>) {
    let (Some(line), Some(column)) = (line, column) else { panic!("{what}: a position that is not two numbers") };
    let lines: Vec<&str> = text.split('\n').collect();
    let Some(body) = lines.get(line as usize) else {
        panic!("{what}: line {line} of a text of {} lines", lines.len());
    };
    let mut units = 0u64;
    for c in body.chars() {
        if units >= column {
            break;
        }
        units += c.len_utf16() as u64;
    }
    assert!(units >= column, "{what}: column {column} past the end of line {line} ({units} units)");
    assert_eq!(units, column, "{what}: column {column} of line {line} falls inside a character");
}

/// Semantic tokens lie on the text's lines, in order, none past its line's end, none over
/// another.
pub fn tokens_fit(text: &str, tokens: &Value) {
    let lines: Vec<usize> = text.split('\n').map(|l| l.encode_utf16().count()).collect();
    let data: Vec<u64> = tokens["data"].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
    let (mut line, mut column, mut length) = (0usize, 0u64, 0u64);
    for t in data.chunks(5) {
        assert!(t.len() == 5, "semantic tokens come in fives");
        assert!(t[0] > 0 || t[1] >= length, "a token over the one before on line {line}");
        length = t[2];
        line += t[0] as usize;
        column = if t[0] == 0 { column + t[1] } else { t[1] };
        let width = *lines.get(line).unwrap_or_else(|| panic!("a token on line {line}, past the text"));
        assert!(column + t[2] <= width as u64, "a token past the end of line {line}");
        assert!(t[2] > 0, "an empty token");
    }
}

/// The codes, places and first lines of diagnostics, sorted.
pub fn shown(found: &[Diagnostic]) -> Vec<String> {
    let mut out: Vec<String> = found
        .iter()
        .map(|d| format!("{:?} {:?} {}", d.code, d.range, d.message.lines().next().unwrap_or("")))
        .collect();
    out.sort();
    out
}

/// What `cardlang lint` finds in the file at `path`, as the server shows each problem: code,
/// severity, the line and UTF-16 column (from 0) of its place in the file (the top of the file
/// for a problem in a game the file extends), its message with the help; sorted.
pub fn lint_says(path: &Path) -> Vec<String> {
    let me = cardlang::load::shown(path);
    let mut out: Vec<String> = cardlang::load::lint_file(&path.to_string_lossy())
        .problems()
        .iter()
        .map(|p| {
            let (line, column) = match &p.primary {
                Some(l) if l.place.file == me => (l.place.from.line - 1, l.place.from.utf16_column - 1),
                _ => (0, 0),
            };
            let severity = match p.severity {
                cardlang::load::Severity::Error => "error",
                cardlang::load::Severity::Warning => "warning",
                cardlang::load::Severity::Advice => "hint",
            };
            let help = p.help.as_ref().map(|h| format!("\nhelp: {h}")).unwrap_or_default();
            format!("{:?} {severity} {line}:{column} {}{help}", p.code, p.message)
        })
        .collect();
    out.sort();
    out
}

/// Diagnostics as [`lint_says`] shows problems.
pub fn server_says(found: &[Diagnostic]) -> Vec<String> {
    let mut out: Vec<String> = found
        .iter()
        .map(|d| {
            let code = d.code.as_ref().map(|c| match c {
                NumberOrString::String(s) => s.clone(),
                NumberOrString::Number(n) => n.to_string(),
            });
            let severity = match d.severity {
                Some(DiagnosticSeverity::ERROR) => "error",
                Some(DiagnosticSeverity::WARNING) => "warning",
                _ => "hint",
            };
            format!("{code:?} {severity} {}:{} {}", d.range.start.line, d.range.start.character, d.message)
        })
        .collect();
    out.sort();
    out
}

/// The diagnostics published for a file's text are what `cardlang lint` finds in the file.
pub fn same_as_lint(path: &Path, found: &[Diagnostic]) {
    assert_eq!(server_says(found), lint_says(path), "{}: the diagnostics `cardlang lint` gives", path.display());
}
