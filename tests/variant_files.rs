//! Variants in files of their own: a file that starts with `extends "game.cardgame"` and holds
//! variants. Each wrong file in tests/variant_files/ gets diagnostics that point into the file at
//! fault (the variant file, or the game it extends); the variant files in games/variants/ check,
//! lint clean and play.

use crate::common::says;
use cardlang::check::Config;
use cardlang::load;
use cardlang::load::LintReport;

/// A file linted by the library and rendered as the command line renders it.
fn lint_file(path: &str) -> LintReport {
    LintReport::of(&load::lint_file(path))
}

/// The source, the rendered diagnostics and their JSON, for one fixture.
fn diagnose(path: &std::path::Path) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let relative = path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/");
    let report = lint_file(&relative);
    assert!(report.errors > 0, "{relative} has a mistake to report");
    assert!(report.rendered.contains("help:"), "every diagnostic has a help line:\n{}", report.rendered);
    let text = std::fs::read_to_string(path).expect("readable");
    let json: Vec<String> = report.json.iter().map(|j| j.to_string()).collect();
    format!("----- SOURCE CODE\n{text}\n----- LINT\n{}\n----- JSON\n{}\n", report.rendered, json.join("\n"))
}

#[test]
fn wrong_variant_files_get_diagnostics_in_the_file_at_fault() {
    insta::glob!("variant_files/*.cardgame", |path| {
        insta::assert_snapshot!(diagnose(path));
    });
}

#[test]
fn an_error_in_the_game_points_into_the_game() {
    let report = lint_file("tests/variant_files/broken_game.cardgame");
    assert_eq!(report.errors, 1, "{}", report.rendered);
    assert_eq!(report.json[0]["file"], "tests/variant_files/bases/broken.cardgame");
    assert_eq!(report.json[0]["line"], 7);
    assert!(report.rendered.contains("╭─[tests/variant_files/bases/broken.cardgame:7:13]"), "{}", report.rendered);
}

#[test]
fn an_error_in_the_variant_points_into_the_variant_file() {
    let report = lint_file("tests/variant_files/override_unknown.cardgame");
    assert_eq!(report.errors, 3, "{}", report.rendered);
    for j in &report.json {
        assert_eq!(j["file"], "tests/variant_files/override_unknown.cardgame", "{j}");
    }
    let lines: Vec<i64> = report.json.iter().filter_map(|j| j["line"].as_i64()).collect();
    assert_eq!(lines, [5, 7, 6]);
}

#[test]
fn a_duplicate_variant_shows_both_files() {
    let report = lint_file("tests/variant_files/duplicate_variant.cardgame");
    assert!(report.rendered.contains("╭─[tests/variant_files/duplicate_variant.cardgame:4:9]"), "{}", report.rendered);
    assert!(report.rendered.contains("╭─[games/wilcox_war.cardgame:244:9]"), "{}", report.rendered);
}

#[test]
fn the_variant_files_in_games_check_lint_clean_and_play() {
    let mut n = 0;
    for entry in std::fs::read_dir("games/variants").expect("games/variants/").flatten() {
        let path = entry.path().to_string_lossy().into_owned();
        let report = lint_file(&path);
        assert_eq!((report.errors, report.warnings), (0, 0), "{}", report.rendered);
        let loaded = load::read(&path).expect("reads");
        assert!(loaded.is_variant_file());
        assert!(!loaded.own_variants.is_empty());
        for v in &loaded.own_variants {
            let config = Config { variant: Some(v.clone()), sets: Vec::new(), seats: None };
            let game = load::load_game(&path, &config).unwrap_or_else(|e| panic!("{path} {v}: {e}"));
            assert_eq!(game.program.variant.as_deref(), Some(v.as_str()));
        }
        n += 1;
    }
    assert!(n >= 2);
}

#[test]
fn a_variant_file_changes_what_its_variant_says_and_nothing_else() {
    let game = load::load_game("games/variants/wilcox_war_four_prizes.cardgame", &Config::default())
        .expect("a file with one variant plays it");
    let base = load::load_game("games/wilcox_war.cardgame", &Config::default()).expect("the game");
    let option = |g: &cardlang::engine::Game, name: &str| {
        g.program.options.iter().find(|o| o.name == name).map(|o| (o.value, o.default)).expect("option")
    };
    let (value, default) = option(&game, "hidden_prizes");
    assert_eq!(default, option(&base, "hidden_prizes").0);
    assert_eq!(format!("{value:?}"), "Int(4)");
    assert_eq!(game.program.procedures.len(), base.program.procedures.len());
    assert_eq!(game.program.zones.len(), base.program.zones.len());
}

#[test]
fn a_file_with_several_variants_needs_one_named() {
    let Err(err) = load::load_game("games/variants/wilcox_war_short.cardgame", &Config::default()) else {
        panic!("refused without --variant")
    };
    assert!(
        says(&err.to_string(), "declares 2 variants (short, short_four_prizes): choose one with --variant"),
        "{err}"
    );
    // The game's own variants can be named too.
    let config = Config { variant: Some("single_deck".into()), sets: Vec::new(), seats: None };
    assert!(load::load_game("games/variants/wilcox_war_short.cardgame", &config).is_ok());
}

#[test]
fn base_paths_are_relative_to_the_variant_file() {
    assert_eq!(load::base_path("games/variants/x.cardgame", "../wilcox_war.cardgame"), "games/wilcox_war.cardgame");
    assert_eq!(load::base_path("x.cardgame", "./y.cardgame"), "y.cardgame");
    assert_eq!(load::base_path("a/b/x.cardgame", "../../c.cardgame"), "c.cardgame");
}
