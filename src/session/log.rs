//! What each viewer of a session has been told: every event and decision, described when it
//! happens (a description reads the state of that moment) for the onlooker who sees every card,
//! for each player, and for several people at one screen, with the same words as a text
//! transcript for that viewer ([`super::transcript::event_line`] and
//! [`super::transcript::decision_line`]).

use super::transcript::{decision_line, event_line};
use crate::agents::{Decision, Watcher};
use crate::engine::{Event, EventSink, State, Viewer};

/// One thing that happened, as each viewer was told it (`None`: not told).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Told {
    /// What the onlooker read.
    pub all: Option<String>,
    /// What each player read, by seat.
    pub seats: Vec<Option<String>>,
    /// What people sharing one screen read.
    pub table: Option<String>,
}

impl Told {
    /// What `viewer` read of it.
    pub fn for_viewer(&self, viewer: Viewer) -> Option<&str> {
        match viewer {
            Viewer::All => self.all.as_deref(),
            Viewer::Player(p) => self.seats.get(p as usize).and_then(|s| s.as_deref()),
            Viewer::Table => self.table.as_deref(),
        }
    }
}

/// The log of a session: everything told, in order.
#[derive(Debug, Clone, Default)]
pub struct ViewLog {
    players: u8,
    told: Vec<Told>,
}

impl ViewLog {
    /// An empty log for a game of `players` seats.
    pub fn new(players: u8) -> ViewLog {
        ViewLog { players, told: Vec::new() }
    }

    /// Everything told so far.
    pub fn entries(&self) -> &[Told] {
        &self.told
    }

    /// What `viewer` has been told, a line each.
    pub fn lines_for(&self, viewer: Viewer) -> Vec<&str> {
        self.told.iter().filter_map(|t| t.for_viewer(viewer)).collect()
    }

    fn push(&mut self, line: impl Fn(Viewer) -> Option<String>) {
        let told = Told {
            all: line(Viewer::All),
            seats: (0..self.players).map(|p| line(Viewer::Player(p))).collect(),
            table: line(Viewer::Table),
        };
        if told.all.is_some() || told.table.is_some() || told.seats.iter().any(Option::is_some) {
            self.told.push(told);
        }
    }
}

impl EventSink for ViewLog {
    fn event(&mut self, state: &State, event: Event<'_>) {
        self.push(|viewer| event_line(state, viewer, &event));
    }
}

impl Watcher for ViewLog {
    fn decision(&mut self, state: &State, d: &Decision) {
        self.push(|viewer| decision_line(state, viewer, d));
    }
}
