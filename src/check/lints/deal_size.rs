//! `deal_size`: a deal (or a counted move) in `setup` that needs more cards than its source
//! holds at that point, or a deal that leaves cards in a zone no rule reads after it.
//!
//! Cards are counted through the straight-line part of `setup` and the procedures it calls:
//! `for each player`, `repeat` with a count known before the game starts, and an `if` whose
//! condition is known are followed. Any other statement makes the zones it may touch uncounted
//! from there on, and one that may end the game or return stops the count: the lint only warns
//! about what it is sure of. Options count with their value in force (their default in the
//! base game), and the warning says so.

use std::collections::{BTreeSet, HashMap};

use miette::Severity;

use super::effects::Summaries;
use super::facts::{arith, label_span, Facts};
use super::{each_rules, Finding, Lint, LintContext, Shared};
use crate::check::ir::{Program, Type, Value};
use crate::syntax::ast::{BinOp, Block, CardsBody, Expr, ExprKind, MoveWhat, Name, Span, Stmt, StmtKind, UnOp};

/// The lint.
pub const LINT: Lint = Lint {
    name: "deal_size",
    severity: Severity::Warning,
    summary: "a deal in `setup` that needs more cards than its source holds, or leaves cards no rule reads",
    run,
};

fn run(_: &LintContext, shared: &[Shared]) -> Vec<Finding> {
    each_rules(shared, check)
}

/// A value while counting: a number, a player (from 0), or not known.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Val {
    Int(i64),
    Player(u8),
    Unknown,
}

/// How counting a block ended: it ran to its end, it returned, or the count must stop.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Flow {
    Go,
    Returned,
    Stop,
}

/// A deal that left cards behind, waiting to learn whether a later rule reads its source.
struct Leftover {
    /// The source zone's declaration name.
    zone: String,
    /// The source zone instance.
    instance: usize,
    /// How many cards it left there.
    left: i64,
    /// The deal, and the zone it dealt to.
    at: Span,
    to: String,
    /// Whether a later statement of `setup` mentions the source.
    read_later: bool,
}

/// An option a count read: its name, its value, and whether that is its default.
type OptionUse = (String, i64, bool);

struct Setup<'f, 'a> {
    facts: &'f Facts<'a>,
    program: &'a Program,
    summaries: &'f Summaries<'f, 'a>,
    /// The cards in each zone instance, when known.
    counts: Vec<Option<i64>>,
    /// Local names, the innermost scope last.
    env: Vec<HashMap<String, Val>>,
    /// The procedures being followed, to stop at recursion.
    calls: Vec<String>,
    leftovers: Vec<Leftover>,
    findings: Vec<Finding>,
    /// The options read while working out the current count.
    options: Vec<OptionUse>,
}

fn check(shared: &Shared) -> Vec<Finding> {
    let Some(program) = &shared.rules.program else { return Vec::new() };
    let facts = shared.facts;
    let Some(setup) = facts.procedure("setup") else { return Vec::new() };
    let mut s = Setup {
        facts,
        program,
        summaries: shared.summaries,
        counts: program.zones.iter().map(|z| Some(z.initial.len() as i64)).collect(),
        env: Vec::new(),
        calls: vec!["setup".into()],
        leftovers: Vec::new(),
        findings: Vec::new(),
        options: Vec::new(),
    };
    let flow = s.block(&setup.body);
    let mut out = std::mem::take(&mut s.findings);
    if flow != Flow::Stop {
        let mut later: BTreeSet<String> = BTreeSet::new();
        for name in facts.playable() {
            if let Some(p) = facts.procedure(name) {
                p.body.stmts.iter().for_each(|st| later.extend(facts.mentions(st)));
            }
        }
        for l in s.leftovers.iter().filter(|l| !l.read_later && !later.contains(&l.zone)) {
            out.push(s.leftover_finding(l));
        }
    }
    out
}

impl Setup<'_, '_> {
    fn block(&mut self, b: &Block) -> Flow {
        self.env.push(HashMap::new());
        let mut flow = Flow::Go;
        for s in &b.stmts {
            flow = self.stmt(s);
            if flow != Flow::Go {
                break;
            }
        }
        self.env.pop();
        flow
    }

