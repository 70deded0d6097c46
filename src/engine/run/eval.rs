//! Evaluates resolved expressions against a state. Allocation-free: values are small copies.

use crate::check::ir::{AggOver, Aggregate, Builtin, Expr, Value};
use crate::engine::state::raw::Raw;
use crate::engine::state::State;
use crate::syntax::ast::AggKind;
use crate::syntax::ast::BinOp;

/// The most temporary bindings at once: a menu branch's names, and the chooser.
const MAX_TEMP: usize = crate::check::ir::MAX_BINDS + 2 + crate::check::ir::MAX_AGGREGATE_DEPTH;

/// Where the items of aggregates are bound: key `k` binds slot `EACH + k`, far above any local.
const EACH: u32 = 0x8000_0000;

/// Temporary local bindings (absolute slot, value), used while listing candidates: what a
/// local reads before the choice is made, without changing the state.
/// Inside a function whose block holds statements, `frame` is that function's slots.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Binds<'f> {
    len: usize,
    items: [(u32, Value); MAX_TEMP],
    frame: &'f [Value],
}

impl Default for Binds<'_> {
    fn default() -> Self {
        Binds::EMPTY
    }
}

impl<'f> Binds<'f> {
    /// No bindings at all.
    pub(crate) const EMPTY: Binds<'static> = Binds { len: 0, items: [(u32::MAX, Value::None); MAX_TEMP], frame: &[] };

    /// No bindings, reading a function's frame.
    pub(crate) fn with_frame(frame: &'f [Value]) -> Binds<'f> {
        Binds { frame, ..Binds::EMPTY }
    }

    /// Sets binding `i` (from 0) and forgets every binding after it.
    pub(crate) fn set(&mut self, i: usize, slot: u32, value: Value) {
        if i < MAX_TEMP {
            self.items[i] = (slot, value);
            self.len = i + 1;
        }
    }

    /// The value of binding `i`.
    pub(crate) fn value(&self, i: usize) -> Value {
        if i < self.len {
            self.items[i].1
        } else {
            Value::None
        }
    }

    /// Slot `k` of the frame of the function being run.
    #[inline]
    pub(crate) fn frame_value(&self, k: usize) -> Value {
        self.frame.get(k).copied().unwrap_or_default()
    }

    /// How many bindings are set.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Forgets every binding.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The room for bindings, whole: those set first, in order (each one's absolute slot and
    /// value), then what is left of earlier ones, which is never read.
    pub(crate) fn first_items(&self) -> &[(u32, Value); MAX_TEMP] {
        &self.items
    }

    /// Binding `i` (from 0): its absolute slot and value, if it is set.
    #[inline]
    pub(crate) fn item(&self, i: usize) -> Option<(u32, Value)> {
        self.items[..self.len].get(i).copied()
    }
}

impl State {
    /// The absolute index of a local slot of the current frame.
    #[inline]
    pub(crate) fn abs_slot(&self, slot: u16) -> u32 {
        self.base + slot as u32
    }

    /// A local of the current frame.
    pub(crate) fn local(&self, slot: u16) -> Value {
        self.locals.get(self.abs_slot(slot) as usize).map_or(Value::None, |r| r.value())
    }

    /// Sets a local of the current frame.
    #[inline]
    pub(crate) fn set_local(&mut self, slot: u16, v: Value) {
        self.set_local_raw(slot, Raw::from(v));
    }

    /// Sets a local of the current frame to a value given as two words.
    #[inline]
    pub(crate) fn set_local_raw(&mut self, slot: u16, v: Raw) {
        let i = self.abs_slot(slot) as usize;
        match self.locals.get_mut(i) {
            Some(l) => *l = v,
            None => self.set_local_past_end(i, v),
        }
    }

    /// [`State::set_local_raw`] of a local past the end of the list, which grows to hold it
    /// (the frame's locals are made when the call is; this is the rare case), out of the way of
    /// the callers' code.
    #[cold]
    #[inline(never)]
    fn set_local_past_end(&mut self, i: usize, v: Raw) {
        self.locals.resize(i + 1, Raw::NONE);
        self.locals[i] = v;
    }

