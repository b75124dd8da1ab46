//! What the results say of a run: why a refused run has no numbers, and
//! the warnings about its queries and lines (judged queries it lacks,
//! queries without judgments, repeated docids, ties), as kinds with their
//! data (their words are in [`super::warning`]).

use super::results::SourceResults;
use super::warning::{Refusal, Warning};
use super::EvalOptions;
use crate::error::{Expected, ParseError};
use crate::fast_hash::FastHashMap;

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
    // First: it names the cause of the two that follow it.
    let pairs = lookalike_query_ids(run_only_queries, missing_queries);
    if !pairs.is_empty() {
        part.warnings
            .push(Warning::LookalikeQueryIds { run: run(), pairs });
    }
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

/// An id as a person would read it: ASCII letters in lower case, and each run of
/// digits without its leading zeros (`Q007` and `q7` read alike).
fn read_alike(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    let mut in_digits = false;
    let mut chars = id.chars().peekable();
    while let Some(c) = chars.next() {
        let leading_zero =
            c == '0' && !in_digits && chars.peek().is_some_and(|next| next.is_ascii_digit());
        in_digits = c.is_ascii_digit() && !leading_zero;
        if !leading_zero {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// The run's ids (`ours`) that read like one of `theirs` ([`read_alike`]),
/// each with it: ids one file spells otherwise than the other.
pub fn lookalike_query_ids(ours: &[String], theirs: &[String]) -> Vec<(String, String)> {
    let theirs: FastHashMap<String, &String> =
        theirs.iter().map(|id| (read_alike(id), id)).collect();
    ours.iter()
        .filter_map(|id| {
            theirs
                .get(&read_alike(id))
                .map(|t| (id.clone(), (*t).clone()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn ids_that_differ_in_case_or_leading_zeros_are_paired() {
        assert_eq!(read_alike("Q007"), "q7");
        assert_eq!(read_alike("q0"), "q0");
        assert_eq!(read_alike("000"), "0");
        assert_eq!(read_alike("a00b01"), "a0b1");
        assert_eq!(read_alike("301"), "301");
        assert_eq!(read_alike("1.05"), "1.5");
        let pairs = lookalike_query_ids(
            &ids(&["Q01", "0301", "x9", "q2"]),
            &ids(&["q1", "301", "q3"]),
        );
        assert_eq!(
            pairs,
            [
                ("Q01".to_string(), "q1".to_string()),
                ("0301".to_string(), "301".to_string())
            ]
        );
        assert!(lookalike_query_ids(&ids(&["10"]), &ids(&["1", "100"])).is_empty());
    }
}
