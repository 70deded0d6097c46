//! The outline of a document (the protocol's document symbols): the game, its options, enums
//! with their members, properties, groups of cards, orders, zones, counters, functions,
//! procedures, melds, patterns of hands, and variants with what each adds or overrides.

use lsp_types::{DocumentSymbol, SymbolKind};

use super::documents::Document;
use crate::syntax::ast::{Item, Name, Span, VariantItem};

/// The symbols of a parsed file, in source order.
pub fn symbols(doc: &Document, items: &[Item]) -> Vec<DocumentSymbol> {
    items.iter().filter_map(|it| item_symbol(doc, it)).collect()
}

fn item_symbol(doc: &Document, item: &Item) -> Option<DocumentSymbol> {
    let named = |span: Span, name: &Name, kind: SymbolKind, children: Vec<DocumentSymbol>| {
        symbol(doc, span, name.span, &name.text, item.kind_word(), kind, children)
    };
    Some(match item {
        Item::Game { span, title } => symbol(doc, *span, *span, title, "game", SymbolKind::FILE, Vec::new()),
        Item::Option(d) => named(d.span, &d.name, SymbolKind::CONSTANT, Vec::new()),
        Item::Enum(d) => {
            let members = d
                .members
                .iter()
                .map(|m| {
                    symbol(doc, m.name.span, m.name.span, &m.name.text, "member", SymbolKind::ENUM_MEMBER, Vec::new())
                })
                .collect();
            named(d.span, &d.name, SymbolKind::ENUM, members)
        }
        Item::Property(d) => named(d.span, &d.name, SymbolKind::PROPERTY, Vec::new()),
        Item::Cards(d) => named(d.span, &d.name, SymbolKind::ARRAY, Vec::new()),
        Item::Order(d) => named(d.span, &d.name, SymbolKind::ENUM, Vec::new()),
        Item::Zone(d) => named(d.span, &d.name, SymbolKind::STRUCT, Vec::new()),
        Item::Counter(d) => named(d.span, &d.name, SymbolKind::VARIABLE, Vec::new()),
        Item::Function(d) => named(d.span, &d.name, SymbolKind::FUNCTION, Vec::new()),
        Item::Procedure(d) => named(d.span, &d.name, SymbolKind::METHOD, Vec::new()),
        Item::Melds(d) => named(d.span, &d.name, SymbolKind::CLASS, Vec::new()),
        Item::Hands(d) => named(d.span, &d.name, SymbolKind::CLASS, Vec::new()),
        Item::Variant(d) => {
            let inner = d
                .items
                .iter()
                .filter_map(|v| match v {
                    VariantItem::Override { item, .. } | VariantItem::Add(item) => item_symbol(doc, item),
                    VariantItem::SetOption(o) => {
                        Some(symbol(doc, o.span, o.name.span, &o.name.text, "option", SymbolKind::CONSTANT, Vec::new()))
                    }
                })
                .collect();
            named(d.span, &d.name, SymbolKind::NAMESPACE, inner)
        }
        Item::Players { .. } | Item::Teams { .. } | Item::Length { .. } | Item::Progress(_) | Item::View(_) => {
            return None
        }
    })
}

/// One symbol; spans outside the document (a variant file's base game) are left out by the
/// caller, who passes only the document's own items.
#[allow(deprecated)] // `deprecated` is a field the protocol keeps for old clients.
fn symbol(
    doc: &Document,
    span: Span,
    name_span: Span,
    name: &str,
    detail: &str,
    kind: SymbolKind,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    let range = doc.lines.range(&doc.text, span.start, span.end);
    let mut selection_range = doc.lines.range(&doc.text, name_span.start, name_span.end);
    // The protocol requires the name inside the whole.
    if selection_range.start < range.start || selection_range.end > range.end {
        selection_range = range;
    }
    DocumentSymbol {
        name: if name.is_empty() { "(unnamed)".into() } else { name.to_string() },
        detail: Some(detail.to_string()),
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: (!children.is_empty()).then_some(children),
    }
}
