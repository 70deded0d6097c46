//! Collects the declarations of a game: options, enums, properties, orders, cards, zones,
//! counters, functions and procedures.

use super::error::{suggest, CheckError};
use super::exprs::Scope;
use super::ir::*;
use super::{CardGroup, Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, Item, ZoneAttrKind};

/// The most zones a row (`per 1 to N`) may have.
const MAX_ROW: i64 = 64;

impl Checker {
    /// Whether `name` at `span` is the declaration registered for that name (not a duplicate).
    pub(super) fn owns(&self, name: &ast::Name) -> bool {
        self.globals.get(&name.text).is_some_and(|(_, s)| *s == name.span)
    }

    pub(super) fn set_global(&mut self, name: &ast::Name, g: Global) {
        if let Some(entry) = self.globals.get_mut(&name.text) {
            entry.0 = g;
        }
    }

    pub(super) fn collect_enums(&mut self, items: &[Item]) {
        for item in items {
            let Item::Enum(e) = item else { continue };
            if self.enum_names.get(&e.name.text).map(|x| x.1) != Some(e.name.span) {
                continue;
            }
            let mut members: Vec<String> = Vec::new();
            let mut display = Vec::new();
            for m in &e.members {
                if members.contains(&m.name.text) {
                    let first = e.members.iter().find(|x| x.name.text == m.name.text).map(|x| x.name.span);
                    self.errors.push(CheckError::duplicate(&m.name.text, m.name.span, first.unwrap_or(m.name.span)));
                    continue;
                }
                members.push(m.name.text.clone());
                display.push(m.display.clone().unwrap_or_else(|| m.name.text.clone()));
            }
            if members.len() > 64 {
                self.errors.push(CheckError::invalid(
                    Mistake::OverLimit,
                    e.span,
                    "an enum has at most 64 members",
                    "too many",
                    None,
                ));
            }
            if let Some(entry) = self.enum_names.get_mut(&e.name.text) {
                entry.0 = self.enums.len() as u16;
            }
            self.enums.push(EnumInfo { name: e.name.text.clone(), members, display });
        }
        self.collect_hand_enums(items);
        self.finish_options();
    }

    pub(super) fn collect_properties(&mut self, items: &[Item]) {
        for item in items {
            let Item::Property(p) = item else { continue };
            if !self.owns(&p.name) {
                continue;
            }
            let ty = self.resolve_type(&p.ty);
            self.not_a_zone(&p.ty, "a card's property");
            let default = match &p.default {
                Some(d) => {
                    let mut scope = Scope::default();
                    let (e, t) = self.check_expr(d, Some(ty), &mut scope);
                    self.expect_type(d.span, ty, t);
                    self.const_eval(&e, d.span)
                }
                None => Value::None,
            };
            self.set_global(&p.name, Global::Property(self.properties.len() as u16));
            self.properties.push(PropertyInfo { name: p.name.text.clone(), ty });
            self.property_defaults.push(default);
        }
    }

    /// The checked type of a written type.
    /// Reports `zone` where a value is kept from turn to turn (what a zone holds is the state).
    fn not_a_zone(&mut self, t: &ast::TypeExpr, what: &str) {
        if t.kind == ast::TypeExprKind::Cards {
            self.errors.push(CheckError::invalid(
                Mistake::CannotHoldType,
                t.span,
                format!("{what} cannot hold some cards"),
                "`cards` is for parameters and `let`",
                Some("keep what you need of them instead: a number, a card".into()),
            ));
        }
        if t.kind == ast::TypeExprKind::Zone {
            self.errors.push(CheckError::invalid(
                Mistake::CannotHoldType,
                t.span,
                format!("{what} cannot hold a zone"),
                "`zone` is for parameters, function results and `let`",
                Some("keep the zone's name in the rules, or pass the zone as a parameter".into()),
            ));
        }
    }

