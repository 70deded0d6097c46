//! Lowers pest pairs to the syntax tree: expressions, with a Pratt parser for operators.

use std::sync::OnceLock;

use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::ast::*;
use super::parse::{parse_int, parse_name, span_of};
use super::Rule;

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::op_or, Assoc::Left))
            .op(Op::infix(Rule::op_and, Assoc::Left))
            .op(Op::prefix(Rule::op_not))
            .op(Op::infix(Rule::op_eq, Assoc::Left)
                | Op::infix(Rule::op_ne, Assoc::Left)
                | Op::infix(Rule::op_lt, Assoc::Left)
                | Op::infix(Rule::op_le, Assoc::Left)
                | Op::infix(Rule::op_gt, Assoc::Left)
                | Op::infix(Rule::op_ge, Assoc::Left)
                | Op::infix(Rule::op_in, Assoc::Left))
            .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
            .op(Op::infix(Rule::op_mul, Assoc::Left)
                | Op::infix(Rule::op_div, Assoc::Left)
                | Op::infix(Rule::op_mod, Assoc::Left))
            .op(Op::prefix(Rule::op_neg))
            .op(Op::infix(Rule::op_pow, Assoc::Right))
            .op(Op::postfix(Rule::is_empty)
                | Op::postfix(Rule::is_not_empty)
                | Op::postfix(Rule::is_none)
                | Op::postfix(Rule::is_not_none)
                | Op::postfix(Rule::is_face_up)
                | Op::postfix(Rule::is_face_down)
                | Op::postfix(Rule::field))
    })
}

fn join(a: Span, b: Span) -> Span {
    Span::new(a.start.min(b.start), a.end.max(b.end))
}

/// `expr`.
pub(crate) fn parse_expr(pair: Pair<'_, Rule>) -> Expr {
    debug_assert_eq!(pair.as_rule(), Rule::expr);
    pratt()
        .map_primary(parse_primary)
        .map_prefix(|op, operand| {
            let span = join(span_of(&op), operand.span);
            let op = match op.as_rule() {
                Rule::op_not => UnOp::Not,
                Rule::op_neg => UnOp::Neg,
                r => unreachable!("parse_expr prefix: {r:?}"),
            };
            Expr { span, kind: ExprKind::Unary { op, operand: Box::new(operand) } }
        })
        .map_postfix(apply_postfix)
        .map_infix(|lhs, op, rhs| {
            let span = join(lhs.span, rhs.span);
            let op = match op.as_rule() {
                Rule::op_or => BinOp::Or,
                Rule::op_and => BinOp::And,
                Rule::op_eq => BinOp::Eq,
                Rule::op_ne => BinOp::Ne,
                Rule::op_lt => BinOp::Lt,
                Rule::op_le => BinOp::Le,
                Rule::op_gt => BinOp::Gt,
                Rule::op_ge => BinOp::Ge,
                Rule::op_in => BinOp::In,
                Rule::op_add => BinOp::Add,
                Rule::op_sub => BinOp::Sub,
                Rule::op_mul => BinOp::Mul,
                Rule::op_div => BinOp::Div,
                Rule::op_mod => BinOp::Mod,
                Rule::op_pow => BinOp::Pow,
                r => unreachable!("parse_expr infix: {r:?}"),
            };
            Expr { span, kind: ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) } }
        })
        .parse(pair.into_inner())
}

fn apply_postfix(target: Expr, op: Pair<'_, Rule>) -> Expr {
    let span = join(target.span, span_of(&op));
    let target = Box::new(target);
    let kind = match op.as_rule() {
        Rule::is_empty => ExprKind::IsEmpty { target, negated: false },
        Rule::is_not_empty => ExprKind::IsEmpty { target, negated: true },
        Rule::is_none => ExprKind::IsNone { target, negated: false },
        Rule::is_not_none => ExprKind::IsNone { target, negated: true },
        Rule::is_face_up => ExprKind::IsFaceUp { target, up: true },
        Rule::is_face_down => ExprKind::IsFaceUp { target, up: false },
        Rule::field => {
            let name = parse_name(op.into_inner().next().expect("field: name"));
            ExprKind::Field { target, name }
        }
        r => unreachable!("apply_postfix: {r:?}"),
    };
    Expr { span, kind }
}

/// An operand that may be an `expr`, an `int` or an `ident` (used for counts in `move top N`).
pub(crate) fn parse_operand(pair: Pair<'_, Rule>) -> Expr {
    match pair.as_rule() {
        Rule::expr => parse_expr(pair),
        _ => parse_primary(pair),
    }
}

