//! Runs a function whose block holds statements (`set`, `if`, loops) on a frame of its own:
//! nothing in the game changes, so it runs inside the evaluation of an expression.

use super::eval::Binds;
use super::subsets::{for_each_subset, with_mask};
use crate::check::ir::{FnOver, FnStmt, RunCall, Value, MAX_FRAME};
use crate::engine::state::State;

/// The most rounds the loops of one call may go: past it the call gives `none` (a loop that
/// never ends would otherwise stop the game).
pub(crate) const MAX_ROUNDS: u32 = 1_000_000;

/// How a block ended.
enum Flow {
    Next,
    Break,
    /// Past [`MAX_ROUNDS`].
    Stop,
}

impl State {
    /// The value of a call: the arguments into the first slots, the block, then the result.
    pub(crate) fn run_routine(&self, call: &RunCall, b: &Binds) -> Value {
        let r = &call.routine;
        let mut frame = [Value::None; MAX_FRAME];
        for (slot, a) in frame.iter_mut().zip(&call.args) {
            *slot = self.eval_in(a, b);
        }
        let mut rounds = 0;
        match self.run_block(&r.body, &mut frame, &mut rounds) {
            Flow::Stop => Value::None,
            Flow::Next | Flow::Break => self.eval_in(&r.result, &Binds::with_frame(&frame)),
        }
    }

    fn eval_frame(&self, e: &crate::check::ir::Expr, frame: &[Value]) -> Value {
        self.eval_in(e, &Binds::with_frame(frame))
    }

    fn run_block(&self, body: &[FnStmt], frame: &mut [Value; MAX_FRAME], rounds: &mut u32) -> Flow {
        for s in body {
            let flow = match s {
                FnStmt::Set(slot, e) => {
                    let v = self.eval_frame(e, frame);
                    if let Some(x) = frame.get_mut(*slot as usize) {
                        *x = v;
                    }
                    Flow::Next
                }
                FnStmt::If(c, t, o) => {
                    if self.eval_frame(c, frame).is_true() {
                        self.run_block(t, frame, rounds)
                    } else {
                        self.run_block(o, frame, rounds)
                    }
                }
                FnStmt::While(c, body) => self.run_loop(frame, rounds, |me, frame, rounds| {
                    if !me.eval_frame(c, frame).is_true() {
                        return Flow::Break;
                    }
                    me.run_block(body, frame, rounds)
                }),
                FnStmt::Repeat(n, body) => {
                    let mut left = self.eval_frame(n, frame).as_int().unwrap_or(0);
                    self.run_loop(frame, rounds, |me, frame, rounds| {
                        if left <= 0 {
                            return Flow::Break;
                        }
                        left -= 1;
                        me.run_block(body, frame, rounds)
                    })
                }
                FnStmt::For { slot, over, cond, body } => self.run_for(*slot, over, cond.as_ref(), body, frame, rounds),
                FnStmt::Break => Flow::Break,
            };
            match flow {
                Flow::Next => {}
                other => return other,
            }
        }
        Flow::Next
    }

    /// Runs `round` until it breaks, counting the rounds.
    fn run_loop(
        &self,
        frame: &mut [Value; MAX_FRAME],
        rounds: &mut u32,
        mut round: impl FnMut(&Self, &mut [Value; MAX_FRAME], &mut u32) -> Flow,
    ) -> Flow {
        loop {
            *rounds += 1;
            if *rounds > MAX_ROUNDS {
                return Flow::Stop;
            }
            match round(self, frame, rounds) {
                Flow::Next => {}
                Flow::Break => return Flow::Next,
                Flow::Stop => return Flow::Stop,
            }
        }
    }

    /// One round of a `for each` with item `v`: bound, tested, run.
    fn for_round(
        &self,
        slot: u16,
        v: Value,
        cond: Option<&crate::check::ir::Expr>,
        body: &[FnStmt],
        frame: &mut [Value; MAX_FRAME],
        rounds: &mut u32,
    ) -> Flow {
        *rounds += 1;
        if *rounds > MAX_ROUNDS {
            return Flow::Stop;
        }
        if let Some(x) = frame.get_mut(slot as usize) {
            *x = v;
        }
        if cond.is_some_and(|c| !self.eval_frame(c, frame).is_true()) {
            return Flow::Next;
        }
        self.run_block(body, frame, rounds)
    }

