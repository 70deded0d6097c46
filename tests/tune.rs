//! `cardlang tune`: on fixture games whose answers are known in closed form
//! (tests/fixtures/tune/), the tuner finds the right setting, says when no setting meets a goal,
//! names what it does not know with a suggestion, gives the same answer whatever `--jobs` is,
//! writes a variant file that lints clean and a report that loads in a browser; and the lead
//! of a partnership game is measured by team.

use std::sync::Arc;

use cardlang::check::Config;
use cardlang::engine::Game;
use cardlang::load::load_game;
use cardlang::simulate::{self, Settings};
use serde_json::Value;

use crate::common::{cardlang, says};

const RACE: &str = "tests/fixtures/tune/race.cardgame";
const DICE: &str = "tests/fixtures/tune/dice.cardgame";
const PARTNERS: &str = "tests/fixtures/tune/partners.cardgame";

/// Runs `cardlang tune` with `--json`; the answer, or a panic with what it said.
fn tune_json(args: &[&str]) -> Value {
    let mut all = vec!["tune"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = cardlang(&all);
    assert_eq!(code, 0, "tune failed: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

/// The best setting's value of an option.
fn best(answer: &Value, option: &str) -> String {
    let setting = answer["finalists"][0]["setting"].as_array().cloned().unwrap_or_default();
    setting
        .iter()
        .find(|p| p[0] == option)
        .and_then(|p| p[1].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no {option} in {answer}"))
}

#[test]
fn a_race_lasting_finish_turns_is_tuned_to_the_length_wanted() {
    // Every race lasts exactly `finish` turns: only finish = 12 meets `turns in 12..12`.
    let a =
        tune_json(&[RACE, "--vary", "finish=1..30", "--goal", "turns in 12..12", "--budget", "1200", "--replay", "20"]);
    assert_eq!(best(&a, "finish"), "12");
    assert_eq!(a["meets"], true);
    assert_eq!(a["verdict"], "finish = 12 meets the goal");
    assert!(a["search"]["race"].is_object(), "30 settings with 1200 games are raced: {}", a["search"]);
    let goal = &a["finalists"][0]["goals"][0];
    assert_eq!(goal["value"], 12.0);
    // Every game is as long: the interval has no width.
    assert_eq!(goal["ci95"], serde_json::json!([12.0, 12.0]));
}

#[test]
fn without_vary_every_declared_option_is_searched_within_its_range() {
    // `finish` is declared `in 1 to 30`: 11 values spread evenly from 1 to 30, and the default 10.
    let a = tune_json(&[RACE, "--goal", "turns in 12..12", "--budget", "600", "--replay", "20"]);
    let values: Vec<String> = a["space"]["dims"][0]["values"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect();
    assert_eq!(values, ["1", "3", "6", "9", "10", "12", "15", "18", "21", "24", "27", "30"]);
    assert_eq!(a["space"]["notes"][0], "`finish` takes 12 values from 1 to 30, spread evenly; name others with --vary");
    assert_eq!(best(&a, "finish"), "12");
}

#[test]
fn a_goal_no_setting_meets_is_said_so_with_the_closest() {
    let (code, out, err) = cardlang(&[
        "tune",
        RACE,
        "--vary",
        "finish=1..30",
        "--goal",
        "turns in 50..60",
        "--budget",
        "1200",
        "--replay",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        says(
            &out,
            "verdict: no setting meets `turns in 50..60`; the closest is finish = 30 (30.0 for `turns in 50..60`)"
        ),
        "{out}"
    );
    assert!(out.contains("reproduce: cardlang tune tests/fixtures/tune/race.cardgame --vary finish=1..30"), "{out}");
}

#[test]
fn a_one_player_win_rate_is_tuned_to_one_half() {
    // The win rate is need / 6: only need = 3 is within 45%..55%.
    let a = tune_json(&[
        DICE,
        "--vary",
        "need=0..6",
        "--goal",
        "win_rate in 45%..55%",
        "--budget",
        "1400",
        "--replay",
        "400",
    ]);
    assert_eq!(best(&a, "need"), "3", "{}", a["verdict"]);
    let goal = &a["finalists"][0]["goals"][0];
    let (lo, hi) = (goal["ci95"][0].as_f64().unwrap_or(1.0), goal["ci95"][1].as_f64().unwrap_or(0.0));
    assert!(lo < 0.5 && 0.5 < hi, "the 95% interval {lo}..{hi} holds the true rate 1/2");
    // Each value alone: need = 6 always wins, need = 0 never.
    let effects = a["effects"].as_array().cloned().unwrap_or_default();
    let of = |v: &str| effects.iter().find(|e| e["value"] == v).map(|e| e["values"][0].clone());
    assert_eq!(of("6"), Some(serde_json::json!(1.0)));
    assert_eq!(of("0"), Some(serde_json::json!(0.0)));
}

#[test]
fn goals_that_pull_apart_get_the_settings_no_other_beats() {
    let a = tune_json(&[
        DICE,
        "--vary",
        "need=0..6",
        "--goal",
        "win_rate > 90%",
        "--goal",
        "win_rate < 10%",
        "--budget",
        "700",
        "--replay",
        "50",
    ]);
    assert_eq!(a["meets"], false);
    let verdict = a["verdict"].as_str().unwrap_or_default();
    assert!(verdict.starts_with("no setting meets every goal at once; the closest is"), "{verdict}");
    let front: Vec<String> = a["pareto"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(|f| f["described"].as_str().map(String::from))
        .collect();
    assert!(front.contains(&"need = 6".to_string()) && front.contains(&"need = 0".to_string()), "{front:?}");
}

#[test]
fn unknown_options_goals_and_values_are_refused_with_a_suggestion() {
    let cases: [(&[&str], &str); 6] = [
        (&["--vary", "finsh=1..5", "--goal", "turns < 5"], "the game has no option `finsh`"),
        (&["--vary", "finsh=1..5", "--goal", "turns < 5"], "did you mean `finish`?"),
        (&["--vary", "finish=1..5", "--goal", "turnz < 5"], "did you mean `turns`?"),
        (&["--vary", "finish=0..40", "--goal", "turns < 5"], "`finish` cannot be 0: it takes 1 to 30"),
        (&["--vary", "finish=1..5", "--goal", "turns about 5"], "it has no comparison"),
        (&["--vary", "finish=1..5"], "no goal: say what the games should be like"),
    ];
    for (args, phrase) in cases {
        let mut all = vec!["tune", RACE];
        all.extend_from_slice(args);
        let (code, out, err) = cardlang(&all);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(says(&err, phrase), "{args:?} should say {phrase:?}:\n{err}");
        assert!(out.is_empty(), "nothing is printed as an answer: {out}");
    }
}

#[test]
fn the_same_seed_gives_the_same_answer_whatever_the_jobs() {
    // 30 settings and 300 games: searched by NTBEA, whose steps depend on every game before.
    let args = |jobs: &'static str| -> Vec<&'static str> {
        vec![
            RACE,
            "--vary",
            "finish=1..30",
            "--goal",
            "turns in 12..14",
            "--budget",
            "300",
            "--replay",
            "20",
            "--seed",
            "5",
            "--jobs",
            jobs,
        ]
    };
    let one = tune_json(&args("1"));
    let two = tune_json(&args("2"));
    assert!(one["search"]["ntbea"].is_object(), "{}", one["search"]);
    assert_eq!(one, two);
    // A race, with a chance in every game.
    let dice = |jobs: &'static str| {
        tune_json(&[
            DICE,
            "--vary",
            "need=2..4",
            "--goal",
            "win_rate in 40%..60%",
            "--budget",
            "240",
            "--replay",
            "30",
            "--jobs",
            jobs,
        ])
    };
    assert_eq!(dice("1"), dice("2"));
}

#[test]
fn the_best_setting_is_written_as_a_variant_file_that_lints_clean() {
    let dir = std::env::temp_dir().join(format!("cardlang-tune-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let game = dir.join("race.cardgame");
    std::fs::copy(RACE, &game).expect("the fixture is copied");
    let game_arg = game.to_string_lossy().into_owned();
    let run = || {
        cardlang(&[
            "tune",
            &game_arg,
            "--vary",
            "finish=1..30",
            "--goal",
            "turns in 12..12",
            "--budget",
            "1200",
            "--replay",
            "20",
            "--write-variant",
            "twelve",
        ])
    };
    let (code, out, err) = run();
    assert_eq!(code, 0, "{err}");
    let written = dir.join("variants").join("race_twelve.cardgame");
    assert!(out.contains("variant `twelve` written to"), "{out}");
    let text = std::fs::read_to_string(&written).expect("the variant file is there");
    assert!(text.contains("extends \"../race.cardgame\""), "{text}");
    assert!(text.contains("variant twelve \"tuned for turns in 12..12\" {\n    option finish = 12\n}"), "{text}");
    let (lint, lint_out, lint_err) = cardlang(&["lint", "--deny-warnings", &written.to_string_lossy()]);
    assert_eq!(lint, 0, "{lint_out}{lint_err}");
    // The variant plays: every race of it lasts 12 turns.
    let (sim, sim_out, _) = cardlang(&["simulate", &written.to_string_lossy(), "-n", "5"]);
    assert_eq!(sim, 0);
    assert!(sim_out.contains("mean 12.0"), "{sim_out}");
    // A second run never replaces it, and says so before playing.
    let (again, _, again_err) = run();
    assert_eq!(again, 2);
    assert!(says(&again_err, "is already there, and --write-variant never replaces a file"), "{again_err}");
    let (bad, _, bad_err) = cardlang(&["tune", &game_arg, "--goal", "turns < 3", "--write-variant", "Not-A-Name"]);
    assert_eq!(bad, 2);
    assert!(says(&bad_err, "`Not-A-Name` cannot name a variant"), "{bad_err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_report_loads_in_chromium_with_its_charts() {
    let Some(browser) = ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find(|name| std::process::Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()))
    else {
        crate::common::skipped("skipped: no Chromium on this machine (apt-get install chromium; .ci/run installs it)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("cardlang-tune-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let page = dir.join("tune.html");
    let page_arg = page.to_string_lossy().into_owned();
    let (code, _, err) = cardlang(&[
        "tune",
        DICE,
        "--vary",
        "need=0..6",
        "--goal",
        "win_rate in 45%..55%",
        "--goal",
        "rolls < 2",
        "--budget",
        "700",
        "--replay",
        "50",
        "--report",
        &page_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    let out = std::process::Command::new("timeout")
        .arg("60")
        .arg(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--enable-logging=stderr", "--v=0"])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let (dom, log) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    for id in ["goal-0", "goal-1", "effects", "length-histogram"] {
        assert!(dom.contains(&format!("<svg id=\"{id}\"")), "the {id} chart is in the page Chromium built");
    }
    assert!(dom.matches("class=\"value\"").count() >= 2, "the best settings' values are drawn");
    assert!(dom.matches("class=\"effect\"").count() == 7, "one bar per value of need");
    assert!(dom.contains("id=\"verdict\"") && dom.contains("need = 3 meets both goals"), "{dom}");
    for l in log.lines() {
        assert!(!l.contains("CONSOLE") && !l.contains("Uncaught"), "the browser reported: {l}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The expected lead changes per game and the share of games whose winning team was behind, for
/// the partners race (first team to 3 points, a fair coin each round), by walking every sequence.
fn partners_closed_form() -> (f64, f64) {
    fn walk(a: u32, b: u32, leader: Option<bool>, changes: u32, behind: (bool, bool), p: f64, out: &mut (f64, f64)) {
        if a == 3 || b == 3 {
            out.0 += p * changes as f64;
            let winner_was_behind = if a == 3 { behind.0 } else { behind.1 };
            out.1 += p * winner_was_behind as u32 as f64;
            return;
        }
        for heads in [true, false] {
            let (na, nb) = if heads { (a + 1, b) } else { (a, b + 1) };
            let now = if na > nb {
                Some(true)
            } else if nb > na {
                Some(false)
            } else {
                leader
            };
            let changed = leader.is_some() && now != leader;
            walk(na, nb, now, changes + changed as u32, (behind.0 || na < nb, behind.1 || nb < na), p / 2.0, out);
        }
    }
    let mut out = (0.0, 0.0);
    walk(0, 0, None, 0, (false, false), 1.0, &mut out);
    out
}

#[test]
fn a_partnership_games_lead_is_measured_by_team() {
    let game: Arc<Game> = load_game(PARTNERS, &Config::default()).unwrap_or_else(|e| panic!("{e}"));
    let settings = Settings { games: 4000, seed: 3, jobs: 2, players: vec!["random".into(); 4], samples: 2 };
    let tally = simulate::run(&game, &settings, &|_| {}).expect("runs");
    let (changes, behind) = partners_closed_form();
    let n = tally.with_progress as f64;
    assert_eq!(tally.with_progress, 4000);
    // Lead changes per game: within 4 standard errors (each game has at most 2).
    let found = tally.lead_changes as f64 / n;
    assert!((found - changes).abs() < 4.0 * (1.0 / n).sqrt(), "lead changes {found} against {changes}");
    assert!(found > 0.1, "the teams' lead changes, where a measure by seat saw none");
    // Every game is won by one team: each counts, and the winning team's deficit is measured.
    assert_eq!(tally.won_with_progress, 4000);
    let share = tally.winner_was_behind as f64 / n;
    assert!((share - behind).abs() < 4.0 * (0.25 / n).sqrt(), "winner was behind {share} against {behind}");
    assert_eq!(tally.winner_deficit_max, 2, "a team came back from 0-2 at most (0-2, then 3-2)");
    // The margin of a sample game is the first team's score less the second's.
    let sample = tally.samples.values().next().expect("a sample game");
    assert!(sample.trace.iter().all(|(_, m)| m.abs() <= 3));
    assert!(sample.trace.last().is_some_and(|(_, m)| *m != 0), "a game ends with one team ahead");
}
