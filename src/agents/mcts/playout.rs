//! Playouts and their scoring: from the end of the tree, the players of one determinization
//! play on by a simple policy until the game ends or the playout cap is reached, and the
//! position is turned into a reward between 0 and 1 for every player.
//!
//! The reward (docs/agents.md, "How a position is scored"):
//!
//! - a game that ended with winners: 1 for each winner, 0 for every other player; a draw 0.5;
//! - with two or more players, a playout stopped by its cap, or a game stopped unfinished, is
//!   scored by how each player's lead (their `progress` minus the best of the others') changed
//!   since the root of this iteration: `0.5 + 0.5 * tanh(change / scale)`, where `scale` is the
//!   mean size of that change over the search so far (at least 1), so the reward needs no
//!   knowledge of the game's units and a lead held at the root is not counted as a win;
//! - with one player, a win is 1; a deal that goes on (stopped by the cap) is `0.9 *` the same
//!   curve over the player's own `progress`, and a lost deal `0.45 *` it: a deal that goes
//!   further is better, one that can still be won better than one lost, and none as good as a
//!   win.

use crate::engine::rng::Rng;
use crate::engine::{Action, Result as GameResult, State};

use super::config::Playout;

/// The reward of a game that ends with no winner, and the middle of the curve.
const EVEN: f64 = 0.5;
/// The most a one-player game that is not won can give.
const SOLO_SHARE: f64 = 0.9;
/// The most a one-player game that is lost can give: less than one that goes on at the same
/// progress, which may still be won.
const SOLO_LOST_SHARE: f64 = 0.45;

/// The running mean size of the change of lead, which sets the reward curve's width.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Scale {
    sum: f64,
    n: u64,
}

impl Scale {
    fn observe(&mut self, change: f64) {
        self.sum += change.abs();
        self.n += 1;
    }

    fn width(&self) -> f64 {
        if self.n == 0 {
            1.0
        } else {
            (self.sum / self.n as f64).max(1.0)
        }
    }
}

/// Each player's `progress` (0 when the game defines none), into `out`.
pub(super) fn progress_all(state: &State, out: &mut Vec<f64>) {
    out.clear();
    out.extend((0..state.game().players()).map(|p| state.progress(p).unwrap_or(0) as f64));
}

/// How far ahead each player is, into `out`: their `progress` minus the best of the players
/// outside their team (their own `progress` when nobody is: one player, or one team).
pub(super) fn leads(state: &State, out: &mut Vec<f64>) {
    progress_all(state, out);
    if out.len() < 2 {
        return;
    }
    let program = &state.game().program;
    let team = |p: usize| program.teams.get(p).map_or(p, |t| *t as usize);
    // The best, and the best of the other teams: each player's best other is the best, unless
    // it is in their team (without teams, every player is a team of one).
    let (mut first, mut second) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    let mut top = usize::MAX;
    for (p, &v) in out.iter().enumerate() {
        if v > first {
            if team(p) != top {
                second = first;
            }
            (first, top) = (v, team(p));
        } else if team(p) != top && v > second {
            second = v;
        }
    }
    for (p, v) in out.iter_mut().enumerate() {
        let other = if team(p) == top { second } else { first };
        if other > f64::NEG_INFINITY {
            *v -= other;
        }
    }
}

/// How far ahead `player` is (see [`leads`]), for one player only.
fn lead(state: &State, player: u8) -> f64 {
    let own = state.progress(player).unwrap_or(0);
    let program = &state.game().program;
    let best_other = (0..state.game().players())
        .filter(|&q| !program.same_team(q, player))
        .map(|q| state.progress(q).unwrap_or(0))
        .max();
    match best_other {
        Some(b) => own.saturating_sub(b) as f64,
        None => own as f64,
    }
}

/// The players who must choose now, as a bit set (no allocation, unlike `to_move`).
pub(super) fn movers(state: &State) -> u64 {
    if state.is_over() {
        return 0;
    }
    (0..state.game().players().min(64)).filter(|&p| state.must_choose(p)).fold(0, |m, p| m | 1 << p)
}

/// The players of `mask` and how many they are: in seat order, or, at an open moment (issue
/// 43), in an order drawn by `rng` (who is first is chance).
fn in_order(mask: u64, open: bool, rng: &mut Rng) -> ([u8; 64], usize) {
    let mut order = [0u8; 64];
    let mut n = 0;
    for p in (0..64u8).filter(|p| mask & (1 << p) != 0) {
        order[n] = p;
        n += 1;
    }
    if open {
        rng.shuffle(&mut order[..n]);
    }
    (order, n)
}

