//! `--report out.html`: one self-contained HTML page with SVG charts (no scripts, no files
//! beside it) that a designer opens in a browser.

use std::fmt::Write;

use super::axis::{self, label};
use super::summary::Summary;
use super::tally::Sample;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 240.0;
const PAD: f64 = 40.0;
const COLOURS: &[&str] = &["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"];

/// Escapes text for HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The whole page. It is made from the summary and the sample games alone (not the game's
/// path), so that `merge` writes the very page of one `simulate` run.
pub fn html(s: &Summary, samples: &[Sample]) -> String {
    let title = match &s.variant {
        Some(v) => format!("{}, variant {v}", s.game),
        None => s.game.clone(),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{head}<p>{n} games between {p}, seed {seed}.{o}</p>",
        head = page_head(&format!("{title}: simulation"), &title, 760),
        n = s.games,
        p = escape(&s.players.join(", ")),
        seed = s.seed,
        o = if s.options.is_empty() {
            String::new()
        } else {
            let opts: Vec<String> = s.options.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            format!(" Options: {}.", escape(&opts.join(", ")))
        }
    );
    out.push_str(if s.solo.is_some() { "<h2>How often the deal is won</h2>\n" } else { "<h2>Who wins</h2>\n" });
    out.push_str(&win_chart(s));
    if let Some(solo) = &s.solo {
        solo.html(&mut out);
    }
    out.push_str(&format!("<h2>How long games last ({})</h2>\n", escape(&s.length.unit)));
    out.push_str(&length_chart(s));
    let l = &s.length;
    let _ = writeln!(
        out,
        "<p>Mean {}, median {}, 90th percentile {}, longest {}.</p>",
        l.mean.map_or("-".into(), |m| format!("{m:.1}")),
        opt(l.median),
        opt(l.p90),
        opt(l.max)
    );
    // One player has no lead over anybody.
    if s.solo.is_none() {
        out.push_str("<h2>The lead over time</h2>\n");
        out.push_str(&margin_chart(s, samples));
    }
    out.push_str(&metrics_table(s));
    out.push_str("</body>\n</html>\n");
    out
}

