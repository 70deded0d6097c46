//! Phase 5: a table session, what every front end that hosts a game builds on (the terminal's
//! `play`, transcripts, a table in the browser).
//!
//! A [`Session`] is one game at a table: the checked game, its seed, who sits in each seat (a
//! person, or an agent from its spec, parsed once), the state, and the whole history of actions
//! taken. [`Session::advance`] lets the agents act until a person must decide or the game is
//! over; [`Session::act`] takes a person's decision, refused when it is not theirs to make,
//! illegal, or made for a decision already taken. What each viewer has been told comes from the
//! engine's [`viewer`](crate::engine::viewer) rules, line for line as a transcript for that seat
//! says it ([`log`]). A session saves to JSON and is restored by replaying its history
//! ([`save`]): the same state and the same lines.
//!
//! Agents decide in seat order, as [`agents::play_game`](crate::agents::play_game) asks them, so
//! a session of agents alone plays the game `transcript` plays with the same seats and seed.
//! Where players choose at once, people choose in any order, after the agents.

pub mod log;
pub mod record;
pub mod save;
mod tap;
pub mod transcript;
pub mod undo;
pub mod view;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::agents::{self, Agent, AgentSpec, Decision, Pace, Watcher};
use crate::engine::{Action, Game, Limits, NoEvents, State, ToMove, Viewer};
use log::ViewLog;
use tap::Tee;

/// Who sits in a seat: a person, or an agent made from its spec (parsed once, seeded from the
/// game's seed and the seat).
#[derive(Debug, Clone, PartialEq)]
pub struct Seat {
    /// The spec as written (`human`, `random`, `mcts:iterations=500`).
    pub spec: String,
    /// The agent it makes; `None` for a person, whose decisions come through [`Session::act`].
    pub agent: Option<AgentSpec>,
}

impl Seat {
    /// Reads a seat: `human` (or `person`) for a person, any agent spec otherwise (`random`,
    /// `greedy`, `mcts:iterations=500`), with the reproducible budget a replay needs.
    pub fn parse(spec: &str) -> Result<Seat, agents::SpecError> {
        Seat::parse_paced(spec, Pace::Reproducible)
    }

    /// Reads a seat as [`Seat::parse`] does, choosing a search player's budget by `pace` (a
    /// person waiting at the terminal wants answers in a moment rather than a replayable count).
    pub fn parse_paced(spec: &str, pace: Pace) -> Result<Seat, agents::SpecError> {
        let spec = spec.trim();
        let agent = match spec {
            "human" | "person" => None,
            other => Some(AgentSpec::parse(other, pace)?),
        };
        Ok(Seat { spec: spec.to_string(), agent })
    }

    /// Whether a person sits here.
    pub fn is_person(&self) -> bool {
        self.agent.is_none()
    }
}

/// One action taken: by which seat, and which (its place in the legal list's encoding).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The seat that acted (from 0).
    pub seat: u8,
    /// The action.
    pub action: u32,
}

/// A seat that must decide now, and what it may choose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The seat (from 0).
    pub seat: u8,
    /// Its legal actions.
    pub legal: Vec<Action>,
}

/// Where a session stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Status {
    /// People must decide: one seat, or, where players choose at once, each of them that has
    /// not chosen yet (in any order). Empty only before [`Session::advance`] has let the agents
    /// whose turn it is act.
    Waiting(Vec<Turn>),
    /// The game is over.
    Over,
}

impl Status {
    /// The turn of `seat`, when it must decide now.
    pub fn turn_of(&self, seat: u8) -> Option<&Turn> {
        match self {
            Status::Waiting(turns) => turns.iter().find(|t| t.seat == seat),
            Status::Over => None,
        }
    }
}

