//! The checker's output: a resolved, typed program in which every name is an index.
//!
//! Options are already folded into constants (a variant and `--set` are applied before
//! checking), so the engine never looks up a string.

pub use crate::syntax::ast::Per;
use crate::syntax::ast::{BinOp, Span};

mod aggregate;
mod hands;
mod melds;
mod routine;
mod stmt;
pub(crate) mod walk;
pub use aggregate::*;
pub use hands::*;
pub use melds::*;
pub use routine::*;
pub use stmt::*;

/// The static type of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Type {
    /// A whole number (`Value::Int`).
    Int,
    /// `true` or `false` (`Value::Bool`).
    Bool,
    /// One card of the game (`Value::Card`).
    Card,
    /// One seat at the table (`Value::Player`).
    Player,
    /// One zone (`Value::Zone`): a shared zone, or one instance of a per-player zone or a row.
    Zone,
    /// All the zones of a row or of every player (`every column`).
    Zones,
    /// A member of the enum with this index.
    Enum(u16),
    /// A set of members of the enum with this index.
    Set(u16),
    /// The `none` literal, compatible with every type.
    None,
    /// An empty set literal whose enum is not yet known.
    EmptySet,
    /// One of the least-deadwood arrangements of a zone's cards (chosen from `arrangements of Z`).
    Arrangement,
    /// A text written in the rules (`"made"`): `Value::Sym(i)` is [`Program::texts`]`[i]`.
    Text,
    /// Some cards to read (`cards`): a zone, or one set from `subsets of Z` (`Value::Cards`,
    /// `Value::Listed`).
    Cards,
}

/// A runtime value. Cheap to copy; the static type says how to read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Value {
    /// No value: the top of an empty zone, a card an order does not rank, ...
    #[default]
    None,
    /// A whole number.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// An enum member, by index within its enum.
    Sym(u16),
    /// A card, by its index in [`Program::cards`].
    Card(u16),
    /// A player seat, from 0.
    Player(u8),
    /// A zone, by its index in [`Program::zones`].
    Zone(u16),
    /// Consecutive zones: the first one's index and how many.
    Zones(u16, u16),
    /// A set of enum members, as a bit mask.
    Set(u64),
    /// Arrangement number `.1` (from 0) among the least-deadwood arrangements of zone `.0`'s
    /// cards, as listed when it was chosen.
    Arrangement(u16, u16),
    /// Some cards of zone `.0`: bit `i` of `.1` stands for the card at index `off + i` of the
    /// zone (from the bottom), where `off` leaves out all but the top 64. Made by an aggregate
    /// over `subsets of Z`, while the zone cannot change.
    Cards(u16, u64),
    /// Some cards listed by a `for each subset` loop: bit `i` of `.1` stands for the card at
    /// `scratch[.0 + i]` (the zone's cards, bottom first, as the loop began).
    Listed(u16, u64),
    /// (issue 43) Some cards of up to three zones read as one (`hole of p + board`): the zones
    /// (`u16::MAX` for no zone), and bit `i` of `.1` for the card at index `i` of their list
    /// (the last zone's cards bottom first, then the one before it, ..., the first zone's on
    /// top; its top 64 cards), so that the first zone's top card comes first.
    Joined([u16; 3], u64),
}

impl Value {
    /// The integer inside, if any.
    pub fn as_int(self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }
    /// Whether the value is `true`.
    pub fn is_true(self) -> bool {
        matches!(self, Value::Bool(true))
    }
}

