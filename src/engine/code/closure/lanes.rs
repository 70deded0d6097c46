//! A menu name's condition asked for every value of its range at once.
//!
//! A name that takes the numbers of a short range known before play (`k from 1 to 7`) has its
//! condition asked once per value, for each binding of the names before it: in a menu that
//! tries every card against every pile, the same pile-side work is asked for each card. Here
//! the condition is compiled to work on all the values together, as *lanes* (lane `i` is the
//! name bound to the range's `i`-th value): a yes-or-no node gives a bit mask, a value node a
//! row of values. A node that does not read the name is worked out once and holds for every
//! lane; `and`, `or` and `not` are one operation on masks; a part kept by the name (memo.rs)
//! reads its rows in turn. A node with no lane form is asked lane by lane through its closure.
//!
//! Each node is asked for the lanes its answer can still matter to (`care`): the right side of
//! an `and` only for the lanes where the left side holds, an `if`'s branches only for the lanes
//! that take them. A node's answer in the other lanes is left unset, and never read. Conditions
//! are pure, so asking a lane the closures would not have asked changes no answer; the menu
//! still offers the values in order and counts each toward its work limit as before (menu.rs).

use std::panic::RefUnwindSafe;

use super::{compile, compile_node, memo, of_card, operand::zone_at, order_column, pred, prop_column, Ctx, Raw, F};
use crate::check::ir::walk::children;
use crate::check::ir::{Domain, Expr, MenuBind, Program, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::State;
use crate::syntax::ast::BinOp;

/// The most values a name's range may have to be asked in lanes.
pub(crate) const MAX_LANES: usize = 16;

/// The name whose values are the lanes: its place among the bindings, its slot, its first
/// value and how many values it takes (at most [`MAX_LANES`]).
#[derive(Clone, Copy)]
struct Lane {
    level: usize,
    slot: u16,
    lo: i64,
    n: usize,
}

impl Lane {
    /// The mask of every lane.
    fn all(self) -> u64 {
        (1u64 << self.n) - 1
    }

    /// Binds the name to lane `i`'s value, for a closure asked for that lane.
    #[inline(always)]
    fn bind(self, st: &State, b: &mut Binds, i: usize) {
        b.set(self.level, st.abs_slot(self.slot), Value::Int(self.lo + i as i64));
    }
}

/// A value for each lane, as two words each (equal exactly when the values are).
type Vals = [Raw; MAX_LANES];

/// A compiled yes-or-no node: bit `i` for lane `i`, for the lanes of `care` (the last argument).
type M = Box<dyn Fn(&State, &mut Binds, u64) -> u64 + Send + Sync + RefUnwindSafe>;

/// A compiled value node: writes lane `i`'s value at `i`, for the lanes of `care`.
type L = Box<dyn Fn(&State, &mut Binds, u64, &mut Vals) + Send + Sync + RefUnwindSafe>;

/// A compiled value node: one value for every lane, one per lane known before play (the name
/// itself, the zone of a family it picks), or one per lane worked out.
enum Lanes {
    Same(F),
    Known(Box<Vals>),
    Each(L),
}

impl Lanes {
    /// Writes the value of each lane of `care` into `out`.
    #[inline(always)]
    fn fill(&self, st: &State, b: &mut Binds, lane: Lane, care: u64, out: &mut Vals) {
        match self {
            Lanes::Same(f) => {
                let v = f(st, b);
                out[..lane.n].fill(v);
            }
            Lanes::Known(v) => out[..lane.n].copy_from_slice(&v[..lane.n]),
            Lanes::Each(f) => f(st, b, care, out),
        }
    }
}

/// The condition of a menu name that takes the values of a short range, compiled to lanes.
pub(crate) struct LaneFilter {
    lane: Lane,
    mask: M,
}

impl std::fmt::Debug for LaneFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LaneFilter({} lanes from {})", self.lane.n, self.lane.lo)
    }
}

