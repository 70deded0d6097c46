//! Checks expressions: resolves names, infers and checks types. Function calls, and the
//! functions' own bodies, are checked in `calls`.

use super::error::{suggest, CheckError};
use super::ir::*;
use super::{Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, BinOp, ExprKind, Span, UnOp};

/// A local name in scope.
#[derive(Debug, Clone)]
pub(crate) struct Var {
    pub name: String,
    pub slot: u16,
    pub ty: Type,
    /// A per-player local (a secret choice) takes one slot per player from `slot`.
    pub per_player: bool,
    /// The item of an aggregate (`c` in `any c in Z where ...`), by the aggregate's key.
    pub each: Option<u32>,
}

/// The local names visible while checking, and the slots they use.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scope {
    pub vars: Vec<Var>,
    pub next_slot: u16,
    pub max_slot: u16,
    /// Parameters of the function being checked, read as `Expr::Param`.
    pub params: Vec<(String, Type)>,
    /// Known values of locals, for expressions evaluated while checking (card properties).
    pub const_locals: Vec<Value>,
    /// The `let` names of the function block being checked (put in before checking, so never
    /// looked up): offered by "did you mean" for a misspelt one.
    pub let_names: Vec<String>,
    /// Whether locals are the slots of a function's frame (`Expr::FnLocal`), not a procedure's.
    pub frame: bool,
}

impl Scope {
    /// A scope in which each property name stands for the value it has on the card being made.
    pub(crate) fn for_card(checker: &Checker, props: &[Value]) -> Scope {
        let mut s = Scope::default();
        for (i, p) in checker.properties.iter().enumerate() {
            s.bind(&p.name, p.ty, false, 1);
            s.const_locals.push(props.get(i).copied().unwrap_or_default());
        }
        s
    }

    /// Binds a name to fresh slots (`width` of them) and returns the first.
    pub(crate) fn bind(&mut self, name: &str, ty: Type, per_player: bool, width: u16) -> u16 {
        let slot = self.next_slot;
        self.next_slot += width;
        self.max_slot = self.max_slot.max(self.next_slot);
        self.vars.push(Var { name: name.to_string(), slot, ty, per_player, each: None });
        slot
    }

    /// Binds a name to the item of aggregate `key` (no slot: it is read from the aggregate).
    pub(crate) fn bind_each(&mut self, name: &str, ty: Type, key: u32) {
        self.vars.push(Var { name: name.to_string(), slot: 0, ty, per_player: false, each: Some(key) });
    }

    /// A fresh hidden slot (loop counters).
    pub(crate) fn hidden(&mut self) -> u16 {
        self.bind("", Type::Int, false, 1)
    }

    /// Whether a local or parameter has this name.
    pub(crate) fn knows(&self, name: &str) -> bool {
        self.lookup(name).is_some() || self.params.iter().any(|(p, _)| p == name)
    }

    fn lookup(&self, name: &str) -> Option<&Var> {
        self.vars.iter().rev().find(|v| v.name == name)
    }

    /// The slot and type of a local that holds one value (not an aggregate's item).
    pub(crate) fn frame_slot(&self, name: &str) -> Option<(u16, Type)> {
        self.lookup(name).filter(|v| v.each.is_none() && !v.per_player).map(|v| (v.slot, v.ty))
    }

    /// The current depth, to restore when a block ends.
    pub(crate) fn mark(&self) -> (usize, u16) {
        (self.vars.len(), self.next_slot)
    }

    /// Forgets names bound since `mark`. Slots are not reused, so a paused frame stays valid.
    pub(crate) fn restore(&mut self, mark: (usize, u16)) {
        self.vars.truncate(mark.0);
    }
}

impl Checker {
    /// The words for a type in messages.
    pub(crate) fn type_name(&self, t: Type) -> String {
        match t {
            Type::Int => "a number".into(),
            Type::Bool => "a true/false value".into(),
            Type::Card => "a card".into(),
            Type::Player => "a player".into(),
            Type::Zone => "a zone".into(),
            Type::Zones => "a row of zones (`every ...`)".into(),
            Type::Enum(e) => format!("a `{}`", self.enums[e as usize].name),
            Type::Set(e) => format!("a set of `{}`", self.enums[e as usize].name),
            Type::None => "`none`".into(),
            Type::EmptySet => "an empty set".into(),
            Type::Arrangement => "an arrangement of melds".into(),
            Type::Text => "a text".into(),
            Type::Cards => "some cards (a set from `subsets of`)".into(),
        }
    }

