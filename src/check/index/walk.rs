//! The second half of the pass: each item walked with its scopes, every name it uses resolved
//! (statements in `stmts.rs`, expressions in `exprs.rs`), the locals it binds declared.

use std::collections::HashMap;

use super::scope::{from_to, Scope};
use super::{detail, Decl, DeclId, DeclKind, Index, Unresolved, Use};
use crate::syntax::ast::*;

/// A variant's own declarations (name, id) and the variants it extends.
type VariantLayer = (Vec<String>, Vec<(String, DeclId)>);

/// The index being built and the names in force.
#[derive(Default)]
pub(super) struct Builder {
    /// What has been found so far.
    pub index: Index,
    /// The names in force.
    pub scope: Scope,
    /// Each variant's own declarations and the variants it extends, by the variant's name.
    pub variant_items: HashMap<String, VariantLayer>,
    /// Whether the base game of a variant file is being declared.
    pub in_base: bool,
    /// The declaration whose locals are being bound.
    pub owner: Option<DeclId>,
    /// Whether bare property names mean the card's properties (a `cards` body).
    pub in_card: bool,
    /// The top-level declarations of this file, by the span of their name.
    by_span: HashMap<(usize, usize), DeclId>,
}

impl Builder {
    /// Adds a declaration.
    #[allow(clippy::too_many_arguments)]
    pub fn decl(
        &mut self,
        kind: DeclKind,
        name: &Name,
        full_span: Span,
        detail: String,
        ty: Option<String>,
        parent: Option<DeclId>,
        visible: Option<Span>,
    ) -> DeclId {
        let in_base = self.in_base;
        let id = self.index.push(Decl {
            kind,
            name: name.text.clone(),
            span: name.span,
            full_span,
            doc: None,
            detail,
            ty,
            parent,
            visible,
            in_base,
        });
        if !in_base && !kind.is_local() {
            self.by_span.entry((name.span.start, name.span.end)).or_insert(id);
        }
        id
    }

    /// Declares a local and binds it until the scope's next `restore`.
    pub fn local(&mut self, kind: DeclKind, name: &Name, ty: Option<String>) -> DeclId {
        let line = detail::local(kind.word(), &name.text, ty.as_deref());
        let visible = from_to(name.span.start, name.span.end);
        let id = self.decl(kind, name, name.span, line, ty, self.owner, visible);
        self.scope.bind(&name.text, id);
        id
    }

    /// Forgets the locals bound since `mark`, each visible up to `end`.
    pub fn restore(&mut self, mark: usize, end: usize) {
        self.scope.restore(mark, end, &mut self.index);
    }

    /// Records a use of `decl` at `span`, or `name` as unresolved.
    pub fn found(&mut self, span: Span, name: &str, decl: Option<DeclId>) {
        match decl {
            Some(decl) => self.index.uses.push(Use { span, decl }),
            None => self.index.unresolved.push(Unresolved { span, name: name.to_string() }),
        }
    }

    /// A name that means a top-level declaration of a kind `wanted` accepts.
    pub fn global_use(&mut self, name: &Name, wanted: impl Fn(DeclKind) -> bool) {
        let d = self.scope.global(&self.index, &name.text, wanted);
        self.found(name.span, &name.text, d);
    }

    /// A member `name` of the enum called `enum_name`, else of any enum.
    pub fn member(&self, enum_name: Option<&str>, name: &str) -> Option<DeclId> {
        let members = self.scope.globals_of(&self.index, |k| k == DeclKind::EnumMember);
        let of = |id: &DeclId| {
            let d = self.index.decl(*id);
            let parent = d.parent.map(|p| self.index.decl(p).name.as_str());
            d.name == name && (enum_name.is_none() || parent == enum_name)
        };
        members
            .iter()
            .copied()
            .find(of)
            .or_else(|| members.iter().copied().find(|id| self.index.decl(*id).name == name))
    }

    /// The enum a property's values come from, when it is one.
    pub fn property_enum(&self, property: &str) -> Option<String> {
        let p = self.scope.global(&self.index, property, |k| k == DeclKind::Property)?;
        self.index.decl(p).ty.clone()
    }