    pub(super) fn resolve_type(&mut self, t: &ast::TypeExpr) -> Type {
        match &t.kind {
            ast::TypeExprKind::Bool => Type::Bool,
            ast::TypeExprKind::Int => Type::Int,
            ast::TypeExprKind::Card => Type::Card,
            ast::TypeExprKind::Player => Type::Player,
            ast::TypeExprKind::Zone => Type::Zone,
            ast::TypeExprKind::Cards => Type::Cards,
            ast::TypeExprKind::Named(n) | ast::TypeExprKind::SetOf(n) => {
                let set = matches!(t.kind, ast::TypeExprKind::SetOf(_));
                match self.enum_names.get(&n.text).map(|g| g.0) {
                    Some(e) => {
                        if set {
                            Type::Set(e)
                        } else {
                            Type::Enum(e)
                        }
                    }
                    // `text`: a text written in the rules (`"made"`), for a function's result, a
                    // parameter or a local; a game's own enum named `text` comes first.
                    None if !set && n.text == "text" => Type::Text,
                    _ => {
                        let names: Vec<&str> = self.enum_names.keys().map(|k| k.as_str()).collect();
                        let help = suggest(&n.text, names.iter().copied()).or_else(|| {
                            Some("a type is bool, int, card, player, zone, text, an enum, or `set of` an enum".into())
                        });
                        self.errors.push(CheckError::UnknownName {
                            what: "type",
                            name: n.text.clone(),
                            span: n.span.into(),
                            help,
                        });
                        Type::Int
                    }
                }
            }
        }
    }

    pub(super) fn collect_orders(&mut self, items: &[Item]) {
        for item in items {
            let Item::Order(o) = item else { continue };
            if !self.owns(&o.name) {
                continue;
            }
            let Some(prop) = self.property_named(&o.property) else { continue };
            let Type::Enum(e) = self.properties[prop as usize].ty else {
                self.errors.push(CheckError::wrong_type(
                    o.property.span,
                    "a property whose type is an enum",
                    "another type",
                ));
                continue;
            };
            let members = self.enums[e as usize].members.clone();
            let mut rank_of = vec![None; members.len()];
            for (pos, m) in o.members.iter().enumerate() {
                match members.iter().position(|x| *x == m.text) {
                    Some(i) if rank_of[i].is_some() => self.errors.push(CheckError::invalid(
                        Mistake::RankedTwice,
                        m.span,
                        format!("`{}` appears twice in order `{}`", m.text, o.name.text),
                        "ranked again here",
                        None,
                    )),
                    Some(i) => rank_of[i] = Some(pos as i64),
                    None => self.errors.push(CheckError::UnknownName {
                        what: "member",
                        name: m.text.clone(),
                        span: m.span.into(),
                        help: suggest(&m.text, members.iter().map(|s| s.as_str())).or_else(|| {
                            Some(format!("an order lists members of enum `{}`", self.enums[e as usize].name))
                        }),
                    }),
                }
            }
            self.set_global(&o.name, Global::Order(self.orders.len() as u16));
            self.orders.push(OrderInfo { name: o.name.text.clone(), property: prop, rank_of });
        }
    }

    /// The index of a property named by `n`, reporting an unknown name.
    pub(super) fn property_named(&mut self, n: &ast::Name) -> Option<u16> {
        match self.globals.get(&n.text).map(|g| g.0) {
            Some(Global::Property(p)) => Some(p),
            _ => {
                let names = self.names_where(|g| matches!(g, Global::Property(_)));
                let help = suggest(&n.text, names.iter().copied())
                    .or_else(|| Some("declare it with `property name: type`".into()));
                self.errors.push(CheckError::UnknownName {
                    what: "property",
                    name: n.text.clone(),
                    span: n.span.into(),
                    help,
                });
                None
            }
        }
    }

    pub(super) fn collect_cards(&mut self, items: &[Item]) {
        for item in items {
            let Item::Cards(c) = item else { continue };
            if !self.owns(&c.name) {
                continue;
            }
            let group = self.make_group(c);
            self.groups.insert(c.name.text.clone(), group);
        }
    }

