//! Expressions of the syntax tree: operators, aggregates, and the kinds of expression.

use super::{Name, Span};

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// Where the expression is written, from its first word to its last.
    pub span: Span,
    /// What the expression is.
    pub kind: ExprKind,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `a or b`: true when either is; `b` is not looked at when `a` is true.
    Or,
    /// `a and b`: true when both are; `b` is not looked at when `a` is false.
    And,
    /// `a == b`: the same value (for cards, the same physical card; `none == none` is true).
    Eq,
    /// `a != b`: not the same value.
    Ne,
    /// `a < b` between numbers; false when either is `none`.
    Lt,
    /// `a <= b` between numbers; false when either is `none`.
    Le,
    /// `a > b` between numbers; false when either is `none`.
    Gt,
    /// `a >= b` between numbers; false when either is `none`.
    Ge,
    /// `m in s`: whether a member is in a set of members.
    In,
    /// `a + b`; `none` when either is.
    Add,
    /// `a - b`; `none` when either is.
    Sub,
    /// `a * b`; `none` when either is.
    Mul,
    /// `a / b`: whole-number division, the fraction dropped; `none` for a division by 0.
    Div,
    /// `a % b`: the remainder of `a / b`, with the sign of `a`; `none` for a division by 0.
    Mod,
    /// `a ^ b`: `a` to the power `b` (`none` for a negative `b` or a result too large).
    Pow,
}

impl BinOp {
    /// The operator as it is written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Pow => "^",
        }
    }

    /// Whether the operator compares two numbers or values (`==`, `<`, ...).
    pub fn compares(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `not a`: true when `a` is false.
    Not,
    /// `-a`: the number with its sign changed.
    Neg,
}

