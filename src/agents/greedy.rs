//! The greedy agent: tries each legal action one step ahead, on one determinization of the
//! state, and takes the one that leaves it furthest ahead by the game's own `progress`.
//!
//! Laying melds down (`arrangements of Z`) it chooses by what it can see instead (GR-11a): the
//! arrangement onto which the fewest cards it has not seen could be laid off, the first offered
//! among as few. Offered every arrangement (`all arrangements of Z`), it keeps to those that
//! leave the fewest deadwood points first (the least-deadwood list leaves as few with each).

use std::collections::HashSet;

use super::Agent;
use crate::engine::rng::Rng;
use crate::engine::{Action, Game, Result as GameResult, State, ToMove};

/// How good a position is for the deciding player; greater is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Score {
    /// The game is over and the player lost.
    Lost,
    /// Not over (or a draw, or stopped unfinished: 0): own progress minus the best other team's.
    Ahead(i64),
    /// The game is over and the player won.
    Won,
}

/// Looks one decision ahead: applies each legal action to a copy of one determinization of the
/// state (a table it could believe in, drawn from what it cannot see), scores where the rules
/// stop next by outcome or by `progress`, and takes the best; ties go to positions it has not
/// reached before this game, then to chance.
pub struct GreedyAgent {
    rng: Rng,
    /// Hashes of what it saw of the table after each of its moves this game.
    seen: HashSet<u64>,
    /// The seed and instruction count of the last state it was asked about, to notice a new game.
    last: Option<(u64, u64)>,
    /// Reused per decision: each action's score and position hash, the best actions, others'
    /// legal actions.
    tried: Vec<(Score, u64)>,
    best: Vec<usize>,
    others: Vec<Action>,
    /// Reused: its legal actions at its own choice of melds in the look-ahead.
    melds: Vec<Action>,
    /// The state each action is tried on, copied over for each (its memory reused).
    scratch: Option<State>,
    /// The table drawn at the last decision, drawn over at the next (its memory reused).
    drawn: Option<State>,
}

impl GreedyAgent {
    /// A greedy agent with its own seed.
    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            rng: Rng::new(seed),
            seen: HashSet::new(),
            last: None,
            tried: Vec::new(),
            best: Vec::new(),
            others: Vec::new(),
            melds: Vec::new(),
            scratch: None,
            drawn: None,
        }
    }

    /// Forgets the positions of an earlier game when `state` belongs to another one (another
    /// seed, or fewer instructions run than last time).
    fn notice_new_game(&mut self, state: &State) {
        let now = (state.seed(), state.steps());
        if self.last.is_some_and(|(seed, steps)| seed != now.0 || steps > now.1) {
            self.seen.clear();
        }
        self.last = Some(now);
    }

    /// Makes the other players' pending secret choices at random (they are unknown to this
    /// player, whether made or not), so its own choice resolves the simultaneous move.
    fn complete_secrets(&mut self, det: &mut State, player: u8) {
        // At an open moment the others answer beside it: its own claim is applied as made.
        if det.is_open_moment() {
            return;
        }
        let ToMove::Simultaneous(waiting) = det.to_move() else { return };
        for q in waiting.into_iter().filter(|&q| q != player) {
            det.legal_actions_into(q, &mut self.others);
            if !self.others.is_empty() {
                let a = self.others[self.rng.below(self.others.len() as u64) as usize];
                let _ = det.apply(q, a);
            }
        }
    }
}

/// The melds `player` would lay down where an action leads to its own choice among
/// arrangements (a knock): chosen by its own rule (GR-11a), so the look-ahead goes on to where
/// the rules stop next (the knock's score) instead of stopping at a choice it would make at once.
fn lay_down_own(next: &mut State, player: u8, legal: &mut Vec<Action>) {
    // A game asks for a few such choices in a row at most; the bound keeps a strange one finite.
    for _ in 0..8 {
        if next.to_move() != ToMove::One(player) {
            return;
        }
        next.legal_actions_into(player, legal);
        let Some(pick) = fewest_lay_offs(next, player, legal) else { return };
        if next.apply(player, pick).is_err() {
            return;
        }
    }
}