/// A game ready to be played: one base game with one variant and its options applied.
#[derive(Debug, Clone)]
pub struct Program {
    /// The title from `game "..."`.
    pub title: String,
    /// The number of players at this table.
    pub players: u8,
    /// The fewest and most players the game is for (`players 2 to 7`; both the same for `players 2`).
    pub seats: (u8, u8),
    /// Each player's team, from 0 (`teams {...}, {...}`); without teams, every player alone.
    pub teams: Vec<u8>,
    /// The texts written in expressions (`if won then "made" else "down"`), each once.
    pub texts: Vec<String>,
    /// The variant applied, if any.
    pub variant: Option<String>,
    /// Options with the values in force.
    pub options: Vec<OptionInfo>,
    /// Enums, by index.
    pub enums: Vec<EnumInfo>,
    /// Card properties, by index.
    pub properties: Vec<PropertyInfo>,
    /// Every physical card in the game.
    pub cards: Vec<CardInfo>,
    /// Property values: `card_props[card * properties.len() + property]`.
    pub card_props: Vec<Value>,
    /// Declared zones (a per-player zone is one declaration, many instances).
    pub zone_decls: Vec<ZoneDeclInfo>,
    /// Zone instances.
    pub zones: Vec<ZoneInfo>,
    /// Counters and variables; a per-player one takes one slot per player.
    pub counters: Vec<CounterInfo>,
    /// The number of counter slots.
    pub counter_slots: usize,
    /// Rank orders: `orders[o].rank_of[member]` is the position of an enum member.
    pub orders: Vec<OrderInfo>,
    /// Procedures, by index.
    pub procedures: Vec<Procedure>,
    /// The procedure that sets up the table, if any.
    pub setup: Option<u16>,
    /// The procedure that plays the game.
    pub play: u16,
    /// How `simulate` measures the game.
    pub measures: Measures,
    /// The melds of a rummy game (`melds NAME { ... }`), if it declares them.
    pub melds: Option<MeldRules>,
    /// The `hands` declarations: named patterns of cards, by index.
    pub hands: Vec<HandsInfo>,
    /// What a person's panel shows (`view { ... }`); `None`: every zone and reported counter.
    pub view: Option<Vec<ViewLine>>,
}

impl Program {
    /// Whether two players play in one team (a player is always in their own).
    pub fn same_team(&self, a: u8, b: u8) -> bool {
        a == b || self.teams.get(a as usize).is_some_and(|t| Some(t) == self.teams.get(b as usize))
    }

    /// The first seat of `p`'s team: where a `per team` counter keeps that team's value.
    pub fn team_lead(&self, p: u8) -> u8 {
        (0..p).find(|&q| self.same_team(q, p)).unwrap_or(p)
    }

    /// The slot of a counter's `i`-th value as its owner reads it: the game's, a card's, a
    /// player's, or for seat `i` of a `per team` counter, its team's.
    pub fn counter_slot(&self, c: &CounterInfo, i: usize) -> usize {
        let i = if c.per == crate::syntax::ast::Per::Team { self.team_lead(i as u8) as usize } else { i };
        c.slot as usize + i
    }
}

/// One line of a game's `view`.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewLine {
    /// What it shows.
    pub what: ViewWhat,
    /// Its label, when it is not the zone's or counter's own name.
    pub label: Option<String>,
    /// Cards shown sorted: by an order's rank of the card's property (`Some(Some(order))`), or in
    /// the order the cards were declared (`Some(None)`); then by declaration.
    pub sorted: Option<Option<u16>>,
    /// The cards split into the best melds and the deadwood, when the viewer sees them all.
    pub melds: bool,
    /// `top N`: only the zone's top N cards are shown, with how many lie under them.
    pub top: Option<usize>,
    /// An empty zone is left out (`if not empty`).
    pub nonempty: bool,
}

/// What a view line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewWhat {
    /// Every instance of a zone declaration (an index in [`Program::zone_decls`]).
    Zones(u16),
    /// A counter (an index in [`Program::counters`]).
    Counter(u16),
}

/// How `cardlang simulate` measures a game (`length` and `progress` declarations).
#[derive(Debug, Clone, Default)]
pub struct Measures {
    /// The counter whose value at the end is a game's length: its name and slot.
    pub length: Option<(String, u16)>,
    /// How far along a player is: the local slot that holds the player, and the number
    /// expression (expressions bind no locals of their own).
    pub progress: Option<(u16, Expr)>,
}

/// An option and its value.
#[derive(Debug, Clone)]
pub struct OptionInfo {
    /// The option's name, as `--set` and `cardlang variants` write it.
    pub name: String,
    /// The type of its values: a number, `true`/`false` or a member of an enum.
    pub ty: Type,
    /// The value in force: the game's default, as the variant and `--set` changed it.
    pub value: Value,
    /// The game's own default, before any variant or `--set` (what `cardlang variants` lists).
    pub default: Value,
    /// The lowest and highest value of a number option that declares them (`in 0 to 10`).
    pub range: Option<(i64, i64)>,
    /// Numbers that stand for something else (`-1 means "unlimited"`), with their text.
    pub meanings: Vec<(i64, String)>,
}

