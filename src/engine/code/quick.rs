//! Quick forms of common instructions, with nothing left to work out at run time but a load or
//! two: moves of the top cards between zones known before play ([`TopMove`]), tests of
//! constant zones' emptiness ([`Empties`]) or of a counter or local against a constant number
//! ([`Cmp`]) or of a card table's entry for one or two cards in locals ([`LookUp`]), and a local
//! set to such an entry or to one of two constants by a comparison ([`Pick`]). Lowering
//! (lower.rs) picks them where a statement has their shape; each gives what the general
//! instruction would.

use super::closure::Ev;
use super::lower::Instr;
use crate::check::ir::{CardTable, Expr, MoveWhat, Program, Value};
use crate::engine::state::raw::Raw;
use crate::syntax::ast::BinOp;

/// A move of the top `n` cards (all of them, for [`TopMove::ALL`]) of a zone known before play
/// onto the top of another ([`Instr::MoveTop`]): a [`super::lower::QuickMove`] with nothing left
/// to work out but, at most, whose zone it goes to.
#[derive(Debug, Clone, Copy)]
pub struct TopMove {
    /// The zone the cards leave.
    pub from: u16,
    /// The zone they go to.
    pub to: ZoneAt,
    /// How many, at most.
    pub n: u32,
    /// How they face there, when the statement says.
    pub face_up: Option<bool>,
}

impl TopMove {
    /// The count that stands for all of the zone's cards.
    pub const ALL: u32 = u32::MAX;
}

/// Where a [`TopMove`] puts its cards.
#[derive(Debug, Clone, Copy)]
pub enum ZoneAt {
    /// A zone known before play (never the move's own `from`).
    Const(u16),
    /// The zone of the family starting at `.0` of the player in local `.1` (`score of w`).
    OfLocal(u16, u16),
}

/// Whether one zone known before play is empty (or holds a card), or two, joined by `and` or
/// `or` ([`Instr::JumpUnlessEmpty`]): `deck of p is empty and score of p is not empty` once
/// `p` is known.
#[derive(Debug, Clone, Copy)]
pub struct Empties {
    /// The zones; the second is asked only when `two`.
    zones: [u16; 2],
    /// For each, whether the test is that it is empty (or that it holds a card).
    empty: [bool; 2],
    /// Whether there is a second test.
    two: bool,
    /// Whether the two are joined by `and` (or by `or`).
    and: bool,
}

impl Empties {
    /// The test `c` is, if it is one.
    fn of(c: &Expr) -> Option<Empties> {
        fn one(e: &Expr) -> Option<(u16, bool)> {
            match e {
                Expr::IsEmpty(z) => match **z {
                    Expr::Const(Value::Zone(z)) => Some((z, true)),
                    _ => None,
                },
                Expr::Not(x) => one(x).map(|(z, empty)| (z, !empty)),
                _ => None,
            }
        }
        if let Some((z, empty)) = one(c) {
            return Some(Empties { zones: [z, z], empty: [empty, empty], two: false, and: true });
        }
        let Expr::Binary(op @ (BinOp::And | BinOp::Or), l, r) = c else { return None };
        let ((a, ea), (b, eb)) = (one(l)?, one(r)?);
        Some(Empties { zones: [a, b], empty: [ea, eb], two: true, and: *op == BinOp::And })
    }

    /// Whether it holds for the zones' cards `zones`.
    #[inline(always)]
    pub(crate) fn holds(&self, zones: &[Vec<u16>]) -> bool {
        let first = zones[self.zones[0] as usize].is_empty() == self.empty[0];
        if !self.two || first != self.and {
            return first;
        }
        zones[self.zones[1] as usize].is_empty() == self.empty[1]
    }
}

/// A comparison of a counter or a local with a constant number ([`Instr::JumpUnlessCmp`]):
/// `battles >= max_battles` once the option is known, `r == 0`. As everywhere, a value that is
/// not a number is equal to no number and compares false.
#[derive(Debug, Clone, Copy)]
pub struct Cmp {
    /// Whether `slot` is a counter's (or a local's).
    pub counter: bool,
    /// The counter's or local's slot.
    pub slot: u16,
    /// The comparison.
    pub op: BinOp,
    /// The number compared with.
    pub k: i64,
}

impl Cmp {
    /// The test `c` is, if it is one.
    fn of(c: &Expr) -> Option<Cmp> {
        let Expr::Binary(op, l, r) = c else { return None };
        let (Expr::Const(Value::Int(k)), true) =
            (&**r, matches!(op, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge))
        else {
            return None;
        };
        let (counter, slot) = match **l {
            Expr::Counter(s) => (true, s),
            Expr::Local(s) => (false, s),
            _ => return None,
        };
        Some(Cmp { counter, slot, op: *op, k: *k })
    }

