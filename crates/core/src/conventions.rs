//! Every convention on which the evaluation tools differ, as a named option.
//! See `../shared/PEERS.md` for the measured behaviour of each tool.

/// How a run's documents are put in rank order.
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
    /// the measures linear in per-rank gains: DCG and nDCG, P@k, R@k and
    /// RBP. The other measures (AP, RR, ERR, bpref, …) are not linear, and
    /// are computed in trec_eval's order within ties (`ranklab eval` says so).
    Average,
}

/// Precision of scores when ordering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScorePrecision {
    /// Scores compared as f64 (trec_eval 10, ranx, elinor). The default.
    F64,
    /// Scores rounded to f32 before comparing (trec_eval 9 and pytrec_eval), so
    /// `30.9156102` and `30.9156101` tie.
    F32,
}

/// What happens to a qrels query that the run does not have.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DuplicatePolicy {
    /// Refuse the run with a located error (trec_eval). The default.
    Refuse,
    /// Keep the first line of the docid.
    KeepFirst,
    /// Keep the last line of the docid (pytrec_eval, ranx).
    KeepLast,
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
        }
    }
}
