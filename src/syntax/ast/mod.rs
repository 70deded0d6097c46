//! The untyped syntax tree of a `.cardgame` file: every node and every name carries its span.

use std::fmt;

mod expr;
pub use expr::*;

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
    Game { span: Span, title: String },
    /// `teams {player 1, player 3}, {player 2, player 4}`: each team's seats (from 1), each
    /// with its place in the file.
    Teams { span: Span, teams: Vec<Vec<(u32, Span)>> },
    /// `players 2`, or `players 2 to 7` (`most`: the largest count).
    Players { span: Span, count: u32, most: Option<u32> },
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
    Length { span: Span, counter: Name },
    /// `progress p = expr`: how far along each player is, for `simulate`.
    Progress(ProgressDecl),
    /// `melds name { ... }`: the melds of a rummy game.
    Melds(MeldsDecl),
    /// `view { ... }`: what a person's panel at the terminal shows.
    View(ViewDecl),
    /// `hands name by order { ... }`: named patterns of cards.
    Hands(HandsDecl),
}

/// `view { line ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewDecl {
    pub span: Span,
    pub lines: Vec<ViewLine>,
}

/// One line of a `view`: a zone declaration or a counter, and how to show it.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewLine {
    pub span: Span,
    /// The zone declaration or counter shown.
    pub name: Name,
    /// `sorted` (`Some(None)`) or `sorted by ORDER` (`Some(Some(order))`).
    pub sorted: Option<Option<Name>>,
    /// `with melds`: the cards split into the best melds and the deadwood.
    pub melds: bool,
    /// `as "label"`: the line's label instead of the name.
    pub label: Option<String>,
    /// `if not empty`: an empty zone is left out.
    pub nonempty: bool,
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

/// `option hidden_prizes = 2`, `option hidden_prizes: int in 0 to 10 = 2`,
/// `option redeals: int in 0 to 100 = 0, -1 means "unlimited"`.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDecl {
    pub span: Span,
    pub name: Name,
    /// The type written after `:`, if any.
    pub ty: Option<TypeExpr>,
    /// The values a number option may take, `in LO to HI`, if given.
    pub range: Option<OptionRange>,
    pub value: Literal,
    /// Numbers that stand for something else (`-1 means "unlimited"`), in order.
    pub meanings: Vec<OptionMeaning>,
}

/// `in 0 to 10`: the lowest and highest value a number option may take.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionRange {
    pub span: Span,
    pub lo: i64,
    pub hi: i64,
}

/// `-1 means "unlimited"`: a number of an option that stands for something else, shown by its
/// text and accepted as a value by that text.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionMeaning {
    pub span: Span,
    pub value: i64,
    pub text: String,
}

/// A literal value of an option.
#[derive(Debug, Clone, PartialEq)]
pub struct Literal {
    pub span: Span,
    pub kind: LiteralKind,
}

/// The kinds of option literal.
#[derive(Debug, Clone, PartialEq)]
pub enum LiteralKind {
    /// A whole number.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A member of an enum, by name.
    Member(String),
}

/// `enum suit = hearts "♥", diamonds "♦"`.
#[derive(Debug, Clone, PartialEq)]
pub struct EnumDecl {
    pub span: Span,
    pub name: Name,
    pub members: Vec<EnumMember>,
}

/// One member of an enum, with an optional display text.
#[derive(Debug, Clone, PartialEq)]
pub struct EnumMember {
    pub name: Name,
    pub display: Option<String>,
}

/// `property wild: bool = false`.
#[derive(Debug, Clone, PartialEq)]
pub struct PropertyDecl {
    pub span: Span,
    pub name: Name,
    pub ty: TypeExpr,
    pub default: Option<Expr>,
}

/// A type as written.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeExpr {
    pub span: Span,
    pub kind: TypeExprKind,
}

/// The kinds of written type.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeExprKind {
    Bool,
    Int,
    Card,
    Player,
    /// `zone`: a zone, for parameters and locals.
    Zone,
    /// `cards`: some cards to read (a zone, or a set from `subsets of`), for parameters.
    Cards,
    /// An enum, by name.
    Named(Name),
    /// `set of <enum>`.
    SetOf(Name),
}

/// `cards standard = ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct CardsDecl {
    pub span: Span,
    pub name: Name,
    pub body: CardsBody,
}

