//! The `cardlang` command: all of it lives in the library's `cli` module.

fn main() {
    cardlang::cli::crash::install();
    cardlang::cli::crash::panic_if_asked();
    // Arguments go to clap as they are: a file name that is not UTF-8 still opens.
    std::process::exit(cardlang::cli::run(std::env::args_os()));
}
