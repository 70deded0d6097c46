//! The search for small spaces: a race by successive halving. Every setting plays a first batch
//! of games; the better half (by its worst goal, then by how far inside the ranges) plays twice
//! as many more, and so on until a few are left. Each round spends about the same games.

use super::goal::Goal;
use super::play::{Bench, Rating};
use super::space::Point;
use super::TuneError;

/// The fewest games a setting plays in one round.
pub const MIN_ROUND_GAMES: u64 = 8;

/// What the race did, for the answer.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RaceLog {
    /// Per round: how many settings ran, and how many games each played in it.
    pub rounds: Vec<(usize, u64)>,
}

/// Races `points` with about `budget` games in all until at most `keep` are left; returns every
/// setting ranked best first (the survivors first, by their games so far) and the log.
pub fn race(
    bench: &mut Bench<'_>,
    goals: &[Goal],
    points: Vec<Point>,
    budget: u64,
    keep: usize,
) -> Result<(Vec<Point>, RaceLog), TuneError> {
    let keep = keep.max(1);
    let mut alive = points;
    let mut out: Vec<Point> = Vec::new();
    let mut log = RaceLog { rounds: Vec::new() };
    // Halving n settings down to `keep` takes ceil(log2(n / keep)) rounds, plus the last.
    let mut rounds = 1u64;
    let mut n = alive.len();
    while n > keep {
        n = n.div_ceil(2);
        rounds += 1;
    }
    let per_round = (budget / rounds).max(MIN_ROUND_GAMES);
    loop {
        let each = (per_round / alive.len().max(1) as u64).max(MIN_ROUND_GAMES);
        for p in &alive {
            bench.play(p, each)?;
        }
        log.rounds.push((alive.len(), each));
        let mut rated: Vec<(Rating, Point)> = Vec::with_capacity(alive.len());
        for p in alive {
            // Every setting alive has just played, so each has a rating.
            if let Some(r) = bench.rating(&p, goals)? {
                rated.push((r, p));
            }
        }
        // Best first; equal ratings keep the space's order, so the race is the same every run.
        rated.sort_by(|a, b| a.0.better(&b.0));
        if rated.len() <= keep {
            out.splice(0..0, rated.into_iter().map(|(_, p)| p));
            return Ok((out, log));
        }
        let half = rated.len().div_ceil(2).max(keep);
        let dropped: Vec<Point> = rated.split_off(half).into_iter().map(|(_, p)| p).collect();
        out.splice(0..0, dropped);
        alive = rated.into_iter().map(|(_, p)| p).collect();
    }
}
