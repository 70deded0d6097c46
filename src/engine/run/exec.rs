//! Runs the lowered rules from the program counter until the next decision or the end.

use crate::check::ir::{Effect, End, Place, Value};
use crate::engine::code::lower::{Instr, SubsetsStart};
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::raw::Raw;
use crate::engine::state::{Outcome, Pending, Result, State};

impl State {
    /// Runs until a decision is pending or the game is over.
    pub(crate) fn run<S: EventSink>(&mut self, sink: &mut S) {
        let game = self.game.clone();
        let code = &game.code.instrs;
        let budget_end = self.steps.saturating_add(self.limits.max_steps_per_decision);
        // One test a step for both limits; which one was passed is told apart after.
        let limit = budget_end.min(self.limits.max_steps);
        // The program counter and the step count live in locals while the loop runs; they are
        // written back before anything that may read them (an effect, a choice, the end, an
        // event; the light loop writes them before a move the sink hears of) and read again
        // after.
        let (mut pc, mut steps) = (self.pc, self.steps);
        macro_rules! sync {
            () => {{
                self.pc = pc;
                self.steps = steps;
            }};
        }
        // Only the instructions that can end the game look at the outcome after them: an
        // effect, a choice and the arrangement (the end itself and the limits return at once).
        macro_rules! stop_if_over {
            () => {{
                if self.outcome.is_some() {
                    break;
                }
            }};
        }
        if self.outcome.is_some() {
            return;
        }
        loop {
            if code.get(pc as usize).is_some_and(Instr::may_be_light) {
                (pc, steps) = self.run_light(code, pc, steps, limit, sink);
            }
            steps += 1;
            if steps > limit {
                sync!();
                if self.steps > self.limits.max_steps {
                    self.stop_unfinished("the step limit of the engine was reached", sink);
                } else {
                    let why = self.runaway_note();
                    self.stop_unfinished(&why, sink);
                }
                return;
            }
            let Some(instr) = code.get(pc as usize) else {
                sync!();
                self.stop_unfinished("the rules ended without `end game`", sink);
                return;
            };
            pc += 1;
            match instr {
                Instr::SubsetsStart(start) => {
                    if !self.start_subsets(start) {
                        sync!();
                        self.stop_unfinished("the engine's list of cards for loops is full", sink);
                        return;
                    }
                }
                Instr::Effect(e) => {
                    sync!();
                    self.effect(e, sink);
                    stop_if_over!();
                }
                Instr::Announce(e) => {
                    if sink.announcements() {
                        sync!();
                        self.effect(e, sink);
                    }
                }
                Instr::Move(m) => {
                    sync!();
                    self.quick_move(m, sink);
                }
                Instr::Call(p, args) => {
                    if self.depth() >= self.limits.max_depth {
                        sync!();
                        self.stop_unfinished("the call depth limit of the engine was reached", sink);
                        return;
                    }
                    pc = self.call(*p, args, pc);
                }
                Instr::Enter(e) => {
                    if !self.enter(e) {
                        sync!();
                        self.stop_unfinished("the call depth limit of the engine was reached", sink);
                        return;
                    }
                }
                Instr::Return => {
                    let Some(ret) = self.return_from_call() else {
                        sync!();
                        self.stop_unfinished("the rules ended without `end game`", sink);
                        return;
                    };
                    pc = ret;
                }
                Instr::End(e) => {
                    sync!();
                    self.end_game(e, sink);
                    return;
                }
                Instr::Choose(code) => {
                    sync!();
                    let stop = self.start_choice(&code.choice, sink);
                    pc = self.pc;
                    if stop {
                        return;
                    }
                    stop_if_over!();
                }
                Instr::Arrange => {
                    sync!();
                    if let Some(a) = self.arrangement.take() {
                        self.apply_arrangement(&a, sink);
                    }
                    stop_if_over!();
                }
                Instr::Halt => {
                    sync!();
                    self.stop_unfinished("the rules ended without `end game`", sink);
                    return;
                }
                // The rest are light (light.rs), and the light loop carries them out before it
                // hands over: one is met here only when the step that runs it passes the limit,
                // and the loop has stopped above.
                _ => {
                    let ran = self.light_step(instr, pc, &mut steps, limit, sink);
                    debug_assert!(ran.is_some(), "an instruction no loop carries out: {instr:?}");
                    pc = ran.unwrap_or(pc);
                }
            }
        }
        sync!();
    }