    fn make_group(&mut self, c: &ast::CardsDecl) -> CardGroup {
        let mut group = CardGroup::default();
        match &c.body {
            ast::CardsBody::Every { properties, filter, assigns } => {
                let mut axes: Vec<(u16, u16)> = Vec::new(); // (property, enum)
                for p in properties {
                    let Some(pi) = self.property_named(p) else { return group };
                    match self.properties[pi as usize].ty {
                        Type::Enum(e) => axes.push((pi, e)),
                        _ => {
                            self.errors.push(CheckError::wrong_type(
                                p.span,
                                "a property whose type is an enum",
                                "another type",
                            ));
                            return group;
                        }
                    }
                }
                let sizes: Vec<usize> = axes.iter().map(|(_, e)| self.enums[*e as usize].members.len()).collect();
                let total: usize = sizes.iter().product();
                if total > 4096 {
                    self.errors.push(CheckError::invalid(
                        Mistake::OverLimit,
                        c.span,
                        "too many cards (more than 4096)",
                        "here",
                        None,
                    ));
                    return group;
                }
                for n in 0..total {
                    let mut props = self.property_defaults.clone();
                    let mut rest = n;
                    let mut name = String::new();
                    let mut picks = vec![0usize; axes.len()];
                    for (i, size) in sizes.iter().enumerate().rev() {
                        picks[i] = rest % size;
                        rest /= size;
                    }
                    for (i, (p, e)) in axes.iter().enumerate() {
                        props[*p as usize] = Value::Sym(picks[i] as u16);
                        name.push_str(&self.enums[*e as usize].display[picks[i]]);
                    }
                    self.assign_props(&mut props, assigns);
                    if let Some(f) = filter {
                        let reported = self.errors.len();
                        let mut scope = Scope::for_card(self, &props);
                        let e = self.typed(f, Type::Bool, &mut scope);
                        let locals = scope.const_locals.clone();
                        let keep = self.const_eval_with(&e, f.span, &locals).is_true();
                        // A mistake in the condition is the same for every card: say it once.
                        if self.errors.len() > reported {
                            return group;
                        }
                        if !keep {
                            continue;
                        }
                    }
                    group.cards.push((name, props));
                }
            }
            ast::CardsBody::List(cards) => {
                for card in cards {
                    let mut props = self.property_defaults.clone();
                    self.assign_props(&mut props, &card.assigns);
                    group.cards.push((card.name.clone(), props));
                }
            }
        }
        group
    }

    /// Evaluates `prop: expr` assignments for one card; expressions may read the card's
    /// properties set so far by name.
    fn assign_props(&mut self, props: &mut [Value], assigns: &[ast::PropAssign]) {
        for a in assigns {
            let Some(pi) = self.property_named(&a.name) else { continue };
            let ty = self.properties[pi as usize].ty;
            let mut scope = Scope::for_card(self, props);
            let (e, t) = self.check_expr(&a.value, Some(ty), &mut scope);
            self.expect_type(a.value.span, ty, t);
            let locals = scope.const_locals.clone();
            props[pi as usize] = self.const_eval_with(&e, a.value.span, &locals);
        }
    }

