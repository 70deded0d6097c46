//! Renders values, announcements, events and outcomes as text.

use crate::check::ir::{CounterInfo, Per, TextPart, Type, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::events::Event;
use crate::engine::state::{Result, State};
use crate::engine::Game;

/// Whose value a counter slot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotOwner {
    /// The game's one value.
    Game,
    /// A player's.
    Player(u8),
    /// A card's.
    Card(u16),
    /// A team's, by its number from 1 (kept in the slot of its first seat).
    Team(u8),
}

impl Game {
    /// A value shown in words, read by its static type.
    pub fn show(&self, v: Value, ty: Type) -> String {
        let p = &self.program;
        match (v, ty) {
            (Value::None, _) => "none".into(),
            (Value::Int(i), _) => i.to_string(),
            (Value::Bool(b), _) => b.to_string(),
            (Value::Card(c), _) => self.card_name(c).to_string(),
            (Value::Player(q), _) => self.player_name(q),
            (Value::Zone(z), _) => p.zones[z as usize].name.clone(),
            // issue 43: one player's row of a zone with a row for each player.
            (Value::Zones(first, n), _)
                if p.zones
                    .get(first as usize)
                    .is_some_and(|z| z.owner.is_some() && p.zone_decls[z.decl as usize].count > n) =>
            {
                let z = &p.zones[first as usize];
                let whose = z.owner.map_or_else(String::new, |o| self.player_name(o));
                format!("every {} of {whose}", p.zone_decls[z.decl as usize].name)
            }
            (Value::Zones(first, _), _) => {
                let decl = p.zones.get(first as usize).map(|z| z.decl as usize).unwrap_or(0);
                format!("every {}", p.zone_decls.get(decl).map_or("zone", |d| d.name.as_str()))
            }
            (Value::Sym(s), Type::Enum(e)) => p.enums[e as usize].display[s as usize].clone(),
            (Value::Sym(s), Type::Text) => p.texts.get(s as usize).cloned().unwrap_or_default(),
            (Value::Set(m), Type::Set(e)) => {
                let names: Vec<&str> = p.enums[e as usize]
                    .display
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| m & 1u64.checked_shl(*i as u32).unwrap_or(0) != 0)
                    .map(|(_, d)| d.as_str())
                    .collect();
                format!("{{{}}}", names.join(", "))
            }
            (Value::Sym(s), _) => format!("#{s}"),
            (Value::Set(m), _) => format!("{{{m:#x}}}"),
            (Value::Arrangement(_, i), _) => {
                format!("arrangement {}", crate::engine::melds::meld_choice::arrangement_place(i).0 + 1)
            }
            (Value::Cards(..) | Value::Listed(..) | Value::Joined(..), _) => "some cards".into(),
        }
    }

    /// The counter a slot belongs to, and whose value it is.
    pub fn slot_owner(&self, slot: u16) -> Option<(&CounterInfo, SlotOwner)> {
        let c = self.program.counters.iter().find(|c| (c.slot..c.slot + c.width).contains(&slot))?;
        let i = slot - c.slot;
        let owner = match c.per {
            Per::Game => SlotOwner::Game,
            Per::Player => SlotOwner::Player(i as u8),
            Per::Card => SlotOwner::Card(i),
            Per::Team => SlotOwner::Team(self.program.teams.get(i as usize).map_or(i as u8, |t| *t) + 1),
        };
        Some((c, owner))
    }

    /// A counter slot named in words: "pot", "purse of player 1", "stake of 7♥".
    pub fn slot_name(&self, slot: u16) -> String {
        match self.slot_owner(slot) {
            None => format!("slot {slot}"),
            Some((c, SlotOwner::Game)) => c.name.clone(),
            Some((c, SlotOwner::Player(p))) => format!("{} of {}", c.name, self.player_name(p)),
            Some((c, SlotOwner::Card(k))) => format!("{} of {}", c.name, self.card_name(k)),
            Some((c, SlotOwner::Team(t))) => format!("{} of team {t}", c.name),
        }
    }
}

impl State {
    /// A value shown in words, read by its static type (an arrangement of melds by its melds
    /// and what it leaves).
    pub fn show(&self, v: Value, ty: Type) -> String {
        match v {
            Value::Arrangement(z, i) => self.arrangement_text(z, i),
            Value::Cards(..) | Value::Listed(..) => match self.picked(v) {
                Some((cards, mask)) => {
                    let names: Vec<&str> = crate::engine::run::subsets::picked_top_first(&cards, mask)
                        .map(|c| self.game.card_name(c))
                        .collect();
                    if names.is_empty() {
                        "no cards".into()
                    } else {
                        names.join(" ")
                    }
                }
                None => "no cards".into(),
            },
            _ => self.game.show(v, ty),
        }
    }

