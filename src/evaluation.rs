//! What the page shows is computed by the core's one pipeline
//! ([`ranklab_core::session`]), re-exported here for the views; this module
//! adds only what the page itself needs: finding the judged ranking behind
//! a value (for its explanation) and printing values. Views only render;
//! they never compute a metric.

pub use ranklab_core::session::*;
use ranklab_core::{EvalContext, JudgedRanking};

use crate::settings::Settings;

/// A query's judged ranking, its evaluation context, and (for a run file)
/// the docid and score of each ranked document.
pub type QueryFound = (JudgedRanking, EvalContext, Vec<(String, f64)>);

/// A found query's parts.
pub fn found_parts(found: FoundQuery) -> QueryFound {
    let docs = found.docs().to_vec();
    let (ranking, context) = found.into_parts();
    (ranking, context, docs)
}

/// The judged ranking behind one query of one system, and its evaluation
/// context, found again on demand (explanations need the whole ranking,
/// which the results keep only in part). Files are parsed again.
pub fn judged_query(
    text: &str,
    files: &[LoadedFile],
    settings: &Settings,
    system: &str,
    source: &Source,
    qid: &str,
) -> Option<QueryFound> {
    match source {
        Source::Typed => {
            let input = parse_typed(text);
            let ctx = EvalContext {
                max_grade: input.max_grade().unwrap_or(1).max(1),
                ..EvalContext::default()
            };
            let s = input.systems.iter().find(|s| s.name == system)?;
            let q = s.queries.iter().find(|q| q.id == qid)?;
            Some((judge_typed(q, &settings.conventions()), ctx, Vec::new()))
        }
        Source::File => {
            // Files held as text (big ones are found by a worker, see
            // `files_job::ExplainJob`, with the same `find_query`).
            let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
                Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from))
            };
            // Texts never wait: found in place.
            block_on(find_query(
                files,
                &mut open,
                &settings.eval_options(),
                system,
                qid,
            ))
            .ok()
            .flatten()
            .map(found_parts)
        }
    }
}

/// A value as the tables print it: 4 decimals, like trec_eval.
pub fn format_value(v: f64) -> String {
    ranklab_core::f4(v)
}

/// The systems that have numbers to show (at least one query evaluated),
/// in their order.
pub fn with_queries(systems: &[SystemResult]) -> Vec<&SystemResult> {
    systems.iter().filter(|s| !s.queries.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::{find, EXAMPLE_QUICK};

    #[test]
    fn example_data_gives_the_articles_values() {
        let s = Settings::default();
        let (m, _) = s.measures();
        let e = evaluate_typed(
            &parse_typed(find("000-004").unwrap().text),
            &m,
            &s.eval_options(),
        );
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        assert_eq!(e.systems.len(), 3);
        // Article 004: MAP 0.7073; article 000: MRR 5/12 and 13/24.
        assert_eq!(format_value(e.systems[0].means[1]), "0.7073");
        assert_eq!(format_value(e.systems[1].means[0]), "0.4167");
        assert_eq!(format_value(e.systems[2].means[0]), "0.5417");
    }

    #[test]
    fn the_demo_gives_hand_computed_values() {
        let s = Settings::default();
        let (m, _) = s.measures();
        let e = evaluate_typed(&parse_typed(EXAMPLE_QUICK), &m, &s.eval_options());
        assert!(
            e.errors.is_empty() && e.warnings.is_empty(),
            "{:?} {:?}",
            e.errors,
            e.warnings
        );
        // BM25's first relevant ranks: 1, 3, 1, 1, 6, 1 -> MRR (4 + 1/3 + 1/6) / 6 = 0.75.
        assert!((e.systems[0].means[0] - 0.75).abs() < 1e-12);
    }
}