    /// A value in words, for messages.
    pub(crate) fn show_value(&self, v: Value, t: Type) -> String {
        match (v, t) {
            (Value::Sym(s), Type::Enum(e)) => self.enums[e as usize].members[s as usize].clone(),
            (Value::Int(i), _) => i.to_string(),
            (Value::Bool(b), _) => b.to_string(),
            _ => format!("{v:?}"),
        }
    }

    /// Whether a value of type `found` may stand where `expected` is wanted.
    pub(crate) fn compatible(expected: Type, found: Type) -> bool {
        expected == found
            || found == Type::None
            || expected == Type::None
            || (found == Type::EmptySet && matches!(expected, Type::Set(_)))
            || (expected == Type::EmptySet && matches!(found, Type::Set(_)))
            // A zone's cards may be read wherever some cards are.
            || (expected == Type::Cards && found == Type::Zone)
    }

    /// Reports a type mismatch.
    pub(crate) fn expect_type(&mut self, span: Span, expected: Type, found: Type) {
        if !Self::compatible(expected, found) {
            let (e, f) = (self.type_name(expected), self.type_name(found));
            self.errors.push(CheckError::wrong_type(span, e, f));
        }
    }

    /// The only enum member named `name`, if exactly one enum has it.
    pub(crate) fn member_anywhere(&self, name: &str) -> Option<(u16, u16)> {
        let mut found = None;
        for (e, info) in self.enums.iter().enumerate() {
            if let Some(m) = info.members.iter().position(|x| x == name) {
                if found.is_some() {
                    return None;
                }
                found = Some((e as u16, m as u16));
            }
        }
        found
    }

    fn member_of(&self, e: u16, name: &str) -> Option<u16> {
        self.enums[e as usize].members.iter().position(|x| x == name).map(|m| m as u16)
    }

    /// Checks an expression, with the type wanted (if known) guiding enum members.
    pub(crate) fn check_expr(&mut self, e: &ast::Expr, expected: Option<Type>, scope: &mut Scope) -> (Expr, Type) {
        let checked = self.check_expr_kind(e, expected, scope);
        super::index::record_type(e.span, checked.1, || self.type_name(checked.1));
        checked
    }

