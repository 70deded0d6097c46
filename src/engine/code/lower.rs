//! Lowers checked statements to a flat list of instructions with jumps, so the engine can pause
//! at any decision and resume from a plain program counter.

use super::closure::{Ev, LaneFilter, Plan};
use super::quick::{jump_unless, top_move};
pub use super::quick::{Cmp, Empties, LookUp, Pick, TopMove, ZoneAt};
use crate::check::ir::walk::size;
use crate::check::ir::{Choice, Domain, Effect, End, Expr, MoveWhat, Place, Program, Stmt, Value};
use crate::engine::state::raw::Raw;
use crate::syntax::ast::BinOp;

/// One instruction of the lowered program. The large ones are boxed, so an instruction is small
/// and its kind quick to tell.
#[derive(Debug)]
pub enum Instr {
    /// Goes on at instruction `.0`.
    Jump(u32),
    /// Jumps to `.1` unless the condition `.0` holds (`none` does not).
    JumpUnless(Ev, u32),
    /// Jumps to `.1` unless the emptiness test `.0` holds: a [`Instr::JumpUnless`] whose
    /// condition only asks whether zones known before play are empty.
    JumpUnlessEmpty(Empties, u32),
    /// Jumps to `.1` unless a counter or local compares with a constant number as `.0` says.
    JumpUnlessCmp(Cmp, u32),
    /// Jumps to `.1` unless a card table's entry for the cards in one or two locals is `true`.
    JumpUnlessLookUp(Box<LookUp>, u32),
    /// Sets local `.0` to the top card of zone `.1` (known before play), `none` when it is
    /// empty.
    SetLocalTop(u16, u16),
    /// Sets local `.0` to a card table's entry for the cards in one or two locals.
    SetLocalLookUp(u16, Box<LookUp>),
    /// Sets local `.0` to one of two constants, by a comparison of a counter or local with a
    /// constant number.
    SetLocalPick(u16, Box<Pick>),
    /// Sets local `slot` to the repeat count.
    RepeatStart(u16, Ev),
    /// Jumps to `end` when local `slot` is 0, else decrements it.
    RepeatNext {
        /// The local that holds the rounds left.
        slot: u16,
        /// The instruction after the loop.
        end: u32,
    },
    /// Sets local `slot` to the first player.
    PlayersStart(u16),
    /// Jumps to `end` when local `slot` is past the last player.
    PlayersTest {
        /// The local that holds the player.
        slot: u16,
        /// The instruction after the loop.
        end: u32,
    },
    /// Moves local `slot` to the next player.
    PlayersStep(u16),
    /// Copies a zone's cards to the scratch list and records where they start in `mark`.
    CardsStart {
        /// The local that keeps where the loop's cards start in the scratch list.
        mark: u16,
        /// The zone (or row, or set of cards) whose cards the loop visits.
        zone: Box<Expr>,
    },
    /// Takes the next card from the scratch list into `slot`, or jumps to `end`.
    CardsNext {
        /// The local that takes each card.
        slot: u16,
        /// The local that keeps where the loop's cards start in the scratch list.
        mark: u16,
        /// The instruction after the loop, once every card has been taken.
        end: u32,
    },
    /// The start of a `for each subset` loop (see [`SubsetsStart`]).
    SubsetsStart(Box<SubsetsStart>),
    /// Puts the set at `mark + 1` into `slot` and moves on to the next, or jumps to `end`.
    SubsetsNext {
        /// The local that takes each set.
        slot: u16,
        /// The first of the loop's three locals: where its cards start in the scratch list (and
        /// how many there are), the set to come, and the most cards a set may hold.
        mark: u16,
        /// The instruction after the loop, once every set has been taken.
        end: u32,
    },
    /// Drops the cards a loop left in the scratch list (after a `break`).
    CardsDrop {
        /// The local that keeps where the loop's cards start: the list is cut back to there.
        mark: u16,
    },
    /// A change to the table or the counters.
    Effect(Box<Effect>),
    /// An [`Effect::Announce`], carried out only when the sink takes announcements.
    Announce(Box<Effect>),
    /// `set` of a local of the current frame (an [`Effect::Assign`] made quick).
    SetLocal(u16, Ev),
    /// `set` of a counter (an [`Effect::Assign`] made quick).
    SetCounter(u16, Ev),
    /// `add k to` a counter (`set x = x + k`, or `- k`, with a constant `k`): the counter
    /// goes up by `.1` (wrapping, as `+` does), and stays `none` if it is not a number.
    AddCounter(u16, i64),
    /// A `move` of all, the top or the bottom cards of a zone (an [`Effect::Move`] made quick).
    Move(Box<QuickMove>),
    /// A quick move of the top cards between two zones known before play.
    MoveTop(TopMove),
    /// Calls procedure `.0` on a new frame, its parameters set to the arguments `.1`.
    Call(u16, Vec<Ev>),
    /// Leaves the procedure's frame, back to the instruction after its call.
    Return,
    /// The start of a recursive procedure's body copied into its caller ([`Stmt::Inlined`]):
    /// counted as the call, it sets the parameters and enters the procedure without a frame.
    Enter(Box<Enter>),
    /// The end of such a copy: counted as the return, it leaves the procedure.
    Leave,
    /// A jump, or a `Leave`, carried out with the jumps and always-true tests its path passes
    /// over (chain.rs).
    Chain(Chain),
    /// `end game`: the game ends with this result.
    End(Box<End>),
    /// A choice: the run stops here until it is made.
    Choose(Box<ChoiceCode>),
    /// Applies the state's arrangement (a stacked deck), if any: runs once, after setup.
    Arrange,
    /// The rules ran out without ending the game.
    Halt,
}

