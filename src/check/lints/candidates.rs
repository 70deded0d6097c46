//! What `empty_choice` knows of a choice's candidates before the game starts: the least and the
//! most a whole number can be (numbers, options, `player_count`, counts, counters that never go
//! below zero), the members of an enum, whether a `where` always leaves a candidate of a domain
//! that has one, and a `where` with the functions it calls expanded (as the checker expands
//! them where they are used).
//!
//! A name means what the checker index says it means ([`Facts::may_mean`], by the span it is
//! written at): a local called like an option, a counter, an enum or `player_count` is that
//! local, and the choice's own name is its declaration, not another name of the same text.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::facts::{each_stmt, Facts};
use crate::check::index::{DeclKind, Meaning};
use crate::syntax::ast::{BinOp, Domain, Expr, ExprKind, Item, Name, ProcedureDecl, Span, StmtKind, UnOp};
use crate::syntax::lets::replace;

/// How deep calls are expanded (a function calling a function calling ...).
const EXPAND_DEPTH: usize = 8;

/// The kinds of declaration a counter's name means.
const COUNTERS: &[DeclKind] = &[DeclKind::Counter, DeclKind::Variable];

/// The least and the most a number can be, when known.
pub(crate) type Bounds = (Option<i64>, Option<i64>);

/// What is known of numbers and enums before the game starts, for one set of rules.
pub(crate) struct Known<'f, 'a> {
    facts: &'f Facts<'a>,
    /// The fewest and the most players.
    seats: (i64, i64),
    /// Counters (and variables) declared by the game, by name.
    globals: HashSet<&'a str>,
    /// Counters that never go below zero.
    nonneg: HashSet<&'a str>,
    /// Each enum's members, by the enum's name.
    enums: HashMap<&'a str, Vec<&'a str>>,
    /// The expressions written out so far ([`Known::expand`]), by their address in the rules.
    expanded: RefCell<HashMap<*const Expr, Rc<Expr>>>,
}

impl<'f, 'a> Known<'f, 'a> {
    /// Gathers what is known from the declarations in force.
    pub fn new(facts: &'f Facts<'a>, items: &'a [Item]) -> Known<'f, 'a> {
        let mut seats = (i64::from(facts.players), i64::from(facts.players));
        if let Some(p) = facts.program {
            seats = (i64::from(p.seats.0), i64::from(p.seats.1));
        }
        let mut k = Known {
            facts,
            seats,
            globals: HashSet::new(),
            nonneg: HashSet::new(),
            enums: HashMap::new(),
            expanded: RefCell::new(HashMap::new()),
        };
        let mut counters: Vec<(&'a str, &'a Expr)> = Vec::new();
        for item in items {
            match item {
                Item::Counter(c) => {
                    k.globals.insert(&c.name.text);
                    counters.push((&c.name.text, &c.init));
                }
                Item::Enum(e) => {
                    k.enums
                        .entry(&e.name.text)
                        .or_insert_with(|| e.members.iter().map(|m| m.name.text.as_str()).collect());
                }
                _ => {}
            }
        }
        // The counters that never go below zero: start from every counter that starts at zero or
        // more, and drop those a change can take below zero until none is dropped.
        k.nonneg = counters.iter().filter(|(_, init)| k.bounds(init).0.is_some_and(|l| l >= 0)).map(|c| c.0).collect();
        loop {
            let drop: Vec<&'a str> = k.nonneg.iter().copied().filter(|c| !k.stays_nonneg(c)).collect();
            if drop.is_empty() {
                break;
            }
            for c in drop {
                k.nonneg.remove(c);
            }
        }
        k
    }

