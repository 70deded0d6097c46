//! Doc comments: the `//` lines right above a declaration, read from the source text (the
//! syntax tree keeps no comments).

use super::Index;

/// Gives each declaration of the file (not the locals, not the base game's) the `//` lines
/// right above its line, without the slashes, when there are any.
pub(super) fn fill(index: &mut Index, source: &str) {
    for d in index.decls.iter_mut().filter(|d| !d.in_base && !d.kind.is_local()) {
        d.doc = above(source, d.full_span.start);
    }
}

/// The comment lines right above the line holding `offset`.
fn above(source: &str, offset: usize) -> Option<String> {
    let before = source.get(..offset)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // Only a declaration that starts its line has the comment above as its own.
    if !before[line_start..].trim().is_empty() {
        return None;
    }
    let mut lines: Vec<&str> = Vec::new();
    for line in before[..line_start].lines().rev() {
        match line.trim().strip_prefix("//") {
            Some(text) => lines.push(text.strip_prefix(' ').unwrap_or(text)),
            None => break,
        }
    }
    if lines.is_empty() {
        return None;
    }
    lines.reverse();
    Some(lines.join("\n"))
}
