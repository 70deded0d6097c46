//! The state of a game in play: a plain value that holds the table, the counters, the random
//! generator and where the rules are in their execution.

pub mod arrange;
pub mod events;
pub(crate) mod position;
pub(crate) mod raw;
pub mod rng;
pub(crate) mod seats;
pub(crate) mod undo;

use std::sync::Arc;

use crate::check::ir::Value;
use crate::engine::Game;
use arrange::{ArrangeError, ArrangeStep, Arrangement};
use events::{EventSink, NoEvents};
use raw::Raw;
use rng::Rng;
use seats::Seats;

/// A choice a player can make: a card by its place in the zone, an option by its index in its
/// enum, or a number by its distance from the lowest one offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Action(pub u32);

/// Who must act now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToMove {
    /// One player decides.
    One(u8),
    /// These players decide at once, none seeing the others' choices.
    Simultaneous(Seats),
    /// The game is over.
    Nobody,
}

impl ToMove {
    /// Everyone who must act now, in seat order: the one player, the players of a secret
    /// choice, or no one once the game is over.
    pub fn seats(&self) -> Seats {
        match *self {
            ToMove::One(p) => std::iter::once(p).collect(),
            ToMove::Simultaneous(seats) => seats,
            ToMove::Nobody => Seats::default(),
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Result {
    /// These players won (in a one-player game, an empty list is a loss).
    Win(Vec<u8>),
    /// Nobody won.
    Draw,
    /// Stopped before its end: a cap in the rules, or a limit of the engine.
    Unfinished,
}

/// The end of a game: its result, final scores if the rules counted any, and why it stopped.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Outcome {
    /// Who won.
    pub result: Result,
    /// Scores per player, when the game ended by comparing scores.
    pub scores: Option<Vec<i64>>,
    /// Why an unfinished game stopped, when the engine stopped it.
    pub note: Option<String>,
}

/// Limits that keep a rule file from running forever or eating the machine.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Instructions per game.
    pub max_steps: u64,
    /// Nested procedure calls.
    pub max_depth: usize,
    /// Instructions between two decisions (or before the first, or to the end): a loop that
    /// runs this long without asking anyone anything is taken for one that never ends.
    pub max_steps_per_decision: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_steps: 50_000_000, max_depth: 10_000, max_steps_per_decision: 10_000_000 }
    }
}

/// A pending decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Pending {
    None,
    /// `player` chooses at the instruction at `pc`.
    One {
        player: u8,
    },
    /// Several players choose; `chosen[p]` holds each choice made so far.
    Secret {
        waiting: u64,
        chosen: Vec<Option<Action>>,
    },
    /// issue 43: an open moment (`any player p may`); these players have not answered yet.
    Open {
        waiting: u64,
    },
}

/// The zone of a card that lies in no zone.
pub(crate) const NOWHERE: u16 = u16::MAX;

/// A call frame.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub ret: u32,
    pub base: u32,
    pub scratch: u32,
    /// How many copied calls were entered when this frame was pushed ([`State::entered`]).
    pub entered: u32,
}

