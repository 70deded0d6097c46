//! Aggregates: `any c in Z where ...`, `count of c in Z where ...`, `sum of V for c in Z`,
//! `next q after p where ...`: the item's name bound for the condition and value, each
//! aggregate given a key of its own.

use super::error::{suggest, CheckError};
use super::exprs::Scope;
use super::ir::*;
use super::{Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, ExprKind};

impl Checker {
    /// `any c in Z where ...` and its kin: the item's name is bound for the condition and the
    /// value, and nowhere else.
    pub(crate) fn check_aggregate(&mut self, a: &ast::Aggregate, scope: &mut Scope) -> (Expr, Type) {
        let (over, item) = match &a.domain {
            ast::AggDomain::Players => (AggOver::Players, Type::Player),
            ast::AggDomain::After(p) => (AggOver::After(self.typed(p, Type::Player, scope)), Type::Player),
            ast::AggDomain::Subsets(sub) => {
                let (zone, lo, hi) = self.check_subsets(sub, scope);
                (AggOver::Subsets { zone, lo, hi }, Type::Cards)
            }
            ast::AggDomain::Expr(d) => match self.enum_named(d, scope) {
                Some(e) => (AggOver::Members(self.enums[e as usize].members.len() as u16), Type::Enum(e)),
                None => (AggOver::Cards(self.domain_zone(d, scope)), Type::Card),
            },
            _ => self.check_agg_domain(&a.domain, scope),
        };
        if a.kind == ast::AggKind::First && item == Type::Cards {
            self.errors.push(CheckError::invalid(
                Mistake::CardInNeedsZone,
                a.domain_span,
                "`card ... in` looks for a card, and these are sets of cards",
                "sets of cards",
                Some(format!("to ask whether there is such a set, write `any {} in ... where ...`", a.var.text)),
            ));
        } else if a.kind == ast::AggKind::First && item != Type::Card && !the_player(a) {
            self.errors.push(CheckError::invalid(
                Mistake::CardInNeedsZone,
                a.domain_span,
                "`card ... in` looks for a card, so it goes over a zone",
                "not a zone",
                Some(format!("to ask whether there is one, write `any {} in ... where ...`", a.var.text)),
            ));
        }
        // (Counting every set of a size needs no condition: there is no other way to say it.)
        let counts_sets = a.kind == ast::AggKind::Count && matches!(a.domain, ast::AggDomain::Subsets(_));
        if a.cond.is_none() && the_player(a) {
            self.errors.push(super::the_player::without_condition(a));
        } else if a.cond.is_none() && !a.kind.folds() && !counts_sets {
            let instead = match a.kind {
                ast::AggKind::Count => "; `count of Z` counts every card of a zone",
                ast::AggKind::Any => "; `Z is not empty` asks whether a zone has a card at all",
                ast::AggKind::Next => "; `left of p` is the next player, whoever it is",
                _ => "",
            };
            self.errors.push(CheckError::invalid(
                Mistake::AggregateWithoutCondition,
                a.var.span,
                format!("`{} {} in ...` needs a condition", a.kind.opening(), a.var.text),
                "which ones?",
                Some(format!("add `where` and a condition: `{}`{instead}", a.kind.shape(&a.var.text))),
            ));
        }
        let (made, depth) = self.aggregates;
        if depth >= MAX_AGGREGATE_DEPTH {
            self.errors.push(CheckError::invalid(
                Mistake::OverLimit,
                a.var.span,
                format!("aggregates may be nested {MAX_AGGREGATE_DEPTH} deep, not more"),
                "one too many inside another's condition",
                Some("work part of the question out first, in a `let` or a counter".into()),
            ));
        }
        self.aggregates = (made + 1, depth + 1);
        let mark = scope.mark();
        scope.bind_each(&a.var.text, item, made);
        let value = a.value.as_ref().map(|v| self.typed(v, Type::Int, scope));
        let cond = a.cond.as_ref().map(|c| {
            // `count of c in Z where c.rank == r >= 3`: the condition took the comparison meant
            // for the count.
            if let ExprKind::Binary { op, lhs, rhs } = &c.kind {
                if op.compares() && matches!(&lhs.kind, ExprKind::Binary { op, .. } if op.compares()) {
                    self.errors.push(CheckError::invalid(
                        Mistake::ComparisonAfterWhere,
                        rhs.span,
                        "a condition after `where` runs to the end of the expression",
                        "so this is compared with the condition, not with the aggregate",
                        Some(format!(
                            "put the aggregate in parentheses: `({}) {} ...`",
                            a.kind.shape(&a.var.text),
                            op.symbol()
                        )),
                    ));
                    return self.typed(lhs, Type::Bool, scope);
                }
            }
            self.typed(c, Type::Bool, scope)
        });
        scope.restore(mark);
        self.aggregates.1 = depth;
        let ty = match a.kind {
            ast::AggKind::Any | ast::AggKind::All => Type::Bool,
            ast::AggKind::First if the_player(a) => Type::Player,
            ast::AggKind::First => Type::Card,
            ast::AggKind::Next => Type::Player,
            ast::AggKind::Count | ast::AggKind::Sum | ast::AggKind::Max | ast::AggKind::Min => Type::Int,
        };
        (Expr::Aggregate(Box::new(Aggregate { kind: a.kind, key: made, over, value, cond })), ty)
    }
}

