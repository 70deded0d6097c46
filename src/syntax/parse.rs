//! Lowers pest pairs to the syntax tree: declarations.
//!
//! Naming: `parse_<rule>` lowers the grammar rule `<rule>`; each `match` on a rule ends in an
//! `unreachable!` naming the function, since the grammar guarantees the shapes seen here.

use pest::iterators::Pair;

use super::ast::*;
use super::parse_expr::parse_expr;
use super::parse_stmt::{parse_block, parse_facing};
use super::Rule;

/// The span of a pair.
pub(crate) fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

/// A name from an `ident` or `member_name` pair.
pub(crate) fn parse_name(pair: Pair<'_, Rule>) -> Name {
    Name { span: span_of(&pair), text: pair.as_str().to_string() }
}

/// The text of a `string` pair, without quotes and with escapes resolved.
pub(crate) fn parse_string(pair: Pair<'_, Rule>) -> String {
    let inner = pair.into_inner().next().map(|p| p.as_str()).unwrap_or("");
    unescape(inner)
}

/// Resolves backslash escapes in string text.
pub(crate) fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Parses an integer literal that the grammar has already checked to be digits.
pub(crate) fn parse_int(pair: &Pair<'_, Rule>) -> i64 {
    // Digits only, so the only failure is overflow, which we clamp; the checker bounds values.
    pair.as_str().parse::<i64>().unwrap_or(i64::MAX)
}

thread_local! {
    /// A mistake found while lowering (the grammar accepts the text): the first one.
    static REFUSED: std::cell::RefCell<Option<super::SyntaxError>> = const { std::cell::RefCell::new(None) };
}

/// Records a mistake found while lowering; [`lower_file`] returns the first.
fn refuse(e: super::SyntaxError) {
    REFUSED.with(|r| {
        r.borrow_mut().get_or_insert(e);
    });
}

/// `file`, or the error of a file nested deeper than the passes after the parser can follow
/// (`parse_depth`, `parse_lets`).
pub(crate) fn lower_file(pair: Pair<'_, Rule>) -> Result<File, super::SyntaxError> {
    if let Some((depth, at)) = super::parse_depth::too_deep(&pair) {
        return Err(super::parse_depth::error(depth, at));
    }
    REFUSED.with(|r| r.borrow_mut().take());
    let file = parse_file(pair);
    match REFUSED.with(|r| r.borrow_mut().take()) {
        Some(e) => Err(e),
        None => Ok(file),
    }
}

/// `file`.
fn parse_file(pair: Pair<'_, Rule>) -> File {
    let mut items = Vec::new();
    let mut base = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::EOI => {}
            Rule::base_game => {
                let span = span_of(&p);
                let path = p.into_inner().next();
                let path_span = path.as_ref().map_or(span, span_of);
                base = Some(BaseGame { span, path: path.map(parse_string).unwrap_or_default(), path_span });
            }
            _ => items.push(parse_decl(p)),
        }
    }
    File { base, items }
}