impl LaneFilter {
    /// Compiles the condition of the name at `level` of a menu branch whose names are `names`,
    /// keeping the parts `plan` names, when that name takes the values of a short range known
    /// before play.
    pub(crate) fn menu(
        filter: &Expr,
        program: &Program,
        plan: &memo::Plan,
        names: &[MenuBind],
        level: usize,
    ) -> Option<LaneFilter> {
        let m = names.get(level)?;
        let Domain::Range(Expr::Const(Value::Int(lo)), Expr::Const(Value::Int(hi))) = &m.from else { return None };
        LaneFilter::new(filter, &Ctx { program, plan: Some(plan), names }, level, m.slot, *lo, *hi)
    }

    /// Compiles `filter`, the condition of the name at `level` whose slot is `slot` and whose
    /// values are `lo` to `hi`; `None` when the range is empty or longer than [`MAX_LANES`].
    pub(super) fn new(filter: &Expr, p: &Ctx, level: usize, slot: u16, lo: i64, hi: i64) -> Option<LaneFilter> {
        let n = usize::try_from(hi.checked_sub(lo)?.checked_add(1)?).ok().filter(|n| (1..=MAX_LANES).contains(n))?;
        lo.checked_add(n as i64)?;
        let lane = Lane { level, slot, lo, n };
        Some(LaneFilter { lane, mask: mask(filter, p, lane) })
    }

    /// How many values the name takes: the range's first value is lane 0.
    pub(crate) fn len(&self) -> usize {
        self.lane.n
    }

    /// The range's first value.
    pub(crate) fn first(&self) -> i64 {
        self.lane.lo
    }

    /// Bit `i`: whether the condition holds with the name bound to the range's `i`-th value.
    /// `b` holds the names bound before it; the name's own binding is left set to some lane.
    pub(crate) fn mask(&self, st: &State, b: &mut Binds) -> u64 {
        self.lane.bind(st, b, 0);
        (self.mask)(st, b, self.lane.all())
    }
}

/// Whether `e` may read the lane name (a node that reads a local by a computed slot may).
fn reads_lane(e: &Expr, lane: Lane) -> bool {
    let own = match e {
        Expr::Local(s) => *s == lane.slot,
        Expr::LocalOf(..) => true,
        _ => false,
    };
    let mut found = own;
    children(e, |c| found = found || reads_lane(c, lane));
    found
}

/// The first row of a part kept at `e` by the lane name, if `e` is one (row `i` is lane `i`).
fn lane_rows(e: &Expr, p: &Ctx, lane: Lane) -> Option<usize> {
    p.spot(e)?.rows_by(lane.level)
}