    fn check_expr_kind(&mut self, e: &ast::Expr, expected: Option<Type>, scope: &mut Scope) -> (Expr, Type) {
        match &e.kind {
            ExprKind::Int(i) => {
                if let Some(Type::Enum(en)) = expected {
                    if let Some(m) = self.member_of(en, &i.to_string()) {
                        return (Expr::Const(Value::Sym(m)), Type::Enum(en));
                    }
                }
                (Expr::Const(Value::Int(*i)), Type::Int)
            }
            ExprKind::Bool(b) => (Expr::Const(Value::Bool(*b)), Type::Bool),
            ExprKind::PositionSeen => (Expr::PositionSeen, Type::Bool),
            ExprKind::Text(t) => {
                // `"{p} made it"` as a value: only the texts of `announce`, `asking` and a
                // menu's labels fill in holes; this one would be shown as written.
                let hole = t.find('{').and_then(|i| t[i..].find('}').map(|j| &t[i..=i + j]));
                if let Some(hole) = hole {
                    self.errors.push(CheckError::invalid(
                        Mistake::HoleInTextValue,
                        e.span,
                        format!("`{hole}` in a text value is not filled in: it would be shown as written"),
                        "a text value, with no holes",
                        Some(
                            "holes are filled in only in the texts of `announce`, `asking` and a menu's labels: write                              `announce \"{p} made it\"`, or give the hole a place of its own: `\"{p} {if won then \"made it\" else \"went down\"}\"`"
                                .into(),
                        ),
                    ));
                }
                let i = match self.texts.iter().position(|x| x == t) {
                    Some(i) => i,
                    None => {
                        self.texts.push(t.clone());
                        self.texts.len() - 1
                    }
                };
                (Expr::Const(Value::Sym(i.min(u16::MAX as usize) as u16)), Type::Text)
            }
            ExprKind::None => (Expr::Const(Value::None), Type::None),
            ExprKind::Player(n) => {
                if *n == 0 || *n > self.players as u32 {
                    self.errors.push(CheckError::invalid(
                        Mistake::NoSuchPlayer,
                        e.span,
                        format!("there is no player {n}"),
                        "out of range",
                        Some(format!("players are numbered 1 to {}", self.players)),
                    ));
                }
                (Expr::Const(Value::Player(n.saturating_sub(1).min(255) as u8)), Type::Player)
            }
            ExprKind::Name(n) => self.check_name(n, e.span, expected, scope),
            ExprKind::Top(z) | ExprKind::Bottom(z) => {
                let z = self.one_zone(z, super::joined::JoinedUse::Top, true, scope);
                let top = matches!(e.kind, ExprKind::Top(_));
                (if top { Expr::Top(Box::new(z)) } else { Expr::Bottom(Box::new(z)) }, Type::Card)
            }
            ExprKind::Count(z) => (Expr::Count(Box::new(self.zones_expr(z, scope))), Type::Int),
            ExprKind::IsEmpty { target, negated } => {
                let z = Expr::IsEmpty(Box::new(self.zones_expr(target, scope)));
                (if *negated { Expr::Not(Box::new(z)) } else { z }, Type::Bool)
            }
            ExprKind::IsNone { target, negated } => {
                let (t, _) = self.check_expr(target, None, scope);
                let z = Expr::IsNone(Box::new(t));
                (if *negated { Expr::Not(Box::new(z)) } else { z }, Type::Bool)
            }
            ExprKind::Opponent(p) => {
                let p = self.typed(p, Type::Player, scope);
                (Expr::Opponent(Box::new(p)), Type::Player)
            }
            ExprKind::SetLit(items) => self.check_set(items, e.span, expected, scope),
            ExprKind::Call { name, args } => self.check_call(name, args, e.span, scope),
            ExprKind::Of { name, arg } => self.check_of(name, arg, scope),
            ExprKind::If { cond, then, otherwise } => {
                let c = self.typed(cond, Type::Bool, scope);
                let (t, tt) = self.check_expr(then, expected, scope);
                let (o, ot) = self.check_expr(otherwise, expected.or(Some(tt)), scope);
                let ty = if tt == Type::None { ot } else { tt };
                self.expect_type(otherwise.span, ty, ot);
                (Expr::If(Box::new(c), Box::new(t), Box::new(o)), ty)
            }
            ExprKind::Unary { op, operand } => match op {
                UnOp::Not => (Expr::Not(Box::new(self.typed(operand, Type::Bool, scope))), Type::Bool),
                UnOp::Neg => (Expr::Neg(Box::new(self.typed(operand, Type::Int, scope))), Type::Int),
            },
            ExprKind::Binary { op, lhs, rhs } => self.check_binary(*op, lhs, rhs, scope),
            ExprKind::Field { target, name } => {
                let t = self.typed(target, Type::Card, scope);
                match self.property_named(name) {
                    Some(p) => (Expr::Prop(Box::new(t), p), self.properties[p as usize].ty),
                    None => (Expr::Const(Value::None), Type::None),
                }
            }
            ExprKind::IsFaceUp { target, up } => {
                let c = self.typed(target, Type::Card, scope);
                (Expr::FaceUp(Box::new(c), *up), Type::Bool)
            }
            ExprKind::Deadwood { zone, without } => {
                self.need_melds(e.span, "`deadwood of`");
                let z = self.zone_expr(zone, scope);
                let c = without.as_ref().map(|c| Box::new(self.typed(c, Type::Card, scope)));
                (Expr::Deadwood(Box::new(z), c), Type::Int)
            }
            ExprKind::Strength { zone, hands } => self.check_strength(zone, hands, scope),
            ExprKind::Arrangements(_) => {
                self.errors.push(CheckError::invalid(
                    Mistake::ArrangementsAsValue,
                    e.span,
                    "`arrangements of` is something to choose from",
                    "not a value",
                    Some(
                        "write `p chooses a from arrangements of hand of p`, then `meld hand of p to every R as a`"
                            .into(),
                    ),
                ));
                (Expr::Const(Value::None), Type::None)
            }
            ExprKind::AllArrangements(_) => {
                self.errors.push(CheckError::invalid(
                    Mistake::ArrangementsAsValue,
                    e.span,
                    "`all arrangements of` is something to choose from",
                    "not a value",
                    Some(
                        "write `p chooses a from all arrangements of hand of p`, then `meld hand of p to every R as a`"
                            .into(),
                    ),
                ));
                (Expr::Const(Value::None), Type::None)
            }
            ExprKind::Aggregate(a) => self.check_aggregate(a, scope),
            ExprKind::PlayerAt(k) => (Expr::PlayerAt(Box::new(self.typed(k, Type::Int, scope))), Type::Player),
            ExprKind::CardAt { index, zone } => {
                let z = self.one_zone(zone, super::joined::JoinedUse::Top, true, scope);
                (Expr::CardAt(Box::new(z), Box::new(self.typed(index, Type::Int, scope))), Type::Card)
            }
            ExprKind::Across(p) => {
                let p = self.typed(p, Type::Player, scope);
                // Opposite seats exist only at a table of an even count.
                let across = match self.players {
                    n if n % 2 == 0 => Expr::Around(Box::new(p), n / 2),
                    _ => Expr::Const(Value::None),
                };
                (across, Type::Player)
            }
            ExprKind::KeyedOf { name, key, owner } => self.check_keyed_of(name, key, owner, scope),
            ExprKind::EveryOf { name, owner } => self.check_every_of(name, owner, scope),
            ExprKind::Every(name) => match self.globals.get(&name.text).map(|g| g.0) {
                Some(Global::Zone(z)) => {
                    let info = &self.zone_decls[z as usize];
                    (Expr::Const(Value::Zones(info.first, info.count)), Type::Zones)
                }
                _ => {
                    let names = self.names_where(|g| matches!(g, Global::Zone(_)));
                    self.errors.push(CheckError::UnknownZone {
                        name: name.text.clone(),
                        span: name.span.into(),
                        help: suggest(&name.text, names.iter().copied())
                            .or_else(|| Some("`every` takes the name of a zone declared `per ...`".into())),
                    });
                    (Expr::Const(Value::None), Type::Zones)
                }
            },
        }
    }

