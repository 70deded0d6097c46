//! The language server's answer times (issue 40): `cargo bench --bench lsp`. In process, on the
//! largest game of `games/` (by bytes): the diagnostics after an edit (parse, check the game and
//! every variant, every lint, converted to the protocol's form), the outline, and formatting.
//! The target is a median under 5 ms for the diagnostics.

use cardlang::lsp::diagnostics_of;
use lsp_types::Uri;

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
