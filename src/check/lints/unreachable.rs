//! `unreachable`: statements after an `end game`, a `return` or a `break` in the same block
//! never run.

use miette::Severity;

use super::{Finding, Lint, LintContext, Shared};
use crate::syntax::ast::{Block, StmtKind};
use crate::syntax::walk::{self, Visitor};

/// The lint.
pub const LINT: Lint = Lint {
    name: "unreachable",
    severity: Severity::Warning,
    summary: "a statement after `end game`, `return` or `break` in the same block, which can never run",
    run,
};

struct Finder(Vec<Finding>);

impl Visitor for Finder {
    fn block(&mut self, b: &Block) {
        let Some(stop) =
            b.stmts.iter().position(|s| matches!(s.kind, StmtKind::End(_) | StmtKind::Return | StmtKind::Break))
        else {
            return;
        };
        let Some(next) = b.stmts.get(stop + 1) else { return };
        let (ender, what) = match b.stmts[stop].kind {
            StmtKind::Return => (b.stmts[stop].span, "the procedure returns here"),
            StmtKind::Break => (b.stmts[stop].span, "the loop is left here"),
            _ => (b.stmts[stop].span, "the game ends here"),
        };
        self.0.push(Finding {
            message: "this statement can never run".into(),
            at: (next.span, "never runs".into()),
            also: Some((ender, what.into())),
            help: "remove it, or move it before the `end game`, `return` or `break` that stops the block".into(),
        });
    }
}

fn run(ctx: &LintContext, _: &[Shared]) -> Vec<Finding> {
    let file = ctx.file;
    let mut f = Finder(Vec::new());
    for item in &file.items {
        walk::item(&mut f, item);
    }
    f.0
}
