//! Everything the statistics views show for one measure: each system's
//! description with intervals, and every pair's effect and tests, with the
//! chosen test's p-values corrected for the number of pairs.
//!
//! Pairs are compared on the queries both systems have (matched by id);
//! the randomized Tukey HSD, a test of all systems at once, on the queries
//! every system has.

use std::collections::HashMap;

use super::correction::{adjust, Correction};
use super::describe::{bootstrap_intervals, median, sample_sd, t_interval};
use super::paired::{bootstrap_p, differences, effect, paired_t, randomization_p, PairedEffect};
use super::rng::Rng;
use super::tukey::randomized_tukey_hsd;

/// The test whose p-values decide significance.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Test {
    /// Paired t-test.
    PairedT,
    /// Randomization (sign-flip permutation) test.
    Randomization,
    /// Paired bootstrap test.
    Bootstrap,
    /// Randomized Tukey HSD (already a multiple-comparison procedure: no
    /// further correction is applied).
    TukeyHsd,
}

impl Test {
    /// Name for labels.
    pub fn name(self) -> &'static str {
        match self {
            Test::PairedT => "paired t-test",
            Test::Randomization => "randomization test",
            Test::Bootstrap => "paired bootstrap test",
            Test::TukeyHsd => "randomized Tukey HSD",
        }
    }
}

/// How the statistics are computed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StatsOptions {
    /// Test deciding significance.
    pub test: Test,
    /// Correction over all pairs (ignored for Tukey HSD).
    pub correction: Correction,
    /// Significance level α.
    pub alpha: f64,
    /// Interval level (e.g. 0.95).
    pub level: f64,
    /// Bootstrap resamples of the intervals.
    pub resamples: usize,
    /// Trials of the randomization, bootstrap and Tukey tests.
    pub trials: usize,
    /// Seed of every random draw.
    pub seed: u64,
}

impl Default for StatsOptions {
    fn default() -> Self {
        StatsOptions {
            test: Test::PairedT,
            correction: Correction::Holm,
            alpha: 0.05,
            level: 0.95,
            resamples: 10_000,
            trials: 10_000,
            seed: 42,
        }
    }
}

/// One system's description.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SystemStats {
    /// Queries.
    pub n: usize,
    /// Mean.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Median.
    pub median: f64,
    /// t interval of the mean.
    pub t_interval: Option<(f64, f64)>,
    /// Bootstrap percentile interval of the mean.
    pub bootstrap_interval: Option<(f64, f64)>,
}

/// One pair (a, b), a < b.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairStats {
    /// First system's index.
    pub a: usize,
    /// Second system's index.
    pub b: usize,
    /// Effect of a against b on their common queries.
    pub effect: PairedEffect,
    /// Paired t-test p (always computed).
    pub p_t: f64,
    /// The chosen test's p.
    pub p: f64,
    /// `p` after the correction.
    pub p_adjusted: f64,
    /// `p_adjusted` ≤ α.
    pub significant: bool,
}

impl PairStats {
    /// The better system of a significant pair.
    pub fn winner(&self) -> Option<usize> {
        if !self.significant || self.effect.mean_diff == 0.0 {
            return None;
        }
        Some(if self.effect.mean_diff > 0.0 {
            self.a
        } else {
            self.b
        })
    }
}

/// The statistics of one measure.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsReport {
    /// Per system, in input order.
    pub systems: Vec<SystemStats>,
    /// Pairs (0,1), (0,2), …, (1,2), …
    pub pairs: Vec<PairStats>,
    /// Queries every system has (those the Tukey HSD uses).
    pub common_queries: usize,
    /// The options used.
    pub options: StatsOptions,
}

