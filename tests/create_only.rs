//! The create-only writer (`files::write::create`, used by `tune --write-variant`): a file that
//! must be new is written whole, and a file that has the name already, even one that appeared
//! after the command looked, is never replaced.

use std::path::{Path, PathBuf};

use cardlang::files::write::{create, WriteError};

/// A fresh, empty folder for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardlang-create-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_new_file_is_written_whole_and_leaves_no_temporary_file() {
    let dir = temp_dir("new");
    let path = dir.join("wilcox_war_short.cardgame");
    assert_eq!(create(&path, b"variant short extends \"../wilcox_war.cardgame\" {}\n"), Ok(()));
    assert_eq!(
        std::fs::read_to_string(&path).expect("written"),
        "variant short extends \"../wilcox_war.cardgame\" {}\n"
    );
    assert_eq!(names(&dir), ["wilcox_war_short.cardgame"], "only the file, no temporary copy");
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        assert_eq!(std::fs::metadata(&path).expect("there").nlink(), 1, "the temporary name is gone");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_appeared_after_the_check_is_never_replaced() {
    let dir = temp_dir("appeared");
    let path = dir.join("wilcox_war_short.cardgame");
    // The command found the name free; then someone else wrote a file there before it wrote.
    assert!(!path.exists(), "free when checked");
    std::fs::write(&path, "someone else's work\n").expect("written by another");
    let p = path.to_str().expect("a path");
    assert_eq!(create(&path, b"the tune's variant\n"), Err(WriteError::AlreadyThere { path: p.into() }));
    assert_eq!(std::fs::read_to_string(&path).expect("there"), "someone else's work\n", "untouched");
    assert_eq!(names(&dir), ["wilcox_war_short.cardgame"], "no temporary copy is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_link_with_the_name_is_not_followed_or_replaced() {
    #[cfg(unix)]
    {
        let dir = temp_dir("link");
        let elsewhere = dir.join("elsewhere.txt");
        let path = dir.join("out.cardgame");
        // A dangling link: writing through it would create `elsewhere.txt`.
        std::os::unix::fs::symlink(&elsewhere, &path).expect("a link");
        let err = create(&path, b"text\n").expect_err("refused");
        assert!(matches!(err, WriteError::AlreadyThere { .. }), "{err}");
        assert!(!elsewhere.exists(), "nothing is written where the link points");
        assert!(std::fs::symlink_metadata(&path).expect("there").file_type().is_symlink(), "the link stays");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn many_writers_racing_for_one_name_leave_exactly_one_whole_file() {
    let dir = temp_dir("race");
    let path = dir.join("out.cardgame");
    let results: Vec<Result<(), WriteError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let path = &path;
                s.spawn(move || create(path, format!("writer {i}\n").repeat(1000).as_bytes()))
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a writer finishes")).collect()
    });
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "one writer wins: {results:?}");
    assert!(results.iter().filter(|r| r.is_err()).all(|r| matches!(r, Err(WriteError::AlreadyThere { .. }))));
    let text = std::fs::read_to_string(&path).expect("there");
    let first = text.lines().next().expect("a line").to_string();
    assert!(text.lines().count() == 1000 && text.lines().all(|l| l == first), "one writer's whole text, unmixed");
    assert_eq!(names(&dir), ["out.cardgame"], "no temporary copy is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_folder_is_refused_clearly() {
    let dir = temp_dir("nofolder");
    let path = dir.join("no/such/folder/out.cardgame");
    let err = create(&path, b"x").expect_err("refused");
    assert!(matches!(err, WriteError::Io { .. }), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
