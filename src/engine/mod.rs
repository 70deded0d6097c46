//! Phase 3: the engine. Lowers a checked program and plays it: [`State`] is a plain value with
//! OpenSpiel's face (`to_move`, `legal_actions`, `apply`, `observation`, `outcome`).

// The engine's folders, by job (docs/design.md, "The engine's folders").
mod choices;
mod code;
pub mod melds;
mod run;
mod state;
mod view;

// The public modules, at the paths they had when the engine was one folder.
pub use code::{closure, lower};
pub use state::{arrange, events, rng};
pub use view::viewer;

use code::chain;
use std::sync::Arc;

use crate::check::Program;

pub use choices::choice::MAX_RANGE;
pub use run::hands::hand_value;
pub use state::arrange::{ArrangeError, ArrangeStep};
pub use state::events::{Event, EventSink, NoEvents, Recorder};
pub use state::seats::{SeatIter, Seats};
pub use state::{Action, ActionError, Limits, Outcome, Result, State, ToMove};
pub use view::observe::{Mark, Observation, ZoneView};
pub use view::text::SlotOwner;
pub use view::viewer::Viewer;

/// A checked game lowered for play. Shared by every state of the game.
#[derive(Debug)]
pub struct Game {
    /// A number no other game loaded in this process has (it keys caches of the game's answers).
    pub id: u64,
    /// The checked program.
    pub program: Program,
    /// Its lowered code.
    pub code: lower::Code,
    /// Each card's identical card of the lowest number, for a game with identical cards
    /// (choices/sets.rs); `None` when every card differs.
    pub(crate) twins: Option<Vec<u16>>,
}

/// A number no other game of this process has had.
fn next_id() -> u64 {
    static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Game {
    /// Compiles and lowers a checked program.
    pub fn new(program: Program) -> Arc<Game> {
        // Pure expressions are folded by the engine's own evaluator, on a table nobody plays.
        let id = next_id();
        let twins = choices::sets::twins(&program);
        let plain = Arc::new(Game { id, code: lower::lower(&program), program: program.clone(), twins: twins.clone() });
        let blank = State::blank(plain);
        let program = crate::compile::compile(program, &|e, locals| blank.eval_with(e, locals));
        let mut code = lower::lower(&program);
        chain::chain_jumps(&mut code.instrs);
        Arc::new(Game { id, program, code, twins })
    }

    /// Lowers a checked program as the checker left it, without the compile step's rewrites
    /// (inlining, unrolling, folding, card tables) or chained jumps: a plainer way to play the
    /// same game, which tests play beside [`Game::new`]'s and expect the same transcripts from.
    pub fn uncompiled(program: Program) -> Arc<Game> {
        let twins = choices::sets::twins(&program);
        Arc::new(Game { id: next_id(), code: lower::lower(&program), program, twins })
    }

    /// How a card is shown.
    pub fn card_name(&self, card: u16) -> &str {
        self.program.cards.get(card as usize).map_or("?", |c| c.name.as_str())
    }

    /// How a player is shown: "player 1".
    pub fn player_name(&self, player: u8) -> String {
        format!("player {}", player + 1)
    }

    /// The number of players.
    pub fn players(&self) -> u8 {
        self.program.players
    }
}