    /// Whether no statement of the rules can take counter `c` below zero, if it is not yet: it
    /// is only set to numbers of zero or more, added numbers of zero or more, and subtracted
    /// numbers that are at most what it holds (a number chosen from a range up to it, or zero).
    fn stays_nonneg(&self, c: &str) -> bool {
        let mut ok = true;
        let is_c = |n: &Name| self.facts.is_counter(n.span, &n.text, c);
        for p in &self.facts.procedures {
            each_stmt(&p.body, &mut |s| match &s.kind {
                StmtKind::Set { place, value } | StmtKind::Add { place, value } if is_c(&place.name) => {
                    ok &= self.bounds(value).0.is_some_and(|l| l >= 0);
                }
                StmtKind::Subtract { place, value } if is_c(&place.name) => {
                    ok &= self.at_most(p, value, c, &mut HashSet::new());
                }
                StmtKind::Transfer { amount: Some(value), from, .. } if is_c(&from.name) => {
                    ok &= self.at_most(p, value, c, &mut HashSet::new());
                }
                _ => {}
            });
        }
        ok
    }

    /// Whether the value `v` subtracted from counter `c` in procedure `p` is at most what `c`
    /// holds: zero or less, `c` itself, or a local whose every value is (a number chosen from a
    /// range up to `c`, say).
    fn at_most(&self, p: &ProcedureDecl, v: &Expr, c: &str, seen: &mut HashSet<String>) -> bool {
        let facts = self.facts;
        match &v.kind {
            ExprKind::Int(i) => *i <= 0,
            ExprKind::Of { name, .. } => facts.is_counter(name.span, &name.text, c),
            ExprKind::Name(n) if facts.is_counter(v.span, n, c) => true,
            ExprKind::Name(n) => {
                if !seen.insert(n.clone()) {
                    return true;
                }
                // The statements that give this name a value: those whose name means the same
                // declaration (a `let` of the same text in another block is another name).
                let this = |m: &Name| facts.same_name((v.span, n), (m.span, &m.text));
                let mut ok = true;
                let mut any = false;
                each_stmt(&p.body, &mut |s| match &s.kind {
                    StmtKind::Let { name, value, .. } if this(name) => {
                        any = true;
                        ok &= self.at_most(p, value, c, seen);
                    }
                    StmtKind::Set { place, value } if this(&place.name) && place.of.is_none() => {
                        any = true;
                        ok &= self.at_most(p, value, c, seen);
                    }
                    StmtKind::Add { place, .. } | StmtKind::Subtract { place, .. } if this(&place.name) => ok = false,
                    StmtKind::Choose { var, from, .. } | StmtKind::ChooseSecretly { var, from, .. } if this(var) => {
                        any = true;
                        let up_to_c = match from.to.as_ref() {
                            Some(t) => match &t.kind {
                                ExprKind::Of { name, .. } => facts.is_counter(name.span, &name.text, c),
                                ExprKind::Name(m) => facts.is_counter(t.span, m, c),
                                _ => false,
                            },
                            None => false,
                        };
                        let from_zero = matches!(from.from.kind, ExprKind::Int(i) if i >= 0);
                        ok &= up_to_c && from_zero;
                    }
                    _ => {}
                });
                any && ok
            }
            _ => false,
        }
    }

    /// Whether the counter `c`, named at `span`, is one that never goes below zero (not a local
    /// of its name).
    fn nonneg_at(&self, span: Span, c: &str) -> bool {
        self.nonneg.contains(c) && self.facts.may_mean(span, COUNTERS)
    }

    /// Whether `player_count` written at `span` is the language's count of players: no local
    /// or declaration of the game has that name.
    fn builtin_player_count(&self, span: Span) -> bool {
        match self.facts.meaning(span) {
            Meaning::Decl(_) => false,
            Meaning::Unresolved | Meaning::Unknown => !self.globals.contains("player_count"),
        }
    }

    /// The least and the most a whole number can be.
    pub fn bounds(&self, e: &Expr) -> Bounds {
        self.bounds_in(e, EXPAND_DEPTH)
    }

