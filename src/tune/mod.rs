//! `cardlang tune`: finds the option values that make a game play as the designer wants. Goals
//! over what `simulate` measures (`goal`) are scored from 0 to 1 and a setting scores its worst
//! goal; the settings (`space`) are searched by a race for a small space (`race`) or by NTBEA for
//! a large one (`ntbea`), with games played by `simulate`'s machinery (`play`); the best few are
//! replayed on fresh seeds for the answer (`answer`), shown as text, JSON (`json`) or an HTML
//! page (`report`), and can be written as a variant file (`variant`). Knows nothing of any one
//! game.

pub mod answer;
pub mod goal;
pub mod json;
pub mod ntbea;
pub mod play;
pub mod race;
pub mod report;
pub mod space;
pub mod variant;

use std::sync::Arc;

use answer::{Answer, Search};
use goal::{Goal, Vocabulary};
use play::{Bench, Maker};
use space::Point;

use crate::engine::Game;
use crate::simulate::SimError;

/// The player in every seat when none are given: the search player with a modest budget, since
/// an advantage between random players is not the one people feel.
pub const DEFAULT_PLAYER: &str = "mcts:iterations=100";

/// How many of the best settings are replayed for the answer.
pub const FINALISTS: usize = 3;

/// A space is raced when every setting can have at least this many games of the budget.
pub const RACE_GAMES: u64 = 40;

/// Why a tune could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum TuneError {
    /// No goal was given.
    #[error("no goal: say what the games should be like")]
    #[diagnostic(
        code(cardlang::tune::no_goal),
        help("give one or more --goal, as in --goal \"turns in 20..30\" --goal \"draws < 5%\" (docs/tune.md)")
    )]
    NoGoal,
    /// A goal does not read.
    #[error("the goal `{goal}` does not read: {why}")]
    #[diagnostic(code(cardlang::tune::bad_goal), help("goals read as `turns in 20..30`, `draws < 5%` (docs/tune.md)"))]
    BadGoal {
        /// The goal.
        goal: String,
        /// Why.
        why: String,
    },
    /// A goal names a measure that does not exist.
    #[error("the goal `{goal}` measures `{word}`, which is not a measure of this game")]
    #[diagnostic(code(cardlang::tune::unknown_measure), help("{}", help.as_deref().unwrap_or("measures: the length unit, first_seat_advantage, balance, decisiveness, draws, unfinished, lead_changes, drama, win_rate, or a reported counter")))]
    UnknownMeasure {
        /// The goal.
        goal: String,
        /// The word not understood.
        word: String,
        /// A suggestion.
        help: Option<String>,
    },
    /// A `--vary` is not OPTION=VALUES.
    #[error("`{text}` is not OPTION=VALUES")]
    #[diagnostic(
        code(cardlang::tune::bad_vary),
        help("for example --vary hidden_prizes=0..4 or --vary scoring=true,false")
    )]
    BadVary {
        /// The text given.
        text: String,
    },
    /// A `--vary` names an option the game does not declare.
    #[error("the game has no option `{name}`")]
    #[diagnostic(code(cardlang::tune::unknown_option), help("{help}"))]
    UnknownOption {
        /// The name given.
        name: String,
        /// A suggestion, or the options there are.
        help: String,
    },
    /// An option is named by two `--vary`.
    #[error("`{name}` is varied twice")]
    #[diagnostic(code(cardlang::tune::varied_twice), help("give each option one --vary with all its values"))]
    VariedTwice {
        /// The option.
        name: String,
    },
    /// A value outside the option's declared range.
    #[error("`{name}` cannot be {value}: it takes {range}")]
    #[diagnostic(code(cardlang::tune::out_of_range), help("vary `{name}` within {range}"))]
    OutOfRange {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The values it takes.
        range: String,
    },
    /// Values an option does not take.
    #[error("`{name}={spec}`: {why}")]
    #[diagnostic(code(cardlang::tune::bad_values), help("see the option with `cardlang variants GAME`"))]
    BadValues {
        /// The option.
        name: String,
        /// The values given.
        spec: String,
        /// Why they are refused.
        why: String,
    },
    /// No option can be varied.
    #[error("the game declares no option with a range of values, so there is nothing to tune")]
    #[diagnostic(code(cardlang::tune::nothing_to_vary), help("declare options as `option NAME: int in 1 to 10 = 5`"))]
    NothingToVary,
    /// The players given are not one per seat.
    #[error("the game has {}, but {} were given", crate::check::error::plural(usize::from(*.seats), "seat"), crate::check::error::plural(*.given, "player"))]
    #[diagnostic(code(cardlang::tune::seats), help("give one player per seat: random, greedy or mcts"))]
    Seats {
        /// Seats.
        seats: u8,
        /// Players given.
        given: usize,
    },
    /// A setting's game does not check.
    #[error("the game does not check with {setting}")]
    #[diagnostic(code(cardlang::tune::setting), help("{message}"))]
    Setting {
        /// The setting.
        setting: String,
        /// The checker's message.
        message: String,
    },
    /// The games could not be played.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Simulate(SimError),
}

/// What to tune, past the game.
#[derive(Debug, Clone)]
pub struct Request {
    /// `--vary` texts (none: every declared option).
    pub varies: Vec<String>,
    /// `--goal` texts.
    pub goals: Vec<String>,
    /// The player in each seat (none: [`DEFAULT_PLAYER`] in every seat).
    pub players: Vec<String>,
    /// Games the search may play.
    pub budget: u64,
    /// Games each finalist is replayed on.
    pub replay: u64,
    /// The seed.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// The command that reproduces the run.
    pub command: String,
}