    /// Whether it holds for the number `x` (`None`: the value is not a number).
    #[inline(always)]
    pub(crate) fn holds(&self, x: Option<i64>) -> bool {
        let k = self.k;
        match self.op {
            BinOp::Eq => x == Some(k),
            BinOp::Ne => x != Some(k),
            BinOp::Lt => x.is_some_and(|x| x < k),
            BinOp::Le => x.is_some_and(|x| x <= k),
            BinOp::Gt => x.is_some_and(|x| x > k),
            _ => x.is_some_and(|x| x >= k),
        }
    }
}

/// A card table's entry for the cards in one or two locals of the current frame
/// ([`Instr::SetLocalLookUp`]): `let r = duel(a, b)` once `duel` is tabulated.
#[derive(Debug)]
pub struct LookUp {
    /// The locals holding the cards; the second is read only when `two`.
    pub args: [u16; 2],
    /// Whether the table is of two cards (or of one).
    pub two: bool,
    /// How many entries one argument spans: the number of cards, plus one for anything else.
    pub stride: u32,
    /// The entries, as the table's values.
    pub(crate) values: Box<[Raw]>,
}

impl LookUp {
    /// The quick form of `t`, when its cards are read from locals.
    fn of(t: &CardTable) -> Option<LookUp> {
        let local = |e: &Expr| match *e {
            Expr::Local(s) => Some(s),
            _ => None,
        };
        let (args, two) = match t.args.as_slice() {
            [a] => ([local(a)?; 2], false),
            [a, b] => ([local(a)?, local(b)?], true),
            _ => return None,
        };
        let values = t.values.iter().map(|v| Raw::from(*v)).collect();
        Some(LookUp { args, two, stride: t.stride, values })
    }

    /// The entry for the values `a` and `b` of its locals (`b` unread for a table of one card):
    /// what the table's expression gives for them.
    #[inline(always)]
    pub(crate) fn get(&self, a: Option<Raw>, b: impl FnOnce() -> Option<Raw>) -> Raw {
        let stride = self.stride;
        let index = |v: Option<Raw>| match v.and_then(Raw::card_index) {
            Some(c) if c < stride - 1 => c,
            _ => stride - 1,
        };
        let i = if self.two { index(a) * stride + index(b()) } else { index(a) };
        self.values.get(i as usize).copied().unwrap_or(Raw::NONE)
    }
}

/// One of two constants, by a comparison of a counter or local with a constant number
/// ([`Instr::SetLocalPick`]): `let w = if r > 0 then player 1 else player 2`.
#[derive(Debug, Clone, Copy)]
pub struct Pick {
    /// The comparison.
    pub test: Cmp,
    /// The value when it holds.
    pub(crate) then: Raw,
    /// The value when it does not.
    pub(crate) otherwise: Raw,
}

