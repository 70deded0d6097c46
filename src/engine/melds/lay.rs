//! Carries out `meld Z to every R` and `lay off Z to every R`: the meld search decides, and the
//! cards move one by one like any other move, each meld into a zone of the row.
//!
//! With `fixed once laid` (a `melds` declaration's wild rule), the state remembers what each
//! wild laid down stands for, as long as it stays in the zone it was laid into; lay-offs read it
//! so, and never read it afresh.

use std::cell::RefCell;

use crate::check::ir::{Expr, MeldRules, Type, Value};
use crate::engine::melds::{self, LaidOut, MeldError, Readings, Scratch, MAX_MELD_CARDS};
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::State;

/// The lists a meld effect works in: the search's, the zones of the row it uses, and a meld
/// laid out. Kept per thread, so that laying down melds allocates nothing once they have grown.
#[derive(Default)]
pub(in crate::engine) struct MeldWork {
    /// The meld search, with its last answer.
    pub(in crate::engine) search: Scratch,
    /// The zones of the row that the effect uses: the melds to lay off onto, or the empty
    /// zones to meld into.
    zones: Vec<u16>,
    /// The cards of one meld, and the meld laid out.
    cards: Vec<u16>,
    laid: LaidOut,
    /// What the wilds of the arrangement chosen stand for, as its player named them.
    named: Readings,
}

thread_local! {
    static WORK: RefCell<MeldWork> = RefCell::new(MeldWork::default());
}

/// Runs `f` with this thread's meld lists, or with new ones while they are in use (a watcher of
/// a meld effect asking for a meld search of its own).
pub(in crate::engine) fn with_work<R>(f: impl FnOnce(&mut MeldWork) -> R) -> R {
    WORK.with(|w| match w.try_borrow_mut() {
        Ok(mut w) => f(&mut w),
        Err(_) => f(&mut MeldWork::default()),
    })
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
        let row = first as usize..(first as usize + count as usize).min(self.zones.len());
        // `as a`: the arrangement chosen from `arrangements of Z` (the search's own otherwise).
        let chosen = match chosen.map(|a| self.eval(a)) {
            Some(Value::Arrangement(z, i)) if z == from && !lay_off => Some(super::meld_choice::arrangement_place(i)),
            _ => None,
        };
        if rules.fixed_wilds {
            self.forget_moved_wilds();
        }
        with_work(|work| {
            let MeldWork { search, zones, cards, laid, named } = work;
            // With `lay_off`, the melds on the table are the row's zones that hold cards;
            // otherwise the melds go into the row's empty zones, in order.
            zones.clear();
            zones.extend(row.filter(|&z| self.zones[z].is_empty() != lay_off).map(|z| z as u16));
            let hand = &self.zones[from as usize];
            // The chosen arrangement is one of those offered: there are at least two.
            let picked = chosen
                .filter(|&(i, every)| {
                    matches!(super::meld_choice::list_offers(search, rules, hand, every), Ok(n) if n >= 2 && i < n)
                })
                .map(|(i, _)| i);
            if picked.is_none() {
                let read = if rules.fixed_wilds { &self.laid } else { Readings::none() };
                let on_table = if lay_off { &zones[..] } else { &[] };
                let table = on_table.iter().map(|&z| self.zones[z as usize].as_slice());
                if let Err(MeldError::TooManyCards(n)) = search.arrange(rules, hand, table, read) {
                    let why = format!("the meld search takes at most {MAX_MELD_CARDS} cards, not {n}");
                    self.stop_unfinished(&why, sink);
                    return;
                }
            }
            let from_name = &game.program.zones[from as usize].name;
            if lay_off {
                for &(j, s) in &search.plan().lay_offs {
                    let z = zones[j];
                    for c in search.cards(s) {
                        self.move_out(c, z, sink);
                    }
                    self.fix_wilds(rules, z, laid);
                    if sink.announcements() {
                        let names: Vec<&str> = search.cards(s).map(|c| game.card_name(c)).collect();
                        self.announce_meld(
                            rules,
                            z,
                            Some(format!("{from_name} lays off {} onto", names.join(" "))),
                            sink,
                        );
                    }
                }
                return;
            }
            // GR-15's general feature: the wilds stand for what the player named with the
            // arrangement; otherwise for the engine's own reading.
            match picked {
                Some(i) => search.offer_reading_into(i, 0, named),
                None => named.retain(|_, _| false),
            }
            let melds = match picked {
                Some(i) => search.offer(i).map_or(&[][..], |(m, _, _)| m),
                None => &search.plan().melds,
            };
            for (k, &(mask, pattern)) in melds.iter().enumerate() {
                let Some(&z) = zones.get(k) else {
                    let program = &game.program;
                    let decl = program.zones.get(first as usize).and_then(|z| program.zone_decls.get(z.decl as usize));
                    let name = decl.map_or("", |d| d.name.as_str());
                    self.stop_unfinished(&format!("no empty zone of `{name}` is left for a meld"), sink);
                    return;
                };
                cards.clear();
                cards.extend(search.cards(mask));
                laid.fill(rules, pattern, cards, named);
                for (c, _) in laid.iter() {
                    self.move_out(c, z, sink);
                }
                if rules.fixed_wilds {
                    for &c in cards.iter() {
                        if let (Some(v), false) = (named.get(c), self.laid.contains(c)) {
                            self.laid.push(c, z, v);
                        }
                    }
                }
                self.fix_wilds(rules, z, laid);
                if sink.announcements() {
                    self.announce_meld(rules, z, Some(format!("{from_name} melds onto")), sink);
                }
            }
        })
    }

    /// With `fixed once laid`, forgets what each wild laid down stands for once it has left the
    /// zone it was laid into.
    fn forget_moved_wilds(&mut self) {
        let mut laid = std::mem::take(&mut self.laid);
        laid.retain(|card, zone| self.find_card(card).is_some_and(|(z, _)| z == zone));
        self.laid = laid;
    }

    /// With `fixed once laid`, records what each wild of the meld in zone `z` stands for (the
    /// wilds already laid there keep their reading); `laid` is the list it works in.
    fn fix_wilds(&mut self, rules: &MeldRules, z: u16, laid: &mut LaidOut) {
        if !rules.fixed_wilds {
            return;
        }
        self.forget_moved_wilds();
        let cards = &self.zones[z as usize];
        let Some(pattern) = melds::pattern_of_read(rules, cards, &self.laid) else { return };
        laid.fill(rules, pattern, cards, &self.laid);
        for (card, stands) in laid.iter() {
            if let (Some(stands), false) = (stands, self.laid.contains(card)) {
                self.laid.push(card, z, stands);
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
        let cards = &self.zones[z as usize];
        let Some(pattern) = melds::pattern_of_read(rules, cards, &self.laid) else { return };
        let laid = melds::lay_out_read(rules, pattern, cards, &self.laid);
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