    pub(super) fn collect_zones(&mut self, items: &[Item]) {
        for item in items {
            let Item::Zone(z) = item else { continue };
            if !self.owns(&z.name) {
                continue;
            }
            let mut key = ZoneKey::Shared;
            let mut face_up = false;
            let mut spread = false;
            let mut visibility = Visibility::ByFacing;
            let mut holds: Vec<&ast::Name> = Vec::new();
            let mut row_len = 1u16;
            self.check_zone_attrs(z);
            for a in &z.attrs {
                match &a.kind {
                    ZoneAttrKind::PerPlayer => key = ZoneKey::Player,
                    ZoneAttrKind::Shared => key = ZoneKey::Shared,
                    ZoneAttrKind::PerRange(lo, hi) => {
                        if hi.checked_sub(*lo).is_none_or(|d| !(0..MAX_ROW).contains(&d)) {
                            self.errors.push(CheckError::invalid(
                                Mistake::BadRow,
                                a.span,
                                format!(
                                    "a row of zones needs from 1 to {MAX_ROW} numbers, from the lower to the higher"
                                ),
                                "this row",
                                Some("write `per 1 to 7` for seven zones".into()),
                            ));
                        } else {
                            key = ZoneKey::Range { lo: *lo };
                            row_len = (hi - lo + 1) as u16;
                        }
                    }
                    ZoneAttrKind::PerEnum(n) => match self.enum_names.get(&n.text).map(|g| g.0) {
                        Some(e) => {
                            key = ZoneKey::Enum(e);
                            row_len = self.enums[e as usize].members.len() as u16;
                        }
                        None => {
                            let names: Vec<&str> = self.enum_names.keys().map(|k| k.as_str()).collect();
                            self.errors.push(CheckError::UnknownName {
                                what: "enum",
                                name: n.text.clone(),
                                span: n.span.into(),
                                help: suggest(&n.text, names.iter().copied())
                                    .or_else(|| Some("a zone is `per player`, `per` an enum, or `per 1 to N`".into())),
                            });
                        }
                    },
                    ZoneAttrKind::Facing(f) => face_up = *f == ast::Facing::Up,
                    ZoneAttrKind::Stack => spread = false,
                    ZoneAttrKind::Spread => spread = true,
                    ZoneAttrKind::Public => visibility = Visibility::Public,
                    ZoneAttrKind::Private => visibility = Visibility::Private,
                    ZoneAttrKind::SeenByOthers => visibility = Visibility::Others,
                    ZoneAttrKind::Holds(names) => holds.extend(names.iter()),
                }
            }
            let key = self.player_row(z, key, row_len);
            let decl = self.zone_decls.len() as u16;
            let first = self.zones.len() as u16;
            let per_player = matches!(key, ZoneKey::Player | ZoneKey::PlayerRow { .. });
            let count = match key {
                ZoneKey::Shared => 1,
                ZoneKey::Player => self.players as u16,
                ZoneKey::Range { .. } | ZoneKey::Enum(_) => row_len,
                ZoneKey::PlayerRow { row, .. } => self.players as u16 * row,
            };
            for i in 0..count {
                let owner = match key {
                    ZoneKey::PlayerRow { row, .. } => Some((i / row) as u8),
                    _ => per_player.then_some(i as u8),
                };
                let mut initial = Vec::new();
                for h in &holds {
                    match self.groups.get(&h.text) {
                        Some(g) => {
                            for (name, props) in g.cards.clone() {
                                initial.push(self.cards.len() as u16);
                                self.cards.push(CardInfo { name, group: h.text.clone() });
                                self.card_props.extend(props);
                            }
                        }
                        None => {
                            let names = self.names_where(|g| matches!(g, Global::Cards));
                            let help = suggest(&h.text, names.iter().copied())
                                .or_else(|| Some("a zone holds cards declared with `cards name = ...`".into()));
                            self.errors.push(CheckError::UnknownName {
                                what: "cards",
                                name: h.text.clone(),
                                span: h.span.into(),
                                help,
                            });
                        }
                    }
                }
                let name = match key {
                    ZoneKey::Shared => z.name.text.clone(),
                    ZoneKey::Player => format!("{} of player {}", z.name.text, i + 1),
                    ZoneKey::Range { lo } => format!("{} of {}", z.name.text, lo + i as i64),
                    ZoneKey::Enum(e) => format!("{} of {}", z.name.text, self.enums[e as usize].display[i as usize]),
                    ZoneKey::PlayerRow { .. } => self.row_zone_name(&z.name.text, key, i),
                };
                self.zones.push(ZoneInfo { name, decl, owner, face_up, spread, visibility, initial });
            }
            if self.cards.len() > u16::MAX as usize / 2 {
                self.errors.push(CheckError::invalid(
                    Mistake::OverLimit,
                    z.span,
                    "too many cards in the game",
                    "here",
                    None,
                ));
            }
            self.set_global(&z.name, Global::Zone(decl));
            self.zone_decls.push(ZoneDeclInfo { name: z.name.text.clone(), per_player, key, first, count });
        }
    }