/// A game in play. Cheap to clone; `(game, options, seed, actions)` always gives the same state.
pub struct State {
    pub(crate) game: Arc<Game>,
    /// Cards per zone, bottom first.
    pub(crate) zones: Vec<Vec<u16>>,
    /// Whether each card faces up.
    pub(crate) face_up: Vec<bool>,
    /// The zone each card lies in ([`NOWHERE`] for a card no zone holds), so a card is found
    /// without scanning the zones.
    pub(crate) card_zone: Vec<u16>,
    pub(crate) counters: Vec<Value>,
    /// The locals of the running procedures, frame after frame.
    pub(crate) locals: Vec<Raw>,
    pub(crate) frames: Vec<Frame>,
    /// The procedures of the copied calls entered and not yet left (lower.rs's `Enter`), the
    /// latest last: each counts as a frame.
    pub(crate) entered: Vec<u16>,
    /// The first local slot of the current frame (0 outside any call).
    pub(crate) base: u32,
    pub(crate) scratch: Vec<u16>,
    pub(crate) pc: u32,
    pub(crate) rng: Rng,
    pub(crate) pending: Pending,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) steps: u64,
    pub(crate) limits: Limits,
    pub(crate) seed: u64,
    pub(crate) arrangement: Option<Arc<Arrangement>>,
    /// The wilds laid down in melds and what each stands for (`fixed once laid`; see lay.rs).
    pub(crate) laid: crate::engine::melds::Readings,
    /// The candidates of the pending `chooses one of`, listed the first time they are asked
    /// for (the table cannot change until the choice is made); empty when none is pending.
    pub(crate) menu: std::sync::OnceLock<Arc<crate::engine::choices::menu::MenuList>>,
    /// The list of the last menu chosen from, kept for its memory: the next menu opened is listed
    /// into it (menu.rs), so that a state playing on allocates no list per decision.
    pub(crate) spare_menu: crate::engine::choices::menu::SpareList,
    /// The lists of the last secret choice, kept for their memory for the next one (choice.rs).
    pub(crate) spare_secret: crate::engine::choices::choice::SpareSecret,
    /// Whether a menu the rules reach is only looked through for a first candidate, and listed
    /// when its candidates are first asked for, instead of listed at once: for a state whose
    /// menus may never be asked (a look-ahead that only scores where an action leads). Either
    /// way the list is the same.
    pub(crate) lazy_menus: bool,
    /// Whether this state is a look one move ahead made by a menu `never repeating a position`
    /// (fresh.rs): its own such menus offer every candidate, so the look goes no deeper.
    pub(crate) looking_ahead: bool,
    /// The positions kept by `remember position`, as sorted hashes (position.rs); shared between
    /// copies of the state until one of them keeps another.
    pub(crate) positions: Arc<Vec<u64>>,
    /// The cards picked so far (zone, index) at a pending menu offered card by card (picks.rs).
    pub(crate) picks: Vec<(u16, u32)>,
    /// Per player and card (`player * cards + card`), the zone the player saw the card go into
    /// when it went out of their sight, or [`NOWHERE`]; empty when the state keeps no such
    /// memory (see sightings.rs).
    pub(crate) sightings: Vec<u16>,
    /// Per player, the zones they may remember cards in, as a bit set (bit `min(zone, 63)`;
    /// a set bit may be stale): a card moving unseen out of another zone forgets nothing.
    pub(crate) sighted_zones: Vec<u64>,
    /// (issue 43) Whose `may undo` block the rules are in, if any (undo.rs).
    pub(crate) undo: undo::Window,
}

/// `Clone` for [`State`], naming every field once: `clone` copies each, and `clone_from` copies
/// each into the lists the state already has, so a search that copies states into one scratch
/// state over and over allocates nothing. A field added to `State` and not named here is a
/// compile error in the destructuring.
macro_rules! clone_by_field {
    ($($field:ident),* $(,)?) => {
        impl Clone for State {
            #[allow(clippy::clone_on_copy)]
            fn clone(&self) -> State {
                let State { $($field),* } = self;
                State { $($field: $field.clone()),* }
            }

            fn clone_from(&mut self, source: &State) {
                let State { $($field),* } = source;
                $(self.$field.clone_from($field);)*
            }
        }
    };
}

clone_by_field!(
    game,
    zones,
    face_up,
    card_zone,
    counters,
    locals,
    frames,
    entered,
    base,
    scratch,
    pc,
    rng,
    pending,
    outcome,
    steps,
    limits,
    seed,
    arrangement,
    laid,
    menu,
    spare_menu,
    spare_secret,
    lazy_menus,
    looking_ahead,
    positions,
    picks,
    sightings,
    sighted_zones,
    undo,
);

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    #[diagnostic(code(cardlang::engine::game_over))]
    GameOver,
    /// It is not this player's turn to choose.
    #[error("player {0} has no choice to make now")]
    #[diagnostic(code(cardlang::engine::not_your_turn))]
    NotYourTurn(u8),
    /// The action is not among the legal ones.
    #[error("that is not a legal choice")]
    #[diagnostic(code(cardlang::engine::illegal_action), help("choose one of `legal_actions`"))]
    Illegal,
}

