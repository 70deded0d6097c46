//! The search player (`mcts`): it does not peek (two tables that look the same to it give the
//! same decision for the same seed, whatever the hidden cards and the others' secret choices),
//! it plays every game to its end, a seed gives the same game, a time budget is kept, and the
//! command line reads, checks and seats its specs. Its strength is measured in docs/agents.md,
//! not asserted here, except a margin against random play far below what it shows.

use std::process::Command;
use std::sync::Arc;

use cardlang::agents::{self, Agent, AgentSpec, MctsAgent, MctsConfig, Pace, Playout, SpecError};
use cardlang::check::Config;
use cardlang::engine::rng::Rng;
use cardlang::engine::{Game, State, ToMove};

use crate::common::every_game;

fn load(path: &str) -> Arc<Game> {
    cardlang::load::load_game(path, &Config::default()).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A small search: enough to exercise every part, cheap in a debug build.
fn small(iterations: u32, playout: Playout) -> MctsConfig {
    MctsConfig { iterations: Some(iterations), ms: None, c: 0.7, playout, cap: Some(12) }
}

fn table(state: &State) -> Vec<Vec<u16>> {
    (0..state.game().program.zones.len() as u16).map(|z| state.zone_cards(z).to_vec()).collect()
}

/// The first player to decide now, if any.
fn decider(state: &State) -> Option<u8> {
    match state.to_move() {
        ToMove::One(p) => Some(p),
        ToMove::Simultaneous(ps) => ps.first(),
        ToMove::Nobody => None,
    }
}

#[test]
fn mcts_decides_the_same_on_tables_that_look_the_same() {
    // At every few decisions of a random game, the real state and a determinization of it (the
    // cards the decider cannot see and does not remember seeing go into a zone dealt elsewhere,
    // the others' secret choices redrawn) go to two search players with the same seed: they must
    // choose alike.
    let mut compared = 0;
    let mut differing = 0;
    for (path, every, playout) in [
        ("games/wilcox_war.cardgame", 4, Playout::Random),
        ("games/high_low_war.cardgame", 2, Playout::Greedy),
        ("games/wild_twist_gin.cardgame", 9, Playout::Random),
        ("games/wild_twist_solitaire.cardgame", 9, Playout::Random),
    ] {
        let game = load(path);
        for seed in 0..3 {
            let mut state = State::new(game.clone(), seed);
            let mut driver = Rng::new(seed + 100);
            let mut step = 0u64;
            while let Some(p) = decider(&state) {
                let legal = state.legal_actions(p);
                step += 1;
                if step > 60 {
                    break;
                }
                if legal.len() > 1 && step.is_multiple_of(every) {
                    let other = state.determinized_remembering(p, &mut Rng::new(step));
                    assert_eq!(other.observation(p), state.observation(p));
                    assert_eq!(memory(&other, p), memory(&state, p));
                    assert_eq!(other.legal_actions(p), legal);
                    differing += usize::from(table(&other) != table(&state));
                    let a = MctsAgent::new(small(24, playout), seed).choose(&state, p, &legal);
                    let b = MctsAgent::new(small(24, playout), seed).choose(&other, p, &legal);
                    assert_eq!(a, b, "{path} seed {seed} step {step}: the search saw past its view");
                    compared += 1;
                }
                let a = legal[driver.below(legal.len() as u64) as usize];
                state.apply(p, a).expect("legal");
            }
        }
    }
    assert!(compared > 40, "only {compared} decisions compared");
    assert!(differing > 20, "only {differing} tables really differed");
}

/// What `p` remembers of the cards they cannot see: (card, zone) for each.
fn memory(state: &State, p: u8) -> Vec<(u16, u16)> {
    let cards = state.game().program.cards.len() as u16;
    (0..cards).filter_map(|c| state.remembered_zone(p, c).map(|z| (c, z))).collect()
}

#[test]
fn a_card_seen_going_into_a_hand_stays_there_in_every_determinization() {
    // Wild Twist Gin: the first player takes the up-card. Their opponent saw it go into their
    // hand, so every table the opponent's search imagines has it there; the determinization
    // greedy uses (which remembers nothing) deals it anywhere hidden.
    let game = load("games/wild_twist_gin.cardgame");
    let mut checked = 0;
    for seed in 0..6 {
        let mut state = State::new(game.clone(), seed);
        let Some(p) = decider(&state) else { continue };
        let take = state.legal_actions(p).into_iter().find(|&a| state.action_label(p, a).starts_with("take"));
        let Some(take) = take else { continue };
        let up = up_card(&state);
        state.apply(p, take).expect("legal");
        let (hand, _) = state.find_card(up).expect("the up-card lies somewhere");
        let o = 1 - p;
        assert!(!state.can_see(o, hand, 0), "seed {seed}: the opponent's hand is hidden from them");
        assert_eq!(state.remembered_zone(o, up), Some(hand), "seed {seed}: the opponent saw it go there");
        assert_eq!(state.remembered_zone(p, up), None, "seed {seed}: the taker sees it");
        let mut elsewhere = 0;
        for k in 0..40 {
            let d = state.determinized_remembering(o, &mut Rng::new(k));
            assert_eq!(d.find_card(up).map(|(z, _)| z), Some(hand), "seed {seed} draw {k}");
            assert_eq!(d.observation(o), state.observation(o));
            elsewhere +=
                usize::from(state.determinized(o, &mut Rng::new(k)).find_card(up).map(|(z, _)| z) != Some(hand));
        }
        assert!(elsewhere > 10, "seed {seed}: the plain determinization kept it there {} times in 40", 40 - elsewhere);
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} deals offered the up-card");
}

/// The up-card of a fresh Wild Twist Gin deal: the only card every player sees.
fn up_card(state: &State) -> u16 {
    let zones = state.game().program.zones.len() as u16;
    (0..zones)
        .flat_map(|z| (0..state.zone_cards(z).len()).map(move |i| (z, i)))
        .find(|&(z, i)| state.can_see(0, z, i) && state.can_see(1, z, i))
        .map(|(z, i)| state.zone_cards(z)[i])
        .expect("an up-card")
}

#[test]
fn what_a_player_remembers_is_true_in_every_game() {
    // Along random games of every game and variant, a card a player remembers in a zone lies in
    // that zone, out of their sight; and the search's determinization keeps it there.
    let mut remembered = 0;
    for (label, game) in every_game() {
        let players = game.players();
        for seed in 0..2 {
            let mut state = State::new(game.clone(), seed);
            let mut driver = Rng::new(seed + 7);
            for step in 0..150u64 {
                let Some(p) = decider(&state) else { break };
                for v in 0..players {
                    for (c, z) in memory(&state, v) {
                        let (at, i) = state.find_card(c).expect("a remembered card lies somewhere");
                        assert_eq!(
                            at, z,
                            "{label} seed {seed} step {step}: player {v} remembers card {c} in the wrong zone"
                        );
                        remembered += usize::from(!state.can_see(v, at, i));
                    }
                    if step % 10 == 0 {
                        let d = state.determinized_remembering(v, &mut Rng::new(step));
                        for (c, z) in memory(&state, v) {
                            let (at, i) = state.find_card(c).expect("lies somewhere");
                            if !state.can_see(v, at, i) {
                                assert_eq!(d.find_card(c).map(|(z, _)| z), Some(z), "{label} seed {seed} step {step}");
                            }
                        }
                        for q in 0..players {
                            for (c, z) in memory(&d, q) {
                                assert_eq!(
                                    d.find_card(c).map(|(z, _)| z),
                                    Some(z),
                                    "{label}: player {q}'s memory in {v}'s draw"
                                );
                            }
                        }
                    }
                }
                let legal = state.legal_actions(p);
                let a = legal[driver.below(legal.len() as u64) as usize];
                state.apply(p, a).expect("legal");
            }
        }
    }
    assert!(remembered > 100, "only {remembered} remembered cards seen");
}

#[test]
fn another_players_secret_choice_is_not_read() {
    // Wilcox War: player 1 has secretly chosen a card; player 2 decides. Whatever player 1 chose,
    // player 2's search (same seed) decides the same.
    let game = load("games/wilcox_war.cardgame");
    for seed in 0..4 {
        let fresh = State::new(game.clone(), seed);
        let offered = fresh.legal_actions(0);
        let mut decisions = Vec::new();
        for &a in &offered {
            let mut state = fresh.clone();
            state.apply(0, a).expect("legal");
            assert_eq!(state.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[1])));
            let legal = state.legal_actions(1);
            decisions.push(MctsAgent::new(small(40, Playout::Random), 7).choose(&state, 1, &legal));
        }
        assert!(decisions.windows(2).all(|w| w[0] == w[1]), "seed {seed}: {decisions:?}");
    }
}

