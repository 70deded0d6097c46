//! Lowers checked statements to a flat list of instructions with jumps, so the engine can pause
//! at any decision and resume from a plain program counter.

use crate::check::ir::{Choice, Effect, End, Expr, Place, Program, Stmt, Value};
use crate::syntax::ast::BinOp;

/// One instruction of the lowered program.
#[derive(Debug, Clone)]
pub enum Instr {
    Jump(u32),
    JumpUnless(Expr, u32),
    /// Sets local `slot` to the repeat count.
    RepeatStart(u16, Expr),
    /// Jumps to `end` when local `slot` is 0, else decrements it.
    RepeatNext {
        slot: u16,
        end: u32,
    },
    /// Sets local `slot` to the first player.
    PlayersStart(u16),
    /// Jumps to `end` when local `slot` is past the last player.
    PlayersTest {
        slot: u16,
        end: u32,
    },
    /// Moves local `slot` to the next player.
    PlayersStep(u16),
    /// Copies a zone's cards to the scratch list and records where they start in `mark`.
    CardsStart {
        mark: u16,
        zone: Expr,
    },
    /// Takes the next card from the scratch list into `slot`, or jumps to `end`.
    CardsNext {
        slot: u16,
        mark: u16,
        end: u32,
    },
    /// Copies a zone's (or a set's) cards to the scratch list for a `for each subset` loop: `mark`
    /// gets where they start and how many, `mark + 1` the first set with `lo` to `hi` cards (or
    /// `none`), `mark + 2` the most cards.
    SubsetsStart {
        mark: u16,
        zone: Expr,
        lo: Expr,
        hi: Expr,
    },
    /// Puts the set at `mark + 1` into `slot` and moves on to the next, or jumps to `end`.
    SubsetsNext {
        slot: u16,
        mark: u16,
        end: u32,
    },
    /// Drops the cards a loop left in the scratch list (after a `break`).
    CardsDrop {
        mark: u16,
    },
    /// A change to the table or the counters.
    Effect(Effect),
    Call(u16, Vec<Expr>),
    Return,
    End(End),
    /// A choice: the run stops here until it is made.
    Choose(Choice),
    /// Applies the state's arrangement (a stacked deck), if any: runs once, after setup.
    Arrange,
    /// The rules ran out without ending the game.
    Halt,
}

/// The lowered program: code, and where each procedure starts.
#[derive(Debug, Clone)]
pub struct Code {
    /// All instructions; the game starts at 0.
    pub instrs: Vec<Instr>,
    /// The first instruction of each procedure.
    pub entries: Vec<u32>,
}

/// Lowers every procedure of a program, after a short start-up sequence (setup, then play).
pub fn lower(program: &Program) -> Code {
    let mut instrs = Vec::new();
    if let Some(s) = program.setup {
        instrs.push(Instr::Call(s, Vec::new()));
    }
    instrs.push(Instr::Arrange);
    instrs.push(Instr::Call(program.play, Vec::new()));
    instrs.push(Instr::Halt);
    let mut entries = Vec::with_capacity(program.procedures.len());
    for p in &program.procedures {
        entries.push(instrs.len() as u32);
        lower_block(&p.body, &mut instrs);
        instrs.push(Instr::Return);
    }
    Code { instrs, entries }
}

/// The target of a `break` until its loop's end is known.
const BREAK: u32 = u32::MAX;

/// Points the `break`s of the loop whose instructions run from `top` at its `end` (the breaks of
/// loops inside it already point at theirs).
fn patch_breaks(out: &mut [Instr], top: u32, end: u32) {
    for i in &mut out[top as usize..end as usize] {
        if let Instr::Jump(t) = i {
            if *t == BREAK {
                *t = end;
            }
        }
    }
}

fn here(out: &[Instr]) -> u32 {
    out.len() as u32
}

fn patch(out: &mut [Instr], at: u32, target: u32) {
    match &mut out[at as usize] {
        Instr::Jump(t) | Instr::JumpUnless(_, t) => *t = target,
        Instr::RepeatNext { end, .. }
        | Instr::PlayersTest { end, .. }
        | Instr::CardsNext { end, .. }
        | Instr::SubsetsNext { end, .. } => *end = target,
        other => unreachable!("patch: not a jump: {other:?}"),
    }
}

