//! Statements: blocks, loops, moves, choices and the rest of what a procedure does.

use super::{AggDomain, Expr, Facing, Name, Span, TypeExpr};

/// `{ statements }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The braces and everything between them.
    pub span: Span,
    /// Its statements, run in order; the names they bind last until its end.
    pub stmts: Vec<Stmt>,
}

/// One statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// The whole statement, where messages and lints about it point.
    pub span: Span,
    /// What the statement does.
    pub kind: StmtKind,
}

/// The kinds of statement.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `if C { ... } else { ... }`: one block or the other.
    If {
        /// The condition; `none` counts as false.
        cond: Expr,
        /// What runs when the condition holds.
        then: Block,
        /// What runs when it does not: the `else` block, or for `else if`, a block holding
        /// that one `if`.
        otherwise: Option<Block>,
    },
    /// `while C { ... }`: the block again and again, as long as the condition holds.
    While {
        /// Tested before each round.
        cond: Expr,
        /// The block repeated.
        body: Block,
    },
    /// `repeat N times { ... }`.
    Repeat {
        /// How many rounds, worked out once before the first; 0 or less runs none.
        count: Expr,
        /// The block repeated.
        body: Block,
    },
    /// `for each player p { ... }`: the block once per player, in seat order from player 1.
    ForPlayer {
        /// The name bound to each player in turn.
        var: Name,
        /// The block run for each player.
        body: Block,
    },
    /// `for each card c in Z { ... }`: the block once per card the zone held when the loop
    /// began, top card first.
    ForCard {
        /// The name bound to each card in turn.
        var: Name,
        /// The zone whose cards are visited.
        zone: Expr,
        /// The block run for each card.
        body: Block,
    },
    /// `for each x in D [from p] [where C] { ... }`: every member of an enum, player, or card
    /// of a zone; `for each subset s of Z ...` is one too, with a [`AggDomain::Subsets`].
    ForEach {
        /// The name bound to each item in turn.
        var: Name,
        /// What the items are: an enum's members, the players, a zone's cards, or sets of them.
        domain: AggDomain,
        /// `from p`: the players from p on, going left.
        from: Option<Expr>,
        /// `where C`: the block runs only for the items that meet it.
        cond: Option<Expr>,
        /// The block run for each item.
        body: Block,
    },
    /// `break`: leaves the innermost loop.
    Break,
    /// `for each k in 1 to 7 { ... }`: every whole number from the first to the second, both
    /// included.
    ForRange {
        /// The name bound to each number in turn.
        var: Name,
        /// The first number, worked out once before the first round.
        from: Expr,
        /// The last number, worked out once; the block does not run when it is below the first.
        to: Expr,
        /// The block run for each number.
        body: Block,
    },
    /// `shuffle Z`: puts a zone's cards in a random order, drawn from the game's seed.
    Shuffle(Expr),
    /// `deal N from Z to zone`: `count` is `None` for `all`.
    /// `deal N from Z to hand [face up] [starting with p]`.
    Deal {
        /// How many cards each player gets; `None` for `all`, until the source runs out.
        count: Option<Expr>,
        /// The zone dealt from, a card at a time from its top.
        from: Expr,
        /// The bare name of the per-player zone each player's cards go to.
        to: Name,
        /// `face up` or `face down`: how the dealt cards lie; the zone's own facing when `None`.
        facing: Option<Facing>,
        /// Who gets the first card (`starting with p`); player 1 when not said.
        first: Option<Expr>,
    },
    /// `move ... to Z`: cards taken from where they lie onto a zone, one at a time.
    Move {
        /// Which cards move.
        what: MoveWhat,
        /// The zone they go to.
        to: Expr,
        /// `face up` or `face down`: how they lie there; the zone's own facing when `None`.
        facing: Option<Facing>,
        /// `to bottom of Z`: the cards go under the zone's cards instead of on top.
        bottom: bool,
    },
    /// `turn over Z`: the zone's order reversed and every card flipped, as a pile turned by hand.
    TurnOver(Expr),
    /// `turn c face up` or `turn c face down`: one card flipped where it lies.
    TurnCard {
        /// The card turned.
        card: Expr,
        /// The way it ends up facing.
        facing: Facing,
    },
    /// `let x = v`: a local name, which lasts until the end of its block.
    Let {
        /// The local's name.
        name: Name,
        /// The type written after the name, if any (`let w: player = none`).
        ty: Option<TypeExpr>,
        /// Its first value, whose type is the local's when no type is written.
        value: Expr,
    },
    /// `set x = v`: a local, counter or variable given a new value of its type.
    Set {
        /// What is changed.
        place: Place,
        /// The new value.
        value: Expr,
    },
    /// `add N to x`: a number made larger.
    Add {
        /// How much is added.
        value: Expr,
        /// The local, counter or variable added to.
        place: Place,
    },
    /// `subtract N from x`: a number made smaller.
    Subtract {
        /// How much is taken off.
        value: Expr,
        /// The local, counter or variable taken from.
        place: Place,
    },
    /// `return`: leaves the procedure at once, back to its caller.
    Return,
    /// `end game ...`: ends the game at once, with the result it names.
    End(EndKind),
    /// `announce "text"`: a line for the commentary and the transcript, its holes filled in.
    Announce(Vec<TemplatePart>),
    /// `pause` or `pause "text"`: at a table with people, play waits until they go on.
    Pause(Option<Vec<TemplatePart>>),
    /// `reveal Z`: every card of a zone is shown to every player; nothing moves or turns.
    Reveal(Expr),
    /// `remember position`: the position is kept for `position seen before`.
    RememberPosition,
    /// `meld Z to every R [as a]` (or `lay off Z to every R` when `lay_off`).
    Meld {
        /// The zone whose cards are melded or laid off; the deadwood stays in it.
        from: Expr,
        /// The row of zones (`every table`): each meld goes to an empty one, or a lay-off onto
        /// the meld one holds.
        to: Expr,
        /// `lay off`: cards go onto the melds already lying in the row, not into new melds.
        lay_off: bool,
        /// `as a`: the arrangement to lay down, chosen from `arrangements of Z`.
        chosen: Option<Expr>,
    },
    /// `p chooses c from D [where cond] [asking "..."]`; `player` is `None` for `chance`.
    Choose {
        /// Who chooses; `None` for `chance`.
        player: Option<Expr>,
        /// The new name that holds the card, member or number chosen (`none` if nobody was asked).
        var: Name,
        /// What is chosen from: a zone's cards, a set of members, a range of numbers, ...
        from: Domain,
        /// `where C`: only the candidates that meet it are offered; it reads each by `var`.
        filter: Option<Expr>,
        /// `asking "..."`: the question shown to the chooser above their choices.
        prompt: Option<Vec<TemplatePart>>,
    },
    /// `each player p secretly chooses c from D [where cond] [asking "..."]`.
    ChooseSecretly {
        /// The name of the player choosing, read in the domain, the condition and the question.
        player_var: Name,
        /// Each player's candidate while they choose; afterwards `var of p` is p's choice.
        var: Name,
        /// What each player chooses from.
        from: Domain,
        /// `where C`: only the candidates that meet it are offered.
        filter: Option<Expr>,
        /// `asking "..."`: the question each player is shown, as that player may read it.
        prompt: Option<Vec<TemplatePart>>,
    },
    /// `p chooses 1 to 4 cards [c] [of one rank] from Z to Y ...`: see [`CardsChoice`].
    ChooseCards(Box<CardsChoice>),
    /// `p chooses one of { branches } [else { ... }]`; `player` is `None` for `chance`.
    ChooseOne {
        /// Who chooses; `None` for `chance`.
        player: Option<Expr>,
        /// `asking "..."`: the question shown to the chooser.
        prompt: Option<Vec<TemplatePart>>,
        /// `, never repeating a position`: no candidate may bring the cards back to a position
        /// this menu was offered in.
        fresh: bool,
        /// The branches, whose candidates are offered branch by branch, in order.
        branches: Vec<Branch>,
        /// The `else` block, run when no branch has a candidate.
        otherwise: Option<Block>,
    },
    /// `transfer N from A to B`; `amount` is `None` for `all`.
    Transfer {
        /// How much moves; never more than the source holds, nor less than nothing.
        amount: Option<Expr>,
        /// The counter or variable the amount leaves.
        from: Place,
        /// The counter or variable it arrives at.
        to: Place,
    },
    /// `name(args)`: runs a procedure, then goes on after the call.
    Call {
        /// The procedure called.
        name: Name,
        /// The arguments, one per parameter, in order.
        args: Vec<Expr>,
    },
    /// (issue 43) `p may undo { ... }`: the block runs as it stands; p may take back their
    /// decisions in it, one at a time, until it ends.
    Undo {
        /// Whose decisions may be taken back.
        player: Expr,
        /// The statements run.
        body: Block,
    },
    /// issue 43: `any player p may { branches } [else { ... }]`: open timing. Every player with a
    /// claim (a candidate of a branch, with `p` naming them) is asked at once, each their own
    /// claims and "no claim"; the first claim applied wins and its block runs; the `else` block
    /// runs when nobody claims.
    AnyPlayerMay {
        /// The name of the player asked, read in the branches.
        player_var: Name,
        /// `asking "..."`: the question each player is shown, as that player may read it.
        prompt: Option<Vec<TemplatePart>>,
        /// The kinds of claim, as the branches of `chooses one of`.
        branches: Vec<Branch>,
        /// The `else` block, run when nobody claims (or nobody has a claim).
        otherwise: Option<Block>,
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
    /// The most cards, for `count to most`; `None` when exactly `count` are chosen.
    pub most: Option<Expr>,
    /// The name each card takes in `filter`.
    pub var: Option<Name>,
    /// Properties every chosen card shares (`of one rank and suit`).
    pub alike: Vec<Name>,
    /// The zone the cards are chosen from.
    pub from: Expr,
    /// The zone they move to, one at a time in the set's order, each on top.
    pub to: Expr,
    /// `face up` or `face down`: how they land; the zone's own facing when `None`.
    pub facing: Option<Facing>,
    /// `where C`: only the cards that meet it may be in the set.
    pub filter: Option<Expr>,
    /// `with V adding up to T`: each card's value `V` (about the named card), and the total.
    pub sum: Option<(Expr, Expr)>,
    /// `asking "..."`: the question shown to the chooser.
    pub prompt: Option<Vec<TemplatePart>>,
}

