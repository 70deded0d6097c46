//! `simulate --compare` and `--sweep`: several simulations of one game side by side (variants,
//! or values of one option), as a table and a page of charts, so a designer can pick the rules
//! that give the balance or length they want.

use std::fmt::Write;

use serde::Serialize;

use super::summary::Summary;

/// What the columns are.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// Variants of the game (`base` is the game without one).
    Variant,
    /// Values of the named option.
    Option(String),
}

/// Several summaries of one game, one per column.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// What changes from column to column.
    pub compare: Axis,
    /// Each column: its label and its summary.
    pub columns: Vec<Column>,
}

/// One simulation of a comparison.
#[derive(Debug, Clone, Serialize)]
pub struct Column {
    /// "base", a variant's name, or `name = value`.
    pub label: String,
    /// Its results.
    pub summary: Summary,
}

/// One row of the table: its name and a cell per column.
pub(super) type Row = (String, Vec<String>);

fn pct(r: f64) -> String {
    format!("{:.1}%", r * 100.0)
}

fn with_interval(rate: f64, (lo, hi): (f64, f64)) -> String {
    format!("{} ({:.1}-{:.1})", pct(rate), lo * 100.0, hi * 100.0)
}

impl Comparison {
    /// The rows of the table, the same in text and on the page.
    pub(super) fn rows(&self) -> Vec<Row> {
        let cols = &self.columns;
        let mut rows: Vec<Row> = Vec::new();
        let cell = |f: &dyn Fn(&Summary) -> String| cols.iter().map(|c| f(&c.summary)).collect::<Vec<_>>();
        let seats = cols.first().map_or(0, |c| c.summary.seats.len());
        let solo = seats == 1;
        for seat in 0..seats {
            let name = if solo { "won".to_string() } else { format!("player {} wins", seat + 1) };
            rows.push((name, cell(&|s| s.seats.get(seat).map_or("-".into(), |x| with_interval(x.rate, x.ci95)))));
        }
        if cols.iter().any(|c| c.summary.draws.count > 0) {
            rows.push(("draws".into(), cell(&|s| with_interval(s.draws.rate, s.draws.ci95))));
        }
        if solo {
            rows.push(("lost".into(), cell(&|s| with_interval(s.lost.rate, s.lost.ci95))));
        }
        rows.push(("unfinished".into(), cell(&|s| with_interval(s.unfinished.rate, s.unfinished.ci95))));
        let unit = cols.first().map_or("decisions".to_string(), |c| c.summary.length.unit.clone());
        rows.push((
            format!("length ({unit}): mean"),
            cell(&|s| s.length.mean.map_or("-".into(), |m| format!("{m:.1}"))),
        ));
        let q = |v: Option<i64>| v.map_or("-".into(), |v| v.to_string());
        rows.push((
            "  median / p90 / max".into(),
            cell(&|s| format!("{} / {} / {}", q(s.length.median), q(s.length.p90), q(s.length.max))),
        ));
        // Counters by name (and seat), in the first column's order; a counter a column lacks is "-".
        if let Some(first) = cols.first() {
            for c in &first.summary.counters {
                let name = match c.seat {
                    Some(p) => format!("{} of player {p} (mean)", c.name),
                    None => format!("{} (mean)", c.name),
                };
                rows.push((
                    name,
                    cell(&|s| {
                        s.counters
                            .iter()
                            .find(|d| d.name == c.name && d.seat == c.seat)
                            .map_or("-".into(), |d| format!("{:.2}", d.mean))
                    }),
                ));
            }
        }
        if !solo {
            rows.push((
                "first-seat advantage".into(),
                cell(&|s| format!("{:+.1} points", s.metrics.first_seat_advantage * 100.0)),
            ));
            rows.push(("decisiveness".into(), cell(&|s| pct(s.metrics.decisiveness))));
            rows.push((
                "lead changes per game".into(),
                cell(&|s| s.metrics.lead_changes_per_game.map_or("-".into(), |l| format!("{l:.2}"))),
            ));
        }
        rows.push(("real choices".into(), cell(&|s| s.metrics.real_choice_share.map_or("-".into(), pct))));
        rows
    }

    /// The heading: the game, the games per column, the seed and the players.
    pub(super) fn heading(&self) -> String {
        let Some(first) = self.columns.first() else { return String::new() };
        let s = &first.summary;
        let what = match &self.compare {
            Axis::Variant => "variants compared".to_string(),
            Axis::Option(name) => format!("values of `{name}` compared"),
        };
        format!("{}: {what}, {} games each, seed {}, players {}", s.game, s.games, s.seed, s.players.join(","))
    }

    /// The comparison as a text table.
    pub fn text(&self) -> String {
        let rows = self.rows();
        let labels: Vec<&str> = self.columns.iter().map(|c| c.label.as_str()).collect();
        let first_w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0).max(8);
        let widths: Vec<usize> = (0..labels.len())
            .map(|i| rows.iter().map(|r| r.1[i].chars().count()).chain([labels[i].chars().count()]).max().unwrap_or(0))
            .collect();
        let mut out = format!("{}\n\n", self.heading());
        let _ = write!(out, "{:first_w$}", "");
        for (l, w) in labels.iter().zip(&widths) {
            let _ = write!(out, "  {l:>w$}");
        }
        out.push('\n');
        for (name, cells) in &rows {
            let _ = write!(out, "{name:first_w$}");
            for (c, w) in cells.iter().zip(&widths) {
                let _ = write!(out, "  {c:>w$}");
            }
            out.push('\n');
        }
        out.push_str("\nwin rates and shares: percent (95% interval)\n");
        out
    }
}
