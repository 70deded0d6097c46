//! Small procedures inlined into their callers: a call to a procedure that is not recursive,
//! has no `return` and no loop but `for each player`, and is short becomes its body, its locals
//! moved past the caller's. A parameter the body never writes, given a constant or one of the
//! caller's locals, is read straight from the argument, so a call inside an unrolled `for each
//! player` folds to one zone.
//!
//! Then a call of a recursive procedure of the same kind, from a caller the procedure's calls
//! cannot reach, gets a copy of the procedure's body in the caller ([`Stmt::Inlined`]): no frame
//! is pushed and no locals are cleared (the checker's scopes have every local written before it
//! is read, as for any inlined body), but the copy counts as the call would (one frame toward
//! the depth limit, the call's and the return's steps, its own procedure named if the rules run
//! away in it), so even a game stopped by the engine's limits ends as before. Its arguments are
//! not put in place of its parameters, so the copy folds exactly as the procedure does; its own
//! recursive calls stay calls.

use crate::check::ir::walk::{any_block, block_exprs, blocks, children_mut, writes_local};
use crate::check::ir::{Choice, Effect, End, Expr, Place, Procedure, Program, Stmt};

/// The most statements (counted through nested blocks) a procedure may have to be inlined.
const MAX_STATEMENTS: usize = 40;

/// How many times calls are looked for again (a body inlined may bring calls of its own).
const PASSES: usize = 3;

/// A caller that has grown to this many statements takes no more bodies.
const MAX_CALLER: usize = 2_000;

/// Inlines the calls of every procedure to the procedures that may be inlined.
pub(crate) fn inline_calls(program: &mut Program) {
    let reach = reaches(&program.procedures);
    let recursive: Vec<bool> = (0..reach.len()).map(|q| reach[q][q]).collect();
    let eligible: Vec<bool> = program.procedures.iter().zip(&recursive).map(|(p, rec)| !rec && small(p)).collect();
    for _ in 0..PASSES {
        let mut changed = false;
        for i in 0..program.procedures.len() {
            if size(&program.procedures[i].body) > MAX_CALLER {
                continue;
            }
            let mut body = std::mem::take(&mut program.procedures[i].body);
            let mut locals = program.procedures[i].locals;
            changed |= inline_block(&mut body, &mut locals, &program.procedures, &eligible);
            program.procedures[i].body = body;
            program.procedures[i].locals = locals;
        }
        if !changed {
            break;
        }
    }
    copy_recursive(program);
}

/// Whether a procedure is of the kind that may be inlined or copied: no `return`, no loop but
/// `for each player`, at most [`MAX_STATEMENTS`] statements.
fn small(p: &Procedure) -> bool {
    !has_return(&p.body) && !has_loop(&p.body) && size(&p.body) <= MAX_STATEMENTS
}

/// Gives each caller a copy of the recursive procedures it calls that may be inlined and cannot
/// reach it ([`Stmt::Inlined`]), after the other inlining, so that each copy is the body the
/// procedure runs.
fn copy_recursive(program: &mut Program) {
    let reach = reaches(&program.procedures);
    let fits: Vec<bool> = program.procedures.iter().map(small).collect();
    for i in 0..program.procedures.len() {
        if size(&program.procedures[i].body) > MAX_CALLER {
            continue;
        }
        let may = |q: usize| fits.get(q).copied().unwrap_or(false) && reach[q][q] && !reach[q][i];
        let mut body = std::mem::take(&mut program.procedures[i].body);
        let mut locals = program.procedures[i].locals;
        copy_calls(&mut body, &mut locals, &program.procedures, &may);
        program.procedures[i].body = body;
        program.procedures[i].locals = locals;
    }
}

/// Replaces the calls of a block that `may` allows by copies of the bodies they call; `locals`
/// is the caller's frame size, grown by each copy's locals. A copy is not looked into again.
fn copy_calls(stmts: &mut [Stmt], locals: &mut u16, procs: &[Procedure], may: &dyn Fn(usize) -> bool) {
    for s in stmts {
        match s {
            Stmt::If(_, t, o) => {
                copy_calls(t, locals, procs, may);
                copy_calls(o, locals, procs, may);
            }
            Stmt::While(_, b)
            | Stmt::Repeat { body: b, .. }
            | Stmt::ForPlayer { body: b, .. }
            | Stmt::ForRange { body: b, .. }
            | Stmt::ForCard { body: b, .. } => copy_calls(b, locals, procs, may),
            Stmt::Menu { bodies, otherwise, .. } => {
                for b in bodies {
                    copy_calls(b, locals, procs, may);
                }
                copy_calls(otherwise, locals, procs, may);
            }
            Stmt::Call(q, args) if may(*q as usize) => {
                let Some(callee) = procs.get(*q as usize) else { continue };
                let Some(grown) = locals.checked_add(callee.locals) else { continue };
                let base = *locals;
                *locals = grown;
                let mut body = callee.body.clone();
                renumber_block(&mut body, base);
                *s = Stmt::Inlined { proc_: *q, base, args: std::mem::take(args), body };
            }
            _ => {}
        }
    }
}

