//! Checked statements: effects, choices, and the statements that hold them.

use super::{Expr, Type};

/// Where `set`/`add` writes.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    /// A local of the procedure's frame, by slot.
    Local(u16),
    /// A per-player local (a secret choice's name): slot `base + player`, the player worked out.
    LocalOf(u16, Expr),
    /// A counter or variable with one value for the game, by slot.
    Counter(u16),
    /// A per-player counter: slot `base + player` (for a `per team` one, the team's first seat).
    CounterOf(u16, Expr),
    /// A per-card counter: slot `base + card`.
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
    /// Every card of a zone, one at a time from the top.
    All(Expr),
    /// `top N of Z`: how many cards (1 when the rules say no number), then the zone.
    Top(Expr, Expr),
    /// `bottom N of Z`: how many cards (1 when the rules say no number), then the zone.
    Bottom(Expr, Expr),
    /// One card, found wherever it lies.
    Card(Expr),
    /// A card and every card on top of it, their order kept.
    Above(Expr),
}

/// How `end game` ends it.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    /// The player wins, with their team.
    Winner(Expr),
    /// Every other player wins (every other team); alone at the table, the player has lost.
    Loser(Expr),
    /// Nobody wins.
    Draw,
    /// The game stopped before its end (a cap on rounds).
    Unfinished,
    /// The players with the highest score win; `slot` holds the player while scoring.
    Highest {
        /// The hidden local that holds each player while their score is worked out.
        slot: u16,
        /// A player's score, read with the player in `slot`.
        score: Expr,
        /// `end game lowest`: the lowest score wins instead.
        lowest: bool,
    },
}

/// A piece of an announcement.
#[derive(Debug, Clone, PartialEq)]
pub enum TextPart {
    /// Text shown as written.
    Text(String),
    /// A hole: a value, and its type, which says how to show it (a card by name, a member by
    /// its display text).
    Value(Expr, Type),
}

/// A statement that changes the table or the counters and never pauses or jumps.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Puts a zone's cards in a random order, drawn from the game's generator.
    Shuffle(Expr),
    /// Deal one card at a time to each player's instance of zone declaration `to`.
    Deal {
        /// How many cards each player gets; `None` for all, until the source runs out.
        count: Option<Expr>,
        /// The zone dealt from, top card first.
        from: Expr,
        /// The per-player zone declaration dealt to, by index in `Program::zone_decls`.
        to: u16,
        /// Whether the dealt cards lie face up; the zone's own facing when `None`.
        face_up: Option<bool>,
        /// Who gets the first card; player 1 when `None`.
        first: Option<Expr>,
    },
    /// Moves cards from where they lie onto a zone, one at a time.
    Move {
        /// Which cards move.
        what: MoveWhat,
        /// The zone they go to.
        to: Expr,
        /// Whether they lie face up there; the zone's own facing when `None`.
        face_up: Option<bool>,
        /// The cards go under the zone's cards (`to bottom of Z`) instead of on top.
        bottom: bool,
    },
    /// Reverses a zone's order and flips every card, as a pile is turned over by hand.
    TurnOver(Expr),
    /// Turns a card face up (`true`) or face down, where it lies.
    TurnCard(Expr, bool),
    /// `let`, `set`, `add` and `subtract`: a place takes a value (for `add`, the sum).
    Assign(Place, Expr),
    /// Moves an amount (all, when `None`) from one counter to another.
    Transfer {
        /// How much; never more than the source holds, nor less than nothing.
        amount: Option<Expr>,
        /// The counter or variable the amount leaves.
        from: Place,
        /// The counter or variable it arrives at.
        to: Place,
    },
    /// `announce`: a line for the commentary and the transcript, made of its parts.
    Announce(Vec<TextPart>),
    /// `pause "text"`: a sink that seats people waits for them (an event only such sinks get).
    Pause(Vec<TextPart>),
    /// `reveal Z`: every card of the zone is shown to every player (an event); nothing changes.
    /// `reveal c` (the expression is a card): that one card is shown.
    Reveal(Expr),
    /// `remember position`: the engine keeps the position (every card's zone, place and
    /// facing) for [`Expr::PositionSeen`].
    RememberPosition,
    /// `meld Z to every R` (`lay_off`: `lay off Z to every R`): the meld search moves the
    /// melds of zone `from` (or the cards it can lay off) into the zones of row `to`; `chosen`
    /// (`as a`) names the arrangement to lay down instead of the search's own.
    Meld {
        /// The zone whose melds (or cards to lay off) are moved; its deadwood stays.
        from: Expr,
        /// The row of zones the melds go to, or in which the melds to lay off onto lie.
        to: Expr,
        /// `lay off`: cards go onto the melds already in the row, rather than new melds into
        /// its empty zones.
        lay_off: bool,
        /// `as a`: the arrangement chosen from `arrangements of Z`.
        chosen: Option<Expr>,
    },
    /// (issue 43) Where `p may undo { ... }` opens (`Some(p)`: from here the player may take
    /// their decisions back) and closes (`None`); nothing on the table changes. The checked
    /// block is `if true { MayUndo(Some(p)); ...; MayUndo(None) }` (see check/undo.rs).
    MayUndo(Option<Expr>),
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
    /// (issue 43) The sets of a zone's cards (or of a set's) with from one number of cards to
    /// another, both worked out when the menu is offered: `s from subsets of hand of p of size 1
    /// to n` in a `chooses one of` branch. Sets of identical cards are offered once.
    Subsets(Expr, Expr, Expr),
    /// (issue 43) Every arrangement of a zone's cards into melds (`all arrangements of Z`), fewer
    /// melds and none included, when there are several; an action is an arrangement's place in
    /// their list.
    AllArrangements(Expr),
}

