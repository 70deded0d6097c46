//! Checks a `melds` declaration and turns it into the tables the meld search reads.

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::{Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, Item, MeldRuleKind, Span};

/// The most rules a pattern may have (one per property it constrains).
pub const MAX_PATTERN_RULES: usize = 8;

impl Checker {
    /// Collects the game's `melds` declaration (at most one).
    pub(super) fn collect_melds(&mut self, items: &[Item]) {
        let mut first: Option<Span> = None;
        for item in items {
            let Item::Melds(d) = item else { continue };
            if let Some(first) = first {
                // A game has one set of melds: a second declaration is a duplicate of the first.
                self.errors.push(CheckError::duplicate(&d.name.text, d.name.span, first));
                continue;
            }
            first = Some(d.name.span);
            self.melds = Some(self.meld_rules(d));
        }
    }

    /// Reports a use of the meld search in a game that declares no melds.
    pub(crate) fn need_melds(&mut self, span: Span, what: &str) {
        if self.melds.is_none() {
            self.errors.push(CheckError::invalid(
                Mistake::NoMelds,
                span,
                format!("{what} needs the game's melds"),
                "this game declares no melds",
                Some("declare them with `melds name { set: same rank, different suit, 3 to 4 cards ... }`".into()),
            ));
        }
    }

    fn meld_rules(&mut self, d: &ast::MeldsDecl) -> MeldRules {
        let mut rules = MeldRules { name: d.name.text.clone(), ..MeldRules::default() };
        // The properties the patterns constrain, in property order.
        let mut constrained: Vec<u16> = Vec::new();
        // Each pattern with its rules by property index, until the slots are known.
        let mut checked: Vec<(MeldPattern, Vec<(u16, MeldRule)>)> = Vec::new();
        for p in &d.patterns {
            let mut prs = Vec::new();
            for r in &p.rules {
                let Some((property, rule)) = self.meld_rule(r) else { continue };
                if prs.iter().any(|(q, _)| *q == property) {
                    self.errors.push(CheckError::invalid(
                        Mistake::PropertyRuleTwice,
                        r.span,
                        format!(
                            "pattern `{}` has two rules for property `{}`",
                            p.name.text, self.properties[property as usize].name
                        ),
                        "a second rule for the same property",
                        Some("give each property one rule: `same`, `different` or `consecutive`".into()),
                    ));
                    continue;
                }
                if !constrained.contains(&property) {
                    constrained.push(property);
                }
                prs.push((property, rule));
            }
            if prs.len() > MAX_PATTERN_RULES {
                self.errors.push(CheckError::invalid(
                    Mistake::OverLimit,
                    p.name.span,
                    format!("pattern `{}` has more than {MAX_PATTERN_RULES} rules", p.name.text),
                    "too many rules",
                    None,
                ));
                prs.truncate(MAX_PATTERN_RULES);
            }
            let (min, max) = self.meld_size(&p.size);
            if p.rules.is_empty() {
                self.errors.push(CheckError::invalid(
                    Mistake::PatternWithoutRule,
                    p.name.span,
                    format!("pattern `{}` has no rule", p.name.text),
                    "any cards would do",
                    Some("give it rules such as `same rank, different suit` before its size".into()),
                ));
            }
            checked.push((MeldPattern { name: p.name.text.clone(), min, max, rules: Vec::new() }, prs));
        }
        if d.patterns.is_empty() {
            self.errors.push(CheckError::invalid(
                Mistake::NoPatterns,
                d.name.span,
                format!("melds `{}` declare no pattern", d.name.text),
                "no pattern",
                Some("add a line such as `set: same rank, different suit, 3 to 4 cards`".into()),
            ));
        }
        // A wild's kept properties are a bit mask, so patterns constrain at most 64 of them.
        if constrained.len() > 64 {
            self.errors.push(CheckError::invalid(
                Mistake::OverLimit,
                d.name.span,
                "melds compare at most 64 properties",
                "too many properties",
                None,
            ));
            constrained.truncate(64);
        }
        constrained.sort_unstable();
        rules.slots = constrained
            .iter()
            .map(|&p| MeldSlot {
                property: p,
                members: match self.properties[p as usize].ty {
                    Type::Enum(e) => self.enums[e as usize].members.len() as u16,
                    _ => 0,
                },
            })
            .collect();
        let slot_of = |p: u16| constrained.iter().position(|&q| q == p).unwrap_or(0) as u8;
        rules.patterns = checked
            .into_iter()
            .map(|(pattern, prs)| MeldPattern {
                rules: prs.into_iter().map(|(p, r)| (slot_of(p), r)).collect(),
                ..pattern
            })
            .collect();

        // What each card is to the search.
        for extra in d.wilds.iter().skip(1) {
            self.errors.push(CheckError::invalid(
                Mistake::MeldRuleTwice,
                extra.span,
                "melds say once which cards are wild",
                "a second `wild` rule",
                None,
            ));
        }
        for extra in d.points.iter().skip(1) {
            self.errors.push(CheckError::invalid(
                Mistake::MeldRuleTwice,
                extra.span,
                "melds say once what a card counts",
                "a second `deadwood` rule",
                None,
            ));
        }
        rules.fixed_wilds = d.wilds.first().is_some_and(|w| w.fixed);
        let wild = d.wilds.first().map(|w| {
            let keeps = w.keeps.iter().filter_map(|n| self.property_named(n)).fold(0u64, |mask, p| {
                match constrained.iter().position(|&q| q == p) {
                    Some(s) => mask | 1u64.checked_shl(s as u32).unwrap_or(0),
                    None => mask,
                }
            });
            (self.card_rule(&w.card, &w.cond, Type::Bool), keeps)
        });
        let points = d.points.first().map(|p| self.card_rule(&p.card, &p.value, Type::Int));
        let wilds = wild.map(|(rule, keeps)| (self.card_values(&rule), keeps));
        let points = points.map(|rule| self.card_values(&rule));
        for c in 0..self.cards.len() {
            let row = &self.card_props[c * self.properties.len()..(c + 1) * self.properties.len()];
            let values = constrained
                .iter()
                .map(|&p| match row[p as usize] {
                    Value::Sym(m) => Some(m),
                    _ => None,
                })
                .collect();
            let (is_wild, keeps) = match &wilds {
                Some((values, keeps)) => (values.get(c).is_some_and(|v| v.is_true()), *keeps),
                None => (false, 0),
            };
            let points = match &points {
                Some(values) => values.get(c).and_then(|v| v.as_int()).unwrap_or(0),
                None => 1,
            };
            rules.cards.push(MeldCard { values, wild: is_wild, keeps: if is_wild { keeps } else { 0 }, points });
        }
        rules
    }

