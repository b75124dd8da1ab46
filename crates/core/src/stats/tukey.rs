//! Randomized Tukey HSD (Carterette, "Multiple testing in statistical
//! analysis of systems-based information retrieval experiments", TOIS 2012):
//! one test of all pairs at once that controls the family-wise error.
//!
//! Values form a queries × systems table over the queries every system has.
//! Each trial shuffles each query's row across the systems (under the null
//! hypothesis the system labels are exchangeable per query) and records the
//! range of the system means, max − min. The p-value of a pair (a, b) is the
//! share of trials whose range reaches |mean_a − mean_b|.

use super::paired::TIE;
use super::rng::Rng;

/// p-values of every pair (i < j), in the order (0,1), (0,2), …, (1,2), …
/// `columns[s]` holds system s's values over the same queries.
pub fn randomized_tukey_hsd(columns: &[&[f64]], trials: usize, seed: u64) -> Vec<f64> {
    let k = columns.len();
    let n = columns.first().map_or(0, |c| c.len());
    let pairs = k * k.saturating_sub(1) / 2;
    if k < 2 || n == 0 || trials == 0 {
        return vec![1.0; pairs];
    }
    let means: Vec<f64> = columns
        .iter()
        .map(|c| c.iter().sum::<f64>() / n as f64)
        .collect();
    let observed: Vec<f64> = (0..k)
        .flat_map(|i| ((i + 1)..k).map(move |j| (i, j)))
        .map(|(i, j)| (means[i] - means[j]).abs())
        .collect();
    let mut rng = Rng::new(seed);
    let mut reached = vec![0usize; pairs];
    let mut row = vec![0.0; k];
    let mut sums = vec![0.0; k];
    for _ in 0..trials {
        sums.iter_mut().for_each(|s| *s = 0.0);
        for q in 0..n {
            for (s, col) in row.iter_mut().zip(columns) {
                *s = col[q];
            }
            rng.shuffle(&mut row);
            for (s, v) in sums.iter_mut().zip(&row) {
                *s += v;
            }
        }
        let (lo, hi) = sums
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &s| {
                (lo.min(s), hi.max(s))
            });
        let range = (hi - lo) / n as f64;
        for (r, o) in reached.iter_mut().zip(&observed) {
            if range >= o - TIE {
                *r += 1;
            }
        }
    }
    reached
        .into_iter()
        .map(|r| r as f64 / trials as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_systems_are_never_different_and_a_clear_winner_is() {
        let a = [0.1, 0.4, 0.3, 0.9, 0.5, 0.2, 0.7, 0.6];
        let p = randomized_tukey_hsd(&[&a, &a, &a], 500, 3);
        assert_eq!(p, [1.0, 1.0, 1.0]);
        let better: Vec<f64> = a.iter().map(|v| v + 1.0).collect();
        let p = randomized_tukey_hsd(&[&a, &better], 2000, 3);
        // Two systems: the range is |mean of flipped differences|, so this is the
        // randomization test; all 8 differences are +1: p = 2/256.
        assert!((p[0] - 2.0 / 256.0).abs() < 0.006, "{p:?}");
    }
}
