//! The evaluating stage: each judged query's value for every measure, and
//! the summaries over queries (means, sums, geometric means).

use super::judge::JudgedRun;
use crate::judged::JudgedRanking;
use crate::measures::{aggregate, aggregate_exact, Aggregation, EvalContext, Metric};

/// Per-query values of each metric (rows follow `judged.queries`).
pub fn per_query_values(judged: &JudgedRun<'_>, metrics: &[Metric]) -> Vec<Vec<f64>> {
    judged
        .queries
        .iter()
        .map(|q| query_values(&q.ranking, &judged.context, metrics))
        .collect()
}

/// A value as trec_eval prints it: an undefined one (0/0, NaN) as 0.
pub fn trec_value(v: f64) -> f64 {
    if v.is_nan() {
        0.0
    } else {
        v
    }
}

/// One query's value for each of `metrics` (an undefined value, NaN, counts
/// as 0, as in [`per_query_values`]).
pub fn query_values(
    ranking: &JudgedRanking,
    context: &EvalContext,
    metrics: &[Metric],
) -> Vec<f64> {
    metrics
        .iter()
        .map(|m| trec_value(m.compute(ranking, context)))
        .collect()
}

/// The summary of each metric over the rows, by its aggregation, without
/// summation noise ([`aggregate_exact`]): the page's means.
pub fn summaries(metrics: &[Metric], rows: &[Vec<f64>]) -> Vec<f64> {
    (0..metrics.len())
        .map(|j| {
            let column: Vec<f64> = rows.iter().map(|r| r[j]).collect();
            aggregate_exact(metrics[j].aggregation(), &column)
        })
        .collect()
}

/// Column `j` of `rows` summarised by `aggregations[j]`, added in query
/// order as trec_eval adds (its `all` lines, to the last bit).
pub fn summarise(aggregations: &[Aggregation], rows: &[Vec<f64>]) -> Vec<f64> {
    aggregations
        .iter()
        .enumerate()
        .map(|(j, &a)| {
            let column: Vec<f64> = rows.iter().map(|r| r[j]).collect();
            aggregate(a, &column)
        })
        .collect()
}
