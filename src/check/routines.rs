//! Functions whose block holds statements (`set`, `if`, loops): checked into a [`Routine`] that
//! runs on a frame of its own, where only the function's own names may change.

use crate::check::mistake::Mistake;
use std::sync::Arc;

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::syntax::ast::{self, BinOp, StmtKind};

impl Checker {
    /// The routine of a function whose block holds statements; built once, then shared by
    /// every call.
    pub(crate) fn routine_of(&mut self, f: &ast::FunctionDecl, ret: Type) -> Arc<Routine> {
        if let Some(r) = self.routines.get(&f.name.text) {
            return r.clone();
        }
        let r = Arc::new(self.check_routine(f, ret));
        self.routines.insert(f.name.text.clone(), r.clone());
        r
    }

    /// Checks a function's statements and result, its parameters in its first slots.
    pub(crate) fn check_routine(&mut self, f: &ast::FunctionDecl, ret: Type) -> Routine {
        let mut scope = Scope { frame: true, ..Scope::default() };
        for p in &f.params {
            let ty = self.resolve_type(&p.ty);
            scope.bind(&p.name.text, ty, false, 1);
        }
        let (stmts, result) = match &f.block {
            Some(b) => (&b.stmts[..], &b.result),
            None => (&[][..], &f.body),
        };
        // The block's names stay known for the result.
        let body = stmts.iter().filter_map(|s| self.fn_stmt(s, 0, &mut scope)).collect();
        let (result, found) = self.check_expr(result, Some(ret), &mut scope);
        self.expect_type(f.body.span, ret, found);
        if scope.max_slot as usize > MAX_FRAME {
            self.errors.push(CheckError::invalid(
                Mistake::OverLimit,
                f.name.span,
                format!("function `{}` has more than {MAX_FRAME} names, parameters and loop items", f.name.text),
                "too many names",
                Some("split the work into two functions".into()),
            ));
        }
        Routine { name: f.name.text.clone(), slots: scope.max_slot, body, result }
    }

    /// A block of a function, `loops` loops deep; its names are forgotten after it.
    fn fn_block(&mut self, stmts: &[ast::Stmt], loops: u32, scope: &mut Scope) -> Vec<FnStmt> {
        let mark = scope.mark();
        let out = stmts.iter().filter_map(|s| self.fn_stmt(s, loops, scope)).collect();
        scope.restore(mark);
        out
    }

