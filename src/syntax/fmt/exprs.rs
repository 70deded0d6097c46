//! Expressions, quoted texts and types, printed on one line with the fewest parentheses that
//! parse back to the same tree (see the operator table in `parse_expr.rs`).

use super::super::ast::*;

/// How tightly an expression holds together; a part is put in parentheses where its place needs
/// more. `if ... then ... else ...` is loosest: its `else` part runs to the end, so it is written
/// bare only where nothing can follow it.
const IF: u8 = 0;
const OR: u8 = 1;
const AND: u8 = 2;
const NOT: u8 = 3;
const COMPARE: u8 = 4;
const ADD: u8 = 5;
const MUL: u8 = 6;
const NEG: u8 = 7;
const POW: u8 = 8;
const POSTFIX: u8 = 9;
const PRIMARY: u8 = 10;

fn binding(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::If { .. } => IF,
        // A `where` condition runs to the end, like an `else`.
        ExprKind::Aggregate(a) if a.cond.is_some() => IF,
        // So does the size of `subsets of Z of size a to b`.
        ExprKind::Aggregate(a) if matches!(&a.domain, AggDomain::Subsets(Subsets { size: Some(_), .. })) => IF,
        // issue 43: and the last number of `k in 1 to n`.
        ExprKind::Aggregate(a) if matches!(&a.domain, AggDomain::Range(..)) => IF,
        ExprKind::Binary { op, .. } => binary_binding(*op),
        ExprKind::Unary { op: UnOp::Not, .. } => NOT,
        ExprKind::Unary { op: UnOp::Neg, .. } => NEG,
        ExprKind::Field { .. } | ExprKind::IsEmpty { .. } | ExprKind::IsNone { .. } | ExprKind::IsFaceUp { .. } => {
            POSTFIX
        }
        _ => PRIMARY,
    }
}

fn binary_binding(op: BinOp) -> u8 {
    match op {
        BinOp::Or => OR,
        BinOp::And => AND,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::In => COMPARE,
        BinOp::Add | BinOp::Sub => ADD,
        BinOp::Mul | BinOp::Div | BinOp::Mod => MUL,
        BinOp::Pow => POW,
    }
}

/// A whole expression, where nothing follows that could continue it (a statement's or a
/// declaration's value, an argument, a `{hole}`).
pub(crate) fn expr(e: &Expr) -> String {
    let mut out = String::new();
    write(&mut out, e, IF);
    out
}

/// The condition or `then` part of an `if ... then ... else`: a nested `if` there gets
/// parentheses, for the reader (the grammar would not need them).
pub(crate) fn branch(e: &Expr) -> String {
    let mut out = String::new();
    write(&mut out, e, OR);
    out
}

