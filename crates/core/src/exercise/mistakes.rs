//! The usual mistakes of a hand calculation, each as the value (and, where
//! the mistake changes the worked steps, the steps) it gives: an answer or
//! a column of steps that matches a mistaken calculation, and not the right
//! one, points at that mistake.
//!
//! Each mistake is a calculation by a changed definition, never a guess:
//! - the logarithm's base of the discount (10 or e instead of 2), Järvelin
//!   and Kekäläinen's DCG written with log₂;
//! - the other gain (2^g − 1 instead of g, or g instead of 2^g − 1);
//! - AP's sum divided by the number of documents retrieved, or by the
//!   relevant documents found, instead of all relevant documents (Voorhees
//!   and Harman, TREC: AP's R counts relevant documents not retrieved);
//! - recall and nDCG's ideal ranking made without the relevant documents
//!   that were not retrieved;
//! - nDCG given as the DCG, not divided by the ideal ranking's DCG
//!   (Järvelin and Kekäläinen 2002: nDCG = DCG / IDCG, at most 1);
//! - ERR summed as Σ Rᵢ / i, without the probability ∏ (1 − Rⱼ) of
//!   reaching rank i (Chapelle et al. 2009's cascade);
//! - RR written as the rank of the first relevant document, not its
//!   reciprocal 1 / rank (Voorhees, TREC-8 QA track: RR = 1 / rank);
//! - P@k divided by the documents retrieved when fewer than k are;
//! - tied documents taken in the order listed, or in their best or worst
//!   order, instead of averaging over every order (the expected value when
//!   ties are broken at random; McSherry and Najork 2008).

use std::fmt;

use crate::judged::JudgedRanking;
use crate::measures::average_precision::ApNormalization;
use crate::measures::err::{err_steps_with, StopProbability};
use crate::measures::ndcg::{Discount, GainKind, Gains};
use crate::measures::steps::{f4, Explanation};
use crate::measures::{EvalContext, Metric};
use crate::pipeline::explain::explain;

/// A recognised mistake.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Mistake {
    /// The discount's logarithm taken to another base.
    LogBase {
        /// The base used (10, or e ≈ 2.718).
        used: f64,
    },
    /// The other gain of a grade.
    Gain {
        /// The gain used.
        used: GainKind,
    },
    /// AP's sum divided by the documents retrieved.
    ApOverRetrieved,
    /// Relevant documents that were not retrieved left out (of AP's or
    /// recall's count of relevant documents).
    UnretrievedForgotten,
    /// nDCG's ideal ranking made from the retrieved documents only.
    IdealWithoutUnretrieved,
    /// nDCG given as the DCG: not divided by the ideal ranking's DCG.
    NotNormalised,
    /// ERR without the probability of reaching each rank.
    ErrWithoutReach,
    /// P@k divided by the documents retrieved (fewer than k).
    PrecisionOverRetrieved,
    /// RR given as the first relevant document's rank, not 1 / rank.
    RankNotReciprocal,
    /// RR taken at a relevant document after the first: 1 / its rank.
    LaterRelevant {
        /// The later relevant document's rank (1-based).
        rank: usize,
        /// The first relevant document's rank.
        first: usize,
    },
    /// Tied documents taken in the order they are listed.
    TieListedOrder,
    /// Tied documents taken in their best order (highest grade first).
    TieBestOrder,
    /// Tied documents taken in their worst order (lowest grade first).
    TieWorstOrder,
}

/// What one mistake gives for an exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistaken {
    /// The mistake.
    pub mistake: Mistake,
    /// The value it gives.
    pub value: f64,
    /// Its worked steps, where they differ from the right ones (else
    /// `None`: the mistake shows in the last step only).
    pub steps: Option<Explanation>,
}

