//! Two editors' own clients talking to `cardlang lsp` (issue 40, docs/editors.md "What was
//! tried"): Neovim's built-in client (`editors/neovim/check.lua`) and Emacs's eglot
//! (`editors/emacs/check.el`), each run headless on a copy of Classic War with a misspelt zone
//! and a badly spaced line, as the table in docs/editors.md describes. Each must get the
//! server's diagnostic with its code and line and format the buffer. Where the editor is not
//! installed, the test says it was skipped and checks nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A folder of its own holding `broken.cardgame`: Classic War with `shuffle pak` (an unknown
/// zone, line 46) and `counter   wars =   0` (what formatting puts right).
fn broken_game(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the file");
    let game = std::fs::read_to_string(format!("{ROOT}/games/classic_war.cardgame")).expect("Classic War");
    assert!(game.contains("    shuffle pack\n") && game.contains("\ncounter wars = 0\n"), "the lines to spoil");
    let broken = game
        .replace("    shuffle pack\n", "    shuffle pak\n")
        .replace("\ncounter wars = 0\n", "\ncounter   wars =   0\n");
    std::fs::write(dir.join("broken.cardgame"), broken).expect("written");
    dir
}

/// Whether `program --version` runs.
fn installed(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|out| out.status.success())
}

/// Runs `command` to its end or for a minute at most (then kills it): whether it succeeded, and
/// what it wrote to standard output and standard error, together.
fn run(mut command: Command) -> (bool, String) {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("runs");
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() < Duration::from_secs(60) => std::thread::sleep(Duration::from_millis(50)),
            _ => {
                let _ = child.kill();
                break None;
            }
        }
    };
    let out = child.wait_with_output().expect("its output");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    match status {
        Some(s) => (s.success(), text),
        None => (false, format!("{text}\n(stopped after a minute: a hang)")),
    }
}

#[test]
fn neovims_client_gets_the_mistake_and_formats_the_file() {
    if !installed("nvim") {
        crate::common::skipped("skipped: Neovim's client against cardlang lsp (no nvim on this machine)");
        return;
    }
    let dir = broken_game("neovim");
    let mut nvim = Command::new("nvim");
    nvim.args(["--headless", "--clean", "-u"]).arg(format!("{ROOT}/editors/neovim/check.lua")).arg("broken.cardgame");
    nvim.current_dir(&dir).env("CARDLANG", env!("CARGO_BIN_EXE_cardlang"));
    let (ok, said) = run(nvim);
    assert!(ok, "check.lua failed:\n{said}");
    assert!(said.contains("server: cardlang capabilities received"), "{said}");
    assert!(said.contains("46:13 ERROR [cardlang::check::unknown_zone] unknown zone `pak`"), "{said}");
    assert!(said.contains("outline: 25 symbols: Classic War,"), "{said}");
    assert!(said.contains("formatting: 1 edits"), "{said}");
}

#[test]
fn emacs_eglot_gets_the_mistake_and_formats_the_file() {
    if !installed("emacs") {
        crate::common::skipped("skipped: Emacs's eglot against cardlang lsp (no emacs on this machine)");
        return;
    }
    let dir = broken_game("emacs");
    // cardgame-mode starts `cardlang lsp` from the PATH.
    let bin = Path::new(env!("CARGO_BIN_EXE_cardlang")).parent().expect("the binary's folder");
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a PATH");
    let mut emacs = Command::new("emacs");
    emacs.args(["--batch", "-l"]).arg(format!("{ROOT}/editors/emacs/check.el")).arg("broken.cardgame");
    emacs.current_dir(&dir).env("PATH", path);
    let (ok, said) = run(emacs);
    if said.contains("Cannot open load file") && said.contains("eglot") {
        crate::common::skipped("skipped: Emacs's eglot against cardlang lsp (this Emacs has no eglot: elpa-eglot)");
        return;
    }
    assert!(ok, "check.el failed:\n{said}");
    assert!(
        said.contains("diagnostic: line 46: eglot-error: cardlang [cardlang::check::unknown_zone]: unknown zone `pak`"),
        "{said}"
    );
    assert!(said.contains("formatting changed the buffer: yes"), "{said}");
    assert!(said.contains("outline (imenu): 11 entries"), "{said}");
}
