//! Issue 38, the command line as a hostile user drives it: output that cannot be written is an
//! error (a closed pipe alone ends quietly), no output replaces an input or a rules file, outputs
//! are checked before any game is played, `--jobs` is capped, `fmt` keeps owners and hard links
//! and cleans up after a signal, and odd input (a bad prompt line, `/dev/zero`, a file name that
//! is not UTF-8, a value of 100,000 digits) gets a clear answer (docs/reliability.md).
//!
//! The tests run as root here. As root the mode bits do not stop a write, so the test of real
//! write access runs `fmt` as the user `nobody` (with `setpriv`), and skips when that cannot be
//! done; the test of the owner kept gives the file to another user first (root may).

use crate::common::says;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const GAME: &str = "games/wilcox_war.cardgame";

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cardlang"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Runs the binary: exit code, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).stdin(Stdio::null()).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Waits for a child at most `secs` seconds (killing it then): its exit code and standard error.
fn finish_within(mut child: Child, secs: u64) -> (i32, String) {
    let start = Instant::now();
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut e, &mut err);
            }
            return (status.code().unwrap_or(-1), err);
        }
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A fresh folder of its own for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hardening").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).expect("a folder").flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    names.sort();
    names
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

// ─── 2. Output that cannot be written ───────────────────────────────────────────────────────

