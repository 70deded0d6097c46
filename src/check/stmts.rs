//! Checks procedures and their statements.

use super::error::{suggest, CheckError};
use super::exprs::Scope;
use super::ir::*;
use super::joined::JoinedUse;
use super::{Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, BinOp, MoveWhat as AstMove, StmtKind};

impl Checker {
    pub(super) fn check_procedures(&mut self) {
        let decls = self.procedure_decls.clone();
        for p in &decls {
            let mut scope = Scope::default();
            for param in &p.params {
                let ty = self.resolve_type(&param.ty);
                scope.bind(&param.name.text, ty, false, 1);
            }
            let body = self.check_block(&p.body, &mut scope);
            self.procedures.push(Procedure {
                name: p.name.text.clone(),
                params: p.params.len() as u16,
                locals: scope.max_slot,
                body,
                span: p.span,
            });
        }
    }

    pub(super) fn check_block(&mut self, b: &ast::Block, scope: &mut Scope) -> Vec<Stmt> {
        let mark = scope.mark();
        let out = b.stmts.iter().map(|s| self.check_stmt(s, scope)).collect();
        scope.restore(mark);
        out
    }

    /// The body of a loop, where `break` may stand.
    pub(super) fn loop_body(&mut self, b: &ast::Block, scope: &mut Scope) -> Vec<Stmt> {
        self.loops += 1;
        let out = self.check_block(b, scope);
        self.loops -= 1;
        out
    }

    /// `for each subset s of Z of size a to b where C { ... }`: a loop over cards whose item is
    /// each set in turn.
    fn check_for_subset(
        &mut self,
        var: &ast::Name,
        sub: &ast::Subsets,
        from: Option<&ast::Expr>,
        cond: Option<&ast::Expr>,
        body: &ast::Block,
        scope: &mut Scope,
    ) -> Stmt {
        let (zone, lo, hi) = self.check_subsets(sub, scope);
        if let Some(p) = from {
            self.errors.push(CheckError::invalid(
                Mistake::FromOutsidePlayersLoop,
                p.span,
                "`from` starts a loop over the players at one of them",
                "not a loop over `players`",
                Some("write `for each q in players from p`".into()),
            ));
        }
        let mark = scope.mark();
        // The loop's own three slots: where its cards start, the set it is at, the most cards.
        let hidden = scope.bind("", Type::Int, false, 3);
        let slot = scope.bind(&var.text, Type::Cards, false, 1);
        let cond = cond.map(|c| self.typed(c, Type::Bool, scope));
        let mut inner = self.loop_body(body, scope);
        scope.restore(mark);
        if let Some(c) = cond {
            inner = vec![Stmt::If(c, inner, Vec::new())];
        }
        Stmt::ForCard { slot, mark: hidden, zone, sizes: Some(Box::new((lo, hi))), body: inner }
    }

