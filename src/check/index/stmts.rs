//! The names a statement uses and binds, scoped as the checker scopes them (`check/stmts.rs`):
//! a block's names end with the block, a loop's item with the loop, a choice's name lives on
//! to the end of its block.

use super::walk::Builder;
use super::{detail, DeclKind};
use crate::syntax::ast::*;

impl Builder {
    /// A block: its names are forgotten after it.
    pub fn block(&mut self, b: &Block) {
        let mark = self.scope.mark();
        b.stmts.iter().for_each(|s| self.stmt(s));
        self.restore(mark, b.span.end);
    }

    /// A loop's item, bound for `body` (and `cond`) only.
    fn looped(&mut self, var: &Name, ty: Option<&str>, cond: Option<&Expr>, body: &Block, end: usize) {
        let mark = self.scope.mark();
        self.local(DeclKind::LoopItem, var, ty.map(String::from));
        if let Some(c) = cond {
            self.expr(c);
        }
        self.block(body);
        self.restore(mark, end);
    }

    fn place(&mut self, p: &Place) {
        let d = self.scope.local(&p.name.text).or_else(|| {
            self.scope.global(&self.index, &p.name.text, |k| matches!(k, DeclKind::Counter | DeclKind::Variable))
        });
        self.found(p.name.span, &p.name.text, d);
        if let Some(of) = &p.of {
            self.expr(of);
        }
    }

    /// A choice's domain: a range, or one expression read as [`Builder::domain_expr`] reads it.
    fn domain(&mut self, d: &Domain) {
        match &d.to {
            Some(to) => {
                self.expr(&d.from);
                self.expr(to);
            }
            None => self.domain_expr(&d.from),
        }
    }

    /// The holes of an `announce`, `asking` or label text.
    pub fn template(&mut self, parts: &[TemplatePart]) {
        for p in parts {
            if let TemplatePart::Hole(e) = p {
                self.expr(e);
            }
        }
    }

