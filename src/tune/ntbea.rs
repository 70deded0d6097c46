//! The search for large spaces: the N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu and
//! Perez-Liebana, 2018), as TabletopGames tunes parameters with it. A model keeps, for each
//! option alone, each pair of options (when there are few) and the whole setting, the mean
//! fitness seen for each combination of values and how often it was tried. Each step plays a
//! small batch of games of the current setting (its fitness: the worst goal's score over the
//! batch), then moves to the neighbour (one or more options changed) the model rates best by an
//! upper confidence bound. Several independent runs, each with its own random stream, each
//! recommend the setting the model rates best; the answer replays those.

use std::collections::HashMap;

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

use super::goal::Goal;
use super::play::{summary_of, Bench, Rating};
use super::space::Point;
use super::TuneError;

/// How an NTBEA search is run.
#[derive(Debug, Clone, serde::Serialize)]
pub struct NtbeaPlan {
    /// Independent runs.
    pub runs: u64,
    /// Steps (evaluations) per run.
    pub steps: u64,
    /// Games per evaluation.
    pub batch: u64,
    /// Neighbours proposed at each step.
    pub neighbours: usize,
    /// The weight of exploration in the upper confidence bound.
    pub k: f64,
}

impl NtbeaPlan {
    /// A plan for about `budget` games: three runs (fewer for a tiny budget), batches of 16.
    pub fn for_budget(budget: u64) -> NtbeaPlan {
        let batch = 16;
        let runs = (budget / (batch * 8)).clamp(1, 3);
        NtbeaPlan { runs, steps: (budget / runs / batch).max(1), batch, neighbours: 50, k: 1.0 }
    }
}

/// The model: per tuple of options, per combination of their values, (times tried, fitness sum).
struct Model {
    tuples: Vec<Vec<usize>>,
    stats: Vec<HashMap<Vec<usize>, (u64, f64)>>,
    evaluations: u64,
}

impl Model {
    fn new(dims: usize) -> Model {
        let mut tuples: Vec<Vec<usize>> = (0..dims).map(|d| vec![d]).collect();
        if dims <= 6 {
            for a in 0..dims {
                for b in a + 1..dims {
                    tuples.push(vec![a, b]);
                }
            }
        }
        if dims > 1 && tuples.iter().all(|t| t.len() < dims) {
            tuples.push((0..dims).collect());
        }
        Model { stats: vec![HashMap::new(); tuples.len()], tuples, evaluations: 0 }
    }

    fn key(tuple: &[usize], p: &[usize]) -> Vec<usize> {
        tuple.iter().map(|d| p[*d]).collect()
    }

    fn add(&mut self, p: &[usize], fitness: f64) {
        self.evaluations += 1;
        for (t, s) in self.tuples.iter().zip(&mut self.stats) {
            let e = s.entry(Model::key(t, p)).or_insert((0, 0.0));
            e.0 += 1;
            e.1 += fitness;
        }
    }

    /// The mean over tuples of each tuple's mean fitness (tuples never tried left out).
    fn mean(&self, p: &[usize]) -> f64 {
        let seen: Vec<f64> = self
            .tuples
            .iter()
            .zip(&self.stats)
            .filter_map(|(t, s)| s.get(&Model::key(t, p)).map(|(n, sum)| sum / *n as f64))
            .collect();
        if seen.is_empty() {
            0.0
        } else {
            seen.iter().sum::<f64>() / seen.len() as f64
        }
    }

    /// The upper confidence bound: each tuple's mean plus `k * sqrt(ln N / (n + 0.5))`, averaged.
    fn ucb(&self, p: &[usize], k: f64) -> f64 {
        let ln = ((self.evaluations + 1) as f64).ln();
        let total: f64 = self
            .tuples
            .iter()
            .zip(&self.stats)
            .map(|(t, s)| {
                let (n, sum) = s.get(&Model::key(t, p)).copied().unwrap_or((0, 0.0));
                let mean = if n == 0 { 0.0 } else { sum / n as f64 };
                mean + k * (ln / (n as f64 + 0.5)).sqrt()
            })
            .sum();
        total / self.tuples.len().max(1) as f64
    }
}

/// A uniform draw from `0..n` (n > 0).
fn below(rng: &mut Pcg64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// A neighbour: each option changed with probability 1/dims, at least one changed (an option
/// with one value never is).
fn neighbour(rng: &mut Pcg64, p: &[usize], sizes: &[usize]) -> Point {
    let movable: Vec<usize> = (0..sizes.len()).filter(|d| sizes[*d] > 1).collect();
    let mut q = p.to_vec();
    if movable.is_empty() {
        return q;
    }
    let forced = movable[below(rng, movable.len())];
    for &d in &movable {
        if d == forced || below(rng, movable.len()) == 0 {
            let shift = 1 + below(rng, sizes[d] - 1);
            q[d] = (q[d] + shift) % sizes[d];
        }
    }
    q
}

/// Runs NTBEA with `plan` from `seed`; returns the settings recommended (one per run, best by
/// its run's model, without repeats), in the order of the runs.
pub fn ntbea(bench: &mut Bench<'_>, goals: &[Goal], plan: &NtbeaPlan, seed: u64) -> Result<Vec<Point>, TuneError> {
    let sizes: Vec<usize> = bench.space().dims.iter().map(|d| d.values.len()).collect();
    let mut picks: Vec<Point> = Vec::new();
    for run in 0..plan.runs {
        let mut rng = Pcg64::seed_from_u64(crate::simulate::game_seed(seed, 1_000 + run));
        let mut model = Model::new(sizes.len());
        let mut current: Point = sizes.iter().map(|s| below(&mut rng, *s)).collect();
        let mut visited: Vec<Point> = Vec::new();
        for _ in 0..plan.steps {
            let batch = bench.play(&current, plan.batch)?;
            let game = bench.game(&current)?;
            let fitness = Rating::of(goals, &summary_of(&game, &[], 0, &batch)).score;
            model.add(&current, fitness);
            if !visited.contains(&current) {
                visited.push(current.clone());
            }
            let mut best: Option<(f64, Point)> = None;
            for _ in 0..plan.neighbours {
                let q = neighbour(&mut rng, &current, &sizes);
                let u = model.ucb(&q, plan.k);
                if best.as_ref().is_none_or(|(b, _)| u > *b) {
                    best = Some((u, q));
                }
            }
            if let Some((_, q)) = best {
                current = q;
            }
        }
        let pick = visited.iter().max_by(|a, b| model.mean(a).total_cmp(&model.mean(b))).cloned();
        if let Some(p) = pick.filter(|p| !picks.contains(p)) {
            picks.push(p);
        }
    }
    Ok(picks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_prefers_what_scored_well() {
        let mut m = Model::new(2);
        m.add(&[0, 0], 0.2);
        m.add(&[1, 1], 0.9);
        assert!(m.mean(&[1, 1]) > m.mean(&[0, 0]));
        // A value never tried is explored before one tried and found poor.
        assert!(m.ucb(&[2, 2], 1.0) > m.ucb(&[0, 0], 1.0));
    }

    #[test]
    fn a_neighbour_changes_at_least_one_option() {
        let mut rng = Pcg64::seed_from_u64(7);
        for _ in 0..100 {
            let q = neighbour(&mut rng, &[1, 0, 2], &[3, 1, 4]);
            assert_ne!(q, vec![1, 0, 2]);
            assert_eq!(q[1], 0);
            assert!(q[0] < 3 && q[2] < 4);
        }
    }
}
