//! Conditions on hidden cards, and the choices they guard (GR-14's general rule): a choice that
//! is offered only because such a condition holds is *private*, shown to its chooser alone, so
//! that the other players learn nothing from it ("player 2 chooses play on" would tell them that
//! player 2 could have knocked); they see only what follows.
//!
//! A condition reads hidden cards when it reads, of a card some player may not see, anything but
//! whether it is there (`is none`, `count of`, `is empty` read nothing hidden): the meld search
//! over a zone not everyone sees (`deadwood of hand of p`), a property, order or mark of such a
//! card (`c.rank`, `high of top of deck of p`), or whether two cards are the same card; also a
//! local or counter set from such a value, and a function whose body or arguments do. Who sees a
//! zone follows `src/engine/observe.rs`: everyone a `public` zone, only the owner a `private`
//! one, otherwise the face-up cards of a spread zone, or the top card of a stack, when no rule
//! puts cards there face down.
//!
//! A choice among the `arrangements of` a zone some player cannot see is private wherever it is:
//! whether there are several to choose from depends on the zone's cards.
//!
//! The choices guarded are those written inside the blocks of an `if` or a loop whose condition
//! reads hidden cards, and every choice of a procedure called from inside such a block (from
//! any call: a procedure called both ways is private everywhere, and `hidden_choice` warns of
//! it). What a guarded choice leads to is not followed: a condition whose outcome the rules make
//! public anyway (a Gin that is declared at once) hides nothing worth hiding.

use std::collections::{HashMap, HashSet};

use super::facts::{each_stmt, Facts};
use crate::check::ir::Visibility;
use crate::syntax::ast::{AggDomain, BinOp, Block, Expr, ExprKind, Facing, Item, Span, Stmt, StmtKind};

/// The spans of the choice statements (`chooses`, `secretly chooses`, `chooses one of`) that are
/// offered only under a condition on hidden cards, for the declarations in force `items`.
pub(crate) fn private_choices(items: &[Item]) -> HashSet<Span> {
    let facts = Facts::from_items(items, None);
    Guards::new(&facts).private
}

/// What the walk found: the private choices, and the blocks guarded by hidden conditions.
pub(crate) struct Guards<'a> {
    /// Spans of private choice statements.
    pub private: HashSet<Span>,
    /// Spans of the choices private by what they are made from, wherever they are: a choice
    /// among the `arrangements of` a zone some player cannot see (whether there are several to
    /// choose from depends on its cards).
    pub private_by_domain: HashSet<Span>,
    /// Each `if` or loop whose condition reads hidden cards: the condition, and its blocks.
    pub guarded: Vec<(&'a Expr, Vec<&'a Block>)>,
    /// Procedures called under a hidden condition (or from such a procedure), with one such call.
    pub hidden_calls: HashMap<&'a str, Span>,
    /// Procedures called where no hidden condition guards the call, with one such call.
    pub open_calls: HashMap<&'a str, Span>,
}

/// Which part of a zone an expression reads.
#[derive(Clone, Copy)]
enum Part {
    Top,
    Bottom,
    All,
}

/// What is known about the names of one procedure as the walk goes: locals that hold a card
/// some player may not see, and locals set from a hidden read.
#[derive(Clone, Default)]
pub(crate) struct Env {
    cards: HashSet<String>,
    tainted: HashSet<String>,
}

struct Reads<'f, 'a> {
    facts: &'f Facts<'a>,
    /// Zones into which some rule puts cards face down (or turns over).
    face_down: HashSet<&'a str>,
    /// Whether some rule turns a card face down wherever it lies.
    any_down: bool,
    /// Counters and variables set somewhere from a hidden read.
    tainted: HashSet<&'a str>,
    /// Functions whose body reads hidden cards (cached).
    functions: std::cell::RefCell<HashMap<String, bool>>,
}

