//! Small procedures inlined into their callers: a call to a procedure that has no `return` and
//! no loop but `for each player`, is short, and is not recursive (or, if it is, cannot reach the
//! caller) becomes its body, its locals moved past the caller's. A
//! parameter the body never writes, given a constant or one of the caller's locals, is read
//! straight from the argument, so `refill(p)` inside an unrolled loop folds to one zone.

use super::walk::{block_exprs, children_mut, writes_local};
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
    let small: Vec<bool> = program
        .procedures
        .iter()
        .map(|p| !has_return(&p.body) && !has_loop(&p.body) && size(&p.body) <= MAX_STATEMENTS)
        .collect();
    // A procedure that is not recursive may be inlined anywhere. A recursive one may be inlined
    // into a caller it cannot reach, once: its own recursive calls stay calls.
    let recursive: Vec<bool> = (0..small.len()).map(|q| reach[q][q]).collect();
    let mut eligible: Vec<Vec<bool>> = (0..small.len())
        .map(|caller| (0..small.len()).map(|q| small[q] && (!recursive[q] || !reach[q][caller])).collect())
        .collect();
    for _ in 0..PASSES {
        let mut changed = false;
        for i in 0..program.procedures.len() {
            if size(&program.procedures[i].body) > MAX_CALLER {
                continue;
            }
            let mut body = std::mem::take(&mut program.procedures[i].body);
            let mut locals = program.procedures[i].locals;
            let calls = Calls { procs: &program.procedures, eligible: &mut eligible[i], once: &recursive };
            changed |= inline_block(&mut body, &mut locals, calls);
            program.procedures[i].body = body;
            program.procedures[i].locals = locals;
        }
        if !changed {
            break;
        }
    }
}

/// What a caller may inline: the procedures, which of them it may inline now, and which only
/// once (the recursive ones).
struct Calls<'a> {
    procs: &'a [Procedure],
    eligible: &'a mut [bool],
    once: &'a [bool],
}

impl Calls<'_> {
    /// The same, for a nested block.
    fn again(&mut self) -> Calls<'_> {
        Calls { procs: self.procs, eligible: self.eligible, once: self.once }
    }
}

/// Replaces the eligible calls of a block by the bodies they call; `locals` is the caller's
/// frame size, grown by each body's locals.
fn inline_block(stmts: &mut Vec<Stmt>, locals: &mut u16, mut calls: Calls<'_>) -> bool {
    let mut changed = false;
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in stmts.drain(..) {
        match &mut s {
            Stmt::If(_, t, o) => {
                changed |= inline_block(t, locals, calls.again());
                changed |= inline_block(o, locals, calls.again());
            }
            Stmt::While(_, b)
            | Stmt::Repeat { body: b, .. }
            | Stmt::ForPlayer { body: b, .. }
            | Stmt::ForRange { body: b, .. }
            | Stmt::ForCard { body: b, .. } => changed |= inline_block(b, locals, calls.again()),
            Stmt::Menu { bodies, otherwise, .. } => {
                for b in bodies {
                    changed |= inline_block(b, locals, calls.again());
                }
                changed |= inline_block(otherwise, locals, calls.again());
            }
            _ => {}
        }
        let callee = match &s {
            Stmt::Call(p, _) if calls.eligible.get(*p as usize).copied().unwrap_or(false) => calls.procs.get(*p as usize),
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
        if let Stmt::Call(p, _) = &s {
            if calls.once.get(*p as usize).copied().unwrap_or(false) {
                calls.eligible[*p as usize] = false;
            }
        }
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
    }
}

/// Whether a block holds a `return` anywhere.
fn has_return(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Return => true,
        Stmt::If(_, t, o) => has_return(t) || has_return(o),
        Stmt::While(_, b)
        | Stmt::Repeat { body: b, .. }
        | Stmt::ForPlayer { body: b, .. }
        | Stmt::ForRange { body: b, .. }
        | Stmt::ForCard { body: b, .. } => has_return(b),
        Stmt::Menu { bodies, otherwise, .. } => bodies.iter().any(|b| has_return(b)) || has_return(otherwise),
        _ => false,
    })
}

