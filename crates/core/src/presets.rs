//! Presets: the conventions of each peer tool as one named bundle, so the
//! same data can be evaluated "as trec_eval does", "as ranx does", ... and
//! the differences traced to a named convention. The facts come from
//! measuring the tools (`../shared/PEERS.md`).

use crate::conventions::{
    Conventions, DuplicatePolicy, JudgedScope, MissingQueries, ScorePrecision, TieBreak,
};
use crate::measures::average_precision::ApNormalization;
use crate::measures::ndcg::{Discount, Gains};
use crate::measures::Metric;

/// A tool whose conventions Ranklab can follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// trec_eval 10 without `-c`: missing queries left out (trec_eval itself exits; Ranklab warns).
    TrecEval,
    /// trec_eval 10 with `-c`: missing queries scored 0.
    TrecEvalC,
    /// trec_eval 9 and pytrec_eval: scores compared as float32; a repeated
    /// docid keeps its last line (pytrec_eval); missing queries left out.
    PytrecEval,
    /// ir_measures 0.4 with its default (pytrec_eval) provider: float32
    /// scores, missing queries scored 0, last duplicate kept.
    IrMeasures,
    /// ranx 0.3 with `make_comparable=True`: missing queries scored 0, last
    /// duplicate kept, ties in file order.
    Ranx,
    /// elinor 0.4: ties by docid ascending, missing queries left out,
    /// duplicates refused.
    Elinor,
    /// scikit-learn's `ndcg_score`: tied scores averaged, the ideal from the
    /// retrieved list only, linear gain.
    Sklearn,
    /// cwl_eval: documents in the order the run lists them (scores and
    /// ranks ignored), ranks after 1,000 ignored, every line of a repeated
    /// docid counted, AP divided by the relevant documents retrieved.
    CwlEval,
    /// gdeval (TREC Web track): ERR and nDCG with the maximum grade fixed at
    /// 4 and exponential gain.
    Gdeval,
    /// The seed articles' textbook definitions: AP@k divided by the relevant
    /// documents found in the top k.
    Textbook,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 10] = [
        Preset::TrecEval,
        Preset::TrecEvalC,
        Preset::PytrecEval,
        Preset::IrMeasures,
        Preset::Ranx,
        Preset::Elinor,
        Preset::Sklearn,
        Preset::CwlEval,
        Preset::Gdeval,
        Preset::Textbook,
    ];

    /// The name used by `--preset` and in the app.
    pub fn name(self) -> &'static str {
        match self {
            Preset::TrecEval => "trec_eval",
            Preset::TrecEvalC => "trec_eval-c",
            Preset::PytrecEval => "pytrec_eval",
            Preset::IrMeasures => "ir_measures",
            Preset::Ranx => "ranx",
            Preset::Elinor => "elinor",
            Preset::Sklearn => "scikit-learn",
            Preset::CwlEval => "cwl_eval",
            Preset::Gdeval => "gdeval",
            Preset::Textbook => "textbook",
        }
    }

    /// The preset with this name.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The bundle of conventions (relevance level 1, no depth cut).
    pub fn conventions(self) -> Conventions {
        let base = Conventions::default();
        match self {
            Preset::TrecEval => base,
            Preset::TrecEvalC => Conventions {
                missing_queries: MissingQueries::ScoreZero,
                ..base
            },
            Preset::PytrecEval => Conventions {
                score_precision: ScorePrecision::F32,
                duplicates: DuplicatePolicy::KeepLast,
                ..base
            },
            Preset::IrMeasures => Conventions {
                score_precision: ScorePrecision::F32,
                missing_queries: MissingQueries::ScoreZero,
                duplicates: DuplicatePolicy::KeepLast,
                ..base
            },
            Preset::Ranx => Conventions {
                tie_break: TieBreak::FileOrder,
                missing_queries: MissingQueries::ScoreZero,
                duplicates: DuplicatePolicy::KeepLast,
                ..base
            },
            Preset::Elinor => Conventions {
                tie_break: TieBreak::DocIdAscending,
                ..base
            },
            Preset::Sklearn => Conventions {
                tie_break: TieBreak::Average,
                judged_scope: JudgedScope::RetrievedOnly,
                ..base
            },
            Preset::CwlEval => Conventions {
                tie_break: TieBreak::Listed,
                max_docs: Some(1000),
                duplicates: DuplicatePolicy::KeepAll,
                ..base
            },
            Preset::Gdeval | Preset::Textbook => base,
        }
    }

    /// The measure as the tool defines it: cwl_eval's AP over relevant
    /// retrieved, gdeval's ERR with max grade 4 and exponential-gain nDCG,
    /// the textbook's AP@k over relevant found. Other measures are unchanged.
    pub fn translate(self, metric: &Metric) -> Metric {
        match (self, metric) {
            (Preset::CwlEval, Metric::AP { k, .. }) => Metric::AP {
                k: *k,
                norm: ApNormalization::RelevantRetrieved,
            },
            (Preset::Textbook, Metric::AP { k: Some(k), .. }) => Metric::AP {
                k: Some(*k),
                norm: ApNormalization::RelevantRetrieved,
            },
            (Preset::Gdeval, Metric::ERR { k, .. }) => Metric::ERR {
                k: *k,
                gmax: Some(4),
            },
            (Preset::Gdeval, Metric::NDCG { k, .. }) => Metric::NDCG {
                k: *k,
                gains: Gains::exponential(),
                discount: Discount::LOG2,
            },
            _ => metric.clone(),
        }
    }

    /// What the preset cannot promise: where the tool itself is not
    /// deterministic or differs by measure.
    pub fn caveat(self) -> Option<&'static str> {
        match self {
            Preset::Ranx => Some("ranx orders tied scores with numba's unstable argsort, so no tie convention matches it: even a pair of equal scores does not always keep file order (measured); values of queries with ties may differ from ranx's"),
            Preset::IrMeasures => Some("ir_measures' msmarco and judged providers (RR@k, Judged@k) break ties by docid ascending, not descending"),
            Preset::Elinor => Some("elinor scores nDCG 1 for a query without relevant documents (Ranklab: 0)"),
            Preset::Gdeval => Some("gdeval refuses grades above 4 and non-numeric query ids; Ranklab computes anyway"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bundles_differ_where_the_tools_do() {
        for p in Preset::ALL {
            assert_eq!(Preset::from_name(p.name()), Some(p));
        }
        assert_eq!(Preset::from_name("nope"), None);
        let all: Vec<Conventions> = Preset::ALL.iter().map(|p| p.conventions()).collect();
        // Presets that differ only in how measures are defined share conventions.
        assert_eq!(all[0], Preset::Gdeval.conventions());
        assert_eq!(all[0], Preset::Textbook.conventions());
        for (i, a) in all.iter().enumerate().take(8) {
            for b in &all[i + 1..8] {
                assert_ne!(a, b, "two presets with the same conventions");
            }
        }
        assert_eq!(
            Preset::PytrecEval.conventions().score_precision,
            ScorePrecision::F32
        );
        assert_eq!(Preset::Ranx.conventions().tie_break, TieBreak::FileOrder);
        let ap: Metric = "AP@5".parse().unwrap();
        assert_eq!(
            Preset::Textbook.translate(&ap).to_string(),
            "AP(norm='found')@5"
        );
        assert_eq!(Preset::TrecEval.translate(&ap), ap);
        let err: Metric = "ERR@10".parse().unwrap();
        assert_eq!(Preset::Gdeval.translate(&err).to_string(), "ERR(gmax=4)@10");
        let ndcg: Metric = "nDCG@10".parse().unwrap();
        assert_eq!(
            Preset::Gdeval.translate(&ndcg).to_string(),
            "nDCG(dcg='exp-log2')@10"
        );
        assert_eq!(
            Preset::CwlEval
                .translate(&"AP".parse().unwrap())
                .to_string(),
            "AP(norm='found')"
        );
    }
}
