//! Deep and runaway input (issue 38): text the parser accepts but that nests deeper than the
//! passes after it can follow, and calls that grow when written out. Every command either works
//! or says clearly what is too deep or too large; none crashes (a stack overflow ends the process
//! with signal 6, which the exit code -1 or 134 shows) or runs away.
//!
//! The files are made by the generators below, at the bound (they must work) and just past it
//! (they must be refused with their own code).

use super::common::cardlang;
use cardlang::syntax::MAX_DEPTH;

/// A small game whose `play` procedure holds `play` and whose functions are `functions`.
fn game(functions: &str, play: &str) -> String {
    format!(
        "game \"Deep\"\nplayers 2\nenum rank = 1, 2, 3\nproperty rank: rank\ncards standard = every rank\n\
         zone pack: shared, face down, holds standard\ncounter total = 0\n{functions}\n\
         procedure setup {{\n    shuffle pack\n}}\n\nprocedure play {{\n{play}    end game winner player 1\n}}\n"
    )
}

/// `n` `if` blocks inside one another.
fn nested_ifs(n: usize) -> String {
    let mut play = "if total >= 0 {\n".repeat(n);
    play.push_str("add 1 to total\n");
    play.push_str(&"}\n".repeat(n));
    game("", &play)
}

/// `n` brackets around a number.
fn brackets(n: usize) -> String {
    game("", &format!("    add {}1{} to total\n", "(".repeat(n), ")".repeat(n)))
}

/// `1 + 1 + ... + 1`, `n` terms on one line.
fn long_sum(n: usize) -> String {
    game("", &format!("    add {} to total\n", vec!["1"; n].join(" + ")))
}

/// `not not ... true`, `n` times.
fn nots(n: usize) -> String {
    game("", &format!("    if {}true {{\n        add 1 to total\n    }}\n", "not ".repeat(n)))
}

/// `if ... else if ...`, `n` cases.
fn else_ifs(n: usize) -> String {
    let mut play = "    if total == 0 {\n        add 1 to total\n    }".to_string();
    for i in 1..n {
        play.push_str(&format!(" else if total == {i} {{\n        add 1 to total\n    }}"));
    }
    play.push('\n');
    game("", &play)
}

/// `n` functions, each calling the one before and adding 1; `play` adds the last one's value.
fn call_chain(n: usize) -> String {
    game(&chain_functions(n), &format!("    add f{}(1) to total\n", n - 1))
}

fn chain_functions(n: usize) -> String {
    let mut out = "function f0(x: int): int = x + 1\n".to_string();
    for i in 1..n {
        out.push_str(&format!("function f{i}(x: int): int = f{}(x) + 1\n", i - 1));
    }
    out
}

/// `n` functions, each calling the one before twice (never called from the rules).
fn doubling(n: usize) -> String {
    let mut out = "function g0(x: int): int = x + 1\n".to_string();
    for i in 1..n {
        out.push_str(&format!("function g{i}(x: int): int = g{0}(x) + g{0}(x)\n", i - 1));
    }
    game(&out, "")
}