    /// The game's length so far, by its `length` counter, if it declares one.
    pub fn length(&self) -> Option<i64> {
        let (_, slot) = self.game.program.measures.length.as_ref()?;
        self.counters.get(*slot as usize).and_then(|v| v.as_int())
    }

    /// How far along a player is, by the game's `progress` declaration, if it has one.
    pub fn progress(&self, player: u8) -> Option<i64> {
        let (slot, e) = self.game.program.measures.progress.as_ref()?;
        let mut binds = Binds::default();
        binds.set(0, self.abs_slot(*slot), Value::Player(player));
        self.progress_bound(e, &binds)
    }

    /// The `progress` expression `e` with its player bound in `binds`: compiled when it is.
    fn progress_bound(&self, e: &Expr, binds: &Binds) -> Option<i64> {
        match &self.game.code.progress {
            Some(code) => code.get(self, binds).as_int(),
            None => self.eval_in(e, binds).as_int(),
        }
    }

    /// Every player's progress in seat order, into `out` (one entry a player), as
    /// [`State::progress`] gives it; stops, false, at the first player whose progress is not a
    /// number (or when the game declares none), with the players before it written.
    pub fn progress_into(&self, out: &mut [i64]) -> bool {
        let Some((slot, e)) = self.game.program.measures.progress.as_ref() else { return false };
        // One set of bindings for all the players: only the player bound changes.
        let mut binds = Binds::default();
        for (p, v) in out.iter_mut().enumerate() {
            binds.set(0, self.abs_slot(*slot), Value::Player(p as u8));
            match self.progress_bound(e, &binds) {
                Some(x) => *v = x,
                None => return false,
            }
        }
        true
    }

    /// Evaluates an expression.
    pub(crate) fn eval(&self, e: &Expr) -> Value {
        self.eval_in(e, &Binds::EMPTY)
    }

    /// Evaluates an expression with some locals (slot, value) bound.
    pub(crate) fn eval_with(&self, e: &Expr, locals: &[(u16, Value)]) -> Value {
        let mut binds = Binds::default();
        for (i, (slot, v)) in locals.iter().enumerate() {
            binds.set(i, self.abs_slot(*slot), *v);
        }
        self.eval_in(e, &binds)
    }

    /// The zone an expression names, if it names one.
    pub(crate) fn zone_of(&self, e: &Expr) -> Option<u16> {
        self.zone_of_in(e, &Binds::EMPTY)
    }

    #[inline]
    pub(crate) fn zone_of_in(&self, e: &Expr, b: &Binds) -> Option<u16> {
        match *e {
            Expr::Const(Value::Zone(z)) => Some(z),
            _ => match self.eval_in(e, b) {
                Value::Zone(z) => Some(z),
                _ => None,
            },
        }
    }

    /// The cards of `n` consecutive zones from `first`.
    pub(crate) fn zone_range(&self, first: u16, n: u16) -> impl Iterator<Item = &Vec<u16>> {
        let start = (first as usize).min(self.zones.len());
        let end = (first as usize + n as usize).min(self.zones.len());
        self.zones[start..end].iter()
    }

    #[inline]
    pub(crate) fn local_in(&self, slot: u16, b: &Binds) -> Value {
        let abs = self.abs_slot(slot);
        // The latest binding of a slot wins. Most reads have no bindings to look through.
        if b.len != 0 {
            for &(s, v) in b.items[..b.len].iter().rev() {
                if s == abs {
                    return v;
                }
            }
        }
        self.locals.get(abs as usize).map_or(Value::None, |r| r.value())
    }

    fn player_in(&self, e: &Expr, b: &Binds) -> Option<u8> {
        match self.eval_in(e, b) {
            Value::Player(p) => Some(p),
            _ => None,
        }
    }

