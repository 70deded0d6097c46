//! Goals a designer tunes for (`turns in 20..30`, `draws < 5%`): what each measures in a
//! simulation's summary, and how close a measured value comes, scored from 0 to 1.

use serde::Serialize;

use super::TuneError;
use crate::check::error::suggest;
use crate::simulate::summary::Summary;
use crate::simulate::tally::Tally;

/// What a goal measures, over the games of one setting.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// The length of a game in the game's own unit (`turns`), by a statistic.
    Length(Stat),
    /// Seat 1's win rate less the mean win rate of all seats.
    FirstSeatAdvantage,
    /// The lowest seat win rate over the highest.
    Balance,
    /// The share of games that end with a winner.
    Decisiveness,
    /// The share of games nobody won.
    Draws,
    /// The share of games stopped before their end.
    Unfinished,
    /// The mean number of lead changes in a game.
    LeadChanges,
    /// The share of won games whose winner was behind at some point.
    Drama,
    /// A one-player game's win rate.
    WinRate,
    /// The mean of a reported counter at the end of a game (summed over seats for a per-player
    /// counter, unless a seat is named).
    Counter {
        /// The counter's name.
        name: String,
        /// The seat, from 1, when one is named (`points of player 2`).
        seat: Option<u8>,
    },
}

/// A statistic of the length of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// The mean.
    Mean,
    /// The median.
    Median,
    /// The 90th percentile.
    P90,
}

/// One goal: a measure and the range of values wanted (ends included; an open side is infinite).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Goal {
    /// The goal as the designer wrote it.
    pub text: String,
    /// What it measures.
    pub measure: Measure,
    /// The lowest value wanted (`f64::NEG_INFINITY`: none).
    pub lo: f64,
    /// The highest value wanted (`f64::INFINITY`: none).
    pub hi: f64,
}

/// What a goal may name besides the game's length unit and counters.
const WORDS: &[&str] = &[
    "length",
    "first_seat_advantage",
    "balance",
    "decisiveness",
    "draws",
    "unfinished",
    "lead_changes",
    "drama",
    "win_rate",
    "mean",
    "median",
    "p90",
];

/// What a goal is read against: the game's length unit, its reported counters and its seats.
pub struct Vocabulary {
    /// The `length` counter's name (`turns`), if the game declares one.
    pub length_unit: Option<String>,
    /// The reported counters' names.
    pub counters: Vec<String>,
    /// The seats at the table.
    pub players: u8,
}

impl Goal {
    /// Reads a goal: `[mean|median|p90] turns in 20..30`, `draws < 5%`, `first_seat_advantage in
    /// -3%..3%`, `points of player 1 >= 10`; comparisons `in A..B`, `<`, `<=`, `>`, `>=`, `=`.
    pub fn parse(text: &str, words: &Vocabulary) -> Result<Goal, TuneError> {
        let bad = |why: String| TuneError::BadGoal { goal: text.trim().to_string(), why };
        let ops = [" in ", "<=", ">=", "<", ">", "="];
        let Some((at, op)) = ops.iter().filter_map(|op| text.find(op).map(|i| (i, *op))).min_by_key(|(i, _)| *i) else {
            return Err(bad("it has no comparison: write `in A..B`, `< X`, `> X` or `= X`".into()));
        };
        let (name, rest) = (text[..at].trim(), text[at + op.len()..].trim());
        let (lo, hi) = match op.trim() {
            "in" => {
                let Some((a, b)) = rest.split_once("..") else {
                    return Err(bad(format!("`{rest}` is not a range A..B")));
                };
                let (a, b) = (number(a).map_err(&bad)?, number(b).map_err(&bad)?);
                if b < a {
                    return Err(bad(format!("the range `{rest}` is empty: its end is below its start")));
                }
                (a, b)
            }
            "<" | "<=" => (f64::NEG_INFINITY, number(rest).map_err(&bad)?),
            ">" | ">=" => (number(rest).map_err(&bad)?, f64::INFINITY),
            _ => {
                let v = number(rest).map_err(&bad)?;
                (v, v)
            }
        };
        let measure = measure(name, words).map_err(|(word, help)| TuneError::UnknownMeasure {
            goal: text.trim().to_string(),
            word,
            help,
        })?;
        if measure == Measure::WinRate && words.players != 1 {
            return Err(bad(format!(
                "`win_rate` is a one-player game's; this game has {} seats (try first_seat_advantage or balance)",
                words.players
            )));
        }
        Ok(Goal { text: text.trim().to_string(), measure, lo, hi })
    }