    /// `for each x in D where C { ... }`, written with the loops the engine has: the cards of a
    /// zone as `for each card`, the players and an enum's members as a count over their indices.
    fn check_for_each(
        &mut self,
        var: &ast::Name,
        domain: &ast::AggDomain,
        from: Option<&ast::Expr>,
        cond: Option<&ast::Expr>,
        body: &ast::Block,
        scope: &mut Scope,
    ) -> Stmt {
        if let ast::AggDomain::Subsets(sub) = domain {
            return self.check_for_subset(var, sub, from, cond, body, scope);
        }
        if let Some(each) = self.check_for_each_more(var, domain, from, cond, body, scope) {
            return each;
        }
        let enum_name = match domain {
            ast::AggDomain::Expr(d) => self.enum_named(d, scope),
            _ => None,
        };
        let zone = match (domain, enum_name) {
            (ast::AggDomain::Expr(d), None) => Some(self.domain_zone(d, scope)),
            _ => None,
        };
        let start = from.map(|p| {
            if enum_name.is_some() || zone.is_some() {
                self.errors.push(CheckError::invalid(
                    Mistake::FromOutsidePlayersLoop,
                    p.span,
                    "`from` starts a loop over the players at one of them",
                    "not a loop over `players`",
                    Some("write `for each q in players from p`".into()),
                ));
            }
            self.typed(p, Type::Player, scope)
        });
        let mark = scope.mark();
        let hidden = scope.hidden();
        let (ty, count) = match (enum_name, &zone) {
            (Some(e), _) => (Type::Enum(e), self.enums[e as usize].members.len() as i64),
            (None, Some(_)) => (Type::Card, 0),
            (None, None) => (Type::Player, self.players as i64),
        };
        let slot = scope.bind(&var.text, ty, false, 1);
        let cond = cond.map(|c| self.typed(c, Type::Bool, scope));
        let mut inner = self.loop_body(body, scope);
        scope.restore(mark);
        if let Some(c) = cond {
            inner = vec![Stmt::If(c, inner, Vec::new())];
        }
        if let Some(zone) = zone {
            return Stmt::ForCard { slot, mark: hidden, zone, sizes: None, body: inner };
        }
        // Count k over the indices; the name is the player (from seat 1, or from the seat of
        // `from`, read once before the first round) or the member at k.
        let mark = scope.mark();
        let k = scope.hidden();
        let seat = scope.hidden();
        scope.restore(mark);
        let int = |i: i64| Box::new(Expr::Const(Value::Int(i)));
        let local = |s: u16| Box::new(Expr::Local(s));
        let item = match (enum_name, &start) {
            (Some(_), _) => Expr::MemberAt(local(k)),
            (None, None) => Expr::PlayerAt(local(k)),
            // Seat ((seat - 1 + k - 1) mod n) + 1: the starting player first.
            (None, Some(_)) => {
                let offset =
                    Expr::Binary(BinOp::Add, local(seat), Box::new(Expr::Binary(BinOp::Sub, local(k), int(2))));
                let wrapped = Expr::Binary(BinOp::Mod, Box::new(offset), int(self.players.max(1) as i64));
                Expr::PlayerAt(Box::new(Expr::Binary(BinOp::Add, Box::new(wrapped), int(1))))
            }
        };
        let first = if enum_name.is_some() { 0 } else { 1 };
        let mut body = vec![Stmt::Effect(Effect::Assign(Place::Local(slot), item))];
        body.extend(inner);
        let each = Stmt::ForRange {
            slot: k,
            end: hidden,
            from: Expr::Const(Value::Int(first)),
            to: Expr::Const(Value::Int(first + count - 1)),
            body,
        };
        match start {
            Some(p) if enum_name.is_none() && zone.is_none() => {
                let at = Stmt::Effect(Effect::Assign(Place::Local(seat), Expr::Seat(Box::new(p))));
                Stmt::If(Expr::Const(Value::Bool(true)), vec![at, each], Vec::new())
            }
            _ => each,
        }
    }

    pub(super) fn facing(f: Option<ast::Facing>) -> Option<bool> {
        f.map(|f| f == ast::Facing::Up)
    }