    fn bounds_in(&self, e: &Expr, depth: usize) -> Bounds {
        let exact = |v: i64| (Some(v), Some(v));
        match &e.kind {
            ExprKind::Int(i) => exact(*i),
            ExprKind::Name(n) => match self.facts.option_at(e) {
                Some((v, _)) => exact(v),
                None if n == "player_count" && self.builtin_player_count(e.span) => {
                    (Some(self.seats.0), Some(self.seats.1))
                }
                None if self.nonneg_at(e.span, n) => (Some(0), None),
                None => (None, None),
            },
            ExprKind::Of { name, .. } if self.nonneg_at(name.span, &name.text) => (Some(0), None),
            ExprKind::Count(_) => (Some(0), None),
            ExprKind::Unary { op: UnOp::Neg, operand } => {
                let (lo, hi) = self.bounds_in(operand, depth);
                (hi.and_then(i64::checked_neg), lo.and_then(i64::checked_neg))
            }
            ExprKind::Binary { op: BinOp::Add, lhs, rhs } => {
                let ((a, b), (c, d)) = (self.bounds_in(lhs, depth), self.bounds_in(rhs, depth));
                (a.zip(c).and_then(|(x, y)| x.checked_add(y)), b.zip(d).and_then(|(x, y)| x.checked_add(y)))
            }
            ExprKind::Binary { op: BinOp::Sub, lhs, rhs } => {
                let ((a, b), (c, d)) = (self.bounds_in(lhs, depth), self.bounds_in(rhs, depth));
                (a.zip(d).and_then(|(x, y)| x.checked_sub(y)), b.zip(c).and_then(|(x, y)| x.checked_sub(y)))
            }
            ExprKind::If { then, otherwise, .. } => {
                let ((a, b), (c, d)) = (self.bounds_in(then, depth), self.bounds_in(otherwise, depth));
                (a.zip(c).map(|(x, y)| x.min(y)), b.zip(d).map(|(x, y)| x.max(y)))
            }
            ExprKind::Call { .. } if depth > 0 => match self.expand_call(e, depth) {
                Some(x) => self.bounds_in(&x, depth - 1),
                None => (None, None),
            },
            _ => (None, None),
        }
    }

    /// Whether the range `lo to hi` always holds a number.
    pub fn never_empty(&self, lo: &Expr, hi: &Expr) -> bool {
        self.facts.same(lo, hi) || matches!((self.bounds(lo).1, self.bounds(hi).0), (Some(a), Some(b)) if a <= b)
    }

