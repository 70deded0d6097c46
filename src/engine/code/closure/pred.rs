//! Conditions compiled to closures that answer yes or no, with no value to build and test: what
//! `if`, `while` and a menu's `where` ask. Each gives exactly `is_true()` of the value the
//! expression has.

use super::{compile_node, const_zone, memo, Ctx, EvFn, Operand, Raw, F};
use crate::check::ir::{Expr, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::State;
use crate::syntax::ast::BinOp;

/// The function a compiled condition runs.
pub(super) type PredFn = dyn Fn(&State, &Binds) -> bool + Send + Sync + std::panic::RefUnwindSafe;

/// A compiled condition.
pub(super) type P = Box<PredFn>;

/// Compiles a condition: true exactly when the expression's value is `true`.
pub(super) fn pred(e: &Expr, p: &Ctx) -> P {
    match p.spot(e) {
        Some(spot) => memo::condition(spot, compile_node(e, p)),
        None => pred_node(e, p),
    }
}

/// [`pred`] without looking for a part to keep at `e` itself.
fn pred_node(e: &Expr, p: &Ctx) -> P {
    match e {
        Expr::Const(v) => {
            let t = v.is_true();
            Box::new(move |_, _| t)
        }
        Expr::Binary(op @ (BinOp::And | BinOp::Or), l, r) => {
            let and = *op == BinOp::And;
            // A small side is asked in place (see `Leaf`); `a and b` is `b` when `a` holds,
            // `a or b` is `b` when `a` does not.
            match (leaf(l, p), leaf(r, p)) {
                (Some(l), Some(r)) => Box::new(move |st, b| if l.get(st, b) == and { r.get(st, b) } else { !and }),
                (Some(l), None) => {
                    let rf = pred(r, p);
                    Box::new(move |st, b| if l.get(st, b) == and { rf(st, b) } else { !and })
                }
                (None, Some(r)) => {
                    let lf = pred(l, p);
                    Box::new(move |st, b| if lf(st, b) == and { r.get(st, b) } else { !and })
                }
                (None, None) => {
                    let (lf, rf) = (pred(l, p), pred(r, p));
                    if and {
                        Box::new(move |st, b| lf(st, b) && rf(st, b))
                    } else {
                        Box::new(move |st, b| lf(st, b) || rf(st, b))
                    }
                }
            }
        }
        Expr::Not(x) => match leaf(e, p) {
            Some(t) => Box::new(move |st, b| t.get(st, b)),
            None => {
                let xf = pred(x, p);
                Box::new(move |st, b| !xf(st, b))
            }
        },
        Expr::If(c, t, o) => {
            let (cf, tf, of) = (pred(c, p), pred(t, p), pred(o, p));
            Box::new(move |st, b| if cf(st, b) { tf(st, b) } else { of(st, b) })
        }
        Expr::Binary(op @ (BinOp::Eq | BinOp::Ne), l, r) => {
            let (eq, lf) = (*op == BinOp::Eq, Operand::new(l, p));
            match &**r {
                Expr::Const(k) => {
                    let k = *k;
                    Box::new(move |st, b| (lf.get(st, b) == k) == eq)
                }
                _ => {
                    let rf = Operand::new(r, p);
                    Box::new(move |st, b| (lf.get(st, b) == rf.get(st, b)) == eq)
                }
            }
        }
        Expr::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), l, r) => compare(*op, l, r, p),
        Expr::Binary(BinOp::In, l, r) => {
            let (lf, rf) = (Operand::new(l, p), Operand::new(r, p));
            Box::new(move |st, b| match (lf.get(st, b), rf.get(st, b)) {
                (Value::Sym(s), Value::Set(m)) => m & 1u64.checked_shl(s as u32).unwrap_or(0) != 0,
                _ => false,
            })
        }
        Expr::IsEmpty(z) => match const_zone(z) {
            Some(z) => Box::new(move |st, _| st.zones[z as usize].is_empty()),
            None => {
                let zf = Operand::new(z, p);
                Box::new(move |st, b| match zf.get(st, b) {
                    Value::Zone(z) => st.zones[z as usize].is_empty(),
                    v => st.is_empty_value(v).is_true(),
                })
            }
        },
        Expr::IsNone(x) => {
            let xf = Operand::new(x, p);
            Box::new(move |st, b| xf.get(st, b) == Value::None)
        }
        Expr::FaceUp(c, up) => {
            let (up, cf) = (*up, Operand::new(c, p));
            Box::new(move |st, b| match cf.get(st, b) {
                Value::Card(c) => st.face_up[c as usize] == up,
                _ => false,
            })
        }
        Expr::Prop(c, prop) => {
            let (column, cf) = (flags(*prop, p), Operand::new(c, p));
            Box::new(move |st, b| match cf.get(st, b) {
                Value::Card(c) => column.get(c as usize).copied().unwrap_or(false),
                _ => false,
            })
        }
        _ => {
            let f: F = compile_node(e, p);
            Box::new(move |st, b| f(st, b).is_true())
        }
    }
}