/// Any declaration rule.
pub(crate) fn parse_decl(pair: Pair<'_, Rule>) -> Item {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::game_decl => {
            let title = pair.into_inner().next().map(parse_string).unwrap_or_default();
            Item::Game { span, title }
        }
        Rule::players_decl => {
            let mut it = pair.into_inner().map(|p| parse_int(&p).clamp(0, u32::MAX as i64) as u32);
            Item::Players { span, count: it.next().unwrap_or(0), most: it.next() }
        }
        Rule::teams_decl => {
            let teams = pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::team_lit)
                .map(|t| {
                    t.into_inner()
                        .map(|p| {
                            let at = span_of(&p);
                            let n = p.into_inner().next().map(|i| parse_int(&i)).unwrap_or(0);
                            (n.clamp(0, u32::MAX as i64) as u32, at)
                        })
                        .collect()
                })
                .collect();
            Item::Teams { span, teams }
        }
        Rule::option_decl => Item::Option(parse_option_decl(pair)),
        Rule::enum_decl => Item::Enum(parse_enum_decl(pair)),
        Rule::property_decl => Item::Property(parse_property_decl(pair)),
        Rule::cards_decl => Item::Cards(parse_cards_decl(pair)),
        Rule::order_decl => Item::Order(parse_order_decl(pair)),
        Rule::zone_decl => Item::Zone(parse_zone_decl(pair)),
        Rule::counter_decl => Item::Counter(parse_counter_decl(pair)),
        Rule::function_decl => Item::Function(parse_function_decl(pair)),
        Rule::procedure_decl => Item::Procedure(parse_procedure_decl(pair)),
        Rule::variant_decl => Item::Variant(parse_variant_decl(pair)),
        Rule::melds_decl => Item::Melds(parse_melds_decl(pair)),
        Rule::hands_decl => Item::Hands(parse_hands_decl(pair)),
        Rule::length_decl => {
            let counter = pair.into_inner().next().map(parse_name);
            Item::Length { span, counter: counter.unwrap_or(Name { span, text: String::new() }) }
        }
        Rule::progress_decl => {
            let mut inner = pair.into_inner();
            let var = inner.next().map(parse_name).unwrap_or(Name { span, text: String::new() });
            let value = inner.next().map(parse_expr).unwrap_or(Expr { span, kind: ExprKind::Int(0) });
            Item::Progress(ProgressDecl { span, var, value })
        }
        Rule::view_decl => {
            let lines = pair.into_inner().map(parse_view_line).collect();
            Item::View(ViewDecl { span, lines })
        }
        r => unreachable!("parse_decl: {r:?}"),
    }
}

fn parse_option_decl(pair: Pair<'_, Rule>) -> OptionDecl {
    let span = span_of(&pair);
    let mut decl = OptionDecl {
        span,
        name: missing(span),
        ty: None,
        range: None,
        value: Literal { span, kind: LiteralKind::Int(0) },
        meanings: Vec::new(),
    };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::ident => decl.name = parse_name(p),
            Rule::option_type => {
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::type_expr => decl.ty = Some(parse_type_expr(q)),
                        Rule::option_range => {
                            let rspan = span_of(&q);
                            let mut r = q.into_inner();
                            let lo = r.next().map_or(0, |n| parse_signed(&n));
                            let hi = r.next().map_or(0, |n| parse_signed(&n));
                            decl.range = Some(OptionRange { span: rspan, lo, hi });
                        }
                        r => unreachable!("parse_option_decl type: {r:?}"),
                    }
                }
            }
            Rule::literal => decl.value = parse_literal(p),
            Rule::option_meaning => {
                let mspan = span_of(&p);
                let mut m = p.into_inner();
                let value = m.next().map_or(0, |n| parse_signed(&n));
                let text = m.find(|q| q.as_rule() == Rule::string).map(parse_string).unwrap_or_default();
                decl.meanings.push(OptionMeaning { span: mspan, value, text });
            }
            r => unreachable!("parse_option_decl: {r:?}"),
        }
    }
    decl
}

/// A `signed_int`; a number too large for 64 bits is clamped (the checker says it is out of range).
fn parse_signed(pair: &Pair<'_, Rule>) -> i64 {
    let text = pair.as_str();
    text.parse::<i64>().unwrap_or(if text.starts_with('-') { i64::MIN } else { i64::MAX })
}

/// `literal`.
pub(crate) fn parse_literal(pair: Pair<'_, Rule>) -> Literal {
    let span = span_of(&pair);
    let inner = pair.into_inner().next().expect("parse_literal: inner");
    let kind = match inner.as_rule() {
        Rule::signed_int => LiteralKind::Int(parse_signed(&inner)),
        Rule::kw_true => LiteralKind::Bool(true),
        Rule::kw_false => LiteralKind::Bool(false),
        Rule::member_name => LiteralKind::Member(inner.as_str().to_string()),
        Rule::string => LiteralKind::Text(parse_string(inner)),
        r => unreachable!("parse_literal: {r:?}"),
    };
    Literal { span, kind }
}

