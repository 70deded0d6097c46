//! Lowers pest pairs to the syntax tree: statements and blocks.

use pest::iterators::Pair;

use super::ast::*;
use super::parse::{parse_name, span_of, unescape};
use super::parse_expr::parse_expr;
use super::Rule;

/// `block`.
pub(crate) fn parse_block(pair: Pair<'_, Rule>) -> Block {
    let span = span_of(&pair);
    Block { span, stmts: pair.into_inner().map(parse_stmt).collect() }
}

/// `facing`.
pub(crate) fn parse_facing(pair: Pair<'_, Rule>) -> Facing {
    match pair.into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::face_up) => Facing::Up,
        Some(Rule::face_down) => Facing::Down,
        r => unreachable!("parse_facing: {r:?}"),
    }
}

fn parse_place(pair: Pair<'_, Rule>) -> Place {
    let mut it = pair.into_inner();
    let name = parse_name(it.next().expect("parse_place: name"));
    let of = it.next().map(parse_expr);
    // From the name to the end of its `of` part: the pair's own span can run on over spaces.
    let end = of.as_ref().map_or(name.span.end, |e| e.span.end);
    Place { span: Span { start: name.span.start, end }, name, of }
}

/// Any statement rule.
pub(crate) fn parse_stmt(pair: Pair<'_, Rule>) -> Stmt {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    let mut next = || it.next().expect("parse_stmt: the grammar guarantees this part");
    let kind = match rule {
        Rule::if_stmt => {
            let cond = parse_expr(next());
            let then = parse_block(next());
            let otherwise = it.next().map(|p| match p.as_rule() {
                Rule::block => parse_block(p),
                Rule::if_stmt => {
                    let s = parse_stmt(p);
                    Block { span: s.span, stmts: vec![s] }
                }
                r => unreachable!("parse_stmt else: {r:?}"),
            });
            StmtKind::If { cond, then, otherwise }
        }
        Rule::while_stmt => StmtKind::While { cond: parse_expr(next()), body: parse_block(next()) },
        Rule::repeat_stmt => StmtKind::Repeat { count: parse_expr(next()), body: parse_block(next()) },
        Rule::for_stmt => StmtKind::ForPlayer { var: parse_name(next()), body: parse_block(next()) },
        Rule::for_card_stmt => {
            StmtKind::ForCard { var: parse_name(next()), zone: parse_expr(next()), body: parse_block(next()) }
        }
        Rule::for_each_stmt => {
            let first = next();
            let (var, domain, _) = super::parse_expr::parse_item_and_domain(first, &mut next);
            let mut part = next();
            let mut from = None;
            if part.as_rule() == Rule::for_from {
                from = part.into_inner().next().map(parse_expr);
                part = next();
            }
            let (cond, body) = match part.as_rule() {
                Rule::block => (None, parse_block(part)),
                _ => (Some(parse_expr(part)), parse_block(next())),
            };
            StmtKind::ForEach { var, domain, from, cond, body }
        }
        Rule::for_subset_stmt => {
            let _word = next();
            let var = parse_name(next());
            let zone = super::parse_expr::parse_primary(next());
            let mut part = next();
            let mut size = None;
            if part.as_rule() == Rule::subset_size {
                size = Some(super::parse_expr::parse_subset_size(part));
                part = next();
            }
            let (cond, body) = match part.as_rule() {
                Rule::block => (None, parse_block(part)),
                _ => (Some(parse_expr(part)), parse_block(next())),
            };
            StmtKind::ForEach { var, domain: AggDomain::Subsets(Subsets { zone, size }), from: None, cond, body }
        }
        Rule::break_stmt => StmtKind::Break,
        Rule::for_range_stmt => StmtKind::ForRange {
            var: parse_name(next()),
            from: parse_expr(next()),
            to: parse_expr(next()),
            body: parse_block(next()),
        },
        Rule::shuffle_stmt => StmtKind::Shuffle(parse_expr(next())),
        Rule::deal_stmt => {
            let count_pair = next();
            let count = match count_pair.into_inner().next() {
                Some(p) if p.as_rule() == Rule::kw_all => None,
                Some(p) => Some(parse_expr(p)),
                None => None,
            };
            let from = parse_expr(next());
            let to = parse_name(next());
            let mut facing = None;
            let mut first = None;
            for p in it.by_ref() {
                match p.as_rule() {
                    Rule::deal_first => first = p.into_inner().nth(1).map(parse_expr),
                    _ => facing = Some(parse_facing(p)),
                }
            }
            StmtKind::Deal { count, from, to, facing, first }
        }
        Rule::move_stmt => {
            let what = parse_move_what(next());
            let mut to = next();
            let bottom = to.as_rule() == Rule::to_bottom;
            if bottom {
                to = next();
            }
            let to = parse_expr(to);
            let facing = it.next().map(parse_facing);
            StmtKind::Move { what, to, facing, bottom }
        }
        Rule::turn_stmt => {
            let inner = next();
            match inner.as_rule() {
                Rule::turn_over => StmtKind::TurnOver(parse_expr(inner.into_inner().next().expect("turn_over"))),
                Rule::turn_card => {
                    let mut ti = inner.into_inner();
                    let card = parse_expr(ti.next().expect("turn_card: card"));
                    let facing = parse_facing(ti.next().expect("turn_card: facing"));
                    StmtKind::TurnCard { card, facing }
                }
                r => unreachable!("parse_stmt turn: {r:?}"),
            }
        }
        Rule::let_stmt => {
            let name = parse_name(next());
            let after = next();
            let (ty, value) = match after.as_rule() {
                Rule::type_expr => (Some(super::parse::parse_type_expr(after)), parse_expr(next())),
                _ => (None, parse_expr(after)),
            };
            StmtKind::Let { name, ty, value }
        }
        Rule::set_stmt => StmtKind::Set { place: parse_place(next()), value: parse_expr(next()) },
        Rule::add_stmt => StmtKind::Add { value: parse_expr(next()), place: parse_place(next()) },
        Rule::subtract_stmt => StmtKind::Subtract { value: parse_expr(next()), place: parse_place(next()) },
        Rule::return_stmt => StmtKind::Return,
        Rule::end_stmt => StmtKind::End(parse_end_kind(next())),
        Rule::meld_stmt => {
            let lay_off = next().as_rule() == Rule::kw_lay_off;
            let from = parse_expr(next());
            let to = parse_expr(next());
            let chosen = it.next().and_then(|a| a.into_inner().nth(1)).map(parse_expr);
            StmtKind::Meld { from, to, lay_off, chosen }
        }
        Rule::announce_stmt => StmtKind::Announce(parse_template(next())),
        Rule::pause_stmt => {
            let _keyword = next();
            StmtKind::Pause(it.next().map(parse_template))
        }
        Rule::remember_stmt => StmtKind::RememberPosition,
        Rule::undo_stmt => {
            // `chance` is not among the grammar's choices here: a player is always named.
            let player = parse_chooser(next()).unwrap_or_else(|| Expr { span, kind: ExprKind::Name("chance".into()) });
            let (_may, _undo) = (next(), next());
            StmtKind::Undo { player, body: parse_block(next()) }
        }
        Rule::reveal_stmt => {
            // The keyword is a pair of its own (it must not run into a name: `reveal_all()`).
            let _keyword = next();
            StmtKind::Reveal(parse_expr(next()))
        }
        Rule::choose_one_stmt => {
            let player = parse_chooser(next());
            let mut prompt = None;
            let mut branches = Vec::new();
            let mut otherwise = None;
            let mut fresh = false;
            for p in it {
                match p.as_rule() {
                    Rule::asking => prompt = p.into_inner().next().map(parse_template),
                    Rule::never_repeating => fresh = true,
                    Rule::choice_branch => branches.push(parse_branch(p)),
                    Rule::block => otherwise = Some(parse_block(p)),
                    r => unreachable!("parse_stmt choose one: {r:?}"),
                }
            }
            StmtKind::ChooseOne { player, prompt, fresh, branches, otherwise }
        }
        Rule::open_stmt => {
            // issue 43: open timing.
            let _keyword = next();
            let player_var = parse_name(next());
            let mut prompt = None;
            let mut branches = Vec::new();
            let mut otherwise = None;
            for p in it {
                match p.as_rule() {
                    Rule::asking => prompt = p.into_inner().next().map(parse_template),
                    Rule::choice_branch => branches.push(parse_branch(p)),
                    Rule::block => otherwise = Some(parse_block(p)),
                    r => unreachable!("parse_stmt any player may: {r:?}"),
                }
            }
            StmtKind::AnyPlayerMay { player_var, prompt, branches, otherwise }
        }
        Rule::choose_stmt => {
            let player = parse_chooser(next());
            let var = parse_name(next());
            let from = parse_domain(next());
            let (filter, prompt) = parse_choice_tail(it);
            StmtKind::Choose { player, var, from, filter, prompt }
        }
        Rule::choose_cards_stmt => {
            let player = parse_chooser(next());
            let mut counts = next().into_inner().map(super::parse_expr::parse_operand);
            let count = counts.next().expect("choose_cards_stmt: count");
            let most = counts.next();
            let _cards = next();
            let mut var = None;
            let mut alike = Vec::new();
            let mut part = next();
            if part.as_rule() == Rule::ident {
                var = Some(parse_name(part));
                part = next();
            }
            if part.as_rule() == Rule::cards_alike {
                alike = part.into_inner().map(parse_name).collect();
                part = next();
            }
            let from = parse_expr(part);
            let to = parse_expr(next());
            let mut facing = None;
            let mut filter = None;
            let mut prompt = None;
            let mut sum = None;
            for p in it {
                match p.as_rule() {
                    Rule::cards_sum => {
                        let mut parts = p.into_inner().map(parse_expr);
                        sum = parts.next().zip(parts.next());
                    }
                    Rule::facing => facing = Some(parse_facing(p)),
                    Rule::expr => filter = Some(parse_expr(p)),
                    Rule::asking => prompt = p.into_inner().next().map(parse_template),
                    r => unreachable!("choose_cards_stmt: {r:?}"),
                }
            }
            StmtKind::ChooseCards(Box::new(CardsChoice {
                player,
                count,
                most,
                var,
                alike,
                from,
                to,
                facing,
                filter,
                sum,
                prompt,
            }))
        }
        Rule::simultaneous_choose => {
            let player_var = parse_name(next());
            let var = parse_name(next());
            let from = parse_domain(next());
            let (filter, prompt) = parse_choice_tail(it);
            StmtKind::ChooseSecretly { player_var, var, from, filter, prompt }
        }
        Rule::transfer_stmt => {
            let amount = match next().into_inner().next() {
                Some(p) if p.as_rule() == Rule::kw_all => None,
                Some(p) => Some(parse_expr(p)),
                None => None,
            };
            let from = parse_place(next());
            let to = parse_place(next());
            StmtKind::Transfer { amount, from, to }
        }
        Rule::call_stmt => {
            let name = parse_name(next());
            let args = next().into_inner().map(parse_expr).collect();
            StmtKind::Call { name, args }
        }
        r => unreachable!("parse_stmt: {r:?}"),
    };
    Stmt { span, kind }
}

