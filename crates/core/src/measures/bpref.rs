//! Judgment-based measures: bpref (Buckley & Voorhees, SIGIR 2004) and
//! infAP (Yilmaz & Aslam, CIKM 2006), as computed by trec_eval 10
//! (`m_bpref.c`, `m_infap.c`).
//!
//! Documents absent from the qrels are skipped; documents in the pool with a
//! negative grade are skipped by bpref and counted as "pooled but unjudged"
//! by infAP.

use super::name_parts::{Name, NameProblem};
use super::Metric;
use crate::judged::{JudgedRanking, Rel};
use std::fmt;

use super::family::MeasureFamily;
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_plain, TrecName};

/// bpref = (1/R) Σ_{relevant retrieved d} (1 − min(n_d, R) / min(N, R)),
/// where n_d is the number of judged non-relevant documents ranked above d
/// and N the number of judged non-relevant documents of the query. A term is
/// 1 when n_d = 0; the measure is 0 when R = 0.
pub fn bpref(r: &JudgedRanking) -> f64 {
    let num_rel = r.num_rel();
    if num_rel == 0 {
        return 0.0;
    }
    let denominator = r.num_nonrel().min(num_rel) as f64;
    let mut nonrel_so_far = 0usize;
    let mut sum = 0.0;
    for rel in &r.ranked {
        if let Rel::Judged(g) = *rel {
            if g >= r.relevance_level {
                sum += if nonrel_so_far > 0 {
                    1.0 - nonrel_so_far.min(num_rel) as f64 / denominator
                } else {
                    1.0
                };
            } else {
                nonrel_so_far += 1;
            }
        }
    }
    sum / num_rel as f64
}

/// Small constant of infAP's estimate (trec_eval's INFAP_EPSILON).
pub const INFAP_EPSILON: f64 = 0.00001;

/// infAP: for a relevant document at 0-based position j > 0, with r
/// relevant, n judged non-relevant and u pooled-unjudged documents above it,
/// its precision estimate is
/// 1/(j+1) + (j/(j+1)) · ((r + n + u)/j) · ((r + ε)/(r + n + 2ε));
/// at j = 0 it is 1. infAP is the sum over relevant retrieved documents
/// divided by R (0 when R = 0). Unpooled documents count only through j.
pub fn inf_ap(r: &JudgedRanking) -> f64 {
    let num_rel = r.num_rel();
    if num_rel == 0 {
        return 0.0;
    }
    let (mut rel, mut nonrel, mut unjudged) = (0usize, 0usize, 0usize);
    let mut sum = 0.0;
    for (j, item) in r.ranked.iter().enumerate() {
        match *item {
            Rel::NotInPool => {}
            Rel::Unjudged => unjudged += 1,
            Rel::Judged(g) if g < r.relevance_level => nonrel += 1,
            Rel::Judged(_) => {
                if j == 0 {
                    sum += 1.0;
                } else {
                    let fj = j as f64;
                    let above = (rel + nonrel + unjudged) as f64;
                    sum += 1.0 / (fj + 1.0)
                        + (fj / (fj + 1.0))
                            * (above / fj)
                            * ((rel as f64 + INFAP_EPSILON)
                                / ((rel + nonrel) as f64 + 2.0 * INFAP_EPSILON));
                }
                rel += 1;
            }
        }
    }
    sum / num_rel as f64
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        Ok(Some(match n.base.as_str() {
            "bpref" => Bpref,
            "gmbpref" => GmBpref,
            "infap" => InfAP,
            _ => return Ok(None),
        }))
    }

    fn expand_trec(
        &self,
        family: &str,
        _raw: Option<&str>,
        push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        match family {
            "bpref" => push(family.into(), Metric::Bpref),
            "infAP" => push(family.into(), Metric::InfAP),
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::Bpref => trec_plain("bpref"),
            Metric::InfAP => trec_plain("infAP"),
            Metric::GmBpref => trec_plain("gm_bpref"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            InfAP => write!(f, "infAP"),
            Bpref => write!(f, "Bpref"),
            GmBpref => write!(f, "gmBpref"),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judged::Rel::*;

    #[test]
    fn bpref_by_hand() {
        // R N ? R N with R = 3, N = 2 judged non-relevant.
        let r = JudgedRanking::new(
            vec![Judged(1), Judged(0), NotInPool, Judged(1), Judged(0)],
            [1, 0, 1, 0, 1],
            1,
        );
        // terms: 1, 1 - 1/2; divided by 3.
        assert!((bpref(&r) - 1.5 / 3.0).abs() < 1e-15);
    }

    #[test]
    fn inf_ap_equals_ap_with_complete_judgments() {
        let r = JudgedRanking::new(vec![Judged(1), Judged(0), Judged(1)], [1, 0, 1, 1], 1);
        let ap = (1.0 + 2.0 / 3.0) / 3.0;
        assert!((inf_ap(&r) - ap).abs() < 1e-5);
    }
}