    /// Reports attributes of one zone that contradict each other or repeat.
    fn check_zone_attrs(&mut self, z: &ast::ZoneDecl) {
        let group = |k: &ZoneAttrKind| match k {
            ZoneAttrKind::PerPlayer | ZoneAttrKind::Shared => Some("who owns it"),
            ZoneAttrKind::PerRange(..) | ZoneAttrKind::PerEnum(_) => Some("what keys its zones"),
            ZoneAttrKind::Facing(_) => Some("how its cards face"),
            ZoneAttrKind::Stack | ZoneAttrKind::Spread => Some("how it is laid out"),
            ZoneAttrKind::Public | ZoneAttrKind::Private | ZoneAttrKind::SeenByOthers => Some("who sees it"),
            ZoneAttrKind::Holds(_) => None,
        };
        for (i, a) in z.attrs.iter().enumerate() {
            let Some(g) = group(&a.kind) else { continue };
            if let Some(first) = z.attrs[..i].iter().find(|b| group(&b.kind) == Some(g)) {
                self.errors.push(CheckError::ConflictingAttributes {
                    zone: z.name.text.clone(),
                    what: g,
                    span: a.span.into(),
                    first: first.span.into(),
                    help: format!("keep one attribute for {g}"),
                });
            }
        }
    }

    pub(super) fn collect_counters(&mut self, items: &[Item]) {
        for item in items {
            let Item::Counter(c) = item else { continue };
            if !self.owns(&c.name) {
                continue;
            }
            let mut scope = Scope::default();
            let declared = c.ty.as_ref().map(|t| self.resolve_type(t));
            if let Some(t) = &c.ty {
                self.not_a_zone(t, "a counter or variable");
            }
            let (e, found) = self.check_expr(&c.init, declared, &mut scope);
            let ty = match declared {
                Some(d) => {
                    self.expect_type(c.init.span, d, found);
                    d
                }
                None => found,
            };
            if ty == Type::None && matches!(c.init.kind, ast::ExprKind::None) {
                self.errors.push(CheckError::invalid(
                    Mistake::UntypedNone,
                    c.init.span,
                    format!("the starting value `none` does not tell what `{}` holds", c.name.text),
                    "what type?",
                    Some(format!("give the type after the name: `{}: player = none`", c.name.text)),
                ));
            } else if !matches!(ty, Type::Int | Type::Bool | Type::Enum(_) | Type::Player | Type::Text | Type::None)
                // (A declared zone or set of cards is reported above.)
                && !matches!(declared, Some(Type::Zone | Type::Cards))
            {
                let what = "a number, true/false, an enum member, a player or a text";
                self.errors.push(CheckError::wrong_type(c.init.span, what, self.type_name(ty)));
            }
            let init = self.const_eval(&e, c.init.span);
            let slot = self.counter_slots as u16;
            let width = match c.per {
                Per::Game => 1,
                // A team's value is kept in the slot of its first seat (`Program::team_lead`).
                Per::Player | Per::Team => self.players as u16,
                Per::Card => self.cards.len() as u16,
            };
            self.counter_slots += width as usize;
            self.set_global(&c.name, Global::Counter(self.counters.len() as u16));
            self.counters.push(CounterInfo {
                name: c.name.text.clone(),
                per: c.per,
                reported: c.reported,
                ty,
                slot,
                width,
                init,
            });
        }
    }

    pub(super) fn collect_routines(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Function(f) if self.owns(&f.name) => {
                    self.functions.insert(f.name.text.clone(), f.clone());
                }
                Item::Procedure(p) if self.owns(&p.name) => self.procedure_decls.push(p.clone()),
                // `score` a counter and a procedure: reported once, as a duplicate.
                Item::Function(ast::FunctionDecl { name, .. }) | Item::Procedure(ast::ProcedureDecl { name, .. }) => {
                    self.duplicate_routines.insert(name.text.clone());
                }
                _ => {}
            }
        }
        // Procedures are numbered in declaration order (a duplicate is reported, not kept).
        for (i, p) in self.procedure_decls.iter().enumerate() {
            if let Some(entry) = self.globals.get_mut(&p.name.text) {
                entry.0 = Global::Procedure(i as u16);
            }
        }
    }
}
