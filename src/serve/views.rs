//! What one link is sent: built only from the session's per-viewer functions (its lines for that
//! viewer, its panel, its menu, the end as it reads it), never from the state itself. A seat
//! sees as that player; the spectators' link sees as the table, public cards only.

use serde::Serialize;

use crate::check::ir::Visibility;
use crate::engine::{ToMove, Viewer};
use crate::session::view::{End, Menu, PanelLine};
use crate::session::Session;

/// Who a link belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// A seat (from 0).
    Seat(u8),
    /// A spectator: only what is public.
    Spectator,
}

impl Who {
    /// The engine's viewer for this link.
    pub fn viewer(self) -> Viewer {
        match self {
            Who::Seat(s) => Viewer::Player(s),
            Who::Spectator => Viewer::Table,
        }
    }
}

/// A seat at the table, as every link is told it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatInfo {
    /// The seat, from 1.
    pub seat: u8,
    /// Its name (`player 1`).
    pub name: String,
    /// Who sits there: `human` or an agent's spec.
    pub spec: String,
}

/// Everything one link is sent at one moment.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// The table's id.
    pub table: String,
    /// The game's title.
    pub game: String,
    /// The variant played.
    pub variant: Option<String>,
    /// The link's seat, from 1 (`None` for a spectator).
    pub seat: Option<u8>,
    /// How the link's holder is named (`player 2`, `spectator`).
    pub you: String,
    /// How many decisions have been taken.
    pub step: usize,
    /// Every seat.
    pub seats: Vec<SeatInfo>,
    /// The seats (from 1) that people must decide for now.
    pub waiting: Vec<u8>,
    /// Whether people sharing one screen must not see each other's view now (private hands, or
    /// a secret choice): the page hides the table between them.
    pub private: bool,
    /// What the link's holder has been told, a line each.
    pub lines: Vec<String>,
    /// The table as the holder sees it.
    pub panel: Vec<PanelLine>,
    /// The holder's menu, when they must decide now.
    pub menu: Option<Menu>,
    /// The end, once the game is over.
    pub end: Option<End>,
    /// Why the table stopped, when its game failed.
    pub stopped: Option<String>,
    /// (issue 43) Whether the link's seat may take back its last decision now (an Undo button).
    pub undo: bool,
}

/// Whether people at one screen must not see each other's view now (as the terminal's hot seat
/// decides): some cards are one player's alone, or players are choosing in secret.
fn private_now(session: &Session) -> bool {
    let state = session.state();
    matches!(state.to_move(), ToMove::Simultaneous(_))
        || state
            .game()
            .program
            .zones
            .iter()
            .any(|z| matches!(z.visibility, Visibility::Private | Visibility::Others) && z.owner.is_some())
}

/// The seats (from 1) that people must decide for now, as `who` may know them: at an open moment
/// (issue 43) only the players with a claim are asked, so a link is told of its own seat alone
/// (whether another player has a claim is theirs until it is applied).
fn waiting_seen(session: &Session, who: Who) -> Vec<u8> {
    let waiting = session.waiting_for();
    let open = session.state().is_open_moment();
    waiting.iter().filter(|&&s| !open || who == Who::Seat(s)).map(|s| s + 1).collect()
}

/// The view of `who` at `table`.
pub fn view(table: &str, session: &Session, who: Who, stopped: Option<&str>) -> View {
    let game = session.game();
    let viewer = who.viewer();
    View {
        table: table.to_string(),
        game: game.program.title.clone(),
        variant: game.program.variant.clone(),
        seat: match who {
            Who::Seat(s) => Some(s + 1),
            Who::Spectator => None,
        },
        you: match who {
            Who::Seat(s) => game.player_name(s),
            Who::Spectator => "spectator".to_string(),
        },
        step: session.step(),
        seats: session
            .seats()
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo { seat: i as u8 + 1, name: game.player_name(i as u8), spec: s.spec.clone() })
            .collect(),
        waiting: waiting_seen(session, who),
        private: private_now(session),
        lines: session.lines_for(viewer).into_iter().map(str::to_string).collect(),
        panel: session.panel_for(viewer),
        menu: match (who, stopped) {
            (Who::Seat(s), None) => session.menu_for(s),
            _ => None,
        },
        end: session.end_for(viewer),
        stopped: stopped.map(str::to_string),
        undo: matches!((who, stopped), (Who::Seat(s), None) if session.can_undo(s)),
    }
}