/// Why a session refused something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum SessionError {
    /// Seats given do not match the game's.
    #[error("the game has {seats} seats but {given} were given")]
    #[diagnostic(code(cardlang::session::seats), help("give one seat per player"))]
    Seats {
        /// The game's seats.
        seats: u8,
        /// The seats given.
        given: usize,
    },
    /// A seat's spec did not read.
    #[error("seat {seat}: {reason}")]
    #[diagnostic(code(cardlang::session::seat_spec))]
    SeatSpec {
        /// The seat (from 1).
        seat: usize,
        /// Why.
        reason: String,
    },
    /// An action for a seat that is not the one to decide now.
    #[error("it is not player {seat}'s decision now")]
    #[diagnostic(code(cardlang::session::not_your_turn))]
    NotYourTurn {
        /// The seat (from 1).
        seat: u8,
    },
    /// An action made for a decision already taken (the history has moved on since).
    #[error("that decision was taken already (the table is at step {now}, the move was for step {at})")]
    #[diagnostic(code(cardlang::session::stale), help("read the table again and choose anew"))]
    Stale {
        /// The step the move was made for.
        at: usize,
        /// The step the table is at.
        now: usize,
    },
    /// An action not among the legal ones.
    #[error("that is not one of player {seat}'s choices")]
    #[diagnostic(code(cardlang::session::illegal))]
    Illegal {
        /// The seat (from 1).
        seat: u8,
    },
    /// An agent gave up or chose an illegal action.
    #[error("the agent of player {seat} could not decide")]
    #[diagnostic(code(cardlang::session::agent))]
    Agent {
        /// The seat (from 1).
        seat: u8,
    },
}

/// A game at a table (see the module's documentation).
pub struct Session {
    game: Arc<Game>,
    seed: u64,
    seats: Vec<Seat>,
    agents: Vec<Option<Box<dyn Agent>>>,
    state: State,
    history: Vec<Step>,
    log: ViewLog,
    /// (issue 43) The decisions that may be taken back (undo.rs).
    undo: undo::Undo,
    /// issue 43: the "no claim" answers given at the pending open moment and not yet applied:
    /// they are applied together once every player asked has answered, so that nobody's table
    /// moves (its step, its history) on another's answer, which would tell that they were asked.
    held: Vec<Step>,
}

impl Session {
    /// Sits the seats down at a new game of `game` with `seed`, and plays it to the first
    /// decision (the setup's events are in the log). Agents are not asked yet: see
    /// [`Session::advance`].
    pub fn new(game: Arc<Game>, seed: u64, seats: Vec<Seat>) -> Result<Session, SessionError> {
        Session::start(game, seed, seats, true, &mut NoEvents)
    }