fn parse_enum_decl(pair: Pair<'_, Rule>) -> EnumDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let members = it
        .map(|m| {
            let mut mi = m.into_inner();
            let name = mi.next().map(parse_name).unwrap_or_else(|| missing(span));
            let display = mi.next().map(parse_string);
            EnumMember { name, display }
        })
        .collect();
    EnumDecl { span, name, members }
}

fn parse_property_decl(pair: Pair<'_, Rule>) -> PropertyDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let ty = parse_type_expr(it.next().expect("parse_property_decl: type"));
    let default = it.next().map(parse_expr);
    PropertyDecl { span, name, ty, default }
}

/// `type_expr`.
pub(crate) fn parse_type_expr(pair: Pair<'_, Rule>) -> TypeExpr {
    let span = span_of(&pair);
    let inner = pair.into_inner().next().expect("parse_type_expr: inner");
    let kind = match inner.as_rule() {
        Rule::kw_bool => TypeExprKind::Bool,
        Rule::kw_int => TypeExprKind::Int,
        Rule::kw_card => TypeExprKind::Card,
        Rule::kw_player => TypeExprKind::Player,
        Rule::kw_zone => TypeExprKind::Zone,
        Rule::kw_cards_type => TypeExprKind::Cards,
        Rule::set_type => TypeExprKind::SetOf(parse_name(inner.into_inner().next().expect("set_type: name"))),
        Rule::ident => TypeExprKind::Named(parse_name(inner)),
        r => unreachable!("parse_type_expr: {r:?}"),
    };
    TypeExpr { span, kind }
}

fn parse_cards_decl(pair: Pair<'_, Rule>) -> CardsDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let body_pair = it.next().expect("parse_cards_decl: body");
    let body = match body_pair.as_rule() {
        Rule::cards_every => {
            let mut properties = Vec::new();
            let mut filter = None;
            let mut assigns = Vec::new();
            for p in body_pair.into_inner() {
                match p.as_rule() {
                    Rule::ident => properties.push(parse_name(p)),
                    Rule::expr => filter = Some(super::parse_expr::parse_expr(p)),
                    Rule::prop_block => assigns = parse_prop_block(p),
                    r => unreachable!("parse_cards_decl every: {r:?}"),
                }
            }
            CardsBody::Every { properties, filter, assigns }
        }
        Rule::cards_list => CardsBody::List(
            body_pair
                .into_inner()
                .map(|c| {
                    let cspan = span_of(&c);
                    let mut ci = c.into_inner();
                    let name = ci.next().map(parse_string).unwrap_or_default();
                    let assigns = ci.next().map(parse_prop_block).unwrap_or_default();
                    NamedCard { span: cspan, name, assigns }
                })
                .collect(),
        ),
        r => unreachable!("parse_cards_decl: {r:?}"),
    };
    CardsDecl { span, name, body }
}

fn parse_prop_block(pair: Pair<'_, Rule>) -> Vec<PropAssign> {
    pair.into_inner()
        .map(|a| {
            let mut ai = a.into_inner();
            let name = parse_name(ai.next().expect("prop_assign: name"));
            let value = parse_expr(ai.next().expect("prop_assign: value"));
            PropAssign { name, value }
        })
        .collect()
}

fn parse_order_decl(pair: Pair<'_, Rule>) -> OrderDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let property = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let members = it.map(parse_name).collect();
    OrderDecl { span, name, property, members }
}

/// `melds_decl`.
fn parse_hands_decl(pair: Pair<'_, Rule>) -> HandsDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let order = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let patterns = it
        .map(|p| {
            let pspan = span_of(&p);
            let mut inner = p.into_inner().peekable();
            let name = inner.next().map(parse_name).unwrap_or_else(|| missing(pspan));
            let display = inner.next_if(|q| q.as_rule() == Rule::string).map(parse_string);
            let parts = inner
                .filter(|q| q.as_rule() == Rule::hand_part)
                .map(|q| {
                    let qspan = span_of(&q);
                    let mut r = q.into_inner();
                    let count = r.next().map(|n| parse_int(&n)).unwrap_or(0);
                    let rules = r.filter(|x| x.as_rule() == Rule::meld_rule).map(parse_meld_rule).collect();
                    HandPartDecl { span: qspan, count, rules }
                })
                .collect();
            HandPatternDecl { span: pspan, name, display, parts }
        })
        .collect();
    HandsDecl { span, name, order, patterns }
}

