//! Applies a variant to a game: the base declarations with the variant's changes made.

use crate::check::mistake::Mistake;
use std::collections::HashMap;

use super::error::{suggest, CheckError};
use crate::syntax::ast::{File, Item, LiteralKind, OptionDecl, VariantDecl, VariantItem};

/// A variant a file offers, for listing.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct VariantSummary {
    /// Its name.
    pub name: String,
    /// Its description, if it gives one.
    pub description: Option<String>,
    /// The variants it builds on.
    pub extends: Vec<String>,
    /// The options it changes: name and value as written.
    pub options: Vec<(String, String)>,
    /// What it replaces of the game: kind and name (`procedure setup`).
    pub overrides: Vec<String>,
    /// What it adds to the game: kind and name (`zone reserve`).
    pub adds: Vec<String>,
}

/// The variants declared in a file.
pub fn variant_decls(file: &File) -> Vec<&VariantDecl> {
    file.items
        .iter()
        .filter_map(|i| match i {
            Item::Variant(v) => Some(v),
            _ => None,
        })
        .collect()
}

/// A game joined with a variant file that extends it: the game's declarations followed by the
/// variant file's variants. A variant file holds nothing but variants, and none may take the name
/// of one the game already declares; each such mistake is reported, pointing into the file at
/// fault.
pub fn join(game: File, variant_file: File) -> (File, Vec<CheckError>) {
    let mut errors = Vec::new();
    let mut items = game.items;
    for item in variant_file.items {
        let Item::Variant(v) = &item else {
            let what = item.kind_word();
            errors.push(CheckError::invalid(
                Mistake::DeclarationInVariantFile,
                item.span(),
                format!("a variant file holds only variants, not a `{what}` declaration"),
                "not inside a variant",
                Some(format!(
                    "put it inside `variant name {{ ... }}` (as `override {what} ...` to replace the game's, or as a new declaration)"
                )),
            ));
            continue;
        };
        let first = items.iter().find_map(|i| match i {
            Item::Variant(other) if other.name.text == v.name.text => Some(other.name.span),
            _ => None,
        });
        if let Some(first) = first {
            errors.push(CheckError::duplicate(&v.name.text, v.name.span, first));
            continue;
        }
        items.push(item);
    }
    (File { base: None, items }, errors)
}

/// Summaries of the variants declared in a file.
pub fn summaries(file: &File) -> Vec<VariantSummary> {
    variant_decls(file)
        .into_iter()
        .map(|v| VariantSummary {
            name: v.name.text.clone(),
            description: v.description.clone(),
            extends: v.extends.iter().map(|n| n.text.clone()).collect(),
            options: v
                .items
                .iter()
                .filter_map(|i| match i {
                    VariantItem::SetOption(o) => Some((o.name.text.clone(), literal_text(&o.value.kind))),
                    _ => None,
                })
                .collect(),
            overrides: v
                .items
                .iter()
                .filter_map(|i| match i {
                    VariantItem::Override { item, .. } => Some(described(item)),
                    _ => None,
                })
                .collect(),
            adds: v
                .items
                .iter()
                .filter_map(|i| match i {
                    VariantItem::Add(item) => Some(described(item)),
                    _ => None,
                })
                .collect(),
        })
        .collect()
}

/// A declaration in words: its kind and name, `procedure setup`.
fn described(item: &Item) -> String {
    match item.name() {
        Some(n) => format!("{} {}", item.kind_word(), n.text),
        None => item.kind_word().to_string(),
    }
}

/// An option's value as it is written.
fn literal_text(kind: &LiteralKind) -> String {
    match kind {
        LiteralKind::Int(i) => i.to_string(),
        LiteralKind::Bool(b) => b.to_string(),
        LiteralKind::Member(m) => m.clone(),
        LiteralKind::Text(t) => format!("{t:?}"),
    }
}

/// A game with a variant applied.
#[derive(Debug, Clone, Default)]
pub struct Applied {
    /// The declarations in force.
    pub items: Vec<Item>,
    /// The option values the variant sets, in order (a later one wins).
    pub option_values: Vec<OptionDecl>,
}

/// The declarations of the game with `variant` (if any) applied, and any errors found.
pub fn apply(file: &File, variant: Option<&str>) -> (Applied, Vec<CheckError>) {
    let mut items: Vec<Item> = file.items.iter().filter(|i| !matches!(i, Item::Variant(_))).cloned().collect();
    let mut errors = Vec::new();
    let mut option_values = Vec::new();
    let Some(name) = variant else {
        return (Applied { items, option_values }, errors);
    };
    let variants: HashMap<&str, &VariantDecl> =
        variant_decls(file).into_iter().map(|v| (v.name.text.as_str(), v)).collect();
    let Some(v) = variants.get(name) else {
        let help = match suggest(name, variants.keys().copied()) {
            Some(s) => s,
            None if variants.is_empty() => "this game declares no variants".to_string(),
            None => {
                let mut names: Vec<&str> = variants.keys().copied().collect();
                names.sort();
                format!("the variants are: {}", names.join(", "))
            }
        };
        errors.push(CheckError::UnknownVariant { name: name.to_string(), span: None, help });
        return (Applied { items, option_values }, errors);
    };
    let mut chain = Vec::new();
    collect_chain(v, &variants, &mut chain, &mut errors);
    for v in chain {
        apply_one(v, &mut items, &mut option_values, &mut errors);
    }
    (Applied { items, option_values }, errors)
}