    fn check_stmt(&mut self, s: &ast::Stmt, scope: &mut Scope) -> Stmt {
        match &s.kind {
            StmtKind::If { cond, then, otherwise } => {
                let c = self.typed(cond, Type::Bool, scope);
                let t = self.check_block(then, scope);
                let o = otherwise.as_ref().map(|b| self.check_block(b, scope)).unwrap_or_default();
                Stmt::If(c, t, o)
            }
            StmtKind::While { cond, body } => {
                let c = self.typed(cond, Type::Bool, scope);
                Stmt::While(c, self.loop_body(body, scope))
            }
            StmtKind::Repeat { count, body } => {
                let count = self.typed(count, Type::Int, scope);
                let slot = scope.hidden();
                Stmt::Repeat { count, slot, body: self.loop_body(body, scope) }
            }
            StmtKind::ForPlayer { var, body } => {
                let mark = scope.mark();
                let slot = scope.bind(&var.text, Type::Player, false, 1);
                let body = self.loop_body(body, scope);
                scope.restore(mark);
                Stmt::ForPlayer { slot, body }
            }
            StmtKind::ForRange { var, from, to, body } => {
                let from = self.typed(from, Type::Int, scope);
                let to = self.typed(to, Type::Int, scope);
                let mark = scope.mark();
                let end = scope.hidden();
                let slot = scope.bind(&var.text, Type::Int, false, 1);
                let body = self.loop_body(body, scope);
                scope.restore(mark);
                Stmt::ForRange { slot, end, from, to, body }
            }
            StmtKind::ForEach { var, domain, from, cond, body } => {
                self.check_for_each(var, domain, from.as_ref(), cond.as_ref(), body, scope)
            }
            StmtKind::Break => {
                if self.loops == 0 {
                    self.errors.push(CheckError::invalid(
                        Mistake::BreakOutsideLoop,
                        s.span,
                        "`break` leaves a loop, and this one is in none",
                        "not inside a loop",
                        Some("use `return` to leave the procedure".into()),
                    ));
                }
                Stmt::Break
            }
            StmtKind::ForCard { var, zone, body } => {
                let zone = self.zones_expr(zone, scope);
                let mark = scope.mark();
                let mark_slot = scope.hidden();
                let slot = scope.bind(&var.text, Type::Card, false, 1);
                let body = self.loop_body(body, scope);
                scope.restore(mark);
                Stmt::ForCard { slot, mark: mark_slot, zone, sizes: None, body }
            }
            StmtKind::Shuffle(z) => Stmt::Effect(Effect::Shuffle(self.one_zone(z, JoinedUse::Shuffle, false, scope))),
            StmtKind::Deal { count, from, to, facing, first } => {
                let count = count.as_ref().map(|c| self.typed(c, Type::Int, scope));
                let first = first.as_ref().map(|p| self.typed(p, Type::Player, scope));
                let from = self.zone_expr(from, scope);
                let to = match self.globals.get(&to.text).map(|g| g.0) {
                    Some(Global::Zone(z)) if self.zone_decls[z as usize].key == ZoneKey::Player => z,
                    Some(Global::Zone(z)) if matches!(self.zone_decls[z as usize].key, ZoneKey::PlayerRow { .. }) => {
                        self.errors.push(CheckError::invalid(
                            Mistake::DealToShared,
                            to.span,
                            format!(
                                "`deal` gives cards to one zone of each player, but `{}` is a row of zones",
                                to.text
                            ),
                            "a row for each player",
                            Some(format!("move the cards one by one: `move top of pack to {} k of p`", to.text)),
                        ));
                        0
                    }
                    Some(Global::Zone(_)) => {
                        self.errors.push(CheckError::invalid(
                            Mistake::DealToShared,
                            to.span,
                            format!("`deal` gives cards to each player, but zone `{}` is shared", to.text),
                            "shared zone",
                            Some("deal to a zone declared `per player`, or use `move`".into()),
                        ));
                        0
                    }
                    _ => {
                        let names = self.names_where(|g| matches!(g, Global::Zone(_)));
                        self.errors.push(CheckError::UnknownZone {
                            name: to.text.clone(),
                            span: to.span.into(),
                            help: suggest(&to.text, names.iter().copied())
                                .or_else(|| Some("declare it with `zone name: per player`".into())),
                        });
                        0
                    }
                };
                Stmt::Effect(Effect::Deal { count, from, to, face_up: Self::facing(*facing), first })
            }
            StmtKind::Move { what, to, facing, bottom } => {
                let what = match what {
                    AstMove::All(z) => MoveWhat::All(self.zone_expr(z, scope)),
                    AstMove::Top(n, z) | AstMove::Bottom(n, z) => {
                        let n = match n {
                            Some(n) => self.typed(n, Type::Int, scope),
                            None => Expr::Const(Value::Int(1)),
                        };
                        let z = self.one_zone(z, JoinedUse::Top, false, scope);
                        if matches!(what, AstMove::Top(..)) {
                            MoveWhat::Top(n, z)
                        } else {
                            MoveWhat::Bottom(n, z)
                        }
                    }
                    AstMove::Card(c) => MoveWhat::Card(self.typed(c, Type::Card, scope)),
                    AstMove::Above(c) => MoveWhat::Above(self.typed(c, Type::Card, scope)),
                };
                let to = self.one_zone(to, JoinedUse::MoveTo, false, scope);
                Stmt::Effect(Effect::Move { what, to, face_up: Self::facing(*facing), bottom: *bottom })
            }
            StmtKind::TurnOver(z) => Stmt::Effect(Effect::TurnOver(self.zone_expr(z, scope))),
            StmtKind::TurnCard { card, facing } => {
                Stmt::Effect(Effect::TurnCard(self.typed(card, Type::Card, scope), *facing == ast::Facing::Up))
            }
            StmtKind::Let { name, ty: Some(t), value } => {
                let ty = self.resolve_type(t);
                let v = self.typed(value, ty, scope);
                let slot = scope.bind(&name.text, ty, false, 1);
                Stmt::Effect(Effect::Assign(Place::Local(slot), v))
            }
            StmtKind::Let { name, ty: None, value } => {
                let (v, ty) = self.check_expr(value, None, scope);
                // `let x = none` says nothing of what `x` will hold, so nothing later is checked.
                if ty == Type::None {
                    self.errors.push(CheckError::invalid(
                        Mistake::UntypedNone,
                        value.span,
                        format!("`{}` starts as `none`, which does not say what it will hold", name.text),
                        "of no type",
                        Some(format!(
                            "give its type: `let {}: player = none` (or card, int, bool, an enum)",
                            name.text
                        )),
                    ));
                }
                let slot = scope.bind(&name.text, ty, false, 1);
                Stmt::Effect(Effect::Assign(Place::Local(slot), v))
            }
            StmtKind::Set { place, value } => {
                let (p, ty) = self.check_place(place, scope);
                if ty == Type::Cards {
                    // A set from `subsets of` lives as long as its loop: a name that could be
                    // set to it and read later would outlive it.
                    self.errors.push(CheckError::invalid(
                        Mistake::CardsNameChanged,
                        place.span,
                        "a name for some cards cannot be changed",
                        "holds some cards",
                        Some("use the set inside its loop, or keep what you need of it (a number, a card)".into()),
                    ));
                }
                let v = self.typed(value, ty, scope);
                Stmt::Effect(Effect::Assign(p, v))
            }
            StmtKind::Add { value, place } | StmtKind::Subtract { value, place } => {
                let (p, ty) = self.check_place(place, scope);
                self.expect_type(place.span, Type::Int, ty);
                let v = self.typed(value, Type::Int, scope);
                let current = p.read();
                let op = if matches!(s.kind, StmtKind::Add { .. }) { ast::BinOp::Add } else { ast::BinOp::Sub };
                Stmt::Effect(Effect::Assign(p, Expr::Binary(op, Box::new(current), Box::new(v))))
            }
            StmtKind::Return => Stmt::Return,
            StmtKind::End(kind) => Stmt::End(match kind {
                ast::EndKind::Winner(p) => End::Winner(self.typed(p, Type::Player, scope)),
                ast::EndKind::Loser(p) => End::Loser(self.typed(p, Type::Player, scope)),
                ast::EndKind::Draw => End::Draw,
                ast::EndKind::Unfinished => End::Unfinished,
                ast::EndKind::Highest { var, score, lowest } => {
                    let mark = scope.mark();
                    let slot = scope.bind(&var.text, Type::Player, false, 1);
                    let score = self.typed(score, Type::Int, scope);
                    scope.restore(mark);
                    End::Highest { slot, score, lowest: *lowest }
                }
            }),
            StmtKind::Announce(parts) => Stmt::Effect(Effect::Announce(self.check_template(parts, scope))),
            StmtKind::Pause(parts) => Stmt::Effect(Effect::Pause(match parts {
                Some(parts) => self.check_template(parts, scope),
                None => Vec::new(),
            })),
            StmtKind::Reveal(z) => Stmt::Effect(Effect::Reveal(self.reveal_target(z, scope))),
            StmtKind::RememberPosition => Stmt::Effect(Effect::RememberPosition),
            StmtKind::Meld { from, to, lay_off, chosen } => {
                let head = crate::syntax::ast::Span::new(s.span.start, from.span.end.max(s.span.start));
                self.need_melds(head, if *lay_off { "`lay off`" } else { "`meld`" });
                let from = self.zone_expr(from, scope);
                let (row, ty) = self.check_expr(to, None, scope);
                if ty != Type::Zones {
                    self.errors.push(CheckError::invalid(
                        Mistake::MeldNotToRow,
                        to.span,
                        "melds go to a row of zones",
                        "not a row",
                        Some(
                            "write `every Z` for a zone declared `per 1 to N`: each meld goes to a zone of its own"
                                .into(),
                        ),
                    ));
                }
                let chosen = chosen.as_ref().map(|a| {
                    if *lay_off {
                        self.errors.push(CheckError::invalid(
                            Mistake::LayOffArrangement,
                            a.span,
                            "`lay off` takes no arrangement",
                            "`as` is for `meld`",
                            Some("the cards laid off are chosen by the search; lay down a chosen arrangement with `meld Z to every R as a`".into()),
                        ));
                    }
                    self.typed(a, Type::Arrangement, scope)
                });
                Stmt::Effect(Effect::Meld { from, to: row, lay_off: *lay_off, chosen })
            }
            StmtKind::Transfer { amount, from, to } => {
                let amount = amount.as_ref().map(|a| self.typed(a, Type::Int, scope));
                let from = self.transfer_place(from, scope);
                let to = self.transfer_place(to, scope);
                Stmt::Effect(Effect::Transfer { amount, from, to })
            }
            StmtKind::Choose { player, var, from, filter, prompt } => {
                let player = player.as_ref().map(|p| self.typed(p, Type::Player, scope));
                if let (None, Some(_)) = (&player, prompt) {
                    self.errors.push(CheckError::invalid(
                        Mistake::AskingChance,
                        s.span,
                        "`chance` is asked nothing: `asking` needs a player who chooses",
                        "chance chooses here",
                        Some("remove `asking \"...\"`, or announce what chance chose".into()),
                    ));
                }
                let prompt = prompt.as_ref().map(|t| self.check_template(t, scope));
                let from = self.check_domain(from, scope);
                // A choice makes a new name: choosing into one that is already a local leaves
                // that local as it was (a `while a == hit` waiting for the choice never ends).
                if scope.knows(&var.text) {
                    self.errors.push(CheckError::invalid(
                        Mistake::ChoiceHidesName,
                        var.span,
                        format!("`{}` is already a local name here, and a choice makes a new one", var.text),
                        "a second name, hiding the first",
                        Some(format!(
                            "choose into a new name and `set {} = ...` from it, or give the choice a name of its own",
                            var.text
                        )),
                    ));
                }
                let slot = scope.bind(&var.text, from.value_type(), false, 1);
                let filter = filter.as_ref().map(|f| self.typed(f, Type::Bool, scope));
                let private = self.private_choices.contains(&s.span);
                Stmt::Choose(Choice::One { player, slot, from, filter, prompt, private })
            }
            StmtKind::ChooseSecretly { player_var, var, from, filter, prompt } => {
                let mark = scope.mark();
                let player_slot = scope.bind(&player_var.text, Type::Player, false, 1);
                let prompt = prompt.as_ref().map(|t| self.check_template(t, scope));
                let from = self.check_domain(from, scope);
                let ty = from.value_type();
                // While the candidates are listed, the choice's name is the candidate.
                let base = scope.next_slot;
                scope.bind(&var.text, ty, false, 1);
                let filter = filter.as_ref().map(|f| self.typed(f, Type::Bool, scope));
                scope.restore(mark);
                // Afterwards it holds each player's choice: `c of p`.
                let players = self.players as u16;
                scope.next_slot = base;
                scope.bind(&var.text, ty, true, players);
                let private = self.private_choices.contains(&s.span);
                Stmt::Choose(Choice::Secret { player_slot, base, from, filter, prompt, private })
            }
            StmtKind::ChooseCards(c) => self.check_choose_cards(s.span, c, scope),
            StmtKind::ChooseOne { player, prompt, fresh, branches, otherwise } => {
                self.check_menu(s.span, player.as_ref(), prompt.as_deref(), *fresh, branches, otherwise.as_ref(), scope)
            }
            StmtKind::Call { name, args } => self.check_call_stmt(name, args, scope),
            StmtKind::Undo { player, body } => self.check_undo(player, body, scope),
            StmtKind::AnyPlayerMay { player_var, prompt, branches, otherwise } => {
                self.check_open(s.span, player_var, prompt.as_deref(), branches, otherwise.as_ref(), scope)
            }
        }
    }

