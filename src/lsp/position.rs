//! Places in a text as the Language Server Protocol counts them: a line (from 0) and a column in
//! UTF-16 code units (an emoji is two, `♠` and `é` one), against the byte offsets the syntax tree
//! and the diagnostics use.

use lsp_types::{Position, Range};

/// The start of every line of a text, for turning offsets into positions and back.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The lines of `text` (a line ends at `\n`; a `\r` before it is part of the line's end).
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The position of byte `offset` of `text` (an offset past the end is the end; one inside a
    /// character is that character's start).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let column: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position { line: line as u32, character: column as u32 }
    }

    /// The range of bytes `start..end` of `text`.
    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range { start: self.position(text, start), end: self.position(text, end.max(start)) }
    }

    /// The byte offset of `position` in `text`: a line past the end is the end, a column past
    /// the line's end is the line's end (before its `\r\n`), one inside a character is after it.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else { return text.len() };
        let end = self.starts.get(position.line as usize + 1).map_or(text.len(), |&next| next - 1);
        let line = text[start..end].strip_suffix('\r').unwrap_or(&text[start..end]);
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }
}

/// The start of the character that byte `at` of `text` falls in.
fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        let text = "a♠é😀b\nxy";
        let index = LineIndex::new(text);
        // a (1 byte, 1 unit), ♠ (3, 1), é (2, 1), 😀 (4, 2), b.
        let b = text.find('b').expect("b");
        assert_eq!(index.position(text, b), Position { line: 0, character: 5 });
        assert_eq!(index.offset(text, Position { line: 0, character: 5 }), b);
        let y = text.find('y').expect("y");
        assert_eq!(index.position(text, y), Position { line: 1, character: 1 });
        assert_eq!(index.offset(text, Position { line: 9, character: 0 }), text.len());
        assert_eq!(index.offset(text, Position { line: 0, character: 99 }), text.find('\n').expect("eol"));
    }
}
