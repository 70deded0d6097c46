//! Moves the spans of a syntax tree: every position at or after a point moves by a number of
//! bytes, as when text is inserted or deleted before it (the language server's reparse keeps
//! the declarations after an edit and moves them).
//!
//! Every node is taken apart field by field, without `..`, and every `match` names every
//! variant: a new node, field or variant that holds a span does not compile until it is moved
//! here too.

use super::ast::*;

/// Where positions start to move, and by how much.
#[derive(Debug, Clone, Copy)]
pub struct Shift {
    /// The first position that moves.
    pub at: usize,
    /// How far it moves (negative: towards the start).
    pub by: isize,
}

impl Shift {
    fn pos(self, p: &mut usize) {
        if *p >= self.at {
            *p = p.saturating_add_signed(self.by);
        }
    }
    fn span(self, s: &mut Span) {
        let Span { start, end } = s;
        self.pos(start);
        self.pos(end);
    }
}

/// Moves every span of `item` (and of everything it holds) that starts or ends at or after
/// `shift.at` by `shift.by` bytes.
pub fn shift_item(item: &mut Item, shift: Shift) {
    item.shift(shift);
}

/// Moves every span of a whole file (its `extends` line too): see [`shift_item`].
pub fn shift_file(file: &mut File, shift: Shift) {
    let File { base, items } = file;
    if let Some(BaseGame { span, path: _, path_span }) = base {
        shift.span(span);
        shift.span(path_span);
    }
    items.shift(shift);
}

/// A node whose spans can be moved.
trait Shifted {
    fn shift(&mut self, s: Shift);
}

impl<T: Shifted> Shifted for Vec<T> {
    fn shift(&mut self, s: Shift) {
        self.iter_mut().for_each(|x| x.shift(s));
    }
}

impl<T: Shifted> Shifted for Option<T> {
    fn shift(&mut self, s: Shift) {
        if let Some(x) = self {
            x.shift(s);
        }
    }
}

impl<T: Shifted> Shifted for Box<T> {
    fn shift(&mut self, s: Shift) {
        (**self).shift(s);
    }
}

impl<A: Shifted, B: Shifted> Shifted for (A, B) {
    fn shift(&mut self, s: Shift) {
        self.0.shift(s);
        self.1.shift(s);
    }
}

impl Shifted for Span {
    fn shift(&mut self, s: Shift) {
        s.span(self);
    }
}

impl Shifted for Name {
    fn shift(&mut self, s: Shift) {
        let Name { span, text: _ } = self;
        s.span(span);
    }
}

impl Shifted for Item {
    fn shift(&mut self, s: Shift) {
        match self {
            Item::Game { span, title: _ } => s.span(span),
            Item::Teams { span, teams } => {
                s.span(span);
                for team in teams {
                    for (_, at) in team {
                        s.span(at);
                    }
                }
            }
            Item::Players { span, count: _, most: _ } => s.span(span),
            Item::Option(d) => d.shift(s),
            Item::Enum(EnumDecl { span, name, members }) => {
                s.span(span);
                name.shift(s);
                for EnumMember { name, display: _ } in members {
                    name.shift(s);
                }
            }
            Item::Property(PropertyDecl { span, name, ty, default }) => {
                s.span(span);
                name.shift(s);
                ty.shift(s);
                default.shift(s);
            }
            Item::Cards(CardsDecl { span, name, body }) => {
                s.span(span);
                name.shift(s);
                match body {
                    CardsBody::Every { properties, filter, assigns } => {
                        properties.shift(s);
                        filter.shift(s);
                        assigns.shift(s);
                    }
                    CardsBody::List(cards) => {
                        for NamedCard { span, name: _, assigns } in cards {
                            s.span(span);
                            assigns.shift(s);
                        }
                    }
                }
            }
            Item::Order(OrderDecl { span, name, property, members }) => {
                s.span(span);
                name.shift(s);
                property.shift(s);
                members.shift(s);
            }
            Item::Zone(ZoneDecl { span, name, attrs }) => {
                s.span(span);
                name.shift(s);
                attrs.shift(s);
            }
            Item::Counter(CounterDecl { span, name, per: _, ty, reported: _, init }) => {
                s.span(span);
                name.shift(s);
                ty.shift(s);
                init.shift(s);
            }
            Item::Function(FunctionDecl { span, name, params, ret, body, block }) => {
                s.span(span);
                name.shift(s);
                params.shift(s);
                ret.shift(s);
                body.shift(s);
                if let Some(FunctionBlock { lets, stmts, result }) = block {
                    for FunctionLet { span, name, ty, value } in lets {
                        s.span(span);
                        name.shift(s);
                        ty.shift(s);
                        value.shift(s);
                    }
                    stmts.shift(s);
                    result.shift(s);
                }
            }
            Item::Procedure(ProcedureDecl { span, name, params, body }) => {
                s.span(span);
                name.shift(s);
                params.shift(s);
                body.shift(s);
            }
            Item::Variant(VariantDecl { span, name, description: _, extends, items }) => {
                s.span(span);
                name.shift(s);
                extends.shift(s);
                items.shift(s);
            }
            Item::Length { span, counter } => {
                s.span(span);
                counter.shift(s);
            }
            Item::Progress(ProgressDecl { span, var, value }) => {
                s.span(span);
                var.shift(s);
                value.shift(s);
            }
            Item::Melds(d) => d.shift(s),
            Item::View(ViewDecl { span, lines }) => {
                s.span(span);
                for ViewLine { span, name, top, sorted, melds: _, label: _, nonempty: _ } in lines {
                    s.span(span);
                    name.shift(s);
                    if let Some((_, at)) = top {
                        s.span(at);
                    }
                    if let Some(order) = sorted {
                        order.shift(s);
                    }
                }
            }
            Item::Hands(d) => d.shift(s),
        }
    }
}