    /// Whether a quick comparison ([`Instr::JumpUnlessCmp`]) holds.
    #[inline(always)]
    pub(in crate::engine) fn cmp_holds(&self, k: &crate::engine::code::lower::Cmp) -> bool {
        let x = if k.counter {
            self.counters[k.slot as usize].as_int()
        } else {
            self.locals.get(self.abs_slot(k.slot) as usize).and_then(|r| r.int())
        };
        k.holds(x)
    }

    /// A card table's entry for the cards in its locals ([`Instr::SetLocalLookUp`],
    /// [`Instr::JumpUnlessLookUp`]).
    #[inline(always)]
    pub(in crate::engine) fn look_up(&self, t: &crate::engine::code::lower::LookUp) -> Raw {
        let read = |s: u16| self.locals.get(self.abs_slot(s) as usize).copied();
        t.get(read(t.args[0]), || read(t.args[1]))
    }

    /// Sets a local of the current frame to an expression's value ([`Instr::SetLocal`]).
    #[inline(always)]
    pub(in crate::engine) fn set_local_to(&mut self, slot: u16, e: &crate::engine::code::closure::Ev) {
        let v = e.raw(self);
        self.set_local_raw(slot, v);
    }

    /// Sets a counter to an expression's value ([`Instr::SetCounter`]).
    #[inline(always)]
    pub(in crate::engine) fn set_counter_to(&mut self, slot: u16, e: &crate::engine::code::closure::Ev) {
        let v = e.eval(self);
        self.counters[slot as usize] = v;
    }

    /// Adds `k` to a counter, wrapping as `+` does; a counter that is not a number becomes `none`
    /// ([`Instr::AddCounter`]).
    #[inline(always)]
    pub(in crate::engine) fn add_to_counter(&mut self, slot: u16, k: i64) {
        let c = &mut self.counters[slot as usize];
        *c = match *c {
            Value::Int(x) => Value::Int(x.wrapping_add(k)),
            _ => Value::None,
        };
    }

    /// Starts a loop over the cards of `zone`: they are pushed on the scratch list, bottom first,
    /// so taking from the end visits the top first; `mark` keeps where they start.
    #[inline(never)]
    pub(in crate::engine) fn start_cards(&mut self, mark: u16, zone: &crate::check::ir::Expr) {
        let base = self.scratch.len();
        if let Some(z) = self.zone_of(zone) {
            let cards = &self.zones[z as usize];
            self.scratch.extend_from_slice(cards);
        } else {
            match self.eval(zone) {
                // A row of zones (`every column`): the first zone's top card is visited first,
                // zone by zone, as an aggregate over the row reads them. The list is taken
                // from its end, so the last zone goes in first.
                Value::Zones(first, n) => {
                    let start = (first as usize).min(self.zones.len());
                    let end = (first as usize + n as usize).min(self.zones.len());
                    for z in (start..end).rev() {
                        self.scratch.extend_from_slice(&self.zones[z]);
                    }
                }
                v => {
                    self.push_picked(v);
                }
            }
        }
        self.set_local(mark, Value::Int(base as i64));
    }

