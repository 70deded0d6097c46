//! The reference's plain reading of a `chooses one of` menu (issue 43): every candidate of every
//! branch, in the order docs/language.md gives (branch by branch, each name's domain in order,
//! sets smaller first and then nearer the top), each shown by its label as a reader who sees
//! every card would see it. Identical cards are offered once as the language says: two cards
//! are identical when their names and every property agree; sets (and choices of several
//! cards) that hold the same identical cards, the same way up, are one candidate, the first
//! listed; a single card of a zone that is not one of a row is left out when an identical card
//! the same way up lies above it in that zone.
//!
//! Written from the language's description, not from the engine's listing (choices/menu.rs,
//! choices/sets.rs): it walks every binding with plain loops, keeps what passed in a list, and
//! compares whole candidates.

use super::{show, subsets, Reference};
use crate::check::ir::*;

/// A card's kind: its name, its properties, and whether it faces up.
type Kind = (String, Vec<Value>, bool);

impl Reference<'_> {
    /// The labels of a menu's candidates, in order (up to `most`, then the listing stops), for a
    /// menu whose bound names are locals of the frame the reference reads.
    pub fn menu_labels(&mut self, branches: &[MenuBranch], most: usize) -> Vec<String> {
        self.menu_labels_for(None, branches, most)
    }

    /// The labels of `chooser`'s menu: as [`Reference::menu_labels`], except that identical
    /// cards the chooser cannot see (by the rules of "Who sees what" in docs/language.md) are
    /// never one candidate: a shorter menu would tell them the cards are alike.
    pub fn menu_labels_for(&mut self, chooser: Option<u8>, branches: &[MenuBranch], most: usize) -> Vec<String> {
        self.chooser = chooser;
        let mut out = Vec::new();
        for b in branches {
            if b.guard.as_ref().is_some_and(|g| !self.eval(g).is_true()) {
                continue;
            }
            let mut kinds_seen: Vec<Vec<Kind>> = Vec::new();
            self.bind_all(b, 0, &mut kinds_seen, &mut out, most);
            if out.len() >= most {
                break;
            }
        }
        out
    }

    /// Binds name `level` of branch `b` to each of its candidates that meets its condition, then
    /// the next names; each complete candidate's label goes to `out`.
    fn bind_all(
        &mut self,
        b: &MenuBranch,
        level: usize,
        seen: &mut Vec<Vec<Kind>>,
        out: &mut Vec<String>,
        most: usize,
    ) {
        if out.len() >= most {
            return;
        }
        let Some(bind) = b.binds.get(level) else {
            if let Some(kinds) = self.several_kinds(b) {
                if seen.contains(&kinds) {
                    return;
                }
                seen.push(kinds);
            }
            out.push(self.label(&b.label));
            return;
        };
        let several = matches!(b.binds.get(level + 1).map(|n| &n.from), Some(Domain::Above(..)));
        for v in self.values(&bind.from, several) {
            let slot = bind.slot as usize;
            if self.table.locals.len() <= slot {
                self.table.locals.resize(slot + 1, Value::None);
            }
            self.table.locals[slot] = v;
            if bind.filter.as_ref().is_none_or(|f| self.eval(f).is_true()) {
                self.bind_all(b, level + 1, seen, out, most);
            }
        }
    }

    /// A name's candidates, in order. `several`: the name starts a choice of several cards
    /// (the names after it bind cards above it), whose identical cards are told apart whole.
    fn values(&self, d: &Domain, several: bool) -> Vec<Value> {
        match d {
            Domain::Zone(z) => {
                let zones: Vec<u16> = match self.eval(z) {
                    Value::Zone(z) => vec![z],
                    Value::Zones(first, n) => (first..first + n).collect(),
                    Value::Joined(zones, _) => self.joined_zones(zones),
                    _ => Vec::new(),
                };
                let mut out = Vec::new();
                for z in zones {
                    let cards = self.table.zones.get(z as usize).cloned().unwrap_or_default();
                    for (i, &c) in cards.iter().enumerate() {
                        let twin_above = !several
                            && !self.in_row(z)
                            && self.chooser_sees(z, i)
                            && (i + 1..cards.len())
                                .any(|k| cards[k] != c && self.same_kind(c, cards[k]) && self.chooser_sees(z, k));
                        if !twin_above {
                            out.push(Value::Card(c));
                        }
                    }
                }
                out
            }
            Domain::Above(z, below) => match (self.eval(z), self.eval(below)) {
                (Value::Zone(z), Value::Card(c)) => {
                    let cards = self.table.zones.get(z as usize).cloned().unwrap_or_default();
                    match cards.iter().position(|&d| d == c) {
                        Some(i) => cards[i + 1..].iter().map(|&d| Value::Card(d)).collect(),
                        None => Vec::new(),
                    }
                }
                _ => Vec::new(),
            },
            Domain::Card(e) => match self.eval(e) {
                v @ Value::Card(_) => vec![v],
                _ => Vec::new(),
            },
            Domain::Members(set, e) => match self.eval(set) {
                Value::Set(m) => {
                    let n = self.program.enums[*e as usize].members.len().min(64);
                    (0..n).filter(|i| m >> i & 1 == 1).map(|i| Value::Sym(i as u16)).collect()
                }
                _ => Vec::new(),
            },
            Domain::Range(lo, hi) => match (self.eval(lo).as_int(), self.eval(hi).as_int()) {
                (Some(lo), Some(hi)) => {
                    (lo..=hi.min(lo.saturating_add(crate::engine::MAX_RANGE - 1))).map(Value::Int).collect()
                }
                _ => Vec::new(),
            },
            // The meld search's arrangements are the engine's own answer: not read here.
            Domain::Arrangements(_) | Domain::AllArrangements(_) => Vec::new(),
            Domain::Subsets(z, lo, hi) => {
                let v = self.eval(z);
                let (Some((list, avail)), Some(lo), Some(hi)) =
                    (self.set_of(v), self.eval(lo).as_int(), self.eval(hi).as_int())
                else {
                    return Vec::new();
                };
                let mut kept: Vec<(u64, Vec<Kind>)> = Vec::new();
                for m in subsets(&list, avail, lo, hi) {
                    let kinds = self.kinds((0..list.len()).filter(|i| m >> i & 1 == 1).map(|i| list[i]));
                    if !kept.iter().any(|(_, k)| *k == kinds) {
                        kept.push((m, kinds));
                    }
                }
                kept.into_iter()
                    .map(|(m, _)| match v {
                        Value::Listed(at, _) => Value::Listed(at, m),
                        Value::Zone(z) | Value::Cards(z, _) => Value::Cards(z, m),
                        Value::Joined(zones, _) => Value::Joined(zones, m),
                        other => other,
                    })
                    .collect()
            }
        }
    }

    /// Whether zone `z` is one of a row (`per 1 to 7`, `per suit`).
    fn in_row(&self, z: u16) -> bool {
        let decl = self.program.zones[z as usize].decl as usize;
        !matches!(self.program.zone_decls[decl].key, ZoneKey::Shared | ZoneKey::Player)
    }

    /// A card's kind: its name, its properties, and whether it faces up; a card the chooser
    /// cannot see is a kind of its own (its number stands in for its name).
    fn kind(&self, c: u16) -> Kind {
        let props = self.program.properties.len();
        let row = self.program.card_props[c as usize * props..(c as usize + 1) * props].to_vec();
        let seen = self.where_is(c).is_none_or(|(z, i)| self.chooser_sees(z, i));
        let name = if seen { self.program.cards[c as usize].name.clone() } else { format!("#{c} unseen") };
        (name, row, self.table.face_up[c as usize])
    }

    /// Where a card lies: its zone and its place from the bottom.
    fn where_is(&self, c: u16) -> Option<(u16, usize)> {
        self.table
            .zones
            .iter()
            .enumerate()
            .find_map(|(z, cards)| cards.iter().position(|&d| d == c).map(|i| (z as u16, i)))
    }

    /// Whether the chooser of the menu being read sees the card at place `i` of zone `z`: in a
    /// public zone always; in a private one if they own it; in a zone seen by others if they do
    /// not own it and are at the table (a shared one by everyone); otherwise if it faces up and
    /// the zone is spread or it is the top card. Chance (no chooser) sees every card; a number
    /// that is no seat's sees what every seat sees.
    fn chooser_sees(&self, z: u16, i: usize) -> bool {
        let Some(p) = self.chooser else { return true };
        let info = &self.program.zones[z as usize];
        let cards = &self.table.zones[z as usize];
        match info.visibility {
            Visibility::Public => true,
            Visibility::Private => info.owner == Some(p),
            Visibility::Others => info.owner.is_none_or(|o| o != p && p < self.program.players),
            Visibility::ByFacing => {
                cards.get(i).is_some_and(|&c| self.table.face_up[c as usize]) && (info.spread || i + 1 == cards.len())
            }
        }
    }

    /// Whether two cards are identical and lie the same way up.
    fn same_kind(&self, a: u16, b: u16) -> bool {
        self.kind(a) == self.kind(b)
    }

    /// The kinds of some cards, sorted: what two sets share when they are one candidate.
    fn kinds(&self, cards: impl Iterator<Item = u16>) -> Vec<Kind> {
        let mut k: Vec<Kind> = cards.map(|c| self.kind(c)).collect();
        k.sort_by(|a, b| (&a.0, a.2, format!("{:?}", a.1)).cmp(&(&b.0, b.2, format!("{:?}", b.1))));
        k
    }

    /// For a choice of several cards (a branch of two names or more, each a card of a zone), the
    /// kinds of the cards bound; `None` for any other branch.
    fn several_kinds(&self, b: &MenuBranch) -> Option<Vec<Kind>> {
        let several =
            b.binds.len() > 1 && b.binds.iter().all(|n| matches!(n.from, Domain::Zone(_) | Domain::Above(..)));
        if !several {
            return None;
        }
        let cards = b.binds.iter().filter_map(|n| match self.local(n.slot as usize) {
            Value::Card(c) => Some(c),
            _ => None,
        });
        Some(self.kinds(cards))
    }

    /// A label as a reader who sees every card reads it: a set as its cards from the bottom,
    /// joined by ` + ` ("no card" when empty).
    fn label(&self, parts: &[TextPart]) -> String {
        let mut out = String::new();
        for p in parts {
            match p {
                TextPart::Text(t) => out.push_str(t),
                TextPart::Value(e, Type::Cards) => {
                    let v = self.eval(e);
                    let names: Vec<String> = match self.cards_of(v, false) {
                        Some(top_first) => {
                            top_first.iter().rev().map(|&c| show(self.program, Value::Card(c), Type::Card)).collect()
                        }
                        None => Vec::new(),
                    };
                    out.push_str(&if names.is_empty() { "no card".to_string() } else { names.join(" + ") });
                }
                TextPart::Value(e, ty) => out.push_str(&show(self.program, self.eval(e), *ty)),
            }
        }
        out
    }
}
