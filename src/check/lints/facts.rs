//! What the lints share about one set of rules: the declarations in force by name, how each
//! zone shows its cards, option values, the procedures that run during play, and small
//! questions about the syntax tree (which zone an expression names, which names it reads).
//!
//! What a name written in the rules means comes from the checker index, by the span of the
//! name ([`BySpan`]): a parameter, `let`, loop item or chosen name called like a zone, counter,
//! option or enum is that local, never the declaration. Only a name the index could not
//! resolve (the checker reports it), and the checker's own use of these facts (which has no
//! index: [`Facts::from_items`] for private choices), fall back to the name's text.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::Rules;
use crate::check::index::{BySpan, DeclKind, Meaning};
use crate::check::ir::{Program, Value, Visibility};
use crate::syntax::ast::*;
use crate::syntax::walk::{self, Visitor};

/// A zone declaration and how it shows its cards (the language's defaults filled in).
pub(crate) struct ZoneFacts<'a> {
    /// The declaration.
    pub decl: &'a ZoneDecl,
    /// One zone per player (`per player`), or one for the table.
    pub per_player: bool,
    /// Whether cards put there lie face up unless a move says otherwise.
    pub face_up: bool,
    /// Whether every face-up card shows (`spread`), or only the top one.
    pub spread: bool,
    /// Who sees its cards: by facing, everyone, or only the owner.
    pub visibility: Visibility,
}

/// A zone as an expression names it: its declaration's name, and the player after `of`.
#[derive(Clone, Copy)]
pub(crate) struct ZoneRef<'e> {
    /// The zone declaration's name.
    pub name: &'e str,
    /// The player whose zone it is, for a per-player zone.
    pub of: Option<&'e Expr>,
}

/// The declarations in force for one set of rules, by name (the first of a duplicate wins).
pub(crate) struct Facts<'a> {
    /// The checked program, when the rules check cleanly.
    pub program: Option<&'a Program>,
    /// The number of players.
    pub players: u32,
    /// Zones by name.
    pub zones: HashMap<&'a str, ZoneFacts<'a>>,
    /// Procedures in declaration order.
    pub procedures: Vec<&'a ProcedureDecl>,
    /// Functions by name.
    pub functions: HashMap<&'a str, &'a FunctionDecl>,
    /// Options by name.
    pub options: HashMap<&'a str, &'a OptionDecl>,
    /// `cards` declarations by name.
    pub cards: HashMap<&'a str, &'a CardsDecl>,
    /// Names that never change during a game: options, enum members, properties, orders,
    /// functions and groups of cards (by text, for a name the index does not resolve).
    pub fixed: HashSet<&'a str>,
    /// What each name written in the file means, by its span (`None`: by text alone).
    pub names: Option<&'a BySpan<'a>>,
}

impl<'a> Facts<'a> {
    /// Collects the declarations of `rules`, whose names mean what `names` (the index of the
    /// file the rules come from) says.
    pub fn new(rules: &'a Rules, names: &'a BySpan<'a>) -> Facts<'a> {
        Facts { names: Some(names), ..Facts::from_items(&rules.items, rules.program.as_ref()) }
    }

    /// Collects the declarations in force (`items`, a variant applied), with their checked
    /// program if there is one; with no index, a name means what its text names.
    pub fn from_items(items: &'a [Item], program: Option<&'a Program>) -> Facts<'a> {
        let mut f = Facts {
            program,
            players: 2,
            zones: HashMap::new(),
            procedures: Vec::new(),
            functions: HashMap::new(),
            options: HashMap::new(),
            cards: HashMap::new(),
            fixed: HashSet::new(),
            names: None,
        };
        for item in items {
            match item {
                Item::Players { count, .. } => f.players = *count,
                Item::Zone(z) => {
                    f.zones.entry(z.name.text.as_str()).or_insert_with(|| zone_facts(z));
                }
                Item::Procedure(p) => {
                    if !f.procedures.iter().any(|q| q.name.text == p.name.text) {
                        f.procedures.push(p);
                    }
                }
                Item::Function(d) => {
                    f.functions.entry(d.name.text.as_str()).or_insert(d);
                    f.fixed.insert(&d.name.text);
                }
                Item::Option(o) => {
                    f.options.entry(o.name.text.as_str()).or_insert(o);
                    f.fixed.insert(&o.name.text);
                }
                Item::Enum(e) => f.fixed.extend(e.members.iter().map(|m| m.name.text.as_str())),
                Item::Hands(h) => f.fixed.extend(h.patterns.iter().map(|p| p.name.text.as_str())),
                Item::Cards(c) => {
                    f.cards.entry(c.name.text.as_str()).or_insert(c);
                    f.fixed.insert(&c.name.text);
                }
                Item::Property(_) | Item::Order(_) => {
                    f.fixed.extend(item.name().map(|n| n.text.as_str()));
                }
                Item::Game { .. }
                | Item::Teams { .. }
                | Item::Counter(_)
                | Item::Variant(_)
                | Item::Length { .. }
                | Item::Progress(_)
                | Item::Melds(_)
                | Item::View(_) => {}
            }
        }
        f
    }

