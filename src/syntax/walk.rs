//! Walks a syntax tree: every block, statement, expression and name a declaration uses, for
//! lints and tools that look at a file as written.

use super::ast::*;

/// Something that wants to see parts of a syntax tree. Every method does nothing by default.
pub trait Visitor {
    /// A block of statements (a procedure body, a branch, a loop body).
    fn block(&mut self, _block: &Block) {}
    /// An expression (each sub-expression is visited too).
    fn expr(&mut self, _expr: &Expr) {}
    /// A name used by a statement outside any expression: a `deal` target, a procedure
    /// called, a counter set or transferred.
    fn name(&mut self, _name: &Name) {}
}

/// Visits everything an item contains (a variant's items too).
pub fn item<V: Visitor>(v: &mut V, it: &Item) {
    match it {
        Item::Game { .. }
        | Item::Players { .. }
        | Item::Teams { .. }
        | Item::Option(_)
        | Item::Enum(_)
        | Item::Hands(_)
        | Item::Order(_) => {}
        Item::Property(d) => {
            if let Some(e) = &d.default {
                expr(v, e);
            }
        }
        Item::Cards(d) => {
            if let CardsBody::Every { filter: Some(f), .. } = &d.body {
                expr(v, f);
            }
            let assigns: Vec<&PropAssign> = match &d.body {
                CardsBody::Every { assigns, .. } => assigns.iter().collect(),
                CardsBody::List(cards) => cards.iter().flat_map(|c| c.assigns.iter()).collect(),
            };
            for a in assigns {
                expr(v, &a.value);
            }
        }
        Item::Zone(d) => {
            for a in &d.attrs {
                if let ZoneAttrKind::Holds(groups) = &a.kind {
                    groups.iter().for_each(|g| v.name(g));
                }
            }
        }
        Item::Counter(d) => expr(v, &d.init),
        Item::Function(d) => {
            for s in d.block.iter().flat_map(|b| &b.stmts) {
                stmt(v, s);
            }
            expr(v, &d.body)
        }
        Item::Procedure(d) => block(v, &d.body),
        Item::Length { counter, .. } => v.name(counter),
        Item::Progress(d) => expr(v, &d.value),
        Item::View(d) => {
            for line in &d.lines {
                v.name(&line.name);
                if let Some(Some(order)) = &line.sorted {
                    v.name(order);
                }
            }
        }
        Item::Melds(d) => {
            for p in &d.patterns {
                p.rules.iter().for_each(|r| v.name(&r.name));
            }
            for w in &d.wilds {
                expr(v, &w.cond);
                w.keeps.iter().for_each(|n| v.name(n));
            }
            for p in &d.points {
                expr(v, &p.value);
            }
        }
        Item::Variant(d) => {
            for vi in &d.items {
                match vi {
                    VariantItem::Override { item: inner, .. } | VariantItem::Add(inner) => item(v, inner),
                    VariantItem::SetOption(_) => {}
                }
            }
        }
    }
}

/// Visits a block and everything in it.
pub fn block<V: Visitor>(v: &mut V, b: &Block) {
    v.block(b);
    for s in &b.stmts {
        stmt(v, s);
    }
}

fn place<V: Visitor>(v: &mut V, p: &Place) {
    v.name(&p.name);
    if let Some(e) = &p.of {
        expr(v, e);
    }
}

fn domain<V: Visitor>(v: &mut V, d: &Domain) {
    expr(v, &d.from);
    if let Some(e) = &d.to {
        expr(v, e);
    }
}

fn template<V: Visitor>(v: &mut V, parts: &[TemplatePart]) {
    for p in parts {
        if let TemplatePart::Hole(e) = p {
            expr(v, e);
        }
    }
}

