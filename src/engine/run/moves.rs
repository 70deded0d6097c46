//! Moving cards: the quick forms of `move` (the top cards onto another zone, with no memory of
//! sightings to keep, card by card without the general path's bookkeeping), the general path,
//! and dealing.

use crate::check::ir::{MoveWhat, Value};
use crate::engine::code::lower::{Moving, QuickMove};
use crate::engine::code::quick::{TopMove, ZoneAt};
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::State;

impl State {
    /// Carries out a quick move (an [`Instr::Move`]).
    #[inline(always)]
    pub(in crate::engine) fn quick_move<S: EventSink>(&mut self, m: &QuickMove, sink: &mut S) {
        let QuickMove { what, to, face_up, bottom } = m;
        let Value::Zone(to) = to.eval(self) else { return };
        let (n, from, top) = match what {
            Moving::All(z) => (None, z, true),
            Moving::Top(n, z) => (Some(n), z, true),
            Moving::Bottom(n, z) => (Some(n), z, false),
        };
        let Value::Zone(from) = from.eval(self) else { return };
        // The common case, top cards onto the top of another zone with no memory of
        // sightings, is moved here without the general path's calls.
        if top && !*bottom && from != to && !self.tracks_sightings() {
            let n = match n {
                None => usize::MAX,
                Some(n) => usize::try_from(n.eval(self).as_int().unwrap_or(0)).unwrap_or(0),
            };
            self.move_top_quick(from, n, to, *face_up, sink);
            return;
        }
        match n {
            None => self.move_all(from, to, *face_up, *bottom, sink),
            Some(n) => {
                let n = n.eval(self).as_int().unwrap_or(0).max(0);
                self.move_end(from, n, top, to, *face_up, *bottom, sink);
            }
        }
    }

    /// Carries out a move of the top cards between two constant zones (an [`Instr::MoveTop`]),
    /// as [`State::quick_move`] would.
    #[inline(always)]
    pub(in crate::engine) fn top_move<S: EventSink>(&mut self, m: &TopMove, sink: &mut S) {
        let to = match m.to {
            ZoneAt::Const(z) => z,
            ZoneAt::OfLocal(first, slot) => {
                match self.locals.get(self.abs_slot(slot) as usize).and_then(|r| r.player()) {
                    Some(q) => first + q as u16,
                    None => return,
                }
            }
        };
        if to == m.from || self.tracks_sightings() {
            return self.top_move_general(m, to, sink);
        }
        let n = if m.n == TopMove::ALL { usize::MAX } else { m.n as usize };
        self.move_top_quick(m.from, n, to, m.face_up, sink);
    }

    /// [`State::top_move`] onto its own zone, or when sightings are remembered: the general
    /// path.
    #[inline(never)]
    fn top_move_general<S: EventSink>(&mut self, m: &TopMove, to: u16, sink: &mut S) {
        if m.n == TopMove::ALL {
            self.move_all(m.from, to, m.face_up, false, sink);
        } else {
            self.move_end(m.from, i64::from(m.n), true, to, m.face_up, false, sink);
        }
    }

    /// Moves one card from wherever it is (`from`) to the top of `to`.
    pub(crate) fn move_card<S: EventSink>(
        &mut self,
        from: u16,
        index: usize,
        to: u16,
        face_up: Option<bool>,
        sink: &mut S,
    ) {
        self.move_card_at(from, index, to, None, face_up, sink)
    }

