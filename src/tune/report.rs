//! `tune --report out.html`: the answer as one self-contained HTML page (no scripts, no files
//! beside it), with the page style and histogram of `simulate`'s report, and two charts of its
//! own: each goal's value with its interval for the best settings against the range wanted, and
//! each option value's score alone.

use std::fmt::Write;

use super::answer::Answer;
use super::goal::Goal;
use crate::simulate::axis;
use crate::simulate::report::{escape, histogram_svg, page_head};

const WIDTH: f64 = 640.0;
const LEFT: f64 = 220.0;
const RIGHT: f64 = 30.0;
const ROW: f64 = 26.0;

/// The whole page.
pub fn html(a: &Answer) -> String {
    let title = match &a.variant {
        Some(v) => format!("{}, variant {v}", a.game),
        None => a.game.clone(),
    };
    let mut out = page_head(&format!("{title}: tune"), &title, 760);
    let goals: Vec<String> = a.goals.iter().map(|g| format!("<code>{}</code>", escape(&g.text))).collect();
    let _ = writeln!(
        out,
        "<p>Tuned for {} with {}: {} settings, {} games in all, seed {}.</p>\n<p id=\"verdict\"><strong>{}</strong></p>",
        goals.join(", "),
        escape(&a.players.join(", ")),
        a.settings,
        a.games_played,
        a.seed,
        escape(&a.verdict)
    );
    out.push_str("<h2>The best settings, played again on fresh seeds</h2>\n");
    out.push_str(&finalists_table(a));
    for (i, g) in a.goals.iter().enumerate() {
        let _ = writeln!(out, "<h3><code>{}</code></h3>", escape(&g.text));
        out.push_str(&goal_chart(a, i, g));
    }
    if let Some(best) = a.finalists.first() {
        let _ = writeln!(out, "<h2>How long games last with {}</h2>", escape(&best.described));
        out.push_str(&histogram_svg(
            "length-histogram",
            &best.length_histogram,
            &format!("length ({})", a.length_unit),
        ));
    }
    if !a.effects.is_empty() {
        out.push_str(
            "<h2>Each option value alone</h2>\n<p class=\"note\">The worst goal's score over the search's games of \
             every setting with that value.</p>\n",
        );
        out.push_str(&effects_chart(a));
    }
    if !a.pareto.is_empty() {
        out.push_str("<h2>The goals pull apart: settings no other beats on every goal</h2>\n<table id=\"pareto\">");
        let _ = write!(out, "<tr><th>setting</th><th>games</th>");
        for g in &a.goals {
            let _ = write!(out, "<th>{}</th>", escape(&g.text));
        }
        out.push_str("</tr>\n");
        for f in &a.pareto {
            let _ = write!(out, "<tr><td>{}</td><td>{}</td>", escape(&f.described), f.games);
            for (g, v) in a.goals.iter().zip(&f.values) {
                let _ = write!(out, "<td>{}</td>", escape(&g.measure.show(*v)));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
    }
    let _ = writeln!(out, "<h2>Reproduce</h2>\n<pre style=\"white-space:pre-wrap\">{}</pre>", escape(&a.command));
    out.push_str("</body>\n</html>\n");
    out
}

fn finalists_table(a: &Answer) -> String {
    let mut t = String::from("<table id=\"finalists\"><tr><th>setting</th><th>games</th><th>score</th>");
    for g in &a.goals {
        let _ = write!(t, "<th>{}</th>", escape(&g.text));
    }
    t.push_str("</tr>\n");
    for f in &a.finalists {
        let _ = write!(t, "<tr><td>{}</td><td>{}</td><td>{:.2}</td>", escape(&f.described), f.games, f.score);
        for (g, v) in a.goals.iter().zip(&f.goals) {
            let ci = v.ci95.map_or(String::new(), |(lo, hi)| {
                format!(" ({} to {})", g.measure.show(Some(lo)), g.measure.show(Some(hi)))
            });
            let mark = if v.met { "" } else { " ✗" };
            let _ = write!(t, "<td>{}{}{mark}</td>", escape(&g.measure.show(v.value)), escape(&ci));
        }
        t.push_str("</tr>\n");
    }
    t.push_str("</table>\n");
    t
}

/// The span of values a goal's chart shows: the range wanted and every value and interval end.
fn extent(a: &Answer, i: usize, g: &Goal) -> (f64, f64) {
    let mut xs: Vec<f64> = [g.lo, g.hi].into_iter().filter(|v| v.is_finite()).collect();
    for f in &a.finalists {
        xs.extend(f.goals[i].value);
        if let Some((lo, hi)) = f.goals[i].ci95 {
            xs.extend([lo, hi]);
        }
    }
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !lo.is_finite() || !hi.is_finite() {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.1).max(if g.measure.is_share() { 0.01 } else { 1.0 });
    (lo - pad, hi + pad)
}

/// One goal: the range wanted shaded green, each finalist a dot with its 95% interval.
fn goal_chart(a: &Answer, i: usize, g: &Goal) -> String {
    let (lo, hi) = extent(a, i, g);
    let plot = WIDTH - LEFT - RIGHT;
    let x = |v: f64| LEFT + plot * ((v - lo) / (hi - lo)).clamp(0.0, 1.0);
    let h = 30.0 + ROW * a.finalists.len() as f64;
    let mut svg = format!(
        "<svg id=\"goal-{i}\" class=\"goal\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{h}\" \
         role=\"img\" aria-label=\"{} for the best settings\">\n",
        escape(&g.text)
    );
    let (a_end, b_end) = (x(g.lo.max(lo)), x(g.hi.min(hi)));
    let _ = writeln!(
        svg,
        "<rect class=\"wanted\" x=\"{a_end:.1}\" y=\"4\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#2ca02c\" \
         opacity=\"0.15\"><title>wanted: {}</title></rect>",
        (b_end - a_end).max(1.0),
        h - 24.0,
        escape(&g.text)
    );
    for k in 0..=4 {
        let v = lo + (hi - lo) * k as f64 / 4.0;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            x(v),
            h - 6.0,
            escape(&g.measure.show(Some(v)))
        );
    }
    for (r, f) in a.finalists.iter().enumerate() {
        let y = 16.0 + ROW * r as f64;
        let v = &f.goals[i];
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{}</text>",
            LEFT - 8.0,
            y + 4.0,
            escape(&f.described)
        );
        if let Some((clo, chi)) = v.ci95 {
            let _ = writeln!(
                svg,
                "<line class=\"interval\" x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#000\"/>",
                x(clo),
                x(chi)
            );
        }
        if let Some(value) = v.value {
            let colour = if v.met { "#2ca02c" } else { "#d62728" };
            let _ = writeln!(
                svg,
                "<circle class=\"value\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"{colour}\"><title>{}</title></circle>",
                x(value),
                escape(&g.measure.show(Some(value)))
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// Each option value's score alone, as bars from 0 to 1, grouped by option.
fn effects_chart(a: &Answer) -> String {
    let plot = WIDTH - LEFT - RIGHT;
    let h = 30.0 + ROW * a.effects.len() as f64;
    let mut svg = format!(
        "<svg id=\"effects\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{h}\" role=\"img\" \
         aria-label=\"each option value's score alone\">\n"
    );
    axis::quarter_grid(&mut svg, LEFT, plot, 4, h, |k| format!("{:.2}", k as f64 / 4.0));
    let options: Vec<&str> = a.space.dims.iter().map(|d| d.name.as_str()).collect();
    for (r, e) in a.effects.iter().enumerate() {
        let y = 8.0 + ROW * r as f64;
        let colour =
            ["#1f77b4", "#ff7f0e", "#9467bd", "#8c564b"][options.iter().position(|o| *o == e.option).unwrap_or(0) % 4];
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{} = {}</text>\
             <rect class=\"effect\" x=\"{LEFT}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"16\" fill=\"{colour}\" opacity=\"0.7\">\
             <title>score {:.2} over {} games</title></rect>",
            LEFT - 8.0,
            y + 12.0,
            escape(&e.option),
            escape(&e.value),
            plot * e.score.clamp(0.0, 1.0),
            e.score,
            e.games
        );
    }
    svg.push_str("</svg>\n");
    svg
}
