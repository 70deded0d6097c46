//! The `melds` and `hands` declarations: the patterns a meld or a ranked hand follows.

use super::{Expr, Name, Span};

/// `melds rummy { ... }`: the patterns a meld follows, what a wild stands for, and what a card
/// in the deadwood counts.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldsDecl {
    /// The whole declaration, braces included.
    pub span: Span,
    /// The declaration's name (`rummy`), which a variant's `override melds rummy` replaces.
    pub name: Name,
    /// The pattern lines, in order: a group of cards is a meld when it follows one of them.
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
    /// The whole declaration, braces included.
    pub span: Span,
    /// The declaration's name, also an enum of its patterns' names: `category of Z`,
    /// `strength of Z by category`.
    pub name: Name,
    /// The rank order that ranks the cards (`by high`).
    pub order: Name,
    /// The pattern lines, the best first; a name written twice is two ways to make one pattern.
    pub patterns: Vec<HandPatternDecl>,
}

/// `full_house "full house": 3 cards, same rank + 2 cards, same rank`; no parts for `nothing`.
#[derive(Debug, Clone, PartialEq)]
pub struct HandPatternDecl {
    /// The whole line.
    pub span: Span,
    /// The pattern's name, a member of the declaration's enum (`full_house`).
    pub name: Name,
    /// How the pattern is shown (`"full house"`), if not by its name.
    pub display: Option<String>,
    /// Its groups, in the order written (joined by `+`); none for `nothing`.
    pub parts: Vec<HandPartDecl>,
}

/// One group of a hand pattern: `3 cards, same rank`.
#[derive(Debug, Clone, PartialEq)]
pub struct HandPartDecl {
    /// Where the group is written.
    pub span: Span,
    /// How many cards the group takes.
    pub count: i64,
    /// The rules its cards follow (`same rank`).
    pub rules: Vec<MeldRuleDecl>,
}

/// `run: same suit, consecutive aces_low, 3 or more cards`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldPatternDecl {
    /// The whole line.
    pub span: Span,
    /// The kind of meld, as the announcements name it (`set`, `run`).
    pub name: Name,
    /// The rules its cards follow, at most one per property.
    pub rules: Vec<MeldRuleDecl>,
    /// How many cards a meld of this kind holds.
    pub size: MeldSize,
}

/// One rule of a pattern: `same rank`, `different suit`, `consecutive aces_low`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldRuleDecl {
    /// Where the rule is written.
    pub span: Span,
    /// Whether the cards share the value, differ in it, or follow one another in an order.
    pub kind: MeldRuleKind,
    /// A property (`same`, `different`) or an order (`consecutive`).
    pub name: Name,
}

/// The kinds of pattern rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeldRuleKind {
    /// `same P`: every card has the same value of property `P`.
    Same,
    /// `different P`: no two cards share a value of property `P`.
    Different,
    /// `consecutive O`: the cards' values follow one another in order `O`, without gaps or repeats.
    Consecutive,
}

/// How many cards a pattern holds: `3 cards`, `3 to 4 cards`, `3 or more cards`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldSize {
    /// Where the size is written.
    pub span: Span,
    /// The fewest cards.
    pub min: i64,
    /// The most; `None` for `or more`.
    pub max: Option<i64>,
    /// Whether it was written `N cards` (the most is the fewest).
    pub exact: bool,
}

/// `wild c where c.wild: stands for a card of its suit` (or `any card`).
#[derive(Debug, Clone, PartialEq)]
pub struct MeldWildDecl {
    /// The whole `wild` line.
    pub span: Span,
    /// The name the condition gives the card it looks at (`c`).
    pub card: Name,
    /// Which cards are wild: a condition on the card, known before play.
    pub cond: Expr,
    /// The properties a wild keeps from its own card; empty for `any card`.
    pub keeps: Vec<Name>,
    /// `, fixed once laid`: once laid down in a meld, a wild keeps the card it was shown as.
    pub fixed: bool,
}

/// `deadwood c: c.points`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldPointsDecl {
    /// The whole `deadwood` line.
    pub span: Span,
    /// The name the value gives the card it looks at (`c`).
    pub card: Name,
    /// What the card counts when it is left out of every meld, known before play.
    pub value: Expr,
}
