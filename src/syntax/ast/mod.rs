//! The untyped syntax tree of a `.cardgame` file: every node and every name carries its span.
//!
//! Here: spans, names, the file and its top-level items. The nodes they hold live in `decl`
//! (declarations), `melds` (`melds` and `hands`), `stmt` (statements) and `expr` (expressions),
//! each re-exported here, so every node is `cardlang::syntax::ast::Node`.

use std::fmt;

mod decl;
mod expr;
mod melds;
mod stmt;
pub use decl::*;
pub use expr::*;
pub use melds::*;
pub use stmt::*;

/// A byte range in the source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    /// Whether the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start, s.len()).into()
    }
}

/// A name as written, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// Where the name is.
    pub span: Span,
    /// The name itself.
    pub text: String,
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A whole `.cardgame` file.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    /// For a variant file, the game it changes (`extends "../game.cardgame"`).
    pub base: Option<BaseGame>,
    /// The declarations, in source order.
    pub items: Vec<Item>,
}

/// `extends "../war.cardgame"` at the top of a variant file.
#[derive(Debug, Clone, PartialEq)]
pub struct BaseGame {
    /// The whole header.
    pub span: Span,
    /// The path as written, relative to the variant file's folder.
    pub path: String,
    /// Where the path (with its quotes) is.
    pub path_span: Span,
}

/// One top-level declaration.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// `game "Name"`.
    Game {
        /// The whole `game` line.
        span: Span,
        /// The title, without its quotes: it heads every transcript.
        title: String,
    },
    /// `teams {player 1, player 3}, {player 2, player 4}`: each team's seats (from 1), each
    /// with its place in the file.
    Teams {
        /// The whole `teams` line.
        span: Span,
        /// The teams in the order written (team 1 first): each its players' seats, from 1, with
        /// where each is written (for a seat the table lacks, or a player in two teams).
        teams: Vec<Vec<(u32, Span)>>,
    },
    /// `players 2`, or `players 2 to 7` (`most`: the largest count).
    Players {
        /// The whole `players` line.
        span: Span,
        /// How many players sit at the table; the fewest, when a range is given.
        count: u32,
        /// The most players, for `players 2 to 7`; `None` when the count is fixed.
        most: Option<u32>,
    },
    /// `option name = literal`.
    Option(OptionDecl),
    /// `enum name = a, b, c`.
    Enum(EnumDecl),
    /// `property name: type = default`.
    Property(PropertyDecl),
    /// `cards name = ...`.
    Cards(CardsDecl),
    /// `order name: property a < b < c`.
    Order(OrderDecl),
    /// `zone name: attributes`.
    Zone(ZoneDecl),
    /// `counter name = value` or `variable name = value`.
    Counter(CounterDecl),
    /// `function name(params): type = expr`.
    Function(FunctionDecl),
    /// `procedure name(params) { ... }`.
    Procedure(ProcedureDecl),
    /// `variant name { ... }`.
    Variant(VariantDecl),
    /// `length turns`: the counter that is a game's length, for `simulate`.
    Length {
        /// The whole `length` line.
        span: Span,
        /// The counter whose value when the game ends is its length.
        counter: Name,
    },
    /// `progress p = expr`: how far along each player is, for `simulate`.
    Progress(ProgressDecl),
    /// `melds name { ... }`: the melds of a rummy game.
    Melds(MeldsDecl),
    /// `view { ... }`: what a person's panel at the terminal shows.
    View(ViewDecl),
    /// `hands name by order { ... }`: named patterns of cards.
    Hands(HandsDecl),
}

impl Item {
    /// The declared name, when the item declares one.
    pub fn name(&self) -> Option<&Name> {
        match self {
            Item::Game { .. }
            | Item::Players { .. }
            | Item::Teams { .. }
            | Item::Length { .. }
            | Item::Progress(_)
            | Item::View(_) => None,
            Item::Option(d) => Some(&d.name),
            Item::Enum(d) => Some(&d.name),
            Item::Property(d) => Some(&d.name),
            Item::Cards(d) => Some(&d.name),
            Item::Order(d) => Some(&d.name),
            Item::Zone(d) => Some(&d.name),
            Item::Counter(d) => Some(&d.name),
            Item::Function(d) => Some(&d.name),
            Item::Procedure(d) => Some(&d.name),
            Item::Variant(d) => Some(&d.name),
            Item::Melds(d) => Some(&d.name),
            Item::Hands(d) => Some(&d.name),
        }
    }

    /// The span of the whole item.
    pub fn span(&self) -> Span {
        match self {
            Item::Game { span, .. }
            | Item::Players { span, .. }
            | Item::Teams { span, .. }
            | Item::Length { span, .. } => *span,
            Item::Progress(d) => d.span,
            Item::View(d) => d.span,
            Item::Option(d) => d.span,
            Item::Enum(d) => d.span,
            Item::Property(d) => d.span,
            Item::Cards(d) => d.span,
            Item::Order(d) => d.span,
            Item::Zone(d) => d.span,
            Item::Counter(d) => d.span,
            Item::Function(d) => d.span,
            Item::Procedure(d) => d.span,
            Item::Variant(d) => d.span,
            Item::Melds(d) => d.span,
            Item::Hands(d) => d.span,
        }
    }

    /// What kind of declaration this is, in words ("zone", "procedure", ...).
    pub fn kind_word(&self) -> &'static str {
        match self {
            Item::Game { .. } => "game",
            Item::Players { .. } => "players",
            Item::Teams { .. } => "teams",
            Item::Option(_) => "option",
            Item::Enum(_) => "enum",
            Item::Property(_) => "property",
            Item::Cards(_) => "cards",
            Item::Order(_) => "order",
            Item::Zone(_) => "zone",
            Item::Counter(_) => "counter",
            Item::Function(_) => "function",
            Item::Procedure(_) => "procedure",
            Item::Variant(_) => "variant",
            Item::Length { .. } => "length",
            Item::Progress(_) => "progress",
            Item::View(_) => "view",
            Item::Melds(_) => "melds",
            Item::Hands(_) => "hands",
        }
    }
}