/// `e` in a place that needs at least binding `min`, in parentheses if it binds more loosely.
fn write(out: &mut String, e: &Expr, min: u8) {
    if binding(e) < min {
        out.push('(');
        write(out, e, IF);
        out.push(')');
        return;
    }
    match &e.kind {
        ExprKind::Int(n) => out.push_str(&n.to_string()),
        ExprKind::Text(t) => out.push_str(&quoted(t)),
        ExprKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        ExprKind::PositionSeen => out.push_str("position seen before"),
        ExprKind::None => out.push_str("none"),
        ExprKind::Name(n) => out.push_str(n),
        ExprKind::Player(n) => out.push_str(&format!("player {n}")),
        ExprKind::Top(arg) => of_word(out, "top", arg),
        ExprKind::Bottom(arg) => of_word(out, "bottom", arg),
        ExprKind::Count(arg) => of_word(out, "count", arg),
        ExprKind::Opponent(arg) => of_word(out, "opponent", arg),
        ExprKind::Of { name, arg } => of_word(out, &name.text, arg),
        ExprKind::SetLit(items) => {
            out.push('{');
            list(out, items);
            out.push('}');
        }
        ExprKind::Call { name, args } => {
            out.push_str(&name.text);
            out.push('(');
            list(out, args);
            out.push(')');
        }
        ExprKind::If { cond, then, otherwise } => {
            out.push_str("if ");
            write(out, cond, OR);
            out.push_str(" then ");
            write(out, then, OR);
            out.push_str(" else ");
            write(out, otherwise, IF);
        }
        ExprKind::Binary { op, lhs, rhs } => {
            // Every operator but `^` groups to the left: a right operand as loose as the
            // operator needs parentheses (`a - (b - c)`), a left one does not; `^` the other way
            // round (`(a ^ b) ^ c`).
            let b = binary_binding(*op);
            let (left, right) = if *op == BinOp::Pow { (b + 1, b) } else { (b, b + 1) };
            // issue 43: an aggregate ending in its domain, followed by the operator, is
            // bracketed for the reader; so then is one on the right, to match.
            let bracket = open_aggregate(lhs);
            operand(out, lhs, left, bracket);
            out.push(' ');
            out.push_str(op.symbol());
            out.push(' ');
            operand(out, rhs, right, bracket && open_aggregate(rhs));
        }
        ExprKind::Unary { op: UnOp::Not, operand } => {
            out.push_str("not ");
            write(out, operand, NOT);
        }
        ExprKind::Unary { op: UnOp::Neg, operand } => {
            out.push('-');
            write(out, operand, NEG);
        }
        ExprKind::Field { target, name } => {
            // `(top of pack).suit`: the grammar reads `top of pack.suit` the same way, but a
            // reader would not.
            let of_form = matches!(
                target.kind,
                ExprKind::Top(_)
                    | ExprKind::Bottom(_)
                    | ExprKind::Count(_)
                    | ExprKind::Opponent(_)
                    | ExprKind::Of { .. }
                    | ExprKind::Deadwood { .. }
                    | ExprKind::Strength { .. }
                    | ExprKind::Arrangements(_)
                    | ExprKind::AllArrangements(_)
                    | ExprKind::Across(_)
                    | ExprKind::CardAt { .. }
            );
            write(out, target, if of_form { PRIMARY + 1 } else { POSTFIX });
            out.push('.');
            out.push_str(&name.text);
        }
        ExprKind::IsEmpty { target, negated } => {
            write(out, target, POSTFIX);
            out.push_str(if *negated { " is not empty" } else { " is empty" });
        }
        ExprKind::IsNone { target, negated } => {
            write(out, target, POSTFIX);
            out.push_str(if *negated { " is not none" } else { " is none" });
        }
        ExprKind::IsFaceUp { target, up } => {
            write(out, target, POSTFIX);
            out.push_str(if *up { " is face up" } else { " is face down" });
        }
        ExprKind::Every(name) => {
            out.push_str("every ");
            out.push_str(&name.text);
        }
        ExprKind::Deadwood { zone, without } => {
            of_word(out, "deadwood", zone);
            if let Some(c) = without {
                out.push_str(" without ");
                write(out, c, PRIMARY);
            }
        }
        ExprKind::Arrangements(zone) => of_word(out, "arrangements", zone),
        ExprKind::AllArrangements(zone) => of_word(out, "all arrangements", zone),
        ExprKind::Strength { zone, hands } => {
            of_word(out, "strength", zone);
            out.push_str(" by ");
            out.push_str(&hands.text);
        }
        ExprKind::Aggregate(a) => aggregate(out, a),
        ExprKind::PlayerAt(k) => {
            out.push_str("player (");
            write(out, k, IF);
            out.push(')');
        }
        ExprKind::CardAt { index, zone } => {
            out.push_str("card ");
            out.push_str(&count_arg(index));
            out.push_str(" of ");
            write(out, zone, PRIMARY);
        }
        ExprKind::Across(p) => {
            out.push_str("across from ");
            write(out, p, PRIMARY);
        }
        ExprKind::KeyedOf { name, key, owner } => {
            out.push_str(&name.text);
            out.push(' ');
            out.push_str(&count_arg(key));
            out.push_str(" of ");
            write(out, owner, PRIMARY);
        }
        ExprKind::EveryOf { name, owner } => {
            out.push_str("every ");
            of_word(out, &name.text, owner);
        }
    }
}

