//! The documents an editor has open: their text as the editor has it (saved or not), by URI,
//! with the version the editor gave and the line index of the text.

use std::collections::HashMap;
use std::path::PathBuf;

use lsp_types::Uri;

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
}

impl Document {
    /// A document of `text` at `version`.
    pub fn new(text: String, version: i32) -> Document {
        let lines = LineIndex::new(&text);
        Document { text, version, lines }
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
        self.open.insert(uri.as_str().to_string(), (uri, Document::new(text, version)));
    }

    /// Closes a document; its text is the disk's again.
    pub fn close(&mut self, uri: &Uri) {
        self.open.remove(uri.as_str());
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