/// Any primary expression rule.
/// An `agg_domain`: `players`, `subsets of Z ...`, or a zone, row or enum.
pub(crate) fn parse_domain(pair: Pair<'_, Rule>) -> AggDomain {
    let mut pairs = pair.into_inner();
    let inner = pairs.next().expect("agg_domain: inner");
    match inner.as_rule() {
        Rule::kw_players => AggDomain::Players,
        Rule::subsets_of => {
            let mut it = inner.into_inner().skip(1);
            let zone = parse_primary(it.next().expect("subsets_of: zone"));
            AggDomain::Subsets(Subsets { zone, size: it.next().map(parse_subset_size) })
        }
        // issue 43: `1 to n`.
        Rule::agg_range => {
            let mut it = inner.into_inner();
            let lo = parse_operand(it.next().expect("agg_range: first"));
            AggDomain::Range(lo, parse_expr(it.next().expect("agg_range: last")))
        }
        _ => {
            let first = parse_primary(inner);
            match pairs.next() {
                // issue 43: `hole of p + board where ...`, zones read as one: `+` between them, as
                // an expression in parentheses reads.
                Some(more) => {
                    let parts = more.into_inner().filter(|p| p.as_rule() != Rule::op_add).map(parse_primary);
                    AggDomain::Expr(parts.fold(first, |lhs, rhs| Expr {
                        span: join(lhs.span, rhs.span),
                        kind: ExprKind::Binary { op: BinOp::Add, lhs: Box::new(lhs), rhs: Box::new(rhs) },
                    }))
                }
                None => AggDomain::Expr(first),
            }
        }
    }
}

/// The item's name and domain of an aggregate or a `for each`: `c in Z`, or (issue 43)
/// `zone z in every column`, whose pair holds both. `next` reads the pair after.
pub(crate) fn parse_item_and_domain<'i>(
    first: Pair<'i, Rule>,
    mut next: impl FnMut() -> Pair<'i, Rule>,
) -> (crate::syntax::ast::Name, AggDomain, Span) {
    if first.as_rule() == Rule::agg_zones {
        let mut it = first.into_inner().skip(1);
        let var = parse_name(it.next().expect("agg_zones: name"));
        let row = it.next().expect("agg_zones: row");
        let span = span_of(&row);
        return (var, AggDomain::Zones(parse_primary(row)), span);
    }
    let var = parse_name(first);
    let domain = next();
    let span = span_of(&domain);
    (var, parse_domain(domain), span)
}

/// `of size a` or `of size a to b`.
pub(crate) fn parse_subset_size(pair: Pair<'_, Rule>) -> (Expr, Option<Expr>) {
    let mut it = pair.into_inner();
    let lo = parse_expr(it.next().expect("subset_size: size"));
    (lo, it.next().map(parse_expr))
}

