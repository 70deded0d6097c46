//! `empty_choice`: a choice whose candidates can run out, with no rule for that case.
//!
//! When a choice has no candidate, the engine asks nobody and the chosen name is `none`
//! (`src/engine/choice.rs`). A choice can have none when a `where` may reject every candidate,
//! when it is made from a set that is not written out (a card's `set of` property), from a range whose bounds
//! change during the game, or from a zone that no rule refills during play while the choice
//! comes round again and again (in a `while` loop, or a procedure called from one or calling
//! itself). `{}` and a range like `5 to 1` never have a candidate.
//!
//! The rules have a rule for that case when they test the chosen name with `is none` (or
//! `== none`) after the choice, or, for a choice without `where`, when it is made only under a
//! test of what its candidates come from: an enclosing `if` or `while` (or an earlier `if` that
//! ends the game or returns) whose condition reads the zone, or a name the range or the set is
//! computed from, directly or through local names computed from it.

use std::collections::{BTreeSet, HashMap, HashSet};

use miette::Severity;

use super::candidates::Known;
use super::effects::{Effects, Summaries};
use super::facts::{callees, each_stmt, player_names, show, Facts};
use super::{each_rules, Finding, Lint, LintContext, Shared};
use crate::syntax::ast::{
    AggDomain, AggKind, Aggregate, BinOp, Block, Domain, Expr, ExprKind, Name, ProcedureDecl, Span, Stmt, StmtKind,
    UnOp,
};
use crate::syntax::walk::{self, Visitor};

/// The lint.
pub const LINT: Lint = Lint {
    name: "empty_choice",
    severity: Severity::Warning,
    summary: "a choice that can have no candidate, with no rule for that case (the name is then `none`)",
    run,
};

fn run(_: &LintContext, shared: &[Shared]) -> Vec<Finding> {
    each_rules(shared, check)
}

fn check(shared: &Shared) -> Vec<Finding> {
    let (facts, summaries) = (shared.facts, shared.summaries);
    let known = Known::new(facts, &shared.rules.items);
    let mut during_play = Effects::default();
    for name in facts.playable() {
        during_play.add(&summaries.procedure(name));
    }
    let looping = looping(facts);
    // Twice: first to learn what the guards around each call read, then to judge each choice
    // with what its callers' guards say too.
    let mut callers: HashMap<String, BTreeSet<String>> = HashMap::new();
    // What each procedure's locals are computed from, and its names for players: the same in
    // both passes, so worked out once.
    let locals: Vec<_> = facts.procedures.iter().map(|p| (deps(facts, p), player_names(p))).collect();
    let mut out = Vec::new();
    for pass in 0..2 {
        let mut sites = Vec::new();
        let mut found = Vec::new();
        for (p, (deps, players)) in facts.procedures.iter().zip(&locals) {
            let mut w = Walk {
                facts,
                known: &known,
                summaries,
                procedure: p,
                deps,
                players,
                during_play: &during_play,
                repeated: looping.contains(p.name.text.as_str()),
                in_while: false,
                guards: Vec::new(),
                callers: callers.get(p.name.text.as_str()).cloned().unwrap_or_default(),
                judge: pass == 1,
                sites: &mut sites,
                out: &mut found,
            };
            w.block(&p.body);
        }
        if pass == 0 {
            callers = guarded_calls(facts, &sites);
        } else {
            out = found;
        }
    }
    out
}