impl<'a> Guards<'a> {
    /// Walks every procedure of the rules.
    pub(crate) fn new(facts: &Facts<'a>) -> Guards<'a> {
        let mut g = Guards {
            private: HashSet::new(),
            private_by_domain: HashSet::new(),
            guarded: Vec::new(),
            hidden_calls: HashMap::new(),
            open_calls: HashMap::new(),
        };
        // With one player there is nobody to hide a choice from.
        if facts.players < 2 {
            return g;
        }
        let reads = Reads::new(facts);
        for p in &facts.procedures {
            g.block(&reads, &p.body, false, &mut Env::default());
        }
        // Every procedure called under a hidden condition is private throughout, and so is
        // everything it calls.
        let mut todo: Vec<&'a str> = g.hidden_calls.keys().copied().collect();
        let mut done: HashSet<&'a str> = HashSet::new();
        while let Some(name) = todo.pop() {
            if !done.insert(name) {
                continue;
            }
            let Some(p) = facts.procedure(name) else { continue };
            each_stmt(&p.body, &mut |s| match &s.kind {
                StmtKind::Choose { .. }
                | StmtKind::ChooseSecretly { .. }
                | StmtKind::ChooseOne { .. }
                | StmtKind::AnyPlayerMay { .. }
                | StmtKind::ChooseCards(_) => {
                    g.private.insert(s.span);
                }
                StmtKind::Call { name, .. } => {
                    g.hidden_calls.entry(name.text.as_str()).or_insert(name.span);
                    todo.push(name.text.as_str());
                }
                _ => {}
            });
        }
        g
    }

    fn block(&mut self, r: &Reads<'_, 'a>, b: &'a Block, hidden: bool, env: &mut Env) {
        for s in &b.stmts {
            self.stmt(r, s, hidden, env);
        }
    }

    fn stmt(&mut self, r: &Reads<'_, 'a>, s: &'a Stmt, hidden: bool, env: &mut Env) {
        match &s.kind {
            StmtKind::If { cond, then, otherwise } => {
                let h = r.reads(cond, env);
                if h {
                    self.guarded.push((cond, std::iter::once(then).chain(otherwise.as_ref()).collect()));
                }
                self.block(r, then, hidden || h, &mut env.clone());
                if let Some(o) = otherwise {
                    self.block(r, o, hidden || h, &mut env.clone());
                }
            }
            StmtKind::While { cond, body } | StmtKind::Repeat { count: cond, body } => {
                let h = r.reads(cond, env);
                if h {
                    self.guarded.push((cond, vec![body]));
                }
                self.block(r, body, hidden || h, &mut env.clone());
            }
            StmtKind::ForRange { from, to, body, .. } => {
                let h = r.reads(from, env) || r.reads(to, env);
                if h {
                    self.guarded.push((from, vec![body]));
                }
                self.block(r, body, hidden || h, &mut env.clone());
            }
            StmtKind::ForPlayer { body, .. } => self.block(r, body, hidden, &mut env.clone()),
            StmtKind::ForCard { var, zone, body } => {
                let mut inner = env.clone();
                bind(&mut inner.cards, &var.text, r.zone_hidden(zone, Part::All));
                self.block(r, body, hidden, &mut inner);
            }
            StmtKind::ForEach { var, domain, cond, body, .. } => {
                let mut inner = env.clone();
                let hidden_zone = matches!(domain, AggDomain::Expr(z) if r.zone_hidden(z, Part::All));
                bind(&mut inner.cards, &var.text, hidden_zone);
                // A set of hidden cards: whatever is read of it is hidden.
                let hidden_set = matches!(domain, AggDomain::Subsets(sub) if r.zone_hidden(&sub.zone, Part::All))
                    // issue 43: a zone of a row some player cannot see: whatever is read of it.
                    || matches!(domain, AggDomain::Zones(row) if r.zone_hidden(row, Part::All));
                bind(&mut inner.tainted, &var.text, hidden_set);
                // A condition on hidden cards guards the body, as an `if` would.
                match cond {
                    Some(c) if r.reads(c, &inner) => {
                        self.guarded.push((c, vec![body]));
                        self.block(r, body, true, &mut inner);
                    }
                    _ => self.block(r, body, hidden, &mut inner),
                }
            }
            StmtKind::Let { name, value, .. } => {
                let (card, read) = (r.hidden_card(value, env), r.reads(value, env));
                bind(&mut env.cards, &name.text, card);
                bind(&mut env.tainted, &name.text, read);
            }
            StmtKind::Set { place, value } if place.of.is_none() => {
                let card = r.hidden_card(value, env);
                bind(&mut env.cards, &place.name.text, card);
                if r.reads(value, env) {
                    env.tainted.insert(place.name.text.clone());
                }
            }
            StmtKind::Choose { var, from, .. } | StmtKind::ChooseSecretly { var, from, .. } => {
                if let ExprKind::Arrangements(zone) | ExprKind::AllArrangements(zone) = &from.from.kind {
                    if r.zone_hidden(zone, Part::All) {
                        self.private_by_domain.insert(s.span);
                        self.private.insert(s.span);
                    }
                }
                if hidden {
                    self.private.insert(s.span);
                }
                let card = from.to.is_none() && r.zone_hidden(&from.from, Part::All);
                bind(&mut env.cards, &var.text, card);
            }
            StmtKind::ChooseCards(_) if hidden => {
                self.private.insert(s.span);
            }
            StmtKind::ChooseOne { branches, otherwise, .. } | StmtKind::AnyPlayerMay { branches, otherwise, .. } => {
                let by_domain = branches.iter().flat_map(|b| &b.binds).any(
                    |x| matches!(&x.from.from.kind, ExprKind::Arrangements(zone) | ExprKind::AllArrangements(zone) if r.zone_hidden(zone, Part::All)),
                );
                if by_domain {
                    self.private_by_domain.insert(s.span);
                }
                if hidden || by_domain {
                    self.private.insert(s.span);
                }
                for b in branches {
                    let mut inner = env.clone();
                    for x in &b.binds {
                        let card = x.from.to.is_none() && r.zone_hidden(&x.from.from, Part::All);
                        bind(&mut inner.cards, &x.var.text, card);
                    }
                    self.block(r, &b.body, hidden, &mut inner);
                }
                if let Some(o) = otherwise {
                    self.block(r, o, hidden, &mut env.clone());
                }
            }
            StmtKind::Call { name, .. } => {
                let calls = if hidden { &mut self.hidden_calls } else { &mut self.open_calls };
                calls.entry(name.text.as_str()).or_insert(name.span);
                // The callee may move cards: what the locals named is no longer sure.
                env.cards.clear();
            }
            // A card that moves or turns may now be in sight.
            StmtKind::Move { .. } | StmtKind::Deal { .. } | StmtKind::TurnOver(_) | StmtKind::TurnCard { .. } => {
                env.cards.clear();
            }
            _ => {}
        }
    }
}

fn bind(set: &mut HashSet<String>, name: &str, yes: bool) {
    if yes {
        set.insert(name.to_string());
    } else {
        set.remove(name);
    }
}

impl<'f, 'a> Reads<'f, 'a> {
    fn new(facts: &'f Facts<'a>) -> Reads<'f, 'a> {
        let mut r = Reads {
            facts,
            face_down: HashSet::new(),
            any_down: false,
            tainted: HashSet::new(),
            functions: Default::default(),
        };
        let mut sets: Vec<(&'a str, &'a Expr)> = Vec::new();
        for p in &facts.procedures {
            each_stmt(&p.body, &mut |s| match &s.kind {
                StmtKind::Move { to, facing: Some(Facing::Down), .. } => {
                    if let Some(z) = facts.zone(to) {
                        r.face_down.insert(z.name);
                    }
                }
                StmtKind::Deal { to, facing: Some(Facing::Down), .. } => {
                    r.face_down.insert(to.text.as_str());
                }
                StmtKind::TurnOver(z) => match facts.zone(z) {
                    Some(z) => {
                        r.face_down.insert(z.name);
                    }
                    None => r.any_down = true,
                },
                StmtKind::TurnCard { facing: Facing::Down, .. } => r.any_down = true,
                StmtKind::Set { place, value }
                | StmtKind::Add { value, place }
                | StmtKind::Subtract { value, place } => {
                    sets.push((place.name.text.as_str(), value));
                }
                _ => {}
            });
        }
        // A counter set from a hidden read is hidden wherever it is read (until a fixed point:
        // one counter may be set from another).
        loop {
            let before = r.tainted.len();
            for (name, value) in &sets {
                if !r.tainted.contains(name) && r.reads(value, &Env::default()) {
                    r.tainted.insert(name);
                }
            }
            if r.tainted.len() == before {
                break;
            }
        }
        r
    }

