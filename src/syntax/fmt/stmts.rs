//! Blocks and statements.
//!
//! Layout rules: one statement per line; `} else {` and `} else if ... {` on the line of the
//! closing brace; a choice whose line would pass the width puts its `asking "..."` on the next
//! line, indented by 4 more. An empty block is `{` and `}` on two lines.

use super::super::ast::*;
use super::exprs::{self, expr, facing};
use super::{Gap, Printer, WIDTH};

impl Printer<'_> {
    /// The statements of a block after its `{` (already written), then its `}` at `level`.
    pub(super) fn block(&mut self, block: &Block, level: usize) {
        for (i, s) in block.stmts.iter().enumerate() {
            self.start_line(s.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
            self.stmt(s, level + 1);
        }
        self.close(self.closing_brace(block.span.end), level, block.stmts.is_empty());
    }

    /// Statements of a function's block, each on a line of its own at `level`.
    pub(super) fn stmts(&mut self, stmts: &[Stmt], level: usize) {
        for (i, s) in stmts.iter().enumerate() {
            self.start_line(s.span.start, level, if i == 0 { Gap::First } else { Gap::Keep });
            self.stmt(s, level);
        }
    }

    /// One statement, its first line started at `level`.
    fn stmt(&mut self, s: &Stmt, level: usize) {
        match &s.kind {
            StmtKind::If { cond, then, otherwise } => {
                self.write_wrapped(&format!("if {} {{", expr(cond)), level);
                self.block(then, level);
                if let Some(other) = otherwise {
                    match other.stmts.as_slice() {
                        // `else if`: the parser makes a block of the one `if` with the same span.
                        [inner @ Stmt { kind: StmtKind::If { .. }, .. }] if inner.span == other.span => {
                            self.write(" else ");
                            self.stmt(inner, level);
                        }
                        _ => {
                            self.write(" else {");
                            self.block(other, level);
                        }
                    }
                }
            }
            StmtKind::While { cond, body } => {
                self.write_wrapped(&format!("while {} {{", expr(cond)), level);
                self.block(body, level);
            }
            StmtKind::Repeat { count, body } => {
                self.write(&format!("repeat {} times {{", expr(count)));
                self.block(body, level);
            }
            StmtKind::ForPlayer { var, body } => {
                self.write(&format!("for each player {} {{", var.text));
                self.block(body, level);
            }
            StmtKind::ForCard { var, zone, body } => {
                self.write(&format!("for each card {} in {} {{", var.text, expr(zone)));
                self.block(body, level);
            }
            StmtKind::ForEach { var, domain: AggDomain::Subsets(s), cond, body, .. } => {
                let mut over = String::new();
                exprs::subsets(&mut over, s);
                let cond = cond.as_ref().map(|c| format!(" where {}", expr(c))).unwrap_or_default();
                self.write(&format!("for each subset {}{over}{cond} {{", var.text));
                self.block(body, level);
            }
            StmtKind::ForEach { var, domain, from, cond, body } => {
                let mut over = match domain {
                    AggDomain::Subsets(_) => unreachable!("subsets are written above"),
                    AggDomain::Players | AggDomain::ThePlayer => "players".to_string(),
                    // issue 43: zones read as one, `for each c in hand of p + table where ...`.
                    AggDomain::Expr(d) if matches!(d.kind, ExprKind::Binary { .. }) => {
                        let mut out = String::new();
                        exprs::joined_domain(&mut out, d, cond.is_some());
                        out
                    }
                    AggDomain::Expr(d) | AggDomain::After(d) => expr(d),
                    // issue 43: `for each k in 1 to 7 where ...`, `for each zone z in every column`.
                    AggDomain::Range(lo, hi) => {
                        let mut out = String::new();
                        exprs::range(&mut out, lo, hi, cond.is_some());
                        out
                    }
                    AggDomain::Zones(d) | AggDomain::Before(d) => expr(d),
                };
                if let Some(p) = from {
                    over.push_str(&format!(" from {}", expr(p)));
                }
                let cond = cond.as_ref().map(|c| format!(" where {}", expr(c))).unwrap_or_default();
                let zone = if matches!(domain, AggDomain::Zones(_)) { "zone " } else { "" };
                self.write(&format!("for each {zone}{} in {over}{cond} {{", var.text));
                self.block(body, level);
            }
            StmtKind::ForRange { var, from, to, body } => {
                self.write(&format!("for each {} in {} to {} {{", var.text, expr(from), expr(to)));
                self.block(body, level);
            }
            // issue 43: undo within a turn.
            StmtKind::Undo { player, body } => {
                self.write(&format!("{} may undo {{", expr(player)));
                self.block(body, level);
            }
            StmtKind::ChooseOne { player, prompt, fresh, branches, otherwise } => {
                let who = player.as_ref().map_or_else(|| "chance".to_string(), expr);
                let asking = prompt.as_deref().map(|p| format!(" {}", asking(p))).unwrap_or_default();
                let fresh = if *fresh { ", never repeating a position" } else { "" };
                self.write(&format!("{who} chooses one of{asking}{fresh} {{"));
                for (i, b) in branches.iter().enumerate() {
                    self.start_line(b.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
                    self.branch_header(b, level + 1);
                    self.block(&b.body, level + 1);
                }
                let end = otherwise.as_ref().map_or(s.span.end, |o| o.span.start);
                self.close(self.closing_brace_before(end), level, false);
                if let Some(o) = otherwise {
                    self.write(" else {");
                    self.block(o, level);
                }
            }
            StmtKind::AnyPlayerMay { player_var, prompt, branches, otherwise } => {
                // issue 43: open timing, laid out as `chooses one of`.
                let asking = prompt.as_deref().map(|p| format!(" {}", asking(p))).unwrap_or_default();
                self.write(&format!("any player {} may{asking} {{", player_var.text));
                for (i, b) in branches.iter().enumerate() {
                    self.start_line(b.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
                    self.branch_header(b, level + 1);
                    self.block(&b.body, level + 1);
                }
                let end = otherwise.as_ref().map_or(s.span.end, |o| o.span.start);
                self.close(self.closing_brace_before(end), level, false);
                if let Some(o) = otherwise {
                    self.write(" else {");
                    self.block(o, level);
                }
            }
            _ => {
                let (line, asking) = simple(&s.kind);
                self.write_wrapped(&line, level);
                if let Some(asking) = asking {
                    if self.column() + 1 + asking.chars().count() > WIDTH {
                        self.out.push('\n');
                        self.indent(level + 1);
                    } else {
                        self.write(" ");
                    }
                    self.write(&asking);
                }
            }
        }
    }
}

impl Printer<'_> {
    /// The first line of a branch of `chooses one of`, up to its `{`: on one line when it fits,
    /// else the label alone and then one binding per line, indented by 4 more.
    fn branch_header(&mut self, b: &Branch, level: usize) {
        let label = exprs::template(&b.label);
        let binds: Vec<String> = b
            .binds
            .iter()
            .map(|x| format!("{} from {}{}", x.var.text, binding_domain(x), filter_text(&x.filter)))
            .collect();
        let tail = filter_text(&b.filter);
        let one = if binds.is_empty() {
            format!("{label}{tail} {{")
        } else {
            format!("{label} for {}{tail} {{", binds.join(", "))
        };
        if self.column() + one.chars().count() <= WIDTH {
            self.write(&one);
            return;
        }
        // Too long: a condition is broken where an `if`'s would be (before ` where `, ` and `,
        // ` or `, ...), each part indented by 4 more.
        if binds.is_empty() {
            self.write_wrapped(&one, level);
            return;
        }
        self.write(&label);
        for (i, x) in binds.iter().enumerate() {
            self.out.push('\n');
            self.indent(level + 1);
            self.write(if i == 0 { "for " } else { "    " });
            let last = i + 1 == binds.len();
            self.write_wrapped(&if last { format!("{x}{tail} {{") } else { format!("{x},") }, level + 1);
        }
    }
}

/// A statement without a block, on one line; a choice's `asking "..."` apart.
fn simple(kind: &StmtKind) -> (String, Option<String>) {
    let line = match kind {
        StmtKind::Shuffle(e) => format!("shuffle {}", expr(e)),
        StmtKind::Deal { count, from, to, facing: f, first } => {
            let count = count.as_ref().map_or_else(|| "all".to_string(), expr);
            let first = first.as_ref().map(|p| format!(" starting with {}", expr(p))).unwrap_or_default();
            format!("deal {count} from {} to {}{}{first}", expr(from), to.text, facing(*f))
        }
        StmtKind::Move { what, to, facing: f, bottom } => {
            let what = match what {
                MoveWhat::All(z) => format!("all of {}", expr(z)),
                MoveWhat::Top(n, z) => format!("top {}of {}", count(n), expr(z)),
                MoveWhat::Bottom(n, z) => format!("bottom {}of {}", count(n), expr(z)),
                MoveWhat::Card(c) => exprs::moved_card(c),
                MoveWhat::Above(c) => format!("{} and above", exprs::moved_card(c)),
            };
            let under = if *bottom { "bottom of " } else { "" };
            format!("move {what} to {under}{}{}", expr(to), facing(*f))
        }
        StmtKind::TurnOver(e) => format!("turn over {}", expr(e)),
        StmtKind::TurnCard { card, facing: f } => format!("turn {}{}", expr(card), facing(Some(*f))),
        StmtKind::Let { name, ty: None, value } => format!("let {} = {}", name.text, expr(value)),
        StmtKind::Let { name, ty: Some(t), value } => {
            format!("let {}: {} = {}", name.text, super::exprs::type_expr(t), expr(value))
        }
        StmtKind::Set { place: p, value } => format!("set {} = {}", place(p), expr(value)),
        StmtKind::Add { value, place: p } => format!("add {} to {}", expr(value), place(p)),
        StmtKind::Subtract { value, place: p } => format!("subtract {} from {}", expr(value), place(p)),
        StmtKind::Return => "return".to_string(),
        StmtKind::End(kind) => format!("end game {}", end_kind(kind)),
        StmtKind::Announce(parts) => format!("announce {}", exprs::template(parts)),
        StmtKind::Pause(None) => "pause".to_string(),
        StmtKind::Pause(Some(parts)) => format!("pause {}", exprs::template(parts)),
        StmtKind::Reveal(e) => format!("reveal {}", expr(e)),
        StmtKind::RememberPosition => "remember position".to_string(),
        StmtKind::Meld { from, to, lay_off, chosen } => {
            let chosen = chosen.as_ref().map(|a| format!(" as {}", expr(a))).unwrap_or_default();
            format!("{} {} to {}{chosen}", if *lay_off { "lay off" } else { "meld" }, expr(from), expr(to))
        }
        StmtKind::Choose { player, var, from, filter, prompt } => {
            let who = player.as_ref().map_or_else(|| "chance".to_string(), expr);
            let line = format!("{who} chooses {} from {}{}", var.text, domain(from), filter_text(filter));
            return (line, prompt.as_deref().map(asking));
        }
        StmtKind::ChooseCards(c) => {
            let CardsChoice { player, count, most, var, alike, from, to, facing: f, filter, sum, prompt } = &**c;
            let sum =
                sum.as_ref().map(|(v, t)| format!(" with {} adding up to {}", expr(v), expr(t))).unwrap_or_default();
            let who = player.as_ref().map_or_else(|| "chance".to_string(), expr);
            let most = most.as_ref().map(|m| format!(" to {}", exprs::count_arg(m))).unwrap_or_default();
            let word = if most.is_empty() && matches!(count.kind, ExprKind::Int(1)) { "card" } else { "cards" };
            let var = var.as_ref().map(|v| format!(" {}", v.text)).unwrap_or_default();
            let alike = if alike.is_empty() {
                String::new()
            } else {
                let names: Vec<&str> = alike.iter().map(|a| a.text.as_str()).collect();
                format!(" of one {}", names.join(" and "))
            };
            let line = format!(
                "{who} chooses {}{most} {word}{var}{alike} from {} to {}{}{}{sum}",
                exprs::count_arg(count),
                expr(from),
                expr(to),
                facing(*f),
                filter_text(filter)
            );
            return (line, prompt.as_deref().map(asking));
        }
        StmtKind::ChooseSecretly { player_var, var, from, filter, prompt } => {
            let line = format!(
                "each player {} secretly chooses {} from {}{}",
                player_var.text,
                var.text,
                domain(from),
                filter_text(filter)
            );
            return (line, prompt.as_deref().map(asking));
        }
        StmtKind::Transfer { amount, from, to } => {
            let amount = amount.as_ref().map_or_else(|| "all".to_string(), expr);
            format!("transfer {amount} from {} to {}", place(from), place(to))
        }
        StmtKind::Call { name, args } => {
            let args: Vec<String> = args.iter().map(expr).collect();
            format!("{}({})", name.text, args.join(", "))
        }
        // Statements with blocks are written by `Printer::stmt`.
        StmtKind::If { .. }
        | StmtKind::While { .. }
        | StmtKind::Repeat { .. }
        | StmtKind::ForPlayer { .. }
        | StmtKind::ForCard { .. }
        | StmtKind::ForEach { .. }
        | StmtKind::ForRange { .. }
        | StmtKind::ChooseOne { .. }
        | StmtKind::Undo { .. }
        | StmtKind::AnyPlayerMay { .. } => String::new(),
        StmtKind::Break => "break".to_string(),
    };
    (line, None)
}

/// The count of `move top N of`, with its space, or nothing.
fn count(n: &Option<Expr>) -> String {
    n.as_ref().map(|n| format!("{} ", exprs::count_arg(n))).unwrap_or_default()
}

fn place(p: &Place) -> String {
    match &p.of {
        Some(of) => format!("{} of {}", p.name.text, expr(of)),
        None => p.name.text.clone(),
    }
}

fn domain(d: &Domain) -> String {
    match &d.to {
        Some(to) => format!("{} to {}", expr(&d.from), expr(to)),
        None => expr(&d.from),
    }
}

/// A branch name's domain; (issue 43) `subsets of Z of size a to b` for a name that takes sets.
fn binding_domain(x: &Binding) -> String {
    let Some(sets) = &x.sets else { return domain(&x.from) };
    let mut out = String::from("subsets");
    exprs::subsets(&mut out, &Subsets { zone: x.from.from.clone(), size: sets.size.clone() });
    out
}

fn filter_text(filter: &Option<Expr>) -> String {
    filter.as_ref().map(|f| format!(" where {}", expr(f))).unwrap_or_default()
}

fn asking(prompt: &[TemplatePart]) -> String {
    format!("asking {}", exprs::template(prompt))
}

fn end_kind(kind: &EndKind) -> String {
    match kind {
        EndKind::Winner(e) => format!("winner {}", expr(e)),
        EndKind::Loser(e) => format!("loser {}", expr(e)),
        EndKind::Draw => "draw".to_string(),
        EndKind::Unfinished => "unfinished".to_string(),
        EndKind::Highest { var, score, lowest } => {
            format!("{} {}: {}", if *lowest { "lowest" } else { "highest" }, var.text, expr(score))
        }
    }
}
