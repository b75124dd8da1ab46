//! Rank-biased precision (Moffat & Zobel, ACM TOIS 27(1), 2008).
//!
//! RBP(p) = (1 − p) Σ_{i>=1} gain_i · p^(i−1), with gain in [0, 1]. The
//! residual is the most RBP could still grow if every unjudged document
//! (and every rank past the list) were fully relevant:
//! p^n + (1 − p) Σ_{unjudged i <= n} p^(i−1).

use super::ndcg::Gains;
use crate::judged::{JudgedRanking, Rel};

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