/// `same rank`, `different suit`, `consecutive aces_low`.
fn parse_meld_rule(q: Pair<'_, Rule>) -> MeldRuleDecl {
    let qspan = span_of(&q);
    let mut r = q.into_inner();
    let kind = match r.next().map(|k| k.as_rule()) {
        Some(Rule::kw_same) => MeldRuleKind::Same,
        Some(Rule::kw_different) => MeldRuleKind::Different,
        _ => MeldRuleKind::Consecutive,
    };
    let name = r.next().map(parse_name).unwrap_or_else(|| missing(qspan));
    MeldRuleDecl { span: qspan, kind, name }
}

fn parse_melds_decl(pair: Pair<'_, Rule>) -> MeldsDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let mut decl = MeldsDecl { span, name, patterns: Vec::new(), wilds: Vec::new(), points: Vec::new() };
    for p in it {
        let pspan = span_of(&p);
        match p.as_rule() {
            Rule::meld_pattern => {
                let mut inner = p.into_inner();
                let name = inner.next().map(parse_name).unwrap_or_else(|| missing(pspan));
                let mut rules = Vec::new();
                let mut size = MeldSize { span: pspan, min: 0, max: None, exact: false };
                for q in inner {
                    let qspan = span_of(&q);
                    match q.as_rule() {
                        Rule::meld_rule => rules.push(parse_meld_rule(q)),
                        Rule::meld_size => {
                            let mut r = q.into_inner();
                            let min = r.next().map(|n| parse_int(&n)).unwrap_or(0);
                            size = match r.next() {
                                Some(m) if m.as_rule() == Rule::meld_or_more => {
                                    MeldSize { span: qspan, min, max: None, exact: false }
                                }
                                Some(m) => MeldSize { span: qspan, min, max: Some(parse_int(&m)), exact: false },
                                None => MeldSize { span: qspan, min, max: Some(min), exact: true },
                            };
                        }
                        r => unreachable!("parse_melds_decl pattern: {r:?}"),
                    }
                }
                decl.patterns.push(MeldPatternDecl { span: pspan, name, rules, size });
            }
            Rule::meld_wild => {
                let mut inner = p.into_inner();
                let card = inner.next().map(parse_name).unwrap_or_else(|| missing(pspan));
                let cond = inner.next().map(parse_expr).unwrap_or(Expr { span: pspan, kind: ExprKind::Bool(false) });
                let mut keeps = Vec::new();
                let mut fixed = false;
                for k in inner {
                    match k.as_rule() {
                        Rule::meld_keeps => keeps = k.into_inner().map(parse_name).collect(),
                        Rule::meld_fixed => fixed = true,
                        _ => {}
                    }
                }
                decl.wilds.push(MeldWildDecl { span: pspan, card, cond, keeps, fixed });
            }
            Rule::meld_points => {
                let mut inner = p.into_inner();
                let card = inner.next().map(parse_name).unwrap_or_else(|| missing(pspan));
                let value = inner.next().map(parse_expr).unwrap_or(Expr { span: pspan, kind: ExprKind::Int(0) });
                decl.points.push(MeldPointsDecl { span: pspan, card, value });
            }
            r => unreachable!("parse_melds_decl: {r:?}"),
        }
    }
    decl
}