/// Compiles a yes-or-no node to a mask.
fn mask(e: &Expr, p: &Ctx, lane: Lane) -> M {
    if !reads_lane(e, lane) {
        let f = pred::pred(e, p);
        let all = lane.all();
        return Box::new(move |st, b, _| if f(st, b) { all } else { 0 });
    }
    if let Some(base) = lane_rows(e, p, lane) {
        // As the closures keep it: the part's value.
        let inner = compile_node(e, p);
        return Box::new(move |st, b, care| {
            let mut v = [Raw::NONE; MAX_LANES];
            kept(st, b, lane, base, &inner, care, &mut v);
            let mut m = 0;
            for (i, v) in v[..lane.n].iter().enumerate() {
                if v.is_true() {
                    m |= 1 << i;
                }
            }
            m
        });
    }
    match e {
        Expr::Binary(op @ (BinOp::And | BinOp::Or), l, r) => {
            let (lm, rm) = (mask(l, p, lane), mask(r, p, lane));
            if *op == BinOp::And {
                Box::new(move |st, b, care| match lm(st, b, care) & care {
                    0 => 0,
                    m => m & rm(st, b, m),
                })
            } else {
                Box::new(move |st, b, care| match lm(st, b, care) & care {
                    m if m == care => m,
                    m => m | rm(st, b, care & !m),
                })
            }
        }
        Expr::Not(x) => {
            let xm = mask(x, p, lane);
            Box::new(move |st, b, care| !xm(st, b, care) & care)
        }
        Expr::If(c, t, o) => {
            let (tm, om) = (mask(t, p, lane), mask(o, p, lane));
            if reads_lane(c, lane) {
                let cm = mask(c, p, lane);
                Box::new(move |st, b, care| {
                    let c = cm(st, b, care) & care;
                    let t = if c != 0 { tm(st, b, c) } else { 0 };
                    let o = if c != care { om(st, b, care & !c) } else { 0 };
                    (c & t) | (!c & o)
                })
            } else {
                let cf = pred::pred(c, p);
                Box::new(move |st, b, care| if cf(st, b) { tm(st, b, care) } else { om(st, b, care) })
            }
        }
        Expr::Binary(op @ (BinOp::Eq | BinOp::Ne), l, r) => {
            let eq = *op == BinOp::Eq;
            two(l, r, p, lane, move |x, y| (x == y) == eq)
        }
        Expr::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), l, r) => {
            let op = *op;
            two(l, r, p, lane, move |x, y| match (x.value(), y.value()) {
                (Value::Int(x), Value::Int(y)) => match op {
                    BinOp::Lt => x < y,
                    BinOp::Le => x <= y,
                    BinOp::Gt => x > y,
                    _ => x >= y,
                },
                _ => false,
            })
        }
        Expr::Binary(BinOp::In, l, r) => two(l, r, p, lane, |x, y| match (x.value(), y.value()) {
            (Value::Sym(s), Value::Set(m)) => m & 1u64.checked_shl(s as u32).unwrap_or(0) != 0,
            _ => false,
        }),
        Expr::IsEmpty(z) => one(z, p, lane, |st, v| match v {
            Value::Zone(z) => st.zones[z as usize].is_empty(),
            v => st.is_empty_value(v).is_true(),
        }),
        Expr::IsNone(x) => one(x, p, lane, |_, v| v == Value::None),
        Expr::Prop(c, prop) => {
            let column = pred::flags(*prop, p);
            one(c, p, lane, move |_, v| match v {
                Value::Card(c) => column.get(c as usize).copied().unwrap_or(false),
                _ => false,
            })
        }
        Expr::FaceUp(c, up) => {
            let up = *up;
            one(c, p, lane, move |st, v| match v {
                Value::Card(c) => st.face_up[c as usize] == up,
                _ => false,
            })
        }
        _ => {
            // No lane form: asked lane by lane.
            let f = pred::pred(e, p);
            Box::new(move |st, b, care| {
                let mut m = 0;
                for i in (0..lane.n).filter(|i| care & (1 << i) != 0) {
                    lane.bind(st, b, i);
                    if f(st, b) {
                        m |= 1 << i;
                    }
                }
                m
            })
        }
    }
}

/// A yes-or-no node asking `test` of one operand's value in each lane.
fn one(
    x: &Expr,
    p: &Ctx,
    lane: Lane,
    test: impl Fn(&State, Value) -> bool + Send + Sync + RefUnwindSafe + 'static,
) -> M {
    let xl = lanes(x, p, lane);
    if let Lanes::Known(xs) = xl {
        return Box::new(move |st, _, _| (0..lane.n).filter(|&i| test(st, xs[i].value())).fold(0, |m, i| m | 1 << i));
    }
    Box::new(move |st, b, care| {
        let mut v = [Raw::NONE; MAX_LANES];
        xl.fill(st, b, lane, care, &mut v);
        let mut m = 0;
        for (i, v) in v[..lane.n].iter().enumerate() {
            if test(st, v.value()) {
                m |= 1 << i;
            }
        }
        m
    })
}

