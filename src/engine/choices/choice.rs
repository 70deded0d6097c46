//! Choices: what a chooser may pick (cards of a zone, named options, numbers), how each
//! candidate is shown to them, and how a choice is recorded and the rules resumed.

use super::picks::Step;
use crate::check::ir::{Choice, Domain, Expr, MenuBranch, TextPart, Type, Value};
use crate::engine::code::closure::Listing;
use crate::engine::code::lower::{ChoiceCode, Instr};
use crate::engine::melds::meld_choice::EVERY_ARRANGEMENT;
use crate::engine::run::eval::Binds;
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::{Action, Pending, State};

/// The most numbers a range choice may offer; a rule asking for more ends the game unfinished.
pub const MAX_RANGE: i64 = 10_000;

/// Why a game stops when a `chooses one of` is too big to list.
const TOO_BIG_MENU: &str = "a choice offered more than 10,000 candidates, or took too long to list";

/// The candidates of a choice, resolved against the state.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Candidates {
    /// The cards of this zone.
    Zone(u16),
    /// The members in this mask, of enum `.1`.
    Members(u64, u16),
    /// The numbers from `.0` to `.1`.
    Range(i64, i64),
    /// One card.
    Card(u16),
    /// The cards of `.1` consecutive zones from zone `.0`, zone by zone.
    Zones(u16, u16),
    /// The `.1` least-deadwood arrangements of zone `.0`'s cards (every arrangement when `.2`
    /// is [`EVERY_ARRANGEMENT`], the bit their numbers carry; 0 otherwise).
    Arrangements(u16, u16, u16),
    /// (issue 43) The cards of zones read as one (`hand of p + table`), zone by zone as
    /// written, each from the bottom; `u16::MAX` for no zone.
    Joined([u16; 3]),
}

/// A pending choice as seen by one chooser.
pub(crate) struct Pick<'a> {
    pub cands: Candidates,
    /// The local that names the candidate inside the filter.
    pub slot: u16,
    pub filter: Option<&'a Expr>,
    pub binds: Binds<'static>,
}

/// The lists a secret choice uses (who chose what, then the values chosen), kept from one
/// secret choice to the next for their memory (`State::spare_secret`), so that a state playing on
/// allocates nothing per decision. A copy of a state starts with none (and `clone_from` keeps
/// the target's own): they hold nothing between choices.
#[derive(Debug, Default)]
pub(crate) struct SpareSecret {
    /// The list of choices made, while no secret choice is pending.
    chosen: Vec<Option<Action>>,
    /// The values of the choices, found before any is set.
    values: Vec<Value>,
}

impl Clone for SpareSecret {
    fn clone(&self) -> Self {
        SpareSecret::default()
    }

    fn clone_from(&mut self, _: &Self) {}
}

