//! The catalogue of docs/lints.md as fixtures, one small game per entry:
//!
//! - `tests/lint/<lint>.cardgame`: each lint has a file that gets that lint's warnings and
//!   nothing else;
//! - `tests/lint/clean/<lint>.cardgame`: what a lint accepts; such a file lints clean;
//! - `tests/lint/check/<code>.cardgame` (or `<code>.<case>.cardgame`): each checker error the
//!   catalogue lists among the mistakes `lint` finds (a misspelled name, a wrong type, ...) gets
//!   its code `cardlang::check::<code>`, and no other error.
//!
//! One snapshot per failing file: the source, the rendering, the JSON.

use cardlang::check::lints::LINTS;
use cardlang::load::LintReport;

/// A file linted by the library and rendered as the command line renders it.
fn lint_file(path: &str) -> LintReport {
    LintReport::of(&cardlang::load::lint_file(path))
}

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn relative(path: &std::path::Path) -> String {
    path.strip_prefix(ROOT).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

/// The snapshot of one fixture: its source, the rendered problems and their JSON.
fn snapshot(path: &std::path::Path, report: &LintReport) -> String {
    let text = std::fs::read_to_string(path).expect("readable");
    let json: Vec<String> = report.json.iter().map(|j| j.to_string().replace(ROOT, "")).collect();
    format!(
        "----- SOURCE CODE\n{text}\n----- LINT\n{}\n----- JSON\n{}\n",
        report.rendered.replace(ROOT, "").replace("╭─[/", "╭─["),
        json.join("\n")
    )
}

fn stem(path: &std::path::Path) -> &str {
    path.file_stem().and_then(|s| s.to_str()).expect("a fixture name")
}

/// A lint that only fires with another: `no_players` is for a file without a title, which
/// `no_title` reports too.
fn companion(lint: &str, code: &str) -> bool {
    lint == "no_players" && code == "cardlang::lint::no_title"
}

fn lint(path: &std::path::Path) -> String {
    let relative = relative(path);
    let lint = stem(path);
    assert!(LINTS.iter().any(|l| l.name == lint), "{lint} names a lint");
    let report = lint_file(&format!("{ROOT}/{relative}"));
    assert_eq!(report.errors, 0, "a lint fixture checks cleanly:\n{}", report.rendered);
    assert!(report.warnings > 0, "{relative} triggers its lint");
    for j in &report.json {
        let code = j["code"].as_str().unwrap_or_default();
        let own = code == format!("cardlang::lint::{lint}") || companion(lint, code);
        assert!(own, "{relative} triggers only its own lint: {code}");
        assert!(j["help"].is_string() && j["line"].is_number() && j["end"].is_number(), "{j}");
    }
    snapshot(path, &report)
}

#[test]
fn each_lint_has_a_fixture_that_triggers_it() {
    insta::glob!("lint/*.cardgame", |path| {
        insta::assert_snapshot!(lint(path));
    });
    for l in LINTS {
        let fixture = format!("{ROOT}/tests/lint/{}.cardgame", l.name);
        assert!(std::path::Path::new(&fixture).exists(), "lint {} has no fixture", l.name);
    }
}

#[test]
fn each_lint_accepts_what_its_clean_fixture_shows() {
    let dir = format!("{ROOT}/tests/lint/clean");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).expect("tests/lint/clean/").flatten() {
        let path = entry.path();
        let lint = stem(&path);
        assert!(LINTS.iter().any(|l| l.name == lint), "{lint} names a lint");
        let report = lint_file(&path.to_string_lossy());
        assert_eq!((report.errors, report.warnings), (0, 0), "{}", report.rendered);
        n += 1;
    }
    assert!(n > 0);
    for l in LINTS {
        let fixture = format!("{ROOT}/tests/lint/clean/{}.cardgame", l.name);
        assert!(std::path::Path::new(&fixture).exists(), "lint {} has no clean fixture", l.name);
    }
}

