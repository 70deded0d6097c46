//! `unbounded_loop`: a loop or a recursion with no way to end, so that only the engine's limits
//! stop the game (as unfinished): 50 million steps, or 10,000 nested calls.
//!
//! A `while` loop cannot end when nothing in it can end the game or `return`, and nothing in it
//! (the procedures it calls included) changes what its condition reads: the zones, counters,
//! variables and local names, looking into the functions it calls. A recursion cannot end when
//! procedures call each other in a circle and every call of the circle runs unconditionally:
//! not inside an `if` or a loop, and with no statement before it in its procedure that can end
//! the game or return.

use std::collections::{BTreeSet, HashMap};

use miette::Severity;

use super::effects::Summaries;
use super::facts::Facts;
use super::{each_rules, Finding, Lint, LintContext, Shared};
use crate::syntax::ast::{Block, Expr, ExprKind, Name, Span, Stmt, StmtKind};

/// The lint.
pub const LINT: Lint = Lint {
    name: "unbounded_loop",
    severity: Severity::Warning,
    summary: "a `while` loop or a recursion with no way to end: only the engine's limits stop it",
    run,
};

/// The engine's step limit, in words (`Limits::default().max_steps`).
const STEP_LIMIT: &str = "50 million steps";
/// The engine's call depth limit, in words (`Limits::default().max_depth`).
const DEPTH_LIMIT: &str = "10,000 nested calls";

fn run(_: &LintContext, shared: &[Shared]) -> Vec<Finding> {
    each_rules(shared, check)
}

fn check(shared: &Shared) -> Vec<Finding> {
    let (facts, summaries) = (shared.facts, shared.summaries);
    let mut out = Vec::new();
    let mut calls: Vec<Call> = Vec::new();
    for p in &facts.procedures {
        loops(facts, summaries, &p.body, &mut out);
        unconditional_calls(summaries, &p.name, &p.body, false, &mut calls);
    }
    out.extend(recursions(facts, &calls));
    out
}

/// Reports every `while` in a block (nested ones included) that cannot end.
fn loops(facts: &Facts, summaries: &Summaries, b: &Block, out: &mut Vec<Finding>) {
    for s in &b.stmts {
        if let StmtKind::While { cond, body } = &s.kind {
            if let Some(f) = endless(facts, summaries, s, cond, body) {
                out.push(f);
            }
        }
        for inner in super::facts::sub_blocks(s) {
            loops(facts, summaries, inner, out);
        }
    }
}

fn endless(facts: &Facts, summaries: &Summaries, s: &Stmt, cond: &Expr, body: &Block) -> Option<Finding> {
    let effects = summaries.block(body);
    if effects.leaves() {
        return None;
    }
    let reads: BTreeSet<String> = facts.reads_changing(cond);
    if effects.touches(&reads, facts) {
        return None;
    }
    let help = format!(
        "change what the condition tests inside the loop, or leave it with `end game`, `return` or `break`; as it is, only the engine's limit of {STEP_LIMIT} stops the game (unfinished)"
    );
    let (message, label) = if matches!(cond.kind, ExprKind::Bool(true)) {
        (
            "this loop never ends: its condition is always true, and nothing in it ends the game or returns"
                .to_string(),
            "always true".to_string(),
        )
    } else if reads.is_empty() {
        (
            "this loop never ends once it starts: its condition reads nothing that can change, and nothing in it ends the game or returns"
                .to_string(),
            "never changes".to_string(),
        )
    } else {
        let names: Vec<String> = reads.iter().map(|n| format!("`{n}`")).collect();
        (
            format!(
                "this loop never ends once it starts: nothing in it changes {}, which its condition reads, and nothing in it ends the game or returns",
                names.join(", ")
            ),
            format!("reads {}, which the loop never changes", names.join(", ")),
        )
    };
    let keyword = Span::new(s.span.start, (s.span.start + "while".len()).min(cond.span.start));
    Some(Finding { message, at: (keyword, "never ends".into()), also: Some((cond.span, label)), help })
}

