//! Differential tests: the engine against the reference evaluator (`cardlang::reference`), a
//! plain reading of the checked program. Generated games (functions with `let` chains, `where`
//! filters, shadowed and reused names, aggregates over zones, rows and `every`, players and
//! enum members, functions calling functions) are played to a random mid-game state; there the
//! engine announces each generated expression, and the reference works out the same announcement
//! on the same state. Generated statement blocks (loops over zones and rows, `if`, `let`, `set`,
//! `add`, `transfer`) are run by the engine and by the reference's own statement reader, and the
//! announcements and counters compared. Then every game of `games/` is played with random
//! players, and every function the test can give arguments to is worked out both ways at every
//! decision. The generator lives in `differential_gen.rs`; the fuzz target
//! `fuzz/fuzz_targets/differential.rs` runs the same comparison longer.

use std::sync::atomic::{AtomicUsize, Ordering};

use cardlang::check::ir::{Effect, Expr, Program, Stmt, TextPart, Value, ZoneKey};
use cardlang::check::{self, Config};
use cardlang::engine::{EventSink, Game, State};
use cardlang::reference::{compare, Reference};
use cardlang::syntax::ast::{File, Item, TypeExprKind};
use proptest::prelude::*;

#[path = "differential_gen.rs"]
pub mod gen;
use gen::Dice;

/// How many cases each property runs: 256 in CI, more with `PROPTEST_CASES`.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}

/// Plays a game with random choices to its end (or `max` decisions), telling `sink` every event
/// and calling `each` at every decision.
pub fn play_randomly<S: EventSink>(
    game: std::sync::Arc<Game>,
    seed: u64,
    dice: &mut Dice,
    max: usize,
    sink: &mut S,
    each: impl FnMut(&State),
) {
    compare::play(game, seed, max, sink, |n| dice.below(n as u64) as usize, each);
}

/// Generated games checked, and generated games the checker refused (the generator's mistakes).
static CHECKED: AtomicUsize = AtomicUsize::new(0);
static REFUSED: AtomicUsize = AtomicUsize::new(0);

/// Checks a generated game and plays it with the sink comparing: the mismatches, or `None` when
/// the generated text did not check.
pub fn run_generated(source: &str, seed: u64, choices: u64) -> Option<(usize, Vec<String>)> {
    let mut dice = Dice(choices);
    let out = compare::run_source(source, seed, |n| dice.below(n as u64) as usize);
    match out {
        Some(_) => CHECKED.fetch_add(1, Ordering::Relaxed),
        None => REFUSED.fetch_add(1, Ordering::Relaxed),
    };
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Every generated expression (and function) announced by the engine in a random mid-game
    /// state reads as the reference reads it.
    #[test]
    fn engine_and_reference_agree_on_expressions(
        text in any::<u64>(), depth in 0u32..4, rounds in 0u32..5, seed in any::<u64>(), choices in any::<u64>(),
        probes in 1usize..7, funcs in 1u64..5
    ) {
        let source = gen::game_of(text, depth, rounds, probes, 0, funcs, 4);
        if let Some((_, mismatches)) = run_generated(&source, seed, choices) {
            prop_assert!(mismatches.is_empty(), "{}\n{source}", mismatches.join("\n"));
        }
    }

    /// Every generated statement block ends with the same announcements and counters run by the
    /// engine and by the reference's statement reader.
    #[test]
    fn engine_and_reference_agree_on_statements(
        text in any::<u64>(), depth in 0u32..3, rounds in 0u32..5, seed in any::<u64>(), choices in any::<u64>(),
        blocks in 1usize..4, width in 1u64..5, funcs in 1u64..5
    ) {
        let source = gen::game_of(text, depth, rounds, 0, blocks, funcs, width);
        if let Some((_, mismatches)) = run_generated(&source, seed, choices) {
            prop_assert!(mismatches.is_empty(), "{}\n{source}", mismatches.join("\n"));
        }
    }
}

/// The generator makes games that check: at least 95 of 100 (each seed once). Prints how many.
#[test]
fn generated_games_check() {
    let mut ok = 0;
    let mut errors = Vec::new();
    for seed in 0..100u64 {
        let source = gen::game(seed, (seed % 4) as u32, 2, 6, 3);
        let refused = match cardlang::syntax::parse(&source) {
            Ok(file) => check::check(&file, &Config::default()).err().map(|e| format!("{e:?}")),
            Err(e) => Some(format!("{e}")),
        };
        match refused {
            None => ok += 1,
            Some(e) => errors.push(format!(
                "seed {seed}: {}\n{}",
                &e[..e.len().min(600)],
                if errors.len() < 3 { source.as_str() } else { "" }
            )),
        }
    }
    println!("{ok} of 100 generated games check");
    assert!(ok >= 95, "{ok} of 100 check; refused:\n{}", errors.join("\n"));
}

