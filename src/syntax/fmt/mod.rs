//! `cardlang fmt`: prints a file back from its syntax tree in one canonical layout, keeping its
//! comments.
//!
//! The layout: 4 spaces of indentation, `{` at the end of the line that opens a block, one
//! declaration or statement per line, spaces around binary operators, parentheses only where the
//! grammar needs them (and around an `if` inside another `if`'s condition or `then` part), at
//! most one empty line where the source has one or more between declarations or statements, and
//! lines of at most 120 columns where a rule allows a break (see `decls.rs` and `stmts.rs`, and
//! `Printer::write_wrapped` for a long line of code).
//!
//! Comments are not in the tree: they are found in the text (`comments.rs`) and each is written
//! before the next node that starts after it, at that node's indentation; a comment after code on
//! its line stays at the end of that line. A comment inside an expression that is printed on one
//! line moves to the end of that line (or under it).

pub mod comments;
mod decls;
mod exprs;
mod stmts;
mod verify;

use super::ast::File;
use super::SyntaxError;
use comments::{blank_before, tight_end, Comment};
pub use verify::{tree_without_spans, verify};

/// The widest a line may get where the layout has a place to break it.
const WIDTH: usize = 120;

/// One expression in the canonical layout, on one line (for messages that quote the rules).
pub fn expression(e: &crate::syntax::ast::Expr) -> String {
    exprs::expr(e)
}

/// Formats a whole `.cardgame` source text, or gives its syntax error.
pub fn format(source: &str) -> Result<String, SyntaxError> {
    // A byte-order mark is read as spaces (and so left out of the formatted text).
    let source = &*super::without_bom(source);
    let mut pairs = super::pairs_of(source).map_err(|e| super::syntax_error(source, e))?;
    let Some(pair) = pairs.next() else {
        // The `file` rule always yields one pair; an empty answer leaves the text as it is.
        return Ok(source.to_string());
    };
    let quoted = comments::quoted_spans(pair.clone());
    let file = super::parse::lower_file(pair)?;
    let comments = comments::collect(source, &quoted);
    let mut p = Printer { src: source, out: String::new(), comments, next: 0, line_has_comment: false };
    p.file(&file);
    Ok(p.out)
}

/// The comments of a source text, in order, or its syntax error.
pub fn comments(source: &str) -> Result<Vec<Comment>, SyntaxError> {
    let source = &*super::without_bom(source);
    let mut pairs = super::pairs_of(source).map_err(|e| super::syntax_error(source, e))?;
    let quoted = pairs.next().map(comments::quoted_spans).unwrap_or_default();
    Ok(comments::collect(source, &quoted))
}

/// Where a line of code may be broken: the byte offset of the space before ` or `, ` and `,
/// ` else `, ` where ` and ` + `, outside brackets and texts (and the `{...}` holes in them),
/// after the first word.
fn break_points(line: &str) -> Vec<usize> {
    const WORDS: [&str; 5] = [" or ", " and ", " else ", " where ", " + "];
    let mut out = Vec::new();
    // What each open `"` or `{` is: a text, or code (a hole in a text, or a set or block).
    let mut open: Vec<bool> = Vec::new();
    let in_text = |open: &Vec<bool>| open.last() == Some(&true);
    let mut escaped = false;
    let mut parens = 0usize;
    for (i, c) in line.char_indices() {
        if in_text(&open) {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => {
                    open.pop();
                }
                '{' => open.push(false),
                _ => {}
            }
            continue;
        }
        match c {
            '"' => open.push(true),
            '{' => open.push(false),
            '}' => {
                open.pop();
            }
            '(' => parens += 1,
            ')' => parens = parens.saturating_sub(1),
            ' ' if open.is_empty() && parens == 0 && i > 0 && WORDS.iter().any(|w| line[i..].starts_with(w)) => {
                out.push(i)
            }
            _ => {}
        }
    }
    out
}

/// Whether an empty line may come before the next thing printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gap {
    /// Where the source has one (between declarations or statements).
    Keep,
    /// Not before the first thing (just after a `{`), but after a comment there.
    First,
    /// Always one (after the `extends` header).
    Force,
    /// Never (inside a declaration or statement broken over lines).
    Never,
}

/// The output being built, and the comments not yet written.
struct Printer<'a> {
    src: &'a str,
    out: String,
    comments: Vec<Comment>,
    /// The first comment not yet written.
    next: usize,
    /// Whether the current line already ends in a comment.
    line_has_comment: bool,
}