/// A checker error's fixture: `wrong_type.variant_option.cardgame` must get
/// `cardlang::check::wrong_type`, and every error it gets has that code and a help line.
fn check_error(path: &std::path::Path) -> String {
    let relative = relative(path);
    let code = stem(path).split('.').next().unwrap_or_default();
    let report = lint_file(&format!("{ROOT}/{relative}"));
    assert!(report.errors > 0, "{relative} has errors:\n{}", report.rendered);
    for j in report.json.iter().filter(|j| j["severity"] == "error") {
        assert_eq!(j["code"], format!("cardlang::check::{code}"), "{relative} gets only its own error");
        assert!(j["help"].is_string() && j["line"].is_number(), "{j}");
    }
    snapshot(path, &report)
}

#[test]
fn each_checker_error_in_the_catalogue_has_a_fixture() {
    insta::glob!("lint/check/*.cardgame", |path| {
        insta::assert_snapshot!(check_error(path));
    });
    // The mistakes the catalogue names: a misspelled name (with its "did you mean"), a wrong
    // type, a duplicate, a variant overriding what does not exist, and a variant giving an
    // option a value of the wrong type.
    for name in ["unknown_name", "wrong_type", "duplicate", "bad_override", "wrong_type.variant_option"] {
        let fixture = format!("{ROOT}/tests/lint/check/{name}.cardgame");
        assert!(std::path::Path::new(&fixture).exists(), "no fixture {name}");
    }
    let report = lint_file(&format!("{ROOT}/tests/lint/check/unknown_name.cardgame"));
    assert!(report.rendered.contains("did you mean `turns`?"), "{}", report.rendered);
}

/// A pack of thirteen ranks, and a hand per player: the tests of deal sizes add the rest.
const THIRTEEN_RANKS: &str = r#"enum rank = 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A
property rank: rank
cards ranks = every rank
zone pack: shared, face down, holds ranks
zone hand: per player, face down
"#;

/// What lint says about a source text, message by message.
fn lint_messages(source: &str) -> Vec<String> {
    let file = cardlang::syntax::parse(source).expect("parses");
    cardlang::check::lints::lint(&file).iter().map(|d| d.finding.message.clone()).collect()
}

#[test]
fn a_warning_only_a_variant_shows_names_the_variant() {
    let source = r#"
game "Big hands"
players 2
option hand_size = 5
"#
    .to_string()
        + THIRTEEN_RANKS
        + r#"
procedure setup {
    deal hand_size from pack to hand
}
procedure play {
    move top of pack to hand of player 1
    end game highest p: count of hand of p
}
variant big { option hand_size = 7 }
"#;
    let found = lint_messages(&source);
    assert_eq!(
        found,
        ["this deal needs 14 cards (7 for each of 2 players), but `pack` holds only 13 at this point \
          (counting `hand_size` as 7, its value in this variant; `--set` can change it) (with variant `big`)"]
    );
}

/// A game for a range of players is linted at the fewest and at the most: a deal that fits two
/// hands but not seven is reported, and says at how many players.
#[test]
fn a_deal_too_big_for_the_most_players_is_reported() {
    let source = r#"
game "Seven hands"
players 2 to 7
"#
    .to_string()
        + THIRTEEN_RANKS
        + r#"
procedure setup {
    deal 2 from pack to hand
}
procedure play {
    move top of pack to hand of player 1
    end game highest p: count of hand of p
}
"#;
    let found = lint_messages(&source);
    assert_eq!(
        found,
        ["this deal needs 14 cards (2 for each of 7 players), but `pack` holds only 13 at this point (with 7 players)"]
    );
}

#[test]
fn unbounded_loop_quotes_the_engines_limits() {
    // The checker cannot see the engine, so the help's numbers are written out: keep them true.
    let limits = cardlang::engine::Limits::default();
    assert_eq!((limits.max_steps, limits.max_depth), (50_000_000, 10_000));
    let report = lint_file(&format!("{ROOT}/tests/lint/unbounded_loop.cardgame"));
    assert!(report.rendered.contains("50 million steps") && report.rendered.contains("10,000 nested calls"));
}

