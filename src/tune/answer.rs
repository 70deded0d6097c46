//! The answer of a tune: the best few settings played again on fresh seeds, each goal's value
//! with its 95% interval, a plain verdict, each option value's effect alone, the settings no
//! other beats on every goal, and the command that reproduces it all.

use serde::Serialize;

use super::goal::Goal;
use super::play::{Bench, Rating};
use super::space::{Point, Space};
use super::TuneError;
use crate::simulate::stats::wilson;
use crate::simulate::tally::Tally;

/// Everything a tune found.
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    /// The game's title.
    pub game: String,
    /// The variant tuned, if any.
    pub variant: Option<String>,
    /// Who played each seat.
    pub players: Vec<String>,
    /// The goals, as written.
    pub goals: Vec<Goal>,
    /// The options searched over and their values.
    pub space: Space,
    /// How many settings the space holds.
    pub settings: u128,
    /// How the space was searched.
    pub search: Search,
    /// The seed.
    pub seed: u64,
    /// The games the search was allowed.
    pub budget: u64,
    /// Games played in all (search and replays).
    pub games_played: u64,
    /// The best settings, replayed, best first.
    pub finalists: Vec<Finalist>,
    /// Whether the best setting meets every goal.
    pub meets: bool,
    /// The verdict in a sentence.
    pub verdict: String,
    /// Each option value alone.
    pub effects: Vec<Effect>,
    /// When no setting meets every goal: the settings no other beats on every goal.
    pub pareto: Vec<Front>,
    /// The command that gives this answer again.
    pub command: String,
    /// The length unit of the histograms.
    pub length_unit: String,
}

/// How the space was searched.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Search {
    /// Successive halving over every setting.
    Race(super::race::RaceLog),
    /// NTBEA runs.
    Ntbea(super::ntbea::NtbeaPlan),
}

/// One of the best settings, played again on fresh seeds.
#[derive(Debug, Clone, Serialize)]
pub struct Finalist {
    /// The setting as `--set` pairs.
    pub setting: Vec<(String, String)>,
    /// The setting as people read it.
    pub described: String,
    /// Games replayed.
    pub games: u64,
    /// Its worst goal's score over the replayed games.
    pub score: f64,
    /// Each goal over the replayed games.
    pub goals: Vec<GoalValue>,
    /// The lengths of the replayed games: (first value, last value, games) per bin.
    pub length_histogram: Vec<(i64, i64, u64)>,
}

/// One goal's value for a setting.
#[derive(Debug, Clone, Serialize)]
pub struct GoalValue {
    /// The goal, as written.
    pub goal: String,
    /// The measured value.
    pub value: Option<f64>,
    /// Its 95% interval: Wilson's for a share of games, else from the spread of ten batches.
    pub ci95: Option<(f64, f64)>,
    /// The goal's score (0 to 1).
    pub score: f64,
    /// Whether the value is in the range wanted.
    pub met: bool,
}

/// One option value alone: every setting searched with it, folded together.
#[derive(Debug, Clone, Serialize)]
pub struct Effect {
    /// The option.
    pub option: String,
    /// Its value.
    pub value: String,
    /// Settings searched with this value.
    pub settings: usize,
    /// Their games.
    pub games: u64,
    /// The worst goal's score over those games.
    pub score: f64,
    /// Each goal's value over those games.
    pub values: Vec<Option<f64>>,
}

/// A setting no other beats on every goal.
#[derive(Debug, Clone, Serialize)]
pub struct Front {
    /// The setting as people read it.
    pub described: String,
    /// Its search games.
    pub games: u64,
    /// Each goal's score.
    pub scores: Vec<f64>,
    /// Each goal's value.
    pub values: Vec<Option<f64>>,
}

/// The parts of a replay the interval of a mean comes from.
pub const BATCHES: u64 = 10;

/// Student's t for 9 degrees of freedom (ten batches), two-sided 95%.
const T9: f64 = 2.262_157;