    /// The procedure named `name`.
    pub fn procedure(&self, name: &str) -> Option<&'a ProcedureDecl> {
        self.procedures.iter().copied().find(|p| p.name.text == name)
    }

    /// What the name written at `span` means, by the index (`Unknown` without one).
    pub fn meaning(&self, span: Span) -> Meaning<'a> {
        self.names.map_or(Meaning::Unknown, |n| n.meaning(span))
    }

    /// Whether the name written at `span` may mean a top-level declaration of one of `kinds`:
    /// by the index when it resolves the name (a local never does); else (no index, or a name
    /// the checker reports) yes, and the caller looks the name up by its text.
    pub fn may_mean(&self, span: Span, kinds: &[DeclKind]) -> bool {
        match self.meaning(span) {
            Meaning::Decl(d) => kinds.contains(&d.kind),
            Meaning::Unresolved | Meaning::Unknown => true,
        }
    }

    /// Whether two names, written at `a` and `b` with the texts `a_text` and `b_text`, mean
    /// the same declaration: by the index when it resolves both, else by their text.
    pub fn same_name(&self, (a, a_text): (Span, &str), (b, b_text): (Span, &str)) -> bool {
        match (self.meaning(a), self.meaning(b)) {
            (Meaning::Decl(x), Meaning::Decl(y)) => std::ptr::eq(x, y),
            _ => a_text == b_text,
        }
    }

    /// Whether two expressions are written alike, each name meaning the same declaration (by
    /// the index: a `let c` given again, or another loop's `c`, is another name).
    pub fn same(&self, a: &Expr, b: &Expr) -> bool {
        same_by(a, b, &|x, y| self.same_name(x, y))
    }

    /// Whether the name written at `span` with the text `text` is the counter or variable `c`.
    pub fn is_counter(&self, span: Span, text: &str, c: &str) -> bool {
        text == c && self.may_mean(span, &[DeclKind::Counter, DeclKind::Variable])
    }

    /// The function of the rules a call calls: by the index, a built-in function (`abs`) or a
    /// name that means no function calls none.
    pub fn called(&self, name: &Name) -> Option<&'a FunctionDecl> {
        let by_index = match self.meaning(name.span) {
            Meaning::Decl(d) => d.kind == DeclKind::Function,
            Meaning::Unknown => self.names.is_none(),
            Meaning::Unresolved => true,
        };
        by_index.then(|| self.functions.get(name.text.as_str()).copied()).flatten()
    }

    /// The zone an expression names (`Z`, `Z of p`), when it names one directly.
    pub fn zone<'e>(&self, e: &'e Expr) -> Option<ZoneRef<'e>> {
        let zone = |span: Span, name: &str| self.may_mean(span, &[DeclKind::Zone]) && self.zones.contains_key(name);
        match &e.kind {
            ExprKind::Name(n) if zone(e.span, n) => Some(ZoneRef { name: n, of: None }),
            ExprKind::Of { name, arg } if zone(name.span, &name.text) => {
                Some(ZoneRef { name: &name.text, of: Some(arg) })
            }
            // issue 43: `grid k of p` is one of p's zones `grid` (whose, for who sees it).
            ExprKind::KeyedOf { name, owner, .. } if zone(name.span, &name.text) => {
                Some(ZoneRef { name: &name.text, of: Some(owner) })
            }
            _ => None,
        }
    }

    /// The whole-number value in force of the option a bare name means, and whether it is the
    /// option's default (not for a local of the option's name).
    pub fn option_at(&self, e: &Expr) -> Option<(i64, bool)> {
        match &e.kind {
            ExprKind::Name(n) if self.may_mean(e.span, &[DeclKind::Option]) => self.option_int(n),
            _ => None,
        }
    }

    /// The whole-number value in force of an option, and whether it is the option's default.
    pub fn option_int(&self, name: &str) -> Option<(i64, bool)> {
        match self.program {
            Some(p) => {
                let o = p.options.iter().find(|o| o.name == name)?;
                match o.value {
                    Value::Int(i) => Some((i, o.value == o.default)),
                    _ => None,
                }
            }
            None => match self.options.get(name)?.value.kind {
                LiteralKind::Int(i) => Some((i, true)),
                _ => None,
            },
        }
    }

    /// A whole number known before the game starts: numbers, options and arithmetic on them.
    pub fn const_int(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int(i) => Some(*i),
            ExprKind::Name(_) => self.option_at(e).map(|(v, _)| v),
            ExprKind::Unary { op: UnOp::Neg, operand } => self.const_int(operand)?.checked_neg(),
            ExprKind::Binary { op, lhs, rhs } => arith(*op, self.const_int(lhs)?, self.const_int(rhs)?),
            _ => None,
        }
    }

    /// Every name an expression reads, looking into the functions it calls.
    pub fn reads(&self, e: &Expr) -> BTreeSet<String> {
        self.reads_both(e).0
    }

    /// The names an expression reads that can change during a game (locals, counters,
    /// variables, zones, the position; not options, enum members, functions, ...), looking into
    /// the functions it calls. A local named like an option is read; the option is not.
    pub fn reads_changing(&self, e: &Expr) -> BTreeSet<String> {
        self.reads_both(e).1
    }

    fn reads_both(&self, e: &Expr) -> (BTreeSet<String>, BTreeSet<String>) {
        let mut names = self.names_visitor();
        walk::expr(&mut names, e);
        self.close_over_functions(names)
    }

    fn names_visitor(&self) -> Names<'_, 'a> {
        Names {
            facts: self,
            names: BTreeSet::new(),
            changing: BTreeSet::new(),
            functions: Vec::new(),
            procedures: Vec::new(),
        }
    }

    /// Whether the name written at `span` means something that never changes during a game.
    /// An enum's name (what `from rank` goes over) never changes either; the text match took
    /// it for the property of its name, which is fixed too.
    fn fixed_at(&self, span: Span, text: &str) -> bool {
        use DeclKind as K;
        match self.meaning(span) {
            Meaning::Decl(d) if d.kind == K::Enum => true,
            Meaning::Decl(d) => {
                matches!(
                    d.kind,
                    K::Option | K::EnumMember | K::HandPattern | K::Property | K::Order | K::Function | K::Cards
                ) && self.fixed.contains(text)
            }
            Meaning::Unresolved | Meaning::Unknown => self.fixed.contains(text),
        }
    }

    /// Every name a statement mentions (zones, counters, locals, ...), looking into the
    /// procedures and functions it calls.
    pub fn mentions(&self, s: &Stmt) -> BTreeSet<String> {
        let mut names = self.names_visitor();
        walk::stmt(&mut names, s);
        let mut seen: HashSet<String> = HashSet::new();
        while let Some(p) = names.procedures.pop() {
            if !seen.insert(p.clone()) {
                continue;
            }
            if let Some(decl) = self.procedure(&p) {
                walk::block(&mut names, &decl.body);
            }
        }
        self.close_over_functions(names).0
    }

    /// The names read, and those of them that can change, with those read by the functions
    /// called (their parameters left out).
    fn close_over_functions(&self, mut names: Names<'_, 'a>) -> (BTreeSet<String>, BTreeSet<String>) {
        let mut seen: HashSet<&str> = HashSet::new();
        while let Some(decl) = names.functions.pop() {
            if !seen.insert(decl.name.text.as_str()) {
                continue;
            }
            let mut inner = self.names_visitor();
            walk::expr(&mut inner, &decl.body);
            for p in &decl.params {
                inner.names.remove(&p.name.text);
                inner.changing.remove(&p.name.text);
            }
            names.names.extend(inner.names);
            names.changing.extend(inner.changing);
            names.functions.extend(inner.functions);
        }
        (names.names, names.changing)
    }

    /// The procedures that can run once `play` starts: `play` and every procedure it calls,
    /// directly or not.
    pub fn playable(&self) -> HashSet<&'a str> {
        let mut out: HashSet<&'a str> = HashSet::new();
        let mut todo: Vec<&'a str> = vec!["play"];
        while let Some(name) = todo.pop() {
            let Some(p) = self.procedure(name) else { continue };
            if !out.insert(&p.name.text) {
                continue;
            }
            each_stmt(&p.body, &mut |s| {
                if let StmtKind::Call { name, .. } = &s.kind {
                    todo.push(&name.text);
                }
            });
        }
        out
    }

    /// Whether two players are surely different seats: `player 1` and `player 2`, or `p` and
    /// `opponent of p` when there are at least two players.
    pub fn surely_other(&self, a: &Expr, b: &Expr) -> bool {
        match (&a.kind, &b.kind) {
            (ExprKind::Player(x), ExprKind::Player(y)) => x != y,
            (ExprKind::Opponent(x), _) if self.same(x, b) => self.players >= 2,
            (_, ExprKind::Opponent(y)) if self.same(a, y) => self.players >= 2,
            _ => false,
        }
    }
}

