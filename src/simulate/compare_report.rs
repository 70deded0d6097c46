//! The page of `simulate --compare` and `--sweep` (`Comparison::html`): the table (its cells never
//! wrap; a wide table scrolls), the win rates of every column with draws and unfinished games, the
//! game lengths (on a logarithmic axis when columns differ tenfold), and for a sweep one small
//! chart per figure against the option's value.

use std::fmt::Write;

use super::axis::{self, label};
use super::compare::{Axis, Comparison};
use super::report::escape;
use super::summary::Summary;

const COLOURS: &[&str] = &["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
/// The colour of draws, and of unfinished games.
const DRAW: &str = "#7f7f7f";
const UNFINISHED: &str = "#c7c7c7";

impl Comparison {
    /// The comparison as one self-contained HTML page: the table, the win rates with their
    /// intervals, the spread of game lengths, and for a sweep each figure against the value.
    pub fn html(&self) -> String {
        let heading = self.heading();
        let width = 900.max(260 + 170 * self.columns.len() as u32);
        let mut out = super::report::page_head(&heading, &heading, width);
        out.push_str(
            "<style>.wide{overflow-x:auto}.wide td,.wide th{white-space:nowrap}\
             .panels{display:flex;flex-wrap:wrap;gap:12px}</style>\n",
        );
        out.push_str("<div class=\"wide\"><table>\n<tr><th></th>");
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
        out.push_str(
            "</table></div>\n<p class=\"note\">Win rates and shares in percent, with their 95% intervals.</p>\n",
        );
        if let Axis::Option(name) = &self.compare {
            let _ = writeln!(out, "<h2>Each figure against <code>{}</code></h2>", escape(name));
            out.push_str(&self.sweep_panels(name));
        }
        out.push_str("<h2>Win rates, draws and unfinished games</h2>\n");
        out.push_str(&self.win_chart());
        out.push_str("<h2>How long games last</h2>\n");
        out.push_str(&self.length_chart());
        out.push_str("</body>\n</html>\n");
        out
    }

    /// Per column, a bar per seat (or the deal won), then draws and unfinished games, each with
    /// its 95% interval as a whisker.
    fn win_chart(&self) -> String {
        const W: f64 = 760.0;
        const LEFT: f64 = 190.0;
        const RIGHT: f64 = 30.0;
        let mut bars: Vec<(String, f64, (f64, f64), &str)> = Vec::new();
        for c in &self.columns {
            let s = &c.summary;
            let solo = s.seats.len() == 1;
            for x in &s.seats {
                let who = if solo { "won".to_string() } else { format!("player {} wins", x.seat) };
                bars.push((
                    format!("{}: {who}", c.label),
                    x.rate,
                    x.ci95,
                    COLOURS[(x.seat as usize - 1) % COLOURS.len()],
                ));
            }
            if !solo || s.draws.count > 0 {
                bars.push((format!("{}: draw", c.label), s.draws.rate, s.draws.ci95, DRAW));
            }
            if s.unfinished.count > 0 {
                bars.push((format!("{}: unfinished", c.label), s.unfinished.rate, s.unfinished.ci95, UNFINISHED));
            }
        }
        let row_h = 22.0;
        let h = 30.0 + row_h * bars.len() as f64;
        let plot_w = W - LEFT - RIGHT;
        let mut svg = format!(
            "<svg id=\"compare-wins\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{h}\" role=\"img\" \
             aria-label=\"win rates, draws and unfinished games with 95% intervals per column\">\n"
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
        for (i, (name, rate, (lo, hi), colour)) in bars.iter().enumerate() {
            let y = 6.0 + row_h * i as f64;
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}</text>\
                 <rect x=\"{LEFT}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"14\" fill=\"{colour}\" opacity=\"0.7\">\
                 <title>{:.1}% (95% interval {:.1}% - {:.1}%)</title></rect>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>",
                LEFT - 6.0,
                y + 11.0,
                escape(name),
                plot_w * rate,
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
    /// percentile as a bar, and the mean as a dot, on one axis with round ticks: logarithmic when
    /// the longest game is more than ten times the shortest median, so that short and long
    /// columns both show their spread.
    fn length_chart(&self) -> String {
        const W: f64 = 760.0;
        const LEFT: f64 = 190.0;
        const RIGHT: f64 = 30.0;
        let unit = self.columns.first().map_or("decisions".to_string(), |c| c.summary.length.unit.clone());
        let hi = self.columns.iter().filter_map(|c| c.summary.length.max).max().unwrap_or(1).max(1) as f64;
        let shortest_median =
            self.columns.iter().filter_map(|c| c.summary.length.median).min().unwrap_or(1).max(1) as f64;
        let log = hi > 10.0 * shortest_median;
        let lowest = self.columns.iter().filter_map(|c| c.summary.length.min).min().unwrap_or(1).max(1) as f64;
        let (ticks, from, to) = if log {
            let from = 10f64.powf(lowest.log10().floor());
            let to = 10f64.powf(hi.log10().ceil());
            (axis::log_ticks(from, to, 12), from, to)
        } else {
            let t = axis::ticks(0.0, hi, 6, true);
            let to = t.last().copied().unwrap_or(hi).max(1.0);
            (t, 0.0, to)
        };
        let row_h = 24.0;
        let h = 46.0 + row_h * self.columns.len() as f64;
        let plot_w = W - LEFT - RIGHT;
        let x_of = |v: f64| {
            if log {
                LEFT + plot_w * (v.max(from).ln() - from.ln()) / (to.ln() - from.ln()).max(1e-9)
            } else {
                LEFT + plot_w * (v - from) / (to - from).max(1.0)
            }
        };
        let mut svg = format!(
            "<svg id=\"compare-lengths\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{h}\" role=\"img\" \
             aria-label=\"game lengths per column\" data-scale=\"{}\">\n",
            if log { "log" } else { "linear" }
        );
        for v in ticks {
            let x = x_of(v);
            let _ = writeln!(
                svg,
                "<line x1=\"{x:.1}\" y1=\"4\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text class=\"tick\" x=\"{x:.1}\" \
                 y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
                h - 36.0,
                h - 24.0,
                label(v)
            );
        }
        let _ = writeln!(
            svg,
            "<text class=\"axis-label\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">length of a game \
             ({}{}): line from shortest to longest, bar from median to 90th percentile, dot at the mean</text>",
            W / 2.0,
            h - 6.0,
            escape(&unit),
            if log { ", logarithmic scale" } else { "" }
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

    /// For a sweep: one small chart per figure (win rates and draws, length, decisiveness, ...),
    /// the option's value along, each column a point.
    fn sweep_panels(&self, option: &str) -> String {
        let values: Vec<String> = self
            .columns
            .iter()
            .map(|c| c.label.split_once(" = ").map_or(c.label.clone(), |(_, v)| v.to_string()))
            .collect();
        let numbers: Option<Vec<f64>> = values.iter().map(|v| v.parse::<f64>().ok()).collect();
        // Numbers stand at their value; other values (words, true/false) evenly, in order.
        let places: Vec<f64> = numbers.unwrap_or_else(|| (0..values.len()).map(|i| i as f64).collect());
        let at = Along { option, values: &values, places: &places };
        let sums: Vec<&Summary> = self.columns.iter().map(|c| &c.summary).collect();
        let solo = sums.first().is_some_and(|s| s.seats.len() == 1);
        let seats = sums.first().map_or(0, |s| s.seats.len());
        let mut out = String::from("<div class=\"panels\">\n");
        let mut wins: Vec<Series> = (0..seats)
            .map(|i| Series {
                name: if solo { "won".into() } else { format!("player {} wins", i + 1) },
                colour: COLOURS[i % COLOURS.len()],
                points: sums.iter().map(|s| s.seats.get(i).map(|x| (x.rate * 100.0, Some(pair(x.ci95))))).collect(),
            })
            .collect();
        if !solo {
            wins.push(Series {
                name: "draw".into(),
                colour: DRAW,
                points: sums.iter().map(|s| Some((s.draws.rate * 100.0, Some(pair(s.draws.ci95))))).collect(),
            });
        }
        out.push_str(&panel("sweep-wins", "wins and draws (%, with 95% intervals)", &at, &wins, Some(100.0)));
        let unit = sums.first().map_or(String::new(), |s| s.length.unit.clone());
        let length = [
            Series {
                name: "mean".into(),
                colour: COLOURS[0],
                points: sums.iter().map(|s| s.length.mean.map(|m| (m, None))).collect(),
            },
            Series {
                name: "median".into(),
                colour: COLOURS[2],
                points: sums.iter().map(|s| s.length.median.map(|m| (m as f64, None))).collect(),
            },
            Series {
                name: "90th percentile".into(),
                colour: COLOURS[1],
                points: sums.iter().map(|s| s.length.p90.map(|m| (m as f64, None))).collect(),
            },
        ];
        out.push_str(&panel("sweep-length", &format!("length of a game ({unit})"), &at, &length, None));
        if !solo {
            let one = |id: &str, title: &str, name: &str, f: &dyn Fn(&Summary) -> Option<f64>, top: Option<f64>| {
                let series = [Series {
                    name: name.into(),
                    colour: COLOURS[3],
                    points: sums.iter().map(|s| f(s).map(|v| (v, None))).collect(),
                }];
                panel(id, title, &at, &series, top)
            };
            out.push_str(&one(
                "sweep-decisiveness",
                "games with a winner (%)",
                "decisiveness",
                &|s| Some(s.metrics.decisiveness * 100.0),
                Some(100.0),
            ));
            out.push_str(&one(
                "sweep-first-seat",
                "first-seat advantage (points)",
                "first seat",
                &|s| Some(s.metrics.first_seat_advantage * 100.0),
                None,
            ));
            out.push_str(&one(
                "sweep-lead-changes",
                "lead changes per game",
                "lead changes",
                &|s| s.metrics.lead_changes_per_game,
                None,
            ));
        }
        let choices = [Series {
            name: "real choices".into(),
            colour: COLOURS[4],
            points: sums.iter().map(|s| s.metrics.real_choice_share.map(|r| (r * 100.0, None))).collect(),
        }];
        out.push_str(&panel("sweep-choices", "real choices (% of decisions)", &at, &choices, Some(100.0)));
        out.push_str("</div>\n");
        out
    }
}

/// An interval in percent.
fn pair((lo, hi): (f64, f64)) -> (f64, f64) {
    (lo * 100.0, hi * 100.0)
}

/// The horizontal axis of a sweep's charts: the option, its values as written, and where each
/// stands.
struct Along<'a> {
    option: &'a str,
    values: &'a [String],
    places: &'a [f64],
}

/// A figure's value, and its 95% interval when it has one.
type Point = (f64, Option<(f64, f64)>);

/// One line of a small chart: a point per column (none where the figure is missing), with its
/// interval when it has one.
struct Series {
    name: String,
    colour: &'static str,
    points: Vec<Option<Point>>,
}

/// A small line chart of `series` against the option's values, with round ticks; `top`: the
/// highest value the figure can take (100 for a percentage), so the axis stops there.
fn panel(id: &str, title: &str, along: &Along<'_>, series: &[Series], top: Option<f64>) -> String {
    const W: f64 = 340.0;
    const H: f64 = 210.0;
    const LEFT: f64 = 44.0;
    const RIGHT: f64 = 12.0;
    const TOP: f64 = 40.0;
    const BOTTOM: f64 = 44.0;
    let all = series.iter().flat_map(|s| s.points.iter().flatten()).flat_map(|(v, i)| {
        let (lo, hi) = i.unwrap_or((*v, *v));
        [*v, lo, hi]
    });
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
    let (lo, hi) = if lo > hi { (0.0, 1.0) } else { (lo.min(0.0), hi.max(lo + 1e-9)) };
    let ticks: Vec<f64> =
        axis::ticks(lo, hi, 4, false).into_iter().filter(|v| top.is_none_or(|t| *v <= t + 1e-9)).collect();
    let (y_lo, y_hi) = (ticks.first().copied().unwrap_or(lo), ticks.last().copied().unwrap_or(hi).max(hi));
    let (x_lo, x_hi) = along.places.iter().fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(*v), b.max(*v)));
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let x_of = |x: f64| LEFT + 8.0 + (plot_w - 16.0) * if x_hi > x_lo { (x - x_lo) / (x_hi - x_lo) } else { 0.5 };
    let y_of = |y: f64| TOP + plot_h * (1.0 - (y - y_lo) / (y_hi - y_lo).max(1e-9));
    let mut svg = format!(
        "<svg id=\"{id}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" role=\"img\" \
         aria-label=\"{} against {}\">\n<text x=\"4\" y=\"14\" font-size=\"12\" font-weight=\"bold\">{}</text>\n",
        escape(title),
        escape(along.option),
        escape(title)
    );
    for v in &ticks {
        let y = y_of(*v);
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#e4e4e4\"/>\
             <text class=\"tick\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"end\">{}</text>",
            W - RIGHT,
            LEFT - 4.0,
            y + 3.0,
            label(*v)
        );
    }
    // One tick per value swept, thinned to about eight so their labels do not run together.
    let every = along.values.len().div_ceil(8).max(1);
    let b = TOP + plot_h;
    for (value, place) in along.values.iter().zip(along.places).step_by(every) {
        let x = x_of(*place);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{b:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>\
             <text class=\"tick\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
            b + 4.0,
            b + 15.0,
            escape(value)
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{b:.1}\" x2=\"{:.1}\" y2=\"{b:.1}\" stroke=\"#000\"/>\
         <text class=\"axis-label\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
        W - RIGHT,
        LEFT + plot_w / 2.0,
        b + 30.0,
        escape(along.option)
    );
    for (k, s) in series.iter().enumerate() {
        // Each point where it is drawn: its place along, and its value.
        let points: Vec<(f64, Point)> =
            s.points.iter().zip(along.places).filter_map(|(p, x)| p.map(|p| (x_of(*x), p))).collect();
        let line: Vec<String> = points.iter().map(|(x, (v, _))| format!("{x:.1},{:.1}", y_of(*v))).collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"{}\"><title>{}</title></polyline>",
            s.colour,
            line.join(" "),
            escape(&s.name)
        );
        for (x, (v, interval)) in &points {
            if let Some((lo, hi)) = interval {
                let _ = writeln!(
                    svg,
                    "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"{}\" opacity=\"0.6\"/>",
                    y_of(*lo),
                    y_of(*hi),
                    s.colour
                );
            }
            let _ = writeln!(
                svg,
                "<circle cx=\"{x:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"{}\"><title>{}: {}</title></circle>",
                y_of(*v),
                s.colour,
                escape(&s.name),
                label((v * 10.0).round() / 10.0)
            );
        }
        // The legend: the lines' names in a row under the title.
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"28\" font-size=\"10\" fill=\"{}\">■ {}</text>",
            4.0 + 84.0 * k as f64,
            s.colour,
            escape(&s.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}