    /// Checks an expression that is a zone, or all the zones of a row (`every column`).
    pub(crate) fn zones_expr(&mut self, e: &ast::Expr, scope: &mut Scope) -> Expr {
        if let ExprKind::Every(_) | ExprKind::EveryOf { .. } = e.kind {
            return self.check_expr(e, None, scope).0;
        }
        self.cards_expr(e, scope)
    }

    /// Checks an expression that must have type `ty`.
    pub(crate) fn typed(&mut self, e: &ast::Expr, ty: Type, scope: &mut Scope) -> Expr {
        let (x, t) = self.check_expr(e, Some(ty), scope);
        self.expect_type(e.span, ty, t);
        x
    }

    /// Checks an expression that must be a zone; a bare name must be a zone's name.
    pub(crate) fn zone_expr(&mut self, e: &ast::Expr, scope: &mut Scope) -> Expr {
        self.zone_like(e, Type::Zone, scope)
    }

    /// Checks an expression whose cards are read: a zone, or a set of cards (`Type::Cards`).
    pub(crate) fn cards_expr(&mut self, e: &ast::Expr, scope: &mut Scope) -> Expr {
        self.zone_like(e, Type::Cards, scope)
    }

    fn zone_like(&mut self, e: &ast::Expr, ty: Type, scope: &mut Scope) -> Expr {
        if let ExprKind::Name(n) = &e.kind {
            if !scope.knows(n) && !matches!(self.globals.get(n).map(|g| g.0), Some(Global::Zone(_))) {
                let names = self.names_where(|g| matches!(g, Global::Zone(_)));
                self.errors.push(CheckError::UnknownZone {
                    name: n.clone(),
                    span: e.span.into(),
                    help: suggest(n, names.iter().copied()).or_else(|| Some("declare it with `zone name: ...`".into())),
                });
                return Expr::Const(Value::None);
            }
        }
        if let ExprKind::Of { name, .. } = &e.kind {
            let known = scope.lookup(&name.text).is_some() || self.globals.contains_key(&name.text);
            if !known {
                let names = self.names_where(|g| matches!(g, Global::Zone(_)));
                self.errors.push(CheckError::UnknownZone {
                    name: name.text.clone(),
                    span: name.span.into(),
                    help: suggest(&name.text, names.iter().copied())
                        .or_else(|| Some("declare it with `zone name: per player, ...`".into())),
                });
                return Expr::Const(Value::None);
            }
        }
        // Reported as a zone either way: a set of cards is the rarer thing to mean.
        let (x, found) = self.check_expr(e, Some(ty), scope);
        if !Self::compatible(ty, found) {
            self.expect_type(e.span, Type::Zone, found);
        }
        x
    }