/// Replaces the eligible calls of a block by the bodies they call; `locals` is the caller's
/// frame size, grown by each body's locals.
fn inline_block(stmts: &mut Vec<Stmt>, locals: &mut u16, procs: &[Procedure], eligible: &[bool]) -> bool {
    let mut changed = false;
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in stmts.drain(..) {
        match &mut s {
            Stmt::If(_, t, o) => {
                changed |= inline_block(t, locals, procs, eligible);
                changed |= inline_block(o, locals, procs, eligible);
            }
            Stmt::While(_, b)
            | Stmt::Repeat { body: b, .. }
            | Stmt::ForPlayer { body: b, .. }
            | Stmt::ForRange { body: b, .. }
            | Stmt::ForCard { body: b, .. } => changed |= inline_block(b, locals, procs, eligible),
            Stmt::Menu { bodies, otherwise, .. } => {
                for b in bodies {
                    changed |= inline_block(b, locals, procs, eligible);
                }
                changed |= inline_block(otherwise, locals, procs, eligible);
            }
            _ => {}
        }
        let callee = match &s {
            Stmt::Call(p, _) if eligible.get(*p as usize).copied().unwrap_or(false) => procs.get(*p as usize),
            _ => None,
        };
        let (Some(callee), Stmt::Call(_, args)) = (callee, &s) else {
            out.push(s);
            continue;
        };
        let Some(grown) = locals.checked_add(callee.locals) else {
            out.push(s);
            continue;
        };
        let off = *locals;
        *locals = grown;
        let mut body = callee.body.clone();
        renumber_block(&mut body, off);
        for (i, arg) in args.iter().enumerate() {
            let param = off + i as u16;
            if matches!(arg, Expr::Const(_) | Expr::Local(_)) && !writes_local(&body, param) {
                block_exprs(&mut body, &mut |e| substitute(e, param, arg));
            } else {
                out.push(Stmt::Effect(Effect::Assign(Place::Local(param), arg.clone())));
            }
        }
        out.extend(body);
        changed = true;
    }
    *stmts = out;
    changed
}

/// Replaces every read of local `slot` by `by`.
fn substitute(e: &mut Expr, slot: u16, by: &Expr) {
    if *e == Expr::Local(slot) {
        *e = by.clone();
        return;
    }
    children_mut(e, |c| substitute(c, slot, by));
}

/// Moves every local slot of a block by `off`: the slots its statements bind and those its
/// expressions read and write.
fn renumber_block(stmts: &mut [Stmt], off: u16) {
    block_exprs(stmts, &mut |e| renumber_expr(e, off));
    for s in stmts {
        renumber_stmt(s, off);
    }
}

fn renumber_expr(e: &mut Expr, off: u16) {
    match e {
        Expr::Local(s) | Expr::LocalOf(s, _) => *s += off,
        _ => {}
    }
    children_mut(e, |c| renumber_expr(c, off));
}

fn renumber_place(p: &mut Place, off: u16) {
    if let Place::Local(s) | Place::LocalOf(s, _) = p {
        *s += off;
    }
}

fn renumber_stmt(s: &mut Stmt, off: u16) {
    match s {
        Stmt::Effect(Effect::Assign(place, _)) => renumber_place(place, off),
        Stmt::Effect(Effect::Transfer { from, to, .. }) => {
            renumber_place(from, off);
            renumber_place(to, off);
        }
        Stmt::Effect(_) | Stmt::Return | Stmt::Break | Stmt::Call(..) => {}
        Stmt::Inlined { base, body, .. } => {
            *base += off;
            body.iter_mut().for_each(|s| renumber_stmt(s, off));
        }
        Stmt::If(_, t, o) => {
            t.iter_mut().for_each(|s| renumber_stmt(s, off));
            o.iter_mut().for_each(|s| renumber_stmt(s, off));
        }
        Stmt::While(_, b) => b.iter_mut().for_each(|s| renumber_stmt(s, off)),
        Stmt::Repeat { slot, body, .. } | Stmt::ForPlayer { slot, body } => {
            *slot += off;
            body.iter_mut().for_each(|s| renumber_stmt(s, off));
        }
        Stmt::ForRange { slot, end, body, .. } => {
            *slot += off;
            *end += off;
            body.iter_mut().for_each(|s| renumber_stmt(s, off));
        }
        Stmt::ForCard { slot, mark, body, .. } => {
            *slot += off;
            *mark += off;
            body.iter_mut().for_each(|s| renumber_stmt(s, off));
        }
        Stmt::End(End::Highest { slot, .. }) => *slot += off,
        Stmt::End(_) => {}
        Stmt::Choose(c) => renumber_choice(c, off),
        Stmt::Menu { choice, bodies, otherwise } => {
            renumber_choice(choice, off);
            bodies.iter_mut().flatten().for_each(|s| renumber_stmt(s, off));
            otherwise.iter_mut().for_each(|s| renumber_stmt(s, off));
        }
    }
}

