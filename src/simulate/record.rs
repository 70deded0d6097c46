//! What one game tells a simulation: its result, length, counters, decisions and how the lead
//! moved, watched as it is played.

use crate::agents::{Decision, Watcher};
use crate::check::ir::Per;
use crate::engine::{Event, EventSink, Result as GameResult, State};

/// The longest margin trace kept for a sample game; longer games keep every n-th point.
pub const MAX_TRACE: usize = 2000;

/// One finished game, reduced to what the statistics need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Who won (empty for a draw or an unfinished game).
    pub winners: Vec<u8>,
    /// Nobody won.
    pub draw: bool,
    /// Stopped by a cap in the rules or a limit of the engine.
    pub unfinished: bool,
    /// Stopped by a limit of the engine (not the rules).
    pub engine_stop: bool,
    /// Its length: the `length` counter at the end, or the decisions made when there is none.
    pub length: i64,
    /// Each reported number counter at the end, slot by slot (as in [`CounterColumn`]).
    pub counters: Vec<i64>,
    /// Decisions made, and how many of them had more than one legal action.
    pub decisions: u64,
    /// Decisions with a real choice.
    pub real_choices: u64,
    /// Times the leader (the one player strictly ahead by `progress`; in a team game, the one
    /// team strictly ahead) changed.
    pub lead_changes: u64,
    /// For each player, the most they were ever behind the best other player (in a team game,
    /// the most their team was ever behind the best other team).
    pub max_deficit: Vec<i64>,
    /// The winner's largest deficit, when one player won alone, or (in a team game) the players
    /// of one team won together; `None` otherwise or without `progress`.
    pub winner_deficit: Option<i64>,
    /// Whether the game declares `progress` (else the two fields above say nothing).
    pub has_progress: bool,
    /// The leader's margin over the next player at each sample: (length then, margin), signed
    /// from player 1's side in a two-player game (positive: player 1 ahead).
    pub trace: Vec<(i64, i64)>,
    /// One-player games: the player's `progress` at the end, if the game declares it.
    pub final_progress: Option<i64>,
    /// One-player games: the last thing the rules announced before the game ended, which says
    /// why it ended ("no move is left"); `None` in other games or when nothing was announced.
    pub ending: Option<String>,
}

/// A column of the counter table: a reported number counter, for the game or one seat.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CounterColumn {
    /// The counter's name.
    pub name: String,
    /// The seat, for a per-player counter.
    pub seat: Option<u8>,
    /// Its slot in the state.
    pub slot: u16,
}

/// The counters a simulation reports: every reported number counter of the game or of a player.
pub fn counter_columns(state: &State) -> Vec<CounterColumn> {
    let program = &state.game().program;
    let mut out = Vec::new();
    for c in &program.counters {
        if !c.reported || c.ty != crate::check::ir::Type::Int {
            continue;
        }
        match c.per {
            Per::Game => out.push(CounterColumn { name: c.name.clone(), seat: None, slot: c.slot }),
            // Each seat reports its own value, or its team's.
            Per::Player | Per::Team => {
                for p in 0..program.players {
                    let slot = program.counter_slot(c, p as usize) as u16;
                    out.push(CounterColumn { name: c.name.clone(), seat: Some(p), slot });
                }
            }
            Per::Card => {}
        }
    }
    out
}

/// Watches one game: counts decisions and samples progress whenever the game's length grows and
/// at every decision.
pub struct Observer {
    players: u8,
    /// Each player's team, when some team has more than one player; the lead, the deficits and
    /// the margin are then the teams' (a team stands as high as its best player's `progress`).
    teams: Option<Vec<u8>>,
    /// The teams' progress, when there are teams.
    team_progress: Vec<i64>,
    keep_trace: bool,
    last_length: Option<i64>,
    decisions: u64,
    real_choices: u64,
    leader: Option<u8>,
    lead_changes: u64,
    max_deficit: Vec<i64>,
    trace: Vec<(i64, i64)>,
    samples: u64,
    progress: Vec<i64>,
    /// One-player games: the latest announcement.
    last_announcement: Option<String>,
}

impl Observer {
    /// An observer for a game of `players`; `keep_trace` keeps the margin over time.
    pub fn new(players: u8, keep_trace: bool) -> Observer {
        Observer {
            players,
            teams: None,
            team_progress: Vec::new(),
            keep_trace,
            last_length: None,
            decisions: 0,
            real_choices: 0,
            leader: None,
            lead_changes: 0,
            max_deficit: vec![0; players as usize],
            trace: Vec::new(),
            samples: 0,
            progress: vec![0; players as usize],
            last_announcement: None,
        }
    }

    /// An observer that measures the lead by team: `teams` holds each player's team, from 0 (as
    /// `Program::teams`). Without a team of two or more players it is [`Observer::new`].
    pub fn with_teams(players: u8, keep_trace: bool, teams: &[u8]) -> Observer {
        let mut o = Observer::new(players, keep_trace);
        let count = teams.iter().map(|t| *t as usize + 1).max().unwrap_or(0);
        if teams.len() == players as usize && count < players as usize {
            o.teams = Some(teams.to_vec());
            o.team_progress = vec![0; count];
        }
        o
    }

