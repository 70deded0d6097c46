//! Parts of a menu's conditions (or of a choice's `where`) kept while the candidates are listed.
//!
//! A menu lists its candidates on a table that cannot change until the listing ends, and
//! conditions are pure, so a part of a condition that reads only one of the menu's names (or
//! none) has one value per value of that name for the whole listing. A condition such as
//! `fits(c, k)`, asked for every card `c` and every pile `k`, then works out its parts about
//! pile `k` alone (`top of pile of k` and what follows from it) once per pile. Likewise the
//! part of `chooses c from Z where ...` that does not read `c` (whether the chooser's hand holds
//! a card of the suit led) has one value for all the candidates of one listing.
//!
//! Such a part is compiled to a closure that looks in this thread's table of kept values
//! first. The table's entries belong to one listing on one state: [`Listing`] marks the
//! listing in progress and its state, and an entry written in another listing, read for
//! another state, or read when no listing is in progress, is not used. A kept value is the
//! value the part has, so nothing a player sees changes.

use std::cell::Cell;

use super::{pred::P, Raw, F};
use crate::check::ir::walk::{children, children_mut, size};
use crate::check::ir::{Domain, Expr, MenuBind, Program, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::State;

/// The smallest part worth keeping, in nodes (a lookup costs about as much as a few nodes).
const MIN_NODES: usize = 4;

/// The most values of a name kept per part.
const MAX_ROWS: usize = 256;

/// How the value a part depends on picks its row among the part's rows.
#[derive(Clone, Copy, Debug)]
enum Key {
    /// The part reads no name: one row.
    Unit,
    /// A name bound to the numbers `lo` to `lo + n - 1`.
    Int { name: Name, lo: i64, n: usize },
    /// A name bound to cards: one row per card.
    Card { name: Name, n: usize },
}

impl Key {
    fn rows(self) -> usize {
        match self {
            Key::Unit => 1,
            Key::Int { n, .. } | Key::Card { n, .. } => n,
        }
    }

    /// The name it reads, if any.
    fn name(self) -> Option<Name> {
        match self {
            Key::Unit => None,
            Key::Int { name, .. } | Key::Card { name, .. } => Some(name),
        }
    }

    /// Whether `other` picks rows the same way from the same values (whatever name it reads).
    fn same_kind(self, other: Key) -> bool {
        match (self, other) {
            (Key::Unit, Key::Unit) => true,
            (Key::Int { lo, n, .. }, Key::Int { lo: lo2, n: n2, .. }) => lo == lo2 && n == n2,
            (Key::Card { n, .. }, Key::Card { n: n2, .. }) => n == n2,
            _ => false,
        }
    }
}

/// The slot a planned part's key name is read as, so that parts equal but for the name they are
/// kept by compare equal.
const PLACEHOLDER: u16 = u16::MAX;

/// `e` with local `slot` read as [`PLACEHOLDER`].
fn renamed(e: &Expr, slot: u16) -> Expr {
    fn rename(e: &mut Expr, slot: u16) {
        if let Expr::Local(s) = e {
            if *s == slot {
                *s = PLACEHOLDER;
            }
        }
        children_mut(e, |c| rename(c, slot));
    }
    let mut e = e.clone();
    rename(&mut e, slot);
    e
}

/// A menu name: its slot, and its place among the branch's names (while the candidates are
/// listed, the branch's names are the first bindings, in order).
#[derive(Clone, Copy, Debug)]
pub(super) struct Name {
    slot: u16,
    level: usize,
}

impl Name {
    /// Name `slot` of a branch whose names are `binds`, if it is one of them.
    pub(super) fn of(slot: u16, binds: &[MenuBind]) -> Option<Name> {
        binds.iter().rposition(|m| m.slot == slot).map(|level| Name { slot, level })
    }

    /// The name's value in bindings `b`: the binding at its place when that binding is the
    /// name's, else wherever `b` or the frame has it.
    #[inline(always)]
    pub(super) fn value(self, st: &State, b: &Binds) -> Value {
        match b.item(self.level) {
            Some((slot, v)) if slot == st.abs_slot(self.slot) => v,
            _ => st.local_in(self.slot, b),
        }
    }
}

/// A part of a condition to keep: the address of its node (which names it only while its
/// menu is compiled), how its row is found, its first row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spot {
    at: usize,
    key: Key,
    base: usize,
}

impl Spot {
    /// The part's first row when it is kept by the menu name at `level` taking the numbers of
    /// a range (row `i` is then the range's `i`-th value).
    pub(super) fn rows_by(&self, level: usize) -> Option<usize> {
        match self.key {
            Key::Int { name, .. } if name.level == level => Some(self.base),
            _ => None,
        }
    }
}