#[cfg(target_os = "linux")]
#[test]
fn output_to_a_full_device_is_an_error_not_a_silent_success() {
    for args in [
        vec!["simulate", GAME, "-n", "20", "--shard", "1/2"],
        vec!["simulate", GAME, "-n", "20"],
        vec!["transcript", GAME, "--seed", "3"],
        vec!["transcript", GAME, "--seed", "3", "--format", "jsonl"],
        vec!["lint", GAME],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let out = bin().args(&args).stdout(full).stderr(Stdio::piped()).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(says(&err, "error: cannot write to standard output"), "{args:?}: {err}");
        assert!(says(&err, "No space left on device"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `| head -1`: the reader goes away after one line.
    let mut child = bin()
        .args(["transcript", "games/scopa.cardgame", "--seed", "1", "--set", "target=100"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a line");
    assert_eq!(first, "# Scopa\n");
    let (code, err) = finish_within(child, 120);
    assert_eq!((code, err.as_str()), (0, ""));
}

// ─── 3, 5, 6. Outputs: never an input, checked first, written whole ─────────────────────────

#[test]
fn an_output_never_replaces_the_game_or_any_rules_file() {
    let dir = temp_dir("inputs");
    let game = dir.join("war.cardgame");
    let rules = std::fs::read_to_string(GAME).expect("the game");
    std::fs::write(&game, &rules).expect("written");
    // The game as --report and --out, also through a link and a name without `.cardgame`.
    let link = dir.join("link.html");
    std::os::unix::fs::symlink("war.cardgame", &link).expect("a link");
    let hard = dir.join("hard.json");
    let other = dir.join("other.cardgame");
    for args in [
        vec!["simulate", s(&game), "-n", "5", "--report", s(&game)],
        vec!["simulate", s(&game), "-n", "5", "--report", s(&link)],
        vec!["simulate", s(&game), "-n", "5", "--shard", "1/2", "--out", s(&game)],
        vec!["simulate", s(&game), "-n", "5", "--report", s(&other)],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(says(&err, "will not write"), "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(&game).expect("there"), rules, "{args:?}: the game is unchanged");
    }
    assert!(!other.exists());
    // A hard link to the game is the game, whatever its name says.
    std::fs::hard_link(&game, &hard).expect("a hard link");
    let (code, _, err) = run(&["simulate", s(&game), "-n", "5", "--shard", "1/2", "--out", s(&hard)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cardlang::cli::output_is_input"), "{err}");
    std::fs::remove_file(&hard).expect("removed");
    // merge --report naming one of its shards.
    let shard = dir.join("s1.json");
    let (code, _, err) = run(&["simulate", s(&game), "-n", "5", "--shard", "1/1", "--out", s(&shard)]);
    assert_eq!(code, 0, "{err}");
    let doc = std::fs::read_to_string(&shard).expect("the shard");
    let (code, _, err) = run(&["merge", s(&shard), "--report", s(&shard)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cardlang::cli::output_is_input") && says(&err, "it is a shard document of"), "{err}");
    assert_eq!(std::fs::read_to_string(&shard).expect("there"), doc);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unwritable_output_is_found_before_any_game_is_played() {
    let dir = temp_dir("probe");
    let missing = dir.join("no/such/folder/report.html");
    let shard = dir.join("no/such/folder/shard.json");
    // A billion games would take hours: the refusal must come first.
    for args in [
        vec!["simulate", GAME, "-n", "1000000000", "--report", s(&missing)],
        vec!["simulate", GAME, "-n", "1000000000", "--shard", "1/2", "--out", s(&shard)],
        vec!["simulate", GAME, "-n", "1000000000", "--compare", "base,base2", "--report", s(&missing)],
    ] {
        let child = bin().args(&args).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("runs");
        let (code, err) = finish_within(child, 60);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("cardlang::cli::unwritable"), "{args:?}: {err}");
    }
    assert_eq!(names(&dir), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn out_writes_through_the_same_careful_writer_as_fmt() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("out");
    let shard = dir.join("shard.json");
    std::fs::write(&shard, "an older shard").expect("written");
    std::fs::set_permissions(&shard, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    // Read-only: refused (a plain write overwrote it as root), before the games are played.
    let (code, _, err) = run(&["simulate", GAME, "-n", "4", "--shard", "1/2", "--out", s(&shard)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cardlang::cli::read_only"), "{err}");
    assert_eq!(std::fs::read_to_string(&shard).expect("there"), "an older shard");
    // Writable: replaced whole, its permissions kept, no temporary file left.
    std::fs::set_permissions(&shard, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let (code, out, err) = run(&["simulate", GAME, "-n", "4", "--shard", "1/2", "--out", s(&shard)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("shard 1/2: games 0..2 of 4 written to "), "{out}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&shard).expect("there")).expect("a whole JSON document");
    assert_eq!(doc["format"].as_str(), Some("cardlang-shard"));
    assert_eq!(std::fs::metadata(&shard).expect("there").permissions().mode() & 0o777, 0o640);
    assert_eq!(names(&dir), ["shard.json"]);
    let _ = std::fs::remove_dir_all(&dir);
}

// ─── 8. --jobs ──────────────────────────────────────────────────────────────────────────────

#[test]
fn jobs_is_capped_with_a_note_and_the_results_do_not_change() {
    let (code, one, err) = run(&["simulate", GAME, "-n", "6", "--jobs", "1", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let out = bin().args(["simulate", GAME, "-n", "6", "--jobs", "100000", "--json"]).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    // Never more threads than games.
    assert!(says(&err, "note: --jobs 100000 is more than this run can use; using 6 threads"), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), one, "the same results");
    // Within the cap, no note.
    let (code, _, err) = run(&["simulate", GAME, "-n", "6", "--jobs", "2"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

// ─── 9, 10. fmt: access, owner, hard links, signals ─────────────────────────────────────────

const MESSY: &str = "game \"T\" // title\nplayers 2\nprocedure play {\nend game draw }\n";
const TIDY: &str = "game \"T\" // title\nplayers 2\nprocedure play {\n    end game draw\n}\n";

#[cfg(unix)]
#[test]
fn fmt_refuses_a_file_the_user_may_not_write_whatever_its_mode_bits() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("access");
    // A world-writable folder (no sticky bit) holding root's file, mode 0644: another user may
    // rename over it, but may not write it.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    let path = dir.join("root.cardgame");
    std::fs::write(&path, MESSY).expect("written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let as_nobody = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", env!("CARGO_BIN_EXE_cardlang"), "fmt", s(&path)])
        .output();
    let Ok(out) = as_nobody else {
        crate::common::skipped("skipped: setpriv cannot run cardlang as another user here");
        return;
    };
    let err = String::from_utf8_lossy(&out.stderr);
    if err.contains("setpriv:") {
        crate::common::skipped(&format!("skipped: {err}"));
        return;
    }
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cardlang::cli::no_write_access"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("there"), MESSY);
    assert_eq!(names(&dir), ["root.cardgame"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn fmt_keeps_the_owner_and_refuses_to_split_hard_links() {
    use std::os::unix::fs::MetadataExt;
    let dir = temp_dir("owner");
    let path = dir.join("theirs.cardgame");
    std::fs::write(&path, MESSY).expect("written");
    // Root may give the file away; another user may not, and then the test is of nothing.
    if std::os::unix::fs::chown(&path, Some(4321), Some(4321)).is_err() {
        crate::common::skipped("skipped: not root, the file cannot be given to another user");
        return;
    }
    let (code, _, err) = run(&["fmt", s(&path)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("there"), TIDY);
    let m = std::fs::metadata(&path).expect("there");
    assert_eq!((m.uid(), m.gid()), (4321, 4321), "the owner is kept");
    // Two names for one file: replacing one would leave the other on the old text.
    let other = dir.join("other-name.cardgame");
    std::fs::write(&path, MESSY).expect("written");
    std::fs::hard_link(&path, &other).expect("a hard link");
    let (code, _, err) = run(&["fmt", s(&path)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cardlang::cli::hard_linked") && says(&err, "2 names"), "{err}");
    assert_eq!(std::fs::read_to_string(&other).expect("there"), MESSY);
    assert_eq!(std::fs::metadata(&path).expect("there").ino(), std::fs::metadata(&other).expect("there").ino());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_fmt_leaves_no_temporary_file_and_a_stale_one_is_removed() {
    let dir = temp_dir("signal");
    let path = dir.join("game.cardgame");
    std::fs::write(&path, MESSY).expect("written");
    // The write waits 30 s between its temporary file and the rename: time to be killed.
    let child = bin()
        .args(["fmt", s(&path)])
        .env("CARDLANG_SLOW_WRITE_FOR_TEST", "30000")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let start = Instant::now();
    while names(&dir).len() < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "the temporary file never appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    let temp = names(&dir).into_iter().find(|n| n.starts_with(".game.cardgame.cardlang-")).expect("a temporary file");
    assert!(temp.ends_with(".tmp"), "{temp}");
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let (code, _) = finish_within(child, 60);
    assert_eq!(code, 128 + 15, "ended by SIGTERM, after cleaning up");
    assert_eq!(names(&dir), ["game.cardgame"], "the temporary file is gone");
    assert_eq!(std::fs::read_to_string(&path).expect("there"), MESSY);
    // A temporary file left by a process that is gone (kill -9): removed by the next run. The
    // process number is past the largest Linux hands out.
    std::fs::write(dir.join(".game.cardgame.cardlang-4194999-0.tmp"), "half a file").expect("written");
    std::fs::write(dir.join(".game.cardgame.cardlang-notapid.tmp"), "someone else's").expect("written");
    let (code, _, err) = run(&["fmt", s(&path)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(names(&dir), [".game.cardgame.cardlang-notapid.tmp", "game.cardgame"]);
    assert_eq!(std::fs::read_to_string(&path).expect("there"), TIDY);
    let _ = std::fs::remove_dir_all(&dir);
}

// ─── 11, 12. Odd input ──────────────────────────────────────────────────────────────────────

#[test]
fn a_prompt_line_that_is_not_text_is_asked_again_and_a_long_one_is_echoed_cut() {
    use cardlang::agents::human::{echo, read_answer, Answer};
    let mut input = std::io::Cursor::new(b"\xff\xfe\n12\n".to_vec());
    assert_eq!(read_answer(&mut input).expect("reads"), Answer::NotText);
    assert_eq!(read_answer(&mut input).expect("reads"), Answer::Text("12\n".into(), 3));
    assert_eq!(read_answer(&mut input).expect("reads"), Answer::End);
    let digits = "9".repeat(100_000);
    let mut long = std::io::Cursor::new(format!("{digits}\n").into_bytes());
    let Answer::Text(kept, bytes) = read_answer(&mut long).expect("reads") else { panic!("text") };
    assert_eq!(bytes, 100_001);
    assert!(kept.len() <= 4096, "at most 4 KB of a line is kept");
    assert_eq!(echo(kept.trim(), bytes), format!("`{}…` (cut: the line has 100001 bytes)", &digits[..60]));
    assert_eq!(echo("8h", 3), "`8h`");
    // At the table: the bad line is asked again and the game goes on.
    let mut child = bin()
        .args(["play", "games/crazy_eights.cardgame", "--players", "human,random", "--seed", "1", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut typed = b"\xff\xfe\n".to_vec();
    typed.extend(format!("{digits}\n").bytes());
    typed.extend(b"q\n");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&typed);
    });
    let out = child.wait_with_output().expect("finishes");
    let _ = writer.join();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("That line is not text (it is not UTF-8): type your choice again."), "{shown}");
    assert!(shown.contains("(cut: the line has 100001 bytes) is not"), "{}", &shown[..shown.len().min(3000)]);
    assert!(shown.len() < 20_000, "the long line is not echoed whole");
    // q ends the game: it was still going after both lines.
    assert!(String::from_utf8_lossy(&out.stderr).contains("stopped playing"));
}

#[test]
fn a_repeated_set_is_refused_and_a_huge_value_is_echoed_cut() {
    let (code, _, err) =
        run(&["simulate", "games/scopa.cardgame", "-n", "1", "--set", "target=5", "--set", "target=7"]);
    assert_eq!(code, 2, "{err}");
    assert!(says(&err, "--set gives `target` twice (`target=5`, then `target=7`)"), "{err}");
    let huge = format!("target={}", "9".repeat(100_000));
    for command in [
        ["simulate", "games/scopa.cardgame", "-n", "1"].as_slice(),
        &["transcript", "games/scopa.cardgame", "--seed", "1"],
    ] {
        let (code, _, err) = run(&[command, &["--set", &huge]].concat());
        assert_eq!(code, 2, "{err}");
        assert!(err.len() < 500, "cut: {err}");
        assert!(says(&err, "(100007 characters)"), "{err}");
    }
}

#[test]
fn a_syntax_error_names_each_expected_thing_once() {
    let dir = temp_dir("expected");
    let path = dir.join("long.cardgame");
    std::fs::write(&path, format!("game \"Long\"\nplayers 2 {}\n", "+ ".repeat(40_000))).expect("written");
    let (code, _, err) = run(&["lint", "--format", "json", s(&path)]);
    assert_eq!(code, 2, "{err}");
    let out = run(&["lint", "--format", "json", s(&path)]).1;
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    let message = json["message"].as_str().expect("a message");
    assert_eq!(
        message,
        "syntax error: expected `teams`, a declaration (game, players, option, enum, property, cards, order, zone, \
         counter, function, procedure, variant) or end of file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn reading_dev_zero_as_a_game_stops_at_a_size_limit() {
    for command in ["lint", "fmt"] {
        let child =
            bin().args([command, "/dev/zero"]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("runs");
        let (code, err) = finish_within(child, 120);
        assert_eq!(code, 2, "{err}");
        assert!(says(&err, "it is larger than 64 MiB, the most cardlang reads as one file"), "{err}");
    }
}

#[test]
fn a_file_that_is_not_utf8_is_told_about_its_content_not_its_path() {
    let dir = temp_dir("content");
    let path = dir.join("latin1.cardgame");
    std::fs::write(&path, b"game \"Caf\xe9\"\nplayers 2\n").expect("written");
    let (code, _, err) = run(&["lint", s(&path)]);
    assert_eq!(code, 2, "{err}");
    // The message is wrapped where the path's length puts it (even inside "UTF-8").
    assert!(says(&err, "its content is not UTF-8 text"), "{err}");
    assert!(says(&err, "line 1, column 10"), "{err}");
    assert!(says(&err, "the file's content must be UTF-8 text"), "{err}");
    assert!(!says(&err, "check the path"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_can_be_opened() {
    use std::os::unix::ffi::OsStrExt;
    let dir = temp_dir("name");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.cardgame");
    let path = dir.join(name);
    std::fs::copy(GAME, &path).expect("copied");
    for args in [vec!["lint"], vec!["fmt", "--check"], vec!["simulate", "-n", "3"], vec!["variants"]] {
        let out = bin().args(&args).arg(&path).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Peak memory (KB) of a transcript, by `/usr/bin/time`; `None` where it is not installed.
fn peak_kb(args: &[&str]) -> Option<u64> {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M", env!("CARGO_BIN_EXE_cardlang")])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stderr).trim().lines().last()?.parse().ok()
}

#[test]
fn a_transcript_is_streamed_so_a_long_game_needs_no_more_memory_than_a_short_one() {
    for format in ["text", "jsonl"] {
        let short = ["transcript", "games/scopa.cardgame", "--seed", "1", "--set", "target=1", "--format", format];
        let long = ["transcript", "games/scopa.cardgame", "--seed", "1", "--set", "target=200", "--format", format];
        let (Some(a), Some(b)) = (peak_kb(&short), peak_kb(&long)) else {
            crate::common::skipped("skipped: /usr/bin/time is not installed");
            return;
        };
        // Held whole, the long JSON transcript took 40 MB more than the short one.
        assert!(b < a + 8_000, "{format}: {a} KB for a short game, {b} KB for a long one");
    }
}
