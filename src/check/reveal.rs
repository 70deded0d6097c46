//! What `reveal` shows (issue 43): a zone (`reveal hand of p`, every card of it) or one card
//! (`reveal c`, `reveal top of hand of p`), to every player where it lies.

use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::syntax::ast::{self, ExprKind};

impl Checker {
    /// Checks the target of `reveal`: a card, or else a zone.
    pub(super) fn reveal_target(&mut self, e: &ast::Expr, scope: &mut Scope) -> Expr {
        let card_shaped = match &e.kind {
            ExprKind::Top(_) | ExprKind::Bottom(_) | ExprKind::CardAt { .. } => true,
            ExprKind::Name(n) => {
                scope.frame_slot(n).is_some_and(|(_, t)| t == Type::Card)
                    || scope.params.iter().any(|(p, t)| p == n && *t == Type::Card)
            }
            _ => false,
        };
        if card_shaped {
            return self.typed(e, Type::Card, scope);
        }
        self.zone_expr(e, scope)
    }
}