fn lower_block(stmts: &[Stmt], out: &mut Vec<Instr>) {
    for s in stmts {
        lower_stmt(s, out);
    }
}

fn lower_stmt(s: &Stmt, out: &mut Vec<Instr>) {
    match s {
        Stmt::If(c, t, o) => {
            let jump_else = here(out);
            out.push(Instr::JumpUnless(c.clone(), 0));
            lower_block(t, out);
            if o.is_empty() {
                let end = here(out);
                patch(out, jump_else, end);
            } else {
                let jump_end = here(out);
                out.push(Instr::Jump(0));
                let else_start = here(out);
                patch(out, jump_else, else_start);
                lower_block(o, out);
                let end = here(out);
                patch(out, jump_end, end);
            }
        }
        Stmt::While(c, body) => {
            let top = here(out);
            out.push(Instr::JumpUnless(c.clone(), 0));
            lower_block(body, out);
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::Repeat { count, slot, body } => {
            out.push(Instr::RepeatStart(*slot, count.clone()));
            let top = here(out);
            out.push(Instr::RepeatNext { slot: *slot, end: 0 });
            lower_block(body, out);
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::ForPlayer { slot, body } => {
            out.push(Instr::PlayersStart(*slot));
            let top = here(out);
            out.push(Instr::PlayersTest { slot: *slot, end: 0 });
            lower_block(body, out);
            out.push(Instr::PlayersStep(*slot));
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::ForCard { slot, mark, zone, sizes, body } => {
            let top = match sizes.as_deref() {
                None => {
                    out.push(Instr::CardsStart { mark: *mark, zone: zone.clone() });
                    let top = here(out);
                    out.push(Instr::CardsNext { slot: *slot, mark: *mark, end: 0 });
                    top
                }
                Some((lo, hi)) => {
                    out.push(Instr::SubsetsStart { mark: *mark, zone: zone.clone(), lo: lo.clone(), hi: hi.clone() });
                    let top = here(out);
                    out.push(Instr::SubsetsNext { slot: *slot, mark: *mark, end: 0 });
                    top
                }
            };
            lower_block(body, out);
            out.push(Instr::Jump(top));
            // Both ways out (the last card, a `break`) drop what is left of the list.
            let end = here(out);
            out.push(Instr::CardsDrop { mark: *mark });
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::ForRange { slot, end, from, to, body } => {
            out.push(Instr::Effect(Effect::Assign(Place::Local(*slot), from.clone())));
            out.push(Instr::Effect(Effect::Assign(Place::Local(*end), to.clone())));
            let top = here(out);
            let more = Expr::Binary(BinOp::Le, Box::new(Expr::Local(*slot)), Box::new(Expr::Local(*end)));
            out.push(Instr::JumpUnless(more, 0));
            lower_block(body, out);
            let next = Expr::Binary(BinOp::Add, Box::new(Expr::Local(*slot)), Box::new(Expr::Const(Value::Int(1))));
            out.push(Instr::Effect(Effect::Assign(Place::Local(*slot), next)));
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::Menu { choice, bodies, otherwise } => {
            out.push(Instr::Choose(choice.clone()));
            let Choice::Menu { branch, .. } = choice else { return };
            // An `if` chain on the branch chosen; `none` (no candidate) falls to `otherwise`.
            let mut ends = Vec::new();
            for (i, body) in bodies.iter().enumerate() {
                let is = Expr::Binary(
                    BinOp::Eq,
                    Box::new(Expr::Local(*branch)),
                    Box::new(Expr::Const(Value::Int(i as i64))),
                );
                let skip = here(out);
                out.push(Instr::JumpUnless(is, 0));
                lower_block(body, out);
                ends.push(here(out));
                out.push(Instr::Jump(0));
                let next = here(out);
                patch(out, skip, next);
            }
            lower_block(otherwise, out);
            let end = here(out);
            for at in ends {
                patch(out, at, end);
            }
        }
        Stmt::Break => out.push(Instr::Jump(BREAK)),
        Stmt::Effect(e) => out.push(Instr::Effect(e.clone())),
        Stmt::Return => out.push(Instr::Return),
        Stmt::End(e) => out.push(Instr::End(e.clone())),
        Stmt::Choose(c) => out.push(Instr::Choose(c.clone())),
        Stmt::Call(p, args) => out.push(Instr::Call(*p, args.clone())),
    }
}
