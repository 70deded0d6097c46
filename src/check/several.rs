//! `p chooses 1 to 4 cards c of one rank from Z to Y where ...`: a choice of several cards in
//! one decision. It is checked into a `chooses one of` with a branch for each number of cards;
//! a branch binds its cards in the zone's order, each from the cards above the one before (so
//! each set is offered once), tests each with the `where` and the shared properties, shows the
//! set as its cards ("3♠ + 3♥"), and moves them to `Y`. The engine's menus do the rest: listing,
//! limits, labels that hide what the viewer cannot see, private choices.

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, BinOp};

impl Checker {
    /// Checks a choice of several cards (see the module's doc).
    pub(super) fn check_choose_cards(&mut self, span: ast::Span, c: &ast::CardsChoice, scope: &mut Scope) -> Stmt {
        let player = c.player.as_ref().map(|p| self.typed(p, Type::Player, scope));
        if let (None, Some(_)) = (&player, &c.prompt) {
            self.errors.push(CheckError::invalid(
                Mistake::AskingChance,
                span,
                "`chance` is asked nothing: `asking` needs a player who chooses",
                "chance chooses here",
                Some("remove `asking \"...\"`, or announce what chance chose".into()),
            ));
        }
        let prompt = c.prompt.as_ref().map(|t| self.check_template(t, scope));
        let (fewest, most) = self.card_counts(c, scope);
        let from = self.zone_expr(&c.from, scope);
        let to = self.zone_expr(&c.to, scope);
        let alike: Vec<u16> = c.alike.iter().filter_map(|a| self.property_named(a)).collect();
        if let (Some(f), None) = (&c.filter, &c.var) {
            self.errors.push(CheckError::invalid(
                Mistake::UnnamedCards,
                f.span,
                "the cards need a name for `where` to test them",
                "which card is this about?",
                Some(
                    "name them after `cards`: `p chooses 2 cards c from hand of p to discard where c.rank != A`".into(),
                ),
            ));
        }
        if let (Some((v, _)), None) = (&c.sum, &c.var) {
            self.errors.push(CheckError::invalid(
                Mistake::UnnamedCards,
                v.span,
                "the cards need a name for `with` to add up their values",
                "whose value is this?",
                Some("name them after `cards`: `p chooses 1 to 4 cards c from table to taken of p with c.points adding up to 15`".into()),
            ));
        }
        // The value each card adds (about the named card) and the total they must reach.
        let sum = c.sum.as_ref().filter(|_| c.var.is_some());
        let face_up = Self::facing(c.facing);
        let branch = scope.hidden();
        let mut branches = Vec::new();
        let mut bodies = Vec::new();
        for k in fewest..=most {
            // The `where` is checked once for each card of each branch: its mistakes are
            // reported from the largest branch alone.
            let errors = self.errors.len();
            let mark = scope.mark();
            let mut binds: Vec<MenuBind> = Vec::new();
            let mut label = Vec::new();
            let mut body = Vec::new();
            let mut total: Option<Expr> = None;
            let target = sum.map(|(_, t)| self.typed(t, Type::Int, scope));
            for i in 0..k {
                let domain = match binds.last() {
                    None => Domain::Zone(from.clone()),
                    Some(below) => Domain::Above(from.clone(), Expr::Local(below.slot)),
                };
                let name = c.var.as_ref().map_or("", |v| v.text.as_str());
                let slot = scope.bind(name, Type::Card, false, 1);
                // Each card is tested with the same words: their mistakes are reported once.
                let said = self.errors.len();
                // Without a name the `where` cannot be about the cards (reported above).
                let filter = c.filter.as_ref().filter(|_| c.var.is_some());
                let mut tests: Vec<Expr> = filter.map(|f| self.typed(f, Type::Bool, scope)).into_iter().collect();
                if let Some((v, _)) = sum {
                    let v = self.typed(v, Type::Int, scope);
                    let so_far = match total.take() {
                        Some(t) => Expr::Binary(BinOp::Add, Box::new(t), Box::new(v)),
                        None => v,
                    };
                    total = Some(so_far.clone());
                    // The last card of the set: the values must add up to the target (a card with
                    // no value, `none`, adds up to nothing).
                    if let (true, Some(target)) = (i + 1 == k, &target) {
                        let known = Expr::Not(Box::new(Expr::IsNone(Box::new(so_far.clone()))));
                        let equal = Expr::Binary(BinOp::Eq, Box::new(so_far), Box::new(target.clone()));
                        tests.push(Expr::Binary(BinOp::And, Box::new(known), Box::new(equal)));
                    }
                }
                if let Some(first) = binds.first() {
                    // Cards without the property (`none`, a joker's rank) share nothing.
                    for &p in &alike {
                        let mine = Expr::Prop(Box::new(Expr::Local(slot)), p);
                        let firsts = Expr::Prop(Box::new(Expr::Local(first.slot)), p);
                        let known = Expr::Not(Box::new(Expr::IsNone(Box::new(firsts.clone()))));
                        let equal = Expr::Binary(BinOp::Eq, Box::new(mine), Box::new(firsts));
                        tests.push(Expr::Binary(BinOp::And, Box::new(known), Box::new(equal)));
                    }
                }
                if i > 0 {
                    self.errors.truncate(said);
                }
                let filter = tests.into_iter().reduce(|a, b| Expr::Binary(BinOp::And, Box::new(a), Box::new(b)));
                binds.push(MenuBind { slot, from: domain, filter });
                if i > 0 {
                    label.push(TextPart::Text(" + ".into()));
                }
                label.push(TextPart::Value(Expr::Local(slot), Type::Card));
                let what = MoveWhat::Card(Expr::Local(slot));
                body.push(Stmt::Effect(Effect::Move { what, to: to.clone(), face_up, bottom: false }));
            }
            if k == 0 {
                label.push(TextPart::Text("no card".into()));
            }
            scope.restore(mark);
            if k != most {
                self.errors.truncate(errors);
            }
            // No card adds up to 0.
            let zero = Box::new(Expr::Const(Value::Int(0)));
            let guard = target.filter(|_| k == 0).map(|t| Expr::Binary(BinOp::Eq, zero, Box::new(t)));
            branches.push(MenuBranch { label, binds, guard });
            bodies.push(body);
        }
        let private = self.private_choices.contains(&span);
        let choice = Choice::Menu { player, branch, branches, prompt, private, fresh: false };
        Stmt::Menu { choice, bodies, otherwise: Vec::new() }
    }