/// How a tune reports its progress: every block of games finished, and each phase begun.
pub struct Progress<'a> {
    /// Games just finished.
    pub tick: &'a (dyn Fn(u64) + Sync),
    /// A phase begins ("racing 12 settings").
    pub phase: &'a dyn Fn(&str),
}

/// The players of a request, or the default in every seat.
pub fn players_for(game: &Game, given: &[String]) -> Result<Vec<String>, TuneError> {
    if given.is_empty() {
        return Ok(vec![DEFAULT_PLAYER.to_string(); game.players() as usize]);
    }
    if given.len() != game.players() as usize {
        return Err(TuneError::Seats { seats: game.players(), given: given.len() });
    }
    Ok(given.to_vec())
}

/// The goals of a request, read against the game.
pub fn goals_for(game: &Arc<Game>, texts: &[String]) -> Result<Vec<Goal>, TuneError> {
    if texts.is_empty() {
        return Err(TuneError::NoGoal);
    }
    let mut counters: Vec<String> = Vec::new();
    for c in crate::simulate::columns(game) {
        if !counters.contains(&c.name) {
            counters.push(c.name);
        }
    }
    let words = Vocabulary {
        length_unit: game.program.measures.length.as_ref().map(|l| l.0.clone()),
        counters,
        players: game.players(),
    };
    texts.iter().map(|t| Goal::parse(t, &words)).collect()
}

/// Tunes: `base` is the game with the run's variant and options, `make` makes the game of a
/// setting. Everything a user gives is checked before a game is played.
pub fn tune(base: &Arc<Game>, make: &Maker<'_>, req: &Request, progress: &Progress<'_>) -> Result<Answer, TuneError> {
    let goals = goals_for(base, &req.goals)?;
    let space = space::build(&base.program, &req.varies)?;
    let players = players_for(base, &req.players)?;
    let mut bench = Bench::new(&space, make, players.clone(), req.seed, req.jobs.max(1), progress.tick);
    let size = space.size();
    let budget = req.budget.max(1);
    let (ranked, search) = if size.saturating_mul(RACE_GAMES as u128) <= budget as u128 {
        (progress.phase)(&format!("racing {size} settings"));
        let (ranked, log) = race::race(&mut bench, &goals, space.all(), budget, FINALISTS)?;
        (ranked, Search::Race(log))
    } else {
        let plan = ntbea::NtbeaPlan::for_budget(budget);
        (progress.phase)(&format!("searching {size} settings by NTBEA"));
        let mut picks = ntbea::ntbea(&mut bench, &goals, &plan, req.seed)?;
        picks.extend(by_search_rating(&mut bench, &goals, plan.batch * 2)?);
        (picks, Search::Ntbea(plan))
    };
    let mut chosen: Vec<Point> = Vec::new();
    for p in ranked {
        if chosen.len() < FINALISTS && !chosen.contains(&p) {
            chosen.push(p);
        }
    }
    (progress.phase)(&format!("replaying the best {} on fresh seeds", chosen.len()));
    let mut finalists = Vec::new();
    for p in &chosen {
        finalists.push(answer::finalist(&mut bench, &goals, p, req.replay.max(answer::BATCHES))?);
    }
    finalists.sort_by(|a, b| b.score.total_cmp(&a.score).then(slack(&goals, b).total_cmp(&slack(&goals, a))));
    let mut searched_meets = vec![false; goals.len()];
    let points: Vec<Point> = bench.search.keys().cloned().collect();
    for p in &points {
        if let Some(r) = bench.rating(p, &goals)? {
            for (i, g) in goals.iter().enumerate() {
                searched_meets[i] |= g.met(r.values[i]);
            }
        }
    }
    let (meets, verdict) = answer::verdict(&goals, &finalists, &searched_meets);
    let effects = answer::effects(&mut bench, &goals)?;
    let pareto = if meets || goals.len() < 2 { Vec::new() } else { answer::pareto(&mut bench, &goals, 10)? };
    Ok(Answer {
        game: base.program.title.clone(),
        variant: base.program.variant.clone(),
        players,
        goals,
        settings: size,
        search,
        seed: req.seed,
        budget,
        games_played: bench.played,
        finalists,
        meets,
        verdict,
        effects,
        pareto,
        command: req.command.clone(),
        length_unit: base.program.measures.length.as_ref().map_or_else(|| "decisions".into(), |l| l.0.clone()),
        space,
    })
}

/// How far inside the goals' ranges a finalist's values are, at the tightest.
fn slack(goals: &[Goal], f: &answer::Finalist) -> f64 {
    goals.iter().zip(&f.goals).map(|(g, v)| g.slack(v.value)).fold(f64::INFINITY, f64::min)
}

/// The settings searched with at least `games` games, best first by their search games.
fn by_search_rating(bench: &mut Bench<'_>, goals: &[Goal], games: u64) -> Result<Vec<Point>, TuneError> {
    let points: Vec<Point> = bench.search.iter().filter(|(_, t)| t.games >= games).map(|(p, _)| p.clone()).collect();
    let mut rated = Vec::new();
    for p in points {
        if let Some(r) = bench.rating(&p, goals)? {
            rated.push((r, p));
        }
    }
    rated.sort_by(|a, b| a.0.better(&b.0));
    Ok(rated.into_iter().map(|(_, p)| p).collect())
}
