//! Options that declare their type, range and meanings (`option redeals: int in 0 to 100 = 0,
//! -1 means "unlimited"`): written, formatted, checked, and set from a variant or `--set`.

use cardlang::check::ir::Value;
use cardlang::check::{check, CheckError, Config};

const GAME: &str = r#"game "Ranges"
players 2
enum suit = hearts, spades
option prizes: int in 0 to 10 = 2
option redeals: int in 0 to 100 = 0, -1 means "unlimited"
option trump: suit = spades
option fast: bool = false

procedure play {
    if redeals < 0 and prizes > 0 and trump == hearts and fast {
        end game draw
    }
    end game draw
}

variant lots {
    option redeals = unlimited
}
"#;

fn set(sets: &[(&str, &str)]) -> Result<Vec<(String, Value)>, Vec<CheckError>> {
    let file = cardlang::syntax::parse(GAME).expect("parses");
    let config =
        Config { variant: None, sets: sets.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), seats: None };
    check(&file, &config).map(|p| p.options.iter().map(|o| (o.name.clone(), o.value)).collect()).map_err(|e| e.errors)
}

fn value(sets: &[(&str, &str)], name: &str) -> Value {
    let options = set(sets).unwrap_or_else(|e| panic!("{e:?}"));
    options.into_iter().find(|o| o.0 == name).expect("the option").1
}

fn refused(sets: &[(&str, &str)]) -> String {
    match set(sets) {
        Ok(_) => panic!("{sets:?} should be refused"),
        Err(e) => e
            .iter()
            .map(|e| format!("{e}; {}", miette::Diagnostic::help(e).map(|h| h.to_string()).unwrap_or_default()))
            .collect(),
    }
}

#[test]
fn a_declared_option_reads_and_formats_as_written() {
    assert_eq!(cardlang::syntax::format(GAME).expect("formats"), GAME);
    let loose = GAME.replace("option prizes: int in 0 to 10 = 2", "option   prizes :int in 0 to   10=2");
    assert_eq!(cardlang::syntax::format(&loose).expect("formats"), GAME);
}

#[test]
fn values_within_the_range_or_a_meaning_are_taken() {
    assert_eq!(value(&[], "prizes"), Value::Int(2));
    assert_eq!(value(&[("prizes", "0")], "prizes"), Value::Int(0));
    assert_eq!(value(&[("prizes", "10")], "prizes"), Value::Int(10));
    // A meaning is typed by its word or its number, even outside the range.
    assert_eq!(value(&[("redeals", "unlimited")], "redeals"), Value::Int(-1));
    assert_eq!(value(&[("redeals", "Unlimited")], "redeals"), Value::Int(-1));
    assert_eq!(value(&[("redeals", "-1")], "redeals"), Value::Int(-1));
    assert!(matches!(value(&[("trump", "hearts")], "trump"), Value::Sym(0)));
    assert_eq!(value(&[("fast", "true")], "fast"), Value::Bool(true));
}

#[test]
fn a_variant_may_name_a_meaning() {
    let file = cardlang::syntax::parse(GAME).expect("parses");
    let program =
        check(&file, &Config { variant: Some("lots".into()), sets: Vec::new(), seats: None }).expect("checks");
    let redeals = program.options.iter().find(|o| o.name == "redeals").expect("there");
    assert_eq!(redeals.value, Value::Int(-1));
    assert_eq!(redeals.meaning_of(redeals.value), Some("unlimited"));
    assert_eq!(redeals.meaning_of(redeals.default), None);
}

#[test]
fn values_outside_the_range_are_refused_with_the_range_and_the_default() {
    assert_eq!(
        refused(&[("prizes", "11")]),
        "cannot set option `prizes`: 11 is out of range: `prizes` is from 0 to 10; give a number from 0 to 10 (the default is 2)"
    );
    assert_eq!(
        refused(&[("redeals", "-2")]),
        "cannot set option `redeals`: -2 is out of range: `redeals` is from 0 to 100; give a number from 0 to 100, or unlimited (-1) (the default is 0)"
    );
    assert!(refused(&[("prizes", "99999999999999999999")]).contains("`99999999999999999999` is too big for an option"));
    assert!(refused(&[("prizes", "-99999999999999999999")]).contains("is too far below zero for an option"));
    assert_eq!(
        refused(&[("prizes", "lots")]),
        "cannot set option `prizes`: `lots` is not a number; give a number from 0 to 10 (the default is 2)"
    );
    assert_eq!(
        refused(&[("trump", "clubs")]),
        "cannot set option `trump`: `clubs` is not a member of `suit`; give one of hearts, spades (the default is spades)"
    );
    assert_eq!(
        refused(&[("fast", "yes")]),
        "cannot set option `fast`: `yes` is not true or false; give true or false (the default is false)"
    );
}

#[test]
fn every_game_declares_a_range_for_its_number_options() {
    for (label, game) in crate::common::every_game() {
        for o in &game.program.options {
            if o.ty == cardlang::check::ir::Type::Int {
                assert!(o.range.is_some(), "{label}: option `{}` declares its range", o.name);
                assert!(o.allows(o.value), "{label}: `{}` is within its range", o.name);
            }
        }
    }
}
