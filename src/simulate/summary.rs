//! The results of a simulation as a designer reads them: win rates with intervals, lengths,
//! counters and design metrics. One value, printed as text or as one JSON document.

use serde::Serialize;

use super::record::CounterColumn;
use super::solo::{solo, Solo};
use super::stats::{bins, mean, quantile, wilson};
use super::tally::Tally;

/// Everything a simulation reports.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The game's title.
    pub game: String,
    /// The variant played, if any.
    pub variant: Option<String>,
    /// Every option's value, as shown to people (a JSON object, in declaration order).
    #[serde(serialize_with = "as_map")]
    pub options: Vec<(String, serde_json::Value)>,
    /// The agent in each seat.
    pub players: Vec<String>,
    /// Games played.
    pub games: u64,
    /// The seed the games' seeds come from.
    pub seed: u64,
    /// Per seat: wins and the win rate with its 95% interval.
    pub seats: Vec<SeatResult>,
    /// Games won by several players together (each counts as a win for each of them).
    pub shared_wins: u64,
    /// Games nobody won.
    pub draws: Rate,
    /// Games lost by everyone (no winner, not a draw): the losses of a one-player game.
    pub lost: Rate,
    /// Games stopped before their end (a cap in the rules or a limit of the engine).
    pub unfinished: Rate,
    /// Of the unfinished, those stopped by a limit of the engine rather than the rules.
    pub engine_stops: u64,
    /// How long games last.
    pub length: Length,
    /// The counters the game reports, at the end of a game.
    pub counters: Vec<CounterResult>,
    /// Design metrics.
    pub metrics: Metrics,
    /// A one-player game's own figures: why games ended and how far the player got.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo: Option<Solo>,
}

/// One seat's results.
#[derive(Debug, Clone, Serialize)]
pub struct SeatResult {
    /// The seat, from 1.
    pub seat: u8,
    /// Who played it.
    pub agent: String,
    /// Games it won.
    pub wins: u64,
    /// Its wins as a share of all games.
    pub rate: f64,
    /// The 95% Wilson interval of that rate.
    pub ci95: (f64, f64),
}

/// A count and its share of all games, with the 95% interval of the share.
#[derive(Debug, Clone, Serialize)]
pub struct Rate {
    /// How many games.
    pub count: u64,
    /// The share of all games.
    pub rate: f64,
    /// The 95% Wilson interval of the share.
    pub ci95: (f64, f64),
}

/// How a value per game spreads over the games: the length of a game (in the game's own unit),
/// or a one-player game's progress at the end.
#[derive(Debug, Clone, Serialize)]
pub struct Length {
    /// The unit: the `length` counter's name, or "decisions".
    pub unit: String,
    /// The mean.
    pub mean: Option<f64>,
    /// The median.
    pub median: Option<i64>,
    /// The 90th percentile.
    pub p90: Option<i64>,
    /// The shortest game.
    pub min: Option<i64>,
    /// The longest game.
    pub max: Option<i64>,
    /// At most 40 bins of equal width: first value, last value, games.
    pub histogram: Vec<(i64, i64, u64)>,
}

impl Length {
    /// The spread of a histogram of values (game lengths, or any value per game) in `unit`.
    pub fn of(unit: String, h: &std::collections::BTreeMap<i64, u64>) -> Length {
        Length {
            unit,
            mean: mean(h),
            median: quantile(h, 0.5),
            p90: quantile(h, 0.9),
            min: h.keys().next().copied(),
            max: h.keys().next_back().copied(),
            histogram: bins(h, 40),
        }
    }
}

/// One reported counter at the end of a game.
#[derive(Debug, Clone, Serialize)]
pub struct CounterResult {
    /// Its name.
    pub name: String,
    /// The seat, from 1, for a per-player counter.
    pub seat: Option<u8>,
    /// The mean final value.
    pub mean: f64,
    /// The share of games where it ended above 0 ("how often a war happens").
    pub share_above_zero: f64,
    /// The largest final value.
    pub max: i64,
}

/// Design metrics, in the spirit of Ludii's and CardStock's.
#[derive(Debug, Clone, Serialize)]
pub struct Metrics {
    /// Seat 1's win rate minus the mean win rate of all seats (0: no first-seat advantage).
    pub first_seat_advantage: f64,
    /// The lowest seat win rate over the highest (1: every seat wins as often; 0: a seat never
    /// wins); `None` when nobody ever won.
    pub balance: Option<f64>,
    /// The share of games that end with a winner (not drawn, not unfinished).
    pub decisiveness: f64,
    /// Of the games with a single winner: how often, and how far, the winner was behind.
    pub drama: Option<Drama>,
    /// The mean number of times the lead passed from one player to another in a game.
    pub lead_changes_per_game: Option<f64>,
    /// The share of decisions with more than one legal action; `None` when nobody decided.
    pub real_choice_share: Option<f64>,
    /// Decisions per game.
    pub decisions_per_game: f64,
    /// The expression "ahead" is measured by, or `None` when the game declares no `progress`.
    pub progress: Option<String>,
}

