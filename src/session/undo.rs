//! (issue 43) Taking back one's own decisions within a turn: [`Session::undo`].
//!
//! The rules say where a player may take decisions back (`p may undo { ... }`: the engine marks
//! the block, [`State::undo_window`]). Before a person's decision in their own open block, the
//! session keeps the state as it was; taking the decision back puts that state back and drops
//! the step from the history, so the history is always the game as it stands: a saved game
//! restored replays it and continues exactly (a test holds the state after an undo equal to a
//! fresh replay of the history without the step).
//!
//! Nothing is taken back past something that gave information or chance. The checker refuses
//! what it can see in the block itself (`check/undo.rs`); the session watches every event of
//! the decision and of the rules after it, up to the next decision, and forgets what it kept
//! when it sees: a shuffle or a choice by chance; cards shown (`reveal`), an announcement, a card
//! turned face up or a zone turned over; a card moving where the deciding player sees it who
//! did not see it where it was (a draw, a look); another seat's decision (or every seat's at
//! once); or the block ending. What a move shows depends on where cards lie and which way they
//! face when it happens, and a procedure called in the block may do anything: only the
//! session, at run time, can tell. A card the player lays face up from their own hand shows the
//! others something, but gives the player nothing: it may be taken back (the others keep what
//! they saw, as at a real table).
//!
//! The log keeps what each viewer was told (it cannot be untold) and adds a line: the player
//! hears what they took back, everyone else only that a decision was taken back.

use super::log::Kind;
use super::{Session, Status};
use crate::engine::{Event, EventSink, State, ToMove, Viewer};

/// Why a decision could not be taken back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum UndoError {
    /// A seat of an agent: agents never take decisions back.
    #[error("player {seat} is not played by a person: agents never take decisions back")]
    #[diagnostic(code(cardlang::session::undo_agent))]
    Agent {
        /// The seat (from 1).
        seat: u8,
    },
    /// Asked for a table that has moved on since (a second click, a stale page).
    #[error("the table has moved on (it is at step {now}, the undo was for step {at})")]
    #[diagnostic(code(cardlang::session::undo_stale), help("read the table again"))]
    Stale {
        /// The step the undo was asked at.
        at: usize,
        /// The step the table is at.
        now: usize,
    },
    /// No decision of this seat's may be taken back now.
    #[error("player {seat} has no decision to take back: {why}")]
    #[diagnostic(
        code(cardlang::session::undo_none),
        help("only a person's own decisions in a `may undo` block of theirs, since anything was drawn, shown or left to chance, can be taken back")
    )]
    Nothing {
        /// The seat (from 1).
        seat: u8,
        /// Why not.
        why: String,
    },
}

/// What made the last decision final.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sealed {
    /// No decision in a block of the seat's yet.
    None,
    /// Chance decided something.
    Chance,
    /// Cards were shown or something announced.
    Shown,
    /// The player saw a card they had not seen (a draw).
    Drawn,
    /// Another seat decided (or every seat at once).
    Other,
    /// What the decision did depended on cards the player cannot see (a count of aces among
    /// cards tucked blind): taking it back and trying another would let them probe those cards.
    Probed,
    /// The block ended.
    Ended,
}

impl Sealed {
    fn why(self) -> &'static str {
        match self {
            Sealed::None => "they have made none in a block where the rules let them",
            Sealed::Chance => "chance has decided something since",
            Sealed::Shown => "cards have been shown, or something announced, since",
            Sealed::Drawn => "they have drawn (or seen) a card since",
            Sealed::Other => "another player has decided since",
            Sealed::Probed => "what their decision did depended on cards they cannot see",
            Sealed::Ended => "their turn has been confirmed since (the block that let them ended)",
        }
    }
}

/// A decision that may be taken back: the state before it and its seat.
#[derive(Clone)]
struct Kept {
    seat: u8,
    /// The action taken, for the player's own line.
    action: crate::engine::Action,
    state: State,
}

/// What a session keeps to take decisions back.
#[derive(Clone)]
pub(super) struct Undo {
    /// The decisions that may be taken back, the latest last: all of one seat in one block.
    kept: Vec<Kept>,
    /// Why nothing may be taken back, when `kept` is empty.
    sealed: Sealed,
    /// How many decisions were taken back in this session (see [`Session::step`]).
    pub(super) taken_back: usize,
    /// Whose decisions the last seal made final: the reason is theirs alone to be told.
    sealed_for: Option<u8>,
}

