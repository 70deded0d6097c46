//! A reference evaluator: a deliberately plain, slow reading of the *checked* program
//! ([`crate::check::ir`]) against a snapshot of a game's table, for tests and fuzzing to
//! compare the engine with (an oracle for the language's meaning, `docs/language.md`).
//!
//! It is a direct recursive walk of the checked expressions: no inlining of its own, no
//! substitution, no folding, no card tables, no quick forms, no closures and no caches. An
//! aggregate lists its items, then asks its question of the list; a loop lists what it goes
//! over when it begins. What it reads of a game in play it reads through the state's public
//! read API once, into a [`Table`]; from then on it never looks at the engine again, but for
//! two primitives that are search problems of their own, each called once per use:
//!
//! - `deadwood of Z` calls [`crate::engine::melds::deadwood`] (the meld search, uncached);
//! - a `hands` pattern or strength calls [`crate::engine::hand_value`].
//!
//! [`Expr::CardTable`] is made by the compile step, never by the checker; the reference reads
//! one as the table it is, only so that it can be given any expression.

use crate::check::ir::*;
use crate::engine::State;
use crate::syntax::ast::{AggKind, BinOp};

mod claims;
pub mod compare;
mod joined;
mod menus;
mod rows;
mod stmts;
pub use stmts::{Flow, Unsupported};

/// The most cards a set of cards (`subsets of`) is taken from, as the language says.
const SET_CARDS: usize = MAX_SUBSET_CARDS;

/// What the reference reads of a game: the table, the counters and the locals of the frame the
/// rules are in, copied from a state (or written by the reference's own statements).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Table {
    /// Every zone's cards, bottom first.
    pub zones: Vec<Vec<u16>>,
    /// Whether each card faces up.
    pub face_up: Vec<bool>,
    /// Every counter slot.
    pub counters: Vec<Value>,
    /// The locals of the current frame, by slot.
    pub locals: Vec<Value>,
    /// Whether `position seen before` holds.
    pub position_seen: bool,
    /// The cards listed by the reference's own `for each subset` loops: `Value::Listed(at, m)`
    /// picks from the list that starts at `at` (bottom first), as the engine's sets do.
    pub lists: Vec<u16>,
}

impl Table {
    /// The table of a state of a game whose checked program is `program`, read through the
    /// state's public API.
    pub fn of(program: &Program, state: &State) -> Table {
        Table {
            zones: (0..program.zones.len()).map(|z| state.zone_cards(z as u16).to_vec()).collect(),
            face_up: (0..program.cards.len()).map(|c| state.is_face_up(c as u16)).collect(),
            counters: (0..program.counter_slots).map(|s| state.counter_slot(s as u16)).collect(),
            locals: state.frame_locals(),
            position_seen: state.position_seen_before(),
            lists: Vec::new(),
        }
    }
}

/// The reference evaluator: a checked program and a table to read.
#[derive(Debug, Clone)]
pub struct Reference<'p> {
    /// The checked program (before the compile step).
    pub program: &'p Program,
    /// What it reads, and what its statements change.
    pub table: Table,
    /// What its statements announced, in order.
    pub said: Vec<String>,
    /// Whose menu is being read (menus.rs), when a player's.
    chooser: Option<u8>,
}

/// The names an expression can see besides the table: the items of the aggregates it lies in
/// (innermost last) and, inside a function with statements, that function's frame.
#[derive(Debug, Clone, Copy)]
struct Scope<'s> {
    items: &'s [(u32, Value)],
    frame: &'s [Value],
}

const TOP: Scope<'static> = Scope { items: &[], frame: &[] };