impl State {
    /// A new game with the given seed, run up to its first decision.
    pub fn new(game: Arc<Game>, seed: u64) -> State {
        Self::with_sink(game, seed, Limits::default(), &mut NoEvents)
    }

    /// A new game, reporting every event of the set-up to `sink`.
    pub fn with_sink<S: EventSink>(game: Arc<Game>, seed: u64, limits: Limits, sink: &mut S) -> State {
        let mut s = Self::with_sink_paused(game, seed);
        s.limits = limits;
        s.run(sink);
        s
    }

    /// [`State::with_sink`] without the memory of the cards each player saw go out of sight
    /// (sightings.rs), for a game whose players never read it: it then costs nothing, also in
    /// the set-up and in a game that has no decision at all.
    pub fn with_sink_forgetful<S: EventSink>(game: Arc<Game>, seed: u64, limits: Limits, sink: &mut S) -> State {
        let mut s = Self::with_sink_paused(game, seed);
        s.limits = limits;
        s.forget_sightings();
        s.run(sink);
        s
    }

    /// A game that has not run its first instruction, for evaluating what needs no play.
    pub(crate) fn blank(game: Arc<Game>) -> State {
        Self::with_sink_paused(game, 0)
    }

    /// A new game that has not yet run its first instruction.
    fn with_sink_paused(game: Arc<Game>, seed: u64) -> State {
        let limits = Limits::default();
        let p = &game.program;
        // Room for every card in every zone, so a move never has to grow one.
        let zones = p
            .zones
            .iter()
            .map(|z| {
                let mut v = Vec::with_capacity(p.cards.len().max(z.initial.len()));
                v.extend_from_slice(&z.initial);
                v
            })
            .collect();
        let mut face_up = vec![false; p.cards.len()];
        let mut card_zone = vec![NOWHERE; p.cards.len()];
        for (i, z) in p.zones.iter().enumerate() {
            for &c in &z.initial {
                face_up[c as usize] = z.face_up;
                card_zone[c as usize] = i as u16;
            }
        }
        let counters = {
            let mut v = vec![Value::None; p.counter_slots];
            for c in &p.counters {
                v[c.slot as usize..][..c.width as usize].fill(c.init);
            }
            v
        };

        State {
            zones,
            face_up,
            card_zone,
            counters,
            locals: Vec::with_capacity(256),
            frames: Vec::with_capacity(64),
            entered: Vec::new(),
            base: 0,
            // Room for a loop over every card, so such a loop never grows the list.
            scratch: Vec::with_capacity(p.cards.len()),
            pc: 0,
            rng: Rng::new(seed),
            pending: Pending::None,
            outcome: None,
            steps: 0,
            limits,
            seed,
            arrangement: None,
            // Room to read every wild as fixed (`fixed once laid`), so keeping a reading in play
            // never grows the list.
            laid: match p.melds.as_ref() {
                Some(m) if m.fixed_wilds => crate::engine::melds::Readings::with_capacity(
                    m.cards.iter().filter(|c| c.wild).count(),
                    m.slots.len(),
                ),
                _ => crate::engine::melds::Readings::default(),
            },
            menu: std::sync::OnceLock::new(),
            spare_menu: Default::default(),
            spare_secret: Default::default(),
            lazy_menus: false,
            looking_ahead: false,
            positions: Arc::default(),
            picks: Vec::new(),
            sightings: vec![NOWHERE; p.players as usize * p.cards.len()],
            sighted_zones: vec![0; p.players as usize],
            undo: undo::Window::default(),
            game,
        }
    }

