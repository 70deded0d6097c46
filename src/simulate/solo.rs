//! What a one-player game's simulation reports instead of seat metrics: how often the deal is
//! won, why games ended (the rules' last announcement), and how far the player got.

use std::fmt::Write;

use serde::Serialize;

use super::report::escape;
use super::stats::wilson;
use super::summary::Length;
use super::tally::Tally;

/// The one-player part of a summary.
#[derive(Debug, Clone, Serialize)]
pub struct Solo {
    /// Why games ended: the rules' last announcement, how many games, their share with its 95%
    /// interval, and how many of them were won; most frequent first.
    pub endings: Vec<EndingResult>,
    /// Games whose rules announced nothing before the end.
    pub silent_endings: u64,
    /// The player's `progress` at the end, when the game declares it; its `unit` is the
    /// progress expression as written.
    pub progress: Option<Length>,
}

/// One reason a game ended.
#[derive(Debug, Clone, Serialize)]
pub struct EndingResult {
    /// The announcement.
    pub announcement: String,
    /// Games that ended after it.
    pub games: u64,
    /// Their share of all games.
    pub rate: f64,
    /// The 95% Wilson interval of that share.
    pub ci95: (f64, f64),
    /// Of them, the games won.
    pub won: u64,
}

/// The one-player figures of a tally; `progress` is the game's progress expression, if any.
pub fn solo(t: &Tally, progress: Option<&str>) -> Solo {
    let mut endings: Vec<EndingResult> = t
        .endings
        .iter()
        .map(|(text, e)| EndingResult {
            announcement: text.clone(),
            games: e.games,
            rate: if t.games == 0 { 0.0 } else { e.games as f64 / t.games as f64 },
            ci95: wilson(e.games, t.games),
            won: e.won,
        })
        .collect();
    // Most frequent first; ties in the announcement's order, so the result is the same however
    // the games were split among threads or shards.
    endings.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.announcement.cmp(&b.announcement)));
    let silent_endings = t.games - t.endings.values().map(|e| e.games).sum::<u64>();
    let h = &t.final_progress;
    let progress = progress.filter(|_| !h.is_empty()).map(|of| Length::of(of.to_string(), h));
    Solo { endings, silent_endings, progress }
}

impl Solo {
    /// The endings and the progress spread as lines of text (a blank line after each part).
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.endings.is_empty() {
            out.push("how games ended (the rules' last announcement):".to_string());
            for e in &self.endings {
                let won = if e.won > 0 { format!("  ({} won)", e.won) } else { String::new() };
                out.push(format!("  {:<40} {:>8}  {:>6.1}%{won}", clip(&e.announcement, 40), e.games, e.rate * 100.0));
            }
            if self.silent_endings > 0 {
                out.push(format!("  {:<40} {:>8}", "(nothing announced)", self.silent_endings));
            }
            out.push(String::new());
        }
        if let Some(p) = &self.progress {
            out.push(format!(
                "how far the player got (`{}` at the end): mean {}, median {}, p90 {}, min {}, max {}",
                p.unit,
                p.mean.map_or("-".into(), |m| format!("{m:.1}")),
                opt(p.median),
                opt(p.p90),
                opt(p.min),
                opt(p.max)
            ));
            out.push(String::new());
        }
        out
    }

    /// The endings as an HTML table and the progress spread as a histogram.
    pub fn html(&self, out: &mut String) {
        out.push_str("<h2>Why games ended</h2>\n");
        if self.endings.is_empty() {
            out.push_str("<p class=\"note\">The rules announce nothing before a game ends.</p>\n");
        } else {
            out.push_str(
                "<table><tr><th>the rules' last announcement</th><th>games</th><th>share</th>\
                 <th>95% interval</th><th>won</th></tr>\n",
            );
            for e in &self.endings {
                let _ = writeln!(
                    out,
                    "<tr><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% - {:.1}%</td><td>{}</td></tr>",
                    escape(&e.announcement),
                    e.games,
                    e.rate * 100.0,
                    e.ci95.0 * 100.0,
                    e.ci95.1 * 100.0,
                    e.won
                );
            }
            out.push_str("</table>\n");
        }
        if let Some(p) = &self.progress {
            let _ = writeln!(out, "<h2>How far the player got</h2>");
            out.push_str(&super::report::histogram_svg(
                "progress-histogram",
                &p.histogram,
                &format!("{} at the end of a game", p.unit),
            ));
            let _ = writeln!(
                out,
                "<p>Mean {}, median {}, 90th percentile {}, best {}.</p>",
                p.mean.map_or("-".into(), |m| format!("{m:.1}")),
                opt(p.median),
                opt(p.p90),
                opt(p.max)
            );
        }
    }
}

fn opt(v: Option<i64>) -> String {
    v.map_or("-".into(), |v| v.to_string())
}

/// At most `n` characters of `s`, with `…` when cut.
fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}
