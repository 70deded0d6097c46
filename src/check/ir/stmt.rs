//! Checked statements: effects, choices, and the statements that hold them.

use super::{Expr, Type};

/// Where `set`/`add` writes.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    Local(u16),
    LocalOf(u16, Expr),
    Counter(u16),
    CounterOf(u16, Expr),
    CounterOfCard(u16, Expr),
}

impl Place {
    /// The place read as an expression.
    pub fn read(&self) -> Expr {
        match self {
            Place::Local(s) => Expr::Local(*s),
            Place::LocalOf(b, e) => Expr::LocalOf(*b, Box::new(e.clone())),
            Place::Counter(s) => Expr::Counter(*s),
            Place::CounterOf(b, e) => Expr::CounterOf(*b, Box::new(e.clone())),
            Place::CounterOfCard(b, e) => Expr::CounterOfCard(*b, Box::new(e.clone())),
        }
    }
}

/// Which cards a move takes.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveWhat {
    All(Expr),
    Top(Expr, Expr),
    Bottom(Expr, Expr),
    Card(Expr),
    /// A card and every card on top of it, their order kept.
    Above(Expr),
}

/// How `end game` ends it.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    Winner(Expr),
    Loser(Expr),
    Draw,
    Unfinished,
    /// The players with the highest score win; `slot` holds the player while scoring.
    Highest {
        slot: u16,
        score: Expr,
        /// `end game lowest`: the lowest score wins instead.
        lowest: bool,
    },
}

/// A piece of an announcement.
#[derive(Debug, Clone, PartialEq)]
pub enum TextPart {
    Text(String),
    Value(Expr, Type),
}

/// A statement that changes the table or the counters and never pauses or jumps.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    Shuffle(Expr),
    /// Deal one card at a time to each player's instance of zone declaration `to`.
    Deal {
        count: Option<Expr>,
        from: Expr,
        to: u16,
        face_up: Option<bool>,
        /// Who gets the first card; player 1 when `None`.
        first: Option<Expr>,
    },
    Move {
        what: MoveWhat,
        to: Expr,
        face_up: Option<bool>,
        /// The cards go under the zone's cards (`to bottom of Z`) instead of on top.
        bottom: bool,
    },
    TurnOver(Expr),
    TurnCard(Expr, bool),
    Assign(Place, Expr),
    /// Moves an amount (all, when `None`) from one counter to another.
    Transfer {
        amount: Option<Expr>,
        from: Place,
        to: Place,
    },
    Announce(Vec<TextPart>),
    /// `pause "text"`: a sink that seats people waits for them (an event only such sinks get).
    Pause(Vec<TextPart>),
    /// `reveal Z`: every card of the zone is shown to every player (an event); nothing changes.
    Reveal(Expr),
    /// `remember position`: the engine keeps the position (every card's zone, place and
    /// facing) for [`Expr::PositionSeen`].
    RememberPosition,
    /// `meld Z to every R` (`lay_off`: `lay off Z to every R`): the meld search moves the
    /// melds of zone `from` (or the cards it can lay off) into the zones of row `to`; `chosen`
    /// (`as a`) names the arrangement to lay down instead of the search's own.
    Meld {
        from: Expr,
        to: Expr,
        lay_off: bool,
        chosen: Option<Expr>,
    },
}

/// What a choice is made from.
#[derive(Debug, Clone, PartialEq)]
pub enum Domain {
    /// The cards of a zone; an action is a card's place in it (from the bottom).
    Zone(Expr),
    /// The members in a set of members of enum `e`; an action is a member's index.
    Members(Expr, u16),
    /// The whole numbers from one value to another; an action is the offset from the first.
    Range(Expr, Expr),
    /// One card (no candidate when it is `none`); the action is 0.
    Card(Expr),
    /// The least-deadwood arrangements of a zone's cards, when there are several; an action is
    /// an arrangement's place in their list.
    Arrangements(Expr),
    /// The cards of a zone (the first expression) lying above a card (the second): a choice of
    /// several cards binds each card above the one before, so each set is offered once. Only
    /// in a `chooses one of` branch.
    Above(Expr, Expr),
}

impl Domain {
    /// The type of the chosen value.
    pub fn value_type(&self) -> Type {
        match self {
            Domain::Zone(_) | Domain::Card(_) | Domain::Above(..) => Type::Card,
            Domain::Members(_, e) => Type::Enum(*e),
            Domain::Range(..) => Type::Int,
            Domain::Arrangements(_) => Type::Arrangement,
        }
    }
}

