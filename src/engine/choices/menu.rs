//! `chooses one of`: one decision among the candidates of several branches, each candidate a
//! tuple of bound names (a card, then a zone's key, ...). The engine lists the tuples in order
//! (branch by branch, each name's domain in order, nested); an action is a tuple's place in
//! that list.

use std::sync::Arc;

use super::choice::MAX_RANGE;
use crate::check::ir::{Domain, Expr, MenuBind, MenuBranch, TextPart, Value, MAX_BINDS};
use crate::engine::code::closure::{Ev, LaneFilter, Listing};
use crate::engine::code::lower::NameCode;
use crate::engine::melds::meld_choice::EVERY_ARRANGEMENT;
use crate::engine::run::eval::Binds;
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::{Action, State};

/// The most candidates a menu may offer; a rule asking for more ends the game unfinished.
pub const MAX_MENU: usize = 10_000;
/// The most sets a choice of several cards lists whole; one with more is offered card by card
/// (picks.rs), so that a player (a person, or a search trying each option) meets a short list
/// and a transcript does not print thousands of sets at each turn.
pub const MAX_WHOLE_SETS: usize = 500;

/// The most values a menu's names may take while its candidates are listed (each one is tested
/// against its condition); past it the listing stops, and the game ends unfinished.
pub(crate) const MAX_MENU_WORK: u64 = 1_000_000;

/// The candidates of a pending menu, listed once.
#[derive(Debug, Default)]
pub(crate) struct MenuList {
    pub tuples: Vec<Entry>,
    /// Whether listing stopped at a limit before the end (`MAX_MENU`, `MAX_MENU_WORK`).
    pub too_big: bool,
    /// When the menu is offered card by card (too many sets to list), the options after the
    /// cards picked so far; the actions stand for these instead of `tuples`.
    pub steps: Option<Vec<super::picks::Step>>,
    /// The memory of a list of steps while the menu is listed whole, kept for the next time it
    /// is offered card by card; it offers nothing.
    pub spare_steps: Vec<super::picks::Step>,
}

/// A menu list kept for its memory once its menu has been chosen from (`State::spare_menu`).
/// A copy of a state starts with none (and `clone_from` keeps the target's own), so a list is
/// never shared and may be listed into again.
#[derive(Debug, Default)]
pub(crate) struct SpareList(Option<Arc<MenuList>>);

impl Clone for SpareList {
    fn clone(&self) -> Self {
        SpareList(None)
    }

    fn clone_from(&mut self, _: &Self) {}
}

impl SpareList {
    /// Keeps `list`, if nothing else holds it.
    pub(crate) fn keep(&mut self, list: Arc<MenuList>) {
        if Arc::strong_count(&list) == 1 {
            self.0 = Some(list);
        }
    }

    /// The list kept, or a new empty one.
    fn take(&mut self) -> Arc<MenuList> {
        self.0.take().unwrap_or_default()
    }
}

/// One candidate of a menu: its branch and the value of each name the branch binds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tuple {
    pub branch: usize,
    pub binds: Binds<'static>,
}

/// A candidate as a menu's list keeps it: its branch and its names' bindings, without the room
/// a [`Tuple`]'s bindings keep for the names of aggregates and functions (a list of large
/// entries is slow to build: it is copied as it grows).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    branch: u32,
    len: u8,
    items: [(u32, Value); MAX_BINDS],
}

impl Entry {
    /// The candidate `t`, whose bindings are its branch's names (at most [`MAX_BINDS`], which
    /// the checker holds a branch to).
    fn of(t: &Tuple) -> Entry {
        debug_assert!(t.binds.len() <= MAX_BINDS, "a branch binds at most {MAX_BINDS} names");
        // A copy of a fixed size is a few moves; entries past `len` are never read.
        let mut items = [(u32::MAX, Value::None); MAX_BINDS];
        let first = t.binds.first_items();
        items.copy_from_slice(&first[..MAX_BINDS]);
        Entry { branch: t.branch as u32, len: t.binds.len().min(MAX_BINDS) as u8, items }
    }

    /// The candidate as a [`Tuple`], its names bound as when it was listed.
    pub(crate) fn tuple(&self) -> Tuple {
        let mut binds = Binds::default();
        for (i, &(slot, v)) in self.items[..self.len as usize].iter().enumerate() {
            binds.set(i, slot, v);
        }
        Tuple { branch: self.branch as usize, binds }
    }
}

