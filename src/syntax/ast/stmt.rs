//! Statements: blocks, loops, moves, choices and the rest of what a procedure does.

use super::{AggDomain, Expr, Facing, Name, Span, TypeExpr};

/// `{ statements }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub span: Span,
    pub stmts: Vec<Stmt>,
}

/// One statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub span: Span,
    pub kind: StmtKind,
}

/// The kinds of statement.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    If {
        cond: Expr,
        then: Block,
        otherwise: Option<Block>,
    },
    While {
        cond: Expr,
        body: Block,
    },
    Repeat {
        count: Expr,
        body: Block,
    },
    ForPlayer {
        var: Name,
        body: Block,
    },
    ForCard {
        var: Name,
        zone: Expr,
        body: Block,
    },
    /// `for each k in 1 to 7 { ... }`.
    /// `for each x in D where C { ... }`: every member of an enum, player, or card of a zone.
    ForEach {
        var: Name,
        domain: AggDomain,
        /// `from p`: the players from p on, going left.
        from: Option<Expr>,
        cond: Option<Expr>,
        body: Block,
    },
    /// `break`: leaves the innermost loop.
    Break,
    ForRange {
        var: Name,
        from: Expr,
        to: Expr,
        body: Block,
    },
    Shuffle(Expr),
    /// `deal N from Z to zone`: `count` is `None` for `all`.
    /// `deal N from Z to hand [face up] [starting with p]`.
    Deal {
        count: Option<Expr>,
        from: Expr,
        to: Name,
        facing: Option<Facing>,
        /// Who gets the first card (`starting with p`); player 1 when not said.
        first: Option<Expr>,
    },
    Move {
        what: MoveWhat,
        to: Expr,
        facing: Option<Facing>,
        /// `to bottom of Z`: the cards go under the zone's cards instead of on top.
        bottom: bool,
    },
    TurnOver(Expr),
    TurnCard {
        card: Expr,
        facing: Facing,
    },
    Let {
        name: Name,
        /// The type written after the name, if any (`let w: player = none`).
        ty: Option<TypeExpr>,
        value: Expr,
    },
    Set {
        place: Place,
        value: Expr,
    },
    Add {
        value: Expr,
        place: Place,
    },
    Subtract {
        value: Expr,
        place: Place,
    },
    Return,
    End(EndKind),
    Announce(Vec<TemplatePart>),
    /// `pause` or `pause "text"`: at a table with people, play waits until they go on.
    Pause(Option<Vec<TemplatePart>>),
    /// `reveal Z`: every card of a zone is shown to every player; nothing moves or turns.
    Reveal(Expr),
    /// `remember position`: the position is kept for `position seen before`.
    RememberPosition,
    /// `meld Z to every R [as a]` (or `lay off Z to every R` when `lay_off`).
    Meld {
        from: Expr,
        to: Expr,
        lay_off: bool,
        /// `as a`: the arrangement to lay down, chosen from `arrangements of Z`.
        chosen: Option<Expr>,
    },
    /// `p chooses c from D [where cond] [asking "..."]`; `player` is `None` for `chance`.
    Choose {
        player: Option<Expr>,
        var: Name,
        from: Domain,
        filter: Option<Expr>,
        prompt: Option<Vec<TemplatePart>>,
    },
    /// `each player p secretly chooses c from D [where cond] [asking "..."]`.
    ChooseSecretly {
        player_var: Name,
        var: Name,
        from: Domain,
        filter: Option<Expr>,
        prompt: Option<Vec<TemplatePart>>,
    },
    /// `p chooses 1 to 4 cards [c] [of one rank] from Z to Y ...`: see [`CardsChoice`].
    ChooseCards(Box<CardsChoice>),
    /// `p chooses one of { branches } [else { ... }]`; `player` is `None` for `chance`.
    ChooseOne {
        player: Option<Expr>,
        prompt: Option<Vec<TemplatePart>>,
        /// `, never repeating a position`: no candidate may bring the cards back to a position
        /// this menu was offered in.
        fresh: bool,
        branches: Vec<Branch>,
        otherwise: Option<Block>,
    },
    /// `transfer N from A to B`; `amount` is `None` for `all`.
    Transfer {
        amount: Option<Expr>,
        from: Place,
        to: Place,
    },
    Call {
        name: Name,
        args: Vec<Expr>,
    },
}

/// `p chooses 1 to 4 cards [c] [of one rank] from Z to Y [facing] [where cond] [asking "..."]`:
/// a set of cards, chosen in one decision and moved to `to`.
#[derive(Debug, Clone, PartialEq)]
pub struct CardsChoice {
    /// Who chooses; `None` for `chance`.
    pub player: Option<Expr>,
    /// How many cards: `count`, or from `count` to `most`.
    pub count: Expr,
    pub most: Option<Expr>,
    /// The name each card takes in `filter`.
    pub var: Option<Name>,
    /// Properties every chosen card shares (`of one rank and suit`).
    pub alike: Vec<Name>,
    pub from: Expr,
    pub to: Expr,
    pub facing: Option<Facing>,
    pub filter: Option<Expr>,
    /// `with V adding up to T`: each card's value `V` (about the named card), and the total.
    pub sum: Option<(Expr, Expr)>,
    pub prompt: Option<Vec<TemplatePart>>,
}

/// What a choice is made from: a zone's cards, a set of enum members (`{check, raise}`), or the
/// whole numbers from `from` to `to`.
#[derive(Debug, Clone, PartialEq)]
pub struct Domain {
    pub from: Expr,
    pub to: Option<Expr>,
}

/// One branch of `chooses one of`: a label, the names it binds, and what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct Branch {
    pub span: Span,
    /// How each candidate is shown: `"{c} to column {k}"`.
    pub label: Vec<TemplatePart>,
    /// `for c from D where ..., k from E where ...`, in order.
    pub binds: Vec<Binding>,
    /// `where cond` of a branch that binds nothing.
    pub filter: Option<Expr>,
    pub body: Block,
}

/// `c from D [where cond]` in a branch of `chooses one of`.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub var: Name,
    pub from: Domain,
    pub filter: Option<Expr>,
}

/// Which cards a `move` takes.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveWhat {
    All(Expr),
    Top(Option<Expr>, Expr),
    Bottom(Option<Expr>, Expr),
    Card(Expr),
    /// `c and above`: a card and every card on top of it, in their order.
    Above(Expr),
}

/// The target of `set`/`add`: a counter, variable or local, maybe of a player.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub span: Span,
    pub name: Name,
    pub of: Option<Expr>,
}

/// How `end game` ends it.
#[derive(Debug, Clone, PartialEq)]
pub enum EndKind {
    Winner(Expr),
    Loser(Expr),
    Draw,
    Unfinished,
    /// `highest p: expr`: the players with the highest score win (`lowest`: the lowest).
    Highest {
        var: Name,
        score: Expr,
        lowest: bool,
    },
}

/// A piece of an `announce` text.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplatePart {
    Text(String),
    Hole(Expr),
}