/// A zone's facts from its attributes, with the language's defaults.
fn zone_facts(z: &ZoneDecl) -> ZoneFacts<'_> {
    let mut f =
        ZoneFacts { decl: z, per_player: false, face_up: false, spread: false, visibility: Visibility::ByFacing };
    for a in &z.attrs {
        match &a.kind {
            ZoneAttrKind::PerPlayer => f.per_player = true,
            ZoneAttrKind::Shared => f.per_player = false,
            // issue 43: a row keyed by a number or member is each player's with `per player`.
            ZoneAttrKind::PerRange(..) | ZoneAttrKind::PerEnum(_) => {}
            ZoneAttrKind::Facing(x) => f.face_up = *x == Facing::Up,
            ZoneAttrKind::Public => f.visibility = Visibility::Public,
            ZoneAttrKind::Private => f.visibility = Visibility::Private,
            ZoneAttrKind::SeenByOthers => f.visibility = Visibility::Others,
            ZoneAttrKind::Spread => f.spread = true,
            ZoneAttrKind::Stack => f.spread = false,
            ZoneAttrKind::Holds(_) => {}
        }
    }
    f
}

/// Whole-number arithmetic as the engine does it, or `None` (overflow, division by zero).
pub(crate) fn arith(op: BinOp, a: i64, b: i64) -> Option<i64> {
    match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div => a.checked_div(b),
        BinOp::Mod => a.checked_rem(b),
        BinOp::Pow => u32::try_from(b).ok().and_then(|b| a.checked_pow(b)),
        _ => None,
    }
}