impl<'p> Reference<'p> {
    /// A reference for `program` reading `table`.
    pub fn new(program: &'p Program, table: Table) -> Reference<'p> {
        Reference { program, table, said: Vec::new(), chooser: None }
    }

    /// The reference for `program` on a state of its game.
    pub fn of_state(program: &'p Program, state: &State) -> Reference<'p> {
        Reference::new(program, Table::of(program, state))
    }

    /// The value of an expression in the current frame, no aggregate item bound.
    pub fn eval(&self, e: &Expr) -> Value {
        self.ev(e, TOP)
    }

    /// An announcement's text: its parts in turn, each value shown by its type.
    pub fn text(&self, parts: &[TextPart]) -> String {
        self.text_in(parts, TOP)
    }

    fn text_in(&self, parts: &[TextPart], s: Scope) -> String {
        let mut out = String::new();
        for p in parts {
            match p {
                TextPart::Text(t) => out.push_str(t),
                TextPart::Value(e, ty) => out.push_str(&show(self.program, self.ev(e, s), *ty)),
            }
        }
        out
    }

    fn player(&self, e: &Expr, s: Scope) -> Option<u8> {
        match self.ev(e, s) {
            Value::Player(p) if p < self.program.players => Some(p),
            _ => None,
        }
    }

    fn local(&self, slot: usize) -> Value {
        self.table.locals.get(slot).copied().unwrap_or(Value::None)
    }

    fn counter(&self, slot: usize) -> Value {
        self.table.counters.get(slot).copied().unwrap_or(Value::None)
    }

    fn prop(&self, card: Value, p: u16) -> Value {
        let props = self.program.properties.len();
        match card {
            Value::Card(c) => self.program.card_props.get(c as usize * props + p as usize).copied().unwrap_or_default(),
            _ => Value::None,
        }
    }

    /// The cards a set or zone picks, top first, with the list they come from (bottom first)
    /// and the mask: a zone's top 64 cards, or a set's (`Value::Cards`, `Value::Listed`).
    fn set_of(&self, v: Value) -> Option<(Vec<u16>, u64)> {
        let (list, mask): (Vec<u16>, Option<u64>) = match v {
            Value::Zone(z) | Value::Cards(z, _) => {
                let cards = self.table.zones.get(z as usize)?;
                let window = cards[cards.len().saturating_sub(SET_CARDS)..].to_vec();
                (window, if let Value::Cards(_, m) = v { Some(m) } else { None })
            }
            Value::Listed(at, m) => {
                let list = self.table.lists.get(at as usize..)?;
                (list[..list.len().min(SET_CARDS)].to_vec(), Some(m))
            }
            Value::Joined(zones, m) => return Some(self.joined_set(zones, m)),
            _ => return None,
        };
        let all = if list.len() >= 64 { u64::MAX } else { (1u64 << list.len()) - 1 };
        Some((list, mask.map_or(all, |m| m & all)))
    }

    /// The cards of a value that holds cards, top first: a whole zone, a row zone by zone (each
    /// from the top), a set. `None` for anything else.
    fn cards_of(&self, v: Value, rows: bool) -> Option<Vec<u16>> {
        match v {
            Value::Zone(z) => Some(self.table.zones.get(z as usize)?.iter().rev().copied().collect()),
            Value::Zones(first, n) if rows => {
                let mut out = Vec::new();
                for z in first as usize..first as usize + n as usize {
                    if let Some(cards) = self.table.zones.get(z) {
                        out.extend(cards.iter().rev());
                    }
                }
                Some(out)
            }
            Value::Cards(..) | Value::Listed(..) | Value::Joined(..) => {
                let (list, mask) = self.set_of(v)?;
                Some((0..list.len()).rev().filter(|i| mask >> i & 1 == 1).map(|i| list[i]).collect())
            }
            _ => None,
        }
    }

    /// The value of `e` with the names of `s`.
    fn ev(&self, e: &Expr, s: Scope) -> Value {
        let program = self.program;
        match e {
            Expr::Const(v) => *v,
            Expr::PositionSeen => Value::Bool(self.table.position_seen),
            Expr::Local(slot) => self.local(*slot as usize),
            Expr::LocalOf(base, p) => {
                self.player(p, s).map_or(Value::None, |p| self.local(*base as usize + p as usize))
            }
            Expr::Counter(slot) => self.counter(*slot as usize),
            Expr::CounterOf(base, p) => {
                self.player(p, s).map_or(Value::None, |p| self.counter(*base as usize + p as usize))
            }
            Expr::CounterOfCard(base, c) => match self.ev(c, s) {
                Value::Card(c) => self.counter(*base as usize + c as usize),
                _ => Value::None,
            },
            Expr::ZoneOf(first, p) => self.player(p, s).map_or(Value::None, |p| Value::Zone(first + p as u16)),
            Expr::ZoneAt { first, lo, count, key } => {
                let i = match self.ev(key, s) {
                    Value::Int(k) => k.checked_sub(*lo),
                    Value::Sym(m) => Some(m as i64),
                    _ => None,
                };
                match i {
                    Some(i) if i >= 0 && i < *count as i64 => Value::Zone(first + i as u16),
                    _ => Value::None,
                }
            }
            Expr::ZoneOfRow { first, owner, key, .. } => self.row_zone(*first, owner, key.as_deref(), s),
            Expr::FaceUp(c, up) => match self.ev(c, s) {
                Value::Card(c) => Value::Bool(self.table.face_up.get(c as usize) == Some(up)),
                _ => Value::Bool(false),
            },
            Expr::Top(z) => self.nth_card(self.ev(z, s), 1, true),
            Expr::Bottom(z) => self.nth_card(self.ev(z, s), 1, false),
            Expr::CardAt(z, k) => match self.ev(k, s) {
                Value::Int(k) => self.nth_card(self.ev(z, s), k, true),
                _ => Value::None,
            },
            Expr::Count(z) => Value::Int(self.cards_of(self.ev(z, s), true).map_or(0, |c| c.len() as i64)),
            Expr::IsEmpty(z) => Value::Bool(self.cards_of(self.ev(z, s), true).is_none_or(|c| c.is_empty())),
            Expr::Opponent(p) => self.player(p, s).map_or(Value::None, |p| Value::Player((p + 1) % program.players)),
            Expr::Prop(c, p) => self.prop(self.ev(c, s), *p),
            Expr::OrderOf(o, c) => {
                let order = &program.orders[*o as usize];
                order.position(self.prop(self.ev(c, s), order.property))
            }
            Expr::MemberRank(o, m) => program.orders[*o as usize].position(self.ev(m, s)),
            Expr::Deadwood(z, without) => self.deadwood(z, without.as_deref(), s),
            Expr::Binary(op, l, r) => self.binary(*op, l, r, s),
            Expr::Not(x) => Value::Bool(!self.ev(x, s).is_true()),
            Expr::Neg(x) => match self.ev(x, s) {
                Value::Int(i) => Value::Int(i.wrapping_neg()),
                _ => Value::None,
            },
            Expr::If(c, t, o) => {
                if self.ev(c, s).is_true() {
                    self.ev(t, s)
                } else {
                    self.ev(o, s)
                }
            }
            Expr::IsNone(x) => Value::Bool(self.ev(x, s) == Value::None),
            Expr::Builtin(f, xs) => {
                let args: Vec<Option<i64>> = xs.iter().map(|x| self.ev(x, s).as_int()).collect();
                let arg = |i: usize| args.get(i).copied().flatten();
                let v = match f {
                    Builtin::Sign => arg(0).map(i64::signum),
                    Builtin::Abs => arg(0).map(i64::wrapping_abs),
                    Builtin::Min => arg(0).zip(arg(1)).map(|(x, y)| x.min(y)),
                    Builtin::Max => arg(0).zip(arg(1)).map(|(x, y)| x.max(y)),
                };
                v.map_or(Value::None, Value::Int)
            }
            Expr::SetOf(xs) => {
                let mut mask = 0u64;
                for x in xs {
                    if let Value::Sym(m) = self.ev(x, s) {
                        if m < 64 {
                            mask |= 1 << m;
                        }
                    }
                }
                Value::Set(mask)
            }
            // The checker puts every argument in place of its parameter; one left over has no value.
            Expr::Param(_) => Value::None,
            Expr::CardTable(t) => {
                let mut i = 0usize;
                for a in &t.args {
                    let entry = match self.ev(a, s) {
                        Value::Card(c) if (c as u32) < t.stride - 1 => c as usize,
                        _ => t.stride as usize - 1,
                    };
                    i = i * t.stride as usize + entry;
                }
                t.values.get(i).copied().unwrap_or_default()
            }
            Expr::Aggregate(a) => self.aggregate(a, s),
            Expr::Each(key) => s.items.iter().rev().find(|(k, _)| k == key).map_or(Value::None, |(_, v)| *v),
            Expr::Seat(p) => self.player(p, s).map_or(Value::None, |p| Value::Int(p as i64 + 1)),
            Expr::Team(p) => match self.player(p, s) {
                Some(p) => program.teams.get(p as usize).map_or(Value::None, |t| Value::Int(*t as i64 + 1)),
                None => Value::None,
            },
            Expr::TeamLead(p) => match self.player(p, s) {
                // The first seat in p's team.
                Some(p) => Value::Player((0..=p).find(|&q| program.same_team(q, p)).unwrap_or(p)),
                None => Value::None,
            },
            Expr::MemberAt(k) => match self.ev(k, s) {
                Value::Int(k) => u16::try_from(k).map_or(Value::None, Value::Sym),
                _ => Value::None,
            },
            Expr::MemberStep(m, n, forward) => match self.ev(m, s) {
                Value::Sym(i) if *n > 0 && i < *n => Value::Sym(if *forward { (i + 1) % n } else { (i + n - 1) % n }),
                _ => Value::None,
            },
            Expr::PlayerAt(k) => match self.ev(k, s) {
                Value::Int(k) if k >= 1 && k <= program.players as i64 => Value::Player((k - 1) as u8),
                _ => Value::None,
            },
            Expr::Around(p, n) => match self.player(p, s) {
                Some(p) => Value::Player(((p as u16 + *n as u16) % program.players.max(1) as u16) as u8),
                None => Value::None,
            },
            Expr::Hand(h, z, strength) => match self.set_of(self.ev(z, s)) {
                Some((list, mask)) => {
                    let cards: Vec<u16> = (0..list.len()).filter(|i| mask >> i & 1 == 1).map(|i| list[i]).collect();
                    crate::engine::hand_value(program, *h, &cards, *strength)
                }
                None => Value::None,
            },
            Expr::Run(call) => self.run_function(call, s),
            Expr::FnLocal(k) => s.frame.get(*k as usize).copied().unwrap_or_default(),
            Expr::Joined(parts) => self.joined(parts, s),
        }
    }

    /// The k-th card (from 1) of a zone or set from the top (or from the bottom), `none` past
    /// either end or for a value that holds no cards (a row is not one zone).
    fn nth_card(&self, v: Value, k: i64, from_top: bool) -> Value {
        let Some(mut cards) = self.cards_of(v, false) else { return Value::None };
        if !from_top {
            cards.reverse();
        }
        match usize::try_from(k) {
            Ok(k) if k >= 1 && k <= cards.len() => Value::Card(cards[k - 1]),
            _ => Value::None,
        }
    }

    fn deadwood(&self, z: &Expr, without: Option<&Expr>, s: Scope) -> Value {
        let (Some(rules), Value::Zone(z)) = (self.program.melds.as_ref(), self.ev(z, s)) else {
            return Value::None;
        };
        let skip = without.map(|c| self.ev(c, s));
        let Some(zone) = self.table.zones.get(z as usize) else { return Value::None };
        let kept: Vec<u16> = zone.iter().copied().filter(|&c| skip != Some(Value::Card(c))).collect();
        crate::engine::melds::deadwood(rules, &kept).map_or(Value::None, Value::Int)
    }

    fn binary(&self, op: BinOp, l: &Expr, r: &Expr, s: Scope) -> Value {
        // `and` and `or` stop early.
        match op {
            BinOp::And => return Value::Bool(self.ev(l, s).is_true() && self.ev(r, s).is_true()),
            BinOp::Or => return Value::Bool(self.ev(l, s).is_true() || self.ev(r, s).is_true()),
            _ => {}
        }
        let (x, y) = (self.ev(l, s), self.ev(r, s));
        match op {
            BinOp::Eq => return Value::Bool(x == y),
            BinOp::Ne => return Value::Bool(x != y),
            BinOp::In => {
                return Value::Bool(matches!((x, y), (Value::Sym(m), Value::Set(set)) if m < 64 && set >> m & 1 == 1))
            }
            _ => {}
        }
        let (Value::Int(x), Value::Int(y)) = (x, y) else {
            // Every comparison with `none` is false; arithmetic with it is `none`.
            return match op {
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Value::Bool(false),
                _ => Value::None,
            };
        };
        match op {
            BinOp::Lt => Value::Bool(x < y),
            BinOp::Le => Value::Bool(x <= y),
            BinOp::Gt => Value::Bool(x > y),
            BinOp::Ge => Value::Bool(x >= y),
            BinOp::Add => Value::Int(x.wrapping_add(y)),
            BinOp::Sub => Value::Int(x.wrapping_sub(y)),
            BinOp::Mul => Value::Int(x.wrapping_mul(y)),
            // Whole numbers, the fraction dropped; by 0 gives `none`.
            BinOp::Div => x.checked_div(y).map_or(Value::None, Value::Int),
            BinOp::Mod => x.checked_rem(y).map_or(Value::None, Value::Int),
            BinOp::Pow => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)).map_or(Value::None, Value::Int),
            _ => Value::None,
        }
    }