    /// Starts a loop over sets of cards; false when the scratch list is too long to name them.
    #[inline(never)]
    fn start_subsets(&mut self, start: &SubsetsStart) -> bool {
        let SubsetsStart { mark, zone, lo, hi } = start;
        let base = self.scratch.len();
        let v = self.eval(zone);
        let n = self.push_picked(v) as u32;
        let (lo, hi) = (self.eval(lo).as_int().unwrap_or(1), self.eval(hi).as_int().unwrap_or(0));
        // A set names its cards by their place in the list, from a 16-bit start.
        if u16::try_from(base).is_err() {
            return false;
        }
        let first = super::subsets::next_subset(None, lo, hi, n);
        self.set_local(*mark, Value::Int(base as i64 | (n as i64) << 32));
        self.set_local(*mark + 1, first.map_or(Value::None, |x| Value::Int(x as i64)));
        self.set_local(*mark + 2, Value::Int(hi));
        true
    }

    /// Binds the next set of a loop over sets to `slot`; false when there is none left.
    #[inline(never)]
    pub(in crate::engine) fn next_subset(&mut self, slot: u16, mark: u16) -> bool {
        let (Value::Int(at), Value::Int(x)) = (self.local(mark), self.local(mark + 1)) else { return false };
        let (base, n) = (at as u16, (at >> 32) as u32);
        let x = x as u64;
        self.set_local(slot, Value::Listed(base, x));
        let hi = self.local(mark + 2).as_int().unwrap_or(0);
        let next = super::subsets::next_subset(Some(x), 0, hi, n);
        self.set_local(mark + 1, next.map_or(Value::None, |y| Value::Int(y as i64)));
        true
    }

    /// Enters a copied call (lower.rs's `Enter`) as a call would be made: the depth limit
    /// first (false when it is reached), then the arguments, worked out in the caller's frame.
    #[inline(always)]
    pub(in crate::engine) fn enter(&mut self, e: &crate::engine::code::lower::Enter) -> bool {
        if self.depth() >= self.limits.max_depth {
            return false;
        }
        match &e.consts {
            Some(values) => {
                for (i, v) in values.iter().enumerate() {
                    self.set_local_raw(e.base + i as u16, *v);
                }
            }
            None => {
                for (i, a) in e.args.iter().enumerate() {
                    let v = a.raw(self);
                    self.set_local_raw(e.base + i as u16, v);
                }
            }
        }
        self.entered.push(e.proc_);
        true
    }

    /// The frames the rules are in, for the depth limit: the calls, and the copied calls entered.
    pub(in crate::engine) fn depth(&self) -> usize {
        self.frames.len() + self.entered.len()
    }

    /// Ends the game as `end game` says.
    #[inline(never)]
    fn end_game<S: EventSink>(&mut self, e: &End, sink: &mut S) {
        let outcome = self.end_outcome(e);
        self.finish(outcome, sink);
    }

    /// Why a game stopped that ran its budget of steps without a decision: where the rules
    /// were (the procedure), when (the game's `length` counter, if it declares one), and the
    /// budget.
    #[cold]
    fn runaway_note(&self) -> String {
        let program = &self.game.program;
        let entries = &self.game.code.entries;
        // The procedure of a copied call entered in the current frame, else the one whose code
        // holds the program counter.
        let copied = self.entered.len() > self.frames.last().map_or(0, |f| f.entered as usize);
        let at = match self.entered.last() {
            Some(&p) if copied => p as usize + 1,
            _ => entries.partition_point(|&e| e <= self.pc),
        };
        let place = match at.checked_sub(1).and_then(|i| program.procedures.get(i)) {
            Some(p) => format!("in procedure `{}`", p.name),
            None => "while starting the game".to_string(),
        };
        let when = match (&program.measures.length, self.length()) {
            (Some((name, _)), Some(v)) => format!(", when `{name}` was {v}"),
            _ => String::new(),
        };
        format!(
            "the rules ran {} steps without a decision, {place}{when}: a loop that does not end? \
             (the budget is {} steps a decision)",
            self.limits.max_steps_per_decision, self.limits.max_steps_per_decision
        )
    }

