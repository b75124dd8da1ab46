//! Comparing two systems on the same queries: effect sizes, win/tie/loss
//! counts and three two-sided paired tests of "equal means".
//!
//! With differences dᵢ = xᵢ − yᵢ over the n common queries:
//! - **Paired t-test** (Student 1908): t = d̄ / (s_d/√n), p = P(|T₍ₙ₋₁₎| ≥ |t|);
//!   `scipy.stats.ttest_rel`. When every dᵢ is equal, s_d = 0: p is 1 if
//!   d̄ = 0 and 0 otherwise (scipy returns NaN there).
//! - **Randomization test** (Fisher; Smucker, Allan & Carterette, CIKM 2007):
//!   each trial swaps the two systems' values of each query with
//!   probability ½ (flips the sign of dᵢ); p is the share of trials whose
//!   |mean| reaches the observed |d̄| (ranx's `fisher` test counts the same
//!   way, without adding the observed arrangement). Ties within 1e-12 of
//!   the observed value count as reaching it, so float summation order
//!   cannot decide them.
//! - **Paired bootstrap test**, studentized (Efron & Tibshirani 1993, §16.4;
//!   Sakai, SIGIR 2006): the differences are shifted to mean 0 (the null
//!   hypothesis) and resampled with replacement B times; p is the share of
//!   resamples whose |t| = |mean|/(s/√n) reaches the observed |t| (a
//!   resample with s = 0 has t = 0). elinor's bootstrap test does the same.
//! - **Effect size**: d̄ and Cohen's d for paired data, d_z = d̄ / s_d.

use super::describe::{mean, sample_sd};
use super::distributions::t_two_sided_p;
use super::rng::Rng;

/// Differences counted as ties in win/tie/loss (per-query values equal to 1e-12).
pub const TIE: f64 = 1e-12;

/// Effect size and counts of one pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedEffect {
    /// Common queries.
    pub n: usize,
    /// Mean of x − y.
    pub mean_diff: f64,
    /// Standard deviation of x − y.
    pub sd_diff: f64,
    /// Cohen's d for paired data, d̄ / s_d (Cohen 1988, d_z). When every
    /// difference is the same, s_d = 0 (within [`TIE`]): d is infinite (with d̄'s sign) when
    /// that difference is not 0, and undefined (NaN, 0 / 0) when it is: two
    /// systems equal on every query have no standardized effect, which is
    /// not an effect of 0 measured on spread-out differences.
    pub cohens_d: f64,
    /// Queries where x > y.
    pub wins: usize,
    /// Queries where x = y.
    pub ties: usize,
    /// Queries where x < y.
    pub losses: usize,
}

impl PairedEffect {
    /// Cohen's d as a reader sees it: its value to three decimals with its
    /// sign; "+∞" or "−∞" when every query differs by the same non-zero
    /// amount; "undefined" when the two systems are equal on every query.
    pub fn cohens_d_text(&self) -> String {
        let d = self.cohens_d;
        if d.is_nan() {
            "undefined".to_string()
        } else if d.is_infinite() {
            (if d > 0.0 { "+∞" } else { "−∞" }).to_string()
        } else {
            format!("{d:+.3}")
        }
    }

    /// Why d has no finite value, for a reader (`None` when it has one).
    pub fn cohens_d_why(&self) -> Option<&'static str> {
        if self.cohens_d.is_nan() {
            Some("the two systems are equal on every common query: d = 0 / 0")
        } else if self.cohens_d.is_infinite() {
            Some("every common query differs by the same amount: the SD of the differences is 0")
        } else {
            None
        }
    }
}

/// Differences x − y.
pub fn differences(x: &[f64], y: &[f64]) -> Vec<f64> {
    x.iter().zip(y).map(|(a, b)| a - b).collect()
}

/// Effect size and win/tie/loss of x against y.
pub fn effect(x: &[f64], y: &[f64]) -> PairedEffect {
    let d = differences(x, y);
    let (m, s) = (mean(&d), sample_sd(&d));
    PairedEffect {
        n: d.len(),
        mean_diff: m,
        sd_diff: s,
        // An SD within float noise of 0 (differences such as 0.1 − 0.3
        // and 0.2 − 0.4, equal but for their last bit) is 0: d is not a
        // quotient of rounding errors.
        cohens_d: if s > TIE {
            m / s
        } else if m.abs() <= TIE {
            f64::NAN
        } else {
            m.signum() * f64::INFINITY
        },
        wins: d.iter().filter(|&&v| v > TIE).count(),
        ties: d.iter().filter(|&&v| v.abs() <= TIE).count(),
        losses: d.iter().filter(|&&v| v < -TIE).count(),
    }
}

