//! Helpers shared by test files: every game in games/ and games/variants/, checked; and the
//! binary run in the project folder; `lsp_drive`, the language server driven as an editor.
#![allow(dead_code)]

pub mod lsp_drive;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;

use cardlang::check::{self, variants, Config};
use cardlang::engine::Game;

/// Every game in games/*.cardgame with each variant it declares, and every variant of every
/// variant file in games/variants/, each with a label naming it.
pub fn every_game() -> Vec<(String, Arc<Game>)> {
    every_checked().into_iter().map(|(label, program)| (label, Game::new(program))).collect()
}

/// Every game and variant of [`every_game`], as the checker leaves it (before the compile step).
pub fn every_checked() -> Vec<(String, check::Program)> {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("games/ exists").flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.extension().and_then(|e| e.to_str()) != Some("cardgame") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = cardlang::syntax::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut names = vec![None];
        names.extend(variants::variant_decls(&file).iter().map(|v| Some(v.name.text.clone())));
        for v in names {
            let config = Config { variant: v.clone(), sets: Vec::new(), seats: None };
            let program = check::check(&file, &config).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
            let label =
                format!("{} {}", path.file_name().and_then(|f| f.to_str()).unwrap_or("?"), v.unwrap_or_default());
            out.push((label, program));
        }
    }
    let mut files: Vec<_> = std::fs::read_dir(format!("{dir}/variants"))
        .expect("games/variants/ exists")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for path in files {
        let loaded = cardlang::load::read(&path.to_string_lossy()).unwrap_or_else(|e| panic!("{}: {e:?}", e.1));
        for v in &loaded.own_variants {
            let config = Config { variant: Some(v.clone()), sets: Vec::new(), seats: None };
            let program = loaded.check(&config).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().and_then(|f| f.to_str()).unwrap_or("?");
            out.push((format!("variants/{name} {v}"), program));
        }
    }
    assert!(out.len() >= 5, "the games and variants are all found");
    out
}

/// Runs the binary in the project folder: exit code, standard output, standard error.
pub fn cardlang(args: &[&str]) -> (i32, String, String) {
    cardlang_stdin(args, "")
}

/// Runs the binary in the project folder with `stdin` as its input: exit code, standard output,
/// standard error.
pub fn cardlang_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_string();
    // Written from a thread: a program that stops reading must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("the binary finishes");
    let _ = writer.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Says that a test was skipped, and why: on standard error (which `cargo test` shows only for a
/// failing test) and as a line of `target/tmp/skipped.txt`, which `.ci/run` prints after the
/// tests, where a person reads it.
pub fn skipped(line: &str) {
    eprintln!("{line}");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("skipped.txt");
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = writeln!(f, "{} ({})", line, std::thread::current().name().unwrap_or("a test"));
    }
}

/// Whether a message says `phrase`, wherever its renderer broke the lines: miette wraps a message
/// at 100 columns, so where a break falls depends on the length of any path in it, which differs
/// from one checkout to another. Spaces, line breaks and the frame's bars are ignored on both sides.
pub fn says(message: &str, phrase: &str) -> bool {
    let squash = |t: &str| t.chars().filter(|c| !c.is_whitespace() && *c != '│').collect::<String>();
    squash(message).contains(&squash(phrase))
}
