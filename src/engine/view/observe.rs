//! What one player may see: their own view of the table, never another's hidden cards.

use serde::Serialize;

use crate::check::ir::{Per, Value, Visibility};
use crate::engine::state::{Action, Pending, State};

/// One zone as a player sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ZoneView {
    /// The zone's index.
    pub zone: u16,
    /// Its name: "hand of player 1".
    pub name: String,
    /// How many cards it holds.
    pub count: usize,
    /// Its cards, bottom first; `None` where the player cannot see the card.
    pub cards: Vec<Option<u16>>,
    /// Per-card counters of the cards the player can see, where they differ from their start.
    pub marks: Vec<Mark>,
}

/// A per-card counter's value on a card a player can see: "stake 1" on the card at `index`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// The card's place in the zone, from the bottom.
    pub index: usize,
    /// The counter's name.
    pub counter: String,
    /// Its value in words.
    pub value: String,
}

/// Everything a player may see at one moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// Whose view this is.
    pub player: u8,
    /// Every zone, as this player sees it.
    pub zones: Vec<ZoneView>,
    /// Counters (not variables) of the game and of each player: name and value(s) in words.
    pub counters: Vec<(String, String)>,
    /// This player's own secret choice, made and not yet revealed.
    pub my_pending_choice: Option<Action>,
    /// The cards this player has picked so far (zone, index from the bottom) of a choice of
    /// several cards offered card by card; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub my_picks: Vec<(u16, u32)>,
}

impl State {
    /// Whether `viewer` can see the card at `index` (from the bottom) of `zone`.
    pub fn can_see(&self, viewer: u8, zone: u16, index: usize) -> bool {
        let cards = &self.zones[zone as usize];
        let Some(&card) = cards.get(index) else { return false };
        self.would_see(viewer, zone, index, cards.len(), self.face_up[card as usize])
    }

    /// Whether `viewer` sees a card at `index` of `zone` when the zone holds `len` cards and the
    /// card faces up or not.
    pub fn would_see(&self, viewer: u8, zone: u16, index: usize, len: usize, face_up: bool) -> bool {
        let info = &self.game.program.zones[zone as usize];
        match info.visibility {
            Visibility::Public => true,
            Visibility::Private => info.owner == Some(viewer),
            // A viewer who is no seat (the table's shared view, the line told to every
            // onlooker) sees only what every seat sees: not a hand held facing out, which its
            // owner must not see.
            Visibility::Others => match info.owner {
                Some(owner) => owner != viewer && viewer < self.game.program.players,
                None => true,
            },
            Visibility::ByFacing => face_up && (info.spread || index + 1 == len),
        }
    }

    /// Exactly what `player` may see now.
    pub fn observation(&self, player: u8) -> Observation {
        let p = &self.game.program;
        let zones = (0..p.zones.len() as u16)
            .map(|z| {
                let cards = &self.zones[z as usize];
                let seen: Vec<Option<u16>> =
                    (0..cards.len()).map(|i| self.can_see(player, z, i).then_some(cards[i])).collect();
                ZoneView {
                    zone: z,
                    name: p.zones[z as usize].name.clone(),
                    count: cards.len(),
                    marks: self.marks(&seen),
                    cards: seen,
                }
            })
            .collect();
        let counters = p
            .counters
            .iter()
            .filter(|c| c.reported && c.per != Per::Card)
            .map(|c| {
                // A team's value shows for each of its players.
                let vals: Vec<String> =
                    (0..c.width as usize).map(|i| self.show(self.counters[p.counter_slot(c, i)], c.ty)).collect();
                (c.name.clone(), vals.join(" / "))
            })
            .collect();
        let my_pending_choice = match &self.pending {
            Pending::Secret { chosen, .. } => chosen.get(player as usize).copied().flatten(),
            _ => None,
        };
        let my_picks = match self.pending {
            Pending::One { player: p } if p == player => self.picks.clone(),
            _ => Vec::new(),
        };
        Observation { player, zones, counters, my_pending_choice, my_picks }
    }

