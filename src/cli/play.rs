//! `cardlang play`: a game at the terminal, on a table [`Session`]: the agents act through the
//! session, each person is asked at the terminal, and what the session's log tells the people
//! at the table is printed as it comes, laid out for reading (see [`Layout`]).

use std::io::{IsTerminal, Write};

use super::hot_seat::HotSeat;
use super::{check_players, config, fail, load, say, Failure, GameArgs};
use crate::agents::human::{self, paint_if};
use crate::agents::{Agent, Pace};
use crate::check::ir::Per;
use crate::engine::Viewer;
use crate::session::log::{Kind, Told};
use crate::session::{Seat, Session, SessionError, Status};

/// Lays out the session's log for the people at the terminal: each thing said once.
///
/// - A run of cards moving unseen (a deal, a shuffle of discards into a deck) is one line per
///   pair of zones; so is a run of cards seen moving one after another between the same zones.
/// - An onlooker reads each decision when it is made (without the list it was made from) and
///   not again when a secret choice is revealed; the end is said once, as the result.
/// - `--quiet` leaves out cards moving and the table's bookkeeping, but for the cards a player
///   takes into their own zones (what they drew).
struct Layout {
    viewer: Viewer,
    /// Red suits drawn red (a terminal that shows colour).
    colour: bool,
    quiet: bool,
    /// Entries of the log printed so far.
    shown: usize,
    /// Unseen moves not yet printed: (from, to, under other cards, how many), in the order first
    /// seen.
    unseen: Vec<(u16, u16, bool, usize)>,
    /// Seen moves not yet printed: the cards' names and their (from, to) zones' words.
    seen: Option<(Vec<String>, String)>,
}

impl Layout {
    /// Prints what the log holds beyond what was printed, waiting for Enter at each pause.
    fn show(&mut self, session: &Session) {
        let told = session.told();
        while self.shown < told.len() {
            let entry = &told[self.shown];
            self.shown += 1;
            self.entry(session, entry);
        }
        self.flush(session);
    }

    fn entry(&mut self, session: &Session, entry: &Told) {
        match &entry.kind {
            Kind::Pause(text) => {
                self.flush(session);
                pause(text);
                return;
            }
            Kind::Move(moved) if moved.unseen_by(self.viewer) => {
                if !self.quiet {
                    self.flush_seen();
                    match self
                        .unseen
                        .iter_mut()
                        .find(|(f, t, u, _)| (*f, *t, *u) == (moved.from, moved.to, moved.under))
                    {
                        Some(run) => run.3 += 1,
                        None => self.unseen.push((moved.from, moved.to, moved.under, 1)),
                    }
                }
                return;
            }
            _ => {}
        }
        if self.quiet && matches!(entry.kind, Kind::Move(_) | Kind::Table) && !self.own_card(session, &entry.kind) {
            return;
        }
        let line = match (&entry.kind, self.viewer) {
            // Said once, as the result, when the game is over.
            (Kind::End, _) => return,
            // An onlooker read it when it was chosen.
            (Kind::Choice { secret: true }, Viewer::All) => return,
            (Kind::Decision { brief, .. }, Viewer::All) => brief.clone(),
            _ => match entry.for_viewer(self.viewer) {
                Some(line) => line.to_string(),
                None => return,
            },
        };
        if let Kind::Move(_) = entry.kind {
            if let Some((card, zones)) = line.split_once(": ") {
                self.flush_unseen(session);
                match &mut self.seen {
                    Some((cards, z)) if z == zones => cards.push(card.to_string()),
                    _ => {
                        self.flush_seen();
                        self.seen = Some((vec![card.to_string()], zones.to_string()));
                    }
                }
                return;
            }
        }
        self.flush(session);
        say(&paint_if(self.colour, &line));
    }

    /// Whether `kind` is a card the viewer sees going to a zone of their own (the card they
    /// drew): told even in a quiet game.
    fn own_card(&self, session: &Session, kind: &Kind) -> bool {
        let (Viewer::Player(me), Kind::Move(moved)) = (self.viewer, kind) else { return false };
        let owner = session.game().program.zones.get(moved.to as usize).and_then(|z| z.owner);
        owner == Some(me) && !moved.unseen_by(self.viewer)
    }

    fn flush(&mut self, session: &Session) {
        self.flush_seen();
        self.flush_unseen(session);
    }

    fn flush_seen(&mut self) {
        if let Some((cards, zones)) = self.seen.take() {
            say(&paint_if(self.colour, &format!("{}: {zones}", cards.join(" "))));
        }
    }