    /// How close a measured value comes: 1 inside the range; outside it falls off linearly with
    /// the distance to the range, relative to the nearer end (as Ludii's ideal-duration measure:
    /// half the lowest length wanted scores 1/2, twice the highest scores 0). Ends near 0 are
    /// taken as at least 0.1 for shares and 1 for counts. No value (nobody won) scores 0.
    pub fn score(&self, value: Option<f64>) -> f64 {
        let Some(v) = value.filter(|v| v.is_finite()) else { return 0.0 };
        let floor = if self.measure.is_share() { 0.1 } else { 1.0 };
        let (distance, end) = if v < self.lo {
            (self.lo - v, self.lo)
        } else if v > self.hi {
            (v - self.hi, self.hi)
        } else {
            return 1.0;
        };
        (1.0 - distance / end.abs().max(floor)).max(0.0)
    }

    /// How far inside its range a value is, relative to the same scale as [`Goal::score`] (0 at
    /// an end or outside): what tells apart two settings that both meet the goal.
    pub fn slack(&self, value: Option<f64>) -> f64 {
        let Some(v) = value.filter(|v| v.is_finite()) else { return 0.0 };
        let floor = if self.measure.is_share() { 0.1 } else { 1.0 };
        let below = (v - self.lo) / self.lo.abs().max(floor);
        let above = (self.hi - v) / self.hi.abs().max(floor);
        below.min(above).max(0.0)
    }

    /// Whether a value is in the range wanted.
    pub fn met(&self, value: Option<f64>) -> bool {
        value.is_some_and(|v| v >= self.lo && v <= self.hi)
    }
}

impl Measure {
    /// Whether the measure is a share of games (0 to 1), written with `%`.
    pub fn is_share(&self) -> bool {
        matches!(
            self,
            Measure::FirstSeatAdvantage
                | Measure::Balance
                | Measure::Decisiveness
                | Measure::Draws
                | Measure::Unfinished
                | Measure::Drama
                | Measure::WinRate
        )
    }

    /// The measure's value in a summary; `None` when the games say nothing of it (no progress,
    /// nobody won).
    pub fn value(&self, s: &Summary) -> Option<f64> {
        let m = &s.metrics;
        match self {
            Measure::Length(Stat::Mean) => s.length.mean,
            Measure::Length(Stat::Median) => s.length.median.map(|v| v as f64),
            Measure::Length(Stat::P90) => s.length.p90.map(|v| v as f64),
            Measure::FirstSeatAdvantage => Some(m.first_seat_advantage),
            Measure::Balance => m.balance,
            Measure::Decisiveness => Some(m.decisiveness),
            Measure::Draws => Some(s.draws.rate),
            Measure::Unfinished => Some(s.unfinished.rate),
            Measure::LeadChanges => m.lead_changes_per_game,
            Measure::Drama => m.drama.as_ref().map(|d| d.winner_was_behind),
            Measure::WinRate => s.seats.first().map(|x| x.rate),
            Measure::Counter { name, seat } => {
                let mut found = s.counters.iter().filter(|c| &c.name == name && (seat.is_none() || c.seat == *seat));
                let first = found.next()?;
                Some(first.mean + found.map(|c| c.mean).sum::<f64>())
            }
        }
    }

    /// The measure as a count of games among games, when it is one (for a Wilson interval).
    pub fn counts(&self, t: &Tally) -> Option<(u64, u64)> {
        match self {
            Measure::Decisiveness => Some((t.games - t.draws - t.unfinished, t.games)),
            Measure::Draws => Some((t.draws, t.games)),
            Measure::Unfinished => Some((t.unfinished, t.games)),
            Measure::Drama => Some((t.winner_was_behind, t.won_with_progress)),
            Measure::WinRate => Some((t.wins.first().copied().unwrap_or(0), t.games)),
            _ => None,
        }
    }

    /// A value as people read it: shares in percent, others with one decimal.
    pub fn show(&self, v: Option<f64>) -> String {
        match v {
            None => "-".into(),
            Some(v) if self.is_share() => format!("{:.1}%", v * 100.0),
            Some(v) => format!("{v:.1}"),
        }
    }
}

