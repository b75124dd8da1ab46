//! Every convention on which the evaluation tools differ, as a named option.
//! See `../shared/PEERS.md` for the measured behaviour of each tool.
//!
//! Each convention has one vocabulary, used by the CLI, the app and saved
//! states alike: a short `name` (the CLI's value, [`FromStr`] and
//! [`Display`]), a `label` for a chooser and a one-line `description`;
//! serde keeps the variant names, so states saved before stay readable.

use std::fmt;
use std::str::FromStr;

/// A convention's name that is none of its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// Which convention (`--ties`, for instance).
    pub what: &'static str,
    /// The accepted names.
    pub expected: Vec<&'static str>,
    /// What was given.
    pub found: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (last, rest) = self.expected.split_last().unwrap_or((&"", &[]));
        write!(
            f,
            "{} takes {} or {last}, found `{}`",
            self.what,
            rest.join(", "),
            self.found
        )
    }
}

impl std::error::Error for UnknownName {}

/// The vocabulary of a convention enum: every value with its name, label
/// and description, [`FromStr`] and [`Display`] by name.
macro_rules! vocabulary {
    ($t:ident, $what:literal, $($v:ident => $name:literal, $label:literal, $desc:literal;)+) => {
        impl $t {
            /// Every value, in the order choosers list them.
            pub const ALL: &'static [$t] = &[$($t::$v),+];

            /// Its name: the CLI's value, and [`FromStr`](std::str::FromStr)/[`Display`](std::fmt::Display)'s.
            pub fn name(self) -> &'static str {
                match self { $($t::$v => $name),+ }
            }

            /// A short label for a chooser.
            pub fn label(self) -> &'static str {
                match self { $($t::$v => $label),+ }
            }

            /// One sentence saying what it does (and which tools do it).
            pub fn description(self) -> &'static str {
                match self { $($t::$v => $desc),+ }
            }
        }

        impl FromStr for $t {
            type Err = UnknownName;
            fn from_str(s: &str) -> Result<Self, UnknownName> {
                $t::ALL.iter().copied().find(|v| v.name() == s).ok_or_else(|| UnknownName {
                    what: $what,
                    expected: $t::ALL.iter().map(|v| v.name()).collect(),
                    found: s.to_string(),
                })
            }
        }

        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// How a run's documents are put in rank order.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Score descending (as f64); equal scores by docid descending, byte-wise.
    /// The rank column is ignored. trec_eval 9 and 10 (`form_res_rels.c`),
    /// pytrec_eval, and ir_measures' default provider. The default.
    TrecEval,
    /// Score descending; equal scores by docid ascending. elinor, and
    /// ir_measures' msmarco and judged providers.
    DocIdAscending,
    /// Score descending; equal scores keep file order (a stable sort).
    /// cwl_eval and trectools keep file order; ranx does for short tie groups.
    FileOrder,
    /// The rank column ascending; equal ranks keep file order. Scores ignored.
    RankColumn,
    /// The order of the run's lines, scores and rank column ignored
    /// (cwl_eval, measured: it ranks documents as they are listed).
    Listed,
    /// Tied documents in random order, and the expected value taken
    /// (McSherry & Najork, ECIR 2008; scikit-learn's `ndcg_score`). Exact for
    /// the measures linear in per-rank gains (DCG and nDCG, P@k, R@k and
    /// RBP) and, by their own formulas, for AP, AP@k and RR (see
    /// `expected_average_precision` and `reciprocal_rank`). The other
    /// measures (ERR, bpref, …) are computed in trec_eval's order within
    /// ties (`ranklab eval` says so); the tie range gives their extremes.
    Average,
}

/// Precision of scores when ordering.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScorePrecision {
    /// Scores compared as f64 (trec_eval 10, ranx, elinor). The default.
    F64,
    /// Scores rounded to f32 before comparing (trec_eval 9 and pytrec_eval), so
    /// `30.9156102` and `30.9156101` tie.
    F32,
}

/// What happens to a qrels query that the run does not have.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MissingQueries {
    /// Left out of the mean (trec_eval 9 without `-c`, elinor). The default
    /// of `ranklab eval`, which warns about each one.
    Skip,
    /// Scored 0 on every measure and counted in the mean (trec_eval `-c`,
    /// ir_measures' default, ranx with `make_comparable`).
    ScoreZero,
}

/// Which judgments a query's ideal ranking and relevant count come from.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JudgedScope {
    /// Every judgment of the query in the qrels (trec_eval and nearly every
    /// tool): relevant documents the run missed count against recall, AP
    /// and nDCG's ideal. The default.
    AllJudged,
    /// Only the judgments of retrieved documents, as scikit-learn's
    /// `ndcg_score` sees them (it is given the scored list alone): the ideal
    /// is the retrieved list sorted best first.
    RetrievedOnly,
}

/// What happens when a run lists the same docid twice for one query.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DuplicatePolicy {
    /// Refuse the run with a located error (trec_eval). The default.
    Refuse,
    /// Keep the first line of the docid.
    KeepFirst,
    /// Keep the last line of the docid (pytrec_eval, ranx).
    KeepLast,
    /// Keep every line, each counting as a document of its own (cwl_eval,
    /// trectools and gdeval, measured: AP and recall can then exceed 1).
    KeepAll,
}

