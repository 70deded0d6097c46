//! Issue 43, item 8: undoing one's own moves within a turn until it is confirmed
//! (`p may undo { ... }`, `Session::undo`). The game of these stories is
//! tests/fixtures/lang_undo/take_back.cardgame: the pack is not shuffled, so player 1 is always
//! dealt 3♠ 4♠ 5♠ 6♠ and player 2 3♥ 4♥ 5♥ 6♥, and the next card drawn is 2♠. On their turn a
//! player lays cards from their hand on their row and says "done"; they may also draw, show
//! their hand, or ask the other player a question, none of which can be taken back.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::{Game, State, ToMove, Viewer};
use cardlang::session::undo::UndoError;
use cardlang::session::{Seat, Session, Status};

const TAKE_BACK: &str = include_str!("fixtures/lang_undo/take_back.cardgame");

fn game(source: &str) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).expect("parses");
    Game::new(check::check(&file, &Config::default()).expect("checks"))
}

/// A table of two people at the game.
fn table() -> Session {
    let seats = vec![Seat::parse("human").expect("a seat"), Seat::parse("human").expect("a seat")];
    let mut s = Session::new(game(TAKE_BACK), 1, seats).expect("a table");
    s.advance().expect("nobody but people");
    s
}

/// The action of the player to move whose label is `label`.
fn action(state: &State, label: &str) -> (u8, cardlang::engine::Action) {
    let ToMove::One(p) = state.to_move() else { panic!("one player to move, not {:?}", state.to_move()) };
    let offered: Vec<String> = state.legal_actions(p).iter().map(|a| state.action_label(p, *a)).collect();
    let a = state.legal_actions(p).into_iter().find(|a| state.action_label(p, *a) == label);
    (p, a.unwrap_or_else(|| panic!("{label} is not offered: {offered:?}")))
}

/// The player to move chooses `label` at the table.
fn play(s: &mut Session, label: &str) {
    let (p, a) = action(s.state(), label);
    s.act(p, a, s.step()).expect("a legal move");
}

/// The names of the cards in a zone, bottom first.
fn cards(state: &State, zone: &str) -> Vec<String> {
    let p = &state.game().program;
    let z = p.zones.iter().position(|z| z.name == zone).unwrap_or_else(|| panic!("no zone {zone}"));
    state.zone_cards(z as u16).iter().map(|&c| p.cards[c as usize].name.clone()).collect()
}

/// Everything that says where a game stands: every zone, who moves and what they are offered,
/// and what each player sees.
fn position(state: &State) -> String {
    let p = &state.game().program;
    let mut out = String::new();
    for z in &p.zones {
        out.push_str(&format!("{}: {:?}\n", z.name, cards(state, &z.name)));
    }
    out.push_str(&format!("{:?}\n", state.to_move()));
    if let ToMove::One(who) = state.to_move() {
        let offered: Vec<String> = state.legal_actions(who).iter().map(|a| state.action_label(who, *a)).collect();
        out.push_str(&format!("{offered:?}\n"));
    }
    for who in 0..p.players {
        out.push_str(&state.observation_text(who));
    }
    out
}

/// The game played from its start by the engine alone, choosing by label: the replay an undo
/// is compared with.
fn replayed(labels: &[&str]) -> State {
    let mut state = State::new(game(TAKE_BACK), 1);
    for label in labels {
        let (p, a) = action(&state, label);
        state.apply(p, a).expect("a legal move");
    }
    state
}

/// Player 1 lays 4♠ and 5♠, takes 5♠ back and lays 3♠ instead: the table is as if they had laid
/// 4♠ and 3♠ from the start (a fresh replay of those two moves), and the history holds only
/// those two.
#[test]
fn a_card_laid_and_taken_back_is_as_if_never_laid() {
    let mut s = table();
    play(&mut s, "lay 4♠");
    play(&mut s, "lay 5♠");
    assert_eq!(cards(s.state(), "row of player 1"), ["4♠", "5♠"]);
    assert!(s.can_undo(0), "player 1 may take back 5♠");
    assert!(!s.can_undo(1), "player 2 has nothing to take back");
    let status = s.undo(0, s.step()).expect("5♠ taken back");
    assert_eq!(status.turn_of(0).map(|t| t.seat), Some(0), "player 1 chooses again");
    assert_eq!(cards(s.state(), "row of player 1"), ["4♠"]);
    assert_eq!(cards(s.state(), "hand of player 1"), ["6♠", "5♠", "3♠"]);
    play(&mut s, "lay 3♠");
    assert_eq!(s.history().len(), 2, "the move taken back is not in the history");
    assert_eq!(position(s.state()), position(&replayed(&["lay 4♠", "lay 3♠"])));
    // Both moves can be taken back, one at a time, back to the start of the turn.
    s.undo(0, s.step()).expect("3♠ taken back");
    s.undo(0, s.step()).expect("4♠ taken back");
    assert_eq!(position(s.state()), position(&replayed(&[])));
    let refused = s.undo(0, s.step()).expect_err("nothing more to take back");
    assert_eq!(miette_code(&refused), "cardlang::session::undo_none");
}

