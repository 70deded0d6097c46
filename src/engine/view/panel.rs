//! A person's panel at the terminal when the game declares a `view`: its lines in order, zones
//! sorted or split into melds as asked (or cut to their top cards, with how many lie under them),
//! every other zone and counter left out. What a line
//! shows is always what the player may see: the view chooses among the observation, never
//! adds to it.

use super::observe::ZoneView;
use crate::check::ir::{ViewLine, ViewWhat};
use crate::engine::melds;
use crate::engine::state::State;

impl State {
    /// The panel of `player` under the game's `view` (`None` when the game declares none).
    pub fn panel_text(&self, player: u8) -> Option<String> {
        let view = self.game.program.view.as_ref()?;
        let o = self.observation(player);
        let mut out = String::new();
        for line in view {
            match line.what {
                ViewWhat::Zones(d) => {
                    let decl = &self.game.program.zone_decls[d as usize];
                    for z in decl.first..decl.first + decl.count {
                        if let Some(zone) = o.zones.get(z as usize).filter(|zone| !(line.nonempty && zone.count == 0)) {
                            let label = match (&line.label, decl.count) {
                                (Some(l), 1) => l.clone(),
                                // Several instances: the label stands for the declaration's name.
                                (Some(l), _) => zone.name.replacen(&decl.name, l, 1),
                                (None, _) => zone.name.clone(),
                            };
                            out.push_str(&format!("  {label:<24} {}\n", self.zone_line(zone, line)));
                        }
                    }
                }
                ViewWhat::Counter(c) => {
                    let info = &self.game.program.counters[c as usize];
                    let label = line.label.clone().unwrap_or_else(|| info.name.clone());
                    out.push_str(&format!("  {label:<24} {}\n", self.counter_text(info)));
                }
            }
        }
        Some(out)
    }

    /// The cards of `player`'s panel in the order it shows them (sorted, split into melds), for
    /// a menu of cards to list in the same order; empty when the game declares no `view`.
    pub fn panel_card_order(&self, player: u8) -> Vec<u16> {
        let Some(view) = self.game.program.view.as_ref() else { return Vec::new() };
        let o = self.observation(player);
        let mut order = Vec::new();
        for line in view {
            if let ViewWhat::Zones(d) = line.what {
                let decl = &self.game.program.zone_decls[d as usize];
                for z in decl.first..decl.first + decl.count {
                    if let Some(zone) = o.zones.get(z as usize) {
                        order.extend(self.zone_parts(zone, line).1);
                    }
                }
            }
        }
        order
    }

    /// One zone's cards on a view line, each with its per-card counters (`K♣ [stake 1]`).
    fn zone_line(&self, z: &ZoneView, line: &ViewLine) -> String {
        self.zone_parts(z, line).0
    }

    /// One zone's line on the panel, and the cards it shows in the order shown. With `top N`,
    /// the cards under the top N are only counted: `(21 more under) 5♠ 9♦ Q♣`.
    fn zone_parts(&self, z: &ZoneView, line: &ViewLine) -> (String, Vec<u16>) {
        if z.count == 0 {
            return ("empty".to_string(), Vec::new());
        }
        let under = line.top.map_or(0, |n| z.count.saturating_sub(n));
        let (text, cards) = self.top_parts(z, line, under);
        if under == 0 {
            return (text, cards);
        }
        (format!("({under} more under) {text}"), cards)
    }

    /// The line of a zone's cards from place `under` (from the bottom) to the top.
    fn top_parts(&self, z: &ZoneView, line: &ViewLine, under: usize) -> (String, Vec<u16>) {
        let count = z.count - under;
        let mut seen: Vec<(u16, String)> = z
            .cards
            .iter()
            .enumerate()
            .skip(under)
            .filter_map(|(i, c)| c.map(|c| (i, c)))
            .map(|(i, c)| (c, self.card_text(z, i, c)))
            .collect();
        if let Some(order) = line.sorted {
            seen.sort_by_key(|(c, _)| (self.sort_key(*c, order), *c));
        }
        let text_of = |card: &u16| seen.iter().find(|(c, _)| c == card).map_or(String::new(), |(_, t)| t.clone());
        let all: Vec<&str> = seen.iter().map(|(_, t)| t.as_str()).collect();
        let cards: Vec<u16> = seen.iter().map(|(c, _)| *c).collect();
        if seen.len() < count {
            return (super::observe::partly_seen(count, &all), cards);
        }
        let rules = self.game.program.melds.as_ref().filter(|_| line.melds);
        let Some(arranged) = rules.and_then(|r| melds::arrange(r, &cards, &[]).ok()) else {
            return (all.join(" "), cards);
        };
        let mut shown = Vec::with_capacity(cards.len());
        let mut parts: Vec<String> = arranged
            .melds
            .iter()
            .map(|m| {
                let mut cards = m.cards.clone();
                if let Some(order) = line.sorted {
                    cards.sort_by_key(|c| (self.sort_key(*c, order), *c));
                }
                shown.extend(&cards);
                format!("[{}]", cards.iter().map(text_of).collect::<Vec<_>>().join(" "))
            })
            .collect();
        shown.extend(&arranged.deadwood);
        let dead: Vec<String> = arranged.deadwood.iter().map(text_of).collect();
        parts.push(if dead.is_empty() {
            "no deadwood".to_string()
        } else {
            format!("deadwood {} ({} points)", dead.join(" "), arranged.points)
        });
        (parts.join("  "), shown)
    }

    /// Where a card goes when sorted: its rank in `order`, or its place among the declared
    /// cards; cards the order does not rank go last.
    pub fn sort_key(&self, card: u16, order: Option<u16>) -> i64 {
        let p = &self.game.program;
        match order.and_then(|o| p.orders.get(o as usize)) {
            Some(o) => {
                let member = p.card_props[card as usize * p.properties.len() + o.property as usize];
                o.position(member).as_int().unwrap_or(i64::MAX)
            }
            None => card as i64,
        }
    }
}