/// For each procedure, the names that the guards read at every place it is called from (and at
/// every place those places' procedures are called from): what its callers have tested before
/// calling it. `sites` holds each call: the caller, the callee, and what its guards read.
fn guarded_calls(facts: &Facts, sites: &[(String, String, BTreeSet<String>)]) -> HashMap<String, BTreeSet<String>> {
    fn of(name: &str, sites: &[(String, String, BTreeSet<String>)], seen: &mut Vec<String>) -> BTreeSet<String> {
        if seen.iter().any(|s| s == name) {
            return BTreeSet::new();
        }
        seen.push(name.to_string());
        let mut all: Option<BTreeSet<String>> = None;
        for (caller, _, reads) in sites.iter().filter(|(_, callee, _)| callee == name) {
            let mut here = reads.clone();
            here.extend(of(caller, sites, seen));
            all = Some(match all {
                None => here,
                Some(a) => a.intersection(&here).cloned().collect(),
            });
        }
        seen.pop();
        all.unwrap_or_default()
    }
    facts
        .procedures
        .iter()
        .map(|p| (p.name.text.clone(), of(&p.name.text, sites, &mut Vec::new())))
        .filter(|(_, r)| !r.is_empty())
        .collect()
}

/// Why a choice can have no candidate.
enum Why<'a> {
    /// Its `where` may reject every candidate.
    Filter(&'a Expr),
    /// It never has one: `{}`, or a range whose low end is above its high end.
    Never(Span, String),
    /// A range whose ends change during the game.
    Range(Span),
    /// A set computed during the game.
    Set(&'a Expr),
    /// A zone nothing refills during play, chosen from again and again.
    Drained(&'a str, &'a Expr),
}

struct Walk<'w, 'a> {
    facts: &'w Facts<'a>,
    known: &'w Known<'w, 'a>,
    summaries: &'w Summaries<'w, 'a>,
    procedure: &'a ProcedureDecl,
    /// For each local name, the names its values are computed from (or decided by).
    deps: &'w HashMap<String, BTreeSet<String>>,
    /// The names that stand for players here.
    players: &'w HashSet<&'a str>,
    /// What the rules played after `setup` can change.
    during_play: &'w Effects,
    /// Whether the procedure itself can run again and again.
    repeated: bool,
    in_while: bool,
    /// The conditions the statement being looked at runs under.
    guards: Vec<&'a Expr>,
    /// The names the guards at every call of this procedure read (its callers' tests).
    callers: BTreeSet<String>,
    /// Whether choices are judged (the second pass; the first only learns the calls).
    judge: bool,
    /// Each call met: the caller, the callee, and the names its guards read.
    sites: &'w mut Vec<(String, String, BTreeSet<String>)>,
    out: &'w mut Vec<Finding>,
}

impl<'a> Walk<'_, 'a> {
    fn block(&mut self, b: &'a Block) {
        let mark = self.guards.len();
        for s in &b.stmts {
            self.stmt(s);
            // An `if` that ends the game or returns guards what follows it.
            if let StmtKind::If { cond, .. } = &s.kind {
                if self.summaries.stmt(s).leaves() {
                    self.guards.push(cond);
                }
            }
        }
        self.guards.truncate(mark);
    }

    fn stmt(&mut self, s: &'a Stmt) {
        match &s.kind {
            StmtKind::If { cond, then, otherwise } => {
                self.guards.push(cond);
                self.block(then);
                if let Some(b) = otherwise {
                    self.block(b);
                }
                self.guards.pop();
            }
            StmtKind::While { cond, body } => {
                self.guards.push(cond);
                let was = std::mem::replace(&mut self.in_while, true);
                self.block(body);
                self.in_while = was;
                self.guards.pop();
            }
            StmtKind::Repeat { body, .. }
            | StmtKind::ForPlayer { body, .. }
            | StmtKind::ForCard { body, .. }
            | StmtKind::ForEach { body, .. } => self.block(body),
            StmtKind::Choose { var, from, filter, .. } if self.judge => {
                self.choice(s, var, None, from, filter.as_ref())
            }
            StmtKind::Call { name, args } => {
                let mut reads = self.guard_reads();
                if let Some(callee) = self.facts.procedure(&name.text) {
                    // A parameter given a value the guards test is tested too.
                    for (param, arg) in callee.params.iter().zip(args) {
                        if self.facts.reads(arg).iter().any(|r| reads.contains(r)) {
                            reads.insert(param.name.text.clone());
                        }
                    }
                }
                self.sites.push((self.procedure.name.text.clone(), name.text.clone(), reads));
            }
            StmtKind::ChooseSecretly { player_var, var, from, filter, .. } if self.judge => {
                self.choice(s, var, Some(player_var), from, filter.as_ref())
            }
            _ => {}
        }
    }

    fn choice(&mut self, s: &Stmt, var: &Name, player: Option<&Name>, from: &'a Domain, filter: Option<&'a Expr>) {
        // `arrangements of Z` has no candidate when there is nothing to choose (one arrangement),
        // by design: `meld Z to every R as a` then lays down the search's own.
        if matches!(from.from.kind, ExprKind::Arrangements(_) | ExprKind::AllArrangements(_)) && filter.is_none() {
            return;
        }
        // The functions a `where` calls are expanded where it is used, as the checker does.
        let filter = filter.filter(|f| {
            let f = &self.known.expand(f);
            // `c.suit == led or not any x in Z where x.suit == led`, chosen from Z: whenever a
            // card fails the condition, no card passes its first part, so every card passes the
            // second.
            !falls_back_to_any(f, &var.text, &from.from)
            // `if any c in Z where F(c) { p chooses x from Z where F(x) }`: the guard says one
            // passes.
                && !self.guards.iter().any(|g| some_pass(&self.known.expand(g), f, &var.text, &from.from))
            // `bid == 0 or bid > high` from `0 to coins of p`, `r != A` from `rank`: some
            // candidate passes whenever there is one.
                && !self.known.leaves_one(f, var, from)
        });
        // `p chooses r from rank where any c in hand of p where c.rank == r`: a rank held in the
        // hand, offered whenever the hand has a card, so judged as a choice from the hand.
        let held = match (self.known.members(&from.from), filter) {
            (Some(_), Some(f)) => self.known.held_in(f, var).filter(|z| self.facts.zone(z).is_some()),
            _ => None,
        };
        let why = match held {
            Some(zone) => self.drained(zone),
            None => self.why_empty(from, filter),
        };
        let Some(why) = why else { return };
        let shown = match player {
            Some(p) => format!("{var} of {p}"),
            None => var.text.clone(),
        };
        if !matches!(why, Why::Never(..)) {
            if tests_none(&self.procedure.body, &var.text, s.span.end) || self.passed_to_test(&var.text, s.span.end) {
                return;
            }
            if (filter.is_none() || held.is_some()) && self.guarded(&why, from) {
                return;
            }
        }
        // The choice up to its name ("p chooses c"), or up to what it chooses from.
        let head = Span::new(s.span.start, var.span.end.max(s.span.start));
        let whole = Span::new(s.span.start, from.to.as_ref().unwrap_or(&from.from).span.end.max(s.span.start));
        let finding = match why {
            Why::Filter(f) => Finding {
                message: "the `where` of this choice can leave no candidate, and nothing says what happens then".into(),
                at: (head, format!("`{shown}` is `none` when nothing passes")),
                also: Some((f.span, "may be false for every candidate".into())),
                help: format!(
                    "test `{shown} is none` after the choice and say what happens then (nobody is asked when there is no candidate)"
                ),
            },
            Why::Never(span, what) => Finding {
                message: format!("this choice never has a candidate: {what}"),
                at: (head, format!("`{shown}` is always `none`")),
                also: Some((span, what)),
                help: "give the choice something to choose from".into(),
            },
            Why::Range(span) => Finding {
                message: "the range of this choice can be empty, and nothing says what happens then".into(),
                at: (head, format!("`{shown}` is `none` when the range is empty")),
                also: Some((span, "empty whenever the first number is above the second".into())),
                help: format!(
                    "make the choice only when the range holds a number (an `if` on its ends), or test `{shown} is none` after it"
                ),
            },
            Why::Set(e) => Finding {
                message: "the set this choice is made from can be empty, and nothing says what happens then".into(),
                at: (head, format!("`{shown}` is `none` when the set is empty")),
                also: Some((e.span, "may be `{}`".into())),
                help: format!(
                    "make the choice only when `{}` is not empty, or test `{shown} is none` after it",
                    show(e)
                ),
            },
            Why::Drained(zone, e) => {
                let at_zone = self.facts.zones.get(zone).map(|z| z.decl.name.span);
                Finding {
                    message: format!(
                        "`{}` can run out: nothing puts cards into `{zone}` during play, this choice is made again and again, and nothing says what happens once it is empty",
                        show(e)
                    ),
                    at: (whole, format!("`{shown}` is `none` once `{}` is empty", show(e))),
                    also: at_zone.map(|sp| (sp, "never refilled after `setup`".into())),
                    help: format!(
                        "make the choice only while `{} is not empty`, or test `{shown} is none` after it",
                        show(e)
                    ),
                }
            }
        };
        self.out.push(finding);
    }

    /// Whether the chosen name (or `var of p`) is passed, after byte `after`, to a procedure
    /// that tests that parameter for `none`.
    fn passed_to_test(&self, var: &str, after: usize) -> bool {
        let mut found = false;
        each_stmt(&self.procedure.body, &mut |s| {
            let StmtKind::Call { name, args } = &s.kind else { return };
            let Some(callee) = self.facts.procedure(&name.text) else { return };
            if s.span.start < after {
                return;
            }
            for (param, arg) in callee.params.iter().zip(args) {
                let is_var = match &arg.kind {
                    ExprKind::Name(n) => n == var,
                    ExprKind::Of { name, .. } => name.text == var,
                    _ => false,
                };
                found |= is_var && tests_none(&callee.body, &param.name.text, 0);
            }
        });
        found
    }

    /// Whether a zone can run out where the choice is made: nothing refills it during play,
    /// and the choice is made again and again.
    fn drained(&self, zone: &'a Expr) -> Option<Why<'a>> {
        let z = self.facts.zone(zone)?;
        let refilled = self.during_play.fills_any || self.during_play.filled.contains(z.name);
        let again = self.in_while || self.repeated;
        let name = self.facts.zones.get_key_value(z.name).map(|(k, _)| *k)?;
        (!refilled && again).then_some(Why::Drained(name, zone))
    }

    /// Why the choice can have no candidate, if it can.
    fn why_empty(&self, from: &'a Domain, filter: Option<&'a Expr>) -> Option<Why<'a>> {
        let or_filter = |why: Option<Why<'a>>| match filter {
            Some(f) => Some(Why::Filter(f)),
            None => why,
        };
        if let Some(to) = &from.to {
            let span = Span::new(from.from.span.start, to.span.end);
            return match (self.facts.const_int(&from.from), self.facts.const_int(to)) {
                (Some(lo), Some(hi)) if hi < lo => Some(Why::Never(span, format!("{lo} to {hi} holds no number"))),
                (Some(_), Some(_)) => or_filter(None),
                // `1 to player_count`, `0 to coins of p` (coins never below zero).
                _ if self.known.never_empty(&from.from, to) => or_filter(None),
                _ => or_filter(Some(Why::Range(span))),
            };
        }
        match &from.from.kind {
            ExprKind::SetLit(xs) if xs.is_empty() => Some(Why::Never(from.from.span, "the set `{}` is empty".into())),
            ExprKind::SetLit(_) => or_filter(None),
            // `p chooses r from rank where ...`: an enum has members, but the `where` may pass none.
            _ if self.known.members(&from.from).is_some() => or_filter(None),
            _ => match self.facts.zone(&from.from) {
                Some(_) => or_filter(self.drained(&from.from)),
                // A local name holds a zone or a set: which one is not known here.
                None if matches!(from.from.kind, ExprKind::Name(_)) => None,
                None => or_filter(Some(Why::Set(&from.from))),
            },
        }
    }

    /// Whether the choice is made only under a test of what its candidates come from.
    fn guarded(&self, why: &Why, from: &Domain) -> bool {
        let mut keys: BTreeSet<String> = match why {
            Why::Drained(zone, _) => return self.guard_reads().contains(*zone) || self.callers.contains(*zone),
            Why::Range(_) | Why::Set(_) => {
                let mut k = self.facts.reads_changing(&from.from);
                if let Some(to) = &from.to {
                    k.extend(self.facts.reads_changing(to));
                }
                k
            }
            Why::Filter(_) | Why::Never(..) => return false,
        };
        keys.retain(|k| !self.players.contains(k.as_str()));
        let reads = self.guard_reads();
        keys.iter().any(|k| reads.contains(k) || self.callers.contains(k))
    }

    /// The names the guards read, and the names the locals among them are computed from.
    fn guard_reads(&self) -> BTreeSet<String> {
        let mut out: BTreeSet<String> = BTreeSet::new();
        let mut todo: Vec<String> = self.guards.iter().flat_map(|g| self.facts.reads(g)).collect();
        while let Some(n) = todo.pop() {
            if let Some(more) = self.deps.get(&n) {
                if !out.contains(&n) {
                    todo.extend(more.iter().cloned());
                }
            }
            out.insert(n);
        }
        out
    }
}

