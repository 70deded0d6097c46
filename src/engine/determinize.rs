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
//!   replaced by uniformly random candidates of theirs, listed on the new table;
//! - the state's own generator is reseeded from the caller's, so later shuffles and chance
//!   picks cannot be foreseen.
//!
//! The draw depends only on which cards are hidden, never on where they really are: the hidden
//! cards are sorted before they are shuffled, so two states that look the same to the player give
//! the same determinization for the same generator.

use super::rng::Rng;
use super::state::{Action, Pending, State};
use crate::check::ir::Value;

impl State {
    /// A copy of this state in which every card `player` cannot see is shuffled among the places
    /// they cannot see; `observation(player)` is unchanged (see the module documentation).
    pub fn determinized(&self, player: u8, rng: &mut Rng) -> State {
        let mut s = self.clone();
        // A pending menu's candidates were listed on the real table: list them again on this one.
        s.menu = std::sync::OnceLock::new();
        s.deal_hidden(self, player, rng);
        s.redraw_secrets(player, rng);
        s.rng = Rng::new(rng.next_u64());
        s
    }

    /// Deals the cards of `orig` that `player` cannot see among its hidden places, into `self`
    /// (a clone of `orig`).
    fn deal_hidden(&mut self, orig: &State, player: u8, rng: &mut Rng) {
        let mut places: Vec<(usize, usize)> = Vec::new();
        let mut cards: Vec<u16> = Vec::new();
        for (z, zone) in orig.zones.iter().enumerate() {
            for (i, &c) in zone.iter().enumerate() {
                if !orig.can_see(player, z as u16, i) {
                    places.push((z, i));
                    cards.push(c);
                }
            }
        }
        if cards.len() < 2 {
            return;
        }
        cards.sort_unstable();
        rng.shuffle(&mut cards);
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
        }
        let rename = |c: u16| renamed.get(c as usize).copied().unwrap_or(c);
        for v in &mut self.locals {
            if let Value::Card(c) = v {
                *c = rename(*c);
            }
        }
        for c in &mut self.scratch {
            *c = rename(*c);
        }
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
