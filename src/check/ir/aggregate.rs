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
}

impl AggOver {
    /// The expressions of the domain: a zone, a player, a subset's zone and sizes.
    pub fn exprs_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        let parts: [Option<&mut Expr>; 3] = match self {
            AggOver::Cards(z) | AggOver::After(z) => [Some(z), None, None],
            AggOver::Subsets { zone, lo, hi } => [Some(zone), Some(lo), Some(hi)],
            AggOver::Players | AggOver::Members(_) => [None, None, None],
        };
        parts.into_iter().flatten()
    }

    /// The expressions of the domain, read only.
    pub fn exprs(&self) -> impl Iterator<Item = &Expr> {
        let parts: [Option<&Expr>; 3] = match self {
            AggOver::Cards(z) | AggOver::After(z) => [Some(z), None, None],
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
