//! Checks `hands` declarations (named patterns of cards, ranked by an order) and the
//! expressions that read them: `category of Z` and `strength of Z by category`.

use super::error::{suggest, CheckError};
use super::exprs::Scope;
use super::ir::*;
use super::{Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, Item};

/// A strength stays below this, so that it fits a number with room to spare.
const STRENGTH_LIMIT: i128 = 1 << 62;

/// The most positions a strength holds after its pattern: enough for a hand of eight cards,
/// and small enough that a million strengths add up without overflow.
const MAX_KEYS: u32 = 8;

impl Checker {
    /// The enum of each `hands` declaration: its pattern names, the best first (a name written
    /// twice is one member).
    pub(super) fn collect_hand_enums(&mut self, items: &[Item]) {
        for item in items {
            let Item::Hands(h) = item else { continue };
            if self.enum_names.get(&h.name.text).map(|x| x.1) != Some(h.name.span) {
                continue;
            }
            let mut members: Vec<String> = Vec::new();
            let mut display = Vec::new();
            for p in &h.patterns {
                match members.iter().position(|m| *m == p.name.text) {
                    // A second way to make a pattern may leave out its display text.
                    Some(i) => {
                        if let Some(d) = &p.display {
                            display[i] = d.clone();
                        }
                    }
                    None => {
                        members.push(p.name.text.clone());
                        display.push(p.display.clone().unwrap_or_else(|| p.name.text.clone()));
                    }
                }
            }
            if members.len() > 64 {
                self.errors.push(CheckError::invalid(
                    Mistake::OverLimit,
                    h.name.span,
                    "`hands` has at most 64 patterns",
                    "too many",
                    None,
                ));
            }
            if let Some(entry) = self.enum_names.get_mut(&h.name.text) {
                entry.0 = self.enums.len() as u16;
            }
            self.enums.push(EnumInfo { name: h.name.text.clone(), members, display });
        }
    }

    /// Each `hands` declaration's patterns, with their properties and orders resolved.
    pub(super) fn collect_hands(&mut self, items: &[Item]) {
        for item in items {
            let Item::Hands(h) = item else { continue };
            if !matches!(self.globals.get(&h.name.text), Some((Global::Hands(_), span)) if *span == h.name.span) {
                continue;
            }
            let Some(&(category, _)) = self.enum_names.get(&h.name.text) else { continue };
            if category == u16::MAX {
                continue;
            }
            let order = match self.globals.get(&h.order.text).map(|g| g.0) {
                Some(Global::Order(o)) => Some(o),
                _ => {
                    let names = self.names_where(|g| matches!(g, Global::Order(_)));
                    self.errors.push(CheckError::UnknownName {
                        what: "order",
                        name: h.order.text.clone(),
                        span: h.order.span.into(),
                        help: suggest(&h.order.text, names.iter().copied())
                            .or_else(|| Some("`by` takes a rank order: `order high: rank 2 < 3 < ... < A`".into())),
                    });
                    // The patterns are still checked.
                    None
                }
            };
            if h.patterns.is_empty() {
                self.errors.push(CheckError::invalid(
                    Mistake::NoPatterns,
                    h.name.span,
                    format!("`hands {}` has no pattern", h.name.text),
                    "empty",
                    Some("list the patterns, the best first: `flush: 5 cards, same suit`".into()),
                ));
            }
            let members = self.enums[category as usize].members.clone();
            let mut patterns = Vec::new();
            for p in &h.patterns {
                let member = members.iter().position(|m| *m == p.name.text).unwrap_or(0) as u16;
                let mut parts = Vec::new();
                let mut total = 0;
                for part in &p.parts {
                    if !(1..=64).contains(&part.count) {
                        self.errors.push(CheckError::invalid(
                            Mistake::GroupSize,
                            part.span,
                            "a group of a pattern has 1 to 64 cards",
                            "how many cards?",
                            None,
                        ));
                        continue;
                    }
                    total += part.count;
                    let mut checked = HandPart {
                        count: part.count as u8,
                        same: Vec::new(),
                        different: Vec::new(),
                        consecutive: Vec::new(),
                    };
                    for r in &part.rules {
                        match self.meld_rule(r) {
                            Some((prop, MeldRule::Same)) => checked.same.push(prop),
                            Some((prop, MeldRule::Different)) => checked.different.push(prop),
                            Some((_, MeldRule::Consecutive { order, .. })) => checked.consecutive.push(order),
                            None => {}
                        }
                    }
                    parts.push(checked);
                }
                if total > 64 {
                    self.errors.push(CheckError::invalid(
                        Mistake::OverLimit,
                        p.name.span,
                        format!("pattern `{}` takes more than 64 cards", p.name.text),
                        "too many cards",
                        None,
                    ));
                }
                patterns.push(HandPattern { member, parts });
            }
            let Some(order) = order else { continue };
            // Each position is written in base `b` (every position of the order, plus one for
            // "no card"), after the pattern's rank.
            let b = self.orders[order as usize].rank_of.iter().flatten().copied().max().unwrap_or(0) as i128 + 2;
            let mut keys = 0;
            let mut room = (members.len() as i128 + 1) * b;
            while room < STRENGTH_LIMIT && keys < MAX_KEYS {
                keys += 1;
                room *= b;
            }
            let index = self.hands.len() as u16;
            self.hands.push(HandsInfo { name: h.name.text.clone(), category, order, patterns, keys, base: b as i64 });
            if let Some(g) = self.globals.get_mut(&h.name.text) {
                g.0 = Global::Hands(index);
            }
        }
    }

    /// The `hands` declaration a name gives, if it is one.
    pub(crate) fn hands_named(&self, name: &str) -> Option<u16> {
        match self.globals.get(name) {
            Some((Global::Hands(h), _)) if *h != u16::MAX => Some(*h),
            _ => None,
        }
    }

    /// `category of Z`: the best pattern the cards make, a member of the declaration's enum.
    pub(crate) fn check_hand_of(&mut self, h: u16, arg: &ast::Expr, scope: &mut Scope) -> (Expr, Type) {
        let zone = self.cards_expr(arg, scope);
        let category = self.hands[h as usize].category;
        (Expr::Hand(h, Box::new(zone), false), Type::Enum(category))
    }

    /// `strength of Z by category`: a number, larger for a better pattern and then better cards.
    pub(crate) fn check_strength(&mut self, zone: &ast::Expr, hands: &ast::Name, scope: &mut Scope) -> (Expr, Type) {
        let z = self.cards_expr(zone, scope);
        match self.hands_named(&hands.text) {
            Some(h) => (Expr::Hand(h, Box::new(z), true), Type::Int),
            None => {
                let names = self.names_where(|g| matches!(g, Global::Hands(_)));
                self.errors.push(CheckError::UnknownName {
                    what: "hands declaration",
                    name: hands.text.clone(),
                    span: hands.span.into(),
                    help: suggest(&hands.text, names.iter().copied()).or_else(|| {
                        Some("declare the patterns: `hands category by high { flush: 5 cards, same suit ... }`".into())
                    }),
                });
                (Expr::Const(Value::None), Type::Int)
            }
        }
    }
}
