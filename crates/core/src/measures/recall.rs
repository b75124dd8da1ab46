//! Recall family: R@k, set recall, success (Hit@k).
//!
//! Follows trec_eval 10 (`m_recall.c`, `m_set_recall.c`, `m_success.c`).

use super::name_parts::{only, Name, NameProblem};
use super::precision::ratio;
use super::steps::{depth, f4, relevance_note, Explanation};
use super::trec_parts::{longs, CUTOFFS};
use super::Metric;
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_cut, trec_plain, TrecName};
use super::EvalContext;

/// R@k = |relevant in the top k| / R; 0 when R = 0 (trec_eval, ranx).
/// Under tie averaging the count is its expected value.
#[cfg_attr(speed_marks, optimize(speed))]
pub fn recall_at(r: &JudgedRanking, k: usize) -> f64 {
    match r.num_rel() {
        0 => 0.0,
        n => r.expected_rel_in_top(k) / n as f64,
    }
}

/// Set recall: relevant retrieved / R; 0 when R = 0.
pub fn set_recall(r: &JudgedRanking) -> f64 {
    ratio(r.num_rel_ret(), r.num_rel())
}

/// Success@k (trec_eval `success_k`, also called Hit@k or HitRate@k):
/// 1 if at least one relevant document is in the top k, else 0.
pub fn success_at(r: &JudgedRanking, k: usize) -> f64 {
    if r.rel_in_top(k) > 0 {
        1.0
    } else {
        0.0
    }
}

/// The worked steps of R@k on `r` (whose value is `value`).
pub(crate) fn explain(k: &usize, r: &JudgedRanking, value: f64, e: &mut Explanation) {
    let found = (0..depth(r, Some(*k))).filter(|&i| r.is_rel(i)).count();
    e.formula = format!(
        "R@{k} = relevant documents in the top {k} / R, R = relevant documents in the judgments"
    );
    e.lines.push(if r.num_rel() == 0 {
        "No relevant document is judged: R@k = 0.".into()
    } else {
        format!(
            "{found} of R = {} in the top {k}: R@{k} = {}.",
            r.num_rel(),
            f4(value)
        )
    });
    e.notes.push(relevance_note(r));
}

/// The worked steps of Success@k on `r` (whose value is `value`).
pub(crate) fn explain_success(k: &usize, r: &JudgedRanking, value: f64, e: &mut Explanation) {
    e.formula =
        format!("Success@{k} (Hit@{k}) = 1 if a relevant document is in the top {k}, else 0");
    e.lines.push(format!("Success@{k} = {}.", f4(value)));
    e.notes.push(relevance_note(r));
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "r" | "recall" => {
                only(ps, &[])?;
                R { k: n.need_k()? }
            }
            "hit" | "success" => {
                only(ps, &[])?;
                Success { k: n.need_k()? }
            }
            "setr" => SetRecall,
            _ => return Ok(None),
        }))
    }

    fn expand_trec(
        &self,
        family: &str,
        raw: Option<&str>,
        push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        match family {
            "recall" => {
                for k in longs(family, raw, CUTOFFS)? {
                    push(format!("recall_{k}"), Metric::R { k });
                }
            }
            "success" => {
                for k in longs(family, raw, &[1, 5, 10])? {
                    push(format!("success_{k}"), Metric::Success { k });
                }
            }
            "set_recall" => push(family.into(), Metric::SetRecall),
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::R { k } => trec_cut("recall", *k),
            Metric::Success { k } => trec_cut("success", *k),
            Metric::SetRecall => trec_plain("set_recall"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            R { k } => write!(f, "R@{k}"),
            SetRecall => write!(f, "SetR"),
            Success { k } => write!(f, "Success@{k}"),
            _ => return None,
        })
    }
}

impl WorkedSteps for Family {
    fn explain(
        &self,
        m: &Metric,
        r: &JudgedRanking,
        _ctx: &EvalContext,
        value: f64,
        e: &mut Explanation,
    ) -> bool {
        match m {
            Metric::R { k } => explain(k, r, value, e),
            Metric::Success { k } => explain_success(k, r, value, e),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::binary;

    #[test]
    fn seed_001_recall_at_5_is_three_quarters() {
        let r = binary(&[1, 0, 1, 1, 0], 4);
        assert_eq!(recall_at(&r, 5), 0.75);
        assert_eq!(set_recall(&r), 0.75);
    }

    #[test]
    fn success_and_zero_relevant() {
        let r = binary(&[0, 0, 1], 1);
        assert_eq!(success_at(&r, 2), 0.0);
        assert_eq!(success_at(&r, 3), 1.0);
        assert_eq!(recall_at(&binary(&[0, 0], 0), 2), 0.0);
    }
}