/// The conventions of one evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Conventions {
    /// Rank order.
    pub tie_break: TieBreak,
    /// Score comparison precision.
    pub score_precision: ScorePrecision,
    /// Qrels queries absent from the run.
    pub missing_queries: MissingQueries,
    /// Repeated docids.
    pub duplicates: DuplicatePolicy,
    /// Smallest grade that counts as relevant (trec_eval `-l`, default 1).
    /// Negative grades are never relevant: they mean "unjudged".
    pub relevance_level: i64,
    /// Only the first `max_docs` ranked documents of each query are evaluated
    /// (trec_eval `-M`; `None` = all).
    pub max_docs: Option<usize>,
    /// Which judgments count for the ideal ranking and the relevant count.
    pub judged_scope: JudgedScope,
    /// Evaluate judged documents only (trec_eval `-J`): after the depth cut
    /// (`max_docs`), retrieved documents absent from the qrels or judged
    /// with a negative grade are removed and the others move up, keeping
    /// their order (trec_eval's `form_res_rels.c`, `judged_docs_only_flag`).
    /// Ranks and the retrieved count are those of the judged documents.
    pub judged_only: bool,
}

impl Default for Conventions {
    /// trec_eval 10's defaults, but skipping missing queries with a warning
    /// instead of exiting.
    fn default() -> Self {
        Conventions {
            tie_break: TieBreak::TrecEval,
            score_precision: ScorePrecision::F64,
            missing_queries: MissingQueries::Skip,
            duplicates: DuplicatePolicy::Refuse,
            relevance_level: 1,
            max_docs: None,
            judged_scope: JudgedScope::AllJudged,
            judged_only: false,
        }
    }
}

vocabulary!(TieBreak, "ties",
    TrecEval => "trec_eval", "docid descending (trec_eval)",
        "Equal scores are ordered by docid descending, byte-wise; the rank column is ignored (trec_eval, pytrec_eval).";
    DocIdAscending => "docid-asc", "docid ascending (elinor)",
        "Equal scores are ordered by docid ascending (elinor, ir_measures' msmarco provider).";
    FileOrder => "file-order", "file order (cwl_eval, ranx)",
        "Equal scores keep the order of the run's lines (trectools; ranx for short tie groups).";
    RankColumn => "rank-column", "the rank column",
        "Documents are ordered by the run's rank column; scores are ignored.";
    Listed => "listed", "as listed (cwl_eval)",
        "Documents are ranked in the order of the run's lines; scores and ranks are ignored (cwl_eval).";
    Average => "average", "averaged over tie orders (scikit-learn)",
        "Tied documents take the expected value over their orders for nDCG, P, R, RBP, AP and RR; other measures use trec_eval's order (scikit-learn's ndcg_score).";
);

vocabulary!(ScorePrecision, "score precision",
    F64 => "f64", "64-bit scores",
        "Scores are compared as read, in 64-bit floating point (trec_eval 10, ranx, elinor).";
    F32 => "f32", "32-bit scores (pytrec_eval)",
        "Scores are rounded to 32-bit floats before ordering, so scores equal to 7 digits tie (trec_eval 9, pytrec_eval).";
);

vocabulary!(MissingQueries, "missing queries",
    Skip => "skip", "left out (trec_eval 9, pytrec_eval)",
        "Qrels queries the run lacks are left out of the means (trec_eval 9, pytrec_eval, elinor); trec_eval 10 without -c stops with an error at the first such query instead.";
    ScoreZero => "zero", "scored 0 (trec_eval -c)",
        "Qrels queries the run lacks score 0 and count in the means (trec_eval -c, ir_measures, ranx).";
);

vocabulary!(JudgedScope, "judged scope",
    AllJudged => "all-judged", "every judgment of the query",
        "Recall, AP and nDCG's ideal use every judgment of the query, retrieved or not (trec_eval and nearly every tool).";
    RetrievedOnly => "retrieved-only", "judgments of retrieved documents (scikit-learn)",
        "Only the judgments of retrieved documents count, so nDCG's ideal is the retrieved list sorted (scikit-learn's ndcg_score).";
);

vocabulary!(DuplicatePolicy, "duplicates",
    Refuse => "refuse", "refuse the run (trec_eval)",
        "A run that lists a docid twice for one query gets no numbers, with the place of each repeat (trec_eval).";
    KeepFirst => "keep-first", "keep the first line",
        "Of a docid listed twice for one query, the first line counts and the others are dropped.";
    KeepLast => "keep-last", "keep the last line (pytrec_eval, ranx)",
        "Of a docid listed twice for one query, the last line counts and the others are dropped (pytrec_eval, ranx).";
    KeepAll => "keep-all", "count every line (cwl_eval, trectools)",
        "Every line of a docid listed twice for one query counts, as another document at its rank (cwl_eval, trectools, gdeval); AP and recall can exceed 1.";
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_ones_say_what_is_accepted() {
        for t in TieBreak::ALL {
            assert_eq!(t.to_string().parse::<TieBreak>(), Ok(*t));
        }
        for d in DuplicatePolicy::ALL {
            assert_eq!(d.to_string().parse::<DuplicatePolicy>(), Ok(*d));
        }
        for m in MissingQueries::ALL {
            assert_eq!(m.to_string().parse::<MissingQueries>(), Ok(*m));
        }
        assert_eq!(TieBreak::ALL.len(), 6);
        assert_eq!(
            "first".parse::<DuplicatePolicy>().unwrap_err().to_string(),
            "duplicates takes refuse, keep-first, keep-last or keep-all, found `first`"
        );
    }
}