    /// `chooses one of`: each branch's names are bound in turn, each with its domain and
    /// condition; the label and the block see them all.
    // The arguments are the parts of one `StmtKind::ChooseOne`, each distinct and each read
    // once: a struct to carry them would be built at the one call only to be taken apart here.
    #[allow(clippy::too_many_arguments)]
    fn check_menu(
        &mut self,
        span: ast::Span,
        player: Option<&ast::Expr>,
        prompt: Option<&[ast::TemplatePart]>,
        fresh: bool,
        branches: &[ast::Branch],
        otherwise: Option<&ast::Block>,
        scope: &mut Scope,
    ) -> Stmt {
        let player = player.map(|p| self.typed(p, Type::Player, scope));
        if let (None, Some(_)) = (&player, prompt) {
            self.errors.push(CheckError::invalid(
                Mistake::AskingChance,
                span,
                "`chance` is asked nothing: `asking` needs a player who chooses",
                "chance chooses here",
                Some("remove `asking \"...\"`, or announce what chance chose".into()),
            ));
        }
        if let (None, true) = (&player, fresh) {
            self.errors.push(CheckError::invalid(
                Mistake::ChanceNeverRepeating,
                span,
                "`never repeating a position` judges a player's moves, and chance makes none",
                "chance chooses here",
                Some("remove `, never repeating a position`, or let a player choose".into()),
            ));
        }
        let prompt = prompt.map(|t| self.check_template(t, scope));
        let branch = scope.hidden();
        let (checked, bodies) = self.check_branches(branches, "a branch", scope);
        let otherwise = otherwise.map(|o| self.check_block(o, scope)).unwrap_or_default();
        let private = self.private_choices.contains(&span);
        let choice = Choice::Menu { player, branch, branches: checked, prompt, private, fresh };
        Stmt::Menu { choice, bodies, otherwise }
    }

