//! The axes of the report's charts: ticks on round values (1, 2 or 5 times a power of ten, as a
//! reader counts), on a linear or a logarithmic scale, and the unit a `progress` expression counts
//! in, for the labels.

/// Writes the five vertical grid lines of a bar chart into `svg`, a quarter of `width` apart
/// from `left`, each from `top` down to 20 above `height`, labelled below by `label(k)` for the
/// `k`th (0 to 4): the grid of the win-rate chart and of `tune`'s effects chart.
pub fn quarter_grid(svg: &mut String, left: f64, width: f64, top: u32, height: f64, label: impl Fn(usize) -> String) {
    use std::fmt::Write;
    for k in 0..=4usize {
        let x = left + width * k as f64 / 4.0;
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{top}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text x=\"{x:.1}\" y=\"{:.1}\" \
             font-size=\"11\" text-anchor=\"middle\">{}</text>",
            height - 20.0,
            height - 6.0,
            label(k)
        );
    }
}

/// Round tick values covering `lo..=hi` with at most about `most` ticks: every multiple of the
/// smallest step of 1, 2 or 5 × 10^k that gives no more than `most`, from the first at or below
/// `lo` to the first at or above `hi`. Integers only when `whole` (counts, lengths).
pub fn ticks(lo: f64, hi: f64, most: usize, whole: bool) -> Vec<f64> {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    if !lo.is_finite() || !hi.is_finite() {
        return vec![0.0];
    }
    let step = step(hi - lo, most.max(1), whole);
    let first = (lo / step).floor();
    let last = (hi / step).ceil();
    // At most a few more ticks than asked, whatever the floats do.
    (0..=(most as i64 + 2)).map(|i| (first + i as f64) * step).take_while(|v| *v <= last * step + step / 2.0).collect()
}

/// The smallest round step (1, 2 or 5 × 10^k) that covers `span` in at most `most` steps.
pub fn step(span: f64, most: usize, whole: bool) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / most as f64;
    let mut power = 10f64.powf(raw.log10().floor());
    if whole && power < 1.0 {
        power = 1.0;
    }
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * power >= raw {
            return m * power;
        }
    }
    10.0 * power
}

/// Round tick values on a logarithmic scale over `lo..=hi` (both above 0): 1, 2 and 5 × 10^k,
/// or only the powers of ten when those would be too many for `most`.
pub fn log_ticks(lo: f64, hi: f64, most: usize) -> Vec<f64> {
    let (lo, hi) = (lo.max(1e-9), hi.max(lo.max(1e-9)));
    let mut all = Vec::new();
    let mut power = 10f64.powf(lo.log10().floor());
    while power <= hi * 10.0 && all.len() < 200 {
        for m in [1.0, 2.0, 5.0] {
            let v = m * power;
            if v >= lo / 1.0001 && v <= hi * 1.0001 {
                all.push(v);
            }
        }
        power *= 10.0;
    }
    if all.len() > most {
        all.retain(|v| (v.log10() - v.log10().round()).abs() < 1e-9);
    }
    all
}

/// A tick value as it is written: no `.0` on whole numbers, thousands grouped by a thin space
/// (`12 000`), and at most two decimals otherwise.
pub fn label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        let n = v.round() as i64;
        let digits = n.unsigned_abs().to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) && digits.len() > 4 {
                out.push('\u{2009}');
            }
            out.push(c);
        }
        if n < 0 {
            out.insert(0, '-');
        }
        out
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The unit a `progress` expression (`progress p = ...`, as the formatter writes it) counts in,
/// in words: `purse of p` counts in "purse", `count of deck of p` in "cards in deck", a sum of
/// such counts in "cards", anything else in "points of progress".
pub fn progress_unit(expression: &str) -> String {
    let words: Vec<&str> = expression.split_whitespace().collect();
    match words.as_slice() {
        ["count", "of", zone, "of", _] => format!("cards in {zone}"),
        [counter, "of", _] if counter.chars().all(|c| c.is_alphanumeric() || c == '_') => (*counter).to_string(),
        // A sum of cards in zones: `count of draw of p + count of hand of p`.
        _ if expression
            .split(" + ")
            .all(|t| matches!(t.split_whitespace().collect::<Vec<_>>().as_slice(), ["count", "of", _, "of", _])) =>
        {
            "cards".to_string()
        }
        _ => "points of progress".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quarter_grid_draws_five_labelled_lines() {
        let mut svg = String::new();
        quarter_grid(&mut svg, 150.0, 100.0, 10, 100.0, |k| format!("{}%", k * 25));
        let lines: Vec<&str> = svg.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(
            lines[1],
            "<line x1=\"175.0\" y1=\"10\" x2=\"175.0\" y2=\"80.0\" stroke=\"#ddd\"/><text x=\"175.0\" y=\"94.0\" \
             font-size=\"11\" text-anchor=\"middle\">25%</text>"
        );
    }

    #[test]
    fn ticks_fall_on_round_numbers() {
        assert_eq!(ticks(8.0, 38.0, 6, true), vec![5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0, 40.0]);
        assert_eq!(ticks(0.0, 1010.0, 6, true), vec![0.0, 200.0, 400.0, 600.0, 800.0, 1000.0, 1200.0]);
        assert_eq!(ticks(0.0, 3.0, 6, true), vec![0.0, 1.0, 2.0, 3.0]);
        assert_eq!(ticks(-837.0, 837.0, 6, true), vec![-1000.0, -500.0, 0.0, 500.0, 1000.0]);
        let shares: Vec<String> = ticks(0.0, 0.3, 4, false).into_iter().map(label).collect();
        assert_eq!(shares, ["0", "0.1", "0.2", "0.3"]);
    }

    #[test]
    fn log_ticks_are_one_two_five_and_thin_out_to_powers_of_ten() {
        assert_eq!(log_ticks(3.0, 60.0, 10), vec![5.0, 10.0, 20.0, 50.0]);
        assert_eq!(log_ticks(1.0, 100000.0, 6), vec![1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0]);
    }

    #[test]
    fn labels_and_units_read_as_words() {
        assert_eq!(label(1000.0), "1000");
        assert_eq!(label(12000.0), "12\u{2009}000");
        assert_eq!(label(-5.0), "-5");
        assert_eq!(label(0.25), "0.25");
        assert_eq!(progress_unit("count of deck of p"), "cards in deck");
        assert_eq!(progress_unit("purse of p"), "purse");
        assert_eq!(progress_unit("count of draw of p + count of hand of p"), "cards");
        assert_eq!(progress_unit("score of p - 2 * count of hand of p"), "points of progress");
    }
}
