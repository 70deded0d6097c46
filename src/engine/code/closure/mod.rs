//! Compiles resolved expressions to closures: one small function per node, specialised on what
//! is known before play (a constant zone, a constant right operand, a card property's column).
//!
//! Every closure gives exactly what [`State::eval_in`] gives for the same expression: this module
//! is a faster path to the same answers, not a second meaning. An aggregate walks its domain
//! as the tree-walker does ([`State::aggregate_by`]), with its condition and value compiled.
//! Expressions it has no special form for (hands, functions with statements, the rare kinds)
//! are handed to the tree-walking evaluator whole.

mod lanes;
mod memo;
mod operand;
mod pred;

use operand::Operand;

pub(crate) use lanes::LaneFilter;
pub(crate) use memo::{Listing, Plan};

use std::fmt;
use std::ops::Deref;

use crate::check::ir::{Expr, MenuBind, Program, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::raw::Raw;
use crate::engine::state::State;
use crate::syntax::ast::BinOp;

/// The function a compiled expression runs.
pub(crate) type EvFn = dyn Fn(&State, &Binds) -> Raw + Send + Sync + std::panic::RefUnwindSafe;

/// A compiled expression: call [`Ev::eval`] where the tree-walker would evaluate it. A constant
/// is kept as its value, read without a call.
pub struct Ev(Compiled);

/// What an [`Ev`] holds.
enum Compiled {
    /// A constant.
    Const(Value),
    /// A condition, answering yes or no.
    Pred(pred::P),
    /// Anything else.
    Fn(Box<EvFn>),
}

impl fmt::Debug for Ev {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Compiled::Const(v) => write!(f, "Ev({v:?})"),
            Compiled::Pred(_) => f.write_str("Ev(pred)"),
            Compiled::Fn(_) => f.write_str("Ev(fn)"),
        }
    }
}

impl Ev {
    /// Compiles an expression of `program`.
    pub fn new(e: &Expr, program: &Program) -> Ev {
        match e {
            Expr::Const(v) => Ev(Compiled::Const(*v)),
            _ => Ev(Compiled::Fn(compile(e, &Ctx { program, plan: None, names: &[] }))),
        }
    }

    /// Compiles a condition of `program` (an `if`, a `while`, a `where`), to be asked with
    /// [`Ev::test`].
    pub fn condition(e: &Expr, program: &Program) -> Ev {
        // A constant one (`while true`) is answered without a call.
        if let Expr::Const(v) = e {
            return Ev(Compiled::Const(Value::Bool(v.is_true())));
        }
        Ev(Compiled::Pred(pred::pred(e, &Ctx { program, plan: None, names: &[] })))
    }

    /// Compiles a condition of a menu, keeping the parts `plan` names while the menu is listed
    /// (memo.rs).
    /// `names` are the binds of the condition's branch: the closures read them at their places
    /// among the bindings.
    pub(crate) fn menu_condition(e: &Expr, program: &Program, plan: &Plan, names: &[MenuBind]) -> Ev {
        Ev(Compiled::Pred(pred::pred(e, &Ctx { program, plan: Some(plan), names })))
    }

    /// Compiles an expression a menu's name takes its values from (a card, a zone), which may
    /// read the names bound before it: `names` are the names of its branch.
    pub(crate) fn menu_value(e: &Expr, program: &Program, names: &[MenuBind]) -> Ev {
        match e {
            Expr::Const(v) => Ev(Compiled::Const(*v)),
            _ => Ev(Compiled::Fn(compile(e, &Ctx { program, plan: None, names }))),
        }
    }

    /// A condition that always holds.
    #[cfg(test)]
    pub(crate) fn always() -> Ev {
        Ev(Compiled::Const(Value::Bool(true)))
    }

    /// Whether it is a constant that holds (`while true`'s test).
    pub(crate) fn always_holds(&self) -> bool {
        matches!(&self.0, Compiled::Const(v) if v.is_true())
    }

    /// Its value in `state` with bindings `b`.
    #[inline(always)]
    pub(crate) fn get(&self, state: &State, b: &Binds) -> Value {
        match &self.0 {
            Compiled::Const(v) => *v,
            Compiled::Pred(f) => Value::Bool(f(state, b)),
            Compiled::Fn(f) => f(state, b).value(),
        }
    }