    fn check_name(&mut self, n: &str, span: Span, expected: Option<Type>, scope: &mut Scope) -> (Expr, Type) {
        if let Some(v) = scope.lookup(n) {
            if let Some(key) = v.each {
                return (Expr::Each(key), v.ty);
            }
            if v.per_player {
                self.errors.push(CheckError::invalid(
                    Mistake::MissingOf,
                    span,
                    format!("`{n}` holds one value per player"),
                    "which player's?",
                    Some(format!("write `{n} of p` for player p's")),
                ));
                return (Expr::Const(Value::None), v.ty);
            }
            if scope.frame {
                return (Expr::FnLocal(v.slot), v.ty);
            }
            return (Expr::Local(v.slot), v.ty);
        }
        if let Some(i) = scope.params.iter().position(|(p, _)| p == n) {
            return (Expr::Param(i as u16), scope.params[i].1);
        }
        if n == "player_count" && !self.globals.contains_key(n) {
            return (Expr::Const(Value::Int(self.players as i64)), Type::Int);
        }
        if let Some(Type::Enum(en)) = expected {
            if let Some(m) = self.member_of(en, n) {
                return (Expr::Const(Value::Sym(m)), Type::Enum(en));
            }
        }
        match self.globals.get(n).map(|g| g.0) {
            Some(Global::Option(o)) => {
                let info = &self.options[o as usize];
                return (Expr::Const(info.value), info.ty);
            }
            Some(Global::Counter(c)) => {
                let info = &self.counters[c as usize];
                let (whose, of) = match info.per {
                    Per::Game => return (Expr::Counter(info.slot), info.ty),
                    Per::Player => ("player", "p"),
                    Per::Team => ("team", "p"),
                    Per::Card => ("card", "c"),
                };
                self.errors.push(CheckError::invalid(
                    Mistake::MissingOf,
                    span,
                    format!("counter `{n}` has one value per {whose}"),
                    format!("which {whose}'s?"),
                    Some(if info.per == Per::Team {
                        format!("write `{n} of p` for the value of player p's team")
                    } else {
                        format!("write `{n} of {of}` for {whose} {of}'s")
                    }),
                ));
                return (Expr::Counter(info.slot), info.ty);
            }
            Some(Global::Zone(z)) => {
                if let ZoneKey::PlayerRow { .. } = self.zone_decls[z as usize].key {
                    self.row_needs_key(&ast::Name { text: n.to_string(), span }, span);
                }
                let info = &self.zone_decls[z as usize];
                if let ZoneKey::PlayerRow { .. } = info.key {
                } else if info.per_player {
                    self.errors.push(CheckError::invalid(
                        Mistake::MissingOf,
                        span,
                        format!("each player has their own `{n}`"),
                        "which player's?",
                        Some(format!("write `{n} of p` for player p's")),
                    ));
                } else if info.key != ZoneKey::Shared {
                    self.errors.push(CheckError::invalid(
                        Mistake::MissingOf,
                        span,
                        format!("`{n}` is a row of zones"),
                        "which one?",
                        Some(format!("write `{n} of k` for one of them, or `every {n}` for all of them")),
                    ));
                }
                return (Expr::Const(Value::Zone(info.first)), Type::Zone);
            }
            _ => {}
        }
        if let Some((en, m)) = self.member_anywhere(n) {
            return (Expr::Const(Value::Sym(m)), Type::Enum(en));
        }
        let mut names: Vec<String> = scope.vars.iter().map(|v| v.name.clone()).collect();
        names.extend(scope.params.iter().map(|p| p.0.clone()));
        names.extend(scope.let_names.iter().cloned());
        names.extend(self.globals.keys().cloned());
        for en in &self.enums {
            names.extend(en.members.iter().cloned());
        }
        let help = suggest(n, names.iter().map(|s| s.as_str())).or_else(|| {
            Some("declare it (an option, counter, variable or zone), bind it with `let`, or use an enum member".into())
        });
        let ambiguous = self.enums.iter().filter(|e| e.members.iter().any(|m| m == n)).count() > 1;
        if ambiguous {
            self.errors.push(CheckError::invalid(
                Mistake::AmbiguousMember,
                span,
                format!("`{n}` is a member of more than one enum"),
                "ambiguous here",
                Some("compare it with a value of the enum you mean, so its type is known".into()),
            ));
        } else {
            self.errors.push(CheckError::UnknownName { what: "name", name: n.to_string(), span: span.into(), help });
        }
        (Expr::Const(Value::None), Type::None)
    }