/// Whether a block holds a loop that could run long (`while`, `repeat`, `for each` over cards or
/// numbers): such a procedure stays a call, so that a loop that runs away is reported in the
/// procedure that holds it (docs/language.md, the engine's limits).
fn has_loop(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::While(..) | Stmt::Repeat { .. } | Stmt::ForRange { .. } | Stmt::ForCard { .. } => true,
        Stmt::If(_, t, o) => has_loop(t) || has_loop(o),
        Stmt::ForPlayer { body, .. } => has_loop(body),
        Stmt::Menu { bodies, otherwise, .. } => bodies.iter().any(|b| has_loop(b)) || has_loop(otherwise),
        _ => false,
    })
}

/// The statements of a block, counted through nested blocks.
fn size(stmts: &[Stmt]) -> usize {
    stmts
        .iter()
        .map(|s| {
            1 + match s {
                Stmt::If(_, t, o) => size(t) + size(o),
                Stmt::While(_, b)
                | Stmt::Repeat { body: b, .. }
                | Stmt::ForPlayer { body: b, .. }
                | Stmt::ForRange { body: b, .. }
                | Stmt::ForCard { body: b, .. } => size(b),
                Stmt::Menu { bodies, otherwise, .. } => bodies.iter().map(|b| size(b)).sum::<usize>() + size(otherwise),
                _ => 0,
            }
        })
        .sum()
}

/// The procedures each call reaches, directly or not.
fn calls_of(stmts: &[Stmt], out: &mut Vec<u16>) {
    for s in stmts {
        match s {
            Stmt::Call(p, _) => out.push(*p),
            Stmt::If(_, t, o) => {
                calls_of(t, out);
                calls_of(o, out);
            }
            Stmt::While(_, b)
            | Stmt::Repeat { body: b, .. }
            | Stmt::ForPlayer { body: b, .. }
            | Stmt::ForRange { body: b, .. }
            | Stmt::ForCard { body: b, .. } => calls_of(b, out),
            Stmt::Menu { bodies, otherwise, .. } => {
                bodies.iter().for_each(|b| calls_of(b, out));
                calls_of(otherwise, out);
            }
            _ => {}
        }
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

    /// The calls a procedure's body makes, by procedure name.
    fn calls_in(program: &Program, name: &str) -> Vec<String> {
        let p = program.procedures.iter().find(|p| p.name == name).expect("the procedure");
        let mut out = Vec::new();
        calls_of(&p.body, &mut out);
        out.iter().map(|&q| program.procedures[q as usize].name.clone()).collect()
    }

    /// A recursive procedure is inlined, once, into a caller it cannot reach (`play` gets
    /// `ping`'s body, and through it `pong`'s, which calls `ping` again); within their cycle
    /// the two stay calls.
    #[test]
    fn a_recursive_procedure_is_inlined_once_into_a_caller_outside_its_cycle() {
        let file = crate::syntax::parse(GAME).expect("the game parses");
        let config = Config { variant: None, sets: Vec::new(), seats: None };
        let mut program = check::check(&file, &config).expect("the game checks");
        assert_eq!(calls_in(&program, "play"), ["ping"]);
        inline_calls(&mut program);
        assert_eq!(calls_in(&program, "play"), ["ping"], "pong's call of ping stays a call");
        assert_eq!(calls_in(&program, "ping"), ["pong"]);
        assert_eq!(calls_in(&program, "pong"), ["ping"]);
        let play = program.procedures.iter().find(|p| p.name == "play").expect("play");
        // `add`, `if` holding pong's `add` and the call of ping, then `end game`.
        assert_eq!(size(&play.body), 5);
    }
}
