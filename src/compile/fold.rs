//! Folding: expressions whose value is known before play become constants, and a constant
//! player's or card's zone, counter or local becomes the one it names.

use super::PureEval;
use crate::check::ir::walk::{blocks_mut, children, children_mut};
use crate::check::ir::{Effect, Expr, Place, Stmt, Value};

/// Folds an expression, bottom up.
pub(crate) fn fold(e: &mut Expr, pure: PureEval<'_>) {
    children_mut(e, |c| fold(c, pure));
    let rewritten = match e {
        Expr::LocalOf(base, x) => player(x).map(|p| Expr::Local(*base + p as u16)),
        Expr::CounterOf(base, x) => player(x).map(|p| Expr::Counter(*base + p as u16)),
        Expr::CounterOfCard(base, x) => match **x {
            Expr::Const(Value::Card(c)) => base.checked_add(c).map(Expr::Counter),
            _ => None,
        },
        Expr::If(c, t, o) => match **c {
            Expr::Const(v) => Some(if v.is_true() { (**t).clone() } else { (**o).clone() }),
            _ => None,
        },
        _ => None,
    };
    if let Some(r) = rewritten {
        *e = r;
    }
    if !matches!(e, Expr::Const(_)) && is_pure_node(e) && all_children_const(e) {
        *e = Expr::Const(pure(e, &[]));
    }
}

/// The player a constant expression names.
fn player(e: &Expr) -> Option<u8> {
    match e {
        Expr::Const(Value::Player(p)) => Some(*p),
        _ => None,
    }
}

/// Whether a node computes its value from its children alone, reading nothing of the game in
/// play.
pub(crate) fn is_pure_node(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Const(_)
            | Expr::Prop(..)
            | Expr::OrderOf(..)
            | Expr::MemberRank(..)
            | Expr::Binary(..)
            | Expr::Not(_)
            | Expr::Neg(_)
            | Expr::If(..)
            | Expr::IsNone(_)
            | Expr::Builtin(..)
            | Expr::SetOf(_)
            | Expr::ZoneAt { .. }
            | Expr::ZoneOf(..)
            | Expr::Opponent(_)
            | Expr::Seat(_)
            | Expr::Team(_)
            | Expr::TeamLead(_)
            | Expr::MemberAt(_)
            | Expr::MemberStep(..)
            | Expr::PlayerAt(_)
            | Expr::Around(..)
    )
}

fn all_children_const(e: &Expr) -> bool {
    let mut all = true;
    children(e, |c| all &= matches!(c, Expr::Const(_)));
    all
}

/// Folds the statements of a block whose condition became a constant: an `if` keeps the branch
/// taken, a `while false` goes.
pub(crate) fn fold_block(stmts: &mut Vec<Stmt>) {
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in stmts.drain(..) {
        blocks_mut(&mut s, fold_block);
        match &mut s {
            Stmt::Effect(Effect::Assign(place, _)) => fold_place(place),
            Stmt::Effect(Effect::Transfer { from, to, .. }) => {
                fold_place(from);
                fold_place(to);
            }
            _ => {}
        }
        match s {
            Stmt::If(Expr::Const(v), t, o) => out.extend(if v.is_true() { t } else { o }),
            Stmt::While(Expr::Const(v), _) if !v.is_true() => {}
            other => out.push(other),
        }
    }
    *stmts = out;
}

/// A place of a constant player or card becomes the slot it names.
fn fold_place(p: &mut Place) {
    let folded = match p {
        Place::LocalOf(base, Expr::Const(Value::Player(q))) => Some(Place::Local(*base + *q as u16)),
        Place::CounterOf(base, Expr::Const(Value::Player(q))) => Some(Place::Counter(*base + *q as u16)),
        Place::CounterOfCard(base, Expr::Const(Value::Card(c))) => base.checked_add(*c).map(Place::Counter),
        _ => None,
    };
    if let Some(f) = folded {
        *p = f;
    }
}