/// The kinds of expression.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A whole number written out (`3`; `-2` is a negation of `2`).
    Int(i64),
    /// `"made"`: a text, for announcements (`{if won then "made" else "down"}`).
    Text(String),
    /// `true` or `false`.
    Bool(bool),
    /// `none`: no value, which fits any type.
    None,
    /// `position seen before`: whether the cards lie as at an earlier `remember position`.
    PositionSeen,
    /// A bare name: a local, option, counter, enum member, zone ...
    Name(String),
    /// `player 2`.
    Player(u32),
    /// `top of Z`: the top card of a zone (or of a set of cards), `none` when it is empty.
    Top(Box<Expr>),
    /// `bottom of Z`: the bottom card of a zone (or of a set), `none` when it is empty.
    Bottom(Box<Expr>),
    /// `count of Z`: how many cards a zone, a row of zones or a set holds.
    Count(Box<Expr>),
    /// `opponent of p`: the next player after `p` around the table.
    Opponent(Box<Expr>),
    /// `{hearts, diamonds}` or `{}`: a set of members of one enum.
    SetLit(Vec<Expr>),
    /// `f(x, y)`: a function's value for these arguments (or a built-in: `min`, `abs`, ...).
    Call {
        /// The function called.
        name: Name,
        /// The arguments, one per parameter, in order.
        args: Vec<Expr>,
    },
    /// `name of arg`: a per-player zone, counter or local, or an order applied to a card.
    Of {
        /// What is taken of the argument: a zone, counter, order, property, secret choice, ...
        name: Name,
        /// Whose it is: a player, a card, a key of a row of zones, an enum member.
        arg: Box<Expr>,
    },
    /// `if C then X else Y`: `X` when the condition holds, else `Y`.
    If {
        /// The condition; `none` counts as false.
        cond: Box<Expr>,
        /// The value when it holds.
        then: Box<Expr>,
        /// The value when it does not.
        otherwise: Box<Expr>,
    },
    /// `a op b`: two values joined by an operator.
    Binary {
        /// The operator.
        op: BinOp,
        /// The value on its left.
        lhs: Box<Expr>,
        /// The value on its right.
        rhs: Box<Expr>,
    },
    /// `not a` or `-a`.
    Unary {
        /// The operator.
        op: UnOp,
        /// The value it applies to.
        operand: Box<Expr>,
    },
    /// `c.rank`: a card's property (`none` when the card is `none`).
    Field {
        /// The card.
        target: Box<Expr>,
        /// The property read.
        name: Name,
    },
    /// `Z is empty` or `Z is not empty`: whether a zone (or row, or set) holds no card.
    IsEmpty {
        /// The zone asked about.
        target: Box<Expr>,
        /// `is not empty`: the answer turned round.
        negated: bool,
    },
    /// `x is none` or `x is not none`: whether a value is missing.
    IsNone {
        /// The value asked about.
        target: Box<Expr>,
        /// `is not none`: the answer turned round.
        negated: bool,
    },
    /// `c is face up` (`up`) or `c is face down`.
    IsFaceUp {
        /// The card asked about; both answers are false for `none`.
        target: Box<Expr>,
        /// Whether the question is `face up` rather than `face down`.
        up: bool,
    },
    /// `every column`: all the zones of a row, or of every player, together.
    Every(Name),
    /// `deadwood of Z` or `deadwood of Z without c`.
    Deadwood {
        /// The zone whose cards the meld search arranges.
        zone: Box<Expr>,
        /// `without c`: the card counted as if it were not in the zone.
        without: Option<Box<Expr>>,
    },
    /// `strength of Z by category`: how a zone's cards (or a set's) rank by a `hands` declaration.
    Strength {
        /// The cards ranked: a zone, or a set from `subsets of`.
        zone: Box<Expr>,
        /// The `hands` declaration that ranks them.
        hands: Name,
    },
    /// `arrangements of Z`: the least-deadwood arrangements of a zone, a choice's domain.
    Arrangements(Box<Expr>),
    /// `player (k)`: the player in seat `k`.
    PlayerAt(Box<Expr>),
    /// `card k of Z`: the k-th card from the top.
    CardAt {
        /// Which card, from 1 at the top; `none` past either end.
        index: Box<Expr>,
        /// The zone (or set) the card is taken from.
        zone: Box<Expr>,
    },
    /// `across from p`: the player opposite.
    Across(Box<Expr>),
    /// `any c in Z where ...`, `sum of c.points for c in Z`, ...: a question about every item of
    /// a domain.
    Aggregate(Box<Aggregate>),
    /// `grid 4 of p`: one zone of a player's row (`zone grid: per player, per 1 to 6`).
    KeyedOf {
        /// The zone declaration.
        name: Name,
        /// Which zone of the row: a number or an enum member.
        key: Box<Expr>,
        /// Whose row it is: a player.
        owner: Box<Expr>,
    },
    /// `every grid of p`: all the zones of a player's row together.
    EveryOf {
        /// The zone declaration.
        name: Name,
        /// Whose row it is: a player.
        owner: Box<Expr>,
    },
    /// (issue 43) `all arrangements of Z`: every arrangement of a zone's cards into melds, fewer
    /// melds and none included, a choice's domain.
    AllArrangements(Box<Expr>),
}

/// Which question an aggregate asks about the items of its domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggKind {
    /// `any x in D where C`: whether some item meets the condition.
    Any,
    /// `all x in D where C`: whether every item does.
    All,
    /// `card x in D where C`: the first item that does, or `none`.
    First,
    /// `count of x in D where C`: how many do.
    Count,
    /// `next x after p where C`: the first player after `p`, going left, that does (and
    /// `previous x before p where C`, over [`AggDomain::Before`]: the first before `p`, going right).
    Next,
    /// `sum of V for x in D`: the total of a value over the items.
    Sum,
    /// `max of V for x in D`: the largest value, or `none` for no items.
    Max,
    /// `min of V for x in D`: the smallest value, or `none` for no items.
    Min,
}