    fn stmt(&mut self, s: &Stmt) -> Flow {
        match &s.kind {
            StmtKind::ForPlayer { var, body } => {
                for p in 0..self.program.players {
                    self.env.push(HashMap::from([(var.text.clone(), Val::Player(p))]));
                    let flow = self.block(body);
                    self.env.pop();
                    if flow != Flow::Go {
                        return flow;
                    }
                }
                Flow::Go
            }
            StmtKind::Repeat { count, body } => match self.eval(count) {
                Val::Int(n) if n <= 1000 => {
                    self.read_expr(count);
                    for _ in 0..n.max(0) {
                        let flow = self.block(body);
                        if flow != Flow::Go {
                            return flow;
                        }
                    }
                    Flow::Go
                }
                _ => self.opaque(s),
            },
            StmtKind::If { cond, then, otherwise } => match self.truth(cond) {
                Some(t) => {
                    self.read_expr(cond);
                    match if t { Some(then) } else { otherwise.as_ref() } {
                        Some(b) => self.block(b),
                        None => Flow::Go,
                    }
                }
                None => self.opaque(s),
            },
            // A choice of several cards moves a number of cards the rules do not say.
            StmtKind::While { .. }
            | StmtKind::ForCard { .. }
            | StmtKind::ForEach { .. }
            | StmtKind::Break
            | StmtKind::ChooseCards(_) => self.opaque(s),
            StmtKind::Call { name, args } => self.call(s, name, args),
            _ => {
                self.read(&self.facts.mentions(s));
                self.leaf(s)
            }
        }
    }

    /// Follows a call into the procedure, with its arguments worked out.
    fn call(&mut self, s: &Stmt, name: &Name, args: &[Expr]) -> Flow {
        let Some(p) = self.facts.procedure(&name.text) else { return self.opaque(s) };
        if self.calls.contains(&name.text) || self.calls.len() > 32 || p.params.len() != args.len() {
            return self.opaque(s);
        }
        args.iter().for_each(|a| self.read_expr(a));
        let scope: HashMap<String, Val> =
            p.params.iter().zip(args).map(|(x, a)| (x.name.text.clone(), self.eval(a))).collect();
        let saved = std::mem::replace(&mut self.env, vec![scope]);
        self.calls.push(name.text.clone());
        let flow = self.block(&p.body);
        self.calls.pop();
        self.env = saved;
        match flow {
            Flow::Stop => Flow::Stop,
            _ => Flow::Go,
        }
    }

    /// A statement that is not followed: forget the counts of the zones it may touch and the
    /// locals it may set; stop if it may end the game or return.
    fn opaque(&mut self, s: &Stmt) -> Flow {
        self.read(&self.facts.mentions(s));
        let e = self.summaries.stmt(s);
        if e.leaves() {
            return Flow::Stop;
        }
        if e.any_zone {
            self.counts.iter_mut().for_each(|c| *c = None);
        }
        for (i, z) in self.program.zones.iter().enumerate() {
            if e.zones.contains(&self.program.zone_decls[z.decl as usize].name) {
                self.counts[i] = None;
            }
        }
        for scope in &mut self.env {
            for (name, v) in scope.iter_mut() {
                if e.any_name || e.names.contains(name) {
                    *v = Val::Unknown;
                }
            }
        }
        Flow::Go
    }

    fn leaf(&mut self, s: &Stmt) -> Flow {
        match &s.kind {
            StmtKind::End(_) => return Flow::Stop,
            StmtKind::Return => return Flow::Returned,
            StmtKind::Let { name, value, .. } => {
                let v = self.eval(value);
                if let Some(scope) = self.env.last_mut() {
                    scope.insert(name.text.clone(), v);
                }
            }
            StmtKind::Set { place, value } if place.of.is_none() => {
                let v = self.eval(value);
                self.assign(&place.name.text, v);
            }
            StmtKind::Add { value, place } | StmtKind::Subtract { value, place } if place.of.is_none() => {
                let op = if matches!(s.kind, StmtKind::Add { .. }) { BinOp::Add } else { BinOp::Sub };
                let old = self.env.iter().rev().find_map(|sc| sc.get(&place.name.text)).copied();
                let v = match (old, self.eval(value)) {
                    (Some(Val::Int(a)), Val::Int(b)) => arith(op, a, b).map_or(Val::Unknown, Val::Int),
                    _ => Val::Unknown,
                };
                self.assign(&place.name.text, v);
            }
            StmtKind::Choose { var, .. } | StmtKind::ChooseSecretly { var, .. } => {
                if let Some(scope) = self.env.last_mut() {
                    scope.insert(var.text.clone(), Val::Unknown);
                }
            }
            StmtKind::Deal { count, from, to, .. } => self.deal(s, count.as_ref(), from, to),
            StmtKind::Move { what, to, .. } => self.move_cards(s, what, to),
            _ => {}
        }
        Flow::Go
    }

