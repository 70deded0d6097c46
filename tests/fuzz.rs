//! The fuzz targets of `fuzz/` (cargo-fuzz, docs/reliability.md), run on stable over a fixed set
//! of generated inputs so that CI exercises them: every seed file of the corpora (the games and
//! the test fixtures), damaged copies of them made with the fuzzing dictionary, and byte strings
//! for the engine and language server targets.

#[path = "../fuzz/src/targets.rs"]
pub mod targets;

/// The `lsp_typing` target's body; it drives the server with `lsp_drive` (its `super::`).
#[path = "../fuzz/src/lsp_typing.rs"]
pub mod lsp_typing;
use crate::common::lsp_drive;

use cardlang::engine::rng::Rng;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The seed corpus of the text targets: the folders fuzz/README.md passes to cargo-fuzz.
fn seeds() -> Vec<(String, Vec<u8>)> {
    let dirs = ["games", "games/variants", "tests/diagnostics", "tests/lint", "tests/lint/check", "tests/lint/clean"];
    let dirs = dirs.iter().chain(["tests/variant_files", "tests/fixtures", "tests/fuzz_findings"].iter());
    let mut out = Vec::new();
    for dir in dirs {
        let mut paths: Vec<_> =
            std::fs::read_dir(format!("{ROOT}/{dir}")).expect("a seed folder").flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths.into_iter().filter(|p| p.is_file()) {
            out.push((
                format!("{dir}/{}", p.file_name().unwrap_or_default().to_string_lossy()),
                std::fs::read(&p).expect("readable"),
            ));
        }
    }
    assert!(out.len() > 40, "the seeds are found");
    out
}

/// The words of fuzz/cardlang.dict.
fn dictionary() -> Vec<String> {
    let text = std::fs::read_to_string(format!("{ROOT}/fuzz/cardlang.dict")).expect("the dictionary");
    text.lines()
        .filter(|l| l.starts_with('"'))
        .map(|l| l.trim_matches('"').replace("\\\"", "\"").replace("\\\\", "\\"))
        .collect()
}

/// A damaged copy of `data`, as libFuzzer's mutators damage one: a dictionary word put in, a
/// span cut out or repeated, a byte changed.
fn mutate(data: &[u8], words: &[String], rng: &mut Rng) -> Vec<u8> {
    let mut out = data.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(out.len() as u64 + 1) as usize;
        let len = (rng.below(40) as usize).min(out.len() - at);
        match rng.below(4) {
            0 => {
                let w = &words[rng.below(words.len() as u64) as usize];
                out.splice(at..at, w.bytes().chain(std::iter::once(b' ')));
            }
            1 => {
                out.drain(at..at + len);
            }
            2 => {
                let piece: Vec<u8> = out[at..at + len].to_vec();
                out.splice(at..at, piece);
            }
            _ => {
                if let Some(b) = out.get_mut(at) {
                    *b = b"{}()=,:;-09az\"/\n\xff"[rng.below(17) as usize];
                }
            }
        }
    }
    out
}

/// The seeds and a damaged copy of each.
fn inputs() -> Vec<(String, Vec<u8>)> {
    let words = dictionary();
    let mut rng = Rng::new(20);
    let mut out = Vec::new();
    for (name, data) in seeds() {
        for k in 0..1 {
            out.push((format!("{name} (damaged {k})"), mutate(&data, &words, &mut rng)));
        }
        out.push((name, data));
    }
    out
}

#[test]
fn the_pipeline_target_holds_on_the_seeds_and_their_damaged_copies() {
    for (name, data) in inputs() {
        let done = std::panic::catch_unwind(|| targets::pipeline(&data));
        assert!(done.is_ok(), "pipeline on {name}");
    }
}

#[test]
fn the_fmt_target_holds_on_the_seeds_and_their_damaged_copies() {
    for (name, data) in inputs() {
        let done = std::panic::catch_unwind(|| targets::fmt_round_trip(&data));
        assert!(done.is_ok(), "fmt_round_trip on {name}");
    }
}

