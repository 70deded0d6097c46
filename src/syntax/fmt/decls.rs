//! Declarations and variants.
//!
//! Layout rules: an enum's members, an order's members and a zone's attributes stay on the
//! declaration's line, going on to lines indented by 4 when they would pass the width (or when a
//! comment stands between them). A function's body stays on its line when it fits and holds no
//! comment; otherwise it goes on the next line, indented, and an `if ... then ... else` body
//! that still does not fit (or holds comments) is written one `else` per line. The properties
//! of an `every` group come one per line in a block; a named card's come on the card's line
//! (`"Name" { a: 1, b: 2 }`) when they fit and hold no comment, else one per line.

use super::super::ast::*;
use super::exprs::{self, expr, quoted, type_expr};
use super::{Gap, Printer, WIDTH};

impl Printer<'_> {
    /// One declaration, its first line started at `level`.
    pub(super) fn item(&mut self, item: &Item, level: usize) {
        match item {
            Item::Game { title, .. } => self.write(&format!("game {}", quoted(title))),
            Item::Teams { teams, .. } => {
                let teams: Vec<String> = teams
                    .iter()
                    .map(|t| {
                        let seats: Vec<String> = t.iter().map(|(n, _)| format!("player {n}")).collect();
                        format!("{{{}}}", seats.join(", "))
                    })
                    .collect();
                self.write(&format!("teams {}", teams.join(", ")))
            }
            Item::Players { count, most: None, .. } => self.write(&format!("players {count}")),
            Item::Players { count, most: Some(most), .. } => self.write(&format!("players {count} to {most}")),
            Item::Option(d) => self.option(d),
            Item::Enum(d) => {
                self.write(&format!("enum {} =", d.name.text));
                let last = d.members.len().saturating_sub(1);
                let parts: Vec<(usize, String)> = d
                    .members
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let mut text = m.name.text.clone();
                        if let Some(display) = &m.display {
                            text.push(' ');
                            text.push_str(&quoted(display));
                        }
                        if i < last {
                            text.push(',');
                        }
                        (m.name.span.start, text)
                    })
                    .collect();
                self.fill(&parts, level);
            }
            Item::Property(d) => {
                self.write(&format!("property {}: {}", d.name.text, type_expr(&d.ty)));
                if let Some(e) = &d.default {
                    self.write(&format!(" = {}", expr(e)));
                }
            }
            Item::Cards(d) => self.cards(d, level),
            Item::Order(d) => {
                self.write(&format!("order {}: {}", d.name.text, d.property.text));
                let parts: Vec<(usize, String)> = d
                    .members
                    .iter()
                    .enumerate()
                    .map(|(i, m)| (m.span.start, if i == 0 { m.text.clone() } else { format!("< {}", m.text) }))
                    .collect();
                self.fill(&parts, level);
            }
            Item::Zone(d) => {
                self.write(&format!("zone {}:", d.name.text));
                let last = d.attrs.len().saturating_sub(1);
                let parts: Vec<(usize, String)> = d
                    .attrs
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (a.span.start, format!("{}{}", zone_attr(&a.kind), if i < last { "," } else { "" })))
                    .collect();
                self.fill(&parts, level);
            }
            Item::Counter(d) => {
                let kind = if d.reported { "counter" } else { "variable" };
                let per = match d.per {
                    Per::Game => "",
                    Per::Player => " per player",
                    Per::Card => " per card",
                    Per::Team => " per team",
                };
                let ty = d.ty.as_ref().map(|t| format!(": {}", type_expr(t))).unwrap_or_default();
                self.write(&format!("{kind} {}{per}{ty} = {}", d.name.text, expr(&d.init)));
            }
            Item::Function(d) => self.function(d, level),
            Item::Procedure(d) => {
                self.write(&format!("procedure {}", d.name.text));
                if !d.params.is_empty() {
                    self.write(&exprs::params(&d.params));
                }
                self.write(" {");
                self.block(&d.body, level);
            }
            Item::Variant(d) => self.variant(d, level),
            Item::Length { counter, .. } => self.write(&format!("length {}", counter.text)),
            Item::Progress(d) => self.write_wrapped(&format!("progress {} = {}", d.var.text, expr(&d.value)), level),
            Item::Melds(d) => self.melds(d, level),
            Item::Hands(d) => self.hands(d, level),
            Item::View(d) => self.view(d, level),
        }
    }

    /// `melds name {`, then one line per pattern, wild rule and deadwood rule, in source order.
    fn hands(&mut self, d: &HandsDecl, level: usize) {
        self.write(&format!("hands {} by {} {{", d.name.text, d.order.text));
        for (i, p) in d.patterns.iter().enumerate() {
            self.start_line(p.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
            let display = p.display.as_deref().map(|s| format!(" {}", exprs::quoted(s))).unwrap_or_default();
            let parts: Vec<String> = p
                .parts
                .iter()
                .map(|part| {
                    let mut words = vec![format!("{} {}", part.count, if part.count == 1 { "card" } else { "cards" })];
                    words.extend(part.rules.iter().map(meld_rule));
                    words.join(", ")
                })
                .collect();
            let body = if parts.is_empty() { "nothing".to_string() } else { parts.join(" + ") };
            self.write(&format!("{}{display}: {body}", p.name.text));
        }
        self.close(self.closing_brace(d.span.end), level, d.patterns.is_empty());
    }

    fn melds(&mut self, d: &MeldsDecl, level: usize) {
        self.write(&format!("melds {} {{", d.name.text));
        let mut lines: Vec<(usize, String)> = Vec::new();
        for p in &d.patterns {
            let mut parts: Vec<String> = p.rules.iter().map(meld_rule).collect();
            parts.push(match (p.size.max, p.size.exact) {
                (None, _) => format!("{} or more cards", p.size.min),
                (Some(_), true) => format!("{} cards", p.size.min),
                (Some(max), false) => format!("{} to {max} cards", p.size.min),
            });
            lines.push((p.span.start, format!("{}: {}", p.name.text, parts.join(", "))));
        }
        for w in &d.wilds {
            let stands = if w.keeps.is_empty() {
                "any card".to_string()
            } else {
                let names: Vec<&str> = w.keeps.iter().map(|n| n.text.as_str()).collect();
                format!("a card of its {}", names.join(" and "))
            };
            let fixed = if w.fixed { ", fixed once laid" } else { "" };
            lines.push((
                w.span.start,
                format!("wild {} where {}: stands for {stands}{fixed}", w.card.text, expr(&w.cond)),
            ));
        }
        for p in &d.points {
            lines.push((p.span.start, format!("deadwood {}: {}", p.card.text, expr(&p.value))));
        }
        lines.sort_by_key(|(start, _)| *start);
        for (i, (start, line)) in lines.iter().enumerate() {
            self.start_line(*start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
            self.write(line);
        }
        self.close(self.closing_brace(d.span.end), level, lines.is_empty());
    }

    fn view(&mut self, d: &ViewDecl, level: usize) {
        self.write("view {");
        for (i, line) in d.lines.iter().enumerate() {
            let mut text = line.name.text.clone();
            if let Some((n, _)) = line.top {
                text.push_str(&format!(" top {n}"));
            }
            match &line.sorted {
                Some(Some(order)) => text.push_str(&format!(" sorted by {}", order.text)),
                Some(None) => text.push_str(" sorted"),
                None => {}
            }
            if line.melds {
                text.push_str(" with melds");
            }
            if let Some(label) = &line.label {
                text.push_str(&format!(" as {}", exprs::quoted(label)));
            }
            if line.nonempty {
                text.push_str(" if not empty");
            }
            self.start_line(line.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
            self.write(&text);
        }
        self.close(self.closing_brace(d.span.end), level, d.lines.is_empty());
    }

    fn option(&mut self, d: &OptionDecl) {
        let value = match &d.value.kind {
            LiteralKind::Int(n) => n.to_string(),
            LiteralKind::Bool(b) => b.to_string(),
            LiteralKind::Member(m) => m.clone(),
            LiteralKind::Text(t) => exprs::quoted(t),
        };
        let mut line = format!("option {}", d.name.text);
        if let Some(t) = &d.ty {
            line.push_str(&format!(": {}", type_expr(t)));
        }
        if let Some(r) = &d.range {
            line.push_str(&format!(" in {} to {}", r.lo, r.hi));
        }
        line.push_str(&format!(" = {value}"));
        for m in &d.meanings {
            line.push_str(&format!(", {} means {}", m.value, quoted(&m.text)));
        }
        self.write(&line);
    }

    fn cards(&mut self, d: &CardsDecl, level: usize) {
        self.write(&format!("cards {} = ", d.name.text));
        match &d.body {
            CardsBody::Every { properties, filter, assigns } => {
                let names: Vec<&str> = properties.iter().map(|n| n.text.as_str()).collect();
                self.write(&format!("every {}", names.join(", ")));
                if let Some(f) = filter {
                    self.write(&format!(" where {}", super::exprs::expr(f)));
                }
                if !assigns.is_empty() {
                    self.write(" {");
                    self.assigns_by_line(assigns, level);
                    self.close(self.closing_brace(d.span.end), level, false);
                }
            }
            CardsBody::List(cards) => {
                self.write("{");
                for (i, card) in cards.iter().enumerate() {
                    self.start_line(card.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
                    self.named_card(card, level + 1);
                }
                self.close(self.closing_brace(d.span.end), level, cards.is_empty());
            }
        }
    }

    /// Property assignments one per line at `level + 1` (the caller closes the block).
    fn assigns_by_line(&mut self, assigns: &[PropAssign], level: usize) {
        for (i, a) in assigns.iter().enumerate() {
            self.start_line(a.name.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
            self.write_wrapped(&format!("{}: {}", a.name.text, expr(&a.value)), level + 1);
        }
    }

    fn named_card(&mut self, card: &NamedCard, level: usize) {
        self.write(&quoted(&card.name));
        if card.assigns.is_empty() {
            self.write(" {}");
            return;
        }
        let inline: Vec<String> = card.assigns.iter().map(|a| format!("{}: {}", a.name.text, expr(&a.value))).collect();
        let inline = format!(" {{ {} }}", inline.join(", "));
        if !self.comment_within(card.span.end) && self.column() + inline.chars().count() <= WIDTH {
            self.write(&inline);
        } else {
            self.write(" {");
            self.assigns_by_line(&card.assigns, level);
            self.close(self.closing_brace(card.span.end), level, false);
        }
    }

    fn function(&mut self, d: &FunctionDecl, level: usize) {
        if let Some(block) = &d.block {
            // A block: each `let` on a line of its own, then the result, then `}`.
            self.write(&format!("function {}{}: {} {{", d.name.text, exprs::params(&d.params), type_expr(&d.ret)));
            if !block.stmts.is_empty() {
                // Statements as in a procedure, then the result.
                self.stmts(&block.stmts, level + 1);
                self.start_line(block.result.span.start, level + 1, Gap::Keep);
                self.write_wrapped(&expr(&block.result), level + 1);
                self.close(self.closing_brace(d.span.end), level, false);
                return;
            }
            for (i, l) in block.lets.iter().enumerate() {
                self.start_line(l.span.start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
                let ty = l.ty.as_ref().map(|t| format!(": {}", type_expr(t))).unwrap_or_default();
                self.write_wrapped(&format!("let {}{ty} = {}", l.name.text, expr(&l.value)), level + 1);
            }
            let gap = if block.lets.is_empty() { Gap::First } else { Gap::Keep };
            self.start_line(block.result.span.start, level + 1, gap);
            self.write_wrapped(&expr(&block.result), level + 1);
            self.close(self.closing_brace(d.span.end), level, false);
            return;
        }
        self.write(&format!("function {}{}: {} =", d.name.text, exprs::params(&d.params), type_expr(&d.ret)));
        let body = expr(&d.body);
        // Comments before the body, or before an `else` of an `if` body (not inside its last
        // part, whose comments go after the body on any layout), ask for lines of their own.
        let mut last = &d.body;
        while let ExprKind::If { otherwise, .. } = &last.kind {
            last = otherwise;
        }
        let before_body = d.body.span.start;
        let before_last = if last.span.start > before_body { last.span.start } else { before_body };
        if self.comment_before(before_last).is_none() && self.column() + 1 + body.chars().count() <= WIDTH {
            self.write(" ");
            self.write(&body);
            return;
        }
        self.start_line(before_body, level + 1, Gap::Never);
        if self.comment_before(before_last).is_some() || self.column() + body.chars().count() > WIDTH {
            self.if_chain(&d.body, level + 1);
        } else {
            self.write(&body);
        }
    }

    /// `if C then T` and then `else ...` on lines of their own at `level`, one per `else if`.
    fn if_chain(&mut self, e: &Expr, level: usize) {
        let mut e = e;
        while let ExprKind::If { cond, then, otherwise } = &e.kind {
            self.write(&format!("if {} then {}", exprs::branch(cond), exprs::branch(then)));
            self.start_line(otherwise.span.start, level, Gap::Never);
            self.write("else ");
            e = otherwise;
        }
        self.write_wrapped(&expr(e), level);
    }

    fn variant(&mut self, d: &VariantDecl, level: usize) {
        self.write(&format!("variant {}", d.name.text));
        if let Some(description) = &d.description {
            self.write(&format!(" {}", quoted(description)));
        }
        if !d.extends.is_empty() {
            let names: Vec<&str> = d.extends.iter().map(|n| n.text.as_str()).collect();
            self.write(&format!(" extends {}", names.join(", ")));
        }
        self.write(" {");
        for (i, vi) in d.items.iter().enumerate() {
            let start = match vi {
                VariantItem::Override { span, .. } => span.start,
                VariantItem::SetOption(o) => o.span.start,
                VariantItem::Add(item) => item.span().start,
            };
            self.start_line(start, level + 1, if i == 0 { Gap::First } else { Gap::Keep });
            match vi {
                VariantItem::Override { item, .. } => {
                    self.write("override ");
                    self.item(item, level + 1);
                }
                VariantItem::SetOption(o) => self.option(o),
                VariantItem::Add(item) => self.item(item, level + 1),
            }
        }
        self.close(self.closing_brace(d.span.end), level, d.items.is_empty());
    }
}

fn zone_attr(kind: &ZoneAttrKind) -> String {
    match kind {
        ZoneAttrKind::PerPlayer => "per player".to_string(),
        ZoneAttrKind::PerRange(lo, hi) => format!("per {lo} to {hi}"),
        ZoneAttrKind::PerEnum(e) => format!("per {}", e.text),
        ZoneAttrKind::Shared => "shared".to_string(),
        ZoneAttrKind::Facing(Facing::Up) => "face up".to_string(),
        ZoneAttrKind::Facing(Facing::Down) => "face down".to_string(),
        ZoneAttrKind::Stack => "stack".to_string(),
        ZoneAttrKind::Spread => "spread".to_string(),
        ZoneAttrKind::Public => "public".to_string(),
        ZoneAttrKind::Private => "private".to_string(),
        ZoneAttrKind::SeenByOthers => "seen by others".to_string(),
        ZoneAttrKind::Holds(groups) => {
            let names: Vec<&str> = groups.iter().map(|n| n.text.as_str()).collect();
            format!("holds {}", names.join(" + "))
        }
    }
}

/// `same rank`, `different suit`, `consecutive aces_low`.
fn meld_rule(r: &MeldRuleDecl) -> String {
    let word = match r.kind {
        MeldRuleKind::Same => "same",
        MeldRuleKind::Different => "different",
        MeldRuleKind::Consecutive => "consecutive",
    };
    format!("{word} {}", r.name.text)
}