/// Whether the aggregate is `the player q where C` (issue 43).
fn the_player(a: &ast::Aggregate) -> bool {
    matches!(a.domain, ast::AggDomain::ThePlayer)
}

impl Checker {
    /// `subsets of Z of size a to b`: the cards' expression and the fewest and most cards (1 to
    /// every card when no size is written; the engine keeps the most to the cards there are).
    pub(crate) fn check_subsets(&mut self, s: &ast::Subsets, scope: &mut Scope) -> (Expr, Expr, Expr) {
        let zone = self.cards_expr(&s.zone, scope);
        let (lo, hi) = match &s.size {
            None => (Expr::Const(Value::Int(1)), Expr::Const(Value::Int(i64::MAX))),
            Some((lo, None)) => {
                let lo = self.typed(lo, Type::Int, scope);
                (lo.clone(), lo)
            }
            Some((lo, Some(hi))) => (self.typed(lo, Type::Int, scope), self.typed(hi, Type::Int, scope)),
        };
        (zone, lo, hi)
    }

    /// The enum an expression names, when it is an enum's bare name and no local or zone hides
    /// it: the members an aggregate, a `for each` or a choice (`from suit`) goes over.
    pub(crate) fn enum_named(&self, e: &ast::Expr, scope: &Scope) -> Option<u16> {
        let ExprKind::Name(n) = &e.kind else { return None };
        if scope.knows(n) || matches!(self.globals.get(n), Some((Global::Zone(_), _))) {
            return None;
        }
        self.enum_names.get(n).map(|e| e.0)
    }

    /// The zone an aggregate or a `for each` goes over; a name nobody declared is reported with
    /// the zones and enums it may have meant.
    pub(crate) fn domain_zone(&mut self, d: &ast::Expr, scope: &mut Scope) -> Expr {
        if let ExprKind::Name(n) = &d.kind {
            if !scope.knows(n) && !self.globals.contains_key(n) && !self.enum_names.contains_key(n) {
                let mut names = self.names_where(|g| matches!(g, Global::Zone(_)));
                names.extend(self.enum_names.keys().map(|s| s.as_str()));
                names.push("players");
                let help = suggest(n, names.iter().copied())
                    .or_else(|| Some("go over a zone (`hand of p`), `players`, or an enum's name (`suit`)".into()));
                self.errors.push(CheckError::UnknownName {
                    what: "zone or enum",
                    name: n.clone(),
                    span: d.span.into(),
                    help,
                });
                return Expr::Const(Value::None);
            }
        }
        self.zones_expr(d, scope)
    }
}