    fn check_of(&mut self, name: &ast::Name, arg: &ast::Expr, scope: &mut Scope) -> (Expr, Type) {
        if let Some(v) = scope.lookup(&name.text).cloned() {
            if !v.per_player {
                self.errors.push(CheckError::invalid(
                    Mistake::NeedlessOf,
                    name.span,
                    format!("`{}` is not a per-player value", name.text),
                    "cannot take `of`",
                    Some(format!("write `{}` alone", name.text)),
                ));
            }
            let p = self.typed(arg, Type::Player, scope);
            return (Expr::LocalOf(v.slot, Box::new(p)), v.ty);
        }
        if let Some(h) = self.hands_named(&name.text) {
            return self.check_hand_of(h, arg, scope);
        }
        match self.globals.get(&name.text).map(|g| g.0) {
            Some(Global::Zone(z)) => {
                let info = self.zone_decls[z as usize].clone();
                match info.key {
                    ZoneKey::Player => {
                        let p = self.typed(arg, Type::Player, scope);
                        (Expr::ZoneOf(info.first, Box::new(p)), Type::Zone)
                    }
                    ZoneKey::Range { lo } => {
                        let key = Box::new(self.typed(arg, Type::Int, scope));
                        (Expr::ZoneAt { first: info.first, lo, count: info.count, key }, Type::Zone)
                    }
                    ZoneKey::Enum(e) => {
                        let key = Box::new(self.typed(arg, Type::Enum(e), scope));
                        (Expr::ZoneAt { first: info.first, lo: 0, count: info.count, key }, Type::Zone)
                    }
                    ZoneKey::PlayerRow { .. } => {
                        let _ = self.check_expr(arg, None, scope);
                        self.row_needs_key(name, name.span);
                        (Expr::Const(Value::Zone(info.first)), Type::Zone)
                    }
                    ZoneKey::Shared => {
                        let _ = self.check_expr(arg, None, scope);
                        self.errors.push(CheckError::invalid(
                            Mistake::NeedlessOf,
                            name.span,
                            format!("zone `{}` is shared, not one per player", name.text),
                            "shared zone",
                            Some(format!("write `{}` alone, or declare it `per player`", name.text)),
                        ));
                        (Expr::Const(Value::Zone(info.first)), Type::Zone)
                    }
                }
            }
            Some(Global::Counter(c)) => {
                let info = self.counters[c as usize].clone();
                match info.per {
                    Per::Player => {
                        let p = self.typed(arg, Type::Player, scope);
                        (Expr::CounterOf(info.slot, Box::new(p)), info.ty)
                    }
                    Per::Team => {
                        let p = self.typed(arg, Type::Player, scope);
                        (Expr::CounterOf(info.slot, Box::new(Expr::TeamLead(Box::new(p)))), info.ty)
                    }
                    Per::Card => {
                        let c = self.typed(arg, Type::Card, scope);
                        (Expr::CounterOfCard(info.slot, Box::new(c)), info.ty)
                    }
                    Per::Game => {
                        let _ = self.check_expr(arg, None, scope);
                        self.errors.push(CheckError::invalid(
                            Mistake::NeedlessOf,
                            name.span,
                            format!("counter `{}` is one value for the game", name.text),
                            "not per player, per team or per card",
                            Some(format!(
                                "write `{}` alone, or declare it `per player`, `per team` or `per card`",
                                name.text
                            )),
                        ));
                        (Expr::Counter(info.slot), info.ty)
                    }
                }
            }
            Some(Global::Order(o)) => {
                // An order applies to a card, or to a member of the enum it ranks.
                let info = &self.orders[o as usize];
                let members = match self.properties[info.property as usize].ty {
                    Type::Enum(en) => Some(en),
                    _ => None,
                };
                let (x, ty) = self.check_expr(arg, members.map(Type::Enum), scope);
                match ty {
                    Type::Enum(en) if Some(en) == members => (Expr::MemberRank(o, Box::new(x)), Type::Int),
                    _ => {
                        self.expect_type(arg.span, Type::Card, ty);
                        (Expr::OrderOf(o, Box::new(x)), Type::Int)
                    }
                }
            }
            Some(Global::Property(p)) => {
                let c = self.typed(arg, Type::Card, scope);
                (Expr::Prop(Box::new(c), p), self.properties[p as usize].ty)
            }
            // The member after or before another in its enum's order, round from the last to the
            // first (`next of K` is `A`), unless the game gave these words a meaning of its own.
            None if matches!(name.text.as_str(), "next" | "previous") => {
                let (x, ty) = self.check_expr(arg, None, scope);
                let Type::Enum(e) = ty else {
                    if ty != Type::None {
                        let found = self.type_name(ty);
                        let help = match ty {
                            // `next of 2`: which enum's 2? A counter typed with the enum says.
                            Type::Int => "a number names no enum's member here: read the member from a card (`next of rank of c`), or give a counter the enum's type (`variable due: rank = 2`)",
                            // `next of c.rank` reads as `(next of c).rank`.
                            Type::Card => "`next of c.rank` reads as `(next of c).rank`: write `next of rank of c` or `next of (c.rank)`",
                            _ => "`next of` and `previous of` step through the members of an enum, such as a rank or a suit",
                        };
                        self.errors.push(CheckError::invalid(
                            Mistake::OfNeedsMember,
                            arg.span,
                            format!("`{} of` needs a member of an enum, not {found}", name.text),
                            "not a member",
                            Some(help.into()),
                        ));
                    }
                    return (Expr::Const(Value::None), Type::None);
                };
                let members = self.enums[e as usize].members.len() as u16;
                (Expr::MemberStep(Box::new(x), members, name.text == "next"), Type::Enum(e))
            }
            // The seats around the table, unless the game gave these words a meaning of its own.
            None if matches!(name.text.as_str(), "seat" | "left" | "right" | "team") => {
                let p = Box::new(self.typed(arg, Type::Player, scope));
                match name.text.as_str() {
                    "seat" => (Expr::Seat(p), Type::Int),
                    "team" => (Expr::Team(p), Type::Int),
                    "left" => (Expr::Around(p, 1 % self.players.max(1)), Type::Player),
                    _ => (Expr::Around(p, self.players.saturating_sub(1)), Type::Player),
                }
            }
            _ => {
                let mut names: Vec<String> =
                    scope.vars.iter().filter(|v| v.per_player).map(|v| v.name.clone()).collect();
                names.extend(
                    self.names_where(|g| matches!(g, Global::Zone(_) | Global::Counter(_) | Global::Order(_)))
                        .into_iter()
                        .map(String::from),
                );
                let help = suggest(&name.text, names.iter().map(|s| s.as_str())).or_else(|| {
                    Some(
                        "`x of y` takes a zone or counter per player, an order applied to a card, or a `hands` declaration's name applied to cards"
                            .into(),
                    )
                });
                self.errors.push(CheckError::UnknownName {
                    what: "name",
                    name: name.text.clone(),
                    span: name.span.into(),
                    help,
                });
                let _ = self.check_expr(arg, None, scope);
                (Expr::Const(Value::None), Type::None)
            }
        }
    }