    /// Indexes a whole file.
    pub fn file(&mut self, file: &File) {
        self.scope.open_layer();
        for item in &file.items {
            self.declare(item, None, None);
        }
        for item in &file.items {
            self.item(item);
        }
        self.scope.close_layer();
    }

    /// A written type: an enum it names is a use, and so is a `hands` declaration (its
    /// patterns are a type's members: `function size(k: kind): int`).
    pub fn type_expr(&mut self, t: &TypeExpr) {
        let a_type = |k| k == DeclKind::Enum || k == DeclKind::Hands;
        if let TypeExprKind::Named(n) | TypeExprKind::SetOf(n) = &t.kind {
            if !(n.text == "text" && self.scope.global(&self.index, "text", a_type).is_none()) {
                self.global_use(n, a_type);
            }
        }
    }

    fn item(&mut self, item: &Item) {
        let id = item.name().and_then(|n| self.by_span.get(&(n.span.start, n.span.end)).copied());
        let outer = std::mem::replace(&mut self.owner, id);
        let mark = self.scope.mark();
        match item {
            Item::Game { .. } | Item::Players { .. } | Item::Teams { .. } | Item::Enum(_) => {}
            Item::Option(o) => self.option(o),
            Item::Property(p) => {
                self.type_expr(&p.ty);
                if let Some(d) = &p.default {
                    self.expr(d);
                }
            }
            Item::Cards(c) => self.cards(c),
            Item::Order(o) => {
                self.global_use(&o.property, |k| k == DeclKind::Property);
                let of = self.property_enum(&o.property.text);
                for m in &o.members {
                    let d = self.member(of.as_deref(), &m.text);
                    self.found(m.span, &m.text, d);
                }
            }
            Item::Zone(z) => {
                for a in &z.attrs {
                    match &a.kind {
                        ZoneAttrKind::PerEnum(n) => self.global_use(n, |k| k == DeclKind::Enum),
                        ZoneAttrKind::Holds(groups) => {
                            groups.iter().for_each(|g| self.global_use(g, |k| k == DeclKind::Cards))
                        }
                        _ => {}
                    }
                }
            }
            Item::Counter(c) => {
                if let Some(t) = &c.ty {
                    self.type_expr(t);
                }
                self.expr(&c.init);
            }
            Item::Function(f) => self.function(f),
            Item::Procedure(p) => {
                self.params(&p.params);
                self.block(&p.body);
            }
            Item::Variant(v) => self.variant(v),
            Item::Length { counter, .. } => {
                self.global_use(counter, |k| matches!(k, DeclKind::Counter | DeclKind::Variable))
            }
            Item::Progress(p) => {
                self.local(DeclKind::ScoredPlayer, &p.var, Some("player".into()));
                self.expr(&p.value);
            }
            Item::Melds(m) => self.melds(m),
            Item::View(v) => {
                for line in &v.lines {
                    self.global_use(&line.name, |k| {
                        matches!(k, DeclKind::Zone | DeclKind::Counter | DeclKind::Variable)
                    });
                    if let Some(Some(order)) = &line.sorted {
                        self.global_use(order, |k| k == DeclKind::Order);
                    }
                }
            }
            Item::Hands(h) => {
                self.global_use(&h.order, |k| k == DeclKind::Order);
                for p in &h.patterns {
                    p.parts.iter().flat_map(|part| &part.rules).for_each(|r| self.meld_rule(r));
                }
            }
        }
        self.restore(mark, item.span().end);
        self.owner = outer;
    }

    fn option(&mut self, o: &OptionDecl) {
        if let Some(t) = &o.ty {
            self.type_expr(t);
        }
        if let LiteralKind::Member(m) = &o.value.kind {
            let of = match o.ty.as_ref().map(|t| &t.kind) {
                Some(TypeExprKind::Named(n)) => Some(n.text.clone()),
                _ => None,
            };
            let d = self.member(of.as_deref(), m);
            self.found(o.value.span, m, d);
        }
    }

