//! Determinization: one state a player could believe the game to be in, drawn at random from
//! what they cannot see, so an agent can look ahead without peeking.
//!
//! Every card the player cannot see is dealt afresh, uniformly, among all the places they cannot
//! see (across zones). What the player can see stays exactly as it was:
//!
//! - a place keeps its facing: the card dealt there takes the facing of the card it replaces,
//!   so which places the player sees does not change;
//! - counters per card (marks) follow the card, as they do in play: a mark on a hidden card is as
//!   hidden as its face, so it goes wherever its card is dealt and its place no longer tells
//!   what lies there (a secret prediction under a face-down card is not kept at that card's
//!   place). Cards the player sees do not move, so the marks they are shown do not change, and
//!   every counter's total is unchanged;
//! - a card the rules hold in a local name or a loop (`let c = top of pack`) is renamed to the
//!   card now at its place, so the rules go on with the card that lies there, not the real one;
//! - the secret choices other players have already made at a pending simultaneous choice are
//!   replaced by uniformly random candidates of theirs, listed on the new table (a search that
//!   lets those players choose again in its tree takes the choices back first, `reopen_secrets`,
//!   so there is nothing left to redraw);
//! - the state's own generator is reseeded from the caller's, so later shuffles and chance
//!   picks cannot be foreseen.
//!
//! The draw depends only on which cards are hidden, never on where they really are: the hidden
//! cards are sorted before they are shuffled, so two states that look the same to the player give
//! the same determinization for the same generator.
//!
//! `determinized_remembering` also keeps what the player knows of the hidden cards (sightings.rs):
//! a card they saw go into a zone they cannot see (the discard the opponent took) is dealt to one
//! of that zone's hidden places, uniformly, before the other hidden cards are dealt to the places
//! left. Two states that look the same to the player and that they remember alike give the same
//! draw. `determinized` (the greedy player's) ignores that memory, so its draws are the same as
//! before the memory existed; the states both make keep no memory of their own but the player's
//! (see `determinized_remembering`), and `determinized`'s keep none.

use crate::check::ir::Value;
use crate::engine::state::raw::Raw;
use crate::engine::state::rng::Rng;
use crate::engine::state::{Action, Pending, State};

impl State {
    /// A copy of this state in which every card `player` cannot see is shuffled among the places
    /// they cannot see; `observation(player)` is unchanged (see the module documentation).
    /// The state keeps no memory of what players saw (`forget_sightings`).
    pub fn determinized(&self, player: u8, rng: &mut Rng) -> State {
        let mut s = self.clone();
        self.redeal_copy(&mut s, player, rng);
        s
    }

    /// [`State::determinized`] written into `into`, whose memory is reused (a player that
    /// determinizes at every decision allocates nothing once `into` has room).
    pub fn determinize_into(&self, into: &mut State, player: u8, rng: &mut Rng) {
        into.clone_from(self);
        self.redeal_copy(into, player, rng);
    }

    /// Turns `s`, a copy of this state, into a determinization for `player`.
    fn redeal_copy(&self, s: &mut State, player: u8, rng: &mut Rng) {
        s.forget_sightings();
        // A pending menu's candidates were listed on the real table: list them again on this one.
        s.relist_menu();
        s.deal_hidden(self, player, false, rng);
        s.redraw_secrets(player, rng);
        s.rng = Rng::new(rng.next_u64());
    }

    /// Like [`State::determinized`], but a card `player` remembers in a zone they cannot see
    /// (`remembered_zone`) is dealt to that zone: the search player's determinization. The new
    /// state remembers what `player` remembered; the other players' memories follow their cards.
    pub fn determinized_remembering(&self, player: u8, rng: &mut Rng) -> State {
        let mut s = self.clone();
        s.relist_menu();
        s.deal_hidden(self, player, true, rng);
        s.redraw_secrets(player, rng);
        s.rng = Rng::new(rng.next_u64());
        s
    }

    /// Drops the pending menu's list, to be listed again on a table dealt anew; except a menu
    /// `never repeating a position` (fresh.rs), whose list is kept as the player was offered it:
    /// which of its candidates would repeat a position was judged on the real table.
    fn relist_menu(&mut self) {
        if !matches!(self.choice_here(), Some(crate::check::ir::Choice::Menu { fresh: true, .. })) {
            self.menu = std::sync::OnceLock::new();
        }
    }