    /// The branches of a menu (`chooses one of`) or the kinds of claim of an open moment: each
    /// branch's names, bound in turn (at most `MAX_BINDS`; `what` names a branch in the
    /// message), its condition, label and block; each branch's names are its own.
    pub(super) fn check_branches(
        &mut self,
        branches: &[ast::Branch],
        what: &str,
        scope: &mut Scope,
    ) -> (Vec<MenuBranch>, Vec<Vec<Stmt>>) {
        let mut checked = Vec::new();
        let mut bodies = Vec::new();
        for b in branches {
            let mark = scope.mark();
            let mut binds = Vec::new();
            for x in &b.binds {
                let from = match &x.sets {
                    Some(sizes) => self.check_set_domain(&x.from.from, sizes, scope),
                    None => self.check_domain(&x.from, scope),
                };
                let slot = scope.bind(&x.var.text, from.value_type(), false, 1);
                let filter = x.filter.as_ref().map(|f| self.typed(f, Type::Bool, scope));
                binds.push(MenuBind { slot, from, filter });
            }
            if binds.len() > MAX_BINDS {
                self.errors.push(CheckError::invalid(
                    Mistake::OverLimit,
                    b.binds[MAX_BINDS].var.span,
                    format!("{what} binds at most {MAX_BINDS} names"),
                    "one too many",
                    Some("split the branch in two".into()),
                ));
                binds.truncate(MAX_BINDS);
            }
            let guard = b.filter.as_ref().map(|f| self.typed(f, Type::Bool, scope));
            let label = self.check_label(&b.label, scope);
            bodies.push(self.check_block(&b.body, scope));
            scope.restore(mark);
            checked.push(MenuBranch { label, binds, guard });
        }
        (checked, bodies)
    }

