//! The statistics a simulation reports: confidence intervals for rates, and quantiles of a
//! histogram.

use std::collections::BTreeMap;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval for `k` successes in `n` trials (0..1 each end); `(0, 1)` when
/// there are no trials. Unlike the normal approximation it stays inside 0..1 and is sound for
/// rates near 0 or 1 and for small `n`.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    // At 0 or n successes one end is exactly 0 or 1; say so rather than a rounding residue.
    let lo = if k == 0 { 0.0 } else { (centre - half).max(0.0) };
    let hi = if k as f64 == n { 1.0 } else { (centre + half).min(1.0) };
    (lo, hi)
}

/// The smallest value whose cumulative count reaches the fraction `q` of all (the "nearest
/// rank" quantile); `None` for an empty histogram.
pub fn quantile(histogram: &BTreeMap<i64, u64>, q: f64) -> Option<i64> {
    let total: u64 = histogram.values().sum();
    if total == 0 {
        return None;
    }
    let rank = ((q * total as f64).ceil() as u64).clamp(1, total);
    let mut seen = 0;
    for (value, count) in histogram {
        seen += count;
        if seen >= rank {
            return Some(*value);
        }
    }
    histogram.keys().next_back().copied()
}

/// The mean of a histogram's values; `None` when it is empty.
pub fn mean(histogram: &BTreeMap<i64, u64>) -> Option<f64> {
    let total: u64 = histogram.values().sum();
    let sum: i128 = histogram.iter().map(|(v, c)| *v as i128 * *c as i128).sum();
    (total > 0).then(|| sum as f64 / total as f64)
}

/// A histogram regrouped into at most `bins` bins of equal width: (first value, last value,
/// count) for each.
pub fn bins(histogram: &BTreeMap<i64, u64>, bins: usize) -> Vec<(i64, i64, u64)> {
    let (Some(lo), Some(hi)) = (histogram.keys().next().copied(), histogram.keys().next_back().copied()) else {
        return Vec::new();
    };
    // Widths are worked out in i128: a histogram may hold values from i64::MIN to i64::MAX
    // (a counter's extreme values), whose span does not fit in 64 bits.
    let (lo, hi) = (lo as i128, hi as i128);
    let span = hi - lo + 1;
    let width = ((span + bins.max(1) as i128 - 1) / bins.max(1) as i128).max(1);
    let mut out: Vec<(i64, i64, u64)> = Vec::new();
    let mut start = lo;
    while start <= hi {
        let end = (start + width - 1).min(hi);
        let count = histogram.range(start as i64..=end as i64).map(|(_, c)| c).sum();
        out.push((start as i64, end as i64, count));
        start += width;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_the_textbook_values() {
        // 50 of 100: 0.4038 .. 0.5962 (Wilson 1927; Newcombe 1998, table I).
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4, "{lo} {hi}");
        // 0 of 10: 0 .. 0.2775.
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-4, "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let h: BTreeMap<i64, u64> = [(1, 1), (2, 1), (3, 1), (4, 1), (10, 1)].into_iter().collect();
        assert_eq!(quantile(&h, 0.5), Some(3));
        assert_eq!(quantile(&h, 0.9), Some(10));
        assert_eq!(quantile(&h, 1.0), Some(10));
        assert_eq!(mean(&h), Some(4.0));
        assert_eq!(quantile(&BTreeMap::new(), 0.5), None);
    }

    #[test]
    fn bins_of_extreme_values_do_not_overflow() {
        let h: BTreeMap<i64, u64> = [(i64::MIN, 2), (0, 1), (i64::MAX, 3)].into_iter().collect();
        let b = bins(&h, 4);
        assert_eq!(b.first().map(|x| x.0), Some(i64::MIN));
        assert_eq!(b.last().map(|x| x.1), Some(i64::MAX));
        assert_eq!(b.iter().map(|x| x.2).sum::<u64>(), 6);
        assert!(b.len() <= 4);
    }

    #[test]
    fn bins_cover_every_value_once() {
        let h: BTreeMap<i64, u64> = (0..100).map(|v| (v, 1)).collect();
        let b = bins(&h, 8);
        assert_eq!(b.iter().map(|x| x.2).sum::<u64>(), 100);
        assert_eq!(b.first().map(|x| x.0), Some(0));
        assert_eq!(b.last().map(|x| x.1), Some(99));
    }
}
