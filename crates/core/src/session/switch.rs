//! What the preset comparison switches: one convention or definition on
//! which a tool differs from trec_eval, as a kind with its data.

use std::fmt;

use crate::conventions::{
    Conventions, DuplicatePolicy, JudgedScope, MissingQueries, ScorePrecision, TieBreak,
};
use crate::measures::Metric;

/// One convention (or definition) on which a preset differs from
/// trec_eval's: what a [`Cause`](super::compare::Cause) switched. Its English is its
/// `Display`, below.
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

impl Switch {
    /// The conventions on which `tool`'s differ from `base`'s (trec_eval's),
    /// one switch each, in the order the comparison lists them.
    pub fn between(tool: &Conventions, base: &Conventions) -> Vec<Switch> {
        let (t, b) = (tool, base);
        let mut out: Vec<Switch> = [
            Switch::TieOrder(t.tie_break, b.tie_break),
            Switch::Scores(t.score_precision, b.score_precision),
            Switch::MissingQueries(t.missing_queries, b.missing_queries),
            Switch::Duplicates(t.duplicates, b.duplicates),
            Switch::JudgedScope(t.judged_scope, b.judged_scope),
        ]
        .into_iter()
        .filter(Switch::differs)
        .collect();
        if let Some(n) = t.max_docs.filter(|_| t.max_docs != b.max_docs) {
            out.push(Switch::Depth(n));
        }
        out
    }

    /// Whether the tool's choice differs from trec_eval's.
    fn differs(&self) -> bool {
        match self {
            Switch::TieOrder(to, from) => to != from,
            Switch::Scores(to, from) => to != from,
            Switch::MissingQueries(to, from) => to != from,
            Switch::Duplicates(to, from) => to != from,
            Switch::JudgedScope(to, from) => to != from,
            Switch::Depth(_) | Switch::Definition(_) => true,
        }
    }

    /// `base` with only this convention switched to the tool's (a
    /// definition switches the measure, not the conventions).
    pub fn apply(&self, base: Conventions) -> Conventions {
        match *self {
            Switch::TieOrder(to, _) => Conventions {
                tie_break: to,
                ..base
            },
            Switch::Scores(to, _) => Conventions {
                score_precision: to,
                ..base
            },
            Switch::MissingQueries(to, _) => Conventions {
                missing_queries: to,
                ..base
            },
            Switch::Duplicates(to, _) => Conventions {
                duplicates: to,
                ..base
            },
            Switch::JudgedScope(to, _) => Conventions {
                judged_scope: to,
                ..base
            },
            Switch::Depth(n) => Conventions {
                max_docs: Some(n),
                ..base
            },
            Switch::Definition(_) => base,
        }
    }
}

impl fmt::Display for Switch {
    /// e.g. "tie order: file order (cwl_eval, ranx) instead of docid
    /// descending (trec_eval)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pair =
            |what: &str, to: &str, from: &str| write!(f, "{what}: {to} instead of {from}");
        match self {
            Switch::TieOrder(to, from) => pair("tie order", to.label(), from.label()),
            Switch::Scores(to, from) => pair("scores", to.label(), from.label()),
            Switch::MissingQueries(to, from) => {
                pair("queries missing from the run", to.label(), from.label())
            }
            Switch::Duplicates(to, from) => pair("a repeated docid", to.label(), from.label()),
            Switch::JudgedScope(to, from) => {
                pair("ideal and relevant count", to.label(), from.label())
            }
            Switch::Depth(n) => write!(f, "only the first {n} ranks evaluated"),
            Switch::Definition(m) => write!(f, "the measure defined as {m}"),
        }
    }
}