/// Who chooses: `chance` (`None`), `player 1`, `opponent of p` or a name.
fn parse_chooser(who: Pair<'_, Rule>) -> Option<Expr> {
    match who.as_rule() {
        Rule::kw_chance => None,
        Rule::player_lit => Some(parse_expr_from_player_lit(who)),
        Rule::opponent_of => Some(super::parse_expr::parse_primary(who)),
        Rule::ident => Some(Expr { span: span_of(&who), kind: ExprKind::Name(who.as_str().into()) }),
        r => unreachable!("parse_chooser: {r:?}"),
    }
}

/// `choice_branch`: a label, its bindings or condition, and its block.
fn parse_branch(pair: Pair<'_, Rule>) -> Branch {
    let span = span_of(&pair);
    let mut label = Vec::new();
    let mut binds = Vec::new();
    let mut filter = None;
    let mut body = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::template => label = parse_template(p),
            Rule::branch_for => {
                for b in p.into_inner() {
                    let mut bi = b.into_inner();
                    let var = parse_name(bi.next().expect("binding: name"));
                    let (from, sets) = parse_binding_domain(bi.next().expect("binding: domain"));
                    let filter = bi.next().map(parse_expr);
                    binds.push(Binding { var, from, filter, sets });
                }
            }
            Rule::expr => filter = Some(parse_expr(p)),
            Rule::block => body = Some(parse_block(p)),
            r => unreachable!("parse_branch: {r:?}"),
        }
    }
    let body = body.expect("parse_branch: block");
    Branch { span: Span { start: span.start, end: body.span.end }, label, binds, filter, body }
}