    /// Carries out one effect.
    fn effect<S: EventSink>(&mut self, e: &Effect, sink: &mut S) {
        match e {
            Effect::Shuffle(z) => {
                if let Some(z) = self.zone_of(z) {
                    let before =
                        (self.tracks_sightings() && self.coverable_top(z).is_some()).then(|| self.zone_sight(z));
                    let cards = &mut self.zones[z as usize];
                    self.rng.shuffle(cards);
                    if let Some(before) = before {
                        self.note_zone_change(z, &before);
                    }
                    if sink.enabled() {
                        sink.event(self, Event::Shuffle { zone: z });
                    }
                }
            }
            Effect::Deal { count, from, to, face_up, first } => {
                let first = match first.as_ref().map(|p| self.eval(p)) {
                    Some(Value::Player(p)) => p,
                    _ => 0,
                };
                self.deal(count.as_ref(), from, *to, *face_up, first, sink)
            }
            Effect::Move { what, to, face_up, bottom } => self.exec_move(what, to, *face_up, *bottom, sink),
            Effect::TurnOver(z) => {
                if let Some(z) = self.zone_of(z).filter(|z| !self.zones[*z as usize].is_empty()) {
                    let by_facing =
                        self.game.program.zones[z as usize].visibility == crate::check::ir::Visibility::ByFacing;
                    let before = (self.tracks_sightings() && by_facing).then(|| self.zone_sight(z));
                    self.zones[z as usize].reverse();
                    for i in 0..self.zones[z as usize].len() {
                        let c = self.zones[z as usize][i] as usize;
                        self.face_up[c] = !self.face_up[c];
                    }
                    if let Some(before) = before {
                        self.note_zone_change(z, &before);
                    }
                    if sink.enabled() {
                        sink.event(self, Event::TurnOver { zone: z });
                    }
                }
            }
            Effect::TurnCard(c, up) => {
                if let Value::Card(c) = self.eval(c) {
                    if self.face_up[c as usize] != *up {
                        let place = self.tracks_sightings().then(|| self.find_card(c)).flatten();
                        let saw = place.map(|(z, i)| self.sight_mask(z, i, self.zones[z as usize].len(), !*up));
                        self.face_up[c as usize] = *up;
                        if let (Some((z, i)), Some(saw)) = (place, saw) {
                            let sees = self.sight_mask(z, i, self.zones[z as usize].len(), *up);
                            self.note_hidden(c, z, saw & !sees);
                        }
                        if sink.enabled() {
                            sink.event(self, Event::Turn { card: c, face_up: *up });
                        }
                    }
                }
            }
            Effect::Assign(place, e) => {
                let v = self.eval(e);
                self.assign(place, v);
            }
            Effect::Transfer { amount, from, to } => self.transfer(amount.as_ref(), from, to, sink),
            Effect::Meld { from, to, lay_off, chosen } => self.exec_meld(from, to, *lay_off, chosen.as_ref(), sink),
            Effect::Reveal(z) => self.reveal(z, sink),
            Effect::RememberPosition => self.remember_position(),
            Effect::MayUndo(who) => self.mark_undo(who.as_ref()),
            Effect::Announce(parts) => {
                if sink.announcements() {
                    let text = self.render_text(parts);
                    sink.event(self, Event::Announce(&text));
                }
            }
            Effect::Pause(parts) => {
                if sink.pauses() {
                    let text = self.render_text(parts);
                    sink.event(self, Event::Pause(&text));
                }
            }
        }
    }

    /// Moves an amount between two counters: never more than the source holds, never less
    /// than nothing.
    fn transfer<S: EventSink>(
        &mut self,
        amount: Option<&crate::check::ir::Expr>,
        from: &Place,
        to: &Place,
        sink: &mut S,
    ) {
        let (Some(f), Some(t)) = (self.place_slot(from), self.place_slot(to)) else { return };
        let want = amount.map(|a| self.eval(a).as_int().unwrap_or(0));
        self.transfer_slots(want, f, t, sink);
    }

