//! Declarations: `option`, `enum`, `property`, `cards`, `order`, `zone`, `counter` and `variable`,
//! `function`, `procedure`, `progress`, `view` and `variant`.

use super::{Block, Expr, Item, Name, Span, Stmt};

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