fn miette_code(e: &dyn miette::Diagnostic) -> String {
    e.code().map(|c| c.to_string()).unwrap_or_default()
}

/// "done" confirms the turn: once the block has ended, nothing in it can be taken back.
#[test]
fn a_confirmed_turn_cannot_be_taken_back() {
    let mut s = table();
    play(&mut s, "lay 4♠");
    play(&mut s, "done");
    assert!(!s.can_undo(0));
    let e = s.undo(0, s.step()).expect_err("the turn is confirmed");
    assert!(e.to_string().contains("confirmed") || e.to_string().contains("another player"), "{e}");
    assert_eq!(cards(s.state(), "row of player 1"), ["4♠"], "nothing changed");
}

/// A draw shows player 1 a card they had not seen (2♠): neither the draw nor anything before it
/// can be taken back; what they do after it can.
#[test]
fn nothing_is_taken_back_past_a_draw() {
    let mut s = table();
    play(&mut s, "lay 4♠");
    play(&mut s, "draw");
    assert!(cards(s.state(), "hand of player 1").contains(&"2♠".to_string()));
    let e = s.undo(0, s.step()).expect_err("past a draw");
    assert!(e.to_string().contains("drawn"), "{e}");
    play(&mut s, "lay 2♠");
    s.undo(0, s.step()).expect("the lay after the draw is taken back");
    assert!(s.undo(0, s.step()).is_err(), "the draw stays");
    assert_eq!(position(s.state()), position(&replayed(&["lay 4♠", "draw"])));
}

/// A hand shown to everyone (`reveal`, in a procedure the checker cannot see into) and a question
/// the other player answers are final: the session refuses to take a decision back past them.
#[test]
fn nothing_is_taken_back_past_a_reveal_or_another_players_decision() {
    let mut s = table();
    play(&mut s, "lay 4♠");
    play(&mut s, "show");
    let e = s.undo(0, s.step()).expect_err("past a reveal");
    assert!(e.to_string().contains("shown"), "{e}");

    let mut s = table();
    play(&mut s, "lay 4♠");
    play(&mut s, "ask");
    play(&mut s, "yes");
    let e = s.undo(0, s.step()).expect_err("past player 2's answer");
    assert!(e.to_string().contains("another player"), "{e}");
    assert!(s.undo(1, s.step()).is_err(), "player 2's answer is not in a block of theirs");
}

/// A stale or out-of-turn undo, and an agent's seat, are refused and change nothing.
#[test]
fn a_stale_undo_or_an_agents_is_refused() {
    let mut s = table();
    play(&mut s, "lay 4♠");
    let before = position(s.state());
    let e = s.undo(0, 0).expect_err("made for step 0, the table is at 1");
    assert_eq!(miette_code(&e), "cardlang::session::undo_stale");
    assert!(matches!(s.undo(1, 1), Err(UndoError::Nothing { .. })), "player 2 has no decision to take back");
    assert_eq!(position(s.state()), before);

    let seats = vec![Seat::parse("random").expect("a seat"), Seat::parse("human").expect("a seat")];
    let mut agents = Session::new(game(TAKE_BACK), 1, seats).expect("a table");
    agents.advance().expect("the agent plays");
    let e = agents.undo(0, agents.step()).expect_err("an agent never undoes");
    assert_eq!(miette_code(&e), "cardlang::session::undo_agent");
}