impl State {
    /// Starts the choice at `pc - 1`: pauses for players, or lets chance pick at once.
    /// Returns whether the rules must wait for a decision.
    pub(crate) fn start_choice<S: EventSink>(&mut self, choice: &Choice, sink: &mut S) -> bool {
        // Candidates are listed from the choice at `pc`: stay on it while asking.
        self.pc -= 1;
        let n = self.game.program.players;
        // Only a range can be too big; other choices skip the extra look at their candidates.
        let ranged = matches!(choice.domain(), Some(Domain::Range(..)));
        let too_big = |s: &State, p: u8| {
            ranged
                && matches!(s.pick(p).map(|k| k.cands),
                    Some(Candidates::Range(lo, hi)) if hi.saturating_sub(lo) >= MAX_RANGE)
        };
        match choice {
            Choice::One { player: Some(who), slot, .. } => {
                if let Value::Player(p) = self.eval(who) {
                    if too_big(self, p) {
                        self.stop_unfinished("a choice offered more than 10,000 numbers", sink);
                        return true;
                    }
                    if self.has_candidates(p) {
                        self.pending = Pending::One { player: p };
                        return true;
                    }
                }
                self.pc += 1;
                self.set_local(*slot, Value::None);
            }
            Choice::One { player: None, slot, from, .. } => {
                if too_big(self, 0) {
                    self.stop_unfinished("a choice offered more than 10,000 numbers", sink);
                    return true;
                }
                let mut all = Vec::new();
                self.candidates(0, &mut all);
                let picked = match all.len() {
                    0 => Value::None,
                    k => {
                        let a = all[self.rng.below(k as u64) as usize];
                        self.action_value(0, a).unwrap_or_default()
                    }
                };
                self.pc += 1;
                self.set_local(*slot, picked);
                if sink.enabled() && picked != Value::None {
                    let ty = from.value_type();
                    let private = choice.is_private();
                    sink.event(self, Event::Choice { player: None, value: picked, ty, secret: false, private });
                }
            }
            Choice::Menu { player: Some(who), branch, branches, fresh, .. } => {
                if let Value::Player(p) = self.eval(who) {
                    // The chooser is known while their menu is listed: twins they cannot see
                    // are offered apart (sets.rs).
                    self.pending = Pending::One { player: p };
                    let open = match self.open_menu(branches) {
                        // With nothing left once the candidates that repeat a position are
                        // dropped, it is a menu with no candidate.
                        Some(true) if *fresh => Some(self.drop_repeats(p, branches)),
                        open => open,
                    };
                    match open {
                        Some(true) => {
                            self.pending = Pending::One { player: p };
                            return true;
                        }
                        Some(false) => self.pending = Pending::None,
                        None => {
                            self.pending = Pending::None;
                            self.stop_unfinished(TOO_BIG_MENU, sink);
                            return true;
                        }
                    }
                }
                self.pc += 1;
                self.set_local(*branch, Value::None);
            }
            Choice::Menu { player: None, branch, branches, .. } => {
                let all = self.menu_tuples(branches);
                if all.too_big {
                    self.stop_unfinished(TOO_BIG_MENU, sink);
                    return true;
                }
                let t = match all.tuples.len() {
                    0 => None,
                    k => all.tuples.get(self.rng.below(k as u64) as usize).map(|l| l.tuple()),
                };
                self.pc += 1;
                self.take_tuple(branches, *branch, t, None, choice.is_private(), sink);
            }
            Choice::Open { .. } => {
                // issue 43: open timing (open.rs).
                return self.start_open(sink);
            }
            Choice::Secret { base, .. } => {
                if (0..n).any(|p| too_big(self, p)) {
                    self.stop_unfinished("a choice offered more than 10,000 numbers", sink);
                    return true;
                }
                let waiting = (0..n).filter(|p| self.has_candidates(*p)).fold(0u64, |w, p| w | 1 << p);
                if waiting != 0 {
                    let mut chosen = std::mem::take(&mut self.spare_secret.chosen);
                    chosen.clear();
                    chosen.resize(n as usize, None);
                    self.pending = Pending::Secret { waiting, chosen };
                    return true;
                }
                self.pc += 1;
                for p in 0..n {
                    self.set_local(*base + p as u16, Value::None);
                }
            }
        }
        false
    }

    /// The choice the rules stand at, if they stand at one.
    pub(crate) fn choice_here(&self) -> Option<&Choice> {
        match self.game.code.instrs.get(self.pc as usize)? {
            Instr::Choose(c) => Some(&c.choice),
            _ => None,
        }
    }

