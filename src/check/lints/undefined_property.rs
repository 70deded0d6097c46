//! `undefined_property`: a card property the rules read but that no card is ever given (no
//! default, no `cards` declaration sets it), so it is `none` on every card.

use std::collections::HashSet;

use miette::Severity;

use super::{Finding, Lint, LintContext, Shared};
use crate::syntax::ast::{CardsBody, Expr, ExprKind, Item, Span, VariantItem};
use crate::syntax::walk::{self, Visitor};

/// The lint.
pub const LINT: Lint = Lint {
    name: "undefined_property",
    severity: Severity::Warning,
    summary: "a card property that the rules read but no card is given, so it is always `none`",
    run,
};

/// The first place each name is read as a card property (`c.name` or `name of c`).
#[derive(Default)]
struct Reads(Vec<(String, Span)>);

impl Visitor for Reads {
    fn expr(&mut self, e: &Expr) {
        let name = match &e.kind {
            ExprKind::Field { name, .. } | ExprKind::Of { name, .. } => name,
            _ => return,
        };
        if !self.0.iter().any(|(n, _)| *n == name.text) {
            self.0.push((name.text.clone(), name.span));
        }
    }
}

fn run(ctx: &LintContext, _: &[Shared]) -> Vec<Finding> {
    let file = ctx.file;
    let mut items: Vec<&Item> = file.items.iter().collect();
    for item in &file.items {
        if let Item::Variant(v) = item {
            items.extend(v.items.iter().filter_map(|vi| match vi {
                VariantItem::Add(i) | VariantItem::Override { item: i, .. } => Some(i),
                VariantItem::SetOption(_) => None,
            }));
        }
    }
    let mut given: HashSet<&str> = HashSet::new();
    for item in &items {
        if let Item::Cards(c) = item {
            match &c.body {
                CardsBody::Every { properties, assigns, .. } => {
                    given.extend(properties.iter().map(|p| p.text.as_str()));
                    given.extend(assigns.iter().map(|a| a.name.text.as_str()));
                }
                CardsBody::List(cards) => {
                    given.extend(cards.iter().flat_map(|c| c.assigns.iter().map(|a| a.name.text.as_str())));
                }
            }
        }
    }
    let mut reads = Reads::default();
    for item in &items {
        walk::item(&mut reads, item);
    }
    let mut out = Vec::new();
    for item in &items {
        let Item::Property(p) = item else { continue };
        if p.default.is_some() || given.contains(p.name.text.as_str()) {
            continue;
        }
        let Some((_, at)) = reads.0.iter().find(|(n, _)| *n == p.name.text) else { continue };
        out.push(Finding {
            message: format!("no card is ever given property `{}`, so it is `none` on every card", p.name.text),
            at: (*at, "read here".into()),
            also: Some((p.name.span, "declared without a default".into())),
            help: format!(
                "set `{0}` in a `cards` declaration (`{{ {0}: ... }}`), or give it a default: `property {0}: ... = ...`",
                p.name.text
            ),
        });
    }
    out
}