impl Printer<'_> {
    /// The file: its header, its declarations, and the comments after them.
    fn file(&mut self, file: &File) {
        let mut gap = Gap::First;
        if let Some(base) = &file.base {
            self.start_line(base.span.start, 0, gap);
            self.write(&format!("extends {}", exprs::quoted(&base.path)));
            gap = Gap::Force;
        }
        for item in &file.items {
            self.start_line(item.span().start, 0, gap);
            self.item(item, 0);
            gap = Gap::Keep;
        }
        self.break_line(usize::MAX, 0, gap);
    }

    fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Writes `text`, one line of code made from the syntax tree (no comment in it), after what
    /// the current line holds; where the line would pass the width, it goes on at `level + 1`
    /// from a word that may start a line ([`break_points`]): the last that leaves the line within
    /// the width, else the first. A text with no such word stays whole.
    fn write_wrapped(&mut self, text: &str, level: usize) {
        let mut rest = text;
        loop {
            let room = WIDTH.saturating_sub(self.column());
            if rest.chars().count() <= room {
                self.write(rest);
                return;
            }
            let cuts = break_points(rest);
            let cut = cuts.iter().rev().find(|&&c| rest[..c].chars().count() <= room).or(cuts.first());
            let Some(&cut) = cut else {
                self.write(rest);
                return;
            };
            self.write(&rest[..cut]);
            self.out.push('\n');
            self.indent(level + 1);
            rest = &rest[cut + 1..];
        }
    }

    fn indent(&mut self, level: usize) {
        for _ in 0..level {
            self.out.push_str("    ");
        }
    }

    /// The current line, from its start.
    fn line(&self) -> &str {
        self.out.rfind('\n').map_or(&self.out[..], |i| &self.out[i + 1..])
    }

    /// The column the next character would be written at, counted in characters.
    fn column(&self) -> usize {
        self.line().chars().count()
    }

    /// Ends the current line, unless nothing is written on it.
    fn newline(&mut self) {
        let trimmed = self.out.trim_end_matches(' ').len();
        self.out.truncate(trimmed);
        if !self.line().is_empty() {
            self.out.push('\n');
        }
        self.line_has_comment = false;
    }

    /// The next comment not yet written, when it starts before byte `pos`.
    fn comment_before(&self, pos: usize) -> Option<&Comment> {
        self.comments.get(self.next).filter(|c| c.start < pos)
    }

    /// Whether a comment not yet written starts before the last token of a node whose span ends
    /// at `end`.
    fn comment_within(&self, end: usize) -> bool {
        self.comment_before(tight_end(self.src, &self.comments, end)).is_some()
    }

    /// The position of the closing `}` of a node whose span ends with it.
    fn closing_brace(&self, end: usize) -> usize {
        tight_end(self.src, &self.comments, end).saturating_sub(1)
    }

    /// The position of the `}` that an `else` starting at byte `pos` follows (`} else {`), or of
    /// the `}` a node ending at `pos` ends with.
    fn closing_brace_before(&self, pos: usize) -> usize {
        let text = self.src[..pos.min(self.src.len())].trim_end();
        let text = text.strip_suffix("else").unwrap_or(text).trim_end();
        self.closing_brace(text.len())
    }

    /// Ends the current line before a node at byte `pos` of the source, to be written at `level`:
    /// a comment after code on the current line's last source line stays at its end; the other
    /// comments before `pos` come on lines of their own. Returns whether an empty line goes
    /// before the node.
    fn break_line(&mut self, pos: usize, level: usize, gap: Gap) -> bool {
        if let Some(c) = self.comment_before(pos) {
            if c.trailing && !self.line().trim().is_empty() && !self.line_has_comment {
                let text = format!(" {}", c.text);
                self.write(&text);
                self.next += 1;
                self.line_has_comment = true;
            }
        }
        self.newline();
        let mut force = gap == Gap::Force;
        let mut keep = gap == Gap::Keep && !self.out.is_empty();
        while let Some(c) = self.comment_before(pos) {
            let (text, blank) = (c.text.clone(), c.blank_before);
            if force || (keep && blank) {
                self.out.push('\n');
            }
            self.indent(level);
            self.write(&text);
            self.next += 1;
            self.out.push('\n');
            force = false;
            keep = gap != Gap::Never;
        }
        force || (keep && pos < self.src.len() && blank_before(self.src, pos))
    }

    /// Starts the line of a node at byte `pos`: comments before it, an empty line if the source
    /// has one, and the indentation.
    fn start_line(&mut self, pos: usize, level: usize, gap: Gap) {
        if self.break_line(pos, level, gap) {
            self.out.push('\n');
        }
        self.indent(level);
    }

    /// Writes the `}` at byte `close` of a list of lines at `level + 1` (the comments before it
    /// come at the inner level); `empty` when the list had nothing in it.
    fn close(&mut self, close: usize, level: usize, empty: bool) {
        self.break_line(close, level + 1, if empty { Gap::First } else { Gap::Keep });
        self.indent(level);
        self.write("}");
    }

    /// Writes `parts` after what the current line holds, separated by spaces, going on to a line
    /// of its own at `level + 1` when a part would pass the width, or when comments come first
    /// (`parts` pairs each text with where its node starts).
    fn fill(&mut self, parts: &[(usize, String)], level: usize) {
        for (i, (pos, text)) in parts.iter().enumerate() {
            let too_wide = i > 0 && self.column() + 1 + text.chars().count() > WIDTH;
            if too_wide || self.comment_before(*pos).is_some() {
                self.start_line(*pos, level + 1, Gap::Never);
            } else {
                self.write(" ");
            }
            self.write(text);
        }
    }
}
