//! The checked form of an aggregate (`any c in Z where ...`, `sum of V for c in Z`, ...).

use super::Expr;

/// What an aggregate goes over.
#[derive(Debug, Clone, PartialEq)]
pub enum AggOver {
    /// The cards of a zone, top first, or of a row of zones, zone by zone.
    Cards(Expr),
    /// Every player, in seat order.
    Players,
    /// Every player after one, going left, and that one last.
    After(Expr),
    /// The members of an enum, in declared order: how many there are.
    Members(u16),
    /// The sets of a zone's cards with `lo` to `hi` cards, the smaller sets first (see
    /// [`super::Stmt::ForCard`] for the order).
    Subsets {
        /// The zone (or set) whose cards make the sets.
        zone: Expr,
        /// The fewest cards of a set.
        lo: Expr,
        /// The most cards of a set.
        hi: Expr,
    },
    /// Issue 43: the whole numbers from the first to the last, in order (none when the last is
    /// below the first; the aggregate is `none` over more than [`MAX_RANGE`] numbers).
    Range(Expr, Expr),
    /// Issue 43: each zone of a row (a `Value::Zones`), in order, as a `Value::Zone`.
    Zones(Expr),
    /// Issue 43: every player before one, going right (against seat order), and that one last.
    Before(Expr),
}

/// The most numbers an aggregate over a range goes over; over a longer range its value is `none`
/// (rather than a wait without end).
pub const MAX_RANGE: i64 = 1_000_000;

impl AggOver {
    /// The expressions of the domain: a zone, a player, a subset's zone and sizes.
    pub fn exprs_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        let parts: [Option<&mut Expr>; 3] = match self {
            AggOver::Cards(z) | AggOver::After(z) | AggOver::Zones(z) | AggOver::Before(z) => [Some(z), None, None],
            AggOver::Range(lo, hi) => [Some(lo), Some(hi), None],
            AggOver::Subsets { zone, lo, hi } => [Some(zone), Some(lo), Some(hi)],
            AggOver::Players | AggOver::Members(_) => [None, None, None],
        };
        parts.into_iter().flatten()
    }

    /// The expressions of the domain, read only.
    pub fn exprs(&self) -> impl Iterator<Item = &Expr> {
        let parts: [Option<&Expr>; 3] = match self {
            AggOver::Cards(z) | AggOver::After(z) | AggOver::Zones(z) | AggOver::Before(z) => [Some(z), None, None],
            AggOver::Range(lo, hi) => [Some(lo), Some(hi), None],
            AggOver::Subsets { zone, lo, hi } => [Some(zone), Some(lo), Some(hi)],
            AggOver::Players | AggOver::Members(_) => [None, None, None],
        };
        parts.into_iter().flatten()
    }
}

/// `any c in Z where ...`, `sum of V for c in Z`, ...: resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Aggregate {
    /// The question asked.
    pub kind: crate::syntax::ast::AggKind,
    /// The key its item is read by (`Expr::Each`), unique in the program, so an aggregate inside
    /// another's condition (through a function too) reads its own item.
    pub key: u32,
    /// The items.
    pub over: AggOver,
    /// The value added up or compared (`sum`, `max`, `min`).
    pub value: Option<Expr>,
    /// Only the items that meet this count.
    pub cond: Option<Expr>,
}
