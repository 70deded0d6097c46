//! The walker of the checked program, kept beside it: visits every expression of a checked
//! statement tree, mutably, so a rewrite can reach each one wherever it sits (conditions,
//! effects, choices, menus, labels and prompts), and the children of an expression. The checker
//! (`substitute.rs`), the compile step and the engine's lowering all walk the tree with it.

use super::{Choice, Domain, Effect, End, Expr, MenuBranch, MoveWhat, Place, Stmt, TextPart};

/// Calls `f` on each top-level expression of a block (not on their sub-expressions).
pub(crate) fn block_exprs(stmts: &mut [Stmt], f: &mut impl FnMut(&mut Expr)) {
    for s in stmts {
        stmt_exprs(s, f);
    }
}

fn stmt_exprs(s: &mut Stmt, f: &mut impl FnMut(&mut Expr)) {
    match s {
        Stmt::Effect(e) => effect_exprs(e, f),
        Stmt::If(c, t, o) => {
            f(c);
            block_exprs(t, f);
            block_exprs(o, f);
        }
        Stmt::While(c, body) => {
            f(c);
            block_exprs(body, f);
        }
        Stmt::Repeat { count, body, .. } => {
            f(count);
            block_exprs(body, f);
        }
        Stmt::ForPlayer { body, .. } => block_exprs(body, f),
        Stmt::ForRange { from, to, body, .. } => {
            f(from);
            f(to);
            block_exprs(body, f);
        }
        Stmt::ForCard { zone, sizes, body, .. } => {
            f(zone);
            if let Some(sizes) = sizes {
                f(&mut sizes.0);
                f(&mut sizes.1);
            }
            block_exprs(body, f);
        }
        Stmt::Return | Stmt::Break => {}
        Stmt::End(e) => match e {
            End::Winner(x) | End::Loser(x) => f(x),
            End::Highest { score, .. } => f(score),
            End::Draw | End::Unfinished => {}
        },
        Stmt::Choose(c) => choice_exprs(c, f),
        Stmt::Menu { choice, bodies, otherwise } => {
            choice_exprs(choice, f);
            for b in bodies {
                block_exprs(b, f);
            }
            block_exprs(otherwise, f);
        }
        Stmt::Call(_, args) => args.iter_mut().for_each(f),
        Stmt::Inlined { args, body, .. } => {
            args.iter_mut().for_each(&mut *f);
            block_exprs(body, f);
        }
    }
}

fn effect_exprs(e: &mut Effect, f: &mut impl FnMut(&mut Expr)) {
    match e {
        Effect::Shuffle(z) | Effect::TurnOver(z) | Effect::Reveal(z) => f(z),
        Effect::RememberPosition | Effect::MayUndo(None) => {}
        Effect::MayUndo(Some(p)) => f(p),
        Effect::Deal { count, from, first, .. } => {
            if let Some(c) = count {
                f(c);
            }
            f(from);
            if let Some(p) = first {
                f(p);
            }
        }
        Effect::Move { what, to, .. } => {
            match what {
                MoveWhat::All(x) | MoveWhat::Card(x) | MoveWhat::Above(x) => f(x),
                MoveWhat::Top(n, z) | MoveWhat::Bottom(n, z) => {
                    f(n);
                    f(z);
                }
            }
            f(to);
        }
        Effect::TurnCard(c, _) => f(c),
        Effect::Assign(place, x) => {
            place_exprs(place, f);
            f(x);
        }
        Effect::Transfer { amount, from, to } => {
            if let Some(a) = amount {
                f(a);
            }
            place_exprs(from, f);
            place_exprs(to, f);
        }
        Effect::Announce(parts) | Effect::Pause(parts) => text_exprs(parts, f),
        Effect::Meld { from, to, chosen, .. } => {
            f(from);
            f(to);
            if let Some(a) = chosen {
                f(a);
            }
        }
    }
}

/// The expressions inside a place (the player or card that picks a slot).
pub(crate) fn place_exprs(p: &mut Place, f: &mut impl FnMut(&mut Expr)) {
    match p {
        Place::Local(_) | Place::Counter(_) => {}
        Place::LocalOf(_, x) | Place::CounterOf(_, x) | Place::CounterOfCard(_, x) => f(x),
    }
}

fn text_exprs(parts: &mut [TextPart], f: &mut impl FnMut(&mut Expr)) {
    for p in parts {
        if let TextPart::Value(x, _) = p {
            f(x);
        }
    }
}

