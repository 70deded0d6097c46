//! Checks functions and their calls: each body once, where it is declared, and each call of
//! a built-in, of a function written out where it is called, or of one whose block runs on a
//! frame of its own.

use super::error::{suggest, CheckError};
use super::exprs::Scope;
use super::ir::*;
use super::substitute::INLINE_BUDGET;
use super::{Checker, Global};
use crate::syntax::ast::{self, Span};

impl Checker {
    /// Checks every function body once, where it is declared, whether or not it is used.
    pub(crate) fn check_functions(&mut self) {
        let mut names: Vec<String> = self.functions.keys().cloned().collect();
        names.sort();
        for name in names {
            let Some(f) = self.functions.get(&name).cloned() else { continue };
            let ret = self.resolve_type(&f.ret);
            if f.block.as_ref().is_some_and(|b| !b.stmts.is_empty()) {
                self.inlining.push(f.name.text.clone());
                let r = std::sync::Arc::new(self.check_routine(&f, ret));
                self.inlining.pop();
                self.routines.insert(f.name.text.clone(), r);
                continue;
            }
            let params = f.params.iter().map(|p| (p.name.text.clone(), self.resolve_type(&p.ty))).collect();
            self.inlining.push(f.name.text.clone());
            let let_names = f.block.iter().flat_map(|b| b.lets.iter().map(|l| l.name.text.clone())).collect();
            let mut scope = Scope { params, let_names, ..Scope::default() };
            let before = self.errors.len();
            // Each `let` of a block, with the ones before it put in: checked against its type,
            // and checked at all when the result does not use it.
            for (i, l) in f.block.iter().flat_map(|b| b.lets.iter().enumerate()) {
                let lets = f.block.as_ref().map_or(&[][..], |b| &b.lets[..i]);
                let value = crate::syntax::lets::put_in(lets, &l.value);
                match &l.ty {
                    Some(t) => {
                        let t = self.resolve_type(t);
                        self.typed(&value, t, &mut scope);
                    }
                    None => {
                        self.check_expr(&value, None, &mut scope);
                    }
                }
            }
            let (_, bt) = self.check_expr(&f.body, Some(ret), &mut scope);
            self.inlining.pop();
            self.expect_type(f.body.span, ret, bt);
            // A mistake in a `let` the result uses twice is one mistake.
            let mut seen = Vec::new();
            for e in self.errors.drain(before..).collect::<Vec<_>>() {
                if !seen.contains(&e) {
                    seen.push(e.clone());
                    self.errors.push(e);
                }
            }
        }
    }