    /// Whether its value in `state` with bindings `b` is `true`.
    #[inline(always)]
    pub(crate) fn test(&self, state: &State, b: &Binds) -> bool {
        match &self.0 {
            Compiled::Const(v) => v.is_true(),
            Compiled::Pred(f) => f(state, b),
            Compiled::Fn(f) => f(state, b).is_true(),
        }
    }

    /// Its value in `state` with no bindings.
    #[inline(always)]
    pub(crate) fn eval(&self, state: &State) -> Value {
        self.get(state, &Binds::EMPTY)
    }

    /// Its value in `state` with no bindings, as two words.
    #[inline(always)]
    pub(crate) fn raw(&self, state: &State) -> Raw {
        match &self.0 {
            Compiled::Const(v) => Raw::from(*v),
            Compiled::Pred(f) => Raw::from(Value::Bool(f(state, &Binds::EMPTY))),
            Compiled::Fn(f) => f(state, &Binds::EMPTY),
        }
    }
}

/// A compiled expression's closure.
type F = Box<EvFn>;

/// A closure giving a [`Value`], boxed as one that hands it back in registers ([`Raw`]).
#[inline(always)]
fn boxed(f: impl Fn(&State, &Binds) -> Value + Send + Sync + std::panic::RefUnwindSafe + 'static) -> F {
    Box::new(move |st, b| Raw::from(f(st, b)))
}

/// The zone a constant expression names, if it names one.
fn const_zone(e: &Expr) -> Option<u16> {
    match *e {
        Expr::Const(Value::Zone(z)) => Some(z),
        _ => None,
    }
}

/// What compiling reads: the program, and for a menu's conditions the parts to keep and the
/// names of the branch.
pub(super) struct Ctx<'a> {
    program: &'a Program,
    plan: Option<&'a Plan>,
    names: &'a [MenuBind],
}

impl Deref for Ctx<'_> {
    type Target = Program;

    fn deref(&self) -> &Program {
        self.program
    }
}

impl Ctx<'_> {
    /// The part to keep at node `e`, if it is one.
    fn spot(&self, e: &Expr) -> Option<memo::Spot> {
        self.plan.and_then(|plan| plan.spot(e))
    }
}

/// Compiles a node and, through it, its children.
fn compile(e: &Expr, p: &Ctx) -> F {
    match p.spot(e) {
        Some(spot) => memo::value(spot, compile_node(e, p)),
        None => compile_node(e, p),
    }
}

