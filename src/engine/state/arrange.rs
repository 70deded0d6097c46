//! Arranging the table after setup: a stacked deck for scenario tests, puzzles and replays.
//!
//! Each step moves named cards, from wherever they are, onto the top of a zone (the first card
//! named ends on top), moves every card of one zone to another, or moves an amount from one
//! counter to another ("3 from purse of player 1 to pot"). Cards and amounts are only moved, so
//! every card stays in the game and totals are kept.

use super::events::{Event, EventSink};
use super::State;
use crate::engine::Game;

/// One step of an arrangement, by names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArrangeStep {
    /// Put these cards (top first) on top of the zone.
    Top {
        /// The zone, named as in transcripts ("deck of player 1", "pack").
        zone: String,
        /// The cards by name ("10♥"), the one to end on top first; each is taken from wherever
        /// it lies, a copy already in the zone preferred, and no card is named twice.
        cards: Vec<String>,
    },
    /// Move every card of `from` onto `to`, keeping their order.
    MoveAll {
        /// The zone emptied, named as in transcripts.
        from: String,
        /// The zone the cards go onto, taking its facing.
        to: String,
    },
    /// Move `amount` from one counter to another, each named as in transcripts: "pot",
    /// "purse of player 1", "stake of 7♥".
    Transfer {
        /// How much; never more than `from` holds.
        amount: i64,
        /// The counter the amount leaves.
        from: String,
        /// The counter it arrives at.
        to: String,
    },
    /// Turn the top card of the zone face up (or down).
    TurnTop {
        /// The zone, named as in transcripts.
        zone: String,
        /// Whether the card ends face up.
        face_up: bool,
    },
}

/// A name in an arrangement that the game does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum ArrangeError {
    /// No zone has this name.
    #[error("no zone is called `{0}`")]
    #[diagnostic(code(cardlang::engine::unknown_zone), help("zones are named like `deck of player 1` or `pack`"))]
    UnknownZone(String),
    /// No counter has this name.
    #[error("no counter is called `{0}`")]
    #[diagnostic(
        code(cardlang::engine::unknown_counter),
        help("counters are named like `pot`, `purse of player 1` or `stake of 7♥`")
    )]
    UnknownCounter(String),
    /// No card (left) has this name.
    #[error("no card called `{0}` is left to place")]
    #[diagnostic(code(cardlang::engine::unknown_card), help("each physical card can be placed once"))]
    UnknownCard(String),
}

/// An arrangement with names resolved to indices.
#[derive(Debug, Clone)]
pub struct Arrangement {
    steps: Vec<Resolved>,
}

#[derive(Debug, Clone)]
enum Resolved {
    Top { zone: u16, cards: Vec<u16> },
    MoveAll { from: u16, to: u16 },
    Transfer { amount: i64, from: u16, to: u16 },
    TurnTop { zone: u16, face_up: bool },
}

impl Arrangement {
    /// Resolves the names of an arrangement.
    pub fn resolve(game: &Game, steps: &[ArrangeStep]) -> Result<Arrangement, ArrangeError> {
        let zone = |n: &str| {
            game.program
                .zones
                .iter()
                .position(|z| z.name == n)
                .map(|z| z as u16)
                .ok_or_else(|| ArrangeError::UnknownZone(n.to_string()))
        };
        let mut used = vec![false; game.program.cards.len()];
        let mut out = Vec::new();
        for step in steps {
            out.push(match step {
                ArrangeStep::Top { zone: z, cards } => {
                    let z = zone(z)?;
                    let mut ids = Vec::new();
                    for name in cards {
                        // With several copies of a card, prefer one that starts in the zone.
                        let candidates: Vec<usize> =
                            (0..used.len()).filter(|&c| !used[c] && game.program.cards[c].name == *name).collect();
                        let pick = candidates
                            .iter()
                            .copied()
                            .find(|&c| game.program.zones[z as usize].initial.contains(&(c as u16)))
                            .or_else(|| candidates.first().copied())
                            .ok_or_else(|| ArrangeError::UnknownCard(name.clone()))?;
                        used[pick] = true;
                        ids.push(pick as u16);
                    }
                    Resolved::Top { zone: z, cards: ids }
                }
                ArrangeStep::MoveAll { from, to } => Resolved::MoveAll { from: zone(from)?, to: zone(to)? },
                ArrangeStep::TurnTop { zone: z, face_up } => Resolved::TurnTop { zone: zone(z)?, face_up: *face_up },
                ArrangeStep::Transfer { amount, from, to } => {
                    let slot = |n: &str| {
                        (0..game.program.counter_slots as u16)
                            .find(|s| game.slot_name(*s) == n)
                            .ok_or_else(|| ArrangeError::UnknownCounter(n.to_string()))
                    };
                    Resolved::Transfer { amount: *amount, from: slot(from)?, to: slot(to)? }
                }
            });
        }
        Ok(Arrangement { steps: out })
    }
}

impl State {
    /// Carries out an arrangement; every move is reported like any other.
    pub(crate) fn apply_arrangement<S: EventSink>(&mut self, a: &Arrangement, sink: &mut S) {
        if sink.enabled() {
            sink.event(self, Event::Announce("the table is arranged (a stacked deck)"));
        }
        for step in &a.steps {
            match step {
                Resolved::Top { zone, cards } => {
                    // The first card named ends on top, so place them in reverse.
                    for &c in cards.iter().rev() {
                        if let Some((z, i)) = self.find_card(c) {
                            let up = self.face_up[c as usize];
                            let up = if z == *zone { up } else { self.game.program.zones[*zone as usize].face_up };
                            self.move_card(z, i, *zone, Some(up), sink);
                        }
                    }
                }
                Resolved::Transfer { amount, from, to } => {
                    self.transfer_slots(Some(*amount), *from as usize, *to as usize, sink);
                }
                Resolved::TurnTop { zone, face_up } => {
                    if let Some(&c) = self.zones[*zone as usize].last() {
                        self.face_up[c as usize] = *face_up;
                        if sink.enabled() {
                            sink.event(self, Event::Turn { card: c, face_up: *face_up });
                        }
                    }
                }
                Resolved::MoveAll { from, to } => {
                    if from == to {
                        continue;
                    }
                    let cards = std::mem::take(&mut self.zones[*from as usize]);
                    let up = self.game.program.zones[*to as usize].face_up;
                    let len = cards.len();
                    for (i, c) in cards.into_iter().enumerate() {
                        let was = (i, len, self.face_up[c as usize]);
                        self.face_up[c as usize] = up;
                        self.card_zone[c as usize] = *to;
                        self.zones[*to as usize].push(c);
                        if sink.enabled() {
                            let at = self.zones[*to as usize].len() - 1;
                            sink.event(self, Event::Move { card: c, from: *from, to: *to, face_up: up, was, at });
                        }
                    }
                }
            }
        }
        self.clear_sightings();
    }
}
