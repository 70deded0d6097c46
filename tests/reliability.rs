//! What a careless or hostile user can do never crashes cardlang or loses a file
//! (docs/reliability.md): a mistake on a line of any length is shown on an excerpt, an internal
//! panic becomes a short message and a crash file, and files are rewritten whole or not at all.

use crate::common::says;
use std::path::{Path, PathBuf};
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
    format!(
        "game \"Long\"\nplayers 2\nprocedure play {{\n    announce \"{filler} {{nosuch}}\"\n    end game draw\n}}\n"
    )
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
    assert_eq!(out, format!("{p}: 1 error, 0 warnings\n"));
    // The place is the real one; the line is cut around the label, marked with `…`.
    assert!(err.contains(&format!("╭─[{p}:4:70017]")), "{err}");
    assert!(err.contains(" 4 │ …aaaa"), "{err}");
    assert!(err.contains("╰── not declared"), "{err}");
    assert!(err.lines().all(|l| l.chars().count() < 400), "no line is printed whole: {err}");
    // A syntax error at the end of such a line, and the JSON form, which has the column.
    std::fs::write(&path, format!("game \"Long\"\nplayers 2 {}\n", "+ ".repeat(40_000))).expect("written");
    let (code, _, err) = cardlang(&["lint", p]);
    assert_eq!(code, 2);
    assert!(says(&err, "syntax error") && err.contains(&format!("{p}:2:11")), "{err}");
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
    assert!(!says(&err, "panicked at") && !says(&err, "stack backtrace"), "{err}");
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

// ─── Nothing lost ───────────────────────────────────────────────────────────────────────────

const MESSY: &str = "game \"T\" // title\nplayers 2\nprocedure play {\nend game draw }\n";
const TIDY: &str = "game \"T\" // title\nplayers 2\nprocedure play {\n    end game draw\n}\n";

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).expect("readable")
}

/// The names in a folder: a temporary file left behind would show here.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).expect("a folder").flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    names.sort();
    names
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).expect("there").permissions().mode() & 0o7777
}

#[cfg(unix)]
#[test]
fn fmt_keeps_permissions_and_leaves_no_temporary_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("permissions");
    let path = dir.join("game.cardgame");
    std::fs::write(&path, MESSY).expect("written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let (code, out, err) = cardlang(&["fmt", path.to_str().expect("a path")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("formatted "));
    assert_eq!(text(&path), TIDY);
    assert_eq!(mode(&path), 0o640, "the permissions are kept");
    assert_eq!(names(&dir), ["game.cardgame"], "no temporary file is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn fmt_refuses_a_read_only_file_and_leaves_it_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("read-only");
    let path = dir.join("locked.cardgame");
    std::fs::write(&path, MESSY).expect("written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let p = path.to_str().expect("a path");
    let (code, out, err) = cardlang(&["fmt", p]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    // miette wraps a long message at the terminal's width; the path's length decides where.
    let flat = err.replace("\n  │ ", "");
    assert!(flat.contains(&format!("cannot write `{p}`: the file is read-only")), "{err}");
    assert!(err.contains("cardlang::cli::read_only") && err.contains("help:"), "{err}");
    assert_eq!(text(&path), MESSY);
    assert_eq!(mode(&path), 0o444);
    assert_eq!(names(&dir), ["locked.cardgame"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn fmt_through_a_symbolic_link_rewrites_the_file_it_points_to() {
    let dir = temp_dir("symlink");
    std::fs::create_dir_all(dir.join("real")).expect("a folder");
    let target = dir.join("real/game.cardgame");
    std::fs::write(&target, MESSY).expect("written");
    let link = dir.join("link.cardgame");
    std::os::unix::fs::symlink("real/game.cardgame", &link).expect("a link");
    let (code, _, err) = cardlang(&["fmt", link.to_str().expect("a path")]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link).expect("there").file_type().is_symlink(), "the link stays a link");
    assert_eq!(text(&target), TIDY, "the file it points to is rewritten");
    assert_eq!(names(&dir.join("real")), ["game.cardgame"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_vanishes_before_it_is_written_is_not_brought_back() {
    use cardlang::files::write::{replace, Existing, WriteError};
    let dir = temp_dir("vanish");
    let path = dir.join("gone.cardgame");
    std::fs::write(&path, MESSY).expect("written");
    // `fmt` has read the file; then someone removes it before the new text is written.
    let read = text(&path);
    std::fs::remove_file(&path).expect("removed");
    let p = path.to_str().expect("a path");
    let formatted = cardlang::syntax::format(&read).expect("formats");
    assert_eq!(replace(p, formatted.as_bytes(), Existing::MustExist), Err(WriteError::Vanished { path: p.into() }));
    assert!(names(&dir).is_empty(), "nothing is written, no temporary file is left");
    // A report may be a new file; into a folder that is not there, it is refused clearly.
    assert!(replace(p, b"new", Existing::MayBeNew).is_ok());
    assert_eq!(text(&path), "new");
    let missing = dir.join("no/such/folder/report.html");
    let err = replace(missing.to_str().expect("a path"), b"x", Existing::MayBeNew).expect_err("refused");
    assert!(matches!(err, WriteError::Io { .. }), "{err:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_report_is_written_whole_and_a_bad_report_path_is_refused() {
    let dir = temp_dir("report");
    let report = dir.join("report.html");
    let r = report.to_str().expect("a path");
    std::fs::write(&report, "an older report").expect("written");
    let (code, _, err) = cardlang(&["simulate", "games/wilcox_war.cardgame", "-n", "20", "--report", r]);
    assert_eq!(code, 0, "{err}");
    assert!(text(&report).starts_with("<!DOCTYPE html>"), "replaced whole");
    assert_eq!(names(&dir), ["report.html"]);
    let bad = dir.join("missing/report.html");
    let (code, _, err) =
        cardlang(&["simulate", "games/wilcox_war.cardgame", "-n", "20", "--report", bad.to_str().expect("a path")]);
    assert_eq!(code, 1);
    assert!(err.contains("cardlang::cli::unwritable") && says(&err, "cannot write"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fmt_checks_its_own_work_before_writing() {
    use cardlang::syntax::verify;
    assert_eq!(verify(MESSY, TIDY), Ok(()));
    assert!(verify(MESSY, &TIDY.replace("// title", "")).is_err(), "a lost comment is caught");
    assert!(verify(MESSY, &TIDY.replace("draw", "unfinished")).is_err(), "a changed rule is caught");
    assert!(verify(MESSY, &TIDY.replace('}', "")).is_err(), "a broken text is caught");
}