/// Visits a statement and everything in it.
pub fn stmt<V: Visitor>(v: &mut V, s: &Stmt) {
    match &s.kind {
        StmtKind::If { cond, then, otherwise } => {
            expr(v, cond);
            block(v, then);
            if let Some(b) = otherwise {
                block(v, b);
            }
        }
        StmtKind::While { cond, body } => {
            expr(v, cond);
            block(v, body);
        }
        StmtKind::Repeat { count, body } => {
            expr(v, count);
            block(v, body);
        }
        StmtKind::ForPlayer { body, .. } => block(v, body),
        StmtKind::ForCard { zone, body, .. } => {
            expr(v, zone);
            block(v, body);
        }
        StmtKind::ForEach { domain, from, cond, body, .. } => {
            domain.exprs().for_each(|d| expr(v, d));
            if let Some(p) = from {
                expr(v, p);
            }
            if let Some(c) = cond {
                expr(v, c);
            }
            block(v, body);
        }
        StmtKind::Break | StmtKind::RememberPosition => {}
        StmtKind::Undo { player, body } => {
            expr(v, player);
            block(v, body);
        }
        StmtKind::ForRange { from, to, body, .. } => {
            expr(v, from);
            expr(v, to);
            block(v, body);
        }
        StmtKind::Shuffle(e) | StmtKind::TurnOver(e) | StmtKind::Reveal(e) => expr(v, e),
        StmtKind::Deal { count, from, to, first, .. } => {
            if let Some(c) = count {
                expr(v, c);
            }
            if let Some(p) = first {
                expr(v, p);
            }
            expr(v, from);
            v.name(to);
        }
        StmtKind::Move { what, to, .. } => {
            match what {
                MoveWhat::All(e) | MoveWhat::Card(e) | MoveWhat::Above(e) => expr(v, e),
                MoveWhat::Top(n, e) | MoveWhat::Bottom(n, e) => {
                    if let Some(n) = n {
                        expr(v, n);
                    }
                    expr(v, e);
                }
            }
            expr(v, to);
        }
        StmtKind::TurnCard { card, .. } => expr(v, card),
        StmtKind::Let { value, .. } => expr(v, value),
        StmtKind::Set { place: p, value }
        | StmtKind::Add { value, place: p }
        | StmtKind::Subtract { value, place: p } => {
            place(v, p);
            expr(v, value);
        }
        StmtKind::Return | StmtKind::End(EndKind::Draw | EndKind::Unfinished) => {}
        StmtKind::End(EndKind::Winner(e) | EndKind::Loser(e) | EndKind::Highest { score: e, .. }) => expr(v, e),
        StmtKind::Announce(parts) | StmtKind::Pause(Some(parts)) => template(v, parts),
        StmtKind::Pause(None) => {}
        StmtKind::Meld { from, to, chosen, .. } => {
            expr(v, from);
            expr(v, to);
            if let Some(a) = chosen {
                expr(v, a);
            }
        }
        StmtKind::ChooseCards(c) => {
            let CardsChoice { player, count, most, alike, from, to, filter, sum, prompt, .. } = &**c;
            let (value, total) = (sum.as_ref().map(|s| &s.0), sum.as_ref().map(|s| &s.1));
            for e in [player.as_ref(), Some(count), most.as_ref(), Some(from), Some(to), filter.as_ref(), value, total]
                .into_iter()
                .flatten()
            {
                expr(v, e);
            }
            for a in alike {
                v.name(a);
            }
            if let Some(p) = prompt {
                template(v, p);
            }
        }
        StmtKind::Choose { player, from, filter, prompt, .. } => {
            if let Some(p) = player {
                expr(v, p);
            }
            domain(v, from);
            if let Some(f) = filter {
                expr(v, f);
            }
            if let Some(t) = prompt {
                template(v, t);
            }
        }
        StmtKind::ChooseSecretly { from, filter, prompt, .. } => {
            domain(v, from);
            if let Some(f) = filter {
                expr(v, f);
            }
            if let Some(t) = prompt {
                template(v, t);
            }
        }
        StmtKind::ChooseOne { player, prompt, branches, otherwise, .. } => {
            if let Some(p) = player {
                expr(v, p);
            }
            if let Some(t) = prompt {
                template(v, t);
            }
            for b in branches {
                template(v, &b.label);
                for bind in &b.binds {
                    domain(v, &bind.from);
                    // issue 43: the sizes of a name that takes sets of cards.
                    for e in
                        bind.sets.iter().flat_map(|s| s.size.iter()).flat_map(|(lo, hi)| std::iter::once(lo).chain(hi))
                    {
                        expr(v, e);
                    }
                    if let Some(f) = &bind.filter {
                        expr(v, f);
                    }
                }
                if let Some(f) = &b.filter {
                    expr(v, f);
                }
                block(v, &b.body);
            }
            if let Some(b) = otherwise {
                block(v, b);
            }
        }
        StmtKind::Transfer { amount, from, to } => {
            if let Some(a) = amount {
                expr(v, a);
            }
            place(v, from);
            place(v, to);
        }
        StmtKind::Call { name, args } => {
            v.name(name);
            args.iter().for_each(|a| expr(v, a));
        }
        StmtKind::AnyPlayerMay { prompt, branches, otherwise, .. } => {
            // issue 43: open timing; its branches are visited as a menu's.
            if let Some(t) = prompt {
                template(v, t);
            }
            for b in branches {
                template(v, &b.label);
                for bind in &b.binds {
                    domain(v, &bind.from);
                    // issue 43: the sizes of a name that takes sets of cards.
                    for e in
                        bind.sets.iter().flat_map(|s| s.size.iter()).flat_map(|(lo, hi)| std::iter::once(lo).chain(hi))
                    {
                        expr(v, e);
                    }
                    if let Some(f) = &bind.filter {
                        expr(v, f);
                    }
                }
                if let Some(f) = &b.filter {
                    expr(v, f);
                }
                block(v, &b.body);
            }
            if let Some(b) = otherwise {
                block(v, b);
            }
        }
    }
}