    /// One rule of a pattern: the property it constrains and what it asks.
    pub(super) fn meld_rule(&mut self, r: &ast::MeldRuleDecl) -> Option<(u16, MeldRule)> {
        match r.kind {
            MeldRuleKind::Same | MeldRuleKind::Different => {
                let p = self.property_named(&r.name)?;
                if !matches!(self.properties[p as usize].ty, Type::Enum(_)) {
                    self.errors.push(CheckError::invalid(
                        Mistake::PropertyNotEnum,
                        r.name.span,
                        format!("property `{}` is not an enum", r.name.text),
                        "melds compare enum members",
                        Some(
                            "patterns compare properties such as rank and suit, whose values are an enum's members"
                                .into(),
                        ),
                    ));
                    return None;
                }
                let rule = if r.kind == MeldRuleKind::Same { MeldRule::Same } else { MeldRule::Different };
                Some((p, rule))
            }
            MeldRuleKind::Consecutive => match self.globals.get(&r.name.text).map(|g| g.0) {
                Some(Global::Order(o)) => {
                    let info = &self.orders[o as usize];
                    Some((info.property, MeldRule::Consecutive { order: o, rank_of: info.rank_of.clone() }))
                }
                _ => {
                    let names = self.names_where(|g| matches!(g, Global::Order(_)));
                    self.errors.push(CheckError::UnknownName {
                        what: "order",
                        name: r.name.text.clone(),
                        span: r.name.span.into(),
                        help: super::error::suggest(&r.name.text, names.iter().copied()).or_else(|| {
                            Some("`consecutive` takes a rank order: `order aces_low: rank A < 2 < ...`".into())
                        }),
                    });
                    None
                }
            },
        }
    }

    /// The fewest and most cards of a pattern.
    fn meld_size(&mut self, size: &ast::MeldSize) -> (u16, u16) {
        let min = size.min.clamp(0, u16::MAX as i64 - 1) as u16;
        let max = size.max.map_or(u16::MAX, |m| m.clamp(0, u16::MAX as i64 - 1) as u16);
        if min == 0 || max < min {
            self.errors.push(CheckError::invalid(
                Mistake::ImpossibleMeldSize,
                size.span,
                "a meld's size must be at least 1, and its most no less than its fewest",
                "impossible size",
                Some("write `3 cards`, `3 to 4 cards` or `3 or more cards`".into()),
            ));
        }
        (min.max(1), max.max(min))
    }

    /// Checks a rule about one card (`wild c where COND`, `deadwood c: EXPR`), the card bound
    /// to local 0.
    fn card_rule(&mut self, card: &ast::Name, e: &ast::Expr, ty: Type) -> (Expr, Span) {
        let mut scope = Scope::default();
        scope.bind(&card.text, Type::Card, false, 1);
        let (x, t) = self.check_expr(e, Some(ty), &mut scope);
        self.expect_type(e.span, ty, t);
        (x, e.span)
    }

    /// The value of a card rule for every card; it must be known before the game starts (a
    /// rule that is not is reported once).
    fn card_values(&mut self, rule: &(Expr, Span)) -> Vec<Value> {
        let mut out = Vec::with_capacity(self.cards.len());
        for c in 0..self.cards.len() {
            let before = self.errors.len();
            out.push(self.const_eval_with(&rule.0, rule.1, &[Value::Card(c as u16)]));
            if self.errors.len() > before {
                break;
            }
        }
        out
    }
}
