//! The formatter's self-check: formatted text must say what the original says (the same
//! syntax tree, spans apart, and every comment in order). `cardlang fmt` writes nothing that
//! fails it; the fuzzer and the tests run it on every text they format.

use crate::syntax;

/// Checks that `formatted` says what `original` says: it parses to the same syntax tree (spans
/// apart) and keeps every comment, in order. Otherwise, what would change.
pub fn verify(original: &str, formatted: &str) -> Result<(), &'static str> {
    let (Ok(before), Ok(after)) = (syntax::parse(original), syntax::parse(formatted)) else {
        return Err("it into text that does not parse");
    };
    if tree_without_spans(&before) != tree_without_spans(&after) {
        return Err("its rules (the formatted text reads differently)");
    }
    let texts = |s: &str| super::comments(s).map(|cs| cs.into_iter().map(|c| c.text).collect::<Vec<_>>());
    if texts(original).ok() != texts(formatted).ok() {
        return Err("its comments");
    }
    Ok(())
}

/// A syntax tree written out without its spans, to compare two trees by what they say.
pub fn tree_without_spans(file: &syntax::File) -> String {
    let debug = format!("{file:?}");
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug.as_str();
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        out.push_str("Span");
        let after = &rest[i..];
        let close = after.find('}').map_or(after.len(), |c| c + 1);
        rest = &after[close..];
    }
    out.push_str(rest);
    out
}
