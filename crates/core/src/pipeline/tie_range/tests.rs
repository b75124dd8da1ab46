//! The tie range against brute force: every permutation of a small random
//! query's run lines is judged as a file-ordered run, and the lowest and
//! highest value of every measure over them must equal the range.

use super::*;
use crate::conventions::{Conventions, JudgedScope, ScorePrecision, TieBreak};
use crate::fast_hash::FastHashMap;
use crate::formats::trec::RunEntry;
use crate::measures::average_precision::ApNormalization;
use crate::measures::ndcg::{Discount, GainKind, Gains};
use crate::measures::rbp::RbpGain;
use crate::pipeline::judge::judge_query;
use crate::stats::rng::Rng;

fn all_metrics() -> Vec<Metric> {
    use Metric::*;
    let gains = [
        Gains::linear(),
        Gains::exponential(),
        // Not increasing in the grade: the key must be the gain.
        Gains {
            kind: GainKind::Linear,
            overrides: vec![(1, 5.0), (2, 0.5), (0, -1.0)],
        },
    ];
    let mut out = vec![
        NumRet,
        NumRel,
        NumRelRet,
        NumNonrelJudgedRet,
        GmAP,
        Rprec,
        RprecMult { multiple: 0.5 },
        RprecMult { multiple: 2.0 },
        SetP,
        SetRelativeP,
        SetRecall,
        SetAP,
        InfAP,
        Bpref,
        GmBpref,
        IPrec { recall: 0.0 },
        IPrec { recall: 0.5 },
        IPrec { recall: 1.0 },
        ElevenPointAverage {
            levels: (0..=10).map(|i| i as f64 / 10.0).collect(),
        },
        BinG,
        TrecRbpResid { p: 0.5 },
        Utility {
            coefficients: [1.0, -1.0, 0.0, 0.0],
        },
        SetF { beta: 1.0 },
        SetF { beta: 0.5 },
        RBPResidual { p: 0.8 },
        AR,
        KendallTau,
        GAP { gmax: None },
        GAP { gmax: Some(2) },
        RR { k: None },
        AP {
            k: None,
            norm: ApNormalization::TotalRelevant,
        },
        AP {
            k: None,
            norm: ApNormalization::RelevantRetrieved,
        },
        MeanRank { k: None },
        FRP { k: None },
        ERR {
            k: None,
            gmax: None,
        },
        ErrSigmoid {
            k: None,
            alpha: 1.5,
            beta: 1.0,
        },
        ErrSigmoid {
            k: Some(3),
            alpha: -1.0,
            beta: 1.0,
        },
        RBP {
            p: 0.5,
            gain: RbpGain::Binary,
        },
        RBP {
            p: 0.7,
            gain: RbpGain::GradeOverMax,
        },
    ];
    for k in 1..=4 {
        out.extend([
            P { k },
            R { k },
            RR { k: Some(k) },
            AP {
                k: Some(k),
                norm: ApNormalization::TotalRelevant,
            },
            AP {
                k: Some(k),
                norm: ApNormalization::RelevantRetrieved,
            },
            RelativeP { k },
            Success { k },
            Unjudged { k },
            Judged { k },
            ERR {
                k: Some(k),
                gmax: None,
            },
            MeanRank { k: Some(k) },
            FRP { k: Some(k) },
            F1 { k },
        ]);
    }
    for g in &gains {
        for k in [None, Some(2), Some(3)] {
            for discount in [Discount::Log { base: 2.0 }, Discount::Reciprocal] {
                out.push(NDCG {
                    k,
                    gains: g.clone(),
                    discount,
                });
                out.push(DCG {
                    k,
                    gains: g.clone(),
                    discount,
                });
            }
        }
        out.push(G { gains: g.clone() });
        out.push(NdcgRel { gains: g.clone() });
        out.push(Rndcg { gains: g.clone() });
        out.push(TrecRbp {
            p: 0.6,
            gains: g.clone(),
        });
    }
    out
}

/// One random query: its run lines, its judgments and the conventions.
struct Case {
    docids: Vec<String>,
    scores: Vec<f64>,
    ranks: Vec<i64>,
    judged: Vec<(String, i64)>,
    conventions: Conventions,
}

fn random_case(rng: &mut Rng) -> Case {
    let n = 1 + rng.below(6);
    let docids: Vec<String> = (0..n).map(|i| format!("d{i}")).collect();
    let scores = (0..n).map(|_| (1 + rng.below(3)) as f64).collect();
    let ranks = (0..n).map(|_| 1 + rng.below(3) as i64).collect();
    let mut judged = Vec::new();
    for d in &docids {
        match rng.below(6) {
            0 => {}
            1 => judged.push((d.clone(), -1)),
            g => judged.push((d.clone(), g as i64 - 2)),
        }
    }
    for j in 0..rng.below(3) {
        judged.push((format!("u{j}"), rng.below(4) as i64));
    }
    let tie_break = [
        TieBreak::TrecEval,
        TieBreak::DocIdAscending,
        TieBreak::FileOrder,
        TieBreak::RankColumn,
        TieBreak::Average,
    ][rng.below(5)];
    let conventions = Conventions {
        tie_break,
        score_precision: if rng.coin() {
            ScorePrecision::F64
        } else {
            ScorePrecision::F32
        },
        relevance_level: 1 + rng.below(2) as i64,
        max_docs: if rng.coin() {
            None
        } else {
            Some(1 + rng.below(n))
        },
        judged_scope: if rng.below(4) == 0 {
            JudgedScope::RetrievedOnly
        } else {
            JudgedScope::AllJudged
        },
        judged_only: rng.below(4) == 0,
        ..Conventions::default()
    };
    Case {
        docids,
        scores,
        ranks,
        judged,
        conventions,
    }
}

