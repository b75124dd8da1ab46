//! What the preset comparison switches: one convention or definition on
//! which a tool differs from trec_eval, as a kind with its data.

use crate::{DuplicatePolicy, JudgedScope, Metric, MissingQueries, ScorePrecision, TieBreak};

/// One convention (or definition) on which a preset differs from
/// trec_eval's: what a [`Cause`] switched. Its English is in
/// `session/warning.rs`'s `Display`.
#[derive(Debug, Clone, PartialEq)]
pub enum Switch {
    /// How tied scores are ordered: the preset's, trec_eval's.
    TieOrder(TieBreak, TieBreak),
    /// How scores are compared.
    Scores(ScorePrecision, ScorePrecision),
    /// What happens to queries missing from the run.
    MissingQueries(MissingQueries, MissingQueries),
    /// What happens to a repeated docid.
    Duplicates(DuplicatePolicy, DuplicatePolicy),
    /// Which judgments make the ideal and the relevant count.
    JudgedScope(JudgedScope, JudgedScope),
    /// Only the first this many ranks are evaluated (0: none).
    Depth(usize),
    /// The measure as the preset defines it.
    Definition(Metric),
}
