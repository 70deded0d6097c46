//! The hand-written Wild Twist War of `benches/baseline/` plays the same game as the interpreter
//! running `games/wild_twist_war.cardgame`: for the same seed, the same winner, the same number
//! of battles and the same number of wars. Otherwise the benchmark comparing them would not be
//! fair.

// The module keeps the name the benchmark gives it, now that this file is a module itself.
#[allow(clippy::module_inception)]
#[path = "../benches/baseline/wild_twist_war.rs"]
mod written;

use std::sync::Arc;

use cardlang::check::{self, ir::Value, Config};
use cardlang::engine::{Game, Limits, Recorder, Result as GameResult, State};

/// Loads the game with these option settings.
fn load(sets: &[(&str, &str)]) -> Arc<Game> {
    let path = format!("{}/games/wild_twist_war.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the game file exists");
    let file = cardlang::syntax::parse(&text).expect("the game parses");
    let config =
        Config { variant: None, sets: sets.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), seats: None };
    Game::new(check::check(&file, &config).expect("the game checks"))
}

/// The interpreter's game with this seed, as the benchmark plays it (`State::new`; Wild Twist War
/// has no decisions, so the whole game runs inside it), in the baseline's terms.
fn interpreted(game: &Arc<Game>, seed: u64) -> written::Outcome {
    let state = State::new(game.clone(), seed);
    let outcome = state.outcome().expect("a game without decisions runs to its end at once");
    let result = match &outcome.result {
        GameResult::Win(w) => {
            assert_eq!(w.len(), 1, "seed {seed}: one winner");
            written::Result::Win(w[0])
        }
        GameResult::Draw => written::Result::Draw,
        GameResult::Unfinished => {
            assert_eq!(outcome.note, None, "seed {seed}: stopped by the rules' cap, not by an engine limit");
            written::Result::Unfinished
        }
    };
    let counter = |name: &str| match state.counter(name).expect("the counter exists")[0] {
        Value::Int(n) => n as u32,
        v => panic!("counter {name} is {v:?}"),
    };
    written::Outcome { result, battles: counter("battles"), wars: counter("wars") }
}

/// The baseline numbers the cards as the interpreter does, the pack starts in that order, and the
/// cap has the same default.
#[test]
fn baseline_numbers_cards_as_the_interpreter() {
    let game = load(&[]);
    let program = &game.program;
    let mut names: Vec<String> = Vec::new();
    for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] {
        for suit in ["♥", "♦", "♣", "♠"] {
            names.push(format!("{rank}{suit}"));
        }
    }
    for wild in ["Red", "Black", "Heart", "Diamond", "Spade", "Club"] {
        names.push(format!("Wild {wild}"));
    }
    assert_eq!(names.len(), written::CARDS as usize);
    let program_names: Vec<&str> = program.cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(program_names, names);
    let pack = program.zones.iter().find(|z| z.name == "pack").expect("a pack");
    assert_eq!(pack.initial, (0..written::CARDS as u16).collect::<Vec<_>>());
    let cap = program.options.iter().find(|o| o.name == "max_battles").expect("the cap option");
    assert_eq!(cap.value, Value::Int(written::MAX_BATTLES as i64));
}

/// 200 seeds: the same winner, battles and wars.
#[test]
fn baseline_plays_the_interpreters_games() {
    let game = load(&[]);
    let (mut wins, mut wars) = ([0; 2], 0);
    for seed in 1..=200 {
        let expected = interpreted(&game, seed);
        let got = written::play(seed, written::MAX_BATTLES);
        assert_eq!(got, expected, "seed {seed}: baseline against interpreter");
        if let written::Result::Win(p) = got.result {
            wins[p as usize] += 1;
        }
        wars += got.wars;
    }
    // The seeds exercise both winners and many wars, so agreement is not trivial.
    assert!(wins[0] > 20 && wins[1] > 20, "wins {wins:?}");
    assert!(wars > 1000, "{wars} wars");
}

/// With a low cap, games stop unfinished at the same battle in both.
#[test]
fn baseline_stops_at_the_same_cap() {
    let game = load(&[("max_battles", "40")]);
    let mut unfinished = 0;
    for seed in 1..=50 {
        let expected = interpreted(&game, seed);
        assert_eq!(written::play(seed, 40), expected, "seed {seed}: baseline against interpreter, cap 40");
        unfinished += usize::from(expected.result == written::Result::Unfinished);
    }
    assert!(unfinished > 25, "{unfinished} of 50 games reach a cap of 40 battles");
}

/// About one game in twenty ends by WTW-7 (a war ties when a player has no card left); among
/// the 200 seeds above, these do. Both agree on them too.
#[test]
fn baseline_agrees_when_a_short_player_ends_a_war() {
    let game = load(&[]);
    for seed in [20, 58, 59, 68, 105, 140, 155, 182] {
        let mut log = Recorder::default();
        State::with_sink(game.clone(), seed, Limits::default(), &mut log);
        assert!(log.lines.iter().any(|l| l.ends_with("has no card left for the war")), "seed {seed}: a WTW-7 end");
        assert_eq!(written::play(seed, written::MAX_BATTLES), interpreted(&game, seed), "seed {seed}");
    }
}
