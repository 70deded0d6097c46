//! The search player: single-observer information-set Monte Carlo tree search (Cowling, Powley
//! and Whitehouse 2012), over the engine's face only.
//!
//! Each iteration draws one state the player could believe in (`State::determinized_remembering`:
//! the cards they cannot see dealt afresh among the places they cannot see, except that a card
//! they saw go into a hidden zone stays in that zone) and plays it down the tree, choosing each
//! move by UCB1 among the moves legal in that state, then plays on by a simple policy
//! (`playout.rs`) and scores the end for every player. The real state is never read past what
//! the player sees: its observation, its legal actions, whose turn it is.
//!
//! - Nodes are the searching player's information sets as the sequence of moves they saw: a
//!   child is named by the moves of the step that led to it, leaving out another player's secret
//!   choice and a card moved out of the searching player's sight; chance (a card drawn, a
//!   shuffle) makes no branch, so the tree grows deep enough to plan a few turns ahead, and a
//!   later decision of the searching player is scored over every card it might have drawn.
//! - Moves are named by the card they stand for when they stand for one ("discard the 7♥", the
//!   same move in every determinization where the player holds that card), else by their
//!   action; a move is scored only over the iterations where it was legal (UCB1 with
//!   availability counts). The searching player's own move names only cards they can see.
//! - Several players choosing at once each choose from their own statistics at the node,
//!   without seeing the others' choice (decoupled UCT), so a secret choice is a hidden move.
//!   The others' secret choices already made when the player is asked are taken back at the
//!   root (`State::reopen_secrets`): every seat searches a secret step alike, as if asked first.
//! - The move played is the searching player's most visited at the root.

mod config;
mod playout;
mod tree;

use std::time::{Duration, Instant};

pub use config::{MctsConfig, Pace, Playout, DEFAULT_C, DEFAULT_ITERATIONS, INTERACTIVE_MS, NO_PROGRESS_CAP, OPTIONS};

use super::Agent;
use crate::engine::rng::Rng;
use crate::engine::{Action, State, ToMove};
use playout::{leads, movers, rewards, Playouts, Scale};
use tree::{Fnv, Tree};

/// The card bit of an edge key: other players' moves that stand for a card are named by it.
const CARD_KEY: u32 = 1 << 31;

/// What the last search did, for benchmarks and tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree at the end.
    pub nodes: usize,
    /// Time taken.
    pub elapsed: Duration,
}

/// Information-set Monte Carlo tree search, with its own seeded generator and reused buffers.
pub struct MctsAgent {
    cfg: MctsConfig,
    rng: Rng,
    tree: Tree,
    playouts: Playouts,
    scale: Scale,
    /// Reused per step: legal actions, their edges, the path of (edge, player) taken.
    legal: Vec<Action>,
    edges: Vec<u32>,
    path: Vec<(u32, u8)>,
    /// Reused per iteration: each player's lead at the root, and each player's reward.
    root_lead: Vec<f64>,
    reward: Vec<f64>,
    last: SearchStats,
}

impl MctsAgent {
    /// A search player with these settings and its own seed.
    pub fn new(cfg: MctsConfig, seed: u64) -> Self {
        MctsAgent {
            cfg,
            rng: Rng::new(seed),
            tree: Tree::default(),
            playouts: Playouts::default(),
            scale: Scale::default(),
            legal: Vec::new(),
            edges: Vec::new(),
            path: Vec::new(),
            root_lead: Vec::new(),
            reward: Vec::new(),
            last: SearchStats::default(),
        }
    }

    /// Its settings.
    pub fn config(&self) -> &MctsConfig {
        &self.cfg
    }

    /// What its last search did.
    pub fn last_search(&self) -> SearchStats {
        self.last
    }