/// `zone_decl`.
pub(crate) fn parse_zone_decl(pair: Pair<'_, Rule>) -> ZoneDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let attrs = it
        .map(|a| {
            let aspan = span_of(&a);
            let inner = a.into_inner().next().expect("zone_attr: inner");
            let kind = match inner.as_rule() {
                Rule::owner_per_player => ZoneAttrKind::PerPlayer,
                Rule::owner_per_range => {
                    let mut r = inner.into_inner();
                    let lo = r.next().map(|p| parse_int(&p)).unwrap_or(1);
                    let hi = r.next().map(|p| parse_int(&p)).unwrap_or(1);
                    ZoneAttrKind::PerRange(lo, hi)
                }
                Rule::owner_per_enum => {
                    ZoneAttrKind::PerEnum(parse_name(inner.into_inner().next().expect("owner_per_enum: name")))
                }
                Rule::kw_shared => ZoneAttrKind::Shared,
                Rule::facing => ZoneAttrKind::Facing(parse_facing(inner)),
                Rule::kw_stack => ZoneAttrKind::Stack,
                Rule::kw_spread => ZoneAttrKind::Spread,
                Rule::kw_public => ZoneAttrKind::Public,
                Rule::kw_private => ZoneAttrKind::Private,
                Rule::zone_holds => ZoneAttrKind::Holds(inner.into_inner().map(parse_name).collect()),
                Rule::seen_by_others => ZoneAttrKind::SeenByOthers,
                r => unreachable!("parse_zone_decl: {r:?}"),
            };
            ZoneAttr { span: aspan, kind }
        })
        .collect();
    ZoneDecl { span, name, attrs }
}

fn parse_counter_decl(pair: Pair<'_, Rule>) -> CounterDecl {
    let span = span_of(&pair);
    let mut reported = true;
    let mut per = Per::Game;
    let mut ty = None;
    let mut name = None;
    let mut init = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::counter_kind => reported = p.as_str() == "counter",
            Rule::ident => name = Some(parse_name(p)),
            Rule::owner_per_player => per = Per::Player,
            Rule::owner_per_card => per = Per::Card,
            Rule::owner_per_team => per = Per::Team,
            Rule::type_expr => ty = Some(parse_type_expr(p)),
            Rule::expr => init = Some(parse_expr(p)),
            r => unreachable!("parse_counter_decl: {r:?}"),
        }
    }
    CounterDecl {
        span,
        name: name.unwrap_or_else(|| missing(span)),
        per,
        ty,
        reported,
        init: init.unwrap_or(Expr { span, kind: ExprKind::Int(0) }),
    }
}

/// `params`.
pub(crate) fn parse_params(pair: Pair<'_, Rule>) -> Vec<Param> {
    pair.into_inner()
        .map(|p| {
            let mut pi = p.into_inner();
            let name = parse_name(pi.next().expect("param: name"));
            let ty = parse_type_expr(pi.next().expect("param: type"));
            Param { name, ty }
        })
        .collect()
}

fn parse_function_decl(pair: Pair<'_, Rule>) -> FunctionDecl {
    let span = span_of(&pair);
    let mut it = pair.into_inner();
    let name = it.next().map(parse_name).unwrap_or_else(|| missing(span));
    let params = parse_params(it.next().expect("parse_function_decl: params"));
    let ret = parse_type_expr(it.next().expect("parse_function_decl: type"));
    let body = it.next().expect("parse_function_decl: body");
    if body.as_rule() != Rule::function_block {
        return FunctionDecl { span, name, params, ret, body: parse_expr(body), block: None };
    }
    let mut lets = Vec::new();
    let mut result = None;
    let pairs: Vec<Pair<'_, Rule>> = body.into_inner().collect();
    // A block of more than `let` lines runs as statements.
    if pairs.iter().any(|p| !matches!(p.as_rule(), Rule::expr | Rule::let_stmt)) {
        let mut stmts = Vec::new();
        for p in pairs {
            match p.as_rule() {
                Rule::expr => result = Some(parse_expr(p)),
                _ => stmts.push(super::parse_stmt::parse_stmt(p)),
            }
        }
        let result = result.expect("function_block: result");
        let block = FunctionBlock { lets: Vec::new(), stmts, result: result.clone() };
        return FunctionDecl { span, name, params, ret, body: result, block: Some(block) };
    }
    for p in pairs {
        if p.as_rule() == Rule::expr {
            result = Some(parse_expr(p));
            continue;
        }
        let let_span = span_of(&p);
        let mut li = p.into_inner();
        let name = li.next().map(parse_name).unwrap_or_else(|| missing(let_span));
        let mut next = li.next().expect("function let: value");
        let mut ty = None;
        if next.as_rule() == Rule::type_expr {
            ty = Some(parse_type_expr(next));
            next = li.next().expect("function let: value");
        }
        lets.push(FunctionLet { span: let_span, name, ty, value: parse_expr(next) });
    }
    let result = result.expect("function_block: result");
    // A block whose `let`s would grow past the bound once put in is refused, and not put in.
    let body = match super::parse_lets::too_large(&lets, &result) {
        Some((at, parts, depth)) => {
            refuse(super::parse_depth::lets_error(at, parts, depth));
            result.clone()
        }
        None => super::lets::put_in(&lets, &result),
    };
    FunctionDecl { span, name, params, ret, body, block: Some(FunctionBlock { lets, stmts: Vec::new(), result }) }
}