    /// The fewest and most cards a choice of several takes: numbers known before the game
    /// starts, from 0 to [`MAX_BINDS`], the fewest first.
    fn card_counts(&mut self, c: &ast::CardsChoice, scope: &mut Scope) -> (usize, usize) {
        let mut count = |e: &ast::Expr, this: &mut Checker| -> Option<i64> {
            let x = this.typed(e, Type::Int, scope);
            match this.const_eval(&x, e.span) {
                Value::Int(n) if (0..=MAX_BINDS as i64).contains(&n) => Some(n),
                Value::Int(n) => {
                    this.errors.push(CheckError::invalid(
                        Mistake::OverLimit,
                        e.span,
                        format!("a choice takes from 0 to {MAX_BINDS} cards, not {n}"),
                        "too many",
                        Some(format!("choose at most {MAX_BINDS} cards at once, or choose twice")),
                    ));
                    None
                }
                _ => None,
            }
        };
        let fewest = count(&c.count, self);
        let most = match &c.most {
            Some(m) => count(m, self),
            None => fewest,
        };
        match (fewest, most) {
            (Some(_), Some(0)) => {
                let at = c.most.as_ref().map_or(c.count.span, |m| m.span);
                self.errors.push(CheckError::invalid(
                    Mistake::ChoiceOfNoCards,
                    at,
                    "a choice of no cards asks nothing",
                    "no card to choose",
                    Some("choose at least one card (`0 to 1 cards` lets the player choose none)".into()),
                ));
                (0, 0)
            }
            (Some(a), Some(b)) if a <= b => (a as usize, b as usize),
            (Some(a), Some(b)) => {
                let at = c.most.as_ref().map_or(c.count.span, |m| m.span);
                self.errors.push(CheckError::invalid(
                    Mistake::RangeBackwards,
                    at,
                    format!("the most cards ({b}) is fewer than the fewest ({a})"),
                    "fewer than the first number",
                    Some(format!("write `{b} to {a} cards`")),
                ));
                (b as usize, a as usize)
            }
            _ => (1, 1),
        }
    }
}
