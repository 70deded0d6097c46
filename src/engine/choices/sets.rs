//! Issue 43: sets of cards offered beside other moves (`"play {s}" for s from subsets of hand
//! of p of size 1 to n where ...` in a `chooses one of`), and identical cards (a game with two
//! decks) offered once.
//!
//! A set is a [`Value::Cards`] (a mask over a zone's top 64 cards, or over a set's list), listed
//! in the order of `subsets of`: smaller sets first, then sets with cards nearer the top. Two
//! cards are **twins** when they have the same name and the same value of every property (see
//! [`twins`]); two sets that differ only by which twin they hold, lying the same way up, are one
//! candidate, the first listed. A single card of a menu's branch (`c from Z`) is offered once
//! among its twins that lie in the same zone the same way up (the one nearest the top), unless
//! the zone is one of a row (a column of a patience, where a card's place decides what moves
//! with it). A plain `p chooses c from Z` (and a secret choice) still offers every copy: a game
//! that deals each player a deck of their own holds twins in one hand, and offering them once
//! there would change that game's seeded results, a change to make on purpose.

use super::menu::Tuple;
use crate::check::ir::{Domain, Expr, MenuBranch, Program, Value, ZoneKey};
use crate::engine::run::eval::Binds;
use crate::engine::run::subsets::{for_each_subset, picked_top_first, with_mask};
use crate::engine::state::{Pending, State};

/// For a game with identical cards, each card's twin of the lowest number (itself when it has
/// none); `None` when every card differs from every other (most games), which costs nothing.
pub(crate) fn twins(program: &Program) -> Option<Vec<u16>> {
    let n = program.cards.len();
    let props = program.properties.len();
    let row = |c: usize| &program.card_props[c * props..(c + 1) * props];
    let mut out: Vec<u16> = (0..n as u16).collect();
    let mut any = false;
    for c in 0..n {
        if let Some(first) =
            (0..c).find(|&d| out[d] == d as u16 && program.cards[d].name == program.cards[c].name && row(d) == row(c))
        {
            out[c] = first as u16;
            any = true;
        }
    }
    any.then_some(out)
}

impl State {
    /// A card's twin of the lowest number (itself when the game has no twins).
    fn twin(&self, card: u16) -> u16 {
        self.game.twins.as_ref().and_then(|t| t.get(card as usize).copied()).unwrap_or(card)
    }

    /// Whether the card at `i` of zone `z` is left out of a menu's single card because a twin
    /// lying the same way up is above it in the same zone (see the module's doc).
    pub(crate) fn twin_above(&self, z: u16, i: usize) -> bool {
        if self.game.twins.is_none() {
            return false;
        }
        let info = &self.game.program.zones[z as usize];
        let decl = &self.game.program.zone_decls[info.decl as usize];
        if !matches!(decl.key, ZoneKey::Shared | ZoneKey::Player) {
            return false;
        }
        let cards = &self.zones[z as usize];
        let Some(&c) = cards.get(i) else { return false };
        // Twins the chooser cannot see are not one candidate: a shorter menu would tell them
        // that two of the cards they cannot see are alike.
        let chooser = self.menu_chooser();
        let sees = |k: usize| chooser.is_none_or(|p| self.can_see(p, z, k));
        if !sees(i) {
            return false;
        }
        let (kind, up) = (self.twin(c), self.face_up[c as usize]);
        (i + 1..cards.len()).any(|k| {
            let d = cards[k];
            self.twin(d) == kind && self.face_up[d as usize] == up && sees(k)
        })
    }

    /// The player whose menu is being listed, when one player decides; at an open moment, where
    /// each player asked has a menu of their own, no seat (only what every seat sees); `None`
    /// for chance, which sees every card.
    fn menu_chooser(&self) -> Option<u8> {
        match self.pending {
            Pending::One { player } => Some(player),
            Pending::Open { .. } => Some(u8::MAX),
            _ => None,
        }
    }

    /// A card's kind as the chooser of the menu being listed tells cards apart: its twin of the
    /// lowest number and its facing where they see it; where they do not, the card itself, so
    /// that twins they cannot see are never one candidate.
    pub(crate) fn seen_kind(&self, card: u16) -> (u32, bool) {
        let up = self.face_up[card as usize];
        if self.chooser_sees(self.menu_chooser(), card) {
            (u32::from(self.twin(card)), up)
        } else {
            (0x1_0000 | u32::from(card), up)
        }
    }

