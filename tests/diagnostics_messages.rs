//! The messages a newcomer meets on the command line, as they meet them: a mistake in `--set`
//! is not blamed on the file, and counts read "1 error", "2 errors".

use crate::common::{cardlang, says};

#[test]
fn a_misspelt_option_in_set_is_blamed_on_set_not_on_the_file() {
    let (code, _, err) = cardlang(&["play", "games/wilcox_war.cardgame", "--set", "hiden_prizes=3"]);
    assert_eq!(code, 2, "{err}");
    assert!(says(&err, "did you mean `hidden_prizes`?"), "{err}");
    assert!(err.ends_with("1 problem found in `--set`\n"), "{err}");
    assert!(!err.contains("found in games/wilcox_war.cardgame"), "the file is not at fault: {err}");
}

#[test]
fn problems_of_the_command_line_and_of_the_file_are_counted_apart() {
    let (code, _, err) = cardlang(&[
        "play",
        "games/wilcox_war.cardgame",
        "--variant",
        "singel_deck",
        "--set",
        "hidden_prizes=lots",
        "--set",
        "hiden_prizes=3",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(says(&err, "did you mean `single_deck`?"), "{err}");
    assert!(err.ends_with("3 problems found: 1 in `--variant`, 2 in `--set`\n"), "{err}");
}

#[test]
fn counts_say_1_error_and_2_errors() {
    let (code, out, _) = cardlang(&["lint", "tests/diagnostics/team_mistakes.cardgame"]);
    assert_eq!(code, 2);
    assert!(out.contains(": 2 errors,"), "{out}");
    assert!(!out.contains("(s)"), "{out}");
    let (_, out, _) = cardlang(&["lint", "tests/diagnostics/text_value_hole.cardgame"]);
    assert!(out.contains("1 error,"), "{out}");
    let (_, _, err) = cardlang(&["play", "tests/diagnostics/team_mistakes.cardgame"]);
    assert!(err.ends_with("2 problems found in tests/diagnostics/team_mistakes.cardgame\n"), "{err}");
}

#[test]
fn a_call_with_the_wrong_count_of_arguments_counts_them_in_words() {
    let game = "game \"Args\"\nplayers 2\nfunction twice(n: int): int = n * 2\n\
                procedure play {\n    announce \"{twice(1, 2)}\"\n    end game draw\n}\n";
    let file = cardlang::syntax::parse(game).expect("parses");
    let said: Vec<String> = cardlang::check::check_all(&file).iter().map(|e| e.to_string()).collect();
    assert_eq!(said, ["`twice` takes 1 argument, but 2 are given"]);
}