    /// Evaluates an expression with temporary bindings.
    pub(crate) fn eval_in(&self, e: &Expr, b: &Binds) -> Value {
        let program = &self.game.program;
        match e {
            Expr::Const(v) => *v,
            Expr::PositionSeen => Value::Bool(self.position_seen()),
            Expr::Local(s) => self.local_in(*s, b),
            Expr::LocalOf(base, p) => match self.player_in(p, b) {
                Some(p) => self.local_in(*base + p as u16, b),
                None => Value::None,
            },
            Expr::Counter(s) => self.counters[*s as usize],
            Expr::CounterOf(base, p) => match self.player_in(p, b) {
                Some(p) => self.counters[*base as usize + p as usize],
                None => Value::None,
            },
            Expr::CounterOfCard(base, c) => match self.eval_in(c, b) {
                Value::Card(c) => self.counters[*base as usize + c as usize],
                _ => Value::None,
            },
            Expr::ZoneOf(first, p) => match self.player_in(p, b) {
                Some(p) => Value::Zone(first + p as u16),
                None => Value::None,
            },
            Expr::FaceUp(c, up) => match self.eval_in(c, b) {
                Value::Card(c) => Value::Bool(self.face_up[c as usize] == *up),
                _ => Value::Bool(false),
            },
            // A zone named by a constant (a shared zone, or a player's after unrolling) is read
            // at once, without evaluating the zone expression.
            Expr::Top(z) => match self.zone_of_in(z, b) {
                Some(z) => self.zones[z as usize].last().map_or(Value::None, |c| Value::Card(*c)),
                None => self.card_of_picked(self.eval_in(z, b), 1, true),
            },
            Expr::Bottom(z) => match self.zone_of_in(z, b) {
                Some(z) => self.zones[z as usize].first().map_or(Value::None, |c| Value::Card(*c)),
                None => self.card_of_picked(self.eval_in(z, b), 1, false),
            },
            Expr::Count(z) => match **z {
                Expr::Const(Value::Zone(z)) => Value::Int(self.zones[z as usize].len() as i64),
                _ => self.count_in(z, b),
            },
            Expr::IsEmpty(z) => match **z {
                Expr::Const(Value::Zone(z)) => Value::Bool(self.zones[z as usize].is_empty()),
                _ => self.is_empty_in(z, b),
            },
            Expr::Opponent(p) => match self.player_in(p, b) {
                Some(p) => Value::Player((p + 1) % program.players),
                None => Value::None,
            },
            Expr::Prop(c, p) => match self.eval_in(c, b) {
                Value::Card(c) => program.card_props[c as usize * program.properties.len() + *p as usize],
                _ => Value::None,
            },
            Expr::OrderOf(o, c) => {
                let order = &program.orders[*o as usize];
                match self.eval_in(c, b) {
                    Value::Card(c) => order
                        .position(program.card_props[c as usize * program.properties.len() + order.property as usize]),
                    _ => Value::None,
                }
            }
            Expr::Binary(op, l, r) => self.binary(*op, l, r, b),
            Expr::Not(x) => Value::Bool(!self.eval_in(x, b).is_true()),
            Expr::Neg(x) => match self.eval_in(x, b) {
                Value::Int(i) => Value::Int(i.wrapping_neg()),
                _ => Value::None,
            },
            Expr::If(c, t, o) => {
                if self.eval_in(c, b).is_true() {
                    self.eval_in(t, b)
                } else {
                    self.eval_in(o, b)
                }
            }
            Expr::IsNone(x) => Value::Bool(self.eval_in(x, b) == Value::None),
            Expr::ZoneAt { .. } | Expr::MemberRank(..) | Expr::Deadwood(..) | Expr::Builtin(..) | Expr::SetOf(..) => {
                self.eval_rare(e, b)
            }
            Expr::ZoneOfRow { first, lo, row, owner, key } => {
                let start = self.player_in(owner, b).map(|p| first + p as u16 * row);
                crate::engine::run::rows::row_zone(start, *lo, *row, key.as_ref().map(|k| self.eval_in(k, b)))
            }
            Expr::CardTable(t) => {
                let mut i = 0u32;
                for a in &t.args {
                    i = i * t.stride + t.index_of(self.eval_in(a, b));
                }
                t.values.get(i as usize).copied().unwrap_or_default()
            }
            Expr::Param(_) => Value::None,
            Expr::Each(key) => self.each_in(*key, b),
            Expr::Seat(_)
            | Expr::Team(_)
            | Expr::TeamLead(_)
            | Expr::MemberAt(_)
            | Expr::MemberStep(..)
            | Expr::PlayerAt(_)
            | Expr::Around(..)
            | Expr::CardAt(..) => self.eval_rare(e, b),
            Expr::Hand(h, z, strength) => {
                let v = self.eval_in(z, b);
                self.hand_of(*h, v, *strength)
            }
            Expr::Aggregate(a) => self.aggregate(a, b),
            Expr::FnLocal(k) => b.frame.get(*k as usize).copied().unwrap_or_default(),
            Expr::Run(call) => self.run_routine(call, b),
            Expr::Joined(parts) => self.joined_value(parts, b),
        }
    }