impl OptionInfo {
    /// What a value of this option stands for, if it is one of its meanings (`"unlimited"`).
    pub fn meaning_of(&self, v: Value) -> Option<&str> {
        match v {
            Value::Int(n) => self.meanings.iter().find(|m| m.0 == n).map(|m| m.1.as_str()),
            _ => None,
        }
    }

    /// Whether a value is allowed: within the declared range, or one of the meanings.
    pub fn allows(&self, v: Value) -> bool {
        match (self.range, v) {
            (Some((lo, hi)), Value::Int(n)) => (lo..=hi).contains(&n) || self.meaning_of(v).is_some(),
            _ => true,
        }
    }
}

/// An enum.
#[derive(Debug, Clone)]
pub struct EnumInfo {
    /// The enum's name, which is also a type.
    pub name: String,
    /// Its members' names as the rules write them, in the order declared (`Value::Sym(i)` is
    /// `members[i]`).
    pub members: Vec<String>,
    /// How each member is shown (its display text, or its name).
    pub display: Vec<String>,
}

/// A card property.
#[derive(Debug, Clone)]
pub struct PropertyInfo {
    /// The property's name, read as `c.name`.
    pub name: String,
    /// The type of every card's value for it.
    pub ty: Type,
}

/// A physical card.
#[derive(Debug, Clone)]
pub struct CardInfo {
    /// How the card is shown: "10♥", "Wild Red".
    pub name: String,
    /// The `cards` declaration it comes from.
    pub group: String,
}

/// A zone declaration.
#[derive(Debug, Clone)]
pub struct ZoneDeclInfo {
    /// The declared name (`hand`), without a player or key.
    pub name: String,
    /// Whether each player has an instance of their own (`per player`).
    pub per_player: bool,
    /// What picks one of its instances: nothing, a player, a number or an enum member.
    pub key: ZoneKey,
    /// The index of its first instance in [`Program::zones`].
    pub first: u16,
    /// How many instances it has.
    pub count: u16,
}

/// What names one zone of a declaration that has several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneKey {
    /// One zone for the table.
    Shared,
    /// One per player: `hand of p`.
    Player,
    /// One per number from `lo`: `column of 3`.
    Range {
        /// The number of the first zone (1 for `per 1 to 7`): key `k` is instance `k - lo`.
        lo: i64,
    },
    /// One per member of an enum: `pile of hearts`.
    Enum(u16),
    /// A row for each player: `grid 4 of player 2` (`per player, per 1 to 6`). Player `p`'s
    /// zone keyed `k` is instance `first + p * row + (k - lo)`.
    PlayerRow {
        /// The key of each row's first zone (0 for an enum's rows).
        lo: i64,
        /// The enum whose members are the keys, or `None` for numbers.
        of_enum: Option<u16>,
        /// How many zones each player's row has.
        row: u16,
    },
}

/// Who sees the cards of a zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// Each card shows when face up (for a stack, only the top card).
    ByFacing,
    /// Everyone sees every card.
    Public,
    /// The owner sees every card; nobody else sees any (they see how many there are).
    Private,
    /// Everyone but the owner sees every card; the owner sees only how many there are (`seen
    /// by others`: a hand held facing out). A zone nobody owns is seen by everyone.
    Others,
}

/// A zone instance.
#[derive(Debug, Clone)]
pub struct ZoneInfo {
    /// "deck of player 1", "pack".
    pub name: String,
    /// Its declaration, by index in [`Program::zone_decls`].
    pub decl: u16,
    /// The player (seat from 0) an instance of a per-player zone belongs to; `None` for a
    /// shared zone or a zone of a row, which nobody owns.
    pub owner: Option<u8>,
    /// Whether cards moved in face up unless the move says otherwise.
    pub face_up: bool,
    /// A spread shows every face-up card; a stack only its top card.
    pub spread: bool,
    /// Who sees its cards: by their facing, everyone (`public`), or only the owner (`private`).
    pub visibility: Visibility,
    /// The cards it starts with, bottom first.
    pub initial: Vec<u16>,
}

