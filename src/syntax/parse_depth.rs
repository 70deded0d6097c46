//! How deeply the text nests, measured on pest's pairs before they are lowered to the syntax
//! tree: every later pass (lowering, `fmt`, the checker, lints, the compile step, the engine)
//! walks the tree by recursion, so a file nested deeper than [`MAX_DEPTH`] is refused here, with
//! a clear error, rather than overflowing the stack in one of them.
//!
//! The walk reads pest's flat list of tokens (a start and an end per pair), so it never
//! recurses itself. A level is a statement, an expression form (`if ... then`, `top of`, a call,
//! a bracket) or an operator: `1 + 1 + 1` is three levels deep, since the syntax tree of a chain
//! of operators is a chain of nodes (each `+` holds the sum before it) and is walked as one.

use pest::iterators::Pair;
use pest::Token;

use super::Rule;

/// The deepest a file may nest: statements, expression forms, brackets and operators inside one
/// another, counted as in the module's documentation. Every pass survives twice this (a function
/// written out where it is called adds its own depth to the call's) on the stacks the command
/// line gives its threads ([`crate::cli`]'s and the simulator's, 64 MiB and 16 MiB); real games
/// nest under 40.
pub const MAX_DEPTH: usize = 1_000;

/// The first words of the message of a depth error (its code is `cardlang::syntax::too_deep`).
pub(crate) const TOO_DEEP: &str = "nested too deeply";

/// What a pair adds to the depth of what it holds.
fn weight(rule: Rule) -> usize {
    match rule {
        // Pure wrappers: the block of a statement, a call's brackets, a domain.
        Rule::block | Rule::function_block | Rule::args | Rule::agg_domain | Rule::choice_domain | Rule::place => 0,
        _ => 1,
    }
}

/// Whether a pair directly inside an `expr` is one of its operators.
fn is_operator(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::op_or
            | Rule::op_and
            | Rule::op_eq
            | Rule::op_ne
            | Rule::op_le
            | Rule::op_ge
            | Rule::op_lt
            | Rule::op_gt
            | Rule::op_in
            | Rule::op_add
            | Rule::op_sub
            | Rule::op_mul
            | Rule::op_div
            | Rule::op_mod
            | Rule::op_pow
            | Rule::op_not
            | Rule::op_neg
            | Rule::is_empty
            | Rule::is_not_empty
            | Rule::is_none
            | Rule::is_not_none
            | Rule::is_face_up
            | Rule::is_face_down
            | Rule::field
    )
}

/// A pair being walked: its rule, where it starts, the deepest of its children so far (and the
/// position of that deepest point), and its operators (for an `expr`).
struct Open {
    rule: Rule,
    deepest: usize,
    at: usize,
    operators: usize,
}

/// The depth of the deepest point of `pair` and its position, if it is deeper than
/// [`MAX_DEPTH`].
pub(crate) fn too_deep(pair: &Pair<'_, Rule>) -> Option<(usize, usize)> {
    let mut stack: Vec<Open> = Vec::new();
    let mut result = (0, 0);
    for token in pair.clone().tokens() {
        match token {
            Token::Start { rule, pos } => {
                if let Some(parent) = stack.last_mut() {
                    if parent.rule == Rule::expr && is_operator(rule) {
                        parent.operators += 1;
                    }
                }
                stack.push(Open { rule, deepest: 0, at: pos.pos(), operators: 0 });
            }
            Token::End { .. } => {
                let Some(done) = stack.pop() else { continue };
                let depth = done.deepest + weight(done.rule) + done.operators;
                match stack.last_mut() {
                    Some(parent) if depth > parent.deepest => {
                        parent.deepest = depth;
                        parent.at = done.at;
                    }
                    Some(_) => {}
                    None => result = (depth, done.at),
                }
            }
        }
    }
    (result.0 > MAX_DEPTH).then_some(result)
}

/// The error for a file nested `depth` levels deep at byte `at` (the start of the deepest
/// innermost pair found).
pub(crate) fn error(depth: usize, at: usize) -> super::SyntaxError {
    super::SyntaxError {
        message: format!(
            "{TOO_DEEP}: {depth} levels of statements, expressions, brackets and operators inside one another; \
             the most is {MAX_DEPTH}"
        ),
        span: (at, 0).into(),
        label: "the deepest point starts here".into(),
        help: Some(
            "give parts of the expression names with `let`, or counters; split long chains of `+` or `and` \
             into several `let`s; move deeply nested blocks into procedures of their own"
                .into(),
        ),
        next: None,
    }
}

/// The error for a function block whose `let`s, put into its result, would make `parts` parts
/// nested `depth` deep (`parse_lets`).
pub(crate) fn lets_error(at: super::Span, parts: u64, depth: usize) -> super::SyntaxError {
    super::SyntaxError {
        message: format!(
            "{TOO_DEEP} or too large once its `let`s are put in: this would come to {parts} parts nested {depth} \
             levels deep; the most is {} parts and {MAX_DEPTH} levels",
            super::parse_lets::MAX_PARTS
        ),
        span: (at.start, at.end.saturating_sub(at.start)).into(),
        label: "here".into(),
        help: Some(
            "a function's `let`s are put into its result where they are read, so a `let` read twice doubles what \
             comes after it; give the function a statement (`set`, a loop) so that its block runs on a frame of its \
             own, or work the value out in a procedure"
                .into(),
        ),
        next: None,
    }
}