    fn exprs<'e>(&mut self, es: impl IntoIterator<Item = Option<&'e Expr>>) {
        es.into_iter().flatten().for_each(|e| self.expr(e));
    }

    /// A statement.
    pub fn stmt(&mut self, s: &Stmt) {
        let end = s.span.end;
        match &s.kind {
            StmtKind::If { cond, then, otherwise } => {
                self.expr(cond);
                self.block(then);
                if let Some(b) = otherwise {
                    self.block(b);
                }
            }
            StmtKind::While { cond: e, body } | StmtKind::Repeat { count: e, body } => {
                self.expr(e);
                self.block(body);
            }
            StmtKind::ForPlayer { var, body } => self.looped(var, Some("player"), None, body, end),
            StmtKind::ForCard { var, zone, body } => {
                self.expr(zone);
                self.looped(var, Some("card"), None, body, end);
            }
            StmtKind::ForEach { var, domain, from, cond, body } => {
                self.agg_domain(domain);
                self.exprs([from.as_ref()]);
                let ty = match domain {
                    AggDomain::Players | AggDomain::After(_) | AggDomain::ThePlayer => Some("player"),
                    AggDomain::Subsets(_) => Some("cards"),
                    AggDomain::Expr(_) => None,
                    AggDomain::Range(..) => Some("int"),
                    AggDomain::Zones(_) => Some("zone"),
                    AggDomain::Before(_) => Some("player"),
                };
                self.looped(var, ty, cond.as_ref(), body, end);
            }
            StmtKind::Undo { player, body } => {
                self.expr(player);
                self.block(body);
            }
            StmtKind::ForRange { var, from, to, body } => {
                self.exprs([Some(from), Some(to)]);
                self.looped(var, Some("int"), None, body, end);
            }
            StmtKind::Break | StmtKind::Return | StmtKind::RememberPosition | StmtKind::Pause(None) => {}
            StmtKind::End(EndKind::Draw | EndKind::Unfinished) => {}
            StmtKind::Shuffle(e) | StmtKind::TurnOver(e) | StmtKind::Reveal(e) | StmtKind::TurnCard { card: e, .. } => {
                self.expr(e)
            }
            StmtKind::End(EndKind::Winner(e) | EndKind::Loser(e)) => self.expr(e),
            StmtKind::End(EndKind::Highest { var, score, .. }) => {
                let mark = self.scope.mark();
                self.local(DeclKind::ScoredPlayer, var, Some("player".into()));
                self.expr(score);
                self.restore(mark, end);
            }
            StmtKind::Deal { count, from, to, first, .. } => {
                self.exprs([count.as_ref(), first.as_ref(), Some(from)]);
                self.global_use(to, |k| k == DeclKind::Zone);
            }
            StmtKind::Move { what, to, .. } => {
                match what {
                    MoveWhat::All(e) | MoveWhat::Card(e) | MoveWhat::Above(e) => self.expr(e),
                    MoveWhat::Top(n, e) | MoveWhat::Bottom(n, e) => self.exprs([n.as_ref(), Some(e)]),
                }
                self.expr(to);
            }
            StmtKind::Let { name, ty, value } => {
                if let Some(t) = ty {
                    self.type_expr(t);
                }
                self.expr(value);
                self.local(DeclKind::Let, name, ty.as_ref().map(detail::type_expr));
            }
            StmtKind::Set { place, value } | StmtKind::Add { value, place } | StmtKind::Subtract { value, place } => {
                self.place(place);
                self.expr(value);
            }
            StmtKind::Announce(parts) | StmtKind::Pause(Some(parts)) => self.template(parts),
            StmtKind::Meld { from, to, chosen, .. } => self.exprs([Some(from), Some(to), chosen.as_ref()]),
            StmtKind::Choose { player, var, from, filter, prompt } => {
                self.exprs([player.as_ref()]);
                if let Some(t) = prompt {
                    self.template(t);
                }
                self.domain(from);
                // The chosen name lives on to the end of the block.
                self.local(DeclKind::Chosen, var, None);
                self.exprs([filter.as_ref()]);
            }
            StmtKind::ChooseSecretly { player_var, var, from, filter, prompt } => {
                let mark = self.scope.mark();
                self.local(DeclKind::ChoosingPlayer, player_var, Some("player".into()));
                if let Some(t) = prompt {
                    self.template(t);
                }
                self.domain(from);
                let chosen = self.local(DeclKind::Chosen, var, None);
                self.exprs([filter.as_ref()]);
                self.restore(mark, end);
                // Afterwards it holds each player's choice (`c of p`), to the end of the block.
                self.scope.bind(&var.text, chosen);
            }
            StmtKind::ChooseCards(c) => self.choose_cards(c, end),
            StmtKind::ChooseOne { player, prompt, branches, otherwise, .. } => {
                self.exprs([player.as_ref()]);
                if let Some(t) = prompt {
                    self.template(t);
                }
                for b in branches {
                    let mark = self.scope.mark();
                    for x in &b.binds {
                        self.domain(&x.from);
                        // issue 43: the sizes of a name that takes sets of cards.
                        for (lo, hi) in x.sets.iter().flat_map(|s| s.size.iter()) {
                            self.exprs([Some(lo), hi.as_ref()]);
                        }
                        self.local(DeclKind::Chosen, &x.var, None);
                        self.exprs([x.filter.as_ref()]);
                    }
                    self.exprs([b.filter.as_ref()]);
                    self.template(&b.label);
                    self.block(&b.body);
                    self.restore(mark, b.span.end);
                }
                if let Some(o) = otherwise {
                    self.block(o);
                }
            }
            StmtKind::Transfer { amount, from, to } => {
                self.exprs([amount.as_ref()]);
                self.place(from);
                self.place(to);
            }
            StmtKind::Call { name, args } => {
                self.global_use(name, |k| k == DeclKind::Procedure);
                args.iter().for_each(|a| self.expr(a));
            }
            StmtKind::AnyPlayerMay { player_var, prompt, branches, otherwise } => {
                // issue 43: open timing: the player asked is a name of its own, then a menu.
                let outer = self.scope.mark();
                self.local(DeclKind::ChoosingPlayer, player_var, Some("player".into()));
                if let Some(t) = prompt {
                    self.template(t);
                }
                for b in branches {
                    let mark = self.scope.mark();
                    for x in &b.binds {
                        self.domain(&x.from);
                        // issue 43: the sizes of a name that takes sets of cards.
                        for (lo, hi) in x.sets.iter().flat_map(|s| s.size.iter()) {
                            self.exprs([Some(lo), hi.as_ref()]);
                        }
                        self.local(DeclKind::Chosen, &x.var, None);
                        self.exprs([x.filter.as_ref()]);
                    }
                    self.exprs([b.filter.as_ref()]);
                    self.template(&b.label);
                    self.block(&b.body);
                    self.restore(mark, b.span.end);
                }
                self.restore(outer, end);
                if let Some(o) = otherwise {
                    self.block(o);
                }
            }
        }
    }

    fn choose_cards(&mut self, c: &CardsChoice, end: usize) {
        self.exprs([c.player.as_ref()]);
        if let Some(t) = &c.prompt {
            self.template(t);
        }
        self.exprs([Some(&c.count), c.most.as_ref(), Some(&c.from), Some(&c.to)]);
        c.alike.iter().for_each(|a| self.global_use(a, |k| k == DeclKind::Property));
        let mark = self.scope.mark();
        self.exprs([c.sum.as_ref().map(|s| &s.1)]);
        if let Some(v) = &c.var {
            self.local(DeclKind::Chosen, v, Some("card".into()));
        }
        self.exprs([c.filter.as_ref(), c.sum.as_ref().map(|s| &s.0)]);
        self.restore(mark, end);
    }
}