/// Buffers a playout reuses.
#[derive(Default)]
pub(super) struct Playouts {
    legal: Vec<Action>,
    others: Vec<Action>,
    best: Vec<usize>,
    scratch: Option<State>,
}

impl Playouts {
    /// Plays `state` on by `policy` for at most `cap` decisions, or to its end.
    pub fn run(&mut self, state: &mut State, policy: Playout, cap: u32, rng: &mut Rng) {
        let mut made = 0;
        while made < cap {
            let mask = movers(state);
            if mask == 0 {
                return;
            }
            // issue 43: at an open moment the players answer in an order drawn by chance, and the
            // first claim ends the moment (the others' answers are dropped).
            let open = state.is_open_moment();
            let (order, n) = in_order(mask, open, rng);
            for &p in &order[..n] {
                if open && !state.must_choose(p) {
                    break;
                }
                state.legal_actions_into(p, &mut self.legal);
                if self.legal.is_empty() {
                    // Nothing to choose, yet asked to: the rules cannot go on here.
                    return;
                }
                let a = match (policy, self.legal.len()) {
                    (_, 1) => self.legal[0],
                    (Playout::Random, n) => self.legal[rng.below(n as u64) as usize],
                    (Playout::Greedy, _) => self.greedy(state, p, rng),
                };
                if state.apply(p, a).is_err() {
                    return;
                }
                made += 1;
            }
        }
    }

    /// The `greedy` player's choice among `self.legal` for `player`: each tried on a copy of the
    /// state (the other players' pending secret choices made at random first), the best by
    /// outcome, then by lead; ties uniformly.
    fn greedy(&mut self, state: &State, player: u8, rng: &mut Rng) -> Action {
        let mut top = f64::NEG_INFINITY;
        self.best.clear();
        for i in 0..self.legal.len() {
            let next = match &mut self.scratch {
                Some(s) => {
                    s.clone_from(state);
                    s
                }
                None => self.scratch.insert(state.clone()),
            };
            // Where the action leads is only scored: a menu it reaches need not be listed.
            next.set_lazy_menus(true);
            // Others still to choose at once with `player` choose at random first, so that
            // `player`'s choice resolves the step, as the `greedy` player does.
            let waiting = if next.is_open_moment() { 0 } else { movers(next) & !(1 << player) };
            for q in (0..64u8).filter(|&q| waiting & (1 << q) != 0) {
                next.legal_actions_into(q, &mut self.others);
                if !self.others.is_empty() {
                    let a = self.others[rng.below(self.others.len() as u64) as usize];
                    let _ = next.apply(q, a);
                }
            }
            let _ = next.apply(player, self.legal[i]);
            let v = match next.outcome().map(|o| &o.result) {
                Some(GameResult::Win(ws)) if ws.contains(&player) => f64::INFINITY,
                Some(GameResult::Win(_)) => f64::MIN,
                _ => lead(next, player),
            };
            if v > top {
                top = v;
                self.best.clear();
            }
            if v >= top {
                self.best.push(i);
            }
        }
        self.legal[self.best[rng.below(self.best.len() as u64) as usize]]
    }
}

/// Scores the end of a playout for every player into `out` (see the module documentation);
/// `root_lead` is each player's lead at the root of this iteration.
pub(super) fn rewards(state: &State, root_lead: &[f64], scale: &mut Scale, out: &mut Vec<f64>) {
    let players = state.game().players();
    out.clear();
    match state.outcome().map(|o| &o.result) {
        Some(GameResult::Win(ws)) if players > 1 => {
            out.extend((0..players).map(|p| if ws.contains(&p) { 1.0 } else { 0.0 }));
        }
        Some(GameResult::Win(ws)) if !ws.is_empty() => out.push(1.0),
        Some(GameResult::Draw) if players > 1 => out.extend((0..players).map(|_| EVEN)),
        _ => {
            // Stopped by the cap, unfinished, or a one-player game lost: by the change of lead.
            leads(state, out);
            for (p, r) in out.iter_mut().enumerate() {
                *r -= root_lead.get(p).copied().unwrap_or(0.0);
                scale.observe(*r);
            }
            let width = scale.width();
            let share = match (players > 1, state.outcome().is_some()) {
                (true, _) => 1.0,
                (false, false) => SOLO_SHARE,
                (false, true) => SOLO_LOST_SHARE,
            };
            for r in out.iter_mut() {
                *r = share * (EVEN + EVEN * (*r / width).tanh());
            }
        }
    }
}