/// `choice_domain`: an expression, or a range `a to b`.
fn parse_domain(pair: Pair<'_, Rule>) -> Domain {
    let mut it = pair.into_inner();
    let from = parse_expr(it.next().expect("parse_domain: from"));
    let to = it.next().map(parse_expr);
    Domain { from, to }
}

/// A branch name's domain: a `choice_domain`, or (issue 43) `subsets of Z of size a to b`, whose
/// zone is kept as the domain and sizes beside it.
fn parse_binding_domain(pair: Pair<'_, Rule>) -> (Domain, Option<SetSizes>) {
    if pair.as_rule() != Rule::binding_sets {
        return (parse_domain(pair), None);
    }
    let mut it = pair.into_inner().skip_while(|p| p.as_rule() == Rule::kw_subsets);
    let zone = super::parse_expr::parse_primary(it.next().expect("binding_sets: zone"));
    let size = it.next().map(super::parse_expr::parse_subset_size);
    (Domain { from: zone, to: None }, Some(SetSizes { size }))
}

/// The optional `where` condition and `asking` prompt that end a choice.
fn parse_choice_tail(rest: pest::iterators::Pairs<'_, Rule>) -> (Option<Expr>, Option<Vec<TemplatePart>>) {
    let mut filter = None;
    let mut prompt = None;
    for p in rest {
        match p.as_rule() {
            Rule::expr => filter = Some(parse_expr(p)),
            Rule::asking => prompt = p.into_inner().next().map(parse_template),
            r => unreachable!("parse_choice_tail: {r:?}"),
        }
    }
    (filter, prompt)
}

