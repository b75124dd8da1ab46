//! The tie report of an evaluation: each system's mean range per measure,
//! the pairs of systems whose order a measure's tie orders can reverse, and
//! the queries whose values depend most on the order of tied documents.

use super::results::{QueryResult, SystemResult};
use crate::measures::Metric;
use crate::pipeline::tie_range::{can_flip, summary_range_of, TieRange};
use crate::pipeline::trec_output::TrecRow;

/// How many of the widest queries the report keeps per measure.
pub const WIDEST_QUERIES: usize = 5;

/// Two systems whose order on one measure can change with tie orders alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Flip {
    /// The measure's column.
    pub measure: usize,
    /// The two systems (indexes of the report's systems), the first listed
    /// first in the results.
    pub systems: (usize, usize),
}

/// One query of one system whose value spreads over tie orders.
#[derive(Debug, Clone, PartialEq)]
pub struct WideQuery {
    /// The measure's column.
    pub measure: usize,
    /// The system's index.
    pub system: usize,
    /// The query id.
    pub query: String,
    /// Its value as evaluated.
    pub value: f64,
    /// Its range.
    pub range: TieRange,
}

/// What the tie-range view and the exports show.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TieReport {
    /// Per system, per measure: the mean's range (`None` where a query's
    /// range was refused as too costly to find exactly).
    pub means: Vec<Vec<Option<TieRange>>>,
    /// Per system: how many of its queries have tied documents.
    pub tied_queries: Vec<usize>,
    /// Per measure: whether some system's mean spreads over tie orders.
    pub spread: Vec<bool>,
    /// Per measure: how many queries' ranges were refused.
    pub refused: Vec<usize>,
    /// The pairs that can flip, by measure then by system.
    pub flips: Vec<Flip>,
    /// Per measure, the widest queries (widest first, at most
    /// [`WIDEST_QUERIES`]).
    pub widest: Vec<WideQuery>,
}

/// One query's values and ranges, as the report reads them: the page's
/// [`QueryResult`] and the command line's [`TrecRow`] alike.
pub trait RangedQuery {
    /// The query id.
    fn id(&self) -> &str;
    /// Value `j` as evaluated.
    fn value(&self, j: usize) -> f64;
    /// Value `j`'s tie range (`None` where it was refused).
    fn range(&self, j: usize) -> Option<TieRange>;
    /// Whether its documents tie.
    fn tied(&self) -> bool;
}

impl RangedQuery for QueryResult {
    fn id(&self) -> &str {
        &self.id
    }
    fn value(&self, j: usize) -> f64 {
        self.values[j]
    }
    fn range(&self, j: usize) -> Option<TieRange> {
        QueryResult::range(self, j)
    }
    fn tied(&self) -> bool {
        self.ranges.is_some()
    }
}

impl RangedQuery for TrecRow {
    fn id(&self) -> &str {
        &self.qid
    }
    fn value(&self, j: usize) -> f64 {
        self.values[j]
    }
    /// A row made without ranges counts as untied (its values as points).
    fn range(&self, j: usize) -> Option<TieRange> {
        match self.ranges.get(j) {
            Some(r) => r.ok(),
            None => Some(TieRange::point(self.values[j])),
        }
    }
    /// Whether some value spreads or was refused (a row does not keep its
    /// ranking, so ties that move no value are not seen).
    fn tied(&self) -> bool {
        self.ranges
            .iter()
            .any(|r| !matches!(r, Ok(p) if !p.is_spread()))
    }
}

impl TieReport {
    /// The mean of system `system` (its index among the systems the
    /// report was made of) on measure `measure` over tie orders, where it
    /// spreads: `None` where tie order moves nothing or the range was
    /// refused.
    pub fn spread_mean(&self, system: usize, measure: usize) -> Option<TieRange> {
        self.means
            .get(system)?
            .get(measure)
            .copied()
            .flatten()
            .filter(TieRange::is_spread)
    }

    /// The report of `systems` (those with queries) on `measures`.
    /// Means are summed as the page's are ([`crate::pipeline::tie_range::exact_summary_range_of`]).
    pub fn new(measures: &[Metric], systems: &[SystemResult]) -> TieReport {
        let queries: Vec<&[QueryResult]> = systems.iter().map(|s| s.queries.as_slice()).collect();
        TieReport::summed(
            measures,
            &queries,
            crate::pipeline::tie_range::exact_summary_range_of,
        )
    }

