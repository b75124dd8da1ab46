//! Per-query tables and their aggregates for the quick format.
//!
//! Data flows one way: parsed systems -> judged rankings -> one row of
//! measure values per query -> means over queries.

use crate::evaluate::summaries;
use crate::measures::{EvalContext, Metric};
use crate::quick::QuickInput;

/// Values of one query for every requested measure.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryRow {
    /// Query id.
    pub query: String,
    /// One value per measure, in the table's measure order.
    pub values: Vec<f64>,
}

/// One system's per-query rows and means.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemResults {
    /// System name.
    pub name: String,
    /// Rows in input order.
    pub rows: Vec<QueryRow>,
    /// Summary of each measure over the rows by its aggregation (the mean
    /// for every measure but counts, which are summed; 0 with no rows).
    pub means: Vec<f64>,
}

/// Results of several systems over the same list of measures.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultTable {
    /// Measures, in column order.
    pub metrics: Vec<Metric>,
    /// Systems, in input order.
    pub systems: Vec<SystemResults>,
}

/// Evaluates every query of every system in `input`.
///
/// ERR's and graded RBP's maximum grade is the largest grade written
/// anywhere in the input (at least 1).
pub fn evaluate_quick(input: &QuickInput, metrics: &[Metric], relevance_level: i64) -> ResultTable {
    let ctx = EvalContext {
        max_grade: input.max_grade().unwrap_or(1).max(1),
        ..EvalContext::default()
    };
    let systems = input
        .systems
        .iter()
        .map(|s| {
            let rows: Vec<QueryRow> = s
                .queries
                .iter()
                .map(|q| {
                    let judged = q.judged(relevance_level);
                    QueryRow {
                        query: q.id.clone(),
                        values: metrics.iter().map(|m| m.compute(&judged, &ctx)).collect(),
                    }
                })
                .collect();
            let values: Vec<Vec<f64>> = rows.iter().map(|r| r.values.clone()).collect();
            let means = summaries(metrics, &values);
            SystemResults {
                name: s.name.clone(),
                rows,
                means,
            }
        })
        .collect();
    ResultTable {
        metrics: metrics.to_vec(),
        systems,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quick::parse_quick;

    #[test]
    fn seed_004_map_through_the_quick_format() {
        let input = parse_quick(
            "quick",
            "[A]\nq1: R R N R R N R N R N\nq2: R N R N R N N R\nq3: N R R N R R",
        );
        assert!(input.errors.is_empty());
        let t = evaluate_quick(&input, &["AP".parse().unwrap(), "RR".parse().unwrap()], 1);
        assert!((t.systems[0].means[0] - 0.7072751322751323).abs() < 1e-15);
        assert!((t.systems[0].means[1] - 5.0 / 6.0).abs() < 1e-15);
        assert_eq!(t.systems[0].rows.len(), 3);
    }
}