    pub(super) fn check_template(&mut self, parts: &[ast::TemplatePart], scope: &mut Scope) -> Vec<TextPart> {
        parts
            .iter()
            .map(|p| match p {
                ast::TemplatePart::Text(t) => TextPart::Text(t.clone()),
                ast::TemplatePart::Hole(e) => {
                    let (x, t) = self.check_expr(e, None, scope);
                    if t == Type::Cards {
                        self.errors.push(CheckError::invalid(
                            Mistake::CardsInText,
                            e.span,
                            "a set of cards cannot be shown in a text",
                            "some cards",
                            Some("show a number about them (`{count of s}`, `{sum of c.points for c in s}`)".into()),
                        ));
                    }
                    TextPart::Value(x, t)
                }
            })
            .collect()
    }

    /// What a choice is made from: a range `a to b`, a set of members, or a zone.
    pub(super) fn check_domain(&mut self, d: &ast::Domain, scope: &mut Scope) -> Domain {
        if let Some(to) = &d.to {
            return Domain::Range(self.typed(&d.from, Type::Int, scope), self.typed(to, Type::Int, scope));
        }
        if let ast::ExprKind::Arrangements(zone) = &d.from.kind {
            self.need_melds(d.from.span, "`arrangements of`");
            return Domain::Arrangements(self.zone_expr(zone, scope));
        }
        if let ast::ExprKind::AllArrangements(zone) = &d.from.kind {
            self.need_melds(d.from.span, "`all arrangements of`");
            return Domain::AllArrangements(self.zone_expr(zone, scope));
        }
        // `p chooses s from suit`: any member of an enum.
        if let Some(e) = self.enum_named(&d.from, scope) {
            let members = self.enums[e as usize].members.len().min(64);
            let all = if members == 64 { u64::MAX } else { (1u64 << members) - 1 };
            return Domain::Members(Expr::Const(Value::Set(all)), e);
        }
        // A name nobody declared is most likely a zone: report it as one.
        let head = match &d.from.kind {
            ast::ExprKind::Name(n) => Some(n.as_str()),
            ast::ExprKind::Of { name, .. } => Some(name.text.as_str()),
            _ => None,
        };
        if head.is_some_and(|n| !scope.knows(n) && !self.globals.contains_key(n)) {
            return Domain::Zone(self.zone_expr(&d.from, scope));
        }
        let (x, t) = self.check_expr(&d.from, None, scope);
        match t {
            Type::Set(e) => Domain::Members(x, e),
            Type::Zone | Type::Zones | Type::None => Domain::Zone(x),
            // issue 43: a card of zones read as one (`hand of p + table`).
            Type::Cards if matches!(x, Expr::Joined(_)) => Domain::Zone(x),
            Type::Card => Domain::Card(x),
            _ => {
                self.errors.push(CheckError::wrong_type(
                    d.from.span,
                    "a zone, a card, a set of enum members or a range `1 to n`",
                    self.type_name(t),
                ));
                Domain::Zone(Expr::Const(Value::None))
            }
        }
    }

