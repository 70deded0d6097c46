//! One-line signatures of declarations, as a hover shows them (`zone hand: per player,
//! private`, `function f(x: card): int`), and their types where written or evident.

use crate::syntax::ast::*;
use crate::syntax::fmt::expression;

/// A written type, as it is written.
pub(super) fn type_expr(t: &TypeExpr) -> String {
    match &t.kind {
        TypeExprKind::Bool => "bool".into(),
        TypeExprKind::Int => "int".into(),
        TypeExprKind::Card => "card".into(),
        TypeExprKind::Player => "player".into(),
        TypeExprKind::Zone => "zone".into(),
        TypeExprKind::Cards => "cards".into(),
        TypeExprKind::Named(n) => n.text.clone(),
        TypeExprKind::SetOf(n) => format!("set of {}", n.text),
    }
}

fn params(ps: &[Param]) -> String {
    ps.iter().map(|p| format!("{}: {}", p.name.text, type_expr(&p.ty))).collect::<Vec<_>>().join(", ")
}

fn literal(l: &LiteralKind) -> (String, Option<String>) {
    match l {
        LiteralKind::Int(i) => (i.to_string(), Some("int".into())),
        LiteralKind::Bool(b) => (b.to_string(), Some("bool".into())),
        LiteralKind::Member(m) => (m.clone(), None),
        LiteralKind::Text(t) => (format!("{t:?}"), None),
    }
}

/// The type an expression evidently has, without checking it: a literal's.
fn evident(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Count(_) => Some("int".into()),
        ExprKind::Bool(_) => Some("bool".into()),
        ExprKind::Player(_) => Some("player".into()),
        ExprKind::Text(_) => Some("text".into()),
        _ => None,
    }
}

fn zone_attr(kind: &ZoneAttrKind) -> String {
    match kind {
        ZoneAttrKind::PerPlayer => "per player".into(),
        ZoneAttrKind::PerRange(a, b) => format!("per {a} to {b}"),
        ZoneAttrKind::PerEnum(n) => format!("per {}", n.text),
        ZoneAttrKind::Shared => "shared".into(),
        ZoneAttrKind::Facing(Facing::Up) => "face up".into(),
        ZoneAttrKind::Facing(Facing::Down) => "face down".into(),
        ZoneAttrKind::Stack => "stack".into(),
        ZoneAttrKind::Spread => "spread".into(),
        ZoneAttrKind::Public => "public".into(),
        ZoneAttrKind::Private => "private".into(),
        ZoneAttrKind::SeenByOthers => "seen by others".into(),
        ZoneAttrKind::Holds(gs) => {
            format!("holds {}", gs.iter().map(|g| g.text.as_str()).collect::<Vec<_>>().join(" + "))
        }
    }
}

/// A top-level item's one-line signature and type.
pub(super) fn item(item: &Item) -> (String, Option<String>) {
    match item {
        Item::Option(o) => option(o),
        Item::Enum(e) => {
            let members: Vec<&str> = e.members.iter().map(|m| m.name.text.as_str()).collect();
            (format!("enum {} = {}", e.name.text, members.join(", ")), None)
        }
        Item::Property(p) => {
            let default = p.default.as_ref().map(|d| format!(" = {}", expression(d))).unwrap_or_default();
            (format!("property {}: {}{default}", p.name.text, type_expr(&p.ty)), Some(type_expr(&p.ty)))
        }
        Item::Cards(c) => (format!("cards {}", c.name.text), Some("cards".into())),
        Item::Order(o) => (format!("order {}: {}", o.name.text, o.property.text), Some("int".into())),
        Item::Zone(z) => {
            let attrs: Vec<String> = z.attrs.iter().map(|a| zone_attr(&a.kind)).collect();
            (format!("zone {}: {}", z.name.text, attrs.join(", ")), Some("zone".into()))
        }
        Item::Counter(c) => {
            let word = if c.reported { "counter" } else { "variable" };
            let per = match c.per {
                Per::Game => "",
                Per::Player => " per player",
                Per::Card => " per card",
                Per::Team => " per team",
            };
            let ty = c.ty.as_ref().map(type_expr).or_else(|| evident(&c.init));
            let written = c.ty.as_ref().map(|t| format!(": {}", type_expr(t))).unwrap_or_default();
            (format!("{word} {}{per}{written} = {}", c.name.text, expression(&c.init)), ty)
        }
        Item::Function(f) => {
            let ret = type_expr(&f.ret);
            (format!("function {}({}): {ret}", f.name.text, params(&f.params)), Some(ret))
        }
        Item::Procedure(p) => (format!("procedure {}({})", p.name.text, params(&p.params)), None),
        Item::Variant(v) => {
            let described = v.description.as_ref().map(|d| format!(" {d:?}")).unwrap_or_default();
            let extends: Vec<&str> = v.extends.iter().map(|n| n.text.as_str()).collect();
            let extends = if extends.is_empty() { String::new() } else { format!(" extends {}", extends.join(", ")) };
            (format!("variant {}{described}{extends}", v.name.text), None)
        }
        Item::Melds(m) => (format!("melds {}", m.name.text), None),
        Item::Hands(h) => (format!("hands {} by {}", h.name.text, h.order.text), None),
        other => (other.kind_word().to_string(), None),
    }
}

/// `option n: int = 3 (1 to 9)`.
pub(super) fn option(o: &OptionDecl) -> (String, Option<String>) {
    let (value, lit_ty) = literal(&o.value.kind);
    let ty = o.ty.as_ref().map(type_expr).or(lit_ty);
    let written = o.ty.as_ref().map(|t| format!(": {}", type_expr(t))).unwrap_or_default();
    let range = o.range.as_ref().map(|r| format!(" ({} to {})", r.lo, r.hi)).unwrap_or_default();
    (format!("option {}{written} = {value}{range}", o.name.text), ty)
}

/// A local's one-line signature: `c: card (loop item)`, `let x: int`.
pub(super) fn local(word: &str, name: &str, ty: Option<&str>) -> String {
    match ty {
        Some(t) => format!("{name}: {t} ({word})"),
        None => format!("{name} ({word})"),
    }
}
