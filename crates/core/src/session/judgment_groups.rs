//! A run evaluated against judgment groups (trec_eval's `-R qrels_jg`):
//! each measure is computed once per group that judged the query, with that
//! group's judgments, and averaged over those groups.
//!
//! For a query judged by groups g₁ … gₙ, `map_avgjg` = (AP₁ + … + APₙ) / n,
//! and likewise `P_avgjg_k` (P@k) and `Rprec_mult_avgjg_m` (precision at
//! m·R, R counted in each group's judgments), as trec_eval defines them
//! (`m_map_avgjg.c`, `m_P_avgjg.c`, `m_Rprec_mult_avgjg.c`; groups added in
//! byte order of their names). The mean over queries is then taken as for
//! every measure. The run is judged by the one [`judge`] of the pipeline,
//! once per group, so ties, duplicates and missing queries follow the
//! conventions as everywhere else.

use std::collections::BTreeMap;

use super::stream::StreamResult;
use crate::conventions::Conventions;
use crate::error::ParseError;
use crate::formats::qrels_jg::JudgmentGroups;
use crate::formats::trec::parse_run;
use crate::measures::trec_names::TrecItem;
use crate::pipeline::judge::judge;
use crate::pipeline::trec_output::{item_metrics, trec_row, TrecRow};

/// Evaluates the run text `text` (named `input`) against every judgment
/// group of `groups`; `docs_in_collection` is trec_eval's `-N`. Rows are
/// in qid order; a query counts when some group judged it (and, unless
/// missing queries score 0, the run has it).
pub fn evaluate_judgment_groups(
    input: &str,
    text: &str,
    groups: &JudgmentGroups<'_>,
    items: &[TrecItem],
    conventions: &Conventions,
    docs_in_collection: f64,
) -> StreamResult {
    let run = parse_run(input, text);
    let metrics = item_metrics(items);
    // qid -> (sum of the groups' rows, groups that judged it).
    let mut sums: BTreeMap<&str, (TrecRow, usize)> = BTreeMap::new();
    let mut errors: Vec<ParseError> = run.errors.clone();
    let mut tied = std::collections::BTreeSet::new();
    let mut out = StreamResult {
        runid: run.runid.map(str::to_string),
        ..StreamResult::default()
    };
    for qrels in groups.groups.values() {
        let mut judged = judge(qrels, &run, conventions);
        judged.context.docs_in_collection = docs_in_collection;
        out.refused |= judged.refused;
        out.repeated_lines = out.repeated_lines.max(judged.repeated_lines);
        errors.extend(judged.errors.iter().cloned());
        for q in &judged.queries {
            if q.had_ties {
                tied.insert(q.qid);
            }
            let row = trec_row(items, &metrics, q.qid, &q.ranking, &judged.context);
            match sums.get_mut(q.qid) {
                Some((sum, n)) => {
                    for (s, v) in sum.values.iter_mut().zip(&row.values) {
                        *s += v;
                    }
                    *n += 1;
                }
                None => {
                    sums.insert(q.qid, (row, 1));
                }
            }
        }
    }
    let judged_qids = groups.query_ids();
    out.missing_queries = judged_qids
        .iter()
        .filter(|q| !run.queries.contains_key(*q))
        .map(|q| q.to_string())
        .collect();
    let mut run_only: Vec<&str> = run
        .queries
        .keys()
        .copied()
        .filter(|q| judged_qids.binary_search(q).is_err())
        .collect();
    run_only.sort_unstable();
    out.run_only_queries = run_only.into_iter().map(str::to_string).collect();
    ParseError::sort_by_place(&mut errors);
    errors.dedup();
    out.errors = errors;
    out.tied_queries = tied.len();
    if !out.refused {
        out.rows = sums
            .into_values()
            .map(|(mut row, n)| {
                if n > 1 {
                    for v in &mut row.values {
                        *v /= n as f64;
                    }
                }
                row
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conventions::{DuplicatePolicy, MissingQueries};
    use crate::formats::qrels_jg::parse_qrels_jg;
    use crate::measures::trec_names::MeasureRequest;

    fn items() -> Vec<TrecItem> {
        MeasureRequest::parse(&["map_avgjg", "P_avgjg.2"])
            .unwrap()
            .items()
            .unwrap()
    }

    /// Values by hand: run q1 = d1 d2 d3 (scores 3, 2, 1).
    /// Group a judges d1 and d3 relevant: AP = (1/1 + 2/3) / 2 = 5/6, P@2 = 1/2.
    /// Group b judges d2 relevant and d4 (not retrieved): AP = (1/2) / 2 = 1/4, P@2 = 1/2.
    /// q1: map_avgjg = (5/6 + 1/4) / 2 = 13/24; P_avgjg_2 = 1/2.
    /// q2, judged by b only: d9 relevant at rank 1: AP = 1, P@2 = 1/2.
    #[test]
    fn each_group_judges_and_the_values_are_averaged() {
        let qrels = "q1 a d1 1\nq1 a d3 1\nq1 a d2 0\nq1 b d2 1\nq1 b d4 1\nq2 b d9 1\n";
        let run = "q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d3 3 1 r\nq2 Q0 d9 1 5 r\n";
        let g = parse_qrels_jg("jg", qrels);
        let r = evaluate_judgment_groups("run", run, &g, &items(), &Conventions::default(), 0.0);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let rows: Vec<(&str, &[f64])> = r
            .rows
            .iter()
            .map(|x| (x.qid.as_str(), &x.values[..]))
            .collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].0, "q1");
        assert!((rows[0].1[0] - 13.0 / 24.0).abs() < 1e-15, "{rows:?}");
        assert!((rows[0].1[1] - 0.5).abs() < 1e-15);
        assert_eq!(rows[1], ("q2", &[1.0, 0.5][..]));
        assert_eq!(r.runid.as_deref(), Some("r"));
    }

    #[test]
    fn missing_queries_and_refused_runs_follow_the_conventions() {
        let qrels = "q1 a d1 1\nq2 a d2 1\nq2 b d2 0\n";
        let g = parse_qrels_jg("jg", qrels);
        let run = "q1 Q0 d1 1 3 r\nq3 Q0 d1 1 3 r\n";
        let skip = evaluate_judgment_groups("run", run, &g, &items(), &Conventions::default(), 0.0);
        assert_eq!(skip.rows.len(), 1);
        assert_eq!(skip.missing_queries, ["q2"]);
        assert_eq!(skip.run_only_queries, ["q3"]);
        let zero = Conventions {
            missing_queries: MissingQueries::ScoreZero,
            ..Conventions::default()
        };
        let scored = evaluate_judgment_groups("run", run, &g, &items(), &zero, 0.0);
        assert_eq!(scored.rows.len(), 2);
        assert_eq!(scored.rows[1].values, [0.0, 0.0]);
        let repeated = "q1 Q0 d1 1 3 r\nq1 Q0 d1 2 2 r\n";
        let refused =
            evaluate_judgment_groups("run", repeated, &g, &items(), &Conventions::default(), 0.0);
        assert!(refused.refused && refused.rows.is_empty());
        assert_eq!(refused.errors.len(), 1, "one message, not one per group");
        let kept = Conventions {
            duplicates: DuplicatePolicy::KeepFirst,
            ..Conventions::default()
        };
        let r = evaluate_judgment_groups("run", repeated, &g, &items(), &kept, 0.0);
        assert_eq!(r.rows.len(), 1);
    }
}