/// A call that runs whenever its procedure runs.
struct Call<'a> {
    caller: &'a str,
    callee: &'a str,
    at: Span,
}

/// Collects the calls of a block that run whenever it runs to them: not under an `if` or a
/// loop that may not run, and with nothing before them that may end the game or return.
fn unconditional_calls<'a>(
    summaries: &Summaries,
    caller: &'a Name,
    b: &'a Block,
    mut guarded: bool,
    out: &mut Vec<Call<'a>>,
) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Call { name, .. } if !guarded => {
                out.push(Call { caller: &caller.text, callee: &name.text, at: s.span })
            }
            StmtKind::If { then, otherwise, .. } => {
                unconditional_calls(summaries, caller, then, true, out);
                if let Some(o) = otherwise {
                    unconditional_calls(summaries, caller, o, true, out);
                }
            }
            StmtKind::While { body, .. }
            | StmtKind::Repeat { body, .. }
            | StmtKind::ForCard { body, .. }
            | StmtKind::ForEach { body, .. } => unconditional_calls(summaries, caller, body, true, out),
            StmtKind::ForPlayer { body, .. } => unconditional_calls(summaries, caller, body, guarded, out),
            _ => {}
        }
        guarded |= summaries.stmt(s).leaves();
    }
}

/// Reports each circle of procedures that call each other unconditionally, once.
fn recursions(facts: &Facts, calls: &[Call]) -> Vec<Finding> {
    let mut edges: HashMap<&str, Vec<&Call>> = HashMap::new();
    for c in calls {
        edges.entry(c.caller).or_default().push(c);
    }
    let mut done: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for p in &facts.procedures {
        let start = p.name.text.as_str();
        if done.contains(&start) {
            continue;
        }
        let Some(path) = circle(start, &edges) else { continue };
        done.extend(path.iter().map(|c| c.caller));
        let mut names: Vec<&str> = path.iter().map(|c| c.caller).collect();
        names.push(start);
        let (message, also) = if path.len() == 1 {
            (
                format!("`{start}` calls itself every time it runs, with nothing to stop it"),
                (p.name.span, format!("`{start}` is declared here")),
            )
        } else {
            let last = path[path.len() - 1];
            (
                format!(
                    "{} call each other in a circle every time they run, with nothing to stop them: {}",
                    quoted_list(&names[..names.len() - 1]),
                    names.join(" → ")
                ),
                (last.at, format!("`{}` calls `{start}` back here", last.caller)),
            )
        };
        out.push(Finding {
            message,
            at: (path[0].at, "called unconditionally".into()),
            also: Some(also),
            help: format!(
                "make the call only under an `if` that can be false, or end the game or `return` before it; as it is, only the engine's limit of {DEPTH_LIMIT} stops the game (unfinished)"
            ),
        });
    }
    out
}

/// The calls of a shortest circle from `start` back to itself, if there is one.
fn circle<'c, 'a>(start: &str, edges: &HashMap<&str, Vec<&'c Call<'a>>>) -> Option<Vec<&'c Call<'a>>> {
    let mut paths: Vec<Vec<&Call>> = edges.get(start)?.iter().map(|c| vec![*c]).collect();
    let mut seen: Vec<&str> = Vec::new();
    while !paths.is_empty() {
        let mut next = Vec::new();
        for path in paths {
            let Some(last) = path.last() else { continue };
            if last.callee == start {
                return Some(path);
            }
            if seen.contains(&last.callee) {
                continue;
            }
            seen.push(last.callee);
            for c in edges.get(last.callee).into_iter().flatten() {
                let mut longer = path.clone();
                longer.push(c);
                next.push(longer);
            }
        }
        paths = next;
    }
    None
}

fn quoted_list(names: &[&str]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match q.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => q.join(""),
    }
}
