//! Issue 43, item 6: open timing, `any player p may { ... }`. The stories use two games of
//! tests/fixtures/lang_timing/: Match (three players; a card is turned into the centre and any
//! player holding one of its rank may throw it in, the first claim scoring) and Snap (two players
//! turn cards onto their piles; when the tops match, any player may call snap). Every player with
//! a claim is asked at once, "no claim" always offered; the first claim applied wins; agents
//! claiming together are drawn between by the seed; a person's claim for a moment already past
//! is stale; a saved table replays; nobody is told another's cards or whether they could claim.

use std::sync::Arc;

use crate::common;
use cardlang::agents::{self, make_agent, play_game};
use cardlang::check::{self, Config};
use cardlang::engine::rng::Rng;
use cardlang::engine::{Action, ArrangeStep, Game, NoEvents, State, ToMove, Viewer};
use cardlang::session::{Seat, Session, SessionError, Status};

const MATCH: &str = include_str!("fixtures/lang_timing/match.cardgame");
const SNAP: &str = include_str!("fixtures/lang_timing/snap.cardgame");

fn game(source: &str) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).expect("parses");
    Game::new(check::check(&file, &Config::default()).expect("checks"))
}

fn top(zone: &str, cards: &[&str]) -> ArrangeStep {
    ArrangeStep::Top { zone: zone.into(), cards: cards.iter().map(|c| c.to_string()).collect() }
}

/// Match with the next card of the pack 3♥, player 1 holding 3♠ and player 2 holding 3♣ (the
/// fourth 3 kept in the pack under the 3♥): players 1 and 2 may throw in, player 3 may not.
fn two_may_throw_in() -> State {
    let steps = [top("hand of player 1", &["3♠"]), top("hand of player 2", &["3♣"]), top("pack", &["3♥", "3♦"])];
    State::arranged(game(MATCH), 1, &steps, &mut NoEvents).expect("the arrangement names real cards")
}

fn labels(s: &State, p: u8) -> Vec<String> {
    s.legal_actions(p).iter().map(|a| s.action_label(p, *a)).collect()
}

fn points(s: &State, p: u8) -> String {
    let slot = s.game().program.counters.iter().find(|c| c.name == "points").expect("points").slot;
    format!("{:?}", s.counter_slot(slot + p as u16))
}

fn zone(s: &State, name: &str) -> u16 {
    s.game().program.zones.iter().position(|z| z.name == name).expect("the zone") as u16
}

/// Every player is asked, at once; each is offered "no claim" and their own claims: the players
/// who hold a card of the centre's rank may throw it in, and the player who holds none is
/// offered "no claim" alone (asked all the same, so that being asked, or the table waiting,
/// tells nobody who holds a 3).
#[test]
fn every_player_is_asked_at_once_with_their_own_claims() {
    let s = two_may_throw_in();
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1, 2])));
    assert!(s.is_open_moment());
    assert_eq!(labels(&s, 0), ["no claim", "throw 3♠ on 3♥"]);
    assert_eq!(labels(&s, 1), ["no claim", "throw 3♣ on 3♥"]);
    assert_eq!(labels(&s, 2), ["no claim"], "player 3 holds no 3: asked, with nothing to claim");
    assert_eq!(s.choice_prompt(0).as_deref(), Some("Throw in on 3♥?"));
}

/// The first claim applied wins: player 2 throws in and scores; player 1's claim is dropped (the
/// table has moved on to the next card), and player 1 keeps the 3♠.
#[test]
fn the_first_claim_applied_wins_and_the_others_are_dropped() {
    let mut s = two_may_throw_in();
    s.apply(1, Action(1)).expect("player 2 claims");
    assert_eq!(points(&s, 1), "Int(1)");
    assert_eq!(points(&s, 0), "Int(0)");
    let centre = zone(&s, "centre");
    let names: Vec<&str> = s.zone_cards(centre).iter().map(|&c| s.game().card_name(c)).collect();
    assert_eq!(names, ["3♥", "3♣", "3♦"], "player 2's card lies on the 3♥, and the next card is turned");
    let hand1 = zone(&s, "hand of player 1");
    assert!(s.zone_cards(hand1).iter().any(|&c| s.game().card_name(c) == "3♠"), "player 1 kept the 3♠");
    // The next card is the 3♦: player 1 may claim again, with the same 3♠ (a new moment).
    assert_eq!(labels(&s, 0), ["no claim", "throw 3♠ on 3♦"]);
}