    /// The report of each system's `queries` on `measures`, means added in
    /// query order as trec_eval adds them (`ranklab eval`'s).
    pub fn of<Q: RangedQuery>(measures: &[Metric], systems: &[&[Q]]) -> TieReport {
        TieReport::summed(measures, systems, summary_range_of)
    }

    fn summed<Q: RangedQuery>(
        measures: &[Metric],
        systems: &[&[Q]],
        summary: impl Fn(crate::measures::Aggregation, Vec<Option<TieRange>>) -> Option<TieRange>,
    ) -> TieReport {
        let means: Vec<Vec<Option<TieRange>>> = systems
            .iter()
            .map(|queries| {
                if queries.is_empty() {
                    return vec![None; measures.len()];
                }
                measures
                    .iter()
                    .enumerate()
                    .map(|(j, m)| {
                        summary(
                            m.aggregation(),
                            queries.iter().map(|q| q.range(j)).collect(),
                        )
                    })
                    .collect()
            })
            .collect();
        let spread = (0..measures.len())
            .map(|j| means.iter().any(|m| m[j].is_some_and(|r| r.is_spread())))
            .collect();
        let refused = (0..measures.len())
            .map(|j| {
                systems
                    .iter()
                    .flat_map(|s| s.iter())
                    .filter(|q| q.range(j).is_none())
                    .count()
            })
            .collect();
        let mut flips = Vec::new();
        for j in 0..measures.len() {
            for (a, ma) in means.iter().enumerate() {
                for (b, mb) in means.iter().enumerate().skip(a + 1) {
                    if let (Some(ra), Some(rb)) = (ma[j], mb[j]) {
                        if can_flip(ra, rb) {
                            flips.push(Flip {
                                measure: j,
                                systems: (a, b),
                            });
                        }
                    }
                }
            }
        }
        let mut widest = Vec::new();
        for j in 0..measures.len() {
            let mut wide: Vec<WideQuery> = systems
                .iter()
                .enumerate()
                .flat_map(|(i, queries)| {
                    queries.iter().filter_map(move |q| {
                        let range = q.range(j).filter(TieRange::is_spread)?;
                        Some(WideQuery {
                            measure: j,
                            system: i,
                            query: q.id().to_string(),
                            value: q.value(j),
                            range,
                        })
                    })
                })
                .collect();
            // The widest few by picking (no sort: the page's code stays small).
            for _ in 0..WIDEST_QUERIES {
                let Some(at) = (0..wide.len()).reduce(|a, b| {
                    if wide[b].range.width() > wide[a].range.width() {
                        b
                    } else {
                        a
                    }
                }) else {
                    break;
                };
                widest.push(wide.remove(at));
            }
        }
        TieReport {
            means,
            tied_queries: systems
                .iter()
                .map(|queries| queries.iter().filter(|q| q.tied()).count())
                .collect(),
            spread,
            refused,
            flips,
            widest,
        }
    }

    /// Whether any value depends on the order of tied documents (the view
    /// shows nothing otherwise).
    pub fn matters(&self) -> bool {
        self.spread.iter().any(|&s| s) || self.refused.iter().any(|&n| n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::test_support::tied_runs;
    use crate::session::{evaluate_files, EvalOptions};

    /// Two runs against one qrels: run1 ties a relevant and a non-relevant
    /// document at the top of q1; run2 has no ties.
    #[test]
    fn ranges_flips_and_widest_queries_by_hand() {
        let files = tied_runs();
        let measures = vec![Metric::RR { k: None }, Metric::P { k: 2 }];
        let part = evaluate_files(&files, &measures, &EvalOptions::default());
        let report = TieReport::new(&measures, &part.systems);
        // run1, q1: trec_eval's order (docid descending) puts b first: RR
        // 1/2, in [1/2, 1]; q2: 1. Mean 0.75 in [0.75, 1]. run2: 0.75.
        assert_eq!(
            report.means[0][0],
            Some(TieRange {
                min: 0.75,
                max: 1.0
            })
        );
        assert_eq!(report.means[1][0], Some(TieRange::point(0.75)));
        // P@2 takes both documents in any order.
        assert_eq!(report.spread, vec![true, false]);
        assert_eq!(report.tied_queries, vec![1, 0]);
        // run1 ties run2 at worst and beats it at best: never below, so no flip.
        assert!(report.flips.is_empty());
        assert_eq!(report.widest.len(), 1);
        assert_eq!(report.widest[0].query, "q1");
        assert_eq!(report.widest[0].range, TieRange { min: 0.5, max: 1.0 });
        assert!(report.matters());
    }
}
