//! The first half of the pass: every top-level declaration of a file (and of its variant
//! blocks), with its children (an enum's members, a `hands` or `melds` declaration's
//! patterns), declared before any name is resolved.

use super::walk::Builder;
use super::{detail, DeclId, DeclKind};
use crate::syntax::ast::*;

impl Builder {
    /// Declares the top-level names of a variant file's base game, as the outermost layer.
    pub fn base_layer(&mut self, base: &File) {
        self.in_base = true;
        self.scope.open_layer();
        for item in &base.items {
            self.declare(item, None, None);
        }
        self.in_base = false;
    }

    /// Declares an item's names (a variant's items too, in a layer of their own kept for the
    /// variant block) in the innermost layer; its id, when it declares a name.
    pub fn declare(&mut self, item: &Item, parent: Option<DeclId>, visible: Option<Span>) -> Option<DeclId> {
        let name = item.name()?;
        let kind = match item {
            Item::Option(_) => DeclKind::Option,
            Item::Enum(_) => DeclKind::Enum,
            Item::Property(_) => DeclKind::Property,
            Item::Cards(_) => DeclKind::Cards,
            Item::Order(_) => DeclKind::Order,
            Item::Zone(_) => DeclKind::Zone,
            Item::Counter(c) if c.reported => DeclKind::Counter,
            Item::Counter(_) => DeclKind::Variable,
            Item::Function(_) => DeclKind::Function,
            Item::Procedure(_) => DeclKind::Procedure,
            Item::Variant(_) => DeclKind::Variant,
            Item::Melds(_) => DeclKind::Melds,
            Item::Hands(_) => DeclKind::Hands,
            _ => return None,
        };
        let (line, ty) = detail::item(item);
        let id = self.decl(kind, name, item.span(), line, ty, parent, visible);
        self.scope.add_global(&name.text, id);
        match item {
            Item::Enum(e) => {
                for m in &e.members {
                    let line = match &m.display {
                        Some(d) => format!("{} {d:?}: a member of enum {}", m.name.text, e.name.text),
                        None => format!("{}: a member of enum {}", m.name.text, e.name.text),
                    };
                    let full = m.name.span;
                    let member = self.decl(
                        DeclKind::EnumMember,
                        &m.name,
                        full,
                        line,
                        Some(e.name.text.clone()),
                        Some(id),
                        visible,
                    );
                    self.scope.add_global(&m.name.text, member);
                }
            }
            Item::Hands(h) => {
                for p in &h.patterns {
                    let line = format!("{}: a pattern of hands {}", p.name.text, h.name.text);
                    let pattern = self.decl(DeclKind::HandPattern, &p.name, p.span, line, None, Some(id), visible);
                    self.scope.add_global(&p.name.text, pattern);
                }
            }
            Item::Melds(m) => {
                for p in &m.patterns {
                    let line = format!("{}: a pattern of melds {}", p.name.text, m.name.text);
                    let pattern = self.decl(DeclKind::MeldPattern, &p.name, p.span, line, None, Some(id), visible);
                    self.scope.add_global(&p.name.text, pattern);
                }
            }
            Item::Variant(v) => {
                // The variant's own declarations: a layer of their own, opened over the file's
                // while the variant block (or a variant extending it) is walked.
                self.scope.open_layer();
                for vi in &v.items {
                    if let VariantItem::Override { item: inner, .. } | VariantItem::Add(inner) = vi {
                        self.declare(inner, Some(id), Some(v.span));
                    }
                }
                let layer = self.scope.take_layer();
                let extends = v.extends.iter().map(|n| n.text.clone()).collect();
                self.variant_items.entry(v.name.text.clone()).or_insert((extends, layer));
            }
            _ => {}
        }
        Some(id)
    }
}