/// The parts to keep of one menu's conditions, and how many rows they take.
#[derive(Default, Debug)]
pub(crate) struct Plan {
    spots: Vec<Spot>,
    /// Each part planned, with its key name read as [`PLACEHOLDER`], the key, and its first row:
    /// a part equal to one of them, by a key of the same kind (the same part of a function
    /// asked in two branches, or twice in one condition), shares its rows.
    planned: Vec<(Expr, Key, usize)>,
    /// How many rows of kept values the parts take in all.
    pub(crate) rows: usize,
}

impl Plan {
    /// Adds the parts worth keeping of `filter`, the condition of name `level` of a menu branch
    /// whose names are `binds`.
    ///
    /// A part is kept by a name's value only when that value comes back in one listing: the
    /// name is not the branch's first (it is listed again for each value of the names before
    /// it), or the condition is a later name's (it is asked for each value of that name). The
    /// first name's own condition sees each of its values once, and so does a second name's
    /// drawn from a zone that the first picks (`once_each`).
    pub(crate) fn add(&mut self, filter: &Expr, binds: &[MenuBind], level: usize, p: &Program) {
        let again = |at: usize| (at > 0 || level > 0) && !(at == level && once_each(binds, at));
        let keys: Vec<Option<Key>> =
            binds.iter().enumerate().map(|(at, m)| key_of(m, at, p).filter(|_| again(at))).collect();
        let slots: Vec<u16> = binds.iter().map(|m| m.slot).collect();
        self.visit(filter, &slots, &keys, level > 0);
    }

    /// Adds the parts worth keeping of the `where` of a choice of one value (or a secret
    /// choice) whose candidate is local `slot`: those that do not read the candidate, which have
    /// one value for all the candidates of one listing (such as whether the chooser's hand holds
    /// a card of the suit led).
    pub(crate) fn add_choice(&mut self, filter: &Expr, slot: u16) {
        self.visit(filter, &[slot], &[None], true);
    }

    fn visit(&mut self, e: &Expr, slots: &[u16], keys: &[Option<Key>], unit: bool) {
        if let Some(deps) = reads(e, slots) {
            let key = match deps {
                0 if unit => Some(Key::Unit),
                d if d.count_ones() == 1 => keys.get(d.trailing_zeros() as usize).copied().flatten(),
                _ => None,
            };
            if let Some(key) = key.filter(|_| size(e) >= MIN_NODES) {
                let form = key.name().map_or_else(|| e.clone(), |n| renamed(e, n.slot));
                let base = match self.planned.iter().find(|(f, k, _)| k.same_kind(key) && *f == form) {
                    Some(&(_, _, base)) => base,
                    None => {
                        let base = self.rows;
                        self.rows += key.rows();
                        self.planned.push((form, key, base));
                        base
                    }
                };
                self.spots.push(Spot { at: e as *const Expr as usize, key, base });
                return;
            }
        }
        // Inside a node the closures hand to the tree-walker whole, no part is compiled; inside
        // an aggregate none is looked for (see `compiled_by_parts`).
        if compiled_by_parts(e) {
            children(e, |c| self.visit(c, slots, keys, unit));
        }
    }

    /// The spot at node `e`, if it is one.
    pub(super) fn spot(&self, e: &Expr) -> Option<Spot> {
        self.spots.iter().find(|s| s.at == e as *const Expr as usize).copied()
    }
}

/// Whether name `at` of a branch whose names are `binds` takes each of its values at most once
/// while the branch is listed: the second name, drawn from the zone of a family (or its top or
/// bottom card) that the first name, a range, picks. Each value of the first picks another zone
/// (or none), and a card lies in one zone only. (Another branch may offer the same card; its
/// condition is another part.)
fn once_each(binds: &[MenuBind], at: usize) -> bool {
    let (Some(first), Some(m)) = (binds.first(), binds.get(at)) else { return false };
    let picked = |z: &Expr| matches!(z, Expr::ZoneAt { key, .. } if **key == Expr::Local(first.slot));
    at == 1
        && matches!(first.from, Domain::Range(..))
        && match &m.from {
            Domain::Zone(z) => picked(z),
            Domain::Card(Expr::Top(z) | Expr::Bottom(z)) => picked(z),
            _ => false,
        }
}

/// How a name's values pick rows: a range of constant numbers, or cards.
fn key_of(m: &MenuBind, level: usize, p: &Program) -> Option<Key> {
    let name = Name { slot: m.slot, level };
    match &m.from {
        Domain::Range(Expr::Const(Value::Int(lo)), Expr::Const(Value::Int(hi))) => {
            let n = usize::try_from(hi.checked_sub(*lo)?.checked_add(1)?).ok()?;
            (n <= MAX_ROWS).then_some(Key::Int { name, lo: *lo, n })
        }
        Domain::Card(_) | Domain::Zone(_) | Domain::Above(..) if p.cards.len() <= MAX_ROWS => {
            Some(Key::Card { name, n: p.cards.len() })
        }
        _ => None,
    }
}