/// A generated game compares something: its expressions and blocks are reached and announced.
#[test]
fn generated_games_compare_their_expressions() {
    let mut compared = 0;
    for seed in 0..20u64 {
        let source = gen::game(seed, 2, 2, 6, 3);
        if let Some((n, mismatches)) = run_generated(&source, seed, seed) {
            assert!(mismatches.is_empty(), "{}\n{source}", mismatches.join("\n"));
            compared += n;
        }
    }
    assert!(compared >= 20 * 8, "only {compared} comparisons in 20 games");
}

/// The arguments the test can give a parameter of this type, written out: every seat, the top
/// card of each zone, a few numbers, an enum's members.
fn arguments(ty: &TypeExprKind, program: &Program) -> Vec<String> {
    let zones: Vec<String> = program
        .zone_decls
        .iter()
        .filter_map(|d| match d.key {
            ZoneKey::Shared => Some(d.name.clone()),
            ZoneKey::Player => Some(format!("{} of player 1", d.name)),
            _ => None,
        })
        .collect();
    match ty {
        TypeExprKind::Player => (1..=program.players).map(|p| format!("player {p}")).collect(),
        TypeExprKind::Card => zones.iter().map(|z| format!("top of {z}")).collect(),
        TypeExprKind::Int => vec!["0".into(), "2".into(), "7".into()],
        TypeExprKind::Bool => vec!["true".into(), "false".into()],
        TypeExprKind::Zone | TypeExprKind::Cards => zones,
        TypeExprKind::Named(n) => {
            program.enums.iter().find(|e| e.name == n.text).map_or_else(Vec::new, |e| e.members.clone())
        }
        TypeExprKind::SetOf(_) => vec!["{}".into()],
    }
}

/// Calls of every function of a game with arguments the test can write (a few of each
/// function's combinations), as lines of a procedure nobody calls.
fn probe_calls(file: &File, program: &Program) -> Vec<String> {
    let mut calls = Vec::new();
    for item in &file.items {
        let Item::Function(f) = item else { continue };
        let options: Vec<Vec<String>> = f.params.iter().map(|p| arguments(&p.ty.kind, program)).collect();
        if options.iter().any(|o| o.is_empty()) {
            continue;
        }
        for i in 0..4 {
            let args: Vec<String> = options.iter().enumerate().map(|(j, o)| o[(i + j) % o.len()].clone()).collect();
            calls.push(format!("{}({})", f.name.text, args.join(", ")));
        }
    }
    calls.sort();
    calls.dedup();
    calls
}

/// `file` with a procedure nobody calls that announces each of `calls`.
fn with_probe(file: &File, calls: &[String]) -> Option<File> {
    let mut text = String::from("game \"probe\"\nplayers 2\nprocedure zz_reference_probe {\n");
    for c in calls {
        text.push_str(&format!("    announce \"{{{c}}}\"\n"));
    }
    text.push_str("}\n");
    let probe = cardlang::syntax::parse(&text).ok()?;
    let mut out = file.clone();
    out.items.extend(probe.items.into_iter().filter(|i| matches!(i, Item::Procedure(_))));
    Some(out)
}

/// The expressions announced by the probe procedure of a program.
fn probe_exprs(program: &Program) -> Vec<Expr> {
    let Some(p) = program.procedures.iter().find(|p| p.name == "zz_reference_probe") else { return Vec::new() };
    p.body
        .iter()
        .filter_map(|s| match s {
            Stmt::Effect(Effect::Announce(parts)) => parts.iter().find_map(|t| match t {
                TextPart::Value(e, _) => Some(e.clone()),
                _ => None,
            }),
            _ => None,
        })
        .collect()
}

/// Every game in games/ (each variant) and games/variants/, with the file it was read from:
/// (label, file, configuration).
fn every_game_file() -> Vec<(String, File, Config)> {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("games/ exists").flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.extension().and_then(|e| e.to_str()) != Some("cardgame") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = cardlang::syntax::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut names = vec![None];
        names.extend(check::variants::variant_decls(&file).iter().map(|v| Some(v.name.text.clone())));
        for v in names {
            let label = format!("{} {}", path.display(), v.clone().unwrap_or_default());
            out.push((label, file.clone(), Config { variant: v, sets: Vec::new(), seats: None }));
        }
    }
    let mut files: Vec<_> =
        std::fs::read_dir(format!("{dir}/variants")).expect("games/variants/").flatten().map(|e| e.path()).collect();
    files.sort();
    for path in files {
        let loaded = cardlang::load::read(&path.to_string_lossy()).unwrap_or_else(|e| panic!("{:?}", e.1));
        for v in &loaded.own_variants {
            let config = Config { variant: Some(v.clone()), sets: Vec::new(), seats: None };
            let Ok(config) = loaded.config(&config) else { continue };
            out.push((format!("{} {v}", path.display()), loaded.file.clone(), config));
        }
    }
    out
}