/// At a choice among arrangements: among those that leave the fewest deadwood points, the
/// action whose arrangement leaves the fewest cards `player` has not seen to lay off, the first
/// among as few (GR-11a); `None` at any other choice.
fn fewest_lay_offs(state: &State, player: u8, legal: &[Action]) -> Option<Action> {
    if legal.len() < 2 {
        return None;
    }
    let points = state.offered_deadwood(player, legal)?;
    let fewest = *points.iter().min()?;
    let counts = state.unseen_lay_offs(player, legal)?;
    let kept = || counts.iter().zip(&points).filter(|(_, &p)| p == fewest).map(|(c, _)| *c);
    let least = kept().min()?;
    counts.iter().zip(&points).position(|(&c, &p)| p == fewest && c == least).map(|i| legal[i])
}

/// The score of a position for `player`.
fn score(s: &State, player: u8) -> Score {
    if let Some(o) = s.outcome() {
        return match &o.result {
            GameResult::Win(ws) if ws.contains(&player) => Score::Won,
            GameResult::Win(_) => Score::Lost,
            GameResult::Draw | GameResult::Unfinished => Score::Ahead(0),
        };
    }
    let own = s.progress(player).unwrap_or(0);
    // Partners are not rivals: the best other is the best outside the player's team.
    let program = &s.game().program;
    let best_other =
        (0..s.game().players()).filter(|&q| !program.same_team(q, player)).map(|q| s.progress(q).unwrap_or(0)).max();
    Score::Ahead(match best_other {
        Some(b) => own.saturating_sub(b),
        None => own,
    })
}

/// A hash of the cards `player` sees where they lie, and of how many cards each zone holds
/// (counters are left out: they change every turn).
fn position_hash(s: &State, player: u8) -> u64 {
    // FNV-1a over 64-bit words: fixed, so the same game gives the same decisions everywhere.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |w: u64| h = (h ^ w).wrapping_mul(0x0000_0100_0000_01b3);
    for z in 0..s.game().program.zones.len() as u16 {
        let cards = s.zone_cards(z);
        mix(cards.len() as u64 | (z as u64) << 32);
        for (i, &c) in cards.iter().enumerate() {
            mix(if s.can_see(player, z, i) { c as u64 + 1 } else { 0 });
        }
    }
    h
}

impl Agent for GreedyAgent {
    fn name(&self) -> &str {
        "greedy"
    }

    /// In a game with melds it reads what its player saw (the cards buried in a discard pile,
    /// those the others took from it) to tell the cards it has not seen (GR-11a).
    fn remembers_sightings_in(&self, game: &Game) -> bool {
        game.program.melds.is_some()
    }

    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action> {
        self.notice_new_game(state);
        match legal.len() {
            0 => return None,
            1 => return Some(legal[0]),
            _ => {}
        }
        // Melds to lay down: the fewest lay-offs among the cards it has not seen (GR-11a); the
        // first offered among as few.
        if let Some(pick) = fewest_lay_offs(state, player, legal) {
            return Some(pick);
        }
        // One table it could believe in, shared by every action; `state` itself is not looked at
        // again.
        let mut det = match self.drawn.take() {
            Some(mut d) => {
                state.determinize_into(&mut d, player, &mut self.rng);
                d
            }
            None => state.determinized(player, &mut self.rng),
        };
        self.complete_secrets(&mut det, player);
        // The drawn table's menu is listed here, once: every copy below shares that list to find
        // the candidate an action stands for, instead of listing the menu again for each action.
        det.legal_actions_into(player, &mut self.others);
        self.tried.clear();
        for &a in legal {
            let next = match &mut self.scratch {
                Some(s) => {
                    s.clone_from(&det);
                    s
                }
                None => self.scratch.insert(det.clone()),
            };
            // Where the action leads is only scored: a menu it reaches need not be listed.
            next.set_lazy_menus(true);
            // An action the drawn table does not allow leaves it as it was.
            let _ = next.apply(player, a);
            lay_down_own(next, player, &mut self.melds);
            self.tried.push((score(next, player), position_hash(next, player)));
        }
        self.drawn = Some(det);
        let top = self.tried.iter().map(|t| t.0).max()?;
        self.best.clear();
        self.best.extend((0..legal.len()).filter(|&i| self.tried[i].0 == top));
        if self.best.iter().any(|&i| !self.seen.contains(&self.tried[i].1)) {
            let seen = &self.seen;
            let tried = &self.tried;
            self.best.retain(|&i| !seen.contains(&tried[i].1));
        }
        let pick = self.best[self.rng.below(self.best.len() as u64) as usize];
        self.seen.insert(self.tried[pick].1);
        Some(legal[pick])
    }
}