/// A move asked for before an undo stays stale after a new decision brings the history back to
/// the same length (a page left open, a second click): the table's step only grows.
#[test]
fn a_move_asked_for_before_an_undo_stays_stale() {
    let mut s = table();
    play(&mut s, "lay 4♠");
    let old = s.step();
    let (p, lay5) = action(s.state(), "lay 5♠");
    s.undo(0, old).expect("4♠ taken back");
    play(&mut s, "lay 6♠");
    assert_eq!(s.history().len(), 1, "the history is as long as when the page was drawn");
    let e = s.act(p, lay5, old).expect_err("asked for the table before the undo");
    assert_eq!(miette_code(&e), "cardlang::session::stale");
    assert_eq!(cards(s.state(), "row of player 1"), ["6♠"], "nothing was applied");
}

/// A game saved after a move was taken back is the game as it stands: restored, it is the same
/// table (the same position, history and lines for every viewer but the undo's own), the last
/// move can still be taken back, and both play on alike.
#[test]
fn a_game_saved_after_an_undo_restores_and_continues_exactly() {
    let mut s = table();
    play(&mut s, "lay 4♠");
    play(&mut s, "lay 6♠");
    s.undo(0, 2).expect("6♠ taken back");
    play(&mut s, "lay 5♠");
    let saved = s.to_json();
    let mut r = Session::from_json(game(TAKE_BACK), &saved).expect("restores");
    assert_eq!(r.history(), s.history());
    assert_eq!(position(r.state()), position(s.state()));
    assert!(r.can_undo(0), "the restored game may still take back 5♠");
    for t in [&mut s, &mut r] {
        assert_eq!(t.step(), 4, "two moves kept, one taken back");
        t.undo(0, t.step()).expect("5♠ taken back");
        play(t, "lay 3♠");
        play(t, "done");
        play(t, "lay 6♥");
    }
    assert_eq!(position(r.state()), position(s.state()));
    assert_eq!(r.history(), s.history());
    assert_eq!(position(s.state()), position(&replayed(&["lay 4♠", "lay 3♠", "done", "lay 6♥"])));
}

/// Taking back never shows another player a card: player 2 is told that player 1 took back a
/// decision, never which card went back into player 1's hand, and player 2's view of player 1's
/// hand names no card, before or after. Player 1 hears what they took back.
#[test]
fn taking_back_never_reveals_a_card() {
    let hidden = ["3♠", "4♠", "5♠", "6♠"];
    let mut s = table();
    // 5♠ is laid face up (player 2 sees it then, as at a real table), then taken back.
    play(&mut s, "lay 5♠");
    let told = s.lines_for(Viewer::Player(1)).len();
    s.undo(0, 1).expect("taken back");
    let after: Vec<String> = s.lines_for(Viewer::Player(1))[told..].iter().map(|l| l.to_string()).collect();
    assert_eq!(after, ["player 1 takes back a decision"]);
    assert!(s.lines_for(Viewer::Player(0)).last().is_some_and(|l| l.contains("takes back: lay 5♠")));
    assert!(s.lines_for(Viewer::Table).last().is_some_and(|l| !hidden.iter().any(|c| l.contains(c))));
    let view = s.state().observation_text(1);
    let hand_line = view.lines().find(|l| l.contains("hand of player 1")).unwrap_or_default().to_string();
    assert!(!hidden.iter().any(|c| hand_line.contains(c)), "player 2 sees {hand_line}");
    assert_eq!(s.status(), Status::Waiting(vec![s.status().turn_of(0).cloned().expect("player 1 to move")]));
}

/// The checker refuses, in the block itself, what can never be taken back, each mistake with its
/// own code (fixtures in tests/fixtures/mistakes/undo_*.cardgame); the language reads the block
/// as plain statements (the differential test compares the engine with the reference on it).
#[test]
fn the_checker_refuses_what_cannot_be_taken_back() {
    let base = TAKE_BACK.replace("move c to row of p\n", "move c to row of p\n                    MISTAKE\n");
    for (mistake, code) in [
        ("shuffle pack", "undo_past_chance"),
        ("deal 1 from pack to hand", "undo_past_chance"),
        ("chance chooses x from answer", "undo_past_chance"),
        ("reveal hand of p", "undo_past_reveal"),
        ("announce \"laid\"", "undo_past_reveal"),
        ("turn c face up", "undo_past_reveal"),
        ("opponent of p chooses y from answer", "undo_other_chooser"),
        ("each player q secretly chooses z from answer", "undo_other_chooser"),
        ("p may undo {\n}", "undo_nested"),
        ("return", "undo_leaves_block"),
    ] {
        let source = base.replace("MISTAKE", mistake);
        let file = cardlang::syntax::parse(&source).unwrap_or_else(|e| panic!("{mistake}: {e}"));
        let errors = check::check_all(&file);
        let codes: Vec<String> = errors.iter().map(|e| miette_code(e)).collect();
        assert_eq!(codes, [format!("cardlang::check::{code}")], "{mistake}");
    }
    // A `break` of a loop inside the block is fine; one that would leave the block is not.
    let fine = TAKE_BACK.replace("set done = true\n", "set done = true\n                    break\n");
    let file = cardlang::syntax::parse(&fine).expect("parses");
    assert!(check::check_all(&file).is_empty(), "a break of the block's own loop");
}

