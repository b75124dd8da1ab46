//! What the results say of a run: why a refused run has no numbers, and
//! the warnings about its queries and lines (judged queries it lacks,
//! queries without judgments, repeated docids, ties), as kinds with their
//! data (their words are in [`super::warning`]).

use super::results::SourceResults;
use super::warning::{Refusal, Warning};
use super::EvalOptions;
use crate::error::{Expected, ParseError};

/// Why a refused run has no numbers: its first refused repeat, located,
/// and how many more there are (`None` when no repeat was refused).
pub(super) fn refusal_reason(errors: &[ParseError]) -> Option<Refusal> {
    let refusals: Vec<&ParseError> = errors.iter().filter(|e| e.is_duplicate_refusal()).collect();
    refusals.first().map(|e| Refusal::RepeatedDocid {
        line: e.line,
        docid: e.found.clone(),
        query: match &*e.expected {
            Expected::DocidOnce { qid, first_line } => Some((qid.clone(), *first_line)),
            _ => None,
        },
        more: refusals.len() - 1,
    })
}

/// What the results say of a run's queries and lines: judged queries it
/// lacks, its queries without judgments, repeated docids, and `ties`
/// (queries with equal scores, of those evaluated).
pub(super) fn tally_warnings(
    part: &mut SourceResults,
    name: &str,
    missing_queries: &[String],
    run_only_queries: &[String],
    repeated_lines: usize,
    ties: (usize, usize),
    options: &EvalOptions,
) {
    let run = || name.to_string();
    let c = &options.conventions;
    if !missing_queries.is_empty() {
        part.warnings.push(Warning::MissingQueries {
            run: run(),
            queries: missing_queries.to_vec(),
            convention: c.missing_queries,
        });
    }
    if !run_only_queries.is_empty() {
        part.warnings.push(Warning::QueriesWithoutJudgments {
            run: run(),
            queries: run_only_queries.to_vec(),
        });
    }
    if repeated_lines > 0 {
        part.warnings.push(Warning::RepeatedDocids {
            run: run(),
            lines: repeated_lines,
            policy: c.duplicates,
        });
    }
    if ties.0 > 0 {
        part.warnings.push(Warning::Ties {
            run: run(),
            tied: ties.0,
            of: ties.1,
            tie_break: c.tie_break,
        });
    }
}
