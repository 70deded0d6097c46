//! What a careless or hostile user can do never crashes cardlang or loses a file
//! (docs/reliability.md): a mistake on a line of any length is shown on an excerpt, an internal
//! panic becomes a short message and a crash file, and files are rewritten whole or not at all.

use std::path::PathBuf;
use std::process::Command;

/// Runs the binary in the project folder with extra environment variables: exit code, standard
/// output, standard error.
fn cardlang_with(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn cardlang(args: &[&str]) -> (i32, String, String) {
    cardlang_with(args, &[])
}

/// A fresh folder of its own for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardlang-reliability-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

// ─── Long lines ─────────────────────────────────────────────────────────────────────────────

/// A game whose fourth line is `columns` long with a mistake at its end.
fn long_line_game(columns: usize) -> String {
    let filler = "a".repeat(columns);
    format!("game \"Long\"\nplayers 2\nprocedure play {{\n    announce \"{filler} {{nosuch}}\"\n    end game draw\n}}\n")
}

#[test]
fn a_mistake_on_a_line_longer_than_65535_columns_is_shown_on_an_excerpt() {
    let dir = temp_dir("long-line");
    let path = dir.join("long.cardgame");
    std::fs::write(&path, long_line_game(70_000)).expect("written");
    let p = path.to_str().expect("a path");
    let (code, out, err) = cardlang(&["lint", p]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out, format!("{p}: 1 error(s), 0 warning(s)\n"));
    // The place is the real one; the line is cut around the label, marked with `…`.
    assert!(err.contains(&format!("╭─[{p}:4:70017]")), "{err}");
    assert!(err.contains(" 4 │ …aaaa"), "{err}");
    assert!(err.contains("╰── not declared"), "{err}");
    assert!(err.lines().all(|l| l.chars().count() < 400), "no line is printed whole: {err}");
    // A syntax error at the end of such a line, and the JSON form, which has the column.
    std::fs::write(&path, format!("game \"Long\"\nplayers 2 {}\n", "+ ".repeat(40_000))).expect("written");
    let (code, _, err) = cardlang(&["lint", p]);
    assert_eq!(code, 2);
    assert!(err.contains("syntax error") && err.contains(&format!("{p}:2:11")), "{err}");
    let (_, out, _) = cardlang(&["lint", "--format", "json", p]);
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!((json["line"].as_u64(), json["column"].as_u64()), (Some(2), Some(11)));
    let _ = std::fs::remove_dir_all(&dir);
}

// ─── Internal errors ────────────────────────────────────────────────────────────────────────

#[test]
fn an_internal_panic_is_a_short_message_a_crash_file_and_exit_70() {
    let dir = temp_dir("panic");
    let tmp = dir.to_str().expect("a path");
    let (code, out, err) = cardlang_with(
        &["lint", "games/wilcox_war.cardgame"],
        &[("CARDLANG_PANIC_FOR_TEST", "1"), ("TMPDIR", tmp), ("RUST_BACKTRACE", "1")],
    );
    assert_eq!(code, 70, "{err}");
    assert_eq!(out, "");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "three short lines, no backtrace:\n{err}");
    assert_eq!(
        lines[0],
        format!("error: internal error in cardlang {}; this is a bug, please report it", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines[1].starts_with("  command: ") && lines[1].ends_with("lint games/wilcox_war.cardgame"), "{err}");
    assert!(!err.contains("panicked at") && !err.contains("stack backtrace"), "{err}");
    let crash = lines[2]
        .strip_prefix("  the details are in ")
        .and_then(|l| l.strip_suffix(" (attach it to the report)"))
        .expect("the crash file is named");
    assert!(crash.starts_with(tmp), "{crash} is in the temporary folder");
    let details = std::fs::read_to_string(crash).expect("the crash file is written");
    assert!(details.contains("panic: a panic asked for by CARDLANG_PANIC_FOR_TEST"), "{details}");
    assert!(details.contains("command: ") && details.contains("at: src/cli/crash.rs"), "{details}");
    assert!(details.contains("backtrace:\n"), "{details}");
    let _ = std::fs::remove_dir_all(&dir);
}
