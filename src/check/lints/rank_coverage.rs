//! `rank_coverage`: a rank order used on a card it does not rank, which gives `none` (and every
//! comparison with `none` is false).
//!
//! An order over property P does not rank a card whose P is `none` (a card its `cards`
//! declaration gives no P) or a member of P's enum the order leaves out. The
//! lint follows cards from the zones that hold them through every `move` and `deal` to find
//! which cards can lie in each zone, and what a local name stands for (`let c = top of Z`,
//! `for each card c in Z`, a choice from Z; anything else may be any card). A use is fine when
//! a condition it sits under reads the same card (`if a.P then ... else O of a`, an
//! enclosing `if`, or an earlier `if` that ends the game or returns), or when it is tested
//! with `is none`.

use std::collections::{HashMap, HashSet};

use miette::Severity;

use super::effects::Summaries;
use super::facts::{children, contains, each_stmt, show, Facts};
use super::{each_rules, Finding, Lint, LintContext, Shared};
use crate::check::ir::{Program, Type, Value};
use crate::syntax::ast::{
    BinOp, Block, EndKind, Expr, ExprKind, Item, MoveWhat, OrderDecl, Span, Stmt, StmtKind, TemplatePart, TypeExprKind,
};
use crate::syntax::walk::{self, Visitor};

/// The lint.
pub const LINT: Lint = Lint {
    name: "rank_coverage",
    severity: Severity::Warning,
    summary: "a rank order used on a card it does not rank (a card without the property, or a member left out)",
    run,
};

fn run(_: &LintContext, shared: &[Shared]) -> Vec<Finding> {
    each_rules(shared, check)
}

type Env<'a> = HashMap<String, &'a str>;

struct Walk<'w, 'a> {
    facts: &'w Facts<'a>,
    summaries: &'w Summaries<'w, 'a>,
    program: &'a Program,
    /// The declarations of the orders, by name.
    orders: HashMap<&'a str, &'a OrderDecl>,
    /// For each order, the cards it does not rank.
    unranked: HashMap<&'a str, Vec<u16>>,
    /// The cards that can lie in each zone.
    reach: HashMap<String, HashSet<u16>>,
    /// Orders already reported in a statement or function.
    reported: HashSet<(String, Span)>,
    /// The parameters of the procedure or function looked at that hold an enum's member, and
    /// whether some caller gives one `none`.
    members: HashMap<String, bool>,
    /// The parameters some call gives `none`: (procedure or function, place).
    passes_none: HashSet<(String, usize)>,
    out: Vec<Finding>,
}

fn check(shared: &Shared) -> Vec<Finding> {
    let rules = shared.rules;
    let Some(program) = &rules.program else { return Vec::new() };
    let facts = shared.facts;
    let np = program.properties.len();
    let unranked: HashMap<&str, Vec<u16>> = program
        .orders
        .iter()
        .map(|o| {
            let missing = (0..program.cards.len() as u16)
                .filter(|c| match program.card_props.get(*c as usize * np + o.property as usize) {
                    Some(Value::Sym(m)) => !matches!(o.rank_of.get(*m as usize), Some(Some(_))),
                    _ => true,
                })
                .collect();
            (o.name.as_str(), missing)
        })
        .collect();
    let passes_none = passes_none(&rules.items);
    if unranked.values().all(|v| v.is_empty()) && passes_none.is_empty() {
        return Vec::new();
    }
    let mut orders: HashMap<&str, &OrderDecl> = HashMap::new();
    for item in &rules.items {
        if let Item::Order(o) = item {
            orders.entry(o.name.text.as_str()).or_insert(o);
        }
    }
    let summaries = shared.summaries;
    let mut w = Walk {
        facts,
        summaries,
        program,
        orders,
        unranked,
        reach: reach(facts, program),
        reported: HashSet::new(),
        members: HashMap::new(),
        passes_none,
        out: Vec::new(),
    };
    for item in &rules.items {
        let (name, params) = match item {
            Item::Procedure(p) => (&p.name.text, &p.params),
            Item::Function(f) => (&f.name.text, &f.params),
            _ => continue,
        };
        // A parameter of an enum's type holds a member (or `none`, if some caller passes it).
        w.members = params
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.ty.kind, TypeExprKind::Named(_)))
            .map(|(i, p)| (p.name.text.clone(), w.passes_none.contains(&(name.clone(), i))))
            .collect();
        match item {
            Item::Procedure(p) => w.block(&p.body, &mut Env::new(), &mut Vec::new()),
            Item::Function(f) => w.expr(&f.body, &Env::new(), &mut Vec::new(), f.span),
            _ => {}
        }
    }
    w.out
}

