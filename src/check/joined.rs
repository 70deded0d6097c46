//! Issue 43: zones read as one. `hole of p + board` (up to three zones joined by `+`) is some
//! cards to read (`Type::Cards`, [`Expr::Joined`]): wherever a zone's or a set's cards are read
//! (aggregates, `count of`, `is empty`, `for each card`, `subsets of`, hand ranking, a choice's
//! domain). It is not a zone: moving cards to it, its top card and shuffling it are refused, each
//! with its own code and what to write instead. `+` between numbers is untouched: the left side's
//! type decides which `+` is meant.

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, BinOp, ExprKind};

/// The most zones one `a + b + c` joins.
pub const MAX_JOINED: usize = 3;

/// What wanted one zone where zones read as one were written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum JoinedUse {
    /// `move ... to a + b`.
    MoveTo,
    /// `top of a + b`, `bottom of a + b`, `card k of a + b`, `move top of a + b to ...`.
    Top,
    /// `shuffle a + b`.
    Shuffle,
}

impl Checker {
    /// `a + b`: zones read as one when the left side holds cards, else the sum of two numbers.
    pub(crate) fn check_plus(&mut self, lhs: &ast::Expr, rhs: &ast::Expr, scope: &mut Scope) -> (Expr, Type) {
        let (a, at) = self.check_expr(lhs, Some(Type::Int), scope);
        if matches!(at, Type::Zone | Type::Zones | Type::Cards) {
            return self.join(a, at, lhs, rhs, scope);
        }
        self.expect_type(lhs.span, Type::Int, at);
        let (b, bt) = self.check_expr(rhs, Some(Type::Int), scope);
        if matches!(bt, Type::Zone | Type::Zones | Type::Cards) && Self::compatible(Type::Int, at) {
            // `count of c in hand of p + board` without `where`: the aggregate ended at the `+`.
            self.errors.push(CheckError::invalid(
                Mistake::JoinedNeedsParentheses,
                rhs.span,
                "a number and a zone cannot be added",
                "a zone after a number",
                Some(
                    "to read two zones' cards as one after `of` or `in`, put them in parentheses: \
                     `count of (hand of p + board)`, `sum of c.points for c in (hand of p + board)`; \
                     before a `where`, `any c in hand of p + board where ...` needs none"
                        .into(),
                ),
            ));
        } else {
            self.expect_type(rhs.span, Type::Int, bt);
        }
        (Expr::Binary(BinOp::Add, Box::new(a), Box::new(b)), Type::Int)
    }

    /// `a + b` with `a` (checked, of type `at`) holding cards: every part must be one zone, at
    /// most [`MAX_JOINED`] of them.
    fn join(&mut self, a: Expr, at: Type, lhs: &ast::Expr, rhs: &ast::Expr, scope: &mut Scope) -> (Expr, Type) {
        let mut parts = match a {
            Expr::Joined(parts) => parts,
            a => {
                self.need_one_zone(lhs.span, at);
                vec![a]
            }
        };
        let (b, bt) = self.check_expr(rhs, Some(Type::Zone), scope);
        self.need_one_zone(rhs.span, bt);
        parts.push(b);
        if parts.len() == MAX_JOINED + 1 {
            self.errors.push(CheckError::invalid(
                Mistake::JoinedPart,
                rhs.span,
                format!("at most {MAX_JOINED} zones are read as one"),
                "one zone too many",
                Some("read the cards in two steps (two aggregates, or a counter worked out first)".into()),
            ));
        }
        (Expr::Joined(parts), Type::Cards)
    }

    /// Reports a part of `a + b` that is not one zone (a row, a set, a number).
    fn need_one_zone(&mut self, span: ast::Span, t: Type) {
        if matches!(t, Type::Zone | Type::None) {
            return;
        }
        let found = self.type_name(t);
        let help = match t {
            Type::Zones => "name the zones one by one (`pile of 1 + pile of 2`), or read the row alone (`every pile`)",
            Type::Cards => "join zones, not sets: `subsets of (hand of p + board)` takes sets of the zones' cards",
            _ => "each part of `a + b` between zones is one zone: `hand of p + board`",
        };
        self.errors.push(CheckError::invalid(
            Mistake::JoinedPart,
            span,
            "zones read as one are joined zone by zone",
            format!("{found}, not one zone"),
            Some(help.into()),
        ));
    }

    /// A zone where zones read as one are refused with a message of their own (`move ... to
    /// a + b`, `top of a + b`, `shuffle a + b`); `cards`: a set of cards is also taken.
    pub(crate) fn one_zone(&mut self, e: &ast::Expr, what: JoinedUse, cards: bool, scope: &mut Scope) -> Expr {
        if !matches!(&e.kind, ExprKind::Binary { op: BinOp::Add, .. }) {
            return if cards { self.cards_expr(e, scope) } else { self.zone_expr(e, scope) };
        }
        let (x, t) = self.check_expr(e, None, scope);
        if !matches!(x, Expr::Joined(_)) {
            let want = if cards { Type::Cards } else { Type::Zone };
            if !Self::compatible(want, t) {
                self.expect_type(e.span, Type::Zone, t);
            }
            return x;
        }
        let (mistake, message, help) = match what {
            JoinedUse::MoveTo => (
                Mistake::MoveToJoined,
                "cards are moved to one zone, not to zones read as one",
                "name the zone the cards go to: `move c to board`",
            ),
            JoinedUse::Top => (
                Mistake::TopOfJoined,
                "zones read as one have no top card",
                "name the zone (`top of board`), or look for a card: `card c in hand of p + board where ...`",
            ),
            JoinedUse::Shuffle => (
                Mistake::ShuffleJoined,
                "zones read as one cannot be shuffled together",
                "shuffle each zone (`shuffle hand of p` then `shuffle board`), or move their cards into one zone first",
            ),
        };
        self.errors.push(CheckError::invalid(mistake, e.span, message, "zones read as one", Some(help.into())));
        Expr::Const(Value::None)
    }
}
