//! The typed rankings (the quick format) evaluated: judged under the
//! conventions, scored, summarised, with the problems a user must know.

use crate::conventions::{Conventions, JudgedScope};
use crate::formats::quick::{parse_quick, QuickInput, QuickQuery};
use crate::judged::JudgedRanking;
use crate::measures::{EvalContext, Metric};
use crate::pipeline::evaluate::summaries;

use super::results::{QueryResult, Source, SourceResults, SystemResult};
use super::warning::Warning;
use super::EvalOptions;

/// Name of the quick text in error messages.
pub const QUICK_INPUT_NAME: &str = "quick input";

/// Evaluates the typed rankings.
pub fn evaluate_typed(
    input: &QuickInput,
    metrics: &[Metric],
    options: &EvalOptions,
) -> SourceResults {
    let ctx = EvalContext {
        max_grade: input.max_grade().unwrap_or(1).max(1),
        ..EvalContext::default()
    };
    let mut part = SourceResults {
        errors: input.errors.clone(),
        ..SourceResults::default()
    };
    for s in &input.systems {
        let queries: Vec<QueryResult> = s
            .queries
            .iter()
            .map(|q| {
                let judged = judge_typed(q, &options.conventions);
                let values = metrics.iter().map(|m| m.compute(&judged, &ctx)).collect();
                QueryResult::new(q.id.clone(), values, &judged, false)
            })
            .collect();
        let rows: Vec<Vec<f64>> = queries.iter().map(|q| q.values.clone()).collect();
        part.systems.push(SystemResult {
            name: s.name.clone(),
            source: Source::Typed,
            means: summaries(metrics, &rows),
            queries: queries.into(),
            max_grade: ctx.max_grade,
            refused: None,
            runid: None,
            several_tags: false,
            file: None,
        });
        for q in &s.queries {
            let over = q
                .retrieved
                .iter()
                .filter_map(|r| r.grade())
                .chain(q.unretrieved.iter().copied())
                .filter(|&g| g > options.scale_max)
                .max();
            if let Some(g) = over {
                part.warnings.push(Warning::TypedGradeAboveScale {
                    system: s.name.clone(),
                    query: q.id.clone(),
                    line: q.line,
                    grade: g,
                    scale_max: options.scale_max,
                });
            }
        }
    }
    let with_queries: Vec<_> = input
        .systems
        .iter()
        .filter(|s| !s.queries.is_empty())
        .collect();
    for s in &with_queries {
        for other in &with_queries {
            let lacking: Vec<String> = other
                .queries
                .iter()
                .map(|q| q.id.clone())
                .filter(|id| !s.queries.iter().any(|q| q.id == *id))
                .collect();
            if !lacking.is_empty() && s.name != other.name {
                part.warnings.push(Warning::DifferentQueries {
                    system: s.name.clone(),
                    other: other.name.clone(),
                    lacking,
                });
            }
        }
    }
    part
}

/// The judged ranking of a typed query under `conventions`: its relevance
/// level, and which judgments count ([`JudgedScope`]: all of the query's,
/// listed unretrieved ones included, or the retrieved documents' only, as
/// scikit-learn sees a ranking).
pub fn judge_typed(q: &QuickQuery, conventions: &Conventions) -> JudgedRanking {
    match conventions.judged_scope {
        JudgedScope::AllJudged => q.judged(conventions.relevance_level),
        JudgedScope::RetrievedOnly => JudgedRanking::new(
            q.retrieved.clone(),
            q.retrieved
                .iter()
                .filter_map(|r| r.grade())
                .collect::<Vec<_>>(),
            conventions.relevance_level,
        ),
    }
}

/// Parses the quick text of the state.
pub fn parse_typed(text: &str) -> QuickInput {
    parse_quick(QUICK_INPUT_NAME, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::test_support::default_metrics;

    #[test]
    fn typed_warnings_name_scale_and_query_set_problems() {
        let s = EvalOptions {
            scale_max: 1,
            ..EvalOptions::default()
        };
        let m = default_metrics();
        let e = evaluate_typed(&parse_typed("[A]\nq1: 2 0\nq2: 1\n[B]\nq1: 1\n"), &m, &s);
        assert_eq!(e.warnings.len(), 2, "{:?}", e.warnings);
        assert!(e.warnings[0]
            .to_string()
            .contains("A, q1 (line 2): grade 2 is above"));
        assert!(e.warnings[1]
            .to_string()
            .starts_with("B has no query that A has (q2)"));
        assert_eq!(
            e.warnings[1],
            Warning::DifferentQueries {
                system: "B".into(),
                other: "A".into(),
                lacking: vec!["q2".into()],
            }
        );
    }
}