/// Replays a setting on `games` fresh games and measures every goal with its interval.
pub fn finalist(bench: &mut Bench<'_>, goals: &[Goal], p: &Point, games: u64) -> Result<Finalist, TuneError> {
    let parts = bench.replay(p, games, BATCHES)?;
    let whole = fold(parts.iter().cloned());
    let summary = bench.summary(p, &whole)?;
    let rating = Rating::of(goals, &summary);
    let mut part_values: Vec<Vec<Option<f64>>> = Vec::new();
    for t in &parts {
        part_values.push(Rating::of(goals, &bench.summary(p, t)?).values);
    }
    let goals_out = goals
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let value = rating.values[i];
            let ci95 = match g.measure.counts(&whole) {
                Some((k, n)) if n > 0 => Some(wilson(k, n)),
                Some(_) => None,
                None => value.and_then(|v| batch_interval(v, part_values.iter().filter_map(|pv| pv[i]))),
            };
            GoalValue { goal: g.text.clone(), value, ci95, score: rating.scores[i], met: g.met(value) }
        })
        .collect();
    Ok(Finalist {
        setting: bench.space().sets(p),
        described: bench.space().describe(p),
        games: whole.games,
        score: rating.score,
        goals: goals_out,
        length_histogram: summary.length.histogram.clone(),
    })
}

/// Tallies folded into one (an empty tally when there are none). The first is the start: an
/// empty `Tally::default()` has no seats or counters to add the others' into.
fn fold(tallies: impl Iterator<Item = Tally>) -> Tally {
    tallies.reduce(Tally::merge).unwrap_or_default()
}

/// The 95% interval of a mean around `centre` from the values of independent batches (the
/// batch-means method; Student's t with their count less one degrees of freedom, 9 when ten).
fn batch_interval(centre: f64, values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let v: Vec<f64> = values.collect();
    if v.len() < 2 {
        return None;
    }
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let t = if v.len() == BATCHES as usize { T9 } else { 1.959_964 * (1.0 + 2.5 / (n - 1.0)) };
    let half = t * (var / n).sqrt();
    Some((centre - half, centre + half))
}

/// Each option value alone: the search games of every setting with that value, folded.
pub fn effects(bench: &mut Bench<'_>, goals: &[Goal]) -> Result<Vec<Effect>, TuneError> {
    let mut out = Vec::new();
    let dims = bench.space().dims.clone();
    let searched: Vec<(Point, Tally)> = bench.search.iter().map(|(p, t)| (p.clone(), t.clone())).collect();
    for (d, dim) in dims.iter().enumerate() {
        for (i, value) in dim.values.iter().enumerate() {
            let with: Vec<&(Point, Tally)> = searched.iter().filter(|(p, _)| p[d] == i).collect();
            let Some((first, _)) = with.first() else { continue };
            let t = fold(with.iter().map(|(_, t)| t.clone()));
            let first = first.clone();
            let r = Rating::of(goals, &bench.summary(&first, &t)?);
            out.push(Effect {
                option: dim.name.clone(),
                value: value.clone(),
                settings: with.len(),
                games: t.games,
                score: r.score,
                values: r.values,
            });
        }
    }
    Ok(out)
}

/// The settings searched that no other beats on every goal (by their search games), best first,
/// at most `most`.
pub fn pareto(bench: &mut Bench<'_>, goals: &[Goal], most: usize) -> Result<Vec<Front>, TuneError> {
    let points: Vec<(Point, u64)> = bench.search.iter().map(|(p, t)| (p.clone(), t.games)).collect();
    let mut rated = Vec::new();
    for (p, games) in points {
        if let Some(r) = bench.rating(&p, goals)? {
            rated.push((p, games, r));
        }
    }
    let beats = |a: &Rating, b: &Rating| {
        a.scores.iter().zip(&b.scores).all(|(x, y)| x >= y) && a.scores.iter().zip(&b.scores).any(|(x, y)| x > y)
    };
    let mut front: Vec<&(Point, u64, Rating)> =
        rated.iter().filter(|(_, _, r)| !rated.iter().any(|(_, _, o)| beats(o, r))).collect();
    front.sort_by(|a, b| a.2.better(&b.2));
    Ok(front
        .into_iter()
        .take(most)
        .map(|(p, games, r)| Front {
            described: bench.space().describe(p),
            games: *games,
            scores: r.scores.clone(),
            values: r.values.clone(),
        })
        .collect())
}

/// The verdict: which goals the best setting meets, or which no setting meets and the closest.
pub fn verdict(goals: &[Goal], finalists: &[Finalist], searched_meets: &[bool]) -> (bool, String) {
    let Some(best) = finalists.first() else { return (false, "no setting could be played".into()) };
    if best.goals.iter().all(|g| g.met) {
        let all = match goals.len() {
            1 => "the goal".to_string(),
            2 => "both goals".to_string(),
            n => format!("all {n} goals"),
        };
        return (true, format!("{} meets {all}", best.described));
    }
    let never: Vec<String> = goals
        .iter()
        .enumerate()
        .filter(|(i, _)| !searched_meets[*i] && !finalists.iter().any(|f| f.goals[*i].met))
        .map(|(_, g)| format!("`{}`", g.text))
        .collect();
    let missed: Vec<String> = best
        .goals
        .iter()
        .zip(goals)
        .filter(|(v, _)| !v.met)
        .map(|(v, g)| format!("{} {}", g.measure.show(v.value), describe_goal(g)))
        .collect();
    let head = if never.is_empty() {
        "no setting meets every goal at once".to_string()
    } else {
        format!("no setting meets {}", never.join(" or "))
    };
    (false, format!("{head}; the closest is {} ({})", best.described, missed.join(", ")))
}

