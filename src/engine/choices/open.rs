//! issue 43: open timing, `any player p may { ... }`. Every player is asked at once
//! (`ToMove::Simultaneous`), with or without a claim, so that nobody learns from being asked, or
//! from the table waiting, who holds one; each is offered "no claim" (action 0) and then
//! their own claims, listed as a menu's candidates with `p` bound to them. The first claim
//! applied wins: its block runs at once and the others' answers are dropped. A "no claim" only
//! takes the player out of the waiting ones; when nobody is left, the `else` block runs.
//!
//! Who is first is the front end's to say: a person's claim is applied when it arrives; among
//! agents asked together, [`State::claim_draw`] draws the winner from the game's seed and the
//! moment of play, without touching the game's own random numbers, so a history of the claims
//! applied replays the same game.

use super::menu::{Tuple, MAX_MENU};
use crate::check::ir::{Choice, MenuBranch, TextPart, Value};
use crate::engine::run::eval::Binds;
use crate::engine::state::events::{Event, EventSink};
use crate::engine::state::{Action, Pending, State};

/// The action that claims nothing, offered to every player asked at an open moment.
pub const NO_CLAIM: Action = Action(0);

/// Why a game stops when a player's claims are too many to list.
const TOO_MANY_CLAIMS: &str = "an open moment offered a player more than 10,000 claims, or took too long to list";

/// An open moment as the rules stand at it: the player's slot, the kinds of claim, the question.
type OpenHere<'a> = (u16, &'a [MenuBranch], Option<&'a [TextPart]>);

/// One player's claims at an open moment, in order (branch by branch), and whether listing them
/// stopped at a limit.
pub(crate) struct Claims {
    pub tuples: Vec<Tuple>,
    pub too_big: bool,
}

