//! Loading in the library (issue 39, item 1): text read through a reader, so an editor's
//! unsaved buffers, laid over the disk, are what is checked; and every finding as a `Problem`
//! with its places in lines and columns (characters and UTF-16 code units).

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::cardlang;
use cardlang::check::Config;
use cardlang::load::{self, Disk, Overlay, Problem, Severity};

const GAME: &str = "games/wilcox_war.cardgame";
const VARIANT: &str = "games/variants/wilcox_war_four_prizes.cardgame";

/// The text of a file of the checkout.
fn disk(path: &str) -> String {
    std::fs::read_to_string(path).expect("a file of the checkout")
}

/// The problems of linting `path` through `reader`, errors first as found.
fn problems(reader: &dyn load::Reader, path: &str) -> Vec<Problem> {
    load::lint_with(reader, Path::new(path)).problems()
}

#[test]
fn a_variant_file_and_its_unsaved_base_game_lint_from_memory() {
    // On the disk, the variant file lints clean.
    assert_eq!(problems(&Disk, VARIANT), Vec::new());
    // In the editor, the game's option is renamed and not saved: the variant now sets an option
    // the game (as it is in memory) does not have.
    let renamed = disk(GAME).replace("hidden_prizes", "prizes_hidden");
    let mut editor = Overlay::new(Disk);
    editor.open(GAME, renamed.as_str());
    let found = problems(&editor, VARIANT);
    assert_eq!(found.len(), 1, "{found:#?}");
    let p = &found[0];
    assert_eq!(p.code.as_deref(), Some("cardlang::check::bad_override"));
    assert_eq!(p.severity, Severity::Error);
    assert!(p.message.contains("hidden_prizes"), "{}", p.message);
    assert!(p.help.is_some());
    let at = &p.primary.as_ref().expect("a place").place;
    assert_eq!((at.file.as_str(), at.from.line), (VARIANT, 7));
    // The same file, the same reader: loading for play reads the buffer too.
    let Err(refused) = load::load_game_with(&editor, Path::new(VARIANT), &Config::default()) else {
        panic!("the variant does not check against the buffer")
    };
    assert_eq!(refused.problems(), found);
    // With the buffer closed, the disk's text is read again.
    editor.close(Path::new(GAME));
    assert_eq!(problems(&editor, VARIANT), Vec::new());
}

#[test]
fn a_mistake_in_the_unsaved_base_game_points_into_the_base_file() {
    // A new mistake, only in memory: a use of the option misspelt, on line 146 of the game.
    let text = disk(GAME);
    let line = text.lines().position(|l| l.contains("repeat hidden_prizes times")).expect("the war's repeat") + 1;
    let mut editor = Overlay::new(Disk);
    // Opened under another spelling of the same path: paths are compared normalised.
    editor.open(format!("./{GAME}"), text.replace("repeat hidden_prizes times", "repeat hiden_prizes times"));
    let found = problems(&editor, VARIANT);
    assert!(!found.is_empty());
    for p in &found {
        let at = &p.primary.as_ref().expect("a place").place;
        assert_eq!(at.file, GAME, "the game's path as the variant file names it, folded: {p:#?}");
        assert_eq!(at.from.line, line, "{p:#?}");
        assert_eq!(p.code.as_deref(), Some("cardlang::check::unknown_name"));
        let buffer = editor.buffer(Path::new(GAME)).expect("open");
        let start: usize = buffer.lines().take(line - 1).map(|l| l.len() + 1).sum();
        assert_eq!(&buffer[at.start..at.end], "hiden_prizes");
        assert_eq!(at.start - start + 1, at.from.column, "an ASCII line: bytes and characters agree");
    }
    // The disk is unchanged, and clean.
    assert_eq!(problems(&Disk, GAME), Vec::new());
}

/// A small game; line 5 has three characters that are not ASCII before its mistake.
const UNSAVED: &str = "game \"Unknown name\"\nplayers 2\ncounter turns = 0\nprocedure play {\n    announce \"♠é😀 {tunrs} turns\"\n    end game draw\n}\n";

#[test]
fn a_buffer_with_no_file_on_the_disk_loads() {
    let path = "tests/no_such_folder/untitled.cardgame";
    assert!(!Path::new(path).exists());
    let mut editor = Overlay::new(Disk);
    editor.open(path, UNSAVED.replace("tunrs", "turns"));
    let loaded = load::read_with(&editor, Path::new(path)).expect("read from memory");
    assert_eq!(loaded.sources.path(), path);
    assert_eq!(problems(&editor, path), Vec::new());
    assert!(load::load_game_with(&editor, Path::new(path), &Config::default()).is_ok());
    // On the disk alone, it cannot be read, as ever.
    let unread = problems(&Disk, path);
    assert_eq!(unread[0].code.as_deref(), Some("cardlang::cli::unreadable"));
}

