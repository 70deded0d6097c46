//! `arrangements of Z`: the ways to meld a zone's cards that leave the least deadwood, for a
//! player to choose one (`p chooses a from arrangements of hand of p`) and lay it down
//! (`meld hand of p to every table as a`), each with what its wilds stand for when the readings
//! are kept (`fixed once laid`). Offered only when there are several: with one there is nothing
//! to choose.
//!
//! [`State::unseen_lay_offs`] measures each offer by what the chooser can see, for an AI player
//! that keeps the other players from laying off (GR-11a's general feature).

use super::lay::with_work;
use crate::check::ir::Value;
use crate::engine::melds::{self, Arrangement, Readings};
use crate::engine::state::{Action, State};

impl State {
    /// How many arrangements of zone `z`'s cards are offered: the least-deadwood ones, when
    /// there are at least two (none otherwise, or when the game has no melds or the zone is too
    /// big for the search). The same number as [`State::arrangements`] lists, found with no
    /// allocation once the search's lists have grown.
    pub(crate) fn arrangement_count(&self, z: u16) -> u16 {
        let Some(rules) = self.game.program.melds.as_ref() else { return 0 };
        let Some(hand) = self.zones.get(z as usize) else { return 0 };
        match with_work(|w| w.search.offers(rules, hand)) {
            Ok(n) if n >= 2 => n as u16,
            _ => 0,
        }
    }

    /// The least-deadwood arrangements of zone `z`'s cards, when there are at least two (none
    /// otherwise, or when the game has no melds or the zone is too big for the search).
    pub(crate) fn arrangements(&self, z: u16) -> Vec<Arrangement> {
        let Some(rules) = self.game.program.melds.as_ref() else { return Vec::new() };
        let Some(hand) = self.zones.get(z as usize) else { return Vec::new() };
        match melds::offered_arrangements(rules, hand) {
            Ok(list) if list.len() >= 2 => list,
            _ => Vec::new(),
        }
    }

    /// Arrangement `i` of zone `z` in words: each meld with its cards and what its wilds stand
    /// for, then what it leaves and its points ("run A♥ 2♥ 3♥, set 4♠ 4♦ 4♣; leaves 10♠ (10)").
    pub(crate) fn arrangement_text(&self, z: u16, i: u16) -> String {
        let (Some(rules), Some(a)) =
            (self.game.program.melds.as_ref(), self.arrangements(z).into_iter().nth(i as usize))
        else {
            return format!("arrangement {}", i as u32 + 1);
        };
        let read = melds::readings_of(&a.readings);
        let melds: Vec<String> = a
            .melds
            .iter()
            .map(|m| {
                let laid = melds::lay_out_read(rules, m.pattern, &m.cards, &read);
                let names: Vec<&str> = laid.iter().map(|(c, _)| self.game.card_name(*c)).collect();
                let wilds: Vec<String> = laid
                    .iter()
                    .filter_map(|(c, s)| {
                        s.as_ref().map(|v| format!("{} as {}", self.game.card_name(*c), self.stand_in(rules, v)))
                    })
                    .collect();
                let name = rules.patterns.get(m.pattern as usize).map_or("meld", |p| p.name.as_str());
                let wilds = if wilds.is_empty() { String::new() } else { format!(" ({})", wilds.join(", ")) };
                format!("{name} {}{wilds}", names.join(" "))
            })
            .collect();
        // Top first, as `reveal` lists the cards left.
        let left: Vec<&str> = a.deadwood.iter().rev().map(|c| self.game.card_name(*c)).collect();
        let left = if left.is_empty() { "nothing".to_string() } else { left.join(" ") };
        format!("{}; leaves {left} ({})", melds.join(", "), a.points)
    }

    /// For `player`'s pending choice among the arrangements of a zone they see whole: for each
    /// action of `legal`, how many cards `player` has not seen could be laid off onto the melds
    /// of the arrangement it stands for (each card alone onto one of its melds, the wilds
    /// standing for what the arrangement names when the readings are kept). A card not seen is
    /// one `player` cannot see where it lies and does not remember seeing go there
    /// ([`State::remembered_zone`]): not in their hand, not face up in sight, not seen earlier.
    /// `None` when the pending choice is not among arrangements, or the zone is not seen whole.
    /// Reads nothing `player` cannot see: what lies where they cannot see only counts as unseen.
    pub fn unseen_lay_offs(&self, player: u8, legal: &[Action]) -> Option<Vec<usize>> {
        let Some(Value::Arrangement(z, _)) = self.action_value(player, *legal.first()?) else { return None };
        let rules = self.game.program.melds.as_ref()?;
        if !self.sees_zone(player, z) {
            return None;
        }
        let unseen: Vec<u16> = (0..self.game.program.cards.len() as u16)
            .filter(|&c| {
                self.find_card(c)
                    .is_some_and(|(at, i)| !self.can_see(player, at, i) && self.remembered_zone(player, c).is_none())
            })
            .collect();
        let offered = self.arrangements(z);
        let mut meld = Vec::new();
        let counts = legal
            .iter()
            .map(|&a| {
                let Some(Value::Arrangement(_, i)) = self.action_value(player, a) else { return usize::MAX };
                let Some(arr) = offered.get(i as usize) else { return usize::MAX };
                // Without `fixed once laid` a lay-off may read the wilds afresh.
                let read = if rules.fixed_wilds { melds::readings_of(&arr.readings) } else { Readings::default() };
                unseen
                    .iter()
                    .filter(|&&u| {
                        arr.melds.iter().any(|m| {
                            meld.clear();
                            meld.extend_from_slice(&m.cards);
                            meld.push(u);
                            melds::pattern_of_read(rules, &meld, &read).is_some()
                        })
                    })
                    .count()
            })
            .collect();
        Some(counts)
    }

    /// Whether `viewer` sees every card of zone `z` (and so may be shown its arrangements).
    pub(crate) fn sees_zone(&self, viewer: u8, z: u16) -> bool {
        (0..self.zones[z as usize].len()).all(|i| self.can_see(viewer, z, i))
    }
}
