//! The checked form of a function whose block holds statements.

use super::Expr;

/// A call of a [`Routine`]: the arguments, each worked out once, into its first slots.
#[derive(Debug, Clone, PartialEq)]
pub struct RunCall {
    pub routine: std::sync::Arc<Routine>,
    pub args: Vec<Expr>,
}

/// The most cards a set from `subsets of` is taken from: a larger zone gives sets of its top 64.
pub const MAX_SUBSET_CARDS: usize = 64;

/// The most slots a function's frame may have (parameters, names and loop items).
pub const MAX_FRAME: usize = 32;

/// A function whose block holds statements (`set`, `if`, loops): they run on a frame of its own
/// slots, read as [`Expr::FnLocal`], and the result is worked out last. Nothing else changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Routine {
    pub name: String,
    /// Its slots: the parameters first.
    pub slots: u16,
    pub body: Vec<FnStmt>,
    pub result: Expr,
}

/// A statement of a function's block.
#[derive(Debug, Clone, PartialEq)]
pub enum FnStmt {
    /// `let x = v` and `set x = v`.
    Set(u16, Expr),
    If(Expr, Vec<FnStmt>, Vec<FnStmt>),
    While(Expr, Vec<FnStmt>),
    Repeat(Expr, Vec<FnStmt>),
    /// Each item in turn into `slot`, the block run for the ones that meet `cond`.
    For {
        slot: u16,
        over: FnOver,
        cond: Option<Expr>,
        body: Vec<FnStmt>,
    },
    Break,
}

/// What a loop of a function's block goes over.
#[derive(Debug, Clone, PartialEq)]
pub enum FnOver {
    /// The cards of a zone or a set, top first (a row of zones, zone by zone).
    Cards(Expr),
    /// Every player from seat 1, or from a player round the table.
    Players(Option<Expr>),
    /// The members of an enum with this many members.
    Members(u16),
    /// The numbers from one to the other.
    Range(Expr, Expr),
    /// The sets of a zone's cards with `lo` to `hi` cards.
    Subsets { zone: Expr, lo: Expr, hi: Expr },
}
