//! End-to-end tests of the `cardlang` binary.

use crate::common::says;

fn cardlang(args: &[&str], stdin: &str) -> (i32, String, String) {
    crate::common::cardlang_stdin(args, stdin)
}

#[test]
fn two_random_players_play_wilcox_war_to_the_end() {
    let (code, out, err) =
        cardlang(&["play", "games/wilcox_war.cardgame", "--players", "random,random", "--seed", "7"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Wilcox War (seed 7)"));
    assert!(out.lines().any(|l| l.starts_with("result: player")), "{out}");
    assert!(out.contains("turns: "));
}

#[test]
fn a_person_plays_to_the_end_and_bad_input_is_asked_again() {
    // A wrong answer, an out-of-range number, then the first choice every time.
    let mut input = String::from("banana\n99\n");
    input.push_str(&"1\n".repeat(400));
    let (code, out, err) =
        cardlang(&["play", "games/wilcox_war.cardgame", "--players", "human,random", "--seed", "7"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("`banana` is not one of the choices"), "{out}");
    assert!(out.contains("`99` is not one of the choices"));
    assert!(out.contains("player 1, your view"));
    assert!(out.contains("Your choices:\n  1) "));
    assert!(out.lines().any(|l| l.starts_with("result: ")), "the game reaches its end");
    // The person never sees the order of a shuffled deck.
    assert!(!out.contains("top first"), "a shuffle's order leaked to the person");
}

#[test]
fn a_person_bets_by_typing_a_number() {
    // Predict, raise, a refused amount, then 5 coins; afterwards the first choice every time.
    let mut input = String::from("higher\nraise\n0\n5\n");
    input.push_str(&"1\n".repeat(3000));
    let (code, out, err) =
        cardlang(&["play", "games/high_low_war.cardgame", "--players", "human,random", "--seed", "3"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Will your K♣ be higher or lower than player 2's card?"), "{out}");
    assert!(out.contains("look of player 1         K♣ [stake 1, prediction higher]"), "{out}");
    assert!(out.contains("Raise by how many coins? More than the last raise (0); you hold 19."), "{out}");
    assert!(out.contains("`0` is not allowed here: type a number from 1 to 19."), "{out}");
    assert!(out.contains("» player 1 raises by 5"), "{out}");
    assert!(out.contains("26 cards: pack -> deck of player 2"), "an unseen deal is one line: {out}");
    assert!(out.lines().any(|l| l.starts_with("result: ")), "the game reaches its end");
}

#[test]
fn input_that_ends_early_stops_the_game_without_a_result() {
    let (code, out, err) =
        cardlang(&["play", "games/wilcox_war.cardgame", "--players", "human,random", "--seed", "7"], "1\n");
    assert_eq!(code, 1);
    assert!(says(&err, "stopped playing before the game ended"), "{err}");
    assert!(!out.contains("result:"));
}

#[test]
fn transcripts_are_the_same_for_the_same_seed() {
    let a = cardlang(&["transcript", "games/wild_twist_war.cardgame", "--seed", "3", "--format", "jsonl"], "");
    let b = cardlang(&["transcript", "games/wild_twist_war.cardgame", "--seed", "3", "--format", "jsonl"], "");
    assert_eq!(a.0, 0);
    assert_eq!(a.1, b.1);
    assert!(a.1.starts_with("{\"event\":\"game\",\"game\":\"Wild Twist War\""));
}

#[test]
fn variants_lists_variants_and_options() {
    let (code, out, _) = cardlang(&["variants", "games/wilcox_war.cardgame"], "");
    assert_eq!(code, 0);
    assert!(out.contains("hidden_prizes = 2"));
    assert!(out.contains("single_deck"));
    assert!(out.contains("play_to_all_single_deck"));
    assert!(out.contains("sets hidden_prizes = 3 (default 2), refill_min = 14 (default never)"), "{out}");
    // The range of each option, and its meanings by their word, not a raw number.
    assert!(out.contains("  hidden_prizes = 2  [0 to 10]\n  refill_min = never  [0 to 104, or never (0)]\n"), "{out}");
    // What each variant replaces and adds.
    assert!(out.contains("  single_deck: one deck: red cards to seat 1, black cards to seat 2\n      sets hidden_prizes = 1 (default 2)\n      replaces zone draw, procedure setup\n      adds zone pack\n"), "{out}");
    let (_, solitaire, _) = cardlang(&["variants", "games/wild_twist_solitaire.cardgame"], "");
    assert!(solitaire.contains("      replaces function next_rank\n"), "{solitaire}");
    assert!(solitaire.contains("      sets redeals = unlimited (default 0)\n"), "{solitaire}");
    assert!(!solitaire.contains("-1 (default"), "{solitaire}");
    // Variant files beside the game that extend it, with what they set.
    assert!(out.contains("variant files:\n  games/variants/wilcox_war_four_prizes.cardgame\n"), "{out}");
    assert!(
        out.contains("    four_prizes: four hidden prizes in every war\n        sets hidden_prizes = 4 (default 2)")
    );
    assert!(out.contains("    short_four_prizes: ten turns, four hidden prizes in every war (extends short)"));
}

#[test]
fn a_variant_file_is_played_linted_and_listed_directly() {
    let (code, out, err) = cardlang(&["play", "games/variants/wilcox_war_four_prizes.cardgame", "--seed", "3"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Wilcox War (seed 3), variant four_prizes\n"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("result: ")));
    let (code, out, err) =
        cardlang(&["play", "games/variants/wilcox_war_short.cardgame", "--variant", "short", "--seed", "3"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("turns: 10\n"), "ten turns, then the end: {out}");
    let (code, _, err) = cardlang(&["play", "games/variants/wilcox_war_short.cardgame"], "");
    assert_eq!(code, 2);
    assert!(says(&err, "choose one with --variant NAME"), "{err}");
    let (code, out, _) = cardlang(&["lint", "--deny-warnings", "games/variants/wilcox_war_short.cardgame"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "games/variants/wilcox_war_short.cardgame: ok\n");
    let (code, out, _) = cardlang(&["variants", "games/variants/wilcox_war_short.cardgame"], "");
    assert_eq!(code, 0);
    assert!(out.contains("a variant file extending games/wilcox_war.cardgame"), "{out}");
    assert!(out.contains("variants in this file:\n  short: ten turns"), "{out}");
    assert!(out.contains("variants of the game (also with --variant):\n  single_deck"), "{out}");
    let (code, _, err) = cardlang(&["lint", "tests/variant_files/override_unknown.cardgame"], "");
    assert_eq!(code, 2);
    assert!(err.contains("╭─[tests/variant_files/override_unknown.cardgame:5:12]"), "{err}");
}

#[test]
fn bad_command_line_values_get_clear_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["play", "games/wilcox_war.cardgame", "--variant", "single_dek"], "did you mean `single_deck`?"),
        (&["play", "games/wilcox_war.cardgame", "--set", "hidden_prizes=lots"], "cannot set option `hidden_prizes`"),
        (&["play", "games/wilcox_war.cardgame", "--set", "hiden_prizes=3"], "did you mean `hidden_prizes`?"),
        (&["play", "games/wilcox_war.cardgame", "--set", "nonsense"], "is not NAME=VALUE"),
        (&["play", "games/wilcox_war.cardgame", "--players", "random"], "the game has 2 seats"),
        (&["play", "games/wilcox_war.cardgame", "--players", "random,genius"], "unknown player kind `genius`"),
        (&["play", "games/no_such_game.cardgame"], "cannot read `games/no_such_game.cardgame`"),
        (&["transcript", "games/wilcox_war.cardgame", "--seed", "x"], "invalid value"),
    ];
    for (args, expected) in cases {
        let (code, _, err) = cardlang(args, "");
        assert_ne!(code, 0, "{args:?} fails");
        assert!(err.contains(expected), "{args:?}: expected `{expected}` in:\n{err}");
        assert!(!err.contains("panicked"), "{args:?} panicked");
    }
}

#[test]
fn lint_passes_every_game() {
    let mut args = vec!["lint", "--deny-warnings"];
    let games: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/games"))
        .expect("games/")
        .flatten()
        .map(|e| format!("games/{}", e.file_name().to_string_lossy()))
        .filter(|p| p.ends_with(".cardgame"))
        .collect();
    args.extend(games.iter().map(|s| s.as_str()));
    let (code, out, err) = cardlang(&args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().filter(|l| l.ends_with(": ok")).count(), games.len());
}

#[test]
fn lint_exit_codes_and_json() {
    // Warnings alone pass, unless they are denied; an error always fails with 2.
    let (code, out, _) = cardlang(&["lint", "tests/lint/unused.cardgame"], "");
    assert_eq!(code, 0);
    assert!(out.contains("0 errors, 6 warnings"), "{out}");
    let (code, _, _) = cardlang(&["lint", "--deny-warnings", "tests/lint/unused.cardgame"], "");
    assert_eq!(code, 1);
    let (code, _, _) = cardlang(&["lint", "tests/lint/unused.cardgame", "tests/diagnostics/wrong_type.cardgame"], "");
    assert_eq!(code, 2);
    let (code, out, _) = cardlang(&["lint", "--format", "json", "tests/diagnostics/wrong_type.cardgame"], "");
    assert_eq!(code, 2);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["file"], "tests/diagnostics/wrong_type.cardgame");
    assert!(first["code"].as_str().is_some_and(|c| c.starts_with("cardlang::check::")), "{first}");
    assert!(first["line"].as_u64().is_some() && first["column"].as_u64().is_some() && first["help"].is_string());
    for line in out.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("one JSON object per line");
    }
}

#[test]
fn a_wrong_file_gets_a_diagnostic_at_the_exact_span_and_a_non_zero_exit() {
    let (code, _, err) = cardlang(&["lint", "tests/diagnostics/unknown_zone.cardgame"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cardlang::check::unknown_zone"), "{err}");
    assert!(err.contains("help:"));
    assert!(err.contains("unknown_zone.cardgame:"));
}

#[test]
fn two_people_at_one_screen_see_only_what_both_may_see() {
    let input = "1\n".repeat(800);
    let (code, out, err) =
        cardlang(&["play", "games/wilcox_war.cardgame", "--players", "human,human", "--seed", "3"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("player 1, your view") && out.contains("player 2, your view"));
    assert!(!out.contains("top first"), "a shuffle's order was shown");
    assert!(out.contains("player 1 has chosen") || out.contains("player 2 has chosen"));
    assert!(out.lines().any(|l| l.starts_with("result: ")));
}

#[test]
fn simulate_prints_text_json_and_a_report() {
    let (code, out, err) = cardlang(&["simulate", "games/wilcox_war.cardgame", "-n", "200", "--seed", "3"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Wilcox War: 200 games, seed 3\n"), "{out}");
    assert!(out.contains("length (turns): mean "), "{out}");
    assert!(out.contains("lead changes per game"), "{out}");
    assert!(!err.contains("games,"), "no progress bar when stderr is not a terminal: {err}");
    let report = std::env::temp_dir().join(format!("cardlang-report-{}.html", std::process::id()));
    let report_path = report.to_string_lossy().into_owned();
    let (code, out, err) = cardlang(
        &[
            "simulate",
            "games/variants/wilcox_war_four_prizes.cardgame",
            "-n",
            "100",
            "--json",
            "--report",
            &report_path,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(json["games"], 100);
    assert_eq!(json["variant"], "four_prizes");
    assert_eq!(json["options"]["hidden_prizes"], 4, "options are JSON numbers");
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.contains("<svg id=\"length-histogram\""));
    let _ = std::fs::remove_file(&report);
}

#[test]
fn simulate_refuses_bad_values() {
    let cases: &[(&[&str], &str)] = &[
        (&["simulate", "games/wilcox_war.cardgame", "--players", "human,random"], "seat 1 is `human`"),
        (&["simulate", "games/wilcox_war.cardgame", "--jobs", "0"], "--jobs must be at least 1"),
        (&["simulate", "games/wilcox_war.cardgame", "-n", "0"], "-n must be at least 1"),
        (&["simulate", "games/wilcox_war.cardgame", "-n", "many"], "invalid value"),
        (&["simulate", "games/wilcox_war.cardgame", "--players", "random"], "the game has 2 seats"),
        (&["simulate", "games/wilcox_war.cardgame", "--set", "hidden_prizes=x"], "cannot set option"),
    ];
    for (args, expected) in cases {
        let (code, _, err) = cardlang(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// The agent kinds named in a line of a document: every `word` in backticks that is a kind.
fn kinds_in(line: &str, all: &[&str]) -> Vec<String> {
    let mut found: Vec<String> =
        line.split('`').skip(1).step_by(2).filter(|w| all.contains(w)).map(str::to_string).collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn help_and_docs_name_the_agents_of_the_registry() {
    use cardlang::agents::AGENT_KINDS;
    use cardlang::simulate::SIM_AGENTS;
    let sorted = |k: &[&str]| {
        let mut v: Vec<String> = k.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    };
    // --help of play and simulate: generated from the registry.
    let words = |s: String| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let (_, play, _) = cardlang(&["play", "--help"], "");
    let play = words(play);
    assert!(play.contains(&format!("one of {} per seat", AGENT_KINDS.join(", "))), "{play}");
    let (_, sim, _) = cardlang(&["simulate", "--help"], "");
    let sim = words(sim);
    assert!(sim.contains(&format!("one of {} per seat", SIM_AGENTS.join(", "))), "{sim}");
    // docs/simulate.md's table row for --players names exactly the simulation agents.
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/simulate.md")).expect("docs");
    let row = doc.lines().find(|l| l.starts_with("| `--players")).expect("a --players row");
    assert_eq!(kinds_in(row, AGENT_KINDS), sorted(SIM_AGENTS), "docs/simulate.md: {row}");
    // docs/language.md §18's --players item names every kind `play` takes.
    let lang = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/language.md")).expect("docs");
    let start = lang.find("- `--players random,random`").expect("the --players item");
    let item = &lang[start..start + lang[start..].find("\n- ").expect("the next item")];
    assert_eq!(kinds_in(item, AGENT_KINDS), sorted(AGENT_KINDS), "docs/language.md: {item}");
    assert!(!lang.contains("[section 16](#17-"), "section 17 is linked as section 17");
}

#[test]
fn command_line_mistakes_get_short_clear_messages() {
    // An extra argument: clap's short error, not the whole help.
    for command in ["play", "transcript", "simulate", "variants"] {
        let (code, out, err) = cardlang(&[command, "games/wilcox_war.cardgame", "extra"], "");
        assert_eq!((code, out.as_str()), (2, ""), "{command}");
        assert!(err.starts_with("error: unexpected argument 'extra' found"), "{command}: {err}");
        assert!(err.lines().count() <= 6, "{command}: a short message:\n{err}");
    }
    // A number too big for an option says so.
    let (code, _, err) =
        cardlang(&["play", "games/wilcox_war.cardgame", "--set", "hidden_prizes=99999999999999999999"], "");
    assert_eq!(code, 2);
    assert!(says(&err, "`99999999999999999999` is too big for an option"), "{err}");
    assert!(says(&err, "help: give a number from 0 to 10 (the default is 2)"), "{err}");
    // The JSON of a file that cannot be read names the file.
    let (code, out, _) = cardlang(&["lint", "--format", "json", "no/such.cardgame"], "");
    assert_eq!(code, 2);
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(
        (json["file"].as_str(), json["code"].as_str()),
        (Some("no/such.cardgame"), Some("cardlang::cli::unreadable"))
    );
}

#[test]
fn lint_and_fmt_take_a_folder() {
    let (code, out, err) = cardlang(&["lint", "--deny-warnings", "games"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("games/wilcox_war.cardgame: ok\n")
            && out.contains("games/variants/wilcox_war_short.cardgame: ok\n"),
        "{out}"
    );
    assert_eq!(out.lines().count(), out.lines().filter(|l| l.ends_with(": ok")).count());
    let (code, out, _) = cardlang(&["fmt", "--check", "games/"], "");
    assert_eq!((code, out.as_str()), (0, ""));
    let (code, _, err) = cardlang(&["lint", "src/cli"], "");
    assert_eq!(code, 2);
    assert_eq!(err, "error: the folder `src/cli` holds no `.cardgame` file\n");
}

#[test]
fn a_file_that_starts_with_a_byte_order_mark_is_read() {
    let dir = std::env::temp_dir().join(format!("cardlang-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("bom.cardgame");
    std::fs::write(&path, "\u{feff}game \"BOM\"\nplayers 2\nprocedure play {\n    end game draw\n}\n")
        .expect("written");
    let p = path.to_str().expect("a path");
    let (code, out, err) = cardlang(&["lint", p], "");
    assert_eq!((code, out), (0, format!("{p}: ok\n")), "{err}");
    let (code, out, err) = cardlang(&["play", p, "--seed", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: a draw"), "{out}");
    // fmt writes the canonical layout, which has no byte-order mark.
    let (code, _, err) = cardlang(&["fmt", p], "");
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&path).expect("readable").starts_with("game \"BOM\"\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