/// "No claim" takes a player out of the moment; when every player asked answers it, the `else`
/// block runs and nobody scores.
#[test]
fn when_nobody_claims_the_else_block_runs() {
    let mut rec = cardlang::engine::Recorder::default();
    let steps = [top("hand of player 1", &["3♠"]), top("hand of player 2", &["3♣"]), top("pack", &["3♥", "3♦"])];
    let mut s = State::arranged(game(MATCH), 1, &steps, &mut rec).expect("arranged");
    s.apply_with(0, Action(0), &mut rec).expect("player 1 passes");
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[1, 2])), "players 2 and 3 to answer");
    s.apply_with(1, Action(0), &mut rec).expect("player 2 passes");
    s.apply_with(2, Action(0), &mut rec).expect("player 3, with nothing to claim, passes");
    assert_eq!(points(&s, 0), "Int(0)");
    assert_eq!(points(&s, 1), "Int(0)");
    let said = rec.lines.join("\n");
    assert!(said.contains("nobody throws in"), "the else block ran: {said}");
    assert_eq!(labels(&s, 0), ["no claim", "throw 3♠ on 3♦"], "the next card opens the next moment");
}

/// The draw between agents claiming together is the seed's: the same seed gives the same game,
/// and over many moments each claimer is sometimes first.
#[test]
fn the_draw_between_agents_is_reproducible_and_fair() {
    let s = two_may_throw_in();
    assert_eq!(s.claim_draw(&[0, 1]), two_may_throw_in().claim_draw(&[1, 0]), "same state, same draw");
    assert_eq!(s.claim_draw(&[]), None);
    assert_eq!(s.claim_draw(&[2]), Some(2));
    let mut first = [0u32; 2];
    for seed in 0..200 {
        let steps = [top("hand of player 1", &["3♠"]), top("hand of player 2", &["3♣"]), top("pack", &["3♥"])];
        let s = State::arranged(game(MATCH), seed, &steps, &mut NoEvents).expect("arranged");
        first[s.claim_draw(&[0, 1]).expect("a claimer") as usize] += 1;
    }
    assert!(first[0] > 60 && first[1] > 60, "each claimer is first about half the time: {first:?}");
}

/// The transcript of a game of agents is the same for the same seed, for every kind of agent,
/// and the game ends; two seeds give two games.
#[test]
fn agents_play_open_moments_the_same_for_the_same_seed() {
    for path in ["tests/fixtures/lang_timing/match.cardgame", "tests/fixtures/lang_timing/snap.cardgame"] {
        let seats =
            if path.contains("match") { "random,greedy,mcts:iterations=30" } else { "greedy,mcts:iterations=30" };
        let run = |seed: &str| common::cardlang(&["transcript", path, "--seed", seed, "--players", seats]);
        let (code, a, err) = run("5");
        assert_eq!(code, 0, "{path}: {err}");
        assert!(a.contains("result:"), "{path}: the game ends");
        assert_eq!(run("5").1, a, "{path}: the same seed, the same game");
        assert_ne!(run("6").1, a, "{path}: another seed, another game");
        assert!(a.contains("chooses throw") || a.contains("chooses snap"), "{path}: someone claimed:\n{a}");
    }
}

/// `simulate` is deterministic by seed with open moments: the same JSON twice.
#[test]
fn simulate_is_deterministic_with_open_moments() {
    let args = ["simulate", "tests/fixtures/lang_timing/snap.cardgame", "--games", "30", "--seed", "3", "--json"];
    let (code, a, err) = common::cardlang(&args);
    assert_eq!(code, 0, "{err}");
    let (_, b, _) = common::cardlang(&[&args[..], &["--players", "random,random"]].concat());
    assert_eq!(a, b, "the default players are random ones, and the run is the same");
    let (_, greedy1, _) = common::cardlang(&[&args[..], &["--players", "greedy,greedy", "--jobs", "1"]].concat());
    let (_, greedy2, _) = common::cardlang(&[&args[..], &["--players", "greedy,greedy", "--jobs", "2"]].concat());
    assert_eq!(greedy1, greedy2, "results do not depend on the workers");
}