    fn assign(&mut self, name: &str, v: Val) {
        if let Some(slot) = self.env.iter_mut().rev().find_map(|sc| sc.get_mut(name)) {
            *slot = v;
        }
    }

    fn deal(&mut self, s: &Stmt, count: Option<&Expr>, from: &Expr, to: &Name) {
        let Some(decl) = self.program.zone_decls.iter().find(|d| d.name == to.text) else { return };
        let players = self.program.players as usize;
        let Some(src) = self.instance(from) else {
            self.counts.iter_mut().for_each(|c| *c = None);
            return;
        };
        let recipients: Vec<usize> = (0..players).map(|p| decl.first as usize + p).filter(|z| *z != src).collect();
        self.options.clear();
        let want = match count.map(|c| self.eval(c)) {
            None => None,
            Some(Val::Int(k)) => Some(k.max(0)),
            Some(_) => {
                self.forget(src, &recipients);
                return;
            }
        };
        let options = std::mem::take(&mut self.options);
        let Some(have) = self.counts[src] else {
            self.forget(src, &recipients);
            return;
        };
        if recipients.is_empty() {
            return;
        }
        let r = recipients.len() as i64;
        let moved = match want {
            None => have,
            Some(k) => {
                let need = k.saturating_mul(r);
                if need > have {
                    let what = format!("this deal needs {need} cards ({k} for each of {r} players)");
                    let help = format!(
                        "deal at most {} to each player (or `deal all`), or put more cards in `{}` with `holds`",
                        have / r,
                        self.program.zones[src].name
                    );
                    self.too_few(s, src, &what, need, have, help, &options);
                }
                need.min(have)
            }
        };
        for (i, z) in recipients.iter().enumerate() {
            let share = moved / r + i64::from((i as i64) < moved % r);
            if let Some(c) = &mut self.counts[*z] {
                *c += share;
            }
        }
        self.counts[src] = Some(have - moved);
        if have > moved {
            let zone = self.program.zone_decls[self.program.zones[src].decl as usize].name.clone();
            let to = to.text.clone();
            self.leftovers.push(Leftover {
                zone,
                instance: src,
                left: have - moved,
                at: label_span(s),
                to,
                read_later: false,
            });
        }
    }

    fn move_cards(&mut self, s: &Stmt, what: &MoveWhat, to: &Expr) {
        let (from, n) = match what {
            MoveWhat::Card(_) | MoveWhat::Above(_) => {
                self.counts.iter_mut().for_each(|c| *c = None);
                return;
            }
            MoveWhat::All(z) => (z, None),
            MoveWhat::Top(n, z) | MoveWhat::Bottom(n, z) => (z, Some(n.as_ref())),
        };
        let (Some(src), Some(dest)) = (self.instance(from), self.instance(to)) else {
            self.counts.iter_mut().for_each(|c| *c = None);
            return;
        };
        if src == dest {
            return;
        }
        self.options.clear();
        let want = match n {
            None => None,
            Some(None) => Some(1),
            Some(Some(e)) => match self.eval(e) {
                Val::Int(k) => Some(k.max(0)),
                _ => {
                    self.forget(src, &[dest]);
                    return;
                }
            },
        };
        let options = std::mem::take(&mut self.options);
        let Some(have) = self.counts[src] else {
            self.counts[dest] = None;
            if want.is_none() {
                self.counts[src] = Some(0);
            }
            return;
        };
        let moved = match want {
            None => have,
            Some(k) => {
                if k > have {
                    let what = if k == 1 {
                        "this move needs a card".to_string()
                    } else {
                        format!("this move needs {k} cards")
                    };
                    let help =
                        format!("move at most {have}, or put more cards in `{}` first", self.program.zones[src].name);
                    self.too_few(s, src, &what, k, have, help, &options);
                }
                k.min(have)
            }
        };
        self.counts[src] = Some(have - moved);
        if let Some(c) = &mut self.counts[dest] {
            *c += moved;
        }
    }

