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

/// How many decimals show a range's two ends apart: the tables' 4, or
/// more, up to 10, where 4 would print two different ends the same
/// ("0.0235 to 0.0235" says a value depends on tie order and hides by how
/// much). The value inside the range is printed with as many.
pub fn range_digits(min: f64, max: f64) -> usize {
    (4..=10)
        .find(|&d| min == max || format_digits(min, d) != format_digits(max, d))
        .unwrap_or(10)
}

/// A range's two ends with the decimals that tell them apart
/// ([`range_digits`]).
pub fn range_ends(min: f64, max: f64) -> (String, String) {
    let d = range_digits(min, max);
    (format_digits(min, d), format_digits(max, d))
}

/// `v` with `digits` decimals (4: as [`f4`] prints it).
pub fn format_digits(v: f64, digits: usize) -> String {
    format!("{v:.digits$}")
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

#[cfg(test)]
mod tests {
    use super::{format_digits, range_digits};

    #[test]
    fn a_range_gets_the_decimals_that_show_its_ends_apart() {
        assert_eq!(range_digits(0.1, 0.2), 4);
        assert_eq!(range_digits(0.3, 0.3), 4);
        // 0.0235 to 0.0235 at 4 decimals; apart at 5.
        assert_eq!(range_digits(0.02351, 0.02353), 5);
        assert_eq!(format_digits(0.02351, 5), "0.02351");
        assert_eq!(range_digits(0.25, 0.250_000_3), 7);
        // Closer than 10 decimals: 10, the most shown.
        assert_eq!(range_digits(0.5, 0.5 + 1e-13), 10);
        assert_eq!(format_digits(0.5, 4), "0.5000");
    }
}