/// `play_game` and a session of agents alone play the same game: the same history of answers.
#[test]
fn a_session_of_agents_plays_the_game_play_game_plays() {
    let g = game(MATCH);
    for seed in 1..=5 {
        let specs = ["greedy", "random", "greedy"];
        let mut state = State::new(g.clone(), seed);
        let mut agents: Vec<Box<dyn agents::Agent>> =
            (0..3).map(|i| make_agent(specs[i], agents::seat_seed(seed, i)).expect("an agent")).collect();
        play_game(&mut state, &mut agents, &mut NoEvents).expect("plays");
        let seats: Vec<Seat> = specs.iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut session = Session::new(g.clone(), seed, seats).expect("seats");
        assert_eq!(session.advance().expect("plays"), Status::Over);
        assert_eq!(session.state().outcome(), state.outcome(), "seed {seed}");
        assert_eq!(session.state().steps(), state.steps(), "seed {seed}: the same game, step for step");
    }
}

/// At a table of people, whoever answers first wins; the other's claim, made for the moment
/// already past, is refused as stale and changes nothing.
#[test]
fn a_claim_made_for_a_moment_already_past_is_stale() {
    let g = game(MATCH);
    let mut checked = 0;
    for seed in 1..=40 {
        let seats: Vec<Seat> = ["human", "human", "human"].iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut session = Session::new(g.clone(), seed, seats).expect("seats");
        let Status::Waiting(turns) = session.advance().expect("advances") else { continue };
        let claimers: Vec<_> = turns.iter().filter(|t| t.legal.len() > 1).collect();
        if claimers.len() < 2 || !session.state().is_open_moment() {
            continue;
        }
        let at = session.step();
        let (first, second) = (claimers[0], claimers[1]);
        session.act(second.seat, second.legal[1], at).expect("the first claim to arrive is applied");
        let history = session.history().to_vec();
        let refused = session.act(first.seat, first.legal[1], at);
        assert!(matches!(refused, Err(SessionError::Stale { .. })), "seed {seed}: {refused:?}");
        assert_eq!(session.history(), &history[..], "nothing changed");
        checked += 1;
    }
    assert!(checked >= 1, "a moment with two claimers was found");
}

/// A table saved at every decision and restored goes on exactly as the table never saved: the
/// history (the answers applied) replays the claims, and every seat is told the same lines.
#[test]
fn a_table_saved_at_an_open_moment_goes_on_as_never_saved() {
    let g = game(MATCH);
    let mut saves = 0;
    for seed in 1..=6 {
        let seats: Vec<Seat> =
            ["human", "random", "mcts:iterations=20"].iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut session = Session::new(g.clone(), seed, seats).expect("seats");
        let mut rng = Rng::new(seed);
        let mut status = session.advance().expect("the agents decide");
        while let Status::Waiting(turns) = status {
            let mut copy = Session::from_json(g.clone(), &session.to_json()).expect("restores");
            assert_eq!(copy.history(), session.history(), "the history as saved");
            assert_eq!(copy.status(), session.status());
            saves += usize::from(session.state().is_open_moment());
            let turn = &turns[0];
            let a = turn.legal[rng.below(turn.legal.len() as u64) as usize];
            let at = session.history().len();
            status = session.act(turn.seat, a, at).expect("a legal move");
            copy.act(turn.seat, a, at).expect("the same move, on the copy");
            for v in [Viewer::All, Viewer::Player(0), Viewer::Player(1), Viewer::Player(2)] {
                assert_eq!(copy.lines_for(v), session.lines_for(v), "seed {seed}: what {v:?} is told");
            }
        }
    }
    assert!(saves >= 6, "{saves} saves at open moments");
}