    /// The members of the enum a name names, if it names one (not a local of its name).
    pub fn members(&self, e: &Expr) -> Option<&Vec<&'a str>> {
        match &e.kind {
            ExprKind::Name(n) if self.facts.may_mean(e.span, &[DeclKind::Enum]) => self.enums.get(n.as_str()),
            _ => None,
        }
    }

    /// The fewest candidates a domain has, when known: a range's least length, an enum's
    /// members, a set's members as written.
    fn fewest(&self, from: &Domain) -> Option<i64> {
        if let Some(to) = &from.to {
            let (lo, hi) = (self.bounds(&from.from).1?, self.bounds(to).0?);
            return Some((hi - lo + 1).max(0));
        }
        if let Some(m) = self.members(&from.from) {
            return Some(m.len() as i64);
        }
        match &from.from.kind {
            ExprKind::SetLit(xs) => {
                let mut distinct: Vec<&Expr> = Vec::new();
                for x in xs {
                    if !distinct.iter().any(|d| self.facts.same(d, x)) {
                        distinct.push(x);
                    }
                }
                Some(distinct.len() as i64)
            }
            _ => None,
        }
    }

    /// Whether `filter` (said of `var`) always lets a candidate of `from` through, whenever
    /// `from` has one: a part of an `or` that names a candidate surely there (`bid == 0` for a
    /// range from 0, `r == A` for a rank), or nothing but `var != X` tests, fewer of them than
    /// the candidates (a bid that must not make the total: one number left out of six).
    pub fn leaves_one(&self, filter: &Expr, var: &Name, from: &Domain) -> bool {
        // `if C then A else B`: whichever part holds, it lets one through.
        if let ExprKind::If { then, otherwise, .. } = &filter.kind {
            return self.leaves_one(then, var, from) && self.leaves_one(otherwise, var, from);
        }
        let is_var = |e: &Expr| self.is_name(e, var);
        let mut parts = Vec::new();
        split(filter, BinOp::Or, &mut parts);
        let present = |k: &Expr| match (&from.to, self.members(&from.from), &from.from.kind) {
            (Some(to), _, _) => {
                self.never_empty(&from.from, to)
                    && (self.facts.same(k, &from.from)
                        || self.facts.same(k, to)
                        || matches!((self.bounds(k), self.bounds(&from.from).1, self.bounds(to).0),
                            ((Some(a), Some(b)), Some(lo), Some(hi)) if a == b && lo <= a && a <= hi))
            }
            // A member of the enum: written out, or any value of its type (`r == due`, the
            // checker makes both sides one type) that does not read the candidate.
            (None, Some(_), _) => !self.reads(k, var),
            (None, None, ExprKind::SetLit(xs)) => xs.iter().any(|x| self.facts.same(x, k)),
            _ => false,
        };
        let names_one = |e: &Expr| match &e.kind {
            ExprKind::Binary { op: BinOp::Eq, lhs, rhs } if is_var(lhs) => present(rhs),
            ExprKind::Binary { op: BinOp::Eq, lhs, rhs } if is_var(rhs) => present(lhs),
            _ => false,
        };
        if parts.iter().any(|p| names_one(p)) {
            return true;
        }
        let mut tests = Vec::new();
        split(filter, BinOp::And, &mut tests);
        // Each `!=` leaves out one candidate at most when one side is the candidate moved by
        // numbers that do not read it (`last + total != 5`) and the other does not read it.
        let all_ne = tests.iter().all(|t| match &t.kind {
            ExprKind::Binary { op: BinOp::Ne, lhs, rhs } => {
                (self.one_to_one(lhs, var) && !self.reads(rhs, var))
                    || (self.one_to_one(rhs, var) && !self.reads(lhs, var))
            }
            _ => false,
        });
        let never_empty = from.to.as_ref().is_none_or(|to| self.never_empty(&from.from, to));
        all_ne && never_empty && self.fewest(from).is_some_and(|n| n > tests.len() as i64)
    }

    /// An expression with the functions it calls written out, their parameters replaced by the
    /// arguments, as far as `EXPAND_DEPTH` calls deep.
    /// Each expression is written out once (a guard is asked about again for every choice
    /// under it), kept by its address in the rules.
    pub fn expand(&self, e: &Expr) -> Rc<Expr> {
        if let Some(done) = self.expanded.borrow().get(&(e as *const Expr)) {
            return Rc::clone(done);
        }
        let mut out = e.clone();
        self.expand_in(&mut out, EXPAND_DEPTH);
        let out = Rc::new(out);
        self.expanded.borrow_mut().insert(e as *const Expr, Rc::clone(&out));
        out
    }

    fn expand_in(&self, e: &mut Expr, depth: usize) {
        if depth == 0 {
            return;
        }
        if let Some(x) = self.expand_call(e, depth) {
            *e = x;
            return;
        }
        for_each_child(e, &mut |c| self.expand_in(c, depth));
    }

    /// A call written out (its arguments expanded first), or `None` when `e` is not a call to
    /// a function of the rules.
    fn expand_call(&self, e: &Expr, depth: usize) -> Option<Expr> {
        let ExprKind::Call { name, args } = &e.kind else { return None };
        let decl = self.facts.called(name)?;
        if decl.params.len() != args.len() {
            return None;
        }
        let mut body = decl.body.clone();
        // Each parameter first becomes a name nobody can write, so that an argument that reads
        // another parameter's name is not replaced again.
        for (i, p) in decl.params.iter().enumerate() {
            let fresh = Expr { span: p.name.span, kind: ExprKind::Name(format!("'{i}")) };
            replace(&mut body, &p.name.text, &fresh);
        }
        for (i, a) in args.iter().enumerate() {
            let mut arg = a.clone();
            self.expand_in(&mut arg, depth - 1);
            replace(&mut body, &format!("'{i}"), &arg);
        }
        self.expand_in(&mut body, depth - 1);
        Some(body)
    }
}

impl Known<'_, '_> {
    /// Whether `e` is the name `var` (the same declaration, by the index).
    fn is_name(&self, e: &Expr, var: &Name) -> bool {
        matches!(&e.kind, ExprKind::Name(n) if self.facts.same_name((e.span, n), (var.span, &var.text)))
    }

