//! A run evaluated against preference judgments (trec_eval's `-R prefs`
//! and `-R qrels_prefs`): per query, the preference counts of its ranking
//! ([`PrefCounts`]) and the preference measures of the request.
//!
//! The ranking is the run's documents by score, descending; equal scores
//! are ordered by docid ascending, as trec_eval's preference code orders
//! them (its other measures use descending docids: the tie convention of
//! the conventions does not apply here, and the caller refuses another).
//! Only the first `max_docs` documents count. A docid repeated in a query
//! follows the duplicate policy: refused (the run gets no numbers), or its
//! first or last line kept.

use crate::error::Expected;
use std::collections::BTreeSet;

use super::stream::StreamResult;
use crate::conventions::{Conventions, DuplicatePolicy, MissingQueries};
use crate::error::ParseError;
use crate::formats::preferences::Preferences;
use crate::formats::trec::parse_run;
use crate::measures::preferences::PrefCounts;
use crate::measures::trec_names::TrecItem;
use crate::pipeline::trec_output::TrecRow;

/// Evaluates the run text `text` (named `input`) against `prefs` (read
/// from `prefs_name`) for the preference measures among `items`. Rows are
/// in qid order.
pub fn evaluate_preferences(
    input: &str,
    text: &str,
    prefs_name: &str,
    prefs: &Preferences<'_>,
    items: &[TrecItem],
    conventions: &Conventions,
) -> StreamResult {
    let run = parse_run(input, text);
    let measures: Vec<_> = items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Preference { measure, .. } => Some(*measure),
            _ => None,
        })
        .collect();
    let mut out = StreamResult {
        runid: run.runid.map(str::to_string),
        errors: run.errors.clone(),
        ..StreamResult::default()
    };
    let mut qids: Vec<&str> = prefs.queries.keys().copied().collect();
    qids.sort_unstable();
    let judged: BTreeSet<&str> = qids.iter().copied().collect();
    out.run_only_queries = run
        .queries
        .keys()
        .filter(|q| !judged.contains(*q))
        .map(|q| q.to_string())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    for qid in qids {
        let entries = match run.queries.get(qid) {
            Some(e) => e.as_slice(),
            None => {
                out.missing_queries.push(qid.to_string());
                if conventions.missing_queries == MissingQueries::Skip {
                    continue;
                }
                &[]
            }
        };
        // Repeats per the policy, then score descending, docid ascending.
        let mut chosen: Vec<&crate::formats::trec::RunEntry<'_>> =
            Vec::with_capacity(entries.len());
        let mut at: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for e in entries {
            let Some(&k) = at.get(e.docid) else {
                at.insert(e.docid, chosen.len());
                chosen.push(e);
                continue;
            };
            out.repeated_lines += 1;
            match conventions.duplicates {
                DuplicatePolicy::KeepFirst => {}
                DuplicatePolicy::KeepLast => chosen[k] = e,
                DuplicatePolicy::Refuse | DuplicatePolicy::KeepAll => {
                    out.refused = true;
                    out.errors.push(ParseError::new(
                        input,
                        e.line,
                        1,
                        Expected::PreferenceRepeat {
                            qid: qid.to_string(),
                            docid: e.docid.to_string(),
                            keep_all: conventions.duplicates == DuplicatePolicy::KeepAll,
                        },
                        e.docid,
                    ));
                }
            }
        }
        // Equal scores by docid ascending; −0 equals +0, as C's comparison
        // in trec_eval's preference code has it.
        let key = |s: f64| if s == 0.0 { 0.0 } else { s };
        chosen.sort_by(|a, b| {
            key(b.score)
                .total_cmp(&key(a.score))
                .then(a.docid.as_bytes().cmp(b.docid.as_bytes()))
        });
        let mut ranked: Vec<&str> = chosen.iter().map(|e| e.docid).collect();
        if let Some(m) = conventions.max_docs {
            ranked.truncate(m);
        }
        match PrefCounts::new(&prefs.queries[qid], &ranked) {
            Ok(counts) => out.rows.push(TrecRow {
                qid: qid.to_string(),
                ranges: Vec::new(),
                values: measures
                    .iter()
                    .map(|m| {
                        let v = m.compute(&counts);
                        if v.is_nan() {
                            0.0
                        } else {
                            v
                        }
                    })
                    .collect(),
                relstrings: Vec::new(),
                // None of its documents is among the preferences' documents.
                judges_nothing: !ranked.is_empty() && counts.judged_ret == 0,
            }),
            Err(message) => {
                out.refused = true;
                let line = prefs.queries[qid].first().map_or(1, |j| j.line);
                out.errors.push(ParseError::new(
                    prefs_name,
                    line,
                    1,
                    Expected::ConsistentPreferences {
                        qid: qid.to_string(),
                        problem: message,
                    },
                    "",
                ));
            }
        }
    }
    if out.refused {
        out.rows.clear();
    }
    ParseError::sort_by_line(&mut out.errors);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::preferences::parse_prefs;
    use crate::measures::preferences::PrefMeasure;

    fn items() -> Vec<TrecItem> {
        [PrefMeasure::SimpleRet, PrefMeasure::NumPossible]
            .map(|measure| TrecItem::Preference {
                name: measure.name().into(),
                measure,
            })
            .to_vec()
    }

    const PREFS: &str = "q1 u s a 1\nq1 u s b 0\nq2 u s x 1\nq2 u s y 0\n";

    #[test]
    fn equal_scores_are_ordered_by_docid_ascending() {
        let p = parse_prefs("prefs", PREFS);
        // a and b tie: a first, so a > b is fulfilled (trec_eval's
        // preference order; its other measures would put b first).
        let r = evaluate_preferences(
            "run",
            "q1 Q0 b 1 5 t\nq1 Q0 a 2 5 t\n",
            "prefs",
            &p,
            &items(),
            &Conventions::default(),
        );
        assert_eq!(r.rows.len(), 1);
        assert_eq!(r.rows[0].values, [1.0, 1.0]);
        assert_eq!(r.missing_queries, ["q2"]);
    }

    #[test]
    fn missing_queries_cutoffs_and_repeats_follow_the_conventions() {
        let p = parse_prefs("prefs", PREFS);
        let run = "q1 Q0 b 1 9 t\nq1 Q0 a 2 5 t\nq9 Q0 a 1 1 t\n";
        let zero = Conventions {
            missing_queries: MissingQueries::ScoreZero,
            ..Conventions::default()
        };
        let r = evaluate_preferences("run", run, "prefs", &p, &items(), &zero);
        // q1: b before a fails a > b; q2 (no results): nothing retrieved.
        let rows: Vec<(&str, Vec<f64>)> = r
            .rows
            .iter()
            .map(|x| (x.qid.as_str(), x.values.clone()))
            .collect();
        assert_eq!(rows, [("q1", vec![0.0, 1.0]), ("q2", vec![0.0, 1.0])]);
        assert_eq!(r.run_only_queries, ["q9"]);
        // With -M 1 only b is retrieved: no preference among retrieved ones.
        let cut = Conventions {
            max_docs: Some(1),
            ..Conventions::default()
        };
        let r = evaluate_preferences("run", run, "prefs", &p, &items(), &cut);
        assert_eq!(r.rows[0].values, [0.0, 1.0]);
        // A repeated docid is refused: no numbers, the line named.
        let repeated = "q1 Q0 a 1 9 t\nq1 Q0 a 2 5 t\n";
        let r = evaluate_preferences(
            "run",
            repeated,
            "prefs",
            &p,
            &items(),
            &Conventions::default(),
        );
        assert!(r.refused && r.rows.is_empty());
        assert_eq!(r.errors[0].line, 2);
        let keep = Conventions {
            duplicates: DuplicatePolicy::KeepFirst,
            ..Conventions::default()
        };
        let r = evaluate_preferences("run", repeated, "prefs", &p, &items(), &keep);
        assert_eq!(r.rows.len(), 1);
        assert_eq!(r.repeated_lines, 1);
    }

    #[test]
    fn inconsistent_preferences_are_refused_with_their_file() {
        let p = parse_prefs(
            "prefs",
            "q1 u a d1 2\nq1 u a d2 1\nq1 u b d2 2\nq1 u b d1 1\n",
        );
        let r = evaluate_preferences(
            "run",
            "q1 Q0 d1 1 1 t\n",
            "prefs",
            &p,
            &items(),
            &Conventions::default(),
        );
        assert!(r.refused && r.rows.is_empty());
        assert!(
            r.errors[0].to_string().starts_with("prefs:1:"),
            "{}",
            r.errors[0]
        );
    }
}