impl Case {
    fn entries(&self, order: &[usize]) -> Vec<RunEntry<'_>> {
        order
            .iter()
            .enumerate()
            .map(|(line, &i)| RunEntry {
                docid: &self.docids[i],
                rank: self.ranks[i],
                score: self.scores[i],
                line: line + 1,
            })
            .collect()
    }

    fn judgments(&self) -> FastHashMap<&str, i64> {
        self.judged.iter().map(|(d, g)| (d.as_str(), *g)).collect()
    }

    fn context(&self) -> EvalContext {
        EvalContext {
            max_grade: self.judged.iter().map(|j| j.1).max().unwrap_or(1).max(1),
            docs_in_collection: 50.0,
        }
    }

    fn ranking(&self, order: &[usize], conventions: &Conventions) -> JudgedRanking {
        let judgments = self.judgments();
        judge_query("run", "q", &judgments, &self.entries(order), conventions)
            .ranking
            .expect("no repeats")
    }

    /// The value of each metric in every order the file could list the
    /// lines in, ranked by a convention that keeps file order within ties.
    fn every_order(&self, metrics: &[Metric]) -> Vec<Vec<f64>> {
        let brute = Conventions {
            tie_break: match self.conventions.tie_break {
                TieBreak::RankColumn => TieBreak::RankColumn,
                _ => TieBreak::FileOrder,
            },
            ..self.conventions
        };
        let ctx = self.context();
        let mut out = vec![Vec::new(); metrics.len()];
        let mut order: Vec<usize> = (0..self.docids.len()).collect();
        permutations(&mut order, 0, &mut |order| {
            let r = self.ranking(order, &brute);
            for (m, values) in metrics.iter().zip(out.iter_mut()) {
                values.push(trec_value(m.compute(&r, &ctx)));
            }
        });
        out
    }
}

fn permutations(v: &mut [usize], at: usize, f: &mut impl FnMut(&[usize])) {
    if at == v.len() {
        f(v);
        return;
    }
    for i in at..v.len() {
        v.swap(at, i);
        permutations(v, at + 1, f);
        v.swap(at, i);
    }
}

