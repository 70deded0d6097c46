//! What each viewer of a session has been told: every event and decision, described when it
//! happens (a description reads the state of that moment) for the onlooker who sees every card,
//! for each player, and for several people at one screen, with the same words as a text
//! transcript for that viewer ([`super::transcript::event_line`] and
//! [`super::transcript::decision_line`]). Each entry also says what kind of thing it tells, so a
//! front end can lay it out (group cards moving unseen, wait at a pause, leave the table's
//! bookkeeping out of a quiet game) without reading its words.

use super::transcript::{decision_line, event_line};
use crate::agents::{Decision, Watcher};
use crate::engine::viewer::hidden_move;
use crate::engine::{Event, EventSink, State, Viewer};

/// What kind of thing an entry of the log tells.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Kind {
    /// A decision as an onlooker reads it (who chose what among which); `brief` says it without
    /// the list of what could have been chosen.
    Decision {
        /// The seat that decided (from 0).
        seat: u8,
        /// "player 1 chooses J♥", with its note when only the chooser is told.
        brief: String,
    },
    /// A choice taking effect; `secret` when it was one of choices made at once, told when
    /// all are in (an onlooker read it already as a decision).
    Choice {
        /// Whether it was made in secret.
        secret: bool,
    },
    /// A card moving between zones.
    Move(Moved),
    /// The rules announce something, show cards, or a candidate of `chooses one of` is picked.
    Said,
    /// The game is over.
    End,
    /// The rules pause for the people at the table to read (no transcript has it).
    Pause(String),
    /// The table's bookkeeping: shuffles, cards turning, amounts moving between counters.
    Table,
}

/// A card that moved: between which zones, whether under the cards there, and who did not see
/// which card it was.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Moved {
    /// The zone it left (by index in the program's zones).
    pub from: u16,
    /// The zone it went to.
    pub to: u16,
    /// Whether it went under the cards there.
    pub under: bool,
    /// By seat: whether that player neither saw it where it was nor sees it where it lands.
    pub unseen: Vec<bool>,
    /// The same for people sharing one screen.
    pub unseen_at_table: bool,
}

impl Moved {
    /// Whether `viewer` did not see which card moved.
    pub fn unseen_by(&self, viewer: Viewer) -> bool {
        match viewer {
            Viewer::All => false,
            Viewer::Player(p) => self.unseen.get(p as usize).copied().unwrap_or(true),
            Viewer::Table => self.unseen_at_table,
        }
    }
}

/// One thing that happened, as each viewer was told it (`None`: not told).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Told {
    /// What the onlooker read.
    pub all: Option<String>,
    /// What each player read, by seat.
    pub seats: Vec<Option<String>>,
    /// What people sharing one screen read.
    pub table: Option<String>,
    /// What kind of thing it tells.
    pub kind: Kind,
}

impl Told {
    /// What `viewer` read of it.
    pub fn for_viewer(&self, viewer: Viewer) -> Option<&str> {
        match viewer {
            Viewer::All => self.all.as_deref(),
            Viewer::Player(p) => self.seats.get(p as usize).and_then(|s| s.as_deref()),
            Viewer::Table => self.table.as_deref(),
        }
    }
}

/// The log of a session: everything told, in order.
#[derive(Debug, Clone, Default)]
pub struct ViewLog {
    players: u8,
    /// Whether people read the game as it goes, so the rules' pauses are kept.
    pauses: bool,
    /// Whether anything is kept (a transcript written as it is played keeps no log).
    keep: bool,
    told: Vec<Told>,
}

impl ViewLog {
    /// An empty log for a game of `players` seats; `pauses` when people read it as it goes (the
    /// rules' `pause` is then kept as an entry that no viewer's lines hold).
    pub fn new(players: u8, pauses: bool) -> ViewLog {
        ViewLog { players, pauses, keep: true, told: Vec::new() }
    }

    /// A log that keeps nothing, for a session whose front end watches the game itself.
    pub fn off(players: u8) -> ViewLog {
        ViewLog { players, pauses: false, keep: false, told: Vec::new() }
    }

    /// Everything told so far.
    pub fn entries(&self) -> &[Told] {
        &self.told
    }

    /// What `viewer` has been told, a line each.
    pub fn lines_for(&self, viewer: Viewer) -> Vec<&str> {
        self.told.iter().filter_map(|t| t.for_viewer(viewer)).collect()
    }

    /// (issue 43) Tells every viewer a line of the session's own (a decision taken back).
    pub(super) fn tell(&mut self, kind: Kind, line: impl Fn(Viewer) -> Option<String>) {
        if self.keep {
            self.push(kind, line);
        }
    }

    fn push(&mut self, kind: Kind, line: impl Fn(Viewer) -> Option<String>) {
        let told = Told {
            all: line(Viewer::All),
            seats: (0..self.players).map(|p| line(Viewer::Player(p))).collect(),
            table: line(Viewer::Table),
            kind,
        };
        if told.all.is_some() || told.table.is_some() || told.seats.iter().any(Option::is_some) {
            self.told.push(told);
        }
    }
}

/// What kind of thing `event` is, for the log.
fn kind_of(state: &State, players: u8, event: &Event<'_>) -> Kind {
    match event {
        Event::Move { from, to, at, .. } => Kind::Move(Moved {
            from: *from,
            to: *to,
            under: state.under_others(*to, *at),
            unseen: (0..players).map(|p| hidden_move(state, Viewer::Player(p), event)).collect(),
            unseen_at_table: hidden_move(state, Viewer::Table, event),
        }),
        Event::Choice { secret, .. } => Kind::Choice { secret: *secret },
        Event::Picked { .. } | Event::Reveal { .. } | Event::Announce(_) | Event::RevealCard { .. } => Kind::Said,
        Event::End => Kind::End,
        Event::Pause(text) => Kind::Pause(text.to_string()),
        Event::Shuffle { .. } | Event::TurnOver { .. } | Event::Turn { .. } | Event::Transfer { .. } => Kind::Table,
    }
}

impl EventSink for ViewLog {
    fn enabled(&self) -> bool {
        self.keep
    }

    fn pauses(&self) -> bool {
        self.pauses
    }

    fn event(&mut self, state: &State, event: Event<'_>) {
        if let Event::Pause(text) = event {
            let seats = vec![None; self.players as usize];
            self.told.push(Told { all: None, seats, table: None, kind: Kind::Pause(text.to_string()) });
            return;
        }
        let kind = kind_of(state, self.players, &event);
        self.push(kind, |viewer| event_line(state, viewer, &event));
    }
}

impl Watcher for ViewLog {
    fn decision(&mut self, state: &State, d: &Decision) {
        let private = if state.choice_is_private() {
            crate::engine::viewer::private_note(state, Some(d.player))
        } else {
            String::new()
        };
        let brief = format!(
            "{} chooses {}{private}",
            state.game().player_name(d.player),
            state.onlooker_label(d.player, d.chosen)
        );
        self.push(Kind::Decision { seat: d.player, brief }, |viewer| decision_line(state, viewer, d));
    }
}