/// Writes `text` to a file of its own and runs every command on it: `lint`, `fmt --check`,
/// `transcript` and `simulate` on two worker threads. Their exit codes and standard errors.
fn every_command(name: &str, text: &str) -> Vec<(String, i32, String)> {
    let dir = std::env::temp_dir().join(format!("cardlang-deep-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the file");
    let path = dir.join(format!("{name}.cardgame"));
    std::fs::write(&path, text).expect("the file is written");
    let path = path.to_string_lossy().into_owned();
    let commands: [&[&str]; 4] = [
        &["lint", &path],
        &["fmt", "--check", &path],
        &["transcript", "--seed", "1", &path],
        &["simulate", &path, "--games", "4", "--jobs", "2"],
    ];
    let out = commands
        .iter()
        .map(|args| {
            let (code, _, err) = cardlang(args);
            (args[0].to_string(), code, err)
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// Every command runs to its end: no crash, and nothing refused as too deep or too large.
fn works(name: &str, text: &str) {
    for (command, code, err) in every_command(name, text) {
        assert!(
            code == 0 || (command == "fmt" && code == 1),
            "{name}: `{command}` exited with {code}:\n{}",
            &err[..err.len().min(2_000)]
        );
        assert!(!err.contains("too_deep") && !err.contains("too_large"), "{name}: `{command}`: {err}");
    }
}

/// Every command refuses the file with the error `code` (`fmt` only a syntax error), with a
/// failing exit status, never a crash.
fn refused(name: &str, text: &str, code: &str) {
    for (command, status, err) in every_command(name, text) {
        // `fmt` reads the syntax only: a checker's error is not its to find.
        if command == "fmt" && code.starts_with("cardlang::check::") {
            assert!(status == 0 || status == 1, "{name}: `fmt` exited with {status}:\n{err}");
            continue;
        }
        assert!(err.contains(code), "{name}: `{command}` exited with {status} without `{code}`:\n{err}");
        assert!(status > 0 && status < 64, "{name}: `{command}` exited with {status}:\n{err}");
        assert!(!err.contains("internal error"), "{name}: `{command}`: {err}");
    }
}

#[test]
fn nested_if_blocks_work_up_to_the_bound_and_are_refused_past_it() {
    works("ifs_at_bound", &nested_ifs(MAX_DEPTH - 10));
    refused("ifs_past_bound", &nested_ifs(MAX_DEPTH + 1), "cardlang::syntax::too_deep");
    // The file: 1,400 blocks.
    refused("ifs_1400", &nested_ifs(1_400), "cardlang::syntax::too_deep");
}

#[test]
fn nested_brackets_work_up_to_the_bound_and_are_refused_past_it() {
    works("brackets_at_bound", &brackets(MAX_DEPTH - 10));
    refused("brackets_6000", &brackets(6_000), "cardlang::syntax::too_deep");
}

#[test]
fn a_long_sum_is_counted_as_deep_as_its_operators() {
    // The syntax tree of `1 + 1 + 1` holds the sum before each `+`: as deep as it is long.
    works("sum_at_bound", &long_sum(MAX_DEPTH - 10));
    refused("sum_8000", &long_sum(8_000), "cardlang::syntax::too_deep");
    // A 100,000-column line.
    refused("sum_100000_columns", &long_sum(25_000), "cardlang::syntax::too_deep");
}

#[test]
fn prefix_operators_and_else_if_chains_are_bounded_too() {
    works("nots_at_bound", &nots(MAX_DEPTH - 10));
    refused("nots_20000", &nots(20_000), "cardlang::syntax::too_deep");
    works("else_ifs_at_bound", &else_ifs(MAX_DEPTH - 10));
    refused("else_ifs_3000", &else_ifs(3_000), "cardlang::syntax::too_deep");
}

#[test]
fn a_chain_of_functions_is_as_deep_as_all_of_them() {
    // Each function is written out where it is called: f999(1) is 1 + 1 + ... + 1.
    works("chain_within_bound", &call_chain(MAX_DEPTH - 100));
    // 4,000 of them pass both the depth bound and the budget of parts written out (the chain is
    // as large as the square of its length): refused with one or the other.
    refused("chain_4000", &call_chain(4_000), "cardlang::check::too_");
}

#[test]
fn the_deepest_file_that_checks_runs_on_every_thread() {
    // A chain of functions as deep as the bound, called from blocks nested as deep as the bound:
    // the checked program is twice the bound deep, and the simulator's workers run it.
    let mut play = "if total >= 0 {\n".repeat(MAX_DEPTH - 20);
    play.push_str(&format!("add f{}(1) to total\n", MAX_DEPTH - 100));
    play.push_str(&"}\n".repeat(MAX_DEPTH - 20));
    works("deepest", &game(&chain_functions(MAX_DEPTH - 99), &play));
}

#[test]
fn functions_calling_others_twice_are_checked_once_each() {
    // Sixteen levels took 2.8 s and 419 MB before (every call checked the body again): now each
    // body is checked once, and its calls written out within a budget.
    let start = std::time::Instant::now();
    let (code, _, err) = lint_text("doubling_16", &doubling(16));
    assert_eq!(code, 0, "{err}");
    // Thirty levels would write out 2^30 parts: refused, at once.
    let (code, _, err) = lint_text("doubling_30", &doubling(30));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cardlang::check::too_large"), "{err}");
    assert!(start.elapsed().as_secs() < 60, "took {:?}", start.elapsed());
}

#[test]
fn a_function_with_statements_called_from_another_gets_its_argument() {
    // `g(5)` calls `f(5)`, whose block holds statements: it ran with `none` for its parameter.
    let text = game(
        "function f(x: int): int {\n    let y = x\n    set y = y + 1\n    y\n}\nfunction g(x: int): int = f(x)\n",
        "    add g(5) to total\n    announce \"total {total}\"\n",
    );
    let dir = std::env::temp_dir().join(format!("cardlang-deep-{}-run-arg", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("g.cardgame");
    std::fs::write(&path, text).expect("written");
    let (code, out, err) = cardlang(&["transcript", "--seed", "1", &path.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{err}");
    // 5 + 1, worked out by hand.
    assert!(out.contains("total 6"), "{out}");
}

fn lint_text(name: &str, text: &str) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("cardlang-deep-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the file");
    let path = dir.join(format!("{name}.cardgame"));
    std::fs::write(&path, text).expect("the file is written");
    let out = cardlang(&["lint", &path.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
    out
}
