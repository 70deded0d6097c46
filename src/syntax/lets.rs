//! A function's block (`{ let tricks = ...  tricks * 10 }`) is one expression in the end: each
//! `let` name in the result (and in the lets after it) is replaced by its value, so everything
//! that reads functions (the checker, the lints, every call) sees one expression, as for a
//! function written `= ...`. A name an aggregate binds (`any c in Z where ...`) hides a `let`
//! of the same name inside that aggregate.

use super::ast::{Expr, ExprKind, FunctionLet};

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
fn replace(e: &mut Expr, name: &str, value: &Expr) {
    let go = |x: &mut Expr| replace(x, name, value);
    match &mut e.kind {
        ExprKind::Name(n) if n == name => *e = value.clone(),
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
            if a.var.text != name {
                a.value.iter_mut().chain(a.cond.iter_mut()).for_each(go);
            }
        }
    }
}