/// Mixes a pair's index into the seed so each pair has its own stream,
/// whatever the order in which pairs are computed.
fn pair_seed(seed: u64, k: usize) -> u64 {
    seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Values of two systems on their common queries, in `a`'s order.
fn paired_values(a: &[(&str, f64)], b: &HashMap<&str, f64>) -> (Vec<f64>, Vec<f64>) {
    a.iter()
        .filter_map(|(q, x)| b.get(q).map(|y| (*x, *y)))
        .unzip()
}

/// Computes the report of one measure; `systems[i]` lists (query, value).
pub fn report(systems: &[Vec<(&str, f64)>], options: &StatsOptions) -> StatsReport {
    let values: Vec<Vec<f64>> = systems
        .iter()
        .map(|s| s.iter().map(|(_, v)| *v).collect())
        .collect();
    let slices: Vec<&[f64]> = values.iter().map(Vec::as_slice).collect();
    let boot = bootstrap_intervals(&slices, options.level, options.resamples, options.seed);
    let described = values
        .iter()
        .zip(boot)
        .map(|(v, b)| SystemStats {
            n: v.len(),
            mean: if v.is_empty() {
                f64::NAN
            } else {
                crate::measures::summation::exact_mean(v)
            },
            sd: sample_sd(v),
            median: median(v),
            t_interval: t_interval(v, options.level),
            bootstrap_interval: b,
        })
        .collect();
    let lookups: Vec<HashMap<&str, f64>> = systems
        .iter()
        .map(|s| s.iter().copied().collect())
        .collect();
    let k = systems.len();
    let mut pairs = Vec::new();
    let index_pairs: Vec<(usize, usize)> = (0..k)
        .flat_map(|a| ((a + 1)..k).map(move |b| (a, b)))
        .collect();
    for (a, b) in index_pairs {
        {
            let (x, y) = paired_values(&systems[a], &lookups[b]);
            let d = differences(&x, &y);
            let p_t = paired_t(&d).1;
            let mut rng = Rng::new(pair_seed(options.seed, pairs.len()));
            let p = match options.test {
                Test::PairedT | Test::TukeyHsd => p_t,
                Test::Randomization => randomization_p(&d, options.trials, &mut rng),
                Test::Bootstrap => bootstrap_p(&d, options.trials, &mut rng),
            };
            pairs.push(PairStats {
                a,
                b,
                effect: effect(&x, &y),
                p_t,
                p,
                p_adjusted: p,
                significant: false,
            });
        }
    }
    // Queries every system has, in the first system's order.
    let common: Vec<&str> = systems
        .first()
        .map(|s| {
            s.iter()
                .map(|(q, _)| *q)
                .filter(|q| lookups.iter().all(|l| l.contains_key(q)))
                .collect()
        })
        .unwrap_or_default();
    if options.test == Test::TukeyHsd {
        let columns: Vec<Vec<f64>> = lookups
            .iter()
            .map(|l| common.iter().map(|q| l[q]).collect())
            .collect();
        let cols: Vec<&[f64]> = columns.iter().map(Vec::as_slice).collect();
        let p = randomized_tukey_hsd(&cols, options.trials, options.seed);
        for (pair, p) in pairs.iter_mut().zip(p) {
            pair.p = p;
            pair.p_adjusted = p;
        }
    } else {
        let raw: Vec<f64> = pairs.iter().map(|p| p.p).collect();
        for (pair, adj) in pairs.iter_mut().zip(adjust(&raw, options.correction)) {
            pair.p_adjusted = adj;
        }
    }
    for pair in &mut pairs {
        pair.significant = pair.p_adjusted <= options.alpha;
    }
    StatsReport {
        systems: described,
        pairs,
        common_queries: common.len(),
        options: *options,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_use_common_queries_and_corrections_apply() {
        let a = vec![
            ("q1", 0.9),
            ("q2", 0.8),
            ("q3", 0.7),
            ("q4", 0.9),
            ("q5", 0.6),
        ];
        let b = vec![
            ("q1", 0.1),
            ("q2", 0.2),
            ("q3", 0.3),
            ("q4", 0.1),
            ("q9", 0.5),
        ];
        let c = a.clone();
        let r = report(&[a, b, c], &StatsOptions::default());
        assert_eq!(r.pairs.len(), 3);
        assert_eq!(r.common_queries, 4);
        let ab = r.pairs[0];
        assert_eq!((ab.a, ab.b, ab.effect.n, ab.effect.wins), (0, 1, 4, 4));
        assert!(ab.significant && ab.winner() == Some(0));
        let ac = r.pairs[1];
        assert_eq!((ac.p, ac.significant, ac.winner()), (1.0, false, None));
        // Holm: the adjusted p of the smallest raw p is 3 times it.
        let smallest = r.pairs.iter().map(|p| p.p).fold(1.0, f64::min);
        let adj = r.pairs.iter().find(|p| p.p == smallest).unwrap().p_adjusted;
        assert!((adj - (3.0 * smallest).min(1.0)).abs() < 1e-15);
        assert_eq!(r.systems[0].n, 5);
    }
}
