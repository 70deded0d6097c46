//! Declarations: `option`, `enum`, `property`, `cards`, `order`, `zone`, `counter` and `variable`,
//! `function`, `procedure`, `progress`, `view` and `variant`.

use super::{Block, Expr, Item, Name, Span, Stmt};

/// `view { line ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewDecl {
    /// The whole declaration, braces included.
    pub span: Span,
    /// Its lines, in the order the panel shows them.
    pub lines: Vec<ViewLine>,
}

/// One line of a `view`: a zone declaration or a counter, and how to show it.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewLine {
    /// The whole line, from the name to its last word.
    pub span: Span,
    /// The zone declaration or counter shown.
    pub name: Name,
    /// `top N`: only the top N cards, and how many lie under them (the number as written, with
    /// its span; the checker refuses 0).
    pub top: Option<(u64, Span)>,
    /// `sorted` (`Some(None)`) or `sorted by ORDER` (`Some(Some(order))`).
    pub sorted: Option<Option<Name>>,
    /// `with melds`: the cards split into the best melds and the deadwood.
    pub melds: bool,
    /// `as "label"`: the line's label instead of the name.
    pub label: Option<String>,
    /// `if not empty`: an empty zone is left out.
    pub nonempty: bool,
}

/// `option hidden_prizes = 2`, `option hidden_prizes: int in 0 to 10 = 2`,
/// `option redeals: int in 0 to 100 = 0, -1 means "unlimited"`.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDecl {
    /// The whole declaration.
    pub span: Span,
    /// The option's name, as the rules, variants and `--set name=value` write it.
    pub name: Name,
    /// The type written after `:`, if any.
    pub ty: Option<TypeExpr>,
    /// The values a number option may take, `in LO to HI`, if given.
    pub range: Option<OptionRange>,
    /// The value after `=`: the game's default, or in a variant, the value the variant gives.
    pub value: Literal,
    /// Numbers that stand for something else (`-1 means "unlimited"`), in order.
    pub meanings: Vec<OptionMeaning>,
}

/// `in 0 to 10`: the lowest and highest value a number option may take.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionRange {
    /// Where `in LO to HI` is written: a value out of range is shown the range it breaks.
    pub span: Span,
    /// The lowest value allowed.
    pub lo: i64,
    /// The highest value allowed (both ends are included).
    pub hi: i64,
}

/// `-1 means "unlimited"`: a number of an option that stands for something else, shown by its
/// text and accepted as a value by that text.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionMeaning {
    /// Where `N means "word"` is written.
    pub span: Span,
    /// The number that stands for something else, allowed even outside the range.
    pub value: i64,
    /// The word it stands for (`unlimited`): shown instead of the number, and accepted for it.
    pub text: String,
}

/// A literal value of an option.
#[derive(Debug, Clone, PartialEq)]
pub struct Literal {
    /// Where the value is written.
    pub span: Span,
    /// The value: a number, `true` or `false`, or an enum member's name.
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
    /// A quoted text (without its quotes). No option holds one: the grammar takes it so that the
    /// checker can say so as a mistake of type (`expected a number, found a text`).
    Text(String),
}

/// `enum suit = hearts "♥", diamonds "♦"`.
#[derive(Debug, Clone, PartialEq)]
pub struct EnumDecl {
    /// The whole declaration.
    pub span: Span,
    /// The enum's name, which is also a type (`property suit: suit`).
    pub name: Name,
    /// Its members, in the order declared: the order loops, choices and `next of` follow.
    pub members: Vec<EnumMember>,
}

/// One member of an enum, with an optional display text.
#[derive(Debug, Clone, PartialEq)]
pub struct EnumMember {
    /// The member as the rules write it (`hearts`, `10`).
    pub name: Name,
    /// How it is shown in card names, announcements and transcripts (`♥`); its name when `None`.
    pub display: Option<String>,
}

/// `property wild: bool = false`.
#[derive(Debug, Clone, PartialEq)]
pub struct PropertyDecl {
    /// The whole declaration.
    pub span: Span,
    /// The property's name, read as `c.name` or `name of c`.
    pub name: Name,
    /// The type of its values.
    pub ty: TypeExpr,
    /// The value a card gets when its `cards` declaration gives none; without it, `none`.
    pub default: Option<Expr>,
}

/// A type as written.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeExpr {
    /// Where the type is written.
    pub span: Span,
    /// Which type it names.
    pub kind: TypeExprKind,
}

/// The kinds of written type.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeExprKind {
    /// `bool`: `true` or `false`.
    Bool,
    /// `int`: a whole number.
    Int,
    /// `card`: one card of the game.
    Card,
    /// `player`: one seat at the table.
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
    /// The whole declaration.
    pub span: Span,
    /// The group's name, which a zone `holds` to put its cards in the game.
    pub name: Name,
    /// How the cards are made: every combination of some properties, or a list.
    pub body: CardsBody,
}

/// How a `cards` declaration makes its cards.
#[derive(Debug, Clone, PartialEq)]
pub enum CardsBody {
    /// `every rank, suit { ... }`: one card per combination of the listed enum properties.
    /// `every P, Q [where C] { ... }`: one card per combination that meets `filter`.
    Every {
        /// The enum properties whose members are combined, the last one changing fastest.
        properties: Vec<Name>,
        /// `where C`: only the combinations that meet it make a card.
        filter: Option<Expr>,
        /// The block's values for the card's other properties (`color: ...`), which may read
        /// the properties combined.
        assigns: Vec<PropAssign>,
    },
    /// `{ "Wild Red" { ... } ... }`: cards listed by name.
    List(Vec<NamedCard>),
}