/// For each local name of a procedure, the names its values are computed from and the names
/// the conditions it is set under read.
fn deps(facts: &Facts, p: &ProcedureDecl) -> HashMap<String, BTreeSet<String>> {
    fn collect<'a>(
        b: &'a Block,
        conds: &mut Vec<&'a Expr>,
        facts: &Facts,
        out: &mut HashMap<String, BTreeSet<String>>,
    ) {
        for s in &b.stmts {
            let mut set = |name: &str, from: &[&Expr]| {
                let entry = out.entry(name.to_string()).or_default();
                for e in from.iter().chain(conds.iter()) {
                    entry.extend(facts.reads(e));
                }
            };
            match &s.kind {
                StmtKind::Let { name, value, .. } => set(&name.text, &[value]),
                StmtKind::Set { place, value }
                | StmtKind::Add { value, place }
                | StmtKind::Subtract { value, place } => set(&place.name.text, &[value]),
                StmtKind::Choose { var, from, filter, .. } | StmtKind::ChooseSecretly { var, from, filter, .. } => {
                    let mut es: Vec<&Expr> = vec![&from.from];
                    es.extend(from.to.iter());
                    es.extend(filter.iter());
                    set(&var.text, &es)
                }
                StmtKind::ForCard { var, zone, .. } | StmtKind::ForEach { var, domain: AggDomain::Expr(zone), .. } => {
                    set(&var.text, &[zone])
                }
                _ => {}
            }
            match &s.kind {
                StmtKind::If { cond, then, otherwise } => {
                    conds.push(cond);
                    collect(then, conds, facts, out);
                    if let Some(o) = otherwise {
                        collect(o, conds, facts, out);
                    }
                    conds.pop();
                }
                StmtKind::While { cond, body } => {
                    conds.push(cond);
                    collect(body, conds, facts, out);
                    conds.pop();
                }
                StmtKind::Repeat { body, .. }
                | StmtKind::ForPlayer { body, .. }
                | StmtKind::ForCard { body, .. }
                | StmtKind::ForEach { body, .. } => collect(body, conds, facts, out),
                _ => {}
            }
        }
    }
    let mut out = HashMap::new();
    collect(&p.body, &mut Vec::new(), facts, &mut out);
    out
}

