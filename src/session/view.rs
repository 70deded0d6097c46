//! A viewer's table as data, for a front end that draws it itself (the browser's table): the
//! lines of the game's `view` (as the terminal's panel shows them, `engine/panel.rs`), or every
//! zone and reported counter when the game declares none; the seat's menu when it must decide;
//! the end. Everything comes from the engine's per-viewer functions (`State::observation`,
//! `State::action_label`): a card the viewer cannot see is `None`, never its name.

use serde::Serialize;

use super::{Session, Status};
use crate::check::ir::{Per, ViewLine, ViewWhat};
use crate::engine::ZoneView;
use crate::engine::{melds, State, Viewer};

/// A card as the viewer sees it: its name and the per-card counters on it (`stake 1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardShown {
    /// The card's name, as the game declares it (`7♥`).
    pub name: String,
    /// Its per-card counters that differ from their start, in words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<String>,
}

/// A zone's cards split into melds and deadwood (a view line `with melds`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Groups {
    /// The best melds.
    pub melds: Vec<Vec<CardShown>>,
    /// The cards left over.
    pub deadwood: Vec<CardShown>,
    /// The deadwood's points.
    pub points: i64,
}

/// One line of a viewer's panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PanelLine {
    /// A zone: its label, how many cards it holds, and those the viewer sees (`None`: face
    /// down to them), the seen ones first when the view sorts them.
    Zone {
        /// The label (the view's, or the zone's name).
        label: String,
        /// How many cards it holds.
        count: usize,
        /// Its cards, bottom first (sorted when the view says so).
        cards: Vec<Option<CardShown>>,
        /// Melds and deadwood, when the view asks and the viewer sees every card.
        #[serde(skip_serializing_if = "Option::is_none")]
        groups: Option<Groups>,
        /// With the view's `top N`: how many cards lie under those listed (only counted).
        #[serde(skip_serializing_if = "is_zero")]
        under: usize,
    },
    /// A counter: its label and value(s) in words.
    Counter {
        /// The label.
        label: String,
        /// Its value, or each player's, named (`player 1 60, player 2 0`).
        value: String,
    },
}

/// One legal choice of a seat's menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MenuChoice {
    /// The action to send back.
    pub action: u32,
    /// How the seat reads it (`7♥`, `knock`, `3♠ + 3♥`).
    pub label: String,
}

/// What a seat may choose now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Menu {
    /// The decision's place in the history: a move must name it (a stale move is refused).
    pub at: usize,
    /// The question the rules ask, if any.
    pub prompt: Option<String>,
    /// Whether the choice is of a number.
    pub number: bool,
    /// The cards picked so far at a choice offered card by card.
    pub picked: Vec<String>,
    /// The choices, in the engine's order.
    pub choices: Vec<MenuChoice>,
}

/// The end of the game as a viewer reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct End {
    /// Who won, in words.
    pub result: String,
    /// Scores per player, when the game ended by comparing scores.
    pub scores: Option<Vec<i64>>,
    /// The reported counters at the end (name, value in words).
    pub counters: Vec<(String, String)>,
}

/// The seat number the engine's observation takes for `viewer`: several people at one screen
/// (or an onlooker of the public table) are a seat no player has, so only public cards show.
fn seat_of(viewer: Viewer) -> u8 {
    match viewer {
        Viewer::Player(p) => p,
        Viewer::All | Viewer::Table => u8::MAX,
    }
}

impl Session {
    /// The viewer's panel: the game's `view` when it declares one, else every zone and reported
    /// counter. `Viewer::All` is shown as `Viewer::Table` (public cards only).
    pub fn panel_for(&self, viewer: Viewer) -> Vec<PanelLine> {
        panel(&self.state, seat_of(viewer))
    }

    /// The menu of `seat` when it must decide now.
    pub fn menu_for(&self, seat: u8) -> Option<Menu> {
        let status = self.status();
        let turn = status.turn_of(seat)?;
        let s = &self.state;
        Some(Menu {
            at: self.step(),
            prompt: s.choice_prompt(seat),
            number: s.choice_is_number(seat),
            picked: s.picked_so_far(seat),
            choices: turn.legal.iter().map(|a| MenuChoice { action: a.0, label: s.action_label(seat, *a) }).collect(),
        })
    }

    /// The seats (from 0) that people must decide for now.
    pub fn waiting_for(&self) -> Vec<u8> {
        match self.status() {
            Status::Waiting(turns) => turns.iter().map(|t| t.seat).collect(),
            Status::Over => Vec::new(),
        }
    }

