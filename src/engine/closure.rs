//! Compiles resolved expressions to closures: one small function per node, specialised on what
//! is known before play (a constant zone, a constant right operand, a card property's column).
//!
//! Every closure gives exactly what [`State::eval_in`] gives for the same expression: this module
//! is a faster path to the same answers, not a second meaning. Expressions it has no special
//! form for (aggregates, hands, functions with statements, the rare kinds) are handed to the
//! tree-walking evaluator whole.

use std::fmt;

use super::eval::Binds;
use super::state::State;
use crate::check::ir::{Expr, Program, Value};
use crate::syntax::ast::BinOp;

/// The function a compiled expression runs.
type EvFn = dyn Fn(&State, &Binds) -> Value + Send + Sync + std::panic::RefUnwindSafe;

/// A compiled expression: call [`Ev::eval`] where the tree-walker would evaluate it. A constant
/// is kept as its value, read without a call.
pub struct Ev(Compiled);

/// What an [`Ev`] holds.
enum Compiled {
    /// A constant.
    Const(Value),
    /// Anything else.
    Fn(Box<EvFn>),
}

impl fmt::Debug for Ev {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Ev(..)")
    }
}

impl Ev {
    /// Compiles an expression of `program`.
    pub fn new(e: &Expr, program: &Program) -> Ev {
        match e {
            Expr::Const(v) => Ev(Compiled::Const(*v)),
            _ => Ev(Compiled::Fn(compile(e, program))),
        }
    }

    /// Its value in `state` with no bindings.
    #[inline(always)]
    pub(crate) fn eval(&self, state: &State) -> Value {
        match &self.0 {
            Compiled::Const(v) => *v,
            Compiled::Fn(f) => f(state, &Binds::EMPTY),
        }
    }
}

type F = Box<EvFn>;

/// The zone a constant expression names, if it names one.
fn const_zone(e: &Expr) -> Option<u16> {
    match *e {
        Expr::Const(Value::Zone(z)) => Some(z),
        _ => None,
    }
}

