//! Issue 43: a `chooses one of` branch whose name takes sets of cards (`s from subsets of hand
//! of p of size 1 to n`), and the labels that may show such a set (`"play {s}"`).

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast;

impl Checker {
    /// The domain of a branch name that takes sets: the zone (or set) the cards come from and
    /// the fewest and most cards, worked out when the menu is offered. A size known before play
    /// that no set can have is a mistake.
    pub(super) fn check_set_domain(&mut self, zone: &ast::Expr, sizes: &ast::SetSizes, scope: &mut Scope) -> Domain {
        let sub = ast::Subsets { zone: zone.clone(), size: sizes.size.clone() };
        let (zone, lo, hi) = self.check_subsets(&sub, scope);
        if let Some((lo_e, hi_e)) = &sizes.size {
            let lo_n = self.known_int(&lo, lo_e.span);
            let hi_n = self.known_int(&hi, hi_e.as_ref().unwrap_or(lo_e).span);
            for (n, at) in [(lo_n, lo_e.span), (hi_n, hi_e.as_ref().unwrap_or(lo_e).span)] {
                if let Some(n) = n.filter(|n| !(0..=MAX_SUBSET_CARDS as i64).contains(n)) {
                    self.errors.push(CheckError::invalid(
                        Mistake::SetSize,
                        at,
                        format!("a set holds from 0 to {MAX_SUBSET_CARDS} cards, not {n}"),
                        "no set has this many cards",
                        Some(format!("give sizes from 0 to {MAX_SUBSET_CARDS}: `of size 1 to 4`")),
                    ));
                    return Domain::Subsets(zone, lo, hi);
                }
            }
            if hi_n == Some(0) {
                self.errors.push(CheckError::invalid(
                    Mistake::SetSize,
                    hi_e.as_ref().unwrap_or(lo_e).span,
                    "every set here has no card, so the name offers nothing but \"no card\"",
                    "at most no card",
                    Some(
                        "offer passing as a branch of its own (`\"pass\" { ... }`), and sets of 1 card or more".into(),
                    ),
                ));
            }
            if let (Some(a), Some(b), Some(hi_e)) = (lo_n, hi_n, hi_e) {
                if a > b {
                    self.errors.push(CheckError::invalid(
                        Mistake::RangeBackwards,
                        hi_e.span,
                        format!("the most cards ({b}) is fewer than the fewest ({a})"),
                        "fewer than the first number",
                        Some(format!("write `of size {b} to {a}`")),
                    ));
                }
            }
        }
        Domain::Subsets(zone, lo, hi)
    }

    /// A number known before the game starts, or `None` (without a mistake) when it depends on
    /// the game in play.
    fn known_int(&mut self, e: &Expr, span: ast::Span) -> Option<i64> {
        let said = self.errors.len();
        let v = self.const_eval(e, span);
        self.errors.truncate(said);
        v.as_int()
    }

    /// A branch's label: a text whose holes may also show a set of cards (`"play {s}"`, shown
    /// as its cards joined by `+`, each card its chooser or onlooker may not see as "a card").
    pub(super) fn check_label(&mut self, parts: &[ast::TemplatePart], scope: &mut Scope) -> Vec<TextPart> {
        parts
            .iter()
            .map(|p| match p {
                ast::TemplatePart::Text(t) => TextPart::Text(t.clone()),
                ast::TemplatePart::Hole(e) => {
                    let (x, t) = self.check_expr(e, None, scope);
                    TextPart::Value(x, t)
                }
            })
            .collect()
    }
}