/// The parameters some call gives `none`, written out: (procedure or function, place).
fn passes_none(items: &[Item]) -> HashSet<(String, usize)> {
    struct Calls(HashSet<(String, usize)>);
    impl Visitor for Calls {
        fn expr(&mut self, e: &Expr) {
            if let ExprKind::Call { name, args } = &e.kind {
                self.note(&name.text, args);
            }
        }
        fn block(&mut self, b: &Block) {
            for s in &b.stmts {
                if let StmtKind::Call { name, args } = &s.kind {
                    self.note(&name.text, args);
                }
            }
        }
    }
    impl Calls {
        fn note(&mut self, name: &str, args: &[Expr]) {
            for (i, a) in args.iter().enumerate() {
                if matches!(a.kind, ExprKind::None) {
                    self.0.insert((name.to_string(), i));
                }
            }
        }
    }
    let mut c = Calls(HashSet::new());
    for item in items {
        match item {
            Item::Procedure(p) => walk::block(&mut c, &p.body),
            Item::Function(f) => walk::expr(&mut c, &f.body),
            _ => {}
        }
    }
    c.0
}

/// The cards that can lie in each zone: those it holds, and those any `move` or `deal` can
/// bring there, as often as it takes.
fn reach(facts: &Facts, program: &Program) -> HashMap<String, HashSet<u16>> {
    let mut r: HashMap<String, HashSet<u16>> = HashMap::new();
    for d in &program.zone_decls {
        r.insert(d.name.clone(), HashSet::new());
    }
    for z in &program.zones {
        let name = &program.zone_decls[z.decl as usize].name;
        r.entry(name.clone()).or_default().extend(z.initial.iter().copied());
    }
    let all: HashSet<u16> = (0..program.cards.len() as u16).collect();
    // (from, to): `None` from is any card; `None` to is any zone.
    let mut edges: Vec<(Option<String>, Option<String>)> = Vec::new();
    for p in &facts.procedures {
        each_stmt(&p.body, &mut |s| match &s.kind {
            StmtKind::Move { what, to, .. } => {
                let from = match what {
                    MoveWhat::All(z) | MoveWhat::Top(_, z) | MoveWhat::Bottom(_, z) => facts.zone(z).map(|z| z.name),
                    MoveWhat::Card(_) | MoveWhat::Above(_) => None,
                };
                edges.push((from.map(String::from), facts.zone(to).map(|z| z.name.to_string())));
            }
            StmtKind::Deal { from, to, .. } => {
                edges.push((facts.zone(from).map(|z| z.name.to_string()), Some(to.text.clone())));
            }
            _ => {}
        });
    }
    let names: Vec<String> = r.keys().cloned().collect();
    loop {
        let mut changed = false;
        for (from, to) in &edges {
            let cards = match from {
                Some(z) => r.get(z).cloned().unwrap_or_default(),
                None => all.clone(),
            };
            let targets: Vec<&String> = match to {
                Some(z) => vec![z],
                None => names.iter().collect(),
            };
            for t in targets {
                let into = r.entry(t.clone()).or_default();
                let before = into.len();
                into.extend(cards.iter().copied());
                changed |= into.len() != before;
            }
        }
        if !changed {
            return r;
        }
    }
}