pub(crate) fn parse_primary(pair: Pair<'_, Rule>) -> Expr {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let kind = match rule {
        Rule::int => ExprKind::Int(parse_int(&pair)),
        Rule::string => ExprKind::Text(super::parse::parse_string(pair)),
        Rule::kw_true => ExprKind::Bool(true),
        Rule::seen_before => ExprKind::PositionSeen,
        Rule::kw_false => ExprKind::Bool(false),
        Rule::kw_none => ExprKind::None,
        Rule::player_lit => {
            let n = pair.into_inner().next().map(|p| parse_int(&p)).unwrap_or(0);
            ExprKind::Player(n.clamp(0, u32::MAX as i64) as u32)
        }
        Rule::top_of | Rule::bottom_of | Rule::count_of | Rule::opponent_of => {
            let arg = Box::new(parse_primary(pair.into_inner().next().expect("parse_primary: of")));
            match rule {
                Rule::top_of => ExprKind::Top(arg),
                Rule::bottom_of => ExprKind::Bottom(arg),
                Rule::count_of => ExprKind::Count(arg),
                _ => ExprKind::Opponent(arg),
            }
        }
        Rule::deadwood_of => {
            let mut it = pair.into_inner();
            let zone = Box::new(parse_primary(it.next().expect("deadwood_of: zone")));
            let without = it.next().map(|c| Box::new(parse_primary(c)));
            ExprKind::Deadwood { zone, without }
        }
        Rule::strength_of => {
            let mut it = pair.into_inner();
            let zone = Box::new(parse_primary(it.next().expect("strength_of: zone")));
            let hands = parse_name(it.next().expect("strength_of: hands"));
            ExprKind::Strength { zone, hands }
        }
        Rule::arrangements_of => {
            ExprKind::Arrangements(Box::new(parse_primary(pair.into_inner().next().expect("arrangements_of: zone"))))
        }
        // `all` is a pair of its own, before the zone.
        Rule::all_arrangements_of => ExprKind::AllArrangements(Box::new(parse_primary(
            pair.into_inner().last().expect("all_arrangements_of: zone"),
        ))),
        Rule::player_at => ExprKind::PlayerAt(Box::new(parse_expr(pair.into_inner().next().expect("player_at: seat")))),
        Rule::card_at => {
            let mut it = pair.into_inner();
            let _card = it.next();
            let index = Box::new(parse_operand(it.next().expect("card_at: index")));
            let zone = Box::new(parse_primary(it.next().expect("card_at: zone")));
            ExprKind::CardAt { index, zone }
        }
        Rule::across_from => {
            let mut it = pair.into_inner();
            let _across = it.next();
            ExprKind::Across(Box::new(parse_primary(it.next().expect("across_from: player"))))
        }
        Rule::aggregate => {
            return parse_aggregate(pair.into_inner().next().expect("aggregate: form"));
        }
        Rule::every_of => ExprKind::Every(parse_name(pair.into_inner().next().expect("every_of: name"))),
        Rule::set_lit => ExprKind::SetLit(pair.into_inner().map(parse_expr).collect()),
        Rule::expr => return parse_expr(pair),
        Rule::if_expr => {
            let mut it = pair.into_inner();
            let mut next = || Box::new(parse_expr(it.next().expect("parse_primary: if")));
            let cond = next();
            let then = next();
            let otherwise = next();
            ExprKind::If { cond, then, otherwise }
        }
        Rule::call_expr => {
            let mut it = pair.into_inner();
            let name = parse_name(it.next().expect("call_expr: name"));
            let args = it.next().map(|a| a.into_inner().map(parse_expr).collect()).unwrap_or_default();
            ExprKind::Call { name, args }
        }
        Rule::of_expr => {
            let mut it = pair.into_inner();
            let name = parse_name(it.next().expect("of_expr: name"));
            let arg = Box::new(parse_primary(it.next().expect("of_expr: arg")));
            ExprKind::Of { name, arg }
        }
        Rule::keyed_of => {
            let mut it = pair.into_inner();
            let name = parse_name(it.next().expect("keyed_of: name"));
            let key = Box::new(parse_operand(it.next().expect("keyed_of: key")));
            let owner = Box::new(parse_primary(it.next().expect("keyed_of: owner")));
            ExprKind::KeyedOf { name, key, owner }
        }
        Rule::every_row_of => {
            let mut it = pair.into_inner();
            let name = parse_name(it.next().expect("every_row_of: name"));
            let owner = Box::new(parse_primary(it.next().expect("every_row_of: owner")));
            ExprKind::EveryOf { name, owner }
        }
        Rule::name | Rule::ident | Rule::member_name => ExprKind::Name(pair.as_str().to_string()),
        r => unreachable!("parse_primary: {r:?}"),
    };
    Expr { span, kind }
}

/// `any c in Z where ...`, `count of c in Z where ...`, `sum of V for c in Z where ...`.
fn parse_aggregate(pair: Pair<'_, Rule>) -> Expr {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    let word = it.next().expect("aggregate: word");
    let word_span = span_of(&word);
    let kind = match word.as_rule() {
        Rule::kw_any => AggKind::Any,
        Rule::kw_all => AggKind::All,
        Rule::kw_card => AggKind::First,
        Rule::kw_count => AggKind::Count,
        Rule::kw_sum => AggKind::Sum,
        Rule::kw_max => AggKind::Max,
        Rule::kw_min => AggKind::Min,
        Rule::kw_next | Rule::kw_previous => AggKind::Next,
        // issue 43: `the player q where C`.
        Rule::kw_the => AggKind::First,
        r => unreachable!("parse_aggregate: {r:?}"),
    };
    let value = (rule == Rule::agg_fold).then(|| parse_expr(it.next().expect("agg_fold: value")));
    let mut first = it.next().expect("aggregate: name");
    if rule == Rule::agg_the {
        // `player`, then the name.
        let _player = first;
        first = it.next().expect("agg_the: name");
    }
    let (var, domain, domain_span) = if rule == Rule::agg_the {
        (parse_name(first), AggDomain::ThePlayer, word_span)
    } else if matches!(rule, Rule::agg_next | Rule::agg_previous) {
        let domain_pair = it.next().expect("aggregate: player");
        let domain_span = span_of(&domain_pair);
        let p = parse_primary(domain_pair);
        let domain = if rule == Rule::agg_next { AggDomain::After(p) } else { AggDomain::Before(p) };
        (parse_name(first), domain, domain_span)
    } else {
        parse_item_and_domain(first, || it.next().expect("aggregate: domain"))
    };
    let cond = it.next().map(parse_expr);
    Expr { span, kind: ExprKind::Aggregate(Box::new(Aggregate { kind, var, domain, domain_span, value, cond })) }
}
