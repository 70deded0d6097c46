//! The names an expression uses, resolved as the checker resolves them (`check/exprs.rs`):
//! locals first, then the game's declarations, then enum members; `player N`, the built-in
//! functions (`abs`, `min`, ...) and words (`player_count`, `next of`, `seat of`) are not names.

use super::walk::Builder;
use super::DeclKind;
use crate::syntax::ast::*;

/// The functions the language has (a game's function of the same name is never called).
const BUILTIN_FUNCTIONS: [&str; 4] = ["sign", "abs", "min", "max"];

/// The words `x of y` takes when the game declares nothing of that name.
const BUILTIN_OF: [&str; 6] = ["next", "previous", "seat", "left", "right", "team"];

impl Builder {
    /// A bare name as a value.
    fn value(&mut self, name: &str, span: Span) {
        if let Some(d) = self.scope.local(name) {
            return self.found(span, name, Some(d));
        }
        if self.in_card {
            if let Some(d) = self.scope.global(&self.index, name, |k| k == DeclKind::Property) {
                return self.found(span, name, Some(d));
            }
        }
        let plain = |k: DeclKind| !matches!(k, DeclKind::EnumMember | DeclKind::HandPattern | DeclKind::Enum);
        let d = self
            .scope
            .global(&self.index, name, plain)
            .or_else(|| self.member(None, name))
            .or_else(|| self.scope.global(&self.index, name, |k| k == DeclKind::HandPattern))
            .or_else(|| self.scope.global(&self.index, name, |k| k == DeclKind::Enum));
        if d.is_none() && name == "player_count" {
            return;
        }
        self.found(span, name, d);
    }

    /// `name of arg`: a local per player, a `hands` declaration, a zone, counter, order or
    /// property.
    fn of(&mut self, name: &Name) {
        if let Some(d) = self.scope.local(&name.text) {
            return self.found(name.span, &name.text, Some(d));
        }
        let d = self.scope.global(&self.index, &name.text, |k| k == DeclKind::Hands).or_else(|| {
            self.scope.global(&self.index, &name.text, |k| {
                matches!(
                    k,
                    DeclKind::Zone | DeclKind::Counter | DeclKind::Variable | DeclKind::Order | DeclKind::Property
                )
            })
        });
        if d.is_none() && BUILTIN_OF.contains(&name.text.as_str()) {
            return;
        }
        self.found(name.span, &name.text, d);
    }

    /// What a choice, aggregate or `for each` goes over (`from suit`, `in hand of p`): a bare
    /// name there means, as the checker reads it (`enum_named`), a local or a zone, else an
    /// enum, else what it means as a value (`from rank` is the enum `rank`, not the property).
    pub fn domain_expr(&mut self, e: &Expr) {
        if let ExprKind::Name(n) = &e.kind {
            let zone = self.scope.global(&self.index, n, |k| k == DeclKind::Zone);
            if self.scope.local(n).is_none() && zone.is_none() {
                if let Some(d) = self.scope.global(&self.index, n, |k| k == DeclKind::Enum) {
                    return self.found(e.span, n, Some(d));
                }
            }
        }
        self.expr(e)
    }

    /// An aggregate's or a `for each`'s domain: each expression in it, a lone one as
    /// [`Builder::domain_expr`] reads it.
    pub fn agg_domain(&mut self, d: &AggDomain) {
        match d {
            AggDomain::Expr(e) => self.domain_expr(e),
            _ => d.exprs().for_each(|x| self.expr(x)),
        }
    }

    /// An expression and everything in it.
    pub fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::KeyedOf { name, key, owner } => {
                self.global_use(name, |k| k == DeclKind::Zone);
                self.expr(key);
                self.expr(owner);
            }
            ExprKind::EveryOf { name, owner } => {
                self.global_use(name, |k| k == DeclKind::Zone);
                self.expr(owner);
            }
            ExprKind::Int(_)
            | ExprKind::Text(_)
            | ExprKind::Bool(_)
            | ExprKind::None
            | ExprKind::PositionSeen
            | ExprKind::Player(_) => {}
            ExprKind::Name(n) => self.value(n, e.span),
            ExprKind::Top(x)
            | ExprKind::Bottom(x)
            | ExprKind::Count(x)
            | ExprKind::Opponent(x)
            | ExprKind::Arrangements(x)
            | ExprKind::AllArrangements(x)
            | ExprKind::PlayerAt(x)
            | ExprKind::Across(x) => self.expr(x),
            ExprKind::SetLit(xs) => xs.iter().for_each(|x| self.expr(x)),
            ExprKind::Call { name, args } => {
                if !BUILTIN_FUNCTIONS.contains(&name.text.as_str()) {
                    self.global_use(name, |k| k == DeclKind::Function);
                }
                args.iter().for_each(|x| self.expr(x));
            }
            ExprKind::Of { name, arg } => {
                self.of(name);
                self.expr(arg);
            }
            ExprKind::If { cond, then, otherwise } => {
                self.expr(cond);
                self.expr(then);
                self.expr(otherwise);
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Field { target, name } => {
                self.expr(target);
                self.global_use(name, |k| k == DeclKind::Property);
            }
            ExprKind::IsEmpty { target, .. } | ExprKind::IsNone { target, .. } | ExprKind::IsFaceUp { target, .. } => {
                self.expr(target)
            }
            ExprKind::Every(name) => self.global_use(name, |k| k == DeclKind::Zone),
            ExprKind::Deadwood { zone, without } => {
                self.expr(zone);
                if let Some(c) = without {
                    self.expr(c);
                }
            }
            ExprKind::Strength { zone, hands } => {
                self.expr(zone);
                self.global_use(hands, |k| k == DeclKind::Hands);
            }
            ExprKind::CardAt { index, zone } => {
                self.expr(index);
                self.expr(zone);
            }
            ExprKind::Aggregate(a) => {
                self.agg_domain(&a.domain);
                let mark = self.scope.mark();
                let ty = match &a.domain {
                    AggDomain::Players | AggDomain::After(_) | AggDomain::ThePlayer => Some("player".to_string()),
                    AggDomain::Subsets(_) => Some("cards".to_string()),
                    AggDomain::Expr(_) => None,
                    AggDomain::Range(..) => Some("int".to_string()),
                    AggDomain::Zones(_) => Some("zone".to_string()),
                    AggDomain::Before(_) => Some("player".to_string()),
                };
                self.local(DeclKind::AggregateItem, &a.var, ty);
                a.value.iter().chain(&a.cond).for_each(|x| self.expr(x));
                self.restore(mark, e.span.end);
            }
        }
    }
}
