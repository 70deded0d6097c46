//! Results change only on purpose: whole transcripts of many seeded games of every game and
//! variant, and `simulate --json` reports, are hashed and compared with a kept fixture
//! (`tests/fixtures/equivalence.txt`). A speed-up of the engine must leave every line as it is;
//! a rule change that alters one says so in its commit message and regenerates the fixture with
//! `CARDLANG_BLESS=1 cargo test equivalence`.

use std::collections::BTreeMap;
use std::process::Command;

use cardlang::agents;
use cardlang::engine::{Game, Limits, NoEvents, Recorder, State};
use cardlang::session::transcript::{self, TranscriptSpec};

use crate::common::every_game;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/equivalence.txt");

/// Seeds of games between random players, and between greedy players, per game and variant.
const RANDOM_SEEDS: std::ops::RangeInclusive<u64> = 1..=8;
const GREEDY_SEEDS: std::ops::RangeInclusive<u64> = 1..=1;

/// FNV-1a, 64 bits: a hash that is the same on every machine and in every Rust version.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// One line per game, variant, kind of player and seed: the hash of the text and JSON Lines
/// transcripts together.
fn transcript_lines(out: &mut BTreeMap<String, String>) {
    for (label, game) in every_game() {
        let seats = game.players() as usize;
        let runs = RANDOM_SEEDS.map(|s| ("random", s)).chain(GREEDY_SEEDS.map(|s| ("greedy", s)));
        for (kind, seed) in runs {
            let players = vec![kind.to_string(); seats];
            let spec = TranscriptSpec { game: game.clone(), seed, players: &players };
            let text = transcript::text(&spec).unwrap_or_else(|e| panic!("{label} seed {seed}: {e}"));
            let jsonl = transcript::jsonl(&spec).unwrap_or_else(|e| panic!("{label} seed {seed}: {e}"));
            let key = format!("transcript {label} {kind} seed {seed}");
            out.insert(key, format!("{:016x}", fnv(format!("{text}\n{jsonl}").as_bytes())));
        }
    }
}

/// One line per game file and variant: the hash of `cardlang simulate --json` over a few games.
fn simulate_lines(out: &mut BTreeMap<String, String>) {
    let runs: &[(&str, Option<&str>, &str, &str)] = &[
        ("games/wild_twist_war.cardgame", None, "random", "200"),
        ("games/wilcox_war.cardgame", None, "random", "200"),
        ("games/wilcox_war.cardgame", Some("play_to_all"), "random", "50"),
        ("games/wilcox_war.cardgame", None, "greedy", "20"),
        ("games/high_low_war.cardgame", None, "random", "200"),
        ("games/high_low_war.cardgame", None, "greedy", "20"),
        ("games/wild_twist_solitaire.cardgame", None, "random", "20"),
        ("games/wild_twist_solitaire.cardgame", Some("redeal"), "greedy", "5"),
        ("games/wild_twist_gin.cardgame", None, "greedy", "4"),
        ("games/classic_war.cardgame", None, "random", "100"),
        ("games/variants/wilcox_war_short.cardgame", Some("short"), "random", "100"),
    ];
    for (path, variant, kind, n) in runs {
        let mut args = vec!["simulate", path, "-n", n, "--seed", "11", "--jobs", "2", "--json"];
        if let Some(v) = variant {
            args.extend(["--variant", v]);
        }
        let seats = if path.contains("solitaire") { 1 } else { 2 };
        let players = vec![*kind; seats].join(",");
        args.extend(["--players", &players]);
        let run = Command::new(env!("CARGO_BIN_EXE_cardlang"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("the binary runs");
        assert!(run.status.success(), "{args:?}: {}", String::from_utf8_lossy(&run.stderr));
        let key = format!("simulate {path} {} {kind} -n {n}", variant.unwrap_or("-"));
        out.insert(key, format!("{:016x}", fnv(&run.stdout)));
    }
}

#[test]
fn transcripts_and_simulations_are_unchanged() {
    let mut found = BTreeMap::new();
    transcript_lines(&mut found);
    simulate_lines(&mut found);
    let text: String = found.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
    if std::env::var_os("CARDLANG_BLESS").is_some() {
        std::fs::write(FIXTURE, &text).expect("the fixture is written");
        return;
    }
    let kept = std::fs::read_to_string(FIXTURE).expect("tests/fixtures/equivalence.txt exists");
    let kept: BTreeMap<&str, &str> = kept.lines().filter_map(|l| l.rsplit_once(' ')).collect();
    let mut differ = Vec::new();
    for (k, v) in &found {
        match kept.get(k.as_str()) {
            Some(old) if old == v => {}
            Some(_) => differ.push(format!("changed: {k}")),
            None => differ.push(format!("new: {k}")),
        }
    }
    for k in kept.keys().filter(|k| !found.contains_key(**k)) {
        differ.push(format!("gone: {k}"));
    }
    assert!(differ.is_empty(), "{} result(s) differ from the fixture:\n{}", differ.len(), differ.join("\n"));
}

/// The table as far as play can tell: every zone's cards in order, every card's facing, the
/// steps run and the outcome.
fn table(game: &Game, state: &State) -> String {
    let zones: Vec<&[u16]> = (0..game.program.zones.len()).map(|z| state.zone_cards(z as u16)).collect();
    let faces: String =
        (0..game.program.cards.len()).map(|c| if state.is_face_up(c as u16) { 'u' } else { 'd' }).collect();
    format!("{zones:?} {faces} {} {:?}", state.steps(), state.outcome())
}

/// The engine takes quicker paths when nobody watches (moves of many cards at once, no text
/// built): a game played with no events leaves the same table, decision by decision, as the same
/// game reported event by event. Both keep no memory of sightings, as `cardlang simulate` and the
/// benchmarks play, since a state that keeps one moves cards by the general path.
#[test]
fn a_game_nobody_watches_plays_as_a_watched_one() {
    for (label, game) in every_game() {
        for seed in 1..=3 {
            let mut recorder = Recorder::default();
            let mut quiet = State::with_sink_forgetful(game.clone(), seed, Limits::default(), &mut NoEvents);
            let mut watched = State::with_sink_forgetful(game.clone(), seed, Limits::default(), &mut recorder);
            let mut seats: Vec<Box<dyn agents::Agent>> = (0..game.players() as usize)
                .map(|i| agents::make_agent("random", agents::seat_seed(seed, i)).expect("an AI agent"))
                .collect();
            for _ in 0..300 {
                assert_eq!(table(&game, &quiet), table(&game, &watched), "{label} seed {seed}");
                let players = quiet.to_move().seats();
                if players.is_empty() {
                    break;
                }
                for p in players {
                    let legal = quiet.legal_actions(p);
                    assert_eq!(legal, watched.legal_actions(p), "{label} seed {seed}");
                    let a = seats[p as usize].choose(&quiet, p, &legal).expect("an AI agent always chooses");
                    quiet.apply(p, a).expect("a legal action");
                    watched.apply_with(p, a, &mut recorder).expect("a legal action");
                }
            }
            assert_eq!(table(&game, &quiet), table(&game, &watched), "{label} seed {seed}");
        }
    }
}
