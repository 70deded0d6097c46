//! Operands of compiled nodes. A constant, a counter, a local, a menu name, or the zone of a
//! family that one of those picks (`column of k`), is read where the node uses it, with no call
//! to a closure of its own; anything else is a compiled closure.

use super::{compile, compile_node, memo, Ctx, F};
use crate::check::ir::{Expr, Value};
use crate::engine::eval::Binds;
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
    /// A part of a menu condition kept while the candidates are listed (memo.rs).
    Kept(Box<memo::Kept>),
    /// The zone of a family (`ZoneAt`) whose key is a local or a menu name.
    ZoneAt { first: u16, lo: i64, count: i64, key: Key },
    /// Anything else.
    Fn(F),
}

impl Operand {
    /// Compiles `e` as an operand. A part of a menu condition to keep (memo.rs) is looked up in
    /// place, and worked out by a closure when it is not kept yet.
    pub(super) fn new(e: &Expr, p: &Ctx) -> Operand {
        if let Some(spot) = p.spot(e) {
            return Operand::Kept(Box::new(memo::Kept::new(spot, compile_node(e, p))));
        }
        match *e {
            Expr::Const(v) => Operand::Const(v),
            Expr::Counter(s) => Operand::Counter(s as usize),
            Expr::Local(s) => match memo::Name::of(s, p.names) {
                Some(name) => Operand::Name(name),
                None => Operand::Local(s),
            },
            Expr::ZoneAt { first, lo, count, ref key } => match **key {
                Expr::Local(s) if p.spot(key).is_none() => {
                    let key = memo::Name::of(s, p.names).map_or(Key::Local(s), Key::Name);
                    Operand::ZoneAt { first, lo, count: count as i64, key }
                }
                _ => Operand::Fn(compile(e, p)),
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
            Operand::ZoneAt { first, lo, count, key } => {
                let k = match key {
                    Key::Local(s) => st.local_in(*s, b),
                    Key::Name(n) => n.value(st, b),
                };
                zone_at(*first, *lo, *count, k)
            }
            Operand::Kept(k) => k.get(st, b).value(),
            Operand::Fn(f) => f(st, b).value(),
        }
    }

    /// Whether it is read in place, with no call.
    pub(super) fn in_place(&self) -> bool {
        !matches!(self, Operand::Fn(_))
    }
}

/// The key of a zone of a family read in place: a local, or a menu name.
#[derive(Clone, Copy)]
pub(super) enum Key {
    Local(u16),
    Name(memo::Name),
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