    fn fn_stmt(&mut self, s: &ast::Stmt, loops: u32, scope: &mut Scope) -> Option<FnStmt> {
        Some(match &s.kind {
            StmtKind::Let { name, ty, value } => {
                let (v, ty) = match ty {
                    Some(t) => {
                        let t = self.resolve_type(t);
                        (self.typed(value, t, scope), t)
                    }
                    None => self.check_expr(value, None, scope),
                };
                if ty == Type::None {
                    self.errors.push(CheckError::invalid(
                        Mistake::UntypedNone,
                        value.span,
                        format!("`{}` starts as `none`, which does not say what it will hold", name.text),
                        "of no type",
                        Some(format!("give its type: `let {}: card = none`", name.text)),
                    ));
                }
                FnStmt::Set(scope.bind(&name.text, ty, false, 1), v)
            }
            StmtKind::Set { place, value } => {
                let (slot, ty) = self.own_name(place, scope)?;
                FnStmt::Set(slot, self.typed(value, ty, scope))
            }
            StmtKind::Add { value, place } | StmtKind::Subtract { value, place } => {
                let (slot, ty) = self.own_name(place, scope)?;
                self.expect_type(place.span, Type::Int, ty);
                let v = self.typed(value, Type::Int, scope);
                let op = if matches!(s.kind, StmtKind::Add { .. }) { BinOp::Add } else { BinOp::Sub };
                FnStmt::Set(slot, Expr::Binary(op, Box::new(Expr::FnLocal(slot)), Box::new(v)))
            }
            StmtKind::If { cond, then, otherwise } => {
                let c = self.typed(cond, Type::Bool, scope);
                let t = self.fn_block(&then.stmts, loops, scope);
                let o = otherwise.as_ref().map(|o| self.fn_block(&o.stmts, loops, scope)).unwrap_or_default();
                FnStmt::If(c, t, o)
            }
            StmtKind::While { cond, body } => {
                let c = self.typed(cond, Type::Bool, scope);
                FnStmt::While(c, self.fn_block(&body.stmts, loops + 1, scope))
            }
            StmtKind::Repeat { count, body } => {
                let n = self.typed(count, Type::Int, scope);
                FnStmt::Repeat(n, self.fn_block(&body.stmts, loops + 1, scope))
            }
            StmtKind::ForPlayer { var, body } => {
                self.fn_for(var, FnOver::Players(None), Type::Player, None, body, loops, scope)
            }
            StmtKind::ForCard { var, zone, body } => {
                let z = self.zones_expr(zone, scope);
                self.fn_for(var, FnOver::Cards(z), Type::Card, None, body, loops, scope)
            }
            StmtKind::ForRange { var, from, to, body } => {
                let (a, z) = (self.typed(from, Type::Int, scope), self.typed(to, Type::Int, scope));
                self.fn_for(var, FnOver::Range(a, z), Type::Int, None, body, loops, scope)
            }
            StmtKind::ForEach { var, domain, from, cond, body } => {
                let start = from.as_ref().map(|p| self.typed(p, Type::Player, scope));
                let (over, ty) = match domain {
                    ast::AggDomain::Players | ast::AggDomain::After(_) | ast::AggDomain::ThePlayer => {
                        (FnOver::Players(start), Type::Player)
                    }
                    ast::AggDomain::Subsets(sub) => {
                        let (zone, lo, hi) = self.check_subsets(sub, scope);
                        (FnOver::Subsets { zone, lo, hi }, Type::Cards)
                    }
                    ast::AggDomain::Expr(d) => match self.enum_named(d, scope) {
                        Some(e) => (FnOver::Members(self.enums[e as usize].members.len() as u16), Type::Enum(e)),
                        None => (FnOver::Cards(self.domain_zone(d, scope)), Type::Card),
                    },
                    // issue 43: `for each k in 1 to 7 where ...`, `for each zone z in every column`.
                    ast::AggDomain::Range(lo, hi) => {
                        (FnOver::Range(self.typed(lo, Type::Int, scope), self.typed(hi, Type::Int, scope)), Type::Int)
                    }
                    ast::AggDomain::Zones(row) => (FnOver::Zones(self.row_expr(row, scope)), Type::Zone),
                    ast::AggDomain::Before(p) => {
                        (FnOver::Players(Some(self.typed(p, Type::Player, scope))), Type::Player)
                    }
                };
                if from.is_some() && !matches!(over, FnOver::Players(_)) {
                    self.errors.push(CheckError::invalid(
                        Mistake::FromOutsidePlayersLoop,
                        s.span,
                        "`from` starts a loop over the players at one of them",
                        "not a loop over `players`",
                        Some("write `for each q in players from p`".into()),
                    ));
                }
                self.fn_for(var, over, ty, cond.as_ref(), body, loops, scope)
            }
            StmtKind::Break => {
                if loops == 0 {
                    self.errors.push(CheckError::invalid(
                        Mistake::BreakOutsideLoop,
                        s.span,
                        "`break` leaves a loop, and this one is in none",
                        "not inside a loop",
                        Some("the function's result comes after its statements".into()),
                    ));
                }
                FnStmt::Break
            }
            _ => {
                self.errors.push(CheckError::invalid(
                    Mistake::ActionInFunction,
                    crate::check::lints::facts::label_span(s),
                    "a function only works out its result: this statement does something in the game",
                    "not in a function",
                    Some(
                        "do it in a procedure; a function's block holds `let`, `set`, `add`, `subtract`, `if`, \
                         `while`, `repeat`, `for each` and `break`, then its result"
                            .into(),
                    ),
                ));
                return None;
            }
        })
    }

    /// A `for each` of a function: its item in a slot of its own, for the condition and block.
    #[allow(clippy::too_many_arguments)]
    fn fn_for(
        &mut self,
        var: &ast::Name,
        over: FnOver,
        ty: Type,
        cond: Option<&ast::Expr>,
        body: &ast::Block,
        loops: u32,
        scope: &mut Scope,
    ) -> FnStmt {
        let mark = scope.mark();
        let slot = scope.bind(&var.text, ty, false, 1);
        let cond = cond.map(|c| self.typed(c, Type::Bool, scope));
        let body = self.fn_block(&body.stmts, loops + 1, scope);
        scope.restore(mark);
        FnStmt::For { slot, over, cond, body }
    }

    /// The slot and type of one of the function's own names, the only things `set` may change.
    fn own_name(&mut self, place: &ast::Place, scope: &mut Scope) -> Option<(u16, Type)> {
        if place.of.is_none() {
            if let Some((slot, ty)) = scope.frame_slot(&place.name.text) {
                return Some((slot, ty));
            }
        }
        self.errors.push(CheckError::invalid(
            Mistake::FunctionChangesOuter,
            place.span,
            format!("a function changes only its own names, and `{}` is not one", place.name.text),
            "not the function's",
            Some("give it a name with `let` in the function; counters are changed by procedures".into()),
        ));
        None
    }
}