    fn flush_unseen(&mut self, session: &Session) {
        let zones = &session.game().program.zones;
        for (from, to, under, n) in self.unseen.drain(..) {
            let what = if n == 1 { "a card".to_string() } else { format!("{n} cards") };
            let bottom = if under { "bottom of " } else { "" };
            say(&format!("{what}: {} -> {bottom}{}", zones[from as usize].name, zones[to as usize].name));
        }
    }
}

/// The rules' `pause`: waits for Enter (at the end of the input the game goes on).
fn pause(text: &str) {
    let what = if text.is_empty() { String::new() } else { format!("{text}: ") };
    let mut out = std::io::stdout().lock();
    if let Err(e) = write!(out, "── {what}press Enter to go on ──").and_then(|()| out.flush()) {
        super::stdout_failed(&e);
    }
    drop(out);
    let _ = crate::agents::human::read_answer(&mut std::io::stdin().lock());
    if !std::io::stdin().is_terminal() {
        // Typed input echoes its Enter; piped input does not.
        say("");
    }
}

/// The seats of a game at the terminal: as `--players` names them; without it, a person in the
/// first seat and random players in the others when a person is at the keyboard, random players
/// everywhere when not (a script watching a game).
fn seat_specs(args: &GameArgs, players: u8) -> Result<Vec<String>, Failure> {
    if args.players.is_empty() && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        let mut seats = vec!["random".to_string(); players as usize];
        seats[0] = "human".to_string();
        if players > 1 {
            say("you play player 1 against random players (choose the seats with --players human,mcts,...)");
        }
        return Ok(seats);
    }
    check_players(args, players)
}

/// Plays one game at the terminal; `quiet` leaves out the cards moving.
pub(super) fn run(args: &GameArgs, seed: Option<u64>, quiet: bool) -> Result<(), Failure> {
    let game = load::load_game_path(&args.game, &config(args)).map_err(fail(2))?;
    let specs = seat_specs(args, game.players())?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let seats = specs
        .iter()
        .map(|s| Seat::parse_paced(s, Pace::Interactive))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure { message: format!("error: {e}"), code: 2 })?;
    let humans: Vec<u8> = (0..game.players()).filter(|p| seats[*p as usize].is_person()).collect();
    // One person at the table sees their own view; several at one screen see only what all may
    // see; a game of computer players is printed whole.
    let viewer = match humans.len() {
        0 => Viewer::All,
        1 => Viewer::Player(humans[0]),
        _ => Viewer::Table,
    };
    say(&format!(
        "{} (seed {seed}){}",
        game.program.title,
        game.program.variant.as_ref().map(|v| format!(", variant {v}")).unwrap_or_default()
    ));
    // The people at the terminal, each asked through a person's agent; several people at one
    // screen pass it on between their decisions (hot_seat.rs).
    let undo = std::sync::Arc::new(human::UndoAsk::default());
    let people: Vec<Box<dyn Agent>> =
        (0..game.players()).map(|_| Box::new(human::Human::stdio_undoable(undo.clone())) as Box<dyn Agent>).collect();
    let mut people = HotSeat::seat_all(people, &humans);
    let mut session = Session::new(game, seed, seats).map_err(session_failed)?;
    let mut layout = Layout { viewer, colour: human::colour_wanted(), quiet, shown: 0, unseen: Vec::new(), seen: None };
    loop {
        let status = session.advance().map_err(session_failed)?;
        layout.show(&session);
        let Status::Waiting(turns) = status else { break };
        let Some(turn) = turns.into_iter().next() else { break };
        let person = &mut people[turn.seat as usize];
        undo.offered.store(session.can_undo(turn.seat), std::sync::atomic::Ordering::Relaxed);
        let chosen = person.choose(session.state(), turn.seat, &turn.legal);
        // issue 43: `u` takes back the person's last decision (play_undo.rs).
        if chosen.is_none() && super::play_undo::asked(&undo, &mut session, turn.seat) {
            layout.show(&session);
            continue;
        }
        let Some(chosen) = chosen else {
            let who = session.game().player_name(turn.seat);
            return Err(Failure {
                message: format!(
                    "the game was not finished: {who} ({}) stopped playing before the game ended",
                    person.name()
                ),
                code: 1,
            });
        };
        let at = session.step();
        session.act(turn.seat, chosen, at).map_err(session_failed)?;
    }
    layout.show(&session);
    let _ = std::io::stdout().flush();
    let state = session.state();
    say(&format!("result: {}", state.outcome_text()));
    for c in state.game().program.counters.iter().filter(|c| c.reported && c.per != Per::Card) {
        say(&format!("{}: {}", c.name, state.counter_text(c)));
    }
    Ok(())
}

/// A session that could not go on: the game was not finished.
fn session_failed(e: SessionError) -> Failure {
    Failure { message: format!("the game was not finished: {e}"), code: 1 }
}
