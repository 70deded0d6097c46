//! `many_subsets`: `subsets of` a zone that starts with so many cards that going over its sets
//! means looking at more than a million of them, each time the expression is worked out (or the
//! loop runs).
//!
//! The zone is the one named (`subsets of pack`, `subsets of hand of p`: every zone of that
//! declaration); its cards are those it starts the game with. The sizes count when they are
//! written as numbers; `of size k` with a `k` known only in play is left alone.

use miette::Severity;

use super::{each_rules, Finding, Lint, LintContext, Shared};
use crate::check::ir::Program;
use crate::syntax::ast::{AggDomain, Block, Expr, ExprKind, StmtKind, Subsets};
use crate::syntax::walk::{self, Visitor};

/// The lint.
pub const LINT: Lint = Lint {
    name: "many_subsets",
    severity: Severity::Warning,
    summary: "`subsets of` a zone that starts with so many cards that it has over a million sets",
    run,
};

/// More sets than this are worth a warning.
const MANY: u128 = 1_000_000;

fn run(_: &LintContext, shared: &[Shared]) -> Vec<Finding> {
    each_rules(shared, check)
}

fn check(shared: &Shared) -> Vec<Finding> {
    let rules = shared.rules;
    let Some(program) = &rules.program else { return Vec::new() };
    let mut finder = Finder { program, out: Vec::new() };
    for it in &rules.items {
        walk::item(&mut finder, it);
    }
    finder.out
}

struct Finder<'p> {
    program: &'p Program,
    out: Vec<Finding>,
}

impl Visitor for Finder<'_> {
    fn expr(&mut self, e: &Expr) {
        if let ExprKind::Aggregate(a) = &e.kind {
            if let AggDomain::Subsets(s) = &a.domain {
                self.subsets(s);
            }
        }
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            if let StmtKind::ForEach { domain: AggDomain::Subsets(sub), .. } = &s.kind {
                self.subsets(sub);
            }
        }
    }
}

impl Finder<'_> {
    fn subsets(&mut self, s: &Subsets) {
        let name = match &s.zone.kind {
            ExprKind::Name(n) => n.as_str(),
            ExprKind::Of { name, .. } => name.text.as_str(),
            _ => return,
        };
        let p = self.program;
        let Some(decl) = p.zone_decls.iter().position(|d| d.name == name) else { return };
        let cards = p.zones.iter().filter(|z| z.decl as usize == decl).map(|z| z.initial.len()).max().unwrap_or(0);
        let n = cards.min(crate::check::ir::MAX_SUBSET_CARDS) as u128;
        let number = |e: &Expr| match e.kind {
            ExprKind::Int(k) => Some(k.max(0) as u128),
            _ => None,
        };
        let (lo, hi) = match &s.size {
            None => (1, n),
            Some((lo, None)) => match number(lo) {
                Some(k) => (k, k),
                None => return,
            },
            Some((lo, Some(hi))) => match (number(lo), number(hi)) {
                (Some(a), Some(b)) => (a, b),
                _ => return,
            },
        };
        let sets: u128 = (lo..=hi.min(n)).map(|k| choose(n, k)).fold(0, u128::saturating_add);
        if sets <= MANY {
            return;
        }
        let shown = if sets >= 1 << 60 { "more than a quintillion".to_string() } else { group(sets) };
        self.out.push(Finding {
            message: format!(
                "`subsets of {name}` has {shown} sets of the {cards} cards it starts with: each is looked at whenever this is worked out"
            ),
            at: (s.zone.span, format!("starts with {cards} cards")),
            also: None,
            help: "take the sets of a smaller zone (a hand, the table), or of fewer cards at once (`of size 2 to 3`)".into(),
        });
    }
}

/// `n` choose `k`, saturating.
fn choose(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u128, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// A number with commas between groups of three digits.
fn group(x: u128) -> String {
    let digits = x.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