/// A number, or a percentage (`5%` is 0.05).
fn number(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let (digits, scale) = match t.strip_suffix('%') {
        Some(d) => (d.trim(), 0.01),
        None => (t, 1.0),
    };
    match digits.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v * scale),
        _ => Err(format!("`{t}` is not a number (write 30, 2.5 or 5%)")),
    }
}

/// The measure a goal's left side names, or the word not understood and a suggestion.
fn measure(name: &str, words: &Vocabulary) -> Result<Measure, (String, Option<String>)> {
    let mut parts: Vec<&str> = name.split_whitespace().collect();
    let stat = match parts.first().copied() {
        Some("mean") => Some(Stat::Mean),
        Some("median") => Some(Stat::Median),
        Some("p90") => Some(Stat::P90),
        _ => None,
    };
    if stat.is_some() {
        parts.remove(0);
    }
    let unknown = |word: &str| {
        let mut known: Vec<&str> = WORDS.to_vec();
        known.extend(words.length_unit.as_deref());
        known.extend(words.counters.iter().map(String::as_str));
        (word.to_string(), suggest(word, known))
    };
    let Some(&head) = parts.first() else { return Err(unknown(name.trim())) };
    let is_length = head == "length" || words.length_unit.as_deref() == Some(head);
    if is_length && parts.len() == 1 {
        return Ok(Measure::Length(stat.unwrap_or(Stat::Mean)));
    }
    if let Some(s) = stat.filter(|s| *s != Stat::Mean) {
        let word = if s == Stat::Median { "median" } else { "p90" };
        return Err((format!("{word} {}", parts.join(" ")), Some(format!("{word} is taken of the length only"))));
    }
    if let Some(counter) = words.counters.iter().find(|c| c.as_str() == head) {
        let seat = match parts[1..] {
            [] => None,
            ["of", "player", n] => match n.parse::<u8>() {
                Ok(n) if (1..=words.players).contains(&n) => Some(n),
                _ => return Err((format!("player {n}"), Some(format!("the seats are 1 to {}", words.players)))),
            },
            _ => return Err((parts.join(" "), Some(format!("write `{counter}` or `{counter} of player N`")))),
        };
        return Ok(Measure::Counter { name: counter.clone(), seat });
    }
    if parts.len() > 1 {
        return Err(unknown(&parts.join(" ")));
    }
    Ok(match head {
        "first_seat_advantage" => Measure::FirstSeatAdvantage,
        "balance" => Measure::Balance,
        "decisiveness" => Measure::Decisiveness,
        "draws" => Measure::Draws,
        "unfinished" => Measure::Unfinished,
        "lead_changes" => Measure::LeadChanges,
        "drama" => Measure::Drama,
        "win_rate" => Measure::WinRate,
        other => return Err(unknown(other)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Vocabulary {
        Vocabulary { length_unit: Some("turns".into()), counters: vec!["points".into()], players: 2 }
    }

    #[test]
    fn a_range_goal_falls_off_as_ludii_ideal_duration() {
        let g = Goal::parse("turns in 20..30", &words()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.measure, Measure::Length(Stat::Mean));
        assert_eq!(g.score(Some(25.0)), 1.0);
        assert_eq!(g.score(Some(10.0)), 0.5);
        assert_eq!(g.score(Some(60.0)), 0.0);
        assert!((g.score(Some(40.0)) - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(g.score(None), 0.0);
    }

    #[test]
    fn percentages_and_one_sided_goals() {
        let g = Goal::parse("draws < 5%", &words()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((g.lo, g.hi), (f64::NEG_INFINITY, 0.05));
        assert!((g.score(Some(0.10)) - 0.5).abs() < 1e-12);
        let g = Goal::parse("median turns < 40", &words()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.measure, Measure::Length(Stat::Median));
        let g = Goal::parse("points of player 2 >= 3", &words()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.measure, Measure::Counter { name: "points".into(), seat: Some(2) });
    }

    #[test]
    fn an_unknown_word_gets_a_suggestion() {
        match Goal::parse("drawz < 5%", &words()) {
            Err(TuneError::UnknownMeasure { word, help, .. }) => {
                assert_eq!(word, "drawz");
                assert_eq!(help.as_deref(), Some("did you mean `draws`?"));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(Goal::parse("turns 20", &words()), Err(TuneError::BadGoal { .. })));
        assert!(matches!(Goal::parse("turns in 30..20", &words()), Err(TuneError::BadGoal { .. })));
        assert!(matches!(Goal::parse("win_rate > 50%", &words()), Err(TuneError::BadGoal { .. })));
    }
}