    /// The items an aggregate goes over, in order.
    fn items(&self, over: &AggOver, s: Scope) -> Vec<Value> {
        let players = self.program.players;
        match over {
            AggOver::Cards(z) => {
                self.cards_of(self.ev(z, s), true).unwrap_or_default().into_iter().map(Value::Card).collect()
            }
            AggOver::Players => (0..players).map(Value::Player).collect(),
            AggOver::After(p) => match self.player(p, s) {
                Some(p) => (1..=players).map(|k| Value::Player((p + k) % players)).collect(),
                None => Vec::new(),
            },
            AggOver::Members(n) => (0..*n).map(Value::Sym).collect(),
            AggOver::Subsets { zone, lo, hi } => {
                let v = self.ev(zone, s);
                let (Some((list, avail)), Some(lo), Some(hi)) =
                    (self.set_of(v), self.ev(lo, s).as_int(), self.ev(hi, s).as_int())
                else {
                    return Vec::new();
                };
                subsets(&list, avail, lo, hi)
                    .into_iter()
                    .map(|m| match v {
                        Value::Listed(at, _) => Value::Listed(at, m),
                        Value::Zone(z) | Value::Cards(z, _) => Value::Cards(z, m),
                        Value::Joined(zones, _) => Value::Joined(zones, m),
                        other => other,
                    })
                    .collect()
            }
            // Issue 43: the numbers of a range (one that is too long is caught by `aggregate`).
            AggOver::Range(lo, hi) => match (self.ev(lo, s).as_int(), self.ev(hi, s).as_int()) {
                (Some(lo), Some(hi)) if lo <= hi => (lo..=hi).map(Value::Int).collect(),
                _ => Vec::new(),
            },
            AggOver::Zones(row) => match self.ev(row, s) {
                Value::Zones(first, n) => (0..n).map(|i| Value::Zone(first + i)).collect(),
                _ => Vec::new(),
            },
            // The players before p, going right: p - 1, p - 2, ..., p itself last.
            AggOver::Before(p) => match self.player(p, s) {
                Some(p) => (0..players).rev().map(|j| Value::Player((p + j) % players)).collect(),
                None => Vec::new(),
            },
        }
    }