    /// Whether some player may not see the cards of `zone` read as `part`.
    fn zone_hidden(&self, zone: &Expr, part: Part) -> bool {
        let name = match &zone.kind {
            ExprKind::Every(n) | ExprKind::EveryOf { name: n, .. } => n.text.as_str(),
            _ => match self.facts.zone(zone) {
                Some(z) => z.name,
                None => return false,
            },
        };
        let Some(z) = self.facts.zones.get(name) else { return false };
        match z.visibility {
            Visibility::Public => false,
            Visibility::Private | Visibility::Others => true,
            Visibility::ByFacing => {
                let down = !z.face_up || self.any_down || self.face_down.contains(name);
                match part {
                    Part::Top => down,
                    Part::Bottom | Part::All => down || !z.spread,
                }
            }
        }
    }

    /// Whether an expression is a card some player may not see.
    fn hidden_card(&self, e: &Expr, env: &Env) -> bool {
        match &e.kind {
            ExprKind::Top(z) => self.zone_hidden(z, Part::Top),
            ExprKind::CardAt { zone, .. } => self.zone_hidden(zone, Part::All),
            ExprKind::Bottom(z) => self.zone_hidden(z, Part::Bottom),
            ExprKind::Name(n) => env.cards.contains(n),
            ExprKind::If { then, otherwise, .. } => self.hidden_card(then, env) || self.hidden_card(otherwise, env),
            _ => false,
        }
    }

