//! A front end's own watcher beside the session's log: both are told every event and decision
//! (a transcript written line by line as the game is played, with no log kept in memory).

use super::log::ViewLog;
use crate::agents::{Decision, Watcher};
use crate::engine::{Event, EventSink, State};

/// The session's log and a front end's watcher, told the same things; each is sent only what it
/// asked for (a pause, announcements, the labels of picks).
pub(super) struct Tee<'a> {
    /// The session's log.
    pub log: &'a mut ViewLog,
    /// The front end's watcher.
    pub tap: &'a mut dyn Watcher,
}

impl EventSink for Tee<'_> {
    fn enabled(&self) -> bool {
        self.log.enabled() || self.tap.enabled()
    }

    fn announcements(&self) -> bool {
        self.log.announcements() || self.tap.announcements()
    }

    fn labels(&self) -> bool {
        self.log.labels() || self.tap.labels()
    }

    fn pauses(&self) -> bool {
        self.log.pauses() || self.tap.pauses()
    }

    fn event(&mut self, state: &State, event: Event<'_>) {
        let pause = matches!(event, Event::Pause(_));
        if self.tap.enabled() && (!pause || self.tap.pauses()) {
            self.tap.event(state, event);
        }
        if self.log.enabled() && (!pause || self.log.pauses()) {
            self.log.event(state, event);
        }
    }
}

impl Watcher for Tee<'_> {
    fn decision(&mut self, state: &State, d: &Decision) {
        self.tap.decision(state, d);
        if self.log.enabled() {
            self.log.decision(state, d);
        }
    }

    fn paused(&mut self, state: &State) {
        self.tap.paused(state);
    }
}