    /// Whether an aggregate goes over a range of more numbers than the language allows
    /// ([`MAX_RANGE`]): its value is then `none`.
    fn range_too_long(&self, over: &AggOver, s: Scope) -> bool {
        let AggOver::Range(lo, hi) = over else { return false };
        match (self.ev(lo, s).as_int(), self.ev(hi, s).as_int()) {
            (Some(lo), Some(hi)) => i128::from(hi) - i128::from(lo) + 1 > i128::from(MAX_RANGE),
            _ => false,
        }
    }

    /// `any`, `all`, `card`, `count of`, `sum of`, `max of`, `min of`, `next`: the items listed,
    /// the ones that meet the condition kept, then the question asked of them.
    fn aggregate(&self, a: &Aggregate, s: Scope) -> Value {
        if self.range_too_long(&a.over, s) {
            return Value::None;
        }
        let mut kept = Vec::new();
        for item in self.items(&a.over, s) {
            let mut items = s.items.to_vec();
            items.push((a.key, item));
            let inner = Scope { items: &items, frame: s.frame };
            let meets = a.cond.as_ref().is_none_or(|c| self.ev(c, inner).is_true());
            let value = a.value.as_ref().map_or(Value::None, |v| self.ev(v, inner));
            kept.push((item, meets, value));
        }
        let met = || kept.iter().filter(|k| k.1);
        // Items without a number (an unranked card) add nothing and are never the largest.
        let numbers = || met().filter_map(|k| k.2.as_int());
        match a.kind {
            AggKind::Any => Value::Bool(met().next().is_some()),
            AggKind::All => Value::Bool(kept.iter().all(|k| k.1)),
            AggKind::First | AggKind::Next => met().next().map_or(Value::None, |k| k.0),
            AggKind::Count => Value::Int(met().count() as i64),
            AggKind::Sum => Value::Int(numbers().fold(0i64, i64::wrapping_add)),
            AggKind::Max => numbers().max().map_or(Value::None, Value::Int),
            AggKind::Min => numbers().min().map_or(Value::None, Value::Int),
        }
    }
}