impl Domain {
    /// The type of the chosen value.
    pub fn value_type(&self) -> Type {
        match self {
            Domain::Zone(_) | Domain::Card(_) | Domain::Above(..) => Type::Card,
            Domain::Members(_, e) => Type::Enum(*e),
            Domain::Range(..) => Type::Int,
            Domain::Arrangements(_) | Domain::AllArrangements(_) => Type::Arrangement,
            Domain::Subsets(..) => Type::Cards,
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
        /// Who chooses; `None` for chance.
        player: Option<Expr>,
        /// The local that holds each candidate while `filter` is tested, then the choice.
        slot: u16,
        /// What is chosen from.
        from: Domain,
        /// `where C`: only the candidates that meet it are offered.
        filter: Option<Expr>,
        /// `asking "..."`: the question shown to the chooser.
        prompt: Option<Vec<TextPart>>,
        /// Whether only the chooser is told of the choice (see [`Choice`]).
        private: bool,
    },
    /// Every player chooses at once; player `p`'s choice goes to local `base + p`, and
    /// `player_slot` holds the player while their candidates are listed.
    Secret {
        /// The local that holds the player whose candidates are listed.
        player_slot: u16,
        /// The first of the locals, one per player, that hold the choices (and the candidate
        /// while `filter` is tested).
        base: u16,
        /// What each player chooses from; it may read the player.
        from: Domain,
        /// `where C`: only the candidates that meet it are offered.
        filter: Option<Expr>,
        /// `asking "..."`: the question each player is shown, worked out for that player.
        prompt: Option<Vec<TextPart>>,
        /// Whether only the choosers are told of the choice (see [`Choice`]).
        private: bool,
    },
    /// One player (or chance) chooses one candidate among all the branches of `chooses one of`;
    /// the branch's index goes to local `branch` (`none` when there was no candidate).
    /// With `fresh` (`, never repeating a position`), a candidate is offered only if playing it
    /// does not bring the cards back to a position the menu was offered in.
    Menu {
        /// Who chooses; `None` for chance.
        player: Option<Expr>,
        /// The local that receives the chosen branch's index.
        branch: u16,
        /// The branches, whose candidates are listed branch by branch.
        branches: Vec<MenuBranch>,
        /// `asking "..."`: the question shown to the chooser.
        prompt: Option<Vec<TextPart>>,
        /// Whether only the chooser is told of the choice (see [`Choice`]).
        private: bool,
        /// `, never repeating a position`: a candidate that would repeat one is not offered.
        fresh: bool,
    },
    /// issue 43: `any player p may { ... }`, open timing. Every player with a claim (a candidate
    /// of a branch, listed with `player_slot` holding them) is asked at once, their claims after
    /// "no claim"; the first claim applied wins: the player goes to `player_slot`, the branch's
    /// index to local `branch` (`none` when nobody claimed).
    Open {
        /// The local that holds the player asked while their claims are listed, then the claimer.
        player_slot: u16,
        /// The local that receives the claimed branch's index.
        branch: u16,
        /// The kinds of claim, whose candidates are listed branch by branch.
        branches: Vec<MenuBranch>,
        /// `asking "..."`: the question each player is shown, worked out for that player.
        prompt: Option<Vec<TextPart>>,
        /// Whether only the claimer is told of the claim (see [`Choice`]).
        private: bool,
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
    /// The local that holds each candidate for the name, and the chosen one in the block.
    pub slot: u16,
    /// The name's candidates.
    pub from: Domain,
    /// `where C`: tested as soon as the name is bound; a candidate that fails it is dropped.
    pub filter: Option<Expr>,
}

/// The most names one branch of `chooses one of` may bind.
pub const MAX_BINDS: usize = 6;

impl Choice {
    /// Whether the choice is shown to its chooser alone (see [`Choice`]).
    pub fn is_private(&self) -> bool {
        match self {
            Choice::One { private, .. } | Choice::Secret { private, .. } | Choice::Menu { private, .. } => *private,
            Choice::Open { private, .. } => *private,
        }
    }

    /// What the choice is made from; a menu has a domain per name, not one.
    pub fn domain(&self) -> Option<&Domain> {
        match self {
            Choice::One { from, .. } | Choice::Secret { from, .. } => Some(from),
            Choice::Menu { .. } | Choice::Open { .. } => None,
        }
    }
}

/// A resolved statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// A change to the table or the counters.
    Effect(Effect),
    /// `if`: the condition, the statements run when it holds, and those run when it does not
    /// (none without `else`).
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `while`: the condition, tested before each round, and the statements repeated.
    While(Expr, Vec<Stmt>),
    /// `repeat`: `slot` counts the remaining iterations.
    Repeat {
        /// How many rounds, worked out once before the first.
        count: Expr,
        /// The hidden local that holds the rounds left.
        slot: u16,
        /// The statements repeated.
        body: Vec<Stmt>,
    },
    /// `break`: leaves the innermost loop.
    Break,
    /// `for each player p`: the statements once per player, in seat order.
    ForPlayer {
        /// The local that holds each player in turn.
        slot: u16,
        /// The statements run for each player.
        body: Vec<Stmt>,
    },
    /// `for each k in a to b`: `slot` holds the number, `end` the last one (worked out once).
    ForRange {
        /// The local that holds each number in turn.
        slot: u16,
        /// The hidden local that holds the last number.
        end: u16,
        /// The first number.
        from: Expr,
        /// The last number; nothing runs when it is below the first.
        to: Expr,
        /// The statements run for each number.
        body: Vec<Stmt>,
    },
    /// `for each card`: `slot` holds the card; `mark` the loop's place in the scratch list.
    /// With `sizes`, `for each subset`: `slot` holds each set of the zone's cards with `sizes.0`
    /// to `sizes.1` cards (`Value::Listed`), smaller sets first and, among sets of one size,
    /// the sets with cards nearer the top first; `mark + 1` and `mark + 2` are the loop's own.
    ForCard {
        /// The local that holds each card (or each set) in turn.
        slot: u16,
        /// The hidden local that holds where the loop's cards start in the scratch list.
        mark: u16,
        /// The zone (or row, or set) whose cards are visited, as it was when the loop began.
        zone: Expr,
        /// `for each subset`: the fewest and the most cards of a set.
        sizes: Option<Box<(Expr, Expr)>>,
        /// The statements run for each card or set.
        body: Vec<Stmt>,
    },
    /// `return`: leaves the procedure, back to its caller.
    Return,
    /// `end game`: the game ends at once, with this result.
    End(End),
    /// A choice: the rules pause until it is made.
    Choose(Choice),
    /// `chooses one of`: the choice, then the block of the branch chosen, or `otherwise` when
    /// there was no candidate.
    Menu {
        /// The menu itself, a [`Choice::Menu`] (or, issue 43, a [`Choice::Open`]).
        choice: Choice,
        /// Each branch's block, by the branch's index.
        bodies: Vec<Vec<Stmt>>,
        /// The `else` block (empty without one).
        otherwise: Vec<Stmt>,
    },
    /// A procedure's call: its index in `Program::procedures`, and the arguments in order.
    Call(u16, Vec<Expr>),
    /// A recursive procedure's call whose body the compile step copied in (compile/inline.rs;
    /// never the checker's): its locals, arguments first, start at the caller's local `base`,
    /// and it counts as the call would (a frame, the call's and the return's steps).
    Inlined {
        /// The procedure called, by index in `Program::procedures`.
        proc_: u16,
        /// The caller's local where the copy's locals start.
        base: u16,
        /// The arguments, put in the copy's first locals.
        args: Vec<Expr>,
        /// The procedure's body, its locals moved up by `base`.
        body: Vec<Stmt>,
    },
}
