//! `for each player` unrolled: the body is copied once per seat, with the player as a constant,
//! so that `deck of p` becomes one zone and the loop costs nothing to run.

use crate::check::ir::walk::{block_exprs, blocks_mut, breaks_out, children_mut, writes_local};
use crate::check::ir::{Expr, Stmt, Value};

/// The most seats for which a loop is unrolled (beyond, copies would only grow the code).
const MAX_UNROLL: u8 = 8;

/// Unrolls every `for each player` of a block whose body does not write its player.
pub(crate) fn unroll_block(stmts: &mut Vec<Stmt>, players: u8) {
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in stmts.drain(..) {
        // The loops nested in the statement first.
        blocks_mut(&mut s, |b| unroll_block(b, players));
        match s {
            Stmt::ForPlayer { slot, body }
                if players <= MAX_UNROLL && !writes_local(&body, slot) && !breaks_out(&body) =>
            {
                for p in 0..players {
                    let mut copy = body.clone();
                    block_exprs(&mut copy, &mut |e| substitute(e, slot, Value::Player(p)));
                    out.extend(copy);
                }
            }
            other => out.push(other),
        }
    }
    *stmts = out;
}

/// Replaces every read of local `slot` by the constant `v`.
fn substitute(e: &mut Expr, slot: u16, v: Value) {
    if *e == Expr::Local(slot) {
        *e = Expr::Const(v);
        return;
    }
    children_mut(e, |c| substitute(c, slot, v));
}