    /// A place a `transfer` moves an amount from or to: a number counter or variable.
    fn transfer_place(&mut self, place: &ast::Place, scope: &mut Scope) -> Place {
        let (p, ty) = self.check_place(place, scope);
        self.expect_type(place.span, Type::Int, ty);
        if matches!(p, Place::Local(_) | Place::LocalOf(..)) && ty != Type::None {
            self.errors.push(CheckError::invalid(
                Mistake::TransferLocal,
                place.span,
                format!("`transfer` moves amounts between counters, and `{}` is a local name", place.name.text),
                "a local name",
                Some("declare a `counter` (seen by players) or `variable` for the amount".into()),
            ));
        }
        p
    }

    fn check_call_stmt(&mut self, name: &ast::Name, args: &[ast::Expr], scope: &mut Scope) -> Stmt {
        let Some(index) = self.procedure_index(&name.text) else {
            // A procedure whose name another declaration took: the duplicate is the mistake.
            if self.duplicate_routines.contains(&name.text) {
                for a in args {
                    let _ = self.check_expr(a, None, scope);
                }
                return Stmt::Call(0, Vec::new());
            }
            let names = self.names_where(|g| matches!(g, Global::Procedure(_)));
            let what = if self.functions.contains_key(&name.text) {
                " (a function gives a value; use it in an expression)"
            } else {
                ""
            };
            self.errors.push(CheckError::UnknownProcedure {
                name: name.text.clone(),
                span: name.span.into(),
                help: suggest(&name.text, names.iter().copied())
                    .or_else(|| Some(format!("declare it with `procedure {} {{ ... }}`{what}", name.text))),
            });
            for a in args {
                let _ = self.check_expr(a, None, scope);
            }
            return Stmt::Call(0, Vec::new());
        };
        let decl = self.procedure_decls[index as usize].clone();
        if decl.params.len() != args.len() {
            self.errors.push(CheckError::ArgumentCount {
                name: name.text.clone(),
                expected: decl.params.len(),
                found: args.len(),
                span: name.span.into(),
                decl: Some(decl.name.span.into()),
            });
            return Stmt::Call(index, Vec::new());
        }
        let mut xs = Vec::new();
        for (p, a) in decl.params.iter().zip(args) {
            let ty = self.resolve_type(&p.ty);
            xs.push(self.typed(a, ty, scope));
        }
        Stmt::Call(index, xs)
    }