/// The menu names a part reads (bit `i`: the branch's name `i`), or `None` when the part is of
/// a kind not kept (one that binds names of its own, or calls a function).
fn reads(e: &Expr, slots: &[u16]) -> Option<u64> {
    let own = match e {
        Expr::Local(s) => slots.iter().position(|x| x == s).map_or(0, |i| 1u64.checked_shl(i as u32).unwrap_or(0)),
        Expr::Const(_)
        | Expr::Counter(_)
        | Expr::CounterOf(..)
        | Expr::CounterOfCard(..)
        | Expr::ZoneOf(..)
        | Expr::ZoneAt { .. }
        | Expr::Top(_)
        | Expr::Bottom(_)
        | Expr::Count(_)
        | Expr::IsEmpty(_)
        | Expr::IsNone(_)
        | Expr::Prop(..)
        | Expr::OrderOf(..)
        | Expr::MemberRank(..)
        | Expr::Binary(..)
        | Expr::Not(_)
        | Expr::Neg(_)
        | Expr::If(..)
        | Expr::CardTable(_)
        | Expr::FaceUp(..)
        | Expr::Opponent(_)
        | Expr::CardAt(..)
        | Expr::Builtin(..)
        | Expr::SetOf(..)
        | Expr::Deadwood(..)
        // An aggregate's items are its own, bound while it is worked out (and no part is looked
        // for inside one): it reads the names its domain and condition read.
        | Expr::Aggregate(_)
        | Expr::Each(_) => 0,
        _ => return None,
    };
    let mut deps = Some(own);
    children(e, |c| deps = deps.zip(reads(c, slots)).map(|(a, b)| a | b));
    deps
}

/// Whether a part inside a node may be kept: the closures compile the node's children as
/// closures of their own (closure/mod.rs), and the parts of those children read only names
/// `reads` tracks. An aggregate's condition and value are compiled too, but it is left out on
/// purpose: a part inside one may read its item (`Expr::Each`), which `reads` counts as no name,
/// and such a part has a value per item, not one per listing.
fn compiled_by_parts(e: &Expr) -> bool {
    match e {
        Expr::CardTable(t) => t.args.len() <= 2,
        Expr::Builtin(_, xs) => xs.len() <= 2,
        Expr::Binary(..)
        | Expr::Not(_)
        | Expr::Neg(_)
        | Expr::If(..)
        | Expr::IsEmpty(_)
        | Expr::IsNone(_)
        | Expr::FaceUp(..)
        | Expr::Prop(..)
        | Expr::OrderOf(..)
        | Expr::Top(_)
        | Expr::Bottom(_)
        | Expr::Count(_)
        | Expr::ZoneOf(..)
        | Expr::ZoneAt { .. }
        | Expr::CounterOf(..)
        | Expr::CounterOfCard(..)
        | Expr::LocalOf(..)
        | Expr::Opponent(_)
        | Expr::CardAt(..) => true,
        _ => false,
    }
}

/// The most rows of kept values a thread holds. A part whose rows lie past it is worked out
/// each time it is asked, as if it were not kept.
pub(super) const CAPACITY: usize = 4096;

/// This thread's kept values: the listing in progress (0: none), the state it lists on (its
/// address; 0 when no listing is in progress), the next listing's number, and the rows, each
/// marked with the listing that wrote it. A fixed array of plain cells: the table needs no
/// set-up, no clean-up and no borrow, so a look-up is a few loads.
struct Table {
    now: Cell<u32>,
    on: Cell<usize>,
    next: Cell<u32>,
    rows: [Cell<(u32, Raw)>; CAPACITY],
}

thread_local! {
    static TABLE: Table = const {
        Table {
            now: Cell::new(0),
            on: Cell::new(0),
            next: Cell::new(1),
            rows: [const { Cell::new((0, Raw::NONE)) }; CAPACITY],
        }
    };
}

/// The address that names a state for the table (only compared, never read through; never 0).
fn address(st: &State) -> usize {
    st as *const State as usize
}

/// A listing in progress on one state: kept values are used, for that state only, until it is
/// dropped. Listings may nest (each has its own number; the outer one's resumes when the inner
/// one ends).
pub(crate) struct Listing {
    outer: (u32, usize),
}

