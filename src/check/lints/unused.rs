//! `unused`: a zone, option, counter, variable, function or procedure that nothing uses, or a
//! `let` of a function's block that neither its result nor a later `let` reads. Often a
//! misspelling elsewhere, or a rule that was meant to be written and never was.

use std::collections::HashSet;

use miette::Severity;

use super::{Finding, Lint, LintContext};
use crate::syntax::ast::{Expr, ExprKind, FunctionDecl, Item, Name, VariantItem};
use crate::syntax::walk::{self, Visitor};

/// The lint.
pub const LINT: Lint = Lint {
    name: "unused",
    severity: Severity::Warning,
    summary: "a zone, option, counter, variable, function, procedure or function's `let` that no rule uses",
    run,
};

/// Every name the rules use, wherever they use it.
#[derive(Default)]
struct Uses(HashSet<String>);

impl Visitor for Uses {
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Name(n) => {
                self.0.insert(n.clone());
            }
            ExprKind::Of { name, .. }
            | ExprKind::Call { name, .. }
            | ExprKind::Every(name)
            | ExprKind::KeyedOf { name, .. }
            | ExprKind::EveryOf { name, .. } => {
                self.0.insert(name.text.clone());
            }
            _ => {}
        }
    }
    fn name(&mut self, name: &Name) {
        self.0.insert(name.text.clone());
    }
}

fn run(ctx: &LintContext) -> Vec<Finding> {
    let file = ctx.file;
    let mut uses = Uses::default();
    for item in &file.items {
        walk::item(&mut uses, item);
    }
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
        if uses.0.contains(&name.text) {
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
        let mut later = Uses::default();
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