    /// The item aggregate `key` is looking at, in bindings `b` (`Expr::Each`).
    #[inline]
    pub(crate) fn each_in(&self, key: u32, b: &Binds) -> Value {
        self.local_in_binds(EACH.wrapping_add(key), b)
    }

    /// The value bound to an absolute slot in `b` only (`none` if it is not bound).
    fn local_in_binds(&self, abs: u32, b: &Binds) -> Value {
        b.items[..b.len].iter().rev().find(|(s, _)| *s == abs).map_or(Value::None, |(_, v)| *v)
    }

    /// `any c in Z where ...` and its kin: each item in turn, bound for the condition and value.
    #[inline(never)]
    fn aggregate(&self, a: &Aggregate, b: &Binds) -> Value {
        self.aggregate_by(
            a,
            b,
            a.cond.as_ref().map(|c| move |st: &State, b: &Binds| st.eval_in(c, b).is_true()),
            a.value.as_ref().map(|v| move |st: &State, b: &Binds| st.eval_in(v, b)),
        )
    }

    /// An aggregate, its condition and value worked out by `cond` and `value` (the tree-walker's,
    /// or the same compiled: closure/) with the item bound: the one walk of its domain both use.
    #[inline]
    pub(crate) fn aggregate_by(
        &self,
        a: &Aggregate,
        b: &Binds,
        cond: Option<impl Fn(&State, &Binds) -> bool>,
        value: Option<impl Fn(&State, &Binds) -> Value>,
    ) -> Value {
        let mut inner = *b;
        let at = b.len;
        let slot = EACH.wrapping_add(a.key);
        let mut acc = Acc::new(a.kind);
        let mut visit = |item: Value| -> bool {
            inner.set(at, slot, item);
            if let Some(c) = &cond {
                if !c(self, &inner) {
                    return acc.skip();
                }
            }
            let value = value.as_ref().map_or(Value::None, |v| v(self, &inner));
            acc.take(item, value)
        };
        match &a.over {
            AggOver::Cards(z) => match self.eval_in(z, b) {
                Value::Zone(z) => {
                    for &c in self.zones[z as usize].iter().rev() {
                        if !visit(Value::Card(c)) {
                            break;
                        }
                    }
                }
                Value::Zones(first, n) => {
                    'zones: for zone in self.zone_range(first, n) {
                        for &c in zone.iter().rev() {
                            if !visit(Value::Card(c)) {
                                break 'zones;
                            }
                        }
                    }
                }
                v => {
                    if let Some((cards, mask)) = self.picked(v) {
                        for c in super::subsets::picked_top_first(&cards, mask) {
                            if !visit(Value::Card(c)) {
                                break;
                            }
                        }
                    }
                }
            },
            AggOver::Subsets { zone, lo, hi } => {
                let v = self.eval_in(zone, b);
                if let Some((_, avail)) = self.picked(v) {
                    let (lo, hi) =
                        (self.eval_in(lo, b).as_int().unwrap_or(1), self.eval_in(hi, b).as_int().unwrap_or(0));
                    super::subsets::for_each_subset(avail, lo, hi, |set| visit(super::subsets::with_mask(v, set)));
                }
            }
            AggOver::Players => {
                for p in 0..self.game.program.players {
                    if !visit(Value::Player(p)) {
                        break;
                    }
                }
            }
            AggOver::After(from) => {
                if let Some(from) = self.player_in(from, b) {
                    let n = self.game.program.players;
                    for k in 1..=n {
                        if !visit(Value::Player(((from as u16 + k as u16) % n as u16) as u8)) {
                            break;
                        }
                    }
                }
            }
            AggOver::Members(n) => {
                for m in 0..*n {
                    if !visit(Value::Sym(m)) {
                        break;
                    }
                }
            }
            // issue 43: numbers, a row's zones, the players before one.
            AggOver::Range(lo, hi) => {
                if let (Some(lo), Some(hi)) = (self.eval_in(lo, b).as_int(), self.eval_in(hi, b).as_int()) {
                    if hi >= lo && hi.checked_sub(lo).is_none_or(|d| d >= crate::check::ir::MAX_RANGE) {
                        return Value::None;
                    }
                    let mut k = lo;
                    while k <= hi && visit(Value::Int(k)) {
                        k += 1;
                    }
                }
            }
            AggOver::Zones(row) => {
                if let Value::Zones(first, n) = self.eval_in(row, b) {
                    for z in first..first.saturating_add(n) {
                        if !visit(Value::Zone(z)) {
                            break;
                        }
                    }
                }
            }
            AggOver::Before(from) => {
                if let Some(from) = self.player_in(from, b) {
                    let n = self.game.program.players as u16;
                    for k in 1..=n {
                        if !visit(Value::Player(((from as u16 + n - k) % n) as u8)) {
                            break;
                        }
                    }
                }
            }
        }
        acc.result()
    }

