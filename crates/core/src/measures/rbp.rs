//! Rank-biased precision (Moffat & Zobel, ACM TOIS 27(1), 2008).
//!
//! RBP(p) = (1 − p) Σ_{i>=1} gain_i · p^(i−1), with gain in [0, 1]. The
//! residual is the most RBP could still grow if every unjudged document
//! (and every rank past the list) were fully relevant:
//! p^n + (1 − p) Σ_{unjudged i <= n} p^(i−1).

use super::name_parts::{number, only, param, Name, NameProblem, NumberOf};
use super::ndcg::{gain_pairs, gains_params, Gains};
use super::steps::{f4, grade_text, sum_text, Explanation};
use super::trec_parts::{named, rbp_persistence};
use super::EvalContext;
use super::Metric;
use crate::judged::{JudgedRanking, Rel};
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_plain, TrecName};

/// How RBP turns a grade into a gain in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RbpGain {
    /// 1 if the grade is at or above the relevance level, else 0
    /// (ir_measures `RBP(rel=1)`, via cwl_eval).
    Binary,
    /// grade / gmax, gmax the largest grade of the qrels (Ranklab's graded
    /// RBP; the max grade is always shown). Grades above gmax give 1.
    GradeOverMax,
}

/// RBP with the given persistence `p` and gain.
/// Under tie averaging, gains are averaged within tied groups.
pub fn rbp(r: &JudgedRanking, p: f64, gain: RbpGain, gmax: i64) -> f64 {
    let level = r.relevance_level;
    let gains = r.tie_averaged(|rel| match (gain, rel) {
        (RbpGain::Binary, Rel::Judged(g)) => f64::from(u8::from(g >= level)),
        (RbpGain::GradeOverMax, Rel::Judged(g)) if gmax > 0 => (g as f64 / gmax as f64).min(1.0),
        _ => 0.0,
    });
    let mut weight = 1.0;
    let mut sum = 0.0;
    for g in gains {
        sum += g * weight;
        weight *= p;
    }
    (1.0 - p) * sum
}

/// The residual of RBP(p) (see the module doc).
pub fn rbp_residual(r: &JudgedRanking, p: f64) -> f64 {
    let mut weight = 1.0;
    let mut unjudged = 0.0;
    for rel in &r.ranked {
        if !matches!(rel, Rel::Judged(_)) {
            unjudged += weight;
        }
        weight *= p;
    }
    weight + (1.0 - p) * unjudged
}

/// trec_eval's `rbp` (p = 0.9 by default) as its source intends: gains are
/// the grade (or `ndcg`-style overrides), rescaled to [0, 1] by
/// (gain − min) / (max − min) over the gains of the levels 0..=max grade of
/// the query when some gain lies outside [0, 1]. (trec_eval's own build reads
/// uninitialised min/max there; this is the intended formula.)
pub fn trec_rbp(r: &JudgedRanking, p: f64, gains: &Gains) -> f64 {
    let top = r.max_grade().unwrap_or(0).max(0);
    let level_gains: Vec<f64> = (0..=top)
        .map(|g| gains.of_grade(g))
        .chain(gains.overrides.iter().map(|&(_, g)| g))
        .collect();
    let min = level_gains.iter().copied().fold(f64::INFINITY, f64::min);
    let max = level_gains
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let rescale = min < 0.0 || max > 1.0;
    let mut weight = 1.0;
    let mut sum = 0.0;
    for rel in &r.ranked {
        if let Rel::Judged(grade) = *rel {
            let mut g = gains.of_grade(grade);
            if rescale {
                g = (g - min) / (max - min);
            }
            sum += g * weight;
        }
        weight *= p;
    }
    (1.0 - p) * sum
}

/// trec_eval's `rbp_resid` (persistence p, 0.9 by default):
/// p^n + (1 − p) Σ_{unjudged i} p^(i−1), reported only when at least one
/// retrieved document is unjudged (else 0), as trec_eval does.
pub fn trec_rbp_resid(r: &JudgedRanking, p: f64) -> f64 {
    if r.ranked.iter().any(|x| !matches!(x, Rel::Judged(_))) {
        rbp_residual(r, p)
    } else {
        0.0
    }
}

/// The worked steps of RBP on `r` (whose value is `value`).
pub(crate) fn explain(
    p: &f64,
    gain: &RbpGain,
    r: &JudgedRanking,
    ctx: &EvalContext,
    value: f64,
    e: &mut Explanation,
) {
    let gmax = ctx.max_grade.max(1);
    e.formula = format!(
        "RBP = (1 − p) · Σ gainᵢ · p^(i−1), p = {p}; gain {}",
        match gain {
            RbpGain::Binary => "1 if relevant, else 0".to_string(),
            RbpGain::GradeOverMax => format!("grade / {gmax} (the largest grade in the data)"),
        }
    );
    e.headers = vec![
        "Rank".into(),
        "Grade".into(),
        "Gain".into(),
        "p^(i−1)".into(),
        "(1 − p) · gain · p^(i−1)".into(),
    ];
    let gains: Vec<f64> = r.tie_averaged(|rel| match gain {
        RbpGain::Binary => f64::from(u8::from(
            rel.grade().is_some_and(|g| g >= r.relevance_level && g > 0),
        )),
        RbpGain::GradeOverMax => (rel.grade().unwrap_or(0).max(0) as f64 / gmax as f64).min(1.0),
    });
    let mut terms = Vec::new();
    for (i, gi) in gains.iter().enumerate().take(200) {
        let w = p.powi(i as i32);
        terms.push((1.0 - p) * gi * w);
        e.rows.push(vec![
            (i + 1).to_string(),
            grade_text(r.ranked[i]),
            f4(*gi),
            f4(w),
            f4((1.0 - p) * gi * w),
        ]);
    }
    e.lines
        .push(format!("RBP = {} = {}.", sum_text(&terms), f4(value)));
}

