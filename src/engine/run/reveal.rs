//! `reveal Z`: every card of a zone is shown to every player where it lies, as an event (the
//! end of a rummy hand, a prize shown before it is taken); nothing moves or turns.

use crate::check::ir::Expr;
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::State;

impl State {
    /// Shows every card of zone `z` to every player: an event for the sinks; the table is unchanged.
    pub(crate) fn reveal<S: EventSink>(&mut self, z: &Expr, sink: &mut S) {
        if let (true, Some(zone)) = (sink.enabled(), self.zone_of(z)) {
            sink.event(self, Event::Reveal { zone });
        }
    }
}