impl Listing {
    /// Starts a listing on `st` of the candidates of a menu or a choice.
    pub(crate) fn start(st: &State) -> Listing {
        TABLE.with(|t| {
            if t.next.get() == 0 {
                // Numbers ran out and start again: no old row may pass for a new one.
                t.rows.iter().for_each(|r| r.set((0, r.get().1)));
                t.next.set(1);
            }
            let outer = (t.now.get(), t.on.get());
            t.now.set(t.next.get());
            t.on.set(address(st));
            t.next.set(t.next.get().wrapping_add(1));
            Listing { outer }
        })
    }
}

impl Drop for Listing {
    fn drop(&mut self) {
        TABLE.with(|t| {
            t.now.set(self.outer.0);
            t.on.set(self.outer.1);
        });
    }
}

/// A function that finds a kept part's row (from its first) for the bindings given, if the
/// value the part depends on has one.
trait Index: Fn(&State, &Binds) -> Option<usize> + Send + Sync + std::panic::RefUnwindSafe + 'static {}

impl<T: Fn(&State, &Binds) -> Option<usize> + Send + Sync + std::panic::RefUnwindSafe + 'static> Index for T {}

/// `$then` with `$index` bound to the index function of key `$key`: a function of its own for
/// each kind of key, so that none asks which kind it is.
macro_rules! by_key {
    ($key:expr, |$index:ident| $then:expr) => {
        match $key {
            Key::Unit => {
                let $index = |_: &State, _: &Binds| Some(0);
                $then
            }
            Key::Int { name, lo, n } => {
                let $index = move |st: &State, b: &Binds| match name.value(st, b) {
                    Value::Int(v) => usize::try_from(v.checked_sub(lo)?).ok().filter(|&i| i < n),
                    _ => None,
                };
                $then
            }
            Key::Card { name, n } => {
                let $index = move |st: &State, b: &Binds| match name.value(st, b) {
                    Value::Card(c) => Some(c as usize).filter(|&i| i < n),
                    _ => None,
                };
                $then
            }
        }
    };
}

/// The value of a part kept at `row` for `st`: the kept one if the listing in progress on `st`
/// wrote it, else `work`'s, kept for the rest of the listing (when one is in progress on `st`).
#[inline(always)]
pub(super) fn kept_or(st: &State, row: usize, work: impl FnOnce() -> Raw) -> Raw {
    let at = address(st);
    let found = TABLE.with(|t| {
        let now = t.now.get();
        (t.on.get() == at).then(|| t.rows.get(row).map(Cell::get).filter(|r| r.0 == now).map(|r| r.1))
    });
    match found {
        Some(Some(v)) => v,
        Some(None) => {
            let v = work();
            TABLE.with(|t| {
                // Only for the listing in progress on `st` (one started inside `work` has ended).
                if t.on.get() == at {
                    if let Some(r) = t.rows.get(row) {
                        r.set((t.now.get(), v));
                    }
                }
            });
            v
        }
        None => work(),
    }
}

/// The rows `base`.. of a part kept by a name taking the numbers of a range, into `out` (one
/// per value): those the listing in progress on `st` wrote. Returns the mask of those it did
/// not (each bit set when no listing is in progress on `st`), to be worked out.
pub(super) fn kept_rows(st: &State, base: usize, out: &mut [Raw]) -> u64 {
    let at = address(st);
    TABLE.with(|t| {
        let now = t.now.get();
        if t.on.get() != at {
            return if out.len() >= 64 { u64::MAX } else { (1u64 << out.len()) - 1 };
        }
        let mut missing = 0;
        for (i, v) in out.iter_mut().enumerate() {
            match t.rows.get(base + i).map(Cell::get) {
                Some((written, kept)) if written == now => *v = kept,
                _ => missing |= 1 << i,
            }
        }
        missing
    })
}

/// A value-giving part kept at `spot`.
pub(super) fn value(spot: Spot, inner: F) -> F {
    fn with(base: usize, inner: F, index: impl Index) -> F {
        Box::new(move |st, b| match index(st, b) {
            Some(i) => kept_or(st, base + i, || inner(st, b)),
            None => inner(st, b),
        })
    }
    by_key!(spot.key, |index| with(spot.base, inner, index))
}

/// A condition kept at `spot`: `inner` gives the part's value (as for a value-giving part, so
/// that a part kept as a condition and as a value keeps the same thing), which is asked whether
/// it is `true`.
pub(super) fn condition(spot: Spot, inner: F) -> P {
    fn with(base: usize, inner: F, index: impl Index) -> P {
        Box::new(move |st, b| match index(st, b) {
            Some(i) => kept_or(st, base + i, || inner(st, b)).is_true(),
            None => inner(st, b).is_true(),
        })
    }
    by_key!(spot.key, |index| with(spot.base, inner, index))
}