    /// A new game whose table is arranged after setup (a stacked deck), then run to its first
    /// decision. Card and zone names are checked first.
    pub fn arranged<S: EventSink>(
        game: Arc<Game>,
        seed: u64,
        steps: &[ArrangeStep],
        sink: &mut S,
    ) -> std::result::Result<State, ArrangeError> {
        let arrangement = Arrangement::resolve(&game, steps)?;
        let mut s = State::with_sink_paused(game, seed);
        s.arrangement = Some(Arc::new(arrangement));
        s.run(sink);
        Ok(s)
    }

    /// The game this state belongs to.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The seed the game was started with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who must act now.
    pub fn to_move(&self) -> ToMove {
        match &self.pending {
            _ if self.outcome.is_some() => ToMove::Nobody,
            Pending::One { player } => ToMove::One(*player),
            Pending::Secret { waiting, .. } => ToMove::Simultaneous(Seats::from_mask(*waiting)),
            Pending::Open { waiting } => ToMove::Simultaneous(Seats::from_mask(*waiting)),
            Pending::None => ToMove::Nobody,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The legal actions of `player` now (empty when they have no choice to make).
    pub fn legal_actions(&self, player: u8) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(player, &mut out);
        out
    }

    /// Fills `out` with the legal actions of `player`, reusing its memory.
    pub fn legal_actions_into(&self, player: u8, out: &mut Vec<Action>) {
        out.clear();
        if !self.must_choose(player) {
            return;
        }
        self.candidates(player, out);
    }

    /// Whether `player` has a choice to make now.
    pub fn must_choose(&self, player: u8) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        match &self.pending {
            Pending::One { player: p } => *p == player,
            Pending::Secret { waiting, .. } => player < 64 && waiting & (1 << player) != 0,
            Pending::Open { waiting } => player < 64 && waiting & (1 << player) != 0,
            Pending::None => false,
        }
    }

    /// Applies `player`'s action and runs the rules to the next decision.
    pub fn apply(&mut self, player: u8, action: Action) -> std::result::Result<(), ActionError> {
        self.apply_with(player, action, &mut NoEvents)
    }

    /// Applies an action, reporting every event to `sink`.
    pub fn apply_with<S: EventSink>(
        &mut self,
        player: u8,
        action: Action,
        sink: &mut S,
    ) -> std::result::Result<(), ActionError> {
        if self.outcome.is_some() {
            return Err(ActionError::GameOver);
        }
        if !self.must_choose(player) {
            return Err(ActionError::NotYourTurn(player));
        }
        if !self.is_candidate(player, action) {
            return Err(ActionError::Illegal);
        }
        self.resolve_choice(player, action, sink);
        Ok(())
    }

    /// The cards in a zone, bottom first.
    pub fn zone_cards(&self, zone: u16) -> &[u16] {
        &self.zones[zone as usize]
    }

    /// Whether place `at` (from the bottom) of `zone` has cards on it: where a card that was
    /// just moved there was put under others (`move ... to bottom of Z`).
    pub fn under_others(&self, zone: u16, at: usize) -> bool {
        at + 1 < self.zones[zone as usize].len()
    }

    /// Whether a card faces up.
    pub fn is_face_up(&self, card: u16) -> bool {
        self.face_up[card as usize]
    }

    /// The value of a counter slot.
    pub fn counter_slot(&self, slot: u16) -> Value {
        self.counters[slot as usize]
    }

    /// The number of instructions run so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The locals of the frame the rules are running in (or paused in), from its first slot to
    /// the last one made: what `Expr::Local` reads now. For oracles (`cardlang::reference`).
    pub fn frame_locals(&self) -> Vec<Value> {
        self.locals.get(self.base as usize..).map_or_else(Vec::new, |l| l.iter().map(|r| r.value()).collect())
    }

    /// Whether every card lies as at an earlier `remember position` (`position seen before`).
    pub fn position_seen_before(&self) -> bool {
        self.position_seen()
    }

    /// The engine's value of an expression of this state's game (as compiled, in
    /// `game().program`) in the frame the rules are in now, with no aggregate item bound: for
    /// tests that compare the engine with an oracle. Reads only.
    pub fn evaluate(&self, e: &crate::check::ir::Expr) -> Value {
        self.eval(e)
    }
}
