//! The checker index: every declaration of a file, every use of a name resolved to its
//! declaration, with spans, for the lints and for an editor (go to definition, references,
//! hover, outline, completion).
//!
//! One name-binding pass over the syntax tree builds it (`Index::of`): first the file's
//! top-level names (so a function may be called before it is declared), then every item with
//! the language's scopes. Look-ups live in `lookup.rs` (by offset, for an editor) and
//! `by_span.rs` (by the exact span of a name, for the lints), one-line signatures in `detail.rs`,
//! doc comments in `docs.rs`, the types of expressions in `types.rs`.

mod by_span;
mod detail;
mod docs;
mod exprs;
mod globals;
mod lookup;
mod scope;
mod stmts;
mod types;
mod walk;

use crate::syntax::ast::{File, Span};

pub use by_span::{BySpan, Meaning};
pub use lookup::Symbol;
pub(crate) use types::record as record_type;
pub use types::ExprType;

/// A declaration's place in [`Index::decls`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeclId(pub usize);

/// What a declaration declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeclKind {
    /// `option n = 3`.
    Option,
    /// `enum suit = ...`.
    Enum,
    /// A member of an enum.
    EnumMember,
    /// `property wild: bool = false`.
    Property,
    /// `cards standard = ...`: a group of cards.
    Cards,
    /// `order high: rank ...`.
    Order,
    /// `zone hand: ...`.
    Zone,
    /// `counter wars = 0`.
    Counter,
    /// `variable x = 0`.
    Variable,
    /// `function f(...): T = ...`.
    Function,
    /// `procedure p(...) { ... }`.
    Procedure,
    /// `variant v { ... }`.
    Variant,
    /// `melds rummy { ... }`.
    Melds,
    /// A pattern of a `melds` declaration (`run: ...`).
    MeldPattern,
    /// `hands category by high { ... }`.
    Hands,
    /// A pattern of a `hands` declaration (`flush: ...`), a value of `category of Z`.
    HandPattern,
    /// A parameter of a function or procedure.
    Parameter,
    /// `let x = ...`.
    Let,
    /// The item of a loop (`for each c in Z`, `for p`, `for k from 1 to 7`).
    LoopItem,
    /// The item of an aggregate (`any c in Z where ...`).
    AggregateItem,
    /// The name a choice binds (`p chooses c from Z`, a branch's `c from D`, `chooses 2 cards c`).
    Chosen,
    /// The player of `each player p secretly chooses ...`.
    ChoosingPlayer,
    /// The player of `end game highest p: ...` or `progress p = ...`.
    ScoredPlayer,
    /// The card of a meld's `wild c where ...` or `deadwood c: ...`.
    MeldCard,
}

impl DeclKind {
    /// The kind in words, as a hover shows it.
    pub fn word(self) -> &'static str {
        match self {
            DeclKind::Option => "option",
            DeclKind::Enum => "enum",
            DeclKind::EnumMember => "enum member",
            DeclKind::Property => "property",
            DeclKind::Cards => "cards",
            DeclKind::Order => "order",
            DeclKind::Zone => "zone",
            DeclKind::Counter => "counter",
            DeclKind::Variable => "variable",
            DeclKind::Function => "function",
            DeclKind::Procedure => "procedure",
            DeclKind::Variant => "variant",
            DeclKind::Melds => "melds",
            DeclKind::MeldPattern => "meld pattern",
            DeclKind::Hands => "hands",
            DeclKind::HandPattern => "hand pattern",
            DeclKind::Parameter => "parameter",
            DeclKind::Let => "let",
            DeclKind::LoopItem => "loop item",
            DeclKind::AggregateItem => "aggregate item",
            DeclKind::Chosen => "chosen",
            DeclKind::ChoosingPlayer => "choosing player",
            DeclKind::ScoredPlayer => "scored player",
            DeclKind::MeldCard => "meld card",
        }
    }

    /// Whether the name is local to a function, procedure, expression or declaration.
    pub fn is_local(self) -> bool {
        matches!(
            self,
            DeclKind::Parameter
                | DeclKind::Let
                | DeclKind::LoopItem
                | DeclKind::AggregateItem
                | DeclKind::Chosen
                | DeclKind::ChoosingPlayer
                | DeclKind::ScoredPlayer
                | DeclKind::MeldCard
        )
    }
}

/// One declaration: what it declares, where, and how a hover shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decl {
    /// What it declares.
    pub kind: DeclKind,
    /// The name declared.
    pub name: String,
    /// Where the name is written.
    pub span: Span,
    /// The whole declaration (for a local, the name again).
    pub full_span: Span,
    /// The `//` lines right above it, without the slashes (only when the index was given the
    /// source text).
    pub doc: Option<String>,
    /// A one-line signature: `zone hand: per player, private`, `function f(x: card): int`.
    pub detail: String,
    /// The type as written or evident (`int`, `card`, `suit`, `zone`), when known.
    pub ty: Option<String>,
    /// The declaration it belongs to: an enum for its member, a variant for its items, a
    /// function or procedure for its locals.
    pub parent: Option<DeclId>,
    /// Where the name can be used: `None` for the whole file, else from its binding to the end
    /// of its scope (a variant's items: the variant block).
    pub visible: Option<Span>,
    /// Whether it is declared in the base game of a variant file ([`Index::with_base`]): its
    /// spans are then in that file.
    pub in_base: bool,
}

/// A name used, resolved to its declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Use {
    /// Where the name is written.
    pub span: Span,
    /// What it means.
    pub decl: DeclId,
}

/// A name used that resolves to nothing (the checker reports it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unresolved {
    /// Where the name is written.
    pub span: Span,
    /// The name.
    pub name: String,
}

/// Every declaration and every use of a name in one file.
#[derive(Debug, Clone, Default)]
pub struct Index {
    /// The declarations, in the order the pass met them.
    pub decls: Vec<Decl>,
    /// Every name used and resolved, in the order the pass met them.
    pub uses: Vec<Use>,
    /// Every name used that resolves to nothing.
    pub unresolved: Vec<Unresolved>,
    /// The type of every expression the checker checked ([`Index::add_types`]), by span.
    pub types: Vec<ExprType>,
}

impl Index {
    /// The index of a parsed file, without doc comments (the tree keeps none).
    pub fn of(file: &File) -> Index {
        Index::build(file, None)
    }

    /// The index of a parsed file, with each declaration's doc comment read from `source` (the
    /// text `file` was parsed from).
    pub fn of_source(file: &File, source: &str) -> Index {
        let mut index = Index::build(file, None);
        docs::fill(&mut index, source);
        index
    }

    /// The index of a variant file (`extends "game.cardgame"`): the base game's top-level
    /// declarations are known too (marked `in_base`, their spans in the base's text), and
    /// nothing of the base is indexed as used.
    pub fn with_base(file: &File, base: &File) -> Index {
        Index::build(file, Some(base))
    }

    fn build(file: &File, base: Option<&File>) -> Index {
        let mut b = walk::Builder::default();
        if let Some(base) = base {
            b.base_layer(base);
        }
        b.file(file);
        b.index
    }

    /// The declaration with this id.
    pub fn decl(&self, id: DeclId) -> &Decl {
        &self.decls[id.0]
    }

    fn push(&mut self, decl: Decl) -> DeclId {
        self.decls.push(decl);
        DeclId(self.decls.len() - 1)
    }
}
