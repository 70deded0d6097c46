//! A rule file cannot make cardlang run forever, recurse without end, or crash: limits end the
//! game as unfinished, with a note saying why.

use cardlang::check::{self, Config};
use cardlang::engine::{Game, Limits, NoEvents, Result as GameResult, State};

fn start(source: &str, limits: Limits) -> State {
    let file = cardlang::syntax::parse(source).expect("parses");
    let program = check::check(&file, &Config::default()).expect("checks");
    State::with_sink(Game::new(program), 1, limits, &mut NoEvents)
}

fn small() -> Limits {
    Limits { max_steps: 100_000, max_depth: 100, max_steps_per_decision: 100_000 }
}

#[test]
fn an_endless_loop_stops_unfinished_at_the_step_limit() {
    let s = start("game \"Loop\"\nplayers 2\nprocedure play { while true { } }", small());
    let o = s.outcome().expect("stopped");
    assert_eq!(o.result, GameResult::Unfinished);
    assert_eq!(o.note.as_deref(), Some("the step limit of the engine was reached"));
}

/// A `repeat` with a huge count (an option set far too high) that has nothing left to do stops
/// at the budget of steps a decision may take, naming where and when it ran away.
#[test]
fn a_runaway_loop_stops_at_the_budget_of_a_decision_naming_its_procedure() {
    let source = "game \"Runaway\"\nplayers 2\noption spins = 4294967296\ncounter rounds = 0\nlength rounds\n\
                  procedure play { add 1 to rounds\n spin() }\nprocedure spin { repeat spins times { } }";
    let limits = Limits { max_steps: 1_000_000, max_depth: 100, max_steps_per_decision: 1_000 };
    let s = start(source, limits);
    let o = s.outcome().expect("stopped");
    assert_eq!(o.result, GameResult::Unfinished);
    assert_eq!(
        o.note.as_deref(),
        Some(
            "the rules ran 1000 steps without a decision, in procedure `spin`, when `rounds` was 1: a loop \
             that does not end? (the budget is 1000 steps a decision)"
        )
    );
}

#[test]
fn endless_recursion_stops_unfinished_at_the_depth_limit() {
    let s = start("game \"Deep\"\nplayers 2\nprocedure play { play() }", small());
    let o = s.outcome().expect("stopped");
    assert_eq!(o.result, GameResult::Unfinished);
    assert_eq!(o.note.as_deref(), Some("the call depth limit of the engine was reached"));
}

/// Whether the compile step copied a recursive procedure's body into a caller (lower.rs's
/// `Enter`), so that a test of the limits below goes through a copy.
fn has_copied_call(s: &State) -> bool {
    s.game().code.instrs.iter().any(|i| matches!(i, cardlang::engine::lower::Instr::Enter(_)))
}

/// `down` and `up` call each other without end; `play`'s call of `down` becomes a copy of its
/// body (compile/inline.rs), which still counts as a frame: the recursion stops where it did
/// when every level was a call. `play` is frame 1 and the level at frame `d` has counted
/// `d - 1`, so the call refused at the limit of 100 frames is the one after `n` reached 99.
#[test]
fn a_recursion_copied_into_its_caller_stops_at_the_same_depth() {
    let source = "game \"Deep\"\nplayers 2\ncounter n = 0\nprocedure play { down()\n end game draw }\n\
                  procedure down { add 1 to n\n up() }\nprocedure up { add 1 to n\n down() }";
    let s = start(source, small());
    assert!(has_copied_call(&s));
    let o = s.outcome().expect("stopped");
    assert_eq!(o.note.as_deref(), Some("the call depth limit of the engine was reached"));
    assert_eq!(s.counter("n"), Some(vec![cardlang::check::ir::Value::Int(99)]));
}

/// A game that runs out of its budget of steps inside a copied call names the copied
/// procedure, as it did when that was a call: steps 1 to 4 are placing a stacked deck (none
/// here), the call of `play`, `add 1 to rounds` and the copied call of `spin`, so the budget
/// runs out before `spin`'s `add 1 to n`.
#[test]
fn a_runaway_inside_a_copied_call_names_its_procedure() {
    let source = "game \"Spin\"\nplayers 2\ncounter n = 0\ncounter rounds = 0\nlength rounds\n\
                  procedure play { add 1 to rounds\n spin() }\nprocedure spin { add 1 to n\n spin() }";
    let limits = Limits { max_steps: 1_000_000, max_depth: 100, max_steps_per_decision: 4 };
    let s = start(source, limits);
    assert!(has_copied_call(&s));
    let o = s.outcome().expect("stopped");
    assert_eq!(
        o.note.as_deref(),
        Some(
            "the rules ran 4 steps without a decision, in procedure `spin`, when `rounds` was 1: a loop \
             that does not end? (the budget is 4 steps a decision)"
        )
    );
    assert_eq!(s.counter("n"), Some(vec![cardlang::check::ir::Value::Int(0)]));
}