    /// The expressions that are rarely hot, kept out of [`State::eval_in`] so that its frame
    /// stays small.
    #[inline(never)]
    fn eval_rare(&self, e: &Expr, b: &Binds) -> Value {
        let program = &self.game.program;
        match e {
            Expr::ZoneAt { first, lo, count, key } => {
                let i = match self.eval_in(key, b) {
                    Value::Int(k) => k.checked_sub(*lo),
                    Value::Sym(s) => Some(s as i64),
                    _ => None,
                };
                match i {
                    Some(i) if (0..*count as i64).contains(&i) => Value::Zone(first + i as u16),
                    _ => Value::None,
                }
            }
            Expr::MemberRank(o, m) => program.orders[*o as usize].position(self.eval_in(m, b)),
            Expr::Seat(p) => self.player_in(p, b).map_or(Value::None, |p| Value::Int(p as i64 + 1)),
            Expr::Team(p) => match self.player_in(p, b) {
                Some(p) => program.teams.get(p as usize).map_or(Value::None, |t| Value::Int(*t as i64 + 1)),
                None => Value::None,
            },
            Expr::TeamLead(p) => self.player_in(p, b).map_or(Value::None, |p| Value::Player(program.team_lead(p))),
            Expr::CardAt(z, k) => match (self.zone_of_in(z, b), self.eval_in(k, b)) {
                (Some(z), Value::Int(k)) => {
                    let cards = &self.zones[z as usize];
                    match usize::try_from(k) {
                        Ok(k) if (1..=cards.len()).contains(&k) => Value::Card(cards[cards.len() - k]),
                        _ => Value::None,
                    }
                }
                (None, Value::Int(k)) => self.card_of_picked(self.eval_in(z, b), k, true),
                _ => Value::None,
            },
            Expr::MemberAt(k) => match self.eval_in(k, b) {
                Value::Int(k) => u16::try_from(k).map_or(Value::None, Value::Sym),
                _ => Value::None,
            },
            Expr::MemberStep(m, n, forward) => match self.eval_in(m, b) {
                Value::Sym(i) if *n > 0 => Value::Sym(if *forward { (i + 1) % n } else { (i + n - 1) % n }),
                _ => Value::None,
            },
            Expr::PlayerAt(k) => match self.eval_in(k, b) {
                Value::Int(k) if (1..=program.players as i64).contains(&k) => Value::Player((k - 1) as u8),
                _ => Value::None,
            },
            Expr::Around(p, n) => match self.player_in(p, b) {
                Some(p) => Value::Player(((p as u16 + *n as u16) % program.players.max(1) as u16) as u8),
                None => Value::None,
            },
            Expr::Deadwood(z, without) => {
                let (Some(rules), Some(z)) = (program.melds.as_ref(), self.zone_of_in(z, b)) else {
                    return Value::None;
                };
                let skip = without.as_ref().map(|c| self.eval_in(c, b));
                let zone = &self.zones[z as usize];
                let kept = zone.iter().copied().filter(|&c| skip != Some(Value::Card(c)));
                // A hand the search can take fits on the stack; a bigger zone is listed as it is.
                let mut on_stack = [0u16; 2 * crate::engine::melds::MAX_MELD_CARDS];
                let answer = if zone.len() <= on_stack.len() {
                    let mut n = 0;
                    for c in kept {
                        on_stack[n] = c;
                        n += 1;
                    }
                    crate::engine::melds::memo::deadwood(self.game.id, rules, &on_stack[..n])
                } else {
                    crate::engine::melds::memo::deadwood(self.game.id, rules, &kept.collect::<Vec<u16>>())
                };
                answer.map_or(Value::None, Value::Int)
            }
            Expr::Builtin(f, xs) => builtin(*f, |i| xs.get(i).and_then(|x| self.eval_in(x, b).as_int())),
            Expr::SetOf(xs) => {
                let mut mask = 0u64;
                for x in xs {
                    if let Value::Sym(s) = self.eval_in(x, b) {
                        mask |= 1u64.checked_shl(s as u32).unwrap_or(0);
                    }
                }
                Value::Set(mask)
            }
            _ => self.eval_in(e, b),
        }
    }

