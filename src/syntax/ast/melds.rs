//! The `melds` and `hands` declarations: the patterns a meld or a ranked hand follows.

use super::{Expr, Name, Span};

/// `melds rummy { ... }`: the patterns a meld follows, what a wild stands for, and what a card
/// in the deadwood counts.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldsDecl {
    pub span: Span,
    pub name: Name,
    pub patterns: Vec<MeldPatternDecl>,
    /// `wild c where cond: stands for ...`, each one written (more than one is an error).
    pub wilds: Vec<MeldWildDecl>,
    /// `deadwood c: expr`, each one written (more than one is an error).
    pub points: Vec<MeldPointsDecl>,
}

/// `hands category by high { ... }`: named patterns of cards, the best first, and the order
/// that ranks cards within a pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct HandsDecl {
    pub span: Span,
    pub name: Name,
    /// The rank order that ranks the cards (`by high`).
    pub order: Name,
    pub patterns: Vec<HandPatternDecl>,
}

/// `full_house "full house": 3 cards, same rank + 2 cards, same rank`; no parts for `nothing`.
#[derive(Debug, Clone, PartialEq)]
pub struct HandPatternDecl {
    pub span: Span,
    pub name: Name,
    /// How the pattern is shown (`"full house"`), if not by its name.
    pub display: Option<String>,
    pub parts: Vec<HandPartDecl>,
}

/// One group of a hand pattern: `3 cards, same rank`.
#[derive(Debug, Clone, PartialEq)]
pub struct HandPartDecl {
    pub span: Span,
    pub count: i64,
    pub rules: Vec<MeldRuleDecl>,
}

/// `run: same suit, consecutive aces_low, 3 or more cards`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldPatternDecl {
    pub span: Span,
    pub name: Name,
    pub rules: Vec<MeldRuleDecl>,
    pub size: MeldSize,
}

/// One rule of a pattern: `same rank`, `different suit`, `consecutive aces_low`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldRuleDecl {
    pub span: Span,
    pub kind: MeldRuleKind,
    /// A property (`same`, `different`) or an order (`consecutive`).
    pub name: Name,
}

/// The kinds of pattern rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeldRuleKind {
    Same,
    Different,
    Consecutive,
}

/// How many cards a pattern holds: `3 cards`, `3 to 4 cards`, `3 or more cards`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldSize {
    pub span: Span,
    pub min: i64,
    /// The most; `None` for `or more`.
    pub max: Option<i64>,
    /// Whether it was written `N cards` (the most is the fewest).
    pub exact: bool,
}

/// `wild c where c.wild: stands for a card of its suit` (or `any card`).
#[derive(Debug, Clone, PartialEq)]
pub struct MeldWildDecl {
    pub span: Span,
    pub card: Name,
    pub cond: Expr,
    /// The properties a wild keeps from its own card; empty for `any card`.
    pub keeps: Vec<Name>,
    /// `, fixed once laid`: once laid down in a meld, a wild keeps the card it was shown as.
    pub fixed: bool,
}

/// `deadwood c: c.points`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldPointsDecl {
    pub span: Span,
    pub card: Name,
    pub value: Expr,
}
