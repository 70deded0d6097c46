//! The reference's statements: a function's block (`Expr::Run`), read on a frame of its own,
//! and the statements of a procedure that change only counters and locals or announce
//! (`let`, `set`, `add`, `transfer`, `if`, the loops, `break`, `announce`, a call), read
//! against the reference's own [`Table`](super::Table).

use super::{Reference, Scope};
use crate::check::ir::*;

/// The most rounds the loops of one function call go (the language's limit: past it the call
/// gives `none`), and of one run of procedure statements (past it, [`Unsupported`]).
const MAX_ROUNDS: u32 = 1_000_000;

/// How a block ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// It ran to its end.
    Next,
    /// A `break` left it.
    Break,
    /// A `return` left the procedure.
    Return,
}

/// A statement the reference does not read (a move, a choice, the end of the game, ...), or a
/// run that went past [`MAX_ROUNDS`]: the comparison stops there.
#[derive(Debug, Clone, PartialEq)]
pub struct Unsupported(pub String);

/// A function's loop: over, or past the limit.
enum FnFlow {
    Next,
    Break,
    Stop,
}

impl Reference<'_> {
    /// A function whose block holds statements: the arguments worked out once into the first
    /// slots of a frame of its own, the block run, then the result read on that frame.
    pub(super) fn run_function(&self, call: &RunCall, s: Scope) -> Value {
        let r = &call.routine;
        let mut frame = vec![Value::None; MAX_FRAME.max(r.slots as usize)];
        for (slot, a) in frame.iter_mut().zip(&call.args) {
            *slot = self.ev(a, s);
        }
        let mut rounds = 0;
        match self.fn_block(&r.body, &mut frame, &mut rounds) {
            FnFlow::Stop => Value::None,
            _ => self.ev(&r.result, Scope { items: &[], frame: &frame }),
        }
    }

    fn fn_eval(&self, e: &Expr, frame: &[Value]) -> Value {
        self.ev(e, Scope { items: &[], frame })
    }

    fn fn_block(&self, body: &[FnStmt], frame: &mut Vec<Value>, rounds: &mut u32) -> FnFlow {
        for st in body {
            let flow = match st {
                FnStmt::Set(slot, e) => {
                    let v = self.fn_eval(e, frame);
                    if let Some(x) = frame.get_mut(*slot as usize) {
                        *x = v;
                    }
                    FnFlow::Next
                }
                FnStmt::If(c, t, o) => {
                    let branch = if self.fn_eval(c, frame).is_true() { t } else { o };
                    self.fn_block(branch, frame, rounds)
                }
                FnStmt::While(c, body) => loop {
                    *rounds += 1;
                    if *rounds > MAX_ROUNDS {
                        break FnFlow::Stop;
                    }
                    if !self.fn_eval(c, frame).is_true() {
                        break FnFlow::Next;
                    }
                    match self.fn_block(body, frame, rounds) {
                        FnFlow::Next => {}
                        FnFlow::Break => break FnFlow::Next,
                        FnFlow::Stop => break FnFlow::Stop,
                    }
                },
                FnStmt::Repeat(n, body) => {
                    let n = self.fn_eval(n, frame).as_int().unwrap_or(0);
                    let mut flow = FnFlow::Next;
                    for _ in 0..n.max(0) {
                        *rounds += 1;
                        if *rounds > MAX_ROUNDS {
                            flow = FnFlow::Stop;
                            break;
                        }
                        match self.fn_block(body, frame, rounds) {
                            FnFlow::Next => {}
                            FnFlow::Break => break,
                            FnFlow::Stop => {
                                flow = FnFlow::Stop;
                                break;
                            }
                        }
                    }
                    flow
                }
                FnStmt::For { slot, over, cond, body } => {
                    let items = self.fn_items(over, frame);
                    let mut flow = FnFlow::Next;
                    for item in items {
                        *rounds += 1;
                        if *rounds > MAX_ROUNDS {
                            flow = FnFlow::Stop;
                            break;
                        }
                        if let Some(x) = frame.get_mut(*slot as usize) {
                            *x = item;
                        }
                        if cond.as_ref().is_some_and(|c| !self.fn_eval(c, frame).is_true()) {
                            continue;
                        }
                        match self.fn_block(body, frame, rounds) {
                            FnFlow::Next => {}
                            FnFlow::Break => break,
                            FnFlow::Stop => {
                                flow = FnFlow::Stop;
                                break;
                            }
                        }
                    }
                    flow
                }
                FnStmt::Break => FnFlow::Break,
            };
            match flow {
                FnFlow::Next => {}
                other => return other,
            }
        }
        FnFlow::Next
    }

    /// What a function's loop goes over, listed before its first round (nothing changes meanwhile).
    fn fn_items(&self, over: &FnOver, frame: &[Value]) -> Vec<Value> {
        let players = self.program.players;
        match over {
            FnOver::Cards(z) => {
                self.cards_of(self.fn_eval(z, frame), true).unwrap_or_default().into_iter().map(Value::Card).collect()
            }
            FnOver::Players(from) => {
                let start = match from {
                    None => 0,
                    Some(p) => match self.fn_eval(p, frame) {
                        Value::Player(p) => p,
                        _ => return Vec::new(),
                    },
                };
                (0..players).map(|k| Value::Player((start + k) % players)).collect()
            }
            FnOver::Members(n) => (0..*n).map(Value::Sym).collect(),
            FnOver::Range(a, z) => match (self.fn_eval(a, frame).as_int(), self.fn_eval(z, frame).as_int()) {
                (Some(a), Some(z)) if a <= z => (a..=z).map(Value::Int).collect(),
                _ => Vec::new(),
            },
            FnOver::Subsets { zone, lo, hi } => self.items(
                &AggOver::Subsets { zone: zone.clone(), lo: lo.clone(), hi: hi.clone() },
                Scope { items: &[], frame },
            ),
            // Issue 43: each zone of a row.
            FnOver::Zones(row) => match self.fn_eval(row, frame) {
                Value::Zones(first, n) => (0..n).map(|i| Value::Zone(first + i)).collect(),
                _ => Vec::new(),
            },
        }
    }

    /// Runs statements of a procedure against the reference's table: `let`/`set`/`add` (and
    /// `subtract`), `transfer`, `announce` (into [`Reference::said`]), `if`, `while`, `repeat`,
    /// every `for each`, `break`, `return` and calls of procedures made of these. Anything else
    /// is [`Unsupported`].
    pub fn run(&mut self, stmts: &[Stmt]) -> Result<Flow, Unsupported> {
        let mut rounds = 0;
        self.block(stmts, &mut rounds)
    }

    fn count_round(rounds: &mut u32) -> Result<(), Unsupported> {
        *rounds += 1;
        if *rounds > MAX_ROUNDS {
            return Err(Unsupported("more than a million rounds".into()));
        }
        Ok(())
    }

    fn set_local(&mut self, slot: usize, v: Value) {
        if self.table.locals.len() <= slot {
            self.table.locals.resize(slot + 1, Value::None);
        }
        self.table.locals[slot] = v;
    }

    /// Where a place writes: a local slot (`Ok(true, slot)`) or a counter slot, if it names one.
    fn place(&self, place: &Place) -> Option<(bool, usize)> {
        match place {
            Place::Local(s) => Some((true, *s as usize)),
            Place::LocalOf(b, p) => self.player(p, super::TOP).map(|p| (true, *b as usize + p as usize)),
            Place::Counter(s) => Some((false, *s as usize)),
            Place::CounterOf(b, p) => self.player(p, super::TOP).map(|p| (false, *b as usize + p as usize)),
            Place::CounterOfCard(b, c) => match self.eval(c) {
                Value::Card(c) => Some((false, *b as usize + c as usize)),
                _ => None,
            },
        }
    }

    fn effect(&mut self, e: &Effect) -> Result<(), Unsupported> {
        match e {
            Effect::Assign(place, value) => {
                let v = self.eval(value);
                match self.place(place) {
                    Some((true, slot)) => self.set_local(slot, v),
                    Some((false, slot)) => {
                        if let Some(c) = self.table.counters.get_mut(slot) {
                            *c = v;
                        }
                    }
                    None => {}
                }
            }
            Effect::Transfer { amount, from, to } => {
                let (Some((false, f)), Some((false, t))) = (self.place(from), self.place(to)) else { return Ok(()) };
                let want = amount.as_ref().map(|a| self.eval(a).as_int().unwrap_or(0));
                // Never more than the source holds, never a negative amount; the total is kept.
                let have = self.table.counters.get(f).and_then(|v| v.as_int()).unwrap_or(0).max(0);
                let n = want.unwrap_or(have).clamp(0, have);
                if n > 0 && f != t {
                    self.table.counters[f] = Value::Int(have - n);
                    let before = self.table.counters.get(t).and_then(|v| v.as_int()).unwrap_or(0);
                    self.table.counters[t] = Value::Int(before.saturating_add(n));
                }
            }
            Effect::Announce(parts) => {
                let text = self.text(parts);
                self.said.push(text);
            }
            // issue 43: without anyone taking a decision back, `p may undo { B }` is `B`.
            Effect::MayUndo(_) => {}
            other => return Err(Unsupported(format!("{other:?}"))),
        }
        Ok(())
    }

    /// A loop's round: the item into its slot, then the body; `Some` ends the loop with it.
    fn round(&mut self, slot: u16, item: Value, body: &[Stmt], rounds: &mut u32) -> Result<Option<Flow>, Unsupported> {
        Self::count_round(rounds)?;
        self.set_local(slot as usize, item);
        Ok(match self.block(body, rounds)? {
            Flow::Next => None,
            Flow::Break => Some(Flow::Next),
            Flow::Return => Some(Flow::Return),
        })
    }

    fn block(&mut self, stmts: &[Stmt], rounds: &mut u32) -> Result<Flow, Unsupported> {
        for st in stmts {
            let flow = match st {
                Stmt::Effect(e) => {
                    self.effect(e)?;
                    Flow::Next
                }
                Stmt::If(c, t, o) => {
                    let branch = if self.eval(c).is_true() { t } else { o };
                    self.block(branch, rounds)?
                }
                Stmt::While(c, body) => loop {
                    Self::count_round(rounds)?;
                    if !self.eval(c).is_true() {
                        break Flow::Next;
                    }
                    match self.block(body, rounds)? {
                        Flow::Next => {}
                        Flow::Break => break Flow::Next,
                        Flow::Return => break Flow::Return,
                    }
                },
                Stmt::Repeat { count, slot, body } => {
                    let n = self.eval(count).as_int().unwrap_or(0).max(0);
                    let mut flow = Flow::Next;
                    for left in (0..n).rev() {
                        // The slot counts the rounds still to go after this one.
                        if let Some(f) = self.round(*slot, Value::Int(left), body, rounds)? {
                            flow = f;
                            break;
                        }
                    }
                    flow
                }
                Stmt::Break => Flow::Break,
                Stmt::Return => Flow::Return,
                Stmt::ForPlayer { slot, body } => {
                    let mut flow = Flow::Next;
                    for p in 0..self.program.players {
                        if let Some(f) = self.round(*slot, Value::Player(p), body, rounds)? {
                            flow = f;
                            break;
                        }
                    }
                    flow
                }
                Stmt::ForRange { slot, from, to, body, .. } => {
                    let items = match (self.eval(from).as_int(), self.eval(to).as_int()) {
                        (Some(a), Some(z)) if a <= z => (a..=z).collect(),
                        _ => Vec::new(),
                    };
                    let mut flow = Flow::Next;
                    for k in items {
                        if let Some(f) = self.round(*slot, Value::Int(k), body, rounds)? {
                            flow = f;
                            break;
                        }
                    }
                    flow
                }
                Stmt::ForCard { slot, zone, sizes, body, .. } => {
                    let v = self.eval(zone);
                    // The items as the loop begins: cards, or sets of the cards listed now.
                    let items: Vec<Value> = match sizes {
                        None => self.cards_of(v, true).unwrap_or_default().into_iter().map(Value::Card).collect(),
                        Some(sizes) => {
                            let (lo, hi) = (self.eval(&sizes.0).as_int(), self.eval(&sizes.1).as_int());
                            match (self.set_of(v), lo, hi) {
                                (Some((list, mask)), Some(lo), Some(hi)) => {
                                    let at = self.table.lists.len();
                                    let picked: Vec<u16> =
                                        (0..list.len()).filter(|i| mask >> i & 1 == 1).map(|i| list[i]).collect();
                                    self.table.lists.extend(&picked);
                                    let all = if picked.len() >= 64 { u64::MAX } else { (1u64 << picked.len()) - 1 };
                                    super::subsets(&picked, all, lo, hi)
                                        .into_iter()
                                        .map(|m| Value::Listed(at as u16, m))
                                        .collect()
                                }
                                _ => Vec::new(),
                            }
                        }
                    };
                    let mut flow = Flow::Next;
                    for item in items {
                        if let Some(f) = self.round(*slot, item, body, rounds)? {
                            flow = f;
                            break;
                        }
                    }
                    flow
                }
                Stmt::Call(proc_, args) => {
                    let p = &self.program.procedures[*proc_ as usize];
                    let mut frame = vec![Value::None; p.locals as usize];
                    for (slot, a) in frame.iter_mut().zip(args) {
                        *slot = self.eval(a);
                    }
                    let caller = std::mem::replace(&mut self.table.locals, frame);
                    let ran = self.block(&p.body, rounds);
                    self.table.locals = caller;
                    ran?;
                    Flow::Next
                }
                other => return Err(Unsupported(format!("{other:?}"))),
            };
            if flow != Flow::Next {
                return Ok(flow);
            }
        }
        Ok(Flow::Next)
    }
}