    /// Moves one card from wherever it is (`from`) into `to`: on top when `at` is `None`, else
    /// at place `at` from the bottom (under the cards there).
    fn move_card_at<S: EventSink>(
        &mut self,
        from: u16,
        index: usize,
        to: u16,
        at: Option<usize>,
        face_up: Option<bool>,
        sink: &mut S,
    ) {
        let tracked = self.tracks_sightings();
        // The common case, taken quickly: the top card onto the top of another zone, with no
        // memory of sightings to keep.
        if !tracked && at.is_none() && from != to && index + 1 == self.zones[from as usize].len() {
            self.move_top_quick(from, 1, to, face_up, sink);
            return;
        }
        let (saw, covered) = match (tracked, self.zones[from as usize].get(index)) {
            (true, Some(&c)) => {
                let len = self.zones[from as usize].len();
                // A card put under others covers nothing.
                let covered = if at.is_none() { self.coverable_top(to) } else { None };
                (self.sight_mask(from, index, len, self.face_up[c as usize]), covered)
            }
            _ => (0, None),
        };
        let cards = &mut self.zones[from as usize];
        let len = cards.len();
        let card = if index + 1 == len { cards.pop().unwrap_or_default() } else { cards.remove(index) };
        let was_up = self.face_up[card as usize];
        let up = face_up.unwrap_or_else(|| self.game.program.zones[to as usize].face_up);
        self.face_up[card as usize] = up;
        self.card_zone[card as usize] = to;
        let dest = &mut self.zones[to as usize];
        let at = match at {
            Some(i) if i < dest.len() => {
                dest.insert(i, card);
                i
            }
            _ => {
                dest.push(card);
                dest.len() - 1
            }
        };
        if tracked {
            // A card moved to the top of its own zone covers nothing new.
            self.note_move(card, from, to, at, saw, covered.filter(|&(c, _)| c != card));
        }
        if sink.enabled() {
            sink.event(self, Event::Move { card, from, to, face_up: up, was: (index, len, was_up), at });
        }
    }

    /// A `move` statement: the cards go one at a time onto the top of `to`, or, with
    /// `bottom`, each under the zone's cards (a stack moved with `and above` keeps its order).
    pub(in crate::engine) fn exec_move<S: EventSink>(
        &mut self,
        what: &MoveWhat,
        to: &crate::check::ir::Expr,
        face_up: Option<bool>,
        bottom: bool,
        sink: &mut S,
    ) {
        let Some(to) = self.zone_of(to) else { return };
        let under = if bottom { Some(0) } else { None };
        match what {
            MoveWhat::Card(c) => {
                if let Value::Card(c) = self.eval(c) {
                    if let Some((z, i)) = self.find_card(c) {
                        self.move_card_at(z, i, to, under, face_up, sink);
                    }
                }
            }
            MoveWhat::Above(c) => {
                let Value::Card(c) = self.eval(c) else { return };
                let Some((from, i)) = self.find_card(c) else { return };
                if from == to && !bottom {
                    return;
                }
                // On top: the card at `i` goes first, then each card that lay on it. Under a pile:
                // the stack's top card goes first, each next one under it (the stack is the top
                // of its zone, within one zone too). Either way the order is kept.
                let count = self.zones[from as usize].len() - i;
                for _ in 0..count {
                    let index = if bottom { self.zones[from as usize].len() - 1 } else { i };
                    self.move_card_at(from, index, to, under, face_up, sink);
                }
            }
            MoveWhat::All(z) => {
                let Some(from) = self.zone_of(z) else { return };
                self.move_all(from, to, face_up, bottom, sink);
            }
            MoveWhat::Top(n, z) | MoveWhat::Bottom(n, z) => {
                let Some(from) = self.zone_of(z) else { return };
                let n = self.eval(n).as_int().unwrap_or(0).max(0);
                self.move_end(from, n, matches!(what, MoveWhat::Top(..)), to, face_up, bottom, sink);
            }
        }
    }

    /// Moves every card of `from` to `to`, one at a time from the top.
    fn move_all<S: EventSink>(&mut self, from: u16, to: u16, face_up: Option<bool>, bottom: bool, sink: &mut S) {
        if from == to {
            return;
        }
        if !bottom && !self.tracks_sightings() {
            self.move_top_quick(from, usize::MAX, to, face_up, sink);
            return;
        }
        let under = if bottom { Some(0) } else { None };
        while let Some(i) = self.zones[from as usize].len().checked_sub(1) {
            self.move_card_at(from, i, to, under, face_up, sink);
        }
    }