/// The start of a page, to its `<h1>`: the title in the browser's tab, the heading, and the
/// style of every page cardlang writes (`width`: the page's width in pixels).
pub fn page_head(tab: &str, heading: &str, width: u32) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <style>body{{font-family:sans-serif;max-width:{width}px;margin:2em auto;color:#222}}\
         table{{border-collapse:collapse}}td,th{{padding:2px 10px;text-align:right}}\
         th:first-child,td:first-child{{text-align:left}}svg{{background:#fafafa}}\
         .note{{color:#666;font-size:90%}}pre.replay{{overflow-x:auto;margin:2px 0 6px}}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(tab),
        escape(heading)
    )
}

fn opt(v: Option<i64>) -> String {
    v.map_or("-".into(), |v| v.to_string())
}

/// Win rates (and draws, unfinished) as bars with their 95% intervals as whiskers.
fn win_chart(s: &Summary) -> String {
    let mut rows: Vec<(String, f64, (f64, f64))> = s
        .seats
        .iter()
        .map(|x| match s.solo {
            Some(_) => (format!("won ({})", x.agent), x.rate, x.ci95),
            None => (format!("player {} ({})", x.seat, x.agent), x.rate, x.ci95),
        })
        .collect();
    if s.solo.is_none() || s.draws.count > 0 {
        rows.push(("draw".into(), s.draws.rate, s.draws.ci95));
    }
    if s.lost.count > 0 {
        rows.push(("lost".into(), s.lost.rate, s.lost.ci95));
    }
    rows.push(("unfinished".into(), s.unfinished.rate, s.unfinished.ci95));
    let row_h = 28.0;
    let left = 150.0;
    let plot_w = WIDTH - left - PAD;
    let h = PAD + row_h * rows.len() as f64;
    let mut svg = format!(
        "<svg id=\"win-rates\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{h}\" role=\"img\" \
         aria-label=\"win rates with 95% intervals\">\n"
    );
    axis::quarter_grid(&mut svg, left, plot_w, 10, h, |tick| format!("{}%", tick * 25));
    for (i, (label, rate, (lo, hi))) in rows.iter().enumerate() {
        let y = 12.0 + row_h * i as f64;
        let colour = COLOURS[i % COLOURS.len()];
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{}</text>\
             <rect x=\"{left}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"16\" fill=\"{colour}\" opacity=\"0.7\">\
             <title>{:.1}% (95% interval {:.1}% - {:.1}%)</title></rect>\
             <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>",
            left - 8.0,
            y + 12.0,
            escape(label),
            plot_w * rate,
            rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            left + plot_w * lo,
            y + 8.0,
            left + plot_w * hi,
            y + 8.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The histogram of game lengths.
fn length_chart(s: &Summary) -> String {
    histogram_svg("length-histogram", &s.length.histogram, &format!("length of a game ({})", s.length.unit))
}

/// A histogram of games over bins (first value, last value, games) as SVG, with ticks on both
/// axes: `x_label` names the values, the vertical axis counts games.
pub fn histogram_svg(id: &str, bins: &[(i64, i64, u64)], x_label: &str) -> String {
    let mut svg = format!(
        "<svg id=\"{id}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         role=\"img\" aria-label=\"histogram: {}\">\n",
        escape(x_label)
    );
    let fullest = bins.iter().map(|b| b.2).max().unwrap_or(0).max(1) as f64;
    // The vertical axis goes up to the round count at or above the fullest bin.
    let counts = axis::ticks(0.0, fullest, 4, true);
    let most = counts.last().copied().unwrap_or(fullest).max(1.0);
    let plot_w = WIDTH - 2.0 * PAD;
    let plot_h = HEIGHT - 2.0 * PAD;
    let bar_w = plot_w / bins.len().max(1) as f64;
    // Horizontal grid lines at round counts of games.
    for value in counts {
        let label = label(value);
        let y = PAD + plot_h * (1.0 - value / most);
        let _ = writeln!(
            svg,
            "<line x1=\"{PAD}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text class=\"tick\" data-axis=\"y\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"end\">{label}</text>",
            WIDTH - PAD,
            PAD - 4.0,
            y + 3.0
        );
    }
    for (i, (lo, hi, count)) in bins.iter().enumerate() {
        let bh = plot_h * *count as f64 / most;
        let x = PAD + bar_w * i as f64;
        let range = if lo == hi { lo.to_string() } else { format!("{lo}-{hi}") };
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"#1f77b4\">\
             <title>{range}: {count} games</title></rect>",
            PAD + plot_h - bh,
            (bar_w - 1.0).max(0.5)
        );
    }
    // Ticks at round values: the bins are equally wide, so a value's place is its distance from
    // the first bin's start over all the bins' span.
    if let (Some(first), Some(last)) = (bins.first(), bins.last()) {
        let start = first.0 as f64;
        let width = (first.1 as f64 - start + 1.0).max(1.0);
        let span = (width * bins.len() as f64).max(1.0);
        let end = last.1 as f64;
        for v in axis::ticks(start, end, 6, true).into_iter().filter(|v| *v >= start && *v <= start + span) {
            let x = PAD + plot_w * (v - start) / span;
            let _ = writeln!(
                svg,
                "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>\
                 <text class=\"tick\" data-axis=\"x\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
                HEIGHT - PAD + 4.0,
                HEIGHT - PAD + 15.0,
                label(v),
                y = HEIGHT - PAD
            );
        }
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{PAD}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#000\"/>\
         <text class=\"axis-label\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\
         <text class=\"axis-label\" x=\"12\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" \
         transform=\"rotate(-90 12 {:.1})\">games</text>",
        WIDTH - PAD,
        WIDTH / 2.0,
        HEIGHT - 6.0,
        escape(x_label),
        HEIGHT / 2.0,
        HEIGHT / 2.0,
        y = HEIGHT - PAD
    );
    svg.push_str("</svg>\n");
    svg
}

/// The margin over time of the sample games: one line each, on round ticks, with the lead in
/// the unit its `progress` counts in, and under it the command that replays each game.
fn margin_chart(s: &Summary, samples: &[Sample]) -> String {
    let traced: Vec<&Sample> = samples.iter().filter(|x| !x.trace.is_empty()).collect();
    if traced.is_empty() || s.metrics.progress.is_none() {
        return "<p class=\"note\">The game declares no <code>progress</code>, so there is no lead to draw.</p>\n"
            .into();
    }
    let progress = s.metrics.progress.as_deref().unwrap_or("");
    let unit = axis::progress_unit(progress);
    let xs = traced.iter().flat_map(|t| t.trace.iter().map(|p| p.0));
    let (x_lo, x_hi) = xs.fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let widest =
        traced.iter().flat_map(|t| t.trace.iter().map(|p| p.1.unsigned_abs())).max().unwrap_or(1).max(1) as f64;
    // Both halves of the vertical axis reach the round value at or above the widest lead.
    let leads = axis::ticks(-widest, widest, 6, true);
    let y_max = leads.last().copied().unwrap_or(widest).max(1.0);
    let along = axis::ticks(x_lo as f64, x_hi as f64, 6, true);
    let (x_from, x_to) = (along.first().copied().unwrap_or(0.0), along.last().copied().unwrap_or(1.0));
    let plot_w = WIDTH - 2.0 * PAD - 10.0;
    let left = PAD + 10.0;
    let plot_h = HEIGHT - 2.0 * PAD;
    // In f64: a counter's extreme values must not overflow the arithmetic.
    let x_of = |x: f64| left + plot_w * (x - x_from) / (x_to - x_from).max(1.0);
    let y_of = |y: f64| PAD + plot_h / 2.0 - (plot_h / 2.0) * y / y_max;
    let mut svg = format!(
        "<svg id=\"lead-over-time\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         role=\"img\" aria-label=\"the leader's margin over time in sample games\">\n"
    );
    for v in leads.iter().filter(|v| v.abs() <= y_max) {
        let y = y_of(*v);
        let (stroke, dash) = if *v == 0.0 { ("#999", " stroke-dasharray=\"4 3\"") } else { ("#e4e4e4", "") };
        let shown = if *v > 0.0 { format!("+{}", label(*v)) } else { label(*v) };
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{stroke}\"{dash}/>\
             <text class=\"tick\" data-axis=\"y\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"end\">{shown}</text>",
            WIDTH - PAD,
            left - 4.0,
            y + 3.0,
        );
    }
    let b = PAD + plot_h;
    for v in &along {
        let x = x_of(*v);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{b:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>\
             <text class=\"tick\" data-axis=\"x\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
            b + 4.0,
            b + 15.0,
            label(*v),
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{left}\" y1=\"{b:.1}\" x2=\"{:.1}\" y2=\"{b:.1}\" stroke=\"#000\"/>\
         <text class=\"axis-label\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\
         <text class=\"axis-label\" x=\"12\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" \
         transform=\"rotate(-90 12 {:.1})\">lead ({})</text>",
        WIDTH - PAD,
        left + plot_w / 2.0,
        HEIGHT - 6.0,
        escape(&format!("time into the game ({})", s.length.unit)),
        HEIGHT / 2.0,
        HEIGHT / 2.0,
        escape(&unit),
    );
    let winners: Vec<String> = traced
        .iter()
        .map(|t| match t.winners.as_slice() {
            [] => "nobody won".to_string(),
            w => format!("won by {}", w.iter().map(|p| format!("player {}", p + 1)).collect::<Vec<_>>().join(", ")),
        })
        .collect();
    for (i, (t, winner)) in traced.iter().zip(&winners).enumerate() {
        let points: Vec<String> =
            t.trace.iter().map(|(x, y)| format!("{:.1},{:.1}", x_of(*x as f64), y_of(*y as f64))).collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"{}\"><title>game {}: {winner}</title></polyline>",
            COLOURS[i % COLOURS.len()],
            points.join(" "),
            i + 1
        );
    }
    svg.push_str("</svg>\n");
    let what = if s.seats.len() == 2 {
        "player 1's lead over player 2 (below the dashed line, player 2 leads)"
    } else {
        "the leader's margin over the next player"
    };
    let mut legend = String::from("<ol class=\"samples\">\n");
    for (i, (t, winner)) in traced.iter().zip(&winners).enumerate() {
        let _ = writeln!(
            legend,
            "<li><span style=\"color:{}\">■</span> {winner}; replay it:<pre class=\"replay\">{}</pre></li>",
            COLOURS[i % COLOURS.len()],
            escape(&replay_command(s, t.seed))
        );
    }
    legend.push_str("</ol>\n");
    format!(
        "{svg}<p class=\"note\">{} sample games: {what}, in {} (<code>progress p = {}</code>), against the {} \
         played so far. Each is played again move by move, at the terminal, by its command, with \
         <code>GAME</code> the game file (or the name of a game that comes with cardlang) given to \
         <code>simulate</code>:</p>\n{legend}",
        traced.len(),
        escape(&unit),
        escape(progress),
        escape(&s.length.unit)
    )
}

/// The command that plays game `seed` of a simulation again: the same seed, players, variant and
/// options; `GAME` stands for the game as it was given to `simulate` (a file, or a bundled game's
/// name), which the summary does not hold.
pub fn replay_command(s: &Summary, seed: u64) -> String {
    let mut command = format!("cardlang play GAME --seed {seed}");
    if !s.players.is_empty() {
        command.push_str(&format!(" --players {}", s.players.join(",")));
    }
    if let Some(v) = &s.variant {
        command.push_str(&format!(" --variant {v}"));
    }
    for (k, v) in &s.options {
        let v = v.as_str().map_or_else(|| v.to_string(), str::to_string);
        command.push_str(&format!(" --set {k}={v}"));
    }
    command
}

/// Counters and design metrics as tables.
fn metrics_table(s: &Summary) -> String {
    let mut out = String::from("<h2>Counters at the end of a game</h2>\n");
    if s.counters.is_empty() {
        out.push_str("<p class=\"note\">The game reports no number counters.</p>\n");
    } else {
        out.push_str("<table><tr><th>counter</th><th>mean</th><th>games above 0</th><th>max</th></tr>\n");
        for c in &s.counters {
            let name = match c.seat {
                Some(p) => format!("{} of player {p}", c.name),
                None => c.name.clone(),
            };
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{:.2}</td><td>{:.1}%</td><td>{}</td></tr>",
                escape(&name),
                c.mean,
                c.share_above_zero * 100.0,
                c.max
            );
        }
        out.push_str("</table>\n");
    }
    let m = &s.metrics;
    out.push_str("<h2>Design metrics</h2>\n<table>\n");
    let mut row = |k: &str, v: String| {
        let _ = writeln!(out, "<tr><td>{}</td><td>{}</td></tr>", escape(k), escape(&v));
    };
    // Seat metrics say nothing about a game of one player.
    if s.solo.is_none() {
        row("first-seat advantage", format!("{:+.1} points", m.first_seat_advantage * 100.0));
        row("balance (lowest / highest seat win rate)", m.balance.map_or("-".into(), |b| format!("{b:.3}")));
        row("decisiveness (games with a winner)", format!("{:.1}%", m.decisiveness * 100.0));
    }
    if let Some(d) = &m.drama {
        let unit = axis::progress_unit(m.progress.as_deref().unwrap_or(""));
        row("winner was behind at some point", format!("{:.1}%", d.winner_was_behind * 100.0));
        row(
            "winner's largest deficit (mean of won games / most)",
            format!("{:.1} / {} {unit}", d.mean_deficit, d.max_deficit),
        );
    }
    if let (Some(l), None) = (m.lead_changes_per_game, &s.solo) {
        row("lead changes per game", format!("{l:.2}"));
    }
    row(
        "real choices (decisions with more than one option)",
        m.real_choice_share.map_or("-".into(), |r| format!("{:.1}%", r * 100.0)),
    );
    row("decisions per game", format!("{:.1}", m.decisions_per_game));
    out.push_str("</table>\n");
    out
}