/// The sets of `lo` to `hi` of the cards `avail` picks from `list` (bottom first), as masks
/// over the list: smaller sets first; among sets of one size, sets with cards nearer the top
/// first (with a b c d from the top, the pairs are ab, ac, ad, bc, bd, cd).
fn subsets(list: &[u16], avail: u64, lo: i64, hi: i64) -> Vec<u64> {
    // The places of the cards picked, top first.
    let top_first: Vec<usize> = (0..list.len()).rev().filter(|i| avail >> i & 1 == 1).collect();
    let mut out = Vec::new();
    let hi = hi.min(top_first.len() as i64);
    for size in lo.max(0)..=hi {
        let mut chosen = Vec::new();
        combinations(&top_first, size as usize, 0, &mut chosen, &mut out);
    }
    out
}

/// Every choice of `size` of `places` from `from` on, in order, each added to `out` as a mask.
fn combinations(places: &[usize], size: usize, from: usize, chosen: &mut Vec<usize>, out: &mut Vec<u64>) {
    if chosen.len() == size {
        out.push(chosen.iter().fold(0u64, |m, &i| m | 1 << i));
        return;
    }
    for k in from..places.len() {
        chosen.push(places[k]);
        combinations(places, size, k + 1, chosen, out);
        chosen.pop();
    }
}

