//! Phase 3: compile. Rewrites the checked program into an equivalent one that the engine runs
//! faster, using what is known before play:
//!
//! - small procedures without `return` are inlined into their callers ([`inline`]);
//! - `for each player` is unrolled for the declared seats, each copy with its player as a
//!   constant ([`unroll`]);
//! - expressions whose value is known are folded: a constant player's zone or counter becomes
//!   that zone or slot, options and card constants are worked out ([`fold`]);
//! - pure functions of one or two cards (a duel, a card's points) become tables worked out for
//!   every card ([`table`]).
//!
//! Nothing observable changes: the rewritten program gives the same transcripts, move for move
//! (tests/equivalence.rs). Pure expressions are evaluated by a function the caller passes, the
//! engine's own evaluator, so folding cannot differ from evaluating in play.

mod fold;
mod inline;
mod table;
mod unroll;

use crate::check::ir::{walk, Expr, Program, Value};

/// Evaluates an expression that reads nothing of a game in play (constants, card properties,
/// arithmetic) but the locals given (slot, value): the engine's evaluator.
pub type PureEval<'a> = &'a dyn Fn(&Expr, &[(u16, Value)]) -> Value;

/// The program rewritten to run faster, with the same behaviour.
pub fn compile(mut program: Program, pure: PureEval<'_>) -> Program {
    let players = program.players;
    let cards = program.cards.len();
    inline::inline_calls(&mut program);
    for proc_ in &mut program.procedures {
        unroll::unroll_block(&mut proc_.body, players);
        walk::block_exprs(&mut proc_.body, &mut |e| fold::fold(e, pure));
        fold::fold_block(&mut proc_.body);
        walk::block_exprs(&mut proc_.body, &mut |e| table::tabulate(e, cards, pure));
    }
    if let Some((_, e)) = &mut program.measures.progress {
        fold::fold(e, pure);
        table::tabulate(e, cards, pure);
    }
    program
}