/// A jump, or the end of a copied call, with the instructions its path passes over
/// ([`Instr::Chain`], chain.rs).
#[derive(Debug, Clone, Copy)]
pub struct Chain {
    /// Whether it ends a copied call (a `Leave`) before it jumps.
    pub leave: bool,
    /// How many instructions it passes over, each counted as a step.
    pub passed: u8,
    /// Where its own instruction alone goes (a jump's target, or the next instruction).
    pub next: u32,
    /// Where the path ends.
    pub to: u32,
}

/// The start of a copied call ([`Instr::Enter`]): its procedure, the caller's local where the
/// copy's locals start, and the arguments compiled.
#[derive(Debug)]
pub struct Enter {
    /// The procedure whose body follows.
    pub proc_: u16,
    /// The first of the copy's locals in the caller's frame (its parameters come first).
    pub base: u16,
    /// The arguments, worked out in the caller's frame as a call works them out.
    pub args: Vec<Ev>,
    /// The arguments' values, when all are constants (then nothing is worked out).
    pub(crate) consts: Option<Box<[Raw]>>,
}

/// The start of a `for each subset` loop: copies a zone's (or a set's) cards to the scratch
/// list; `mark` gets where they start and how many, `mark + 1` the first set with `lo` to `hi`
/// cards (or `none`), `mark + 2` the most cards.
#[derive(Debug)]
pub struct SubsetsStart {
    /// The first of the loop's three slots.
    pub mark: u16,
    /// The zone or set.
    pub zone: Expr,
    /// The fewest cards in a set.
    pub lo: Expr,
    /// The most cards in a set.
    pub hi: Expr,
}

/// The fewest nodes of a choice's `where` worth compiling (closure/).
const MIN_FILTER_NODES: usize = 5;

/// A choice, with the conditions of a menu's candidates compiled.
#[derive(Debug)]
pub struct ChoiceCode {
    /// The choice as checked.
    pub choice: Choice,
    /// For a menu, each branch's guard and the conditions of its names, compiled; empty for
    /// any other choice.
    pub branches: Vec<BranchCode>,
    /// How many values the conditions keep while the candidates are listed (closure/memo.rs):
    /// a menu's conditions, or a choice's `where`.
    pub kept: usize,
    /// For a choice of one value (`chooses c from Z where ...`) or a secret choice, its `where`
    /// compiled, if it is worth it; `None` for a menu or a choice without one.
    pub filter: Option<Ev>,
}

