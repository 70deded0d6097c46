//! Every game played both ways: as the engine plays it (the compile step's inlining, unrolling,
//! folding and card tables, then chained jumps) and as the checker left it
//! ([`Game::uncompiled`]). The same seed and the same picks must give the same game: every event
//! line, every seat's menu at every decision, and what every seat is shown. The compile step is
//! where the first of issue 37's silent wrong answers lived (a card table that read no zone);
//! the reference evaluator checks each game's functions at every decision
//! (`differential::every_game_agrees_with_the_reference_at_every_decision`), and this checks the
//! rest of a game, move by move. Every game and variant of `games/`, and every example of
//! `docs/cookbook.md`.

use std::sync::Arc;

use cardlang::check::{self, Config, Program};
use cardlang::engine::{Game, Recorder};
use cardlang::reference::compare;

use crate::common::every_checked;
use crate::differential::gen::Dice;

/// Seeds per game, and the most decisions a game is played for.
const SEEDS: std::ops::Range<u64> = 0..4;
const MAX_DECISIONS: usize = 400;

/// One game played with random picks from `seed`: its event lines, and at each decision every
/// seat's menu and what every seat is shown.
fn record(game: Arc<Game>, seed: u64) -> Vec<String> {
    let mut sink = Recorder::default();
    let mut seen = Vec::new();
    let mut dice = Dice(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5eed);
    let players = game.players();
    compare::play(
        game,
        seed,
        MAX_DECISIONS,
        &mut sink,
        |n| dice.below(n as u64) as usize,
        |state| {
            for p in 0..players {
                seen.push(format!("menu of player {}: {:?}", p + 1, state.legal_actions(p)));
                seen.push(format!("shown to player {}: {}", p + 1, state.observation_text(p)));
            }
        },
    );
    // Events and decisions interleave in play; compared as two lists, a difference in either
    // shows where it starts.
    let mut lines = sink.lines;
    lines.push("--- decisions".into());
    lines.extend(seen);
    lines
}

/// The first line where two records part, with a little before it.
fn first_difference(a: &[String], b: &[String]) -> Option<String> {
    let at = a.iter().zip(b).position(|(x, y)| x != y).or((a.len() != b.len()).then(|| a.len().min(b.len())))?;
    let from = at.saturating_sub(3);
    let show = |r: &[String]| r[from..(at + 1).min(r.len())].join("\n    ");
    Some(format!("at line {at}:\n  compiled:\n    {}\n  uncompiled:\n    {}", show(a), show(b)))
}

/// Plays `program` both ways for every seed; a description of each difference.
fn compare_both_ways(label: &str, program: &Program) -> Vec<String> {
    let compiled = Game::new(program.clone());
    let plain = Game::uncompiled(program.clone());
    SEEDS
        .filter_map(|seed| {
            let (a, b) = (record(compiled.clone(), seed), record(plain.clone(), seed));
            assert!(a.len() > 2, "{label} seed {seed}: the game was played");
            first_difference(&a, &b).map(|d| format!("{label}, seed {seed}: {d}"))
        })
        .collect()
}

#[test]
fn every_game_plays_the_same_compiled_and_as_checked() {
    let mut differences = Vec::new();
    let games = every_checked();
    assert!(games.len() >= 12, "every game is found");
    for (label, program) in &games {
        differences.extend(compare_both_ways(label, program));
    }
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
}

#[test]
fn every_cookbook_example_plays_the_same_compiled_and_as_checked() {
    let mut differences = Vec::new();
    for (line, source) in crate::cookbook::snippets() {
        let at = format!("docs/cookbook.md:{line}");
        let file = cardlang::syntax::parse(&source).unwrap_or_else(|e| panic!("{at}: {e}"));
        let program = check::check(&file, &Config::default()).unwrap_or_else(|e| panic!("{at}: {e:?}"));
        differences.extend(compare_both_ways(&at, &program));
    }
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
}