/// A counter or variable.
#[derive(Debug, Clone)]
pub struct CounterInfo {
    /// The counter's name, as the rules and the results write it.
    pub name: String,
    /// One value for the game, per player or per card.
    pub per: Per,
    /// Whether players see it and results report it (`counter`), or not (`variable`).
    pub reported: bool,
    /// The type of its values: a number, `true`/`false`, a member, a player or a text.
    pub ty: Type,
    /// Its first slot; it takes [`CounterInfo::width`] of them.
    pub slot: u16,
    /// How many slots it takes: 1, the number of players, or the number of cards.
    pub width: u16,
    /// The value every slot starts with.
    pub init: Value,
}

/// A rank order over one enum property.
#[derive(Debug, Clone)]
pub struct OrderInfo {
    /// The order's name, applied as `name of c`.
    pub name: String,
    /// The property it ranks, by index in [`Program::properties`]; its type is an enum.
    pub property: u16,
    /// Position of each member of the property's enum; `None` when not ranked.
    pub rank_of: Vec<Option<i64>>,
}

impl OrderInfo {
    /// The position of a member (`Value::Sym`) in the order; `none` for anything it does not rank.
    pub fn position(&self, member: Value) -> Value {
        match member {
            Value::Sym(m) => self.rank_of.get(m as usize).copied().flatten().map_or(Value::None, Value::Int),
            _ => Value::None,
        }
    }
}

/// A procedure.
#[derive(Debug, Clone)]
pub struct Procedure {
    /// The procedure's name as declared (a game that runs away names the procedure it was in).
    pub name: String,
    /// How many parameters it takes: a call puts the arguments in the first local slots.
    pub params: u16,
    /// Local slots in a frame (parameters first).
    pub locals: u16,
    /// Its statements, run in order.
    pub body: Vec<Stmt>,
    /// Its declaration in the file.
    pub span: Span,
}

/// Built-in functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    /// `sign(x)`: -1, 0 or 1.
    Sign,
    /// `abs(x)`: `x` without its sign.
    Abs,
    /// `min(x, y)`: the smaller.
    Min,
    /// `max(x, y)`: the larger.
    Max,
}