    /// Whether the chooser of the menu being listed sees `card` where it lies.
    fn chooser_sees(&self, chooser: Option<u8>, card: u16) -> bool {
        chooser.is_none_or(|p| self.find_card(card).is_some_and(|(z, i)| self.can_see(p, z, i)))
    }

    /// The sets a branch name offers: of the cards of `from` (a zone or a set), with `lo` to `hi`
    /// cards, one of each kind when the game has twins; at most `most` of them (the caller's
    /// work limit).
    pub(crate) fn set_candidates(&self, from: &Expr, lo: &Expr, hi: &Expr, binds: &Binds, most: u64) -> Vec<Value> {
        let v = match self.eval_in(from, binds) {
            v @ (Value::Zone(_) | Value::Cards(..) | Value::Listed(..)) => v,
            _ => return Vec::new(),
        };
        let (Some(lo), Some(hi)) = (self.eval_in(lo, binds).as_int(), self.eval_in(hi, binds).as_int()) else {
            return Vec::new();
        };
        let Some((cards, avail)) = self.picked(v) else { return Vec::new() };
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let twins = self.game.twins.is_some() && self.holds_twins(&cards, avail);
        for_each_subset(avail, lo.max(0), hi, |mask| {
            if twins && !seen.insert(self.set_kinds(&cards, mask)) {
                return true;
            }
            out.push(with_mask(v, mask));
            (out.len() as u64) <= most
        });
        out
    }

    /// Whether two of the picked cards are twins.
    fn holds_twins(&self, cards: &[u16], mask: u64) -> bool {
        let mut kinds: Vec<u16> = picked_top_first(cards, mask).map(|c| self.twin(c)).collect();
        kinds.sort_unstable();
        kinds.windows(2).any(|w| w[0] == w[1])
    }

    /// What makes a set the same as another: its cards' kinds and facings, sorted. A card the
    /// chooser cannot see counts as itself, never as its twin (see [`State::twin_above`]).
    fn set_kinds(&self, cards: &[u16], mask: u64) -> Vec<(u32, bool)> {
        let mut kinds: Vec<(u32, bool)> = picked_top_first(cards, mask).map(|c| self.seen_kind(c)).collect();
        kinds.sort_unstable();
        kinds
    }

    /// A set in a menu's label, as `viewer` (everyone, for `None`) sees it: its cards from the
    /// bottom, joined by ` + `, a card they cannot see as "a card"; "no card" when it is empty.
    pub(crate) fn set_label(&self, v: Value, viewer: Option<u8>) -> String {
        let Some((cards, mask)) = self.picked(v) else { return "no card".into() };
        let mut names: Vec<String> = picked_top_first(&cards, mask)
            .map(|c| match (viewer, self.find_card(c)) {
                (Some(p), Some((z, i))) if !self.can_see(p, z, i) => "a card".to_string(),
                _ => self.game.card_name(c).to_string(),
            })
            .collect();
        names.reverse();
        if names.is_empty() {
            "no card".into()
        } else {
            names.join(" + ")
        }
    }
}

impl State {
    /// For a game with twins, what makes a candidate of a choice of several cards (a branch that
    /// binds cards of a zone, each above the one before) the same as another: its cards' kinds
    /// and facings, sorted. `None` for any other candidate, or a game without twins.
    pub(crate) fn several_kinds(&self, branch: &MenuBranch, t: &Tuple) -> Option<Vec<(u32, bool)>> {
        self.game.twins.as_ref()?;
        let several = branch.binds.len() > 1
            && branch.binds.iter().all(|b| matches!(b.from, Domain::Zone(_) | Domain::Above(..)));
        if !several {
            return None;
        }
        let mut kinds: Vec<(u32, bool)> = (0..branch.binds.len())
            .filter_map(|i| match t.binds.value(i) {
                Value::Card(c) => Some(self.seen_kind(c)),
                _ => None,
            })
            .collect();
        kinds.sort_unstable();
        Some(kinds)
    }
}

impl State {
    /// The choice the rules stand at, as the game's code holds it (for a game made with
    /// [`crate::engine::Game::uncompiled`], as the checker wrote it): for tests and the reference
    /// evaluator to list its candidates their own way.
    pub fn pending_choice(&self) -> Option<&crate::check::ir::Choice> {
        self.choice_here()
    }
}