/// Whether `e` is an aggregate that ends in its domain (`max of V for c in s`, no `where`), so
/// that an operator after it would read as part of the domain (`... for c in s - min of ...`),
/// though the grammar takes the domain as one primary (issue 43).
fn open_aggregate(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Aggregate(a) if a.cond.is_none()) && binding(e) == PRIMARY
}

/// An operand of a binary operator, bracketed when `bracket` says the reader needs it
/// (`(max of f(c) for c in s) - (min of f(c) for c in s)`), else as its place needs.
fn operand(out: &mut String, e: &Expr, min: u8, bracket: bool) {
    if bracket {
        out.push('(');
        write(out, e, IF);
        out.push(')');
    } else {
        write(out, e, min);
    }
}

/// `any c in Z where C`, `count of c in Z where C`, `sum of V for c in Z where C`.
fn aggregate(out: &mut String, a: &Aggregate) {
    out.push_str(a.kind.opening());
    if let Some(v) = &a.value {
        out.push(' ');
        // An aggregate or an `if` inside an aggregate's value is bracketed for the reader: the
        // `for` and `where` that follow would otherwise seem to be the inner one's.
        if matches!(v.kind, ExprKind::Aggregate(_) | ExprKind::If { .. }) {
            out.push('(');
            write(out, v, IF);
            out.push(')');
        } else {
            write(out, v, IF);
        }
        out.push_str(" for");
    }
    out.push(' ');
    if matches!(a.domain, AggDomain::Before(_)) {
        out.truncate(out.len() - "next ".len());
        out.push_str("previous ");
    }
    // issue 43: `the player q where C` (of kind `card`).
    if matches!(a.domain, AggDomain::ThePlayer) {
        out.truncate(out.len() - "card ".len());
        out.push_str("the player ");
    }
    if matches!(a.domain, AggDomain::Zones(_)) {
        out.push_str("zone ");
    }
    out.push_str(&a.var.text);
    match &a.domain {
        AggDomain::Players => out.push_str(" in players"),
        // issue 43: zones read as one, `hole of p + board`.
        AggDomain::Expr(d) if matches!(d.kind, ExprKind::Binary { .. }) => {
            out.push_str(" in ");
            joined_domain(out, d, a.cond.is_some());
        }
        AggDomain::Expr(d) => {
            out.push_str(" in ");
            write(out, d, PRIMARY);
        }
        AggDomain::After(p) => {
            out.push_str(" after ");
            write(out, p, PRIMARY);
        }
        AggDomain::Subsets(s) => {
            out.push_str(" in subsets");
            subsets(out, s);
        }
        AggDomain::Range(lo, hi) => {
            out.push_str(" in ");
            range(out, lo, hi, a.cond.is_some());
        }
        AggDomain::Zones(d) => {
            out.push_str(" in ");
            write(out, d, PRIMARY);
        }
        AggDomain::Before(p) => {
            out.push_str(" before ");
            write(out, p, PRIMARY);
        }
        AggDomain::ThePlayer => {}
    }
    if let Some(c) = &a.cond {
        out.push_str(" where ");
        write(out, c, IF);
    }
}

/// `1 to n` (issue 43): the first number bare when it is a number (or a name, before a `where`),
/// else in parentheses (which the parser reads as a range only before a `where`, as it reads
/// a name); the last as loose as it may be before a `where`.
pub(crate) fn range(out: &mut String, lo: &Expr, hi: &Expr, cond: bool) {
    let bare = match &lo.kind {
        ExprKind::Int(_) => true,
        ExprKind::Name(_) => cond,
        _ => false,
    };
    if bare {
        write(out, lo, PRIMARY);
    } else {
        out.push('(');
        write(out, lo, IF);
        out.push(')');
    }
    out.push_str(" to ");
    write(out, hi, OR);
}

