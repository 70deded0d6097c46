//! The checked form of a `hands` declaration.

/// A `hands` declaration: named patterns of cards, the best first.
#[derive(Debug, Clone)]
pub struct HandsInfo {
    /// The declaration's name: `name of Z`, `strength of Z by name`.
    pub name: String,
    /// The enum of its pattern names, the best first.
    pub category: u16,
    /// The order that ranks cards within a pattern (`by high`).
    pub order: u16,
    /// The patterns, in the order written; a name written twice has two ways to be made.
    pub patterns: Vec<HandPattern>,
    /// How many positions a strength holds after the pattern (the rest are left out).
    pub keys: u32,
    /// The base each position is written in: the order's positions, plus one for "no card".
    pub base: i64,
}

/// One way to make a named pattern: its groups of cards.
#[derive(Debug, Clone)]
pub struct HandPattern {
    /// The member of the declaration's enum it makes.
    pub member: u16,
    /// The groups, each of other cards; none for `nothing`.
    pub parts: Vec<HandPart>,
}

/// A group of a hand pattern: `3 cards, same rank`.
#[derive(Debug, Clone)]
pub struct HandPart {
    /// How many cards the group takes.
    pub count: u8,
    /// Properties every card shares.
    pub same: Vec<u16>,
    /// Properties no two cards share.
    pub different: Vec<u16>,
    /// Orders the cards follow each other in.
    pub consecutive: Vec<u16>,
}