/// The quick form of `set <local> = x`, if `x` has one.
pub(in crate::engine) fn set_local(slot: u16, x: &Expr) -> Option<Instr> {
    match x {
        Expr::Top(z) => match **z {
            Expr::Const(Value::Zone(z)) => Some(Instr::SetLocalTop(slot, z)),
            _ => None,
        },
        Expr::CardTable(t) => Some(Instr::SetLocalLookUp(slot, Box::new(LookUp::of(t)?))),
        Expr::If(c, t, o) => match (Cmp::of(c), &**t, &**o) {
            (Some(test), Expr::Const(t), Expr::Const(o)) => {
                Some(Instr::SetLocalPick(slot, Box::new(Pick { test, then: Raw::from(*t), otherwise: Raw::from(*o) })))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The conditional jump for a test `c`: its quick form if it has one.
pub(in crate::engine) fn jump_unless(c: &Expr, p: &Program) -> Instr {
    if let Some(e) = Empties::of(c) {
        return Instr::JumpUnlessEmpty(e, 0);
    }
    if let Some(k) = Cmp::of(c) {
        return Instr::JumpUnlessCmp(k, 0);
    }
    match c {
        Expr::CardTable(t) => match LookUp::of(t) {
            Some(t) => Instr::JumpUnlessLookUp(Box::new(t), 0),
            None => Instr::JumpUnless(Ev::condition(c, p), 0),
        },
        _ => Instr::JumpUnless(Ev::condition(c, p), 0),
    }
}

/// The constant form of a move of the top cards between two constant zones, if it is one.
pub(in crate::engine) fn top_move(what: &MoveWhat, to: &Expr, face_up: Option<bool>, bottom: bool) -> Option<TopMove> {
    let to = match to {
        Expr::Const(Value::Zone(z)) => ZoneAt::Const(*z),
        Expr::ZoneOf(first, p) => match **p {
            Expr::Local(slot) => ZoneAt::OfLocal(*first, slot),
            _ => return None,
        },
        _ => return None,
    };
    let (n, from) = match what {
        MoveWhat::All(Expr::Const(Value::Zone(z))) => (TopMove::ALL, *z),
        MoveWhat::Top(Expr::Const(Value::Int(n)), Expr::Const(Value::Zone(z))) => {
            (u32::try_from((*n).max(0)).ok().filter(|&n| n != TopMove::ALL)?, *z)
        }
        _ => return None,
    };
    let other = !matches!(to, ZoneAt::Const(z) if z == from);
    (!bottom && other).then_some(TopMove { from, to, n, face_up })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(z: u16) -> Box<Expr> {
        Box::new(Expr::Const(Value::Zone(z)))
    }

    fn empty(z: u16) -> Expr {
        Expr::IsEmpty(zone(z))
    }

    /// Every shape of emptiness test answers as `and`, `or` and `not` say, for every filling of
    /// its two zones.
    #[test]
    fn emptiness_tests_answer_as_the_condition() {
        let not = |e: Expr| Expr::Not(Box::new(e));
        let join = |op, l, r| Expr::Binary(op, Box::new(l), Box::new(r));
        type Truth = fn(bool, bool) -> bool;
        let cases: Vec<(Expr, Truth)> = vec![
            (empty(0), |a, _| a),
            (not(empty(1)), |_, b| !b),
            (join(BinOp::And, empty(0), empty(1)), |a, b| a && b),
            (join(BinOp::And, empty(0), not(empty(1))), |a, b| a && !b),
            (join(BinOp::Or, not(empty(0)), empty(1)), |a, b| !a || b),
            (join(BinOp::Or, empty(1), empty(0)), |a, b| b || a),
        ];
        for (e, truth) in cases {
            let t = Empties::of(&e).expect("an emptiness test");
            for (a, b) in [(false, false), (false, true), (true, false), (true, true)] {
                let zones = [if a { vec![] } else { vec![3] }, if b { vec![] } else { vec![4] }];
                assert_eq!(t.holds(&zones), truth(a, b), "{e:?} with {a} {b}");
            }
        }
        // Not its shape: a zone worked out in play, or a third test.
        assert!(Empties::of(&Expr::IsEmpty(Box::new(Expr::Local(0)))).is_none());
        let three = join(BinOp::And, empty(0), join(BinOp::And, empty(1), empty(2)));
        assert!(Empties::of(&three).is_none());
    }

    /// A comparison with a constant number is what `==`, `!=`, `<` and the rest give: a value
    /// that is not a number equals no number and compares false.
    #[test]
    fn comparisons_answer_as_the_operators() {
        let ops = [BinOp::Eq, BinOp::Ne, BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge];
        for op in ops {
            for place in [Expr::Counter(2), Expr::Local(5)] {
                let e = Expr::Binary(op, Box::new(place.clone()), Box::new(Expr::Const(Value::Int(3))));
                let c = Cmp::of(&e).expect("a comparison");
                assert_eq!((c.counter, c.slot), if matches!(place, Expr::Counter(_)) { (true, 2) } else { (false, 5) });
                for x in [None, Some(2), Some(3), Some(4)] {
                    let want = match (op, x) {
                        (BinOp::Eq, x) => x == Some(3),
                        (BinOp::Ne, x) => x != Some(3),
                        (_, None) => false,
                        (BinOp::Lt, Some(x)) => x < 3,
                        (BinOp::Le, Some(x)) => x <= 3,
                        (BinOp::Gt, Some(x)) => x > 3,
                        (_, Some(x)) => x >= 3,
                    };
                    assert_eq!(c.holds(x), want, "{op:?} {x:?}");
                }
            }
        }
        // Not a number constant, or not a counter or local: the general jump.
        let sym = Expr::Binary(BinOp::Eq, Box::new(Expr::Local(0)), Box::new(Expr::Const(Value::Sym(1))));
        assert!(Cmp::of(&sym).is_none());
        let sum = Expr::Binary(BinOp::Add, Box::new(Expr::Local(0)), Box::new(Expr::Const(Value::Int(1))));
        assert!(Cmp::of(&sum).is_none());
    }

    /// A table's look-up gives the table's entry for every value its locals may hold: a card
    /// within the table, a card past it, something that is not a card, or nothing.
    #[test]
    fn look_ups_answer_as_the_table() {
        let stride = 4u32;
        let values: Vec<Value> = (0..stride * stride).map(|i| Value::Int(i64::from(i) * 10)).collect();
        let table = |args: Vec<Expr>| CardTable { args, stride, values: values.clone().into() };
        let two = LookUp::of(&table(vec![Expr::Local(1), Expr::Local(2)])).expect("quick");
        let one = LookUp::of(&table(vec![Expr::Local(3)])).expect("quick");
        assert_eq!((two.args, two.two, one.args[0], one.two), ([1, 2], true, 3, false));
        let t = table(vec![Expr::Local(1), Expr::Local(2)]);
        let held = [Some(Value::Card(0)), Some(Value::Card(2)), Some(Value::Card(3)), Some(Value::Int(1)), None];
        for a in held {
            for b in held {
                let index = |v: Option<Value>| t.index_of(v.unwrap_or(Value::None));
                let want = Raw::from(values[(index(a) * stride + index(b)) as usize]);
                assert_eq!(two.get(a.map(Raw::from), || b.map(Raw::from)), want, "{a:?} {b:?}");
            }
            let want = Raw::from(values[t.index_of(a.unwrap_or(Value::None)) as usize]);
            assert_eq!(one.get(a.map(Raw::from), || panic!("a table of one card reads one local")), want);
        }
        // Cards worked out in play, or a third card: the general `set`.
        assert!(LookUp::of(&table(vec![Expr::Local(1), Expr::Counter(0)])).is_none());
        assert!(LookUp::of(&table(vec![Expr::Local(1), Expr::Local(2), Expr::Local(3)])).is_none());
    }

    /// `if <comparison> then <constant> else <constant>` picks as `if` does; any other `if`, or
    /// any other expression, is left to the general `set`.
    #[test]
    fn picks_answer_as_if() {
        let test = Expr::Binary(BinOp::Gt, Box::new(Expr::Local(6)), Box::new(Expr::Const(Value::Int(0))));
        let (p1, p2) = (Value::Player(0), Value::Player(1));
        let pick = |t: &Expr, a: Value, b: Value| {
            set_local(8, &Expr::If(Box::new(t.clone()), Box::new(Expr::Const(a)), Box::new(Expr::Const(b))))
        };
        let Some(Instr::SetLocalPick(8, k)) = pick(&test, p1, p2) else { panic!("a quick pick") };
        assert_eq!((k.test.slot, k.test.counter, k.test.op, k.test.k), (6, false, BinOp::Gt, 0));
        for x in [None, Some(-1), Some(0), Some(1)] {
            let want = if x.is_some_and(|x| x > 0) { p1 } else { p2 };
            let got = if k.test.holds(x) { k.then } else { k.otherwise };
            assert_eq!(got, Raw::from(want), "{x:?}");
        }
        let not_cmp = Expr::IsEmpty(Box::new(Expr::Const(Value::Zone(0))));
        assert!(pick(&not_cmp, p1, p2).is_none());
        let worked_out = Expr::If(Box::new(test.clone()), Box::new(Expr::Local(1)), Box::new(Expr::Const(p2)));
        assert!(set_local(8, &worked_out).is_none());
        assert!(set_local(8, &Expr::Local(1)).is_none());
        assert!(matches!(
            set_local(8, &Expr::Top(Box::new(Expr::Const(Value::Zone(5))))),
            Some(Instr::SetLocalTop(8, 5))
        ));
    }

    /// Every card table of every game (the compile step's tabulated functions of cards), read
    /// through its quick form, gives what the engine's evaluator gives for the table's
    /// expression, for each card, and for `none` and a value that is not a card, in each
    /// argument, with the cards held in locals of a frame that does not start at 0.
    #[test]
    fn look_ups_answer_as_the_evaluator_for_every_games_tables() {
        let mut tables = 0;
        for (name, game) in crate::engine::code::closure::tests::checked_games() {
            let mut found = Vec::new();
            let mut body: Vec<_> = game.program.procedures.iter().flat_map(|p| p.body.clone()).collect();
            crate::check::ir::walk::block_exprs(&mut body, &mut |e| collect_tables(e, &mut found));
            let mut state = crate::engine::State::blank(game.clone());
            state.base = 3;
            for t in found {
                let arity = t.args.len();
                let slots: Vec<u16> = (0..arity as u16).map(|i| 2 + i).collect();
                let local = CardTable { args: slots.iter().map(|s| Expr::Local(*s)).collect(), ..t.clone() };
                let quick = LookUp::of(&local).expect("a table of cards in locals has a quick form");
                let held: Vec<Option<Value>> = (0..game.program.cards.len() as u16)
                    .map(|c| Some(Value::Card(c)))
                    .chain([None, Some(Value::Int(2))])
                    .collect();
                let seconds = if arity == 2 { held.clone() } else { vec![None] };
                for a in &held {
                    for b in &seconds {
                        let mut locals = Vec::new();
                        for (slot, v) in slots.iter().zip([a, b]) {
                            locals.push((*slot, v.unwrap_or(Value::None)));
                        }
                        let want = Raw::from(state.eval_with(&Expr::CardTable(Box::new(local.clone())), &locals));
                        let got = quick.get(a.map(Raw::from), || b.map(Raw::from));
                        assert_eq!(got, want, "{name}: {a:?} {b:?}");
                    }
                }
                tables += 1;
            }
        }
        assert!(tables > 0, "some game tabulates a function of cards");
    }

    fn collect_tables(e: &Expr, out: &mut Vec<CardTable>) {
        if let Expr::CardTable(t) = e {
            out.push((**t).clone());
        }
        crate::check::ir::walk::children(e, |c| collect_tables(c, out));
    }

    /// `let x = if <local> <op> <number> then <constant> else <constant>` picks what the
    /// engine's evaluator gives for the `if`, for every comparison and for a local holding a
    /// number below, at and above the constant, `none`, a card and a player.
    #[test]
    fn picks_answer_as_the_evaluator() {
        let (_, game) = crate::engine::code::closure::tests::checked_games().remove(0);
        let mut state = crate::engine::State::blank(game);
        state.base = 5;
        let (p1, p2) = (Value::Player(0), Value::Player(1));
        for op in [BinOp::Eq, BinOp::Ne, BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge] {
            let test = Expr::Binary(op, Box::new(Expr::Local(6)), Box::new(Expr::Const(Value::Int(0))));
            let e = Expr::If(Box::new(test), Box::new(Expr::Const(p1)), Box::new(Expr::Const(p2)));
            let Some(Instr::SetLocalPick(8, k)) = set_local(8, &e) else { panic!("a quick pick for {op:?}") };
            for x in [Value::Int(-1), Value::Int(0), Value::Int(1), Value::None, Value::Card(0), Value::Player(0)] {
                let want = Raw::from(state.eval_with(&e, &[(6, x)]));
                let got = if k.test.holds(x.as_int()) { k.then } else { k.otherwise };
                assert_eq!(got, want, "{op:?} with {x:?}");
            }
        }
    }

    /// Only moves of top cards onto the top of another zone take the quick form.
    #[test]
    fn top_moves_are_told_apart() {
        let all = |z| MoveWhat::All(Expr::Const(Value::Zone(z)));
        let top = |n, z| MoveWhat::Top(Expr::Const(Value::Int(n)), Expr::Const(Value::Zone(z)));
        let to = |z| Expr::Const(Value::Zone(z));
        let m = top_move(&all(1), &to(2), Some(true), false).expect("quick");
        assert_eq!((m.from, m.n, m.face_up), (1, TopMove::ALL, Some(true)));
        assert!(matches!(m.to, ZoneAt::Const(2)));
        assert_eq!(top_move(&top(-2, 1), &to(2), None, false).map(|m| m.n), Some(0));
        assert_eq!(top_move(&top(3, 1), &to(2), None, false).map(|m| m.n), Some(3));
        let of_local = Expr::ZoneOf(4, Box::new(Expr::Local(7)));
        assert!(matches!(top_move(&all(1), &of_local, None, false).map(|m| m.to), Some(ZoneAt::OfLocal(4, 7))));
        // Onto its own zone, under the cards, a count worked out in play, or a zone that is not
        // known: the general move.
        assert!(top_move(&all(1), &to(1), None, false).is_none());
        assert!(top_move(&all(1), &to(2), None, true).is_none());
        let counted = MoveWhat::Top(Expr::Local(0), Expr::Const(Value::Zone(1)));
        assert!(top_move(&counted, &to(2), None, false).is_none());
        assert!(top_move(&MoveWhat::All(Expr::Local(0)), &to(2), None, false).is_none());
        assert!(top_move(&top(i64::from(u32::MAX), 1), &to(2), None, false).is_none());
    }
}
