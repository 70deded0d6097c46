//! The checked form of a `melds` declaration: what the meld search needs to know.

/// What a `melds` declaration says, ready for the meld search: the patterns a meld may follow,
/// and what every card is to the search.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeldRules {
    /// The declaration's name.
    pub name: String,
    /// The patterns, in declaration order; a meld follows at least one.
    pub patterns: Vec<MeldPattern>,
    /// The card properties the patterns constrain, in property order.
    pub slots: Vec<MeldSlot>,
    /// Every card of the game, by card index.
    pub cards: Vec<MeldCard>,
    /// `fixed once laid`: a wild laid down in a meld keeps the card it was shown as while it
    /// stays there, so lay-offs never read it afresh.
    pub fixed_wilds: bool,
}

/// A card property that some pattern constrains.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldSlot {
    /// The property's index.
    pub property: u16,
    /// How many members its enum has (the values a wild may take).
    pub members: u16,
}

/// One pattern of a `melds` declaration: `run: same suit, consecutive aces_low, 3 or more cards`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldPattern {
    /// Its name, as written (`set`, `run`).
    pub name: String,
    /// The fewest cards it may hold.
    pub min: u16,
    /// The most cards it may hold (`u16::MAX`: no most).
    pub max: u16,
    /// One rule per constrained slot: the slot's index in [`MeldRules::slots`] and the rule.
    pub rules: Vec<(u8, MeldRule)>,
}

/// What a pattern asks of one property of its cards.
#[derive(Debug, Clone, PartialEq)]
pub enum MeldRule {
    /// Every card has the same value.
    Same,
    /// No two cards have the same value.
    Different,
    /// The values are consecutive in rank order `order`, without gaps or repeats:
    /// `rank_of[member]` is a member's position (`None`: not ranked, never in such a meld).
    Consecutive {
        /// The order, by index in `Program::orders`.
        order: u16,
        /// Each member's position in the order, by the member's index; `None` when not ranked.
        rank_of: Vec<Option<i64>>,
    },
}

/// A card as the meld search sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct MeldCard {
    /// Its value (an enum member's index) for each slot; `None` when it has none.
    pub values: Vec<Option<u16>>,
    /// Whether it is wild: it stands for a card of any value, except for the slots it keeps.
    pub wild: bool,
    /// For a wild, the slots (a bit per slot) whose value it keeps from its own card.
    pub keeps: u64,
    /// What it counts when it lies in the deadwood.
    pub points: i64,
}