/// The browser table: a seat that may take back its move is told so (`undo` in its view) and
/// posts `/api/t/TOKEN/undo` with the step it saw; a stale step is refused with 409, a
/// spectator's link with 403, a seat with nothing to take back with 422, a forged body with 400,
/// and none of them changes the table. The other seat is told only that a decision was taken back.
#[test]
fn the_browser_table_takes_a_move_back_and_refuses_stale_or_forged_undos() {
    use crate::serve::{create, root, scratch, Server};
    use serde_json::json;
    let dir = scratch("undo");
    let server = Server::start(&[root("tests/fixtures/lang_undo/take_back.cardgame")], &dir.join("tables.sqlite"));
    let table = create(&server, &json!({"game": "take_back", "seats": ["human", "human"], "seed": 1}));
    let token = |seat: u8| table.seats.iter().find(|(s, _)| *s == seat).expect("a person's seat").1.clone();
    let (one, two) = (token(0), token(1));
    let (view, _) = server.view(&one);
    assert_eq!(view["undo"], false, "nothing to take back yet");
    let choices = view["menu"]["choices"].as_array().expect("a menu").clone();
    let lay = choices.iter().find(|c| c["label"] == "lay 4♠").expect("lay 4♠ offered");
    let (status, after) =
        server.post_json(&format!("/api/t/{one}/move"), &json!({"at": view["menu"]["at"], "action": lay["action"]}));
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["undo"], true, "player 1 may take 4♠ back");
    assert_eq!(server.view(&two).0["undo"], false, "player 2 may not");
    for (who, body, want) in [
        (&one, json!({"at": 0}), 409),
        (&table.spectator, json!({"at": 1}), 403),
        (&two, json!({"at": 1}), 422),
        (&one, json!({"at": 1, "seat": 2}), 400),
    ] {
        let (status, answer) = server.post(&format!("/api/t/{who}/undo"), &body.to_string());
        assert_eq!(status, want, "{body}: {answer}");
        assert_eq!(server.view(&one).0["step"], 1, "a refused undo changes nothing");
    }
    let (status, back) = server.post_json(&format!("/api/t/{one}/undo"), &json!({"at": 1}));
    assert_eq!(status, 200, "{back}");
    // One decision taken back counts two steps: the table is at step 2, never at 0 again.
    assert_eq!(back["step"], 2);
    assert_eq!(back["undo"], false);
    let (seen_by_two, _) = server.view(&two);
    let lines = seen_by_two["lines"].as_array().expect("lines");
    assert_eq!(lines.last(), Some(&json!("player 1 takes back a decision")));
    let (status, stale) = server.post(&format!("/api/t/{one}/undo"), &json!({"at": 0}).to_string());
    assert_eq!(status, 409, "a page from before the undo is stale: {stale}");
    let (status, again) = server.post(&format!("/api/t/{one}/undo"), &json!({"at": 2}).to_string());
    assert_eq!(status, 422, "nothing more to take back: {again}");
}

/// Without anyone taking anything back, `p may undo { B }` is `B`: the engine and the reference
/// evaluator (its plain reading of the checked program) run a block of counters, loops and
/// `let`s inside one and end with the same counters (the differential comparison of
/// tests/differential.rs, on a block of its own).
#[test]
fn the_reference_reads_the_block_as_its_statements() {
    let source = r#"game "Undo, read plainly"
players 2
enum suit = hearts, spades
enum rank = A, 2, 3
property suit: suit
property rank: rank
cards deck = every rank, suit
zone pack: shared, face down, holds deck
zone hand: per player, face down
counter total = 0
counter score per player = 0

procedure play {
    announce "S0 begin"
    player 1 may undo {
        add 3 to total
        for each player q {
            add total to score of q
        }
        if total > 2 {
            set total = total * 2
        }
        let k = 0
        repeat 3 times {
            add 1 to k
        }
        add k to score of player 2
        for each card c in pack {
            if c.suit == hearts {
                add 1 to total
            }
        }
    }
    announce "S0 end"
    end game draw
}
"#;
    let (compared, mismatches) = cardlang::reference::compare::run_source(source, 1, |_| 0).expect("the game checks");
    assert_eq!(compared, 1, "the block was compared");
    assert!(mismatches.is_empty(), "{mismatches:?}");
}