fn domain_exprs(d: &mut Domain, f: &mut impl FnMut(&mut Expr)) {
    match d {
        Domain::Zone(x)
        | Domain::Members(x, _)
        | Domain::Card(x)
        | Domain::Arrangements(x)
        | Domain::AllArrangements(x) => f(x),
        Domain::Range(lo, hi) | Domain::Above(lo, hi) => {
            f(lo);
            f(hi);
        }
        Domain::Subsets(z, lo, hi) => {
            f(z);
            f(lo);
            f(hi);
        }
    }
}

fn choice_exprs(c: &mut Choice, f: &mut impl FnMut(&mut Expr)) {
    match c {
        Choice::One { player, from, filter, prompt, .. } => {
            if let Some(p) = player {
                f(p);
            }
            domain_exprs(from, f);
            if let Some(x) = filter {
                f(x);
            }
            if let Some(p) = prompt {
                text_exprs(p, f);
            }
        }
        Choice::Secret { from, filter, prompt, .. } => {
            domain_exprs(from, f);
            if let Some(x) = filter {
                f(x);
            }
            if let Some(p) = prompt {
                text_exprs(p, f);
            }
        }
        Choice::Menu { player, branches, prompt, .. } => {
            if let Some(p) = player {
                f(p);
            }
            for MenuBranch { label, binds, guard } in branches {
                text_exprs(label, f);
                for b in binds {
                    domain_exprs(&mut b.from, f);
                    if let Some(x) = &mut b.filter {
                        f(x);
                    }
                }
                if let Some(g) = guard {
                    f(g);
                }
            }
            if let Some(p) = prompt {
                text_exprs(p, f);
            }
        }
        // issue 43: open timing's kinds of claim, as a menu's branches.
        Choice::Open { branches, prompt, .. } => {
            for MenuBranch { label, binds, guard } in branches {
                text_exprs(label, f);
                for b in binds {
                    domain_exprs(&mut b.from, f);
                    if let Some(x) = &mut b.filter {
                        f(x);
                    }
                }
                if let Some(g) = guard {
                    f(g);
                }
            }
            if let Some(p) = prompt {
                text_exprs(p, f);
            }
        }
    }
}

/// The body of [`children`] and [`children_mut`], one match for both: `$iter` and `$exprs` are
/// the read-only or the mutable iterators.
macro_rules! each_child {
    ($e:expr, $f:ident, $iter:ident, $exprs:ident) => {
        match $e {
            Expr::Const(_)
            | Expr::Local(_)
            | Expr::Counter(_)
            | Expr::Param(_)
            | Expr::PositionSeen
            | Expr::FnLocal(_) => {}
            Expr::LocalOf(_, x)
            | Expr::CounterOf(_, x)
            | Expr::CounterOfCard(_, x)
            | Expr::ZoneOf(_, x)
            | Expr::FaceUp(x, _)
            | Expr::Top(x)
            | Expr::Bottom(x)
            | Expr::Count(x)
            | Expr::IsEmpty(x)
            | Expr::Opponent(x)
            | Expr::Prop(x, _)
            | Expr::OrderOf(_, x)
            | Expr::MemberRank(_, x)
            | Expr::Not(x)
            | Expr::Neg(x)
            | Expr::Seat(x)
            | Expr::Team(x)
            | Expr::TeamLead(x)
            | Expr::MemberAt(x)
            | Expr::MemberStep(x, ..)
            | Expr::PlayerAt(x)
            | Expr::Around(x, _)
            | Expr::IsNone(x) => $f(x),
            Expr::ZoneAt { key, .. } => $f(key),
            Expr::ZoneOfRow { owner, key, .. } => {
                $f(owner);
                if let Some(k) = key {
                    $f(k);
                }
            }
            Expr::Hand(_, z, _) => $f(z),
            Expr::Run(call) => call.args.$iter().for_each(&mut $f),
            Expr::Joined(parts) => parts.$iter().for_each(&mut $f),
            Expr::Deadwood(z, without) => {
                $f(z);
                if let Some(w) = without {
                    $f(w);
                }
            }
            Expr::Binary(_, l, r) | Expr::CardAt(l, r) => {
                $f(l);
                $f(r);
            }
            Expr::If(c, t, o) => {
                $f(c);
                $f(t);
                $f(o);
            }
            Expr::Builtin(_, xs) | Expr::SetOf(xs) => xs.$iter().for_each($f),
            Expr::CardTable(t) => t.args.$iter().for_each($f),
            Expr::Each(_) => {}
            Expr::Aggregate(a) => {
                a.over.$exprs().for_each(&mut $f);
                a.value.$iter().chain(a.cond.$iter()).for_each($f);
            }
        }
    };
}