    /// Samples every player's progress now.
    fn sample(&mut self, state: &State) {
        if !state.progress_into(&mut self.progress[..self.players as usize]) {
            return;
        }
        self.samples += 1;
        if self.teams.is_some() {
            self.sample_teams(state);
            return;
        }
        let best = self.progress.iter().copied().max().unwrap_or(0);
        let leaders = self.progress.iter().filter(|v| **v == best).count();
        for p in 0..self.players as usize {
            let others = (0..self.players as usize).filter(|q| *q != p).map(|q| self.progress[q]).max();
            if let Some(o) = others {
                self.max_deficit[p] = self.max_deficit[p].max(o - self.progress[p]);
            }
        }
        if leaders == 1 {
            let now = self.progress.iter().position(|v| *v == best).map(|p| p as u8);
            if self.leader.is_some() && self.leader != now {
                self.lead_changes += 1;
            }
            self.leader = now;
        }
        if self.keep_trace {
            let margin = if self.players == 2 {
                self.progress[0] - self.progress[1]
            } else {
                let mut sorted = self.progress.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                sorted[0] - sorted.get(1).copied().unwrap_or(0)
            };
            let x = state.length().unwrap_or(self.decisions as i64);
            self.push_trace(x, margin);
        }
    }

    /// [`Observer::sample`] in a team game: the same figures over the teams' progress.
    fn sample_teams(&mut self, state: &State) {
        let Some(teams) = &self.teams else { return };
        self.team_progress.fill(i64::MIN);
        for (p, t) in teams.iter().enumerate() {
            let v = &mut self.team_progress[*t as usize];
            *v = (*v).max(self.progress[p]);
        }
        let tp = &self.team_progress;
        let best = tp.iter().copied().max().unwrap_or(0);
        let leaders = tp.iter().filter(|v| **v == best).count();
        for (p, t) in teams.iter().enumerate() {
            let t = *t as usize;
            let others = (0..tp.len()).filter(|q| *q != t).map(|q| tp[q]).max();
            if let Some(o) = others {
                self.max_deficit[p] = self.max_deficit[p].max(o.saturating_sub(tp[t]));
            }
        }
        if leaders == 1 {
            let now = tp.iter().position(|v| *v == best).map(|t| t as u8);
            if self.leader.is_some() && self.leader != now {
                self.lead_changes += 1;
            }
            self.leader = now;
        }
        if self.keep_trace {
            // Two teams: signed from the first team's side; more: the leading team's margin.
            let margin = if tp.len() == 2 {
                tp[0].saturating_sub(tp[1])
            } else {
                let mut sorted = tp.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                sorted[0].saturating_sub(sorted.get(1).copied().unwrap_or(0))
            };
            let x = state.length().unwrap_or(self.decisions as i64);
            self.push_trace(x, margin);
        }
    }

    /// Adds a point to the margin trace, halving it when it grows too long.
    fn push_trace(&mut self, x: i64, margin: i64) {
        self.trace.push((x, margin));
        if self.trace.len() >= 2 * MAX_TRACE {
            // Keep every other point: a long game's trace stays bounded and evenly spread.
            let halved: Vec<(i64, i64)> = self.trace.iter().step_by(2).copied().collect();
            self.trace = halved;
        }
    }

    /// The winner's largest deficit: one winner, or winners all of one team.
    fn winner_deficit(&self, winners: &[u8]) -> Option<i64> {
        let first = *winners.first()?;
        let one_side = match &self.teams {
            None => winners.len() == 1,
            Some(teams) => winners.iter().all(|w| teams.get(*w as usize) == teams.get(first as usize)),
        };
        (one_side && self.samples > 0).then(|| self.max_deficit.get(first as usize).copied().unwrap_or(0))
    }

    /// The record of the finished game.
    pub fn finish(mut self, state: &State, columns: &[CounterColumn]) -> GameRecord {
        self.sample(state);
        let outcome = state.outcome();
        let (winners, draw, unfinished) = match outcome.map(|o| &o.result) {
            Some(GameResult::Win(w)) => (w.clone(), false, false),
            Some(GameResult::Draw) => (Vec::new(), true, false),
            Some(GameResult::Unfinished) | None => (Vec::new(), false, true),
        };
        let engine_stop = outcome.is_some_and(|o| o.note.is_some());
        let winner_deficit = self.winner_deficit(&winners);
        GameRecord {
            winners,
            draw,
            unfinished,
            engine_stop,
            length: state.length().unwrap_or(self.decisions as i64),
            counters: columns.iter().map(|c| state.counter_slot(c.slot).as_int().unwrap_or(0)).collect(),
            decisions: self.decisions,
            real_choices: self.real_choices,
            lead_changes: self.lead_changes,
            max_deficit: self.max_deficit,
            winner_deficit,
            has_progress: self.samples > 0,
            trace: self.trace,
            final_progress: (self.players == 1 && self.samples > 0).then(|| self.progress[0]),
            ending: if self.players == 1 { self.last_announcement } else { None },
        }
    }
}

impl EventSink for Observer {
    /// Only a one-player game's announcements are read (the last one says why it ended);
    /// elsewhere they are never even formatted.
    fn announcements(&self) -> bool {
        self.players == 1
    }

    /// What a pick was called is never read.
    fn labels(&self) -> bool {
        false
    }

    fn event(&mut self, state: &State, event: Event<'_>) {
        if let Event::Announce(text) = event {
            // One buffer per game, reused: a one-player game may announce at every move.
            let last = self.last_announcement.get_or_insert_with(String::new);
            last.clear();
            last.push_str(text);
        }
        let length = state.length();
        if length != self.last_length {
            self.last_length = length;
            self.sample(state);
        }
    }
}

impl Watcher for Observer {
    fn decision(&mut self, _: &State, d: &Decision) {
        self.decisions += 1;
        if d.legal.len() > 1 {
            self.real_choices += 1;
        }
    }

    fn paused(&mut self, state: &State) {
        self.sample(state);
    }
}