    #[inline(never)]
    fn count_in(&self, z: &Expr, b: &Binds) -> Value {
        self.count_value(self.eval_in(z, b))
    }

    /// How many cards a zone, a row of zones or a set holds (0 for anything else).
    #[inline(never)]
    pub(crate) fn count_value(&self, v: Value) -> Value {
        match v {
            Value::Zone(z) => Value::Int(self.zones[z as usize].len() as i64),
            Value::Zones(first, n) => Value::Int(self.zone_range(first, n).map(|z| z.len() as i64).sum()),
            v @ (Value::Cards(..) | Value::Listed(..) | Value::Joined(..)) => self.count_picked(v),
            _ => Value::Int(0),
        }
    }

    #[inline(never)]
    fn is_empty_in(&self, z: &Expr, b: &Binds) -> Value {
        self.is_empty_value(self.eval_in(z, b))
    }

    /// Whether a zone, a row of zones or a set holds no card (true for anything else).
    #[inline(never)]
    pub(crate) fn is_empty_value(&self, v: Value) -> Value {
        match v {
            Value::Zone(z) => Value::Bool(self.zones[z as usize].is_empty()),
            Value::Zones(first, n) => Value::Bool(self.zone_range(first, n).all(|z| z.is_empty())),
            v @ (Value::Cards(..) | Value::Listed(..) | Value::Joined(..)) => {
                Value::Bool(self.count_picked(v) == Value::Int(0))
            }
            _ => Value::Bool(true),
        }
    }

