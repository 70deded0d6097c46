//! The language server's answer times (issue 40): `cargo bench --bench lsp`. In process, on the
//! largest game of `games/` (by bytes): the diagnostics after an edit (parse, check the game and
//! every variant, every lint, converted to the protocol's form), the outline, formatting, and
//! hover and completion through the server's handlers (with the document's index kept, and
//! right after an edit, when the index is built again). The targets are a median under 5 ms
//! for the diagnostics, under 2 ms for hover and completion.

use std::cell::RefCell;

use cardlang::lsp::{diagnostics_of, Handler, Links};
use lsp_types::Uri;
use serde_json::{json, Value};

fn main() {
    divan::main();
}

/// The largest game file, and its URI.
fn largest() -> (Uri, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/games");
    let mut games: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .expect("games/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cardgame"))
        .collect();
    games.sort_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0));
    let path = games.pop().expect("a game");
    let text = std::fs::read_to_string(&path).expect("readable");
    (format!("file://{}", path.display()).parse().expect("a URI"), text)
}

/// An edit: a word typed into the comment at the top, a new text each time.
#[divan::bench]
fn diagnostics_after_an_edit(bencher: divan::Bencher) {
    let (uri, text) = largest();
    let n = std::sync::atomic::AtomicU64::new(0);
    bencher
        .with_inputs(|| {
            let k = n.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            format!("// edit {k}\n{text}")
        })
        .bench_refs(|edited| diagnostics_of(&uri, edited));
}

/// A keystroke, as an editor sends it: the server has the document open, and a change brings
/// the whole new text (a comment line two thirds of the way down, its number one higher each
/// time); timed, the change handled: the text parsed (from the last version, where the server
/// keeps it), checked and linted, the diagnostics published.
#[divan::bench]
fn diagnostics_after_a_keystroke(bencher: divan::Bencher) {
    let (mut handler, uri, text, _) = opened();
    let at = text[..text.len() * 2 / 3].rfind('\n').map_or(0, |i| i + 1);
    let mut k = 0;
    bencher
        .with_inputs(|| {
            k += 1;
            json!({
                "textDocument": { "uri": uri.as_str(), "version": k },
                "contentChanges": [{ "text": format!("{}// edit {k}\n{}", &text[..at], &text[at..]) }],
            })
        })
        .bench_local_values(|change| handler.notify("textDocument/didChange", change).len());
}

/// Formatting the whole document, as `cardlang fmt` does.
#[divan::bench]
fn formatting(bencher: divan::Bencher) {
    let (_, text) = largest();
    bencher.bench(|| cardlang::syntax::format(divan::black_box(&text)));
}

/// The parts of the diagnostics: parsing alone.
#[divan::bench]
fn part_parse(bencher: divan::Bencher) {
    let (_, text) = largest();
    bencher.bench(|| cardlang::syntax::parse(divan::black_box(&text)).is_ok());
}

/// The parts of the diagnostics: checking the game and each of its variants.
#[divan::bench]
fn part_check_every_variant(bencher: divan::Bencher) {
    let (_, text) = largest();
    let file = cardlang::syntax::parse(&text).expect("parses");
    let mut variants = vec![None];
    variants.extend(cardlang::check::variants::variant_decls(&file).iter().map(|v| Some(v.name.text.clone())));
    bencher.bench(|| cardlang::check::check_variants(divan::black_box(&file), &variants, Vec::new()).len());
}

/// The parts of the diagnostics: every lint.
#[divan::bench]
fn part_lints(bencher: divan::Bencher) {
    let (_, text) = largest();
    let file = cardlang::syntax::parse(&text).expect("parses");
    bencher.bench(|| cardlang::check::lints::lint(divan::black_box(&file)).len());
}