/// Hidden cards stay hidden: at every open moment of seeded games, nothing a seat is sent (the
/// browser's view: lines, panel, menu, who is waiting) names a card in another player's hand,
/// and the seats waiting that a link is told of are its own alone.
#[test]
fn no_seat_is_told_another_players_cards_or_claim() {
    use cardlang::serve::views::{view, Who};
    let g = game(MATCH);
    let mut looked = 0;
    for seed in 1..=12 {
        let seats: Vec<Seat> = ["human", "human", "human"].iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut session = Session::new(g.clone(), seed, seats).expect("seats");
        let mut rng = Rng::new(seed);
        let mut status = session.advance().expect("advances");
        while let Status::Waiting(turns) = status {
            let s = session.state();
            for me in 0..3u8 {
                let sent = serde_json::to_string(&view("t", &session, Who::Seat(me), None)).expect("json");
                for other in (0..3u8).filter(|&o| o != me) {
                    let hand = zone(s, &format!("hand of player {}", other + 1));
                    for &c in s.zone_cards(hand) {
                        let name = s.game().card_name(c);
                        assert!(
                            !sent.contains(name),
                            "seed {seed}: seat {} is sent {name}, held by player {}",
                            me + 1,
                            other + 1
                        );
                    }
                }
                if s.is_open_moment() {
                    let v = view("t", &session, Who::Seat(me), None);
                    assert!(
                        v.waiting.iter().all(|&w| w == me + 1),
                        "seed {seed}: seat {} told {:?}",
                        me + 1,
                        v.waiting
                    );
                    looked += 1;
                }
            }
            let turn = &turns[rng.below(turns.len() as u64) as usize];
            let a = turn.legal[rng.below(turn.legal.len() as u64) as usize];
            let at = session.history().len();
            status = session.act(turn.seat, a, at).expect("a legal move");
        }
    }
    assert!(looked > 30, "{looked} views at open moments");
}

/// The engine's claims against the reference evaluator's plain reading (src/reference/): at every
/// open moment of seeded random games, each waiting player's labels are "no claim" and then the
/// menu the reference lists with the player's name bound to them.
#[test]
fn claims_agree_with_the_reference() {
    use cardlang::check::ir::Choice;
    use cardlang::reference::Reference;
    let mut compared = 0;
    for source in [MATCH, SNAP] {
        let file = cardlang::syntax::parse(source).expect("parses");
        let program = check::check(&file, &Config::default()).expect("checks");
        for seed in 1..=8 {
            let mut s = State::new(Game::uncompiled(program.clone()), seed);
            let mut rng = Rng::new(seed);
            for _ in 0..200 {
                let ps = s.to_move().seats();
                let Some(p) = ps.first() else { break };
                if let Some(Choice::Open { player_slot, branches, .. }) = s.pending_choice() {
                    for q in ps {
                        let want = Reference::of_state(&program, &s).claim_labels(*player_slot, branches, q, 10_000);
                        let got: Vec<String> = s.legal_actions(q).iter().map(|a| s.onlooker_label(q, *a)).collect();
                        assert_eq!(got, want, "seed {seed}, player {}", q + 1);
                        compared += got.len();
                    }
                }
                let legal = s.legal_actions(p);
                let Some(&a) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { break };
                s.apply(p, a).expect("a legal action applies");
            }
        }
    }
    assert!(compared > 100, "only {compared} labels compared");
}