    fn run_for(
        &self,
        slot: u16,
        over: &FnOver,
        cond: Option<&crate::check::ir::Expr>,
        body: &[FnStmt],
        frame: &mut [Value; MAX_FRAME],
        rounds: &mut u32,
    ) -> Flow {
        // The items are worked out before the first round: the game does not change meanwhile.
        let go = |v: Value, frame: &mut [Value; MAX_FRAME], rounds: &mut u32| -> Option<Flow> {
            match self.for_round(slot, v, cond, body, frame, rounds) {
                Flow::Next => None,
                Flow::Break => Some(Flow::Next),
                Flow::Stop => Some(Flow::Stop),
            }
        };
        let players = self.game.program.players;
        match over {
            FnOver::Cards(z) => {
                let v = self.eval_frame(z, frame);
                // A zone (every card, however many) or a row of them, zone by zone, top first.
                let zones = match v {
                    Value::Zone(z) => Some((z, 1)),
                    Value::Zones(first, n) => Some((first, n)),
                    _ => None,
                };
                match zones {
                    Some((first, n)) => {
                        for zone in self.zone_range(first, n) {
                            for &c in zone.iter().rev() {
                                if let Some(f) = go(Value::Card(c), frame, rounds) {
                                    return f;
                                }
                            }
                        }
                    }
                    None => {
                        let Some((cards, mut mask)) = self.picked(v) else { return Flow::Next };
                        while mask != 0 {
                            let i = 63 - mask.leading_zeros();
                            mask &= !(1u64 << i);
                            let c = cards.get(i as usize).copied().unwrap_or(0);
                            if let Some(f) = go(Value::Card(c), frame, rounds) {
                                return f;
                            }
                        }
                    }
                }
            }
            FnOver::Players(from) => {
                let start = match from {
                    Some(p) => match self.eval_frame(p, frame) {
                        Value::Player(p) => p,
                        _ => return Flow::Next,
                    },
                    None => 0,
                };
                for k in 0..players {
                    let p = (start as u16 + k as u16) % players.max(1) as u16;
                    if let Some(f) = go(Value::Player(p as u8), frame, rounds) {
                        return f;
                    }
                }
            }
            FnOver::Members(n) => {
                for m in 0..*n {
                    if let Some(f) = go(Value::Sym(m), frame, rounds) {
                        return f;
                    }
                }
            }
            FnOver::Range(a, z) => {
                let (Some(a), Some(z)) = (self.eval_frame(a, frame).as_int(), self.eval_frame(z, frame).as_int())
                else {
                    return Flow::Next;
                };
                let mut k = a;
                while k <= z {
                    if let Some(f) = go(Value::Int(k), frame, rounds) {
                        return f;
                    }
                    k += 1;
                }
            }
            FnOver::Subsets { zone, lo, hi } => {
                let v = self.eval_frame(zone, frame);
                let Some((_, avail)) = self.picked(v) else { return Flow::Next };
                let lo = self.eval_frame(lo, frame).as_int().unwrap_or(1);
                let hi = self.eval_frame(hi, frame).as_int().unwrap_or(0);
                let mut flow = None;
                for_each_subset(avail, lo, hi, |set| {
                    flow = go(with_mask(v, set), frame, rounds);
                    flow.is_none()
                });
                if let Some(f) = flow {
                    return f;
                }
            }
            // issue 43: `for each zone z in every column` in a function.
            FnOver::Zones(row) => {
                if let Value::Zones(first, n) = self.eval_frame(row, frame) {
                    for z in first..first.saturating_add(n) {
                        if let Some(f) = go(Value::Zone(z), frame, rounds) {
                            return f;
                        }
                    }
                }
            }
        }
        Flow::Next
    }
}