/// Whether the body tests `var` (or `var of p`) for `none` after byte `after`.
fn tests_none(body: &Block, var: &str, after: usize) -> bool {
    struct Find<'v> {
        var: &'v str,
        after: usize,
        found: bool,
    }
    impl Find<'_> {
        fn is_var(&self, e: &Expr) -> bool {
            match &e.kind {
                ExprKind::Name(n) => n == self.var,
                ExprKind::Of { name, .. } => name.text == self.var,
                _ => false,
            }
        }
    }
    impl Visitor for Find<'_> {
        fn expr(&mut self, e: &Expr) {
            if e.span.start < self.after {
                return;
            }
            self.found |= match &e.kind {
                ExprKind::IsNone { target, .. } => self.is_var(target),
                ExprKind::Binary { op: BinOp::Eq | BinOp::Ne, lhs, rhs } => {
                    (self.is_var(lhs) && matches!(rhs.kind, ExprKind::None))
                        || (self.is_var(rhs) && matches!(lhs.kind, ExprKind::None))
                }
                _ => false,
            };
        }
    }
    let mut f = Find { var, after, found: false };
    walk::block(&mut f, body);
    f.found
}

/// The procedures that can run again and again: called from inside a `while` loop, or calling
/// themselves, or called by such a procedure.
fn looping<'a>(facts: &Facts<'a>) -> HashSet<&'a str> {
    let calls: HashMap<&str, Vec<&str>> = facts
        .procedures
        .iter()
        .map(|p| (p.name.text.as_str(), callees(&p.body).into_iter().map(|n| n.text.as_str()).collect()))
        .collect();
    let reach = |from: &str| -> HashSet<&str> {
        let mut seen: HashSet<&str> = HashSet::new();
        let mut todo: Vec<&str> = calls.get(from).cloned().unwrap_or_default();
        while let Some(n) = todo.pop() {
            if seen.insert(n) {
                todo.extend(calls.get(n).cloned().unwrap_or_default());
            }
        }
        seen
    };
    let mut seeds: Vec<&str> = Vec::new();
    for p in &facts.procedures {
        if reach(&p.name.text).contains(p.name.text.as_str()) {
            seeds.push(&p.name.text);
        }
        each_stmt(&p.body, &mut |s| {
            if let StmtKind::While { body, .. } = &s.kind {
                seeds.extend(callees(body).into_iter().map(|n| n.text.as_str()));
            }
        });
    }
    let mut out: HashSet<&str> = HashSet::new();
    for s in seeds {
        out.insert(s);
        out.extend(reach(s));
    }
    out.into_iter().filter_map(|n| facts.procedure(n).map(|p| p.name.text.as_str())).collect()
}

