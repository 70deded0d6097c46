//! A table session (`cardlang::session`): agents act until a person must decide; a person's
//! move is refused when it is not theirs, illegal or stale, and then nothing changes; a session
//! saved at any decision and restored continues exactly as the one never saved; and what each
//! seat is told is, line for line, what `transcript --seat N` shows that seat.

use std::sync::Arc;

use cardlang::engine::rng::Rng;
use cardlang::engine::{Action, Game, Viewer};
use cardlang::session::save::RestoreError;
use cardlang::session::transcript::{self, TranscriptSpec};
use cardlang::session::{Seat, Session, SessionError, Status};

use crate::common::every_game;

/// A session is `Send`: a server may keep each table on a thread of its own.
#[test]
fn a_session_can_move_to_another_thread() {
    fn send<T: Send>() {}
    send::<Session>();
}

fn seats(specs: &[&str]) -> Vec<Seat> {
    specs.iter().map(|s| Seat::parse(s).expect("a seat")).collect()
}

/// Everything that says where a session stands: the history, every viewer's lines, every
/// player's view, and the status.
fn snapshot(s: &Session) -> String {
    let n = s.game().players();
    let mut out = format!("{:?}\n{:?}\n", s.history(), s.status());
    for v in std::iter::once(Viewer::All).chain((0..n).map(Viewer::Player)).chain([Viewer::Table]) {
        out.push_str(&format!("{v:?}: {}\n", s.lines_for(v).join(" | ")));
    }
    for p in 0..n {
        out.push_str(&s.state().observation_text(p));
    }
    out
}

/// The seats of a table with people at some seats and agents at the others.
fn mixed(players: u8, round: u64) -> Vec<&'static str> {
    (0..players)
        .map(|p| match (p as u64 + round) % 3 {
            0 => "human",
            1 => "random",
            _ => "greedy",
        })
        .collect()
}

/// Plays `session` on, the people choosing with `rng`, for at most `max` decisions of theirs.
fn play_on(session: &mut Session, rng: &mut Rng, max: usize) {
    let mut status = session.advance().expect("the agents decide");
    for _ in 0..max {
        let Status::Waiting(turns) = status else { return };
        // Where several people choose at once, any of them may choose first.
        let turn = &turns[rng.below(turns.len() as u64) as usize];
        let a = turn.legal[rng.below(turn.legal.len() as u64) as usize];
        status = session.act(turn.seat, a, session.history().len()).expect("a legal move in turn");
    }
}

#[test]
fn a_session_saved_and_restored_at_any_decision_continues_as_the_one_never_saved() {
    let mut restored_at = 0;
    let games = every_game();
    assert!(games.iter().any(|(l, _)| l.starts_with("variants/")), "the variant files are played too");
    for (label, game) in games {
        for round in 0..2u64 {
            let specs = mixed(game.players(), round);
            let seed = 40 + round;
            let mut rng = Rng::new(seed);
            let mut session = Session::new(game.clone(), seed, seats(&specs)).expect("seats");
            // Saved at a decision chosen at random, and again later.
            for _ in 0..2 {
                let steps = 1 + rng.below(40) as usize;
                play_on(&mut session, &mut rng, steps);
                let json = session.to_json();
                let mut copy = Session::from_json(game.clone(), &json).unwrap_or_else(|e| panic!("{label}: {e}"));
                assert_eq!(snapshot(&copy), snapshot(&session), "{label}: restored as saved");
                // Both go on with the same people's choices.
                let mut twin = Rng::new(seed ^ restored_at);
                let mut rng_copy = Rng::new(seed ^ restored_at);
                play_on(&mut session, &mut twin, 30);
                play_on(&mut copy, &mut rng_copy, 30);
                assert_eq!(snapshot(&copy), snapshot(&session), "{label}: the copy went on as the original");
                restored_at += 1;
            }
        }
    }
    assert!(restored_at > 40, "{restored_at} restores");
}

#[test]
fn what_a_seat_is_told_is_what_a_transcript_for_that_seat_shows() {
    let games = every_game();
    assert!(games.iter().any(|(l, _)| l.starts_with("variants/")), "the variant files are played too");
    for (label, game) in games {
        let n = game.players();
        let players: Vec<String> = (0..n).map(|p| if p % 2 == 0 { "random" } else { "greedy" }.to_string()).collect();
        let specs: Vec<&str> = players.iter().map(String::as_str).collect();
        let seed = 7;
        let mut session = Session::new(game.clone(), seed, seats(&specs)).expect("seats");
        assert_eq!(session.advance(), Ok(Status::Over), "{label}: agents alone play to the end");
        let spec = TranscriptSpec { game: game.clone(), seed, players: &players };
        for viewer in std::iter::once(Viewer::All).chain((0..n).map(Viewer::Player)) {
            let mut out = Vec::new();
            transcript::write_text_for(&spec, viewer, &mut out).expect("written");
            let text = String::from_utf8(out).expect("text");
            // The transcript's four heading lines and its closing result and counters aside.
            let body: Vec<&str> = text.lines().skip(4).take_while(|l| !l.starts_with("result: ")).collect();
            assert_eq!(session.lines_for(viewer), body, "{label}: {viewer:?}");
        }
    }
}

/// A table of Wild Twist Gin with a person in seat 1 and a random player in seat 2, at the
/// person's first decision.
fn gin_table() -> (Arc<Game>, Session, Vec<Action>, u8) {
    let (_, game) = every_game().into_iter().find(|(l, _)| l.starts_with("wild_twist_gin.cardgame")).expect("Gin");
    let mut session = Session::new(game.clone(), 5, seats(&["human", "random"])).expect("seats");
    let Ok(Status::Waiting(turns)) = session.advance() else { panic!("a person decides") };
    let turn = turns.into_iter().next().expect("one person decides");
    (game, session, turn.legal, turn.seat)
}