    fn cards(&mut self, c: &CardsDecl) {
        let assigns: Vec<&PropAssign> = match &c.body {
            CardsBody::Every { properties, filter, assigns } => {
                properties.iter().for_each(|p| self.global_use(p, |k| k == DeclKind::Property));
                self.in_card = true;
                if let Some(f) = filter {
                    self.expr(f);
                }
                assigns.iter().collect()
            }
            CardsBody::List(cards) => cards.iter().flat_map(|c| &c.assigns).collect(),
        };
        self.in_card = true;
        for a in assigns {
            self.global_use(&a.name, |k| k == DeclKind::Property);
            self.expr(&a.value);
        }
        self.in_card = false;
    }

    fn params(&mut self, params: &[Param]) {
        for p in params {
            self.type_expr(&p.ty);
            self.local(DeclKind::Parameter, &p.name, Some(detail::type_expr(&p.ty)));
        }
    }

    fn function(&mut self, f: &FunctionDecl) {
        self.params(&f.params);
        self.type_expr(&f.ret);
        match &f.block {
            // The block as written: its lets in order, each seeing the ones before it.
            Some(b) if b.stmts.is_empty() => {
                for l in &b.lets {
                    if let Some(t) = &l.ty {
                        self.type_expr(t);
                    }
                    self.expr(&l.value);
                    self.local(DeclKind::Let, &l.name, l.ty.as_ref().map(detail::type_expr));
                }
                self.expr(&b.result);
            }
            // The block's names stay known for the result.
            Some(b) => {
                b.stmts.iter().for_each(|s| self.stmt(s));
                self.expr(&b.result);
            }
            None => self.expr(&f.body),
        }
    }

    fn variant(&mut self, v: &VariantDecl) {
        v.extends.iter().for_each(|n| self.global_use(n, |k| k == DeclKind::Variant));
        let mut layers = Vec::new();
        self.variant_layers(&v.name.text, &mut layers, 0);
        let opened = layers.len();
        for layer in layers.into_iter().rev() {
            self.scope.push_layer(layer);
        }
        for vi in &v.items {
            match vi {
                VariantItem::Override { item, .. } | VariantItem::Add(item) => self.item(item),
                VariantItem::SetOption(o) => {
                    self.global_use(&o.name, |k| k == DeclKind::Option);
                    self.option(o);
                }
            }
        }
        (0..opened).for_each(|_| self.scope.close_layer());
    }

    /// The layers of a variant's own declarations and of those it extends, its own first.
    fn variant_layers(&self, name: &str, out: &mut Vec<Vec<(String, DeclId)>>, depth: usize) {
        // A chain of `extends` deeper than this is a loop (the checker reports it).
        let Some((extends, layer)) = self.variant_items.get(name).filter(|_| depth <= 16) else { return };
        out.push(layer.clone());
        for e in extends {
            self.variant_layers(e, out, depth + 1);
        }
    }

    fn melds(&mut self, m: &MeldsDecl) {
        for p in &m.patterns {
            p.rules.iter().for_each(|r| self.meld_rule(r));
        }
        for w in &m.wilds {
            let mark = self.scope.mark();
            self.local(DeclKind::MeldCard, &w.card, Some("card".into()));
            self.expr(&w.cond);
            self.restore(mark, w.span.end);
            w.keeps.iter().for_each(|n| self.global_use(n, |k| k == DeclKind::Property));
        }
        for p in &m.points {
            let mark = self.scope.mark();
            self.local(DeclKind::MeldCard, &p.card, Some("card".into()));
            self.expr(&p.value);
            self.restore(mark, p.span.end);
        }
    }

    fn meld_rule(&mut self, r: &MeldRuleDecl) {
        match r.kind {
            MeldRuleKind::Consecutive => self.global_use(&r.name, |k| k == DeclKind::Order),
            MeldRuleKind::Same | MeldRuleKind::Different => self.global_use(&r.name, |k| k == DeclKind::Property),
        }
    }
}