    pub(super) fn check_call(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> (Expr, Type) {
        let builtin = match name.text.as_str() {
            "sign" => Some((Builtin::Sign, 1)),
            "abs" => Some((Builtin::Abs, 1)),
            "min" => Some((Builtin::Min, 2)),
            "max" => Some((Builtin::Max, 2)),
            _ => None,
        };
        if let Some((b, arity)) = builtin {
            if args.len() != arity {
                self.errors.push(CheckError::ArgumentCount {
                    name: name.text.clone(),
                    expected: arity,
                    found: args.len(),
                    span: span.into(),
                    decl: None,
                });
            }
            let xs = args.iter().map(|a| self.typed(a, Type::Int, scope)).collect();
            return (Expr::Builtin(b, xs), Type::Int);
        }
        let Some(f) = self.functions.get(&name.text).cloned() else {
            // A function whose name another declaration took: the duplicate is the mistake.
            if self.duplicate_routines.contains(&name.text) && !self.functions.contains_key(&name.text) {
                for a in args {
                    let _ = self.check_expr(a, None, scope);
                }
                return (Expr::Const(Value::None), Type::None);
            }
            let names: Vec<&str> =
                self.functions.keys().map(|s| s.as_str()).chain(["sign", "abs", "min", "max"]).collect();
            let help = suggest(&name.text, names.iter().copied());
            let what = if matches!(self.globals.get(&name.text).map(|g| g.0), Some(Global::Procedure(_))) {
                "function (procedures are called as statements, not in expressions)"
            } else {
                "function"
            };
            self.errors.push(CheckError::UnknownName { what, name: name.text.clone(), span: name.span.into(), help });
            return (Expr::Const(Value::None), Type::None);
        };
        if args.len() != f.params.len() {
            self.errors.push(CheckError::ArgumentCount {
                name: name.text.clone(),
                expected: f.params.len(),
                found: args.len(),
                span: span.into(),
                decl: Some(f.name.span.into()),
            });
            return (Expr::Const(Value::None), Type::None);
        }
        let ret = self.resolve_type(&f.ret);
        if self.inlining.contains(&f.name.text) {
            self.errors.push(CheckError::RecursiveFunction { name: f.name.text.clone(), span: span.into() });
            return (Expr::Const(Value::None), ret);
        }
        let mut params = Vec::new();
        let mut actual = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            let ty = self.resolve_type(&p.ty);
            actual.push(self.typed(a, ty, scope));
            params.push((p.name.text.clone(), ty));
        }
        if f.block.as_ref().is_some_and(|b| !b.stmts.is_empty()) {
            // Statements run on a frame of their own: the arguments are worked out once.
            let reported = self.errors.len();
            self.inlining.push(f.name.text.clone());
            let routine = self.routine_of(&f, ret);
            self.inlining.pop();
            self.keep_recursion(reported);
            return (Expr::Run(Box::new(RunCall { routine, args: actual })), ret);
        }
        if self.inline_spent > INLINE_BUDGET {
            // Past the budget (said once, at the call that went past it): nothing more is written out.
            return (Expr::Const(Value::None), ret);
        }
        // The body is checked once, at its first call, and written out from then on: checking it
        // at every call took time exponential in the depth of functions calling others twice.
        let (body, fresh) = match self.inlined.get(&f.name.text) {
            Some(done) => (done.clone(), false),
            None => {
                // The body's own mistakes are reported once, where it is declared (`check_functions`).
                let reported = self.errors.len();
                self.inlining.push(f.name.text.clone());
                let mut fscope = Scope { params, ..Scope::default() };
                let body = self.check_expr(&f.body, Some(ret), &mut fscope).0;
                self.inlining.pop();
                let recursion = self.keep_recursion(reported);
                let body = std::sync::Arc::new(super::substitute::Inlined::new(body, f.params.len()));
                // A body checked inside a recursion is cut where the recursion was found, which
                // depends on the caller: not kept.
                if !recursion {
                    self.inlined.insert(f.name.text.clone(), body.clone());
                }
                (body, true)
            }
        };
        let depth = body.depth_with(&actual);
        if depth > crate::syntax::MAX_DEPTH {
            self.errors.push(CheckError::TooDeep {
                name: f.name.text.clone(),
                depth,
                max: crate::syntax::MAX_DEPTH,
                span: span.into(),
            });
            return (Expr::Const(Value::None), ret);
        }
        self.inline_spent = self.inline_spent.saturating_add(body.size_with(&actual));
        if self.inline_spent > INLINE_BUDGET {
            self.errors.push(CheckError::TooLarge { name: f.name.text.clone(), max: INLINE_BUDGET, span: span.into() });
            return (Expr::Const(Value::None), ret);
        }
        // The first call keeps the keys its aggregates were given; later ones take fresh keys,
        // as checking the body again would have given them.
        let first = if fresh { None } else { Some(self.aggregates.0) };
        if first.is_some() {
            self.aggregates.0 = self.aggregates.0.saturating_add(body.keys.len() as u32);
        }
        (body.write_out(&actual, first), ret)
    }

    /// Drops the mistakes found since `reported` but a recursion (f → g → f shows only when
    /// inlined); whether there was one.
    fn keep_recursion(&mut self, reported: usize) -> bool {
        let recursion =
            self.errors[reported..].iter().find(|e| matches!(e, CheckError::RecursiveFunction { .. })).cloned();
        self.errors.truncate(reported);
        let found = recursion.is_some();
        self.errors.extend(recursion);
        found
    }
}