/// Whether a `where` lets every candidate through when none passes its own test: among the
/// parts of an `or` (any number, in any order), a test `A` of the chosen name and a part that
/// holds when no card of `Z` passes it: `not (any x in Z where B)`, `(count of x in Z where B)
/// == 0`, or `all x in Z where not B` (`not` written out, or the comparison turned round:
/// `x.suit == spades` for `A` = `c.suit != spades`), where `Z` is what the choice is made from
/// and `B` is `A` said of `x`. Other parts only let more cards through.
fn falls_back_to_any(filter: &Expr, var: &str, from: &Expr) -> bool {
    // The tests: every `or` of the tree and every part (`A or B or N`: `A`, `B` and `A or B`);
    // a part that holds when none passes must lie outside the test it is said of.
    let mut tests = Vec::new();
    or_nodes(filter, &mut tests);
    let mut parts = Vec::new();
    disjuncts(filter, &mut parts);
    let none_pass = |e: &Expr, test: &Expr| match &e.kind {
        ExprKind::Unary { op: UnOp::Not, operand } => match &operand.kind {
            ExprKind::Aggregate(a) if a.kind == AggKind::Any => asks_the_same(a, test, var, from),
            _ => false,
        },
        ExprKind::Binary { op: BinOp::Eq, lhs, rhs } if matches!(rhs.kind, ExprKind::Int(0)) => match &lhs.kind {
            ExprKind::Aggregate(a) if a.kind == AggKind::Count => asks_the_same(a, test, var, from),
            _ => false,
        },
        ExprKind::Aggregate(a) if a.kind == AggKind::All => asks_the_same(a, &negated(test), var, from),
        _ => false,
    };
    let within = |part: &Expr, test: &Expr| {
        let mut inside = Vec::new();
        disjuncts(test, &mut inside);
        inside.iter().any(|x| std::ptr::eq(*x, part))
    };
    parts.iter().any(|n| tests.iter().any(|a| !within(n, a) && none_pass(n, a)))
}