/// Every game, played with random players: at every decision, each function of the game that
/// the test can give arguments to (players, the top card of a zone, numbers, members) and each
/// player's `progress` are worked out by the engine (as compiled) and by the reference, and
/// must agree. A few seconds in all.
#[test]
fn every_game_agrees_with_the_reference_at_every_decision() {
    let mut compared = 0usize;
    let mut failures = Vec::new();
    for (label, file, config) in every_game_file() {
        let program = check::check(&file, &config).unwrap_or_else(|e| panic!("{label}: {e:?}"));
        // The calls that check, one function's at a time, then all together.
        let calls: Vec<String> = probe_calls(&file, &program)
            .into_iter()
            .filter(|c| with_probe(&file, std::slice::from_ref(c)).is_some_and(|f| check::check(&f, &config).is_ok()))
            .collect();
        let probed = with_probe(&file, &calls).expect("the probe parses");
        let checked = check::check(&probed, &config).unwrap_or_else(|e| panic!("{label}: {e:?}"));
        let game = Game::new(checked.clone());
        let engine_exprs = probe_exprs(&game.program);
        let reference_exprs = probe_exprs(&checked);
        assert_eq!(engine_exprs.len(), calls.len(), "{label}");
        for seed in 0..2u64 {
            let mut dice = Dice(seed);
            play_randomly(game.clone(), seed, &mut dice, 150, &mut cardlang::engine::NoEvents, |state| {
                let reference = Reference::of_state(&checked, state);
                for ((call, mine), theirs) in calls.iter().zip(&reference_exprs).zip(&engine_exprs) {
                    let (want, got) = (reference.eval(mine), state.evaluate(theirs));
                    compared += 1;
                    if want != got && failures.len() < 20 {
                        failures.push(format!(
                            "{label} seed {seed}: {call} is {got:?} in the engine, {want:?} in the reference"
                        ));
                    }
                }
                if let Some((slot, e)) = &checked.measures.progress {
                    for p in 0..checked.players {
                        let mut r = Reference::of_state(&checked, state);
                        if r.table.locals.len() <= *slot as usize {
                            r.table.locals.resize(*slot as usize + 1, Value::None);
                        }
                        r.table.locals[*slot as usize] = Value::Player(p);
                        let want = r.eval(e).as_int();
                        compared += 1;
                        if want != state.progress(p) && failures.len() < 20 {
                            failures.push(format!("{label} seed {seed}: progress of player {} is {:?} in the engine, {want:?} in the reference", p + 1, state.progress(p)));
                        }
                    }
                }
            });
        }
    }
    println!("{compared} values compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared > 1000, "only {compared} values compared");
}

/// Issue 43's forms (ranges, a row's zones, `previous`, `the player`) are among what the generator writes, and
/// the games that use them check.
#[test]
fn generated_games_use_ranges_rows_and_previous() {
    let (mut ranges, mut rows, mut previous, mut the_player) = (0, 0, 0, 0);
    for seed in 0..100u64 {
        let source = gen::game(seed, 3, 2, 6, 3);
        let checks = cardlang::syntax::parse(&source).is_ok_and(|f| check::check(&f, &Config::default()).is_ok());
        if !checks {
            continue;
        }
        let aggregate_over_numbers = ["any", "all", "count of", "for"].iter().any(|w| {
            ["k", "j"]
                .iter()
                .any(|k| source.contains(&format!("({w} {k} in ")) || source.contains(&format!(" {w} {k} in ")))
        });
        ranges += usize::from(aggregate_over_numbers);
        rows += usize::from(source.contains("zone z in") || source.contains("zone y in"));
        previous += usize::from(source.contains("previous "));
        the_player += usize::from(source.contains("(the player "));
    }
    assert!(the_player >= 5, "the player: {the_player}");
    println!("of 100 generated games: {ranges} with a range, {rows} with a row's zones, {previous} with previous");
    assert!(ranges >= 10 && rows >= 10 && previous >= 5, "ranges {ranges}, rows {rows}, previous {previous}");
}