    fn check_place(&mut self, place: &ast::Place, scope: &mut Scope) -> (Place, Type) {
        let n = &place.name.text;
        let var = scope.vars.iter().rev().find(|v| &v.name == n).cloned();
        if let Some(v) = var {
            return match (&place.of, v.per_player) {
                (None, false) => (Place::Local(v.slot), v.ty),
                (Some(p), true) => (Place::LocalOf(v.slot, self.typed(p, Type::Player, scope)), v.ty),
                _ => {
                    self.errors.push(CheckError::invalid(
                        Mistake::CannotSet,
                        place.span,
                        format!("`{n}` cannot be set this way"),
                        "here",
                        Some("a per-player value is set with `of p`; others without".into()),
                    ));
                    (Place::Local(v.slot), v.ty)
                }
            };
        }
        match self.globals.get(n).map(|g| g.0) {
            Some(Global::Counter(c)) => {
                let info = self.counters[c as usize].clone();
                match (&place.of, info.per) {
                    (None, Per::Game) => (Place::Counter(info.slot), info.ty),
                    (Some(p), Per::Player) => {
                        (Place::CounterOf(info.slot, self.typed(p, Type::Player, scope)), info.ty)
                    }
                    (Some(p), Per::Team) => {
                        let p = self.typed(p, Type::Player, scope);
                        (Place::CounterOf(info.slot, Expr::TeamLead(Box::new(p))), info.ty)
                    }
                    (Some(c), Per::Card) => {
                        (Place::CounterOfCard(info.slot, self.typed(c, Type::Card, scope)), info.ty)
                    }
                    (None, per) => {
                        let (whose, of) = match per {
                            Per::Card => ("card", "c"),
                            Per::Team => ("team", "p"),
                            _ => ("player", "p"),
                        };
                        self.errors.push(CheckError::invalid(
                            Mistake::MissingOf,
                            place.span,
                            format!("counter `{n}` has one value per {whose}"),
                            format!("which {whose}'s?"),
                            Some(format!("write `{n} of {of}`")),
                        ));
                        (Place::Counter(info.slot), info.ty)
                    }
                    (Some(_), Per::Game) => {
                        self.errors.push(CheckError::invalid(
                            Mistake::NeedlessOf,
                            place.span,
                            format!("counter `{n}` is one value for the game"),
                            "not per player, per team or per card",
                            Some(format!("write `{n}` alone")),
                        ));
                        (Place::Counter(info.slot), info.ty)
                    }
                }
            }
            Some(Global::Option(_)) => {
                self.errors.push(CheckError::invalid(
                    Mistake::OptionChanged,
                    place.span,
                    format!("option `{n}` cannot change during a game"),
                    "an option",
                    Some("declare a `counter` or `variable` for a value that changes".into()),
                ));
                (Place::Local(0), Type::None)
            }
            _ => {
                let mut names: Vec<&str> = scope.vars.iter().map(|v| v.name.as_str()).collect();
                names.extend(self.names_where(|g| matches!(g, Global::Counter(_))));
                self.errors.push(CheckError::UnknownName {
                    what: "counter or variable",
                    name: n.clone(),
                    span: place.name.span.into(),
                    help: suggest(n, names.iter().copied())
                        .or_else(|| Some("declare it with `counter`, `variable` or `let`".into())),
                });
                (Place::Local(0), Type::None)
            }
        }
    }
}