    /// The end as `viewer` reads it, once the game is over.
    pub fn end_for(&self, viewer: Viewer) -> Option<End> {
        let outcome = self.state.outcome()?;
        Some(End {
            result: self.state.outcome_text(),
            scores: outcome.scores.clone(),
            counters: self.state.observation(seat_of(viewer)).counters,
        })
    }
}

/// The panel of `seat` (see [`Session::panel_for`]).
fn panel(state: &State, seat: u8) -> Vec<PanelLine> {
    let game = state.game();
    let p = &game.program;
    let o = state.observation(seat);
    let Some(view) = p.view.as_ref() else {
        let mut out: Vec<PanelLine> = o.zones.iter().map(|z| zone_line(state, z, None, z.name.clone())).collect();
        out.extend(
            p.counters
                .iter()
                .filter(|c| c.reported && c.per != Per::Card)
                .map(|c| PanelLine::Counter { label: c.name.clone(), value: state.counter_text(c) }),
        );
        return out;
    };
    let mut out = Vec::new();
    for line in view {
        match line.what {
            ViewWhat::Zones(d) => {
                let decl = &p.zone_decls[d as usize];
                for z in decl.first..decl.first + decl.count {
                    let Some(zone) = o.zones.get(z as usize).filter(|zone| !(line.nonempty && zone.count == 0)) else {
                        continue;
                    };
                    let label = match (&line.label, decl.count) {
                        (Some(l), 1) => l.clone(),
                        (Some(l), _) => zone.name.replacen(&decl.name, l, 1),
                        (None, _) => zone.name.clone(),
                    };
                    out.push(zone_line(state, zone, Some(line), label));
                }
            }
            ViewWhat::Counter(c) => {
                let info = &p.counters[c as usize];
                let label = line.label.clone().unwrap_or_else(|| info.name.clone());
                out.push(PanelLine::Counter { label, value: state.counter_text(info) });
            }
        }
    }
    out
}

/// One zone of a panel: the cards seen (sorted and split into melds as the view line asks),
/// then one `None` per card face down to the viewer.
fn zone_line(state: &State, z: &ZoneView, line: Option<&ViewLine>, label: String) -> PanelLine {
    let game = state.game();
    let shown = |index: usize, card: u16| CardShown {
        name: game.card_name(card).to_string(),
        marks: z.marks.iter().filter(|m| m.index == index).map(|m| format!("{} {}", m.counter, m.value)).collect(),
    };
    let mut seen: Vec<(u16, CardShown)> =
        z.cards.iter().enumerate().filter_map(|(i, c)| c.map(|c| (c, shown(i, c)))).collect();
    let sorted = line.and_then(|l| l.sorted);
    if let Some(order) = sorted {
        seen.sort_by_key(|(c, _)| (state.sort_key(*c, order), *c));
    }
    let hidden = z.count - seen.len();
    let groups = line.filter(|l| l.melds && hidden == 0).and_then(|_| {
        let rules = game.program.melds.as_ref()?;
        let cards: Vec<u16> = seen.iter().map(|(c, _)| *c).collect();
        let arranged = melds::arrange(rules, &cards, &[]).ok()?;
        let of = |c: &u16| seen.iter().find(|(k, _)| k == c).map(|(_, s)| s.clone());
        Some(Groups {
            melds: arranged
                .melds
                .iter()
                .map(|m| {
                    let mut cards = m.cards.clone();
                    if let Some(order) = sorted {
                        cards.sort_by_key(|c| (state.sort_key(*c, order), *c));
                    }
                    cards.iter().filter_map(of).collect()
                })
                .collect(),
            deadwood: arranged.deadwood.iter().filter_map(of).collect(),
            points: arranged.points,
        })
    });
    let mut cards: Vec<Option<CardShown>> = if sorted.is_some() || hidden == 0 {
        seen.into_iter().map(|(_, s)| Some(s)).chain(std::iter::repeat_n(None, hidden)).collect()
    } else {
        z.cards.iter().enumerate().map(|(i, c)| c.map(|c| shown(i, c))).collect()
    };
    // `top N`: the cards under the top N are only counted, as the terminal's panel does.
    let under = line.and_then(|l| l.top).map_or(0, |n| cards.len().saturating_sub(n));
    cards.drain(..under);
    PanelLine::Zone { label, count: z.count, cards, groups, under }
}

/// Whether a count is zero (left out of the JSON).
fn is_zero(n: &usize) -> bool {
    *n == 0
}