fn renumber_choice(c: &mut Choice, off: u16) {
    match c {
        Choice::One { slot, .. } => *slot += off,
        Choice::Secret { player_slot, base, .. } => {
            *player_slot += off;
            *base += off;
        }
        Choice::Menu { branch, branches, .. } => {
            *branch += off;
            for b in branches.iter_mut().flat_map(|b| b.binds.iter_mut()) {
                b.slot += off;
            }
        }
        Choice::Open { player_slot, branch, branches, .. } => {
            *player_slot += off;
            *branch += off;
            for b in branches.iter_mut().flat_map(|b| b.binds.iter_mut()) {
                b.slot += off;
            }
        }
    }
}

/// Whether a block holds a `return` anywhere.
fn has_return(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| matches!(s, Stmt::Return) || any_block(s, has_return))
}

/// Whether a block holds a loop that could run long (`while`, `repeat`, `for each` over cards or
/// numbers): such a procedure stays a call, so that a loop that runs away is reported in the
/// procedure that holds it (docs/language.md, the engine's limits).
fn has_loop(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::While(..) | Stmt::Repeat { .. } | Stmt::ForRange { .. } | Stmt::ForCard { .. } => true,
        _ => any_block(s, has_loop),
    })
}

/// The statements of a block, counted through nested blocks.
fn size(stmts: &[Stmt]) -> usize {
    stmts
        .iter()
        .map(|s| {
            let mut n = 1;
            blocks(s, |b| n += size(b));
            n
        })
        .sum()
}

/// The procedures a block calls (a copied body's calls among them; a copy itself is a call of
/// its procedure).
fn calls_of(stmts: &[Stmt], out: &mut Vec<u16>) {
    for s in stmts {
        match s {
            Stmt::Call(p, _) => out.push(*p),
            Stmt::Inlined { proc_, .. } => out.push(*proc_),
            _ => {}
        }
        blocks(s, |b| calls_of(b, out));
    }
}

/// For each procedure, which procedures its calls reach, directly or not (`reach[p][p]`: it is
/// recursive).
fn reaches(procs: &[Procedure]) -> Vec<Vec<bool>> {
    let direct: Vec<Vec<u16>> = procs
        .iter()
        .map(|p| {
            let mut v = Vec::new();
            calls_of(&p.body, &mut v);
            v
        })
        .collect();
    (0..procs.len())
        .map(|start| {
            let mut seen = vec![false; procs.len()];
            let mut todo: Vec<u16> = direct[start].clone();
            while let Some(p) = todo.pop() {
                let p = p as usize;
                if p < procs.len() && !seen[p] {
                    seen[p] = true;
                    todo.extend(&direct[p]);
                }
            }
            seen
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{self, Config};

    /// `play` calls `ping`, and `ping` and `pong` call each other.
    const GAME: &str = r#"
game "Recursion"
players 2
counter n = 0
procedure play {
    ping()
    end game draw
}
procedure ping {
    add 1 to n
    if n < 3 {
        pong()
    }
}
procedure pong {
    add 1 to n
    ping()
}
"#;

    fn procedure<'a>(program: &'a Program, name: &str) -> &'a Procedure {
        program.procedures.iter().find(|p| p.name == name).expect("the procedure")
    }

    /// A recursive procedure called from outside its recursion gets a copy of its body in the
    /// caller, after the caller's locals; the calls inside the copy, and within the recursion,
    /// stay calls.
    #[test]
    fn a_recursive_procedure_is_copied_into_a_caller_outside_its_recursion() {
        let file = crate::syntax::parse(GAME).expect("the game parses");
        let config = Config { variant: None, sets: Vec::new(), seats: None };
        let mut program = check::check(&file, &config).expect("the game checks");
        let before = procedure(&program, "play").locals;
        let ping_locals = procedure(&program, "ping").locals;
        inline_calls(&mut program);
        let play = procedure(&program, "play");
        let Some(Stmt::Inlined { proc_, base, body, .. }) = play.body.first() else {
            panic!("play starts with a copy of ping: {:?}", play.body)
        };
        assert_eq!(program.procedures[*proc_ as usize].name, "ping");
        assert_eq!((*base, play.locals), (before, before + ping_locals));
        let mut calls = Vec::new();
        calls_of(body, &mut calls);
        assert_eq!(calls.iter().map(|&q| program.procedures[q as usize].name.as_str()).collect::<Vec<_>>(), ["pong"]);
        assert!(matches!(procedure(&program, "ping").body.as_slice(), [_, Stmt::If(..)]));
        assert!(matches!(procedure(&program, "pong").body.as_slice(), [_, Stmt::Call(..)]));
    }
}
