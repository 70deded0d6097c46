//! Plays the games of one setting with `simulate`'s machinery and rates them against the goals.
//! Each game's seed comes from the run's seed, the setting and the game's number (never from
//! which thread plays it), so a tune gives the same answer whatever `--jobs` is.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use super::goal::Goal;
use super::space::{Point, Space};
use super::TuneError;
use crate::engine::Game;
use crate::simulate::summary::{Context, Summary};
use crate::simulate::tally::Tally;
use crate::simulate::{self, game_seed, Settings};

/// Makes the game of a setting: the game checked with these `--set` pairs on top of the run's
/// variant and options; an error says why it does not check.
pub type Maker<'a> = dyn Fn(&[(String, String)]) -> Result<Arc<Game>, String> + Sync + 'a;

/// Which games of a setting: the search's, or the fresh ones the answer is replayed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Games played while searching.
    Search,
    /// Games played again for the answer, on seeds the search never used.
    Replay,
}

/// How a setting did against the goals.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// Its worst goal's score (0 to 1).
    pub score: f64,
    /// How far inside the ranges it is at its tightest (tells apart settings scoring 1).
    pub slack: f64,
    /// Each goal's score.
    pub scores: Vec<f64>,
    /// Each goal's measured value.
    pub values: Vec<Option<f64>>,
}

impl Rating {
    /// Rates a summary: each goal's value and score; the setting scores its worst goal.
    pub fn of(goals: &[Goal], s: &Summary) -> Rating {
        let values: Vec<Option<f64>> = goals.iter().map(|g| g.measure.value(s)).collect();
        let scores: Vec<f64> = goals.iter().zip(&values).map(|(g, v)| g.score(*v)).collect();
        let slack = goals.iter().zip(&values).map(|(g, v)| g.slack(*v)).fold(f64::INFINITY, f64::min);
        Rating { score: scores.iter().copied().fold(1.0, f64::min), slack: slack.min(1e9), scores, values }
    }

    /// Orders ratings best first: by score, then by slack.
    pub fn better(&self, other: &Rating) -> std::cmp::Ordering {
        other.score.total_cmp(&self.score).then(other.slack.total_cmp(&self.slack))
    }
}

/// The games of every setting tried so far.
pub struct Bench<'a> {
    space: &'a Space,
    make: &'a Maker<'a>,
    players: Vec<String>,
    seed: u64,
    jobs: usize,
    tick: &'a (dyn Fn(u64) + Sync),
    games: HashMap<Point, Arc<Game>>,
    /// The search's games of each setting, folded.
    pub search: BTreeMap<Point, Tally>,
    /// Games played so far, search and replays.
    pub played: u64,
}

impl<'a> Bench<'a> {
    /// A bench for settings of `space`; `tick` hears of every block of games finished.
    pub fn new(
        space: &'a Space,
        make: &'a Maker<'a>,
        players: Vec<String>,
        seed: u64,
        jobs: usize,
        tick: &'a (dyn Fn(u64) + Sync),
    ) -> Bench<'a> {
        Bench { space, make, players, seed, jobs, tick, games: HashMap::new(), search: BTreeMap::new(), played: 0 }
    }

    /// The space searched.
    pub fn space(&self) -> &Space {
        self.space
    }

    /// The game of a setting, checked once.
    pub fn game(&mut self, p: &Point) -> Result<Arc<Game>, TuneError> {
        if let Some(g) = self.games.get(p) {
            return Ok(g.clone());
        }
        let game = (self.make)(&self.space.sets(p))
            .map_err(|message| TuneError::Setting { setting: self.space.describe(p), message })?;
        self.games.insert(p.clone(), game.clone());
        Ok(game)
    }

    /// The seed a setting's games of one stream are drawn from: the run's seed mixed with the
    /// setting's text (FNV-1a), so it does not depend on the order settings are tried in.
    pub fn seed_of(&self, p: &Point, stream: Stream) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for (k, v) in self.space.sets(p) {
            for b in k.bytes().chain([b'=']).chain(v.bytes()).chain([b';']) {
                h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        game_seed(self.seed ^ h, stream as u64)
    }

    fn settings(&self, p: &Point, stream: Stream, games: u64) -> Settings {
        Settings { games, seed: self.seed_of(p, stream), jobs: self.jobs, players: self.players.clone(), samples: 0 }
    }

    /// Plays `n` more search games of a setting (numbered after those it has had) and folds them
    /// into its tally; returns the tally of these `n` alone.
    pub fn play(&mut self, p: &Point, n: u64) -> Result<Tally, TuneError> {
        let game = self.game(p)?;
        let start = self.search.get(p).map_or(0, |t| t.games);
        let settings = self.settings(p, Stream::Search, start + n);
        let batch = simulate::run_slice(&game, &settings, start..start + n, self.tick).map_err(TuneError::Simulate)?;
        self.played += n;
        let all = match self.search.remove(p) {
            Some(t) => t.merge(batch.clone()),
            None => batch.clone(),
        };
        self.search.insert(p.clone(), all);
        Ok(batch)
    }

    /// Plays `n` fresh games of a setting in `batches` equal parts (the spread of the parts gives
    /// the interval of a mean), on seeds the search never used.
    pub fn replay(&mut self, p: &Point, n: u64, batches: u64) -> Result<Vec<Tally>, TuneError> {
        let game = self.game(p)?;
        let settings = self.settings(p, Stream::Replay, n);
        let mut out = Vec::new();
        for b in 0..batches {
            let range = n * b / batches..n * (b + 1) / batches;
            if range.is_empty() {
                continue;
            }
            out.push(simulate::run_slice(&game, &settings, range, self.tick).map_err(TuneError::Simulate)?);
        }
        self.played += n;
        Ok(out)
    }

    /// The summary of a tally of a setting's games.
    pub fn summary(&mut self, p: &Point, t: &Tally) -> Result<Summary, TuneError> {
        let game = self.game(p)?;
        Ok(summary_of(&game, &self.players, self.seed, t))
    }

    /// A setting's rating by its search games so far (`None` before any).
    pub fn rating(&mut self, p: &Point, goals: &[Goal]) -> Result<Option<Rating>, TuneError> {
        let Some(t) = self.search.get(p).cloned() else { return Ok(None) };
        Ok(Some(Rating::of(goals, &self.summary(p, &t)?)))
    }
}

/// The summary of games of `game`, as `simulate` would make it.
pub fn summary_of(game: &Arc<Game>, players: &[String], seed: u64, t: &Tally) -> Summary {
    let program = &game.program;
    let columns = simulate::columns(game);
    let cx = Context {
        game: program.title.clone(),
        variant: program.variant.clone(),
        options: Vec::new(),
        players,
        seed,
        length_unit: program.measures.length.as_ref().map(|l| l.0.clone()),
        progress: program.measures.progress.as_ref().map(|_| "progress".to_string()),
        columns: &columns,
    };
    Summary::new(t, &cx)
}