#[test]
fn columns_count_characters_and_utf16_code_units() {
    let path = "tests/no_such_folder/unicode.cardgame";
    let mut editor = Overlay::new(Disk);
    editor.open(path, UNSAVED);
    let found = problems(&editor, path);
    let p = found.iter().find(|p| p.code.as_deref() == Some("cardlang::check::unknown_name")).expect("the typo");
    let at = &p.primary.as_ref().expect("a place").place;
    // Line 5 is `    announce "♠é😀 {tunrs} turns"`. Before `tunrs`: 4 spaces, `announce `
    // (9), `"`, then ♠ (3 bytes, 1 UTF-16 unit), é (2 bytes, 1 unit), 😀 (4 bytes, 2 units), a
    // space and `{`: 13 + 1 + 3 + 2 = 19 characters, 20 UTF-16 units, 25 bytes.
    // Lines 1 to 4 are 20 + 10 + 18 + 17 = 65 bytes.
    assert_eq!((at.start, at.end), (65 + 25, 65 + 30));
    assert_eq!(&UNSAVED[at.start..at.end], "tunrs");
    assert_eq!((at.from.line, at.from.column, at.from.utf16_column), (5, 20, 21));
    assert_eq!((at.to.line, at.to.column, at.to.utf16_column), (5, 25, 26));
    // Plain data: it goes through JSON and back unchanged.
    let json = serde_json::to_string(p).expect("serialisable");
    assert_eq!(serde_json::from_str::<Problem>(&json).expect("deserialisable"), *p);
    assert!(json.contains("\"severity\":\"error\"") && json.contains("\"utf16_column\":21"), "{json}");
}

#[test]
fn variant_buffers_that_extend_each_other_are_a_cycle() {
    let mut editor = Overlay::new(Disk);
    editor.open("tests/no_such_folder/a.cardgame", "extends \"b.cardgame\"\n");
    editor.open("tests/no_such_folder/b.cardgame", "extends \"./a.cardgame\"\n");
    let found = problems(&editor, "tests/no_such_folder/a.cardgame");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code.as_deref(), Some("cardlang::cli::extends_cycle"));
    let at = &found[0].primary.as_ref().expect("a place").place;
    assert_eq!((at.file.as_str(), at.from.line), ("tests/no_such_folder/b.cardgame", 1));
}

#[test]
fn every_diagnostics_fixture_gives_the_problems_lint_json_reports() {
    let (code, out, err) = cardlang(&["lint", "--format", "json", "tests/diagnostics"]);
    assert_eq!(code, 2, "{err}");
    let mut by_file: BTreeMap<String, Vec<serde_json::Value>> = BTreeMap::new();
    for line in out.lines() {
        let j: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        by_file.entry(j["file"].as_str().expect("a file").to_string()).or_default().push(j);
    }
    let mut fixtures: Vec<_> = std::fs::read_dir("tests/diagnostics")
        .expect("the fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("cardgame"))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= 30, "{fixtures:?}");
    for fixture in fixtures {
        let path = fixture.to_string_lossy().into_owned();
        let found = problems(&Disk, &path);
        let json = by_file.remove(&path).unwrap_or_default();
        assert!(!found.is_empty(), "{path} has problems");
        assert_eq!(found.len(), json.len(), "{path}: {found:#?}\n{json:#?}");
        for (p, j) in found.iter().zip(&json) {
            assert_eq!(p.code.as_deref(), j["code"].as_str(), "{path}");
            assert_eq!(p.is_error(), j["severity"] == "error", "{path}");
            // A diagnostic without a label has no place: the JSON names the file linted.
            let Some(at) = p.primary.as_ref().map(|l| &l.place) else {
                assert_eq!((&j["file"], &j["line"], &j["start"]), (&path.clone().into(), &NULL, &NULL), "{path}");
                continue;
            };
            assert_eq!(at.file, j["file"], "{path}");
            assert_eq!((at.from.line, at.from.column), (as_usize(&j["line"]), as_usize(&j["column"])), "{path}");
            assert_eq!((at.start, at.end), (as_usize(&j["start"]), as_usize(&j["end"])), "{path}");
        }
    }
    assert!(by_file.is_empty(), "every file lint reported is a fixture: {by_file:?}");
}

const NULL: serde_json::Value = serde_json::Value::Null;

/// A number of the JSON as a `usize` (`usize::MAX` for anything else).
fn as_usize(v: &serde_json::Value) -> usize {
    v.as_u64().map_or(usize::MAX, |n| n as usize)
}

/// The Rust files under `dir` (a folder of the checkout), but what cargo and libFuzzer write.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if path.is_dir() && !["target", "corpus", "artifacts", "snapshots"].contains(&name) {
            rust_files(&path, out);
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// Issue 39: the tests, benches and fuzz targets load and render through the library, and reach
/// the command line only by running the binary (an error code such as
/// `"cardlang::cli::unreadable"`, in a string, is what a user reads, not an import).
#[test]
fn no_test_bench_or_fuzz_target_calls_into_the_command_line_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests", "benches", "fuzz"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "the Rust files are found: {}", files.len());
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let outside_strings = code.split('"').step_by(2).collect::<Vec<_>>().join(" ");
            let imports = outside_strings.contains("cli::")
                || (outside_strings.contains("cardlang::{") && outside_strings.contains("cli"));
            if imports {
                found.push(format!(
                    "{}:{}: {}",
                    path.strip_prefix(root).unwrap_or(&path).display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "reaches into `cardlang::cli` instead of the library or the binary:\n{}",
        found.join("\n")
    );
}
