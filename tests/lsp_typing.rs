//! Robustness of the language server while a designer types: every game of `games/` and every
//! example of the cookbook typed into the server (a prefix of the file at each step) and then
//! deleted again (a growing gap cut out before a place), with every request (hover, completion,
//! definition, references, highlights, rename, code actions) asked at a few places and the
//! outline, semantic tokens and formatting after every change: the server never panics or
//! hangs, answers every request with positions on the text, and at the end publishes what
//! `cardlang lint` finds. The editor's side is `tests/common/lsp_drive.rs`, which the
//! `lsp_typing` fuzz target drives too (`fuzz/src/lsp_typing.rs`).
//!
//! Here a seeded sample of the steps of each file; `cargo test -- --ignored lsp_typing` types
//! every file in full, a character at a time (`LSP_TYPING_STRIDE=n`: every n-th character).

use std::sync::mpsc;
use std::time::Duration;

use crate::common::lsp_drive::{self, Editor};
use cardlang::lsp::diagnostics_of;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A small seeded generator (xorshift), so a failure can be replayed.
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Every file to type: the games, the variant files, and the cookbook's examples.
fn files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["games", "games/variants"] {
        let mut names: Vec<String> = std::fs::read_dir(format!("{ROOT}/{dir}"))
            .expect("games/")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".cardgame"))
            .collect();
        names.sort();
        for n in names {
            let path = format!("{ROOT}/{dir}/{n}");
            out.push((path.clone(), std::fs::read_to_string(&path).expect("readable")));
        }
    }
    for (line, text) in crate::cookbook::snippets() {
        out.push((format!("{ROOT}/docs/cookbook_example_{line}.cardgame"), text));
    }
    out
}

/// What a run found: the requests asked, and the last diagnostics published.
struct Typed {
    requests: usize,
    last: Vec<lsp_types::Diagnostic>,
}

/// Types `steps` (whole texts, one version each) into a server, asking every request at a few
/// places after each (`lsp_drive::Editor` checks every answer); then the final text.
fn type_into(uri: &str, steps: &[String], finally: &str, seed: u64) -> Typed {
    let mut editor = Editor::open(uri, "");
    let mut rng = Seeded(seed | 1);
    for text in steps.iter().chain(std::iter::once(&finally.to_string())) {
        editor.replace(text.clone());
        let n = text.len();
        for at in [n, rng.below(n + 1), 0] {
            editor.ask_at(at);
        }
        editor.ask_document();
    }
    Typed { requests: editor.requests(), last: editor.diagnostics().to_vec() }
}

/// The steps of typing `text` at the cut points `cuts` (prefixes), then deleting gaps before
/// the places `gaps` (a gap growing by `grow` characters each time).
fn steps(text: &str, cuts: &[usize], gaps: &[(usize, usize)]) -> Vec<String> {
    let mut out: Vec<String> = cuts.iter().map(|&c| text[..lsp_drive::boundary(text, c)].to_string()).collect();
    for &(at, len) in gaps {
        let end = lsp_drive::boundary(text, at);
        let start = lsp_drive::boundary(text, end.saturating_sub(len));
        out.push(format!("{}{}", &text[..start], &text[end..]));
    }
    out
}

/// Runs `f` on a thread of its own with a deep stack, and fails if it takes over `limit`.
fn within<T: Send + 'static>(what: &str, limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .expect("a thread");
    match rx.recv_timeout(limit) {
        Ok(v) => {
            let _ = handle.join();
            v
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: no answer within {limit:?} (a hang)"),
        Err(mpsc::RecvTimeoutError::Disconnected) => match handle.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => panic!("{what}: the run ended without a result"),
        },
    }
}

/// Types a file with the given cuts and gaps; the final diagnostics are those of the file
/// opened afresh, and (for a file on the disk) what `cardlang lint` gives: codes, places and
/// messages.
fn check_file(path: &str, text: &str, cuts: Vec<usize>, gaps: Vec<(usize, usize)>, seed: u64) -> usize {
    let uri = format!("file://{path}");
    let all = steps(text, &cuts, &gaps);
    let (u, t) = (uri.clone(), text.to_string());
    let typed = within(path, Duration::from_secs(600), move || type_into(&u, &all, &t, seed));
    let fresh = diagnostics_of(&uri.parse().expect("a URI"), text);
    assert_eq!(
        lsp_drive::shown(&typed.last),
        lsp_drive::shown(&fresh),
        "{path}: after typing, the diagnostics of the file as opened"
    );
    if std::path::Path::new(path).exists() {
        lsp_drive::same_as_lint(std::path::Path::new(path), &typed.last);
    }
    typed.requests
}

