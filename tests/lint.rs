//! One file per lint in tests/lint/, named after the lint: each gets that lint's warnings (and
//! nothing else), rendered and as JSON. One snapshot per file: the source, the rendering, the JSON.

use cardlang::check::lints::LINTS;
use cardlang::cli::load::lint_file;

fn lint(path: &std::path::Path) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let relative = path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/");
    let lint = path.file_stem().and_then(|s| s.to_str()).expect("a fixture name");
    assert!(LINTS.iter().any(|l| l.name == lint), "{lint} names a lint");
    let report = lint_file(&format!("{root}/{relative}"));
    assert_eq!(report.errors, 0, "a lint fixture checks cleanly:\n{}", report.rendered);
    assert!(report.warnings > 0, "{relative} triggers its lint");
    for j in &report.json {
        assert_eq!(j["code"], format!("cardlang::lint::{lint}"), "{relative} triggers only its own lint");
        assert!(j["help"].is_string() && j["line"].is_number() && j["end"].is_number(), "{j}");
    }
    let text = std::fs::read_to_string(path).expect("readable");
    let json: Vec<String> = report.json.iter().map(|j| j.to_string().replace(root, "")).collect();
    format!(
        "----- SOURCE CODE\n{text}\n----- LINT\n{}\n----- JSON\n{}\n",
        report.rendered.replace(root, "").replace("╭─[/", "╭─["),
        json.join("\n")
    )
}

#[test]
fn each_lint_has_a_fixture_that_triggers_it() {
    insta::glob!("lint/*.cardgame", |path| {
        insta::assert_snapshot!(lint(path));
    });
    for l in LINTS {
        let fixture = format!("{}/tests/lint/{}.cardgame", env!("CARGO_MANIFEST_DIR"), l.name);
        assert!(std::path::Path::new(&fixture).exists(), "lint {} has no fixture", l.name);
    }
}

#[test]
fn every_game_lints_clean() {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for entry in std::fs::read_dir(dir).expect("games/").flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) == Some("cardgame") {
            let report = lint_file(&path.to_string_lossy());
            assert_eq!((report.errors, report.warnings), (0, 0), "{}", report.rendered);
            n += 1;
        }
    }
    assert!(n >= 4);
}