    fn forget(&mut self, src: usize, others: &[usize]) {
        self.counts[src] = None;
        for z in others {
            self.counts[*z] = None;
        }
    }

    /// Marks the deals waiting for a later reader whose source one of `names` is.
    fn read(&mut self, names: &BTreeSet<String>) {
        for l in &mut self.leftovers {
            l.read_later |= names.contains(&l.zone);
        }
    }

    fn read_expr(&mut self, e: &Expr) {
        let names = self.facts.reads(e);
        self.read(&names);
    }

    /// The zone instance an expression names, when it is known.
    fn instance(&mut self, e: &Expr) -> Option<usize> {
        let z = self.facts.zone(e)?;
        if self.env.iter().any(|sc| sc.contains_key(z.name)) {
            return None;
        }
        let decl = self.program.zone_decls.iter().find(|d| d.name == z.name)?;
        match (decl.per_player, z.of) {
            (false, None) => Some(decl.first as usize),
            (true, Some(arg)) => match self.eval(arg) {
                Val::Player(p) => Some(decl.first as usize + p as usize),
                _ => None,
            },
            _ => None,
        }
    }

    fn eval(&mut self, e: &Expr) -> Val {
        match &e.kind {
            ExprKind::Int(i) => Val::Int(*i),
            ExprKind::Player(n) if (1..=self.program.players as u32).contains(n) => Val::Player((*n - 1) as u8),
            ExprKind::Name(n) => {
                if let Some(v) = self.env.iter().rev().find_map(|sc| sc.get(n)) {
                    return *v;
                }
                match self.facts.option_at(e) {
                    Some((v, default)) => {
                        if !self.options.iter().any(|o| o.0 == *n) {
                            self.options.push((n.clone(), v, default));
                        }
                        Val::Int(v)
                    }
                    None => Val::Unknown,
                }
            }
            ExprKind::Opponent(x) => match self.eval(x) {
                Val::Player(p) => Val::Player((p + 1) % self.program.players.max(1)),
                _ => Val::Unknown,
            },
            ExprKind::Count(z) => match self.instance(z).and_then(|i| self.counts[i]) {
                Some(c) => Val::Int(c),
                None => Val::Unknown,
            },
            ExprKind::Unary { op: UnOp::Neg, operand } => match self.eval(operand) {
                Val::Int(i) => i.checked_neg().map_or(Val::Unknown, Val::Int),
                _ => Val::Unknown,
            },
            ExprKind::Binary { op, lhs, rhs } => match (self.eval(lhs), self.eval(rhs)) {
                (Val::Int(a), Val::Int(b)) => arith(*op, a, b).map_or(Val::Unknown, Val::Int),
                _ => Val::Unknown,
            },
            _ => Val::Unknown,
        }
    }