/// What a goal measures, for a sentence: "for `turns in 20..30`".
fn describe_goal(g: &Goal) -> String {
    format!("for `{}`", g.text)
}

impl Answer {
    /// The answer as text for people.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let mut line = |s: String| {
            out.push_str(&s);
            out.push('\n');
        };
        let title = match &self.variant {
            Some(v) => format!("{}, variant {v}", self.game),
            None => self.game.clone(),
        };
        let goals: Vec<String> = self.goals.iter().map(|g| format!("`{}`", g.text)).collect();
        line(format!("{title}: tuned for {}", goals.join(", ")));
        let names: Vec<&str> = self.space.dims.iter().map(|d| d.name.as_str()).collect();
        let how = match &self.search {
            Search::Race(log) => format!("raced in {} rounds", log.rounds.len()),
            Search::Ntbea(plan) => {
                format!("searched by NTBEA ({} runs of {} steps of {} games)", plan.runs, plan.steps, plan.batch)
            }
        };
        line(format!(
            "{} settings of {}, {how}; {} games in all, seed {}; players {}",
            self.settings,
            names.join(", "),
            self.games_played,
            self.seed,
            self.players.join(", ")
        ));
        for n in &self.space.notes {
            line(format!("note: {n}"));
        }
        line(String::new());
        line(format!("verdict: {}", self.verdict));
        line(String::new());
        if let Some(f) = self.finalists.first() {
            line(format!("best settings, each played again on {} fresh games:", f.games));
        }
        let width = self.goals.iter().map(|g| g.text.len()).max().unwrap_or(0);
        for (rank, f) in self.finalists.iter().enumerate() {
            line(format!("  {}. {}   (score {:.2})", rank + 1, f.described, f.score));
            for (g, v) in self.goals.iter().zip(&f.goals) {
                let ci = v.ci95.map_or(String::new(), |(lo, hi)| {
                    format!("95% {} to {}", g.measure.show(Some(lo)), g.measure.show(Some(hi)))
                });
                let mark = if v.met { "met" } else { "not met" };
                line(format!("       {:<width$}  {:>8}  {ci:<26} {mark}", g.text, g.measure.show(v.value)));
            }
        }
        if !self.effects.is_empty() {
            line(String::new());
            line("each option value alone (the search's games of every setting with it):".into());
            for e in &self.effects {
                let values: Vec<String> = self
                    .goals
                    .iter()
                    .zip(&e.values)
                    .map(|(g, v)| format!("{} {}", g.text, g.measure.show(*v)))
                    .collect();
                line(format!(
                    "  {} = {:<8} {:>3} settings {:>6} games  score {:.2}  ({})",
                    e.option,
                    e.value,
                    e.settings,
                    e.games,
                    e.score,
                    values.join("; ")
                ));
            }
        }
        if !self.pareto.is_empty() {
            line(String::new());
            line("the goals pull apart; settings no other beats on every goal (search games):".into());
            for f in &self.pareto {
                let values: Vec<String> = self
                    .goals
                    .iter()
                    .zip(&f.values)
                    .map(|(g, v)| format!("{} {}", g.text, g.measure.show(*v)))
                    .collect();
                line(format!("  {}  ({})", f.described, values.join("; ")));
            }
        }
        line(String::new());
        line(format!("reproduce: {}", self.command));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_equal_batches_give_a_zero_width_interval() {
        assert_eq!(batch_interval(3.0, [3.0; 10].into_iter()), Some((3.0, 3.0)));
        assert_eq!(batch_interval(3.0, [3.0].into_iter()), None);
        let (lo, hi) = batch_interval(5.5, (1..=10).map(f64::from)).unwrap_or((0.0, 0.0));
        // sd of 1..10 is 3.0277; the half width is 2.262 * 3.0277 / sqrt(10) = 2.1659.
        assert!((hi - 5.5 - 2.1659).abs() < 1e-3 && (5.5 - lo - 2.1659).abs() < 1e-3);
    }
}