/// One card of a `cards` list.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedCard {
    /// Where the card is written, from its name to the end of its block.
    pub span: Span,
    /// How the card is shown (`Wild Red`); two cards may share a name.
    pub name: String,
    /// The properties it sets; every other property takes its default.
    pub assigns: Vec<PropAssign>,
}

/// `color: red` inside a card body.
#[derive(Debug, Clone, PartialEq)]
pub struct PropAssign {
    /// The property given a value.
    pub name: Name,
    /// The card's value for it, known before play.
    pub value: Expr,
}

/// `order high: rank 2 < 3 < ... < A`.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderDecl {
    /// The whole declaration.
    pub span: Span,
    /// The order's name: `high of c` is the position of `c`'s member in it.
    pub name: Name,
    /// The enum property it ranks (`rank`).
    pub property: Name,
    /// The members it ranks, lowest first (position 0); a member left out has no position.
    pub members: Vec<Name>,
}

/// `zone deck: per player, face down`.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneDecl {
    /// The whole declaration.
    pub span: Span,
    /// The zone's name: alone for a shared zone, `name of x` for one of several.
    pub name: Name,
    /// Its attributes, as written; an attribute left out takes its default.
    pub attrs: Vec<ZoneAttr>,
}

/// One attribute of a zone.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneAttr {
    /// Where the attribute is written, for a message about two that conflict.
    pub span: Span,
    /// Which attribute it is.
    pub kind: ZoneAttrKind,
}

/// The kinds of zone attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum ZoneAttrKind {
    /// `per player`: each player has a zone of their own, `hand of p`.
    PerPlayer,
    /// `per 1 to 7`: a row of zones, one per number.
    PerRange(i64, i64),
    /// `per suit`: a row of zones, one per member of an enum.
    PerEnum(Name),
    /// `shared`: one zone for the whole table (the default).
    Shared,
    /// `face up` or `face down`: how cards put here lie when the move does not say.
    Facing(Facing),
    /// `stack`: a pile whose top card alone can be seen (the default).
    Stack,
    /// `spread`: the cards are fanned out, so every face-up card can be seen.
    Spread,
    /// `public`: everyone sees every card, face up or down.
    Public,
    /// `private`: the owner sees every card of their own zone, and nobody else sees any.
    Private,
    /// `holds standard + wilds`: the cards the zone starts with.
    Holds(Vec<Name>),
    /// `seen by others`: every player but the owner sees every card; the owner sees none.
    SeenByOthers,
}

/// Which way a card faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    /// Face up: whoever sees its place sees which card it is.
    Up,
    /// Face down: only its back shows.
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
    /// The whole declaration.
    pub span: Span,
    /// The counter's name: alone, or `name of p` / `name of c` for one per player or card.
    pub name: Name,
    /// Who has a value of it: the game, each player, each card or each team.
    pub per: Per,
    /// The declared type, when the starting value does not tell it (`none`).
    pub ty: Option<TypeExpr>,
    /// `counter`: players see it and results report it; `false` for a `variable`.
    pub reported: bool,
    /// The starting value, known before play.
    pub init: Expr,
}

/// `function beats(a: card, b: card): bool = ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDecl {
    /// The whole declaration.
    pub span: Span,
    /// The function's name, called as `name(args)`.
    pub name: Name,
    /// Its parameters, in order.
    pub params: Vec<Param>,
    /// The type of its result.
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
    /// The last line, as written: the value the function gives.
    pub result: Expr,
}

/// `let name[: type] = value` in a function's block.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionLet {
    /// The whole `let` line.
    pub span: Span,
    /// The name it gives, which stands for the value in the lines after it.
    pub name: Name,
    /// The type written after the name, which the checker holds the value to.
    pub ty: Option<TypeExpr>,
    /// The value the name stands for.
    pub value: Expr,
}

/// A parameter of a function or procedure.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The name the body reads the argument by.
    pub name: Name,
    /// The type every argument for it must have.
    pub ty: TypeExpr,
}

/// `procedure war { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcedureDecl {
    /// The whole declaration.
    pub span: Span,
    /// The procedure's name, called as `name(args)`; `setup` and `play` the engine runs itself.
    pub name: Name,
    /// Its parameters, in order (none for `procedure war { ... }`).
    pub params: Vec<Param>,
    /// The statements it runs.
    pub body: Block,
}

/// `progress p = count of score of p`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressDecl {
    /// The whole declaration.
    pub span: Span,
    /// The player the expression is about.
    pub var: Name,
    /// A number: how far along that player is.
    pub value: Expr,
}

/// `variant single_deck "..." extends a, b { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantDecl {
    /// The whole declaration, braces included.
    pub span: Span,
    /// The variant's name, picked with `--variant`.
    pub name: Name,
    /// The text in quotes after the name, which `cardlang variants` shows.
    pub description: Option<String>,
    /// The variants applied before this one's own changes (`extends a, b`), in order.
    pub extends: Vec<Name>,
    /// The changes it makes, in order.
    pub items: Vec<VariantItem>,
}

/// One change a variant makes.
#[derive(Debug, Clone, PartialEq)]
pub enum VariantItem {
    /// `override <decl>`: replaces a declaration of the same name.
    Override {
        /// The whole `override ...` declaration.
        span: Span,
        /// The new declaration, which takes the place of the game's of that kind and name.
        item: Item,
    },
    /// `option name = value`: changes an option's default.
    SetOption(OptionDecl),
    /// A new declaration.
    Add(Item),
}
