//! `cardlang simulate`: statistics checked against a game whose answers are known in closed form
//! (tests/fixtures/coin_race.cardgame), results that do not depend on the number of threads, a
//! stable JSON shape, and a report that is a valid HTML page with its charts.

use std::sync::Arc;

use cardlang::check::Config;
use cardlang::engine::Game;
use cardlang::load::load_game;
use cardlang::simulate::summary::{Context, Summary};
use cardlang::simulate::{self, report, Settings};

const COIN_RACE: &str = "tests/fixtures/coin_race.cardgame";

fn game(path: &str) -> Arc<Game> {
    load_game(path, &Config::default()).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn settings(games: u64, jobs: usize) -> Settings {
    Settings { games, seed: 7, jobs, players: vec!["random".into(); 2], samples: 3 }
}

fn summarise(game: &Arc<Game>, s: &Settings) -> (Summary, Vec<simulate::tally::Sample>) {
    let tally = simulate::run(game, s, &|_| {}).expect("runs");
    let columns = simulate::columns(game);
    let cx = Context {
        game: game.program.title.clone(),
        variant: None,
        options: Vec::new(),
        players: &s.players,
        seed: s.seed,
        length_unit: game.program.measures.length.as_ref().map(|l| l.0.clone()),
        progress: Some("points of p".into()),
        columns: &columns,
    };
    (Summary::new(&tally, &cx), tally.samples.values().cloned().collect())
}

/// Within `k` standard errors of a proportion `p` over `n` games.
fn near(found: f64, p: f64, n: u64, what: &str) {
    let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
    assert!((found - p).abs() <= 4.0 * se, "{what}: {found} is not within 4 standard errors of {p}");
}

#[test]
fn the_coin_race_matches_its_closed_form() {
    let n = 40_000;
    let (s, _) = summarise(&game(COIN_RACE), &settings(n, 2));
    assert_eq!(s.games, n);
    for seat in &s.seats {
        near(seat.rate, 0.5, n, "win rate");
        assert!(seat.ci95.0 < 0.5 && 0.5 < seat.ci95.1, "the interval holds the true rate: {:?}", seat.ci95);
        // A Wilson interval at n = 40,000 and p ≈ 1/2 is ±0.49 points wide.
        assert!((seat.ci95.1 - seat.ci95.0 - 0.0098).abs() < 0.0002, "{:?}", seat.ci95);
    }
    assert_eq!((s.draws.count, s.unfinished.count), (0, 0));
    assert_eq!(s.metrics.decisiveness, 1.0);
    // Lengths: 2 or 3 rounds, each half the time.
    assert_eq!(
        (s.length.unit.as_str(), s.length.min, s.length.max, s.length.p90),
        ("rounds", Some(2), Some(3), Some(3))
    );
    near(s.length.mean.expect("a mean") - 2.0, 0.5, n, "mean length");
    // Drama and lead changes: only BAA and ABB, a quarter of the games, by one point.
    let drama = s.metrics.drama.as_ref().expect("progress is declared");
    near(drama.winner_was_behind, 0.25, n, "winner was behind");
    near(drama.mean_deficit, 0.25, n, "mean deficit");
    assert_eq!(drama.max_deficit, 1);
    near(s.metrics.lead_changes_per_game.expect("lead changes"), 0.25, n, "lead changes");
    // Half the decisions are real: player 1's call, never player 2's "go".
    assert_eq!(s.metrics.real_choice_share, Some(0.5));
    assert!((s.metrics.decisions_per_game - 2.0 * s.length.mean.unwrap_or(0.0)).abs() < 1e-9);
    // The counters: points end above 0 unless the other player won 2-0.
    let p1 = s.counters.iter().find(|c| c.name == "points" && c.seat == Some(1)).expect("points of player 1");
    near(p1.share_above_zero, 0.75, n, "points above 0");
    assert!(s.metrics.balance.is_some_and(|b| b > 0.95 && b <= 1.0));
    assert!(s.metrics.first_seat_advantage.abs() < 0.01);
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    for path in [COIN_RACE, "games/wilcox_war.cardgame", "games/high_low_war.cardgame"] {
        let g = game(path);
        let one = simulate::run(&g, &settings(300, 1), &|_| {}).expect("runs");
        for jobs in [2, 3, 8] {
            let many = simulate::run(&g, &settings(300, jobs), &|_| {}).expect("runs");
            assert_eq!(one, many, "{path}: --jobs 1 and --jobs {jobs} differ");
        }
        let other_seed = simulate::run(&g, &Settings { seed: 8, ..settings(300, 2) }, &|_| {}).expect("runs");
        assert_ne!(one, other_seed, "{path}: the seed matters");
    }
}

#[test]
fn the_json_document_keeps_its_shape() {
    let (s, _) = summarise(&game(COIN_RACE), &settings(200, 2));
    let json = serde_json::to_string_pretty(&s).expect("serialises");
    insta::assert_snapshot!(json);
}

#[test]
fn the_report_is_one_html_page_with_its_three_charts() {
    let (s, samples) = summarise(&game(COIN_RACE), &settings(500, 2));
    let html = report::html(&s, &samples);
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(html.trim_end().ends_with("</html>"));
    for id in ["win-rates", "length-histogram", "lead-over-time"] {
        assert!(html.contains(&format!("<svg id=\"{id}\"")), "the report has the {id} chart");
    }
    assert_eq!(samples.len(), 3, "three sample games are drawn");
    assert_eq!(html.matches("<polyline").count(), 3);
    // Self-contained: no scripts, nothing fetched.
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("href="));
    // Every element that is opened is closed, in order.
    let mut open: Vec<String> = Vec::new();
    for tag in html.split('<').skip(1) {
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '/' || *c == '!').collect();
        let head = tag.split('>').next().unwrap_or("");
        if name.starts_with('!') || head.ends_with('/') || ["meta", "br"].contains(&name.as_str()) {
            continue;
        }
        match name.strip_prefix('/') {
            Some(closing) => assert_eq!(open.pop().as_deref(), Some(closing), "</{closing}> closes what was opened"),
            None => open.push(name),
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
}

#[test]
fn every_game_simulates() {
    let mut paths: Vec<String> = std::fs::read_dir("games")
        .expect("games/")
        .flatten()
        .map(|e| e.path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".cardgame"))
        .collect();
    paths.sort();
    for path in paths {
        let g = game(&path);
        // A random player in every seat of the game's fewest (Cheat seats at least three).
        let seats = Settings { players: vec!["random".into(); g.players() as usize], ..settings(50, 2) };
        let (s, _) = summarise(&g, &seats);
        assert_eq!(s.games, 50);
        let total: u64 = s.seats.iter().map(|x| x.wins).sum::<u64>() - s.shared_wins
            + s.draws.count
            + s.lost.count
            + s.unfinished.count;
        assert_eq!(total, 50, "{path}: every game is a win, a draw, a loss for all or unfinished");
        assert_ne!(s.length.unit, "decisions", "{path} declares its length");
        assert!(s.metrics.lead_changes_per_game.is_some(), "{path} declares progress");
    }
}