/// `TIE_CASES=20000 cargo test --release -p ranklab-core tie_range` runs
/// more cases than the default 400.
#[test]
fn every_measure_matches_brute_force_over_all_orders() {
    let metrics = all_metrics();
    let mut rng = Rng::new(29);
    let mut spread = 0;
    for case_no in 0..std::env::var("TIE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
    {
        let case = random_case(&mut rng);
        let order: Vec<usize> = (0..case.docids.len()).collect();
        let r = case.ranking(&order, &case.conventions);
        let ctx = case.context();
        let brute = case.every_order(&metrics);
        for (m, values) in metrics.iter().zip(&brute) {
            let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let got = tie_range(m, &r, &ctx).expect("small groups");
            assert!(
                got.min == lo && got.max == hi,
                "case {case_no}, {m:?}: range {got:?}, brute force [{lo}, {hi}]; \
                 docs {:?} scores {:?} ranks {:?} judged {:?} {:?}",
                case.docids,
                case.scores,
                case.ranks,
                case.judged,
                case.conventions
            );
            spread += usize::from(got.is_spread());
        }
    }
    // The cases exercise the ranges, not only points.
    assert!(spread > 1000, "{spread}");
}

#[test]
fn a_query_without_ties_has_a_point_range() {
    let case = Case {
        docids: vec!["a".into(), "b".into()],
        scores: vec![2.0, 1.0],
        ranks: vec![1, 2],
        judged: vec![("b".into(), 1)],
        conventions: Conventions::default(),
    };
    let r = case.ranking(&[0, 1], &case.conventions);
    assert!(r.tie_layout.is_none());
    let ap = Metric::AP {
        k: None,
        norm: ApNormalization::TotalRelevant,
    };
    assert_eq!(
        tie_range(&ap, &r, &case.context()),
        Ok(TieRange::point(0.5))
    );
}

/// By hand: a relevant document tied with one non-relevant at ranks 1-2:
/// RR is 1 or 1/2, AP (R = 1) the same, P@1 1 or 0.
#[test]
fn two_tied_documents_by_hand() {
    let case = Case {
        docids: vec!["a".into(), "b".into()],
        scores: vec![1.0, 1.0],
        ranks: vec![1, 1],
        judged: vec![("b".into(), 1), ("a".into(), 0)],
        conventions: Conventions::default(),
    };
    let r = case.ranking(&[0, 1], &case.conventions);
    let ctx = case.context();
    // trec_eval's order (docid descending) puts b first.
    assert_eq!(Metric::RR { k: None }.compute(&r, &ctx), 1.0);
    let range = |m: Metric| tie_range(&m, &r, &ctx).unwrap();
    assert_eq!(
        range(Metric::RR { k: None }),
        TieRange { min: 0.5, max: 1.0 }
    );
    assert_eq!(range(Metric::P { k: 1 }), TieRange { min: 0.0, max: 1.0 });
    assert_eq!(range(Metric::P { k: 2 }), TieRange::point(0.5));
    let orders = tie_orders(&Metric::RR { k: None }, &r, &ctx).unwrap();
    assert_eq!(orders.groups, vec![(1, 2)]);
    assert_eq!(orders.lowest, vec![Rel::Judged(0), Rel::Judged(1)]);
    assert_eq!(orders.highest, vec![Rel::Judged(1), Rel::Judged(0)]);
    // infAP's orders are tried one by one; they reach its ends too.
    let inf = tie_orders(&Metric::InfAP, &r, &ctx).unwrap();
    let at = |rels: &[Rel]| {
        Metric::InfAP.compute(
            &r.tie_layout.as_ref().unwrap().ranking(rels.to_vec(), &r),
            &ctx,
        )
    };
    let range = inf.range.unwrap();
    assert_eq!((at(&inf.lowest), at(&inf.highest)), (range.min, range.max));
}

#[test]
fn orders_are_counted_and_refused_past_the_limit() {
    let layout = TieLayout {
        rels: [vec![Rel::Judged(1); 3], vec![Rel::NotInPool; 2]].concat(),
        groups: std::iter::once(0..5).collect(),
        cut: None,
        judged_only: false,
        retrieved_scope: false,
    };
    // 5! / (3! 2!) = 10.
    assert_eq!(distinct_orders(&layout), 10);
    let mut seen = std::collections::BTreeSet::new();
    each_order(&layout, |rels| {
        seen.insert(format!("{rels:?}"));
    });
    assert_eq!(seen.len(), 10);
    let big = TieLayout {
        rels: (0..40).map(|i| Rel::Judged(i % 4)).collect(),
        groups: std::iter::once(0..40).collect(),
        ..layout
    };
    assert_eq!(distinct_orders(&big), u64::MAX);
    let r = JudgedRanking {
        tie_layout: Some(Box::new(big.clone())),
        ..JudgedRanking::new(big.rels.clone(), [1, 2, 3], 1)
    };
    let err = tie_range(&Metric::InfAP, &r, &EvalContext::default()).unwrap_err();
    assert_eq!(err.orders, u64::MAX);
    assert!(tie_range(&Metric::RR { k: None }, &r, &EvalContext::default()).is_ok());
}

#[test]
fn summaries_and_flips() {
    let a = [TieRange { min: 0.2, max: 0.6 }, TieRange::point(1.0)];
    assert_eq!(
        summary_range(Aggregation::Mean, &a),
        TieRange { min: 0.6, max: 0.8 }
    );
    let b = TieRange::point(0.7);
    assert!(can_flip(summary_range(Aggregation::Mean, &a), b));
    assert!(!can_flip(TieRange::point(0.7), b));
    assert!(!can_flip(TieRange { min: 0.5, max: 0.7 }, b));
}

/// Tie averaging's value is the mean over every order (each order of the
/// tie groups is reached by the same number of file orders) for the
/// measures it claims exact: DCG, nDCG, P@k, R@k, RBP, AP (both
/// normalisations, with cut-offs inside groups) and RR.
#[test]
fn tie_averaging_is_the_mean_over_all_orders() {
    let metrics: Vec<Metric> = all_metrics()
        .into_iter()
        .filter(|m| {
            matches!(
                m,
                Metric::NDCG { .. }
                    | Metric::DCG { .. }
                    | Metric::P { .. }
                    | Metric::R { .. }
                    | Metric::RBP { .. }
                    | Metric::AP { .. }
                    | Metric::RR { .. }
            )
        })
        .collect();
    let mut rng = Rng::new(2008);
    let mut averaged = 0;
    for case_no in 0..400 {
        let mut case = random_case(&mut rng);
        case.conventions.tie_break = TieBreak::Average;
        // Groups are averaged after the depth cut, as scikit-learn has none.
        case.conventions.max_docs = None;
        let order: Vec<usize> = (0..case.docids.len()).collect();
        let r = case.ranking(&order, &case.conventions);
        let ctx = case.context();
        let brute = case.every_order(&metrics);
        for (m, values) in metrics.iter().zip(&brute) {
            let mean = values.iter().sum::<f64>() / values.len() as f64;
            let got = m.compute(&r, &ctx);
            assert!(
                (got - mean).abs() < 1e-12,
                "case {case_no}, {m:?}: {got} against the mean {mean}; scores {:?} judged {:?}",
                case.scores,
                case.judged
            );
            averaged += usize::from(!r.tie_groups.is_empty());
        }
    }
    assert!(averaged > 1000, "{averaged}");
}
