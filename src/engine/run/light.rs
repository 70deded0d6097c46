//! The light loop: runs the instructions that need nothing of the run loop (exec.rs) but the
//! program counter and the step count (jumps and tests, setting locals and counters, loop
//! bookkeeping, moves of top cards, calls and copied calls, returns) in a small function of its
//! own, so that the program counter, the step count and the limit stay in registers instead of
//! being kept in memory around the run loop's many arms. Anything else (an effect, a choice, the
//! end, an announcement to format, a limit reached) goes back to the run loop, which carries it
//! out.

use crate::check::ir::Value;
use crate::engine::code::lower::Instr;
use crate::engine::state::events::EventSink;
use crate::engine::state::raw::Raw;
use crate::engine::state::{Frame, State};

impl Instr {
    /// Whether the light loop may carry it out (as [`State::light_one`] says, given the sink
    /// and the limits): the run loop hands over to the light loop only at these.
    #[inline(always)]
    pub(in crate::engine) fn may_be_light(&self) -> bool {
        !matches!(
            self,
            Instr::SubsetsStart(_)
                | Instr::Effect(_)
                | Instr::Move(_)
                | Instr::End(_)
                | Instr::Choose(_)
                | Instr::Arrange
                | Instr::Halt
        )
    }
}

impl State {
    /// Runs light instructions from `pc` until one that is not light here, or until one more
    /// step would pass `limit`; gives back where it stopped and the steps counted by then.
    ///
    /// Each instruction run here is counted as one step and does exactly what the run loop
    /// would do with it. The run loop takes over at every instruction that is not light: an
    /// effect, a `move` other than of top cards, a choice, the end, the arrangement, the start
    /// of a loop over subsets, the end of the code; an announcement the sink wants; a call or a
    /// copied call at the depth limit; a return from the outermost procedure. There it counts
    /// the step itself, so the limits stop a game at the same step.
    #[inline(never)]
    pub(in crate::engine) fn run_light<S: EventSink>(
        &mut self,
        code: &[Instr],
        mut pc: u32,
        mut steps: u64,
        limit: u64,
        sink: &mut S,
    ) -> (u32, u64) {
        loop {
            if steps >= limit {
                return (pc, steps);
            }
            let Some(instr) = code.get(pc as usize) else { return (pc, steps) };
            steps += 1;
            match self.light_one(instr, pc + 1, &mut steps, limit, sink) {
                Some(to) => pc = to,
                None => return (pc, steps - 1),
            }
        }
    }

