//! Issue 43: what aggregates and `for each` loops go over besides cards, players and members:
//! the whole numbers of a range (`any k in 1 to 4 where ...`), the zones of a row
//! (`count of zone z in every pile where z is empty`) and the players before one
//! (`previous q before p where ...`).

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast;

impl Checker {
    /// The items of an aggregate over a range, a row's zones or the players before one: what
    /// the engine goes over and the type of the item's name.
    pub(crate) fn check_agg_domain(&mut self, d: &ast::AggDomain, scope: &mut Scope) -> (AggOver, Type) {
        match d {
            ast::AggDomain::Range(lo, hi) => {
                (AggOver::Range(self.typed(lo, Type::Int, scope), self.typed(hi, Type::Int, scope)), Type::Int)
            }
            ast::AggDomain::Zones(row) => (AggOver::Zones(self.row_expr(row, scope)), Type::Zone),
            ast::AggDomain::Before(p) => (AggOver::Before(self.typed(p, Type::Player, scope)), Type::Player),
            // `the player q where C`: the players from seat 1, the first that passes.
            ast::AggDomain::ThePlayer => (AggOver::Players, Type::Player),
            // The other domains are read by `check_aggregate` itself.
            _ => (AggOver::Players, Type::Player),
        }
    }

    /// The row a `zone z in ...` goes over: `every column`, `every hand`. Anything else (one
    /// zone, a set of cards) is reported.
    pub(crate) fn row_expr(&mut self, row: &ast::Expr, scope: &mut Scope) -> Expr {
        let (x, ty) = self.check_expr(row, None, scope);
        if ty != Type::Zones {
            let found = self.type_name(ty);
            self.errors.push(CheckError::invalid(
                Mistake::ZoneItemsNeedRow,
                row.span,
                "`zone z in ...` goes over the zones of a row",
                format!("{found}, not a row of zones"),
                Some(
                    "write `every` and the name of a zone declared `per ...` (`every column`, `every hand`); \
                     to go over the cards of a zone, leave out `zone`"
                        .into(),
                ),
            ));
            return Expr::Const(Value::None);
        }
        x
    }

    /// `for each k in 1 to 7 where C { ... }` and `for each zone z in every column where C
    /// { ... }`, written with the loop the engine has, a count: the number itself, or the zone
    /// at that place of the row. `None` for the other domains.
    pub(crate) fn check_for_each_more(
        &mut self,
        var: &ast::Name,
        domain: &ast::AggDomain,
        from: Option<&ast::Expr>,
        cond: Option<&ast::Expr>,
        body: &ast::Block,
        scope: &mut Scope,
    ) -> Option<Stmt> {
        let (first_k, last_k, row) = match domain {
            ast::AggDomain::Range(lo, hi) => (self.typed(lo, Type::Int, scope), self.typed(hi, Type::Int, scope), None),
            ast::AggDomain::Zones(r) => match self.row_expr(r, scope) {
                Expr::Const(Value::Zones(first, count)) => {
                    (Expr::Const(Value::Int(0)), Expr::Const(Value::Int(count as i64 - 1)), Some((first, count)))
                }
                // Reported above (or a row only known in play, which no form gives yet).
                _ => (Expr::Const(Value::Int(0)), Expr::Const(Value::Int(-1)), Some((0, 0))),
            },
            _ => return None,
        };
        if let Some(p) = from {
            self.errors.push(CheckError::invalid(
                Mistake::FromOutsidePlayersLoop,
                p.span,
                "`from` starts a loop over the players at one of them",
                "not a loop over `players`",
                Some("write `for each q in players from p`".into()),
            ));
        }
        let mark = scope.mark();
        let end = scope.hidden();
        let k = if row.is_some() { scope.hidden() } else { 0 };
        let ty = if row.is_some() { Type::Zone } else { Type::Int };
        let slot = scope.bind(&var.text, ty, false, 1);
        let cond = cond.map(|c| self.typed(c, Type::Bool, scope));
        let mut inner = self.loop_body(body, scope);
        scope.restore(mark);
        if let Some(c) = cond {
            inner = vec![Stmt::If(c, inner, Vec::new())];
        }
        let Some((first, count)) = row else {
            return Some(Stmt::ForRange { slot, end, from: first_k, to: last_k, body: inner });
        };
        let zone = Expr::ZoneAt { first, lo: 0, count, key: Box::new(Expr::Local(k)) };
        let mut body = vec![Stmt::Effect(Effect::Assign(Place::Local(slot), zone))];
        body.extend(inner);
        Some(Stmt::ForRange { slot: k, end, from: first_k, to: last_k, body })
    }
}