impl Shifted for OptionDecl {
    fn shift(&mut self, s: Shift) {
        let OptionDecl { span, name, ty, range, value, meanings } = self;
        s.span(span);
        name.shift(s);
        ty.shift(s);
        if let Some(OptionRange { span, lo: _, hi: _ }) = range {
            s.span(span);
        }
        let Literal { span, kind } = value;
        s.span(span);
        match kind {
            LiteralKind::Int(_) | LiteralKind::Bool(_) | LiteralKind::Member(_) | LiteralKind::Text(_) => {}
        }
        for OptionMeaning { span, value: _, text: _ } in meanings {
            s.span(span);
        }
    }
}

impl Shifted for VariantItem {
    fn shift(&mut self, s: Shift) {
        match self {
            VariantItem::Override { span, item } => {
                s.span(span);
                item.shift(s);
            }
            VariantItem::SetOption(d) => d.shift(s),
            VariantItem::Add(item) => item.shift(s),
        }
    }
}

impl Shifted for TypeExpr {
    fn shift(&mut self, s: Shift) {
        let TypeExpr { span, kind } = self;
        s.span(span);
        match kind {
            TypeExprKind::Bool
            | TypeExprKind::Int
            | TypeExprKind::Card
            | TypeExprKind::Player
            | TypeExprKind::Zone
            | TypeExprKind::Cards => {}
            TypeExprKind::Named(n) | TypeExprKind::SetOf(n) => n.shift(s),
        }
    }
}

impl Shifted for PropAssign {
    fn shift(&mut self, s: Shift) {
        let PropAssign { name, value } = self;
        name.shift(s);
        value.shift(s);
    }
}

impl Shifted for ZoneAttr {
    fn shift(&mut self, s: Shift) {
        let ZoneAttr { span, kind } = self;
        s.span(span);
        match kind {
            ZoneAttrKind::PerPlayer
            | ZoneAttrKind::PerRange(_, _)
            | ZoneAttrKind::Shared
            | ZoneAttrKind::Facing(_)
            | ZoneAttrKind::Stack
            | ZoneAttrKind::Spread
            | ZoneAttrKind::Public
            | ZoneAttrKind::Private
            | ZoneAttrKind::SeenByOthers => {}
            ZoneAttrKind::PerEnum(n) => n.shift(s),
            ZoneAttrKind::Holds(names) => names.shift(s),
        }
    }
}

impl Shifted for Param {
    fn shift(&mut self, s: Shift) {
        let Param { name, ty } = self;
        name.shift(s);
        ty.shift(s);
    }
}

impl Shifted for MeldsDecl {
    fn shift(&mut self, s: Shift) {
        let MeldsDecl { span, name, patterns, wilds, points } = self;
        s.span(span);
        name.shift(s);
        for MeldPatternDecl { span, name, rules, size } in patterns {
            s.span(span);
            name.shift(s);
            rules.shift(s);
            let MeldSize { span, min: _, max: _, exact: _ } = size;
            s.span(span);
        }
        for MeldWildDecl { span, card, cond, keeps, fixed: _ } in wilds {
            s.span(span);
            card.shift(s);
            cond.shift(s);
            keeps.shift(s);
        }
        for MeldPointsDecl { span, card, value } in points {
            s.span(span);
            card.shift(s);
            value.shift(s);
        }
    }
}

