//! `simulate --compare` and `--sweep`: several simulations of one game side by side (variants,
//! or values of one option), as a table and a page of charts, so a designer can pick the rules
//! that give the balance or length they want.

use std::fmt::Write;

use serde::Serialize;

use super::report::escape;
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
type Row = (String, Vec<String>);

fn pct(r: f64) -> String {
    format!("{:.1}%", r * 100.0)
}

fn with_interval(rate: f64, (lo, hi): (f64, f64)) -> String {
    format!("{} ({:.1}-{:.1})", pct(rate), lo * 100.0, hi * 100.0)
}

impl Comparison {
    /// The rows of the table, the same in text and on the page.
    fn rows(&self) -> Vec<Row> {
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
    fn heading(&self) -> String {
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

    /// The comparison as one self-contained HTML page: the table, the win rates with their
    /// intervals, and the spread of game lengths, column by column.
    pub fn html(&self) -> String {
        let heading = self.heading();
        let mut out = super::report::page_head(&heading, &heading, 900);
        out.push_str("<table>\n<tr><th></th>");
        for c in &self.columns {
            let _ = write!(out, "<th>{}</th>", escape(&c.label));
        }
        out.push_str("</tr>\n");
        for (name, cells) in self.rows() {
            let _ = write!(out, "<tr><td>{}</td>", escape(&name));
            for c in cells {
                let _ = write!(out, "<td>{}</td>", escape(&c));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n<p class=\"note\">Win rates and shares in percent, with their 95% intervals.</p>\n");
        out.push_str("<h2>Win rates</h2>\n");
        out.push_str(&self.win_chart());
        out.push_str("<h2>How long games last</h2>\n");
        out.push_str(&self.length_chart());
        out.push_str("</body>\n</html>\n");
        out
    }

    /// Per column, a bar per seat (or the deal won) with its 95% interval as a whisker.
    fn win_chart(&self) -> String {
        const W: f64 = 760.0;
        const LEFT: f64 = 190.0;
        const RIGHT: f64 = 30.0;
        let bars: Vec<(String, f64, (f64, f64), usize)> = self
            .columns
            .iter()
            .flat_map(|c| {
                let solo = c.summary.seats.len() == 1;
                c.summary.seats.iter().map(move |x| {
                    let who = if solo { "won".to_string() } else { format!("player {}", x.seat) };
                    (format!("{}: {who}", c.label), x.rate, x.ci95, x.seat as usize - 1)
                })
            })
            .collect();
        let row_h = 22.0;
        let h = 30.0 + row_h * bars.len() as f64;
        let plot_w = W - LEFT - RIGHT;
        let mut svg = format!(
            "<svg id=\"compare-wins\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{h}\" role=\"img\" \
             aria-label=\"win rates with 95% intervals per column\">\n"
        );
        for tick in 0..=4 {
            let x = LEFT + plot_w * tick as f64 / 4.0;
            let _ = writeln!(
                svg,
                "<line x1=\"{x:.1}\" y1=\"4\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text class=\"tick\" x=\"{x:.1}\" \
                 y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}%</text>",
                h - 20.0,
                h - 6.0,
                tick * 25
            );
        }
        const COLOURS: &[&str] = &["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
        for (i, (label, rate, (lo, hi), seat)) in bars.iter().enumerate() {
            let y = 6.0 + row_h * i as f64;
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}</text>\
                 <rect x=\"{LEFT}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"14\" fill=\"{}\" opacity=\"0.7\">\
                 <title>{:.1}% (95% interval {:.1}% - {:.1}%)</title></rect>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>",
                LEFT - 6.0,
                y + 11.0,
                escape(label),
                plot_w * rate,
                COLOURS[seat % COLOURS.len()],
                rate * 100.0,
                lo * 100.0,
                hi * 100.0,
                LEFT + plot_w * lo,
                y + 7.0,
                LEFT + plot_w * hi,
                y + 7.0
            );
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// Per column, the range of game lengths (shortest to longest), the median to the 90th
    /// percentile as a bar, and the mean as a dot, on one scale with ticks.
    fn length_chart(&self) -> String {
        const W: f64 = 760.0;
        const LEFT: f64 = 190.0;
        const RIGHT: f64 = 30.0;
        let unit = self.columns.first().map_or("decisions".to_string(), |c| c.summary.length.unit.clone());
        let hi = self.columns.iter().filter_map(|c| c.summary.length.max).max().unwrap_or(1).max(1) as f64;
        let row_h = 24.0;
        let h = 46.0 + row_h * self.columns.len() as f64;
        let plot_w = W - LEFT - RIGHT;
        let x_of = |v: f64| LEFT + plot_w * v / hi;
        let mut svg = format!(
            "<svg id=\"compare-lengths\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{h}\" role=\"img\" \
             aria-label=\"game lengths per column\">\n"
        );
        for k in 0..=5 {
            let v = hi * k as f64 / 5.0;
            let x = x_of(v);
            let _ = writeln!(
                svg,
                "<line x1=\"{x:.1}\" y1=\"4\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text class=\"tick\" x=\"{x:.1}\" \
                 y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
                h - 36.0,
                h - 24.0,
                v.round()
            );
        }
        let _ = writeln!(
            svg,
            "<text class=\"axis-label\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">length of a game \
             ({}): line from shortest to longest, bar from median to 90th percentile, dot at the mean</text>",
            LEFT + plot_w / 2.0 - 80.0,
            h - 6.0,
            escape(&unit)
        );
        for (i, c) in self.columns.iter().enumerate() {
            let l = &c.summary.length;
            let y = 10.0 + row_h * i as f64;
            let (Some(min), Some(max), Some(med), Some(p90)) = (l.min, l.max, l.median, l.p90) else { continue };
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}</text>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#555\"/>\
                 <rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"12\" fill=\"#1f77b4\" opacity=\"0.7\">\
                 <title>median {med}, 90th percentile {p90}, shortest {min}, longest {max}</title></rect>",
                LEFT - 6.0,
                y + 10.0,
                escape(&c.label),
                x_of(min as f64),
                y + 6.0,
                x_of(max as f64),
                y + 6.0,
                x_of(med as f64),
                (x_of(p90 as f64) - x_of(med as f64)).max(1.0)
            );
            if let Some(mean) = l.mean {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"#d62728\"><title>mean {mean:.1}</title></circle>",
                    x_of(mean),
                    y + 6.0
                );
            }
        }
        svg.push_str("</svg>\n");
        svg
    }
}
