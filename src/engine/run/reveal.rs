//! `reveal Z`: every card of a zone is shown to every player where it lies, as an event (the
//! end of a rummy hand, a prize shown before it is taken); nothing moves or turns. `reveal c`
//! (issue 43) shows one card the same way, wherever it lies.

use crate::check::ir::{Expr, Value};
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::State;

impl State {
    /// Shows every card of zone `z` (or the one card `z` names) to every player: an event for
    /// the sinks; the table is unchanged.
    pub(crate) fn reveal<S: EventSink>(&mut self, z: &Expr, sink: &mut S) {
        if !sink.enabled() {
            return;
        }
        match self.eval(z) {
            Value::Zone(zone) => sink.event(self, Event::Reveal { zone }),
            Value::Card(card) => {
                if let Some((zone, _)) = self.find_card(card) {
                    sink.event(self, Event::RevealCard { card, zone });
                }
            }
            _ => {}
        }
    }
}