impl Shifted for HandsDecl {
    fn shift(&mut self, s: Shift) {
        let HandsDecl { span, name, order, patterns } = self;
        s.span(span);
        name.shift(s);
        order.shift(s);
        for HandPatternDecl { span, name, display: _, parts } in patterns {
            s.span(span);
            name.shift(s);
            for HandPartDecl { span, count: _, rules } in parts {
                s.span(span);
                rules.shift(s);
            }
        }
    }
}

impl Shifted for MeldRuleDecl {
    fn shift(&mut self, s: Shift) {
        let MeldRuleDecl { span, kind, name } = self;
        s.span(span);
        match kind {
            MeldRuleKind::Same | MeldRuleKind::Different | MeldRuleKind::Consecutive => {}
        }
        name.shift(s);
    }
}

impl Shifted for Expr {
    fn shift(&mut self, s: Shift) {
        let Expr { span, kind } = self;
        s.span(span);
        match kind {
            ExprKind::Int(_)
            | ExprKind::Text(_)
            | ExprKind::Bool(_)
            | ExprKind::None
            | ExprKind::PositionSeen
            | ExprKind::Name(_)
            | ExprKind::Player(_) => {}
            ExprKind::Top(e)
            | ExprKind::Bottom(e)
            | ExprKind::Count(e)
            | ExprKind::Opponent(e)
            | ExprKind::Arrangements(e)
            | ExprKind::AllArrangements(e)
            | ExprKind::PlayerAt(e)
            | ExprKind::Across(e) => e.shift(s),
            ExprKind::SetLit(items) => items.shift(s),
            ExprKind::Call { name, args } => {
                name.shift(s);
                args.shift(s);
            }
            ExprKind::Of { name, arg } => {
                name.shift(s);
                arg.shift(s);
            }
            ExprKind::If { cond, then, otherwise } => {
                cond.shift(s);
                then.shift(s);
                otherwise.shift(s);
            }
            ExprKind::Binary { op: _, lhs, rhs } => {
                lhs.shift(s);
                rhs.shift(s);
            }
            ExprKind::Unary { op: _, operand } => operand.shift(s),
            ExprKind::Field { target, name } => {
                target.shift(s);
                name.shift(s);
            }
            ExprKind::IsEmpty { target, negated: _ }
            | ExprKind::IsNone { target, negated: _ }
            | ExprKind::IsFaceUp { target, up: _ } => target.shift(s),
            ExprKind::Every(n) => n.shift(s),
            ExprKind::Deadwood { zone, without } => {
                zone.shift(s);
                without.shift(s);
            }
            ExprKind::Strength { zone, hands } => {
                zone.shift(s);
                hands.shift(s);
            }
            ExprKind::CardAt { index, zone } => {
                index.shift(s);
                zone.shift(s);
            }
            ExprKind::Aggregate(a) => {
                let Aggregate { kind: _, var, domain, domain_span, value, cond } = &mut **a;
                var.shift(s);
                domain.shift(s);
                s.span(domain_span);
                value.shift(s);
                cond.shift(s);
            }
            ExprKind::KeyedOf { name, key, owner } => {
                name.shift(s);
                key.shift(s);
                owner.shift(s);
            }
            ExprKind::EveryOf { name, owner } => {
                name.shift(s);
                owner.shift(s);
            }
        }
    }
}

impl Shifted for AggDomain {
    fn shift(&mut self, s: Shift) {
        match self {
            AggDomain::Players | AggDomain::ThePlayer => {}
            AggDomain::After(e) | AggDomain::Expr(e) | AggDomain::Zones(e) | AggDomain::Before(e) => e.shift(s),
            AggDomain::Range(lo, hi) => {
                lo.shift(s);
                hi.shift(s);
            }
            AggDomain::Subsets(Subsets { zone, size }) => {
                zone.shift(s);
                size.shift(s);
            }
        }
    }
}

impl Shifted for Block {
    fn shift(&mut self, s: Shift) {
        let Block { span, stmts } = self;
        s.span(span);
        stmts.shift(s);
    }
}

impl Shifted for Domain {
    fn shift(&mut self, s: Shift) {
        let Domain { from, to } = self;
        from.shift(s);
        to.shift(s);
    }
}

impl Shifted for Place {
    fn shift(&mut self, s: Shift) {
        let Place { span, name, of } = self;
        s.span(span);
        name.shift(s);
        of.shift(s);
    }
}

impl Shifted for TemplatePart {
    fn shift(&mut self, s: Shift) {
        match self {
            TemplatePart::Text(_) => {}
            TemplatePart::Hole(e) => e.shift(s),
        }
    }
}

impl Shifted for MoveWhat {
    fn shift(&mut self, s: Shift) {
        match self {
            MoveWhat::All(e) | MoveWhat::Card(e) | MoveWhat::Above(e) => e.shift(s),
            MoveWhat::Top(n, e) | MoveWhat::Bottom(n, e) => {
                n.shift(s);
                e.shift(s);
            }
        }
    }
}

