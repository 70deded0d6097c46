//! Carries out `meld Z to every R` and `lay off Z to every R`: the meld search decides, and the
//! cards move one by one like any other move, each meld into a zone of the row.
//!
//! With `fixed once laid` (a `melds` declaration's wild rule), the state remembers what each
//! wild laid down stands for, as long as it stays in the zone it was laid into; lay-offs read it
//! so, and never read it afresh.

use super::events::{Event, EventSink};
use super::melds::{self, MeldError, MAX_MELD_CARDS};
use super::state::State;
use crate::check::ir::{Expr, MeldRules, Type, Value};

/// A wild laid down in a meld, and the card it stands for there (`fixed once laid`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LaidWild {
    /// The wild card.
    pub card: u16,
    /// The zone it was laid into; the reading holds while it lies there.
    pub zone: u16,
    /// What it stands for: an enum member per slot of the melds' rules.
    pub stands: Vec<Option<u16>>,
}

impl State {
    /// Moves the melds of zone `from` into the empty zones of row `to`, one meld per zone; or,
    /// with `lay_off`, the cards of `from` that the best arrangement lays off onto the melds
    /// lying in the row, each onto its meld.
    pub(crate) fn exec_meld<S: EventSink>(
        &mut self,
        from: &Expr,
        to: &Expr,
        lay_off: bool,
        chosen: Option<&Expr>,
        sink: &mut S,
    ) {
        let game = self.game.clone();
        let Some(rules) = game.program.melds.as_ref() else { return };
        let Some(from) = self.zone_of(from) else { return };
        let Value::Zones(first, count) = self.eval(to) else { return };
        let row: Vec<u16> = (first..first.saturating_add(count)).filter(|&z| (z as usize) < self.zones.len()).collect();
        let hand = self.zones[from as usize].clone();
        // With `lay_off`, the melds on the table are the row's zones that hold cards.
        let targets: Vec<u16> = if lay_off {
            row.iter().copied().filter(|&z| !self.zones[z as usize].is_empty()).collect()
        } else {
            Vec::new()
        };
        let table: Vec<Vec<u16>> = targets.iter().map(|&z| self.zones[z as usize].clone()).collect();
        let read = self.readings(rules);
        // `as a`: the arrangement chosen from `arrangements of Z` (the search's own otherwise).
        let picked = match chosen.map(|a| self.eval(a)) {
            Some(Value::Arrangement(z, i)) if z == from && !lay_off => self.arrangements(z).into_iter().nth(i as usize),
            _ => None,
        };
        let found = match picked {
            Some(a) => Ok(a),
            None => melds::arrange_read(rules, &hand, &table, &read),
        };
        let arrangement = match found {
            Ok(a) => a,
            Err(MeldError::TooManyCards(n)) => {
                let why = format!("the meld search takes at most {MAX_MELD_CARDS} cards, not {n}");
                self.stop_unfinished(&why, sink);
                return;
            }
        };
        if lay_off {
            for lo in &arrangement.lay_offs {
                let z = targets[lo.target];
                for &c in &lo.cards {
                    self.move_out(c, z, sink);
                }
                self.fix_wilds(rules, z);
                if sink.announcements() {
                    let names: Vec<&str> = lo.cards.iter().map(|&c| game.card_name(c)).collect();
                    let from = &game.program.zones[from as usize].name;
                    self.announce_meld(rules, z, Some(format!("{from} lays off {} onto", names.join(" "))), sink);
                }
            }
            return;
        }
        let empty: Vec<u16> = row.iter().copied().filter(|&z| self.zones[z as usize].is_empty()).collect();
        let mut free = empty.into_iter();
        for m in &arrangement.melds {
            let Some(z) = free.next() else {
                let name = &game.program.zone_decls[game.program.zones[first as usize].decl as usize].name;
                self.stop_unfinished(&format!("no empty zone of `{name}` is left for a meld"), sink);
                return;
            };
            for (c, _) in melds::lay_out(rules, m.pattern, &m.cards) {
                self.move_out(c, z, sink);
            }
            self.fix_wilds(rules, z);
            let from = &game.program.zones[from as usize].name;
            self.announce_meld(rules, z, Some(format!("{from} melds onto")), sink);
        }
    }