/// The names an expression or statement uses, and the functions and procedures it calls.
/// The name [`Facts::reads`] gives what `position seen before` reads, and effects give what
/// `remember position` and turning a card change (no game name has a space).
pub(crate) const POSITION: &str = "the position";

struct Names<'f, 'a> {
    facts: &'f Facts<'a>,
    /// Every name read.
    names: BTreeSet<String>,
    /// The names read where they mean something that can change.
    changing: BTreeSet<String>,
    /// The functions of the rules called.
    functions: Vec<&'a FunctionDecl>,
    procedures: Vec<String>,
}

impl Names<'_, '_> {
    fn read(&mut self, span: Span, text: &str) {
        if !self.names.contains(text) {
            self.names.insert(text.to_string());
        }
        if !self.changing.contains(text) && !self.facts.fixed_at(span, text) {
            self.changing.insert(text.to_string());
        }
    }
}

impl Visitor for Names<'_, '_> {
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Name(n) => self.read(e.span, n),
            ExprKind::Of { name, .. } => self.read(name.span, &name.text),
            ExprKind::Call { name, .. } => self.functions.extend(self.facts.called(name)),
            ExprKind::PositionSeen => {
                self.names.insert(POSITION.to_string());
                self.changing.insert(POSITION.to_string());
            }
            _ => {}
        }
    }
    fn name(&mut self, name: &Name) {
        self.read(name.span, &name.text);
    }
    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            if let StmtKind::Call { name, .. } = &s.kind {
                self.procedures.push(name.text.clone());
            }
        }
    }
}

/// Calls `f` on every statement of a block, nested ones included, in source order.
pub(crate) fn each_stmt<'b>(b: &'b Block, f: &mut impl FnMut(&'b Stmt)) {
    for s in &b.stmts {
        f(s);
        for inner in sub_blocks(s) {
            each_stmt(inner, f);
        }
    }
}