/// A yes-or-no node asking `test` of two operands' values in each lane.
fn two(
    l: &Expr,
    r: &Expr,
    p: &Ctx,
    lane: Lane,
    test: impl Fn(Raw, Raw) -> bool + Send + Sync + RefUnwindSafe + 'static,
) -> M {
    match (lanes(l, p, lane), lanes(r, p, lane)) {
        // One side the same in every lane: worked out once, and each lane tested against it.
        (Lanes::Same(lf), Lanes::Known(y)) => Box::new(move |st, b, _| {
            let x = lf(st, b);
            (0..lane.n).filter(|&i| test(x, y[i])).fold(0, |m, i| m | 1 << i)
        }),
        (Lanes::Known(x), Lanes::Same(rf)) => Box::new(move |st, b, _| {
            let y = rf(st, b);
            (0..lane.n).filter(|&i| test(x[i], y)).fold(0, |m, i| m | 1 << i)
        }),
        (Lanes::Same(lf), Lanes::Each(rl)) => Box::new(move |st, b, care| {
            let x = lf(st, b);
            let mut y = [Raw::NONE; MAX_LANES];
            rl(st, b, care, &mut y);
            (0..lane.n).filter(|&i| test(x, y[i])).fold(0, |m, i| m | 1 << i)
        }),
        (Lanes::Each(ll), Lanes::Same(rf)) => Box::new(move |st, b, care| {
            let mut x = [Raw::NONE; MAX_LANES];
            ll(st, b, care, &mut x);
            let y = rf(st, b);
            (0..lane.n).filter(|&i| test(x[i], y)).fold(0, |m, i| m | 1 << i)
        }),
        (ll, rl) => Box::new(move |st, b, care| {
            let (mut x, mut y) = ([Raw::NONE; MAX_LANES], [Raw::NONE; MAX_LANES]);
            ll.fill(st, b, lane, care, &mut x);
            rl.fill(st, b, lane, care, &mut y);
            (0..lane.n).filter(|&i| test(x[i], y[i])).fold(0, |m, i| m | 1 << i)
        }),
    }
}

/// Lane `i` of a part kept by the lane name at rows `base`.. into `out[i]`, for the lanes of
/// `care`: the kept value, or `inner`'s with the name bound to the lane's value (then kept).
#[inline(always)]
fn kept(st: &State, b: &mut Binds, lane: Lane, base: usize, inner: &F, care: u64, out: &mut Vals) {
    let missing = memo::kept_rows(st, base, &mut out[..lane.n]) & care;
    for i in (0..lane.n).filter(|i| missing & (1 << i) != 0) {
        lane.bind(st, b, i);
        let b = &*b;
        out[i] = memo::kept_or(st, base + i, || inner(st, b));
    }
}

/// A value node whose lanes are `each` of one operand's value in that lane.
fn map(
    x: &Expr,
    p: &Ctx,
    lane: Lane,
    each: impl Fn(&State, Value) -> Value + Send + Sync + RefUnwindSafe + 'static,
) -> Lanes {
    match lanes(x, p, lane) {
        // The operand's lanes known before play: read in place.
        Lanes::Known(xs) => Lanes::Each(Box::new(move |st, _, care, out| {
            for i in (0..lane.n).filter(|i| care & (1 << i) != 0) {
                out[i] = Raw::from(each(st, xs[i].value()));
            }
        })),
        xl => Lanes::Each(Box::new(move |st, b, care, out| {
            xl.fill(st, b, lane, care, out);
            for i in (0..lane.n).filter(|i| care & (1 << i) != 0) {
                out[i] = Raw::from(each(st, out[i].value()));
            }
        })),
    }
}

