//! Long lines cut down to an excerpt around what a diagnostic points at.
//!
//! miette's graphical handler pads each label to its column with a runtime format width, and
//! since Rust 1.87 a width above 65,535 panics; a line thousands of columns long is unreadable
//! anyway. So before a diagnostic is rendered, every line longer than [`MAX_LINE`] characters is
//! cut to [`KEEP`] characters around the first label that starts on it, with `…` where text
//! was left out, and the labels are moved to match. Lines keep their numbers.

use miette::LabeledSpan;

/// The longest line shown whole, in characters.
pub const MAX_LINE: usize = 400;
/// How many characters of a longer line are shown.
pub const KEEP: usize = 160;
/// How many of them come before the first label on the line.
const BEFORE: usize = 60;
/// What stands for the text left out.
const MARK: &str = "…";

/// A text with its long lines cut, and labels moved into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clipped {
    /// The text, every line at most `KEEP` characters and two marks long.
    pub text: String,
    /// The labels, at the same places of the cut text.
    pub labels: Vec<LabeledSpan>,
}

/// One line of the original text and where it went.
struct Line {
    /// Its first byte in the original text.
    start: usize,
    /// The byte after its text, before the line break.
    body_end: usize,
    /// Its first byte in the cut text.
    new_start: usize,
    /// For a cut line: the original byte range kept, and where it starts in the cut text.
    kept: Option<(usize, usize, usize)>,
}

/// The text with every line longer than [`MAX_LINE`] characters cut to an excerpt around the
/// first label that starts on it (or its beginning), and the labels moved to match; `None` when
/// no line is that long.
pub fn clip(text: &str, labels: &[LabeledSpan]) -> Option<Clipped> {
    let long = |l: &str| l.len() > MAX_LINE && l.chars().count() > MAX_LINE;
    if !text.split('\n').any(long) {
        return None;
    }
    let mut out = String::new();
    let mut lines = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let body_end = start + body.len();
        let new_start = out.len();
        let mut kept = None;
        if long(body) {
            let n = body.chars().count();
            let anchor = labels.iter().map(|l| l.offset()).filter(|&o| o >= start && o <= body_end).min();
            let anchor = anchor.and_then(|a| body.get(..a - start)).map_or(0, |s| s.chars().count());
            let first = anchor.saturating_sub(BEFORE).min(n - KEEP);
            let byte = |c: usize| body.char_indices().nth(c).map_or(body.len(), |(i, _)| i);
            let (a, b) = (byte(first), byte(first + KEEP));
            if a > 0 {
                out.push_str(MARK);
            }
            kept = Some((start + a, start + b, out.len()));
            out.push_str(&body[a..b]);
            if b < body.len() {
                out.push_str(MARK);
            }
            out.push_str(&line[body.len()..]);
        } else {
            out.push_str(line);
        }
        lines.push(Line { start, body_end, new_start, kept });
        start += line.len();
    }
    let total = (text.len(), out.len());
    let map = |old: usize| -> usize {
        let Some(line) = lines.iter().rev().find(|l| l.start <= old) else { return 0 };
        if old > total.0 {
            return total.1;
        }
        match line.kept {
            None => line.new_start + (old - line.start),
            Some((a, b, new_a)) => {
                let shown_end = new_a + (b - a) + if b < line.body_end { MARK.len() } else { 0 };
                if old < a {
                    new_a
                } else if old <= b {
                    new_a + (old - a)
                } else if old <= line.body_end {
                    new_a + (b - a)
                } else {
                    shown_end + (old - line.body_end)
                }
            }
        }
    };
    let labels = labels
        .iter()
        .map(|l| {
            let (s, e) = (map(l.offset()), map(l.offset() + l.len()));
            relabel(l, s, e.saturating_sub(s))
        })
        .collect();
    Some(Clipped { text: out, labels })
}

/// A label moved to another place, its text and whether it is the primary one kept.
pub fn relabel(label: &LabeledSpan, offset: usize, len: usize) -> LabeledSpan {
    let text = label.label().map(str::to_string);
    if label.primary() {
        LabeledSpan::new_primary_with_span(text, (offset, len))
    } else {
        LabeledSpan::new(text, offset, len)
    }
}

/// The line and column (from 1, in characters) of a byte offset.
pub fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_left_alone() {
        assert_eq!(clip("a\nb\n", &[LabeledSpan::at(0..1, "x")]), None);
    }

    #[test]
    fn a_long_line_is_cut_around_its_label_and_the_label_follows() {
        let long = format!("{}oops{}", "x".repeat(100_000), "y".repeat(100_000));
        let text = format!("first\n{long}\nlast\n");
        let at = 6 + 100_000;
        let c = clip(&text, &[LabeledSpan::at(at..at + 4, "here")]).expect("clipped");
        let lines: Vec<&str> = c.text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "first");
        assert_eq!(lines[2], "last");
        assert!(lines[1].starts_with('…') && lines[1].ends_with('…'));
        assert_eq!(lines[1].chars().count(), KEEP + 2);
        let l = &c.labels[0];
        assert_eq!(&c.text[l.offset()..l.offset() + l.len()], "oops");
    }

    #[test]
    fn labels_after_a_cut_line_keep_their_text() {
        let text = format!("{}\nsecond line\n", "é".repeat(1000));
        let at = text.find("second").expect("there");
        let c = clip(&text, &[LabeledSpan::at(at..at + 6, "here")]).expect("clipped");
        let l = &c.labels[0];
        assert_eq!(&c.text[l.offset()..l.offset() + l.len()], "second");
        assert_eq!(line_and_column(&text, at), (2, 1));
    }
}
