//! The games that travel with the binary, as a person outside a checkout meets them: `cardlang
//! games` lists them, a bare name plays, simulates, transcribes, lints and lists variants of the
//! bundled game from any folder, `show` prints the file byte for byte, a file of the name wins,
//! `new` writes a skeleton that lints clean and plays (and never replaces a file), and the shell
//! completions and man pages name every command.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs the binary in `dir`: exit code, standard output, standard error.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An empty folder of its own, away from the checkout (as an installed `cardlang` is used).
fn elsewhere(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bundle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

fn checkout() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The names of `games/*.cardgame`.
fn game_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(checkout().join("games"))
        .expect("games/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("cardgame"))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
        .collect();
    names.sort();
    names
}

#[test]
fn every_game_file_is_bundled_and_listed_with_its_title_players_and_variants() {
    let bundled: Vec<&str> = cardlang::bundle::all().map(|b| b.name).collect();
    assert_eq!(bundled, game_names(), "the binary holds exactly games/*.cardgame");
    let (code, out, err) = run_in(&elsewhere("games"), &["games"]);
    assert_eq!(code, 0, "{err}");
    for name in game_names() {
        let text = std::fs::read_to_string(checkout().join(format!("games/{name}.cardgame"))).expect("reads");
        let about = cardlang::bundle::About::of(&text).expect("the game checks");
        let line = out.lines().find(|l| l.split_whitespace().next() == Some(&name)).unwrap_or_else(|| {
            panic!("`cardlang games` lists {name}:\n{out}");
        });
        assert!(line.contains(&about.title) && line.contains(&about.players()), "{line}");
        for v in &about.variants {
            assert!(line.contains(v.as_str()), "{line} names the variant {v}");
        }
    }
    assert!(out.contains("cardlang play NAME") && out.contains("cardlang show NAME"), "{out}");
}

#[test]
fn a_bare_name_plays_the_bundled_game_from_any_folder_as_the_file_does_in_the_checkout() {
    let away = elsewhere("play");
    let by_name = run_in(&away, &["play", "wilcox_war", "--players", "random,random", "--seed", "7"]);
    let by_file =
        run_in(&checkout(), &["play", "games/wilcox_war.cardgame", "--players", "random,random", "--seed", "7"]);
    assert_eq!(by_name.0, 0, "{}", by_name.2);
    assert_eq!(by_name.1, by_file.1, "the same game, move for move");
    // `NAME.cardgame` names it too when no such file is there.
    let with_extension = run_in(&away, &["play", "wilcox_war.cardgame", "--players", "random,random", "--seed", "7"]);
    assert_eq!(with_extension.1, by_file.1);
}

#[test]
fn every_command_that_takes_a_game_takes_a_bundled_name() {
    let away = elsewhere("commands");
    let (code, out, err) = run_in(&away, &["transcript", "high_low_war", "--seed", "3"]);
    assert!(code == 0 && out.contains("High-Low Wager War"), "{err}");
    let (code, out, err) = run_in(&away, &["simulate", "klondike", "-n", "5", "--json"]);
    assert!(code == 0 && out.contains("\"game\": \"Klondike\""), "{err}");
    let (code, out, err) = run_in(&away, &["variants", "wild_twist_gin"]);
    assert!(code == 0 && out.contains("knock_after_draw") && !out.contains("variant files"), "{out}{err}");
    let (code, out, err) = run_in(&away, &["lint", "spades", "scopa"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("spades.cardgame: ok") && out.contains("scopa.cardgame: ok"), "{out}");
    // The same results as the files in the checkout: --json does not depend on where the game came from.
    let here = run_in(&checkout(), &["simulate", "games/klondike.cardgame", "-n", "5", "--json"]);
    let there = run_in(&away, &["simulate", "klondike", "-n", "5", "--json"]);
    assert_eq!(here.1, there.1);
}

#[test]
fn show_prints_the_game_file_byte_for_byte() {
    for name in game_names() {
        let (code, out, err) = run_in(&elsewhere("show"), &["show", &name]);
        assert_eq!(code, 0, "{err}");
        let file = std::fs::read_to_string(checkout().join(format!("games/{name}.cardgame"))).expect("reads");
        assert_eq!(out, file, "cardlang show {name} > {name}.cardgame gives back the file");
    }
    let (code, _, err) = run_in(&elsewhere("show"), &["show", "no_such_game"]);
    assert_eq!(code, 2);
    assert!(err.contains("no game called `no_such_game`") && err.contains("cardlang games"), "{err}");
}

#[test]
fn a_file_of_the_name_wins_over_the_bundled_game() {
    let dir = elsewhere("wins");
    let (_, text, _) = run_in(&dir, &["show", "wilcox_war"]);
    let mine = text.replacen("game \"Wilcox War\"", "game \"My Own War\"", 1);
    assert_ne!(mine, text, "the title is replaced");
    std::fs::write(dir.join("wilcox_war.cardgame"), mine).expect("written");
    let (code, out, err) = run_in(&dir, &["play", "wilcox_war.cardgame", "--seed", "1", "--players", "random,random"]);
    assert!(code == 0 && out.starts_with("My Own War"), "{out}{err}");
    // A folder in the path is always a path: nothing bundled is looked for.
    let (code, _, err) = run_in(&dir, &["play", "./no_such_game"]);
    assert_eq!(code, 2);
    assert!(crate::common::says(&err, "`cardlang games` lists the games that come with cardlang"), "{err}");
}

#[test]
fn fmt_refuses_a_bundled_name_and_says_how_to_get_the_file() {
    let (code, _, err) = run_in(&elsewhere("fmt"), &["fmt", "--check", "wilcox_war"]);
    assert_eq!(code, 2);
    assert!(err.contains("cardlang show wilcox_war > wilcox_war.cardgame"), "{err}");
}

#[test]
fn new_writes_a_commented_game_that_lints_clean_plays_and_is_formatted() {
    let dir = elsewhere("new");
    let (code, out, err) = run_in(&dir, &["new", "river_duel"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote river_duel.cardgame"), "{out}");
    let text = std::fs::read_to_string(dir.join("river_duel.cardgame")).expect("written");
    assert!(
        text.contains("game \"River Duel\"") && text.lines().filter(|l| l.trim_start().starts_with("//")).count() >= 10
    );
    let (code, out, err) = run_in(&dir, &["lint", "--deny-warnings", "river_duel.cardgame"]);
    assert_eq!(code, 0, "no warning: {out}{err}");
    let (code, out, err) = run_in(&dir, &["play", "river_duel.cardgame", "--players", "random,random", "--seed", "4"]);
    assert!(code == 0 && out.contains("result:"), "{out}{err}");
    let (code, out, err) = run_in(&dir, &["fmt", "--check", "river_duel.cardgame"]);
    assert_eq!(code, 0, "the skeleton is in the canonical layout: {out}{err}");
    let (code, out, err) = run_in(&dir, &["simulate", "river_duel.cardgame", "-n", "20", "--set", "rounds=20"]);
    assert_eq!(code, 0, "the longest game it allows has cards enough: {out}{err}");
}

#[test]
fn new_never_replaces_a_file() {
    let dir = elsewhere("new-twice");
    std::fs::write(dir.join("mine.cardgame"), "my work").expect("written");
    let (code, _, err) = run_in(&dir, &["new", "mine"]);
    assert_eq!(code, 2);
    assert!(err.contains("already there"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.join("mine.cardgame")).expect("reads"), "my work");
}

/// The names of cardlang's commands, as `cardlang --help` lists them (but `help` itself).
fn commands() -> Vec<String> {
    let (code, help, err) = run_in(Path::new(env!("CARGO_TARGET_TMPDIR")), &["--help"]);
    assert_eq!(code, 0, "{err}");
    let listed = help.split("Commands:\n").nth(1).unwrap_or_default();
    let lines = listed.lines().take_while(|l| !l.trim().is_empty());
    // A command's line starts two spaces in; a wrapped description's further lines, more.
    let names = lines.filter(|l| l.starts_with("  ") && !l.starts_with("   "));
    names.filter_map(|l| l.split_whitespace().next()).filter(|&c| c != "help").map(String::from).collect()
}

#[test]
fn the_completion_scripts_name_every_command_and_bash_parses_its_own() {
    let all = commands();
    assert!(all.len() >= 13, "{all:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, err) = run_in(&elsewhere("completions"), &["completions", shell]);
        assert_eq!(code, 0, "{err}");
        for c in &all {
            assert!(out.contains(c.as_str()), "the {shell} script completes `{c}`");
        }
    }
    let (_, script, _) = run_in(&elsewhere("completions"), &["completions", "bash"]);
    let file = elsewhere("bash-script").join("cardlang.bash");
    std::fs::write(&file, &script).expect("written");
    match Command::new("bash").arg("-n").arg(&file).output() {
        Ok(out) => assert!(out.status.success(), "bash parses it: {}", String::from_utf8_lossy(&out.stderr)),
        Err(_) => crate::common::skipped("skipped: bash -n on the completion script (no bash on this machine)"),
    }
    let (code, _, err) = run_in(&elsewhere("completions"), &["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn the_man_pages_list_every_command_and_each_command_has_its_own() {
    let (code, page, err) = run_in(&elsewhere("man"), &["manpage"]);
    assert_eq!(code, 0, "{err}");
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "roff: {}", &page[..page.len().min(80)]);
    assert!(page.contains(".TH cardlang 1"), "{page}");
    for c in commands() {
        // roff escapes a hyphen as `\-`.
        assert!(page.contains(&format!("cardlang\\-{c}")), "the page names `{c}`");
        let (code, own, err) = run_in(&elsewhere("man"), &["manpage", &c]);
        assert_eq!(code, 0, "{err}");
        assert!(own.contains(&format!(".TH cardlang-{c} 1")), "{own}");
    }
    let (code, _, err) = run_in(&elsewhere("man"), &["manpage", "plya"]);
    assert!(code == 2 && err.contains("no command `plya`"), "{err}");
    // Where man(1) is installed, it renders the page without a warning.
    let dir = elsewhere("man-render");
    let file = dir.join("cardlang.1");
    std::fs::write(&file, &page).expect("written");
    match Command::new("man").arg("-l").arg(&file).env("MANWIDTH", "80").env("MAN_KEEP_STDERR", "1").output() {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("play") && text.contains("simulate"), "{text}");
        }
        _ => crate::common::skipped("skipped: rendering the man page with man -l (man is not installed)"),
    }
}