    /// One iteration from the root: determinize, descend, play out, back up.
    fn iterate(&mut self, state: &State, me: u8) {
        let mut det = state.determinized_remembering(me, &mut self.rng);
        // The search never determinizes its own copies again: they need keep no memory.
        det.forget_sightings();
        leads(&det, &mut self.root_lead);
        self.path.clear();
        let mut node = 0;
        loop {
            let mask = movers(&det);
            if mask == 0 {
                break;
            }
            let mut fresh = false;
            let secret = matches!(det.to_move(), ToMove::Simultaneous(_));
            let mut moves = Fnv::new();
            // issue 43: at an open moment each player answers on the same table, then chance
            // draws which claim is first (`open_step`).
            if det.is_open_moment() {
                fresh |= self.open_step(&mut det, node, me, mask, &mut moves);
                let (child, made) = self.tree.child(node, moves.value());
                node = child;
                if made || fresh {
                    break;
                }
                continue;
            }
            for p in (0..64u8).filter(|p| mask & (1 << p) != 0) {
                det.legal_actions_into(p, &mut self.legal);
                if self.legal.is_empty() {
                    continue;
                }
                self.edges.clear();
                for &a in &self.legal {
                    let key = edge_key(&det, p, me, a);
                    self.edges.push(self.tree.edge(node, p, key));
                }
                let (i, new) = self.tree.select(&self.edges, self.cfg.c, &mut self.rng);
                let a = self.legal[i];
                self.path.push((self.edges[i], p));
                fresh |= new;
                let key = self.tree.key_of(self.edges[i]);
                let _ = det.apply(p, a);
                // The step's moves name the child, except the ones the searching player does not
                // see: another player's secret choice, or a card moved out of their sight.
                moves.mix(p as u64);
                moves.mix(if p == me || (!secret && seen_after(&det, me, key)) { key as u64 } else { u64::MAX });
            }
            let (child, made) = self.tree.child(node, moves.value());
            node = child;
            if made || fresh {
                break;
            }
        }
        let cap = self.cfg.cap_for(det.game().program.measures.progress.is_some());
        self.playouts.run(&mut det, self.cfg.playout, cap, &mut self.rng);
        rewards(&det, &self.root_lead, &mut self.scale, &mut self.reward);
        for &(e, p) in &self.path {
            let r = self.reward.get(p as usize).copied().unwrap_or(0.0);
            self.tree.update(e, r);
        }
    }

    /// One step of the tree at an open moment (issue 43): each waiting player picks an answer by
    /// its statistics on the same table; when some claim, chance draws the one applied (the
    /// others' answers are dropped), else every "no claim" is applied. The step's moves name
    /// the child: the searching player's own answer, and the claim applied. Returns whether an
    /// answer was tried for the first time.
    fn open_step(&mut self, det: &mut State, node: u32, me: u8, mask: u64, moves: &mut Fnv) -> bool {
        let mut fresh = false;
        let mut answers: Vec<(u8, Action, u32)> = Vec::new();
        for p in (0..64u8).filter(|p| mask & (1 << p) != 0) {
            det.legal_actions_into(p, &mut self.legal);
            if self.legal.is_empty() {
                continue;
            }
            self.edges.clear();
            for &a in &self.legal {
                let key = edge_key(det, p, me, a);
                self.edges.push(self.tree.edge(node, p, key));
            }
            let (i, new) = self.tree.select(&self.edges, self.cfg.c, &mut self.rng);
            self.path.push((self.edges[i], p));
            fresh |= new;
            let key = self.tree.key_of(self.edges[i]);
            moves.mix(p as u64);
            moves.mix(if p == me { key as u64 } else { u64::MAX });
            answers.push((p, self.legal[i], key));
        }
        let claims: Vec<usize> = (0..answers.len()).filter(|&i| det.is_claim(answers[i].0, answers[i].1)).collect();
        if claims.is_empty() {
            for &(p, a, _) in &answers {
                let _ = det.apply(p, a);
            }
        } else {
            let (p, a, key) = answers[claims[self.rng.below(claims.len() as u64) as usize]];
            let _ = det.apply(p, a);
            moves.mix(0x636C_6169_6D00 | p as u64);
            moves.mix(if p == me || seen_after(det, me, key) { key as u64 } else { u64::MAX });
        }
        fresh
    }

