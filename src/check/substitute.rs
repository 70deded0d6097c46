//! Inlining a function without statements: its parameters replaced by the argument expressions.
//! The body is checked once ([`Inlined`]) and written out at every call, within a budget.

use super::ir::*;
use crate::check::ir::walk::{children, children_mut};

/// The most parts (expression nodes) calls may write out in one program, all calls together:
/// the seed games write out under 20,000; a function calling another twice, which calls another
/// twice, doubles at each level and would otherwise run the checker out of time and memory.
pub const INLINE_BUDGET: u64 = 2_000_000;

/// A function without statements, checked once: its body (parameters as [`Expr::Param`]) and
/// what writing it out costs.
#[derive(Debug)]
pub(crate) struct Inlined {
    /// The checked body.
    body: Expr,
    /// The keys of the body's aggregates (those of routines it calls aside), in increasing order.
    pub keys: Vec<u32>,
    /// Its parts.
    size: u64,
    /// Its depth, and the deepest any parameter sits in it.
    depth: usize,
    param_depth: usize,
    /// How many times each parameter is read.
    uses: Vec<u64>,
}

impl Inlined {
    /// Measures a checked body of a function of `params` parameters.
    pub(crate) fn new(body: Expr, params: usize) -> Inlined {
        let mut keys = Vec::new();
        let mut uses = vec![0u64; params];
        let mut param_depth = 0;
        let (size, depth) = measure(&body, 1, &mut |e, at| match e {
            Expr::Aggregate(a) => keys.push(a.key),
            Expr::Param(i) => {
                if let Some(n) = uses.get_mut(*i as usize) {
                    *n += 1;
                }
                param_depth = param_depth.max(at);
            }
            _ => {}
        });
        keys.sort_unstable();
        keys.dedup();
        Inlined { body, keys, size, depth, param_depth, uses }
    }

    /// The depth of the body written out with these arguments (at most).
    pub(crate) fn depth_with(&self, args: &[Expr]) -> usize {
        let deepest = args.iter().map(|a| measure(a, 1, &mut |_, _| {}).1).max().unwrap_or(0);
        match self.uses.iter().any(|n| *n > 0) {
            true => self.depth.max(self.param_depth + deepest),
            false => self.depth,
        }
    }

    /// The parts of the body written out with these arguments.
    pub(crate) fn size_with(&self, args: &[Expr]) -> u64 {
        let mut size = self.size;
        for (uses, a) in self.uses.iter().zip(args) {
            let parts = measure(a, 1, &mut |_, _| {}).0;
            size = size.saturating_add(uses.saturating_mul(parts.saturating_sub(1)));
        }
        size
    }

    /// The body with the arguments in place of the parameters; with `first`, its aggregates
    /// given the keys from `first` on, in the order of their own.
    pub(crate) fn write_out(&self, args: &[Expr], first: Option<u32>) -> Expr {
        let mut body = self.body.clone();
        if let Some(first) = first {
            rekey(&mut body, &self.keys, first);
        }
        substitute(body, args)
    }
}

/// The parts and the depth of `e` (at depth `at`), calling `seen` on each part and its depth.
/// Routines called are not looked into: they run on frames of their own.
fn measure(e: &Expr, at: usize, seen: &mut impl FnMut(&Expr, usize)) -> (u64, usize) {
    seen(e, at);
    let (mut size, mut depth) = (1u64, at);
    children(e, |c| {
        let (s, d) = measure(c, at + 1, seen);
        size = size.saturating_add(s);
        depth = depth.max(d);
    });
    (size, depth)
}

/// Gives the aggregates of `e` whose keys are in `keys` (sorted) the key `first + position`.
fn rekey(e: &mut Expr, keys: &[u32], first: u32) {
    let new = |k: u32| keys.binary_search(&k).ok().map(|i| first.saturating_add(i as u32));
    match e {
        Expr::Aggregate(a) => {
            if let Some(k) = new(a.key) {
                a.key = k;
            }
        }
        Expr::Each(k) => {
            if let Some(n) = new(*k) {
                *k = n;
            }
        }
        _ => {}
    }
    children_mut(e, |c| rekey(c, keys, first));
}

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
        Expr::Joined(parts) => Expr::Joined(parts.into_iter().map(|p| substitute(p, args)).collect()),
        Expr::ZoneOf(b, p) => Expr::ZoneOf(b, s(p)),
        Expr::ZoneAt { first, lo, count, key } => Expr::ZoneAt { first, lo, count, key: s(key) },
        Expr::ZoneOfRow { first, lo, row, owner, key } => {
            Expr::ZoneOfRow { first, lo, row, owner: s(owner), key: key.map(s) }
        }
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
                AggOver::Range(lo, hi) => AggOver::Range(substitute(lo, args), substitute(hi, args)),
                AggOver::Zones(z) => AggOver::Zones(substitute(z, args)),
                AggOver::Before(p) => AggOver::Before(substitute(p, args)),
            };
            a.value = a.value.map(|x| substitute(x, args));
            a.cond = a.cond.map(|x| substitute(x, args));
            Expr::Aggregate(a)
        }
    }
}
