//! Property tests of the measures: bounds, a perfect ranking scores 1, and
//! moving a better document up never lowers a rank-sensitive measure.

use proptest::prelude::*;
use ranklab_core::{EvalContext, JudgedRanking, Metric, Rel};

/// Measures whose values lie in [0, 1].
const BOUNDED: &[&str] = &[
    "P@5",
    "R@5",
    "RR",
    "RR@3",
    "AP",
    "AP@5",
    "AP(norm='found')@5",
    "gmAP",
    "nDCG",
    "nDCG@5",
    "nDCG(dcg='exp-log2')@5",
    "nDCG(discount='1/rank')",
    "ERR@5",
    "ERR",
    "RBP(p=0.8)",
    "RBP(p=0.8,rel=1)",
    "RBP_resid(p=0.8)",
    "Success@3",
    "F1@5",
    "AR",
    "Rprec",
    "Rprec(mult=2)",
    "Bpref",
    "infAP",
    "IPrec@0.3",
    "11ptAvg",
    "SetP",
    "SetR",
    "SetAP",
    "SetRelP",
    "RelP@5",
    "SetF(beta=1)",
    "Unj@5",
    "binG",
    "G",
    "nDCG_rel",
    "Rndcg",
    "trec_rbp(p=0.9)",
];

/// Measures that never decrease when a document moves above one of lower grade.
const MONOTONE: &[&str] = &[
    "P@3",
    "R@3",
    "RR",
    "AP",
    "AP@4",
    "nDCG",
    "nDCG@3",
    "nDCG(dcg='exp-log2')",
    "ERR",
    "ERR@3",
    "RBP(p=0.7)",
    "RBP(p=0.7,rel=1)",
    "Success@2",
];

fn metrics(names: &[&str]) -> Vec<Metric> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

fn rel_strategy() -> impl Strategy<Value = Rel> {
    prop_oneof![
        8 => (0i64..=3).prop_map(Rel::Judged),
        1 => Just(Rel::NotInPool),
        1 => Just(Rel::Unjudged),
    ]
}

/// A ranking plus grades of judged documents that were not retrieved.
fn ranking_strategy() -> impl Strategy<Value = JudgedRanking> {
    (
        prop::collection::vec(rel_strategy(), 0..25),
        prop::collection::vec(0i64..=3, 0..8),
    )
        .prop_map(|(ranked, missed)| {
            let judged: Vec<i64> = ranked
                .iter()
                .filter_map(|r| r.grade())
                .chain(missed)
                .collect();
            JudgedRanking::new(ranked, judged, 1)
        })
}

fn ctx() -> EvalContext {
    EvalContext {
        max_grade: 3,
        ..EvalContext::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn bounded_measures_stay_in_0_1(r in ranking_strategy()) {
        for m in metrics(BOUNDED) {
            let v = m.compute(&r, &ctx());
            prop_assert!((0.0..=1.0 + 1e-12).contains(&v), "{} = {}", m, v);
        }
    }

    #[test]
    fn the_ideal_ranking_scores_one(grades in prop::collection::vec(0i64..=3, 1..25)) {
        prop_assume!(grades.iter().any(|&g| g >= 1));
        let mut ideal = grades.clone();
        ideal.sort_unstable_by(|a, b| b.cmp(a));
        let r = JudgedRanking::new(ideal.iter().map(|&g| Rel::Judged(g)).collect(), grades, 1);
        let n = r.num_ret();
        for name in ["AP", "nDCG", "nDCG@3", "nDCG(dcg='exp-log2')", "RR", "Rprec", "Bpref", "Success@1", "SetR", "11ptAvg", "nDCG_rel", "Rndcg", "GAP"] {
            let v: f64 = name.parse::<Metric>().unwrap().compute(&r, &ctx());
            prop_assert!((v - 1.0).abs() < 1e-12, "{} = {}", name, v);
        }
        let recall_at_n: Metric = format!("R@{n}").parse().unwrap();
        prop_assert!((recall_at_n.compute(&r, &ctx()) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn moving_a_better_document_up_never_hurts(r in ranking_strategy()) {
        let grade = |x: Rel| x.grade().unwrap_or(0);
        // Every adjacent pair where the lower document has the higher grade.
        for at in (0..r.num_ret().saturating_sub(1)).filter(|&i| grade(r.ranked[i + 1]) > grade(r.ranked[i])) {
            let mut better = r.clone();
            better.ranked.swap(at, at + 1);
            for m in metrics(MONOTONE) {
                let (before, after) = (m.compute(&r, &ctx()), m.compute(&better, &ctx()));
                prop_assert!(after >= before - 1e-12, "{}: {} -> {} swapping ranks {} and {}", m, before, after, at + 1, at + 2);
            }
        }
    }

    #[test]
    fn rank_statistics_are_ranks(r in ranking_strategy()) {
        let mr: f64 = "MR".parse::<Metric>().unwrap().compute(&r, &ctx());
        let frp: f64 = "FRP".parse::<Metric>().unwrap().compute(&r, &ctx());
        prop_assert!(mr == 0.0 || (1.0..=r.num_ret() as f64).contains(&mr));
        prop_assert!((1.0..=r.num_ret() as f64 + 1.0).contains(&frp));
        let tau: f64 = "KendallTau".parse::<Metric>().unwrap().compute(&r, &ctx());
        let n = r.num_ret() as f64;
        prop_assert!(tau >= 0.0 && tau <= n * (n - 1.0) / 2.0);
    }
}