impl State {
    /// Calls `f` with each candidate of a menu in order, until `f` says stop. Returns false
    /// when the listing stopped at the work limit instead.
    pub(crate) fn for_each_tuple(&self, branches: &[MenuBranch], mut f: impl FnMut(&Tuple) -> bool) -> bool {
        let mut t = Tuple { branch: 0, binds: Binds::default() };
        let mut work = 0u64;
        let code = self.menu_code_here(branches);
        // The table cannot change while the candidates are listed: parts of their conditions
        // may be kept until the listing ends.
        let _listing = code.filter(|c| c.kept > 0).map(|_| Listing::start(self));
        for (i, b) in branches.iter().enumerate() {
            t.branch = i;
            t.binds.clear();
            let compiled = code.and_then(|c| c.branches.get(i));
            if !self.passes(compiled.and_then(|c| c.guard.as_ref()), b.guard.as_ref(), &t.binds) {
                continue;
            }
            let names = compiled.map_or(&[][..], |c| c.names.as_slice());
            if !self.bind_level(&b.binds, names, &mut t, &mut work, &mut f) {
                break;
            }
        }
        work <= MAX_MENU_WORK
    }

    /// Binds the first of `rest` to each of its candidates in turn (those that meet its
    /// condition), then the others; calls `f` once all are bound. Returns false to stop (`f`
    /// said so, or `work` passed the limit). `code` is the names' conditions and domains
    /// compiled, in step with `rest` (or empty: they are then evaluated as written).
    pub(crate) fn bind_level(
        &self,
        rest: &[MenuBind],
        code: &[NameCode],
        t: &mut Tuple,
        work: &mut u64,
        f: &mut impl FnMut(&Tuple) -> bool,
    ) -> bool {
        let Some((first, rest)) = rest.split_first() else { return f(t) };
        let (compiled, domain, code, lanes) = match code.split_first() {
            Some((c, more)) => (c.filter.as_ref(), c.domain.as_ref(), more, c.lanes.as_ref()),
            None => (None, None, code, None),
        };
        if let Some(lanes) = lanes {
            return self.bind_lanes(lanes, first, rest, code, t, work, f);
        }
        let from = |e: &Expr, b: &Binds| match domain {
            Some(d) => d.get(self, b),
            None => self.eval_in(e, b),
        };
        let level = t.binds.len();
        let slot = self.abs_slot(first.slot);
        let written = if compiled.is_some() { None } else { first.filter.as_ref() };
        let mut offer = |v: Value, t: &mut Tuple| -> bool {
            *work += 1;
            if *work > MAX_MENU_WORK {
                return false;
            }
            t.binds.set(level, slot, v);
            if (compiled.is_some() || written.is_some()) && !self.passes(compiled, written, &t.binds) {
                return true;
            }
            self.bind_level(rest, code, t, work, f)
        };
        match &first.from {
            Domain::Card(e) => {
                if let Value::Card(c) = from(e, &t.binds) {
                    return offer(Value::Card(c), t);
                }
            }
            Domain::Zone(z) => {
                let v = from(z, &t.binds);
                let (start, n) = match v {
                    Value::Zone(z) => (z, 1),
                    Value::Zones(first, n) => (first, n),
                    _ => (0, 0),
                };
                // issue 43: zones read as one (`hand of p + table`), zone by zone as written.
                let joined = match v {
                    Value::Joined(zones, _) => zones,
                    _ => [crate::engine::run::joined::NO_ZONE; 3],
                };
                let joined = crate::engine::run::joined::parts(joined).filter(|&z| (z as usize) < self.zones.len());
                for z in (start..start.saturating_add(n).min(self.zones.len() as u16)).chain(joined) {
                    // A choice of several cards binds its next cards above this one: its sets
                    // of twins are told apart whole (sets.rs), not here.
                    let twins =
                        self.game.twins.is_some() && !matches!(rest.first().map(|b| &b.from), Some(Domain::Above(..)));
                    for i in 0..self.zones[z as usize].len() {
                        if twins && self.twin_above(z, i) {
                            continue;
                        }
                        if !offer(Value::Card(self.zones[z as usize][i]), t) {
                            return false;
                        }
                    }
                }
            }
            Domain::Above(z, below) => {
                let (Value::Zone(z), Value::Card(c)) = (self.eval_in(z, &t.binds), self.eval_in(below, &t.binds))
                else {
                    return true;
                };
                let Some((at, i)) = self.find_card(c) else { return true };
                if at != z {
                    return true;
                }
                for j in i + 1..self.zones[z as usize].len() {
                    if !offer(Value::Card(self.zones[z as usize][j]), t) {
                        return false;
                    }
                }
            }
            Domain::Members(set, e) => {
                let mask = match self.eval_in(set, &t.binds) {
                    Value::Set(m) => m,
                    _ => 0,
                };
                let len = self.game.program.enums[*e as usize].members.len().min(64);
                for i in (0..len).filter(|i| mask & (1 << i) != 0) {
                    if !offer(Value::Sym(i as u16), t) {
                        return false;
                    }
                }
            }
            Domain::Arrangements(z) => {
                if let Value::Zone(z) = self.eval_in(z, &t.binds) {
                    for i in 0..self.arrangement_count(z, false) {
                        if !offer(Value::Arrangement(z, i), t) {
                            return false;
                        }
                    }
                }
            }
            Domain::AllArrangements(z) => {
                if let Value::Zone(z) = self.eval_in(z, &t.binds) {
                    for i in 0..self.arrangement_count(z, true) {
                        if !offer(Value::Arrangement(z, i | EVERY_ARRANGEMENT), t) {
                            return false;
                        }
                    }
                }
            }
            Domain::Subsets(z, lo, hi) => {
                for v in self.set_candidates(z, lo, hi, &t.binds, MAX_MENU_WORK) {
                    if !offer(v, t) {
                        return false;
                    }
                }
            }
            Domain::Range(lo, hi) => {
                let (Some(lo), Some(hi)) = (self.eval_in(lo, &t.binds).as_int(), self.eval_in(hi, &t.binds).as_int())
                else {
                    return true;
                };
                let hi = hi.min(lo.saturating_add(MAX_RANGE - 1));
                let mut v = lo;
                while v <= hi {
                    if !offer(Value::Int(v), t) {
                        return false;
                    }
                    v += 1;
                }
            }
        }
        true
    }