/// [`compile`] without looking for a part to keep at `e` itself.
fn compile_node(e: &Expr, p: &Ctx) -> F {
    match e {
        Expr::Const(v) => {
            let v = *v;
            boxed(move |_, _| v)
        }
        Expr::Local(s) => {
            let s = *s;
            match memo::Name::of(s, p.names) {
                Some(name) => boxed(move |st, b| name.value(st, b)),
                None => boxed(move |st, b| st.local_in(s, b)),
            }
        }
        Expr::LocalOf(base, pe) => {
            let (base, pf) = (*base, Operand::new(pe, p));
            boxed(move |st, b| match pf.get(st, b) {
                Value::Player(q) => st.local_in(base + q as u16, b),
                _ => Value::None,
            })
        }
        Expr::Counter(s) => {
            let s = *s as usize;
            boxed(move |st, _| st.counters[s])
        }
        Expr::CounterOf(base, pe) => {
            let (base, pf) = (*base as usize, Operand::new(pe, p));
            boxed(move |st, b| match pf.get(st, b) {
                Value::Player(q) => st.counters[base + q as usize],
                _ => Value::None,
            })
        }
        Expr::CounterOfCard(base, ce) => {
            let (base, cf) = (*base as usize, Operand::new(ce, p));
            boxed(move |st, b| match cf.get(st, b) {
                Value::Card(c) => st.counters[base + c as usize],
                _ => Value::None,
            })
        }
        Expr::ZoneOf(first, pe) => {
            let (first, pf) = (*first, Operand::new(pe, p));
            boxed(move |st, b| match pf.get(st, b) {
                Value::Player(q) => Value::Zone(first + q as u16),
                _ => Value::None,
            })
        }
        Expr::Top(z) | Expr::Bottom(z) => {
            let top = matches!(e, Expr::Top(_));
            match const_zone(z) {
                Some(z) if top => {
                    boxed(move |st, _| st.zones[z as usize].last().map_or(Value::None, |c| Value::Card(*c)))
                }
                Some(z) => boxed(move |st, _| st.zones[z as usize].first().map_or(Value::None, |c| Value::Card(*c))),
                None => {
                    let zf = Operand::new(z, p);
                    boxed(move |st, b| match zf.get(st, b) {
                        Value::Zone(z) => {
                            let cards = &st.zones[z as usize];
                            let c = if top { cards.last() } else { cards.first() };
                            c.map_or(Value::None, |c| Value::Card(*c))
                        }
                        v => st.card_of_picked(v, 1, top),
                    })
                }
            }
        }
        Expr::Count(z) => match (const_zone(z), &**z) {
            (Some(z), _) => boxed(move |st, _| Value::Int(st.zones[z as usize].len() as i64)),
            // `count of deck of p`: the player read in place, with no closure for the zone
            // (unless the zone is a part a menu keeps).
            (None, Expr::ZoneOf(first, pe)) if p.spot(z).is_none() => {
                let (first, pf) = (*first, Operand::new(pe, p));
                boxed(move |st, b| match pf.get(st, b) {
                    Value::Player(q) => Value::Int(st.zones[(first + q as u16) as usize].len() as i64),
                    _ => st.count_value(Value::None),
                })
            }
            (None, _) => {
                let zf = Operand::new(z, p);
                boxed(move |st, b| match zf.get(st, b) {
                    Value::Zone(z) => Value::Int(st.zones[z as usize].len() as i64),
                    v => st.count_value(v),
                })
            }
        },
        Expr::Opponent(pe) => {
            let (n, pf) = (p.players, Operand::new(pe, p));
            boxed(move |st, b| match pf.get(st, b) {
                Value::Player(q) => Value::Player((q + 1) % n),
                _ => Value::None,
            })
        }
        Expr::Prop(ce, prop) => per_card(Operand::new(ce, p), prop_column(*prop, p)),
        Expr::OrderOf(o, ce) => per_card(Operand::new(ce, p), order_column(*o, p)),
        Expr::Binary(op, l, r) => binary(*op, l, r, e, p),
        Expr::Not(_) | Expr::IsEmpty(_) | Expr::IsNone(_) | Expr::FaceUp(..) => pred::as_value(e, p),
        Expr::Neg(x) => {
            let xf = Operand::new(x, p);
            boxed(move |st, b| match xf.get(st, b) {
                Value::Int(i) => Value::Int(i.wrapping_neg()),
                _ => Value::None,
            })
        }
        Expr::If(c, t, o) => {
            let (cf, tf, of) = (pred::pred(c, p), Operand::new(t, p), Operand::new(o, p));
            boxed(move |st, b| if cf(st, b) { tf.get(st, b) } else { of.get(st, b) })
        }
        Expr::CardTable(t) => {
            let stride = t.stride;
            let values = t.values.clone();
            let index_of = move |v: Value| match v {
                Value::Card(c) if (c as u32) < stride - 1 => c as u32,
                _ => stride - 1,
            };
            match t.args.as_slice() {
                [a] => {
                    let af = Operand::new(a, p);
                    boxed(move |st, b| values.get(index_of(af.get(st, b)) as usize).copied().unwrap_or_default())
                }
                [a, c] => {
                    let (af, cf) = (Operand::new(a, p), Operand::new(c, p));
                    boxed(move |st, b| {
                        let i = index_of(af.get(st, b)) * stride + index_of(cf.get(st, b));
                        values.get(i as usize).copied().unwrap_or_default()
                    })
                }
                _ => interpreted(e),
            }
        }
        Expr::ZoneAt { first, lo, count, key } => {
            let (first, lo, count, kf) = (*first, *lo, *count as i64, Operand::new(key, p));
            boxed(move |st, b| operand::zone_at(first, lo, count, kf.get(st, b)))
        }
        Expr::Builtin(f, xs) if xs.len() <= 2 => {
            let f = *f;
            let args: Vec<Operand> = xs.iter().map(|x| Operand::new(x, p)).collect();
            boxed(move |st, b| {
                crate::engine::run::eval::builtin(f, |i| args.get(i).and_then(|x| x.get(st, b).as_int()))
            })
        }
        Expr::CardAt(z, k) => {
            let (zf, kf) = (Operand::new(z, p), Operand::new(k, p));
            boxed(move |st, b| match (zf.get(st, b), kf.get(st, b)) {
                (Value::Zone(z), Value::Int(k)) => {
                    let cards = &st.zones[z as usize];
                    match usize::try_from(k) {
                        Ok(k) if (1..=cards.len()).contains(&k) => Value::Card(cards[cards.len() - k]),
                        _ => Value::None,
                    }
                }
                (v, Value::Int(k)) => st.card_of_picked(v, k, true),
                _ => Value::None,
            })
        }
        Expr::Aggregate(a) => {
            // The walk of the domain is the tree-walker's; the condition and the value with the
            // item bound are compiled.
            let (cond, value) = (a.cond.as_ref().map(|c| pred::pred(c, p)), a.value.as_ref().map(|v| compile(v, p)));
            let a = (**a).clone();
            boxed(move |st, b| {
                st.aggregate_by(
                    &a,
                    b,
                    cond.as_ref().map(|c| |st: &State, b: &Binds| c(st, b)),
                    value.as_ref().map(|v| |st: &State, b: &Binds| v(st, b).value()),
                )
            })
        }
        Expr::Each(key) => {
            let key = *key;
            boxed(move |st, b| st.each_in(key, b))
        }
        Expr::FnLocal(k) => {
            let k = *k as usize;
            boxed(move |_, b| b.frame_value(k))
        }
        _ => interpreted(e),
    }
}

