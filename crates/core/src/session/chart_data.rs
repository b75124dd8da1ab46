//! The numbers behind the page's charts that are not the results table's:
//! each system's mean of a measure at every cutoff, the systems' ranks
//! under each measure, two systems' values paired by query, and ERR's
//! probability of stopping at each rank. The page draws them; it computes
//! none of them.

use super::results::{QueryResult, SystemResult};
use crate::measures::err::{err_steps_with, StopProbability};
use crate::measures::{EvalContext, Metric};

/// Mean over a system's queries of `metric_at(k)` for k = 1..=`k_max`,
/// each query judged from its first [`SHOWN_RANKS`] ranks (exact for
/// cutoffs up to that many): the Measure@k curve.
///
/// [`SHOWN_RANKS`]: super::results::SHOWN_RANKS
pub fn cutoff_curve(
    system: &SystemResult,
    metric_at: impl Fn(usize) -> Metric,
    k_max: usize,
    relevance_level: i64,
) -> Vec<f64> {
    let heads: Vec<_> = system
        .queries
        .iter()
        .map(|q| q.head(relevance_level))
        .collect();
    let ctx = EvalContext {
        max_grade: system.max_grade,
        ..EvalContext::default()
    };
    (1..=k_max)
        .map(|k| {
            let m = metric_at(k);
            let sum: f64 = heads.iter().map(|h| m.compute(h, &ctx)).sum();
            if heads.is_empty() {
                0.0
            } else {
                sum / heads.len() as f64
            }
        })
        .collect()
}

/// Each system's rank (1 = best) under each measure, `[system][measure]`,
/// from their means: standard competition ranking (equal means, within
/// 1e-12, share the better rank), in the direction the measure prefers.
pub fn system_ranks(systems: &[&SystemResult], measures: &[Metric]) -> Vec<Vec<usize>> {
    let per_measure: Vec<Vec<usize>> = measures
        .iter()
        .enumerate()
        .map(|(j, m)| {
            let means: Vec<f64> = systems.iter().map(|s| s.means[j]).collect();
            ranks(&means, m.higher_is_better())
        })
        .collect();
    (0..systems.len())
        .map(|s| per_measure.iter().map(|r| r[s]).collect())
        .collect()
}

/// Competition ranks of `values`: 1 + how many are strictly better.
fn ranks(values: &[f64], higher_is_better: bool) -> Vec<usize> {
    values
        .iter()
        .map(|&v| {
            1 + values
                .iter()
                .filter(|&&o| {
                    if higher_is_better {
                        o > v + 1e-12
                    } else {
                        o < v - 1e-12
                    }
                })
                .count()
        })
        .collect()
}

/// One query's value of measure `j` in two systems.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedValue {
    /// Query id.
    pub query: String,
    /// System A's value.
    pub a: f64,
    /// System B's value.
    pub b: f64,
}

/// The queries both systems have, in A's order, with their values of
/// measure `j`.
pub fn paired_values(a: &SystemResult, b: &SystemResult, j: usize) -> Vec<PairedValue> {
    let of_b: std::collections::HashMap<&str, &QueryResult> =
        b.queries.iter().map(|q| (q.id.as_str(), q)).collect();
    a.queries
        .iter()
        .filter_map(|q| {
            let other = of_b.get(q.id.as_str())?;
            Some(PairedValue {
                query: q.id.clone(),
                a: q.values[j],
                b: other.values[j],
            })
        })
        .collect()
}

/// ERR's probability that the user stops at each of the first `ranks`
/// ranks of `query` (Chapelle et al. 2009, the cascade model: the
/// probability of reaching rank r times R(g_r)).
pub fn stop_weights(
    query: &QueryResult,
    relevance_level: i64,
    ranks: usize,
    stop: StopProbability,
) -> Vec<f64> {
    err_steps_with(&query.head(relevance_level), Some(ranks), stop)
        .iter()
        .map(|s| s.stop)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{evaluate_typed, parse_typed, EvalOptions};

    fn systems(text: &str, measures: &[Metric]) -> Vec<SystemResult> {
        evaluate_typed(&parse_typed(text), measures, &EvalOptions::default()).systems
    }

    /// P@k by hand, per query and mean.
    #[test]
    fn the_curve_is_the_mean_at_each_cutoff() {
        let s = systems(
            "[A]\nq1: 1 0 1\nq2: 0 1\n[B]\nq1: 0 0 1\nq2: 1 1\n",
            &[Metric::P { k: 1 }],
        );
        let a = cutoff_curve(&s[0], |k| Metric::P { k }, 3, 1);
        // q1: 1, 1/2, 2/3; q2: 0, 1/2, 1/3.
        let want = [0.5, 0.5, 0.5];
        for (got, want) in a.iter().zip(want) {
            assert!((got - want).abs() < 1e-15, "{a:?}");
        }
        let b = cutoff_curve(&s[1], |k| Metric::P { k }, 3, 1);
        // q1: 0, 0, 1/3; q2: 1, 1, 2/3.
        let want = [0.5, 0.5, 0.5];
        for (got, want) in b.iter().zip(want) {
            assert!((got - want).abs() < 1e-15, "{b:?}");
        }
    }

    #[test]
    fn ranks_share_the_better_place_and_follow_the_direction() {
        assert_eq!(ranks(&[0.5, 0.9, 0.5], true), [2, 1, 2]);
        assert_eq!(ranks(&[3.0, 1.0], false), [2, 1]);
        let s = systems(
            "[A]\nq1: 1 0\n[B]\nq1: 0 1\n",
            &[Metric::P { k: 1 }, Metric::MeanRank { k: None }],
        );
        let refs: Vec<&SystemResult> = s.iter().collect();
        // P@1: A 1, B 0. Mean rank of the relevant document (lower is
        // better): A 1, B 2.
        assert_eq!(
            system_ranks(&refs, &[Metric::P { k: 1 }, Metric::MeanRank { k: None }]),
            [[1, 1], [2, 2]]
        );
    }

    #[test]
    fn pairs_are_the_queries_both_systems_have() {
        let s = systems(
            "[A]\nq1: 1\nq2: 0\nq3: 1\n[B]\nq3: 0\nq1: 1\n",
            &[Metric::P { k: 1 }],
        );
        let pairs = paired_values(&s[0], &s[1], 0);
        let got: Vec<(&str, f64, f64)> =
            pairs.iter().map(|p| (p.query.as_str(), p.a, p.b)).collect();
        assert_eq!(got, [("q1", 1.0, 1.0), ("q3", 1.0, 0.0)]);
    }

    /// Grades 2 0 1 with gmax 2: R = (2^g - 1) / 4 = 3/4, 0, 1/4; stop at
    /// rank 1: 3/4; rank 2: 1/4 * 0; rank 3: 1/4 * 1 * 1/4 = 1/16.
    #[test]
    fn stop_weights_follow_the_cascade() {
        let s = systems("q1: 2 0 1\n", &[Metric::P { k: 1 }]);
        let w = stop_weights(
            &s[0].queries[0],
            1,
            3,
            StopProbability::Exponential { gmax: 2 },
        );
        assert_eq!(w, [0.75, 0.0, 0.0625]);
    }
}