/// A menu branch's conditions, compiled.
#[derive(Debug)]
pub struct BranchCode {
    /// The branch's `where` before any name is bound.
    pub guard: Option<Ev>,
    /// Each name's code, in the order the names are bound.
    pub names: Vec<NameCode>,
}

/// A menu name's expressions, compiled.
#[derive(Debug)]
pub struct NameCode {
    /// Its condition, if it has one.
    pub filter: Option<Ev>,
    /// The expression its values come from, when that is a card (`c from top of Z`) or a zone
    /// (`c from Z`).
    pub domain: Option<Ev>,
    /// Its condition asked for every value at once, when it takes the values of a short range
    /// known before play (closure/lanes.rs).
    pub(crate) lanes: Option<LaneFilter>,
}

impl ChoiceCode {
    fn new(choice: &Choice, p: &Program) -> ChoiceCode {
        let mut plan = Plan::default();
        let branches = match choice {
            Choice::Menu { branches, .. } => branches
                .iter()
                .map(|b| {
                    for (level, m) in b.binds.iter().enumerate() {
                        if let Some(f) = &m.filter {
                            plan.add(f, &b.binds, level, p);
                        }
                    }
                    BranchCode {
                        guard: b.guard.as_ref().map(|g| Ev::condition(g, p)),
                        names: b
                            .binds
                            .iter()
                            .enumerate()
                            .map(|(level, m)| NameCode {
                                filter: m.filter.as_ref().map(|f| Ev::menu_condition(f, p, &plan, &b.binds)),
                                lanes: m.filter.as_ref().and_then(|f| LaneFilter::menu(f, p, &plan, &b.binds, level)),
                                domain: match &m.from {
                                    Domain::Card(e) | Domain::Zone(e) => Some(Ev::menu_value(e, p, &b.binds)),
                                    _ => None,
                                },
                            })
                            .collect(),
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        // A filter of a few nodes is as quick tree-walked as through its closures. Its parts
        // that do not read the candidate are kept while the candidates are listed.
        let filter = match choice {
            Choice::One { filter: Some(f), slot, .. } | Choice::Secret { filter: Some(f), base: slot, .. }
                if size(f) >= MIN_FILTER_NODES =>
            {
                plan.add_choice(f, *slot);
                Some(Ev::menu_condition(f, p, &plan, &[]))
            }
            _ => None,
        };
        ChoiceCode { choice: choice.clone(), branches, kept: plan.rows, filter }
    }
}

/// A `move` of all, the top or the bottom cards of a zone, with its expressions compiled.
#[derive(Debug)]
pub struct QuickMove {
    /// The cards moved.
    pub what: Moving,
    /// The zone they go to.
    pub to: Ev,
    /// How they face there, when the statement says.
    pub face_up: Option<bool>,
    /// Whether they go under the zone's cards.
    pub bottom: bool,
}

/// Which cards a quick [`Instr::Move`] takes from a zone.
#[derive(Debug)]
pub enum Moving {
    /// All of them.
    All(Ev),
    /// The top `.0` cards of zone `.1`.
    Top(Ev, Ev),
    /// The bottom `.0` cards of zone `.1`.
    Bottom(Ev, Ev),
}

/// The lowered program: code, and where each procedure starts.
#[derive(Debug)]
pub struct Code {
    /// All instructions; the game starts at 0.
    pub instrs: Vec<Instr>,
    /// The first instruction of each procedure.
    pub entries: Vec<u32>,
    /// The game's `progress` expression compiled, if it declares one.
    pub progress: Option<Ev>,
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
        lower_block(&p.body, &mut instrs, program);
        instrs.push(Instr::Return);
    }
    let progress = program.measures.progress.as_ref().map(|(_, e)| Ev::new(e, program));
    Code { instrs, entries, progress }
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
        Instr::Jump(t)
        | Instr::JumpUnless(_, t)
        | Instr::JumpUnlessEmpty(_, t)
        | Instr::JumpUnlessCmp(_, t)
        | Instr::JumpUnlessLookUp(_, t) => *t = target,
        Instr::RepeatNext { end, .. }
        | Instr::PlayersTest { end, .. }
        | Instr::CardsNext { end, .. }
        | Instr::SubsetsNext { end, .. } => *end = target,
        other => unreachable!("patch: not a jump: {other:?}"),
    }
}

fn lower_block(stmts: &[Stmt], out: &mut Vec<Instr>, p: &Program) {
    for s in stmts {
        lower_stmt(s, out, p);
    }
}

fn lower_stmt(s: &Stmt, out: &mut Vec<Instr>, p: &Program) {
    match s {
        Stmt::If(c, t, o) => {
            let jump_else = here(out);
            out.push(jump_unless(c, p));
            lower_block(t, out, p);
            if o.is_empty() {
                let end = here(out);
                patch(out, jump_else, end);
            } else {
                let jump_end = here(out);
                out.push(Instr::Jump(0));
                let else_start = here(out);
                patch(out, jump_else, else_start);
                lower_block(o, out, p);
                let end = here(out);
                patch(out, jump_end, end);
            }
        }
        Stmt::While(c, body) => {
            let top = here(out);
            out.push(jump_unless(c, p));
            lower_block(body, out, p);
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::Repeat { count, slot, body } => {
            out.push(Instr::RepeatStart(*slot, Ev::new(count, p)));
            let top = here(out);
            out.push(Instr::RepeatNext { slot: *slot, end: 0 });
            lower_block(body, out, p);
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::ForPlayer { slot, body } => {
            out.push(Instr::PlayersStart(*slot));
            let top = here(out);
            out.push(Instr::PlayersTest { slot: *slot, end: 0 });
            lower_block(body, out, p);
            out.push(Instr::PlayersStep(*slot));
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::ForCard { slot, mark, zone, sizes, body } => {
            let top = match sizes.as_deref() {
                None => {
                    out.push(Instr::CardsStart { mark: *mark, zone: Box::new(zone.clone()) });
                    let top = here(out);
                    out.push(Instr::CardsNext { slot: *slot, mark: *mark, end: 0 });
                    top
                }
                Some((lo, hi)) => {
                    out.push(Instr::SubsetsStart(Box::new(SubsetsStart {
                        mark: *mark,
                        zone: zone.clone(),
                        lo: lo.clone(),
                        hi: hi.clone(),
                    })));
                    let top = here(out);
                    out.push(Instr::SubsetsNext { slot: *slot, mark: *mark, end: 0 });
                    top
                }
            };
            lower_block(body, out, p);
            out.push(Instr::Jump(top));
            // Both ways out (the last card, a `break`) drop what is left of the list.
            let end = here(out);
            out.push(Instr::CardsDrop { mark: *mark });
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::ForRange { slot, end, from, to, body } => {
            out.push(Instr::SetLocal(*slot, Ev::new(from, p)));
            out.push(Instr::SetLocal(*end, Ev::new(to, p)));
            let top = here(out);
            let more = Expr::Binary(BinOp::Le, Box::new(Expr::Local(*slot)), Box::new(Expr::Local(*end)));
            out.push(Instr::JumpUnless(Ev::condition(&more, p), 0));
            lower_block(body, out, p);
            let next = Expr::Binary(BinOp::Add, Box::new(Expr::Local(*slot)), Box::new(Expr::Const(Value::Int(1))));
            out.push(Instr::SetLocal(*slot, Ev::new(&next, p)));
            out.push(Instr::Jump(top));
            let end = here(out);
            patch(out, top, end);
            patch_breaks(out, top, end);
        }
        Stmt::Menu { choice, bodies, otherwise } => {
            out.push(Instr::Choose(Box::new(ChoiceCode::new(choice, p))));
            let (Choice::Menu { branch, .. } | Choice::Open { branch, .. }) = choice else { return };
            // An `if` chain on the branch chosen; `none` (no candidate) falls to `otherwise`.
            let mut ends = Vec::new();
            for (i, body) in bodies.iter().enumerate() {
                let is = Expr::Binary(
                    BinOp::Eq,
                    Box::new(Expr::Local(*branch)),
                    Box::new(Expr::Const(Value::Int(i as i64))),
                );
                let skip = here(out);
                out.push(jump_unless(&is, p));
                lower_block(body, out, p);
                ends.push(here(out));
                out.push(Instr::Jump(0));
                let next = here(out);
                patch(out, skip, next);
            }
            lower_block(otherwise, out, p);
            let end = here(out);
            for at in ends {
                patch(out, at, end);
            }
        }
        Stmt::Break => out.push(Instr::Jump(BREAK)),
        Stmt::Effect(e) => out.push(lower_effect(e, p)),
        Stmt::Return => out.push(Instr::Return),
        Stmt::End(e) => out.push(Instr::End(Box::new(e.clone()))),
        Stmt::Choose(c) => out.push(Instr::Choose(Box::new(ChoiceCode::new(c, p)))),
        Stmt::Call(proc_, args) => out.push(Instr::Call(*proc_, args.iter().map(|a| Ev::new(a, p)).collect())),
        Stmt::Inlined { proc_, base, args, body } => {
            let consts = args
                .iter()
                .map(|a| match a {
                    Expr::Const(v) => Some(Raw::from(*v)),
                    _ => None,
                })
                .collect();
            let args = args.iter().map(|a| Ev::new(a, p)).collect();
            out.push(Instr::Enter(Box::new(Enter { proc_: *proc_, base: *base, args, consts })));
            lower_block(body, out, p);
            out.push(Instr::Leave);
        }
    }
}

/// An effect as an instruction: the common `set`s and `move`s get quick forms with compiled
/// expressions, the rest stays an [`Instr::Effect`].
fn lower_effect(e: &Effect, p: &Program) -> Instr {
    match e {
        Effect::Assign(Place::Local(s), x) => {
            super::quick::set_local(*s, x).unwrap_or_else(|| Instr::SetLocal(*s, Ev::new(x, p)))
        }
        Effect::Assign(Place::Counter(s), x) => match x {
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), l, r) => match (&**l, &**r) {
                (Expr::Counter(c), Expr::Const(Value::Int(k))) if c == s => {
                    Instr::AddCounter(*s, if *op == BinOp::Add { *k } else { k.wrapping_neg() })
                }
                _ => Instr::SetCounter(*s, Ev::new(x, p)),
            },
            _ => Instr::SetCounter(*s, Ev::new(x, p)),
        },
        Effect::Move { what, to, face_up, bottom } => {
            if let Some(m) = top_move(what, to, *face_up, *bottom) {
                return Instr::MoveTop(m);
            }
            let what = match what {
                MoveWhat::All(z) => Moving::All(Ev::new(z, p)),
                MoveWhat::Top(n, z) => Moving::Top(Ev::new(n, p), Ev::new(z, p)),
                MoveWhat::Bottom(n, z) => Moving::Bottom(Ev::new(n, p), Ev::new(z, p)),
                MoveWhat::Card(_) | MoveWhat::Above(_) => return Instr::Effect(Box::new(e.clone())),
            };
            Instr::Move(Box::new(QuickMove { what, to: Ev::new(to, p), face_up: *face_up, bottom: *bottom }))
        }
        Effect::Announce(_) => Instr::Announce(Box::new(e.clone())),
        _ => Instr::Effect(Box::new(e.clone())),
    }
}

#[cfg(test)]
mod tests {
    /// An instruction stays small: the large ones are boxed.
    #[test]
    fn instructions_are_small() {
        assert!(std::mem::size_of::<super::Instr>() <= 32, "{}", std::mem::size_of::<super::Instr>());
    }
}