/// Visits an expression and each of its sub-expressions.
pub fn expr<V: Visitor>(v: &mut V, e: &Expr) {
    v.expr(e);
    match &e.kind {
        ExprKind::KeyedOf { key, owner, .. } => {
            expr(v, key);
            expr(v, owner);
        }
        ExprKind::EveryOf { owner, .. } => expr(v, owner),
        ExprKind::Int(_)
        | ExprKind::Text(_)
        | ExprKind::Bool(_)
        | ExprKind::None
        | ExprKind::PositionSeen
        | ExprKind::Name(_)
        | ExprKind::Player(_) => {}
        ExprKind::Top(x) | ExprKind::Bottom(x) | ExprKind::Count(x) | ExprKind::Opponent(x) => expr(v, x),
        ExprKind::SetLit(xs) => xs.iter().for_each(|x| expr(v, x)),
        ExprKind::Call { args, .. } => args.iter().for_each(|x| expr(v, x)),
        ExprKind::Of { arg, .. } => expr(v, arg),
        ExprKind::If { cond, then, otherwise } => {
            expr(v, cond);
            expr(v, then);
            expr(v, otherwise);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            expr(v, lhs);
            expr(v, rhs);
        }
        ExprKind::Unary { operand, .. } => expr(v, operand),
        ExprKind::Field { target, .. } => expr(v, target),
        ExprKind::IsEmpty { target, .. } | ExprKind::IsNone { target, .. } | ExprKind::IsFaceUp { target, .. } => {
            expr(v, target)
        }
        ExprKind::Every(_) => {}
        ExprKind::Arrangements(zone) | ExprKind::AllArrangements(zone) => expr(v, zone),
        ExprKind::PlayerAt(x) | ExprKind::Across(x) => expr(v, x),
        ExprKind::CardAt { index, zone } => {
            expr(v, index);
            expr(v, zone);
        }
        ExprKind::Aggregate(a) => {
            a.domain.exprs().for_each(|d| expr(v, d));
            a.value.iter().chain(&a.cond).for_each(|x| expr(v, x));
        }
        ExprKind::Strength { zone, .. } => expr(v, zone),
        ExprKind::Deadwood { zone, without } => {
            expr(v, zone);
            if let Some(c) = without {
                expr(v, c);
            }
        }
    }
}