/// What a choice is made from: a zone's cards, a set of enum members (`{check, raise}`), or the
/// whole numbers from `from` to `to`.
#[derive(Debug, Clone, PartialEq)]
pub struct Domain {
    /// A zone, a card, a set of members, an enum's name or `arrangements of Z`; with `to`, the
    /// lowest number.
    pub from: Expr,
    /// The highest number, for a range `from to to` (both included).
    pub to: Option<Expr>,
}

/// One branch of `chooses one of`: a label, the names it binds, and what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct Branch {
    /// The whole branch, from its label to the end of its block.
    pub span: Span,
    /// How each candidate is shown: `"{c} to column {k}"`.
    pub label: Vec<TemplatePart>,
    /// `for c from D where ..., k from E where ...`, in order.
    pub binds: Vec<Binding>,
    /// `where cond` of a branch that binds nothing.
    pub filter: Option<Expr>,
    /// The block run with the chosen candidate's names bound.
    pub body: Block,
}

/// `c from D [where cond]` in a branch of `chooses one of`.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    /// The name bound to each candidate in turn.
    pub var: Name,
    /// Its candidates, which may read the names bound before it.
    pub from: Domain,
    /// `where C`: only the candidates that meet it are kept, tested as soon as the name is bound.
    pub filter: Option<Expr>,
    /// `s from subsets of Z of size a to b` (issue 43): the candidates are sets of the cards of
    /// the zone in `from`, of these sizes; `None` for any other domain.
    pub sets: Option<SetSizes>,
}

