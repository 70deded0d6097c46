//! What happens during a game, reported to a sink as it happens (for transcripts and the
//! terminal). Simulation uses [`NoEvents`], which costs nothing.

use super::State;
use crate::check::ir::{Type, Value};

/// One thing that happened.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// A zone was shuffled; its new order is in the state.
    Shuffle {
        /// The zone shuffled, by index in `Program::zones`.
        zone: u16,
    },
    /// A card moved into a zone, at place `at` from the bottom (its top, unless the rules put
    /// it under other cards); `was` is where it was (index from the bottom, the zone's size
    /// then, and whether it faced up), so a viewer can tell whether they saw it.
    Move {
        /// The card, by index in `Program::cards`.
        card: u16,
        /// The zone it left.
        from: u16,
        /// The zone it went to.
        to: u16,
        /// Whether it lies face up there.
        face_up: bool,
        /// Where it was: its place in `from` from the bottom, how many cards `from` held then,
        /// and whether it faced up.
        was: (usize, usize, bool),
        /// Its place in `to`, from the bottom.
        at: usize,
    },
    /// A zone was turned over: its order reversed and every card flipped.
    TurnOver {
        /// The zone turned over.
        zone: u16,
    },
    /// A card was turned face up or down.
    Turn {
        /// The card turned.
        card: u16,
        /// Whether it now faces up.
        face_up: bool,
    },
    /// A choice took effect (a secret one once all were made): a player's, or chance's when
    /// `player` is `None`. `value` is a card, a member or a number, read by `ty`. A `private`
    /// choice was offered only under a condition on hidden cards: only its chooser is told of it.
    Choice {
        /// Who chose, a seat from 0; `None` for chance.
        player: Option<u8>,
        /// What was chosen: a card, a member, a number, an arrangement, ...
        value: Value,
        /// The type `value` is read by.
        ty: Type,
        /// Whether it was one of a secret choice's, which every player makes at once.
        secret: bool,
        /// Whether only the chooser is told of it.
        private: bool,
    },
    /// A candidate of `chooses one of` was chosen, shown by its label: with every card named
    /// (`full`), as the chooser sees it (`own`), and as everyone sees it (`public`); a card
    /// someone cannot see is "a card" in their label. `private` as for [`Event::Choice`].
    Picked {
        /// Who chose, a seat from 0; `None` for chance.
        player: Option<u8>,
        /// The label with every card named, as an onlooker who sees everything reads it.
        full: &'a str,
        /// The label as the chooser sees it.
        own: &'a str,
        /// The label as every player sees it.
        public: &'a str,
        /// Whether only the chooser is told of it.
        private: bool,
    },
    /// An amount moved from one counter slot to another.
    Transfer {
        /// How much moved (never nothing: a transfer of 0 is no event).
        amount: i64,
        /// The counter slot it left.
        from: u16,
        /// The counter slot it reached.
        to: u16,
    },
    /// Every card of a zone was shown to every player (`reveal Z`); the cards are in the state.
    Reveal {
        /// The zone shown.
        zone: u16,
    },
    /// A line the rules announce.
    Announce(&'a str),
    /// The rules pause for the people at the table (`pause "text"`; the text may be empty). Only
    /// a sink whose [`EventSink::pauses`] says yes receives it.
    Pause(&'a str),
    /// The game ended; the outcome is in the state.
    End,
    /// One card was shown to every player where it lies (`reveal c`); nothing moves or turns.
    RevealCard {
        /// The card shown.
        card: u16,
        /// The zone it lies in.
        zone: u16,
    },
}

/// Receives events.
pub trait EventSink {
    /// Whether events are wanted at all (when not, announcements are never formatted).
    fn enabled(&self) -> bool {
        true
    }
    /// Whether announcements (and the labels of `chooses one of` picks) are wanted: their text is
    /// built only then; a sink that watches the table but not the words can say no and save the
    /// formatting.
    fn announcements(&self) -> bool {
        self.enabled()
    }
    /// Whether the labels of `chooses one of` picks are read, when announcements are wanted:
    /// when not, [`Event::Picked`] still comes, at the same moment, with empty labels, and their
    /// text is never built.
    fn labels(&self) -> bool {
        true
    }
    /// Whether the sink seats people who read the game as it goes, so `pause` reaches it as
    /// [`Event::Pause`]; no other sink ever sees a pause (transcripts and simulations do not).
    fn pauses(&self) -> bool {
        false
    }
    /// Receives one event, with the state just after it.
    fn event(&mut self, state: &State, event: Event<'_>);
}

/// A sink that wants nothing.
pub struct NoEvents;

impl EventSink for NoEvents {
    #[inline]
    fn enabled(&self) -> bool {
        false
    }
    #[inline]
    fn event(&mut self, _: &State, _: Event<'_>) {}
}

/// A sink that keeps owned copies of events, for tests and tools.
#[derive(Default)]
pub struct Recorder {
    /// Every event, rendered to a line of text by the state's own names.
    pub lines: Vec<String>,
}

impl EventSink for Recorder {
    fn event(&mut self, state: &State, event: Event<'_>) {
        self.lines.push(state.describe(&event));
    }
}