    /// Moves up to `n` cards from the top of `from` onto `to` (two different zones), one at a
    /// time, as [`State::move_card_at`] would when no memory of sightings is kept: the cards'
    /// order, facing and zones, and the events, come out the same, without the bookkeeping.
    #[inline(always)]
    fn move_top_quick<S: EventSink>(&mut self, from: u16, n: usize, to: u16, face_up: Option<bool>, sink: &mut S) {
        let up = face_up.unwrap_or_else(|| self.game.program.zones[to as usize].face_up);
        if !sink.enabled() && n.min(self.zones[from as usize].len()) >= 4 {
            return self.move_top_bulk(from, n, to, up);
        }
        for _ in 0..n {
            let len = self.zones[from as usize].len();
            let Some(card) = self.zones[from as usize].pop() else { break };
            let was_up = self.face_up[card as usize];
            self.face_up[card as usize] = up;
            self.card_zone[card as usize] = to;
            self.zones[to as usize].push(card);
            if sink.enabled() {
                let at = self.zones[to as usize].len() - 1;
                sink.event(self, Event::Move { card, from, to, face_up: up, was: (len - 1, len, was_up), at });
            }
        }
    }

    /// [`State::move_top_quick`] of several cards when no events are wanted: the same cards end
    /// in the same order, facing the same way, with the zones' lists borrowed once rather than
    /// looked up again for each card.
    #[inline(never)]
    fn move_top_bulk(&mut self, from: u16, n: usize, to: u16, up: bool) {
        let mut source = std::mem::take(&mut self.zones[from as usize]);
        let keep = source.len().saturating_sub(n);
        let dest = &mut self.zones[to as usize];
        dest.reserve(source.len() - keep);
        for &card in source[keep..].iter().rev() {
            self.face_up[card as usize] = up;
            self.card_zone[card as usize] = to;
            dest.push(card);
        }
        source.truncate(keep);
        self.zones[from as usize] = source;
    }

    /// Moves the top (or, with `top` false, the bottom) `n` cards of `from` to `to`, one at a
    /// time.
    #[allow(clippy::too_many_arguments)]
    fn move_end<S: EventSink>(
        &mut self,
        from: u16,
        n: i64,
        top: bool,
        to: u16,
        face_up: Option<bool>,
        bottom: bool,
        sink: &mut S,
    ) {
        let under = if bottom { Some(0) } else { None };
        // Within one zone only the top going under changes anything (at most once for each
        // card there); a zone moved onto itself otherwise does nothing.
        if from == to && !(top && bottom) {
            return;
        }
        let n = if from == to { n.min(self.zones[from as usize].len() as i64) } else { n };
        if from != to && top && !bottom && !self.tracks_sightings() {
            self.move_top_quick(from, usize::try_from(n).unwrap_or(usize::MAX), to, face_up, sink);
            return;
        }
        for _ in 0..n {
            let len = self.zones[from as usize].len();
            if len == 0 {
                break;
            }
            self.move_card_at(from, if top { len - 1 } else { 0 }, to, under, face_up, sink);
        }
    }

    pub(in crate::engine) fn deal<S: EventSink>(
        &mut self,
        count: Option<&crate::check::ir::Expr>,
        from: &crate::check::ir::Expr,
        to: u16,
        face_up: Option<bool>,
        start: u8,
        sink: &mut S,
    ) {
        let Some(from) = self.zone_of(from) else { return };
        let first = self.game.program.zone_decls[to as usize].first;
        let n = self.game.program.players as u16;
        let per_player = count.map(|c| self.eval(c).as_int().unwrap_or(0).max(0) as usize);
        let mut round = 0usize;
        'deal: loop {
            if per_player.is_some_and(|k| round >= k) {
                break;
            }
            let mut moved = false;
            for k in 0..n {
                let p = (start as u16 + k) % n;
                let len = self.zones[from as usize].len();
                if len == 0 {
                    break 'deal;
                }
                // A player's own zone is skipped: dealing from it to itself would never end.
                if first + p != from {
                    self.move_card(from, len - 1, first + p, face_up, sink);
                    moved = true;
                }
            }
            if !moved {
                break;
            }
            round += 1;
        }
    }

    /// The zone a card is in and its place there (from the bottom).
    pub fn find_card(&self, card: u16) -> Option<(u16, usize)> {
        let z = *self.card_zone.get(card as usize)?;
        let i = self.zones.get(z as usize)?.iter().rposition(|&c| c == card)?;
        Some((z, i))
    }
}