    /// With `fixed once laid`, what each wild laid down and still in its zone stands for (the
    /// others are forgotten); otherwise nothing: every wild may be read afresh.
    fn readings(&mut self, rules: &MeldRules) -> Vec<(u16, Vec<Option<u16>>)> {
        if !rules.fixed_wilds {
            return Vec::new();
        }
        let laid = std::mem::take(&mut self.laid);
        self.laid = laid.into_iter().filter(|w| self.find_card(w.card).is_some_and(|(z, _)| z == w.zone)).collect();
        self.laid.iter().map(|w| (w.card, w.stands.clone())).collect()
    }

    /// With `fixed once laid`, records what each wild of the meld in zone `z` stands for (the
    /// wilds already laid there keep their reading).
    fn fix_wilds(&mut self, rules: &MeldRules, z: u16) {
        if !rules.fixed_wilds {
            return;
        }
        let read = self.readings(rules);
        let cards = &self.zones[z as usize];
        let Some(pattern) = melds::pattern_of_read(rules, cards, &read) else { return };
        for (card, stands) in melds::lay_out_read(rules, pattern, cards, &read) {
            if let (Some(stands), false) = (stands, read.iter().any(|(w, _)| *w == card)) {
                self.laid.push(LaidWild { card, zone: z, stands });
            }
        }
    }

    /// Moves card `c` from wherever it is to the top of zone `to`, with the zone's facing.
    fn move_out<S: EventSink>(&mut self, c: u16, to: u16, sink: &mut S) {
        if let Some((z, i)) = self.find_card(c) {
            self.move_card(z, i, to, None, sink);
        }
    }

    /// Announces the meld lying in zone `z`: its pattern, its cards in order, and what each wild
    /// in it stands for ("table of 1: run 5♥ Wild Heart 7♥ (Wild Heart as 6♥)"), after what
    /// happened to it ("hand of player 2 melds onto table of 1: ...", "hand of player 1 lays off
    /// 8♥ onto table of 1: ...").
    fn announce_meld<S: EventSink>(&self, rules: &MeldRules, z: u16, what: Option<String>, sink: &mut S) {
        if !sink.announcements() {
            return;
        }
        let read: Vec<(u16, Vec<Option<u16>>)> = self.laid.iter().map(|w| (w.card, w.stands.clone())).collect();
        let cards = &self.zones[z as usize];
        let Some(pattern) = melds::pattern_of_read(rules, cards, &read) else { return };
        let laid = melds::lay_out_read(rules, pattern, cards, &read);
        let names: Vec<&str> = laid.iter().map(|(c, _)| self.game.card_name(*c)).collect();
        let wilds: Vec<String> = laid
            .iter()
            .filter_map(|(c, stands)| {
                stands.as_ref().map(|v| format!("{} as {}", self.game.card_name(*c), self.stand_in(rules, v)))
            })
            .collect();
        let program = &self.game.program;
        let mut text = what.map(|w| format!("{w} ")).unwrap_or_default();
        text.push_str(&format!(
            "{}: {} {}",
            program.zones[z as usize].name,
            rules.patterns[pattern as usize].name,
            names.join(" ")
        ));
        if !wilds.is_empty() {
            text.push_str(&format!(" ({})", wilds.join(", ")));
        }
        sink.event(self, Event::Announce(&text));
    }

    /// How a wild's stand-in is named: the display texts of its values, in property order
    /// (`6♥`), as a card made by `every rank, suit` is named.
    pub(crate) fn stand_in(&self, rules: &MeldRules, values: &[Option<u16>]) -> String {
        let program = &self.game.program;
        rules
            .slots
            .iter()
            .zip(values)
            .filter_map(|(slot, v)| {
                let m = (*v)?;
                match program.properties.get(slot.property as usize)?.ty {
                    Type::Enum(e) => program.enums.get(e as usize)?.display.get(m as usize).cloned(),
                    _ => None,
                }
            })
            .collect()
    }
}