    #[inline(never)]
    fn binary(&self, op: BinOp, l: &Expr, r: &Expr, b: &Binds) -> Value {
        match op {
            BinOp::And => return Value::Bool(self.eval_in(l, b).is_true() && self.eval_in(r, b).is_true()),
            BinOp::Or => return Value::Bool(self.eval_in(l, b).is_true() || self.eval_in(r, b).is_true()),
            _ => {}
        }
        let (x, y) = (self.eval_in(l, b), self.eval_in(r, b));
        match op {
            BinOp::Eq => Value::Bool(x == y),
            BinOp::Ne => Value::Bool(x != y),
            BinOp::In => match (x, y) {
                (Value::Sym(s), Value::Set(m)) => Value::Bool(m & 1u64.checked_shl(s as u32).unwrap_or(0) != 0),
                _ => Value::Bool(false),
            },
            _ => {
                // Arithmetic on `none` (an unranked card, an empty zone's top) gives `none`,
                // and every comparison with `none` is false.
                let (Value::Int(x), Value::Int(y)) = (x, y) else {
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
                    _ => arithmetic(op, x, y),
                }
            }
        }
    }
}

/// The arithmetic of two numbers: wrapping, and `none` for a division by zero or a power that
/// is negative or too large.
#[inline]
pub(crate) fn arithmetic(op: BinOp, x: i64, y: i64) -> Value {
    match op {
        BinOp::Add => Value::Int(x.wrapping_add(y)),
        BinOp::Sub => Value::Int(x.wrapping_sub(y)),
        BinOp::Mul => Value::Int(x.wrapping_mul(y)),
        BinOp::Div => x.checked_div(y).map_or(Value::None, Value::Int),
        BinOp::Mod => x.checked_rem(y).map_or(Value::None, Value::Int),
        BinOp::Pow => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)).map_or(Value::None, Value::Int),
        _ => Value::None,
    }
}

/// A built-in function of numbers, given its arguments (from 0) as numbers, `None` for one that
/// is missing or not a number: then the result is `none`.
#[inline]
pub(crate) fn builtin(f: Builtin, arg: impl Fn(usize) -> Option<i64>) -> Value {
    let v = match f {
        Builtin::Sign => arg(0).map(i64::signum),
        Builtin::Abs => arg(0).map(i64::wrapping_abs),
        Builtin::Min => arg(0).zip(arg(1)).map(|(x, y)| x.min(y)),
        Builtin::Max => arg(0).zip(arg(1)).map(|(x, y)| x.max(y)),
    };
    v.map_or(Value::None, Value::Int)
}

/// What an aggregate has found so far.
struct Acc {
    kind: AggKind,
    found: Value,
    count: i64,
    total: Option<i64>,
}

impl Acc {
    fn new(kind: AggKind) -> Acc {
        Acc { kind, found: Value::None, count: 0, total: None }
    }

    /// An item that does not meet the condition; whether to go on.
    fn skip(&mut self) -> bool {
        if self.kind == AggKind::All {
            self.found = Value::Bool(false);
            return false;
        }
        true
    }

    /// An item that meets it, with its value; whether to go on.
    fn take(&mut self, item: Value, value: Value) -> bool {
        match self.kind {
            AggKind::Any => {
                self.found = Value::Bool(true);
                false
            }
            AggKind::First | AggKind::Next => {
                self.found = item;
                false
            }
            AggKind::All => true,
            AggKind::Count => {
                self.count += 1;
                true
            }
            AggKind::Sum | AggKind::Max | AggKind::Min => {
                // An item without a value (an unranked card) adds nothing and is never the
                // largest or smallest.
                if let Value::Int(v) = value {
                    self.total = Some(match (self.kind, self.total) {
                        (_, None) => v,
                        (AggKind::Sum, Some(t)) => t.wrapping_add(v),
                        (AggKind::Max, Some(t)) => t.max(v),
                        (_, Some(t)) => t.min(v),
                    });
                }
                true
            }
        }
    }

    fn result(self) -> Value {
        match self.kind {
            AggKind::Any => Value::Bool(self.found == Value::Bool(true)),
            AggKind::All => Value::Bool(self.found != Value::Bool(false)),
            AggKind::First | AggKind::Next => self.found,
            AggKind::Count => Value::Int(self.count),
            AggKind::Sum => Value::Int(self.total.unwrap_or(0)),
            AggKind::Max | AggKind::Min => self.total.map_or(Value::None, Value::Int),
        }
    }
}