/// A server with the largest game open, and a place in it to ask about: the start of the first
/// name two thirds of the way down the file (a name inside the rules' bodies).
fn opened() -> (Handler, Uri, String, Value) {
    let (uri, text) = largest();
    let mut handler = Handler::new(Links::default());
    let doc = json!({ "uri": uri.as_str(), "languageId": "cardgame", "version": 0, "text": text });
    handler.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    let from = text.len() * 2 / 3;
    let start = text[from..]
        .char_indices()
        .zip(text[from..].chars().skip(1))
        .find(|((_, c), next)| !c.is_alphanumeric() && next.is_alphabetic())
        .map_or(from, |((i, c), _)| from + i + c.len_utf8());
    let line = text[..start].matches('\n').count();
    let column = start - text[..start].rfind('\n').map_or(0, |i| i + 1);
    let at = json!({ "textDocument": { "uri": uri.as_str() }, "position": { "line": line, "character": column + 1 } });
    (handler, uri, text, at)
}

/// Asks `method` at the place, with the document's index built already.
fn ask_kept(bencher: divan::Bencher, method: &str) {
    let (mut handler, _, _, at) = opened();
    let _ = handler.request(method, at.clone());
    bencher.bench_local(|| handler.request(method, divan::black_box(at.clone())).is_ok());
}

/// Asks `method` at the place right after an edit (untimed): the index is built again first.
fn ask_after_edit(bencher: divan::Bencher, method: &str) {
    let (handler, uri, text, at) = opened();
    let handler = RefCell::new(handler);
    let mut k = 0;
    bencher
        .with_inputs(|| {
            k += 1;
            let change = json!({
                "textDocument": { "uri": uri.as_str(), "version": k },
                "contentChanges": [{ "text": format!("{text}\n// edit {k}\n") }],
            });
            handler.borrow_mut().notify("textDocument/didChange", change);
        })
        .bench_local_values(|()| handler.borrow_mut().request(method, divan::black_box(at.clone())).is_ok());
}

/// Hover, the document's index kept from an earlier request.
#[divan::bench]
fn hover(bencher: divan::Bencher) {
    ask_kept(bencher, "textDocument/hover");
}

/// Completion, the document's index kept from an earlier request.
#[divan::bench]
fn completion(bencher: divan::Bencher) {
    ask_kept(bencher, "textDocument/completion");
}

/// Hover as the first request after an edit: the index is built for it.
#[divan::bench(sample_size = 1, sample_count = 100)]
fn hover_after_an_edit(bencher: divan::Bencher) {
    ask_after_edit(bencher, "textDocument/hover");
}

/// Completion as the first request after an edit: the index is built for it.
#[divan::bench(sample_size = 1, sample_count = 100)]
fn completion_after_an_edit(bencher: divan::Bencher) {
    ask_after_edit(bencher, "textDocument/completion");
}

/// The check and the lints as the diagnostics run them: each variant checked once, its program
/// handed to the lints.
#[divan::bench]
fn part_check_and_lints_shared(bencher: divan::Bencher) {
    let (_, text) = largest();
    let file = cardlang::syntax::parse(&text).expect("parses");
    let mut variants = vec![None];
    variants.extend(cardlang::check::variants::variant_decls(&file).iter().map(|v| Some(v.name.text.clone())));
    bencher.bench(|| {
        let checked = variants
            .iter()
            .map(|v| cardlang::check::lints::Checked {
                variant: v.clone(),
                program: cardlang::check::check(
                    &file,
                    &cardlang::check::Config { variant: v.clone(), ..Default::default() },
                )
                .ok(),
            })
            .collect();
        cardlang::check::lints::lint_checked(divan::black_box(&file), checked).len()
    });
}

/// The same work as before the programs were shared: checked for the errors, then again by
/// the lints.
#[divan::bench]
fn part_check_and_lints_unshared(bencher: divan::Bencher) {
    let (_, text) = largest();
    let file = cardlang::syntax::parse(&text).expect("parses");
    bencher.bench(|| {
        cardlang::check::check_all(&file).len() + cardlang::check::lints::lint(divan::black_box(&file)).len()
    });
}