/// The mistakes recognised for `metric` on `r`, each with what it gives.
/// Mistakes that give the right value and the right steps are left out:
/// nothing could tell them apart.
pub fn mistakes(metric: &Metric, r: &JudgedRanking, ctx: &EvalContext) -> Vec<Mistaken> {
    let right = metric.compute(r, ctx);
    let by_metric = |mistake, m: Metric, r: &JudgedRanking| Mistaken {
        mistake,
        value: m.compute(r, ctx),
        steps: Some(explain(&m, r, ctx)),
    };
    let without_unretrieved = || {
        let seen: Vec<i64> = r.ranked.iter().filter_map(|g| g.grade()).collect();
        JudgedRanking::new(r.ranked.clone(), seen, r.relevance_level)
    };
    let mut out = Vec::new();
    match metric {
        Metric::NDCG { k, gains, discount } | Metric::DCG { k, gains, discount } => {
            let normalised = matches!(metric, Metric::NDCG { .. });
            let with = |gains: Gains, discount: Discount| {
                if normalised {
                    Metric::NDCG {
                        k: *k,
                        gains,
                        discount,
                    }
                } else {
                    Metric::DCG {
                        k: *k,
                        gains,
                        discount,
                    }
                }
            };
            if *discount == Discount::LOG2 {
                for base in [10.0, std::f64::consts::E] {
                    out.push(by_metric(
                        Mistake::LogBase { used: base },
                        with(gains.clone(), Discount::Log { base }),
                        r,
                    ));
                }
            }
            if gains.overrides.is_empty() {
                let used = match gains.kind {
                    GainKind::Linear => GainKind::Exponential,
                    GainKind::Exponential => GainKind::Linear,
                };
                let other = Gains {
                    kind: used,
                    overrides: Vec::new(),
                };
                out.push(by_metric(Mistake::Gain { used }, with(other, *discount), r));
            }
            if normalised {
                out.push(by_metric(
                    Mistake::IdealWithoutUnretrieved,
                    metric.clone(),
                    &without_unretrieved(),
                ));
                // The DCG's steps are nDCG's rows: it shows in the answer.
                let dcg = Metric::DCG {
                    k: *k,
                    gains: gains.clone(),
                    discount: *discount,
                };
                out.push(Mistaken {
                    mistake: Mistake::NotNormalised,
                    value: dcg.compute(r, ctx),
                    steps: None,
                });
            }
        }
        Metric::AP {
            k,
            norm: ApNormalization::TotalRelevant,
        } => {
            // AP = (Σ P@i over relevant ranks) / R, so the sum is AP · R.
            let sum = right * r.num_rel() as f64;
            let depth = k.unwrap_or(r.ranked.len()).min(r.ranked.len());
            out.push(Mistaken {
                mistake: Mistake::ApOverRetrieved,
                value: if depth == 0 { 0.0 } else { sum / depth as f64 },
                steps: None,
            });
            // Over the relevant documents found: the measure's own variant.
            let found = Metric::AP {
                k: *k,
                norm: ApNormalization::RelevantRetrieved,
            };
            out.push(Mistaken {
                mistake: Mistake::UnretrievedForgotten,
                value: found.compute(r, ctx),
                steps: None,
            });
        }
        Metric::R { .. } => out.push(Mistaken {
            mistake: Mistake::UnretrievedForgotten,
            value: metric.compute(&without_unretrieved(), ctx),
            steps: None,
        }),
        Metric::ERR { k, gmax } => {
            let gmax = gmax.unwrap_or(ctx.max_grade);
            let stop_at = StopProbability::Exponential { gmax };
            let each = err_steps_with(r, *k, stop_at);
            let value = each.iter().map(|s| s.satisfaction / s.rank as f64).sum();
            // Its steps: every rank reached (1), so P(stop at i) = Rᵢ and
            // the terms Rᵢ / i; a column filled in so is named too.
            let mut steps = explain(metric, r, ctx);
            for (row, s) in steps.rows.iter_mut().zip(&each) {
                if let [_, _, _, reach, stop, term] = &mut row[..] {
                    *reach = f4(1.0);
                    *stop = f4(s.satisfaction);
                    *term = f4(s.satisfaction / s.rank as f64);
                }
            }
            out.push(Mistaken {
                mistake: Mistake::ErrWithoutReach,
                value,
                steps: Some(steps),
            });
        }
        // (With ties the first relevant rank is itself an average: the
        // tie mistakes below name what an order gives.)
        Metric::RR { k } if r.tie_groups.is_empty() => {
            let depth = k.unwrap_or(r.ranked.len()).min(r.ranked.len());
            let mut relevant = (0..depth).filter(|&i| r.is_rel(i)).map(|i| i + 1);
            if let Some(first) = relevant.next() {
                out.push(Mistaken {
                    mistake: Mistake::RankNotReciprocal,
                    value: first as f64,
                    steps: None,
                });
                for rank in relevant {
                    out.push(Mistaken {
                        mistake: Mistake::LaterRelevant { rank, first },
                        value: 1.0 / rank as f64,
                        steps: None,
                    });
                }
            }
        }
        Metric::P { k } if r.ranked.len() < *k && !r.ranked.is_empty() => {
            let rel = (0..r.ranked.len()).filter(|&i| r.is_rel(i)).count();
            out.push(Mistaken {
                mistake: Mistake::PrecisionOverRetrieved,
                value: rel as f64 / r.ranked.len() as f64,
                steps: None,
            });
        }
        _ => {}
    }
    if !r.tie_groups.is_empty() {
        let ordered = |mistake, key: fn(i64) -> i64| {
            let mut o = r.clone();
            o.tie_groups.clear();
            for g in &r.tie_groups {
                o.ranked[g.clone()].sort_by_key(|rel| key(rel.grade().unwrap_or(0)));
            }
            Mistaken {
                mistake,
                value: metric.compute(&o, ctx),
                steps: None,
            }
        };
        out.insert(0, ordered(Mistake::TieListedOrder, |_| 0));
        out.insert(1, ordered(Mistake::TieBestOrder, |g| -g));
        out.insert(2, ordered(Mistake::TieWorstOrder, |g| g));
    }
    let steps_right = explain(metric, r, ctx);
    out.retain(|m| {
        !super::close(m.value, right)
            || m.steps.as_ref().is_some_and(|s| s.rows != steps_right.rows)
    });
    out
}