/// The sizes of the sets a branch's name takes (`of size a to b`; every size from 1 when
/// `size` is `None`).
#[derive(Debug, Clone, PartialEq)]
pub struct SetSizes {
    /// `of size a` or `of size a to b`.
    pub size: Option<(Expr, Option<Expr>)>,
}

/// Which cards a `move` takes.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveWhat {
    /// `all of Z`: every card of the zone, one at a time from the top.
    All(Expr),
    /// `top of Z` or `top N of Z`: the count (one card when `None`), then the zone.
    Top(Option<Expr>, Expr),
    /// `bottom of Z` or `bottom N of Z`: the count (one card when `None`), then the zone.
    Bottom(Option<Expr>, Expr),
    /// `move c to ...`: one card, found wherever it lies.
    Card(Expr),
    /// `c and above`: a card and every card on top of it, in their order.
    Above(Expr),
}

/// The target of `set`/`add`: a counter, variable or local, maybe of a player.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// From the name to the end of its `of` part.
    pub span: Span,
    /// The local, counter or variable.
    pub name: Name,
    /// The player or card whose value it is (`coins of p`, `stake of c`); `None` for one value.
    pub of: Option<Expr>,
}

/// How `end game` ends it.
#[derive(Debug, Clone, PartialEq)]
pub enum EndKind {
    /// `end game winner p`: p wins, with p's team.
    Winner(Expr),
    /// `end game loser p`: every other player wins (every other team); alone at the table, p loses.
    Loser(Expr),
    /// `end game draw`: nobody wins.
    Draw,
    /// `end game unfinished`: the game stopped before its end (a cap on rounds).
    Unfinished,
    /// `highest p: expr`: the players with the highest score win (`lowest`: the lowest).
    Highest {
        /// The name of each player in turn, in the score.
        var: Name,
        /// A player's score, a number.
        score: Expr,
        /// `end game lowest`: the lowest score wins instead.
        lowest: bool,
    },
}

/// A piece of an `announce` text.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplatePart {
    /// Text shown as written, its escapes (`\"`, `\n`) already read.
    Text(String),
    /// `{expr}`: a value, shown in words (a card by name, a member by its display text).
    Hole(Expr),
}