/// A value in words, read by its type, as the language shows it in an announcement.
pub fn show(program: &Program, v: Value, ty: Type) -> String {
    match (v, ty) {
        (Value::None, _) => "none".into(),
        (Value::Int(i), _) => i.to_string(),
        (Value::Bool(b), _) => b.to_string(),
        (Value::Card(c), _) => program.cards.get(c as usize).map_or("?", |c| c.name.as_str()).to_string(),
        (Value::Player(p), _) => format!("player {}", p + 1),
        (Value::Zone(z), _) => program.zones.get(z as usize).map_or_else(String::new, |z| z.name.clone()),
        // issue 43: one player's row of a zone with a row for each player, named by its owner.
        (Value::Zones(first, n), _) if rows::one_players_row(program, first, n) => {
            let z = &program.zones[first as usize];
            let who = z.owner.map_or(0, |o| o as u16 + 1);
            format!("every {} of player {who}", program.zone_decls[z.decl as usize].name)
        }
        (Value::Zones(first, _), _) => {
            let decl = program.zones.get(first as usize).map_or(0, |z| z.decl as usize);
            format!("every {}", program.zone_decls.get(decl).map_or("zone", |d| d.name.as_str()))
        }
        (Value::Sym(m), Type::Enum(e)) => {
            program.enums.get(e as usize).and_then(|e| e.display.get(m as usize)).cloned().unwrap_or_default()
        }
        (Value::Sym(m), Type::Text) => program.texts.get(m as usize).cloned().unwrap_or_default(),
        (Value::Set(mask), Type::Set(e)) => {
            let names: Vec<&str> = program.enums[e as usize]
                .display
                .iter()
                .enumerate()
                .filter(|(i, _)| *i < 64 && mask >> i & 1 == 1)
                .map(|(_, d)| d.as_str())
                .collect();
            format!("{{{}}}", names.join(", "))
        }
        (Value::Sym(m), _) => format!("#{m}"),
        (Value::Set(mask), _) => format!("{{{mask:#x}}}"),
        (Value::Arrangement(_, i), _) => format!("arrangement {}", i as u32 + 1),
        (Value::Cards(..) | Value::Listed(..) | Value::Joined(..), _) => "some cards".into(),
    }
}