    /// Deals the cards of `orig` that `player` cannot see among its hidden places, into `self`
    /// (a clone of `orig`); with `remember`, the cards `player` remembers go to their zones first.
    fn deal_hidden(&mut self, orig: &State, player: u8, remember: bool, rng: &mut Rng) {
        let all = orig.card_zone.len();
        let mut places: Vec<(usize, usize)> = Vec::with_capacity(all);
        let mut cards: Vec<u16> = Vec::with_capacity(all);
        // (card, zone) for each hidden card `player` remembers in a zone.
        let mut known: Vec<(u16, u16)> = Vec::new();
        for (z, zone) in orig.zones.iter().enumerate() {
            for (i, &c) in zone.iter().enumerate() {
                if !orig.can_see(player, z as u16, i) {
                    places.push((z, i));
                    match orig.remembered_zone(player, c).filter(|_| remember) {
                        // The memory is true (sightings.rs); a card found elsewhere is dealt freely.
                        Some(at) if at as usize == z => known.push((c, at)),
                        _ => cards.push(c),
                    }
                }
            }
        }
        if places.len() < 2 {
            return;
        }
        // `dealt[k]` is the card dealt to `places[k]`.
        let mut dealt: Vec<Option<u16>> = vec![None; places.len()];
        if !known.is_empty() {
            known.sort_unstable();
            let mut zones: Vec<u16> = known.iter().map(|&(_, z)| z).collect();
            zones.sort_unstable();
            zones.dedup();
            for z in zones {
                // This zone's hidden places, in a random order; its remembered cards take the first.
                let mut spots: Vec<usize> = (0..places.len()).filter(|&k| places[k].0 == z as usize).collect();
                rng.shuffle(&mut spots);
                for (&(c, _), &k) in known.iter().filter(|&&(_, at)| at == z).zip(&spots) {
                    dealt[k] = Some(c);
                }
            }
        }
        cards.sort_unstable();
        rng.shuffle(&mut cards);
        let mut free = cards.into_iter();
        let cards: Vec<u16> = dealt.iter().map(|d| d.or_else(|| free.next()).unwrap_or_default()).collect();
        let others: Vec<u8> = if remember && self.tracks_sightings() {
            (0..orig.game.program.players).filter(|&q| q != player).collect()
        } else {
            Vec::new()
        };
        let n = orig.face_up.len();
        // `renamed[old]` is the card now lying where `old` lay; cards in sight keep their name.
        let mut renamed: Vec<u16> = (0..orig.face_up.len() as u16).collect();
        for (&(z, i), &new) in places.iter().zip(&cards) {
            let old = orig.zones[z][i];
            self.zones[z][i] = new;
            if let Some(at) = self.card_zone.get_mut(new as usize) {
                *at = z as u16;
            }
            if let (Some(f), Some(&was)) = (self.face_up.get_mut(new as usize), orig.face_up.get(old as usize)) {
                *f = was;
            }
            if let Some(r) = renamed.get_mut(old as usize) {
                *r = new;
            }
            // Another player's memory of the card that lay here is true of the card now here.
            for &q in &others {
                let q = q as usize * n;
                self.sightings[q + new as usize] = orig.sightings[q + old as usize];
            }
        }
        let rename = |c: u16| renamed.get(c as usize).copied().unwrap_or(c);
        for v in &mut self.locals {
            if let Value::Card(c) = v.value() {
                *v = Raw::from(Value::Card(rename(c)));
            }
        }
        for c in &mut self.scratch {
            *c = rename(*c);
        }
    }

    /// Takes back the secret choices players other than `player` have already made at a pending
    /// simultaneous choice: they are waiting to choose again, as if they had not chosen yet (a
    /// player with nothing to choose on this table stays out, with no choice). `player`'s own
    /// choice is kept. Returns whether any choice was taken back.
    pub fn reopen_secrets(&mut self, player: u8) -> bool {
        let Pending::Secret { chosen, .. } = &self.pending else { return false };
        let made: Vec<u8> = (0..chosen.len() as u8).filter(|&p| p != player && chosen[p as usize].is_some()).collect();
        if made.is_empty() {
            return false;
        }
        // Asked before the pending choice is changed: candidates do not depend on it.
        let open: Vec<bool> = made.iter().map(|&p| p < 64 && self.has_candidates(p)).collect();
        if let Pending::Secret { waiting, chosen } = &mut self.pending {
            for (&p, open) in made.iter().zip(open) {
                chosen[p as usize] = None;
                if open {
                    *waiting |= 1u64 << p;
                }
            }
        }
        true
    }

    /// Replaces the secret choices other players have already made at a pending simultaneous
    /// choice by uniformly random candidates of theirs on this (already dealt) table.
    fn redraw_secrets(&mut self, player: u8, rng: &mut Rng) {
        let Pending::Secret { chosen, .. } = &self.pending else { return };
        // Those who have chosen are no longer waiting, so `legal_actions` offers them nothing:
        // their candidates are listed directly.
        let made: Vec<u8> = (0..chosen.len() as u8).filter(|&p| p != player && chosen[p as usize].is_some()).collect();
        let mut cands: Vec<Action> = Vec::new();
        for p in made {
            cands.clear();
            self.candidates(p, &mut cands);
            let pick = match cands.len() {
                // Possible only where a filter reads cards: on this table they may offer nothing,
                // and the rules then see `none` for that player, as for one with no choice.
                0 => None,
                k => Some(cands[rng.below(k as u64) as usize]),
            };
            if let Pending::Secret { chosen, .. } = &mut self.pending {
                chosen[p as usize] = pick;
            }
        }
    }
}