#[test]
fn every_game_lints_clean() {
    let dir = format!("{ROOT}/games");
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

/// The `.cardgame` files of a folder, sorted.
fn cardgames(dir: &str) -> Vec<std::path::PathBuf> {
    let mut out: Vec<std::path::PathBuf> = std::fs::read_dir(format!("{ROOT}/{dir}"))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cardgame"))
        .collect();
    out.sort();
    out
}

/// `tests/lint/<folder>/<lint>/*.cardgame`, each with the lint its folder names.
fn by_lint(folder: &str) -> Vec<(&'static str, std::path::PathBuf)> {
    let mut out = Vec::new();
    for l in LINTS {
        let dir = format!("tests/lint/{folder}/{}", l.name);
        if std::path::Path::new(&format!("{ROOT}/{dir}")).is_dir() {
            out.extend(cardgames(&dir).into_iter().map(|p| (l.name, p)));
        }
    }
    out
}

/// Correct small games, each reproducing a false alarm some lint used to give (issue 37): a
/// choice from `1 to player_count`, follow suit written in a function, bids that always leave
/// a number, a bet guarded in the calling procedure, `place of r` for a parameter `r: rank`
/// no caller passes `none`. Each lints clean.
#[test]
fn correct_games_that_lints_once_warned_about_lint_clean() {
    let all = by_lint("correct");
    assert!(all.len() >= 6, "the corpus is found ({})", all.len());
    for (_, path) in all {
        let report = lint_file(&path.to_string_lossy());
        assert_eq!((report.errors, report.warnings), (0, 0), "{}:\n{}", relative(&path), report.rendered);
    }
}

/// What the lints say about the games of the project and the cookbook's examples: (files,
/// files with a warning, the warnings by file).
fn projects_games() -> (usize, Vec<String>) {
    let mut files = 0;
    let mut warned = Vec::new();
    for path in cardgames("games").into_iter().chain(cardgames("games/variants")) {
        files += 1;
        let report = lint_file(&path.to_string_lossy());
        if report.errors + report.warnings > 0 {
            warned.push(format!("{}:\n{}", relative(&path), report.rendered));
        }
    }
    for (line, source) in crate::cookbook::snippets() {
        files += 1;
        let file = cardlang::syntax::parse(&source).expect("a cookbook snippet parses");
        let found: Vec<String> =
            cardlang::check::lints::lint(&file).iter().map(|d| format!("{}: {}", d.lint, d.finding.message)).collect();
        if !found.is_empty() {
            warned.push(format!("docs/cookbook.md:{line}: {found:?}"));
        }
    }
    (files, warned)
}

/// Precision and recall, as docs/lints.md gives them: every game in `games/` and
/// `games/variants/` and every cookbook example lints clean (no false alarm, and nothing in them
/// is written to silence a lint), and every planted mistake of `tests/lint/planted/<lint>/` is
/// caught by its lint, and by no other. The two counts are the ones the page states.
#[test]
fn lints_are_silent_on_the_games_and_catch_every_planted_mistake() {
    let (clean, warned) = projects_games();
    assert!(warned.is_empty(), "false alarms:\n{}", warned.join("\n"));
    let planted = by_lint("planted");
    let mut missed = Vec::new();
    let mut lints_planted: Vec<&str> = Vec::new();
    for (lint, path) in &planted {
        let report = lint_file(&path.to_string_lossy());
        let codes: Vec<String> = report.json.iter().map(|j| j["code"].to_string()).collect();
        let own = format!("\"cardlang::lint::{lint}\"");
        let other = |c: &String| *c != own && !companion(lint, c.trim_matches('"'));
        if report.errors > 0 || !codes.contains(&own) || codes.iter().any(other) {
            missed.push(format!("{}: {codes:?}\n{}", relative(path), report.rendered));
        }
        if !lints_planted.contains(lint) {
            lints_planted.push(lint);
        }
    }
    assert!(missed.is_empty(), "planted mistakes not caught (or caught by another lint):\n{}", missed.join("\n"));
    for l in LINTS {
        assert!(lints_planted.contains(&l.name), "lint {} has no planted mistake", l.name);
    }
    let docs = std::fs::read_to_string(format!("{ROOT}/docs/lints.md")).expect("docs/lints.md");
    let precision = format!("**{clean} of {clean}** games and cookbook examples lint clean");
    let recall = format!("**{} of {}** planted mistakes", planted.len(), planted.len());
    assert!(docs.contains(&precision), "docs/lints.md says {precision:?}");
    assert!(docs.contains(&recall), "docs/lints.md says {recall:?}");
}