/// An expression left to the tree-walking evaluator.
fn interpreted(e: &Expr) -> F {
    let e = e.clone();
    boxed(move |st, b| st.eval_in(&e, b))
}

/// A value looked up per card in a column worked out before play; `none` for anything else.
fn per_card(cf: Operand, column: Box<[Value]>) -> F {
    boxed(move |st, b| match cf.get(st, b) {
        Value::Card(c) => column.get(c as usize).copied().unwrap_or_default(),
        _ => Value::None,
    })
}

/// Each card's value of property `prop`, worked out before play.
fn prop_column(prop: u16, p: &Ctx) -> Box<[Value]> {
    let stride = p.properties.len();
    (0..p.cards.len()).map(|c| p.card_props[c * stride + prop as usize]).collect()
}

/// Each card's place in order `o` (by the property the order ranks), worked out before play.
fn order_column(o: u16, p: &Ctx) -> Box<[Value]> {
    let order = &p.orders[o as usize];
    let stride = p.properties.len();
    (0..p.cards.len()).map(|c| order.position(p.card_props[c * stride + order.property as usize])).collect()
}

/// A card's entry in a column worked out before play; `none` for anything that is not a card.
#[inline(always)]
fn of_card(column: &[Value], v: Value) -> Value {
    match v {
        Value::Card(c) => column.get(c as usize).copied().unwrap_or_default(),
        _ => Value::None,
    }
}

/// A binary operator (node `e`): arithmetic here, the rest as conditions (pred.rs).
fn binary(op: BinOp, l: &Expr, r: &Expr, e: &Expr, p: &Ctx) -> F {
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Pow => {
            let (lf, rf) = (Operand::new(l, p), Operand::new(r, p));
            boxed(move |st, b| match (lf.get(st, b), rf.get(st, b)) {
                (Value::Int(x), Value::Int(y)) => crate::engine::run::eval::arithmetic(op, x, y),
                // Arithmetic on `none` gives `none`.
                _ => Value::None,
            })
        }
        // Every other operator answers `true` or `false`.
        _ => pred::as_value(e, p),
    }
}

#[cfg(test)]
pub(crate) mod tests;