/// A condition small enough to be asked in place by the `and` or `or` above it, with no call of
/// its own: whether a zone known before play is empty, whether a constant, counter, local or
/// name equals a constant, a yes-or-no property of such a card; or the opposite of one.
// An explicit tag byte: telling the kinds apart is one load and compare, not the decoding of a
// niche inside the operand's value (measured with `cargo bench --bench alternate`; see
// docs/design.md, "Small conditions asked in place").
#[repr(u8)]
enum Leaf {
    /// Zone `.0` is empty (`.1` true) or holds a card (`.1` false).
    Empty(u16, bool),
    /// The operand equals the constant (`.2` true) or differs from it (`.2` false).
    EqConst(Operand, Value, bool),
    /// The operand is a card whose entry in the column is `.2`.
    Flag(Operand, Box<[bool]>, bool),
}

/// The small condition `e` is, if it is one (and not a part to keep).
fn leaf(e: &Expr, p: &Ctx) -> Option<Leaf> {
    if p.spot(e).is_some() {
        return None;
    }
    let inline = |o: Operand| (!matches!(o, Operand::Fn(_))).then_some(o);
    match e {
        Expr::IsEmpty(z) => Some(Leaf::Empty(const_zone(z)?, true)),
        Expr::Binary(op @ (BinOp::Eq | BinOp::Ne), l, r) => match &**r {
            Expr::Const(k) => Some(Leaf::EqConst(inline(Operand::new(l, p))?, *k, *op == BinOp::Eq)),
            _ => None,
        },
        Expr::Prop(c, prop) => {
            let o = inline(Operand::new(c, p))?;
            Some(Leaf::Flag(o, flags(*prop, p), true))
        }
        Expr::Not(x) => Some(match leaf(x, p)? {
            Leaf::Empty(z, t) => Leaf::Empty(z, !t),
            Leaf::EqConst(o, k, eq) => Leaf::EqConst(o, k, !eq),
            Leaf::Flag(o, column, t) => Leaf::Flag(o, column, !t),
        }),
        _ => None,
    }
}

impl Leaf {
    /// Its answer in `st` with bindings `b`: `is_true()` of the value the expression has.
    #[inline(always)]
    fn get(&self, st: &State, b: &Binds) -> bool {
        match self {
            Leaf::Empty(z, t) => st.zones[*z as usize].is_empty() == *t,
            Leaf::EqConst(o, k, eq) => (o.get(st, b) == *k) == *eq,
            // Not a card: the property is `none`, which is not `true` (and its opposite is).
            Leaf::Flag(o, column, t) => match o.get(st, b) {
                Value::Card(c) => column.get(c as usize).copied().unwrap_or(false) == *t,
                _ => !*t,
            },
        }
    }
}

/// For each card, whether its property `prop` is `true`: worked out before play.
pub(super) fn flags(prop: u16, p: &Ctx) -> Box<[bool]> {
    let stride = p.properties.len();
    (0..p.cards.len()).map(|k| p.card_props[k * stride + prop as usize].is_true()).collect()
}

/// A condition as a value: `true` or `false`.
pub(super) fn as_value(e: &Expr, p: &Ctx) -> Box<EvFn> {
    let f = pred_node(e, p);
    Box::new(move |st, b| Raw::from(Value::Bool(f(st, b))))
}

/// A comparison of two numbers: false when either is not a number (`none` compares false).
fn compare(op: BinOp, l: &Expr, r: &Expr, p: &Ctx) -> P {
    let lf = Operand::new(l, p);
    macro_rules! with {
        ($op:tt) => {
            match r {
                Expr::Const(Value::Int(k)) => {
                    let k = *k;
                    Box::new(move |st: &State, b: &Binds| matches!(lf.get(st, b), Value::Int(x) if x $op k)) as P
                }
                _ => {
                    let rf = Operand::new(r, p);
                    Box::new(move |st: &State, b: &Binds| match (lf.get(st, b), rf.get(st, b)) {
                        (Value::Int(x), Value::Int(y)) => x $op y,
                        _ => false,
                    }) as P
                }
            }
        };
    }
    match op {
        BinOp::Lt => with!(<),
        BinOp::Le => with!(<=),
        BinOp::Gt => with!(>),
        _ => with!(>=),
    }
}