#[test]
fn a_move_out_of_turn_illegal_or_stale_is_refused_and_changes_nothing() {
    let (_, mut session, legal, seat) = gin_table();
    let before = snapshot(&session);
    let at = session.history().len();
    let other = 1 - seat;
    assert_eq!(session.act(other, legal[0], at), Err(SessionError::NotYourTurn { seat: other + 1 }));
    assert_eq!(session.act(seat, Action(9_999), at), Err(SessionError::Illegal { seat: seat + 1 }));
    assert_eq!(session.act(seat, legal[0], at + 1), Err(SessionError::Stale { at: at + 1, now: at }));
    assert_eq!(snapshot(&session), before, "nothing changed");
    // The move made, the same move again for the same step is stale.
    session.act(seat, legal[0], at).expect("in turn");
    let after = snapshot(&session);
    assert_eq!(session.act(seat, legal[0], at), Err(SessionError::Stale { at, now: session.history().len() }));
    assert_eq!(snapshot(&session), after);
}

#[test]
fn a_saved_session_is_refused_for_another_game_a_bad_version_or_a_forged_history() {
    let (game, mut session, legal, seat) = gin_table();
    session.act(seat, legal[0], session.history().len()).expect("in turn");
    let saved = session.save();
    // Another game.
    let (_, war) = every_game().into_iter().find(|(l, _)| l.starts_with("wilcox_war.cardgame")).expect("War");
    assert!(matches!(Session::restore(war, &saved), Err(RestoreError::OtherGame { .. })));
    // Another version.
    let mut v2 = saved.clone();
    v2.version = 2;
    assert_eq!(Session::restore(game.clone(), &v2).err(), Some(RestoreError::Version { found: 2 }));
    // A step changed to an action nobody could take.
    let mut forged = saved.clone();
    forged.history[0].action = 9_999;
    assert!(matches!(Session::restore(game.clone(), &forged), Err(RestoreError::History { step: 1, .. })));
    // A step moved to the other seat.
    let mut forged = saved.clone();
    forged.history[0].seat = 1 - forged.history[0].seat;
    assert!(matches!(Session::restore(game.clone(), &forged), Err(RestoreError::History { step: 1, .. })));
    // Not a saved session at all.
    assert!(matches!(Session::from_json(game.clone(), "{\"game\": 1}"), Err(RestoreError::NotSaved(_))));
    // Seats that do not fit the game.
    assert!(matches!(
        Session::new(game.clone(), 1, seats(&["human"])),
        Err(SessionError::Seats { seats: 2, given: 1 })
    ));
    // And the saved one itself restores.
    assert!(Session::restore(game, &saved).is_ok());
}

#[test]
fn people_choosing_at_once_choose_in_any_order_and_neither_reads_the_others_card_until_it_shows() {
    let (_, game) = every_game().into_iter().find(|(l, _)| l.starts_with("wilcox_war.cardgame")).expect("War");
    let mut session = Session::new(game, 3, seats(&["human", "human"])).expect("seats");
    let Ok(Status::Waiting(turns)) = session.advance() else { panic!("people decide") };
    assert_eq!(turns.iter().map(|t| t.seat).collect::<Vec<_>>(), [0, 1], "both choose at once");
    // Player 2 chooses first; nobody is told anything until both have chosen.
    let before: Vec<String> = session.lines_for(Viewer::Player(0)).iter().map(|l| l.to_string()).collect();
    let second = session.act(1, turns[1].legal[0], session.history().len()).expect("in turn");
    assert_eq!(second.turn_of(0).map(|t| t.legal.clone()), Some(turns[0].legal.clone()), "player 1 still chooses");
    assert!(second.turn_of(1).is_none(), "player 2 has chosen");
    assert_eq!(session.lines_for(Viewer::Player(0)), before, "player 1 is told nothing yet");
    session.act(0, turns[0].legal[0], session.history().len()).expect("in turn");
    let told = session.lines_for(Viewer::Player(0));
    assert!(told.iter().any(|l| l.starts_with("player 1 has chosen ")), "{told:?}");
    assert!(told.iter().any(|l| l.starts_with("player 2 has chosen ")), "{told:?}");
}

#[test]
fn a_table_drawn_for_the_browser_cuts_a_pile_to_its_top_cards_as_the_view_says() {
    use cardlang::session::view::PanelLine;
    // Klondike's view shows the waste's top 3 cards (`waste top 3`): draw until it holds more.
    let game =
        every_game().into_iter().find(|(n, _)| n.trim() == "klondike.cardgame").map(|(_, g)| g).expect("klondike");
    let mut s = Session::new(game, 3, seats(&["human"])).expect("a table");
    s.advance().expect("no agent");
    for _ in 0..12 {
        let Status::Waiting(turns) = s.status() else { break };
        let draw = turns[0].legal.iter().copied().find(|a| s.state().action_label(0, *a) == "draw");
        let Some(draw) = draw else { break };
        let at = s.history().len();
        s.act(0, draw, at).expect("a legal draw");
    }
    let panel = s.panel_for(Viewer::Player(0));
    let waste = panel
        .iter()
        .find_map(|l| match l {
            PanelLine::Zone { label, count, cards, under, .. } if label.starts_with("waste") => {
                Some((*count, cards.len(), *under))
            }
            _ => None,
        })
        .expect("the waste's line");
    assert!(waste.0 > 3, "the waste holds more than three cards: {waste:?}");
    assert_eq!((waste.1, waste.2), (3, waste.0 - 3), "three listed, the rest counted: {waste:?}");
}
