//! A function's block (`{ let tricks = ...  tricks * 10 }`) is one expression in the end: each
//! `let` name in the result (and in the lets after it) is replaced by its value, so everything
//! that reads functions (the checker, the lints, every call) sees one expression, as for a
//! function written `= ...`. A name an aggregate binds (`any c in Z where ...`) hides a `let`
//! of the same name inside that aggregate; and a value put inside an aggregate keeps its own
//! meaning: when it reads a name the aggregate binds (`let s = x.suit` put into
//! `count of x in Z where x.suit == s`), the aggregate's name is renamed first, so it cannot
//! capture the value's name.

use std::collections::HashSet;

use super::ast::{Expr, ExprKind, FunctionLet};
use super::walk::{self, Visitor};

/// The result with every `let` put in, the last one first (so a `let` may use the ones before
/// it, and a name given twice means its latest value).
pub(crate) fn put_in(lets: &[FunctionLet], result: &Expr) -> Expr {
    let mut body = result.clone();
    for l in lets.iter().rev() {
        replace(&mut body, &l.name.text, &l.value);
    }
    body
}

/// Replaces the bare name `name` by `value` throughout `e`, except where an aggregate rebinds it.
pub(crate) fn replace(e: &mut Expr, name: &str, value: &Expr) {
    let go = |x: &mut Expr| replace(x, name, value);
    match &mut e.kind {
        ExprKind::Name(n) if n == name => *e = value.clone(),
        ExprKind::KeyedOf { key, owner, .. } => {
            go(key);
            go(owner);
        }
        ExprKind::EveryOf { owner, .. } => go(owner),
        ExprKind::Int(_)
        | ExprKind::Text(_)
        | ExprKind::Bool(_)
        | ExprKind::None
        | ExprKind::PositionSeen
        | ExprKind::Name(_)
        | ExprKind::Player(_)
        | ExprKind::Every(_) => {}
        ExprKind::Top(x)
        | ExprKind::Bottom(x)
        | ExprKind::Count(x)
        | ExprKind::Opponent(x)
        | ExprKind::Arrangements(x)
        | ExprKind::AllArrangements(x)
        | ExprKind::PlayerAt(x)
        | ExprKind::Across(x) => go(x),
        ExprKind::SetLit(xs) | ExprKind::Call { args: xs, .. } => xs.iter_mut().for_each(go),
        ExprKind::Of { arg, .. } => go(arg),
        ExprKind::If { cond, then, otherwise } => {
            go(cond);
            go(then);
            go(otherwise);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            go(lhs);
            go(rhs);
        }
        ExprKind::Unary { operand, .. } => go(operand),
        ExprKind::Field { target, .. }
        | ExprKind::IsEmpty { target, .. }
        | ExprKind::IsNone { target, .. }
        | ExprKind::IsFaceUp { target, .. } => go(target),
        ExprKind::Strength { zone, .. } => go(zone),
        ExprKind::Deadwood { zone, without } => {
            go(zone);
            if let Some(w) = without {
                go(w);
            }
        }
        ExprKind::CardAt { index, zone } => {
            go(index);
            go(zone);
        }
        ExprKind::Aggregate(a) => {
            a.domain.exprs_mut().for_each(go);
            if a.var.text == name {
                return;
            }
            let read = names_in(value);
            if read.contains(&a.var.text) {
                // The value reads a name this aggregate would hide: give the aggregate's item
                // a name nobody can write (`x'`, `x''`, ...), then put the value in.
                let mut taken = read;
                a.value.iter().chain(&a.cond).for_each(|x| taken.extend(names_in(x)));
                let mut fresh = format!("{}'", a.var.text);
                while taken.contains(&fresh) {
                    fresh.push('\'');
                }
                let renamed = Expr { span: a.var.span, kind: ExprKind::Name(fresh.clone()) };
                let old = std::mem::replace(&mut a.var.text, fresh);
                a.value.iter_mut().chain(a.cond.iter_mut()).for_each(|x| replace(x, &old, &renamed));
            }
            a.value.iter_mut().chain(a.cond.iter_mut()).for_each(go);
        }
    }
}

/// Every bare name an expression reads (the names its aggregates bind included: more than the
/// free names, which is enough to choose a name none of them is).
fn names_in(e: &Expr) -> HashSet<String> {
    struct Names(HashSet<String>);
    impl Visitor for Names {
        fn expr(&mut self, e: &Expr) {
            if let ExprKind::Name(n) = &e.kind {
                self.0.insert(n.clone());
            }
        }
    }
    let mut names = Names(HashSet::new());
    walk::expr(&mut names, e);
    names.0
}