/// ` of Z of size a to b`: what follows `subsets` (in an aggregate) or `subset s` (in a loop).
pub(crate) fn subsets(out: &mut String, s: &Subsets) {
    out.push_str(" of ");
    write(out, &s.zone, PRIMARY);
    if let Some((lo, hi)) = &s.size {
        out.push_str(" of size ");
        write(out, lo, ADD);
        if let Some(hi) = hi {
            out.push_str(" to ");
            write(out, hi, ADD);
        }
    }
}

/// `word of arg`: the grammar takes a primary after `of` (`high of (a + b)`).
fn of_word(out: &mut String, word: &str, arg: &Expr) {
    out.push_str(word);
    out.push_str(" of ");
    write(out, arg, PRIMARY);
}

fn list(out: &mut String, items: &[Expr]) {
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(out, e, IF);
    }
}

/// The count of `move top N of ...`: a number, a name, or an expression in parentheses.
pub(crate) fn count_arg(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Name(_) => expr(e),
        _ => format!("({})", expr(e)),
    }
}

/// The card of `move CARD to ...`: in parentheses when it starts with `top` or `bottom`, which
/// `move` would otherwise read as `move top of ...`.
pub(crate) fn moved_card(e: &Expr) -> String {
    let text = expr(e);
    if text.starts_with("top ") || text.starts_with("bottom ") {
        format!("({text})")
    } else {
        text
    }
}

/// A quoted text, with `"`, `\`, line breaks and tabs escaped.
pub(crate) fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    escape(&mut out, text, false);
    out.push('"');
    out
}

/// A template: quoted text with `{expr}` holes (a `{` of the text is escaped).
pub(crate) fn template(parts: &[TemplatePart]) -> String {
    let mut out = String::from("\"");
    for part in parts {
        match part {
            TemplatePart::Text(t) => escape(&mut out, t, true),
            TemplatePart::Hole(e) => {
                out.push('{');
                out.push_str(&expr(e));
                out.push('}');
            }
        }
    }
    out.push('"');
    out
}

/// The inverse of the parser's `unescape`.
fn escape(out: &mut String, text: &str, in_template: bool) {
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '{' if in_template => out.push_str("\\{"),
            c => out.push(c),
        }
    }
}

/// A written type.
pub(crate) fn type_expr(t: &TypeExpr) -> String {
    match &t.kind {
        TypeExprKind::Bool => "bool".to_string(),
        TypeExprKind::Int => "int".to_string(),
        TypeExprKind::Card => "card".to_string(),
        TypeExprKind::Player => "player".to_string(),
        TypeExprKind::Zone => "zone".to_string(),
        TypeExprKind::Cards => "cards".to_string(),
        TypeExprKind::Named(n) => n.text.clone(),
        TypeExprKind::SetOf(n) => format!("set of {}", n.text),
    }
}

/// `(a: card, b: card)`.
pub(crate) fn params(params: &[Param]) -> String {
    let list: Vec<String> = params.iter().map(|p| format!("{}: {}", p.name.text, type_expr(&p.ty))).collect();
    format!("({})", list.join(", "))
}

/// A facing after a statement: ` face up` or ` face down`.
pub(crate) fn facing(f: Option<Facing>) -> &'static str {
    match f {
        Some(Facing::Up) => " face up",
        Some(Facing::Down) => " face down",
        None => "",
    }
}

/// issue 43: zones read as one after `in` (`any c in hole of p + board where ...`): written
/// bare only before a `where` and when each part is a primary, as the grammar reads them there;
/// otherwise in parentheses (`count of c in (hole of p + board)` reads the `+` as the count's).
pub(crate) fn joined_domain(out: &mut String, d: &Expr, before_where: bool) {
    fn parts_are_primaries(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Binary { op: BinOp::Add, lhs, rhs } => {
                binding(rhs) == PRIMARY && (binding(lhs) == PRIMARY || parts_are_primaries(lhs))
            }
            _ => false,
        }
    }
    let bare = before_where && parts_are_primaries(d);
    write(out, d, if bare { ADD } else { PRIMARY });
}