    /// Whether an expression reads the name `var`.
    fn reads(&self, e: &Expr, var: &Name) -> bool {
        self.is_name(e, var) || super::facts::children(e).into_iter().any(|c| self.reads(c, var))
    }

    /// Whether `e` gives each value of `var` a value of its own: `var` itself, moved by numbers
    /// that do not read it (`var + x`, `x - var`, `-var`).
    fn one_to_one(&self, e: &Expr, var: &Name) -> bool {
        match &e.kind {
            ExprKind::Name(_) => self.is_name(e, var),
            ExprKind::Unary { op: UnOp::Neg, operand } => self.one_to_one(operand, var),
            ExprKind::Binary { op: BinOp::Add | BinOp::Sub, lhs, rhs } => {
                (self.one_to_one(lhs, var) && !self.reads(rhs, var))
                    || (self.one_to_one(rhs, var) && !self.reads(lhs, var))
            }
            _ => false,
        }
    }

    /// The zone of `where any x in Z where x.P == var` (or `var == x.P`, or `(count of x in Z
    /// where ...) > 0`): a member that some card of `Z` has, offered whenever `Z` has a card.
    pub fn held_in<'e>(&self, filter: &'e Expr, var: &Name) -> Option<&'e Expr> {
        use crate::syntax::ast::{AggDomain, AggKind};
        let agg = match &filter.kind {
            ExprKind::Aggregate(a) if a.kind == AggKind::Any => a,
            ExprKind::Binary { op: BinOp::Gt, lhs, rhs } if matches!(rhs.kind, ExprKind::Int(0)) => match &lhs.kind {
                ExprKind::Aggregate(a) if a.kind == AggKind::Count => a,
                _ => return None,
            },
            _ => return None,
        };
        let (AggDomain::Expr(zone), Some(cond)) = (&agg.domain, &agg.cond) else { return None };
        let field_of_item =
            |e: &Expr| matches!(&e.kind, ExprKind::Field { target, .. } if self.is_name(target, &agg.var));
        let is_var = |e: &Expr| self.is_name(e, var);
        match &cond.kind {
            ExprKind::Binary { op: BinOp::Eq, lhs, rhs }
                if (field_of_item(lhs) && is_var(rhs)) || (field_of_item(rhs) && is_var(lhs)) =>
            {
                Some(zone)
            }
            _ => None,
        }
    }
}

/// The parts of an `op` (`or`, `and`), however it is grouped.
fn split<'e>(e: &'e Expr, op: BinOp, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary { op: o, lhs, rhs } if *o == op => {
            split(lhs, op, out);
            split(rhs, op, out);
        }
        _ => out.push(e),
    }
}

/// Calls `f` on each expression directly inside `e`.
fn for_each_child(e: &mut Expr, f: &mut impl FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::KeyedOf { key, owner, .. } => {
            f(key);
            f(owner);
        }
        ExprKind::EveryOf { owner, .. } => f(owner),
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
        | ExprKind::Across(x) => f(x),
        ExprKind::SetLit(xs) | ExprKind::Call { args: xs, .. } => xs.iter_mut().for_each(f),
        ExprKind::Of { arg, .. } => f(arg),
        ExprKind::If { cond, then, otherwise } => {
            f(cond);
            f(then);
            f(otherwise);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        ExprKind::Unary { operand, .. } => f(operand),
        ExprKind::Field { target, .. }
        | ExprKind::IsEmpty { target, .. }
        | ExprKind::IsNone { target, .. }
        | ExprKind::IsFaceUp { target, .. } => f(target),
        ExprKind::Strength { zone, .. } => f(zone),
        ExprKind::Deadwood { zone, without } => {
            f(zone);
            if let Some(w) = without {
                f(w);
            }
        }
        ExprKind::CardAt { index, zone } => {
            f(index);
            f(zone);
        }
        ExprKind::Aggregate(a) => {
            a.domain.exprs_mut().for_each(&mut *f);
            a.value.iter_mut().chain(a.cond.iter_mut()).for_each(f);
        }
    }
}
