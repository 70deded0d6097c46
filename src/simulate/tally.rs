//! Games folded as they finish: only counts, integer sums and a histogram of lengths, so memory
//! does not grow with the number of games and the result does not depend on the order games
//! are folded in (and so not on the number of threads).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::record::GameRecord;

/// Every game so far, folded. It is written into shard documents (`simulate --shard`), so every
/// map is stored as a list of `[key, value]` pairs: JSON object keys are strings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Wins per seat (a shared win counts for each winner).
    pub wins: Vec<u64>,
    /// Games won by more than one player together.
    pub shared_wins: u64,
    /// Games nobody won.
    pub draws: u64,
    /// Games that ended with no winner and not as a draw: a loss, in a one-player game.
    pub lost: u64,
    /// Games stopped before their end (a cap in the rules or a limit of the engine).
    pub unfinished: u64,
    /// Of those, the ones stopped by a limit of the engine.
    pub engine_stops: u64,
    /// How many games had each length.
    #[serde(with = "pairs")]
    pub lengths: BTreeMap<i64, u64>,
    /// Per counter column: the sum, the games where it ended above 0, and the largest value.
    pub counters: Vec<CounterTally>,
    /// Decisions made, and decisions with more than one legal action.
    pub decisions: u64,
    /// Decisions that were real choices.
    pub real_choices: u64,
    /// Games that declare `progress` (the lead and drama figures are over these).
    pub with_progress: u64,
    /// Lead changes, summed over games.
    pub lead_changes: u64,
    /// Games with a single winner (or one winning team) and progress.
    pub won_with_progress: u64,
    /// Of those, the games whose winner was behind at some point.
    pub winner_was_behind: u64,
    /// The winner's largest deficit, summed over those games.
    pub winner_deficit_sum: i64,
    /// The largest deficit any winner came back from.
    pub winner_deficit_max: i64,
    /// Sample games by their number: the winner and the margin over time.
    #[serde(with = "pairs")]
    pub samples: BTreeMap<u64, Sample>,
    /// One-player games: how many games ended with each `progress` value.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", with = "pairs")]
    pub final_progress: BTreeMap<i64, u64>,
    /// One-player games: how many games ended after each last announcement (and how many of
    /// those were won), keyed by the announcement.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", with = "pairs")]
    pub endings: BTreeMap<String, Ending>,
}

/// The games that ended after one announcement.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// How many.
    pub games: u64,
    /// How many of them were won.
    pub won: u64,
}

/// One counter column, folded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterTally {
    /// The sum of its final values.
    pub sum: i64,
    /// Games where it ended above 0.
    pub positive: u64,
    /// Its largest final value.
    pub max: i64,
}

/// A sample game kept whole for the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// Its seed.
    pub seed: u64,
    /// Who won (empty: nobody).
    pub winners: Vec<u8>,
    /// (length, margin) over time.
    pub trace: Vec<(i64, i64)>,
}

impl Tally {
    /// An empty tally for a game of `players` seats and `counters` counter columns.
    pub fn new(players: u8, counters: usize) -> Tally {
        Tally { wins: vec![0; players as usize], counters: vec![CounterTally::default(); counters], ..Tally::default() }
    }

    /// Adds one game; game number `index` with seed `seed`, kept whole when it is a sample.
    pub fn add(&mut self, index: u64, seed: u64, r: GameRecord, sample: bool) {
        self.games += 1;
        for w in &r.winners {
            if let Some(n) = self.wins.get_mut(*w as usize) {
                *n += 1;
            }
        }
        self.shared_wins += (r.winners.len() > 1) as u64;
        self.draws += r.draw as u64;
        self.lost += (r.winners.is_empty() && !r.draw && !r.unfinished) as u64;
        self.unfinished += r.unfinished as u64;
        self.engine_stops += r.engine_stop as u64;
        *self.lengths.entry(r.length).or_insert(0) += 1;
        for (t, v) in self.counters.iter_mut().zip(&r.counters) {
            // A sum past the largest number stays there rather than wrapping round to a negative.
            t.sum = t.sum.saturating_add(*v);
            t.positive += (*v > 0) as u64;
            t.max = t.max.max(*v);
        }
        self.decisions += r.decisions;
        self.real_choices += r.real_choices;
        if r.has_progress {
            self.with_progress += 1;
            self.lead_changes += r.lead_changes;
            // One winner, or the players of one team together.
            if let Some(deficit) = r.winner_deficit {
                self.won_with_progress += 1;
                self.winner_was_behind += (deficit > 0) as u64;
                self.winner_deficit_sum += deficit;
                self.winner_deficit_max = self.winner_deficit_max.max(deficit);
            }
        }
        if let Some(p) = r.final_progress {
            *self.final_progress.entry(p).or_insert(0) += 1;
        }
        if let Some(text) = r.ending {
            let e = self.endings.entry(text).or_default();
            e.games += 1;
            e.won += !r.winners.is_empty() as u64;
        }
        if sample {
            self.samples.insert(index, Sample { seed, winners: r.winners, trace: r.trace });
        }
    }

    /// Folds another tally into this one. Every part is a count, a sum, a maximum or a keyed map,
    /// so the order of merging never changes the result.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.shared_wins += other.shared_wins;
        self.draws += other.draws;
        self.lost += other.lost;
        self.unfinished += other.unfinished;
        self.engine_stops += other.engine_stops;
        for (k, v) in other.lengths {
            *self.lengths.entry(k).or_insert(0) += v;
        }
        for (a, b) in self.counters.iter_mut().zip(&other.counters) {
            a.sum = a.sum.saturating_add(b.sum);
            a.positive += b.positive;
            a.max = a.max.max(b.max);
        }
        self.decisions += other.decisions;
        self.real_choices += other.real_choices;
        self.with_progress += other.with_progress;
        self.lead_changes += other.lead_changes;
        self.won_with_progress += other.won_with_progress;
        self.winner_was_behind += other.winner_was_behind;
        self.winner_deficit_sum += other.winner_deficit_sum;
        self.winner_deficit_max = self.winner_deficit_max.max(other.winner_deficit_max);
        self.samples.extend(other.samples);
        for (k, v) in other.final_progress {
            *self.final_progress.entry(k).or_insert(0) += v;
        }
        for (k, v) in other.endings {
            let e = self.endings.entry(k).or_default();
            e.games += v.games;
            e.won += v.won;
        }
        self
    }
}

/// A map as a list of `[key, value]` pairs, so integer keys stay integers; a key given twice is
/// an error, not a silent overwrite.
mod pairs {
    use std::collections::BTreeMap;

    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes the map as `[[key, value], ...]`, keys in order.
    pub fn serialize<K: Serialize, V: Serialize, S: Serializer>(map: &BTreeMap<K, V>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    /// Reads `[[key, value], ...]` back into a map.
    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord + std::fmt::Display,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        let mut map = BTreeMap::new();
        for (k, v) in Vec::<(K, V)>::deserialize(d)? {
            let key = k.to_string();
            if map.insert(k, v).is_some() {
                return Err(D::Error::custom(format!("the key {key} appears twice")));
            }
        }
        Ok(map)
    }
}
