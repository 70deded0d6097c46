//! A bound on what putting a function block's `let`s into its result makes: `let b = a + a`
//! after `let a = x + x` doubles the result at each `let`, and a chain of `let`s each reading
//! the one before nests as deeply as all of them. The size and depth the result would have are
//! worked out from each `let`'s own before anything is put in; past [`MAX_PARTS`] parts or
//! [`super::MAX_DEPTH`] levels, the block is refused with `cardlang::syntax::too_deep`.

use std::collections::HashMap;

use super::ast::{Expr, ExprKind, FunctionLet, Span};

/// The most parts (expression nodes) a function's result may have once its `let`s are put in.
pub const MAX_PARTS: u64 = 200_000;

/// The parts and depth of an expression, and how many times it reads each bare name.
fn shape(e: &Expr, reads: &mut HashMap<String, u64>) -> (u64, usize) {
    let mut size = 1u64;
    let mut depth = 0usize;
    let mut go = |x: &Expr, reads: &mut HashMap<String, u64>| {
        let (s, d) = shape(x, reads);
        size = size.saturating_add(s);
        depth = depth.max(d);
    };
    match &e.kind {
        ExprKind::Name(n) => *reads.entry(n.clone()).or_default() += 1,
        ExprKind::KeyedOf { key, owner, .. } => {
            go(key, reads);
            go(owner, reads);
        }
        ExprKind::EveryOf { owner, .. } => go(owner, reads),
        ExprKind::Int(_)
        | ExprKind::Text(_)
        | ExprKind::Bool(_)
        | ExprKind::None
        | ExprKind::PositionSeen
        | ExprKind::Player(_)
        | ExprKind::Every(_) => {}
        ExprKind::Top(x)
        | ExprKind::Bottom(x)
        | ExprKind::Count(x)
        | ExprKind::Opponent(x)
        | ExprKind::Arrangements(x)
        | ExprKind::AllArrangements(x)
        | ExprKind::PlayerAt(x)
        | ExprKind::Across(x)
        | ExprKind::Of { arg: x, .. }
        | ExprKind::Unary { operand: x, .. }
        | ExprKind::Field { target: x, .. }
        | ExprKind::IsEmpty { target: x, .. }
        | ExprKind::IsNone { target: x, .. }
        | ExprKind::IsFaceUp { target: x, .. }
        | ExprKind::Strength { zone: x, .. } => go(x, reads),
        ExprKind::SetLit(xs) | ExprKind::Call { args: xs, .. } => xs.iter().for_each(|x| go(x, reads)),
        ExprKind::If { cond, then, otherwise } => {
            go(cond, reads);
            go(then, reads);
            go(otherwise, reads);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            go(lhs, reads);
            go(rhs, reads);
        }
        ExprKind::CardAt { index, zone } => {
            go(index, reads);
            go(zone, reads);
        }
        ExprKind::Deadwood { zone, without } => {
            go(zone, reads);
            if let Some(w) = without {
                go(w, reads);
            }
        }
        ExprKind::Aggregate(a) => {
            a.domain.exprs().for_each(|x| go(x, reads));
            a.value.iter().chain(&a.cond).for_each(|x| go(x, reads));
        }
    }
    (size, depth + 1)
}

/// When putting `lets` into `result` would make more than [`MAX_PARTS`] parts or nest deeper
/// than [`super::MAX_DEPTH`]: the span of the first `let` (or the result) past the bound, and
/// what it would come to (parts, depth).
pub(crate) fn too_large(lets: &[FunctionLet], result: &Expr) -> Option<(Span, u64, usize)> {
    // Each `let` by name, the latest first: a name read is the latest `let` of it before.
    let mut known: HashMap<&str, (u64, usize)> = HashMap::new();
    let expanded = |e: &Expr, known: &HashMap<&str, (u64, usize)>| {
        let mut reads = HashMap::new();
        let (mut size, own_depth) = shape(e, &mut reads);
        let mut depth = own_depth;
        for (name, n) in reads {
            if let Some((s, d)) = known.get(name.as_str()) {
                size = size.saturating_add(n.saturating_mul(s.saturating_sub(1)));
                depth = depth.max(own_depth + d);
            }
        }
        (size, depth)
    };
    for l in lets {
        let (size, depth) = expanded(&l.value, &known);
        if size > MAX_PARTS || depth > super::MAX_DEPTH {
            return Some((l.span, size, depth));
        }
        known.insert(&l.name.text, (size, depth));
    }
    let (size, depth) = expanded(result, &known);
    (size > MAX_PARTS || depth > super::MAX_DEPTH).then_some((result.span, size, depth))
}