    /// Whether a condition is true, when that is known.
    fn truth(&mut self, e: &Expr) -> Option<bool> {
        match &e.kind {
            ExprKind::Bool(b) => Some(*b),
            ExprKind::Unary { op: UnOp::Not, operand } => self.truth(operand).map(|b| !b),
            ExprKind::Binary { op: op @ (BinOp::And | BinOp::Or), lhs, rhs } => {
                let (a, b) = (self.truth(lhs), self.truth(rhs));
                let stop = *op == BinOp::Or;
                match (a, b) {
                    (Some(x), _) | (_, Some(x)) if x == stop => Some(stop),
                    (Some(_), Some(_)) => Some(!stop),
                    _ => None,
                }
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let ord = match (self.eval(lhs), self.eval(rhs)) {
                    (Val::Int(a), Val::Int(b)) => a.cmp(&b),
                    (Val::Player(a), Val::Player(b)) if matches!(op, BinOp::Eq | BinOp::Ne) => a.cmp(&b),
                    _ => return None,
                };
                match op {
                    BinOp::Eq => Some(ord.is_eq()),
                    BinOp::Ne => Some(ord.is_ne()),
                    BinOp::Lt => Some(ord.is_lt()),
                    BinOp::Le => Some(ord.is_le()),
                    BinOp::Gt => Some(ord.is_gt()),
                    BinOp::Ge => Some(ord.is_ge()),
                    _ => None,
                }
            }
            ExprKind::IsEmpty { target, negated } => {
                self.instance(target).and_then(|i| self.counts[i]).map(|c| (c == 0) != *negated)
            }
            ExprKind::Name(n) if !self.env.iter().any(|sc| sc.contains_key(n)) => {
                match self.program.options.iter().find(|o| o.name == *n).map(|o| o.value) {
                    Some(Value::Bool(b)) => Some(b),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn too_few(&mut self, s: &Stmt, src: usize, what: &str, need: i64, have: i64, help: String, options: &[OptionUse]) {
        let zone = &self.program.zones[src].name;
        let holds = if have == 0 { "is empty".to_string() } else { format!("holds only {have}") };
        let mut message = format!("{what}, but `{zone}` {holds} at this point");
        for (name, v, default) in options {
            let whose = if *default { "its default" } else { "its value in this variant" };
            message.push_str(&format!(" (counting `{name}` as {v}, {whose}; `--set` can change it)"));
        }
        let label = if have == 0 { "finds no card".to_string() } else { format!("needs {need}, finds {have}") };
        let decl = self.start_label(src);
        self.findings.push(Finding { message, at: (label_span(s), label), also: decl, help });
    }

    fn leftover_finding(&self, l: &Leftover) -> Finding {
        let zone = &self.program.zones[l.instance].name;
        let also =
            self.facts.zones.get(l.zone.as_str()).map(|z| (z.decl.name.span, "never read after the deal".into()));
        Finding {
            message: format!(
                "this deal leaves {} in `{zone}`, and no rule reads `{}` after it",
                crate::check::error::plural(l.left.max(0) as usize, "card"),
                l.zone
            ),
            at: (l.at, format!("leaves {} in `{zone}`", crate::check::error::plural(l.left.max(0) as usize, "card"))),
            also,
            help: format!(
                "deal them too (`deal all from {zone} to {}`), use `{}` in the rules (as a draw pile, say), or hold fewer cards in it",
                l.to, l.zone
            ),
        }
    }

    /// The zone's declaration, labelled with the cards it starts with.
    fn start_label(&self, instance: usize) -> Option<(Span, String)> {
        let info = &self.program.zones[instance];
        let decl = &self.program.zone_decls[info.decl as usize];
        let z = self.facts.zones.get(decl.name.as_str())?;
        let each = if decl.per_player { "each " } else { "" };
        let mut groups: Vec<(&str, usize)> = Vec::new();
        for c in &info.initial {
            let g = self.program.cards[*c as usize].group.as_str();
            match groups.iter_mut().find(|(n, _)| *n == g) {
                Some(entry) => entry.1 += 1,
                None => groups.push((g, 1)),
            }
        }
        let text = if groups.is_empty() {
            format!("{each}`{}` starts empty", decl.name)
        } else {
            let parts: Vec<String> = groups.iter().map(|(g, n)| self.describe_group(g, *n)).collect();
            format!("{each}`{}` starts with {} cards ({})", decl.name, info.initial.len(), parts.join("; "))
        };
        Some((z.decl.name.span, text))
    }

    /// How a group of cards is counted: "`G`: every P, Q = 13 × 4", or "`G`: 6 listed".
    fn describe_group(&self, group: &str, n: usize) -> String {
        let body = self.facts.cards.get(group).map(|c| &c.body);
        match body {
            Some(CardsBody::Every { properties, filter: None, .. }) => {
                let sizes: Vec<String> = properties
                    .iter()
                    .map(|p| {
                        let ty = self.program.properties.iter().find(|x| x.name == p.text).map(|x| x.ty);
                        match ty {
                            Some(Type::Enum(e)) => self.program.enums[e as usize].members.len().to_string(),
                            _ => "?".into(),
                        }
                    })
                    .collect();
                let names: Vec<&str> = properties.iter().map(|p| p.text.as_str()).collect();
                format!("`{group}`: every {} = {}", names.join(", "), sizes.join(" × "))
            }
            Some(CardsBody::Every { properties, filter: Some(_), .. }) => {
                let names: Vec<&str> = properties.iter().map(|p| p.text.as_str()).collect();
                format!("`{group}`: every {} where ... = {n}", names.join(", "))
            }
            _ => format!("`{group}`: {n} listed"),
        }
    }
}
