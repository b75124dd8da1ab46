//! Precision family: P@k, R-precision, set precision, relative precision.
//!
//! Definitions follow trec_eval 10 (`m_P.c`, `m_Rprec.c`, `m_Rprec_mult.c`,
//! `m_set_P.c`, `m_rel_P.c`, `m_set_rel_P.c`); "relevant" means judged with a
//! grade at or above the relevance level.

use super::name_parts::{number, only, param, Name, NameProblem, NumberOf};
use super::steps::{depth, f4, relevance_note, Explanation};
use super::trec_parts::{doubles, longs, CUTOFFS, RPREC_MULTIPLES};
use super::Metric;
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_cut, trec_level, trec_plain, TrecName};
use super::EvalContext;

/// P@k = |relevant in the top k| / k.
///
/// Fewer than k retrieved documents: the missing ranks count as
/// non-relevant (the division is still by k), as in trec_eval, ir_measures
/// and ranx. `k = 0` gives 0. Under tie averaging the count is its expected
/// value over the orders of tied documents.
#[cfg_attr(speed_marks, optimize(speed))]
pub fn precision_at(r: &JudgedRanking, k: usize) -> f64 {
    if k == 0 {
        return 0.0;
    }
    r.expected_rel_in_top(k) / k as f64
}

/// R-precision: P@R with R the number of relevant documents; 0 when R = 0.
pub fn r_precision(r: &JudgedRanking) -> f64 {
    precision_at(r, r.num_rel())
}

/// Precision at a multiple m of R (trec_eval `Rprec_mult_m`): P@c with
/// c = floor(m * R + 0.9), trec_eval's rounding; 0 when c = 0.
pub fn r_precision_mult(r: &JudgedRanking, multiple: f64) -> f64 {
    let c = (multiple * r.num_rel() as f64 + 0.9) as usize;
    precision_at(r, c)
}

/// Set precision: relevant retrieved / retrieved (0 if nothing retrieved).
pub fn set_precision(r: &JudgedRanking) -> f64 {
    ratio(r.num_rel_ret(), r.num_ret())
}

/// Relative precision at k (trec_eval `relative_P_k`): relevant in the top k
/// divided by min(k, R), the best possible count; 0 when R = 0.
pub fn relative_precision_at(r: &JudgedRanking, k: usize) -> f64 {
    ratio(r.rel_in_top(k), k.min(r.num_rel()))
}

/// Set relative precision: relevant retrieved / min(retrieved, R).
pub fn set_relative_precision(r: &JudgedRanking) -> f64 {
    ratio(r.num_rel_ret(), r.num_ret().min(r.num_rel()))
}

/// `a / b` with 0 for an empty denominator.
pub(crate) fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// The worked steps of P@k on `r` (whose value is `value`).
pub(crate) fn explain(k: &usize, r: &JudgedRanking, value: f64, e: &mut Explanation) {
    let found = (0..depth(r, Some(*k))).filter(|&i| r.is_rel(i)).count();
    e.formula = format!("P@{k} = relevant documents in the top {k} / {k} (divided by {k} even when fewer are retrieved)");
    e.lines.push(format!(
        "{found} relevant in the top {k}: P@{k} = {found}/{k} = {}.",
        f4(value)
    ));
    e.notes.push(relevance_note(r));
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "p" | "precision" => {
                only(ps, &[])?;
                P { k: n.need_k()? }
            }
            "rprec" => match param(ps, "mult") {
                Some(m) => RprecMult {
                    multiple: number(m, NumberOf::Param("mult"))?,
                },
                None => Rprec,
            },
            "setp" => SetP,
            "setrelp" => SetRelativeP,
            "relp" => RelativeP { k: n.need_k()? },
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
            "Rprec" => push(family.into(), Metric::Rprec),
            "P" => {
                for k in longs(family, raw, CUTOFFS)? {
                    push(format!("P_{k}"), Metric::P { k });
                }
            }
            "Rprec_mult" => {
                for m in doubles(family, raw, &RPREC_MULTIPLES, true)? {
                    push(
                        format!("Rprec_mult_{m:3.2}"),
                        Metric::RprecMult { multiple: m },
                    );
                }
            }
            "relative_P" => {
                for k in longs(family, raw, CUTOFFS)? {
                    push(format!("relative_P_{k}"), Metric::RelativeP { k });
                }
            }
            "set_P" => push(family.into(), Metric::SetP),
            "set_relative_P" => push(family.into(), Metric::SetRelativeP),
            "P_avgjg" => {
                for k in longs(family, raw, CUTOFFS)? {
                    push(format!("P_avgjg_{k}"), Metric::P { k });
                }
            }
            "Rprec_mult_avgjg" => {
                for m in doubles(family, raw, &RPREC_MULTIPLES, true)? {
                    push(
                        format!("Rprec_mult_avgjg_{m:3.2}"),
                        Metric::RprecMult { multiple: m },
                    );
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::Rprec => trec_plain("Rprec"),
            Metric::P { k } => trec_cut("P", *k),
            Metric::RprecMult { multiple } => trec_level("Rprec_mult", *multiple),
            Metric::RelativeP { k } => trec_cut("relative_P", *k),
            Metric::SetP => trec_plain("set_P"),
            Metric::SetRelativeP => trec_plain("set_relative_P"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            P { k } => write!(f, "P@{k}"),
            Rprec => write!(f, "Rprec"),
            RprecMult { multiple } => write!(f, "Rprec(mult={multiple})"),
            SetP => write!(f, "SetP"),
            RelativeP { k } => write!(f, "RelP@{k}"),
            SetRelativeP => write!(f, "SetRelP"),
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
            Metric::P { k } => explain(k, r, value, e),
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
    fn seed_001_precision_at_5_is_three_fifths() {
        // Article 001: 3 relevant in the top 5, 4 relevant overall.
        let r = binary(&[1, 0, 1, 1, 0], 4);
        assert_eq!(precision_at(&r, 5), 0.6);
    }

    #[test]
    fn seed_001_p_at_10_does_not_see_where_the_relevant_are() {
        let top = binary(&[1, 1, 0, 0, 0, 0, 0, 0, 0, 0], 2);
        let bottom = binary(&[0, 0, 0, 0, 0, 0, 0, 0, 1, 1], 2);
        assert_eq!(precision_at(&top, 10), 0.2);
        assert_eq!(precision_at(&bottom, 10), 0.2);
    }

    #[test]
    fn short_lists_divide_by_k_and_edges_are_zero() {
        let r = binary(&[1, 1], 3);
        assert_eq!(precision_at(&r, 10), 0.2);
        assert_eq!(precision_at(&r, 0), 0.0);
        assert_eq!(r_precision(&r), 2.0 / 3.0);
        assert_eq!(r_precision(&binary(&[0, 0], 0)), 0.0);
        assert_eq!(set_precision(&binary(&[], 2)), 0.0);
        assert_eq!(relative_precision_at(&r, 10), 2.0 / 3.0);
        assert_eq!(relative_precision_at(&r, 1), 1.0);
        assert_eq!(set_relative_precision(&r), 1.0);
        // R = 3: multiples 0.2 -> c = floor(0.6 + 0.9) = 1; 2.0 -> c = 6.
        assert_eq!(r_precision_mult(&r, 0.2), 1.0);
        assert_eq!(r_precision_mult(&r, 2.0), 2.0 / 6.0);
    }
}
