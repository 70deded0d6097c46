//! Inlining a function without statements: its parameters replaced by the argument expressions.

use super::ir::*;

/// Replaces function parameters by the argument expressions.
pub(crate) fn substitute(e: Expr, args: &[Expr]) -> Expr {
    let s = |b: Box<Expr>| Box::new(substitute(*b, args));
    match e {
        Expr::Param(i) => args.get(i as usize).cloned().unwrap_or(Expr::Const(Value::None)),
        Expr::Const(_) | Expr::Local(_) | Expr::Counter(_) | Expr::PositionSeen | Expr::FnLocal(_) => e,
        Expr::Run(mut call) => {
            call.args = call.args.into_iter().map(|a| substitute(a, args)).collect();
            Expr::Run(call)
        }
        Expr::LocalOf(b, p) => Expr::LocalOf(b, s(p)),
        Expr::CounterOf(b, p) => Expr::CounterOf(b, s(p)),
        Expr::CounterOfCard(b, c) => Expr::CounterOfCard(b, s(c)),
        Expr::Hand(h, z, strength) => Expr::Hand(h, s(z), strength),
        Expr::ZoneOf(b, p) => Expr::ZoneOf(b, s(p)),
        Expr::ZoneAt { first, lo, count, key } => Expr::ZoneAt { first, lo, count, key: s(key) },
        Expr::FaceUp(x, up) => Expr::FaceUp(s(x), up),
        Expr::Top(x) => Expr::Top(s(x)),
        Expr::Bottom(x) => Expr::Bottom(s(x)),
        Expr::Count(x) => Expr::Count(s(x)),
        Expr::IsEmpty(x) => Expr::IsEmpty(s(x)),
        Expr::Opponent(x) => Expr::Opponent(s(x)),
        Expr::Prop(x, p) => Expr::Prop(s(x), p),
        Expr::OrderOf(o, x) => Expr::OrderOf(o, s(x)),
        Expr::MemberRank(o, x) => Expr::MemberRank(o, s(x)),
        Expr::Deadwood(z, c) => Expr::Deadwood(s(z), c.map(s)),
        Expr::Binary(op, a, b) => Expr::Binary(op, s(a), s(b)),
        Expr::Not(x) => Expr::Not(s(x)),
        Expr::Neg(x) => Expr::Neg(s(x)),
        Expr::If(c, t, o) => Expr::If(s(c), s(t), s(o)),
        Expr::IsNone(x) => Expr::IsNone(s(x)),
        Expr::Builtin(b, xs) => Expr::Builtin(b, xs.into_iter().map(|x| substitute(x, args)).collect()),
        Expr::SetOf(xs) => Expr::SetOf(xs.into_iter().map(|x| substitute(x, args)).collect()),
        Expr::CardTable(mut t) => {
            t.args = t.args.into_iter().map(|x| substitute(x, args)).collect();
            Expr::CardTable(t)
        }
        Expr::Each(_) => e,
        Expr::Seat(p) => Expr::Seat(s(p)),
        Expr::Team(p) => Expr::Team(s(p)),
        Expr::TeamLead(p) => Expr::TeamLead(s(p)),
        Expr::MemberAt(k) => Expr::MemberAt(s(k)),
        Expr::MemberStep(m, n, forward) => Expr::MemberStep(s(m), n, forward),
        Expr::CardAt(z, k) => Expr::CardAt(s(z), s(k)),
        Expr::PlayerAt(k) => Expr::PlayerAt(s(k)),
        Expr::Around(p, n) => Expr::Around(s(p), n),
        Expr::Aggregate(mut a) => {
            a.over = match a.over {
                AggOver::Cards(z) => AggOver::Cards(substitute(z, args)),
                AggOver::After(p) => AggOver::After(substitute(p, args)),
                AggOver::Subsets { zone, lo, hi } => AggOver::Subsets {
                    zone: substitute(zone, args),
                    lo: substitute(lo, args),
                    hi: substitute(hi, args),
                },
                AggOver::Players => AggOver::Players,
                AggOver::Members(n) => AggOver::Members(n),
            };
            a.value = a.value.map(|x| substitute(x, args));
            a.cond = a.cond.map(|x| substitute(x, args));
            Expr::Aggregate(a)
        }
    }
}
