//! The comments of a source text: `//` to the end of the line, outside quoted texts. The
//! grammar skips them (`COMMENT` is a silent rule), so the formatter finds them here, by byte
//! offset, and puts each back next to the node that follows it.

use pest::iterators::Pair;

use super::super::Rule;

/// One comment, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// The byte offset of its `//`.
    pub start: usize,
    /// One past its last byte that is not white space.
    pub end: usize,
    /// Its text, from `//`, without white space at the end.
    pub text: String,
    /// Whether code comes before it on its line (`move c to pile // why`).
    pub trailing: bool,
    /// Whether an empty line comes before it.
    pub blank_before: bool,
}

/// The byte ranges of quoted text in a parsed file: the inside of every string, and every piece
/// of text of a template (not its `{holes}`, where comments may stand like anywhere else).
pub(crate) fn quoted_spans(file: Pair<'_, Rule>) -> Vec<(usize, usize)> {
    let mut spans: Vec<(usize, usize)> = file
        .into_inner()
        .flatten()
        .filter(|p| matches!(p.as_rule(), Rule::string_inner | Rule::template_text))
        .map(|p| (p.as_span().start(), p.as_span().end()))
        .collect();
    spans.sort_unstable();
    spans
}

/// Every comment of `source`, in order; `quoted` are the byte ranges of quoted text, sorted.
pub(crate) fn collect(source: &str, quoted: &[(usize, usize)]) -> Vec<Comment> {
    let bytes = source.as_bytes();
    let mut comments = Vec::new();
    let mut quoted = quoted.iter().peekable();
    let mut i = 0;
    while i + 1 < bytes.len() {
        while quoted.peek().is_some_and(|(_, end)| *end <= i) {
            quoted.next();
        }
        if let Some((start, end)) = quoted.peek() {
            if *start <= i {
                i = *end;
                continue;
            }
        }
        if bytes[i] == b'/' && bytes[i + 1] == b'/' {
            // Outside quoted text, `//` can only start a comment: no other token contains it.
            let line_end = source[i..].find('\n').map_or(source.len(), |n| i + n);
            let text = source[i..line_end].trim_end();
            let line_start = source[..i].rfind('\n').map_or(0, |n| n + 1);
            comments.push(Comment {
                start: i,
                end: i + text.len(),
                text: text.to_string(),
                trailing: !source[line_start..i].trim().is_empty(),
                blank_before: blank_before(source, i),
            });
            i = line_end;
        } else {
            i += 1;
        }
    }
    comments
}

/// Whether an empty line comes just before byte `pos` (white space with two line breaks).
pub(crate) fn blank_before(source: &str, pos: usize) -> bool {
    let before = source.as_bytes().get(..pos).unwrap_or(source.as_bytes());
    let mut newlines = 0;
    for b in before.iter().rev() {
        match b {
            b'\n' => newlines += 1,
            b' ' | b'\t' | b'\r' => {}
            _ => return newlines >= 2,
        }
    }
    false
}

/// The end of a node whose span may run on over white space and comments after it (pest spans of
/// rules that end in an optional part do): back over both, to just after its last token.
pub(crate) fn tight_end(source: &str, comments: &[Comment], end: usize) -> usize {
    let bytes = source.as_bytes();
    let mut pos = end.min(bytes.len());
    loop {
        while pos > 0 && matches!(bytes[pos - 1], b' ' | b'\t' | b'\r' | b'\n') {
            pos -= 1;
        }
        match comments.binary_search_by_key(&pos, |c| c.end) {
            Ok(i) if comments[i].start < pos => pos = comments[i].start,
            _ => return pos,
        }
    }
}