/// The paired t-test: (t, two-sided p).
pub fn paired_t(d: &[f64]) -> (f64, f64) {
    let n = d.len();
    if n < 2 {
        return (f64::NAN, 1.0);
    }
    let (m, s) = (mean(d), sample_sd(d));
    if s == 0.0 {
        return if m.abs() <= TIE {
            (0.0, 1.0)
        } else {
            (m.signum() * f64::INFINITY, 0.0)
        };
    }
    let t = m / (s / (n as f64).sqrt());
    (t, t_two_sided_p(t, (n - 1) as f64))
}

/// Two-sided randomization (sign-flip) test with `trials` trials.
pub fn randomization_p(d: &[f64], trials: usize, rng: &mut Rng) -> f64 {
    if d.is_empty() || trials == 0 {
        return 1.0;
    }
    let observed = d.iter().sum::<f64>().abs();
    let slack = TIE * d.len() as f64;
    let mut reached = 0usize;
    for _ in 0..trials {
        let mut sum = 0.0;
        // 64 sign flips per random word.
        for chunk in d.chunks(64) {
            let bits = rng.next_u64();
            for (i, v) in chunk.iter().enumerate() {
                if bits >> i & 1 == 1 {
                    sum -= v;
                } else {
                    sum += v;
                }
            }
        }
        if sum.abs() >= observed - slack {
            reached += 1;
        }
    }
    reached as f64 / trials as f64
}

/// Two-sided paired (studentized) bootstrap test with `resamples` resamples.
pub fn bootstrap_p(d: &[f64], resamples: usize, rng: &mut Rng) -> f64 {
    let n = d.len();
    if n < 2 || resamples == 0 {
        return 1.0;
    }
    let t_of = |v: &[f64]| {
        let s = sample_sd(v);
        if s > 0.0 {
            mean(v) / (s / (n as f64).sqrt())
        } else {
            0.0
        }
    };
    let observed = t_of(d).abs();
    if observed == 0.0 && sample_sd(d) == 0.0 && mean(d).abs() > TIE {
        // Every difference the same and not 0: no resample can look like it.
        return 0.0;
    }
    let m = mean(d);
    let shifted: Vec<f64> = d.iter().map(|v| v - m).collect();
    let mut resample = vec![0.0; n];
    let mut reached = 0usize;
    for _ in 0..resamples {
        for r in resample.iter_mut() {
            *r = shifted[rng.below(n)];
        }
        if t_of(&resample).abs() >= observed - TIE {
            reached += 1;
        }
    }
    reached as f64 / resamples as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_and_exact_cases() {
        let e = effect(&[0.5, 0.2, 0.9, 0.4], &[0.3, 0.2, 0.5, 0.6]);
        assert_eq!((e.wins, e.ties, e.losses, e.n), (2, 1, 1, 4));
        assert!((e.mean_diff - 0.1).abs() < 1e-12);
        // Identical systems: t-test p = 1 and no flip can beat |d̄| = 0... every flip reaches it.
        assert_eq!(paired_t(&[0.0, 0.0, 0.0]), (0.0, 1.0));
        let mut rng = Rng::new(1);
        assert_eq!(randomization_p(&[0.0, 0.0], 100, &mut rng), 1.0);
        // All four differences +1: of the 16 sign patterns only ++++ and ---- reach |4|,
        // so p = 1/8 exactly in the limit.
        let p = randomization_p(&[1.0; 4], 200_000, &mut rng);
        assert!((p - 0.125).abs() < 0.003, "{p}");
        // A constant shift has s_d = 0: the t-test says p = 0.
        assert_eq!(paired_t(&[0.5, 0.5, 0.5]).1, 0.0);
        // Cohen's d: 0.1 / s_d with s_d = sqrt(((0.1)² + 0.1² + (0.3)² + (0.3)²) / 3)
        // = sqrt(0.2 / 3): d = 0.3873 by hand.
        assert!((e.cohens_d - 0.1 / (0.2f64 / 3.0).sqrt()).abs() < 1e-12);
        assert_eq!(e.cohens_d_text(), "+0.387");
        assert_eq!(e.cohens_d_why(), None);
        // Equal on every query: 0 / 0, shown as undefined, never as 0.
        let same = effect(&[0.5, 0.2], &[0.5, 0.2]);
        assert!(same.cohens_d.is_nan());
        assert_eq!(same.cohens_d_text(), "undefined");
        assert!(same.cohens_d_why().is_some());
        // A constant shift down: −∞, with its sign; also when the equal
        // differences differ in their last bit (0.1 − 0.3 and 0.2 − 0.4).
        assert_eq!(effect(&[0.5, 0.5], &[0.75, 0.75]).cohens_d_text(), "−∞");
        let shift = effect(&[0.1, 0.2], &[0.3, 0.4]);
        assert_eq!(shift.cohens_d_text(), "−∞");
    }
}