/// A choice: of a card, a named option or a number.
///
/// `private`: the choice is offered only because a condition on cards some player cannot see
/// holds (GR-14), so it is shown to its chooser alone; the others see only what follows.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// One player (or chance, when `player` is `None`) chooses into local `slot`.
    One {
        player: Option<Expr>,
        slot: u16,
        from: Domain,
        filter: Option<Expr>,
        prompt: Option<Vec<TextPart>>,
        private: bool,
    },
    /// Every player chooses at once; player `p`'s choice goes to local `base + p`, and
    /// `player_slot` holds the player while their candidates are listed.
    Secret {
        player_slot: u16,
        base: u16,
        from: Domain,
        filter: Option<Expr>,
        prompt: Option<Vec<TextPart>>,
        private: bool,
    },
    /// One player (or chance) chooses one candidate among all the branches of `chooses one of`;
    /// the branch's index goes to local `branch` (`none` when there was no candidate).
    /// With `fresh` (`, never repeating a position`), a candidate is offered only if playing it
    /// does not bring the cards back to a position the menu was offered in.
    Menu {
        player: Option<Expr>,
        branch: u16,
        branches: Vec<MenuBranch>,
        prompt: Option<Vec<TextPart>>,
        private: bool,
        fresh: bool,
    },
}

/// One branch of `chooses one of`.
#[derive(Debug, Clone, PartialEq)]
pub struct MenuBranch {
    /// How a candidate is shown.
    pub label: Vec<TextPart>,
    /// The names bound in turn; every candidate binds each.
    pub binds: Vec<MenuBind>,
    /// The condition of a branch that binds nothing.
    pub guard: Option<Expr>,
}

/// `c from D [where cond]` in a branch: the local that holds the candidate, its domain and
/// the condition it must meet (which may read the names bound before it).
#[derive(Debug, Clone, PartialEq)]
pub struct MenuBind {
    pub slot: u16,
    pub from: Domain,
    pub filter: Option<Expr>,
}

/// The most names one branch of `chooses one of` may bind.
pub const MAX_BINDS: usize = 6;

impl Choice {
    /// Whether the choice is shown to its chooser alone (see [`Choice`]).
    pub fn is_private(&self) -> bool {
        match self {
            Choice::One { private, .. } | Choice::Secret { private, .. } | Choice::Menu { private, .. } => *private,
        }
    }

    /// What the choice is made from; a menu has a domain per name, not one.
    pub fn domain(&self) -> Option<&Domain> {
        match self {
            Choice::One { from, .. } | Choice::Secret { from, .. } => Some(from),
            Choice::Menu { .. } => None,
        }
    }
}

/// A resolved statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// A change to the table or the counters.
    Effect(Effect),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    While(Expr, Vec<Stmt>),
    /// `repeat`: `slot` counts the remaining iterations.
    Repeat {
        count: Expr,
        slot: u16,
        body: Vec<Stmt>,
    },
    /// `break`: leaves the innermost loop.
    Break,
    ForPlayer {
        slot: u16,
        body: Vec<Stmt>,
    },
    /// `for each k in a to b`: `slot` holds the number, `end` the last one (worked out once).
    ForRange {
        slot: u16,
        end: u16,
        from: Expr,
        to: Expr,
        body: Vec<Stmt>,
    },
    /// `for each card`: `slot` holds the card; `mark` the loop's place in the scratch list.
    /// With `sizes`, `for each subset`: `slot` holds each set of the zone's cards with `sizes.0`
    /// to `sizes.1` cards (`Value::Listed`), smaller sets first and, among sets of one size,
    /// the sets with cards nearer the top first; `mark + 1` and `mark + 2` are the loop's own.
    ForCard {
        slot: u16,
        mark: u16,
        zone: Expr,
        sizes: Option<Box<(Expr, Expr)>>,
        body: Vec<Stmt>,
    },
    Return,
    End(End),
    /// A choice: the rules pause until it is made.
    Choose(Choice),
    /// `chooses one of`: the choice, then the block of the branch chosen, or `otherwise` when
    /// there was no candidate.
    Menu {
        choice: Choice,
        bodies: Vec<Vec<Stmt>>,
        otherwise: Vec<Stmt>,
    },
    Call(u16, Vec<Expr>),
    /// A recursive procedure's call whose body the compile step copied in (compile/inline.rs;
    /// never the checker's): its locals, arguments first, start at the caller's local `base`,
    /// and it counts as the call would (a frame, the call's and the return's steps).
    Inlined {
        proc_: u16,
        base: u16,
        args: Vec<Expr>,
        body: Vec<Stmt>,
    },
}
