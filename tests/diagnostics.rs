//! Every wrong file in tests/diagnostics/ gets diagnostics that point at the exact place, with a
//! code and a help line. One snapshot per file: the source, then the rendered diagnostics.

use cardlang::check;
use cardlang::cli::render::Render;
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