/// The blocks directly inside a statement: an `if`'s branches, a loop's body.
pub(crate) fn sub_blocks(s: &Stmt) -> Vec<&Block> {
    match &s.kind {
        StmtKind::If { then, otherwise, .. } => std::iter::once(then).chain(otherwise.as_ref()).collect(),
        StmtKind::While { body, .. }
        | StmtKind::Repeat { body, .. }
        | StmtKind::ForPlayer { body, .. }
        | StmtKind::ForCard { body, .. }
        | StmtKind::ForEach { body, .. }
        | StmtKind::ForRange { body, .. } => vec![body],
        StmtKind::ChooseOne { branches, otherwise, .. } | StmtKind::AnyPlayerMay { branches, otherwise, .. } => {
            branches.iter().map(|b| &b.body).chain(otherwise.as_ref()).collect()
        }
        _ => Vec::new(),
    }
}

/// Whether a statement is, or holds, one that moves or turns cards or calls a procedure.
pub(crate) fn moves_cards(s: &Stmt) -> bool {
    let mut found = false;
    let mut check = |s: &Stmt| {
        found |= matches!(
            s.kind,
            StmtKind::Move { .. }
                | StmtKind::Deal { .. }
                | StmtKind::TurnOver(_)
                | StmtKind::TurnCard { .. }
                | StmtKind::ChooseCards(_)
                | StmtKind::Call { .. }
        );
    };
    check(s);
    for b in sub_blocks(s) {
        each_stmt(b, &mut check);
    }
    found
}

/// Whether two expressions are written the same, wherever they are.
pub(crate) fn same(a: &Expr, b: &Expr) -> bool {
    same_by(a, b, &|(_, x), (_, y)| x == y)
}

/// Whether two names, each by its span and text, are the same name.
type SameName<'f> = dyn Fn((Span, &str), (Span, &str)) -> bool + 'f;

/// [`same`], with `names` saying whether two names (their spans and texts) are the same name:
/// as text ([`same`]) or by what each means ([`Facts::same`]). A property's name is its text.
fn same_by(a: &Expr, b: &Expr, names: &SameName) -> bool {
    use ExprKind as K;
    let same = |x: &Expr, y: &Expr| same_by(x, y, names);
    let all = |xs: &[Expr], ys: &[Expr]| xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same(x, y));
    let name = |n: &Name, m: &Name| names((n.span, &n.text), (m.span, &m.text));
    match (&a.kind, &b.kind) {
        (K::Int(x), K::Int(y)) => x == y,
        (K::Bool(x), K::Bool(y)) => x == y,
        (K::None, K::None) => true,
        (K::Name(x), K::Name(y)) => names((a.span, x), (b.span, y)),
        (K::Player(x), K::Player(y)) => x == y,
        (K::Top(x), K::Top(y))
        | (K::Bottom(x), K::Bottom(y))
        | (K::Count(x), K::Count(y))
        | (K::Opponent(x), K::Opponent(y)) => same(x, y),
        (K::SetLit(xs), K::SetLit(ys)) => all(xs, ys),
        (K::Call { name: n, args: xs }, K::Call { name: m, args: ys }) => name(n, m) && all(xs, ys),
        (K::Of { name: n, arg: x }, K::Of { name: m, arg: y }) => name(n, m) && same(x, y),
        (K::If { cond: c, then: t, otherwise: o }, K::If { cond: c2, then: t2, otherwise: o2 }) => {
            same(c, c2) && same(t, t2) && same(o, o2)
        }
        (K::Binary { op, lhs, rhs }, K::Binary { op: op2, lhs: l2, rhs: r2 }) => {
            op == op2 && same(lhs, l2) && same(rhs, r2)
        }
        (K::Unary { op, operand }, K::Unary { op: op2, operand: x2 }) => op == op2 && same(operand, x2),
        (K::Field { target, name }, K::Field { target: t2, name: n2 }) => name.text == n2.text && same(target, t2),
        (K::IsEmpty { target, negated }, K::IsEmpty { target: t2, negated: n2 })
        | (K::IsNone { target, negated }, K::IsNone { target: t2, negated: n2 }) => negated == n2 && same(target, t2),
        _ => false,
    }
}

/// Whether `needle` is written somewhere inside `hay` (or is `hay`).
pub(crate) fn contains(hay: &Expr, needle: &Expr) -> bool {
    struct Find<'n>(&'n Expr, bool);
    impl Visitor for Find<'_> {
        fn expr(&mut self, e: &Expr) {
            self.1 |= same(e, self.0);
        }
    }
    let mut f = Find(needle, false);
    walk::expr(&mut f, hay);
    f.1
}

