//! What each player knows of the cards they cannot see: the zone they saw a card go into when it
//! went out of their sight (the discard the opponent took, the cards a player won into a
//! face-down pile, a pile turned face down), so a determinization for that player keeps those
//! cards where the player knows them to be (`State::determinized_remembering`).
//!
//! The state keeps, per player and card, one zone or nothing. The rule that keeps it true: a
//! remembered card lies in the zone remembered.
//!
//! - A card the player sees at its new place needs no memory: it is cleared.
//! - A card the player saw move (seen at its old place) and no longer sees is remembered in its
//!   new zone. So is a card that was in sight and goes out of sight where it lies: covered on a
//!   pile that shows only its top, turned face down, a pile turned over or shuffled.
//! - A card that moves unseen by the player (hidden before and after) is forgotten, and so is
//!   every card the player remembered in the zone it left: any of them may be the one that moved.
//! - Shuffling a zone keeps every memory (the cards are still in it; only their order is lost).
//! - An arrangement (a stacked deck, for tests) clears every memory: it is not play the players
//!   watched.
//!
//! Only the zone is kept, not the place in it. A bit set per player of the zones they remember
//! cards in spares the search for memories to forget when a card moves unseen out of any other. A state made by `determinized` remembers nothing
//! and keeps no memory from then on (`forget_sightings`), so a search pays nothing for it.

use crate::check::ir::Visibility;
use crate::engine::state::{State, NOWHERE};

impl State {
    /// The zone `player` saw `card` go into when it went out of their sight, if they remember
    /// one; `None` for a card they see, never saw leave their sight, or lost track of.
    pub fn remembered_zone(&self, player: u8, card: u16) -> Option<u16> {
        let n = self.face_up.len();
        match self.sightings.get(player as usize * n + card as usize) {
            Some(&z) if z != NOWHERE => Some(z),
            _ => None,
        }
    }

    /// Stops keeping what players saw, and forgets it: `determinized_remembering` on this
    /// state then deals as `determinized` does. A search's own copies need no memory.
    pub fn forget_sightings(&mut self) {
        self.sightings.clear();
        self.sighted_zones.clear();
    }

    /// Whether this state keeps what players saw.
    #[inline]
    pub(crate) fn tracks_sightings(&self) -> bool {
        !self.sightings.is_empty()
    }

    /// The players who see a card at `index` of `zone` when the zone holds `len` cards and the
    /// card faces up or not, as a bit set (the same rule as `would_see`).
    #[inline]
    pub(crate) fn sight_mask(&self, zone: u16, index: usize, len: usize, face_up: bool) -> u64 {
        let info = &self.game.program.zones[zone as usize];
        let all = match self.game.program.players {
            64.. => u64::MAX,
            n => (1u64 << n) - 1,
        };
        match info.visibility {
            Visibility::Public => all,
            Visibility::Private => info.owner.map_or(0, |o| (1u64 << o) & all),
            Visibility::Others => info.owner.map_or(all, |o| !(1u64 << o) & all),
            Visibility::ByFacing if face_up && (info.spread || index + 1 == len) => all,
            Visibility::ByFacing => 0,
        }
    }

    /// The top card of `zone` and who sees it, when a card laid on it would hide it (a pile that
    /// shows only its top).
    #[inline]
    pub(crate) fn coverable_top(&self, zone: u16) -> Option<(u16, u64)> {
        let info = &self.game.program.zones[zone as usize];
        if info.visibility != Visibility::ByFacing || info.spread {
            return None;
        }
        let cards = &self.zones[zone as usize];
        let &top = cards.last()?;
        let seen = self.sight_mask(zone, cards.len() - 1, cards.len(), self.face_up[top as usize]);
        (seen != 0).then_some((top, seen))
    }

    /// Records a move of `card` from `from` to place `at` of `to` (its top, or under other
    /// cards), which `saw` (a bit set of players) saw at its old place; `covered` is the card
    /// it now lies on and who saw that one.
    pub(crate) fn note_move(
        &mut self,
        card: u16,
        from: u16,
        to: u16,
        at: usize,
        saw: u64,
        covered: Option<(u16, u64)>,
    ) {
        let len = self.zones[to as usize].len();
        let sees = self.sight_mask(to, at, len, self.face_up[card as usize]);
        let n = self.face_up.len();
        for p in 0..self.game.program.players as usize {
            let bit = 1u64 << (p & 63);
            let row = &mut self.sightings[p * n..][..n];
            if sees & bit != 0 {
                row[card as usize] = NOWHERE;
            } else if saw & bit != 0 {
                row[card as usize] = to;
                self.sighted_zones[p] |= zone_bit(to);
            } else {
                row[card as usize] = NOWHERE;
                if from != to && self.sighted_zones[p] & zone_bit(from) != 0 {
                    if from < 63 {
                        self.sighted_zones[p] &= !zone_bit(from);
                    }
                    // Branch-free, so it runs a vector's width of cards at a time.
                    for z in row.iter_mut() {
                        *z = if *z == from { NOWHERE } else { *z };
                    }
                }
            }
        }
        if let Some((under, seen)) = covered {
            let still = self.sight_mask(to, len - 2, len, self.face_up[under as usize]);
            self.note_hidden(under, to, seen & !still);
        }
    }

    /// Records that the players of `lost` (a bit set) no longer see `card`, which stays in
    /// `zone`.
    pub(crate) fn note_hidden(&mut self, card: u16, zone: u16, lost: u64) {
        if lost == 0 || !self.tracks_sightings() {
            return;
        }
        let n = self.face_up.len();
        for p in 0..self.game.program.players as usize {
            if lost & (1u64 << (p & 63)) != 0 {
                self.sightings[p * n + card as usize] = zone;
                self.sighted_zones[p] |= zone_bit(zone);
            }
        }
    }

    /// Who sees each card of `zone` now, in place order.
    pub(crate) fn zone_sight(&self, zone: u16) -> Vec<(u16, u64)> {
        let cards = &self.zones[zone as usize];
        let len = cards.len();
        cards.iter().enumerate().map(|(i, &c)| (c, self.sight_mask(zone, i, len, self.face_up[c as usize]))).collect()
    }

    /// Records, after a change within `zone` (turned over, shuffled), which cards of `before`
    /// (who saw each, from `zone_sight`) went out of a player's sight.
    pub(crate) fn note_zone_change(&mut self, zone: u16, before: &[(u16, u64)]) {
        let cards = &self.zones[zone as usize];
        let len = cards.len();
        let mut lost = Vec::new();
        for (i, &c) in cards.iter().enumerate() {
            let now = self.sight_mask(zone, i, len, self.face_up[c as usize]);
            if let Some(&(_, was)) = before.iter().find(|(b, _)| *b == c) {
                lost.push((c, was & !now));
            }
        }
        for (c, l) in lost {
            self.note_hidden(c, zone, l);
        }
    }

    /// Forgets everything every player saw (after an arrangement).
    pub(crate) fn clear_sightings(&mut self) {
        self.sightings.fill(NOWHERE);
        self.sighted_zones.fill(0);
    }
}

/// The bit of a zone in a player's `sighted_zones` (zones from 63 on share the last bit).
#[inline]
fn zone_bit(zone: u16) -> u64 {
    1u64 << zone.min(63)
}