/// The jump back to the top of `while true` passes over the loop's test in one go (engine's
/// chain.rs), yet every instruction is still a step and the step limit stops the game at the
/// same one: steps 1 and 2 place a stacked deck (none) and call `play`; then each round is the
/// test, `add` and the jump, so `add` is step `3k + 4` and has counted `k + 1`.
#[test]
fn the_step_limit_stops_at_the_same_instruction_through_a_jump_to_a_loops_test() {
    let source = "game \"Count\"\nplayers 2\ncounter n = 0\nprocedure play { while true { add 1 to n } }";
    for (max_steps, n) in [(100, 33), (101, 33), (102, 33), (103, 34)] {
        let limits = Limits { max_steps, max_depth: 100, max_steps_per_decision: 1_000_000 };
        let s = start(source, limits);
        assert_eq!(s.outcome().and_then(|o| o.note.as_deref()), Some("the step limit of the engine was reached"));
        assert_eq!(s.counter("n"), Some(vec![cardlang::check::ir::Value::Int(n)]), "at {max_steps} steps");
        assert_eq!(s.steps(), max_steps + 1, "the step that would pass the limit is counted, not run");
    }
}

/// The jump back to the top of `while true` and the quick tests it lands on run in the engine's
/// light loop (light.rs), which keeps its own count of the steps: each is still a step, and the
/// limit stops the game at the step it would have stopped at when every instruction ran in the
/// run loop. Steps 1 and 2 are the start (the arrangement, none here) and the call of `play`;
/// then each round is five steps, the loop's test, the two `if` tests, `add 1 to n` and the
/// jump, so `add` is step `5k + 6` and has counted `k + 1`. The limits from 100 to 106 stop the
/// game at each of the five places in a round: the step count and the counter show that no
/// instruction past the limit ran and none before it was skipped.
#[test]
fn the_step_limit_stops_at_the_same_step_among_the_light_loops_tests() {
    let source = "game \"Count\"\nplayers 2\ncounter n = 0\ncounter m = 0\n\
                  procedure play { while true { if m > 5 { end game draw }\n if n < 0 { add 1 to m }\n add 1 to n } }";
    for (max_steps, n) in [(100, 19), (101, 20), (102, 20), (103, 20), (104, 20), (105, 20), (106, 21)] {
        let limits = Limits { max_steps, max_depth: 100, max_steps_per_decision: 1_000_000 };
        let s = start(source, limits);
        assert_eq!(s.outcome().and_then(|o| o.note.as_deref()), Some("the step limit of the engine was reached"));
        assert_eq!(s.counter("n"), Some(vec![cardlang::check::ir::Value::Int(n)]), "at {max_steps} steps");
        assert_eq!(s.steps(), max_steps + 1, "the step that would pass the limit is counted, not run");
    }
}

#[test]
fn rules_that_run_out_without_an_end_are_unfinished() {
    let s = start("game \"Short\"\nplayers 2\nprocedure play { }", Limits::default());
    let o = s.outcome().expect("stopped");
    assert_eq!(o.result, GameResult::Unfinished);
    assert_eq!(o.note.as_deref(), Some("the rules ended without `end game`"));
}

#[test]
fn dealing_a_zone_to_itself_ends() {
    let src = r#"
        game "Self deal"
        players 1
        enum rank = 1, 2, 3
        property rank: rank
        cards three = every rank
        zone hand: per player, holds three
        procedure play {
            deal all from hand of player 1 to hand
            end game winner player 1
        }
    "#;
    let s = start(src, Limits::default());
    assert!(s.is_over());
    assert_eq!(s.zone_cards(0).len(), 3);
}