impl<'a> Walk<'_, 'a> {
    fn block(&mut self, b: &'a Block, env: &mut Env<'a>, conds: &mut Vec<&'a Expr>) {
        let mark = conds.len();
        let outer = env.clone();
        for s in &b.stmts {
            self.stmt(s, env, conds);
            // An `if` that ends the game or returns guards what follows it.
            if let StmtKind::If { cond, .. } = &s.kind {
                if self.summaries.stmt(s).leaves() {
                    conds.push(cond);
                }
            }
        }
        conds.truncate(mark);
        *env = outer;
    }

    fn stmt(&mut self, s: &'a Stmt, env: &mut Env<'a>, conds: &mut Vec<&'a Expr>) {
        match &s.kind {
            StmtKind::If { cond, then, otherwise } => {
                self.expr(cond, env, conds, s.span);
                conds.push(cond);
                self.block(then, env, conds);
                if let Some(o) = otherwise {
                    self.block(o, env, conds);
                }
                conds.pop();
            }
            StmtKind::While { cond, body } => {
                self.expr(cond, env, conds, s.span);
                conds.push(cond);
                self.block(body, env, conds);
                conds.pop();
            }
            StmtKind::Repeat { count, body } => {
                self.expr(count, env, conds, s.span);
                self.block(body, env, conds);
            }
            StmtKind::ForPlayer { body, .. } => self.block(body, env, conds),
            StmtKind::ForEach { body, .. } => self.block(body, env, conds),
            StmtKind::ForCard { var, zone, body } => {
                self.expr(zone, env, conds, s.span);
                let mut inner = env.clone();
                self.bind(&mut inner, &var.text, Some(zone));
                self.block(body, &mut inner, conds);
            }
            StmtKind::Let { name, value, .. } => {
                self.expr(value, env, conds, s.span);
                let zone = match &value.kind {
                    ExprKind::Top(z) | ExprKind::Bottom(z) => Some(&**z),
                    _ => None,
                };
                match (&value.kind, zone) {
                    (ExprKind::Name(m), _) if env.contains_key(m) => {
                        let z = env[m];
                        env.insert(name.text.clone(), z);
                    }
                    _ => self.bind(env, &name.text, zone),
                }
            }
            StmtKind::Choose { var, from, filter, prompt, .. }
            | StmtKind::ChooseSecretly { var, from, filter, prompt, .. } => {
                for p in prompt.iter().flatten() {
                    if let TemplatePart::Hole(e) = p {
                        self.expr(e, env, conds, s.span);
                    }
                }
                self.expr(&from.from, env, conds, s.span);
                if let Some(to) = &from.to {
                    self.expr(to, env, conds, s.span);
                }
                let zone = if from.to.is_none() { Some(&from.from) } else { None };
                let mut inner = env.clone();
                self.bind(&mut inner, &var.text, zone);
                if let Some(f) = filter {
                    self.expr(f, &inner, conds, s.span);
                }
                self.bind(env, &var.text, zone);
            }
            StmtKind::Set { place, .. } => {
                for e in stmt_exprs(s) {
                    self.expr(e, env, conds, s.span);
                }
                env.remove(&place.name.text);
            }
            _ => {
                for e in stmt_exprs(s) {
                    self.expr(e, env, conds, s.span);
                }
            }
        }
    }

    /// Binds a local to the zone its card comes from, or forgets it.
    fn bind(&self, env: &mut Env<'a>, name: &str, zone: Option<&'a Expr>) {
        match zone.and_then(|z| self.facts.zone(z)) {
            Some(z) => {
                env.insert(name.to_string(), z.name);
            }
            None => {
                env.remove(name);
            }
        }
    }

    fn expr(&mut self, e: &'a Expr, env: &Env<'a>, conds: &mut Vec<&'a Expr>, at: Span) {
        match &e.kind {
            ExprKind::If { cond, then, otherwise } => {
                self.expr(cond, env, conds, at);
                conds.push(cond);
                self.expr(then, env, conds, at);
                self.expr(otherwise, env, conds, at);
                conds.pop();
            }
            ExprKind::Binary { op: BinOp::And | BinOp::Or, lhs, rhs } => {
                self.expr(lhs, env, conds, at);
                conds.push(lhs);
                self.expr(rhs, env, conds, at);
                conds.pop();
            }
            // `O of c is none` is the test for an unranked card.
            ExprKind::IsNone { target, .. } => match &target.kind {
                ExprKind::Of { name, arg } if self.orders.contains_key(name.text.as_str()) => {
                    self.expr(arg, env, conds, at)
                }
                _ => self.expr(target, env, conds, at),
            },
            ExprKind::Of { name, arg } if self.orders.contains_key(name.text.as_str()) => {
                self.used(e, &name.text, arg, env, conds, at);
                self.expr(arg, env, conds, at);
            }
            _ => {
                for c in children(e) {
                    self.expr(c, env, conds, at);
                }
            }
        }
    }

    /// An order applied to a card: reports it when a card the order does not rank can be there.
    fn used(&mut self, e: &Expr, order: &str, card: &Expr, env: &Env<'a>, conds: &[&'a Expr], at: Span) {
        if let ExprKind::Name(n) = &card.kind {
            if let Some(none) = self.members.get(n).copied() {
                self.member_used(e, order, n, none, conds, at);
                return;
            }
        }
        let Some(unranked) = self.unranked.get(order) else { return };
        let zone = match &card.kind {
            ExprKind::Top(z) | ExprKind::Bottom(z) => self.facts.zone(z).map(|z| z.name),
            ExprKind::Name(n) => env.get(n).copied(),
            ExprKind::Of { name, .. } => env.get(&name.text).copied(),
            _ => None,
        };
        let can_reach = |c: &u16| match zone {
            None => true,
            Some(z) => self.reach.get(z).is_some_and(|cards| cards.contains(c)),
        };
        let bad: Vec<u16> = unranked.iter().copied().filter(can_reach).collect();
        if bad.is_empty() || conds.iter().any(|c| contains(c, card)) {
            return;
        }
        if !self.reported.insert((order.to_string(), at)) {
            return;
        }
        let Some(decl) = self.orders.get(order) else { return };
        let Some(info) = self.program.orders.iter().find(|o| o.name == order) else { return };
        let prop = &self.program.properties[info.property as usize].name;
        let np = self.program.properties.len();
        let mut no_value: Vec<u16> = Vec::new();
        let mut left_out: Vec<(u16, Vec<u16>)> = Vec::new();
        for c in bad {
            match self.program.card_props.get(c as usize * np + info.property as usize) {
                Some(Value::Sym(m)) => match left_out.iter_mut().find(|(x, _)| x == m) {
                    Some(entry) => entry.1.push(c),
                    None => left_out.push((*m, vec![c])),
                },
                _ => no_value.push(c),
            }
        }
        let mut parts: Vec<String> = Vec::new();
        if !no_value.is_empty() {
            parts.push(format!("cards with no `{prop}` ({})", self.card_names(&no_value)));
        }
        let members = self.members_of(info.property);
        for (m, cards) in &left_out {
            let member = members.get(*m as usize).cloned().unwrap_or_default();
            parts.push(format!("`{prop}` {member}, which it leaves out ({})", self.card_names(cards)));
        }
        let ranked = info.rank_of.iter().filter(|r| r.is_some()).count();
        let label = if ranked == members.len() {
            format!("ranks every `{prop}`, but no card without one")
        } else {
            format!("ranks {ranked} of the {} members of `{prop}`", members.len())
        };
        let x = show(card);
        self.out.push(Finding {
            message: format!(
                "`{order} of {x}` can be `none`, for cards that can be here and that order `{order}` does not rank: {}",
                parts.join("; ")
            ),
            at: (e.span, "`none` for those cards".into()),
            also: Some((decl.name.span, label)),
            help: format!(
                "test the card first, in a condition that reads `{x}` (or test `{order} of {x} is none`), or rank every `{prop}` in `{order}`; every comparison with `none` is false"
            ),
        });
    }

    /// An order applied to a parameter that holds a member: reports it when some caller passes
    /// `none`, or when the order leaves out a member of its enum.
    fn member_used(&mut self, e: &Expr, order: &str, name: &str, none: bool, conds: &[&'a Expr], at: Span) {
        let Some(info) = self.program.orders.iter().find(|o| o.name == order) else { return };
        let members = self.members_of(info.property);
        let left_out: Vec<&String> = members
            .iter()
            .enumerate()
            .filter(|(i, _)| !matches!(info.rank_of.get(*i), Some(Some(_))))
            .map(|m| m.1)
            .collect();
        let guarded = conds.iter().any(|c| reads_name(c, name));
        if (!none && left_out.is_empty()) || guarded || !self.reported.insert((order.to_string(), at)) {
            return;
        }
        let Some(decl) = self.orders.get(order) else { return };
        let why = match none {
            true => format!("a call passes `none` for `{name}`"),
            false => format!(
                "`{name}` can be a member that `{order}` leaves out ({})",
                left_out.iter().map(|m| m.as_str()).collect::<Vec<_>>().join(", ")
            ),
        };
        self.out.push(Finding {
            message: format!("`{order} of {name}` can be `none`: {why}"),
            at: (e.span, "`none` then".into()),
            also: Some((decl.name.span, format!("ranks {} of the {} members", members.len() - left_out.len(), members.len()))),
            help: format!(
                "test `{name}` first (`{name} is none`, or `{order} of {name} is none`), or pass a member the order ranks; every comparison with `none` is false"
            ),
        });
    }

    fn members_of(&self, property: u16) -> Vec<String> {
        match self.program.properties[property as usize].ty {
            Type::Enum(e) => self.program.enums[e as usize].display.clone(),
            _ => Vec::new(),
        }
    }

    /// Up to three distinct card names, and how many more.
    fn card_names(&self, cards: &[u16]) -> String {
        let mut names: Vec<&str> = Vec::new();
        for c in cards {
            let n = self.program.cards[*c as usize].name.as_str();
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let more = names.len().saturating_sub(3);
        names.truncate(3);
        let mut text = names.join(", ");
        if more > 0 {
            text.push_str(&format!(" and {more} more"));
        }
        text
    }
}

/// Whether an expression reads the bare name `name`.
fn reads_name(e: &Expr, name: &str) -> bool {
    matches!(&e.kind, ExprKind::Name(n) if n == name) || children(e).into_iter().any(|c| reads_name(c, name))
}

/// The expressions of a statement outside its blocks.
fn stmt_exprs(s: &Stmt) -> Vec<&Expr> {
    match &s.kind {
        StmtKind::Shuffle(e) | StmtKind::TurnOver(e) | StmtKind::Reveal(e) | StmtKind::TurnCard { card: e, .. } => {
            vec![e]
        }
        StmtKind::Deal { count, from, .. } => count.iter().chain(std::iter::once(from)).collect(),
        StmtKind::Move { what, to, .. } => {
            let mut v: Vec<&Expr> = match what {
                MoveWhat::All(e) | MoveWhat::Card(e) | MoveWhat::Above(e) => vec![e],
                MoveWhat::Top(n, e) | MoveWhat::Bottom(n, e) => n.iter().chain(std::iter::once(e)).collect(),
            };
            v.push(to);
            v
        }
        StmtKind::Set { place, value } | StmtKind::Add { value, place } | StmtKind::Subtract { value, place } => {
            place.of.iter().chain(std::iter::once(value)).collect()
        }
        StmtKind::Transfer { amount, from, to } => amount.iter().chain(from.of.iter()).chain(to.of.iter()).collect(),
        StmtKind::End(EndKind::Winner(e) | EndKind::Loser(e) | EndKind::Highest { score: e, .. }) => vec![e],
        StmtKind::Announce(parts) => parts
            .iter()
            .filter_map(|p| match p {
                TemplatePart::Hole(e) => Some(e),
                TemplatePart::Text(_) => None,
            })
            .collect(),
        StmtKind::Call { args, .. } => args.iter().collect(),
        StmtKind::Let { value, .. } => vec![value],
        _ => Vec::new(),
    }
}
