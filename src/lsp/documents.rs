//! The documents an editor has open: their text as the editor has it (saved or not), by URI,
//! with the version the editor gave, the line index of the text, and its analysis (the checker
//! index) once a request has asked for it: built lazily after a change, once per version.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use lsp_types::Uri;

use super::navigate::Indexed;
use super::position::LineIndex;

/// One open document.
#[derive(Debug, Clone)]
pub struct Document {
    /// The text as the editor has it.
    pub text: String,
    /// The editor's version of it.
    pub version: i32,
    /// Where its lines start.
    pub lines: LineIndex,
    /// The syntax tree of this version as the diagnostics parsed it, until the index takes it.
    tree: RefCell<Option<crate::syntax::File>>,
    /// Its index, once asked for (`None` inside: the text or the game it extends does not parse).
    indexed: OnceCell<Option<Arc<Indexed>>>,
    /// The index of the last version before this one that parsed, for completion while the
    /// text, half typed, does not.
    last_good: Option<Arc<Indexed>>,
    /// The text and syntax tree of the last version that parsed (this one's, once parsed): an
    /// edit's new text is parsed from it, only the declarations the edit touched read again.
    parsed: RefCell<Option<Arc<(String, crate::syntax::File)>>>,
}

impl Document {
    /// A document of `text` at `version`.
    pub fn new(text: String, version: i32) -> Document {
        let lines = LineIndex::new(&text);
        Document {
            text,
            version,
            lines,
            tree: RefCell::new(None),
            indexed: OnceCell::new(),
            last_good: None,
            parsed: RefCell::new(None),
        }
    }

    /// The syntax tree of this version's text (spans from 0): parsed from the last version that
    /// parsed where only some declarations changed (`syntax::reparse`), else parsed whole; kept
    /// as the start for the next version when it parses.
    pub(super) fn parse(&self) -> Result<crate::syntax::File, crate::syntax::SyntaxError> {
        let last = self.parsed.borrow().clone();
        if let Some(last) = &last {
            if last.0 == self.text {
                return Ok(last.1.clone());
            }
        }
        let reparsed = last.as_deref().and_then(|(text, tree)| crate::syntax::reparse(text, tree, &self.text));
        let parsed = match reparsed {
            Some(tree) => Ok(tree),
            None => crate::syntax::parse(&self.text),
        };
        if let Ok(tree) = &parsed {
            *self.parsed.borrow_mut() = Some(Arc::new((self.text.clone(), tree.clone())));
        }
        parsed
    }

    /// Its index: built by `build` the first time it is asked for after a change, then kept.
    pub(super) fn indexed(&self, build: impl FnOnce() -> Option<Indexed>) -> Option<&Indexed> {
        self.indexed.get_or_init(|| build().map(Arc::new)).as_deref()
    }

    /// Keeps the syntax tree of this version's text (parsed by the diagnostics) for its index.
    pub(super) fn keep_tree(&self, tree: crate::syntax::File) {
        if self.indexed.get().is_none() {
            *self.tree.borrow_mut() = Some(tree);
        }
    }

    /// The syntax tree of this version's text: the one the diagnostics kept, else parsed now;
    /// `None` when the text does not parse.
    pub(super) fn tree(&self) -> Option<crate::syntax::File> {
        self.tree.borrow_mut().take().or_else(|| crate::syntax::parse(&self.text).ok())
    }

    /// The index of the last version that parsed (this one's, if built and it parses).
    pub(super) fn last_good(&self) -> Option<&Indexed> {
        self.indexed.get().and_then(|i| i.as_deref()).or(self.last_good.as_deref())
    }
}

/// The open documents, by URI.
#[derive(Debug, Default)]
pub struct Documents {
    open: HashMap<String, (Uri, Document)>,
}

impl Documents {
    /// Opens (or replaces) a document.
    pub fn open(&mut self, uri: Uri, text: String, version: i32) {
        self.forget_indexes();
        let mut doc = Document::new(text, version);
        if let Some((_, old)) = self.open.get(uri.as_str()) {
            doc.last_good = old.last_good.clone();
            doc.parsed = RefCell::new(old.parsed.borrow().clone());
        }
        self.open.insert(uri.as_str().to_string(), (uri, doc));
    }

    /// Closes a document; its text is the disk's again.
    pub fn close(&mut self, uri: &Uri) {
        self.forget_indexes();
        self.open.remove(uri.as_str());
    }

    /// Drops every document's index: a variant file's reads the game it extends, which may be
    /// the document that changed.
    fn forget_indexes(&mut self) {
        for (_, doc) in self.open.values_mut() {
            if let Some(Some(good)) = doc.indexed.take() {
                doc.last_good = Some(good);
            }
        }
    }

    /// An open document.
    pub fn get(&self, uri: &Uri) -> Option<&Document> {
        self.open.get(uri.as_str()).map(|(_, d)| d)
    }

    /// Every open document with its URI.
    pub fn iter(&self) -> impl Iterator<Item = (&Uri, &Document)> {
        self.open.values().map(|(u, d)| (u, d))
    }
}

/// The file a `file:` URI names (`file:///home/a/war.cardgame`, with `%20` and the like read);
/// `None` for any other scheme.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://localhost/...` names the same file as `file:///...`.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Some(PathBuf::from(std::ffi::OsString::from_vec(out)))
    }
    #[cfg(not(unix))]
    {
        Some(PathBuf::from(String::from_utf8_lossy(&out).into_owned()))
    }
}