/// What an exercise with ties asks for.
const AVERAGED: &str = "the value is the average over every order of each tied group.";

impl fmt::Display for Mistake {
    /// What the wrong answer suggests, and what the definition says.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mistake::LogBase { used } => write!(
                f,
                "These are the discounts with log base {}: the discount is 1 / log₂(rank + 1), base 2 (rank 1 gets 1, rank 2 gets 0.6309).",
                if (*used - 10.0).abs() < 1e-9 { "10".to_string() } else { "e (the natural log)".to_string() }
            ),
            Mistake::Gain { used: GainKind::Exponential } => f.write_str(
                "That is the exponential gain 2^grade − 1: this exercise uses the linear gain, gain = grade.",
            ),
            Mistake::Gain { used: GainKind::Linear } => f.write_str(
                "That is the linear gain, gain = grade: this exercise uses the exponential gain 2^grade − 1.",
            ),
            Mistake::ApOverRetrieved => f.write_str(
                "You divided by the number of documents retrieved: AP divides the sum of P@rank at the relevant ranks by the number of relevant documents.",
            ),
            Mistake::UnretrievedForgotten => f.write_str(
                "You left out the relevant documents the system did not retrieve (named under the ranking): they count among the relevant documents.",
            ),
            Mistake::IdealWithoutUnretrieved => f.write_str(
                "You made the ideal ranking from the retrieved documents only: the relevant documents the system did not retrieve (named under the ranking) belong in it too.",
            ),
            Mistake::NotNormalised => f.write_str(
                "That is the DCG: nDCG divides it by the DCG of the ideal ranking (IDCG: every judged grade, highest first, the unretrieved ones included), so it is at most 1.",
            ),
            Mistake::ErrWithoutReach => f.write_str(
                "You summed Rᵢ / i: ERR weighs each rank by the chance of reaching it, ∏ (1 − Rⱼ) over the ranks above, so P(stop at i) = Rᵢ · ∏ (1 − Rⱼ).",
            ),
            Mistake::TieListedOrder => write!(
                f,
                "That is the value of the order the tied documents are listed in: tied documents have no order, so {AVERAGED}"
            ),
            Mistake::TieBestOrder => write!(
                f,
                "That is the value with the tied documents in their best order (relevant first): {AVERAGED}"
            ),
            Mistake::TieWorstOrder => write!(
                f,
                "That is the value with the tied documents in their worst order (relevant last): {AVERAGED}"
            ),
            Mistake::RankNotReciprocal => f.write_str(
                "That is the rank of the first relevant document: RR is its reciprocal, 1 divided by that rank.",
            ),
            Mistake::LaterRelevant { rank, first } => write!(
                f,
                "That is 1 / {rank}, from the relevant document at rank {rank}: RR counts only the first relevant document, here at rank {first}.",
            ),
            Mistake::PrecisionOverRetrieved => f.write_str(
                "You divided by the documents retrieved: P@k always divides by k, even when fewer than k are retrieved.",
            ),
        }
    }
}
