//! A choice of several cards too big to list whole (`p chooses 1 to 4 cards ...` from a hand of
//! thirty cards has over 30,000 sets) is offered card by card: the chooser picks cards one at a
//! time, in any order, then says "done" (or the set is made by itself when no card can be
//! added). A card is offered only when some whole set the rules allow holds it and the cards
//! picked before, so every path ends in such a set. The picks are kept by their places (zone
//! and index), which stay put because nothing moves until the choice is made, and which a
//! reshuffle of hidden cards (a search player's sample) does not disturb. Only the whole set is
//! reported, with the same words as a set chosen at once.

use super::menu::{MenuList, Tuple, MAX_MENU_WORK};
use crate::check::ir::{Domain, MenuBind, MenuBranch, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::State;

/// One option of a choice offered card by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Add the card at this place (zone, index from the bottom) to the set.
    Card(u16, u32),
    /// The set is complete as it stands.
    Done,
}

impl State {
    /// Whether a menu can be offered card by card: every name it binds is a card of a zone.
    pub(crate) fn can_step(branches: &[MenuBranch]) -> bool {
        branches.iter().all(|b| b.binds.iter().all(|m| matches!(m.from, Domain::Zone(_) | Domain::Above(..))))
    }

    /// The options of a menu offered card by card, after the cards picked so far.
    pub(crate) fn step_list(&self, branches: &[MenuBranch]) -> MenuList {
        let mut list = MenuList::default();
        self.step_list_into(branches, &mut list);
        list
    }

    /// [`State::step_list`] into `list`, whose memory is reused (its candidates are dropped).
    pub(crate) fn step_list_into(&self, branches: &[MenuBranch], list: &mut MenuList) {
        list.tuples.clear();
        let mut steps = list.steps.take().unwrap_or_else(|| std::mem::take(&mut list.spare_steps));
        steps.clear();
        // A step per card at most, and `Done`: room for them all, so the list grows only once.
        steps.reserve(self.game.program.cards.len() + 1);
        list.too_big = self.steps_into(branches, &mut steps);
        list.steps = Some(steps);
    }

    /// Lists the options after the cards picked so far into `steps`; whether the work limit
    /// came first.
    fn steps_into(&self, branches: &[MenuBranch], steps: &mut Vec<Step>) -> bool {
        let mut work = 0u64;
        // Every card a set may hold is a candidate of a branch's first name.
        let Some(first) = branches.iter().find_map(|b| b.binds.first()) else { return false };
        // The picks with one more card, in the zones' order: on the stack for the sets of up to
        // `ON_STACK` cards that games choose, in a list beyond.
        const ON_STACK: usize = 16;
        let mut stack = [(0u16, 0u32); ON_STACK];
        let mut heap = Vec::new();
        let n = self.picks.len() + 1;
        for (z, at) in self.places(first, &Binds::default()) {
            let place = (z, at as u32);
            if self.picks.contains(&place) {
                continue;
            }
            let with: &mut [(u16, u32)] = if n <= ON_STACK {
                &mut stack[..n]
            } else {
                heap.resize(n, (0, 0));
                &mut heap[..]
            };
            with[..n - 1].copy_from_slice(&self.picks);
            with[n - 1] = place;
            with.sort_unstable();
            if self.completion(branches, with, false, &mut work).is_some() {
                steps.push(Step::Card(z, at as u32));
            }
            if work > MAX_MENU_WORK {
                return true;
            }
        }
        if self.completion(branches, &self.picks, true, &mut work).is_some() {
            steps.push(Step::Done);
        }
        work > MAX_MENU_WORK
    }

    /// The whole set the picks so far make, if the rules allow it as it stands.
    pub(crate) fn picked_tuple(&self, branches: &[MenuBranch]) -> Option<Tuple> {
        self.completion(branches, &self.picks, true, &mut 0)
    }

    /// Adds the card at `place` to the picks, kept in the zone's order.
    pub(crate) fn add_pick(&mut self, place: (u16, u32)) {
        let at = self.picks.partition_point(|p| *p < place);
        self.picks.insert(at, place);
    }