/// Every node of an `or` tree: the `or`s and their parts.
fn or_nodes<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    out.push(e);
    if let ExprKind::Binary { op: BinOp::Or, lhs, rhs } = &e.kind {
        or_nodes(lhs, out);
        or_nodes(rhs, out);
    }
}

/// The parts of an `or`, however it is grouped.
fn disjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary { op: BinOp::Or, lhs, rhs } => {
            disjuncts(lhs, out);
            disjuncts(rhs, out);
        }
        _ => out.push(e),
    }
}

/// A test that holds exactly when `test` does not: a comparison turned round, `is none` and `is
/// not none` swapped, a `not` taken off, or else `not (test)`.
fn negated(test: &Expr) -> Expr {
    let turned = |op: BinOp| match op {
        BinOp::Eq => Some(BinOp::Ne),
        BinOp::Ne => Some(BinOp::Eq),
        BinOp::Lt => Some(BinOp::Ge),
        BinOp::Ge => Some(BinOp::Lt),
        BinOp::Gt => Some(BinOp::Le),
        BinOp::Le => Some(BinOp::Gt),
        _ => None,
    };
    let kind = match &test.kind {
        ExprKind::Unary { op: UnOp::Not, operand } => return (**operand).clone(),
        ExprKind::Binary { op, lhs, rhs } if turned(*op).is_some() => {
            ExprKind::Binary { op: turned(*op).unwrap_or(*op), lhs: lhs.clone(), rhs: rhs.clone() }
        }
        ExprKind::IsNone { target, negated } => ExprKind::IsNone { target: target.clone(), negated: !negated },
        _ => ExprKind::Unary { op: UnOp::Not, operand: Box::new(test.clone()) },
    };
    Expr { kind, ..test.clone() }
}