    /// [`State::bind_level`] for a name whose condition is asked for every value of its range
    /// at once (closure/lanes.rs): then, in order, each value counts toward the work limit and
    /// those that meet the condition are bound for the names after it, as one by one.
    #[allow(clippy::too_many_arguments)]
    fn bind_lanes(
        &self,
        lanes: &LaneFilter,
        first: &MenuBind,
        rest: &[MenuBind],
        code: &[NameCode],
        t: &mut Tuple,
        work: &mut u64,
        f: &mut impl FnMut(&Tuple) -> bool,
    ) -> bool {
        let (level, slot) = (t.binds.len(), self.abs_slot(first.slot));
        let holds = lanes.mask(self, &mut t.binds);
        for i in 0..lanes.len() {
            *work += 1;
            if *work > MAX_MENU_WORK {
                return false;
            }
            t.binds.set(level, slot, Value::Int(lanes.first() + i as i64));
            if holds & (1 << i) != 0 && !self.bind_level(rest, code, t, work, f) {
                return false;
            }
        }
        true
    }

    /// Whether a condition (a branch's guard, a name's `where`) holds, compiled or as written;
    /// true when there is none.
    #[inline(never)]
    fn passes(&self, compiled: Option<&Ev>, written: Option<&Expr>, b: &Binds) -> bool {
        match (compiled, written) {
            (Some(c), _) => c.test(self, b),
            (None, Some(w)) => self.eval_in(w, b).is_true(),
            (None, None) => true,
        }
    }

    /// Every candidate of a menu, in order, up to the limits.
    pub(crate) fn menu_tuples(&self, branches: &[MenuBranch]) -> MenuList {
        self.menu_tuples_up_to(branches, MAX_MENU)
    }

    /// Every candidate of a menu, in order, up to `most` of them and the work limit.
    fn menu_tuples_up_to(&self, branches: &[MenuBranch], most: usize) -> MenuList {
        self.menu_tuples_into(branches, most, Vec::new())
    }

    /// [`State::menu_tuples_up_to`], listed into `tuples` (emptied first) for its memory.
    fn menu_tuples_into(&self, branches: &[MenuBranch], most: usize, mut tuples: Vec<Entry>) -> MenuList {
        tuples.clear();
        // Room for a usual menu at once: growing a list of large entries one doubling at a
        // time copies it again and again.
        tuples.reserve(most.min(64));
        let mut too_many = false;
        // A game with identical cards offers each kind of set once (sets.rs).
        let twins = self.game.twins.is_some();
        let mut seen = std::collections::HashSet::new();
        let within = self.for_each_tuple(branches, |t| {
            let kinds = if twins { self.several_kinds(&branches[t.branch], t) } else { None };
            if let Some(kinds) = kinds {
                if !seen.insert((t.branch, kinds)) {
                    return true;
                }
            }
            too_many = tuples.len() >= most;
            if !too_many {
                tuples.push(Entry::of(t));
            }
            !too_many
        });
        MenuList { tuples, too_big: too_many || !within, steps: None, spare_steps: Vec::new() }
    }