/// The checker: a moment with no kind of claim has a code of its own; a kind of claim binds at
/// most 6 names; `p` is known in the branches and not after the moment.
#[test]
fn the_checker_explains_misuse() {
    let errors = |body: &str| -> Vec<String> {
        let source = MATCH.replace("procedure play {", &format!("procedure other {{\n{body}\n}}\n\nprocedure play {{"));
        let file = cardlang::syntax::parse(&source).expect("parses");
        match check::check(&file, &Config::default()) {
            Ok(_) => Vec::new(),
            Err(es) => es
                .errors
                .iter()
                .map(|e| format!("{}: {e}", miette::Diagnostic::code(e).map(|c| c.to_string()).unwrap_or_default()))
                .collect(),
        }
    };
    let none = errors("any player p may {\n}");
    assert_eq!(none.len(), 1, "{none:?}");
    assert!(none[0].starts_with("cardlang::check::open_without_claim"), "{none:?}");
    let seven = errors(
        "any player p may {\n\"x\" for a from 1 to 2, b from 1 to 2, c from 1 to 2, d from 1 to 2, e from 1 to 2, f from 1 to 2, g from 1 to 2 {\n}\n}",
    );
    assert!(seven.iter().any(|e| e.starts_with("cardlang::check::over_limit")), "{seven:?}");
    let after = errors("any player p may {\n\"x\" {\nadd 1 to points of p\n}\n}\nadd 1 to points of p");
    assert!(!after.is_empty(), "`p` is not known after the moment");
    assert!(errors("any player p may {\n\"x\" where count of hand of p > 0 {\nadd 1 to points of p\n}\n}").is_empty());
}

/// At the terminal, a person with a claim is asked with the question, "no claim" first and their
/// own claims after, and their claim is applied when they answer (the computer players answer
/// as soon as the moment opens).
#[test]
fn a_person_at_the_terminal_claims() {
    let path = "tests/fixtures/lang_timing/match.cardgame";
    // Asked at every moment, the person answers "2" (their claim), and "1" where "no claim" is
    // all they have ("2" is then refused and asked again).
    let answers = "2\n1\n".repeat(200);
    let (code, out, err) =
        common::cardlang_stdin(&["play", path, "--players", "human,greedy,greedy", "--seed", "3"], &answers);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Throw in on 3♠?"), "the question is asked:\n{out}");
    assert!(out.contains("1) no claim\n  2) throw 3♦ on 3♠"), "no claim, then the person's own claim:\n{out}");
    assert!(out.contains("player 1 chooses throw 3♦ on 3♠"), "the claim is applied:\n{out}");
    assert!(out.contains("result:"), "the game ends:\n{out}");
}

/// A game of agents alone, saved when over, restores: every agent asked at an open moment is
/// asked again on replay, its claim applied or dropped (the draw), so its dice turn as they did
/// and the history checks.
#[test]
fn a_table_of_agents_restores_with_the_claims_dropped_by_the_draw() {
    let g = game(MATCH);
    for seed in 1..=10 {
        let seats: Vec<Seat> =
            ["random", "mcts:iterations=10", "random"].iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut session = Session::new(g.clone(), seed, seats).expect("seats");
        assert_eq!(session.advance().expect("plays"), Status::Over);
        let copy = Session::from_json(g.clone(), &session.to_json()).expect("restores");
        assert_eq!(copy.history(), session.history());
        assert_eq!(copy.lines_for(Viewer::All), session.lines_for(Viewer::All), "seed {seed}");
    }
}

/// A person's "no claim" moves no one's table: the step stays, so another person's claim made
/// for the same moment is still taken, and nobody learns that the first was asked.
#[test]
fn a_no_claim_moves_nobodys_table() {
    let g = game(MATCH);
    let mut checked = 0;
    for seed in 1..=40 {
        let seats: Vec<Seat> = ["human", "human", "human"].iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut session = Session::new(g.clone(), seed, seats).expect("seats");
        let Status::Waiting(turns) = session.advance().expect("advances") else { continue };
        let claimers: Vec<_> = turns.iter().filter(|t| t.legal.len() > 1).collect();
        if claimers.len() < 2 || !session.state().is_open_moment() {
            continue;
        }
        let at = session.step();
        let (first, second) = (claimers[0], claimers[1]);
        session.act(first.seat, Action(0), at).expect("no claim");
        assert_eq!(session.history().len(), at, "seed {seed}: the step stays");
        assert!(session.status().turn_of(first.seat).is_none(), "the first has answered");
        session.act(second.seat, second.legal[1], at).expect("the claim for the same moment is taken");
        assert_eq!(session.history().len(), at + 1, "the claim alone is recorded");
        checked += 1;
    }
    assert!(checked >= 1, "a moment with two claimers was found");
}
