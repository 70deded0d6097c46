//! The checked form of a function whose block holds statements.

use super::Expr;

/// A call of a [`Routine`]: the arguments, each worked out once, into its first slots.
#[derive(Debug, Clone, PartialEq)]
pub struct RunCall {
    /// The function called, checked once and shared by all its calls.
    pub routine: std::sync::Arc<Routine>,
    /// The arguments, one per parameter.
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
    /// The function's name as declared.
    pub name: String,
    /// Its slots: the parameters first.
    pub slots: u16,
    /// Its block's statements, run in order on its frame.
    pub body: Vec<FnStmt>,
    /// The value the function gives, worked out after the statements.
    pub result: Expr,
}

/// A statement of a function's block.
#[derive(Debug, Clone, PartialEq)]
pub enum FnStmt {
    /// `let x = v` and `set x = v`.
    Set(u16, Expr),
    /// `if`: the condition, the statements run when it holds, and those run when it does not.
    If(Expr, Vec<FnStmt>, Vec<FnStmt>),
    /// `while`: the condition, tested before each round, and the statements repeated.
    While(Expr, Vec<FnStmt>),
    /// `repeat N times`: the count, worked out once, and the statements repeated.
    Repeat(Expr, Vec<FnStmt>),
    /// Each item in turn into `slot`, the block run for the ones that meet `cond`.
    For {
        /// The frame's slot that holds each item.
        slot: u16,
        /// What the items are.
        over: FnOver,
        /// `where C`: the block runs only for the items that meet it.
        cond: Option<Expr>,
        /// The statements run for each item.
        body: Vec<FnStmt>,
    },
    /// `break`: leaves the innermost loop.
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
    Subsets {
        /// The zone (or set) whose cards make the sets.
        zone: Expr,
        /// The fewest cards of a set.
        lo: Expr,
        /// The most cards of a set.
        hi: Expr,
    },
    /// Issue 43: each zone of a row (a `Value::Zones`), in order.
    Zones(Expr),
}
