//! The source texts a game is made of, and places in them.
//!
//! A game is usually one file, but a variant file is read together with the game it extends.
//! Each file is parsed at its own offset (see `syntax::parse_at`), so every span in the joined
//! syntax tree names exactly one file: [`Sources::locate`] finds it, and [`Source::position`]
//! turns an offset in it into a line and column. Rendering is the front ends' business (the
//! command line's is `cli::render`).

use miette::Diagnostic;
use serde::{Deserialize, Serialize};

/// One source text and where its offsets start.
#[derive(Debug, Clone)]
pub struct Source {
    /// The path it came from, as given.
    pub path: String,
    /// Its text.
    pub text: String,
    /// The offset its first byte has in the spans of a joined game (0 for the file given).
    pub offset: usize,
    /// Where each line starts, and the length in characters of the longest line: found once,
    /// for every diagnostic of the file.
    lines: std::sync::OnceLock<(Vec<usize>, usize)>,
}

/// A place in a text: line and column from 1; the column in characters (Unicode scalar
/// values) and in UTF-16 code units, as the Language Server Protocol counts them (which is
/// from 0 there: subtract 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// The column in UTF-16 code units, from 1 (an emoji counts 2).
    pub utf16_column: usize,
}

impl Source {
    /// A source whose spans start at 0.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Source {
        Source::at(path, text, 0)
    }

    /// A source whose spans start at `offset`.
    pub fn at(path: impl Into<String>, text: impl Into<String>, offset: usize) -> Source {
        Source { path: path.into(), text: text.into(), offset, lines: std::sync::OnceLock::new() }
    }

    fn lines(&self) -> &(Vec<usize>, usize) {
        self.lines.get_or_init(|| {
            let starts: Vec<usize> =
                std::iter::once(0).chain(self.text.match_indices('\n').map(|(i, _)| i + 1)).collect();
            let longest = self.text.split('\n').map(|l| l.chars().count()).max().unwrap_or(0);
            (starts, longest)
        })
    }

    /// How many characters the longest line has.
    pub fn longest_line(&self) -> usize {
        self.lines().1
    }

    /// The line and column (from 1, in characters) of a byte offset in this file.
    pub fn line_and_column(&self, at: usize) -> (usize, usize) {
        let p = self.position(at);
        (p.line, p.column)
    }

    /// The line and columns of a byte offset in this file (an offset past the end is the end).
    pub fn position(&self, at: usize) -> Position {
        let at = at.min(self.text.len());
        let starts = &self.lines().0;
        let line = starts.partition_point(|&s| s <= at);
        let start = starts[line.saturating_sub(1)];
        // An offset inside a character (no span makes one) counts as the line's start.
        let before = self.text.get(start..at).unwrap_or("");
        let column = before.chars().count() + 1;
        let utf16_column = before.encode_utf16().count() + 1;
        Position { line, column, utf16_column }
    }

    /// Whether a span offset falls in this file (its end counts: a label may point past the
    /// last byte).
    fn holds(&self, at: usize) -> bool {
        at >= self.offset && at <= self.offset + self.text.len()
    }
}

/// Every source text of one game, each with its own range of offsets.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// The files; the first is the one given (on the command line, or by the editor).
    pub files: Vec<Source>,
}

impl Sources {
    /// The sources of a game that is one file.
    pub fn single(source: Source) -> Sources {
        Sources { files: vec![source] }
    }

    /// The path of the file given.
    pub fn path(&self) -> &str {
        self.files.first().map_or("", |s| s.path.as_str())
    }

    /// The file a span offset points into.
    pub fn locate(&self, at: usize) -> Option<&Source> {
        self.files.iter().find(|s| s.holds(at))
    }

    /// Where a diagnostic is: the file of its first label, and that label's byte range inside it.
    pub fn place_of(&self, d: &dyn Diagnostic) -> Option<(&Source, usize, usize)> {
        let label = d.labels().and_then(|mut l| l.next())?;
        let source = self.locate(label.offset())?;
        let start = label.offset() - source.offset;
        Some((source, start, start + label.len()))
    }
}
