//! How `lint` and `fmt` grow with the file (issue 38): `cargo bench --bench lint_scaling`. Each
//! shape is generated at sizes that double; near-linear growth means each doubling about doubles
//! the time. The shapes are those the issue measured: many unused functions, many unknown names,
//! a chain of functions each calling the one before, nested `if` blocks, and (for `fmt`) one long
//! sum. The nested shapes stay under `syntax::MAX_DEPTH`, past which a file is refused.

use cardlang::load::LintReport;

/// A file linted and its findings rendered, as `cardlang lint` does.
fn lint_file(path: &str) -> LintReport {
    LintReport::of(&cardlang::load::lint_file(path))
}

fn main() {
    divan::main();
}

/// A small game around `functions` and the body of `play`.
fn game(functions: &str, play: &str) -> String {
    format!(
        "game \"Scale\"\nplayers 2\nenum rank = 1, 2, 3\nproperty rank: rank\ncards standard = every rank\n\
         zone pack: shared, face down, holds standard\ncounter total = 0\n{functions}\n\
         procedure setup {{\n    shuffle pack\n}}\n\nprocedure play {{\n{play}    end game winner player 1\n}}\n"
    )
}

fn unused_functions(n: usize) -> String {
    game(&(0..n).map(|i| format!("function u{i}(x: int): int = x + {i}\n")).collect::<String>(), "")
}

fn unknown_names(n: usize) -> String {
    game("", &(0..n).map(|i| format!("    add zz{i} to total\n")).collect::<String>())
}

fn call_chain(n: usize) -> String {
    let mut f = "function f0(x: int): int = x + 1\n".to_string();
    for i in 1..n {
        f.push_str(&format!("function f{i}(x: int): int = f{}(x) + 1\n", i - 1));
    }
    game(&f, &format!("    add f{}(1) to total\n", n - 1))
}

fn nested_ifs(n: usize) -> String {
    let mut play = "if total >= 0 {\n".repeat(n);
    play.push_str("add 1 to total\n");
    play.push_str(&"}\n".repeat(n));
    game("", &play)
}

fn long_sum(n: usize) -> String {
    game("", &format!("    add {} to total\n", vec!["1"; n].join(" + ")))
}

/// Writes `text` to a file named after the shape and size; its path.
fn file(name: &str, n: usize, text: String) -> String {
    let dir = std::env::temp_dir().join(format!("cardlang-lint-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the files");
    let path = dir.join(format!("{name}-{n}.cardgame"));
    std::fs::write(&path, text).expect("the file is written");
    path.to_string_lossy().into_owned()
}

#[divan::bench(args = [1000, 2000, 4000, 8000], sample_count = 3, sample_size = 1)]
fn lint_unused_functions(bencher: divan::Bencher, n: usize) {
    let path = file("unused", n, unused_functions(n));
    bencher.bench(|| lint_file(&path));
}

#[divan::bench(args = [250, 500, 1000, 2000], sample_count = 3, sample_size = 1)]
fn lint_unknown_names(bencher: divan::Bencher, n: usize) {
    let path = file("unknown", n, unknown_names(n));
    bencher.bench(|| lint_file(&path));
}

#[divan::bench(args = [100, 200, 400, 800], sample_count = 3, sample_size = 1)]
fn lint_call_chain(bencher: divan::Bencher, n: usize) {
    let path = file("chain", n, call_chain(n));
    bencher.bench(|| lint_file(&path));
}

#[divan::bench(args = [100, 200, 400, 800], sample_count = 3, sample_size = 1)]
fn lint_nested_ifs(bencher: divan::Bencher, n: usize) {
    let path = file("ifs", n, nested_ifs(n));
    bencher.bench(|| lint_file(&path));
}

#[divan::bench(args = [100, 200, 400, 800], sample_count = 3, sample_size = 1)]
fn fmt_long_sum(bencher: divan::Bencher, n: usize) {
    let text = long_sum(n);
    bencher.bench(|| cardlang::syntax::format(&text));
}
