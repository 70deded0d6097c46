//! `for each player` unrolled: the body is copied once per seat, with the player as a constant,
//! so that `deck of p` becomes one zone and the loop costs nothing to run.

use crate::check::ir::walk::{block_exprs, breaks_out, children_mut, writes_local};
use crate::check::ir::{Expr, Stmt, Value};

/// The most seats for which a loop is unrolled (beyond, copies would only grow the code).
const MAX_UNROLL: u8 = 8;

/// Unrolls every `for each player` of a block whose body does not write its player.
pub(crate) fn unroll_block(stmts: &mut Vec<Stmt>, players: u8) {
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in stmts.drain(..) {
        unroll_inner(&mut s, players);
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

/// Unrolls the loops nested in a statement.
fn unroll_inner(s: &mut Stmt, players: u8) {
    match s {
        Stmt::If(_, t, o) => {
            unroll_block(t, players);
            unroll_block(o, players);
        }
        Stmt::While(_, b)
        | Stmt::Repeat { body: b, .. }
        | Stmt::ForPlayer { body: b, .. }
        | Stmt::ForRange { body: b, .. }
        | Stmt::ForCard { body: b, .. } => unroll_block(b, players),
        Stmt::Menu { bodies, otherwise, .. } => {
            for b in bodies {
                unroll_block(b, players);
            }
            unroll_block(otherwise, players);
        }
        Stmt::Inlined { body, .. } => unroll_block(body, players),
        Stmt::Effect(_) | Stmt::Return | Stmt::Break | Stmt::End(_) | Stmt::Choose(_) | Stmt::Call(..) => {}
    }
}

/// Replaces every read of local `slot` by the constant `v`.
fn substitute(e: &mut Expr, slot: u16, v: Value) {
    if *e == Expr::Local(slot) {
        *e = Expr::Const(v);
        return;
    }
    children_mut(e, |c| substitute(c, slot, v));
}
