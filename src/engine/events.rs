//! What happens during a game, reported to a sink as it happens (for transcripts and the
//! terminal). Simulation uses [`NoEvents`], which costs nothing.

use super::state::State;
use crate::check::ir::{Type, Value};

/// One thing that happened.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// A zone was shuffled; its new order is in the state.
    Shuffle { zone: u16 },
    /// A card moved into a zone, at place `at` from the bottom (its top, unless the rules put
    /// it under other cards); `was` is where it was (index from the bottom, the zone's size
    /// then, and whether it faced up), so a viewer can tell whether they saw it.
    Move { card: u16, from: u16, to: u16, face_up: bool, was: (usize, usize, bool), at: usize },
    /// A zone was turned over: its order reversed and every card flipped.
    TurnOver { zone: u16 },
    /// A card was turned face up or down.
    Turn { card: u16, face_up: bool },
    /// A choice took effect (a secret one once all were made): a player's, or chance's when
    /// `player` is `None`. `value` is a card, a member or a number, read by `ty`. A `private`
    /// choice was offered only under a condition on hidden cards: only its chooser is told of it.
    Choice { player: Option<u8>, value: Value, ty: Type, secret: bool, private: bool },
    /// A candidate of `chooses one of` was chosen, shown by its label: with every card named
    /// (`full`), as the chooser sees it (`own`), and as everyone sees it (`public`); a card
    /// someone cannot see is "a card" in their label. `private` as for [`Event::Choice`].
    Picked { player: Option<u8>, full: &'a str, own: &'a str, public: &'a str, private: bool },
    /// An amount moved from one counter slot to another.
    Transfer { amount: i64, from: u16, to: u16 },
    /// Every card of a zone was shown to every player (`reveal Z`); the cards are in the state.
    Reveal { zone: u16 },
    /// A line the rules announce.
    Announce(&'a str),
    /// The rules pause for the people at the table (`pause "text"`; the text may be empty). Only
    /// a sink whose [`EventSink::pauses`] says yes receives it.
    Pause(&'a str),
    /// The game ended; the outcome is in the state.
    End,
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