impl AggKind {
    /// The words that start the aggregate.
    pub fn opening(self) -> &'static str {
        match self {
            AggKind::Any => "any",
            AggKind::All => "all",
            AggKind::First => "card",
            AggKind::Next => "next",
            AggKind::Count => "count of",
            AggKind::Sum => "sum of",
            AggKind::Max => "max of",
            AggKind::Min => "min of",
        }
    }

    /// The aggregate's shape, for messages: `count of c in ... where ...`.
    pub fn shape(self, var: &str) -> String {
        if self.folds() {
            format!("{} ... for {var} in ... where ...", self.opening())
        } else if self == AggKind::Next {
            format!("next {var} after ... where ...")
        } else {
            format!("{} {var} in ... where ...", self.opening())
        }
    }

    /// Whether the aggregate computes a value per item (`sum of V for x in D`).
    pub fn folds(self) -> bool {
        matches!(self, AggKind::Sum | AggKind::Max | AggKind::Min)
    }
}

/// What an aggregate goes over.
#[derive(Debug, Clone, PartialEq)]
pub enum AggDomain {
    /// `players`: every player, in seat order.
    Players,
    /// `after p`: every player after `p`, going left, and `p` last.
    After(Expr),
    /// A zone, a row of zones, or an enum's name (its members).
    Expr(Expr),
    /// `subsets of Z of size a to b`: the sets of a zone's cards.
    Subsets(Subsets),
    /// `1 to n` (issue 43): every whole number from the first to the last.
    Range(Expr, Expr),
    /// `zone z in every column` (issue 43): each zone of a row, rather than each card.
    Zones(Expr),
    /// `before p` (issue 43, `previous q before p`): every player before `p`, going right, and
    /// `p` last.
    Before(Expr),
    /// `the player q where C` (issue 43, of kind [`AggKind::First`]): every player from seat 1;
    /// the first that meets the condition.
    ThePlayer,
}

impl AggDomain {
    /// The expressions written in the domain: a zone, a player, the sizes of subsets.
    pub fn exprs(&self) -> impl Iterator<Item = &Expr> {
        let parts: [Option<&Expr>; 3] = match self {
            AggDomain::Players | AggDomain::ThePlayer => [None, None, None],
            AggDomain::After(d) | AggDomain::Expr(d) | AggDomain::Zones(d) | AggDomain::Before(d) => {
                [Some(d), None, None]
            }
            AggDomain::Range(lo, hi) => [Some(lo), Some(hi), None],
            AggDomain::Subsets(s) => match &s.size {
                Some((lo, hi)) => [Some(&s.zone), Some(lo), hi.as_ref()],
                None => [Some(&s.zone), None, None],
            },
        };
        parts.into_iter().flatten()
    }

    /// The expressions written in the domain, to change in place.
    pub fn exprs_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        let parts: [Option<&mut Expr>; 3] = match self {
            AggDomain::Players | AggDomain::ThePlayer => [None, None, None],
            AggDomain::After(d) | AggDomain::Expr(d) | AggDomain::Zones(d) | AggDomain::Before(d) => {
                [Some(d), None, None]
            }
            AggDomain::Range(lo, hi) => [Some(lo), Some(hi), None],
            AggDomain::Subsets(s) => match &mut s.size {
                Some((lo, hi)) => [Some(&mut s.zone), Some(lo), hi.as_mut()],
                None => [Some(&mut s.zone), None, None],
            },
        };
        parts.into_iter().flatten()
    }
}

/// `subsets of hand of p of size 2 to 5`: the sets of a zone's cards of those sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct Subsets {
    /// The zone whose cards make the sets.
    pub zone: Expr,
    /// `of size a` or `of size a to b`; every size from 1 when absent.
    pub size: Option<(Expr, Option<Expr>)>,
}

/// `any c in hand of p where c.suit == led` and its kin.
#[derive(Debug, Clone, PartialEq)]
pub struct Aggregate {
    /// The question asked.
    pub kind: AggKind,
    /// The name each item takes in turn.
    pub var: Name,
    /// What the items are.
    pub domain: AggDomain,
    /// The domain's place in the file (`players` included).
    pub domain_span: Span,
    /// The value added up or compared (`sum`, `max`, `min`).
    pub value: Option<Expr>,
    /// Only the items that meet this count.
    pub cond: Option<Expr>,
}
