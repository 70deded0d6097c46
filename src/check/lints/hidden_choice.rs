//! `hidden_choice`: a choice that the engine hides from the other players (it is offered only
//! when a condition on hidden cards holds, GR-14), given away all the same.
//!
//! Two ways are caught:
//!
//! - an `announce` or `reveal` inside the guarded block, before the choice: everyone reads it,
//!   so everyone learns that the condition held, which is what hiding the choice keeps quiet;
//! - a procedure with a choice called both under such a condition and where none decides: a
//!   choice is hidden wherever it is written, so its calls where nothing is hidden hide it too
//!   (the other players are not told of a choice they should see).
//!
//! Which conditions read hidden cards, and which choices they guard, is `hidden_cond`'s work.

use std::collections::HashSet;

use miette::Severity;

use super::facts::{each_stmt, show, Facts};
use super::hidden_cond::Guards;
use super::{each_rules, Finding, Lint, LintContext, Shared};
use crate::syntax::ast::{Block, Span, Stmt, StmtKind};

/// The lint.
pub const LINT: Lint = Lint {
    name: "hidden_choice",
    severity: Severity::Warning,
    summary: "a choice hidden because a condition on hidden cards offers it, given away by an announcement or a call",
    run,
};

fn run(_: &LintContext, shared: &[Shared]) -> Vec<Finding> {
    each_rules(shared, check)
}

fn check(shared: &Shared) -> Vec<Finding> {
    let facts = shared.facts;
    let guards = Guards::new(facts);
    let choosers = procedures_with_choices(facts, &guards.private_by_domain);
    let mut out = Vec::new();
    for (cond, blocks) in &guards.guarded {
        for b in blocks {
            if let Some(told) = told_before_choice(b, &choosers) {
                out.push(Finding {
                    message: format!(
                        "this tells every player that `{}` holds, which reads cards some of them cannot see; the choice after it is hidden from them for that reason",
                        show(cond)
                    ),
                    at: (told.span, "everyone learns the condition held".into()),
                    also: Some((cond.span, "a condition on hidden cards".into())),
                    help: "announce it after the choice, in the branch that makes it public (as a knock is announced once the player knocks), or leave it out".into(),
                });
            }
        }
    }
    let mut mixed: Vec<(&str, _)> = guards
        .open_calls
        .iter()
        .filter(|(p, _)| choosers.contains(**p) && guards.hidden_calls.contains_key(**p))
        .map(|(p, s)| (*p, *s))
        .collect();
    mixed.sort_by_key(|(_, s)| s.start);
    for (name, open) in mixed {
        let hidden = guards.hidden_calls[name];
        out.push(Finding {
            message: format!(
                "`{name}` offers a choice and is called both here, where nothing hidden decides, and under a condition on hidden cards: its choices are hidden from the other players in both places"
            ),
            at: (open, "the other players are not told of its choices here either".into()),
            also: Some((hidden, "called under a condition on hidden cards".into())),
            help: format!("give the hidden case a procedure of its own, so that `{name}`'s choices stay public here"),
        });
    }
    out
}

/// The procedures that offer a choice that would be public on its own (not one private
/// wherever it is, `own`), themselves or through the procedures they call.
fn procedures_with_choices<'a>(facts: &Facts<'a>, own: &HashSet<Span>) -> HashSet<&'a str> {
    let mut out: HashSet<&'a str> = HashSet::new();
    loop {
        let before = out.len();
        for p in &facts.procedures {
            if !out.contains(p.name.text.as_str()) && offers_choice_block(&p.body, &out, own) {
                out.insert(&p.name.text);
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

fn offers_choice_block(b: &Block, choosers: &HashSet<&str>, own: &HashSet<Span>) -> bool {
    let mut found = false;
    each_stmt(b, &mut |s| found |= offers_choice_here(s, choosers) && !own.contains(&s.span));
    found
}

/// Whether a statement itself is a choice, or calls a procedure that offers one.
fn offers_choice_here(s: &Stmt, choosers: &HashSet<&str>) -> bool {
    match &s.kind {
        StmtKind::Choose { .. }
        | StmtKind::ChooseSecretly { .. }
        | StmtKind::ChooseOne { .. }
        | StmtKind::AnyPlayerMay { .. }
        | StmtKind::ChooseCards(_) => true,
        StmtKind::Call { name, .. } => choosers.contains(name.text.as_str()),
        _ => false,
    }
}

/// The first `announce` or `reveal` of a guarded block that comes before the block's first
/// choice, if the block offers one at all.
fn told_before_choice<'b>(b: &'b Block, choosers: &HashSet<&str>) -> Option<&'b Stmt> {
    let mut told: Option<&'b Stmt> = None;
    for s in &b.stmts {
        let mut offers = false;
        let mut first_told: Option<&'b Stmt> = None;
        visit(s, &mut |x| {
            if offers_choice_here(x, choosers) {
                offers = true;
            } else if !offers && first_told.is_none() && matches!(x.kind, StmtKind::Announce(_) | StmtKind::Reveal(_)) {
                first_told = Some(x);
            }
        });
        if told.is_none() {
            told = first_told;
        }
        if offers {
            return told;
        }
    }
    None
}

/// Calls `f` on a statement and every statement nested in it, in source order.
fn visit<'b>(s: &'b Stmt, f: &mut impl FnMut(&'b Stmt)) {
    f(s);
    for b in super::facts::sub_blocks(s) {
        each_stmt(b, f);
    }
}
