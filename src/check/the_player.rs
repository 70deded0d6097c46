//! Issue 43: `the player q where C`, the first player from seat 1 who meets a condition (`none`
//! when nobody does). It is checked as an aggregate of kind `card` over the players; this file
//! holds what is its own: the message when the condition is missing.

use super::error::CheckError;
use crate::check::mistake::Mistake;
use crate::syntax::ast;

/// `the player q` without `where`: which player is meant?
pub(crate) fn without_condition(a: &ast::Aggregate) -> CheckError {
    let q = &a.var.text;
    CheckError::invalid(
        Mistake::AggregateWithoutCondition,
        a.var.span,
        format!("`the player {q}` needs a condition"),
        "which player?",
        Some(format!(
            "add `where` and a condition: `the player {q} where ...`; `player 1` names a seat, `left of p` a neighbour"
        )),
    )
}