    /// Whether an expression reads something of a card some player may not see.
    pub(crate) fn reads(&self, e: &Expr, env: &Env) -> bool {
        match &e.kind {
            // A zone of a player's row: which one it is reads what its key and owner read.
            ExprKind::KeyedOf { key, owner, .. } => self.reads(key, env) || self.reads(owner, env),
            ExprKind::EveryOf { owner, .. } => self.reads(owner, env),
            ExprKind::Int(_)
            | ExprKind::Text(_)
            | ExprKind::Bool(_)
            | ExprKind::None
            | ExprKind::Player(_)
            | ExprKind::Every(_) => false,
            // The position's hidden cards are where the rules put them; whether they are back
            // there tells nothing a player could not follow (documented in language.md).
            ExprKind::PositionSeen => false,
            ExprKind::Name(n) => env.tainted.contains(n) || self.tainted.contains(n.as_str()),
            ExprKind::Arrangements(zone) | ExprKind::AllArrangements(zone) => {
                self.zone_hidden(zone, Part::All) || self.reads(zone, env)
            }
            ExprKind::Aggregate(a) => {
                // Each card of a zone some player cannot see is a hidden card in the condition.
                let mut inner = env.clone();
                let mut domain_reads = false;
                if let AggDomain::After(p) = &a.domain {
                    domain_reads = self.reads(p, env);
                }
                if let AggDomain::Expr(d) = &a.domain {
                    domain_reads = self.reads(d, env);
                    if self.zone_hidden(d, Part::All) {
                        inner.cards.insert(a.var.text.clone());
                    }
                }
                if let AggDomain::Subsets(sub) = &a.domain {
                    domain_reads = a.domain.exprs().any(|x| self.reads(x, env));
                    if self.zone_hidden(&sub.zone, Part::All) {
                        inner.tainted.insert(a.var.text.clone());
                    }
                }
                // issue 43: the ends of a range, the player of `previous`, a row; a zone of a row
                // some player cannot see is hidden, whatever is read of it.
                if let AggDomain::Range(..) | AggDomain::Before(_) | AggDomain::Zones(_) = &a.domain {
                    domain_reads = a.domain.exprs().any(|x| self.reads(x, env));
                }
                if let AggDomain::Zones(row) = &a.domain {
                    if self.zone_hidden(row, Part::All) {
                        inner.tainted.insert(a.var.text.clone());
                    }
                }
                domain_reads || a.value.iter().chain(&a.cond).any(|x| self.reads(x, &inner))
            }
            ExprKind::Strength { zone, .. } => self.zone_hidden(zone, Part::All) || self.reads(zone, env),
            ExprKind::Deadwood { zone, without } => {
                self.zone_hidden(zone, Part::All)
                    || self.reads(zone, env)
                    || without.as_ref().is_some_and(|w| self.reads(w, env))
            }
            ExprKind::Top(z) | ExprKind::Bottom(z) | ExprKind::Count(z) | ExprKind::Opponent(z) => self.reads(z, env),
            ExprKind::PlayerAt(x) | ExprKind::Across(x) => self.reads(x, env),
            ExprKind::CardAt { index, zone } => self.reads(index, env) || self.reads(zone, env),
            ExprKind::IsEmpty { target, .. } | ExprKind::IsNone { target, .. } | ExprKind::IsFaceUp { target, .. } => {
                self.reads(target, env)
            }
            ExprKind::Field { target, .. } => self.hidden_card(target, env) || self.reads(target, env),
            ExprKind::Of { name, arg } => {
                let hidden_counter = self.tainted.contains(name.text.as_str());
                let zone = self.facts.zones.contains_key(name.text.as_str());
                hidden_counter || (!zone && self.hidden_card(arg, env)) || self.reads(arg, env)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let identity =
                    matches!(op, BinOp::Eq | BinOp::Ne) && (self.hidden_card(lhs, env) || self.hidden_card(rhs, env));
                identity || self.reads(lhs, env) || self.reads(rhs, env)
            }
            ExprKind::Unary { operand, .. } => self.reads(operand, env),
            ExprKind::If { cond, then, otherwise } => [cond, then, otherwise].iter().any(|x| self.reads(x, env)),
            ExprKind::SetLit(xs) => xs.iter().any(|x| self.reads(x, env)),
            ExprKind::Call { name, args } => {
                args.iter().any(|a| self.reads(a, env) || self.hidden_card(a, env)) || self.function_reads(&name.text)
            }
        }
    }