/// How a `cards` declaration makes its cards.
#[derive(Debug, Clone, PartialEq)]
pub enum CardsBody {
    /// `every rank, suit { ... }`: one card per combination of the listed enum properties.
    /// `every P, Q [where C] { ... }`: one card per combination that meets `filter`.
    Every { properties: Vec<Name>, filter: Option<Expr>, assigns: Vec<PropAssign> },
    /// `{ "Wild Red" { ... } ... }`: cards listed by name.
    List(Vec<NamedCard>),
}

/// One card of a `cards` list.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedCard {
    pub span: Span,
    pub name: String,
    pub assigns: Vec<PropAssign>,
}

/// `color: red` inside a card body.
#[derive(Debug, Clone, PartialEq)]
pub struct PropAssign {
    pub name: Name,
    pub value: Expr,
}

/// `order high: rank 2 < 3 < ... < A`.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderDecl {
    pub span: Span,
    pub name: Name,
    pub property: Name,
    pub members: Vec<Name>,
}

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

/// `zone deck: per player, face down`.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneDecl {
    pub span: Span,
    pub name: Name,
    pub attrs: Vec<ZoneAttr>,
}

/// One attribute of a zone.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneAttr {
    pub span: Span,
    pub kind: ZoneAttrKind,
}

/// The kinds of zone attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum ZoneAttrKind {
    PerPlayer,
    /// `per 1 to 7`: a row of zones, one per number.
    PerRange(i64, i64),
    /// `per suit`: a row of zones, one per member of an enum.
    PerEnum(Name),
    Shared,
    Facing(Facing),
    Stack,
    Spread,
    Public,
    Private,
    /// `holds standard + wilds`: the cards the zone starts with.
    Holds(Vec<Name>),
}

/// Which way a card faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    Up,
    Down,
}

/// Who a counter has one value for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    /// One value for the whole game.
    Game,
    /// One value per player: `coins of p`.
    Player,
    /// One value per card: `stake of c`.
    Card,
    /// One value per team, shared by its players: `score of p` is p's team's.
    Team,
}

/// `counter wars = 0` (shown and reported) or `variable x = 0` (bookkeeping only).
#[derive(Debug, Clone, PartialEq)]
pub struct CounterDecl {
    pub span: Span,
    pub name: Name,
    pub per: Per,
    /// The declared type, when the starting value does not tell it (`none`).
    pub ty: Option<TypeExpr>,
    pub reported: bool,
    pub init: Expr,
}

/// `function beats(a: card, b: card): bool = ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDecl {
    pub span: Span,
    pub name: Name,
    pub params: Vec<Param>,
    pub ret: TypeExpr,
    /// The result, with the names of the block's `let` lines replaced by their values: what
    /// the checker, the lints and every call read.
    pub body: Expr,
    /// The block as written, when the function has one (`{ let x = ... result }`).
    pub block: Option<FunctionBlock>,
}

/// A function's block as written: its `let` lines, then its result; or, when it holds other
/// statements (`set`, `if`, loops), those statements in order (its `let` lines among them).
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionBlock {
    /// The `let` lines of a block of `let` lines only (empty when `stmts` is not).
    pub lets: Vec<FunctionLet>,
    /// Every statement of a block that holds more than `let` lines, in order.
    pub stmts: Vec<Stmt>,
    pub result: Expr,
}

/// `let name[: type] = value` in a function's block.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionLet {
    pub span: Span,
    pub name: Name,
    pub ty: Option<TypeExpr>,
    pub value: Expr,
}

/// A parameter of a function or procedure.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: Name,
    pub ty: TypeExpr,
}

/// `procedure war { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcedureDecl {
    pub span: Span,
    pub name: Name,
    pub params: Vec<Param>,
    pub body: Block,
}

/// `progress p = count of score of p`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressDecl {
    pub span: Span,
    /// The player the expression is about.
    pub var: Name,
    /// A number: how far along that player is.
    pub value: Expr,
}

/// `variant single_deck "..." extends a, b { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantDecl {
    pub span: Span,
    pub name: Name,
    pub description: Option<String>,
    pub extends: Vec<Name>,
    pub items: Vec<VariantItem>,
}

/// One change a variant makes.
#[derive(Debug, Clone, PartialEq)]
pub enum VariantItem {
    /// `override <decl>`: replaces a declaration of the same name.
    Override { span: Span, item: Item },
    /// `option name = value`: changes an option's default.
    SetOption(OptionDecl),
    /// A new declaration.
    Add(Item),
}

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