    /// [`Session::new`], with a front end's own watcher told the setup's events (and, through
    /// [`Session::advance_with`] and [`Session::act_with`], everything after); `keep_log: false`
    /// keeps no log in memory (a transcript written as the game is played), so
    /// [`Session::lines_for`] and [`Session::told`] stay empty.
    pub fn start(
        game: Arc<Game>,
        seed: u64,
        seats: Vec<Seat>,
        keep_log: bool,
        tap: &mut dyn Watcher,
    ) -> Result<Session, SessionError> {
        let n = game.players();
        if seats.len() != n as usize {
            return Err(SessionError::Seats { seats: n, given: seats.len() });
        }
        let agents: Vec<Option<Box<dyn Agent>>> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.agent.as_ref().map(|spec| spec.build(agents::seat_seed(seed, i))))
            .collect();
        // People read the game as it goes: the rules' pauses are kept for them.
        let mut log = if keep_log { ViewLog::new(n, seats.iter().any(Seat::is_person)) } else { ViewLog::off(n) };
        let mut state = State::with_sink(game.clone(), seed, Limits::default(), &mut Tee { log: &mut log, tap });
        // As `play_game` does: what players remember of cards gone from sight costs a little on
        // every move, and only a search player reads it.
        if !agents.iter().flatten().any(|a| a.remembers_sightings_in(&game)) {
            state.forget_sightings();
        }
        Ok(Session {
            game,
            seed,
            seats,
            agents,
            state,
            history: Vec::new(),
            log,
            undo: undo::Undo::default(),
            held: Vec::new(),
        })
    }

    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who sits where.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The state of play (read only: moves go through [`Session::act`]).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The state of play, the session done with.
    pub fn into_state(self) -> State {
        self.state
    }

    /// Every action taken so far, in order.
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// How far the table has moved: one for each decision applied, two for each taken back
    /// (issue 43). It only ever grows, so a request made for an earlier step (a second click, a
    /// page left open) is stale even when an undo and a new decision bring the history back to
    /// the same length. Without undo it is the history's length.
    pub fn step(&self) -> usize {
        self.history.len() + 2 * self.undo.taken_back
    }

    /// What `viewer` has been told so far, a line each (a seat's lines are a transcript for that
    /// seat without its heading and result).
    pub fn lines_for(&self, viewer: Viewer) -> Vec<&str> {
        self.log.lines_for(viewer)
    }

    /// Everything told so far, entry by entry, with what each viewer read and what kind of
    /// thing it was (a front end lays the lines out by it).
    pub fn told(&self) -> &[log::Told] {
        self.log.entries()
    }

    /// The seats that must decide now, in seat order, each with its legal actions: one, or, where
    /// players choose at once, each that has not chosen yet. Empty when the game is over.
    fn pending(&self) -> Vec<Turn> {
        let deciders: Vec<u8> = match self.state.to_move() {
            ToMove::Nobody => return Vec::new(),
            ToMove::One(p) => vec![p],
            ToMove::Simultaneous(ps) => ps.iter().collect(),
        };
        deciders
            .into_iter()
            // A "no claim" held at an open moment is an answer given (issue 43).
            .filter(|seat| !self.held.iter().any(|h| h.seat == *seat))
            .map(|seat| Turn { seat, legal: self.state.legal_actions(seat) })
            .filter(|t| !t.legal.is_empty())
            .collect()
    }

    /// Where the session stands, without asking any agent: the people who must decide now.
    pub fn status(&self) -> Status {
        let turns: Vec<Turn> = self.pending().into_iter().filter(|t| self.seats[t.seat as usize].is_person()).collect();
        if turns.is_empty() && self.pending().is_empty() {
            Status::Over
        } else {
            Status::Waiting(turns)
        }
    }

    /// Lets agent seats act, in seat order, until only people must decide or the game is over.
    /// Where players choose at once, an agent does not wait for a person before it (nobody's
    /// choice shows until all are in), so a person's choice may come last.
    pub fn advance(&mut self) -> Result<Status, SessionError> {
        self.advance_with(&mut NoEvents)
    }

    /// [`Session::advance`], with `tap` told what happens beside the log.
    pub fn advance_with(&mut self, tap: &mut dyn Watcher) -> Result<Status, SessionError> {
        loop {
            let pending = self.pending();
            if pending.is_empty() {
                return Ok(Status::Over);
            }
            // issue 43: at an open moment the agents answer together (agents::claims).
            if self.state.is_open_moment() {
                if self.open_round(pending, tap)? {
                    continue;
                }
                return Ok(self.status());
            }
            let Some(Turn { seat, legal }) = pending.into_iter().find(|t| !self.seats[t.seat as usize].is_person())
            else {
                return Ok(self.status());
            };
            let agent = self.agents[seat as usize].as_mut().ok_or(SessionError::Agent { seat: seat + 1 })?;
            let chosen = agent.choose(&self.state, seat, &legal).ok_or(SessionError::Agent { seat: seat + 1 })?;
            self.apply(seat, &legal, chosen, tap)?;
        }
    }

    /// A person's decision for `seat`, made when the history was `at` steps long (a move made
    /// for a decision already taken is refused as stale, and changes nothing); then the agents
    /// act as in [`Session::advance`].
    pub fn act(&mut self, seat: u8, action: Action, at: usize) -> Result<Status, SessionError> {
        self.act_with(seat, action, at, &mut NoEvents)
    }

    /// [`Session::act`], with `tap` told what happens beside the log.
    pub fn act_with(
        &mut self,
        seat: u8,
        action: Action,
        at: usize,
        tap: &mut dyn Watcher,
    ) -> Result<Status, SessionError> {
        if at != self.step() {
            return Err(SessionError::Stale { at, now: self.step() });
        }
        let status = self.status();
        let turn = status.turn_of(seat).ok_or(SessionError::NotYourTurn { seat: seat.saturating_add(1) })?;
        if !turn.legal.contains(&action) {
            return Err(SessionError::Illegal { seat: seat + 1 });
        }
        let legal = turn.legal.clone();
        // issue 43: a "no claim" waits for the others' answers (see `held`).
        if self.state.is_open_moment() && !self.state.is_claim(seat, action) {
            self.held.push(Step { seat, action: action.0 });
            self.flush_held(tap)?;
            return self.advance_with(tap);
        }
        self.apply(seat, &legal, action, tap)?;
        self.advance_with(tap)
    }

    /// At an open moment (issue 43), asks every agent still to answer, on the same table, and
    /// applies what [`agents::claims::settle`] keeps: one claim, drawn by the game's seed, or
    /// every "no claim". A person's answer is applied when it arrives ([`Session::act`]); a claim
    /// made for a moment already past is stale. Returns whether any agent answered.
    fn open_round(&mut self, pending: Vec<Turn>, tap: &mut dyn Watcher) -> Result<bool, SessionError> {
        let mut answers = Vec::new();
        for Turn { seat, legal } in pending.into_iter().filter(|t| !self.seats[t.seat as usize].is_person()) {
            let agent = self.agents[seat as usize].as_mut().ok_or(SessionError::Agent { seat: seat + 1 })?;
            let chosen = agent.choose(&self.state, seat, &legal).ok_or(SessionError::Agent { seat: seat + 1 })?;
            answers.push(agents::claims::Answer { seat, legal, chosen });
        }
        if answers.is_empty() {
            return Ok(false);
        }
        let settled = agents::claims::settle(&self.state, answers);
        if settled.iter().any(|a| self.state.is_claim(a.seat, a.chosen)) {
            for a in settled {
                self.apply(a.seat, &a.legal, a.chosen, tap)?;
            }
        } else {
            self.held.extend(settled.iter().map(|a| Step { seat: a.seat, action: a.chosen.0 }));
            self.flush_held(tap)?;
        }
        Ok(true)
    }

    /// Applies the "no claim" answers held at an open moment once every player asked has
    /// answered (issue 43), in seat order: the last one ends the moment.
    fn flush_held(&mut self, tap: &mut dyn Watcher) -> Result<(), SessionError> {
        if !self.pending().is_empty() || self.held.is_empty() {
            return Ok(());
        }
        let mut held = std::mem::take(&mut self.held);
        held.sort_by_key(|h| h.seat);
        for h in held {
            let legal = self.state.legal_actions(h.seat);
            self.apply(h.seat, &legal, Action(h.action), tap)?;
        }
        Ok(())
    }

    /// Applies a decision from the legal list, telling the log (and `tap`) and keeping it in the
    /// history.
    fn apply(&mut self, seat: u8, legal: &[Action], chosen: Action, tap: &mut dyn Watcher) -> Result<(), SessionError> {
        let mut tee = Tee { log: &mut self.log, tap };
        tee.decision(&self.state, &Decision { player: seat, legal, chosen });
        let before = self.undo.before(&self.state, seat, self.seats[seat as usize].is_person());
        let mut watch = undo::Watch::new(&mut tee, before.as_ref().map(|_| seat));
        self.state.apply_with(seat, chosen, &mut watch).map_err(|_| SessionError::Illegal { seat: seat + 1 })?;
        // issue 43: a decision that may be taken back, and whose effect hung on cards its player
        // cannot see, is final (undo.rs).
        let seen = watch.seen.or_else(|| {
            let kept = before.as_ref()?;
            undo::probes_hidden(kept, &self.state, seat, chosen).then_some(undo::Sealed::Probed)
        });
        self.history.push(Step { seat, action: chosen.0 });
        self.undo.after(before, seen, &self.state, seat, chosen.0);
        // An answer applied moves the table on: the "no claim" answers held for the moment are
        // applied by now, or dropped with it when a claim ended it (issue 43).
        self.held.clear();
        Ok(())
    }
}