#[test]
fn the_engine_target_holds_on_generated_byte_strings() {
    let games = targets::every_game(ROOT);
    assert!(games.len() >= 10, "every game and variant");
    let mut rng = Rng::new(7);
    // One string per game first (the first byte picks it), then strings of any length.
    for i in 0..games.len() + 24 {
        let len = if i < games.len() { 12 } else { rng.below(64) as usize };
        let mut data: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        if let Some(first) = data.get_mut(0) {
            *first = (i % games.len()) as u8;
        }
        let done = std::panic::catch_unwind(|| targets::engine(&games, &data));
        assert!(done.is_ok(), "engine on {data:?}");
    }
}

/// The language server target: every game file and fixture typed in whole and half (the text
/// mode, with `cardlang lint`'s diagnostics at the end), a sample of the seeds and their damaged copies,
/// and generated edits of each file (the edit mode: the first byte below 8, the second picks
/// the file).
#[test]
fn the_lsp_typing_target_holds_on_the_games_a_sample_of_seeds_and_generated_edits() {
    let files = lsp_typing::game_files(std::path::Path::new(ROOT));
    assert!(files.len() >= 60, "every game, variant file and fixture");
    for f in &files {
        let done = std::panic::catch_unwind(|| lsp_typing::lsp_typing(&files, f.text.as_bytes()));
        assert!(done.is_ok(), "lsp_typing typing {}", f.uri);
    }
    for (name, data) in inputs().into_iter().step_by(9) {
        let done = std::panic::catch_unwind(|| lsp_typing::lsp_typing(&files, &data));
        assert!(done.is_ok(), "lsp_typing on {name}");
    }
    let mut rng = Rng::new(40);
    for i in 0..files.len() * 2 {
        let mut data: Vec<u8> = vec![(i % 8) as u8, (i % files.len()) as u8];
        // Ten edits or so: a kind, a place, a length, and the bytes typed.
        data.extend((0..60).map(|_| rng.below(256) as u8));
        let done = std::panic::catch_unwind(|| lsp_typing::lsp_typing(&files, &data));
        assert!(done.is_ok(), "lsp_typing on {data:?}");
    }
}

#[test]
fn the_dictionary_has_every_keyword_of_the_grammar() {
    let grammar = std::fs::read_to_string(format!("{ROOT}/grammar/cardgame.pest")).expect("the grammar");
    let start = grammar.find("keyword = @{").expect("the keyword rule");
    let end = start + grammar[start..].find("~ !ident_char").expect("its end");
    let words = dictionary();
    for kw in grammar[start..end].split('"').skip(1).step_by(2) {
        assert!(words.iter().any(|w| w == kw), "fuzz/cardlang.dict lacks `{kw}`");
    }
}

/// The texts libFuzzer found that once made the parser backtrack for seconds (a name starting
/// with `if` read as `if` and a whole expression, again and again): now each is an ordinary
/// syntax error, found within the parser's call budget (a bound on work, not a timing).
#[test]
fn the_slow_inputs_found_by_fuzzing_are_read_without_backtracking() {
    let dir = format!("{ROOT}/fuzz/findings/slow");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("the findings").flatten().map(|e| e.path()).collect();
    paths.sort();
    assert_eq!(paths.len(), 4, "the four slow units");
    for path in paths {
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).to_string();
        let error = cardlang::syntax::parse(&text).expect_err("none of them is a rule file");
        assert!(!error.message.contains("gave up"), "{}: {}", path.display(), error.message);
    }
}

/// Text the parser could only read by trying more readings than its budget allows (each
/// `card (` is tried as `card 3 of Z` and as a call, so the work doubles with each one; it once
/// took seconds) and brackets nested deeper than its stack allows are both refused at once,
/// with a message that says so.
#[test]
fn text_too_hard_to_read_is_refused_with_a_clear_message() {
    let doubling = format!("game \"x\"\nplayers 2\nprocedure setup {{ let a = {}1 }}", "card (".repeat(30));
    let error = cardlang::syntax::parse(&doubling).expect_err("not a rule file");
    assert!(error.message.contains("can be read in too many ways"), "{}", error.message);
    let deep = format!("game \"x\"\nplayers 2\nprocedure setup {{ let a = {}1 }}", "(".repeat(100_000));
    let error = cardlang::syntax::parse(&deep).expect_err("not a rule file");
    assert!(error.message.contains("nested too deeply"), "{}", error.message);
}