    /// Carries out `instr` if it is light, and gives where the rules go on (`next`, the
    /// instruction after it, or where it jumps); `None` for an instruction the run loop
    /// (exec.rs) carries out. A move of top cards is light whether or not the sink hears of it,
    /// an announcement when the sink wants none, a call or a copied call below the depth limit,
    /// a return from a call; the sink is asked at each, as the run loop asks it. The
    /// instruction's own step is counted in `steps` already; a chain adds the steps of the ones
    /// it passes over.
    #[inline(always)]
    pub(in crate::engine) fn light_one<S: EventSink>(
        &mut self,
        instr: &Instr,
        next: u32,
        steps: &mut u64,
        limit: u64,
        sink: &mut S,
    ) -> Option<u32> {
        let unless = |holds: bool, t: u32| if holds { next } else { t };
        Some(match instr {
            Instr::MoveTop(m) => {
                if sink.enabled() {
                    // The sink is handed the state as the run loop would hand it over.
                    (self.pc, self.steps) = (next, *steps);
                }
                self.top_move(m, sink);
                next
            }
            Instr::Announce(_) if !sink.announcements() => next,
            Instr::Enter(e) if self.depth() < self.limits.max_depth => {
                self.enter(e);
                next
            }
            Instr::Call(p, args) if self.depth() < self.limits.max_depth => self.call(*p, args, next),
            Instr::Return if !self.frames.is_empty() => self.return_from_call().unwrap_or(next),
            Instr::Jump(t) => *t,
            Instr::JumpUnless(c, t) => unless(c.test(self, &super::eval::Binds::EMPTY), *t),
            Instr::JumpUnlessEmpty(e, t) => unless(e.holds(&self.zones), *t),
            Instr::JumpUnlessCmp(k, t) => unless(self.cmp_holds(k), *t),
            Instr::JumpUnlessLookUp(k, t) => unless(self.look_up(k).is_true(), *t),
            Instr::SetLocalTop(slot, z) => {
                let top = self.zones[*z as usize].last().map_or(Raw::NONE, |c| Raw::card(*c));
                self.set_local_raw(*slot, top);
                next
            }
            Instr::SetLocalLookUp(slot, t) => {
                let v = self.look_up(t);
                self.set_local_raw(*slot, v);
                next
            }
            Instr::SetLocalPick(slot, k) => {
                let v = if self.cmp_holds(&k.test) { k.then } else { k.otherwise };
                self.set_local_raw(*slot, v);
                next
            }
            Instr::SetLocal(slot, e) => {
                self.set_local_to(*slot, e);
                next
            }
            Instr::SetCounter(slot, e) => {
                self.set_counter_to(*slot, e);
                next
            }
            Instr::AddCounter(slot, k) => {
                self.add_to_counter(*slot, *k);
                next
            }
            Instr::RepeatStart(slot, count) => {
                let n = count.eval(self).as_int().unwrap_or(0).max(0);
                self.set_local(*slot, Value::Int(n));
                next
            }
            Instr::RepeatNext { slot, end } => match self.local(*slot) {
                Value::Int(n) if n > 0 => {
                    self.set_local(*slot, Value::Int(n - 1));
                    next
                }
                _ => *end,
            },
            Instr::PlayersStart(slot) => {
                self.set_local(*slot, Value::Player(0));
                next
            }
            Instr::PlayersTest { slot, end } => match self.local(*slot) {
                Value::Player(p) if p >= self.game.program.players => *end,
                _ => next,
            },
            Instr::PlayersStep(slot) => {
                if let Value::Player(p) = self.local(*slot) {
                    self.set_local(*slot, Value::Player(p + 1));
                }
                next
            }
            Instr::CardsStart { mark, zone } => {
                self.start_cards(*mark, zone);
                next
            }
            Instr::CardsNext { slot, mark, end } => {
                let base = self.local(*mark).as_int().unwrap_or(0) as usize;
                if self.scratch.len() > base {
                    let c = self.scratch.pop().unwrap_or(0);
                    self.set_local(*slot, Value::Card(c));
                    next
                } else {
                    *end
                }
            }
            Instr::CardsDrop { mark } => {
                let base = self.local(*mark).as_int().unwrap_or(0) as usize;
                self.scratch.truncate(base);
                next
            }
            Instr::SubsetsNext { slot, mark, end } => unless(self.next_subset(*slot, *mark), *end),
            Instr::Leave => {
                self.entered.pop();
                next
            }
            Instr::Chain(c) => {
                // The chain's own step is counted; the ones it passes over are counted here,
                // unless they would pass the limit: then it goes only as far as its own
                // instruction would, and the rest run one by one.
                if c.leave {
                    self.entered.pop();
                }
                if *steps + u64::from(c.passed) > limit {
                    c.next
                } else {
                    *steps += u64::from(c.passed);
                    c.to
                }
            }
            Instr::SubsetsStart(_)
            | Instr::Effect(_)
            | Instr::Announce(_)
            | Instr::Move(_)
            | Instr::Call(..)
            | Instr::Return
            | Instr::Enter(_)
            | Instr::End(_)
            | Instr::Choose(_)
            | Instr::Arrange
            | Instr::Halt => return None,
        })
    }

    /// [`State::light_one`] for the run loop, which meets a light instruction only when the
    /// light loop has not run it (none at present: it hands over before every instruction that
    /// may be light); kept out of the run loop's code.
    #[cold]
    #[inline(never)]
    pub(in crate::engine) fn light_step<S: EventSink>(
        &mut self,
        instr: &Instr,
        next: u32,
        steps: &mut u64,
        limit: u64,
        sink: &mut S,
    ) -> Option<u32> {
        self.light_one(instr, next, steps, limit, sink)
    }

    /// Makes a call of procedure `p` with `args` that returns to `ret`, as the run loop's
    /// [`Instr::Call`] does once the depth limit is checked; gives the procedure's entry. (Out
    /// of the light loop's code: a call is rare beside the instructions around it.)
    #[inline(never)]
    pub(in crate::engine) fn call(&mut self, p: u16, args: &[crate::engine::code::closure::Ev], ret: u32) -> u32 {
        let (locals, entry) = (self.game.program.procedures[p as usize].locals, self.game.code.entries[p as usize]);
        let base = self.locals.len();
        self.locals.resize(base + locals as usize, Raw::NONE);
        for (i, a) in args.iter().enumerate() {
            let v = a.raw(self);
            self.locals[base + i] = v;
        }
        let entered = self.entered.len() as u32;
        self.frames.push(Frame { ret, base: base as u32, scratch: self.scratch.len() as u32, entered });
        self.base = base as u32;
        entry
    }

    /// Returns from the innermost call as the run loop's [`Instr::Return`] does; gives where
    /// the caller goes on, or `None` outside any call (nothing changes then).
    #[inline(always)]
    pub(in crate::engine) fn return_from_call(&mut self) -> Option<u32> {
        let f = self.frames.pop()?;
        self.locals.truncate(f.base as usize);
        self.scratch.truncate(f.scratch as usize);
        self.base = self.frames.last().map_or(0, |f| f.base);
        Some(f.ret)
    }
}
