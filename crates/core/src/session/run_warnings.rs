//! What the results say of a run, in words: why a refused run has no
//! numbers, and the warnings about its queries and lines (judged queries it
//! lacks, queries without judgments, repeated docids, ties).

use super::results::{listed, Part};
use super::EvalOptions;
use crate::{plural, DuplicatePolicy, ParseError};

/// Why a refused run has no numbers: its first refused repeat, located,
/// and how many there are.
pub(super) fn refusal_reason(errors: &[ParseError]) -> String {
    let refusals: Vec<&ParseError> = errors.iter().filter(|e| e.is_duplicate_refusal()).collect();
    let more = match refusals.len() {
        0 | 1 => String::new(),
        n => format!(" ({} more repeats)", n - 1),
    };
    match refusals.first() {
        Some(e) => format!(
            "No numbers: line {} repeats docid `{}` in one query, and the duplicates setting is \"refuse\" (as trec_eval){more}. Choose keep-first or keep-last in Settings to evaluate it.",
            e.line, e.found
        ),
        None => "No numbers: the run repeats a docid and the duplicates setting is \"refuse\".".into(),
    }
}

/// What the results say of a run's queries and lines: judged queries it
/// lacks, its queries without judgments, repeated docids, and `ties`
/// (queries with equal scores, of those evaluated).
pub(super) fn tally_warnings(
    part: &mut Part,
    name: &str,
    missing_queries: &[String],
    run_only_queries: &[String],
    repeated_lines: usize,
    ties: (usize, usize),
    options: &EvalOptions,
) {
    if !missing_queries.is_empty() {
        let n = missing_queries.len();
        let missing: Vec<&str> = missing_queries.iter().map(String::as_str).collect();
        part.warnings.push(format!(
            "{name}: {} of the qrels missing from the run ({}); {}.",
            plural(n, "query", "queries"),
            listed(&missing),
            options.conventions.missing_queries.label()
        ));
    }
    if !run_only_queries.is_empty() {
        let only: Vec<&str> = run_only_queries.iter().map(String::as_str).collect();
        part.warnings.push(format!(
            "{name}: {} without judgments ignored ({}).",
            plural(only.len(), "query", "queries"),
            listed(&only)
        ));
    }
    if repeated_lines > 0 {
        let done = if options.conventions.duplicates == DuplicatePolicy::KeepAll {
            "counted as further documents"
        } else {
            "dropped"
        };
        part.warnings.push(format!(
            "{name}: {} of repeated docids {done} ({}).",
            plural(repeated_lines, "line", "lines"),
            options.conventions.duplicates.label()
        ));
    }
    if ties.0 > 0 {
        part.warnings.push(format!(
            "{name}: equal scores in {} of {} queries, ordered by the tie setting: {}.",
            ties.0,
            ties.1,
            options.conventions.tie_break.label()
        ));
    }
}
