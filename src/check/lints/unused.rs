//! `unused`: a zone, option, counter, variable, function or procedure that nothing uses, or a
//! `let` of a function's block that neither its result nor a later `let` reads. Often a
//! misspelling elsewhere, or a rule that was meant to be written and never was.
//!
//! A declaration is used when some name in the rules means it, as the checker index resolves
//! names by scope (`check::index`): a parameter or local named like a zone is not a use of
//! the zone.

use std::collections::HashSet;

use miette::Severity;

use super::{Finding, Lint, LintContext, Shared};
use crate::syntax::ast::{Expr, ExprKind, FunctionDecl, Item, Name, Span, VariantItem};
use crate::syntax::walk::{self, Visitor};

/// The lint.
pub const LINT: Lint = Lint {
    name: "unused",
    severity: Severity::Warning,
    summary: "a zone, option, counter, variable, function, procedure or function's `let` that no rule uses",
    run,
};

fn run(ctx: &LintContext, _: &[Shared]) -> Vec<Finding> {
    let file = ctx.file;
    // What each name written in the rules means, by scope (a parameter or local that has the
    // name of a zone hides the zone): the declarations some use resolves to, by the place of
    // their name.
    let index = &ctx.index;
    // A variant giving an option a value (`option rounds = 2`) does not use it.
    let set_in_variant: HashSet<Span> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Variant(v) => Some(v.items.iter().filter_map(|vi| match vi {
                VariantItem::SetOption(o) => Some(o.name.span),
                _ => None,
            })),
            _ => None,
        })
        .flatten()
        .collect();
    let used: HashSet<Span> = index
        .uses
        .iter()
        .filter(|u| !set_in_variant.contains(&u.span))
        .map(|u| index.decl(u.decl))
        .filter(|d| !d.kind.is_local())
        .map(|d| d.span)
        .collect();
    // A name that means nothing where it is written (the checker's error: `set` of an option,
    // a misspelling) is taken for the declaration of that name, so that the error is the one
    // report.
    let unresolved: HashSet<&str> = index.unresolved.iter().map(|u| u.name.as_str()).collect();
    // Declarations of the base game and those a variant adds (an override is the same name).
    let mut decls: Vec<&Item> = file.items.iter().collect();
    for item in &file.items {
        if let Item::Variant(v) = item {
            decls.extend(v.items.iter().filter_map(|vi| match vi {
                VariantItem::Add(i) => Some(i),
                _ => None,
            }));
        }
    }
    // A name declared twice is the checker's `duplicate` error; one report is enough.
    let mut seen: HashSet<&str> = HashSet::new();
    let twice: HashSet<&str> =
        decls.iter().filter_map(|i| i.name()).filter(|n| !seen.insert(&n.text)).map(|n| n.text.as_str()).collect();
    let mut out = Vec::new();
    for item in decls.iter().filter(|i| !i.name().is_some_and(|n| twice.contains(n.text.as_str()))) {
        let kind = match item {
            Item::Zone(_) => "zone",
            Item::Option(_) => "option",
            Item::Counter(c) if c.reported => "counter",
            Item::Counter(_) => "variable",
            Item::Function(_) => "function",
            Item::Procedure(p) if p.name.text != "setup" && p.name.text != "play" => "procedure",
            _ => continue,
        };
        let Some(name) = item.name() else { continue };
        if used.contains(&name.span) || unresolved.contains(name.text.as_str()) {
            continue;
        }
        let help = match kind {
            "procedure" => format!("call it (`{}()`) where it should run, or remove it", name.text),
            "function" => format!("use it in an expression (`{}(...)`), or remove it", name.text),
            _ => format!("use `{}` in the rules, or remove it (check the spelling where you meant it)", name.text),
        };
        out.push(Finding {
            message: format!("{kind} `{}` is never used", name.text),
            at: (name.span, "declared here, used nowhere".into()),
            also: None,
            help,
        });
    }
    for item in &decls {
        if let Item::Function(f) = item {
            out.extend(unused_lets(f));
        }
    }
    out
}

/// The `let` lines of a function's block that neither a later `let` nor the result reads.
fn unused_lets(f: &FunctionDecl) -> Vec<Finding> {
    let Some(block) = &f.block else { return Vec::new() };
    let mut out = Vec::new();
    for (i, l) in block.lets.iter().enumerate() {
        let mut later = Names::default();
        block.lets[i + 1..].iter().map(|x| &x.value).chain([&block.result]).for_each(|e| walk::expr(&mut later, e));
        if !later.0.contains(&l.name.text) {
            out.push(Finding {
                message: format!("`{}` is never used in function `{}`", l.name.text, f.name.text),
                at: (l.name.span, "named here, used nowhere after".into()),
                also: None,
                help: format!(
                    "use `{}` in the result or a later `let`, or remove the line (check the spelling where you meant it)",
                    l.name.text
                ),
            });
        }
    }
    out
}

/// Every name some expressions use (for a function's `let` lines: the names the later lines
/// and the result read).
#[derive(Default)]
struct Names(HashSet<String>);

impl Visitor for Names {
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Name(n) => {
                self.0.insert(n.clone());
            }
            ExprKind::Of { name, .. } | ExprKind::Call { name, .. } | ExprKind::Every(name) => {
                self.0.insert(name.text.clone());
            }
            _ => {}
        }
    }
    fn name(&mut self, name: &Name) {
        self.0.insert(name.text.clone());
    }
}