/// Compiles a value node to lanes.
fn lanes(e: &Expr, p: &Ctx, lane: Lane) -> Lanes {
    if !reads_lane(e, lane) {
        return Lanes::Same(compile(e, p));
    }
    if let Some(base) = lane_rows(e, p, lane) {
        // As the closures keep it: the node's value.
        let inner = compile_node(e, p);
        return Lanes::Each(Box::new(move |st, b, care, out| kept(st, b, lane, base, &inner, care, out)));
    }
    match e {
        Expr::Local(s) if *s == lane.slot => {
            let mut v = [Raw::NONE; MAX_LANES];
            for (i, v) in v[..lane.n].iter_mut().enumerate() {
                *v = Raw::from(Value::Int(lane.lo + i as i64));
            }
            Lanes::Known(Box::new(v))
        }
        Expr::ZoneAt { first, lo, count, key } => {
            let (first, lo, count) = (*first, *lo, *count as i64);
            match lanes(key, p, lane) {
                Lanes::Known(mut v) => {
                    for v in &mut v[..lane.n] {
                        *v = Raw::from(zone_at(first, lo, count, v.value()));
                    }
                    Lanes::Known(v)
                }
                _ => map(key, p, lane, move |_, k| zone_at(first, lo, count, k)),
            }
        }
        Expr::Top(z) | Expr::Bottom(z) => {
            let top = matches!(e, Expr::Top(_));
            map(z, p, lane, move |st, v| match v {
                Value::Zone(z) => {
                    let cards = &st.zones[z as usize];
                    let c = if top { cards.last() } else { cards.first() };
                    c.map_or(Value::None, |c| Value::Card(*c))
                }
                v => st.card_of_picked(v, 1, top),
            })
        }
        Expr::Prop(ce, prop) => {
            let column = prop_column(*prop, p);
            map(ce, p, lane, move |_, v| of_card(&column, v))
        }
        Expr::OrderOf(o, ce) => {
            let column = order_column(*o, p);
            map(ce, p, lane, move |_, v| of_card(&column, v))
        }
        Expr::CounterOfCard(base, ce) => {
            let base = *base as usize;
            map(ce, p, lane, move |st, v| match v {
                Value::Card(c) => st.counters[base + c as usize],
                _ => Value::None,
            })
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Pow), l, r) => {
            let (op, ll, rl) = (*op, lanes(l, p, lane), lanes(r, p, lane));
            Lanes::Each(Box::new(move |st, b, care, out| {
                let mut y = [Raw::NONE; MAX_LANES];
                ll.fill(st, b, lane, care, out);
                rl.fill(st, b, lane, care, &mut y);
                for (x, y) in out[..lane.n].iter_mut().zip(&y) {
                    *x = Raw::from(match (x.value(), y.value()) {
                        (Value::Int(x), Value::Int(y)) => crate::engine::run::eval::arithmetic(op, x, y),
                        _ => Value::None,
                    });
                }
            }))
        }
        Expr::If(c, t, o) => {
            let (cm, tl, ol) = (mask(c, p, lane), lanes(t, p, lane), lanes(o, p, lane));
            Lanes::Each(Box::new(move |st, b, care, out| {
                // Each branch is asked only if some lane takes it.
                let c = cm(st, b, care) & care;
                if c != 0 {
                    tl.fill(st, b, lane, c, out);
                }
                if c != care {
                    let mut other = [Raw::NONE; MAX_LANES];
                    ol.fill(st, b, lane, care & !c, &mut other);
                    for i in (0..lane.n).filter(|i| c & (1 << i) == 0) {
                        out[i] = other[i];
                    }
                }
            }))
        }
        Expr::Binary(..) | Expr::Not(_) | Expr::IsEmpty(_) | Expr::IsNone(_) | Expr::FaceUp(..) => {
            let m = mask(e, p, lane);
            Lanes::Each(Box::new(move |st, b, care, out| {
                let m = m(st, b, care);
                for (i, v) in out[..lane.n].iter_mut().enumerate() {
                    *v = Raw::from(Value::Bool(m & (1 << i) != 0));
                }
            }))
        }
        _ => {
            // No lane form: asked lane by lane.
            let f = compile(e, p);
            Lanes::Each(Box::new(move |st, b, care, out| {
                for i in (0..lane.n).filter(|i| care & (1 << i) != 0) {
                    lane.bind(st, b, i);
                    out[i] = f(st, b);
                }
            }))
        }
    }
}