const FACING_DRAW: &str = include_str!("fixtures/lang_undo/facing_draw.cardgame");

/// A card nobody knew that another player now sees makes the move final: drawn into one's own
/// hand held facing out (the other player sees it), or given to the other player's hand. Taken
/// back, it would lie on the pack again, where that player could follow it. Tucking a card of
/// one's own hand away may still be taken back: the card was known, and nobody learns a new one.
#[test]
fn a_card_another_player_comes_to_see_cannot_be_taken_back() {
    let seats = || vec![Seat::parse("human").expect("a seat"), Seat::parse("human").expect("a seat")];
    for option in ["draw", "gift"] {
        let mut s = Session::new(game(FACING_DRAW), 1, seats()).expect("a table");
        s.advance().expect("nobody but people");
        play(&mut s, option);
        assert!(!s.can_undo(0), "{option}: another player saw a card nobody knew");
        let e = s.undo(0, s.step()).expect_err("final");
        assert_eq!(miette_code(&e), "cardlang::session::undo_none", "{option}");
    }
    let mut s = Session::new(game(FACING_DRAW), 1, seats()).expect("a table");
    s.advance().expect("nobody but people");
    let (p, tuck) = {
        let state = s.state();
        let ToMove::One(p) = state.to_move() else { panic!("player 1 decides") };
        let a = state.legal_actions(p).into_iter().find(|a| state.action_label(p, *a).starts_with("tuck"));
        (p, a.expect("a tuck offered"))
    };
    s.act(p, tuck, s.step()).expect("a legal move");
    assert!(s.can_undo(0), "a known card tucked away may be taken back");
}

/// Asked by a seat with nothing to take back, the refusal gives no reason of another seat's
/// (what they drew, that they may still take theirs back).
#[test]
fn a_refusal_tells_no_other_seats_reason() {
    let seats = vec![Seat::parse("human").expect("a seat"), Seat::parse("human").expect("a seat")];
    let mut s = Session::new(game(FACING_DRAW), 1, seats).expect("a table");
    s.advance().expect("nobody but people");
    play(&mut s, "draw");
    let e = s.undo(1, s.step()).expect_err("player 2 has nothing to take back");
    let text = e.to_string();
    // Player 1's move is final because player 2 saw the card drawn: that is player 1's reason.
    assert!(text.contains("they have made none"), "only player 2's own case is told: {text}");
    assert!(!text.contains("shown") && !text.contains("another player"), "{text}");
}

const PROBE: &str = include_str!("fixtures/lang_undo/probe.cardgame");

/// A decision whose effect hangs on a card its player cannot see is final: player 1 tucks a card
/// of their own hand, held facing out, and the aces counter says whether it was an ace. Taken
/// back, and another card tucked, it would let them probe their hand card by card. Over many
/// deals, every tuck that counted an ace is refused; the search for such a dependence tries
/// tables the player could believe in (docs/language.md, "Undo").
#[test]
fn a_decision_that_depends_on_a_hidden_card_is_final() {
    let mut aces = 0;
    for seed in 1..=40 {
        let seats = vec![Seat::parse("human").expect("a seat"), Seat::parse("human").expect("a seat")];
        let mut s = Session::new(game(PROBE), seed, seats).expect("a table");
        s.advance().expect("nobody but people");
        let hand = cards(s.state(), "hand of player 1");
        for place in 0..hand.len() {
            let state = s.state();
            let ToMove::One(p) = state.to_move() else { panic!("player 1 decides") };
            let tucks: Vec<_> =
                state.legal_actions(p).into_iter().filter(|a| state.action_label(p, *a).starts_with("tuck")).collect();
            let mut t = Session::from_json(game(PROBE), &s.to_json()).expect("restores");
            t.act(p, tucks[place], t.step()).expect("a legal move");
            let counted = t.state().observation(0).counters != s.state().observation(0).counters;
            if counted {
                aces += 1;
                assert!(!t.can_undo(0), "seed {seed}: the tuck told an ace and cannot be taken back");
            }
        }
    }
    assert!(aces >= 5, "{aces} aces tucked");
}