#[test]
fn a_one_player_game_reports_why_it_ended_and_how_far_the_player_got_not_seat_metrics() {
    let g = game("games/wild_twist_solitaire.cardgame");
    let one = |jobs| Settings { games: 60, seed: 7, jobs, players: vec!["random".into()], samples: 3 };
    let (s, samples) = summarise(&g, &one(2));
    let solo = s.solo.as_ref().expect("a one-player game has its own figures");
    let ended: u64 = solo.endings.iter().map(|e| e.games).sum::<u64>() + solo.silent_endings;
    assert_eq!(ended, 60, "every game is counted once among the endings");
    assert!(solo.endings.iter().any(|e| e.announcement == "no move is left"), "{:?}", solo.endings);
    assert!(solo.endings.windows(2).all(|w| w[0].games >= w[1].games), "most frequent first");
    let progress = solo.progress.as_ref().expect("the game declares progress");
    assert_eq!(progress.histogram.iter().map(|b| b.2).sum::<u64>(), 60);
    let text = s.text();
    assert!(text.contains("how games ended") && text.contains("how far the player got"), "{text}");
    for seat_metric in ["first-seat advantage", "balance", "decisiveness", "lead changes", "seat  player"] {
        assert!(!text.contains(seat_metric), "{seat_metric} in a one-player report:\n{text}");
    }
    let html = report::html(&s, &samples);
    assert!(html.contains("<svg id=\"progress-histogram\"") && html.contains("Why games ended"));
    assert!(!html.contains("lead-over-time") && !html.contains("first-seat advantage"));
    // The same figures whatever the number of threads.
    let (again, _) = summarise(&g, &one(1));
    assert_eq!(serde_json::to_string(&s).ok(), serde_json::to_string(&again).ok());
    // Two-player documents keep their shape: no one-player part.
    let (two, _) = summarise(&game(COIN_RACE), &settings(20, 1));
    assert!(two.solo.is_none() && !serde_json::to_string(&two).unwrap_or_default().contains("\"solo\""));
}

#[test]
fn histograms_have_ticks_and_axis_labels() {
    let (s, _) = summarise(&game(COIN_RACE), &settings(200, 2));
    let html = report::html(&s, &[]);
    let chart = html.split("<svg id=\"length-histogram\"").nth(1).and_then(|c| c.split("</svg>").next()).unwrap_or("");
    assert!(chart.matches("class=\"tick\"").count() >= 5, "{chart}");
    assert!(chart.contains(&format!("length of a game ({})", s.length.unit)) && chart.contains(">games</text>"));
}

/// The library refuses players that are not one per seat, with an error, not a panic (a game of
/// three to six seats given two players used to fail inside the driver).
#[test]
fn players_not_one_per_seat_are_refused() {
    let g = game("games/cheat.cardgame");
    let err = simulate::run(&g, &settings(4, 1), &|_| {}).expect_err("three seats, two players");
    assert_eq!(err.to_string(), "the game has 3 seats, but 2 players were given");
    let mut state = cardlang::engine::State::new(g.clone(), 1);
    let mut two: Vec<Box<dyn cardlang::agents::Agent>> =
        (0..2).map(|i| Box::new(cardlang::agents::RandomAgent::new(i)) as Box<dyn cardlang::agents::Agent>).collect();
    let err =
        cardlang::agents::play_game(&mut state, &mut two, &mut cardlang::engine::NoEvents).expect_err("too few agents");
    assert_eq!(err.to_string(), "the game has 3 seats but 2 players were given");
}