fn compile(e: &Expr, p: &Program) -> F {
    match e {
        Expr::Const(v) => {
            let v = *v;
            Box::new(move |_, _| v)
        }
        Expr::Local(s) => {
            let s = *s;
            Box::new(move |st, b| st.local_in(s, b))
        }
        Expr::LocalOf(base, pe) => {
            let (base, pf) = (*base, compile(pe, p));
            Box::new(move |st, b| match pf(st, b) {
                Value::Player(q) => st.local_in(base + q as u16, b),
                _ => Value::None,
            })
        }
        Expr::Counter(s) => {
            let s = *s as usize;
            Box::new(move |st, _| st.counters[s])
        }
        Expr::CounterOf(base, pe) => {
            let (base, pf) = (*base as usize, compile(pe, p));
            Box::new(move |st, b| match pf(st, b) {
                Value::Player(q) => st.counters[base + q as usize],
                _ => Value::None,
            })
        }
        Expr::CounterOfCard(base, ce) => {
            let (base, cf) = (*base as usize, compile(ce, p));
            Box::new(move |st, b| match cf(st, b) {
                Value::Card(c) => st.counters[base + c as usize],
                _ => Value::None,
            })
        }
        Expr::ZoneOf(first, pe) => {
            let (first, pf) = (*first, compile(pe, p));
            Box::new(move |st, b| match pf(st, b) {
                Value::Player(q) => Value::Zone(first + q as u16),
                _ => Value::None,
            })
        }
        Expr::FaceUp(ce, up) => {
            let (up, cf) = (*up, compile(ce, p));
            Box::new(move |st, b| match cf(st, b) {
                Value::Card(c) => Value::Bool(st.face_up[c as usize] == up),
                _ => Value::Bool(false),
            })
        }
        Expr::Top(z) | Expr::Bottom(z) => {
            let top = matches!(e, Expr::Top(_));
            match const_zone(z) {
                Some(z) if top => {
                    Box::new(move |st, _| st.zones[z as usize].last().map_or(Value::None, |c| Value::Card(*c)))
                }
                Some(z) => Box::new(move |st, _| st.zones[z as usize].first().map_or(Value::None, |c| Value::Card(*c))),
                None => {
                    let zf = compile(z, p);
                    Box::new(move |st, b| match zf(st, b) {
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
        Expr::Count(z) => match const_zone(z) {
            Some(z) => Box::new(move |st, _| Value::Int(st.zones[z as usize].len() as i64)),
            None => {
                let zf = compile(z, p);
                Box::new(move |st, b| st.count_value(zf(st, b)))
            }
        },
        Expr::IsEmpty(z) => match const_zone(z) {
            Some(z) => Box::new(move |st, _| Value::Bool(st.zones[z as usize].is_empty())),
            None => {
                let zf = compile(z, p);
                Box::new(move |st, b| st.is_empty_value(zf(st, b)))
            }
        },
        Expr::Opponent(pe) => {
            let (n, pf) = (p.players, compile(pe, p));
            Box::new(move |st, b| match pf(st, b) {
                Value::Player(q) => Value::Player((q + 1) % n),
                _ => Value::None,
            })
        }
        Expr::Prop(ce, prop) => {
            let stride = p.properties.len();
            let column: Box<[Value]> = (0..p.cards.len()).map(|c| p.card_props[c * stride + *prop as usize]).collect();
            per_card(compile(ce, p), column)
        }
        Expr::OrderOf(o, ce) => {
            let order = &p.orders[*o as usize];
            let stride = p.properties.len();
            let column: Box<[Value]> = (0..p.cards.len())
                .map(|c| order.position(p.card_props[c * stride + order.property as usize]))
                .collect();
            per_card(compile(ce, p), column)
        }
        Expr::Binary(op, l, r) => binary(*op, l, r, p),
        Expr::Not(x) => {
            let xf = compile(x, p);
            Box::new(move |st, b| Value::Bool(!xf(st, b).is_true()))
        }
        Expr::Neg(x) => {
            let xf = compile(x, p);
            Box::new(move |st, b| match xf(st, b) {
                Value::Int(i) => Value::Int(i.wrapping_neg()),
                _ => Value::None,
            })
        }
        Expr::If(c, t, o) => {
            let (cf, tf, of) = (compile(c, p), compile(t, p), compile(o, p));
            Box::new(move |st, b| if cf(st, b).is_true() { tf(st, b) } else { of(st, b) })
        }
        Expr::IsNone(x) => {
            let xf = compile(x, p);
            Box::new(move |st, b| Value::Bool(xf(st, b) == Value::None))
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
                    let af = compile(a, p);
                    Box::new(move |st, b| values.get(index_of(af(st, b)) as usize).copied().unwrap_or_default())
                }
                [a, c] => {
                    let (af, cf) = (compile(a, p), compile(c, p));
                    Box::new(move |st, b| {
                        let i = index_of(af(st, b)) * stride + index_of(cf(st, b));
                        values.get(i as usize).copied().unwrap_or_default()
                    })
                }
                _ => interpreted(e),
            }
        }
        Expr::FnLocal(k) => {
            let k = *k as usize;
            Box::new(move |_, b| b.frame_value(k))
        }
        _ => interpreted(e),
    }
}

/// An expression left to the tree-walking evaluator.
fn interpreted(e: &Expr) -> F {
    let e = e.clone();
    Box::new(move |st, b| st.eval_in(&e, b))
}

/// A value looked up per card in a column worked out before play; `none` for anything else.
fn per_card(cf: F, column: Box<[Value]>) -> F {
    Box::new(move |st, b| match cf(st, b) {
        Value::Card(c) => column.get(c as usize).copied().unwrap_or_default(),
        _ => Value::None,
    })
}

/// A comparison of two numbers: false when either is not a number (`none` compares false).
macro_rules! compare {
    ($l:expr, $r:expr, $p:expr, $op:tt) => {{
        let (lf, r, p) = ($l, $r, $p);
        match r {
            Expr::Const(Value::Int(k)) => {
                let k = *k;
                Box::new(move |st: &State, b: &Binds| match lf(st, b) {
                    Value::Int(x) => Value::Bool(x $op k),
                    _ => Value::Bool(false),
                }) as F
            }
            _ => {
                let rf = compile(r, p);
                Box::new(move |st: &State, b: &Binds| match (lf(st, b), rf(st, b)) {
                    (Value::Int(x), Value::Int(y)) => Value::Bool(x $op y),
                    _ => Value::Bool(false),
                }) as F
            }
        }
    }};
}

fn binary(op: BinOp, l: &Expr, r: &Expr, p: &Program) -> F {
    let lf = compile(l, p);
    match op {
        BinOp::And => {
            let rf = compile(r, p);
            Box::new(move |st, b| Value::Bool(lf(st, b).is_true() && rf(st, b).is_true()))
        }
        BinOp::Or => {
            let rf = compile(r, p);
            Box::new(move |st, b| Value::Bool(lf(st, b).is_true() || rf(st, b).is_true()))
        }
        BinOp::Eq | BinOp::Ne => {
            let eq = op == BinOp::Eq;
            match r {
                Expr::Const(k) => {
                    let k = *k;
                    Box::new(move |st, b| Value::Bool((lf(st, b) == k) == eq))
                }
                _ => {
                    let rf = compile(r, p);
                    Box::new(move |st, b| Value::Bool((lf(st, b) == rf(st, b)) == eq))
                }
            }
        }
        BinOp::In => {
            let rf = compile(r, p);
            Box::new(move |st, b| match (lf(st, b), rf(st, b)) {
                (Value::Sym(s), Value::Set(m)) => Value::Bool(m & 1u64.checked_shl(s as u32).unwrap_or(0) != 0),
                _ => Value::Bool(false),
            })
        }
        BinOp::Lt => compare!(lf, r, p, <),
        BinOp::Le => compare!(lf, r, p, <=),
        BinOp::Gt => compare!(lf, r, p, >),
        BinOp::Ge => compare!(lf, r, p, >=),
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Pow => {
            let rf = compile(r, p);
            Box::new(move |st, b| match (lf(st, b), rf(st, b)) {
                (Value::Int(x), Value::Int(y)) => arithmetic(op, x, y),
                // Arithmetic on `none` gives `none`.
                _ => Value::None,
            })
        }
    }
}

/// The arithmetic of [`State::eval_in`], on two numbers.
#[inline]
fn arithmetic(op: BinOp, x: i64, y: i64) -> Value {
    match op {
        BinOp::Add => Value::Int(x.wrapping_add(y)),
        BinOp::Sub => Value::Int(x.wrapping_sub(y)),
        BinOp::Mul => Value::Int(x.wrapping_mul(y)),
        BinOp::Div => x.checked_div(y).map_or(Value::None, Value::Int),
        BinOp::Mod => x.checked_rem(y).map_or(Value::None, Value::Int),
        BinOp::Pow => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)).map_or(Value::None, Value::Int),
        _ => Value::None,
    }
}