    /// The text of an announcement.
    pub(crate) fn render_text(&self, parts: &[TextPart]) -> String {
        self.render_text_in(parts, &Binds::default())
    }

    /// The text of an announcement or prompt, with temporary bindings.
    pub(crate) fn render_text_in(&self, parts: &[TextPart], binds: &Binds) -> String {
        let mut out = String::new();
        for part in parts {
            match part {
                TextPart::Text(t) => out.push_str(t),
                TextPart::Value(e, t) => out.push_str(&self.show(self.eval_in(e, binds), *t)),
            }
        }
        out
    }

    /// A transfer in words, with what each side holds after it.
    pub fn transfer_text(&self, amount: i64, from: &str, from_slot: u16, to: &str, to_slot: u16) -> String {
        let left = self.show(self.counters[from_slot as usize], Type::Int);
        let now = self.show(self.counters[to_slot as usize], Type::Int);
        format!("transfer {amount}: {from} ({left} left) -> {to} (now {now})")
    }

    /// One event as a line of a transcript.
    pub fn describe(&self, event: &Event<'_>) -> String {
        let p = &self.game.program;
        let zone = |z: u16| p.zones[z as usize].name.as_str();
        let card = |c: u16| self.game.card_name(c);
        match event {
            Event::Shuffle { zone: z } => {
                let cards: Vec<&str> = self.zones[*z as usize].iter().rev().map(|c| card(*c)).collect();
                format!("shuffle {} ({} cards, top first): {}", zone(*z), cards.len(), cards.join(" "))
            }
            Event::Move { card: c, from, to, face_up, at, .. } => {
                let under = if self.under_others(*to, *at) { "bottom of " } else { "" };
                let facing = if *face_up { "" } else { " (face down)" };
                format!("{}: {} -> {under}{}{facing}", card(*c), zone(*from), zone(*to))
            }
            Event::TurnOver { zone: z } => {
                let top = self.zones[*z as usize].last().map(|c| card(*c)).unwrap_or("nothing");
                format!("turn over {} (top now {})", zone(*z), top)
            }
            Event::Turn { card: c, face_up } => {
                format!("turn {} face {}", card(*c), if *face_up { "up" } else { "down" })
            }
            Event::Choice { player, value, ty, secret, .. } => format!(
                "{} {} {}",
                player.map_or("chance".to_string(), |p| self.game.player_name(p)),
                if *secret { "has chosen" } else { "chooses" },
                self.show(*value, *ty)
            ),
            Event::Picked { player, full, .. } => {
                format!("{} chooses {full}", player.map_or("chance".to_string(), |p| self.game.player_name(p)))
            }
            Event::Transfer { amount, from, to } => {
                self.transfer_text(*amount, &self.game.slot_name(*from), *from, &self.game.slot_name(*to), *to)
            }
            Event::Reveal { zone: z } => {
                let cards: Vec<&str> = self.zones[*z as usize].iter().rev().map(|c| card(*c)).collect();
                let shown = if cards.is_empty() { "nothing".to_string() } else { cards.join(" ") };
                format!("{} shows {shown}", zone(*z))
            }
            Event::RevealCard { card: c, zone: z } => format!("{} shows {}", zone(*z), card(*c)),
            Event::Announce(t) => format!("» {t}"),
            Event::Pause(t) => format!("(pause) {t}"),
            Event::End => format!("game over: {}", self.outcome_text()),
        }
    }

    /// The outcome in words, or "in progress".
    pub fn outcome_text(&self) -> String {
        let Some(o) = &self.outcome else { return "in progress".into() };
        let mut s = match &o.result {
            Result::Win(w) if w.is_empty() => "lost".to_string(),
            Result::Win(w) => {
                let names: Vec<String> = w.iter().map(|p| self.game.player_name(*p)).collect();
                format!("{} {}", names.join(" and "), if w.len() == 1 { "wins" } else { "win" })
            }
            Result::Draw => "a draw".to_string(),
            Result::Unfinished => "unfinished".to_string(),
        };
        if let Some(scores) = &o.scores {
            let list: Vec<String> = scores.iter().map(|x| x.to_string()).collect();
            s.push_str(&format!(" (scores {})", list.join(" - ")));
        }
        if let Some(n) = &o.note {
            s.push_str(&format!(" ({n})"));
        }
        s
    }
}