    /// The per-card counters shown on the visible cards of a zone (`seen`, bottom first).
    fn marks(&self, seen: &[Option<u16>]) -> Vec<Mark> {
        let mut out = Vec::new();
        for c in self.game.program.counters.iter().filter(|c| c.reported && c.per == Per::Card) {
            for (index, card) in seen.iter().enumerate() {
                let Some(card) = card else { continue };
                let v = self.counters[c.slot as usize + *card as usize];
                if v != c.init {
                    out.push(Mark { index, counter: c.name.clone(), value: self.show(v, c.ty) });
                }
            }
        }
        out.sort_by_key(|m| m.index);
        out
    }

    /// A card of a zone view as a person reads it: its name, and its per-card counters where
    /// they differ from their start (`K♣ [stake 1, prediction higher]`).
    pub(crate) fn card_text(&self, z: &ZoneView, index: usize, card: u16) -> String {
        let marks: Vec<String> =
            z.marks.iter().filter(|m| m.index == index).map(|m| format!("{} {}", m.counter, m.value)).collect();
        let name = self.game.card_name(card);
        if marks.is_empty() {
            name.to_string()
        } else {
            format!("{name} [{}]", marks.join(", "))
        }
    }

    /// The observation as text for a person at the terminal: the game's `view` when it declares
    /// one, else every zone and reported counter.
    pub fn observation_text(&self, player: u8) -> String {
        if let Some(panel) = self.panel_text(player) {
            return panel;
        }
        let o = self.observation(player);
        let mut out = String::new();
        for z in &o.zones {
            let shown: Vec<String> = z
                .cards
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.map(|c| (i, c)))
                .map(|(i, c)| self.card_text(z, i, c))
                .collect();
            let line = if z.count == 0 {
                "empty".to_string()
            } else if shown.len() == z.count {
                shown.join(" ")
            } else {
                partly_seen(z.count, &shown)
            };
            out.push_str(&format!("  {:<24} {}\n", z.name, line));
        }
        for c in self.game.program.counters.iter().filter(|c| c.reported && c.per != Per::Card) {
            out.push_str(&format!("  {:<24} {}\n", c.name, self.counter_text(c)));
        }
        out
    }

    /// The values of a counter or variable by name: one, one per player (a team's for each of
    /// its players), or one per card (for tests and reports).
    pub fn counter(&self, name: &str) -> Option<Vec<Value>> {
        let program = &self.game.program;
        let c = program.counters.iter().find(|c| c.name == name)?;
        Some((0..c.width as usize).map(|i| self.counters[program.counter_slot(c, i)]).collect())
    }
}

impl State {
    /// A counter's values in words: its one value, or each player's, named (`player 1 60,
    /// player 2 0`; a team's value shows for each of its players).
    pub fn counter_text(&self, c: &crate::check::ir::CounterInfo) -> String {
        let p = &self.game.program;
        let mut vals: Vec<String> =
            (0..c.width as usize).map(|i| self.show(self.counters[p.counter_slot(c, i)], c.ty)).collect();
        if vals.len() == 1 {
            return vals.remove(0);
        }
        let named: Vec<String> =
            vals.iter().enumerate().map(|(i, v)| format!("{} {v}", self.game.player_name(i as u8))).collect();
        named.join(", ")
    }
}

/// A zone of `count` cards of which a person sees `shown` (fewer than all): how many, how many
/// they do not see (face down, or under others in a pile that shows its top), and the ones they
/// see.
pub fn partly_seen(count: usize, shown: &[impl AsRef<str>]) -> String {
    let cards = if count == 1 { "1 card".to_string() } else { format!("{count} cards") };
    if shown.is_empty() {
        return format!("{cards}, face down");
    }
    let seen: Vec<&str> = shown.iter().map(AsRef::as_ref).collect();
    format!("{cards}, {} unseen; you see {}", count - seen.len(), seen.join(" "))
}