    /// The compiled conditions of the menu the rules stand at, if `branches` are its branches.
    pub(crate) fn menu_code_here(&self, branches: &[MenuBranch]) -> Option<&ChoiceCode> {
        match self.game.code.instrs.get(self.pc as usize)? {
            Instr::Choose(c) => match &c.choice {
                Choice::Menu { branches: b, .. } if std::ptr::eq(b.as_slice(), branches) => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    /// The pending choice as `player` would make it (for chance, any player number).
    pub(crate) fn pick(&self, player: u8) -> Option<Pick<'_>> {
        let choice = self.choice_here()?;
        let (slot, filter, player_slot) = match choice {
            Choice::One { slot, filter, .. } => (*slot, filter, None),
            // While candidates are listed, the choice's name is read at the first slot.
            Choice::Secret { player_slot, base, filter, .. } => (*base, filter, Some(*player_slot)),
            Choice::Menu { .. } | Choice::Open { .. } => return None,
        };
        let mut binds = Binds::default();
        // The chooser (of a secret choice) is binding 0, the candidate binding 1.
        binds.set(0, player_slot.map_or(u32::MAX, |ps| self.abs_slot(ps)), Value::Player(player));
        let cands = match choice.domain()? {
            Domain::Zone(z) => match self.eval_in(z, &binds) {
                Value::Zone(z) => Candidates::Zone(z),
                Value::Zones(first, n) => Candidates::Zones(first, n),
                Value::Joined(zones, _) => Candidates::Joined(zones),
                _ => return None,
            },
            // Only a menu's branch binds from above a card chosen before.
            Domain::Above(..) | Domain::Subsets(..) => Candidates::Zones(0, 0),
            Domain::Card(c) => match self.eval_in(c, &binds) {
                Value::Card(c) => Candidates::Card(c),
                _ => Candidates::Zones(0, 0),
            },
            Domain::Members(set, e) => match self.eval_in(set, &binds) {
                Value::Set(m) => Candidates::Members(m, *e),
                _ => Candidates::Members(0, *e),
            },
            Domain::Range(lo, hi) => {
                let lo = self.eval_in(lo, &binds).as_int()?;
                let hi = self.eval_in(hi, &binds).as_int()?;
                Candidates::Range(lo, hi)
            }
            Domain::Arrangements(z) => match self.eval_in(z, &binds) {
                Value::Zone(z) => Candidates::Arrangements(z, self.arrangement_count(z, false), 0),
                _ => Candidates::Arrangements(0, 0, 0),
            },
            Domain::AllArrangements(z) => match self.eval_in(z, &binds) {
                Value::Zone(z) => Candidates::Arrangements(z, self.arrangement_count(z, true), EVERY_ARRANGEMENT),
                _ => Candidates::Arrangements(0, 0, EVERY_ARRANGEMENT),
            },
        };
        Some(Pick { cands, slot, filter: filter.as_ref(), binds })
    }

    /// Whether `player` has at least one candidate at the pending choice.
    pub(crate) fn has_candidates(&self, player: u8) -> bool {
        let mut found = false;
        self.for_each_candidate(player, |_| {
            found = true;
            false
        });
        found
    }

    /// Lists the candidates of the pending choice for `player`.
    pub(crate) fn candidates(&self, player: u8, out: &mut Vec<Action>) {
        self.for_each_candidate(player, |a| {
            out.push(a);
            true
        });
    }

    /// Whether `action` is one of `player`'s candidates now.
    pub(crate) fn is_candidate(&self, player: u8, action: Action) -> bool {
        let mut found = false;
        self.for_each_candidate(player, |a| {
            found |= a == action;
            !found
        });
        found
    }

    /// Whether a candidate bound in `b` meets a choice's compiled `where`. Kept out of line:
    /// inlined into the loop over the candidates, it made that loop dearer for every choice,
    /// compiled filter or not (docs/design.md, "A choice's `where`, and aggregates").
    #[inline(never)]
    fn passes_compiled(&self, filter: &crate::engine::code::closure::Ev, b: &Binds) -> bool {
        filter.test(self, b)
    }

    /// Calls `f` with each candidate of the pending choice for `player`, until `f` says stop.
    ///
    /// A card is offered by its place in the zone (from the bottom), not by the card itself,
    /// so a choice among cards the chooser cannot see does not name them. A member is offered
    /// by its index in its enum, a number by its distance from the lowest.
    fn for_each_candidate(&self, player: u8, mut f: impl FnMut(Action) -> bool) {
        // issue 43: an open moment offers "no claim", then the player's claims (open.rs).
        if let Some(n) = self.open_len(player) {
            for i in 0..n {
                if !f(Action(i as u32)) {
                    break;
                }
            }
            return;
        }
        if let Some(Choice::Menu { branches, .. }) = self.choice_here() {
            for i in 0..self.menu_len(branches) {
                if !f(Action(i as u32)) {
                    break;
                }
            }
            return;
        }
        let Some(Pick { cands, slot, filter, mut binds }) = self.pick(player) else { return };
        let abs = self.abs_slot(slot);
        // The filter as compiled with the choice (lower.rs), which gives what it says; the table
        // cannot change while the candidates are listed, so its parts may be kept until then.
        let code = filter.and_then(|_| match self.game.code.instrs.get(self.pc as usize) {
            Some(Instr::Choose(c)) => Some(c),
            _ => None,
        });
        let compiled = code.and_then(|c| c.filter.as_ref());
        let _listing = code.filter(|c| c.kept > 0).map(|_| Listing::start(self));
        let mut offer = |a: Action, v: Value| -> bool {
            if let Some(flt) = filter {
                binds.set(1, abs, v);
                let pass = match compiled {
                    Some(c) => self.passes_compiled(c, &binds),
                    None => self.eval_in(flt, &binds).is_true(),
                };
                if !pass {
                    return true;
                }
            }
            f(a)
        };
        match cands {
            Candidates::Zone(z) => {
                for (i, &c) in self.zones[z as usize].iter().enumerate() {
                    if !offer(Action(i as u32), Value::Card(c)) {
                        break;
                    }
                }
            }
            Candidates::Members(mask, e) => {
                let len = self.game.program.enums[e as usize].members.len().min(64);
                for i in (0..len).filter(|i| mask & (1 << i) != 0) {
                    if !offer(Action(i as u32), Value::Sym(i as u16)) {
                        break;
                    }
                }
            }
            Candidates::Range(lo, hi) => {
                let hi = hi.min(lo.saturating_add(MAX_RANGE - 1));
                let mut v = lo;
                while v <= hi {
                    if !offer(Action((v - lo) as u32), Value::Int(v)) {
                        break;
                    }
                    v += 1;
                }
            }
            Candidates::Card(c) => {
                offer(Action(0), Value::Card(c));
            }
            Candidates::Arrangements(z, n, every) => {
                for i in 0..n {
                    if !offer(Action(i as u32), Value::Arrangement(z, i | every)) {
                        break;
                    }
                }
            }
            Candidates::Joined(zones) => {
                let mut i = 0u32;
                for z in crate::engine::run::joined::parts(zones) {
                    for &c in self.zones.get(z as usize).map_or(&[][..], |v| v.as_slice()) {
                        if !offer(Action(i), Value::Card(c)) {
                            return;
                        }
                        i += 1;
                    }
                }
            }
            Candidates::Zones(first, n) => {
                let mut i = 0u32;
                for cards in self.zone_range(first, n) {
                    for &c in cards {
                        if !offer(Action(i), Value::Card(c)) {
                            return;
                        }
                        i += 1;
                    }
                }
            }
        }
    }

    /// The zone and place (from the bottom) of the card at `offset` of a run of zones.
    fn locate(&self, first: u16, n: u16, offset: usize) -> Option<(u16, usize)> {
        let mut left = offset;
        for (k, cards) in self.zone_range(first, n).enumerate() {
            if left < cards.len() {
                return Some((first + k as u16, left));
            }
            left -= cards.len();
        }
        None
    }

    /// (issue 43) The zone and place (from the bottom) of the card at `offset` of zones read
    /// as one, zone by zone as written.
    fn locate_joined(&self, zones: [u16; 3], offset: usize) -> Option<(u16, usize)> {
        let mut left = offset;
        for z in crate::engine::run::joined::parts(zones) {
            let len = self.zones.get(z as usize)?.len();
            if left < len {
                return Some((z, left));
            }
            left -= len;
        }
        None
    }

    /// The value an action of `player` stands for at the pending choice: a card, a member or a
    /// number (not checked against the filter).
    pub(crate) fn action_value(&self, player: u8, action: Action) -> Option<Value> {
        let i = action.0 as usize;
        match self.pick(player)?.cands {
            Candidates::Zone(z) => self.zones[z as usize].get(i).map(|c| Value::Card(*c)),
            Candidates::Members(mask, _) => (i < 64 && mask & (1 << i) != 0).then_some(Value::Sym(i as u16)),
            Candidates::Range(lo, hi) => {
                let v = lo.checked_add(i as i64)?;
                (v <= hi).then_some(Value::Int(v))
            }
            Candidates::Card(c) => (i == 0).then_some(Value::Card(c)),
            Candidates::Arrangements(z, n, every) => {
                (i < n as usize).then_some(Value::Arrangement(z, i as u16 | every))
            }
            Candidates::Zones(first, n) => {
                let (z, k) = self.locate(first, n, i)?;
                Some(Value::Card(self.zones[z as usize][k]))
            }
            Candidates::Joined(zones) => {
                let (z, k) = self.locate_joined(zones, i)?;
                Some(Value::Card(self.zones[z as usize][k]))
            }
        }
    }

    /// How `player` sees one of their legal actions: a card's name (or its position when the
    /// card is face down to them: "face-down card 2", counted from the top), an option's
    /// name, or a number.
    pub fn action_label(&self, player: u8, action: Action) -> String {
        let i = action.0 as usize;
        if let Some(label) = self.open_label(player, action, Some(player)) {
            return label;
        }
        if let Some(Choice::Menu { branches, .. }) = self.choice_here() {
            if let Some(step) = self.menu_step(branches, action) {
                return self.step_label(step, Some(player));
            }
            return match self.menu_tuple(branches, action) {
                Some(t) => self.menu_label(&branches[t.branch], &t, Some(player)),
                None => format!("choice {}", i + 1),
            };
        }
        let Some(pick) = self.pick(player) else { return format!("choice {}", i + 1) };
        let card_label = |z: u16, k: usize| {
            if self.can_see(player, z, k) {
                self.game.card_name(self.zones[z as usize][k]).to_string()
            } else {
                format!("face-down card {}", self.zones[z as usize].len() - k)
            }
        };
        match pick.cands {
            Candidates::Card(c) => match self.find_card(c) {
                Some((z, k)) => card_label(z, k),
                None => self.game.card_name(c).to_string(),
            },
            Candidates::Zones(first, n) => match self.locate(first, n, i) {
                Some((z, k)) => card_label(z, k),
                None => format!("choice {}", i + 1),
            },
            // issue 43: each card as its own zone shows it to the chooser.
            Candidates::Joined(zones) => match self.locate_joined(zones, i) {
                Some((z, k)) => card_label(z, k),
                None => format!("choice {}", i + 1),
            },
            Candidates::Zone(z) if i < self.zones[z as usize].len() => {
                if self.can_see(player, z, i) {
                    self.game.card_name(self.zones[z as usize][i]).to_string()
                } else {
                    format!("face-down card {}", self.zones[z as usize].len() - i)
                }
            }
            Candidates::Members(_, e) => self.game.show(Value::Sym(i as u16), Type::Enum(e)),
            // Arrangements of a zone the chooser cannot see whole are offered by number.
            Candidates::Arrangements(z, ..) if !self.sees_zone(player, z) => format!("arrangement {}", i + 1),
            Candidates::Arrangements(z, _, every) => {
                self.show(Value::Arrangement(z, i as u16 | every), Type::Arrangement)
            }
            Candidates::Range(lo, _) => lo.saturating_add(i as i64).to_string(),
            Candidates::Zone(_) => format!("choice {}", i + 1),
        }
    }

    /// How an onlooker who sees everything (a transcript) names one of `player`'s legal actions:
    /// every card by its name.
    pub fn onlooker_label(&self, player: u8, action: Action) -> String {
        if let Some(label) = self.open_label(player, action, None) {
            return label;
        }
        if let Some(Choice::Menu { branches, .. }) = self.choice_here() {
            if let Some(step) = self.menu_step(branches, action) {
                return self.step_label(step, None);
            }
            if let Some(t) = self.menu_tuple(branches, action) {
                return self.menu_label(&branches[t.branch], &t, None);
            }
        }
        match self.chosen_card(player, action) {
            Some(c) => self.game.card_name(c).to_string(),
            None => self.action_label(player, action),
        }
    }

    /// Whether the pending choice of `player` is of a number (so a person types the amount).
    pub fn choice_is_number(&self, player: u8) -> bool {
        matches!(self.pick(player).map(|p| p.cands), Some(Candidates::Range(..)))
    }

    /// The question the rules ask `player` at the pending choice (`asking "..."`), if any.
    pub fn choice_prompt(&self, player: u8) -> Option<String> {
        if let Some(prompt) = self.open_prompt(player) {
            return prompt;
        }
        let choice = self.choice_here()?;
        let parts: &[TextPart] = match choice {
            Choice::One { prompt, .. } | Choice::Secret { prompt, .. } | Choice::Menu { prompt, .. } => {
                prompt.as_deref()?
            }
            Choice::Open { .. } => return None,
        };
        let binds = self.pick(player).map(|p| p.binds).unwrap_or_default();
        Some(self.render_text_in(parts, &binds))
    }

    /// The card an action of `player` stands for now, if it stands for one (for onlookers and
    /// tests; an agent deciding for `player` should use [`State::action_label`]).
    pub fn chosen_card(&self, player: u8, action: Action) -> Option<u16> {
        match self.action_value(player, action)? {
            Value::Card(c) => Some(c),
            _ => None,
        }
    }

    /// Records a checked choice and, once every chooser has chosen, resumes the rules.
    pub(crate) fn resolve_choice<S: EventSink>(&mut self, player: u8, action: Action, sink: &mut S) {
        let game = self.game.clone();
        let Some(Instr::Choose(code)) = game.code.instrs.get(self.pc as usize) else { return };
        let choice = &code.choice;
        let ty = choice.domain().map_or(Type::None, Domain::value_type);
        match choice {
            Choice::Open { .. } => {
                // issue 43: open timing runs on by itself (open.rs).
                self.resolve_open(player, action, sink);
                return;
            }
            Choice::Menu { branch, branches, .. } => {
                if self.pending_tuples(branches).too_big {
                    self.pending = Pending::None;
                    self.stop_unfinished(TOO_BIG_MENU, sink);
                    return;
                }
                let t = match self.menu_step(branches, action) {
                    None => self.menu_tuple(branches, action),
                    Some(step) => {
                        if let Step::Card(z, i) = step {
                            self.add_pick((z, i));
                            // Asked again, unless the set cannot grow: then it is made. The
                            // steps are listed into the last ones' list when nothing else
                            // holds it.
                            let mut list = self.menu.take().unwrap_or_default();
                            match std::sync::Arc::get_mut(&mut list) {
                                Some(l) => self.step_list_into(branches, l),
                                None => list = std::sync::Arc::new(self.step_list(branches)),
                            }
                            self.menu = std::sync::OnceLock::from(list);
                            let next = self.pending_tuples(branches).clone();
                            if next.too_big {
                                self.picks.clear();
                                self.pending = Pending::None;
                                self.stop_unfinished(TOO_BIG_MENU, sink);
                                return;
                            }
                            if next.steps.as_deref() != Some(&[Step::Done]) {
                                return;
                            }
                        }
                        self.picked_tuple(branches)
                    }
                };
                self.picks.clear();
                if let Some(list) = self.menu.take() {
                    self.spare_menu.keep(list);
                }
                self.pending = Pending::None;
                self.take_tuple(branches, *branch, t, Some(player), choice.is_private(), sink);
            }
            Choice::One { slot, .. } => {
                let value = self.action_value(player, action).unwrap_or_default();
                self.set_local(*slot, value);
                self.pending = Pending::None;
                if sink.enabled() && value != Value::None {
                    let private = choice.is_private();
                    sink.event(self, Event::Choice { player: Some(player), value, ty, secret: false, private });
                }
            }
            Choice::Secret { base, .. } => {
                let Pending::Secret { waiting, chosen } = &mut self.pending else { return };
                *waiting &= !(1u64 << player);
                chosen[player as usize] = Some(action);
                if *waiting != 0 {
                    return;
                }
                let chosen = std::mem::take(chosen);
                // Every value is found before any local changes: the table is as it was. The
                // lists are the last choice's, kept for their memory.
                let mut values = std::mem::take(&mut self.spare_secret.values);
                values.clear();
                values.extend(
                    chosen
                        .iter()
                        .enumerate()
                        .map(|(p, c)| c.and_then(|a| self.action_value(p as u8, a)).unwrap_or_default()),
                );
                self.pending = Pending::None;
                self.spare_secret.chosen = chosen;
                for (p, &value) in values.iter().enumerate() {
                    self.set_local(*base + p as u16, value);
                    if sink.enabled() && value != Value::None {
                        let private = choice.is_private();
                        sink.event(self, Event::Choice { player: Some(p as u8), value, ty, secret: true, private });
                    }
                }
                self.spare_secret.values = values;
            }
        }
        self.pc += 1;
        self.run(sink);
    }
}
