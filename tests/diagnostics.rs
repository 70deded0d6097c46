//! Every wrong file in tests/diagnostics/ gets diagnostics that point at the exact place, with a
//! code and a help line. One snapshot per file: the source, then the rendered diagnostics.
//! Each mistake the checker explains in its own words has a fixture of its own in
//! tests/fixtures/mistakes/, named after its code.

use cardlang::check;
use cardlang::check::Mistake;
use cardlang::load::Render;
use cardlang::load::{Source, Sources};

fn diagnose(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).expect("fixture is readable");
    let name = path.file_name().and_then(|f| f.to_str()).unwrap_or("fixture").to_string();
    let sources = Sources::single(Source::new(name, text.clone()));
    let rendered = match cardlang::syntax::parse(&text) {
        Err(e) => sources.render(&e),
        Ok(file) => {
            let errors = check::check_all(&file);
            assert!(!errors.is_empty(), "{} should have problems", path.display());
            sources.render_all(&errors)
        }
    };
    assert!(rendered.contains("help:"), "every diagnostic has a help line:\n{rendered}");
    assert!(rendered.contains("cardlang::"), "every diagnostic has a code:\n{rendered}");
    format!("----- SOURCE CODE\n{text}\n----- ERROR\n{rendered}")
}

#[test]
fn wrong_files_get_diagnostics() {
    insta::glob!("diagnostics/*.cardgame", |path| {
        insta::assert_snapshot!(diagnose(path));
    });
}

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The errors `lint` finds in a fixture, rendered as the command line shows them, and their
/// codes in order.
fn errors_of(relative: &str) -> (String, Vec<String>) {
    let lint = cardlang::load::lint_file(&format!("{ROOT}/{relative}"));
    let errors: Vec<_> = lint.found.iter().filter(|f| f.is_error).collect();
    let rendered: String = errors.iter().map(|f| lint.sources.render(f.diagnostic.as_ref())).collect();
    let codes = errors.iter().map(|f| f.diagnostic.code().map(|c| c.to_string()).unwrap_or_default()).collect();
    (rendered.replace(ROOT, "").replace("╭─[/", "╭─["), codes)
}

/// Each mistake the checker explains in its own words has its own code, a heading of its own in
/// docs/lints.md (the language server links there), and a fixture
/// `tests/fixtures/mistakes/<name>.cardgame` whose errors all carry that code, and no other.
#[test]
fn each_mistake_has_its_code_its_page_and_a_fixture() {
    let docs = std::fs::read_to_string(format!("{ROOT}/docs/lints.md")).expect("docs/lints.md");
    let mut wrong = Vec::new();
    if docs.contains("cardlang::check::invalid") {
        wrong.push("the catch-all code `cardlang::check::invalid` is still in docs/lints.md".to_string());
    }
    for m in Mistake::ALL {
        let heading = format!("\n### `{}`\n", m.code());
        if !docs.contains(&heading) {
            wrong.push(format!("docs/lints.md has no heading {heading:?}"));
        }
        let anchor = format!("(#{})", m.code().replace("::", ""));
        if !docs.contains(&anchor) {
            wrong.push(format!("the table of codes in docs/lints.md does not link {anchor}"));
        }
        let relative = format!("tests/fixtures/mistakes/{}.cardgame", m.name());
        let (rendered, codes) = errors_of(&relative);
        if codes.is_empty() || codes.iter().any(|c| c != m.code()) {
            wrong.push(format!("{relative} gets {codes:?}, not only {}:\n{rendered}", m.code()));
            continue;
        }
        let text = std::fs::read_to_string(format!("{ROOT}/{relative}")).expect("readable");
        insta::assert_snapshot!(
            format!("mistake_{}", m.name()),
            format!("----- SOURCE CODE\n{text}\n----- ERROR\n{rendered}")
        );
    }
    // Every fixture in the folder is a mistake's.
    for entry in std::fs::read_dir(format!("{ROOT}/tests/fixtures/mistakes")).expect("the folder").flatten() {
        let path = entry.path();
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if !Mistake::ALL.iter().any(|m| m.name() == stem) {
            wrong.push(format!("{} names no mistake", path.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