/// A resolved expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A value known once the game is checked: a literal, an option, a member, `player 2`, ...
    Const(Value),
    /// `position seen before`: whether every card lies (zone, place, facing) as at an earlier
    /// `remember position`.
    PositionSeen,
    /// A local of the procedure's frame (a parameter, a `let`, a loop's name), by slot.
    Local(u16),
    /// A per-player local: slot `base + player`.
    LocalOf(u16, Box<Expr>),
    /// A counter or variable with one value for the game, by slot.
    Counter(u16),
    /// A per-player counter: slot `base + player`.
    CounterOf(u16, Box<Expr>),
    /// A per-card counter: slot `base + card`.
    CounterOfCard(u16, Box<Expr>),
    /// A per-player zone: instance `first + player`.
    ZoneOf(u16, Box<Expr>),
    /// A zone of a row: instance `first + (key - lo)` when the key (a number, or an enum
    /// member's index with `lo` 0) is one of the `count` keys.
    ZoneAt {
        /// The row's first instance in [`Program::zones`].
        first: u16,
        /// The key of that first instance.
        lo: i64,
        /// How many zones the row has; a key past them gives `none`.
        count: u16,
        /// The key written after `of`: a number, or a member of the row's enum.
        key: Box<Expr>,
    },
    /// Whether a card faces up (`true`) or down (`false`); false for `none`.
    FaceUp(Box<Expr>, bool),
    /// The top card of a zone or set of cards; `none` when it holds none.
    Top(Box<Expr>),
    /// The bottom card of a zone or set of cards; `none` when it holds none.
    Bottom(Box<Expr>),
    /// How many cards a zone, a row of zones or a set holds.
    Count(Box<Expr>),
    /// Whether a zone, a row of zones or a set holds no card.
    IsEmpty(Box<Expr>),
    /// The next player after one around the table (`opponent of p`).
    Opponent(Box<Expr>),
    /// A card's value for property `.1` (by index in [`Program::properties`]); `none` for `none`.
    Prop(Box<Expr>, u16),
    /// The position of a card's property in a rank order.
    OrderOf(u16, Box<Expr>),
    /// The position of an enum member in a rank order (`aces_low of rank` in a card's block).
    MemberRank(u16, Box<Expr>),
    /// The fewest deadwood points the cards of a zone can be left with, leaving out one card
    /// when the second expression is one (`deadwood of hand of p without c`).
    Deadwood(Box<Expr>, Option<Box<Expr>>),
    /// Two values joined by an operator (`and` and `or` stop early).
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `not a`.
    Not(Box<Expr>),
    /// `-a`.
    Neg(Box<Expr>),
    /// `if C then X else Y`: the condition, then the two values.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Whether a value is `none`.
    IsNone(Box<Expr>),
    /// A built-in function of numbers, with its arguments.
    Builtin(Builtin, Vec<Expr>),
    /// A set built from member expressions.
    SetOf(Vec<Expr>),
    /// A function parameter, replaced by the argument when the function is inlined.
    Param(u16),
    /// A pure function of one or two cards, worked out for every card before play (made by the
    /// compile step, never by the checker).
    CardTable(Box<CardTable>),
    /// A question about every item of a domain (`any c in Z where ...`).
    Aggregate(Box<Aggregate>),
    /// The item an aggregate is looking at, by the aggregate's key.
    Each(u32),
    /// A player's seat number, from 1.
    Seat(Box<Expr>),
    /// A player's team number, from 1.
    Team(Box<Expr>),
    /// The first seat of a player's team, where a `per team` counter keeps the team's value.
    TeamLead(Box<Expr>),
    /// The k-th card of a zone from the top (from 1), `none` past either end.
    CardAt(Box<Expr>, Box<Expr>),
    /// The member of an enum at an index (from 0): a loop over the members counts with it.
    MemberAt(Box<Expr>),
    /// The member after (`true`) or before a member, in an enum of this many members, round
    /// from the last to the first (`next of r`, `previous of r`).
    MemberStep(Box<Expr>, u16, bool),
    /// The player in seat `k` (from 1), `none` when there is none.
    PlayerAt(Box<Expr>),
    /// The player `n` seats to the left (the way play goes): `(p + n) % players`.
    Around(Box<Expr>, u8),
    /// The best pattern of `hands` declaration `.0` the cards make (its member), or with `.2`
    /// their strength by it.
    Hand(u16, Box<Expr>, bool),
    /// A call of a function whose block holds statements: run on a frame of its own.
    Run(Box<RunCall>),
    /// A slot of the frame of the function being run (its parameters, names and loop items).
    FnLocal(u16),
    /// A zone of a player's row (`grid k of p`), or the whole row when there is no key
    /// (`every grid of p`, a [`Value::Zones`]): instance `first + player * row + (key - lo)`;
    /// `none` for no player or a key outside the row.
    ZoneOfRow {
        /// The declaration's first instance in [`Program::zones`].
        first: u16,
        /// The key of each row's first zone (0 for an enum member's index).
        lo: i64,
        /// How many zones each player's row has.
        row: u16,
        /// Whose row: a player.
        owner: Box<Expr>,
        /// Which zone of the row, or `None` for all of them.
        key: Option<Box<Expr>>,
    },
    /// (issue 43) `hole of p + board`: the cards of two or three zones read as one, a
    /// [`Value::Joined`] (see `check/joined.rs`).
    Joined(Vec<Expr>),
}

/// The most players a game may have.
pub const MAX_PLAYERS: u8 = 8;

/// The most aggregates inside one another's conditions at once.
pub const MAX_AGGREGATE_DEPTH: usize = 4;

/// The values of a pure expression of one or two cards, for every card and for `none`.
#[derive(Debug, Clone, PartialEq)]
pub struct CardTable {
    /// The expressions that give the cards (one or two).
    pub args: Vec<Expr>,
    /// How many entries one argument spans: the number of cards, plus one for `none`.
    pub stride: u32,
    /// The values, by `first * stride + second` (a card's index, or `stride - 1` for anything
    /// that is not a card).
    pub values: std::sync::Arc<[Value]>,
}

impl CardTable {
    /// The entry of one argument's value.
    #[inline]
    pub fn index_of(&self, v: Value) -> u32 {
        match v {
            Value::Card(c) if (c as u32) < self.stride - 1 => c as u32,
            _ => self.stride - 1,
        }
    }
}