impl State {
    /// The open moment the rules stand at: the player's slot and the kinds of claim.
    fn open_here(&self) -> Option<OpenHere<'_>> {
        // Read first, and cheap: every other choice's candidates and labels pass through here.
        if !matches!(self.pending, Pending::Open { .. }) {
            return None;
        }
        self.open_reached()
    }

    /// The open moment at `pc`, whether or not its players are asked yet.
    fn open_reached(&self) -> Option<OpenHere<'_>> {
        match self.choice_here()? {
            Choice::Open { player_slot, branches, prompt, .. } => {
                Some((*player_slot, branches.as_slice(), prompt.as_deref()))
            }
            _ => None,
        }
    }

    /// The bindings that name `player` as the player asked.
    fn asked(&self, player_slot: u16, player: u8) -> Binds<'static> {
        let mut b = Binds::default();
        b.set(0, self.abs_slot(player_slot), Value::Player(player));
        b
    }

    /// Lists `player`'s claims at the open moment with these branches, up to the menu's limits.
    pub(crate) fn claims_of(&self, player_slot: u16, branches: &[MenuBranch], player: u8) -> Claims {
        let mut tuples = Vec::new();
        let mut work = 0u64;
        let mut too_many = false;
        let mut t = Tuple { branch: 0, binds: Binds::default() };
        let mut within = true;
        // Sets of identical cards are one claim, as in a menu (sets.rs): their kinds, per branch.
        let mut seen = std::collections::HashSet::new();
        for (i, b) in branches.iter().enumerate() {
            t.branch = i;
            t.binds = self.asked(player_slot, player);
            if let Some(g) = &b.guard {
                if !self.eval_in(g, &t.binds).is_true() {
                    continue;
                }
            }
            within = self.bind_level(&b.binds, &[], &mut t, &mut work, &mut |t| {
                if let Some(kinds) = self.claim_kinds(b, t) {
                    if !seen.insert((t.branch, kinds)) {
                        return true;
                    }
                }
                too_many = tuples.len() >= MAX_MENU;
                if !too_many {
                    tuples.push(*t);
                }
                !too_many
            });
            if !within {
                break;
            }
        }
        Claims { tuples, too_big: too_many || !within }
    }

    /// The kinds of the cards a claim of several cards binds, in a game with identical cards
    /// (sets.rs's test, read past the player asked, binding 0).
    fn claim_kinds(&self, b: &MenuBranch, t: &Tuple) -> Option<Vec<(u32, bool)>> {
        self.game.twins.as_ref()?;
        let mut names = Tuple { branch: t.branch, binds: Binds::default() };
        for i in 1..t.binds.len() {
            let (slot, v) = t.binds.item(i)?;
            names.binds.set(i - 1, slot, v);
        }
        self.several_kinds(b, &names)
    }

    /// Opens the open moment the rules have reached (at `pc`, the choice): every player is
    /// asked, those with no claim offered "no claim" alone, so that being asked, the table
    /// waiting, or how many answers it waits for tells nobody who holds a claim. Returns whether
    /// the rules wait (not when a player's claims are too many to list: the game stops).
    pub(crate) fn start_open<S: EventSink>(&mut self, sink: &mut S) -> bool {
        let Some((slot, branches, _)) = self.open_reached() else { return false };
        let mut waiting = 0u64;
        for p in 0..self.game.program.players.min(64) {
            if self.claims_of(slot, branches, p).too_big {
                self.stop_unfinished(TOO_MANY_CLAIMS, sink);
                return true;
            }
            waiting |= 1 << p;
        }
        self.pending = Pending::Open { waiting };
        true
    }

    /// Nobody claimed: the branch is `none`, so the `else` block runs next.
    fn nobody_claimed(&mut self) {
        if let Some(Choice::Open { branch, .. }) = self.choice_here() {
            let branch = *branch;
            self.pc += 1;
            self.set_local(branch, Value::None);
        }
    }

    /// How many actions `player` has at the pending open moment: "no claim" and each claim.
    pub(crate) fn open_len(&self, player: u8) -> Option<usize> {
        let (slot, branches, _) = self.open_here()?;
        Some(1 + self.claims_of(slot, branches, player).tuples.len())
    }

    /// How `viewer` (everything, for `None`) reads `player`'s action at the open moment.
    pub(crate) fn open_label(&self, player: u8, action: Action, viewer: Option<u8>) -> Option<String> {
        let (slot, branches, _) = self.open_here()?;
        if action == NO_CLAIM {
            return Some("no claim".to_string());
        }
        let claims = self.claims_of(slot, branches, player);
        let t = claims.tuples.get(action.0 as usize - 1)?;
        Some(self.menu_label(&branches[t.branch], t, viewer))
    }

    /// The question the open moment asks `player`, worked out for them.
    pub(crate) fn open_prompt(&self, player: u8) -> Option<Option<String>> {
        let (slot, _, prompt) = self.open_here()?;
        Some(prompt.map(|parts| self.render_text_in(parts, &self.asked(slot, player))))
    }

    /// Applies `player`'s answer at the open moment (already checked to be one of theirs): a
    /// claim runs its block at once; "no claim" waits for the others, or runs the `else` block
    /// when nobody is left to answer.
    pub(crate) fn resolve_open<S: EventSink>(&mut self, player: u8, action: Action, sink: &mut S) {
        let game = self.game.clone();
        let Some(Choice::Open { player_slot, branch, branches, private, .. }) = self.choice_here_in(&game) else {
            return;
        };
        if action == NO_CLAIM {
            if let Pending::Open { waiting } = &mut self.pending {
                *waiting &= !(1u64 << player);
                if *waiting != 0 {
                    return;
                }
            }
            self.pending = Pending::None;
            self.nobody_claimed();
            self.run(sink);
            return;
        }
        let claims = self.claims_of(*player_slot, branches, player);
        let Some(t) = claims.tuples.get(action.0 as usize - 1).copied() else { return };
        self.pending = Pending::None;
        let b = &branches[t.branch];
        if sink.announcements() {
            if !sink.labels() {
                sink.event(
                    self,
                    Event::Picked { player: Some(player), full: "", own: "", public: "", private: *private },
                );
            } else {
                let full = self.menu_label(b, &t, None);
                let own = self.menu_label(b, &t, Some(player));
                // No seat has this number: only what everyone sees is named.
                let public = self.menu_label(b, &t, Some(u8::MAX));
                sink.event(
                    self,
                    Event::Picked { player: Some(player), full: &full, own: &own, public: &public, private: *private },
                );
            }
        }
        self.set_local(*player_slot, Value::Player(player));
        // Binding 0 is the player asked; the branch's names follow.
        for (bind, i) in b.binds.iter().zip(1..) {
            let v = t.binds.value(i);
            self.set_local(bind.slot, v);
        }
        self.set_local(*branch, Value::Int(t.branch as i64));
        self.pc += 1;
        self.run(sink);
    }

    /// The choice at `pc` in `game`'s code (the state's own game, held apart so the state may
    /// change while it is read).
    fn choice_here_in<'g>(&self, game: &'g crate::engine::Game) -> Option<&'g Choice> {
        match game.code.instrs.get(self.pc as usize)? {
            crate::engine::code::lower::Instr::Choose(c) => Some(&c.choice),
            _ => None,
        }
    }

    /// Whether the rules wait at an open moment (`any player p may`): the players asked answer
    /// at once, and the first claim applied wins (see [`State::claim_draw`]).
    pub fn is_open_moment(&self) -> bool {
        self.outcome.is_none() && matches!(self.pending, Pending::Open { .. })
    }

    /// Whether `action` of `player` is a claim at the pending open moment (not "no claim").
    pub fn is_claim(&self, player: u8, action: Action) -> bool {
        self.is_open_moment() && action != NO_CLAIM && self.must_choose(player)
    }

    /// Which of `claimers` (players who claimed together at the pending open moment, as agents
    /// asked at once do) is taken as first: drawn from the game's seed and the moment of play
    /// (the instructions run so far), so the same seed gives the same game, without drawing
    /// from the game's own random numbers (a replay of the claims applied needs no draw).
    /// `None` when `claimers` is empty.
    pub fn claim_draw(&self, claimers: &[u8]) -> Option<u8> {
        if claimers.is_empty() {
            return None;
        }
        let mut sorted = claimers.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let mut x = self.seed ^ self.steps.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x6F70_656E_5F63_6C61;
        // splitmix64's finish: every bit of the seed and the moment moves the draw.
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
        sorted.get((x % sorted.len() as u64) as usize).copied()
    }
}