fn parse_procedure_decl(pair: Pair<'_, Rule>) -> ProcedureDecl {
    let span = span_of(&pair);
    let mut name = None;
    let mut params = Vec::new();
    let mut body = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::ident => name = Some(parse_name(p)),
            Rule::params => params = parse_params(p),
            Rule::block => body = Some(parse_block(p)),
            r => unreachable!("parse_procedure_decl: {r:?}"),
        }
    }
    ProcedureDecl {
        span,
        name: name.unwrap_or_else(|| missing(span)),
        params,
        body: body.unwrap_or(Block { span, stmts: Vec::new() }),
    }
}

fn parse_variant_decl(pair: Pair<'_, Rule>) -> VariantDecl {
    let span = span_of(&pair);
    let mut name = None;
    let mut description = None;
    let mut extends = Vec::new();
    let mut items = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::ident => name = Some(parse_name(p)),
            Rule::string => description = Some(parse_string(p)),
            Rule::extends => extends = p.into_inner().map(parse_name).collect(),
            Rule::variant_item => {
                let inner = p.into_inner().next().expect("variant_item: inner");
                items.push(match inner.as_rule() {
                    Rule::override_decl => {
                        let ospan = span_of(&inner);
                        let d = inner.into_inner().next().expect("override_decl: decl");
                        VariantItem::Override { span: ospan, item: parse_decl(d) }
                    }
                    Rule::option_decl => VariantItem::SetOption(parse_option_decl(inner)),
                    _ => VariantItem::Add(parse_decl(inner)),
                });
            }
            r => unreachable!("parse_variant_decl: {r:?}"),
        }
    }
    VariantDecl { span, name: name.unwrap_or_else(|| missing(span)), description, extends, items }
}

/// A placeholder name for a part the grammar requires but a malformed tree lacks.
pub(crate) fn missing(span: Span) -> Name {
    Name { span, text: String::new() }
}

/// `hand sorted by aces_low with melds as "your hand"`.
fn parse_view_line(pair: Pair<'_, Rule>) -> ViewLine {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let name = inner.next().map(parse_name).unwrap_or(Name { span, text: String::new() });
    let mut line = ViewLine { span, name, top: None, sorted: None, melds: false, label: None, nonempty: false };
    for part in inner {
        match part.as_rule() {
            // The keyword is a pair of its own; an order's name may follow it.
            Rule::view_sorted => line.sorted = Some(part.into_inner().nth(1).map(parse_name)),
            Rule::view_melds => line.melds = true,
            // The number is a pair of its own after the keyword; one too big for any zone
            // (beyond u64) reads as the largest, which shows every card.
            Rule::view_top => {
                line.top = part.into_inner().next().map(|n| (n.as_str().parse().unwrap_or(u64::MAX), span_of(&n)))
            }
            Rule::view_nonempty => line.nonempty = true,
            Rule::view_label => line.label = part.into_inner().next().map(|s| parse_string(s)),
            _ => {}
        }
    }
    line
}
