//! The `cardlang` command: all of it lives in the library's `cli` module.

fn main() {
    cardlang::cli::crash::install();
    cardlang::cli::crash::panic_if_asked();
    // Arguments that are not UTF-8 are read as best they can be, never a panic.
    let args = std::env::args_os().map(|a| a.to_string_lossy().into_owned());
    std::process::exit(cardlang::cli::run(args));
}
