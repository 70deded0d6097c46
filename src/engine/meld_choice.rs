//! `arrangements of Z`: the ways to meld a zone's cards that leave the least deadwood, for a
//! player to choose one (`p chooses a from arrangements of hand of p`) and lay it down
//! (`meld hand of p to every table as a`). Offered only when there are several: with one there
//! is nothing to choose.

use super::lay::with_work;
use super::melds::{self, Arrangement};
use super::state::State;

impl State {
    /// How many arrangements of zone `z`'s cards are offered: the least-deadwood ones, when
    /// there are at least two (none otherwise, or when the game has no melds or the zone is too
    /// big for the search). The same number as [`State::arrangements`] lists, found with no
    /// allocation once the search's lists have grown.
    pub(crate) fn arrangement_count(&self, z: u16) -> u16 {
        let Some(rules) = self.game.program.melds.as_ref() else { return 0 };
        let Some(hand) = self.zones.get(z as usize) else { return 0 };
        match with_work(|w| w.search.least_arrangements(rules, hand)) {
            Ok(n) if n >= 2 => n as u16,
            _ => 0,
        }
    }

    /// The least-deadwood arrangements of zone `z`'s cards, when there are at least two (none
    /// otherwise, or when the game has no melds or the zone is too big for the search).
    pub(crate) fn arrangements(&self, z: u16) -> Vec<Arrangement> {
        let Some(rules) = self.game.program.melds.as_ref() else { return Vec::new() };
        let Some(hand) = self.zones.get(z as usize) else { return Vec::new() };
        match melds::least_arrangements(rules, hand) {
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
        let melds: Vec<String> = a
            .melds
            .iter()
            .map(|m| {
                let laid = melds::lay_out(rules, m.pattern, &m.cards);
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

    /// Whether `viewer` sees every card of zone `z` (and so may be shown its arrangements).
    pub(crate) fn sees_zone(&self, viewer: u8, z: u16) -> bool {
        (0..self.zones[z as usize].len()).all(|i| self.can_see(viewer, z, i))
    }
}