    /// The searching player's most visited legal action at the root (then the best mean, then
    /// the first); `None` when none was tried.
    fn best_root_action(&self, state: &State, player: u8, legal: &[Action]) -> Option<Action> {
        let mut best: Option<(Action, u32, f64)> = None;
        for &a in legal {
            let Some(edge) = self.tree.find(0, player, edge_key(state, player, player, a)) else { continue };
            if edge.visits == 0 {
                continue;
            }
            let mean = edge.total / edge.visits as f64;
            if best.is_none_or(|(_, v, m)| edge.visits > v || (edge.visits == v && mean > m)) {
                best = Some((a, edge.visits, mean));
            }
        }
        best.map(|b| b.0)
    }
}

impl MctsAgent {
    /// Whether the most visited root action is so far ahead that the `left` iterations could
    /// not make another one more visited: the decision is then the one the whole budget would
    /// give, and the rest of the budget is saved.
    fn settled(&self, state: &State, player: u8, legal: &[Action], left: u32) -> bool {
        let (mut first, mut second) = (0u32, 0u32);
        for &a in legal {
            let v = self.tree.find(0, player, edge_key(state, player, player, a)).map_or(0, |e| e.visits);
            if v > first {
                (first, second) = (v, first);
            } else if v > second {
                second = v;
            }
        }
        first > second.saturating_add(left)
    }
}

/// A copy of `state` in which the other players' secret choices already made at the pending
/// simultaneous step are open again (`State::reopen_secrets`); `None` when there are none. The
/// search starts from it, so a player asked after another has chosen searches exactly as one
/// asked first: with the others still to choose in the tree, each by their own statistics, and
/// without reading what they chose.
fn reopened(state: &State, player: u8) -> Option<State> {
    if !matches!(state.to_move(), ToMove::Simultaneous(_)) {
        return None;
    }
    let mut open = state.clone();
    open.reopen_secrets(player).then_some(open)
}

/// Whether a move named `key` is one the searching player `me` saw made: a move that names no
/// card (an option, a number), or a card that lies in their sight after it.
fn seen_after(state: &State, me: u8, key: u32) -> bool {
    if key & CARD_KEY == 0 {
        return true;
    }
    let card = (key & !CARD_KEY) as u16;
    state.find_card(card).is_some_and(|(z, i)| state.can_see(me, z, i))
}

/// How a move is named in the tree: by the card it stands for when it stands for one (for the
/// searching player, only a card they can see: a face-down card they pick is named by its
/// place, the same in every determinization), else by its action.
fn edge_key(state: &State, player: u8, me: u8, a: Action) -> u32 {
    if let Some(card) = state.chosen_card(player, a) {
        let seen = || state.find_card(card).is_some_and(|(z, i)| state.can_see(me, z, i));
        if player != me || seen() {
            return CARD_KEY | card as u32;
        }
    }
    a.0 & !CARD_KEY
}

impl Agent for MctsAgent {
    fn name(&self) -> &str {
        "mcts"
    }

    fn remembers_sightings(&self) -> bool {
        true
    }

    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action> {
        match legal.len() {
            0 => return None,
            1 => return Some(legal[0]),
            _ => {}
        }
        let start = Instant::now();
        // At a secret step, the others' choices already made are taken back: they choose in the
        // tree as the searching player would have seen them do had it been asked first.
        let reopened = reopened(state, player);
        let state = reopened.as_ref().unwrap_or(state);
        self.tree.reset();
        self.scale = Scale::default();
        let deadline = self.cfg.ms.map(Duration::from_millis);
        let mut done = 0u32;
        loop {
            if self.cfg.iterations.is_some_and(|n| done >= n) {
                break;
            }
            if deadline.is_some_and(|d| done > 0 && start.elapsed() >= d) {
                break;
            }
            self.iterate(state, player);
            done += 1;
            if let Some(n) = self.cfg.iterations {
                if done.is_multiple_of(8) && self.settled(state, player, legal, n - done.min(n)) {
                    break;
                }
            }
        }
        self.last = SearchStats { iterations: done, nodes: self.tree.len(), elapsed: start.elapsed() };
        let pick = self.best_root_action(state, player, legal);
        Some(pick.unwrap_or_else(|| legal[self.rng.below(legal.len() as u64) as usize]))
    }
}