#[test]
fn a_later_chooser_searches_as_if_asked_first() {
    // Wilcox War: player 1 has secretly chosen a card; player 2 decides. The search takes player
    // 1's choice back (it is open in the tree, chosen by player 1's own statistics), so it is the
    // very search player 2 makes at the fresh table, before anyone chose: the same decision and
    // the same tree, whatever player 1 chose.
    let game = load("games/wilcox_war.cardgame");
    for seed in 0..4 {
        let fresh = State::new(game.clone(), seed);
        assert_eq!(fresh.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
        let legal = fresh.legal_actions(1);
        let mut first = MctsAgent::new(small(40, Playout::Random), 7);
        let decision = first.choose(&fresh, 1, &legal);
        let tree = (first.last_search().iterations, first.last_search().nodes);
        for a in fresh.legal_actions(0) {
            let mut state = fresh.clone();
            state.apply(0, a).expect("legal");
            // The engine's side: taken back, player 1 waits again at the very table of the start.
            let mut open = state.clone();
            assert!(open.reopen_secrets(1));
            assert_eq!(open.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
            assert_eq!(open.legal_actions(0), fresh.legal_actions(0));
            assert!(!open.reopen_secrets(1), "nothing left to take back");
            let mut later = MctsAgent::new(small(40, Playout::Random), 7);
            assert_eq!(later.choose(&state, 1, &legal), decision, "seed {seed}: player 1 chose {a:?}");
            let s = later.last_search();
            assert_eq!((s.iterations, s.nodes), tree, "seed {seed}: another tree after player 1 chose {a:?}");
        }
    }
}

#[test]
fn mcts_plays_every_game_to_its_end() {
    for (label, game) in every_game() {
        let players = game.players() as usize;
        let mut seats: Vec<Box<dyn Agent>> = (0..players)
            .map(|i| {
                // The least search that still builds a tree: long games (a solitaire at its turn
                // cap, play-to-all variants) stay cheap in a debug build.
                let cfg = MctsConfig { cap: Some(0), ..small(2, Playout::Random) };
                Box::new(MctsAgent::new(cfg, agents::seat_seed(1, i))) as Box<dyn Agent>
            })
            .collect();
        let mut state = State::new(game.clone(), 1);
        agents::play_game(&mut state, &mut seats, &mut Quiet).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert!(state.is_over(), "{label}");
    }
}

#[test]
fn a_seed_gives_the_same_game() {
    let game = load("games/high_low_war.cardgame");
    let play = || {
        let mut seats: Vec<Box<dyn Agent>> = vec![
            Box::new(MctsAgent::new(small(30, Playout::Random), agents::seat_seed(5, 0))),
            Box::new(agents::GreedyAgent::new(agents::seat_seed(5, 1))),
        ];
        let mut state = State::new(game.clone(), 5);
        let mut log = Log(Vec::new());
        agents::play_game(&mut state, &mut seats, &mut log).expect("finishes");
        (log.0, state.outcome().cloned())
    };
    let first = play();
    assert!(first.0.len() > 3, "a game of several decisions");
    assert_eq!(first, play());
}

#[test]
fn a_time_budget_is_kept() {
    // A decision with a 50 ms budget and no practical iteration limit stops on time (the margin
    // is wide: a slow debug build on a busy machine runs one iteration at most past the budget).
    let game = load("games/wild_twist_gin.cardgame");
    let state = State::new(game, 3);
    let p = decider(&state).expect("a decision");
    let legal = state.legal_actions(p);
    let cfg = MctsConfig { iterations: None, ms: Some(50), ..MctsConfig::default() };
    let mut agent = MctsAgent::new(cfg, 1);
    assert!(agent.choose(&state, p, &legal).is_some_and(|a| legal.contains(&a)));
    let s = agent.last_search();
    assert!(s.iterations >= 1);
    assert!(s.elapsed.as_millis() < 2_000, "a 50 ms budget took {:?}", s.elapsed);
}

#[test]
fn mcts_beats_random_at_wilcox_war() {
    // A very small search already wins most games; the margin asked for is far below what it shows
    // at its default budget (docs/agents.md).
    let game = load("games/wilcox_war.cardgame");
    let (mut mine, mut theirs) = (0, 0);
    for seed in 0..6u64 {
        for seat in 0..2usize {
            let mut seats: Vec<Box<dyn Agent>> = (0..2)
                .map(|i| {
                    let s = agents::seat_seed(seed, i);
                    if i == seat {
                        Box::new(MctsAgent::new(small(40, Playout::Random), s)) as Box<dyn Agent>
                    } else {
                        Box::new(agents::RandomAgent::new(s))
                    }
                })
                .collect();
            let mut state = State::new(game.clone(), seed);
            agents::play_game(&mut state, &mut seats, &mut Quiet).expect("finishes");
            if let Some(cardlang::engine::Result::Win(w)) = state.outcome().map(|o| &o.result) {
                mine += usize::from(w.contains(&(seat as u8)));
                theirs += usize::from(w.iter().any(|&p| p as usize != seat));
            }
        }
    }
    assert!(mine >= theirs + 4, "mcts won {mine}, random {theirs}, of 12");
}

#[test]
fn specs_read_with_options_and_defaults() {
    let spec = |s: &str| AgentSpec::parse(s, Pace::Reproducible);
    assert_eq!(spec("random"), Ok(AgentSpec::Random));
    assert_eq!(spec("greedy"), Ok(AgentSpec::Greedy));
    assert_eq!(spec("human"), Ok(AgentSpec::Human));
    assert_eq!(spec("mcts"), Ok(AgentSpec::Mcts(MctsConfig::default())));
    assert_eq!(spec("mcts:"), Ok(AgentSpec::Mcts(MctsConfig::default())));
    let Ok(AgentSpec::Mcts(c)) = spec("mcts:iterations=500,c=1.0,playout=greedy,cap=200") else { panic!() };
    assert_eq!((c.iterations, c.ms, c.c, c.playout, c.cap), (Some(500), None, 1.0, Playout::Greedy, Some(200)));
    let Ok(AgentSpec::Mcts(c)) = spec("mcts:cap=auto") else { panic!() };
    assert_eq!((c.cap, c.cap_for(true), c.cap_for(false)), (None, 0, agents::mcts::NO_PROGRESS_CAP));
    // A time budget alone has no iteration limit; both together stop at the first reached.
    let Ok(AgentSpec::Mcts(c)) = spec("mcts:ms=200") else { panic!() };
    assert_eq!((c.iterations, c.ms), (None, Some(200)));
    let Ok(AgentSpec::Mcts(c)) = spec(" mcts : ms = 200 , iterations = 9 ") else { panic!() };
    assert_eq!((c.iterations, c.ms), (Some(9), Some(200)));
    // In `play`, the default budget is capped by the clock; a budget given is kept as given.
    let play = |s: &str| AgentSpec::parse(s, Pace::Interactive);
    let Ok(AgentSpec::Mcts(c)) = play("mcts") else { panic!() };
    assert_eq!((c.iterations, c.ms), (Some(agents::mcts::DEFAULT_ITERATIONS), Some(agents::mcts::INTERACTIVE_MS)));
    let Ok(AgentSpec::Mcts(c)) = play("mcts:iterations=50") else { panic!() };
    assert_eq!((c.iterations, c.ms), (Some(50), None));
}

#[test]
fn bad_specs_are_refused_clearly() {
    let err = |s: &str| AgentSpec::parse(s, Pace::Reproducible).expect_err(s);
    assert!(matches!(err("genius"), SpecError::UnknownKind { .. }));
    assert!(matches!(err("greedy:c=1"), SpecError::NoOptions { .. }));
    assert!(matches!(err("mcts:iters=5"), SpecError::UnknownOption { .. }));
    assert!(matches!(err("mcts:iterations=0"), SpecError::BadValue { .. }));
    assert!(matches!(err("mcts:iterations=lots"), SpecError::BadValue { .. }));
    assert!(matches!(err("mcts:ms=-3"), SpecError::BadValue { .. }));
    assert!(matches!(err("mcts:c=nan"), SpecError::BadValue { .. }));
    assert!(matches!(err("mcts:playout=smart"), SpecError::BadValue { .. }));
    assert!(matches!(err("mcts:cap=x"), SpecError::BadValue { .. }));
    assert!(matches!(err("mcts:c=1,c=2"), SpecError::Duplicate { .. }));
    assert!(matches!(err("mcts:c"), SpecError::Malformed { .. }));
    assert!(matches!(err("mcts:c=1,,cap=3"), SpecError::Malformed { .. }));
    assert_eq!(
        err("mcts:iters=5").to_string(),
        "unknown option `iters` for mcts: choose from iterations, ms, c, playout, cap"
    );
    assert_eq!(
        err("mcts:playout=smart").to_string(),
        "`playout=smart` is not allowed: playout takes `random` or `greedy`"
    );
}

#[test]
fn seats_split_at_commas_are_put_back_together() {
    let pieces = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    assert_eq!(
        agents::join_seats(&pieces("mcts:iterations=500,c=1.0,greedy")),
        ["mcts:iterations=500,c=1.0", "greedy"]
    );
    assert_eq!(agents::join_seats(&pieces("human,mcts:ms=200,cap=9")), ["human", "mcts:ms=200,cap=9"]);
    assert_eq!(agents::join_seats(&pieces("mcts,mcts:c=2")), ["mcts", "mcts:c=2"]);
    // A stray option with no spec before it stays a seat of its own, and is refused as a kind.
    assert_eq!(agents::join_seats(&pieces("c=1,random")), ["c=1", "random"]);
    assert_eq!(agents::join_seats(&pieces("random,c=1")), ["random", "c=1"]);
}

fn cardlang(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn the_command_line_seats_mcts_with_options() {
    let (code, out, err) = cardlang(&[
        "simulate",
        "games/wilcox_war.cardgame",
        "-n",
        "4",
        "--players",
        "mcts:iterations=10,c=1.0,cap=5,greedy",
        "--jobs",
        "1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l.starts_with("1     mcts:iterations=10,c=1.0,cap=5")), "{out}");
    let (code, out, err) = cardlang(&[
        "transcript",
        "games/high_low_war.cardgame",
        "--seed",
        "2",
        "--players",
        "random,mcts:iterations=10",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("# seed: 2; players: random, mcts:iterations=10"), "{out}");
    let (code, out, err) =
        cardlang(&["play", "games/wilcox_war.cardgame", "--seed", "3", "--players", "mcts:iterations=5,random"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l.starts_with("result: ")), "{out}");
}

#[test]
fn simulate_with_mcts_gives_the_same_figures_whatever_jobs_is() {
    let run = |jobs: &str| {
        let args = [
            "simulate",
            "games/high_low_war.cardgame",
            "-n",
            "6",
            "--players",
            "mcts:iterations=15,greedy",
            "--json",
            "--jobs",
            jobs,
        ];
        let (code, out, err) = cardlang(&args);
        assert_eq!(code, Some(0), "{err}");
        out
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn bad_specs_on_the_command_line_get_clear_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["play", "games/wilcox_war.cardgame", "--players", "mcts:iters=5,random"], "unknown option `iters` for mcts"),
        (&["play", "games/wilcox_war.cardgame", "--players", "greedy:c=1,random"], "`greedy` takes no options"),
        (
            &["transcript", "games/wilcox_war.cardgame", "--seed", "1", "--players", "mcts:c=-1,random"],
            "c takes a number",
        ),
        (
            &["simulate", "games/wilcox_war.cardgame", "--players", "mcts:cap=x,random"],
            "cap takes `auto` or a whole number",
        ),
        (&["simulate", "games/wilcox_war.cardgame", "--players", "human,mcts"], "cannot play in a simulation"),
        (&["simulate", "games/wilcox_war.cardgame", "--players", "mcts,genius"], "unknown player kind `genius`"),
    ];
    for (args, expected) in cases {
        let (code, _, err) = cardlang(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: expected `{expected}` in:\n{err}");
    }
}

/// A watcher that wants nothing.
struct Quiet;

impl cardlang::engine::EventSink for Quiet {
    fn enabled(&self) -> bool {
        false
    }
    fn event(&mut self, _: &State, _: cardlang::engine::Event<'_>) {}
}

impl agents::Watcher for Quiet {
    fn decision(&mut self, _: &State, _: &agents::Decision) {}
}

/// A watcher that keeps every decision: who chose what.
struct Log(Vec<(u8, u32)>);

impl cardlang::engine::EventSink for Log {
    fn enabled(&self) -> bool {
        false
    }
    fn event(&mut self, _: &State, _: cardlang::engine::Event<'_>) {}
}

impl agents::Watcher for Log {
    fn decision(&mut self, _: &State, d: &agents::Decision) {
        self.0.push((d.player, d.chosen.0));
    }
}