#[test]
fn typing_every_game_and_example_a_sample_of_steps_answers_every_request() {
    let files = files();
    assert!(files.len() > 15, "{} files", files.len());
    let mut requests = 0;
    for (i, (path, text)) in files.iter().enumerate() {
        let seed = 0x5eed_0000 + i as u64;
        let mut rng = Seeded(seed);
        // Larger files get a few more steps; about twelve each way.
        let n = 8 + text.len() / 3000;
        let mut cuts: Vec<usize> = (0..n).map(|_| rng.below(text.len())).collect();
        cuts.sort();
        let gaps: Vec<(usize, usize)> = (0..n / 2).map(|k| (rng.below(text.len() + 1), 1 + k * 7)).collect();
        requests += check_file(path, text, cuts, gaps, seed);
    }
    assert!(requests > 1000, "{requests} requests answered");
    eprintln!("typed a sample of {} files: {requests} requests answered", files.len());
}

#[test]
#[ignore = "types every file in full: minutes in a release build (`cargo test --release -- --ignored lsp_typing`)"]
fn typing_every_game_and_example_in_full_answers_every_request() {
    let stride: usize = std::env::var("LSP_TYPING_STRIDE").ok().and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let started = std::time::Instant::now();
    let (mut requests, mut versions) = (0, 0);
    for (i, (path, text)) in files().iter().enumerate() {
        let cuts: Vec<usize> = (0..text.len()).step_by(stride).filter(|&c| text.is_char_boundary(c)).collect();
        // Deleted again from the end, a character (or a stride) at a time.
        let gaps: Vec<(usize, usize)> = (0..text.len()).step_by(stride).map(|k| (text.len(), k + 1)).collect();
        versions += cuts.len() + gaps.len() + 1;
        requests += check_file(path, text, cuts, gaps, 0x5eed_0000 + i as u64);
    }
    eprintln!("typed {versions} versions, {requests} requests answered in {:?}", started.elapsed());
}

/// The pipeline fuzzer's corpus (`fuzz/corpus/pipeline`, grown locally, not in git; or the
/// folder `LSP_FUZZ_CORPUS` names) fed to one document as successive changes, every request
/// asked after each.
#[test]
#[ignore = "needs a local fuzz corpus: `cargo test --release -- --ignored lsp_typing`"]
fn the_fuzz_corpus_fed_as_document_changes_answers_every_request() {
    let dir = std::env::var("LSP_FUZZ_CORPUS").unwrap_or_else(|_| format!("{ROOT}/fuzz/corpus/pipeline"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        crate::common::skipped("skipped: no fuzz/corpus/pipeline here (grown by `cargo fuzz run pipeline`)");
        return;
    };
    let mut paths: Vec<std::path::PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    let texts: Vec<String> =
        paths.iter().filter_map(|p| std::fs::read(p).ok()).map(|b| String::from_utf8_lossy(&b).into_owned()).collect();
    let started = std::time::Instant::now();
    let n = texts.len();
    let typed = within("the fuzz corpus", Duration::from_secs(3600), move || {
        type_into("file:///nonexistent-cardlang-corpus/fuzz.cardgame", &texts, "", 7)
    });
    eprintln!("fed {n} inputs, {} requests answered in {:?}", typed.requests, started.elapsed());
}

/// What the typing runs compare at the end, on files with something to say: every game, lint,
/// diagnostics and variant-file fixture opened in the server gets what `cardlang lint` finds in
/// it, code, severity, line, column and message (a problem in the game a variant file extends
/// at the top of the file).
#[test]
fn every_fixture_opened_shows_what_lint_finds() {
    let files = crate::fuzz::lsp_typing::game_files(std::path::Path::new(ROOT));
    let mut with_problems = 0;
    for f in &files {
        let editor = Editor::open(&f.uri, &f.text);
        lsp_drive::same_as_lint(&f.path, editor.diagnostics());
        with_problems += usize::from(!editor.diagnostics().is_empty());
    }
    assert!(with_problems >= 50, "{with_problems} of {} files have problems to compare", files.len());
}