/// Calls `f` on each direct sub-expression of `e`.
pub(crate) fn children_mut(e: &mut Expr, mut f: impl FnMut(&mut Expr)) {
    each_child!(e, f, iter_mut, exprs_mut)
}

/// Calls `f` on each direct sub-expression of `e`, read only.
pub(crate) fn children(e: &Expr, mut f: impl FnMut(&Expr)) {
    each_child!(e, f, iter, exprs)
}

/// The number of nodes of an expression.
pub(crate) fn size(e: &Expr) -> usize {
    let mut n = 1;
    children(e, |c| n += size(c));
    n
}

/// Whether a block has a `break` that leaves the loop the block is the body of (one not inside
/// a loop of its own).
pub(crate) fn breaks_out(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Break => true,
        Stmt::If(_, t, o) => breaks_out(t) || breaks_out(o),
        Stmt::Menu { bodies, otherwise, .. } => bodies.iter().any(|b| breaks_out(b)) || breaks_out(otherwise),
        _ => false,
    })
}

/// Whether a block writes local `slot` (a `set` or a `transfer` into it).
pub(crate) fn writes_local(stmts: &[Stmt], slot: u16) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Effect(Effect::Assign(Place::Local(x), _)) => *x == slot,
        Stmt::Effect(Effect::Transfer { from, to, .. }) => {
            matches!(from, Place::Local(x) if *x == slot) || matches!(to, Place::Local(x) if *x == slot)
        }
        // A copied call writes its parameters, from `base`, and what its body writes.
        Stmt::Inlined { base, args, body, .. } => {
            (*base..base.saturating_add(args.len() as u16)).contains(&slot) || writes_local(body, slot)
        }
        _ => any_block(s, |b| writes_local(b, slot)),
    })
}

/// Calls `f` on each block nested directly in a statement, in order: an `if`'s two branches, a
/// loop's body, a menu's bodies then its `otherwise`, a copied call's body.
pub(crate) fn blocks(s: &Stmt, mut f: impl FnMut(&[Stmt])) {
    match s {
        Stmt::If(_, t, o) => {
            f(t);
            f(o);
        }
        Stmt::While(_, b)
        | Stmt::Repeat { body: b, .. }
        | Stmt::ForPlayer { body: b, .. }
        | Stmt::ForRange { body: b, .. }
        | Stmt::ForCard { body: b, .. }
        | Stmt::Inlined { body: b, .. } => f(b),
        Stmt::Menu { bodies, otherwise, .. } => {
            bodies.iter().for_each(|b| f(b));
            f(otherwise);
        }
        Stmt::Effect(_) | Stmt::Return | Stmt::Break | Stmt::End(_) | Stmt::Choose(_) | Stmt::Call(..) => {}
    }
}

/// [`blocks`], mutably.
pub(crate) fn blocks_mut(s: &mut Stmt, mut f: impl FnMut(&mut Vec<Stmt>)) {
    match s {
        Stmt::If(_, t, o) => {
            f(t);
            f(o);
        }
        Stmt::While(_, b)
        | Stmt::Repeat { body: b, .. }
        | Stmt::ForPlayer { body: b, .. }
        | Stmt::ForRange { body: b, .. }
        | Stmt::ForCard { body: b, .. }
        | Stmt::Inlined { body: b, .. } => f(b),
        Stmt::Menu { bodies, otherwise, .. } => {
            bodies.iter_mut().for_each(&mut f);
            f(otherwise);
        }
        Stmt::Effect(_) | Stmt::Return | Stmt::Break | Stmt::End(_) | Stmt::Choose(_) | Stmt::Call(..) => {}
    }
}

/// Whether `f` holds for some block nested directly in a statement (the first that does ends
/// the search).
pub(crate) fn any_block(s: &Stmt, mut f: impl FnMut(&[Stmt]) -> bool) -> bool {
    let mut any = false;
    blocks(s, |b| any = any || f(b));
    any
}