impl Default for Undo {
    fn default() -> Undo {
        Undo { kept: Vec::new(), sealed: Sealed::None, taken_back: 0, sealed_for: None }
    }
}

impl Undo {
    /// Before `seat` decides: the state to keep, if the decision is one the seat could take
    /// back (a person's, alone to decide, in a block of theirs that is open).
    pub(super) fn before(&self, state: &State, seat: u8, person: bool) -> Option<State> {
        let alone = state.to_move() == ToMove::One(seat);
        (person && alone && state.undo_window().is_some_and(|(s, _)| s == seat)).then(|| state.clone())
    }

    /// After the decision and the rules up to the next one: keeps the state from before it when
    /// nothing made it final, else forgets everything kept.
    pub(super) fn after(&mut self, before: Option<State>, seen: Option<Sealed>, state: &State, seat: u8, action: u32) {
        let Some(kept) = before else {
            // A decision no one may take back makes those before it final.
            match self.kept.first() {
                Some(k) if k.seat == seat => self.seal(Sealed::Ended, seat),
                _ if self.kept.is_empty() && self.sealed == Sealed::None => {}
                _ => self.seal(Sealed::Other, seat),
            }
            return;
        };
        if let Some(why) = seen {
            return self.seal(why, seat);
        }
        let block = kept.undo_window();
        if state.undo_window() != block {
            return self.seal(Sealed::Ended, seat);
        }
        if self.kept.first().is_some_and(|k| k.seat != seat || k.state.undo_window() != block) {
            self.kept.clear();
        }
        self.kept.push(Kept { seat, action: crate::engine::Action(action), state: kept });
    }

    fn seal(&mut self, why: Sealed, whose: u8) {
        self.sealed_for = Some(self.kept.first().map_or(whose, |k| k.seat));
        self.kept.clear();
        self.sealed = why;
    }
}

/// How many tables the player could believe in are tried by [`probes_hidden`].
const PROBES: u64 = 16;

/// Whether what `seat`'s decision did (the table `after` it, as `seat` sees it) depended on
/// cards they cannot see: the same decision is made on tables they could believe in (the
/// cards they cannot see dealt afresh, as the search player guesses), and any table that then
/// looks otherwise to them, or on which the decision cannot be made, means it did. Such a
/// decision is final: taken back and tried again, it would let the player probe hidden cards.
/// The tables are drawn from the game's seed and the moment, not the game's own random numbers.
pub(super) fn probes_hidden(before: &State, after: &State, seat: u8, action: crate::engine::Action) -> bool {
    let seen = after.observation(seat);
    (0..PROBES).any(|k| {
        let mut rng = crate::engine::rng::Rng::new(before.seed() ^ before.steps().rotate_left(17) ^ k);
        let mut other = before.determinized_remembering(seat, &mut rng);
        other.apply(seat, action).is_err() || other.observation(seat) != seen
    })
}

/// Watches the events of one decision for what makes it final, and passes them on.
pub(super) struct Watch<'a, S: EventSink> {
    inner: &'a mut S,
    /// The deciding seat, while its decision might be taken back; `None`: nothing watched.
    seat: Option<u8>,
    /// What was seen, the first such thing.
    pub(super) seen: Option<Sealed>,
}

impl<'a, S: EventSink> Watch<'a, S> {
    /// Watches for `seat` (when `Some`), passing everything to `inner`.
    pub(super) fn new(inner: &'a mut S, seat: Option<u8>) -> Self {
        Watch { inner, seat, seen: None }
    }