/// The variants to apply in order: the ones `v` extends (depth first), then `v`.
fn collect_chain<'a>(
    v: &'a VariantDecl,
    all: &HashMap<&str, &'a VariantDecl>,
    out: &mut Vec<&'a VariantDecl>,
    errors: &mut Vec<CheckError>,
) {
    fn walk<'a>(
        v: &'a VariantDecl,
        all: &HashMap<&str, &'a VariantDecl>,
        out: &mut Vec<&'a VariantDecl>,
        seen: &mut Vec<String>,
        errors: &mut Vec<CheckError>,
    ) {
        if seen.contains(&v.name.text) {
            errors.push(CheckError::invalid(
                Mistake::VariantCycle,
                v.name.span,
                format!("variant `{}` extends itself", v.name.text),
                "part of a cycle of `extends`",
                Some("a variant may extend others, but not in a circle".into()),
            ));
            return;
        }
        seen.push(v.name.text.clone());
        for parent in &v.extends {
            match all.get(parent.text.as_str()) {
                Some(p) => walk(p, all, out, seen, errors),
                None => errors.push(CheckError::UnknownVariant {
                    name: parent.text.clone(),
                    span: Some(parent.span.into()),
                    help: suggest(&parent.text, all.keys().copied().filter(|k| *k != v.name.text))
                        .unwrap_or_else(|| "extend a variant declared in this file".into()),
                }),
            }
        }
        seen.pop();
        if !out.iter().any(|o| o.name.text == v.name.text) {
            out.push(v);
        }
    }
    walk(v, all, out, &mut Vec::new(), errors);
}

fn apply_one(
    v: &VariantDecl,
    items: &mut Vec<Item>,
    option_values: &mut Vec<OptionDecl>,
    errors: &mut Vec<CheckError>,
) {
    // What this variant changes, by kind and name (`progress` and `length` have none).
    let mut changed: Vec<(&str, &str, crate::syntax::ast::Span)> = Vec::new();
    for change in &v.items {
        let key = match change {
            VariantItem::SetOption(o) => Some(("option", o.name.text.as_str(), o.name.span)),
            VariantItem::Override { item, .. } => Some((
                item.kind_word(),
                item.name().map_or("", |n| n.text.as_str()),
                item.name().map_or(item.span(), |n| n.span),
            )),
            VariantItem::Add(_) => None,
        };
        if let Some((what, name, span)) = key {
            if let Some(&(_, _, first)) = changed.iter().find(|(w, n, _)| *w == what && *n == name) {
                errors.push(CheckError::ChangedTwice {
                    variant: v.name.text.clone(),
                    what,
                    name: if name.is_empty() { what.to_string() } else { name.to_string() },
                    span: span.into(),
                    first: first.into(),
                });
                continue;
            }
            changed.push((what, name, span));
        }
        match change {
            VariantItem::SetOption(o) => set_option(v, o, items, option_values, errors),
            // `override progress p = ...`, `override length rounds`: a game has one of each.
            VariantItem::Override { item, .. } if item.name().is_none() => {
                match items.iter().position(|i| i.kind_word() == item.kind_word()) {
                    Some(p) => items[p] = item.clone(),
                    None => errors.push(CheckError::invalid(
                        Mistake::NothingToOverride,
                        item.span(),
                        format!("the game declares no `{}` for this variant to override", item.kind_word()),
                        "nothing to override",
                        Some(format!(
                            "declare `{}` in the game first; a variant can only replace it",
                            if item.kind_word() == "progress" { "progress p = ..." } else { "length NAME" }
                        )),
                    )),
                }
            }
            VariantItem::Override { item, .. } => {
                let Some(name) = item.name() else { continue };
                let pos = items.iter().position(|i| {
                    i.kind_word() == item.kind_word() && i.name().map(|n| n.text.as_str()) == Some(&name.text)
                });
                match pos {
                    Some(p) => items[p] = item.clone(),
                    None => errors.push(CheckError::BadOverride {
                        variant: v.name.text.clone(),
                        what: item.kind_word(),
                        name: name.text.clone(),
                        span: name.span.into(),
                        help: suggest(&name.text, names_of_kind(items, item.kind_word()))
                            .or_else(|| Some("to add a new declaration, leave out `override`".into())),
                    }),
                }
            }
            VariantItem::Add(item) => items.push(item.clone()),
        }
    }
}

fn names_of_kind<'a>(items: &'a [Item], kind: &'a str) -> impl Iterator<Item = &'a str> {
    items.iter().filter(move |i| i.kind_word() == kind).filter_map(|i| i.name().map(|n| n.text.as_str()))
}

fn set_option(
    v: &VariantDecl,
    o: &OptionDecl,
    items: &[Item],
    option_values: &mut Vec<OptionDecl>,
    errors: &mut Vec<CheckError>,
) {
    let found = items.iter().any(|i| matches!(i, Item::Option(base) if base.name.text == o.name.text));
    match found {
        // The value's type is checked against the base default with the other options.
        true => option_values.push(o.clone()),
        false => errors.push(CheckError::BadOverride {
            variant: v.name.text.clone(),
            what: "option",
            name: o.name.text.clone(),
            span: o.name.span.into(),
            help: suggest(&o.name.text, names_of_kind(items, "option"))
                .or_else(|| Some("declare the option in the game with `option name = default`".into())),
        }),
    }
}