    /// Moves `want` (everything, when `None`) from counter slot `f` to `t`, clamped to what `f`
    /// holds.
    pub(crate) fn transfer_slots<S: EventSink>(&mut self, want: Option<i64>, f: usize, t: usize, sink: &mut S) {
        let have = self.counters[f].as_int().unwrap_or(0).max(0);
        let n = want.unwrap_or(have).clamp(0, have);
        if n == 0 || f == t {
            return;
        }
        self.counters[f] = Value::Int(have - n);
        let before = self.counters[t].as_int().unwrap_or(0);
        self.counters[t] = Value::Int(before.saturating_add(n));
        if sink.enabled() {
            sink.event(self, Event::Transfer { amount: n, from: f as u16, to: t as u16 });
        }
    }

    /// The counter slot a place names, if it names a counter.
    fn place_slot(&self, place: &Place) -> Option<usize> {
        match place {
            Place::Counter(s) => Some(*s as usize),
            Place::CounterOf(b, p) => match self.eval(p) {
                Value::Player(p) => Some(*b as usize + p as usize),
                _ => None,
            },
            Place::CounterOfCard(b, c) => match self.eval(c) {
                Value::Card(c) => Some(*b as usize + c as usize),
                _ => None,
            },
            Place::Local(_) | Place::LocalOf(..) => None,
        }
    }

    pub(crate) fn stop_unfinished<S: EventSink>(&mut self, why: &str, sink: &mut S) {
        let o = Outcome { result: Result::Unfinished, scores: None, note: Some(why.to_string()) };
        self.finish(o, sink);
    }

    pub(crate) fn finish<S: EventSink>(&mut self, o: Outcome, sink: &mut S) {
        self.pending = Pending::None;
        self.outcome = Some(o);
        if sink.enabled() {
            sink.event(self, Event::End);
        }
    }

    fn same_team(&self, a: u8, b: u8) -> bool {
        self.game.program.same_team(a, b)
    }

    fn end_outcome(&mut self, e: &End) -> Outcome {
        let n = self.game.program.players;
        let result = match e {
            // With teams, a player wins or loses with their partners.
            End::Winner(p) => match self.eval(p) {
                Value::Player(p) => Result::Win((0..n).filter(|q| self.same_team(*q, p)).collect()),
                _ => Result::Draw,
            },
            End::Loser(p) => match self.eval(p) {
                Value::Player(p) => Result::Win((0..n).filter(|q| !self.same_team(*q, p)).collect()),
                _ => Result::Draw,
            },
            End::Draw => Result::Draw,
            End::Unfinished => Result::Unfinished,
            End::Highest { slot, score, lowest } => {
                let mut scores = Vec::with_capacity(n as usize);
                for p in 0..n {
                    self.set_local(*slot, Value::Player(p));
                    scores.push(self.eval(score).as_int().unwrap_or(0));
                }
                let best = if *lowest { scores.iter().copied().min() } else { scores.iter().copied().max() };
                let best = best.unwrap_or(0);
                let winners: Vec<u8> = (0..n).filter(|p| scores[*p as usize] == best).collect();
                let result = if winners.len() == n as usize && n > 1 { Result::Draw } else { Result::Win(winners) };
                return Outcome { result, scores: Some(scores), note: None };
            }
        };
        Outcome { result, scores: None, note: None }
    }

    fn assign(&mut self, place: &Place, v: Value) {
        match place {
            Place::Local(s) => self.set_local(*s, v),
            Place::LocalOf(b, p) => {
                if let Value::Player(p) = self.eval(p) {
                    self.set_local(*b + p as u16, v);
                }
            }
            Place::Counter(s) => self.counters[*s as usize] = v,
            Place::CounterOf(..) | Place::CounterOfCard(..) => {
                if let Some(slot) = self.place_slot(place) {
                    self.counters[slot] = v;
                }
            }
        }
    }
}