fn parse_expr_from_player_lit(pair: Pair<'_, Rule>) -> Expr {
    let span = span_of(&pair);
    let n = pair.into_inner().next().map(|p| super::parse::parse_int(&p)).unwrap_or(0);
    Expr { span, kind: ExprKind::Player(n.clamp(0, u32::MAX as i64) as u32) }
}

fn parse_move_what(pair: Pair<'_, Rule>) -> MoveWhat {
    let inner = pair.into_inner().next().expect("parse_move_what: inner");
    match inner.as_rule() {
        Rule::move_all => MoveWhat::All(parse_expr(inner.into_inner().next().expect("move_all"))),
        Rule::move_top | Rule::move_bottom => {
            let top = inner.as_rule() == Rule::move_top;
            let mut count = None;
            let mut zone = None;
            for p in inner.into_inner() {
                match p.as_rule() {
                    Rule::count_arg => count = p.into_inner().next().map(super::parse_expr::parse_operand),
                    Rule::expr => zone = Some(parse_expr(p)),
                    r => unreachable!("parse_move_what: {r:?}"),
                }
            }
            let zone = zone.expect("parse_move_what: zone");
            if top {
                MoveWhat::Top(count, zone)
            } else {
                MoveWhat::Bottom(count, zone)
            }
        }
        Rule::move_above => MoveWhat::Above(parse_expr(inner.into_inner().next().expect("move_above"))),
        Rule::expr => MoveWhat::Card(parse_expr(inner)),
        r => unreachable!("parse_move_what: {r:?}"),
    }
}

fn parse_end_kind(pair: Pair<'_, Rule>) -> EndKind {
    let inner = pair.into_inner().next().expect("parse_end_kind: inner");
    match inner.as_rule() {
        Rule::end_winner => EndKind::Winner(parse_expr(inner.into_inner().next().expect("winner"))),
        Rule::end_loser => EndKind::Loser(parse_expr(inner.into_inner().next().expect("loser"))),
        Rule::end_draw => EndKind::Draw,
        Rule::end_unfinished => EndKind::Unfinished,
        Rule::end_highest => {
            let mut hi = inner.into_inner();
            let lowest = hi.next().is_some_and(|w| w.as_rule() == Rule::kw_lowest);
            let var = parse_name(hi.next().expect("highest: var"));
            let score = parse_expr(hi.next().expect("highest: score"));
            EndKind::Highest { var, score, lowest }
        }
        r => unreachable!("parse_end_kind: {r:?}"),
    }
}

fn parse_template(pair: Pair<'_, Rule>) -> Vec<TemplatePart> {
    pair.into_inner()
        .map(|p| match p.as_rule() {
            Rule::template_text => TemplatePart::Text(unescape(p.as_str())),
            Rule::template_hole => TemplatePart::Hole(parse_expr(p.into_inner().next().expect("template_hole"))),
            r => unreachable!("parse_template: {r:?}"),
        })
        .collect()
}
