//! The body of the `lsp_typing` fuzz target: the language server while a designer types, with
//! the edits and the places asked about chosen by the input. Shared by cargo-fuzz
//! (`fuzz/fuzz_targets/lsp_typing.rs`) and the stable test suite (`tests/fuzz.rs` includes this
//! file); the editor's side, which checks every answer, is `tests/common/lsp_drive.rs`.
//!
//! An input whose first byte is below 8 edits a file of [`FOLDERS`] (the games, and the test
//! fixtures with mistakes and lint warnings in them): the next byte picks the file,
//! the rest are edits (text typed, a piece of the file pasted, a stretch deleted, a stretch
//! deleted and typed again a character at a time, the file put back as saved), each a version
//! sent to the server, with every request asked at the edit after it. Any other input is a
//! text typed into a document (half of it, then all), as the pipeline target's corpus is. The
//! document's URI is the file's own, so a variant file finds the game it extends; when the text
//! at the end is the file's, its diagnostics must be what `cardlang lint` finds in it.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::lsp_drive::{self, Editor};

/// The folders whose `.cardgame` files are typed into: the games and variant files, and the
/// lint, diagnostics and variant-file fixtures (a problem of every kind, some in another file).
pub const FOLDERS: [&str; 6] =
    ["games", "games/variants", "tests/lint", "tests/lint/check", "tests/variant_files", "tests/diagnostics"];

/// At most this many edits an input: a long input is more edits, not a slower one.
pub const MAX_EDITS: usize = 48;

/// A file the target types into.
pub struct GameFile {
    /// Its path, absolute.
    pub path: PathBuf,
    /// Its `file:` URI.
    pub uri: String,
    /// Its text on the disk.
    pub text: String,
    /// What `cardlang lint` finds in it, as the server shows it (worked out the first time).
    lint: OnceLock<Vec<String>>,
}

impl GameFile {
    /// The diagnostics published for this file's own text are what `cardlang lint` finds.
    fn same_as_lint(&self, found: &[lsp_types::Diagnostic]) {
        let expected = self.lint.get_or_init(|| lsp_drive::lint_says(&self.path));
        assert_eq!(&lsp_drive::server_says(found), expected, "{}: the diagnostics `cardlang lint` gives", self.uri);
    }
}

/// The `.cardgame` files of [`FOLDERS`] under the project folder `root`.
pub fn game_files(root: &Path) -> Vec<GameFile> {
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let mut out = Vec::new();
    for dir in FOLDERS {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.retain(|p| p.extension().is_some_and(|e| e == "cardgame"));
        paths.sort();
        for path in paths {
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let uri = format!("file://{}", path.display());
            out.push(GameFile { path, uri, text, lint: OnceLock::new() });
        }
    }
    out
}

/// The input's bytes, read one at a time; zeros once it is used up.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else { return 0 };
        self.0 = rest;
        b
    }
    fn at(&mut self, len: usize) -> usize {
        let n = u16::from_le_bytes([self.byte(), self.byte()]) as usize;
        n % (len + 1)
    }
    fn take(&mut self, n: usize) -> &[u8] {
        let (taken, rest) = self.0.split_at(n.min(self.0.len()));
        self.0 = rest;
        taken
    }
}

/// The target: see the module's documentation.
pub fn lsp_typing(files: &[GameFile], data: &[u8]) {
    match data.split_first() {
        Some((&first, rest)) if first < 8 && !files.is_empty() => {
            let Some((&pick, edits)) = rest.split_first() else { return };
            edit_file(&files[pick as usize % files.len()], edits);
        }
        _ => type_text(files, data),
    }
}

/// The input as a text typed into a document: half of it, then all of it, with every request
/// asked at the end, at a place the input picks and at the start after each.
fn type_text(files: &[GameFile], data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let known = files.iter().find(|f| f.text == text);
    let uri = known.map_or("file:///nonexistent-cardlang-fuzz/typed.cardgame", |f| f.uri.as_str());
    let mut editor = Editor::open(uri, "");
    let hash = data.iter().fold(0usize, |h, &b| h.wrapping_mul(31).wrapping_add(b as usize));
    for end in [text.len() / 2, text.len()] {
        editor.replace(text[..lsp_drive::boundary(&text, end)].to_string());
        let n = editor.text().len();
        for at in [n, hash % (n + 1), 0] {
            editor.ask_at(at);
        }
        editor.ask_document();
    }
    if let Some(file) = known {
        file.same_as_lint(editor.diagnostics());
    }
}

/// Edits of a game file, as the input spells them; every request after each.
fn edit_file(file: &GameFile, data: &[u8]) {
    let mut input = Bytes(data);
    let mut editor = Editor::open(&file.uri, &file.text);
    editor.ask_document();
    for _ in 0..MAX_EDITS {
        if input.0.is_empty() {
            break;
        }
        let kind = input.byte();
        let at = input.at(editor.text().len());
        let cursor = match kind % 8 {
            // Text typed at a place (the input's own bytes).
            0 | 1 => {
                let n = (input.byte() % 16) as usize;
                let typed = String::from_utf8_lossy(input.take(n)).into_owned();
                editor.insert(at, &typed);
                at + typed.len()
            }
            // A piece of the file pasted at a place.
            2 => {
                let from = lsp_drive::boundary(&file.text, input.at(file.text.len()));
                let to = lsp_drive::boundary(&file.text, from + input.byte() as usize);
                editor.insert(at, &file.text[from..to]);
                at + (to - from)
            }
            // A stretch before a place deleted.
            3 | 4 => {
                editor.delete(at, 1 + (input.byte() % 64) as usize);
                at
            }
            // A stretch deleted and typed again, a character at a time, asking at each.
            5 => retype(&mut editor, at, 1 + (input.byte() % 24) as usize),
            // The file put back as saved.
            6 => {
                editor.replace(file.text.clone());
                at
            }
            // The outline, the tokens and formatting.
            _ => {
                editor.ask_document();
                at
            }
        };
        editor.ask_at(cursor);
    }
    editor.ask_document();
    if editor.text() == file.text {
        file.same_as_lint(editor.diagnostics());
    }
}

/// Deletes about `len` bytes before `at` and types them again one character at a time, asking
/// hover, completion and the rest at the cursor after each; the cursor at the end.
fn retype(editor: &mut Editor, at: usize, len: usize) -> usize {
    let text = editor.text().to_string();
    let end = lsp_drive::boundary(&text, at);
    let start = lsp_drive::boundary(&text, end.saturating_sub(len));
    editor.delete(end, end - start);
    let mut cursor = start;
    for c in text[start..end].chars() {
        editor.insert(cursor, c.encode_utf8(&mut [0; 4]));
        cursor += c.len_utf8();
        editor.ask_at(cursor);
    }
    cursor
}