    /// A whole set the rules allow that holds the cards at `places` (in order), and no other
    /// card when `exact`: the first found, branch by branch.
    fn completion(&self, branches: &[MenuBranch], places: &[(u16, u32)], exact: bool, work: &mut u64) -> Option<Tuple> {
        for (i, b) in branches.iter().enumerate() {
            if b.binds.len() < places.len() || (exact && b.binds.len() != places.len()) {
                continue;
            }
            let mut t = Tuple { branch: i, binds: Binds::default() };
            if b.guard.as_ref().is_some_and(|g| !self.eval_in(g, &t.binds).is_true()) {
                continue;
            }
            if self.holding(&b.binds, 0, places, &mut t, work) {
                return Some(t);
            }
        }
        None
    }

    /// Binds the names from `level` on, depth first, so that the set holds every card of
    /// `needed` (the places still to be taken, in order); true when it does, with `t` bound.
    fn holding(&self, binds: &[MenuBind], level: usize, needed: &[(u16, u32)], t: &mut Tuple, work: &mut u64) -> bool {
        let Some(bind) = binds.get(level) else { return needed.is_empty() };
        let left = binds.len() - level;
        if needed.len() > left {
            return false;
        }
        for (z, at) in self.places(bind, &t.binds) {
            let place = (z, at as u32);
            let next = needed.first().copied();
            // Names bind in the zone's order: a needed card passed over is never taken.
            if next.is_some_and(|n| place > n) {
                break;
            }
            let rest = if next == Some(place) { &needed[1..] } else { needed };
            if rest.len() >= left {
                continue;
            }
            *work += 1;
            if *work > MAX_MENU_WORK {
                return false;
            }
            if self.fits(bind, level, self.zones[z as usize][at], t) && self.holding(binds, level + 1, rest, t, work) {
                return true;
            }
        }
        false
    }

    /// Binds `card` at `level` and tests the name's condition.
    fn fits(&self, bind: &MenuBind, level: usize, card: u16, t: &mut Tuple) -> bool {
        t.binds.set(level, self.abs_slot(bind.slot), Value::Card(card));
        bind.filter.as_ref().is_none_or(|f| self.eval_in(f, &t.binds).is_true())
    }
    /// The places (zone, index) of a name's candidate cards, bottom first.
    fn places<'a>(&'a self, bind: &MenuBind, binds: &Binds) -> Places<'a> {
        let zones = self.zones.len() as u16;
        let none = Places { state: self, zone: 0, end: 0, at: 0 };
        match &bind.from {
            Domain::Zone(z) => {
                let (start, n) = match self.eval_in(z, binds) {
                    Value::Zone(z) => (z, 1),
                    Value::Zones(first, n) => (first, n),
                    _ => (0, 0),
                };
                Places { state: self, zone: start, end: start.saturating_add(n).min(zones), at: 0 }
            }
            Domain::Above(z, below) => match (self.eval_in(z, binds), self.eval_in(below, binds)) {
                (Value::Zone(z), Value::Card(c)) if z < zones => match self.find_card(c) {
                    Some((at, i)) if at == z => Places { state: self, zone: z, end: z + 1, at: i + 1 },
                    _ => none,
                },
                _ => none,
            },
            _ => none,
        }
    }
}

/// The places of a name's candidate cards: zone by zone from `zone` to before `end`, each
/// from index `at` (the first) or 0 (the others), bottom first.
struct Places<'a> {
    state: &'a State,
    zone: u16,
    end: u16,
    at: usize,
}

impl Iterator for Places<'_> {
    type Item = (u16, usize);

    fn next(&mut self) -> Option<(u16, usize)> {
        while self.zone < self.end {
            if self.at < self.state.zones[self.zone as usize].len() {
                self.at += 1;
                return Some((self.zone, self.at - 1));
            }
            self.zone += 1;
            self.at = 0;
        }
        None
    }
}

impl State {
    /// Whether the pending choice is of several cards offered one card at a time (see the
    /// module's doc): its actions are single cards and "done".
    pub fn offered_card_by_card(&self) -> bool {
        match self.choice_here() {
            Some(crate::check::ir::Choice::Menu { branches, .. }) => {
                self.pending != crate::engine::state::Pending::None && self.pending_tuples(branches).steps.is_some()
            }
            _ => false,
        }
    }

    /// The cards picked so far at a choice offered card by card, as `viewer` sees them.
    pub fn picked_so_far(&self, viewer: u8) -> Vec<String> {
        self.picks.iter().map(|&(z, i)| self.step_label(Step::Card(z, i), Some(viewer))).collect()
    }
}