#[test]
fn an_enum_of_more_than_64_members_is_refused_not_a_crash() {
    let members: Vec<String> = (0..70).map(|i| format!("m{i}")).collect();
    let src = format!(
        "game \"Big\"\nplayers 2\nenum big = {}\nproperty b: big\nproperty s: set of big = {{m65}}\ncards c = every b\nprocedure play {{ end game draw }}",
        members.join(", ")
    );
    let file = cardlang::syntax::parse(&src).expect("parses");
    let errors = check::check(&file, &Config::default()).expect_err("refused");
    assert!(errors.errors.iter().any(|e| e.to_string().contains("at most 64 members")));
}

#[test]
fn deeply_nested_expressions_are_parsed_or_refused_without_a_crash() {
    let depth = 200;
    let src = format!(
        "game \"Nested\"\nplayers 2\nprocedure play {{ let x = {}1{}\n end game draw }}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let file = cardlang::syntax::parse(&src).expect("parses");
    assert!(check::check(&file, &Config::default()).is_ok());
}

/// A menu whose names multiply into more candidates than anyone could read stops the game.
#[test]
fn a_menu_with_too_many_candidates_stops_unfinished() {
    let menu = |pick: &str| {
        format!(
            "game \"Menu\"\nplayers 1\nprocedure play {{\n{pick} chooses one of {{\n\
             \"{{a}} {{b}}\" for a from 1 to 10000, b from 1 to 10000 where a + b > 0 {{ }}\n}}\nend game winner player 1\n}}"
        )
    };
    let note = Some("a choice offered more than 10,000 candidates, or took too long to list");
    // A player is asked (the first candidate comes at once); the first choice stops the game.
    let mut s = start(&menu("player 1"), Limits::default());
    let legal = s.legal_actions(0);
    assert_eq!(legal.len(), 10_000, "the list stops at the limit");
    s.apply(0, legal[0]).expect("a listed action is accepted");
    let o = s.outcome().expect("stopped");
    assert_eq!(o.result, GameResult::Unfinished);
    assert_eq!(o.note.as_deref(), note);
    // Chance lists everything at once, so it stops at once.
    let s = start(&menu("chance"), Limits::default());
    assert_eq!(s.outcome().map(|o| o.note.as_deref()), Some(note));
    // A menu whose conditions reject everything stops when the work runs out, not after 10^8 tests.
    let src = menu("player 1").replace("a + b > 0", "a + b < 0");
    let s = start(&src, Limits::default());
    assert_eq!(s.outcome().map(|o| o.note.as_deref()), Some(note));
}

/// Hears of moves and announcements, and notes the step count the state shows at each move;
/// it starts wanting announcements only once it has heard of a move.
struct MoveSteps {
    steps: Vec<u64>,
    lines: Vec<String>,
}

impl cardlang::engine::EventSink for MoveSteps {
    fn announcements(&self) -> bool {
        !self.steps.is_empty()
    }

    fn event(&mut self, state: &State, event: cardlang::engine::Event<'_>) {
        match event {
            cardlang::engine::Event::Move { .. } => self.steps.push(state.steps()),
            cardlang::engine::Event::Announce(text) => self.lines.push(text.to_string()),
            _ => {}
        }
    }
}

/// Moves of top cards run in the light loop (light.rs) whoever watches. A sink that hears of a
/// move is handed the state as the run loop would hand it over: its step count is the move's
/// own step (1 the call of `setup`, 2 its return, 3 the arrangement, 4 the call of `play`, then
/// one a statement; the build before the light loop gives the same). And the sink is asked whether it wants an announcement at each announcement, as
/// the run loop asks it: this one starts wanting them after the first move, so it hears the
/// second line and not the first.
#[test]
fn a_sink_sees_each_move_at_its_own_step_and_is_asked_at_each_announcement() {
    let source = "game \"Moves\"\nplayers 2\nenum rank = 1, 2, 3\nproperty rank: rank\ncards deck = every rank\n\
                  zone pack: shared, face down, holds deck\nzone pile: shared, face up\n\
                  procedure setup { }\n\
                  procedure play { announce \"before\"\n move top of pack to pile\n announce \"after\"\n \
                  move top of pack to pile\n end game draw }";
    let file = cardlang::syntax::parse(source).expect("parses");
    let program = check::check(&file, &Config::default()).expect("checks");
    let mut sink = MoveSteps { steps: Vec::new(), lines: Vec::new() };
    let s = State::with_sink(Game::new(program), 1, Limits::default(), &mut sink);
    assert!(s.outcome().is_some());
    assert_eq!(sink.lines, vec!["after".to_string()]);
    assert_eq!(sink.steps, vec![6, 8]);
}
