//! `arrangements of Z`: the ways to meld a zone's cards that leave the least deadwood, for a
//! player to choose one (`p chooses a from arrangements of hand of p`) and lay it down
//! (`meld hand of p to every table as a`), each with what its wilds stand for when the readings
//! are kept (`fixed once laid`). Offered only when there are several: with one there is nothing
//! to choose. `all arrangements of Z` offers every arrangement instead (fewer melds and none
//! included): the value chosen carries [`EVERY_ARRANGEMENT`] in its number, so that what reads
//! it later (the meld, the display) lists the same arrangements.
//!
//! [`State::unseen_lay_offs`] measures each offer by what the chooser can see, for an AI player
//! that keeps the other players from laying off (GR-11a's general feature).

use super::lay::with_work;
use crate::check::ir::MeldRules;
use crate::check::ir::Value;
use crate::engine::melds::{self, Arrangement, MeldError, Readings, Scratch};
use crate::engine::state::{Action, State};

/// The bit of an arrangement's number (`Value::Arrangement(z, i)`) set when it was chosen from
/// `all arrangements of Z`; the other bits are its place in the list (fewer than
/// [`melds::MAX_ARRANGEMENTS`]).
pub(crate) const EVERY_ARRANGEMENT: u16 = 0x8000;

/// An arrangement's number split: its place in its list, and whether the list is every
/// arrangement's (`all arrangements of`) rather than the least-deadwood ones.
pub(crate) fn arrangement_place(i: u16) -> (usize, bool) {
    ((i & !EVERY_ARRANGEMENT) as usize, i & EVERY_ARRANGEMENT != 0)
}

/// Lists in `search` the arrangements of `hand` offered (every one with `every`, the
/// least-deadwood ones otherwise) and says how many.
pub(crate) fn list_offers(
    search: &mut Scratch,
    rules: &MeldRules,
    hand: &[u16],
    every: bool,
) -> Result<usize, MeldError> {
    if every {
        search.every_offer(rules, hand)
    } else {
        search.offers(rules, hand)
    }
}

impl State {
    /// How many arrangements of zone `z`'s cards are offered: the least-deadwood ones (every
    /// one with `every`), when there are at least two (none otherwise, or when the game has no
    /// melds or the zone is too big for the search). The same number as
    /// [`State::arrangements`] lists, found with no allocation once the search's lists have grown.
    pub(crate) fn arrangement_count(&self, z: u16, every: bool) -> u16 {
        let Some(rules) = self.game.program.melds.as_ref() else { return 0 };
        let Some(hand) = self.zones.get(z as usize) else { return 0 };
        match with_work(|w| list_offers(&mut w.search, rules, hand, every)) {
            Ok(n) if n >= 2 => n as u16,
            _ => 0,
        }
    }

    /// The least-deadwood arrangements of zone `z`'s cards (every one with `every`), when there
    /// are at least two (none otherwise, or when the game has no melds or the zone is too big
    /// for the search).
    pub(crate) fn arrangements(&self, z: u16, every: bool) -> Vec<Arrangement> {
        let Some(rules) = self.game.program.melds.as_ref() else { return Vec::new() };
        let Some(hand) = self.zones.get(z as usize) else { return Vec::new() };
        let listed =
            if every { melds::every_arrangement(rules, hand) } else { melds::offered_arrangements(rules, hand) };
        match listed {
            Ok(list) if list.len() >= 2 => list,
            _ => Vec::new(),
        }
    }

    /// Arrangement `i` of zone `z` in words: each meld with its cards and what its wilds stand
    /// for, then what it leaves and its points ("run A♥ 2♥ 3♥, set 4♠ 4♦ 4♣; leaves 10♠ (10)").
    pub(crate) fn arrangement_text(&self, z: u16, i: u16) -> String {
        let (i, every) = arrangement_place(i);
        let (Some(rules), Some(a)) = (self.game.program.melds.as_ref(), self.arrangements(z, every).into_iter().nth(i))
        else {
            return format!("arrangement {}", i + 1);
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
        // Every arrangement (`all arrangements of`) includes laying down no meld.
        let melds = if melds.is_empty() { "no melds".to_string() } else { melds.join(", ") };
        format!("{melds}; leaves {left} ({})", a.points)
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
        let Some(Value::Arrangement(z, first)) = self.action_value(player, *legal.first()?) else { return None };
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
        let offered = self.arrangements(z, arrangement_place(first).1);
        let mut meld = Vec::new();
        let counts = legal
            .iter()
            .map(|&a| {
                let Some(Value::Arrangement(_, i)) = self.action_value(player, a) else { return usize::MAX };
                let Some(arr) = offered.get(arrangement_place(i).0) else { return usize::MAX };
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

    /// For `player`'s pending choice among the arrangements of a zone they see whole: the
    /// deadwood points each action of `legal` leaves. `None` when the pending choice is not
    /// among arrangements, or the zone is not seen whole.
    pub fn offered_deadwood(&self, player: u8, legal: &[Action]) -> Option<Vec<i64>> {
        let Some(Value::Arrangement(z, first)) = self.action_value(player, *legal.first()?) else { return None };
        if !self.sees_zone(player, z) {
            return None;
        }
        let offered = self.arrangements(z, arrangement_place(first).1);
        let points = legal
            .iter()
            .map(|&a| match self.action_value(player, a) {
                Some(Value::Arrangement(_, i)) => {
                    offered.get(arrangement_place(i).0).map_or(i64::MAX, |arr| arr.points)
                }
                _ => i64::MAX,
            })
            .collect();
        Some(points)
    }

    /// Whether `viewer` sees every card of zone `z` (and so may be shown its arrangements).
    pub(crate) fn sees_zone(&self, viewer: u8, z: u16) -> bool {
        (0..self.zones[z as usize].len()).all(|i| self.can_see(viewer, z, i))
    }
}
