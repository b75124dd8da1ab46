//! Describing one system's per-query values: mean, standard deviation,
//! median, and two 95% (or other level) intervals for the mean.
//!
//! - t interval: mean ± t(1 − α/2; n − 1) · s/√n, s the sample standard
//!   deviation (n − 1 in the denominator); the textbook interval that
//!   `scipy.stats.t.interval(level, n-1, loc=mean, scale=sem)` gives.
//! - Bootstrap percentile interval (Efron & Tibshirani 1993, §13.3): the
//!   α/2 and 1 − α/2 percentiles of the means of B resamples of the queries
//!   drawn with replacement; percentiles interpolate linearly between order
//!   statistics (numpy's default, `method="linear"`).

use super::distributions::t_quantile;
use super::rng::Rng;

/// Arithmetic mean (NaN for no values).
pub fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len() as f64
}

/// Sample standard deviation (n − 1 in the denominator; 0 for fewer than 2 values).
pub fn sample_sd(x: &[f64]) -> f64 {
    if x.len() < 2 {
        return 0.0;
    }
    let m = mean(x);
    (x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (x.len() - 1) as f64).sqrt()
}

/// The `q`-quantile (0 ≤ q ≤ 1) of sorted values, interpolating linearly
/// between order statistics at position q·(n − 1).
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let pos = q * (sorted.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (pos - lo as f64) * (sorted[hi] - sorted[lo])
}

/// Median (the 0.5 percentile).
pub fn median(x: &[f64]) -> f64 {
    let mut s = x.to_vec();
    s.sort_by(f64::total_cmp);
    percentile(&s, 0.5)
}

/// The t interval of the mean at `level` (e.g. 0.95); `None` below 2 values.
pub fn t_interval(x: &[f64], level: f64) -> Option<(f64, f64)> {
    let n = x.len();
    if n < 2 {
        return None;
    }
    let half = t_quantile(0.5 + level / 2.0, (n - 1) as f64) * sample_sd(x) / (n as f64).sqrt();
    // Centred on the mean as the results table shows it (rounded once).
    let m = crate::measures::summation::exact_mean(x);
    Some((m - half, m + half))
}

/// Bootstrap percentile intervals of the mean of each series at `level`,
/// from `resamples` resamples. Series of equal length share each resample's
/// query draws (a paired bootstrap: the same queries for every system and
/// measure), which also makes B draws serve them all. `None` for an empty
/// series, and for all when `resamples` is 0.
pub fn bootstrap_intervals(
    series: &[&[f64]],
    level: f64,
    resamples: usize,
    seed: u64,
) -> Vec<Option<(f64, f64)>> {
    let mut out = vec![None; series.len()];
    if resamples == 0 {
        return out;
    }
    let mut lengths: Vec<usize> = series.iter().map(|s| s.len()).filter(|&n| n > 0).collect();
    lengths.sort_unstable();
    lengths.dedup();
    for n in lengths {
        let members: Vec<usize> = (0..series.len())
            .filter(|&i| series[i].len() == n)
            .collect();
        let k = members.len();
        // Query-major rows, so each draw adds one contiguous row to the sums.
        let rows: Vec<f64> = (0..n)
            .flat_map(|q| members.iter().map(move |&i| series[i][q]))
            .collect();
        let mut rng = Rng::new(seed);
        let mut means: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); k];
        let mut sums = vec![0.0; k];
        for _ in 0..resamples {
            sums.iter_mut().for_each(|s| *s = 0.0);
            for _ in 0..n {
                let q = rng.below(n);
                for (s, v) in sums.iter_mut().zip(&rows[q * k..(q + 1) * k]) {
                    *s += v;
                }
            }
            for (m, s) in means.iter_mut().zip(&sums) {
                m.push(s / n as f64);
            }
        }
        let alpha = 1.0 - level;
        for (mut m, &i) in means.into_iter().zip(&members) {
            m.sort_by(f64::total_cmp);
            out[i] = Some((
                percentile(&m, alpha / 2.0),
                percentile(&m, 1.0 - alpha / 2.0),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptive_values_by_hand() {
        let x = [1.0, 2.0, 4.0, 7.0];
        assert_eq!(mean(&x), 3.5);
        // Squared deviations 6.25 + 2.25 + 0.25 + 12.25 = 21; s² = 7.
        assert!((sample_sd(&x) - 7f64.sqrt()).abs() < 1e-15);
        assert_eq!(median(&x), 3.0);
        assert_eq!(percentile(&[0.0, 10.0], 0.25), 2.5);
        // t(0.975; 3) = 3.182446305; half-width 3.1824 * √7 / 2.
        let (lo, hi) = t_interval(&x, 0.95).unwrap();
        assert!((hi - 3.5 - 3.182_446_305_284_263 * 7f64.sqrt() / 2.0).abs() < 1e-9);
        assert!((3.5 - lo - (hi - 3.5)).abs() < 1e-12);
        assert!(t_interval(&[1.0], 0.95).is_none());
    }

    #[test]
    fn bootstrap_intervals_are_seeded_and_cover_the_mean() {
        let a: Vec<f64> = (0..50).map(|i| f64::from(i % 7) / 7.0).collect();
        let b: Vec<f64> = a.iter().map(|v| v * 0.5).collect();
        let one = bootstrap_intervals(&[&a, &b], 0.95, 2000, 42);
        let again = bootstrap_intervals(&[&a, &b], 0.95, 2000, 42);
        assert_eq!(one, again);
        let (lo, hi) = one[0].unwrap();
        assert!(lo < mean(&a) && mean(&a) < hi);
        // Shared draws: b is a scaled by 0.5, so its interval is exactly half of a's.
        let (blo, bhi) = one[1].unwrap();
        assert!((blo - lo / 2.0).abs() < 1e-12 && (bhi - hi / 2.0).abs() < 1e-12);
        // Close to the t interval for a sample this size.
        let (tlo, thi) = t_interval(&a, 0.95).unwrap();
        assert!(
            (lo - tlo).abs() < 0.03 && (hi - thi).abs() < 0.03,
            "{lo} {hi} {tlo} {thi}"
        );
    }
}