    /// Every candidate of the pending menu, listed once and kept until it is chosen; a choice
    /// of several cards with too many sets to list is offered card by card (picks.rs).
    pub(crate) fn pending_tuples(&self, branches: &[MenuBranch]) -> &Arc<MenuList> {
        self.menu.get_or_init(|| {
            if !self.picks.is_empty() {
                return Arc::new(self.step_list(branches));
            }
            let (whole, steps) = self.list_whole(branches);
            Arc::new(self.offered(branches, whole, steps))
        })
    }

    /// A menu's candidates listed whole, and whether it may be offered card by card: a choice
    /// of several cards that can go card by card stops listing past its own limit.
    fn list_whole(&self, branches: &[MenuBranch]) -> (MenuList, bool) {
        let (most, steps) = Self::whole_limit(branches);
        (self.menu_tuples_up_to(branches, most), steps)
    }

    /// How many candidates a menu lists whole at most, and whether it may be offered card by
    /// card.
    fn whole_limit(branches: &[MenuBranch]) -> (usize, bool) {
        let steps = Self::can_step(branches);
        let several = steps && branches.iter().any(|b| b.binds.len() > 1);
        (if several { MAX_WHOLE_SETS } else { MAX_MENU }, steps)
    }

    /// What a menu with no card picked yet offers, from its whole list: the list, or the menu
    /// card by card when it had too many sets to list whole.
    fn offered(&self, branches: &[MenuBranch], whole: MenuList, steps: bool) -> MenuList {
        if whole.too_big && steps {
            self.step_list(branches)
        } else {
            whole
        }
    }

    /// How many actions the pending menu offers.
    pub(crate) fn menu_len(&self, branches: &[MenuBranch]) -> usize {
        let list = self.pending_tuples(branches);
        list.steps.as_ref().map_or(list.tuples.len(), Vec::len)
    }

    /// The option of a menu offered card by card that an action stands for, if it is one.
    pub(crate) fn menu_step(&self, branches: &[MenuBranch], action: Action) -> Option<super::picks::Step> {
        self.pending_tuples(branches).steps.as_ref()?.get(action.0 as usize).copied()
    }

    /// How `viewer` (everything, for `None`) sees an option of a menu offered card by card.
    pub(crate) fn step_label(&self, step: super::picks::Step, viewer: Option<u8>) -> String {
        match step {
            super::picks::Step::Done => "done".to_string(),
            super::picks::Step::Card(z, i) => match viewer {
                Some(p) if !self.can_see(p, z, i as usize) => "a card".to_string(),
                _ => self.game.card_name(self.zones[z as usize][i as usize]).to_string(),
            },
        }
    }

    /// The candidate an action stands for, if the action is one.
    pub(crate) fn menu_tuple(&self, branches: &[MenuBranch], action: Action) -> Option<Tuple> {
        self.pending_tuples(branches).tuples.get(action.0 as usize).map(Entry::tuple)
    }

    /// Opens a menu the rules have reached: whether it has at least one candidate, or `None`
    /// when looking passed the work limit first. A menu offered whole is listed here once and
    /// the list kept for the choice (the list [`State::pending_tuples`] would make), instead of
    /// being looked through for a first candidate and listed again for the actions.
    pub(crate) fn open_menu(&mut self, branches: &[MenuBranch]) -> Option<bool> {
        if self.lazy_menus {
            // Only whether there is a candidate, as the whole listing would find it: the list is
            // made when first asked for ([`State::pending_tuples`]), from the same table.
            self.picks.clear();
            self.menu = std::sync::OnceLock::new();
            let mut found = false;
            let within = self.for_each_tuple(branches, |_| {
                found = true;
                false
            });
            return if found { Some(true) } else { within.then_some(false) };
        }
        // Listed into the last menu's list when this state holds it alone: no allocation.
        let (most, steps) = Self::whole_limit(branches);
        let mut list = self.spare_menu.take();
        match Arc::get_mut(&mut list) {
            Some(old) => {
                let tuples = std::mem::take(&mut old.tuples);
                let spare = old.steps.take().unwrap_or_else(|| std::mem::take(&mut old.spare_steps));
                *old = self.menu_tuples_into(branches, most, tuples);
                old.spare_steps = spare;
            }
            None => list = Arc::new(self.menu_tuples_up_to(branches, most)),
        }
        if list.tuples.is_empty() {
            // Nothing was found: either every candidate was looked at, or the work limit came first.
            let found = (!list.too_big).then_some(false);
            self.spare_menu.keep(list);
            return found;
        }
        self.picks.clear();
        if list.too_big && steps {
            match Arc::get_mut(&mut list) {
                Some(l) => self.step_list_into(branches, l),
                None => list = Arc::new(self.step_list(branches)),
            }
        }
        self.menu = std::sync::OnceLock::from(list);
        Some(true)
    }