/// The names bound to players in a procedure: its `player` parameters, `for each player`
/// names and the player names of secret choices and of `end game highest`.
pub(crate) fn player_names(p: &ProcedureDecl) -> HashSet<&str> {
    let mut out: HashSet<&str> =
        p.params.iter().filter(|x| x.ty.kind == TypeExprKind::Player).map(|x| x.name.text.as_str()).collect();
    each_stmt(&p.body, &mut |s| match &s.kind {
        StmtKind::ForPlayer { var, .. } | StmtKind::ChooseSecretly { player_var: var, .. } => {
            out.insert(&var.text);
        }
        StmtKind::End(EndKind::Highest { var, .. }) => {
            out.insert(&var.text);
        }
        _ => {}
    });
    out
}

/// The procedures a block calls, in source order (with repeats).
pub(crate) fn callees(b: &Block) -> Vec<&Name> {
    let mut out = Vec::new();
    each_stmt(b, &mut |s| {
        if let StmtKind::Call { name, .. } = &s.kind {
            out.push(name);
        }
    });
    out
}

/// An expression written out again, for messages (`Z of p`, `top of Z`, `c.P`), as `fmt`
/// writes it.
pub(crate) fn show(e: &Expr) -> String {
    crate::syntax::fmt::expression(e)
}

/// The expressions directly inside an expression.
pub(crate) fn children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::KeyedOf { key, owner, .. } => vec![key, owner],
        ExprKind::EveryOf { owner, .. } => vec![owner],
        ExprKind::Int(_)
        | ExprKind::Text(_)
        | ExprKind::Bool(_)
        | ExprKind::None
        | ExprKind::PositionSeen
        | ExprKind::Name(_)
        | ExprKind::Player(_) => Vec::new(),
        ExprKind::Top(x) | ExprKind::Bottom(x) | ExprKind::Count(x) | ExprKind::Opponent(x) => vec![x],
        ExprKind::SetLit(xs) | ExprKind::Call { args: xs, .. } => xs.iter().collect(),
        ExprKind::Of { arg, .. } => vec![arg],
        ExprKind::If { cond, then, otherwise } => vec![cond, then, otherwise],
        ExprKind::Binary { lhs, rhs, .. } => vec![lhs, rhs],
        ExprKind::Unary { operand: x, .. }
        | ExprKind::Field { target: x, .. }
        | ExprKind::IsEmpty { target: x, .. }
        | ExprKind::IsNone { target: x, .. }
        | ExprKind::IsFaceUp { target: x, .. } => vec![x],
        ExprKind::Every(_) => Vec::new(),
        ExprKind::Deadwood { zone, without } => std::iter::once(&**zone).chain(without.as_deref()).collect(),
        ExprKind::Strength { zone, .. } => vec![zone],
        ExprKind::Arrangements(zone) | ExprKind::AllArrangements(zone) => vec![zone],
        ExprKind::PlayerAt(x) | ExprKind::Across(x) => vec![x],
        ExprKind::CardAt { index, zone } => vec![index, zone],
        ExprKind::Aggregate(a) => a.domain.exprs().chain(&a.value).chain(&a.cond).collect(),
    }
}

/// Where a statement is, for a label: the statement itself, without the blocks of a loop or an
/// `if` (just its first line, up to the condition), and without the space after the last part
/// of a `deal`, `move` or choice.
pub(crate) fn label_span(s: &Stmt) -> Span {
    let end = match &s.kind {
        StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => cond.span.end,
        StmtKind::Repeat { count, .. } => count.span.end,
        StmtKind::ForCard { zone, .. } => zone.span.end,
        StmtKind::ForEach { var, cond, domain, .. } => match (cond, domain) {
            (Some(c), _) => c.span.end,
            (None, d) => d.exprs().last().map_or(var.span.end, |d| d.span.end),
        },
        StmtKind::ForRange { to, .. } => to.span.end,
        StmtKind::ForPlayer { var, .. } => var.span.end,
        StmtKind::Deal { to, .. } => to.span.end,
        StmtKind::Move { to, .. } => to.span.end,
        StmtKind::Choose { from, filter, .. } | StmtKind::ChooseSecretly { from, filter, .. } => {
            let d = from.to.as_ref().unwrap_or(&from.from).span.end;
            filter.as_ref().map_or(d, |f| f.span.end.max(d))
        }
        _ => s.span.end,
    };
    Span::new(s.span.start, end.clamp(s.span.start, s.span.end))
}