impl Shifted for Branch {
    fn shift(&mut self, s: Shift) {
        let Branch { span, label, binds, filter, body } = self;
        s.span(span);
        label.shift(s);
        for Binding { var, from, filter, sets } in binds {
            var.shift(s);
            from.shift(s);
            filter.shift(s);
            if let Some(SetSizes { size }) = sets {
                size.shift(s);
            }
        }
        filter.shift(s);
        body.shift(s);
    }
}

impl Shifted for Stmt {
    fn shift(&mut self, s: Shift) {
        let Stmt { span, kind } = self;
        s.span(span);
        match kind {
            StmtKind::If { cond, then, otherwise } => {
                cond.shift(s);
                then.shift(s);
                otherwise.shift(s);
            }
            StmtKind::While { cond, body } => {
                cond.shift(s);
                body.shift(s);
            }
            StmtKind::Repeat { count, body } => {
                count.shift(s);
                body.shift(s);
            }
            StmtKind::ForPlayer { var, body } => {
                var.shift(s);
                body.shift(s);
            }
            StmtKind::ForCard { var, zone, body } => {
                var.shift(s);
                zone.shift(s);
                body.shift(s);
            }
            StmtKind::ForEach { var, domain, from, cond, body } => {
                var.shift(s);
                domain.shift(s);
                from.shift(s);
                cond.shift(s);
                body.shift(s);
            }
            StmtKind::Break | StmtKind::Return | StmtKind::RememberPosition => {}
            StmtKind::Undo { player, body } => {
                player.shift(s);
                body.shift(s);
            }
            StmtKind::ForRange { var, from, to, body } => {
                var.shift(s);
                from.shift(s);
                to.shift(s);
                body.shift(s);
            }
            StmtKind::Shuffle(e) | StmtKind::TurnOver(e) | StmtKind::Reveal(e) => e.shift(s),
            StmtKind::Deal { count, from, to, facing: _, first } => {
                count.shift(s);
                from.shift(s);
                to.shift(s);
                first.shift(s);
            }
            StmtKind::Move { what, to, facing: _, bottom: _ } => {
                what.shift(s);
                to.shift(s);
            }
            StmtKind::TurnCard { card, facing: _ } => card.shift(s),
            StmtKind::Let { name, ty, value } => {
                name.shift(s);
                ty.shift(s);
                value.shift(s);
            }
            StmtKind::Set { place, value } | StmtKind::Add { value, place } | StmtKind::Subtract { value, place } => {
                place.shift(s);
                value.shift(s);
            }
            StmtKind::End(kind) => match kind {
                EndKind::Winner(e) | EndKind::Loser(e) => e.shift(s),
                EndKind::Draw | EndKind::Unfinished => {}
                EndKind::Highest { var, score, lowest: _ } => {
                    var.shift(s);
                    score.shift(s);
                }
            },
            StmtKind::Announce(parts) => parts.shift(s),
            StmtKind::Pause(parts) => parts.shift(s),
            StmtKind::Meld { from, to, lay_off: _, chosen } => {
                from.shift(s);
                to.shift(s);
                chosen.shift(s);
            }
            StmtKind::Choose { player, var, from, filter, prompt } => {
                player.shift(s);
                var.shift(s);
                from.shift(s);
                filter.shift(s);
                prompt.shift(s);
            }
            StmtKind::ChooseSecretly { player_var, var, from, filter, prompt } => {
                player_var.shift(s);
                var.shift(s);
                from.shift(s);
                filter.shift(s);
                prompt.shift(s);
            }
            StmtKind::ChooseCards(c) => {
                let CardsChoice { player, count, most, var, alike, from, to, facing: _, filter, sum, prompt } =
                    &mut **c;
                player.shift(s);
                count.shift(s);
                most.shift(s);
                var.shift(s);
                alike.shift(s);
                from.shift(s);
                to.shift(s);
                filter.shift(s);
                sum.shift(s);
                prompt.shift(s);
            }
            StmtKind::ChooseOne { player, prompt, fresh: _, branches, otherwise } => {
                player.shift(s);
                prompt.shift(s);
                branches.shift(s);
                otherwise.shift(s);
            }
            StmtKind::Transfer { amount, from, to } => {
                amount.shift(s);
                from.shift(s);
                to.shift(s);
            }
            StmtKind::Call { name, args } => {
                name.shift(s);
                args.shift(s);
            }
            StmtKind::AnyPlayerMay { player_var, prompt, branches, otherwise } => {
                player_var.shift(s);
                prompt.shift(s);
                branches.shift(s);
                otherwise.shift(s);
            }
        }
    }
}
