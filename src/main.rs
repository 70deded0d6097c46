//! The `cardlang` command: all of it lives in the library's `cli` module.

fn main() {
    std::process::exit(cardlang::cli::run(std::env::args()));
}