    fn sealing(&self, state: &State, event: &Event<'_>) -> Option<Sealed> {
        let seat = self.seat?;
        match event {
            Event::Shuffle { .. } => Some(Sealed::Chance),
            Event::Choice { player: None, .. } | Event::Picked { player: None, .. } => Some(Sealed::Chance),
            Event::Choice { secret: true, .. } => Some(Sealed::Other),
            Event::Choice { player: Some(q), .. } | Event::Picked { player: Some(q), .. } if *q != seat => {
                Some(Sealed::Other)
            }
            Event::Reveal { .. } | Event::RevealCard { .. } | Event::Announce(_) | Event::TurnOver { .. } => {
                Some(Sealed::Shown)
            }
            Event::Turn { face_up: true, .. } => Some(Sealed::Shown),
            Event::Move { from, to, was, at, .. } => {
                // The deciding player sees a card they did not see where it was: a draw, or a
                // look. (A card of theirs that they show the others by laying it face up is
                // their own doing: they may take it back, and the others keep what they saw.)
                let known = state.would_see(seat, *from, was.0, was.1, was.2);
                if !known && state.can_see(seat, *to, *at) {
                    return Some(Sealed::Drawn);
                }
                // A card the deciding player did not know that another player now sees (a draw
                // into a hand held facing out, a card dealt to another's hand): taken back, it
                // would lie again where that player could follow it.
                let players = state.game().program.players;
                let shown = !known
                    && (0..players).any(|q| {
                        q != seat && !state.would_see(q, *from, was.0, was.1, was.2) && state.can_see(q, *to, *at)
                    });
                shown.then_some(Sealed::Shown)
            }
            _ => None,
        }
    }
}

impl<S: EventSink> EventSink for Watch<'_, S> {
    fn enabled(&self) -> bool {
        self.seat.is_some() || self.inner.enabled()
    }

    fn announcements(&self) -> bool {
        self.seat.is_some() || self.inner.announcements()
    }

    fn labels(&self) -> bool {
        self.inner.labels()
    }

    fn pauses(&self) -> bool {
        self.inner.pauses()
    }

    fn event(&mut self, state: &State, event: Event<'_>) {
        if self.seen.is_none() {
            self.seen = self.sealing(state, &event);
        }
        let wanted = match event {
            Event::Announce(_) | Event::Picked { .. } => self.inner.announcements(),
            _ => self.inner.enabled(),
        };
        if wanted {
            self.inner.event(state, event);
        }
    }
}

impl Session {
    /// Whether `seat` may take back a decision now ([`Session::undo`]).
    pub fn can_undo(&self, seat: u8) -> bool {
        self.undo.kept.last().is_some_and(|k| k.seat == seat)
            && self.seats.get(seat as usize).is_some_and(|s| s.is_person())
    }

    /// Takes back `seat`'s last decision, asked when the history was `at` steps long: the state
    /// is what it was before it, and the step leaves the history. Refused, changing nothing, for
    /// an agent's seat, a stale request, or when the seat has no decision it may take back.
    pub fn undo(&mut self, seat: u8, at: usize) -> Result<Status, UndoError> {
        let shown = seat.saturating_add(1);
        if !self.seats.get(seat as usize).is_some_and(|s| s.is_person()) {
            return Err(UndoError::Agent { seat: shown });
        }
        if at != self.step() {
            return Err(UndoError::Stale { at, now: self.step() });
        }
        let Some(last) = self.undo.kept.last().filter(|k| k.seat == seat) else {
            // The reason is told only for the seat's own last decision: another's (what they
            // drew, that they may still take theirs back) is not this seat's to know.
            let own = self.undo.sealed_for == Some(seat);
            let why = if own && self.undo.kept.is_empty() { self.undo.sealed.why() } else { Sealed::None.why() };
            return Err(UndoError::Nothing { seat: shown, why: why.to_string() });
        };
        let state = last.state.clone();
        let action = last.action;
        self.undo.kept.pop();
        if self.undo.kept.is_empty() {
            self.undo.sealed = Sealed::None;
        }
        self.state = state;
        self.history.pop();
        self.undo.taken_back += 1;
        let who = self.game.player_name(seat);
        let own = format!("{who} takes back: {}", self.state.action_label(seat, action));
        let all = format!("{who} takes back: {}", self.state.onlooker_label(seat, action));
        let other = format!("{who} takes back a decision");
        self.log.tell(Kind::Said, |viewer| {
            Some(match viewer {
                Viewer::All => all.clone(),
                Viewer::Player(p) if p == seat => own.clone(),
                _ => other.clone(),
            })
        });
        Ok(self.status())
    }
}
