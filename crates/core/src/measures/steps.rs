//! Worked steps: what an explanation holds ([`Explanation`]) and the
//! pieces every family's steps are written with. Each family's module
//! writes its measures' steps (its `explain`), beside their formulas;
//! `pipeline/explain.rs` picks the family's.

use crate::judged::{JudgedRanking, Rel};

/// A worked calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The measure's name.
    pub measure: String,
    /// The definition, in words and symbols.
    pub formula: String,
    /// Column names of the step table (empty when there is none).
    pub headers: Vec<String>,
    /// One row per step (rank), numbers already formatted.
    pub rows: Vec<Vec<String>>,
    /// The arithmetic after the table, one sentence each.
    pub lines: Vec<String>,
    /// Conventions that shaped the value.
    pub notes: Vec<String>,
    /// The value ([`Metric::compute`](super::Metric::compute)'s).
    pub value: f64,
}

/// Numbers in explanations: 4 decimals, like the tables.
pub fn f4(v: f64) -> String {
    format!("{v:.4}")
}

pub(crate) fn grade_text(rel: Rel) -> String {
    match rel {
        Rel::Judged(g) => g.to_string(),
        Rel::Unjudged => "unjudged".into(),
        Rel::NotInPool => "?".into(),
    }
}

pub(crate) fn sum_text(terms: &[f64]) -> String {
    if terms.is_empty() {
        return "0".into();
    }
    let shown: Vec<String> = terms.iter().take(12).map(|t| f4(*t)).collect();
    let more = if terms.len() > 12 {
        format!(" + … ({} terms)", terms.len())
    } else {
        String::new()
    };
    format!("{}{more}", shown.join(" + "))
}

pub(crate) fn relevance_note(r: &JudgedRanking) -> String {
    format!(
        "Relevant means grade ≥ {}; this query has {} in its judgments ({} retrieved).",
        r.relevance_level,
        crate::plural::plural(r.num_rel(), "relevant document", "relevant documents"),
        r.num_rel_ret()
    )
}

/// The ranks a cutoff `k` covers in `r` (all retrieved for `None`).
pub(crate) fn depth(r: &JudgedRanking, k: Option<usize>) -> usize {
    k.unwrap_or(r.ranked.len()).min(r.ranked.len())
}