    /// Whether a function's body reads hidden cards by itself (its parameters taken as visible).
    fn function_reads(&self, name: &str) -> bool {
        if let Some(v) = self.functions.borrow().get(name) {
            return *v;
        }
        // A function cannot call itself (the checker says so): mark it first all the same.
        self.functions.borrow_mut().insert(name.to_string(), false);
        let v = self.facts.functions.get(name).is_some_and(|f| {
            self.reads(&f.body, &Env::default()) || f.block.as_ref().is_some_and(|b| self.statements_read(&b.stmts))
        });
        self.functions.borrow_mut().insert(name.to_string(), v);
        v
    }

    /// Whether the statements of a function's block read hidden cards: a loop over a zone some
    /// player cannot see, or any expression that reads one (its names taken as visible).
    fn statements_read(&self, stmts: &[Stmt]) -> bool {
        let mut found = false;
        let mut loops = |s: &Stmt| {
            found |= match &s.kind {
                StmtKind::ForCard { zone, .. } => self.zone_hidden(zone, Part::All),
                StmtKind::ForEach { domain: AggDomain::Expr(z), .. } => self.zone_hidden(z, Part::All),
                StmtKind::ForEach { domain: AggDomain::Subsets(sub), .. } => self.zone_hidden(&sub.zone, Part::All),
                _ => false,
            };
        };
        for s in stmts {
            loops(s);
            for inner in super::facts::sub_blocks(s) {
                super::facts::each_stmt(inner, &mut loops);
            }
        }
        // Every expression of the block, each sub-expression too.
        struct Exprs<'e, 'f, 'a>(&'e Reads<'f, 'a>, bool);
        impl crate::syntax::walk::Visitor for Exprs<'_, '_, '_> {
            fn expr(&mut self, e: &Expr) {
                self.1 |= self.0.reads(e, &Env::default());
            }
        }
        let mut exprs = Exprs(self, false);
        stmts.iter().for_each(|s| crate::syntax::walk::stmt(&mut exprs, s));
        found || exprs.1
    }
}