/// The worked steps of RBP's residual on `r` (whose value is `value`).
pub(crate) fn explain_residual(p: &f64, r: &JudgedRanking, value: f64, e: &mut Explanation) {
    e.formula = format!("Residual = p^n, n = documents retrieved, p = {p}: the weight RBP gives to ranks after the list (their relevance is unknown)");
    e.lines.push(format!(
        "n = {}: residual = {p}^{} = {}.",
        r.num_ret(),
        r.num_ret(),
        f4(value)
    ));
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "rbp" => {
                only(ps, &["p", "rel"])?;
                n.no_cut()?;
                let pv: f64 = number(param(ps, "p").unwrap_or("0.8"), NumberOf::Param("p"))?;
                if !(0.0..1.0).contains(&pv) {
                    return Err(NameProblem::Persistence);
                }
                let gain = match param(ps, "rel") {
                    None => RbpGain::GradeOverMax,
                    Some("1") => RbpGain::Binary,
                    Some(v) => {
                        return Err(NameProblem::RbpRel {
                            found: v.to_string(),
                        })
                    }
                };
                RBP { p: pv, gain }
            }
            "rbp_resid" => {
                only(ps, &["p"])?;
                n.no_cut()?;
                RBPResidual {
                    p: number(param(ps, "p").unwrap_or("0.8"), NumberOf::Param("p"))?,
                }
            }
            "trec_rbp" => {
                let pv = number(param(ps, "p").unwrap_or("0.9"), NumberOf::Param("p"))?;
                let rest: Vec<(&str, &str)> =
                    ps.iter().copied().filter(|(k, _)| *k != "p").collect();
                TrecRbp {
                    p: pv,
                    gains: super::ndcg::read_gains(&rest)?,
                }
            }
            "trec_rbp_resid" => TrecRbpResid {
                p: number(param(ps, "p").unwrap_or("0.9"), NumberOf::Param("p"))?,
            },
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
            "rbp" => {
                let (p, rest) = rbp_persistence(family, raw)?;
                let gains = if rest.is_empty() {
                    Gains::linear()
                } else {
                    gain_pairs(family, Some(&rest.join(",")))?
                };
                push(named(family, raw), Metric::TrecRbp { p, gains });
            }
            // Its parameters are name=value pairs too; only `p` is used
            // (m_rbp_resid.c), the name keeps them all (`rbp_resid_p=0.8`).
            "rbp_resid" => {
                let (p, _) = rbp_persistence(family, raw)?;
                push(named(family, raw), Metric::TrecRbpResid { p });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::TrecRbp { p, gains } if *p == 0.9 && *gains == Gains::linear() => {
                trec_plain("rbp")
            }
            Metric::TrecRbpResid { p } if *p == 0.9 => trec_plain("rbp_resid"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            TrecRbp { p, gains } => {
                let g = gains_params(gains);
                let sep = if g.is_empty() { "" } else { "," };
                write!(f, "trec_rbp(p={p}{sep}{g})")
            }
            TrecRbpResid { p } if *p == 0.9 => write!(f, "trec_rbp_resid"),
            TrecRbpResid { p } => write!(f, "trec_rbp_resid(p={p})"),
            RBP { p, gain } => match gain {
                RbpGain::GradeOverMax => write!(f, "RBP(p={p})"),
                RbpGain::Binary => write!(f, "RBP(p={p},rel=1)"),
            },
            RBPResidual { p } => write!(f, "RBP_resid(p={p})"),
            _ => return None,
        })
    }
}

impl WorkedSteps for Family {
    fn explain(
        &self,
        m: &Metric,
        r: &JudgedRanking,
        ctx: &EvalContext,
        value: f64,
        e: &mut Explanation,
    ) -> bool {
        match m {
            Metric::RBP { p, gain } => explain(p, gain, r, ctx, value, e),
            Metric::RBPResidual { p } => explain_residual(p, r, value, e),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::{binary, graded};

    #[test]
    fn rbp_by_hand() {
        let r = binary(&[1, 0, 1], 2);
        let want = 0.2 * (1.0 + 0.8 * 0.8);
        assert!((rbp(&r, 0.8, RbpGain::Binary, 1) - want).abs() < 1e-15);
        assert!((rbp_residual(&r, 0.8) - 0.8f64.powi(3)).abs() < 1e-15);
        let g = graded(&[2, 1], &[]);
        let want = 0.5 * (1.0 + 0.5 * 0.5);
        assert!((rbp(&g, 0.5, RbpGain::GradeOverMax, 2) - want).abs() < 1e-15);
        assert!((trec_rbp(&g, 0.5, &Gains::linear()) - want).abs() < 1e-15);
    }
}
