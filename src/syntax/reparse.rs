//! Parses again only what an edit touched: the declarations around the changed bytes are
//! parsed from the new text, those before kept as they are, those after kept and moved by the
//! length the edit added or took away. The result is the tree a whole parse of the new text
//! gives, or `None` when that cannot be shown cheaply (the caller then parses the whole text).

use super::ast::{File, Item};
use super::shift::{shift_item, Shift};

/// The syntax tree of `new_text`, from `old_tree` (the tree of `old_text`, parsed at offset 0)
/// and a parse of the declarations the change touched; `None` when the change is not one that
/// can be parsed alone: it touches the `extends` line, the slice does not parse, a text begins
/// with a byte-order mark, or the new declarations would not be read the same in the whole text.
pub fn reparse(old_text: &str, old_tree: &File, new_text: &str) -> Option<File> {
    if old_text.starts_with('\u{feff}') || new_text.starts_with('\u{feff}') {
        return None;
    }
    if old_text == new_text {
        return Some(old_tree.clone());
    }
    let (old, new) = (old_text.as_bytes(), new_text.as_bytes());
    let mut prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    while !old_text.is_char_boundary(prefix) || !new_text.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let room = old.len().min(new.len()) - prefix;
    let mut suffix = old.iter().rev().zip(new.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
    while !old_text.is_char_boundary(old.len() - suffix) || !new_text.is_char_boundary(new.len() - suffix) {
        suffix -= 1;
    }
    // The changed bytes: `prefix..old_end` of the old text became `prefix..new_end`.
    let old_end = old.len() - suffix;
    let delta = new.len() as isize - old.len() as isize;
    let start_limit = match &old_tree.base {
        // A change to `extends "..."` or just after it: the whole text is parsed again.
        Some(base) if prefix <= base.span.end => return None,
        Some(base) => base.span.end,
        None => 0,
    };
    // The declarations the change touches, an edge counting as touching (a name typed on at
    // the end of a declaration may join it): `first..last` of the old items.
    let items = &old_tree.items;
    let first = items.partition_point(|it| it.span().end < prefix);
    let last = items.partition_point(|it| it.span().start <= old_end);
    // Parse from the end of the declaration before them to the start of the one after them.
    let slice_start = if first == 0 { start_limit } else { items[first - 1].span().end };
    let old_slice_end = items.get(last).map_or(old.len(), |it| it.span().start);
    if old_slice_end < old_end || slice_start > prefix {
        return None;
    }
    let new_slice_end = old_slice_end.checked_add_signed(delta)?;
    let slice = new_text.get(slice_start..new_slice_end)?;
    let mut middle = super::parse(slice).ok()?;
    if middle.base.is_some() {
        return None;
    }
    // A declaration's span takes in the spaces and comments after it when it looked for more
    // of itself there; where the slice meets a neighbour with neither spaces nor such a span
    // between them (`}game`), the whole text could read one on into the other: not trusted.
    let blank = |c: char| c.is_whitespace();
    if slice_start > start_limit && !slice.starts_with(blank) && !new_text[..slice_start].ends_with(blank) {
        return None;
    }
    if last < items.len() && !slice.ends_with(blank) && !new_text[new_slice_end..].starts_with(blank) {
        return None;
    }
    let mut out = Vec::with_capacity(first + middle.items.len() + items.len() - last);
    out.extend(items[..first].iter().cloned());
    for mut item in middle.items.drain(..) {
        shift_item(&mut item, Shift { at: 0, by: slice_start as isize });
        out.push(item);
    }
    out.extend(items[last..].iter().map(|it| {
        let mut it: Item = it.clone();
        shift_item(&mut it, Shift { at: old_end, by: delta });
        it
    }));
    Some(File { base: old_tree.base.clone(), items: out })
}
