//! Operands of compiled nodes. A constant, a counter, a local or a menu name is read where the
//! node uses it, with no call to a closure of its own; anything else is a compiled closure.

use super::{compile, memo, Ctx, F};
use crate::check::ir::{Expr, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::State;

/// A compiled operand.
pub(super) enum Operand {
    /// A constant.
    Const(Value),
    /// A counter's slot.
    Counter(usize),
    /// A local of the current frame (or a binding of it).
    Local(u16),
    /// A name of a menu's branch, read at its place among the bindings.
    Name(memo::Name),
    /// Anything else.
    Fn(F),
}

impl Operand {
    /// Compiles `e` as an operand. A part of a menu condition to keep (memo.rs) stays a closure,
    /// which keeps it.
    pub(super) fn new(e: &Expr, p: &Ctx) -> Operand {
        if p.spot(e).is_some() {
            return Operand::Fn(compile(e, p));
        }
        match *e {
            Expr::Const(v) => Operand::Const(v),
            Expr::Counter(s) => Operand::Counter(s as usize),
            Expr::Local(s) => match memo::Name::of(s, p.names) {
                Some(name) => Operand::Name(name),
                None => Operand::Local(s),
            },
            _ => Operand::Fn(compile(e, p)),
        }
    }

    /// Its value in `st` with bindings `b`: what the tree-walker gives for the expression.
    #[inline(always)]
    pub(super) fn get(&self, st: &State, b: &Binds) -> Value {
        match self {
            Operand::Const(v) => *v,
            Operand::Counter(s) => st.counters[*s],
            Operand::Local(s) => st.local_in(*s, b),
            Operand::Name(n) => n.value(st, b),
            Operand::Fn(f) => f(st, b).value(),
        }
    }
}

/// Zone `key` of the family whose first zone is `first`, whose keys are the numbers `lo` to
/// `lo + count - 1` (or the members of an enum, in order): what `ZoneAt` gives, `none` for a key
/// outside the family.
#[inline(always)]
pub(super) fn zone_at(first: u16, lo: i64, count: i64, key: Value) -> Value {
    let i = match key {
        Value::Int(k) => k.checked_sub(lo),
        Value::Sym(s) => Some(s as i64),
        _ => None,
    };
    match i {
        Some(i) if (0..count).contains(&i) => Value::Zone(first + i as u16),
        _ => Value::None,
    }
}