    /// Lists the menus the rules reach only when their candidates are asked for (see
    /// `State::lazy_menus`); what the state offers and does is the same either way.
    pub(crate) fn set_lazy_menus(&mut self, lazy: bool) {
        self.lazy_menus = lazy;
    }

    /// A candidate's label as `viewer` sees it: a card they cannot see is "a card".
    pub(crate) fn menu_label(&self, branch: &MenuBranch, t: &Tuple, viewer: Option<u8>) -> String {
        let mut out = String::new();
        for part in &branch.label {
            match part {
                TextPart::Text(s) => out.push_str(s),
                TextPart::Value(e, ty) => {
                    let v = self.eval_in(e, &t.binds);
                    if *ty == crate::check::ir::Type::Cards {
                        out.push_str(&self.set_label(v, viewer));
                        continue;
                    }
                    let hidden = match (v, viewer) {
                        (Value::Card(c), Some(p)) => !self.find_card(c).is_some_and(|(z, i)| self.can_see(p, z, i)),
                        (Value::Arrangement(z, _), Some(p)) => !self.sees_zone(p, z),
                        _ => false,
                    };
                    let unseen = if matches!(v, Value::Arrangement(..)) { "an arrangement" } else { "a card" };
                    out.push_str(&if hidden { unseen.to_string() } else { self.show(v, *ty) });
                }
            }
        }
        out
    }

    /// Carries out the chosen candidate: its names get their values, the branch its number;
    /// the choice is reported with the candidate's label (to the chooser alone when `private`).
    pub(crate) fn take_tuple<S: EventSink>(
        &mut self,
        branches: &[MenuBranch],
        branch_slot: u16,
        t: Option<Tuple>,
        player: Option<u8>,
        private: bool,
        sink: &mut S,
    ) {
        let Some(t) = t else {
            self.set_local(branch_slot, Value::None);
            return;
        };
        let b = &branches[t.branch];
        // The labels are words: a sink that watches the table but not the words is spared them.
        if sink.announcements() {
            if !sink.labels() {
                sink.event(self, Event::Picked { player, full: "", own: "", public: "", private });
            } else {
                let full = self.menu_label(b, &t, None);
                let own = self.menu_label(b, &t, player);
                // No seat has this number: only what everyone sees is named.
                let public = self.menu_label(b, &t, Some(u8::MAX));
                sink.event(self, Event::Picked { player, full: &full, own: &own, public: &public, private });
            }
        }
        for (bind, i) in b.binds.iter().zip(0..) {
            let v = t.binds.value(i);
            self.set_local(bind.slot, v);
        }
        self.set_local(branch_slot, Value::Int(t.branch as i64));
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::code::closure::tests::checked_games;
    use crate::engine::state::rng::Rng;
    use crate::engine::{State, ToMove};

    /// A state that lists its menus only when asked (`lazy_menus`) offers the same candidates,
    /// with the same labels, and plays on the same, as one that lists them when they open: after
    /// each action of seeded random games of every game, applied to both.
    #[test]
    fn lazy_menus_offer_what_listed_menus_offer() {
        let mut compared = 0;
        for (name, game) in &checked_games() {
            for seed in 1..=3 {
                let mut state = State::new(game.clone(), seed);
                let mut rng = Rng::new(seed);
                for _ in 0..60 {
                    let p = match state.to_move() {
                        ToMove::Nobody => break,
                        ToMove::One(p) => p,
                        ToMove::Simultaneous(ps) => ps.first().unwrap_or(0),
                    };
                    let legal = state.legal_actions(p);
                    let Some(&a) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { break };
                    let mut lazy = state.clone();
                    lazy.set_lazy_menus(true);
                    state.apply(p, a).expect("a legal action applies");
                    lazy.apply(p, a).expect("a legal action applies");
                    assert_eq!(lazy.to_move(), state.to_move(), "{name}: who moves");
                    assert_eq!(lazy.outcome(), state.outcome(), "{name}: the outcome");
                    for q in 0..game.program.players {
                        let (want, got) = (state.legal_actions(q), lazy.legal_actions(q));
                        assert_eq!(got, want, "{name}: the actions of player {q}");
                        for &x in &want {
                            assert_eq!(lazy.action_label(q, x), state.action_label(q, x), "{name}: a label");
                        }
                        compared += want.len();
                    }
                }
            }
        }
        assert!(compared > 1_000, "only {compared} actions compared");
    }
}