/// How far behind eventual winners were.
#[derive(Debug, Clone, Serialize)]
pub struct Drama {
    /// The share of won games in which the winner was behind at some point.
    pub winner_was_behind: f64,
    /// The winner's largest deficit, averaged over won games (in `progress` units).
    pub mean_deficit: f64,
    /// The largest deficit any winner came back from.
    pub max_deficit: i64,
}

/// What a summary is made from besides the tally.
pub struct Context<'a> {
    /// The game's title.
    pub game: String,
    /// The variant, if any.
    pub variant: Option<String>,
    /// Options with their values in force: JSON numbers, booleans, and enum members as text.
    pub options: Vec<(String, serde_json::Value)>,
    /// Who played each seat.
    pub players: &'a [String],
    /// The seed.
    pub seed: u64,
    /// The length unit, or `None` for decisions.
    pub length_unit: Option<String>,
    /// The progress expression as written, if declared.
    pub progress: Option<String>,
    /// The counter columns of the tally.
    pub columns: &'a [CounterColumn],
}

/// Serialises name/value pairs as one object.
fn as_map<S: serde::Serializer>(pairs: &[(String, serde_json::Value)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

fn rate(k: u64, n: u64) -> Rate {
    Rate { count: k, rate: share(k, n), ci95: wilson(k, n) }
}

fn share(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

impl Summary {
    /// Works out every figure from a tally.
    pub fn new(t: &Tally, cx: &Context<'_>) -> Summary {
        let n = t.games;
        let seats: Vec<SeatResult> = t
            .wins
            .iter()
            .enumerate()
            .map(|(i, w)| SeatResult {
                seat: i as u8 + 1,
                agent: cx.players.get(i).cloned().unwrap_or_default(),
                wins: *w,
                rate: share(*w, n),
                ci95: wilson(*w, n),
            })
            .collect();
        let rates: Vec<f64> = seats.iter().map(|s| s.rate).collect();
        let mean_rate = rates.iter().sum::<f64>() / rates.len().max(1) as f64;
        let (lo, hi) = rates.iter().fold((f64::MAX, 0.0_f64), |(lo, hi), r| (lo.min(*r), hi.max(*r)));
        let decided = n - t.draws - t.unfinished;
        let metrics = Metrics {
            first_seat_advantage: rates.first().map_or(0.0, |r| r - mean_rate),
            balance: (hi > 0.0).then(|| lo / hi),
            decisiveness: share(decided, n),
            drama: (t.won_with_progress > 0).then(|| Drama {
                winner_was_behind: share(t.winner_was_behind, t.won_with_progress),
                mean_deficit: t.winner_deficit_sum as f64 / t.won_with_progress as f64,
                max_deficit: t.winner_deficit_max,
            }),
            lead_changes_per_game: (t.with_progress > 0).then(|| t.lead_changes as f64 / t.with_progress as f64),
            real_choice_share: (t.decisions > 0).then(|| share(t.real_choices, t.decisions)),
            decisions_per_game: share(t.decisions, n),
            progress: cx.progress.clone(),
        };
        let counters = cx
            .columns
            .iter()
            .zip(&t.counters)
            .map(|(c, v)| CounterResult {
                name: c.name.clone(),
                seat: c.seat.map(|s| s + 1),
                mean: if n == 0 { 0.0 } else { v.sum as f64 / n as f64 },
                share_above_zero: share(v.positive, n),
                max: v.max,
            })
            .collect();
        Summary {
            game: cx.game.clone(),
            variant: cx.variant.clone(),
            options: cx.options.clone(),
            players: cx.players.to_vec(),
            games: n,
            seed: cx.seed,
            seats,
            shared_wins: t.shared_wins,
            draws: rate(t.draws, n),
            lost: rate(t.lost, n),
            unfinished: rate(t.unfinished, n),
            engine_stops: t.engine_stops,
            length: Length::of(cx.length_unit.clone().unwrap_or_else(|| "decisions".into()), &t.lengths),
            counters,
            metrics,
            solo: (t.wins.len() == 1).then(|| solo(t, cx.progress.as_deref())),
        }
    }

    /// The summary as text for people.
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
        line(format!("{title}: {} games, seed {}", self.games, self.seed));
        if !self.options.is_empty() {
            let shown = |v: &serde_json::Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
            let opts: Vec<String> = self.options.iter().map(|(k, v)| format!("{k} = {}", shown(v))).collect();
            line(format!("options: {}", opts.join(", ")));
        }
        line(String::new());
        if self.solo.is_some() {
            line("                games      share   95% interval".into());
        } else {
            line("seat  player   wins      win rate   95% interval".into());
        }
        for s in self.seats.iter().filter(|_| self.solo.is_some()) {
            let who = format!("won ({})", s.agent);
            line(format!("{who:<12} {:>8}  {:>8}   {} - {}", s.wins, pct(s.rate), pct(s.ci95.0), pct(s.ci95.1)));
        }
        for s in self.seats.iter().filter(|_| self.solo.is_none()) {
            line(format!(
                "{:<5} {:<8} {:>8}  {:>8}   {} - {}",
                s.seat,
                s.agent,
                s.wins,
                pct(s.rate),
                pct(s.ci95.0),
                pct(s.ci95.1)
            ));
        }
        if self.solo.is_none() || self.draws.count > 0 {
            line(format!("draws        {:>8}  {:>8}", self.draws.count, pct(self.draws.rate)));
        }
        if self.lost.count > 0 {
            line(format!("lost         {:>8}  {:>8}", self.lost.count, pct(self.lost.rate)));
        }
        line(format!("unfinished   {:>8}  {:>8}", self.unfinished.count, pct(self.unfinished.rate)));
        if self.shared_wins > 0 {
            line(format!("shared wins  {:>8}", self.shared_wins));
        }
        if self.engine_stops > 0 {
            line(format!("stopped by the engine's limits: {}", self.engine_stops));
        }
        line(String::new());
        if let Some(solo) = &self.solo {
            for l in solo.lines() {
                line(l);
            }
        }
        let l = &self.length;
        line(format!(
            "length ({}): mean {}, median {}, p90 {}, min {}, max {}",
            l.unit,
            l.mean.map_or("-".into(), |m| format!("{m:.1}")),
            opt(l.median),
            opt(l.p90),
            opt(l.min),
            opt(l.max)
        ));
        // The histogram in at most 10 rows, bars scaled to the fullest row.
        let per_row = l.histogram.len().div_ceil(10).max(1);
        let rows: Vec<(i64, i64, u64)> = l
            .histogram
            .chunks(per_row)
            .filter_map(|c| Some((c.first()?.0, c.last()?.1, c.iter().map(|b| b.2).sum())))
            .collect();
        let fullest = rows.iter().map(|r| r.2).max().unwrap_or(0).max(1);
        for (lo, hi, count) in &rows {
            let range = if lo == hi { lo.to_string() } else { format!("{lo}-{hi}") };
            let bar = "#".repeat(((*count as f64 / fullest as f64) * 40.0).round() as usize);
            line(format!("  {range:>11} {count:>8} {bar}"));
        }
        if !self.counters.is_empty() {
            line("counters at the end (mean, games above 0, max):".into());
            for c in &self.counters {
                let name = match c.seat {
                    Some(s) => format!("{} of player {s}", c.name),
                    None => c.name.clone(),
                };
                line(format!("  {name:<24} {:>9.2}  {:>7}  {:>6}", c.mean, pct(c.share_above_zero), c.max));
            }
        }
        line(String::new());
        let m = &self.metrics;
        line("design metrics:".into());
        // Seat metrics and the lead say nothing about a game of one player.
        if self.solo.is_none() {
            line(format!("  first-seat advantage   {:+.1} points", m.first_seat_advantage * 100.0));
            line(format!(
                "  balance                {}",
                m.balance.map_or("- (nobody won)".into(), |b| format!("{b:.3}"))
            ));
            line(format!("  decisiveness           {}", pct(m.decisiveness)));
            match (&m.progress, &m.drama, m.lead_changes_per_game) {
                (None, _, _) => line("  drama, lead changes    - (the game declares no `progress`)".into()),
                (Some(p), drama, lead) => {
                    line(format!("  ahead means            most `{p}`"));
                    if let Some(d) = drama {
                        line(format!(
                            "  drama                  winner was behind in {}, by {:.1} on average (most {})",
                            pct(d.winner_was_behind),
                            d.mean_deficit,
                            d.max_deficit
                        ));
                    }
                    if let Some(lc) = lead {
                        line(format!("  lead changes per game  {lc:.2}"));
                    }
                }
            }
        }
        line(format!(
            "  real choices           {} of {:.1} decisions per game",
            m.real_choice_share.map_or("-".into(), pct),
            m.decisions_per_game
        ));
        out
    }
}

fn pct(r: f64) -> String {
    format!("{:.1}%", r * 100.0)
}

fn opt(v: Option<i64>) -> String {
    v.map_or("-".into(), |v| v.to_string())
}