/// Whether a guard says some card of `from` passes `test` (said of `var`): `any x in Z where B`,
/// or `(count of x in Z where B) > 0`, with `Z` the same zone and `B` the same test said of `x`
/// (also as one side of an `and`).
fn some_pass(guard: &Expr, test: &Expr, var: &str, from: &Expr) -> bool {
    let agg = match &guard.kind {
        ExprKind::Aggregate(a) if a.kind == AggKind::Any => a,
        ExprKind::Binary { op: BinOp::Gt, lhs, rhs } if matches!(rhs.kind, ExprKind::Int(0)) => match &lhs.kind {
            ExprKind::Aggregate(a) if a.kind == AggKind::Count => a,
            _ => return false,
        },
        ExprKind::Binary { op: BinOp::And, lhs, rhs } => {
            return some_pass(lhs, test, var, from) || some_pass(rhs, test, var, from);
        }
        _ => return false,
    };
    asks_the_same(agg, test, var, from)
}

/// Whether an aggregate goes over `from` with the condition `test` (said of its own item instead
/// of `var`).
fn asks_the_same(agg: &Aggregate, test: &Expr, var: &str, from: &Expr) -> bool {
    let (AggDomain::Expr(zone), Some(cond)) = (&agg.domain, &agg.cond) else { return false };
    show(zone) == show(from) && show(&renamed(cond, &agg.var.text, var)) == show(test)
}

/// An expression with every name `from` written `to`.
fn renamed(e: &Expr, from: &str, to: &str) -> Expr {
    let mut out = e.clone();
    fn walk(e: &mut Expr, from: &str, to: &str) {
        match &mut e.kind {
            ExprKind::Name(n) if n == from => *n = to.to_string(),
            ExprKind::Field { target, .. } => walk(target, from, to),
            ExprKind::Of { arg, .. } => walk(arg, from, to),
            ExprKind::Binary { lhs, rhs, .. } => {
                walk(lhs, from, to);
                walk(rhs, from, to);
            }
            ExprKind::Unary { operand, .. } => walk(operand, from, to),
            ExprKind::IsNone { target, .. } | ExprKind::IsFaceUp { target, .. } => walk(target, from, to),
            ExprKind::Call { args, .. } => args.iter_mut().for_each(|a| walk(a, from, to)),
            _ => {}
        }
    }
    walk(&mut out, from, to);
    out
}