    fn check_set(
        &mut self,
        items: &[ast::Expr],
        span: Span,
        expected: Option<Type>,
        scope: &mut Scope,
    ) -> (Expr, Type) {
        let mut elem = match expected {
            Some(Type::Set(e)) => Some(Type::Enum(e)),
            _ => None,
        };
        let mut out = Vec::new();
        for it in items {
            let (x, t) = self.check_expr(it, elem, scope);
            match (elem, t) {
                (_, Type::Enum(_)) if elem.is_none() => elem = Some(t),
                (Some(want), _) => self.expect_type(it.span, want, t),
                (None, _) => self.errors.push(CheckError::wrong_type(it.span, "an enum member", self.type_name(t))),
            }
            out.push(x);
        }
        let ty = match elem {
            Some(Type::Enum(e)) => Type::Set(e),
            _ if items.is_empty() => Type::EmptySet,
            _ => {
                let _ = span;
                Type::EmptySet
            }
        };
        (Expr::SetOf(out), ty)
    }

    fn check_binary(&mut self, op: BinOp, lhs: &ast::Expr, rhs: &ast::Expr, scope: &mut Scope) -> (Expr, Type) {
        let boxed = |a: Expr, b: Expr| (Box::new(a), Box::new(b));
        match op {
            BinOp::And | BinOp::Or => {
                let (a, b) = boxed(self.typed(lhs, Type::Bool, scope), self.typed(rhs, Type::Bool, scope));
                (Expr::Binary(op, a, b), Type::Bool)
            }
            // issue 43: `hole of p + board`, zones read as one (check/joined.rs).
            BinOp::Add => self.check_plus(lhs, rhs, scope),
            BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Pow => {
                let (a, b) = boxed(self.typed(lhs, Type::Int, scope), self.typed(rhs, Type::Int, scope));
                (Expr::Binary(op, a, b), Type::Int)
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let (a, b) = boxed(self.typed(lhs, Type::Int, scope), self.typed(rhs, Type::Int, scope));
                (Expr::Binary(op, a, b), Type::Bool)
            }
            BinOp::Eq | BinOp::Ne => {
                let (a, at) = self.check_expr(lhs, None, scope);
                let (b, bt) = self.check_expr(rhs, Some(at), scope);
                // `10 == c.rank`: read the left side again now that the right side's type is known.
                let (a, at) = if at == Type::Int && matches!(bt, Type::Enum(_)) {
                    self.check_expr(lhs, Some(bt), scope)
                } else {
                    (a, at)
                };
                self.expect_type(rhs.span, at, bt);
                (Expr::Binary(op, Box::new(a), Box::new(b)), Type::Bool)
            }
            BinOp::In => {
                // The element first: `c.rank in {2, 3}` reads the numbers as ranks.
                let (a, at) = self.check_expr(lhs, None, scope);
                let want = match at {
                    Type::Enum(e) => Some(Type::Set(e)),
                    _ => None,
                };
                let (b, bt) = self.check_expr(rhs, want, scope);
                let elem = match bt {
                    Type::Set(e) => Some(Type::Enum(e)),
                    Type::EmptySet => None,
                    _ => {
                        self.errors.push(CheckError::wrong_type(rhs.span, "a set", self.type_name(bt)));
                        None
                    }
                };
                let a = match elem {
                    Some(w) if at != w => {
                        let (a2, at2) = self.check_expr(lhs, Some(w), scope);
                        self.expect_type(lhs.span, w, at2);
                        a2
                    }
                    _ => a,
                };
                (Expr::Binary(op, Box::new(a), Box::new(b)), Type::Bool)
            }
        }
    }
}
